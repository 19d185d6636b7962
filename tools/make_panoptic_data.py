"""Synthetic COCO panoptic files (JSON + PNG folders), seeded: the same bytes every run.

    python tools/make_panoptic_data.py [OUT] [--images N] [--size HxW] [--seed S]

Writes OUT/panoptic_synthetic_gt.json with the folder OUT/panoptic_synthetic_gt/ (one PNG per image) and
OUT/sample_panoptic_pred.json with OUT/sample_panoptic_pred/. Default OUT: data/ (12 images of 24 x 32 pixels).
Nothing here comes from COCO: stuff is drawn as bands, things as rectangles; some ground truth is crowd, some pixels
VOID (id 0), some ids drawn but not listed; the predictions move, drop, add and relabel segments.
"""
import argparse, json
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = [dict(id=1, name='person', isthing=1), dict(id=3, name='car', isthing=1),
              dict(id=7, name='dog', isthing=1), dict(id=20, name='sky', isthing=0),
              dict(id=21, name='grass', isthing=0), dict(id=22, name='wall', isthing=0)]


def png(path: Path, ids: np.ndarray):
    "Write segment ids [H, W] as an RGB PNG (id = R + 256 G + 65536 B)."
    from PIL import Image
    ids = np.asarray(ids, np.int64)
    rgb = np.stack([ids % 256, ids // 256 % 256, ids // 65536], -1).astype(np.uint8)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.fromarray(rgb).save(path, optimize=False)


def image(rng, h: int, w: int) -> tuple:
    "(gt ids [H, W], gt segments_info, pred ids, pred segments_info) of one synthetic image."
    gt, segs, nxt = np.zeros((h, w), np.int64), [], 1 + int(rng.integers(0, 5000)) * 16
    cuts = np.sort(rng.choice(np.arange(1, h), size=2, replace=False))
    for k, (a, b) in enumerate(zip([0, *cuts], [*cuts, h])):  # stuff bands
        c = CATEGORIES[3 + int(rng.integers(0, 3))]['id']
        gt[a:b] = nxt; segs.append(dict(id=nxt, category_id=c, iscrowd=0)); nxt += 1
    for _ in range(int(rng.integers(1, 6))):  # things, drawn over the stuff
        y, x = int(rng.integers(0, h - 3)), int(rng.integers(0, w - 3))
        hh, ww = int(rng.integers(2, max(3, h // 2))), int(rng.integers(2, max(3, w // 2)))
        c = CATEGORIES[int(rng.integers(0, 3))]['id']
        gt[y:y + hh, x:x + ww] = nxt
        segs.append(dict(id=nxt, category_id=c, iscrowd=int(rng.random() < 0.15))); nxt += 1
    gt[rng.random((h, w)) < 0.03] = 0  # VOID pixels
    if rng.random() < 0.3: gt[0, :3] = nxt + 100  # drawn, never listed
    ids, n = np.unique(gt, return_counts=True)
    area = dict(zip(ids.tolist(), n.tolist()))
    segs = [dict(s, area=area[s['id']], bbox=[0, 0, 0, 0]) for s in segs if s['id'] in area]
    pred, psegs, pid = np.zeros((h, w), np.int64), [], 1000 + int(rng.integers(0, 5000))
    for s in segs:
        if rng.random() < 0.12: continue  # missed
        m = gt == s['id']
        dy, dx = (int(v) for v in rng.integers(-2, 3, size=2)) if rng.random() < 0.6 else (0, 0)
        m = np.roll(np.roll(m, dy, 0), dx, 1)
        c = s['category_id'] if rng.random() > 0.08 else CATEGORIES[int(rng.integers(0, 6))]['id']
        pred[m] = pid; psegs.append(dict(id=pid, category_id=c)); pid += 7
    for _ in range(int(rng.integers(0, 2))):  # false alarms
        y, x = int(rng.integers(0, h - 2)), int(rng.integers(0, w - 2))
        pred[y:y + 3, x:x + 4] = pid; psegs.append(dict(id=pid, category_id=CATEGORIES[int(rng.integers(0, 6))]['id']))
        pid += 7
    drawn = set(np.unique(pred).tolist())
    return gt, segs, pred, [s for s in psegs if s['id'] in drawn]


def make(out: Path, *, n: int = 12, size: tuple = (24, 32), seed: int = 0,
         names: tuple = ('panoptic_synthetic_gt', 'sample_panoptic_pred')) -> tuple:
    "Write the two JSONs and their PNG folders under `out`; their paths."
    rng, (h, w) = np.random.default_rng(seed), size
    ga, pa = [], []
    for k in range(n):
        g, gs, p, ps = image(rng, h, w)
        f = f'{k + 1:012d}.png'
        png(out/names[0]/f, g); png(out/names[1]/f, p)
        ga.append(dict(image_id=k + 1, file_name=f, segments_info=gs))
        pa.append(dict(image_id=k + 1, file_name=f, segments_info=ps))
    images = [dict(id=k + 1, file_name=f'{k + 1:012d}.jpg', height=h, width=w) for k in range(n)]
    gt, pred = out/f'{names[0]}.json', out/f'{names[1]}.json'
    gt.write_text(json.dumps(dict(images=images, annotations=ga, categories=CATEGORIES)))
    pred.write_text(json.dumps(dict(annotations=pa)))
    return gt, pred


if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('out', nargs='?', default=str(ROOT/'data'))
    p.add_argument('--images', type=int, default=12)
    p.add_argument('--size', default='24x32')
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args()
    make(Path(a.out), n=a.images, size=tuple(int(v) for v in a.size.split('x')), seed=a.seed)
