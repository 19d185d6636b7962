"""Make the bundled data of the TGS, Global Wheat, Sartorius, Great Barrier Reef and VinBigData presets (seeded).

    python tools/make_preset_data.py        # writes, byte for byte the same on every run:
        data/tgs_synthetic_solution.csv          data/sample_tgs_submission.csv
        data/wheat_synthetic_solution.csv        data/sample_wheat_submission.csv
        data/sartorius_synthetic_solution.csv    data/sample_sartorius_submission.csv
                                                 data/sample_reef_submission.csv   (for the real reef_train_subset.csv)
        data/vinbigdata_synthetic_solution.csv   data/sample_vinbigdata_submission.csv

Solutions named `*_synthetic_solution.csv` are made up here, in the exact layout of the competition's `train.csv`
(no real labels of those competitions are bundled); `reef_train_subset.csv` holds real labels (data/PROVENANCE.md).
Every `sample_*_submission.csv` is a plausible submission for its solution: each prediction starts from a
ground-truth object and is shifted, grown or shrunk; some objects are missed and some false ones added;
confidences have three decimals (so some tie); predicted masks never overlap each other.

Files of any size, for tests and benchmarks: `<name>_files(rng, n_images)` returns `(solution, submission)`,
DataFrames of strings in the exact layout (`df.to_csv(path, index=False)` writes the competition's file text), and
`<name>_submission(rng, solution)` makes a submission for a given solution (real or synthetic):

    import sys; sys.path.insert(0, 'tools')
    import numpy as np
    from make_preset_data import vinbigdata_files, reef_submission
    sol, sub = vinbigdata_files(np.random.default_rng(0), 3000)   # 3,000 images in well under a second

Layouts (SPEC sections 6-10): TGS `id,rle_mask` 101x101, column-major RLE, one row per image (empty = no salt);
wheat `image_id,width,height,bbox,source` one row per box, bbox `[xmin, ymin, width, height]`, an empty bbox
declares an image without boxes; Sartorius `id,annotation,width,height,cell_type,plate_time,sample_date,sample_id,
elapsed_timedelta` one row per cell, row-major RLE, 704 wide x 520 high, cells may overlap; reef
`video_id,sequence,video_frame,sequence_frame,image_id,annotations`, annotations a list of dicts text, images
1280x720; VinBigData `image_id,class_name,class_id,rad_id,x_min,y_min,x_max,y_max`, one row per box and
radiologist, class 14 "No finding" rows with empty coordinates. Submissions: TGS `id,rle_mask` (one row per image),
wheat and VinBigData `image_id,PredictionString`, Sartorius `id,predicted` (one row per predicted cell), reef
`image_id,annotations`.
"""
from pathlib import Path
import re
import numpy as np, pandas as pd

DATA = Path(__file__).resolve().parent.parent/'data'

# ----------------------------------------------------------------------------------------------------- helpers

def _hex_ids(rng, n: int, k: int) -> list:
    "`n` distinct random lowercase hex ids of `k` characters (`k` <= 32)."
    out, seen = [], set()
    while len(out) < n:
        m = n - len(out) + 8
        parts = [rng.integers(0, 2 ** 64, m, dtype=np.uint64) for _ in range((k + 15) // 16)]
        for vals in zip(*(p.tolist() for p in parts)):
            s = ''.join(f'{v:016x}' for v in vals)[:k]
            if s not in seen: seen.add(s); out.append(s)
    return out[:n]


def _expand(lo: np.ndarray, hi: np.ndarray) -> tuple:
    "For ranges `[lo_i, hi_i)`: `(i, j)` over every member j of every range, in order."
    n = np.maximum(hi - lo, 0)
    i = np.repeat(np.arange(len(n)), n)
    return i, lo[i] + np.arange(len(i)) - np.repeat(np.cumsum(n) - n, n)


def _join_groups(tokens: list, group: np.ndarray, n: int, sep: str = ' ') -> list:
    "`n` strings: the `tokens` of each group joined by `sep` ('' for a group without tokens); `group` sorted."
    counts = np.bincount(np.asarray(group, np.int64), minlength=n)
    ends = np.cumsum(counts)
    return [sep.join(tokens[a:b]) for a, b in zip((ends - counts).tolist(), ends.tolist())]


def _rle_strings(obj: np.ndarray, start: np.ndarray, length: np.ndarray, n: int) -> list:
    "Kaggle RLE text (1-based `start length` pairs) of `n` objects from their 0-based runs, sorted by (obj, start)."
    tok = [f'{s} {l}' for s, l in zip((start + 1).tolist(), length.tolist())]
    return _join_groups(tok, obj, n)


def _parse_rle(strings) -> tuple:
    "`(obj, start, length)`: the runs of RLE `strings` ('' = empty), 0-based starts."
    toks = [str(s).split() for s in strings]
    count = np.array([len(t) for t in toks], np.int64)
    vals = np.array([v for t in toks for v in t], np.int64)
    obj = np.repeat(np.arange(len(toks)), count // 2)
    return obj, vals[0::2] - 1, vals[1::2]


def _mask_runs(flat: np.ndarray) -> tuple:
    "`(img, start, length)`, 0-based, of the runs of every row of the boolean `flat` (n, P), sorted by (img, start)."
    n, p = flat.shape
    pad = np.zeros((n, p + 2), np.int8)
    pad[:, 1:-1] = flat
    d = np.diff(pad, axis=1)
    img, s = np.nonzero(d == 1)
    _, e = np.nonzero(d == -1)
    return img, s, e - s


def _label_runs(lab: np.ndarray) -> tuple:
    "`(label, start, length)` of the runs of a label image flattened as given (row-major), sorted by (label, start)."
    f = lab.ravel()
    ch = np.flatnonzero(f[1:] != f[:-1]) + 1
    s = np.concatenate([[0], ch])
    e = np.concatenate([ch, [f.size]])
    v = f[s]
    k = v > 0
    o = np.argsort(v[k], kind='stable')
    return v[k][o], s[k][o], (e - s)[k][o]


def _conf(rng, a: float, b: float, n: int) -> np.ndarray:
    "`n` confidences from Beta(a, b) rounded to 3 decimals (so that some tie), in [0.001, 1]."
    return np.clip(np.round(rng.beta(a, b, n), 3), 0.001, 1.0)


def _order_desc(img: np.ndarray, conf: np.ndarray) -> np.ndarray:
    "Order by image, then descending confidence; equal confidences keep their order."
    return np.lexsort((np.arange(len(img)), -conf, img))


def _image_order(ids) -> tuple:
    "`(unique ids in order of first appearance, index of each row's id in that list)`."
    codes, uniq = pd.factorize(pd.Series(ids, dtype=object))
    return list(uniq), codes.astype(np.int64)


def _frame(columns: list, data: dict) -> pd.DataFrame:
    "A DataFrame of strings with `columns`."
    return pd.DataFrame({c: pd.Series(data[c], dtype=object).astype(str) for c in columns})

# ------------------------------------------------------------------------------------------------------- TGS

TGS_SIZE = 101


def _blobs(rng, n: int, size: int, radius: tuple) -> np.ndarray:
    "(n, size, size) ellipses with a wavy outline, semi-axes in `radius`, centred anywhere in the image."
    yy, xx = np.indices((size, size), dtype=np.float32)
    f32 = lambda a: a.astype(np.float32)[:, None, None]
    cy, cx = f32(rng.uniform(0, size, n)), f32(rng.uniform(0, size, n))
    ry, rx = f32(rng.uniform(*radius, n)), f32(rng.uniform(*radius, n))
    th, p1, p2 = (f32(rng.uniform(0, 2 * np.pi, n)) for _ in range(3))
    dy, dx = yy[None] - cy, xx[None] - cx
    c, s = np.cos(th), np.sin(th)
    u, v = (dx * c + dy * s) / rx, (-dx * s + dy * c) / ry
    ang = np.arctan2(v, u)
    return np.hypot(u, v) < 1 + np.float32(0.12) * np.sin(3 * ang + p1) + np.float32(0.07) * np.sin(5 * ang + p2)


def _tgs_masks(rng, n: int, size: int = TGS_SIZE) -> np.ndarray:
    "(n, size, size) salt masks: ~38% empty, salt under (or over) a wavy horizon, side walls, blobs, a few full."
    kind = rng.choice(5, n, p=[0.38, 0.32, 0.07, 0.19, 0.04])  # empty, horizon, wall, blob, full
    yy, xx = np.indices((size, size), dtype=np.float32)
    out = np.zeros((n, size, size), bool)
    for k in (1, 2):  # a curve c(t) = base + amp sin(2 pi t / period + phase) + slope (t - size/2)
        i = np.flatnonzero(kind == k)
        base, amp = rng.uniform(8, size - 8, len(i)), rng.uniform(0, 14, len(i))
        period, phase = rng.uniform(40, 260, len(i)), rng.uniform(0, 2 * np.pi, len(i))
        slope, flip = rng.normal(0, 0.35, len(i)), rng.random(len(i)) < 0.3
        t = np.arange(size, dtype=np.float32)[None]
        c = base[:, None] + amp[:, None] * np.sin(2 * np.pi * t / period[:, None] + phase[:, None]) \
            + slope[:, None] * (t - size / 2)
        a, b = (yy, c[:, None, :]) if k == 1 else (xx, c[:, :, None])  # horizon: y > c(x); wall: x > c(y)
        m = a[None] > b
        out[i] = np.where(flip[:, None, None], ~m, m)
    out[kind == 3] = _blobs(rng, int((kind == 3).sum()), size, (6, 45))
    out[kind == 4] = True
    return out


def _shift(m: np.ndarray, dy: np.ndarray, dx: np.ndarray) -> np.ndarray:
    "Each mask of `m` (n, H, W) moved by (dy_i, dx_i), the edges repeated into the uncovered strip."
    n, h, w = m.shape
    k = int(max(np.abs(dy).max(initial=0), np.abs(dx).max(initial=0)))
    p = np.pad(m, ((0, 0), (k, k), (k, k)), mode='edge')
    out = np.empty_like(m)
    for a, b in sorted(set(zip(dy.tolist(), dx.tolist()))):
        i = np.flatnonzero((dy == a) & (dx == b))
        out[i] = p[i, k - a:k - a + h, k - b:k - b + w]
    return out


def _morph(m: np.ndarray, dilate: bool) -> np.ndarray:
    "One 4-neighbour dilation or erosion of every mask of `m` (n, H, W); the image border repeats the edge."
    p = np.pad(m, ((0, 0), (1, 1), (1, 1)), mode='edge')
    nb = [p[:, 1:-1, 1:-1], p[:, :-2, 1:-1], p[:, 2:, 1:-1], p[:, 1:-1, :-2], p[:, 1:-1, 2:]]
    return np.logical_or.reduce(nb) if dilate else np.logical_and.reduce(nb)


def _grow(m: np.ndarray, k: np.ndarray) -> np.ndarray:
    "Mask i of `m` dilated k_i times (k_i > 0) or eroded -k_i times."
    m = m.copy()
    for step in range(1, int(np.abs(k).max(initial=0)) + 1):
        for sel, dil in ((k >= step, True), (k <= -step, False)):
            if sel.any(): m[sel] = _morph(m[sel], dil)
    return m


def _tgs_encode(masks: np.ndarray) -> list:
    "Column-major Kaggle RLE of each mask of `masks` (n, H, W)."
    n = len(masks)
    img, s, l = _mask_runs(masks.transpose(0, 2, 1).reshape(n, -1))
    return _rle_strings(img, s, l, n)


def _tgs_decode(rles, size: int = TGS_SIZE) -> np.ndarray:
    "(n, size, size) masks of column-major RLE strings."
    obj, s, l = _parse_rle(rles)
    i, j = _expand(s, s + l)
    flat = np.zeros((len(rles), size * size), bool)
    flat[obj[i], j] = True
    return flat.reshape(len(rles), size, size).transpose(0, 2, 1)


def tgs_solution(rng, n_images: int) -> pd.DataFrame:
    "A random TGS solution `id,rle_mask`: one row per 101x101 image, column-major RLE, '' where there is no salt."
    ids, rles = _hex_ids(rng, n_images, 10), []
    for a in range(0, n_images, 1000):
        rles += _tgs_encode(_tgs_masks(rng, min(1000, n_images - a)))
    return _frame(['id', 'rle_mask'], {'id': ids, 'rle_mask': rles})


def tgs_submission(rng, solution: pd.DataFrame) -> pd.DataFrame:
    "One predicted mask (or '') per image of `solution`: shifted up to 3 px, grown or shrunk up to 2 px, some missed."
    ids, rles = list(solution['id']), list(solution['rle_mask'].fillna(''))
    out = []
    for a in range(0, len(ids), 1000):
        gt = _tgs_decode(rles[a:a + 1000])
        n = len(gt)
        has, u = gt.reshape(n, -1).any(1), rng.random(n)
        dy, dx = rng.integers(-3, 4, (2, n))
        pred = _grow(_shift(gt, dy, dx), rng.choice([-2, -1, 0, 0, 1, 2], n))
        pred[has & (u < 0.08)] = False  # missed salt
        fp = ~has & (u < 0.15)  # salt seen where there is none: a small blob
        pred[fp] = _blobs(rng, int(fp.sum()), gt.shape[1], (3, 10))
        pred[pred.reshape(n, -1).sum(1) < 10] = False  # specks: thresholded away
        out += _tgs_encode(pred)
    return _frame(['id', 'rle_mask'], {'id': ids, 'rle_mask': out})


def tgs_files(rng, n_images: int) -> tuple:
    "`(solution, submission)` of `n_images` random TGS images."
    sol = tgs_solution(rng, n_images)
    return sol, tgs_submission(rng, sol)

# ----------------------------------------------------------------------------------------------------- wheat

WHEAT_SOURCES = ['arvalis_1', 'ethz_1', 'arvalis_3', 'rres_1', 'arvalis_2', 'usask_1', 'inrae_1']
_WHEAT_P = np.array([1055, 747, 559, 432, 204, 200, 176]) / 3373  # images per source in the real train set
_WHEAT_BOXES = np.array([45, 70, 38, 50, 20, 30, 20])  # mean boxes per image, by source
WHEAT_SIZE = 1024


def _box_text(x, y, w, h) -> list:
    "Wheat bbox texts `[xmin, ymin, width, height]` with one decimal, as Kaggle's train.csv writes them."
    return [f'[{a:.1f}, {b:.1f}, {c:.1f}, {d:.1f}]'
            for a, b, c, d in zip(x.tolist(), y.tolist(), w.tolist(), h.tolist())]


def wheat_solution(rng, n_images: int) -> pd.DataFrame:
    "A random Global Wheat solution: 1024x1024 images, ~45 boxes each, a few images declared empty (empty bbox)."
    ids = _hex_ids(rng, n_images, 9)
    src = rng.choice(len(WHEAT_SOURCES), n_images, p=_WHEAT_P)
    nbox = rng.poisson(_WHEAT_BOXES[src])
    nbox[rng.choice(n_images, int(0.06 * n_images + 0.6), replace=False)] = 0  # 6% of images without wheat
    img = np.repeat(np.arange(n_images), nbox)
    w = np.exp(rng.normal(np.log(85), 0.35, len(img)))
    h = w * np.exp(rng.normal(0, 0.3, len(img)))
    x, y = rng.uniform(-0.3, 1, (2, len(img))) * (WHEAT_SIZE - 0.4 * np.stack([w, h]))
    x0, y0 = np.clip(np.round(x), 0, WHEAT_SIZE) + 0.0, np.clip(np.round(y), 0, WHEAT_SIZE) + 0.0
    x1, y1 = np.clip(np.round(x + w), 0, WHEAT_SIZE), np.clip(np.round(y + h), 0, WHEAT_SIZE)
    k = (x1 - x0 >= 6) & (y1 - y0 >= 6)
    img, x0, y0, x1, y1 = img[k], x0[k], y0[k], x1[k], y1[k]
    empty = np.setdiff1d(np.arange(n_images), img)  # images declared without boxes: one row, empty bbox
    rows = np.concatenate([img, empty])
    bbox = np.array(_box_text(x0, y0, x1 - x0, y1 - y0) + [''] * len(empty), dtype=object)
    o = np.argsort(rows, kind='stable')
    rows, bbox = rows[o], bbox[o]
    return _frame(['image_id', 'width', 'height', 'bbox', 'source'],
                  {'image_id': [ids[i] for i in rows], 'width': [str(WHEAT_SIZE)] * len(rows),
                   'height': [str(WHEAT_SIZE)] * len(rows), 'bbox': bbox,
                   'source': [WHEAT_SOURCES[src[i]] for i in rows]})


def _jitter_boxes(rng, x, y, w, h, *, move=0.06, scale=0.08) -> tuple:
    "Boxes (x, y, w, h) with their centre moved by ~`move` of their size and their size scaled by ~`scale`."
    cx, cy = x + w / 2 + rng.normal(0, move, len(x)) * w, y + h / 2 + rng.normal(0, move, len(x)) * h
    w, h = w * np.exp(rng.normal(0, scale, len(x))), h * np.exp(rng.normal(0, scale, len(x)))
    return cx - w / 2, cy - h / 2, w, h


def _clip_xywh(x, y, w, h, width, height) -> tuple:
    "Integer boxes (x, y, w, h) clipped to the image."
    x0, y0 = np.clip(np.round(x), 0, width) + 0.0, np.clip(np.round(y), 0, height) + 0.0  # + 0.0: never '-0'
    x1, y1 = np.clip(np.round(x + w), 0, width), np.clip(np.round(y + h), 0, height)
    return x0, y0, x1 - x0, y1 - y0


def _xywh_predictions(rng, img, x, y, w, h, n_img, *, size, p_miss, fp_rate, hit_conf, fp_conf) -> list:
    "Per image, the text `conf x y w h ...` of predictions made from the ground-truth boxes `img, x, y, w, h`."
    has_gt = np.bincount(img, minlength=n_img) > 0
    keep = rng.random(len(img)) >= p_miss
    img, (x, y, w, h) = img[keep], _jitter_boxes(rng, x[keep], y[keep], w[keep], h[keep])
    conf = _conf(rng, *hit_conf, len(img))
    nfp = rng.poisson(np.where(has_gt, fp_rate, fp_rate / 3), n_img)  # fewer false boxes on empty images
    fimg = np.repeat(np.arange(n_img), nfp)
    fw = np.exp(rng.normal(np.log(np.median(w) if len(w) else 60), 0.4, len(fimg)))
    fh = fw * np.exp(rng.normal(0, 0.25, len(fimg)))
    fx, fy = rng.uniform(0, 1, len(fimg)) * (size[0] - fw), rng.uniform(0, 1, len(fimg)) * (size[1] - fh)
    img, conf = np.concatenate([img, fimg]), np.concatenate([conf, _conf(rng, *fp_conf, len(fimg))])
    x, y, w, h = _clip_xywh(np.concatenate([x, fx]), np.concatenate([y, fy]), np.concatenate([w, fw]),
                            np.concatenate([h, fh]), *size)
    k = (w >= 2) & (h >= 2)
    o = _order_desc(img[k], conf[k])
    g = [a[k][o] for a in (img, conf, x, y, w, h)]
    tok = [f'{c:.3f} {a:.0f} {b:.0f} {cw:.0f} {ch:.0f}'
           for c, a, b, cw, ch in zip(g[1].tolist(), g[2].tolist(), g[3].tolist(), g[4].tolist(), g[5].tolist())]
    return _join_groups(tok, g[0], n_img)


def wheat_submission(rng, solution: pd.DataFrame) -> pd.DataFrame:
    "`image_id,PredictionString` for every image of a wheat `solution`: boxes jittered, 10% missed, a few false."
    ids, code = _image_order(solution['image_id'])
    bb = solution['bbox'].fillna('').astype(str).to_numpy()
    has = bb != ''
    v = np.array([t[1:-1].split(',') for t in bb[has]], float).reshape(-1, 4)
    size = (float(solution['width'].iat[0]), float(solution['height'].iat[0])) if len(solution) else (1024., 1024.)
    pred = _xywh_predictions(rng, code[has], *v.T, len(ids), size=size, p_miss=0.1, fp_rate=1.5,
                             hit_conf=(5, 2), fp_conf=(2, 5))
    return _frame(['image_id', 'PredictionString'], {'image_id': ids, 'PredictionString': pred})


def wheat_files(rng, n_images: int) -> tuple:
    "`(solution, submission)` of `n_images` random Global Wheat images."
    sol = wheat_solution(rng, n_images)
    return sol, wheat_submission(rng, sol)

# ------------------------------------------------------------------------------------------------- Sartorius

SARTORIUS_SIZE = (520, 704)  # (height, width)
# cell type: (cells per image (low, high), semi-axes a and b (low, high), outline wobble, sample_id prefix)
_CELLS = {'shsy5y': ((35, 80), (6, 18), (3, 7), 0.12, 'shsy5y[diff]'),
          'astro': ((10, 25), (14, 42), (8, 22), 0.22, 'astros[hereditary]'),
          'cort': ((20, 45), (6, 11), (5, 9), 0.08, 'cort[pre-treat]')}


def _ellipse_runs(rng, cy, cx, a, b, th, wob, shape) -> tuple:
    "`(cell, start, length)` row-major 0-based runs of rotated ellipses with a wavy outline (one run per row)."
    h, w = shape
    half = np.sqrt((a * np.sin(th)) ** 2 + (b * np.cos(th)) ** 2)
    cell, y = _expand(np.floor(cy - half).astype(np.int64), np.ceil(cy + half).astype(np.int64) + 1)
    c, s = np.cos(th)[cell], np.sin(th)[cell]
    ia, ib = 1 / a[cell] ** 2, 1 / b[cell] ** 2
    v = y - cy[cell]
    qa = c * c * ia + s * s * ib
    qb = 2 * v * s * c * (ia - ib)
    qc = v * v * (s * s * ia + c * c * ib) - 1
    disc = qb * qb - 4 * qa * qc
    k = disc > 0
    cell, y, qa, qb, disc = cell[k], y[k], qa[k], qb[k], disc[k]
    mid, hw = -qb / (2 * qa), np.sqrt(disc) / (2 * qa)
    freq, phase = rng.uniform(0.3, 0.9, len(a)), rng.uniform(0, 2 * np.pi, len(a))
    hw = hw * (1 + wob[cell] * np.sin(freq[cell] * y + phase[cell]))
    x0 = np.maximum(np.ceil(cx[cell] + mid - hw), 0).astype(np.int64)
    x1 = np.minimum(np.floor(cx[cell] + mid + hw), w - 1).astype(np.int64)
    k = (x1 >= x0) & (y >= 0) & (y < h)
    return cell[k], y[k] * w + x0[k], x1[k] - x0[k] + 1


def _place_cells(rng, n: int, shape, a_rng, b_rng) -> tuple:
    "Centres, semi-axes and angles of `n` cells in a few clusters, kept apart, but ~8% squeezed against a neighbour."
    h, w = shape
    m = 3 * n + 4  # candidates
    k = max(1, n // 15)
    centre = rng.uniform((0, 0), (h, w), (k, 2))
    p = centre[rng.integers(0, k, m)] + rng.normal(0, 80, (m, 2))
    lone = rng.random(m) < 0.3
    p[lone] = rng.uniform((0, 0), (h, w), (int(lone.sum()), 2))
    p = np.clip(p, 0, (h - 1, w - 1))
    a, b, th = rng.uniform(*a_rng, m), rng.uniform(*b_rng, m), rng.uniform(0, np.pi, m)
    b = np.minimum(a, b)
    far = np.hypot(*(p[:, None] - p[None]).transpose(2, 0, 1)) >= 0.75 * (a[:, None] + a[None])
    keep = []
    for i in range(m):  # first come, kept unless it sits on a cell already kept
        if len(keep) == n: break
        if far[i, keep].all(): keep.append(i)
    p, a, b, th = p[keep], a[keep], b[keep], th[keep]
    hug = np.flatnonzero(rng.random(len(keep)) < 0.08)
    hug = hug[hug > 0]  # each one touches the cell before it, overlapping it a little
    ang = rng.uniform(0, 2 * np.pi, len(hug))
    d = 0.8 * (a[hug] + a[hug - 1]) / 2 + b[hug]
    p[hug] = np.clip(p[hug - 1] + d[:, None] * np.stack([np.sin(ang), np.cos(ang)], 1), 0, (h - 1, w - 1))
    return p[:, 0], p[:, 1], a, b, th


def sartorius_solution(rng, n_images: int, *, size=SARTORIUS_SIZE) -> pd.DataFrame:
    "A random Sartorius solution (row-major RLE), one row per cell; some cells overlap; 3% of images empty."
    h, w = size
    ids = _hex_ids(rng, n_images, 12)
    types = list(_CELLS)
    ctype = rng.choice(len(types), n_images, p=[0.5, 0.25, 0.25])
    empty = np.zeros(n_images, bool)
    empty[rng.choice(n_images, int(0.03 * n_images + 0.6), replace=False)] = True  # 3% of images without cells
    rows = {c: [] for c in ['id', 'annotation', 'width', 'height', 'cell_type', 'plate_time', 'sample_date',
                            'sample_id', 'elapsed_timedelta']}
    for i in range(n_images):
        t = types[ctype[i]]
        (lo, hi), a_rng, b_rng, wob, prefix = _CELLS[t]
        n = 0 if empty[i] else int(rng.integers(lo, hi + 1))
        cy, cx, a, b, th = _place_cells(rng, n, size, a_rng, b_rng)
        cell, start, length = _ellipse_runs(rng, cy, cx, a, b, th, np.full(n, wob), size)
        n = len(np.unique(cell))
        rles = _rle_strings(np.unique(cell, return_inverse=True)[1], start, length, n) if n else ['']
        hours = int(rng.integers(0, 8)) * 12 + int(rng.choice([0, 12]))
        minutes = 30 * int(rng.integers(0, 2))
        day = pd.Timestamp('2019-06-01') + pd.Timedelta(days=int(rng.integers(0, 450)))
        well = f'{"ABCDEFG"[int(rng.integers(0, 7))]}{int(rng.integers(2, 12))}-{int(rng.integers(1, 5))}'
        meta = {'id': ids[i], 'width': str(w), 'height': str(h), 'cell_type': t,
                'plate_time': f'{hours:02d}h{minutes:02d}m00s', 'sample_date': day.strftime('%Y-%m-%d'),
                'sample_id': f'{prefix}_{well}_Vessel-{int(rng.integers(100, 800))}_Ph_{int(rng.integers(1, 5))}',
                'elapsed_timedelta': f'{hours // 24} days {hours % 24:02d}:{minutes:02d}:00'}
        for r in rles:
            rows['annotation'].append(r)
            for c, v in meta.items(): rows[c].append(v)
    return _frame(list(rows), rows)


def _paint(pix: np.ndarray, lab: np.ndarray, n_pixels: int) -> np.ndarray:
    "A label image (flat) where each pixel of `pix` gets the label of its first occurrence (earlier cells win)."
    out = np.zeros(n_pixels, np.int64)
    u, first = np.unique(pix, return_index=True)
    out[u] = lab[first]
    return out


def _grow_labels(lab: np.ndarray, grow: np.ndarray, shrink: np.ndarray) -> np.ndarray:
    "One 4-neighbour step: cells in `grow` take free neighbouring pixels, cells in `shrink` lose their border."
    p = np.pad(lab, 1)
    nbs = [p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]]
    out = lab.copy()
    for nb in nbs:
        take = (out == 0) & (lab == 0) & grow[nb]
        out[take] = nb[take]
    border = np.logical_or.reduce([nb != lab for nb in nbs]) & shrink[lab]
    out[border & (lab > 0)] = 0
    return out


def sartorius_submission(rng, solution: pd.DataFrame, *, order: str = 'C') -> pd.DataFrame:
    "`id,predicted`: per image the cells shifted up to 2 px, some grown or shrunk, 10% missed, a few false; no overlap."
    ids, code = _image_order(solution['id'])
    ann = solution['annotation'].fillna('').astype(str).to_numpy()
    hw = solution.groupby(code)[['height', 'width']].first().astype(int).to_numpy()
    out_id, out_rle = [], []
    for i, iid in enumerate(ids):
        h, w = hw[i]
        rles = [r for r in ann[code == i] if r]
        obj, s, l = _parse_rle(rles)
        cell, p = _expand(s, s + l)
        cell = obj[cell]
        y, x = (p // w, p % w) if order == 'C' else (p % h, p // h)
        n = len(rles)
        keep = rng.random(n) >= 0.1
        dy, dx = rng.integers(-2, 3, (2, n))
        y, x = y + dy[cell], x + dx[cell]
        k = keep[cell] & (y >= 0) & (y < h) & (x >= 0) & (x < w)
        nfp = int(rng.poisson(2))  # false cells, small and round
        fy, fx, fa, fb, fth = _place_cells(rng, nfp, (h, w), (5, 10), (4, 8))
        fc, fs, fl = _ellipse_runs(rng, fy, fx, fa, fb, fth, np.full(nfp, 0.1), (h, w))
        fi, fp = _expand(fs, fs + fl)
        pix = np.concatenate([y[k] * w + x[k], fp])
        lab = np.concatenate([cell[k] + 1, n + 1 + fc[fi]])
        img = _paint(pix, lab, h * w).reshape(h, w)
        m = n + nfp + 2
        grow, shrink = rng.random(m) < 0.25, rng.random(m) < 0.25
        grow[0] = shrink[0] = False
        img = _grow_labels(img, grow, shrink)
        area = np.bincount(img.ravel(), minlength=m)
        img[(area < 10)[img]] = 0  # specks left by the overlaps: thresholded away
        if order == 'F': img = img.T
        lab, s, l = _label_runs(img)
        u, inv = np.unique(lab, return_inverse=True)
        r = _rle_strings(inv, s, l, len(u)) if len(u) else ['']
        out_id += [iid] * len(r)
        out_rle += r
    return _frame(['id', 'predicted'], {'id': out_id, 'predicted': out_rle})


def sartorius_files(rng, n_images: int, *, size=SARTORIUS_SIZE) -> tuple:
    "`(solution, submission)` of `n_images` random Sartorius images of `size` (height, width)."
    sol = sartorius_solution(rng, n_images, size=size)
    return sol, sartorius_submission(rng, sol)

# ------------------------------------------------------------------------------------------------------ reef

REEF_SIZE = (1280, 720)  # (width, height)
_REEF_BOX = re.compile(r"\{'x': (-?[0-9.]+), 'y': (-?[0-9.]+), 'width': (-?[0-9.]+), 'height': (-?[0-9.]+)\}")


def reef_solution(rng, n_images: int) -> pd.DataFrame:
    "A random reef solution: 3 videos cut in sequences of frames; starfish tracks drift across them (~20% of frames)."
    W, H = REEF_SIZE
    cols = ['video_id', 'sequence', 'video_frame', 'sequence_frame', 'image_id', 'annotations']
    if n_images == 0: return _frame(cols, {c: [] for c in cols})
    video = np.sort(rng.integers(0, 3, n_images))
    # sequences: consecutive runs of 40..600 frames inside each video
    new = np.zeros(n_images, bool)
    new[0] = True
    new[1:] = video[1:] != video[:-1]
    cut = np.cumsum(rng.integers(40, 600, n_images // 40 + 2))
    new[cut[cut < n_images]] = True
    seq_of = np.cumsum(new) - 1
    n_seq = int(seq_of[-1]) + 1 if n_images else 0
    first = np.flatnonzero(new)
    seq_frame = np.arange(n_images) - first[seq_of]
    seq_len = np.diff(np.append(first, n_images))
    vfirst = np.r_[True, video[1:] != video[:-1]]  # first frame of a video
    step = 1 + np.where(new & ~vfirst, rng.integers(1, 400, n_images), 0)  # frames skipped between sequences
    frame = np.cumsum(step) - 1
    video_frame = frame - frame[np.flatnonzero(vfirst)][np.cumsum(vfirst) - 1]
    seq_ids = rng.choice(np.arange(100, 65000), n_seq, replace=False)
    # tracks: a starfish seen from frame t0 for d frames, drifting and growing as the camera moves
    busy = rng.random(n_seq) < 0.65  # some sequences see no starfish, a few see a crowd
    ntr = np.where(busy, rng.poisson(seq_len * rng.gamma(0.8, 0.009, n_seq) + 0.3), 0)
    tseq = np.repeat(np.arange(n_seq), ntr)
    t0 = (rng.random(len(tseq)) * seq_len[tseq]).astype(np.int64)
    dur = np.minimum(rng.integers(15, 300, len(tseq)), seq_len[tseq] - t0)
    tw = np.exp(rng.normal(np.log(42), 0.35, len(tseq)))
    th = tw * np.exp(rng.normal(-0.1, 0.15, len(tseq)))
    tx, ty = rng.uniform(0, W - tw), rng.uniform(0, H - th)
    vx, vy, g = rng.normal(0, 2.5, len(tseq)), rng.normal(1.5, 2.5, len(tseq)), rng.normal(0, 0.004, len(tseq))
    tr, t = _expand(np.zeros(len(tseq), np.int64), dur)
    img = first[tseq[tr]] + t0[tr] + t
    grow = np.exp(g[tr] * t)
    w, h = np.round(tw[tr] * grow), np.round(th[tr] * grow)
    x = np.round(tx[tr] + vx[tr] * t + rng.normal(0, 0.7, len(tr)))
    y = np.round(ty[tr] + vy[tr] * t + rng.normal(0, 0.7, len(tr)))
    x0, y0 = np.clip(x, 0, W) + 0.0, np.clip(y, 0, H) + 0.0
    x1, y1 = np.clip(x + w, 0, W), np.clip(y + h, 0, H)
    k = (x1 - x0 >= 10) & (y1 - y0 >= 10)
    img, x0, y0, x1, y1 = img[k], x0[k], y0[k], x1[k], y1[k]
    o = np.argsort(img, kind='stable')
    img, x0, y0, x1, y1 = img[o], x0[o], y0[o], x1[o], y1[o]
    tok = [f"{{'x': {a:.0f}, 'y': {b:.0f}, 'width': {c:.0f}, 'height': {d:.0f}}}"
           for a, b, c, d in zip(x0.tolist(), y0.tolist(), (x1 - x0).tolist(), (y1 - y0).tolist())]
    ann = ['[' + s + ']' for s in _join_groups(tok, img, n_images, ', ')]
    return _frame(cols, {'video_id': video.tolist(), 'sequence': seq_ids[seq_of].tolist(),
                         'video_frame': video_frame.tolist(), 'sequence_frame': seq_frame.tolist(), 'annotations': ann,
                         'image_id': [f'{v}-{f}' for v, f in zip(video.tolist(), video_frame.tolist())]})


def _reef_boxes(annotations) -> tuple:
    "`(row, x, y, w, h)` of every box of reef `annotations` texts (read as data, never evaluated)."
    rows, vals = [], []
    for i, s in enumerate(annotations):
        found = _REEF_BOX.findall(s)
        if len(found) != s.count('{'): raise ValueError(f'row {i + 1}: annotations not understood: {s[:80]!r}')
        rows += [i] * len(found)
        vals += found
    v = np.array(vals, float).reshape(-1, 4)
    return (np.array(rows, np.int64), *v.T)


def reef_submission(rng, solution: pd.DataFrame) -> pd.DataFrame:
    "`image_id,annotations` (`conf x y w h ...`) for every image of a reef `solution`: 20% of starfish missed."
    ids = list(solution['image_id'])
    row, x, y, w, h = _reef_boxes(solution['annotations'].fillna('[]').astype(str))
    pred = _xywh_predictions(rng, row, x, y, w, h, len(ids), size=REEF_SIZE, p_miss=0.2, fp_rate=0.06,
                             hit_conf=(4, 2), fp_conf=(1.5, 5))
    return _frame(['image_id', 'annotations'], {'image_id': ids, 'annotations': pred})


def reef_files(rng, n_images: int) -> tuple:
    "`(solution, submission)` of `n_images` random reef video frames."
    sol = reef_solution(rng, n_images)
    return sol, reef_submission(rng, sol)

# ------------------------------------------------------------------------------------------------ VinBigData

VINBIG_CLASSES = ['Aortic enlargement', 'Atelectasis', 'Calcification', 'Cardiomegaly', 'Consolidation', 'ILD',
                  'Infiltration', 'Lung Opacity', 'Nodule/Mass', 'Other lesion', 'Pleural effusion',
                  'Pleural thickening', 'Pneumothorax', 'Pulmonary fibrosis', 'No finding']
# per class 0..13: boxes in the real train set; centre (cx, cy) as fractions of the image (cx < 0: either lung);
# width and height as fractions
_VB = np.array([
    [7162, .57, .30, .11, .12], [279, -1, .60, .15, .15], [960, -1, .45, .05, .05], [5427, .55, .62, .40, .14],
    [556, -1, .55, .18, .20], [1000, -1, .50, .22, .35], [1247, -1, .55, .18, .20], [2483, -1, .50, .15, .18],
    [2580, -1, .45, .04, .04], [2203, -1, .45, .12, .15], [2476, -1, .75, .12, .12], [4842, -1, .22, .10, .05],
    [226, -1, .35, .20, .30], [4655, -1, .30, .12, .12]])
_VB_SIZES = [(2304, 2880), (2540, 3072), (3072, 3072), (1994, 2430), (2336, 2836), (2048, 2500), (2880, 2304)]


def vinbigdata_solution(rng, n_images: int) -> pd.DataFrame:
    "A random VinBigData solution: 3 radiologists per image, each finding drawn by most of them with small shifts."
    ids = _hex_ids(rng, n_images, 32)
    size = np.array(_VB_SIZES)[rng.integers(0, len(_VB_SIZES), n_images)]
    abnormal = rng.random(n_images) < 0.45
    rads = np.where((abnormal & (rng.random(n_images) < 0.85))[:, None], [8, 9, 10],
                    np.argsort(rng.random((n_images, 17)), 1)[:, :3] + 1)
    # findings (consensus boxes) of the abnormal images
    nf = np.where(abnormal, 1 + rng.poisson(1.2, n_images), 0)
    fimg = np.repeat(np.arange(n_images), nf)
    cls = rng.choice(14, len(fimg), p=_VB[:, 0] / _VB[:, 0].sum())
    t = _VB[cls]
    side = np.where(rng.random(len(fimg)) < 0.5, 0.3, 0.7)
    cx = np.where(t[:, 1] < 0, side, t[:, 1]) + rng.normal(0, 0.04, len(fimg))
    cy = t[:, 2] + rng.normal(0, 0.06, len(fimg))
    bw, bh = t[:, 3] * np.exp(rng.normal(0, 0.3, len(fimg))), t[:, 4] * np.exp(rng.normal(0, 0.3, len(fimg)))
    # each radiologist draws each finding with probability 0.7 (at least one draws it), edges moved a little
    drawn = rng.random((len(fimg), 3)) < 0.7
    drawn[np.arange(len(fimg)), rng.integers(0, 3, len(fimg))] |= ~drawn.any(1)
    f, r = np.nonzero(drawn)
    W, H = size[fimg[f], 0].astype(float), size[fimg[f], 1].astype(float)
    e = rng.normal(0, 0.05, (4, len(f)))
    x0 = np.clip(np.round((cx[f] - bw[f] / 2 + e[0] * bw[f]) * W), 0, W - 2) + 0.0  # + 0.0: never '-0.0'
    y0 = np.clip(np.round((cy[f] - bh[f] / 2 + e[1] * bh[f]) * H), 0, H - 2) + 0.0
    x1 = np.clip(np.round((cx[f] + bw[f] / 2 + e[2] * bw[f]) * W), x0 + 2, W)
    y1 = np.clip(np.round((cy[f] + bh[f] / 2 + e[3] * bh[f]) * H), y0 + 2, H)
    bimg, brad, bcls = fimg[f], rads[fimg[f], r], cls[f]
    # a radiologist who drew nothing on an image says "No finding" (every radiologist of a normal image does)
    said = np.zeros((n_images, 3), bool)
    said[bimg, r] = True
    nimg, nr = np.nonzero(~said)
    img = np.concatenate([bimg, nimg])
    rad = np.concatenate([brad, rads[nimg, nr]])
    c = np.concatenate([bcls, np.full(len(nimg), 14)])
    coord = [np.concatenate([v, np.full(len(nimg), np.nan)]) for v in (x0, y0, x1, y1)]
    o = rng.permutation(len(img))  # the real train.csv lists its rows in no particular order
    txt = [['' if np.isnan(v) else f'{v:.1f}' for v in a[o].tolist()] for a in coord]
    return _frame(['image_id', 'class_name', 'class_id', 'rad_id', 'x_min', 'y_min', 'x_max', 'y_max'],
                  {'image_id': [ids[i] for i in img[o]], 'class_name': [VINBIG_CLASSES[k] for k in c[o]],
                   'class_id': c[o].tolist(), 'rad_id': [f'R{k}' for k in rad[o]], 'x_min': txt[0], 'y_min': txt[1],
                   'x_max': txt[2], 'y_max': txt[3]})


def vinbigdata_submission(rng, solution: pd.DataFrame) -> pd.DataFrame:
    "`image_id,PredictionString` (`class conf x_min y_min x_max y_max ...`): a row per image of a VinBigData solution."
    ids, code = _image_order(solution['image_id'])
    n = len(ids)
    cls = solution['class_id'].astype(int).to_numpy()
    box = cls != 14
    img = code[box]
    x0, y0, x1, y1 = (solution[c].to_numpy()[box].astype(float) for c in ('x_min', 'y_min', 'x_max', 'y_max'))
    keep = rng.random(len(img)) < 0.5  # three radiologists draw each finding: predict about half of their boxes
    img, c, x0, y0, x1, y1 = img[keep], cls[box][keep], x0[keep], y0[keep], x1[keep], y1[keep]
    x, y, w, h = _jitter_boxes(rng, x0, y0, x1 - x0, y1 - y0, move=0.05, scale=0.1)
    conf = _conf(rng, 3, 2, len(img))
    flip = rng.random(len(img)) < 0.05  # the wrong class now and then
    c = np.where(flip, rng.integers(0, 14, len(img)), c)
    # false findings near the middle of the image, and "No finding" (class 14, the box 0 0 1 1) for every image
    nfp = rng.poisson(0.4, n)
    fimg = np.repeat(np.arange(n), nfp)
    fw, fh = rng.uniform(100, 600, (2, len(fimg)))
    fx, fy = rng.uniform(300, 1800, (2, len(fimg)))
    normal = np.bincount(code[box], minlength=n) == 0  # every radiologist said "No finding"
    c14 = np.where(normal, _conf(rng, 6, 1.5, n), _conf(rng, 1.5, 6, n))
    sure = normal & (rng.random(n) < 0.3)  # "14 1 0 0 1 1", as the sample submission writes it
    c14[sure] = 1.0
    img = np.concatenate([img, fimg, np.arange(n)])
    c = np.concatenate([c, rng.integers(0, 14, len(fimg)), np.full(n, 14)])
    conf = np.concatenate([conf, _conf(rng, 1.5, 6, len(fimg)), c14])
    x, y = np.concatenate([x, fx, np.zeros(n)]), np.concatenate([y, fy, np.zeros(n)])
    w, h = np.concatenate([w, fw, np.ones(n)]), np.concatenate([h, fh, np.ones(n)])
    o = _order_desc(img, conf)
    tok = []
    for k, cf, a, b, cw, ch in zip(c[o].tolist(), conf[o].tolist(), x[o].tolist(), y[o].tolist(), w[o].tolist(),
                                   h[o].tolist()):
        if k == 14: tok.append('14 1 0 0 1 1' if cf == 1.0 else f'14 {cf:.3f} 0 0 1 1')
        else:
            a, b = max(round(a), 0), max(round(b), 0)
            tok.append(f'{k} {cf:.3f} {a} {b} {a + max(round(cw), 2)} {b + max(round(ch), 2)}')
    pred = _join_groups(tok, img[o], n)
    return _frame(['image_id', 'PredictionString'], {'image_id': ids, 'PredictionString': pred})


def vinbigdata_files(rng, n_images: int) -> tuple:
    "`(solution, submission)` of `n_images` random VinBigData chest X-rays."
    sol = vinbigdata_solution(rng, n_images)
    return sol, vinbigdata_submission(rng, sol)

# ------------------------------------------------------------------------------------------------------ main

def _write(df: pd.DataFrame, name: str):
    df.to_csv(DATA/name, index=False, lineterminator='\n')
    print(f'data/{name}: {len(df)} rows, {(DATA/name).stat().st_size / 1024:.0f} KB')


if __name__ == '__main__':
    for name, make, seed, n in [('tgs', tgs_files, 2018, 40), ('wheat', wheat_files, 2023, 24),
                                ('sartorius', sartorius_files, 2021, 20), ('vinbigdata', vinbigdata_files, 2021, 40)]:
        sol, sub = make(np.random.default_rng(seed), n)
        _write(sol, f'{name}_synthetic_solution.csv')
        _write(sub, f'sample_{name}_submission.csv')
    reef = pd.read_csv(DATA/'reef_train_subset.csv', dtype=str, keep_default_na=False)
    _write(reef_submission(np.random.default_rng(2022), reef), 'sample_reef_submission.csv')
