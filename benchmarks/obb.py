"""Oriented boxes (issue 38): evalkit's `dota` and `coco --iou-type obb` timed on DOTA-sized synthetic workloads.

    python benchmarks/obb.py [--repeat 3] [--out benchmarks/obb_results]

Rows (CPU seconds of the scoring call in this process, median of REPEAT after one warm-up run; reading included):
- `dota`: `get_metric('dota').evaluate(LABELS, RESULTS)` on a DOTA v1.0 val-sized set written by `make_dota` (458
  images, about 28,000 objects of the 15 classes as rotated rectangles, about 3 detections per object plus false
  ones: ~90,000 result lines in `Task1_<class>.txt` files);
- `coco obb`: `get_metric('coco').evaluate(GT, RES, iou_type='obb')` on the same objects as a COCO JSON pair (`obb` =
  [cx, cy, w, h, angle]); again with `EVALKIT_NUMBA=1` (the rotated-rectangle clipping's numba twin, which files of
  more than `POLY_MIN_WORK` pairs run; numba's import, about 0.5 s CPU once a process, falls in the warm-up);
- `hotcoco obb`: hotcoco's `COCOeval(gt, dt, 'obb')` on the COCO pair, when hotcoco is installed in the venv (else the
  row says so). Its 12 stats are compared with evalkit's.
The machine's load average is recorded beside the figures: the figures are only as quiet as the machine was.
"""
from __future__ import annotations
import argparse, contextlib, datetime, io, json, os, statistics, tempfile, time, warnings
from pathlib import Path
import numpy as np

HERE = Path(__file__).resolve().parent


def make_dota(root: Path, *, n_img: int = 458, per_img: int = 62, seed: int = 0):
    "A DOTA-sized label folder and result folder under `root`, and the same objects as COCO JSON (gt, res)."
    from evalkit.dota import CLASSES
    rng = np.random.default_rng(seed)
    (root / 'lab').mkdir(parents=True); (root / 'res').mkdir()
    dets, anns, res = {c: [] for c in CLASSES}, [], []
    for i in range(n_img):
        n = int(rng.integers(0, 2 * per_img))
        o = np.c_[rng.uniform(0, 1024, (n, 2)), rng.uniform(6, 80, (n, 2)), rng.uniform(-np.pi, np.pi, n)]
        c = rng.integers(0, len(CLASSES), n)
        quads = [_corners(b) for b in o]
        (root / 'lab' / f'P{i:04d}.txt').write_text(''.join(
            f"{' '.join(f'{v:.1f}' for v in q)} {CLASSES[k]} {int(rng.random() < 0.1)}\n" for q, k in zip(quads, c)))
        for b, k in zip(o, c):
            anns.append(dict(id=len(anns) + 1, image_id=i, category_id=int(k) + 1, obb=b.tolist(),
                             area=float(b[2] * b[3]), iscrowd=0))
            for _ in range(int(rng.integers(1, 5))):
                d = b + rng.normal(0, 1, 5) * [b[2] / 10, b[3] / 10, b[2] / 10, b[3] / 10, 0.1]
                d[2:4] = np.abs(d[2:4]); s = float(rng.random())
                dets[CLASSES[k]].append(f"P{i:04d} {s:.4f} {' '.join(f'{v:.1f}' for v in _corners(d))}\n")
                res.append(dict(image_id=i, category_id=int(k) + 1, obb=d.tolist(), score=round(s, 4)))
    for c, L in dets.items(): (root / 'res' / f'Task1_{c}.txt').write_text(''.join(L))
    gt = dict(images=[dict(id=i) for i in range(n_img)], annotations=anns,
              categories=[dict(id=k + 1, name=c) for k, c in enumerate(CLASSES)])
    (root / 'gt.json').write_text(json.dumps(gt)); (root / 'res.json').write_text(json.dumps(res))
    return len(anns), sum(map(len, dets.values()))


def _corners(b) -> list:
    cx, cy, w, h, a = b
    u, v = np.array([-w, w, w, -w]) / 2, np.array([-h, -h, h, h]) / 2
    return np.c_[cx + u * np.cos(a) - v * np.sin(a), cy + u * np.sin(a) + v * np.cos(a)].ravel().tolist()


def timed(f, repeat: int) -> tuple:
    "(median CPU seconds of `repeat` calls after a warm-up, the last value)."
    out, times = f(), []
    for _ in range(repeat):
        t0 = time.process_time(); out = f(); times.append(time.process_time() - t0)
    return statistics.median(times), out


def main(repeat: int = 3, out: Path = HERE / 'obb_results'):
    from evalkit.metrics import get_metric
    root = Path(tempfile.mkdtemp())
    n_obj, n_det = make_dota(root)
    rows, load = [], os.getloadavg()[0]
    t, r = timed(lambda: get_metric('dota').evaluate(root / 'lab', root / 'res'), repeat)
    rows.append(dict(row='dota', cpu_s=t, score=r.score))
    t, r = timed(lambda: get_metric('coco').evaluate(root / 'gt.json', root / 'res.json', iou_type='obb'), repeat)
    rows.append(dict(row='coco obb', cpu_s=t, score=r.score, stats=[float(x) for x in r.arrays['stats']],
                     note='numpy clipping (fewer pairs than POLY_MIN_WORK)'))
    from evalkit.jit import numba_set
    with numba_set('1'):  # the numba twin, as files past POLY_MIN_WORK pairs run it (its import: in the warm-up)
        t, r1 = timed(lambda: get_metric('coco').evaluate(root / 'gt.json', root / 'res.json', iou_type='obb'), repeat)
    rows.append(dict(row='coco obb, numba twin', cpu_s=t, score=r1.score, note='EVALKIT_NUMBA=1; stats equal: '
                     f"{[float(x) for x in r1.arrays['stats']] == rows[1]['stats']}"))
    try:
        from hotcoco import COCO, COCOeval
        def hot():
            with contextlib.redirect_stdout(io.StringIO()):
                g = COCO(str(root / 'gt.json')); e = COCOeval(g, g.loadRes(str(root / 'res.json')), 'obb')
                with warnings.catch_warnings():  # its note that obb is its own extension
                    warnings.simplefilter('ignore'); e.evaluate(); e.accumulate(); e.summarize()
            return e
        t, e = timed(hot, repeat)
        st = [float(x) for x in e.stats[:12]]
        gap = max(abs(a - b) for a, b in zip(st, rows[1]['stats']))
        same = 'equal' if st == rows[1]['stats'] else f'differ by up to {gap:.1e}'
        rows.append(dict(row='hotcoco obb', cpu_s=t, score=st[0], stats=st, note=f"its 12 stats and evalkit's: {same}"))
    except ImportError:
        rows.append(dict(row='hotcoco obb', cpu_s=None, score=None, note='hotcoco not installed in the venv'))
    info = dict(date=datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), load=load,
                load_after=os.getloadavg()[0], repeat=repeat, cpus=os.cpu_count(), objects=n_obj, detections=n_det,
                rows=rows)
    Path(f'{out}.json').write_text(json.dumps(info, indent=1))
    lines = [f"# Oriented boxes: `python benchmarks/obb.py --repeat {repeat}`", '',
             f"{info['date']}, {info['cpus']} CPUs, load average {load:.1f} before and {info['load_after']:.1f} after "
             f"(other work on the machine: the figures are upper bounds). Workload: 458 images, {n_obj:,} objects "
             f"of DOTA v1.0's 15 classes, {n_det:,} detections; CPU seconds of the whole call (reading included), "
             f"median of {repeat} after a warm-up.", '', '| row | CPU s | score | note |', '|---|---|---|---|']
    for r in rows:
        cpu = '-' if r['cpu_s'] is None else f"{r['cpu_s']:.2f}"
        score = '-' if r['score'] is None else f"{r['score']:.6f}"
        lines.append(f"| {r['row']} | {cpu} | {score} | {r.get('note', '')} |")
    Path(f'{out}.md').write_text('\n'.join(lines) + '\n')
    return info


if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--repeat', type=int, default=3)
    p.add_argument('--out', default=str(HERE / 'obb_results'))
    a = p.parse_args()
    main(a.repeat, Path(a.out))
