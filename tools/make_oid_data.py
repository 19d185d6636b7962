"""Make Open Images AP test files (SPEC 16): a solution and a submission in the exact layout of `oid2019` and of
`hubmap-hhv`, and the class hierarchy JSON of the OID ones.

    python tools/make_oid_data.py OUT_DIR [--preset oid2019|hubmap-hhv ...] [--n N] [--seed S] [--force]

writes `OUT_DIR/oid2019_synthetic_solution.csv` (expanded by the hierarchy, as the challenge's `*_expanded.csv`),
`sample_oid2019_submission.csv`, `oid2019_hierarchy.json`, `hhv_synthetic_solution.csv` and
`sample_hhv_submission.csv`, the same bytes for the same arguments; an existing file is never overwritten unless
`--force` is given. `--n` is the number of images (tiles).

Everything is made up here; no real label of either competition is used. OID: five made-up labels in a small
hierarchy (one label under two parents), boxes on a grid of 1/16 (exact in binary, so every IoU decision is exact),
group-of boxes, image-level labels verified present (1) and absent (0), detections near the boxes with confidences
from a short list (ties), empty boxes, a label nobody verified. HHV: 32 x 32 tiles, rectangular vessels (overlapping
now and then), encoded as Kaggle's files do (pycocotools' compressed RLE, zlib, base64); predictions near them, some
empty masks, some tiles without vessels.
"""
import argparse, base64, json, zlib
from pathlib import Path
import numpy as np
import pandas as pd

TREE = {'LabelName': '/m/0bl9f', 'Subcategory': [
    {'LabelName': '/m/vehicle', 'Subcategory': [{'LabelName': '/m/car'}, {'LabelName': '/m/boat'}]},
    {'LabelName': '/m/toy', 'Subcategory': [{'LabelName': '/m/car'}]},
    {'LabelName': '/m/person'}]}  # Car sits under Vehicle and under Toy
LEAVES = ['/m/car', '/m/boat', '/m/person', '/m/toy', '/m/vehicle']
CONFS = [0.0, 0.25, 0.5, 0.5, 0.75, 0.875, 0.9]  # a short list: equal confidences are common


def _box(rng, near=None) -> list:
    "XMin, YMin, XMax, YMax on a grid of 1/16 (near: moved from that box by a step on some sides)."
    if near is None:
        x0, y0 = rng.integers(0, 13, 2); w, h = rng.integers(2, 7, 2)
        return [x0 / 16, y0 / 16, min(x0 + w, 16) / 16, min(y0 + h, 16) / 16]
    b = np.round(np.array(near) * 16).astype(int) + rng.integers(-1, 2, 4) * (rng.random(4) < .4)
    return (np.clip(b, -1, 17) / 16).tolist()


def oid(n: int = 6, *, seed: int = 0, expanded: bool = False) -> tuple:
    "(solution, submission) DataFrames in OID 2019's layout: `n` images; labels not expanded (the hierarchy does it)."
    rng, sol, sub = np.random.default_rng(seed), [], []
    for i in range(n):
        img, boxes = f'{rng.integers(16 ** 7):016x}'[:16], []
        for _ in range(rng.integers(0, 5)):
            lab, b, g = LEAVES[rng.integers(0, 3)], _box(rng), int(rng.random() < 0.25)
            if g: b = [max(b[0] - .25, 0), max(b[1] - .25, 0), min(b[2] + .25, 1), min(b[3] + .25, 1)]
            boxes.append((lab, b)); sol.append([img, lab, b[0], b[2], b[1], b[3], g, ''])
        for lab in rng.choice(LEAVES, rng.integers(0, 3), replace=False):
            sol.append([img, lab, '', '', '', '', '', int(rng.random() < 0.6)])
        if not boxes and not any(r[0] == img for r in sol): sol.append([img, '/m/person', '', '', '', '', '', 0])
        if rng.random() < 0.15: continue  # an image without a submission row
        dets = []
        for lab, b in boxes:
            for _ in range(rng.integers(0, 3)): dets.append((lab if rng.random() < .85 else LEAVES[rng.integers(5)],
                                                             _box(rng, b)))
        for _ in range(rng.integers(0, 3)): dets.append((LEAVES[rng.integers(5)], _box(rng)))
        if rng.random() < 0.2: dets.append(('/m/unverified', _box(rng)))
        if rng.random() < 0.2: dets.append((LEAVES[rng.integers(5)], [.5, .5, .5, .75]))  # empty: dropped
        order = rng.permutation(len(dets))
        sub.append([img, ' '.join(f'{dets[k][0]} {CONFS[rng.integers(len(CONFS))]} ' + ' '.join(map(str, dets[k][1]))
                                  for k in order)])
    if expanded: sol = [e for r in sol for e in _expand(r)]
    S = pd.DataFrame(sol, columns=['ImageID', 'LabelName', 'XMin', 'XMax', 'YMin', 'YMax', 'IsGroupOf', 'Confidence'])
    return S, pd.DataFrame(sub, columns=['ImageId', 'PredictionString'])


def _up(label, node=TREE, path=()) -> set:
    "The ancestors of `label` in TREE (the root left out)."
    out = set(path[1:]) if node['LabelName'] == label else set()
    for s in node.get('Subcategory', []): out |= _up(label, s, path + (node['LabelName'],))
    return out


def _expand(row) -> list:
    "A solution row and its copies: a box or a label present for each ancestor, a label absent for each descendant."
    lab, absent = row[1], row[7] == 0
    more = sorted(k for k in LEAVES if lab in _up(k)) if absent else sorted(_up(lab))
    return [row] + [[row[0], k, *row[2:]] for k in more]


def encode_mask(mask: np.ndarray) -> str:
    "Kaggle's HHV text of a mask: pycocotools' compressed RLE counts, zlib, base64."
    from pycocotools import mask as M
    return base64.b64encode(zlib.compress(M.encode(np.asfortranarray(mask.astype(np.uint8)))['counts'])).decode()


def _rect(rng, h, w, near=None, *, big: int = 14) -> np.ndarray:
    "A rectangle mask of a tile, sides 3..big-1 (near: the bounding box of `near` moved by a pixel on some sides)."
    m = np.zeros((h, w), bool)
    if near is None:
        y, x = rng.integers(0, h - 4), rng.integers(0, w - 4)
        m[y:y + rng.integers(3, big), x:x + rng.integers(3, big)] = True
        return m
    ys, xs = np.flatnonzero(near.any(1)), np.flatnonzero(near.any(0))
    d = rng.integers(-1, 2, 4) * (rng.random(4) < .5)
    m[max(ys[0] + d[0], 0):max(ys[-1] + 1 + d[1], 0), max(xs[0] + d[2], 0):max(xs[-1] + 1 + d[3], 0)] = True
    return m


def hhv(n: int = 5, *, seed: int = 0, h: int = 32, w: int = 32, most: int = 4, big: int = 14) -> tuple:
    "(solution, submission) DataFrames in HHV's layout: `n` tiles of `h` x `w` pixels, 0..`most` vessels each."
    rng, sol, sub = np.random.default_rng(seed), [], []
    for i in range(n):
        tid = f'{rng.integers(16 ** 12):012x}'
        gts = [_rect(rng, h, w, big=big) for _ in range(rng.integers(0, most + 1))]
        sol.append([tid, h, w, ' '.join(f'0 1.0 {encode_mask(m)}' for m in gts)])
        if rng.random() < 0.15: continue
        preds = [_rect(rng, h, w, g) for g in gts for _ in range(rng.integers(0, 3))]
        preds += [_rect(rng, h, w, big=big) for _ in range(rng.integers(0, 3))]
        if rng.random() < 0.2: preds.append(np.zeros((h, w), bool))  # empty: dropped
        preds = [preds[k] for k in rng.permutation(len(preds))]
        sub.append([tid, h, w, ' '.join(f'0 {CONFS[rng.integers(1, len(CONFS))]} {encode_mask(m)}' for m in preds)])
    cols = ['id', 'height', 'width', 'prediction_string']
    return pd.DataFrame(sol, columns=cols), pd.DataFrame(sub, columns=cols)


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('out', type=Path)
    p.add_argument('--preset', action='append', choices=['oid2019', 'hubmap-hhv'])
    p.add_argument('--n', type=int, default=6)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--force', action='store_true')
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    for name in a.preset or ['oid2019', 'hubmap-hhv']:
        S, P = oid(a.n, seed=a.seed, expanded=True) if name == 'oid2019' else hhv(a.n, seed=a.seed)
        short = 'hhv' if name == 'hubmap-hhv' else name
        files = {f'{short}_synthetic_solution.csv': S, f'sample_{short}_submission.csv': P}
        for f, df in files.items():
            if (a.out / f).exists() and not a.force: raise SystemExit(f'{a.out / f} exists: --force to overwrite')
            df.to_csv(a.out / f, index=False)
        if name == 'oid2019': (a.out / 'oid2019_hierarchy.json').write_text(json.dumps(TREE, indent=1) + '\n')


if __name__ == '__main__':
    main()
