"""An independent reference for the metrics of SPEC sections 6-10 (tgs, wheat, sartorius, reef, vinbigdata).

Written straight from SPEC.md (sections 0, 5, 6-10, and 1-2 where they are referred to), sharing no code with
evalkit (evalkit is never imported). Slow but obviously right: plain Python loops, every IoU an exact `Fraction`
(box coordinates are read as `Fraction(text)`, mask IoUs are `Fraction(inter, union)` of pixel counts), every
threshold an exact `Fraction` decimal, every score an exact `Fraction`.

Inputs are pandas DataFrames of strings, as `pd.read_csv(path, dtype=str, keep_default_na=False)` gives them.
Each `ref_*` function returns `(score, details)`: `details` maps each threshold (a Fraction) to its value for the
sweep metrics, and each class id with ground truth to its AP for vinbigdata. Bad input raises `RefError`.

`fixtures()` holds tiny hand-computed cases (the computation is written next to each expected value);
`selfcheck()` runs them all through the reference and raises on any mismatch.

    import ref_presets as R
    R.selfcheck()
    score, per_threshold = R.ref_tgs(sol, sub)
"""
import io
import re
from fractions import Fraction

import numpy as np
import pandas as pd

__all__ = ['RefError', 'THRESHOLDS', 'ref_tgs', 'ref_wheat', 'ref_sartorius', 'ref_reef', 'ref_vinbigdata',
           'ref_vinbigdata_f1', 'decode_rle', 'REFS', 'fixtures', 'run_fixture', 'selfcheck']


class RefError(ValueError):
    "Bad input, as the reference sees it (SPEC 0: bad input is an error, never a silent score)."


def _steps(lo, hi):
    "Exact decimal thresholds lo/100, (lo+5)/100, ..., hi/100."
    return [Fraction(k, 100) for k in range(lo, hi + 1, 5)]


THRESHOLDS = dict(tgs=_steps(50, 95), sartorius=_steps(50, 95), wheat=_steps(50, 75), reef=_steps(30, 80),
                  vinbigdata=[Fraction(4, 10)])
assert [len(v) for v in THRESHOLDS.values()] == [10, 10, 6, 11, 1]
assert THRESHOLDS['reef'][0] == Fraction(3, 10) and THRESHOLDS['reef'][-1] == Fraction(4, 5)


# ----------------------------------------------------------------------------------------------------------------
# Small shared pieces (each a few lines; none comes from evalkit)

_NUM = re.compile(r'[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?')


def _num(text, where):
    "An exact number from its decimal text ('834.5' -> 1669/2); anything else (nan, inf, 1/2, '') is an error."
    t = text.strip()
    if not _NUM.fullmatch(t): raise RefError(f'{where}: {text!r} is not a number')
    return Fraction(t)


def _hit(iou, t, inclusive):
    "SPEC 0: a hit is IoU > t by default, IoU >= t as the option. Both sides exact Fractions."
    assert isinstance(iou, Fraction) and isinstance(t, Fraction)
    return iou >= t if inclusive else iou > t


def _mean(values):
    values = list(values)
    assert values, 'mean of nothing'
    return sum(values, Fraction(0)) / len(values)


def _need(df, cols, name):
    for c in cols:
        if c not in df.columns: raise RefError(f'{name}: missing column {c!r}')


def _ids_in_order(df, col):
    "Distinct ids in first-appearance (file) order."
    out, seen = [], set()
    for v in df[col]:
        if v not in seen: seen.add(v); out.append(v)
    return out


def _unique_rows(df, col, name):
    "id -> row index, refusing an id twice (one row per image)."
    pos = {}
    for i, v in enumerate(df[col]):
        if v in pos: raise RefError(f'{name}: id {v!r} more than once (rows {pos[v]} and {i})')
        pos[v] = i
    return pos


def _check_known(sub_ids, sol_ids, name):
    known = set(sol_ids)
    for v in sub_ids:
        if v not in known: raise RefError(f'{name}: id {v!r} is not in the solution')


def _groups(text, size, where):
    "Space-separated numbers in groups of `size` (PredictionString), as lists of Fractions; '' -> []."
    toks = text.split()
    if len(toks) % size: raise RefError(f'{where}: {len(toks)} numbers, not groups of {size}')
    vals = [_num(t, where) for t in toks]
    return [vals[i:i + size] for i in range(0, len(vals), size)]


def _iou_xywh(a, b, plus_one=False):
    """Exact IoU of two boxes (x, y, w, h), x, y the top-left corner. Continuous: area w*h, intersection width
    max(0, min(right) - max(left)). plus_one (SPEC 7): a box spans x .. x+w inclusive, width w+1; intersection
    width min(right) - max(left) + 1, counted only when positive; the same for heights."""
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    e = 1 if plus_one else 0
    iw = min(ax + aw, bx + bw) - max(ax, bx) + e
    ih = min(ay + ah, by + bh) - max(ay, by) + e
    inter = iw * ih if iw > 0 and ih > 0 else Fraction(0)
    union = (aw + e) * (ah + e) + (bw + e) * (bh + e) - inter
    return Fraction(0) if union == 0 else Fraction(inter) / union


def _iou_xyxy(a, b):
    "Exact IoU of (x_min, y_min, x_max, y_max) boxes, area (x_max - x_min) * (y_max - y_min) (SPEC 10)."
    iw = min(a[2], b[2]) - max(a[0], b[0])
    ih = min(a[3], b[3]) - max(a[1], b[1])
    inter = iw * ih if iw > 0 and ih > 0 else Fraction(0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return Fraction(0) if union == 0 else Fraction(inter) / union


def _greedy(iou, n_gt, t, *, inclusive):
    """RSNA matching (SPEC 1) of one image at threshold t. iou[p][g]: predictions already in processing order
    (descending confidence, stable), n_gt ground-truth objects in solution order. Each prediction takes the still-free ground
    truth of highest IoU if that IoU passes the hit test; equal IoUs go to the first box (strict `>` below keeps
    the first). Returns TP, FP, FN."""
    free = [True] * n_gt
    tp = 0
    for row in iou:
        best = None
        for g in range(n_gt):
            if free[g] and _hit(row[g], t, inclusive) and (best is None or row[g] > row[best]): best = g
        if best is not None: free[best] = False; tp += 1
    return tp, len(iou) - tp, n_gt - tp


def _by_confidence(preds):
    "Descending confidence, stable on ties (file order). preds: lists whose item 0 is the confidence."
    return sorted(preds, key=lambda p: -p[0])  # Python's sort is stable


def _check_size(x, where):
    "Box width and height are not negative."
    if x[2] < 0 or x[3] < 0: raise RefError(f'{where}: negative width or height {x}')


# ----------------------------------------------------------------------------------------------------------------
# Run-length masks (SPEC 2 encoding and validation; pixel order column-major or row-major)

def decode_rle(text, h, w, *, order='column', where='rle'):
    """Kaggle RLE `start length ...` (1-indexed) to a dense (h, w) bool array, pixel by pixel in a plain loop.
    order='column': pixel k (0-based) is row k % h, column k // h (DSB, TGS). order='row': row k // w,
    column k % w (Sartorius). Validation of SPEC 2: integers, even count, positive starts and lengths, pairs
    sorted by start, runs not overlapping, inside the image."""
    if order not in ('row', 'column'): raise RefError(f'order must be row or column, not {order!r}')
    toks = text.split()
    if any(not re.fullmatch(r'\d+', t) for t in toks): raise RefError(f'{where}: not all integers: {text!r}')
    v = [int(t) for t in toks]
    if len(v) % 2: raise RefError(f'{where}: odd count of integers')
    mask = np.zeros((h, w), dtype=bool)
    last_end = 0  # last pixel (1-based) covered by the previous run
    for start, length in zip(v[::2], v[1::2]):
        if start < 1 or length < 1: raise RefError(f'{where}: start and length must be positive ({start} {length})')
        if start <= last_end: raise RefError(f'{where}: runs not sorted or overlapping at start {start}')
        end = start + length - 1
        if end > h * w: raise RefError(f'{where}: run {start} {length} ends past pixel {h * w}')
        for k in range(start - 1, end):
            r, c = (k % h, k // h) if order == 'column' else (k // w, k % w)
            mask[r, c] = True
        last_end = end
    return mask


def _mask_iou(a, b):
    "Exact IoU of two bool masks from pixel counts."
    inter = int(np.logical_and(a, b).sum())
    union = int(np.logical_or(a, b).sum())
    return Fraction(inter, union) if union else Fraction(0)


# ----------------------------------------------------------------------------------------------------------------
# SPEC 6: TGS Salt Identification

def ref_tgs(sol, sub, *, size=(101, 101), inclusive=False):
    """SPEC 6. sol, sub: `id,rle_mask`, exactly one row per image in the solution, at most one in the submission.
    size = (height, width); column-major RLE. Per threshold 1 or 0 (both empty: 1; one side empty: 0; both
    present: IoU > t); image = mean over the 10 thresholds; score = mean over every image of the solution."""
    _need(sol, ['id', 'rle_mask'], 'solution'); _need(sub, ['id', 'rle_mask'], 'submission')
    h, w = size
    ths = THRESHOLDS['tgs']
    sol_pos = _unique_rows(sol, 'id', 'solution')
    sub_pos = _unique_rows(sub, 'id', 'submission')
    _check_known(sub_pos, sol_pos, 'submission')
    per_t = {t: [] for t in ths}
    for iid, i in sol_pos.items():
        g = sol['rle_mask'].iat[i].strip()
        p = sub['rle_mask'].iat[sub_pos[iid]].strip() if iid in sub_pos else ''
        gm = decode_rle(g, h, w, order='column', where=f'solution id {iid}') if g else None
        pm = decode_rle(p, h, w, order='column', where=f'submission id {iid}') if p else None
        iou = _mask_iou(gm, pm) if gm is not None and pm is not None else None
        for t in ths:
            if gm is None and pm is None: v = 1
            elif gm is None or pm is None: v = 0
            else: v = 1 if _hit(iou, t, inclusive) else 0
            per_t[t].append(Fraction(v))
    if not sol_pos: raise RefError('solution: no images')
    # mean over images of (mean over thresholds) == mean over thresholds of (mean over images): same image set
    by_t = {t: _mean(vs) for t, vs in per_t.items()}
    return _mean(by_t.values()), by_t


# ----------------------------------------------------------------------------------------------------------------
# Per-image sweep over boxes (wheat), shared shape with the pooled reef

def _sweep_image(gts, preds, ths, *, inclusive, plus_one=False):
    "Per threshold (TP, FP, FN) of one image; gts [(x,y,w,h)] in solution order, preds [(conf,x,y,w,h)] in file order."
    ps = _by_confidence(preds)
    iou = [[_iou_xywh(p[1:], g, plus_one) for g in gts] for p in ps]
    return {t: _greedy(iou, len(gts), t, inclusive=inclusive) for t in ths}


_BBOX = re.compile(r'\[\s*(' + _NUM.pattern + r')\s*,\s*(' + _NUM.pattern + r')\s*,\s*(' + _NUM.pattern +
                   r')\s*,\s*(' + _NUM.pattern + r')\s*\]')


def _parse_bbox(text, where):
    "`[xmin, ymin, width, height]` -> 4 Fractions; '' (or '[]') -> None (an image without boxes)."
    t = text.strip()
    if t in ('', '[]'): return None
    m = _BBOX.fullmatch(t)
    if not m: raise RefError(f'{where}: bbox {text!r} is not [x, y, w, h]')
    box = [_num(m.group(k), where) for k in range(1, 5)]
    _check_size(box, where)
    return box


def ref_wheat(sol, sub, *, plus_one=False, inclusive=False):
    """SPEC 7. sol: `image_id,width,height,bbox[,source]` one row per box (empty bbox: image without boxes);
    sub: `image_id,PredictionString` (groups `conf x y w h`), one row per image. Matching as RSNA; per threshold
    TP/(TP+FP+FN); image = mean of 6; no boxes and no predictions: left out; score = mean over images scored."""
    _need(sol, ['image_id', 'bbox'], 'solution'); _need(sub, ['image_id', 'PredictionString'], 'submission')
    ths = THRESHOLDS['wheat']
    gts = {iid: [] for iid in _ids_in_order(sol, 'image_id')}
    for i in range(len(sol)):
        b = _parse_bbox(sol['bbox'].iat[i], f'solution row {i} (image {sol["image_id"].iat[i]})')
        if b is not None: gts[sol['image_id'].iat[i]].append(b)
    sub_pos = _unique_rows(sub, 'image_id', 'submission')
    _check_known(sub_pos, gts, 'submission')
    per_t = {t: [] for t in ths}
    for iid, g in gts.items():
        where = f'submission image {iid}'
        preds = _groups(sub['PredictionString'].iat[sub_pos[iid]], 5, where) if iid in sub_pos else []
        for p in preds: _check_size(p[1:], where)
        if not g and not preds: continue  # RSNA rule: left out of the mean
        counts = _sweep_image(g, preds, ths, inclusive=inclusive, plus_one=plus_one)
        for t, (tp, fp, fn) in counts.items(): per_t[t].append(Fraction(tp, tp + fp + fn))
    if not per_t[ths[0]]: raise RefError('no image scored (no boxes and no predictions anywhere)')
    by_t = {t: _mean(vs) for t, vs in per_t.items()}
    return _mean(by_t.values()), by_t


# ----------------------------------------------------------------------------------------------------------------
# SPEC 8: Sartorius

def ref_sartorius(sol, sub, *, order='row', inclusive=False):
    """SPEC 8 (= SPEC 2 with row-major RLE). sol: `id,annotation,width,height,...` one row per cell (cells may
    overlap); sub: `id,predicted` one row per predicted cell (must not overlap). Empty annotation/predicted rows
    carry no object. No gt and no predictions: 1 (included); one side empty: 0. Matching: predictions in file
    order, each takes the free gt of highest IoU passing the hit test (first gt on ties)."""
    _need(sol, ['id', 'annotation', 'width', 'height'], 'solution'); _need(sub, ['id', 'predicted'], 'submission')
    ths = THRESHOLDS['sartorius']
    ids = _ids_in_order(sol, 'id')
    _check_known(_ids_in_order(sub, 'id'), ids, 'submission')
    size = {}
    for i in range(len(sol)):
        iid = sol['id'].iat[i]
        hw = (int(sol['height'].iat[i]), int(sol['width'].iat[i]))
        if size.setdefault(iid, hw) != hw: raise RefError(f'solution row {i}: image {iid} size {hw} != {size[iid]}')
    per_t = {t: [] for t in ths}
    for iid in ids:
        h, w = size[iid]
        gms = [decode_rle(a, h, w, order=order, where=f'solution image {iid} row {i}')
               for i, a in enumerate(sol['annotation']) if sol['id'].iat[i] == iid and a.strip()]
        pms = [decode_rle(a, h, w, order=order, where=f'submission image {iid} row {i}')
               for i, a in enumerate(sub['predicted']) if sub['id'].iat[i] == iid and a.strip()]
        for a in range(len(pms)):
            for b in range(a + 1, len(pms)):
                if np.logical_and(pms[a], pms[b]).any(): raise RefError(f'submission image {iid}: predictions overlap')
        iou = [[_mask_iou(g, p) for g in gms] for p in pms]
        for t in ths:
            if not gms and not pms: per_t[t].append(Fraction(1)); continue
            tp, fp, fn = _greedy(iou, len(gms), t, inclusive=inclusive)
            per_t[t].append(Fraction(tp, tp + fp + fn))
    if not ids: raise RefError('solution: no images')
    by_t = {t: _mean(vs) for t, vs in per_t.items()}
    return _mean(by_t.values()), by_t


# ----------------------------------------------------------------------------------------------------------------
# SPEC 9: Great Barrier Reef (pooled F2)

_KV = re.compile(r"""\s*(['"])(\w+)\1\s*:\s*(""" + _NUM.pattern + r""")\s*""")
_DICT = re.compile(r'\s*\{([^{}]*)\}\s*(,|$)')


def _parse_annotations(text, where):
    "`[{'x': 559, 'y': 213, 'width': 50, 'height': 32}, ...]` -> [(x, y, w, h)] by regexes, never eval; '[]' -> []."
    t = text.strip()
    if t == '': return []
    if not (t.startswith('[') and t.endswith(']')): raise RefError(f'{where}: annotations {text!r} is not a list')
    inner, pos, out = t[1:-1].strip(), 0, []
    while pos < len(inner):
        m = _DICT.match(inner, pos)
        if not m or (m.group(2) == ',' and m.end() == len(inner)): raise RefError(f'{where}: bad annotations {text!r}')
        d = {}
        for part in m.group(1).split(','):
            kv = _KV.fullmatch(part)
            if not kv or kv.group(2) in d: raise RefError(f'{where}: bad item {part!r} in {text!r}')
            d[kv.group(2)] = _num(kv.group(3), where)
        if set(d) != {'x', 'y', 'width', 'height'}: raise RefError(f'{where}: keys {sorted(d)} in {text!r}')
        box = [d['x'], d['y'], d['width'], d['height']]
        _check_size(box, where)
        out.append(box)
        pos = m.end()
    return out


def ref_reef(sol, sub, *, inclusive=False):
    """SPEC 9. sol: `image_id,annotations` (list of dicts), one row per image; sub: `image_id,annotations`
    (groups `conf x y w h`), at most one row per image. Matching per image as RSNA; per threshold TP, FP, FN summed
    over all images, F2 = 5TP / (5TP + 4FN + FP) (1 when the denominator is 0); score = mean of the 11 values."""
    _need(sol, ['image_id', 'annotations'], 'solution'); _need(sub, ['image_id', 'annotations'], 'submission')
    ths = THRESHOLDS['reef']
    sol_pos = _unique_rows(sol, 'image_id', 'solution')
    sub_pos = _unique_rows(sub, 'image_id', 'submission')
    _check_known(sub_pos, sol_pos, 'submission')
    tot = {t: [0, 0, 0] for t in ths}
    for iid, i in sol_pos.items():
        gts = _parse_annotations(sol['annotations'].iat[i], f'solution image {iid}')
        where = f'submission image {iid}'
        preds = _groups(sub['annotations'].iat[sub_pos[iid]], 5, where) if iid in sub_pos else []
        for p in preds: _check_size(p[1:], where)
        for t, (tp, fp, fn) in _sweep_image(gts, preds, ths, inclusive=inclusive).items():
            tot[t][0] += tp; tot[t][1] += fp; tot[t][2] += fn
    if not sol_pos: raise RefError('solution: no images')
    by_t = {}
    for t, (tp, fp, fn) in tot.items():
        den = 5 * tp + 4 * fn + fp
        by_t[t] = Fraction(1) if den == 0 else Fraction(5 * tp, den)
    return _mean(by_t.values()), by_t


# ----------------------------------------------------------------------------------------------------------------
# SPEC 10: VinBigData (VOC 2010 all-point AP at IoU 0.4)

NO_FINDING = 14
_NO_FINDING_BOX = (Fraction(0), Fraction(0), Fraction(1), Fraction(1))


def _class_id(text, where):
    t = text.strip()
    if not re.fullmatch(r'\d+', t) or not 0 <= int(t) <= 14: raise RefError(f'{where}: class {text!r} not in 0..14')
    return int(t)


def _vin_ranked(sol, sub, *, inclusive):
    """Per class: n_gt and the ranked TP flags of every detection of that class (descending confidence, stable)."""
    _need(sol, ['image_id', 'class_id', 'x_min', 'y_min', 'x_max', 'y_max'], 'solution')
    _need(sub, ['image_id', 'PredictionString'], 'submission')
    t = THRESHOLDS['vinbigdata'][0]
    gts = {iid: {c: [] for c in range(15)} for iid in _ids_in_order(sol, 'image_id')}  # image -> class -> boxes
    for i in range(len(sol)):
        where = f'solution row {i}'
        iid, c = sol['image_id'].iat[i], _class_id(sol['class_id'].iat[i], where)
        coords = [sol[k].iat[i].strip() for k in ('x_min', 'y_min', 'x_max', 'y_max')]
        if c == NO_FINDING:
            if any(coords): raise RefError(f'{where}: a class-14 row has coordinates {coords}')
            if not gts[iid][c]: gts[iid][c].append(_NO_FINDING_BOX)  # several class-14 rows count once
        else:
            box = tuple(_num(v, where) for v in coords)
            if box[2] < box[0] or box[3] < box[1]: raise RefError(f'{where}: x_max < x_min or y_max < y_min')
            gts[iid][c].append(box)  # identical boxes of two radiologists stay two boxes
    sub_pos = _unique_rows(sub, 'image_id', 'submission')
    _check_known(sub_pos, gts, 'submission')
    dets = {c: [] for c in range(15)}  # class -> [(conf, image, box)] in file order (submission rows, then groups)
    for i in range(len(sub)):
        iid = sub['image_id'].iat[i]
        for gr in _groups(sub['PredictionString'].iat[i], 6, f'submission image {iid}'):
            c = gr[0]
            if c.denominator != 1 or not 0 <= c <= 14: raise RefError(f'submission image {iid}: class {c}')
            box = tuple(gr[2:])
            if box[2] < box[0] or box[3] < box[1]: raise RefError(f'submission image {iid}: x_max < x_min')
            dets[int(c)].append((gr[1], iid, box))
    out = {}
    for c in range(15):
        taken = {iid: [False] * len(gts[iid][c]) for iid in gts}
        flags = []
        for conf, iid, box in _by_confidence(dets[c]):
            boxes = gts[iid][c]
            best = None
            for k, g in enumerate(boxes):  # highest IoU over every box of the class, taken or not; first on ties
                if best is None or _iou_xyxy(box, g) > _iou_xyxy(box, boxes[best]): best = k
            if best is not None and _hit(_iou_xyxy(box, boxes[best]), t, inclusive) and not taken[iid][best]:
                taken[iid][best] = True; flags.append(True)
            else: flags.append(False)  # no fall-back to the next box
        out[c] = (sum(len(gts[iid][c]) for iid in gts), flags)
    return out


def _voc_all_ap(n_gt, flags):
    """VOC 2010+ all-point AP: p_i = TP_i / i, envelope p^_i = max_{j >= i} p_j, AP = sum over positions where
    recall increases of (r_i - r_{i-1}) * p^_i, r_0 = 0."""
    tp, prec, rec = 0, [], []
    for i, f in enumerate(flags, 1):
        tp += f
        prec.append(Fraction(tp, i)); rec.append(Fraction(tp, n_gt))
    ap, prev_r = Fraction(0), Fraction(0)
    for i in range(len(flags)):
        if rec[i] > prev_r:
            ap += (rec[i] - prev_r) * max(prec[i:])
            prev_r = rec[i]
    return ap


def ref_vinbigdata(sol, sub, *, inclusive=False):
    """SPEC 10. Returns (mAP, {class_id: AP}) over the classes with at least one ground-truth box."""
    ranked = _vin_ranked(sol, sub, inclusive=inclusive)
    aps = {c: _voc_all_ap(n, flags) for c, (n, flags) in ranked.items() if n > 0}
    if not aps: raise RefError('solution: no ground-truth box in any class')
    return _mean(aps.values()), aps


def ref_vinbigdata_f1(sol, sub, *, inclusive=False):
    """Per class with ground truth, F1 of all submitted detections (the last point of the ranked list, SPEC 5/4);
    a class without detections has precision and F1 0. Returns (mean F1, {class_id: F1})."""
    f1 = {}
    for c, (n, flags) in _vin_ranked(sol, sub, inclusive=inclusive).items():
        if n == 0: continue
        tp = sum(flags)
        p = Fraction(tp, len(flags)) if flags else Fraction(0)
        r = Fraction(tp, n)
        f1[c] = 2 * p * r / (p + r) if p + r else Fraction(0)
    if not f1: raise RefError('solution: no ground-truth box in any class')
    return _mean(f1.values()), f1


REFS = dict(tgs=ref_tgs, wheat=ref_wheat, sartorius=ref_sartorius, reef=ref_reef, vinbigdata=ref_vinbigdata)


# ================================================================================================================
# Hand-computed fixtures. Each fx_* returns (metric, solution_df, submission_df, cases, note), cases a list of
# (options, expected Fraction) for the same files; fixtures() flattens them into name -> (metric, sol, sub,
# options, expected). The computation of every expected value is written next to it.

def _df(cols, rows):
    "A DataFrame of strings, as read_csv(dtype=str, keep_default_na=False) gives."
    return pd.DataFrame([[str(v) for v in r] for r in rows], columns=cols, dtype=object)


F = Fraction


def fx_tgs_iou_on_threshold():
    # 101x101, column-major. Four images:
    #   a: gt pixels 1..10, pred 1..5: IoU 5/10 = 1/2, exactly the first threshold
    #      '>': no threshold hit -> 0;   '>=': 0.50 hit only -> 1/10
    #   b: gt pixels 1..10, pred 1..8: IoU 8/10, exactly the threshold 0.80
    #      '>': 0.50..0.75 hit (6 of 10) -> 6/10;   '>=': 0.50..0.80 (7 of 10) -> 7/10
    #   c: gt empty, no row in the submission: both empty -> 1 at every threshold -> 1 (included)
    #   d: gt 1..10, submission row with an empty mask -> 0
    sol = _df(['id', 'rle_mask'], [['a', '1 10'], ['b', '1 10'], ['c', ''], ['d', '1 10']])
    sub = _df(['id', 'rle_mask'], [['d', ''], ['b', '1 8'], ['a', '1 5']])
    return ('tgs', sol, sub, [
        ({}, F(0 + F(6, 10) + 1 + 0, 4)),                        # (0 + 6/10 + 1 + 0) / 4 = 2/5
        ({'inclusive': True}, (F(1, 10) + F(7, 10) + 1 + 0) / 4),  # (1/10 + 7/10 + 1 + 0) / 4 = 9/20
    ], 'IoU exactly 1/2 and 8/10: > vs >=; both-empty image scores 1; missing row = empty prediction')


def fx_tgs_empty_cases_and_size():
    # size option (height 2, width 3: 6 pixels), column-major: pixel k is row k % 2, column k // 2.
    #   e1: gt empty, pred '2 1'          -> 0 (no salt but a prediction)
    #   e2: gt '4 3' (pixels 4,5,6: the run ends on the last pixel 6 = H*W), no submission row -> 0
    #   e3: gt '4 3', pred '5 2' (pixels 5,6): IoU 2/3 = 0.667 -> hits 0.50, 0.55, 0.60, 0.65 -> 4/10
    #   e4: gt empty, pred empty row      -> 1
    sol = _df(['id', 'rle_mask'], [['e1', ''], ['e2', '4 3'], ['e3', '4 3'], ['e4', '']])
    sub = _df(['id', 'rle_mask'], [['e1', '2 1'], ['e3', '5 2'], ['e4', '']])
    return ('tgs', sol, sub, [
        ({'size': (2, 3)}, (0 + 0 + F(4, 10) + 1) / F(4)),  # 14/10 / 4 = 7/20
    ], 'every empty case of SPEC 6, a run ending at the last pixel, size option')


def fx_wheat_conf_tie_file_order():
    # One image, two overlapping gt boxes (all boxes y=0, h=10, so IoU = x-overlap ratio):
    #   A = [0,0,10,10] (first in the solution), B = [2,0,10,10].
    # Predictions, EQUAL confidence 0.5, file order: py = (1,0,10,10), then px = (0,0,10,10).
    #   py: IoU A = 90/110 = 9/11, IoU B = 90/110 = 9/11 (equal: A, the first box, wins).
    #   px: IoU A = 1 (taken by py), IoU B = 80/120 = 2/3.
    # Stable order -> py first, takes A at every threshold (9/11 = .818 > .75).
    #   px then has only B: 2/3 > t for t = .50 .55 .60 .65 (TP 2 -> 1); fails at .70 .75 (TP1 FP1 FN1 -> 1/3)
    #   image = (4*1 + 2*(1/3)) / 6 = 7/9.   (px first would give 1: the tie is decided by file order)
    sol = _df(['image_id', 'width', 'height', 'bbox', 'source'],
              [['w1', 1024, 1024, '[0, 0, 10, 10]', 's'], ['w1', 1024, 1024, '[2.0, 0, 10, 10]', 's']])
    sub = _df(['image_id', 'PredictionString'], [['w1', '0.5 1 0 10 10 0.5 0 0 10 10']])
    return ('wheat', sol, sub, [({}, (4 * F(1) + 2 * F(1, 3)) / 6)],  # = 7/9
            'equal confidences keep file order; equal IoUs go to the first solution box')


def fx_wheat_equal_iou_first_box():
    # Same boxes as fx_wheat_conf_tie_file_order but the solution lists B before A.
    # py (first) has IoU 9/11 with both: the tie goes to B, now first in the solution. px then takes A (IoU 1).
    # TP 2 at every threshold -> 1.
    sol = _df(['image_id', 'width', 'height', 'bbox'], [['w1', 1024, 1024, '[2, 0, 10, 10]'],
                                                        ['w1', 1024, 1024, '[0, 0, 10, 10]']])
    sub = _df(['image_id', 'PredictionString'], [['w1', '0.5 1 0 10 10 0.5 0 0 10 10']])
    return ('wheat', sol, sub, [({}, F(1))], 'equal IoUs: the box that comes first in the solution file')


def fx_wheat_plus_one_and_empty_images():
    # Images (6 thresholds .50 .55 .60 .65 .70 .75):
    #   i1: gt [0,0,9,9], pred (0,0,9,4): continuous IoU 36/81 = 4/9 (< .5: 0 either way);
    #       plus_one: areas 10*10, 10*5, inter 10*5 -> 50/100 = 1/2 exactly: '>' 0, '>=' 1/6
    #   i2: gt [0,0,10,10], pred (0,0,10,5): continuous 50/100 = 1/2: '>' 0, '>=' 1/6;
    #       plus_one: 11*6 / (11*11) = 66/121 = 6/11 = .545: hits .50 only -> 1/6 with '>' and '>='
    #   i3: empty bbox row, no submission row -> left out of the mean
    #   i4: empty bbox row, one prediction -> 0, included
    #   i5: gt [834.5, 10.25, 20, 20] (decimal text), the same box predicted -> IoU 1 -> 1
    #   i6: gt box, no submission row -> 0
    # Scored images: i1 i2 i4 i5 i6 (5).
    sol = _df(['image_id', 'width', 'height', 'bbox', 'source'], [
        ['i1', 1024, 1024, '[0, 0, 9, 9]', 'x'], ['i2', 1024, 1024, '[0, 0, 10, 10]', 'x'],
        ['i3', 1024, 1024, '', 'x'], ['i4', 1024, 1024, '', 'x'],
        ['i5', 1024, 1024, '[834.5, 10.25, 20.0, 20.0]', 'x'], ['i6', 1024, 1024, '[5, 5, 5, 5]', 'x']])
    sub = _df(['image_id', 'PredictionString'], [
        ['i1', '0.9 0 0 9 4'], ['i2', '0.9 0 0 10 5'], ['i4', '0.3 1 1 5 5'], ['i5', '1.0 834.5 10.25 20 20']])
    return ('wheat', sol, sub, [
        ({}, (0 + 0 + 0 + 1 + 0) / F(5)),                                    # 1/5
        ({'inclusive': True}, (0 + F(1, 6) + 0 + 1 + 0) / F(5)),             # (7/6)/5 = 7/30
        ({'plus_one': True}, (0 + F(1, 6) + 0 + 1 + 0) / F(5)),              # 7/30
        ({'plus_one': True, 'inclusive': True}, (F(1, 6) + F(1, 6) + 0 + 1 + 0) / F(5)),  # (4/3)/5 = 4/15
    ], 'plus_one moves IoUs onto/off 1/2; > vs >=; empty image left out; empty image with predictions 0')


def fx_sartorius_row_vs_column():
    # One image, height 2, width 3 (NON-square). Solution cells '1 3' and '4 3', predictions '1 2' and '4 3'.
    #   row-major: cell1 = top row, cell2 = bottom row, pred1 = top-left 2 pixels of the top row.
    #   column-major: cell1 = column 0 plus the top of column 1 (pixels (0,0),(1,0),(0,1)): another picture.
    # Either way the same pixel index sets: pred1 vs cell1 IoU 2/3, pred2 vs cell2 IoU 1.
    #   t = .50 .55 .60 .65: TP 2 -> 1;   t = .70 .. .95 (6): TP1 FP1 FN1 -> 1/3
    #   image = (4 + 6/3)/10 = 3/5 for both orders.
    sol = _df(['id', 'annotation', 'width', 'height', 'cell_type'],
              [['s1', '1 3', 3, 2, 'shsy5y'], ['s1', '4 3', 3, 2, 'shsy5y']])
    sub = _df(['id', 'predicted'], [['s1', '1 2'], ['s1', '4 3']])
    v = (4 + 6 * F(1, 3)) / 10  # 3/5
    return ('sartorius', sol, sub, [({'order': 'row'}, v), ({'order': 'column'}, v)],
            'row-major vs column-major on a 2x3 image: different pictures, same score')


def fx_sartorius_overlapping_gt():
    # Height 3, width 4, row-major (pixel p, 1-based, is row (p-1)//4, column (p-1)%4).
    #   g1 = '1 4' (top row), g2 = '1 4' (the same cell annotated twice), g3 = '3 4' (pixels 3..6, overlaps g1, g2)
    #   p1 = '1 4': IoU g1 = 1, g2 = 1, g3 = |{3,4}| / |{1..6}| = 2/6 = 1/3
    #   p2 = '5 2' (pixels 5,6, disjoint from p1): IoU g3 = |{5,6}| / |{3..6}| = 2/4 = 1/2 exactly; g1, g2: 0
    # One-to-one: p1 takes g1 (IoU tie with g2: the first); g2 stays unmatched.
    #   '>':  p2 never hits (1/2 is not > .50): TP1 FP1 FN2 -> 1/4 at all 10 thresholds -> 1/4
    #   '>=': at .50 p2 takes g3: TP2 FP0 FN1 -> 2/3; other 9 thresholds 1/4 -> (2/3 + 9/4)/10 = 35/120 = 7/24
    sol = _df(['id', 'annotation', 'width', 'height'], [['ov', '1 4', 4, 3], ['ov', '1 4', 4, 3], ['ov', '3 4', 4, 3]])
    sub = _df(['id', 'predicted'], [['ov', '1 4'], ['ov', '5 2']])
    return ('sartorius', sol, sub, [
        ({}, F(1, 4)),
        ({'inclusive': True}, (F(2, 3) + 9 * F(1, 4)) / 10),  # 7/24
    ], 'overlapping (even duplicated) gt cells: exact pair counts, one-to-one matching; IoU exactly 1/2')


def fx_sartorius_empty_images():
    # 2x2 images, row-major.
    #   e1: empty annotation, submission row with empty 'predicted' (no prediction) -> 1 (SPEC 2: included)
    #   e2: empty annotation, one prediction -> 0
    #   e3: one cell, no submission row -> 0
    #   e4: one cell '2 2', predicted exactly -> 1
    sol = _df(['id', 'annotation', 'width', 'height'],
              [['e1', '', 2, 2], ['e2', '', 2, 2], ['e3', '1 1', 2, 2], ['e4', '2 2', 2, 2]])
    sub = _df(['id', 'predicted'], [['e1', ''], ['e2', '1 4'], ['e4', '2 2']])
    return ('sartorius', sol, sub, [({}, (1 + 0 + 0 + 1) / F(4))],  # 1/2
            'no gt and no predictions: 1 (included); no gt but predictions: 0; gt but no predictions: 0')


def fx_reef_pooled_fp_only_image():
    # 11 thresholds .30 .35 ... .80.
    #   r1: gt {x 0, y 0, w 10, h 10}, pred (0,0,10,5): IoU 50/100 = 1/2 exactly
    #   r2: no gt ('[]'), two predictions: 2 FP at every threshold (an image with only false positives)
    #   r3: one gt, no submission row: 1 FN at every threshold
    # Pooled per threshold:
    #   r1 hits (t < 1/2, or t <= 1/2 with '>='): TP1 FP2 FN1 -> 5/(5 + 4 + 2) = 5/11
    #   r1 misses:                                TP0 FP3 FN2 -> 0/(0 + 8 + 3) = 0
    #   '>':  hits at .30 .35 .40 .45 (4 of 11) -> 4 * 5/11 / 11 = 20/121
    #   '>=': hits at .30 .. .50 (5 of 11)      -> 5 * 5/11 / 11 = 25/121
    # (A per-image mean would instead give r2 a 0 of its own: pooling counts its FPs against everyone's TPs.)
    sol = _df(['video_id', 'sequence', 'video_frame', 'sequence_frame', 'image_id', 'annotations'], [
        [0, 1, 0, 0, '0-0', "[{'x': 0, 'y': 0, 'width': 10, 'height': 10}]"],
        [0, 1, 1, 1, '0-1', '[]'],
        [0, 1, 2, 2, '0-2', "[{'x': 559, 'y': 213, 'width': 50, 'height': 32}]"]])
    sub = _df(['image_id', 'annotations'], [['0-0', '0.8 0 0 10 5'], ['0-1', '0.9 1 1 5 5 0.1 30 30 5 5']])
    return ('reef', sol, sub, [
        ({}, 4 * F(5, 11) / 11),                   # 20/121
        ({'inclusive': True}, 5 * F(5, 11) / 11),  # 25/121
    ], 'pooled F2: an image with only false positives; IoU exactly 1/2 vs threshold .50')


def fx_reef_conf_tie_and_nothing():
    # r1: gt A = (0,0,10,10) first, B = (2,0,10,10); equal-confidence predictions py = (1,0,10,10) then px = (0,0,10,10).
    #   py: IoU 9/11 with A and with B -> A (first box), at every threshold (9/11 = .818 > .80).
    #   px: A taken; B at IoU 2/3 = .667: TP for t = .30 .. .65 (8 thresholds), FP for .70 .75 .80 (3).
    #   8 thresholds: TP2 FP0 FN0 -> 10/10 = 1;  3 thresholds: TP1 FP1 FN1 -> 5/(5+4+1) = 1/2
    # r2: '[]' and no submission row: adds nothing.
    # score = (8 * 1 + 3 * 1/2) / 11 = 19/22     (px first would give 1)
    sol = _df(['image_id', 'annotations'], [
        ['r1', "[{'x': 0, 'y': 0, 'width': 10, 'height': 10}, {'x': 2, 'y': 0, 'width': 10, 'height': 10}]"],
        ['r2', '[]']])
    sub = _df(['image_id', 'annotations'], [['r1', '0.5 1 0 10 10 0.5 0 0 10 10']])
    return ('reef', sol, sub, [({}, (8 + 3 * F(1, 2)) / 11)], 'equal confidences: file order; equal IoUs: first box')


def fx_reef_nothing_anywhere():
    # No boxes anywhere and no predictions: 5TP + 4FN + FP = 0 at every threshold -> value 1 each -> 1.
    sol = _df(['image_id', 'annotations'], [['n1', '[]'], ['n2', '[]']])
    sub = _df(['image_id', 'annotations'], [['n1', '']])
    return ('reef', sol, sub, [({}, F(1))], 'SPEC 9: a threshold with 5TP + 4FN + FP = 0 has value 1')


_VIN_COLS = ['image_id', 'class_name', 'class_id', 'rad_id', 'x_min', 'y_min', 'x_max', 'y_max']


def fx_vin_voc_all_ties():
    # Class 0 ground truth: v1: G1 = (0,0,10,10), G2 = (0,0,10,8); v2: G3 = (0,0,10,10). n_gt = 3.
    # Submission, file order: v1 row: d1 = (0.9, G1's box), d2 = (0.5, G1's box); v2 row: d3 = (0.9, (50,50,60,60)),
    #   d4 = (0.5, G3's box); v1 also has a class-3 detection (class 3 has no ground truth: ignored by the mean).
    # Ranked (descending confidence, ties in file order): d1 (.9), d3 (.9), d2 (.5), d4 (.5).
    #   d1: best G1 (IoU 1) -> TP.  d3: IoU 0 with G3 -> FP.
    #   d2: best G1 (IoU 1 > G2's 80/100), G1 taken -> FP (no fall-back to G2).   d4: G3 -> TP.
    #   precision 1, 1/2, 1/3, 2/4;  recall 1/3, 1/3, 1/3, 2/3;  envelope 1, 1/2, 1/2, 1/2
    #   AP = (1/3 - 0) * 1 + (2/3 - 1/3) * 1/2 = 1/3 + 1/6 = 1/2.   mAP over {0} = 1/2
    # (Ties broken the other way, d3 d1 d4 d2, would give 4/9; a fall-back for d2 would give 5/6.)
    sol = _df(_VIN_COLS, [['v1', 'Aortic enlargement', 0, 'R1', 0, 0, 10, 10],
                          ['v1', 'Aortic enlargement', 0, 'R2', 0, 0, 10, 8],
                          ['v2', 'Aortic enlargement', 0, 'R1', '0.0', '0.0', '10.0', '10.0']])
    sub = _df(['image_id', 'PredictionString'], [['v1', '0 0.9 0 0 10 10 0 0.5 0 0 10 10 3 0.7 1 1 4 4'],
                                                 ['v2', '0 0.9 50 50 60 60 0 0.5 0 0 10 10']])
    return ('vinbigdata', sol, sub, [({}, F(1, 3) * 1 + F(1, 3) * F(1, 2))],  # 1/2
            'VOC all-point AP by hand, ties in confidence in file order, no fall-back, class without gt ignored')


def fx_vin_class14_once():
    # a1: three class-14 rows (three radiologists: "No finding"): ONE box (0,0,1,1).
    # a2: one class-5 box (10,10,20,20), no class-14 row.
    # Submission: a1 '14 0.9 0 0 1 1' (TP), a2 '14 0.8 0 0 1 1' (FP: a2 has no class 14).
    #   class 14: n_gt 1; ranked TP, FP: precision 1, 1/2; recall 1, 1 -> AP = 1 * 1 = 1
    #             (counted three times n_gt would be 3: AP 1/3)
    #   class 5: n_gt 1, no detection -> AP 0
    # mAP = (1 + 0) / 2 = 1/2
    sol = _df(_VIN_COLS, [['a1', 'No finding', 14, 'R1', '', '', '', ''],
                          ['a1', 'No finding', 14, 'R2', '', '', '', ''],
                          ['a1', 'No finding', 14, 'R3', '', '', '', ''],
                          ['a2', 'Lung Opacity', 5, 'R1', 10, 10, 20, 20]])
    sub = _df(['image_id', 'PredictionString'], [['a1', '14 0.9 0 0 1 1'], ['a2', '14 0.8 0 0 1 1']])
    return ('vinbigdata', sol, sub, [({}, (1 + 0) / F(2))],
            'several class-14 rows of one image count once; a class with gt and no detections has AP 0')


def fx_vin_iou_on_threshold():
    # Class 2: b1 G = (0,0,10,10), b2 G' = (0,0,10,10). n_gt 2.
    # Detections: b1 (0.9, (0,0,10,4)): IoU 40/100 = 2/5 = the threshold exactly; b2 (0.8, (0,0,10,10)): IoU 1.
    #   '>':  FP, TP: precision 0, 1/2; recall 0, 1/2 -> AP = 1/2 * 1/2 = 1/4
    #   '>=': TP, TP: precision 1, 1;   recall 1/2, 1  -> AP = 1/2 * 1 + 1/2 * 1 = 1
    sol = _df(_VIN_COLS, [['b1', 'ILD', 2, 'R1', 0, 0, 10, 10], ['b2', 'ILD', 2, 'R1', 0, 0, 10, 10]])
    sub = _df(['image_id', 'PredictionString'], [['b1', '2 0.9 0 0 10 4'], ['b2', '2 0.8 0 0 10 10']])
    return ('vinbigdata', sol, sub, [({}, F(1, 2) * F(1, 2)), ({'inclusive': True}, F(1))],
            'IoU exactly 0.4: > vs >=')


def fx_vin_identical_boxes_separate():
    # c1: class 7 drawn twice, identically, by two radiologists: two boxes (0,0,10,10). n_gt 2.
    # Detections d1 (0.9, same box), d2 (0.8, same box). Both boxes have IoU 1 with each detection.
    #   d1: equal IoUs -> the first box -> TP.
    #   d2: its highest-IoU box is again the first one (equal IoUs: first in the solution, taken or not), which is
    #       taken -> FP; SPEC 10 says no fall-back, so the twin box is not tried (literal VOC, as voc_eval's argmax).
    #   Ranked TP, FP: precision 1, 1/2; recall 1/2, 1/2; envelope 1, 1/2 -> AP = (1/2 - 0) * 1 = 1/2
    #   (a reading where d2 may take the free twin would give TP, TP -> AP 1)
    sol = _df(_VIN_COLS, [['c1', 'Other lesion', 7, 'R1', 0, 0, 10, 10], ['c1', 'Other lesion', 7, 'R2', 0, 0, 10, 10]])
    sub = _df(['image_id', 'PredictionString'], [['c1', '7 0.9 0 0 10 10 7 0.8 0 0 10 10']])
    return ('vinbigdata', sol, sub, [({}, F(1, 2))],
            'identical boxes of two radiologists are two boxes (n_gt 2); equal IoUs pick the first box, taken -> FP')


FIXTURES = [fx_tgs_iou_on_threshold, fx_tgs_empty_cases_and_size, fx_wheat_conf_tie_file_order,
            fx_wheat_equal_iou_first_box, fx_wheat_plus_one_and_empty_images, fx_sartorius_row_vs_column,
            fx_sartorius_overlapping_gt, fx_sartorius_empty_images, fx_reef_pooled_fp_only_image,
            fx_reef_conf_tie_and_nothing, fx_reef_nothing_anywhere, fx_vin_voc_all_ties, fx_vin_class14_once,
            fx_vin_iou_on_threshold, fx_vin_identical_boxes_separate]


def _case_name(base, opts):
    if not opts: return base
    return base + '__' + '_'.join(k if v is True else f'{k}={v}' for k, v in opts.items()).replace(' ', '')


def fixtures():
    "name -> (metric_name, solution_df, submission_df, options_dict, expected Fraction)."
    out = {}
    for fx in FIXTURES:
        metric, sol, sub, cases, _note = fx()
        for opts, expected in cases:
            out[_case_name(fx.__name__[3:], opts)] = (metric, sol, sub, dict(opts), Fraction(expected))
    return out


def fixture_notes():
    "name of each fixture function (without fx_) -> its one-line note."
    return {fx.__name__[3:]: fx()[4] for fx in FIXTURES}


def run_fixture(metric, sol, sub, opts):
    "The reference score of one fixture (the first item of the ref function's result)."
    return REFS[metric](sol, sub, **opts)[0]


def _roundtrip(df):
    "Through CSV and back as the notebooks read files: dtype=str, keep_default_na=False."
    buf = io.StringIO()
    df.to_csv(buf, index=False)
    buf.seek(0)
    return pd.read_csv(buf, dtype=str, keep_default_na=False)


def _expect_error(f, contains):
    try: f()
    except RefError as e:
        if contains not in str(e): raise AssertionError(f'error {e!r} does not mention {contains!r}')
        return
    raise AssertionError(f'no RefError ({contains})')


def selfcheck(verbose=False):
    "Run every fixture (after a CSV round trip) through the reference; raise on any mismatch."
    bad = []
    for name, (metric, sol, sub, opts, expected) in fixtures().items():
        s, b = _roundtrip(sol), _roundtrip(sub)
        s0, b0 = s.copy(), b.copy()
        got = run_fixture(metric, s, b, opts)
        pd.testing.assert_frame_equal(s, s0); pd.testing.assert_frame_equal(b, b0)  # inputs not modified
        if not isinstance(got, Fraction) or got != expected: bad.append(f'{name}: got {got}, expected {expected}')
        elif verbose: print(f'{name:55s} {metric:11s} {str(expected):>7s}')
    # row-major vs column-major: different pictures of the same RLE on a non-square image
    row = decode_rle('1 3', 2, 3, order='row')
    col = decode_rle('1 3', 2, 3, order='column')
    assert row.tolist() == [[True, True, True], [False, False, False]], row
    assert col.tolist() == [[True, True, False], [True, False, False]], col
    assert decode_rle('2 3', 2, 3, order='row').tolist() == [[False, True, True], [True, False, False]]
    # a few of the errors the reference raises (SPEC 0: bad input is an error)
    _expect_error(lambda: decode_rle('1 3 2 2', 4, 4), 'overlapping')
    _expect_error(lambda: decode_rle('5 3', 2, 3), 'past pixel')
    _expect_error(lambda: decode_rle('1 0', 2, 3), 'positive')
    _expect_error(lambda: decode_rle('1 2 3', 2, 3), 'odd')
    _, s, b, _, _ = fx_tgs_iou_on_threshold()
    _expect_error(lambda: ref_tgs(s, pd.concat([b, b.head(1)])), 'more than once')
    _expect_error(lambda: ref_tgs(s, b.head(1).assign(id='zz')), 'not in the solution')
    _, s, b, _, _ = fx_sartorius_overlapping_gt()
    _expect_error(lambda: ref_sartorius(s, _df(['id', 'predicted'], [['ov', '1 4'], ['ov', '4 2']])), 'overlap')
    _, s, b, _, _ = fx_wheat_conf_tie_file_order()
    _expect_error(lambda: ref_wheat(s, b.assign(PredictionString='0.5 1 2 3')), 'groups of 5')
    _expect_error(lambda: ref_wheat(s.assign(bbox='[1, 2, 3]'), b), 'bbox')
    _, s, b, _, _ = fx_reef_pooled_fp_only_image()
    _expect_error(lambda: ref_reef(s.assign(annotations="[{'x': 1, 'y': 2, 'width': 3}]"), b), 'keys')
    _expect_error(lambda: ref_reef(s.assign(annotations="[__import__('os')]"), b), 'bad annotations')
    _, s, b, _, _ = fx_vin_class14_once()
    _expect_error(lambda: ref_vinbigdata(s, b.assign(PredictionString='15 0.5 0 0 1 1')), 'class')
    # details: per-threshold values and per-class APs
    _, s, b, _, _ = fx_reef_pooled_fp_only_image()
    _, by_t = ref_reef(s, b)
    assert list(by_t) == THRESHOLDS['reef'] and by_t[Fraction(45, 100)] == Fraction(5, 11) and by_t[Fraction(1, 2)] == 0
    _, s, b, _, _ = fx_vin_class14_once()
    assert ref_vinbigdata(s, b)[1] == {5: 0, 14: 1}
    assert ref_vinbigdata_f1(s, b)[1] == {5: 0, 14: Fraction(2, 3)}  # class 14: P 1/2, R 1 -> F1 2/3
    if bad: raise AssertionError('reference does not reproduce the hand-computed fixtures:\n' + '\n'.join(bad))
    return len(fixtures())


if __name__ == '__main__':
    print(selfcheck(verbose=True), 'fixtures pass')
