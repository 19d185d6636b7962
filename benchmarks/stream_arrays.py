"""CPU seconds of a streaming evaluator per 1,000 images: a box metric (rsna), a mask metric (dsb2018), COCO masks
(iou_type segm), COCO keypoints and LVIS masks (lvis-segm).

    python benchmarks/stream_arrays.py [runs] [names]   # in the repository; one line per metric and run

Batches of 16 images given as dicts of numpy arrays (RSNA: 5 boxes and 10 predictions an image; DSB 2018 and COCO
segm: 4 masks of 128 x 128 on each side, COCO's and LVIS's with labels of two categories, LVIS's images with empty
negative and not-exhaustive lists; COCO keypoints: 5 people of 17
keypoints on each side), 62 batches; the CPU time (user + system, this process) of the updates, and of the result
that follows them (a stream that holds batches maps them there). `names`: comma-separated, default all. Prints,
writes nothing.
"""
import resource, sys
import numpy as np
from evalkit.metrics import get_metric

def cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

def boxes(rng, n: int = 16) -> tuple:
    ps, ts = [], []
    for _ in range(n):
        xy = rng.uniform(0, 900, (5, 2)); g = np.c_[xy, xy + rng.uniform(10, 80, (5, 2))]
        p = np.r_[g + rng.normal(0, 3, g.shape), g + 40]; p[:, 2:] = np.maximum(p[:, 2:], p[:, :2] + 1)
        ts.append(dict(boxes=g)); ps.append(dict(boxes=p, scores=rng.random(10)))
    return ps, ts

def masks(rng, n: int = 16, hw: int = 128) -> tuple:
    ps, ts = [], []
    for _ in range(n):
        m = np.zeros((4, hw, hw), bool)
        for k in range(4):
            y, x = rng.integers(0, 20, 2); m[k, 32 * k + y % 8:32 * k + 20, x:x + 60] = True
        q = m.copy(); q[:, :, :5] = False
        ts.append(dict(masks=m)); ps.append(dict(masks=q, scores=rng.random(4)))
    return ps, ts

def coco_masks(rng, n: int = 16) -> tuple:
    ps, ts = masks(rng, n)
    lab = lambda d: dict(d, labels=np.arange(len(d['masks'])) % 2 + 1)
    return [lab(p) for p in ps], [lab(t) for t in ts]

def lvis_masks(rng, n: int = 16) -> tuple:
    ps, ts = coco_masks(rng, n)
    return ps, [dict(t, neg_category_ids=[], not_exhaustive_category_ids=[]) for t in ts]

def keypoints(rng, n: int = 16) -> tuple:
    ps, ts = [], []
    for _ in range(n):
        g = np.dstack([rng.uniform(0, 600, (5, 17, 2)), rng.integers(0, 3, (5, 17, 1))])
        xy = g[:, :, :2].min(1); box = np.c_[xy, g[:, :, :2].max(1) + 1]
        ts.append(dict(keypoints=g, boxes=box, labels=np.ones(5, int)))
        ps.append(dict(keypoints=g + rng.normal(0, 15, g.shape), scores=rng.random(5), labels=np.ones(5, int)))
    return ps, ts

CASES = {'rsna': ('rsna', boxes, {}), 'dsb2018': ('dsb2018', masks, {}),
         'coco-segm': ('coco', coco_masks, dict(categories=[1, 2], iou_type='segm')),
         'coco-keypoints': ('coco', keypoints, dict(categories=[1], iou_type='keypoints')),
         'lvis-segm': ('lvis', lvis_masks, dict(categories=[dict(id=1, name='a', frequency='f'),
                                                           dict(id=2, name='b', frequency='c')], iou_type='segm'))}

def run(name: str, make, batches: int = 62, **options) -> tuple:
    "(update CPU s, result CPU s, score) of `batches` batches of 16 images."
    p, t = make(np.random.default_rng(0))
    ev = get_metric(name).evaluator(**options)
    c0 = cpu()
    for b in range(batches): ev.update(p, t, image_ids=[f'i{b}_{k}' for k in range(len(p))])
    c1 = cpu(); s = ev.result().score; c2 = cpu()
    return c1 - c0, c2 - c1, s

if __name__ == '__main__':
    names = sys.argv[2].split(',') if len(sys.argv) > 2 else list(CASES)
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        for name in names:
            metric, make, options = CASES[name]
            u, r, s = run(metric, make, **options)
            k = 1000 / (62 * 16)
            print(f'{name}: update {u * k:.3f} s, result {r * k:.3f} s, together {(u + r) * k:.3f} s CPU per 1,000 '
                  f'images (score {s!r})')
