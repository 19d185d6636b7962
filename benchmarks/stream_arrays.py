"""CPU seconds of a streaming evaluator per 1,000 images, one box metric (rsna) and one mask metric (dsb2018).

    python benchmarks/stream_arrays.py [runs]   # in the repository; prints one line per metric and run

Batches of 16 images given as dicts of numpy arrays (RSNA: 5 boxes and 10 predictions an image; DSB 2018: 4 masks
of 128 x 128 on each side), 62 batches; the CPU time (user + system, this process) of the updates, and of the
result that follows them (a stream that holds batches maps them there). Prints, writes nothing.
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

def run(name: str, make, batches: int = 62) -> tuple:
    "(update CPU s, result CPU s, score) of `batches` batches of 16 images."
    p, t = make(np.random.default_rng(0))
    ev = get_metric(name).evaluator()
    c0 = cpu()
    for b in range(batches): ev.update(p, t, image_ids=[f'i{b}_{k}' for k in range(len(p))])
    c1 = cpu(); s = ev.result().score; c2 = cpu()
    return c1 - c0, c2 - c1, s

if __name__ == '__main__':
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        for name, make in (('rsna', boxes), ('dsb2018', masks)):
            u, r, s = run(name, make)
            k = 1000 / (62 * 16)
            print(f'{name}: update {u * k:.3f} s, result {r * k:.3f} s, together {(u + r) * k:.3f} s CPU per 1,000 '
                  f'images (score {s!r})')
