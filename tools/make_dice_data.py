"""Make Dice-family test files (SPEC 14): a solution and a submission in the exact layout of each of five presets.

    python tools/make_dice_data.py OUT_DIR [--preset NAME ...] [--n N] [--seed S] [--small] [--huge K] [--force]

writes `OUT_DIR/<preset>_solution.csv` and `OUT_DIR/<preset>_submission.csv` for each preset named (default: all
five), the same bytes for the same arguments. An existing file is never overwritten unless `--force` is given.
`--n` is the number of images (Severstal: of images, each listed with its four classes; Vesuvius: of fragments);
`--small` draws every image at 32 x 48 or thereabouts (non-square) so that dense reference checks are cheap; `--huge K`
gives the first K HuBMAP images a real slide size (e.g. 30,000 x 40,000), their masks built as runs, never as arrays.

Everything is made up here from random binary masks (ellipses, rectangles, stripes of whole columns or rows, single
corner pixels); no real label of any competition is used. Each submission starts from the ground truth: masks moved
by up to 3 pixels and grown or shrunk by one, some missed, some false ones added on empty units, a few units left out
of the file (an empty prediction), the units in shuffled order.

Layouts (H x W is height x width; "column-major": pixel p, 0-based, is (row p mod H, column p div H)):

| preset | solution | submission | RLE | empty | image |
|---|---|---|---|---|---|
| siim | `ImageId,EncodedPixels` | same | SIIM relative, column-major | ` -1` / `-1` or `` | 1024 x 1024 |
| severstal | `ImageId_ClassId,EncodedPixels` | same (pairs may be left out) | 1-based, column-major | `` | 256 x 1600 |
| hubmap | `id,encoding,width,height` | `id,predicted` | 1-based, column-major | `` | per image |
| contrails | `record_id,encoded_pixels` | same | 1-based, column-major | `-` (or `` in a submission) | 256 x 256 |
| vesuvius | `Id,Predicted,width,height` | `Id,Predicted` | 1-based, ROW-major | `` | per fragment |

SIIM: an image may have several rows (unioned; here they overlap on purpose); the solution writes every value with a
leading space (` -1`, ` 387620 23 ...`) as the competition's `train-rle.csv` did (its header was
`ImageId, EncodedPixels`, written here as SPEC 14 names the columns, without the space); a submission writes `-1`,
` -1` or an empty field for no mask. The relative form: a cursor starts at pixel 0; each pair (start, length) moves
the cursor by start, marks length pixels and moves past them.

Importable (tests, benchmarks):

    import sys; sys.path.insert(0, 'tools')
    from make_dice_data import make
    sol, sub = make('siim', n=10, seed=0, small=True)                   # DataFrames of strings, the exact layout
    sol, sub, masks = make('vesuvius', n=3, seed=1, return_masks=True)  # masks: unit id -> (truth, prediction)

`masks` holds each unit's union of rows on each side: a boolean (H, W) array, or, for a huge HuBMAP image, the sorted
0-based column-major pixel numbers (int64). `df.to_csv(path, index=False, lineterminator='\\n')` writes the file text.
"""
import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

PRESETS = ('siim', 'severstal', 'hubmap', 'contrails', 'vesuvius')
SIZE = {'siim': (1024, 1024), 'severstal': (256, 1600), 'contrails': (256, 256)}  # (height, width)
SMALL = (32, 48)
HUGE = [(30000, 40000), (38160, 42360), (25794, 34937)]  # HuBMAP-like slide sizes (height, width)
COLUMNS = {'siim': (['ImageId', 'EncodedPixels'], ['ImageId', 'EncodedPixels']),
           'severstal': (['ImageId_ClassId', 'EncodedPixels'], ['ImageId_ClassId', 'EncodedPixels']),
           'hubmap': (['id', 'encoding', 'width', 'height'], ['id', 'predicted']),
           'contrails': (['record_id', 'encoded_pixels'], ['record_id', 'encoded_pixels']),
           'vesuvius': (['Id', 'Predicted', 'width', 'height'], ['Id', 'Predicted'])}
EMPTY = {'siim': (' -1', ['-1', ' -1', '']), 'severstal': ('', ['']), 'hubmap': ('', ['']),
         'contrails': ('-', ['-', '-', '']), 'vesuvius': ('', [''])}  # (solution's marker, submission's choices)
ROW_MAJOR = {'vesuvius'}

# ------------------------------------------------------------------------------------------------ run-length text

def _flat(mask: np.ndarray, row_major: bool) -> np.ndarray:
    "The pixels of a (H, W) mask in RLE order: column-major (down each column, left to right) or row-major."
    return mask.ravel() if row_major else mask.T.ravel()


def _runs(flat: np.ndarray) -> tuple:
    "`(starts, lengths)`, 0-based, of the maximal runs of True in a 1-D boolean array."
    d = np.diff(np.concatenate([[0], flat.astype(np.int8), [0]]))
    s, e = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
    return s.astype(np.int64), (e - s).astype(np.int64)


def _standard(starts: np.ndarray, lengths: np.ndarray) -> str:
    "Kaggle's usual RLE text: `start length` pairs, 1-based absolute starts."
    return ' '.join(f'{s + 1} {n}' for s, n in zip(starts.tolist(), lengths.tolist()))


def _relative(starts: np.ndarray, lengths: np.ndarray) -> str:
    "SIIM's RLE text: each start counted from the end of the previous run (the first from pixel 0)."
    moves = starts - np.concatenate([[0], (starts + lengths)[:-1]]).astype(np.int64)
    return ' '.join(f'{m} {n}' for m, n in zip(moves.tolist(), lengths.tolist()))


def _text(preset: str, runs: tuple) -> str:
    "The RLE text of `runs` in the preset's form ('' for no runs; the empty marker is added by the caller)."
    return (_relative if preset == 'siim' else _standard)(*runs)


def _encode(preset: str, mask) -> str:
    "RLE text of a dense (H, W) mask, or of a huge mask given as its `(starts, lengths)` runs."
    return _text(preset, mask if isinstance(mask, tuple) else _runs(_flat(mask, preset in ROW_MAJOR)))

# ---------------------------------------------------------------------------------------------- dense masks

def _blob(rng, h: int, w: int) -> np.ndarray:
    "One random shape: an ellipse, a rectangle, a stripe of whole columns or rows, or one pixel (often a corner)."
    kind = rng.choice(4, p=[0.55, 0.25, 0.1, 0.1])
    yy, xx = np.ogrid[:h, :w]
    if kind == 0:
        cy, cx, ry, rx = rng.uniform(0, h - 1), rng.uniform(0, w - 1), rng.uniform(1, h / 4), rng.uniform(1, w / 4)
        return ((yy - cy) / ry) ** 2 + ((xx - cx) / rx) ** 2 <= 1
    m = np.zeros((h, w), bool)
    if kind == 1:
        (r0, r1), (c0, c1) = np.sort(rng.integers(0, h, 2)), np.sort(rng.integers(0, w, 2))
        m[r0:r1 + 1, c0:c1 + 1] = True  # bounds inclusive: at least one pixel
        return m
    if kind == 2:  # runs that cross a column (row) boundary: 1-3 whole columns (rows) side by side
        k = int(rng.integers(1, 4))
        c0, r0 = int(rng.integers(0, w - k + 1)), int(rng.integers(0, h - k + 1))
        if rng.random() < 0.5: m[:, c0:c0 + k] = True
        else: m[r0:r0 + k, :] = True
        return m
    m[[(0, 0), (h - 1, w - 1), (rng.integers(h), rng.integers(w))][rng.integers(3)]] = True
    return m


def _truth(rng, h: int, w: int, p_empty: float, k: tuple) -> np.ndarray:
    "A ground-truth mask: empty with probability `p_empty`, else the union of k[0]..k[1] random shapes."
    m = np.zeros((h, w), bool)
    if rng.random() < p_empty: return m
    for _ in range(rng.integers(k[0], k[1] + 1)): m |= _blob(rng, h, w)
    return m


def _shift(m: np.ndarray, dy: int, dx: int) -> np.ndarray:
    "The mask moved down `dy` and right `dx` pixels, what leaves the image lost, the uncovered strip empty."
    h, w = m.shape
    out = np.zeros_like(m)
    out[max(dy, 0):h + min(dy, 0), max(dx, 0):w + min(dx, 0)] = m[max(-dy, 0):h + min(-dy, 0),
                                                                  max(-dx, 0):w + min(-dx, 0)]
    return out


def _morph(m: np.ndarray, k: int) -> np.ndarray:
    "One 4-neighbour dilation (k = 1) or erosion (k = -1) of the mask; k = 0 leaves it as it is."
    if k == 0: return m.copy()
    p = np.pad(m, 1, constant_values=k < 0)
    nb = [p[1:-1, 1:-1], p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]]
    return np.logical_or.reduce(nb) if k > 0 else np.logical_and.reduce(nb)


def _predict(rng, gt: np.ndarray) -> np.ndarray:
    "A prediction for `gt`: moved by up to 3 pixels, grown or shrunk by one; at times missed, at times a false shape."
    h, w = gt.shape
    if gt.any() and rng.random() < 0.15: return np.zeros_like(gt)
    p = _morph(_shift(gt, *rng.integers(-3, 4, 2).tolist()), int(rng.integers(-1, 2)))
    if rng.random() < (0.15 if gt.any() else 0.35): p |= _blob(rng, h, w)
    return p


def _split(rng, m: np.ndarray, p: float) -> list:
    """With probability `p`, several masks whose union is `m` (rows of one unit): the parts left and right of a cut,
    overlapping over a band of up to 3 columns on each side, sometimes with a third part inside `m`. Else `[m]`."""
    if not m.any() or rng.random() >= p: return [m]
    cols = np.flatnonzero(m.any(0))
    c, band = int(rng.integers(cols[0], cols[-1] + 1)), int(rng.integers(0, 4))
    left, right = m.copy(), m.copy()
    left[:, c + band:] = False
    right[:, :max(c - band, 0)] = False
    parts = [left, right] + ([m & _blob(rng, *m.shape)] if rng.random() < 0.5 else [])
    return [q for q in parts if q.any()]

# -------------------------------------------------------------------------- huge images: runs, never arrays

def _merge(starts: np.ndarray, lengths: np.ndarray) -> tuple:
    "The sorted, disjoint, maximal runs covering the union of possibly overlapping or touching runs."
    out = []
    for s, e in sorted(zip(starts.tolist(), (starts + lengths).tolist())):
        if out and s <= out[-1][1]: out[-1][1] = max(out[-1][1], e)
        else: out.append([s, e])
    a = np.array(out, np.int64).reshape(-1, 2)
    return a[:, 0], a[:, 1] - a[:, 0]


def _rect_runs(rects: list, h: int) -> tuple:
    "Column-major runs of the union of rectangles (r0, r1, c0, c1), rows r0 <= r < r1, columns c0 <= c < c1."
    s = [c * h + r0 for r0, r1, c0, c1 in rects for c in range(c0, c1)]
    n = [r1 - r0 for r0, r1, c0, c1 in rects for c in range(c0, c1)]
    return _merge(np.array(s, np.int64), np.array(n, np.int64)) if s else (np.zeros(0, np.int64),) * 2


def _rect(rng, h: int, w: int) -> tuple:
    "A narrow random rectangle (r0, r1, c0, c1) of a huge image: up to 12 columns, some the full height."
    cw = int(rng.integers(1, 13))
    c0 = int(rng.integers(0, w - cw + 1))
    if rng.random() < 0.2: return 0, h, c0, c0 + cw  # whole columns: runs merge across columns
    rh = int(rng.integers(1, min(h, 4000) + 1))
    r0 = int(rng.integers(0, h - rh + 1))
    return r0, r0 + rh, c0, c0 + cw


def _moved(rng, rect: tuple, h: int, w: int) -> tuple:
    "The rectangle moved by up to 3 pixels each way, kept inside the image and at least one pixel."
    r0, r1, c0, c1 = rect
    dy, dx = rng.integers(-3, 4, 2).tolist()
    r0, r1 = min(max(r0 + dy, 0), h - 1), max(min(r1 + dy, h), 1)
    c0, c1 = min(max(c0 + dx, 0), w - 1), max(min(c1 + dx, w), 1)
    return r0, max(r1, r0 + 1), c0, max(c1, c0 + 1)


def _huge_pair(rng, h: int, w: int) -> tuple:
    "`(truth runs, prediction runs)` of a huge image: a few narrow rectangles and their moved copies."
    gt = [_rect(rng, h, w) for _ in range(rng.integers(1, 5))]
    pred = [_moved(rng, r, h, w) for r in gt if rng.random() < 0.85]
    pred += [_rect(rng, h, w)] if rng.random() < 0.3 else []
    return _rect_runs(gt, h), _rect_runs(pred, h)


def _pixels(runs: tuple) -> np.ndarray:
    "The sorted pixel numbers of disjoint runs (starts, lengths)."
    s, n = runs
    return np.concatenate([np.arange(a, a + b, dtype=np.int64) for a, b in zip(s.tolist(), n.tolist())] or
                          [np.zeros(0, np.int64)])

# --------------------------------------------------------------------------------------------------------- ids

def _unique(rng, lo: int, hi: int, n: int) -> list:
    "`n` distinct random integers in [lo, hi), in the order drawn."
    out, seen = [], set()
    while len(out) < n:
        v = int(rng.integers(lo, hi))
        if v not in seen: seen.add(v); out.append(v)
    return out


def _letters(k: int) -> str:
    "Fragment names as Vesuvius's test set has them: a, b, ..., z, aa, ab, ..."
    return _letters(k // 26 - 1) + chr(97 + k % 26) if k >= 26 else chr(97 + k)


def _ids(rng, preset: str, n: int) -> list:
    "`n` distinct image ids in the competition's style."
    if preset == 'siim':
        return [f'1.2.276.0.7230010.3.1.4.8323329.{k}.15178{rng.integers(70000, 80000)}.{rng.integers(1, 10**6)}'
                for k in _unique(rng, 1, 20000, n)]
    if preset == 'severstal': return [f'{v:09x}.jpg' for v in _unique(rng, 0, 16 ** 9, n)]
    if preset == 'hubmap': return [f'{v:09x}' for v in _unique(rng, 0, 16 ** 9, n)]
    if preset == 'contrails': return [str(v) for v in _unique(rng, 10 ** 18, 9 * 10 ** 18, n)]
    return [_letters(k) for k in range(n)]


def _sizes(rng, preset: str, n: int, small: bool, huge: int) -> list:
    "(height, width) of each image: the preset's fixed size, or random per image (HuBMAP, Vesuvius)."
    if preset in SIZE: return [SMALL if small else SIZE[preset]] * n
    lo, hi = ((24, 56) if small else (300, 1500))
    out = [tuple(int(v) for v in rng.integers(lo, hi + 1, 2)) for _ in range(n)]
    return [HUGE[i % len(HUGE)] for i in range(min(huge, n))] + out[min(huge, n):] if preset == 'hubmap' else out

# ------------------------------------------------------------------------------------------------------ units

def _unit_masks(rng, preset: str, h: int, w: int) -> tuple:
    "`(truth, prediction)` of one unit: dense masks, or runs for a huge image (over 2**26 pixels)."
    if h * w > 2 ** 26: return _huge_pair(rng, h, w)
    p_empty = {'siim': 0.5, 'severstal': 0.7, 'contrails': 0.5}.get(preset, 0.0)  # HuBMAP, Vesuvius: always some
    gt = _truth(rng, h, w, p_empty, (2, 6) if preset == 'hubmap' else (1, 3))
    return gt, _predict(rng, gt)


def _units(rng, preset: str, n: int, small: bool, huge: int) -> list:
    "Units `(id, h, w, truth, prediction)`: per image, or per (image, class) pair for Severstal."
    ids, sizes = _ids(rng, preset, n), _sizes(rng, preset, n, small, huge)
    keys = [f'{i}_{c}' for i in ids for c in (1, 2, 3, 4)] if preset == 'severstal' else ids
    sizes = [s for s in sizes for _ in range(4)] if preset == 'severstal' else sizes
    return [(k, h, w, *_unit_masks(rng, preset, h, w)) for k, (h, w) in zip(keys, sizes)]


def _union(mask, left_out: bool = False) -> np.ndarray:
    "What `masks` returns for a unit side: the dense mask, or the pixel numbers of huge runs; empty if left out."
    m = _pixels(mask) if isinstance(mask, tuple) else mask
    return (m[:0] if m.ndim == 1 else np.zeros_like(m)) if left_out else m


def _cells(rng, preset: str, mask, side: str, p_split: float) -> list:
    "The EncodedPixels values of one side of a unit (several rows for a split SIIM mask), empty marker if nothing."
    parts = [mask] if isinstance(mask, tuple) else _split(rng, mask, p_split)
    texts = [_encode(preset, q) for q in parts]
    empty, choices = EMPTY[preset]
    if side == 'sol': return [(' ' + t if preset == 'siim' else t) if t else empty for t in texts]
    return [t if t else choices[rng.integers(len(choices))] for t in texts]


def _frames(rng, preset: str, units: list) -> tuple:
    "`(solution, submission, ids left out of the submission)`: DataFrames of strings in the preset's layout."
    sol_cols, sub_cols = COLUMNS[preset]
    split = 0.6 if preset == 'siim' else 0.0
    sol, sub, out = [], [], set()
    for uid, h, w, gt, pred in units:
        sol += [[uid, t, str(w), str(h)][:len(sol_cols)] for t in _cells(rng, preset, gt, 'sol', split)]
        if rng.random() < 0.1: out.add(uid); continue  # left out of the submission: an empty prediction
        sub.append([[uid, t] for t in _cells(rng, preset, pred, 'sub', split / 2)])
    sub = [row for k in rng.permutation(len(sub)).tolist() for row in sub[k]]
    return (pd.DataFrame(sol, columns=sol_cols, dtype=object), pd.DataFrame(sub, columns=sub_cols, dtype=object),
            out)


def make(preset: str, *, n: int = 20, seed: int = 0, small: bool = False, huge: int = 0,
         return_masks: bool = False) -> tuple:
    """`(solution, submission)` DataFrames of strings for `n` random images of `preset`, in its exact layout; with
    `return_masks`, also `{unit id: (truth, prediction)}`, each side the union of its rows (see the module text)."""
    assert preset in PRESETS, f'unknown preset {preset!r}: one of {PRESETS}'
    rng = np.random.default_rng([seed, PRESETS.index(preset)])
    units = _units(rng, preset, n, small, huge)
    sol, sub, out = _frames(rng, preset, units)
    return (sol, sub, {u: (_union(g), _union(p, u in out)) for u, _, _, g, p in units}) if return_masks else (sol, sub)

# ------------------------------------------------------------------------------------------------------- main

def main(argv=None):
    "The command line: write the files of each preset, refusing to overwrite without --force."
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out_dir', type=Path)
    ap.add_argument('--preset', nargs='+', action='extend', choices=PRESETS, help='default: all five')
    ap.add_argument('--n', type=int, default=20, help='images per preset (default 20)')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--small', action='store_true', help='32 x 48 images (HuBMAP, Vesuvius: 24-56 a side)')
    ap.add_argument('--huge', type=int, default=0, metavar='K', help='the first K HuBMAP images slide-sized')
    ap.add_argument('--force', action='store_true', help='overwrite existing files')
    a = ap.parse_args(argv)
    presets = list(dict.fromkeys(a.preset or PRESETS))
    paths = [a.out_dir/f'{p}_{side}.csv' for p in presets for side in ('solution', 'submission')]
    there = [str(p) for p in paths if p.exists()]
    if there and not a.force: sys.exit(f'make_dice_data: not overwriting {", ".join(there)} (use --force)')
    a.out_dir.mkdir(parents=True, exist_ok=True)
    for p in presets:
        for df, side in zip(make(p, n=a.n, seed=a.seed, small=a.small, huge=a.huge), ('solution', 'submission')):
            path = a.out_dir/f'{p}_{side}.csv'
            df.to_csv(path, index=False, lineterminator='\n')
            print(f'{path}: {len(df)} rows, {path.stat().st_size / 1024:.1f} KB')


if __name__ == '__main__':
    main()
