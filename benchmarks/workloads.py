"""Seeded benchmark workloads, written on demand into `benchmarks/work/` and cached by name, size and seed.

    python benchmarks/workloads.py [--quick] [--seed 0] [NAME ...]     # generate (or find cached) and print paths

Workloads (SPEC sections 1-4 file layouts):

- `dsb_synth`   600 images at the 2018 DSB's own image sizes, 1-120 non-overlapping blob-like nuclei each, and a
                plausible submission (shifted, grown, shrunk, missing and extra objects; predictions never overlap).
- `airbus`      15,606 images of 768x768, about 60% without ships (one row with empty EncodedPixels), up to 5
                rotated-rectangle ships each; the submission likewise.
- `rsna_synth`  3,000 patients, `patientId,x,y,width,height,Target` against `patientId,PredictionString`.
- `rsna_real`   the real training labels `data/rsna_stage_2_train_labels.csv` against a perturbed submission.
- `icdar`       2,000 pages, 3 classes; ground truth as one XML file of sibling `<document>` elements, submission
                XML with `prob`.
- `dsb_real`    the real DSB stage 1 solution `data/dsb2018_stage1_solution.csv` against a perturbed submission.

Workloads of the newer presets (SPEC sections 6-10) come from the seeded generators of `tools/make_preset_data.py`
(`<name>_files(rng, n)`: solution and submission in the competition's exact layout); their cache key also holds a
hash of that file, so a change of the generators makes new files:

- `reef`        Great Barrier Reef (SPEC 9, pooled sweep): 20,000 video frames, `annotations` list-of-dict texts.
- `vinbigdata`  VinBigData (SPEC 10, ranked AP, voc_all): 3,000 chest X-rays, 15 classes, 3 radiologists per image.
- `wheat`       Global Wheat (SPEC 7): 3,000 images of 1024x1024, ~45 `[x, y, w, h]` boxes each.
- `tgs`         TGS Salt (SPEC 6): 4,000 images of 101x101, one RLE mask per row.
- `sartorius`   Sartorius (SPEC 8): 600 images of 520x704, one row-major RLE per cell.

Resource-exhaustion workloads (issue 16), in the Global Wheat layout (metric `wheat`):

- `dense`       dense ground truth: 100 line-scan images of 512x8192 (shelf or road scans), 3,000 boxes of
                16-48 px each (73% of the image covered), jittered predictions. Boxes of one image overlap in x
                with a third of the others (the x-only candidate search formed ~1M pairs per image).
- `huge_box`    the `wheat` files with one extra detection of huge coordinates in the first image with boxes,
                x = y = -2**29, width = height = 2**30 (area 2**60: unions overflow int64 products).

COCO workloads (SPEC 11, metric `coco`), from the seeded generator `make_coco` of `tools/make_coco_data.py` (cache key
with a hash of that file): a ground-truth JSON `solution.json` and a results JSON `submission.json`:

- `coco_bbox`   COCO val2017-sized: 5,000 images, ~36,600 objects (polygons, crowds as RLE) in 80 categories,
                ~156,000 box detections; scored with `--iou-type bbox` (the default).
- `coco_segm`   the same ground truth (same seed: the same file), the same detections with compressed RLE masks
                beside their boxes; scored with `--iou-type segm`.
- `objects365`  Objects365-sized, boxes only: 80,000 images, 365 categories, ~800,000 objects, ~1.2 million
                detections; scored with `--iou-type bbox` (the memory row).

Point workloads (SPEC 18), from the seeded generators of `tools/make_points_data.py` (cache key with its hash):

- `czii`        CZII-sized: 500 experiments of 630 x 630 x 184 voxels, six particle types, ~60,000 truth points.
- `byu`         BYU-sized and more: 20,000 tomograms, 0 or 1 motor each.

Open Images AP workload (SPEC 16), from the seeded generator `hhv` of `tools/make_oid_data.py` (cache key with its
hash):

- `hhv`         HuBMAP-HHV-sized: 1,600 tiles of 512 x 512, 0-37 rectangular vessels each (~29,000 masks), both files
                `id,height,width,prediction_string` with masks as base64 zlib COCO compressed RLE (the preset's layout).

Masks are generated one image at a time in a local patch around each object and written row by row: the whole file
is never held in memory. RLE: 1-indexed, column-major `start length` pairs, sorted, adjacent runs merged.
"""
from __future__ import annotations
import argparse, hashlib, json, os, shutil, sys
from pathlib import Path
import numpy as np, pandas as pd

HERE = Path(__file__).resolve().parent
WORK = HERE/'work'
DATA = HERE.parent/'data'
PRESET_GEN = HERE.parent/'tools'/'make_preset_data.py'  # the generators of the newer presets' data
COCO_GEN = HERE.parent/'tools'/'make_coco_data.py'  # the COCO workloads' generator
POINTS_GEN = HERE.parent/'tools'/'make_points_data.py'  # the point workloads' generator
OID_GEN = HERE.parent/'tools'/'make_oid_data.py'  # the HuBMAP-HHV workload's generator
VERSION = 1  # bump when a generator changes: the cache key includes it

DSB_SIZES = [(256, 256), (256, 320), (260, 347), (360, 360), (512, 640), (520, 696), (603, 1272), (1024, 1024),
             (1040, 1388)]

# name -> (metric for `evalkit score`, kind, full size, quick size)
WORKLOADS = {
    'dsb_synth': ('dsb2018', 'masks', 600, 12),
    'airbus': ('airbus', 'masks', 15606, 300),
    'rsna_synth': ('rsna', 'boxes', 3000, 200),
    'rsna_real': ('rsna', 'boxes', None, 2000),
    'icdar': ('icdar2017', 'xml', 2000, 60),
    'dsb_real': ('dsb2018', 'masks', None, None),
    # newer presets (SPEC 6-10), made by tools/make_preset_data.py; kind = family, for the scorers to time
    'reef': ('reef', 'pooled', 20000, 500),
    'vinbigdata': ('vinbigdata', 'ranked', 3000, 200),
    'wheat': ('wheat', 'sweep', 3000, 200),
    'tgs': ('tgs', 'sweep', 4000, 200),
    'sartorius': ('sartorius', 'sweep', 600, 20),
    # resource exhaustion (issue 16): dense ground truth, one detection with huge coordinates
    'dense': ('wheat', 'sweep', 100, 5),
    'huge_box': ('wheat', 'sweep', 3000, 200),
    # memory per input byte (issue 28): the rsna_synth generator at a ~600 MB pair of many short rows
    'rsna_big': ('rsna', 'reader', 6_500_000, 2000),
    # COCO (SPEC 11): ground-truth JSON and results JSON, tools/make_coco_data.py
    'coco_bbox': ('coco', 'coco', 5000, 200),
    'coco_segm': ('coco', 'coco', 5000, 200),
    'objects365': ('coco', 'coco', 80000, 2000),
    # the point F-beta family (SPEC 18), tools/make_points_data.py: experiments / tomograms
    'czii': ('czii', 'points', 500, 20),
    'byu': ('byu', 'points', 20000, 200),
    # the Open Images AP family (SPEC 16), tools/make_oid_data.py: HuBMAP-HHV tiles of 512 x 512 with masks
    'hhv': ('hubmap-hhv', 'oid', 1600, 60),
}
HHV = dict(h=512, w=512, most=37, big=60)  # make_oid_data.hhv's tile size, vessels per tile (0..most), sides < big
# name -> make_coco arguments and the IoU type scored (`evalkit score coco ... --iou-type segm`; bbox is the default)
COCO = {'coco_bbox': (dict(preset='coco', segm='polygon', det_masks=False), 'bbox'),
        'coco_segm': (dict(preset='coco', segm='polygon'), 'segm'),
        'objects365': (dict(preset='objects365'), 'bbox')}
GROUPS = {'coco': list(COCO)}  # `run.py --only coco` runs these
PRESETS = {'reef': 11, 'vinbigdata': 12, 'wheat': 13, 'tgs': 14, 'sartorius': 15}  # name -> second seed word


# ---------------------------------------------------------------------------------------------- RLE on local patches
def patch_runs(m: np.ndarray, y0: int, x0: int, H: int) -> tuple[np.ndarray, np.ndarray]:
    "0-based global column-major run starts and lengths of bool patch `m` at row `y0`, column `x0` of an H-row image."
    h, w = m.shape
    p = np.zeros((h + 2, w), np.int8)
    p[1:-1] = m
    d = np.diff(p.ravel(order='F'))
    s, e = np.flatnonzero(d == 1) + 1, np.flatnonzero(d == -1) + 1  # indices into the padded F-order vector
    col, row = s // (h + 2), s % (h + 2) - 1
    start = (x0 + col) * H + y0 + row
    length = e - s
    if len(start) > 1:  # merge runs that continue from the bottom of one column to the top of the next
        brk = np.r_[True, start[1:] != start[:-1] + length[:-1]]
        grp = np.cumsum(brk) - 1
        length = np.bincount(grp, weights=length).astype(np.int64)
        start = start[brk]
    return start.astype(np.int64), length.astype(np.int64)


def runs_to_str(start: np.ndarray, length: np.ndarray) -> str:
    "SPEC section 2 RLE text (1-indexed) of 0-based runs."
    v = np.empty(2 * len(start), np.int64)
    v[0::2], v[1::2] = start + 1, length
    return ' '.join(map(str, v.tolist()))


def rle_to_patch(s: str, H: int) -> tuple[int, int, np.ndarray]:
    "Decode one RLE string to (y0, x0, bool patch) over the mask's bounding box."
    v = np.array(s.split(), np.int64)
    st, ln = v[0::2] - 1, v[1::2]
    idx = np.repeat(st - np.cumsum(np.r_[0, ln[:-1]]), ln) + np.arange(ln.sum())
    y, x = idx % H, idx // H
    y0, x0 = int(y.min()), int(x.min())
    m = np.zeros((int(y.max()) - y0 + 1, int(x.max()) - x0 + 1), bool)
    m[y - y0, x - x0] = True
    return y0, x0, m


# ------------------------------------------------------------------------------------------------------ object shapes
def blob(rng, r: float) -> np.ndarray:
    "A nucleus-like bool patch: a wobbly ellipse of mean radius `r` pixels."
    a, b = r * rng.uniform(0.7, 1.3), r * rng.uniform(0.6, 1.1)
    th = rng.uniform(0, np.pi)
    R = int(np.ceil(max(a, b) * 1.3)) + 1
    yy, xx = np.mgrid[-R:R + 1, -R:R + 1].astype(float)
    u = (xx * np.cos(th) + yy * np.sin(th)) / a
    v = (-xx * np.sin(th) + yy * np.cos(th)) / b
    phi = np.arctan2(v, u)
    wob = 1 + sum(rng.uniform(0, 0.1) * np.cos(k * phi + rng.uniform(0, 2 * np.pi)) for k in (2, 3, 5))
    m = np.hypot(u, v) <= wob
    return m[m.any(1)][:, m.any(0)]


def ship(rng) -> np.ndarray:
    "A ship-like bool patch: a rotated rectangle."
    L = rng.uniform(8, 160)
    w = rng.uniform(3, max(4, L / 4))
    th = rng.uniform(0, np.pi)
    R = int(np.ceil(np.hypot(L, w) / 2)) + 1
    yy, xx = np.mgrid[-R:R + 1, -R:R + 1].astype(float)
    u = xx * np.cos(th) + yy * np.sin(th)
    v = -xx * np.sin(th) + yy * np.cos(th)
    m = (np.abs(u) <= L / 2) & (np.abs(v) <= w / 2)
    return m[m.any(1)][:, m.any(0)] if m.any() else np.ones((1, 1), bool)


def grow(m: np.ndarray, n: int) -> np.ndarray:
    "Dilate (n > 0) or erode (n < 0) a bool patch |n| times with the 4-neighbour cross (patch padded by |n|)."
    k = abs(n)
    m = np.pad(m, k)
    for _ in range(k):
        p = np.pad(m, 1, constant_values=n < 0)
        nb = [p[1:-1, 1:-1], p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]]
        m = np.logical_or.reduce(nb) if n > 0 else np.logical_and.reduce(nb)
    return m


def place(taken: np.ndarray, m: np.ndarray, y0: int, x0: int, min_px: int):
    "Clip patch `m` at (y0, x0) to the image and to free pixels; mark it taken. (y0, x0, m) or None if too small."
    H, W = taken.shape
    h, w = m.shape
    ya, xa, yb, xb = max(y0, 0), max(x0, 0), min(y0 + h, H), min(x0 + w, W)
    if ya >= yb or xa >= xb: return None
    m = m[ya - y0:yb - y0, xa - x0:xb - x0] & ~taken[ya:yb, xa:xb]
    if m.sum() < min_px: return None
    taken[ya:yb, xa:xb] |= m
    return ya, xa, m


def perturb(rng, objs, shape, p_miss, n_false, make_false, min_px=5) -> list[str]:
    "Predicted RLEs for ground-truth patches `objs`: shifted, grown or shrunk, some missed, some false; disjoint."
    taken, out = np.zeros(shape, bool), []
    for y0, x0, m in objs:
        if rng.random() < p_miss: continue
        g = int(rng.choice([-1, 0, 0, 1]))
        dy, dx = rng.integers(-2, 3, 2)
        r = place(taken, grow(m, g), y0 + dy - abs(g), x0 + dx - abs(g), min_px)
        if r: out.append(runs_to_str(*patch_runs(r[2], r[0], r[1], shape[0])))
    for _ in range(n_false):
        m = make_false()
        y0, x0 = rng.integers(0, shape[0] - m.shape[0] + 1), rng.integers(0, shape[1] - m.shape[1] + 1)
        r = place(taken, m, int(y0), int(x0), min_px)
        if r: out.append(runs_to_str(*patch_runs(r[2], r[0], r[1], shape[0])))
    return out


def _hexid(seed, i, n=64) -> str:
    return hashlib.sha256(f'{seed}-{i}'.encode()).hexdigest()[:n]


# -------------------------------------------------------------------------------------------------------- generators
def gen_dsb_synth(d: Path, n_images: int, seed: int):
    "(a) DSB-sized images with blob nuclei; solution and submission CSVs written row by row."
    rng = np.random.default_rng([seed, 1])
    with open(d/'solution.csv', 'w') as fs, open(d/'submission.csv', 'w') as fp:
        fs.write('ImageId,EncodedPixels,Height,Width,Usage\n')
        fp.write('ImageId,EncodedPixels\n')
        for i in range(n_images):
            iid, (H, W) = _hexid(seed, i), DSB_SIZES[i % len(DSB_SIZES)]
            n = int(rng.integers(1, 121))
            r_max = min(14.0, 0.45 * np.sqrt(H * W / (n * np.pi)))
            taken, objs = np.zeros((H, W), bool), []
            for _ in range(n):
                m = blob(rng, rng.uniform(max(3.0, r_max / 2), max(3.5, r_max)))
                if m.shape[0] > H or m.shape[1] > W: continue
                y0, x0 = rng.integers(0, H - m.shape[0] + 1), rng.integers(0, W - m.shape[1] + 1)
                r = place(taken, m, int(y0), int(x0), 8)
                if r: objs.append(r)
            if not objs:  # at least one nucleus per image
                objs.append(place(taken, np.ones((4, 4), bool), 0, 0, 1))
            for y0, x0, m in objs:
                fs.write(f'{iid},{runs_to_str(*patch_runs(m, y0, x0, H))},{H},{W},Public\n')
            rl = min(6.0, r_max)
            extra = lambda: blob(rng, rng.uniform(3, max(3.5, rl)))
            for s in perturb(rng, objs, (H, W), 0.1, int(rng.integers(0, 6)), extra):
                fp.write(f'{iid},{s}\n')


def gen_airbus(d: Path, n_images: int, seed: int):
    "(b) Airbus-scale: 768x768 images, ~60% without ships, up to 5 rotated-rectangle ships."
    rng = np.random.default_rng([seed, 2])
    H = W = 768
    with open(d/'solution.csv', 'w') as fs, open(d/'submission.csv', 'w') as fp:
        fs.write('ImageId,EncodedPixels\n')
        fp.write('ImageId,EncodedPixels\n')
        for i in range(n_images):
            iid = _hexid(seed, i, 9) + '.jpg'
            objs = []
            if rng.random() >= 0.6:
                taken = np.zeros((H, W), bool)
                for _ in range(int(rng.integers(1, 6))):
                    m = ship(rng)
                    y0, x0 = rng.integers(0, H - m.shape[0] + 1), rng.integers(0, W - m.shape[1] + 1)
                    r = place(taken, m, int(y0), int(x0), 10)
                    if r: objs.append(r)
            for y0, x0, m in objs:
                fs.write(f'{iid},{runs_to_str(*patch_runs(m, y0, x0, H))}\n')
            if not objs: fs.write(f'{iid},\n')
            n_false = int(rng.random() < (0.15 if objs else 0.08))
            preds = perturb(rng, objs, (H, W), 0.15, n_false, lambda: ship(rng), min_px=10)
            for s in preds: fp.write(f'{iid},{s}\n')
            if not preds: fp.write(f'{iid},\n')


def _rsna_preds(rng, boxes) -> str:
    "A PredictionString for ground-truth boxes (N, 4) x y w h: jittered, some missed, maybe a false box."
    out = []
    for b in boxes:
        if rng.random() < 0.15: continue
        w, h = b[2:] * rng.normal(1, 0.12, 2).clip(0.6, 1.5)
        x, y = b[:2] + rng.normal(0, 0.08, 2) * b[2:]
        out.append((rng.uniform(0.5, 1), x, y, w, h))
    if rng.random() < (0.25 if out else 0.08):
        out.append((rng.uniform(0.05, 0.6), *rng.uniform(100, 700, 2), *rng.uniform(80, 300, 2)))
    return ' '.join(f'{c:.3f} {x:.0f} {y:.0f} {w:.0f} {h:.0f}' for c, x, y, w, h in out)


def gen_rsna_synth(d: Path, n_patients: int, seed: int):
    "(c) RSNA-scale synthetic: ~22% of patients with 1-4 integer boxes."
    rng = np.random.default_rng([seed, 3])
    with open(d/'solution.csv', 'w') as fs, open(d/'submission.csv', 'w') as fp:
        fs.write('patientId,x,y,width,height,Target\n')
        fp.write('patientId,PredictionString\n')
        for i in range(n_patients):
            h = _hexid(seed, i, 32)
            pid = f'{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}'
            n = int(rng.choice([1, 2, 3, 4], p=[0.87, 0.12, 0.007, 0.003])) if rng.random() < 0.22 else 0
            wh = rng.integers(40, 400, (n, 2))
            xy = rng.integers(0, 1024 - wh + 1)
            boxes = np.c_[xy, wh].astype(float)
            for b in boxes: fs.write(f'{pid},{b[0]},{b[1]},{b[2]},{b[3]},1\n')
            if not n: fs.write(f'{pid},,,,,0\n')
            fp.write(f'{pid},{_rsna_preds(rng, boxes)}\n')


def gen_rsna_real(d: Path, n_patients: int | None, seed: int):
    "(c) The real RSNA stage 2 training labels against a perturbed submission (quick: the first patients)."
    rng = np.random.default_rng([seed, 4])
    sol = pd.read_csv(DATA/'rsna_stage_2_train_labels.csv')
    if n_patients: sol = sol[sol.patientId.isin(sol.patientId.unique()[:n_patients])]
    sol.to_csv(d/'solution.csv', index=False)
    rows = [(pid, _rsna_preds(rng, g.loc[g.Target == 1, ['x', 'y', 'width', 'height']].to_numpy()))
            for pid, g in sol.groupby('patientId', sort=False)]
    pd.DataFrame(rows, columns=['patientId', 'PredictionString']).to_csv(d/'submission.csv', index=False)


def _icdar_regions(rng):
    "(class, x0, y0, x1, y1) regions of one page, including small and line objects that the metric ignores."
    out = []
    for _ in range(int(rng.integers(0, 9))):  # formulas: wide, short; some tiny or zero-height ("line") ones
        w, h = int(rng.integers(10, 700)), int(rng.choice([0, int(rng.integers(8, 70))], p=[0.03, 0.97]))
        out.append(('formula', w, h))
    out += [('table', int(rng.integers(200, 850)), int(rng.integers(80, 600))) for _ in range(int(rng.integers(0, 3)))]
    out += [('figure', int(rng.integers(20, 850)), int(rng.integers(20, 600))) for _ in range(int(rng.integers(0, 4)))]
    res = []
    for c, w, h in out:
        x0, y0 = int(rng.integers(40, 1000 - min(w, 900))), int(rng.integers(40, 1400 - h))
        res.append((c, x0, y0, x0 + w, y0 + h))
    return res


def _region_xml(c, x0, y0, x1, y1, prob=None) -> str:
    p = '' if prob is None else f' prob="{prob:.3f}"'
    return (f'\t<{c}Region{p}>\n\t\t<Coords points="{x0},{y0} {x1},{y0} {x0},{y1} {x1},{y1}"/>\n'
            f'\t</{c}Region>\n')


def gen_icdar(d: Path, n_pages: int, seed: int):
    "(d) ICDAR 2017 POD scale: ground truth as one XML of sibling documents; submission XML with `prob`."
    rng = np.random.default_rng([seed, 5])
    classes = ['formula', 'table', 'figure']
    with open(d/'solution.xml', 'w') as fs, open(d/'submission.xml', 'w') as fp:
        fs.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        fp.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        for i in range(n_pages):
            stem = f'POD_{i:04d}'
            regs = _icdar_regions(rng)
            fs.write(f'<document filename="{stem}.xml">\n' + ''.join(_region_xml(*r) for r in regs) + '</document>\n')
            det = []
            for c, x0, y0, x1, y1 in regs:
                if rng.random() < 0.12: continue
                c = c if rng.random() > 0.05 else classes[int(rng.integers(0, 3))]
                j = rng.normal(0, 0.04, 4) * [x1 - x0, y1 - y0, x1 - x0, y1 - y0]
                a, b, e, f = np.round([x0 + j[0], y0 + j[1], x1 + j[2], y1 + j[3]]).astype(int).tolist()
                det.append((c, min(a, e), min(b, f), max(a, e), max(b, f), rng.uniform(0.3, 1)))
            for _ in range(int(rng.integers(0, 3)) if rng.random() < 0.3 else 0):
                c, w, h = classes[int(rng.integers(0, 3))], int(rng.integers(20, 500)), int(rng.integers(20, 300))
                x0, y0 = int(rng.integers(40, 500)), int(rng.integers(40, 1000))
                det.append((c, x0, y0, x0 + w, y0 + h, rng.uniform(0.05, 0.7)))
            rng.shuffle(det)
            body = ''.join(_region_xml(*r) for r in det) or '    <!--empty means no page object is detected!-->\n'
            fp.write(f'<document filename="{stem}.bmp">\n{body}</document>\n\n')


def gen_dsb_real(d: Path, n: None, seed: int):
    "(e) The real DSB stage 1 solution (not copied) against a perturbed submission."
    rng = np.random.default_rng([seed, 6])
    sol = pd.read_csv(DATA/'dsb2018_stage1_solution.csv')
    with open(d/'submission.csv', 'w') as fp:
        fp.write('ImageId,EncodedPixels\n')
        for iid, g in sol.groupby('ImageId', sort=False):
            H, W = int(g.Height.iat[0]), int(g.Width.iat[0])
            objs = [rle_to_patch(s, H) for s in g.EncodedPixels]
            for s in perturb(rng, objs, (H, W), 0.1, int(rng.integers(0, 4)), lambda: blob(rng, rng.uniform(3, 6))):
                fp.write(f'{iid},{s}\n')


def preset_generator_hash(path: Path = PRESET_GEN) -> str:
    "First 8 hex digits of the SHA-256 of a generator (`tools/make_preset_data.py`): part of the cache key."
    return hashlib.sha256(path.read_bytes()).hexdigest()[:8]


def gen_preset(name: str, d: Path, n_images: int, seed: int):
    "A newer preset's workload: `<name>_files(rng, n_images)` of tools/make_preset_data.py, written as CSV."
    sys.path.insert(0, str(PRESET_GEN.parent))
    try:
        import make_preset_data
    finally:
        sys.path.remove(str(PRESET_GEN.parent))
    sol, sub = getattr(make_preset_data, f'{name}_files')(np.random.default_rng([seed, PRESETS[name]]), n_images)
    sol.to_csv(d/'solution.csv', index=False)
    sub.to_csv(d/'submission.csv', index=False)


def gen_dense(d: Path, n_images: int, seed: int):
    "(k) Dense ground truth: 3,000 boxes of 16-48 px per 512x8192 image (wheat layout), jittered predictions."
    rng = np.random.default_rng([seed, 16])
    W, H, N = 512, 8192, 3000
    with open(d/'solution.csv', 'w') as fs, open(d/'submission.csv', 'w') as fp:
        fs.write('image_id,width,height,bbox,source\n')
        fp.write('image_id,PredictionString\n')
        for i in range(n_images):
            iid = 'dense' + _hexid(seed, i, 9)
            w, h = rng.integers(16, 49, (2, N))
            x, y = rng.integers(0, W - w + 1), rng.integers(0, H - h + 1)
            for b in zip(x.tolist(), y.tolist(), w.tolist(), h.tolist()):
                fs.write(f'{iid},{W},{H},"[{b[0]:.1f}, {b[1]:.1f}, {b[2]:.1f}, {b[3]:.1f}]",scan\n')
            keep = rng.random(N) >= 0.1  # 10% missed, 5% false, the rest moved by ~10% of their size
            pw = np.maximum(2, np.round(w * rng.normal(1, 0.08, N)))
            ph = np.maximum(2, np.round(h * rng.normal(1, 0.08, N)))
            px, py = np.round(x + rng.normal(0, 0.1, N) * w), np.round(y + rng.normal(0, 0.1, N) * h)
            nf = N // 20
            box = np.r_[np.c_[px, py, pw, ph][keep], np.c_[rng.integers(0, W - 48, nf), rng.integers(0, H - 48, nf),
                                                         rng.integers(16, 49, (nf, 2))]]
            conf = np.r_[rng.beta(5, 2, keep.sum()), rng.beta(2, 5, nf)]
            o = np.argsort(-conf, kind='stable')
            fp.write(f'{iid},' + ' '.join(f'{c:.3f} {a:.0f} {b:.0f} {e:.0f} {f:.0f}'
                                          for c, (a, b, e, f) in zip(conf[o].tolist(), box[o].tolist())) + '\n')


HUGE = '0.500 -536870912 -536870912 1073741824 1073741824'  # x = y = -2**29, w = h = 2**30: the largest exact box


def gen_huge_box(d: Path, n_images: int, seed: int):
    "(l) The wheat workload's files with one detection of huge coordinates added to the first image with boxes."
    gen_preset('wheat', d, n_images, seed)
    sol, sub = (pd.read_csv(d/f, keep_default_na=False, dtype=str) for f in ('solution.csv', 'submission.csv'))
    k = int(np.flatnonzero(sub.image_id == sol.image_id[sol.bbox != ''].iloc[0])[0])
    sub.loc[k, 'PredictionString'] = (sub.PredictionString[k] + ' ' + HUGE).strip()
    sub.to_csv(d/'submission.csv', index=False)


def gen_coco(name: str, d: Path, n_images: int, seed: int):
    "A COCO workload: `make_coco(n_images, seed=seed, ...)` of tools/make_coco_data.py, written as two JSON files; "
    "the ground truth and results written."
    sys.path.insert(0, str(COCO_GEN.parent))
    try:
        import make_coco_data
    finally:
        sys.path.remove(str(COCO_GEN.parent))
    gt, res = make_coco_data.make_coco(n_images, seed=seed, **COCO[name][0])
    make_coco_data.write_coco(gt, res, d/'solution.json', d/'submission.json')
    return gt, res


def gen_points(name: str, d: Path, n: int, seed: int):
    "(q, r) A point workload: `czii(n)` (n experiments) or `byu(n)` (n tomograms) of tools/make_points_data.py."
    sys.path.insert(0, str(POINTS_GEN.parent))
    try:
        import make_points_data
    finally:
        sys.path.remove(str(POINTS_GEN.parent))
    sol, sub = getattr(make_points_data, name)(n, seed=seed, **({'most': 40} if name == 'czii' else {}))
    sol.to_csv(d/'solution.csv', index=False)
    sub.to_csv(d/'submission.csv', index=False)


def gen_hhv(d: Path, n: int, seed: int):
    "The HuBMAP-HHV workload: `hhv(n, seed=seed, **HHV)` of tools/make_oid_data.py (n tiles), written as CSV."
    sys.path.insert(0, str(OID_GEN.parent))
    try:
        import make_oid_data
    finally:
        sys.path.remove(str(OID_GEN.parent))
    sol, sub = make_oid_data.hhv(n, seed=seed, **HHV)
    sol.to_csv(d/'solution.csv', index=False)
    sub.to_csv(d/'submission.csv', index=False)


GENERATORS = {'dsb_synth': gen_dsb_synth, 'airbus': gen_airbus, 'rsna_synth': gen_rsna_synth,
              'rsna_real': gen_rsna_real, 'icdar': gen_icdar, 'dsb_real': gen_dsb_real}
GENERATORS |= {k: (lambda d, n, seed, k=k: gen_preset(k, d, n, seed)) for k in PRESETS}
GENERATORS |= {'dense': gen_dense, 'huge_box': gen_huge_box, 'rsna_big': gen_rsna_synth}
GENERATORS |= {k: (lambda d, n, seed, k=k: gen_coco(k, d, n, seed)) for k in COCO}
GENERATORS |= {k: (lambda d, n, seed, k=k: gen_points(k, d, n, seed)) for k in ('czii', 'byu')}
GENERATORS['hhv'] = gen_hhv
USES_PRESET_GEN = set(PRESETS) | {'huge_box'}  # made (partly) by tools/make_preset_data.py: keyed on its hash


def get(name: str, quick: bool = False, seed: int = 0, root: Path | None = None) -> dict:
    "Paths and facts of workload `name`, generating it into `root` (default benchmarks/work/) unless cached."
    metric, kind, full, small = WORKLOADS[name]
    size = small if quick else full
    # generators outside this folder: key on their text
    gen_file = {'points': POINTS_GEN, 'oid': OID_GEN}.get(kind, COCO_GEN if name in COCO else PRESET_GEN)
    keyed = name in USES_PRESET_GEN or name in COCO or kind in ('points', 'oid')
    gen = preset_generator_hash(gen_file) if keyed else None
    d = Path(root or WORK)/(f'{name}-{size or "all"}-s{seed}-v{VERSION}' + (f'-g{gen}' if gen else ''))
    meta = d/'meta.json'
    if not meta.exists():
        if d.exists(): shutil.rmtree(d)  # an interrupted generation
        tmp = d.with_name(d.name + '.tmp')
        if tmp.exists(): shutil.rmtree(tmp)
        tmp.mkdir(parents=True)
        GENERATORS[name](tmp, size, seed)
        ext = {'xml': 'xml', 'coco': 'json'}.get(kind, 'csv')
        sol = tmp/f'solution.{ext}' if name != 'dsb_real' else DATA/'dsb2018_stage1_solution.csv'
        info = dict(name=name, metric=metric, kind=kind, size=size, seed=seed, version=VERSION,
                    **({'generator': f'tools/{gen_file.name} sha256 {gen}'}
                       if gen else {}),
                    **({'iou_type': COCO[name][1], 'options': ['--iou-type', 'segm'] if COCO[name][1] == 'segm' else []}
                       if name in COCO else {}),
                    solution=str(d/sol.name) if sol.parent == tmp else str(sol), submission=str(d/f'submission.{ext}'),
                    bytes={'solution': os.path.getsize(sol), 'submission': os.path.getsize(tmp/f'submission.{ext}')})
        (tmp/'meta.json').write_text(json.dumps(info, indent=1))
        os.replace(tmp, d)
    return json.loads(meta.read_text())


if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('names', nargs='*', default=list(WORKLOADS), help=f'workloads or groups ({", ".join(GROUPS)})')
    p.add_argument('--quick', action='store_true')
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args()
    for n in [m for n in a.names for m in GROUPS.get(n, [n])]:
        w = get(n, a.quick, a.seed)
        print(n, w['solution'], w['submission'])
