"""Seeded COCO ground truth and results files (SPEC 11), with the statistics of COCO val2017 or Objects365 val.

    python tools/make_coco_data.py GT.json RESULTS.json [--preset coco|objects365] [--images N] [--seed S]
                                   [--segm polygon|rle] [--no-det-masks]

Importable (the parity tests and the benchmark use it):

    import sys; sys.path.insert(0, 'tools')
    from make_coco_data import make_coco
    gt, results = make_coco(40, seed=3, n_categories=6, segm='polygon')   # a few milliseconds
    gt, results = make_coco()                        # COCO val2017-sized: 5,000 images, ~36,000 objects, ~154,000 dets

`make_coco` returns the ground truth as a dict (`info`, `licenses`, `images`, `annotations`, `categories`, as
`instances_val2017.json` has them) and the results as a list of dicts (`image_id`, `category_id`, `bbox`, `score`,
and `segmentation` when the detections carry masks), as a detector writes them. What is in them, on purpose:

- images of varied sizes (COCO: sides 300-640 px, most 640 on the long side), sparse ids in shuffled order,
  about 1% without ground truth, some without detections;
- categories as COCO's (ids 1..90 with gaps, names, supercategories); a few categories have no ground truth
  (detections only) and a few have no detections (ground truth only); instances skewed towards a few categories,
  images dominated by one category;
- ground-truth sizes as COCO's (about 40% small, 35% medium, 25% large), `bbox` with two decimals; about 1% crowd
  (`iscrowd` 1, large, with an uncompressed RLE `{'counts': [...], 'size': [h, w]}` when there are masks) and a few
  `ignore` flags (0 or 1, on crowd and non-crowd objects: pycocotools overwrites them with `iscrowd`);
  `area` the mask's pixel area with masks, else a plausible object area (45-90% of the box; a few exactly 32**2 or
  96**2, the area ranges' edges);
- detections near ground truth (jittered, small objects found less often), wrong categories, near duplicates and
  exact duplicates, background false positives on every image (a heavy tail: some images get more than 100
  detections), scores with three decimals (many exact ties), grouped by image, best score first, ties in any order;
- `segm='polygon'`: ground truth as polygons (15% of objects in two or three parts), `segm='rle'`: as compressed RLE
  (`counts` a string); with either, detections carry compressed RLE masks (`counts` a string, as a results file
  has them) beside their `bbox` unless `det_masks=False` (`det_boxes=False`: masks without `bbox`). Mind that
  pycocotools' `loadRes` reads a results file whose first entry has a `bbox` as boxes: the detections' `area` is
  then w * h of the box, even in a segm evaluation; without `bbox` it is the mask's area and `bbox` its `toBbox`.
  Masks are made with pycocotools (a dev dependency).
  The ground truth of `segm='polygon'` and `segm='rle'` is the same pixels; the detections' boxes do not depend on
  `det_masks`.

Presets: `coco` (5,000 images, 80 categories, ~36,000 objects, ~154,000 detections) and `objects365` (80,000
images of 480-1024 px sides, 365 categories with ids 1..365, ~800,000 objects, ~1.2 million detections; boxes
only, generated in about half a minute). Every statistic scales with `n_images`.
"""
from __future__ import annotations
import argparse, json
from pathlib import Path
import numpy as np

COCO_CATEGORIES = [  # (id, name, supercategory): COCO 2017's 80 categories, ids 1..90 with gaps
    (1, 'person', 'person'), (2, 'bicycle', 'vehicle'), (3, 'car', 'vehicle'), (4, 'motorcycle', 'vehicle'),
    (5, 'airplane', 'vehicle'), (6, 'bus', 'vehicle'), (7, 'train', 'vehicle'), (8, 'truck', 'vehicle'),
    (9, 'boat', 'vehicle'), (10, 'traffic light', 'outdoor'), (11, 'fire hydrant', 'outdoor'),
    (13, 'stop sign', 'outdoor'), (14, 'parking meter', 'outdoor'), (15, 'bench', 'outdoor'),
    (16, 'bird', 'animal'), (17, 'cat', 'animal'), (18, 'dog', 'animal'), (19, 'horse', 'animal'),
    (20, 'sheep', 'animal'), (21, 'cow', 'animal'), (22, 'elephant', 'animal'), (23, 'bear', 'animal'),
    (24, 'zebra', 'animal'), (25, 'giraffe', 'animal'), (27, 'backpack', 'accessory'),
    (28, 'umbrella', 'accessory'), (31, 'handbag', 'accessory'), (32, 'tie', 'accessory'),
    (33, 'suitcase', 'accessory'), (34, 'frisbee', 'sports'), (35, 'skis', 'sports'), (36, 'snowboard', 'sports'),
    (37, 'sports ball', 'sports'), (38, 'kite', 'sports'), (39, 'baseball bat', 'sports'),
    (40, 'baseball glove', 'sports'), (41, 'skateboard', 'sports'), (42, 'surfboard', 'sports'),
    (43, 'tennis racket', 'sports'), (44, 'bottle', 'kitchen'), (46, 'wine glass', 'kitchen'), (47, 'cup', 'kitchen'),
    (48, 'fork', 'kitchen'), (49, 'knife', 'kitchen'), (50, 'spoon', 'kitchen'), (51, 'bowl', 'kitchen'),
    (52, 'banana', 'food'), (53, 'apple', 'food'), (54, 'sandwich', 'food'), (55, 'orange', 'food'),
    (56, 'broccoli', 'food'), (57, 'carrot', 'food'), (58, 'hot dog', 'food'), (59, 'pizza', 'food'),
    (60, 'donut', 'food'), (61, 'cake', 'food'), (62, 'chair', 'furniture'), (63, 'couch', 'furniture'),
    (64, 'potted plant', 'furniture'), (65, 'bed', 'furniture'), (67, 'dining table', 'furniture'),
    (70, 'toilet', 'furniture'), (72, 'tv', 'electronic'), (73, 'laptop', 'electronic'), (74, 'mouse', 'electronic'),
    (75, 'remote', 'electronic'), (76, 'keyboard', 'electronic'), (77, 'cell phone', 'electronic'),
    (78, 'microwave', 'appliance'), (79, 'oven', 'appliance'), (80, 'toaster', 'appliance'),
    (81, 'sink', 'appliance'), (82, 'refrigerator', 'appliance'), (84, 'book', 'indoor'), (85, 'clock', 'indoor'),
    (86, 'vase', 'indoor'), (87, 'scissors', 'indoor'), (88, 'teddy bear', 'indoor'), (89, 'hair drier', 'indoor'),
    (90, 'toothbrush', 'indoor')]

# n_images, n_categories, image sides (px), ground truth per image, background detections per image, median object
# side (px; the square root of the box area is log-normal around it)
PRESETS = {
    'coco': dict(n_images=5000, n_categories=80, sides=(300, 640), gt_per_image=7.3, fp_per_image=24.0, side=55.0),
    'objects365': dict(n_images=80000, n_categories=365, sides=(480, 1024), gt_per_image=10.0, fp_per_image=5.5,
                       side=60.0),
}
VERSION = 1  # bump on any change of the output for a given seed (the benchmark's cache key includes a hash anyway)


# ------------------------------------------------------------------------------------------------------- helpers
def _nbinom(rng, mean: float, r: float, n: int) -> np.ndarray:
    "`n` negative-binomial counts of mean `mean` and shape `r` (a heavy right tail for small `r`)."
    return rng.negative_binomial(r, r / (r + mean), n) if mean > 0 else np.zeros(n, np.int64)


def _expand(lo: np.ndarray, hi: np.ndarray) -> tuple:
    "For ranges `[lo_i, hi_i)`: `(i, j)` over every member j of every range, in order."
    n = np.maximum(hi - lo, 0)
    i = np.repeat(np.arange(len(n)), n)
    return i, lo[i] + np.arange(len(i)) - np.repeat(np.cumsum(n) - n, n)


def _r2(a) -> list:
    "Floats rounded to two decimals, as Python floats (JSON writes them as `473.07`)."
    return np.round(np.asarray(a, np.float64), 2).tolist()


def _categories(preset: str, k: int) -> list:
    "`k` categories `(id, name, supercategory)`: COCO's (ids with gaps, then more past 90) or numbered 1..k."
    if preset == 'coco':
        extra = [(91 + 2 * i, f'category {91 + 2 * i}', 'other') for i in range(max(0, k - 80))]
        return (COCO_CATEGORIES + extra)[:k]
    return [(i + 1, f'object {i + 1:03d}', 'object') for i in range(k)]


def _category_weights(rng, k: int) -> np.ndarray:
    "Frequencies of `k` categories, skewed as COCO's (the first, 'person', about a quarter of all objects)."
    w = 1 / (1 + rng.permutation(k)) ** 0.8
    w[0] = w.sum() / 3
    return w / w.sum()


# -------------------------------------------------------------------------------------------------------- images
def _images(rng, n: int, sides: tuple) -> tuple:
    "Sparse shuffled image ids, heights, widths: most images have the longest side `sides[1]`, 1 in 4 portrait."
    lo, hi = sides
    ids = rng.permutation(rng.choice(max(10 * n, 1000), n, replace=False) + 1)
    long = np.where(rng.random(n) < 0.8, hi, rng.integers(lo, hi + 1, n))
    short = np.minimum(rng.integers(lo, hi + 1, n), np.where(rng.random(n) < 0.5, np.round(long * 0.75), long))
    portrait = rng.random(n) < 0.25
    return ids.astype(np.int64), np.where(portrait, long, short).astype(np.int64), \
        np.where(portrait, short, long).astype(np.int64)


def _image_dicts(ids, H, W) -> list:
    "The `images` list, with the fields of instances_val2017.json."
    return [{'license': int(i % 8) + 1, 'file_name': f'{i:012d}.jpg',
             'coco_url': f'http://images.cocodataset.org/val2017/{i:012d}.jpg', 'height': h, 'width': w,
             'date_captured': f'2013-11-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(7 * i) % 60:02d}',
             'flickr_url': f'http://farm{1 + i % 9}.staticflickr.com/{i % 9000}/{i}_{i % 997:04x}_z.jpg', 'id': i}
            for i, h, w in zip(ids.tolist(), H.tolist(), W.tolist())]


# ---------------------------------------------------------------------------------------------- ground truth boxes
def _gt_objects(rng, H, W, weights, main, p: dict) -> dict:
    "Ground-truth objects sorted by image: image index, category index, frame box (x, y, w, h), crowd flag."
    n = len(H)
    empty = rng.random(n) < 0.01
    count = np.where(empty, 0, 1 + np.minimum(_nbinom(rng, p['gt_per_image'] / 0.99 - 1, 1.2, n), 90))
    img = np.repeat(np.arange(n), count)
    m = len(img)
    fresh = rng.choice(len(weights), m, p=weights)
    cat = np.where(rng.random(m) < 0.6, main[img], fresh)
    crowd = (rng.random(m) < 0.01) & (count[img] > 1)
    s = np.exp(rng.normal(np.log(p['side']), 1.0, m)) * np.where(crowd, 4, 1)
    a = np.exp(rng.normal(0, 0.5, m))
    w = np.clip(s * np.sqrt(a), 3, W[img] * 0.98)
    h = np.clip(s / np.sqrt(a), 3, H[img] * 0.98)
    x, y = rng.random(m) * (W[img] - w), rng.random(m) * (H[img] - h)
    return dict(img=img, cat=cat, x=x, y=y, w=w, h=h, crowd=crowd, count=count)


def _box_areas(rng, o: dict) -> np.ndarray:
    "A plausible object area for boxes only: 45-90% of the box, a few exactly 32**2 or 96**2 (the ranges' edges)."
    area = o['w'] * o['h'] * rng.uniform(0.45, 0.9, len(o['w']))
    edge = rng.random(len(area)) < 0.003
    return np.where(edge, np.where(rng.random(len(area)) < 0.5, 1024.0, 9216.0), np.round(area, 2))


# ------------------------------------------------------------------------------------------------------- polygons
def _star_vertices(rng, cx, cy, rx, ry, nv) -> tuple:
    "Vertices of one star-shaped polygon per part (centre, radii, vertex count): x, y and the parts' offsets."
    part = np.repeat(np.arange(len(nv)), nv)
    off = np.r_[0, np.cumsum(nv)]
    gaps = rng.exponential(1.0, off[-1])
    c = np.cumsum(gaps) - gaps  # exclusive cumulative sum
    base = c[off[:-1]]
    total = np.add.reduceat(gaps, off[:-1]) if len(nv) else np.zeros(0)
    th = 2 * np.pi * (c - base[part]) / total[part] + rng.uniform(0, 2 * np.pi, len(nv))[part]
    r = rng.uniform(0.7, 1.0, off[-1])
    return cx[part] + r * np.cos(th) * rx[part], cy[part] + r * np.sin(th) * ry[part], off


def _gt_polygons(rng, o: dict, H, W) -> dict:
    "One to three parts per object (crowds three to five), each a star polygon in a slice of the object's frame."
    m = len(o['img'])
    k = np.where(o['crowd'], rng.integers(3, 6, m), rng.choice([1, 2, 3], m, p=[0.85, 0.1, 0.05]))
    k = np.where(np.minimum(o['w'], o['h']) < 12, 1, k)
    obj, j = _expand(np.zeros(m, np.int64), k)
    kk, horiz = k[obj], o['w'][obj] >= o['h'][obj]
    t0, t1 = (j + 0.05) / kk, (j + 0.95) / kk
    x0 = o['x'][obj] + np.where(horiz, t0 * o['w'][obj], 0)
    x1 = np.where(horiz, o['x'][obj] + t1 * o['w'][obj], o['x'][obj] + o['w'][obj])
    y0 = o['y'][obj] + np.where(horiz, 0, t0 * o['h'][obj])
    y1 = np.where(horiz, o['y'][obj] + o['h'][obj], o['y'][obj] + t1 * o['h'][obj])
    rx, ry = (x1 - x0) / 2, (y1 - y0) / 2
    nv = np.clip(np.round(np.pi * (rx + ry) / 5), 6, 60).astype(np.int64)
    vx, vy, off = _star_vertices(rng, x0 + rx, y0 + ry, rx, ry, nv)
    img_v = o['img'][obj][np.repeat(np.arange(len(nv)), nv)]
    vx, vy = np.clip(np.round(vx, 2), 0, W[img_v]), np.clip(np.round(vy, 2), 0, H[img_v])
    return dict(obj=obj, off=off, vx=vx, vy=vy, nparts=k)


def _tight_boxes(poly: dict, m: int) -> np.ndarray:
    "(m, 4) x, y, w, h: each object's tight box around the vertices of all its parts."
    out = np.zeros((m, 4))
    if not m: return out
    vobj = poly['obj'][np.repeat(np.arange(len(poly['obj'])), np.diff(poly['off']))]
    first = np.r_[0, np.flatnonzero(np.diff(vobj)) + 1]
    x0, x1 = np.minimum.reduceat(poly['vx'], first), np.maximum.reduceat(poly['vx'], first)
    y0, y1 = np.minimum.reduceat(poly['vy'], first), np.maximum.reduceat(poly['vy'], first)
    out[vobj[first]] = np.c_[x0, y0, x1 - x0, y1 - y0]
    return np.round(out, 2)


def _part_lists(poly: dict) -> list:
    "Each part as COCO writes a polygon: `[x1, y1, x2, y2, ...]`."
    xy = np.empty(2 * len(poly['vx']))
    xy[0::2], xy[1::2] = poly['vx'], poly['vy']
    flat, off = xy.tolist(), (2 * poly['off']).tolist()
    return [flat[a:b] for a, b in zip(off[:-1], off[1:])]


def _rasterise(parts: list, nparts, obj_img, H, W) -> list:
    "Compressed RLE (pycocotools dict, `counts` bytes) of every object: its parts rasterised and merged, by image."
    from pycocotools import mask as cmask
    out = [None] * len(nparts)
    pstart = np.r_[0, np.cumsum(nparts)]
    bounds = np.r_[0, np.cumsum(np.bincount(obj_img, minlength=len(H)))]
    for i in np.flatnonzero(np.diff(bounds)).tolist():
        a, b = int(bounds[i]), int(bounds[i + 1])
        rles = cmask.frPyObjects(parts[pstart[a]:pstart[b]], int(H[i]), int(W[i]))
        for ob in range(a, b):
            ps = rles[pstart[ob] - pstart[a]:pstart[ob + 1] - pstart[a]]
            out[ob] = ps[0] if len(ps) == 1 else cmask.merge(ps, intersect=0)
    return out


def _uncompressed(rle: dict) -> dict:
    "The uncompressed form COCO gives crowds: `{'counts': [zeros, ones, zeros, ...], 'size': [h, w]}`."
    from pycocotools import mask as cmask
    f = np.asarray(cmask.decode(rle)).ravel(order='F')
    counts = np.diff(np.r_[0, np.flatnonzero(np.diff(f)) + 1, len(f)])
    if len(f) and f[0]: counts = np.r_[0, counts]  # the first count is of zeros
    return {'counts': counts.astype(int).tolist(), 'size': [int(v) for v in rle['size']]}


# ------------------------------------------------------------------------------------------------------ detections
def _jitter(rng, o: dict, src, sig, H, W) -> np.ndarray:
    "(n, 4) boxes around the frames of objects `src`, moved and scaled by `sig` of their size, clipped to the image."
    n = len(src)
    w = o['bw'][src] * np.exp(rng.normal(0, sig, n))
    h = o['bh'][src] * np.exp(rng.normal(0, sig, n))
    cx = o['bx'][src] + o['bw'][src] / 2 + rng.normal(0, sig, n) * o['bw'][src]
    cy = o['by'][src] + o['bh'][src] / 2 + rng.normal(0, sig, n) * o['bh'][src]
    img = o['img'][src]
    return _clip_boxes(cx - w / 2, cy - h / 2, w, h, W[img], H[img])


def _clip_boxes(x, y, w, h, Wi, Hi) -> np.ndarray:
    "(n, 4) boxes clipped to their image, at least one pixel wide and high, two decimals."
    x0, y0 = np.clip(x, 0, Wi - 1), np.clip(y, 0, Hi - 1)
    x1, y1 = np.clip(x + w, x0 + 1, Wi), np.clip(y + h, y0 + 1, Hi)
    return np.round(np.c_[x0, y0, x1 - x0, y1 - y0], 2)


def _detections(rng, o: dict, H, W, det_w, no_det, main, p: dict) -> dict:
    "Detections: hits, wrong categories, near and exact duplicates of ground truth, background false positives."
    m, k, n = len(o['img']), len(det_w), len(H)
    small = o['bw'] * o['bh'] < 32 ** 2
    hit = np.flatnonzero(rng.random(m) < np.where(o['crowd'], 0.3, np.where(small, 0.6, 0.9)))
    sig_h = 0.02 + 0.3 * rng.beta(1.2, 6, len(hit))
    s_hit = rng.normal(0.92 - 2.5 * sig_h, 0.12)
    wrong = np.flatnonzero(rng.random(m) < (0.06 if k > 1 else 0))
    sig_w = 0.03 + 0.2 * rng.beta(1.5, 5, len(wrong))
    cat_w = (o['cat'][wrong] + rng.integers(1, max(k, 2), len(wrong))) % k
    near = hit[rng.random(len(hit)) < 0.15]
    sig_n = 0.08 + 0.3 * rng.beta(1.5, 3, len(near))
    n_fp = np.minimum(_nbinom(rng, p['fp_per_image'], 1.2, n), 400)
    fp_img = np.repeat(np.arange(n), n_fp)
    s = np.exp(rng.normal(np.log(p['side'] * 0.8), 1.0, len(fp_img)))
    a = np.exp(rng.normal(0, 0.5, len(fp_img)))
    fw, fh = np.minimum(s * np.sqrt(a), W[fp_img] * 0.98), np.minimum(s / np.sqrt(a), H[fp_img] * 0.98)
    fp_box = _clip_boxes(rng.random(len(s)) * (W[fp_img] - fw), rng.random(len(s)) * (H[fp_img] - fh), fw, fh,
                         W[fp_img], H[fp_img])
    fp_cat = np.where(rng.random(len(s)) < 0.4, main[fp_img], rng.choice(k, len(s), p=det_w))
    box = np.r_[_jitter(rng, o, hit, sig_h, H, W), _jitter(rng, o, wrong, sig_w, H, W),
                _jitter(rng, o, near, sig_n, H, W), fp_box]
    score = np.r_[s_hit, rng.beta(2, 5, len(wrong)), np.clip(s_hit[np.searchsorted(hit, near)], 0, 1)
                  * rng.uniform(0.2, 0.9, len(near)), rng.beta(1.1, 9, len(s))]
    d = dict(img=np.r_[o['img'][hit], o['img'][wrong], o['img'][near], fp_img],
             cat=np.r_[o['cat'][hit], cat_w, o['cat'][near], fp_cat], box=box,
             score=np.clip(np.round(score, 3), 0.001, 1.0), src=np.r_[hit, wrong, near, np.full(len(s), -1)])
    keep = ~np.isin(d['cat'], no_det)
    d = {key: v[keep] for key, v in d.items()}
    dup = np.flatnonzero((rng.random(len(d['img'])) < 0.01) & (d['src'] >= 0))  # exact duplicates: same everything
    d = {key: np.r_[v, v[dup]] for key, v in d.items()} | {'dup_of': np.r_[np.full(len(d['img']), -1), dup]}
    order = np.argsort(d['img'], kind='stable')  # by image, as _rasterise needs them
    pos = np.argsort(order)
    d = {key: v[order] for key, v in d.items()}
    d['dup_of'] = np.where(d['dup_of'] >= 0, pos[np.maximum(d['dup_of'], 0)], -1)
    return d


def _det_polygons(rng, o: dict, poly: dict, d: dict, H, W) -> dict:
    "Detection polygons: the source object's parts mapped into the detection's box, each vertex moved a little; "
    "background false positives (and duplicates, replaced later) a fresh star polygon in their box."
    own = np.flatnonzero((d['src'] >= 0) & (d['dup_of'] < 0))
    fresh = np.flatnonzero((d['src'] < 0) | (d['dup_of'] >= 0))
    pstart = np.r_[0, np.cumsum(poly['nparts'])]
    det_of_part, gpart = _expand(pstart[d['src'][own]], pstart[d['src'][own] + 1])
    det_of_part = own[det_of_part]
    nv = np.diff(poly['off'])[gpart]
    dp, gv = _expand(poly['off'][gpart], poly['off'][gpart + 1])
    det_v = det_of_part[dp]
    src = d['src'][det_v]
    gx, gy, gw, gh = (o['tight'][src, c] for c in range(4))
    bx, by, bw, bh = (d['box'][det_v, c] for c in range(4))
    jit = 0.02 * np.maximum(bw, bh)
    vx = bx + (poly['vx'][gv] - gx) / np.maximum(gw, 1e-9) * bw + rng.normal(0, 1, len(gv)) * jit
    vy = by + (poly['vy'][gv] - gy) / np.maximum(gh, 1e-9) * bh + rng.normal(0, 1, len(gv)) * jit
    b = d['box'][fresh]
    fx, fy, foff = _star_vertices(rng, b[:, 0] + b[:, 2] / 2, b[:, 1] + b[:, 3] / 2, b[:, 2] / 2, b[:, 3] / 2,
                                  np.clip(np.round(np.pi * (b[:, 2] + b[:, 3]) / 10), 6, 40).astype(np.int64))
    # all parts, ordered by detection (stable: a detection's parts keep their order)
    part_det = np.r_[det_of_part, fresh]
    part_nv = np.r_[nv, np.diff(foff)]
    part_v0 = np.r_[np.r_[0, np.cumsum(nv)][:-1], len(vx) + foff[:-1]]
    order = np.argsort(part_det, kind='stable')
    allx, ally = np.r_[vx, fx], np.r_[vy, fy]
    _, vsel = _expand(part_v0[order], part_v0[order] + part_nv[order])
    img_v = d['img'][np.repeat(part_det[order], part_nv[order])]
    return dict(obj=part_det[order], off=np.r_[0, np.cumsum(part_nv[order])],
                vx=np.clip(np.round(allx[vsel], 2), 0, W[img_v]), vy=np.clip(np.round(ally[vsel], 2), 0, H[img_v]),
                nparts=np.bincount(part_det, minlength=len(d['img'])))


# ------------------------------------------------------------------------------------------------------------ API
def make_coco(n_images: int | None = None,  # images (default: the preset's, 5,000 for coco)
              *, seed: int = 0,  # same seed and arguments, same output
              preset: str = 'coco',  # 'coco' (COCO val2017 statistics) or 'objects365'
              segm: str | None = None,  # None (boxes only), 'polygon' or 'rle': the ground truth's masks
              det_masks: bool | None = None,  # detections carry compressed RLE masks (default: when segm is set)
              det_boxes: bool = True,  # detections with masks also carry their `bbox` (as detectron2 writes them)
              n_categories: int | None = None,  # default: the preset's (80, 365)
              gt_per_image: float | None = None,  # mean ground-truth objects per image (default: the preset's)
              fp_per_image: float | None = None,  # mean background false positives per image (default: the preset's)
              ) -> tuple[dict, list]:
    "Seeded COCO ground truth (dict) and results (list of dicts): see the module's docstring for what is in them."
    if preset not in PRESETS: raise ValueError(f'unknown preset {preset!r} (known: {", ".join(PRESETS)})')
    if segm not in (None, 'polygon', 'rle'): raise ValueError(f"segm must be None, 'polygon' or 'rle', not {segm!r}")
    det_masks = segm is not None if det_masks is None else det_masks
    if det_masks and segm is None: raise ValueError('det_masks needs masks in the ground truth (segm)')
    if not (det_boxes or det_masks): raise ValueError('detections need a bbox or a mask (det_boxes or det_masks)')
    p = PRESETS[preset] | {k: v for k, v in dict(n_images=n_images, n_categories=n_categories,
                                                  gt_per_image=gt_per_image, fp_per_image=fp_per_image).items()
                           if v is not None}
    rng, rng_poly, rng_det, rng_mask = (np.random.default_rng([seed, 1100 + i]) for i in range(4))
    n, k = int(p['n_images']), int(p['n_categories'])
    cats = _categories(preset, k)
    ids, H, W = _images(rng, n, p['sides'])
    weights = _category_weights(rng, k)
    z = max(1, k // 40) if k >= 4 else 0  # categories without ground truth, and as many without detections
    no_gt, no_det = rng.permutation(k)[:2 * z].reshape(2, z) if z else (np.zeros(0, int), np.zeros(0, int))
    gt_w = np.where(np.isin(np.arange(k), no_gt), 0, weights)
    gt_w /= gt_w.sum()
    det_w = np.where(np.isin(np.arange(k), no_det), 0, weights)
    det_w /= det_w.sum()
    main = rng.choice(k, n, p=gt_w)
    o = _gt_objects(rng, H, W, gt_w, main, p)
    o['cat_id'] = np.asarray([c[0] for c in cats], np.int64)[o['cat']]
    m = len(o['img'])
    poly = _gt_polygons(rng_poly, o, H, W) if segm else None
    o['tight'] = _tight_boxes(poly, m) if segm else np.round(np.c_[o['x'], o['y'], o['w'], o['h']], 2)
    o['bx'], o['by'], o['bw'], o['bh'] = o['tight'].T
    area = _box_areas(rng, o)
    parts = _part_lists(poly) if segm else None
    gt_rles = _rasterise(parts, poly['nparts'], o['img'], H, W) if segm else None
    d = _detections(rng_det, o, H, W, det_w, no_det, main, p)
    gt = dict(info=dict(description=f'synthetic {preset} ground truth (tools/make_coco_data.py, seed {seed})',
                        version='1.0', year=2017, contributor='evalkit', date_created='2017/09/01'),
              licenses=[dict(url=f'http://creativecommons.org/licenses/{i}', id=i, name=f'License {i}')
                        for i in range(1, 9)],
              images=_image_dicts(ids, H, W),
              annotations=_annotations(rng, o, ids, area, segm, gt_rles, parts, poly),
              categories=[dict(supercategory=s, id=i, name=nm) for i, nm, s in cats])
    det_rles = None
    if det_masks:
        dp = _det_polygons(rng_mask, o, poly, d, H, W)
        det_rles = _rasterise(_part_lists(dp), dp['nparts'], d['img'], H, W)
        for i, j in zip(np.flatnonzero(d['dup_of'] >= 0).tolist(), d['dup_of'][d['dup_of'] >= 0].tolist()):
            det_rles[i] = det_rles[j]
    return gt, _results(rng_det, d, ids, [c[0] for c in cats], det_rles, det_boxes)


def _annotations(rng, o, ids, area, segm, rles, parts, poly) -> list:
    "The `annotations` list, in a shuffled order, with COCO's fields (and `ignore` on a few)."
    from pycocotools import mask as cmask
    m = len(o['img'])
    ann_id = np.sort(rng.choice(max(20 * m, 1000), m, replace=False)) + 1
    ann_id = np.where(o['crowd'], 900100000000 + ann_id, ann_id)  # COCO's crowd ids are 9001000... too
    if segm and m:  # in chunks: pycocotools' area() makes a uint8 array of the list's length (fails past 255)
        area = np.concatenate([cmask.area(rles[i:i + 255]) for i in range(0, m, 255)]).astype(np.float64)
    ignore = rng.random(m) < 0.004
    ignore_val = (rng.random(m) < 0.7).astype(int)
    pstart = np.r_[0, np.cumsum(poly['nparts'])] if segm else None
    out = []
    boxes, areas = _r2(o['tight']), area.tolist()
    for j in rng.permutation(m).tolist():
        a = {}
        if segm:
            if o['crowd'][j]: a['segmentation'] = _uncompressed(rles[j])
            elif segm == 'rle': a['segmentation'] = {'size': list(rles[j]['size']),
                                                     'counts': rles[j]['counts'].decode('ascii')}
            else: a['segmentation'] = parts[pstart[j]:pstart[j + 1]]
        a |= {'area': areas[j], 'iscrowd': int(o['crowd'][j]), 'image_id': int(ids[o['img'][j]]), 'bbox': boxes[j],
              'category_id': int(o['cat_id'][j]), 'id': int(ann_id[j])}
        if ignore[j]: a['ignore'] = int(ignore_val[j])
        out.append(a)
    return out


def _results(rng, d: dict, ids, cat_ids: list, rles, with_boxes: bool = True) -> list:
    "The results list: grouped by image (images in a shuffled order), best score first, equal scores in any order."
    n = len(d['img'])
    img_rank = np.argsort(rng.permutation(len(ids)))
    order = np.lexsort((rng.random(n), -d['score'], img_rank[d['img']]))
    cid = np.asarray(cat_ids)[d['cat']]
    boxes, scores = _r2(d['box']), d['score'].tolist()
    out = []
    for i in order.tolist():
        r = {'image_id': int(ids[d['img'][i]]), 'category_id': int(cid[i]), 'bbox': boxes[i], 'score': scores[i]}
        if not with_boxes: del r['bbox']
        if rles is not None: r['segmentation'] = {'size': list(rles[i]['size']), 'counts': rles[i]['counts'].decode()}
        out.append(r)
    return out


def write_coco(gt: dict, results: list, gt_path, results_path) -> None:
    "Write both files as compact JSON (as instances_val2017.json and detectors' results files are)."
    for obj, path in ((gt, gt_path), (results, results_path)):
        Path(path).write_text(json.dumps(obj, separators=(',', ':')))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('gt', type=Path, help='ground-truth JSON to write')
    ap.add_argument('results', type=Path, help='results JSON to write')
    ap.add_argument('--preset', choices=list(PRESETS), default='coco')
    ap.add_argument('--images', type=int, default=None, help="number of images (default: the preset's)")
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--segm', choices=['polygon', 'rle'], default=None, help='ground-truth masks (default: boxes only)')
    ap.add_argument('--no-det-masks', action='store_true', help='detections without masks (boxes only)')
    ap.add_argument('--no-det-boxes', action='store_true', help='detections with masks only, no bbox')
    a = ap.parse_args(argv)
    gt, res = make_coco(a.images, seed=a.seed, preset=a.preset, segm=a.segm,
                        det_masks=False if a.no_det_masks else None, det_boxes=not a.no_det_boxes)
    write_coco(gt, res, a.gt, a.results)
    print(f'{a.gt}: {len(gt["images"]):,} images, {len(gt["annotations"]):,} annotations, '
          f'{len(gt["categories"])} categories; {a.results}: {len(res):,} detections')


if __name__ == '__main__':
    main()
