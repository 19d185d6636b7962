"""An independent reference for the Dice family of SPEC section 14 (siim, severstal, hubmap, contrails, vesuvius).

Written from SPEC.md's text only (sections 0, 5 and 14), sharing no code with evalkit (never imported). Slow but
obviously right: every RLE string is decoded by this file's own decoder (one per form: standard 1-based, SIIM
relative) to its pixel numbers and then to a dense (H, W) numpy mask in the preset's pixel order (column-major, or
row-major for vesuvius); the rows of a unit are OR-ed; I, |X|, |Y| are counted on the dense masks; every value is an
exact Fraction and the score is float(Fraction). An image too large for a dense mask (over DENSE_MAX pixels, e.g. a
30,000 x 40,000 HuBMAP slide) is counted on the sorted pixel numbers instead (np.intersect1d); the self-check shows
both ways agree.

It is a reference for valid files: it asserts each layout's columns and refuses nothing else. An empty marker
(`-1` for siim, `-` for contrails, and an empty field, surrounding spaces ignored) or a missing value means no mask;
a unit of the solution without a row in the submission is an empty prediction (SPEC 5, 14).
Inputs are DataFrames of strings, as `pd.read_csv(path, dtype=str, keep_default_na=False)` gives them.

    import ref_dice as R
    R.score('siim', sol, sub)                 # float
    R.unit_counts('siim', sol, sub)           # DataFrame: unit, inter, pred_px, gt_px (solution order)
    R.score('siim', sol, sub, size=(32, 48))  # (height, width) for a layout without size columns; the default is the
                                              # competition's size (counts do not depend on it while runs fit)

`python tests_nbs/ref_dice.py` runs hand-computed checks and, when tools/make_dice_data.py is there, round trips of
its random files (the masks it drew, written, read back and decoded here, are the same masks).
"""
from fractions import Fraction

import numpy as np
import pandas as pd

__all__ = ['LAYOUT', 'DENSE_MAX', 'runs', 'pixels', 'dense', 'units', 'unit_mask', 'unit_counts', 'value',
           'exact_score', 'score', 'selfcheck', 'roundtrip']

# form: 'standard' (1-based absolute starts) or 'relative' (SIIM); order: 'column' or 'row'; size: (height, width)
# when the layout has no size columns; agg: 'mean' over units or 'pooled'; beta: F-beta's beta (1 is Dice).
LAYOUT = {
    'siim': dict(sol=['ImageId', 'EncodedPixels'], sub=['ImageId', 'EncodedPixels'], form='relative',
                 order='column', empty={'', '-1'}, size=(1024, 1024), agg='mean', beta=Fraction(1)),
    'severstal': dict(sol=['ImageId_ClassId', 'EncodedPixels'], sub=['ImageId_ClassId', 'EncodedPixels'],
                      form='standard', order='column', empty={''}, size=(256, 1600), agg='mean', beta=Fraction(1)),
    'hubmap': dict(sol=['id', 'encoding', 'width', 'height'], sub=['id', 'predicted'], form='standard',
                   order='column', empty={''}, size=None, agg='mean', beta=Fraction(1)),
    'contrails': dict(sol=['record_id', 'encoded_pixels'], sub=['record_id', 'encoded_pixels'], form='standard',
                      order='column', empty={'', '-'}, size=(256, 256), agg='pooled', beta=Fraction(1)),
    'vesuvius': dict(sol=['Id', 'Predicted', 'width', 'height'], sub=['Id', 'Predicted'], form='standard',
                     order='row', empty={''}, size=None, agg='pooled', beta=Fraction(1, 2)),
}
DENSE_MAX = 2 ** 26  # pixels of the largest image counted on dense masks

# ------------------------------------------------------------------------------------------------- decoding

def _clean(v) -> str:
    "A cell as text without surrounding spaces; a missing value (NaN, None) is ''."
    return '' if v is None or (isinstance(v, float) and v != v) else str(v).strip()


def runs(text: str, form: str) -> list:
    """0-based absolute (start, length) pairs of one RLE string. 'standard': each pair is a 1-based start and a
    length. 'relative' (SIIM): a cursor starts at pixel 0; each pair moves it by start, marks length pixels from
    there, and moves it past them."""
    v = [int(t) for t in text.split()]
    pairs = list(zip(v[0::2], v[1::2]))
    if form == 'standard': return [(s - 1, n) for s, n in pairs]
    out, cursor = [], 0
    for s, n in pairs:
        cursor += s
        out.append((cursor, n))
        cursor += n
    return out


def pixels(texts: list, form: str, empty: set) -> np.ndarray:
    "The sorted distinct 0-based pixel numbers of the union of a unit's RLE strings (empty markers add none)."
    parts = [np.arange(s, s + n, dtype=np.int64) for t in texts if _clean(t) not in empty
             for s, n in runs(_clean(t), form)]
    return np.unique(np.concatenate(parts)) if parts else np.zeros(0, np.int64)


def dense(px: np.ndarray, h: int, w: int, order: str) -> np.ndarray:
    """The (h, w) boolean mask of pixel numbers `px`. Column-major: pixel p is (row p mod h, column p div h);
    row-major (left to right, then top to bottom): pixel p is (row p div w, column p mod w)."""
    m = np.zeros((h, w), bool)
    if order == 'column': m[px % h, px // h] = True
    else: m[px // w, px % w] = True
    return m

# ------------------------------------------------------------------------------------------------------ units

def _columns(df: pd.DataFrame, want: list, name: str):
    "The layout's columns, exactly and in order."
    assert list(df.columns) == want, f'{name}: columns {list(df.columns)}, the layout has {want}'


def _grouped(df: pd.DataFrame, id_col: str, text_col: str) -> dict:
    "id -> its RLE strings, ids in file order (several rows of one id are kept, to be unioned)."
    out = {}
    for uid, t in zip(df[id_col], df[text_col]): out.setdefault(_clean(uid), []).append(t)
    return out


def _size(preset: str, sol: pd.DataFrame, size) -> dict:
    "id -> (height, width): the solution's width and height columns, else `size` or the preset's size."
    L = LAYOUT[preset]
    if 'width' not in L['sol']: return {_clean(u): tuple(size or L['size']) for u in sol[L['sol'][0]]}
    return {_clean(u): (int(_clean(h)), int(_clean(w))) for u, w, h in zip(sol[L['sol'][0]], sol['width'],
                                                                           sol['height'])}


def units(preset: str, sol: pd.DataFrame, sub: pd.DataFrame, size=None) -> list:
    "`(unit id, height, width, truth strings, prediction strings)` for every unit of the solution, in file order."
    L = LAYOUT[preset]
    _columns(sol, L['sol'], 'solution')
    _columns(sub, L['sub'], 'submission')
    gt, pred, hw = _grouped(sol, *L['sol'][:2]), _grouped(sub, *L['sub'][:2]), _size(preset, sol, size)
    return [(u, *hw[u], texts, pred.get(u, [])) for u, texts in gt.items()]


def unit_mask(preset: str, texts: list, h: int, w: int):
    "One side of a unit: the dense (h, w) union of its rows, or its sorted pixel numbers past DENSE_MAX pixels."
    L = LAYOUT[preset]
    px = pixels(texts, L['form'], L['empty'])
    return dense(px, h, w, L['order']) if h * w <= DENSE_MAX else px


def _count(x, y) -> tuple:
    "(I, |X|, |Y|) of two dense masks, or of two sorted pixel-number arrays."
    if x.dtype == bool: return int((x & y).sum()), int(x.sum()), int(y.sum())
    return len(np.intersect1d(x, y, assume_unique=True)), len(x), len(y)


def unit_counts(preset: str, solution_df: pd.DataFrame, submission_df: pd.DataFrame, size=None) -> pd.DataFrame:
    "Per unit of the solution (file order): unit id, inter = I, pred_px = |X|, gt_px = |Y|."
    rows = []
    for u, h, w, gt, pred in units(preset, solution_df, submission_df, size):
        rows.append((u, *_count(unit_mask(preset, pred, h, w), unit_mask(preset, gt, h, w))))
    return pd.DataFrame(rows, columns=['unit', 'inter', 'pred_px', 'gt_px'])

# ----------------------------------------------------------------------------------------------------- values

def value(i: int, x: int, y: int, beta: Fraction = Fraction(1)) -> Fraction:
    """SPEC 14, exact: both empty -> 1; Dice = 2I / (|X| + |Y|) for beta 1; else F-beta over pixels =
    (1 + b^2) I / ((1 + b^2) I + b^2 (|Y| - I) + (|X| - I))."""
    if x == 0 and y == 0: return Fraction(1)
    if beta == 1: return Fraction(2 * i, x + y)
    b2 = Fraction(beta) ** 2
    return (1 + b2) * i / ((1 + b2) * i + b2 * (y - i) + (x - i))


def exact_score(preset: str, solution_df: pd.DataFrame, submission_df: pd.DataFrame, size=None) -> Fraction:
    "The exact score: the mean of the units' values, or the value of the summed counts (pooled)."
    L, c = LAYOUT[preset], unit_counts(preset, solution_df, submission_df, size)
    i, x, y = (c[k].tolist() for k in ('inter', 'pred_px', 'gt_px'))
    if L['agg'] == 'pooled': return value(sum(i), sum(x), sum(y), L['beta'])
    assert len(i), 'no unit in the solution'
    return sum((value(*t, L['beta']) for t in zip(i, x, y)), Fraction(0)) / len(i)


def score(preset: str, solution_df: pd.DataFrame, submission_df: pd.DataFrame, size=None) -> float:
    "The score as a float: float() of the exact Fraction."
    return float(exact_score(preset, solution_df, submission_df, size))

# ------------------------------------------------------------------------------------------------- self-check

def _df(cols: list, rows: list) -> pd.DataFrame:
    "A DataFrame of strings."
    return pd.DataFrame(rows, columns=cols, dtype=object)


def _check_decoding():
    """A 2 x 3 image (h 2, w 3). Column-major numbers pixels 0 2 4 / 1 3 5; row-major 0 1 2 / 3 4 5."""
    col = lambda t, form='standard': dense(pixels([t], form, {''}), 2, 3, 'column').astype(int).tolist()
    row = lambda t: dense(pixels([t], 'standard', {''}), 2, 3, 'row').astype(int).tolist()
    assert col('2 3') == [[0, 1, 0], [1, 1, 0]]          # pixels 1 2 3
    assert row('2 3') == [[0, 1, 1], [1, 0, 0]]          # pixels 1 2 3
    assert col('1 2 1 1', 'relative') == [[0, 1, 1], [1, 0, 0]]  # cursor 1: pixels 1 2; cursor 3 + 1: pixel 4
    assert col('2 2 5 1') == col('1 2 1 1', 'relative')  # the same runs in the standard form
    assert runs('0 3 2 2', 'relative') == [(0, 3), (5, 2)] and runs('1 3 6 2', 'standard') == [(0, 3), (5, 2)]
    assert pixels(['0 3', '2 2', ' -1'], 'relative', {'', '-1'}).tolist() == [0, 1, 2, 3]  # rows overlap on 2


def _check_scores():
    "Hand-computed scores of tiny files, each computation written next to its value."
    F = Fraction
    # siim, 2 x 3: A truth rows '0 3' (0 1 2) and '2 2' (2 3) -> Y = 4 px; prediction '1 2' (1 2): I 2, Dice 4/6.
    # B ' -1' both sides: 1. C truth '5 1' (pixel 5), no submission row: 0. Mean (2/3 + 1 + 0) / 3 = 5/9.
    sol = _df(['ImageId', 'EncodedPixels'], [['A', ' 0 3'], ['A', ' 2 2'], ['B', ' -1'], ['C', ' 5 1']])
    sub = _df(['ImageId', 'EncodedPixels'], [['B', '-1'], ['A', '1 2']])
    assert exact_score('siim', sol, sub, size=(2, 3)) == F(5, 9)
    assert unit_counts('siim', sol, sub, size=(2, 3)).values.tolist() == [['A', 2, 2, 4], ['B', 0, 0, 0],
                                                                          ['C', 0, 0, 1]]
    # severstal: x.jpg_1 truth '1 3' (0 1 2), prediction '3 2' (2 3): I 1, Dice 2/5. x.jpg_2 empty, left out: 1.
    sol = _df(['ImageId_ClassId', 'EncodedPixels'], [['x.jpg_1', '1 3'], ['x.jpg_2', '']])
    assert exact_score('severstal', sol, _df(sol.columns, [['x.jpg_1', '3 2']])) == F(7, 10)
    # hubmap, h 2 w 3: h1 truth all 6, prediction '1 3 5 2' (0 1 2 4 5): Dice 10/11; h2 '2 1' vs '3 1': 0. Mean 5/11.
    sol = _df(['id', 'encoding', 'width', 'height'], [['h1', '1 6', '3', '2'], ['h2', '2 1', '3', '2']])
    assert score('hubmap', sol, _df(['id', 'predicted'], [['h1', '1 3 5 2'], ['h2', '3 1']])) == 5 / 11
    # contrails, pooled: r1 truth '1 3', prediction '2 3': I 2, X 3, Y 3; r2 truth '-', prediction '4 1': X 1.
    # Global Dice 2 * 2 / (4 + 3) = 4/7 (the mean of the units would be (2/3 + 0) / 2).
    sol = _df(['record_id', 'encoded_pixels'], [['1', '1 3'], ['2', '-']])
    assert exact_score('contrails', sol, _df(sol.columns, [['1', '2 3'], ['2', '4 1']])) == F(4, 7)
    # vesuvius, pooled F0.5: a I 2, X 3, Y 3; b truth '1 1', prediction '': Y 1. Sums I 2, X 3, Y 4:
    # 1.25 * 2 / (1.25 * 2 + 0.25 * (4 - 2) + (3 - 2)) = 2.5 / 4 = 5/8.
    sol = _df(['Id', 'Predicted', 'width', 'height'], [['a', '1 3', '3', '2'], ['b', '1 1', '3', '2']])
    assert exact_score('vesuvius', sol, _df(['Id', 'Predicted'], [['a', '2 3'], ['b', '']])) == F(5, 8)
    assert exact_score('vesuvius', sol.assign(Predicted=''), _df(['Id', 'Predicted'], [])) == 1  # all empty: 1
    assert value(2, 3, 3, Fraction(1, 2)) == value(2, 3, 3) == F(2, 3)  # X = Y: every F-beta equals Dice


def _check_sparse():
    "The pixel-number count (an image past DENSE_MAX pixels) equals the dense count; 20 x 30 image, 0-based pixels."
    global DENSE_MAX
    sol = _df(['id', 'encoding', 'width', 'height'], [['h', '3 40 100 7 400 90', '30', '20']])
    sub = _df(['id', 'predicted'], [['h', '20 100 380 50']])
    a = unit_counts('hubmap', sol, sub).values.tolist()
    DENSE_MAX, keep = 10, DENSE_MAX
    try: b = unit_counts('hubmap', sol, sub).values.tolist()
    finally: DENSE_MAX = keep
    # truth 2-41, 99-105, 399-488 (Y 137); prediction 19-118, 379-428 (X 150); I = 23 (19-41) + 7 + 30 (399-428)
    assert a == b == [['h', 60, 150, 137]], (a, b)


def selfcheck():
    "Every hand-computed check; raises AssertionError on a mismatch."
    _check_decoding()
    _check_scores()
    _check_sparse()

# ------------------------------------------------------------------------------------------------- round trips

def _via_csv(df: pd.DataFrame) -> pd.DataFrame:
    "The DataFrame written as CSV text and read back as strings (as a scorer reads the file)."
    import io
    text = df.to_csv(index=False, lineterminator='\n')
    return pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)


def roundtrip(make, preset: str, seed: int, **kw) -> tuple:
    """Files from the generator `make` (tools/make_dice_data.py), through CSV text, decoded here: each unit's masks
    equal the masks it drew, and the counts equal those of its masks. Returns (units, score)."""
    sol, sub, drawn = make(preset, seed=seed, return_masks=True, **kw)
    sol, sub = _via_csv(sol), _via_csv(sub)
    size = next(iter(drawn.values()))[0].shape if LAYOUT[preset]['size'] else None  # no size columns: as drawn
    got = units(preset, sol, sub, size)
    assert [u for u, *_ in got] == list(drawn), 'units differ'
    for u, h, w, gt, pred in got:
        for texts, want in ((gt, drawn[u][0]), (pred, drawn[u][1])):
            assert np.array_equal(unit_mask(preset, texts, h, w), want), (preset, seed, u)
    want = [(u, *_count(p, g)) for u, (g, p) in drawn.items()]
    assert unit_counts(preset, sol, sub, size).values.tolist() == [list(t) for t in want], (preset, seed)
    assert unit_counts(preset, sol, sub).equals(unit_counts(preset, sol, sub, size))  # the default size counts alike
    return len(got), score(preset, sol, sub, size)


if __name__ == '__main__':
    import sys
    from pathlib import Path
    selfcheck()
    print('hand-computed checks: ok')
    tools = Path(__file__).resolve().parent.parent/'tools'
    if (tools/'make_dice_data.py').exists():
        sys.path.insert(0, str(tools))
        from make_dice_data import make
        for preset in LAYOUT:
            res = [roundtrip(make, preset, s, n=12, small=True) for s in range(5)]
            print(f'{preset}: round trips ok, seeds 0-4, small: units {[r[0] for r in res]}, '
                  f'scores {[round(r[1], 6) for r in res]}')
        res = [roundtrip(make, 'hubmap', s, n=4, huge=2) for s in range(3)]
        print(f'hubmap with 2 huge slides: round trips ok, seeds 0-2: scores {[round(r[1], 6) for r in res]}')
