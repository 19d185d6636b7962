"""In-process COCO evaluation, as a training loop runs it (issue 36): the ground truth loaded beforehand, then only
the calls a validation epoch makes, timed in CPU seconds of the process (median of REPEAT), each tool in a process of
its own, side by side in one run.

    python benchmarks/inproc.py [--repeat 5] [--out benchmarks/inproc_results]

Rows, on the val2017-sized box workload of `run.py` (5,000 images, ~154,000 detections; made if missing):
- `LIB (N x 7 array)`: `gt.loadRes(array)` with the detections as one N x 7 numpy array ([image_id, x, y, w, h,
  score, category_id]), then `COCOeval(gt, dt, 'bbox')`, `evaluate()`, `accumulate()`, `summarize()` (its print
  silenced), for evalkit's pycocotools face (`evalkit.pycocotools`), ultrafast-pycocotools and hotcoco;
- `evalkit evaluator (batches of 16)`: `get_metric('coco').evaluator(categories=...)`, `update` with one dict of
  arrays per image (boxes xywh, scores, labels; targets likewise) sixteen images at a time, then `result()`.
- `evalkit evaluator memory` (`--memory`): the same evaluator fed the Objects365-sized workload (80,000 images,
  ~1.2 million detections) in batches of 16, its inputs built beforehand: what the evaluator holds after the last
  update (tracemalloc, the allocations still live that it made), its peak during the updates, and the inputs' own
  bytes beside them. It must hold per-image statistics, not the inputs: less than the detections' arrays.
The targets (issue 36): the drop-in at most 1.5x the fastest Rust peer's same calls; the evaluator (update +
result) at most 2x. Every row's 12 stats must equal the others' (each tool's own numbers, compared exactly). The
machine's load average is recorded beside the figures.
"""
from __future__ import annotations
import argparse, contextlib, datetime, io, json, os, statistics, subprocess, sys, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUST = ('ultrafast-pycocotools', 'hotcoco')
ROWS = ('evalkit', *RUST, 'evalkit evaluator')
DROP_IN_X, EVALUATOR_X = 1.5, 2.0  # the targets: at most this many times the fastest Rust peer's CPU seconds


def _arrays(results: list):
    "The detections as one N x 7 float64 array, as detectors hand them to loadRes."
    import numpy as np
    return np.array([[d['image_id'], *d['bbox'], d['score'], d['category_id']] for d in results], np.float64)


def _face(lib: str):
    "(COCO, COCOeval, the name of the results loader) of a library with pycocotools' face."
    if lib == 'evalkit':
        from evalkit.pycocotools import COCO, COCOeval
    elif lib == 'ultrafast-pycocotools':
        from ultrafast_pycocotools import COCO, COCOeval
    else:
        from hotcoco import COCO, COCOeval
    return COCO, COCOeval


def _drop_in(lib: str, gt_path: str, res_path: str, repeat: int) -> dict:
    "CPU seconds of loadRes(array) + evaluate + accumulate + summarize, `repeat` times, and the 12 stats."
    COCO, COCOeval = _face(lib)
    arr = _arrays(json.loads(Path(res_path).read_text()))
    with contextlib.redirect_stdout(io.StringIO()):
        gt = COCO(gt_path)
    times = []
    for _ in range(repeat + 1):  # the first run warms caches and compiled kernels: not counted
        t0 = time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            E = COCOeval(gt, gt.loadRes(arr), 'bbox')
            E.evaluate(); E.accumulate(); E.summarize()
        times.append(time.process_time() - t0)
    return dict(seconds=times[1:], stats=[float(x) for x in E.stats[:12]])


def _batches(gt_path: str, res_path: str) -> tuple:
    "(image ids, targets, predictions, category ids): one dict of arrays per image, as a training loop has them."
    import numpy as np
    g, res = json.loads(Path(gt_path).read_text()), json.loads(Path(res_path).read_text())
    by_img = {im['id']: ([], []) for im in g['images']}
    for a in g['annotations']: by_img[a['image_id']][0].append(a)
    for d in res: by_img[d['image_id']][1].append(d)
    ids, targets, preds = list(by_img), [], []
    for i in ids:
        anns, dets = by_img[i]
        targets.append(dict(boxes=np.array([a['bbox'] for a in anns], np.float64).reshape(-1, 4),
                            labels=np.array([a['category_id'] for a in anns], np.int64),
                            iscrowd=np.array([a['iscrowd'] for a in anns], np.int64),
                            area=np.array([a['area'] for a in anns], np.float64)))
        preds.append(dict(boxes=np.array([d['bbox'] for d in dets], np.float64).reshape(-1, 4),
                          scores=np.array([d['score'] for d in dets], np.float64),
                          labels=np.array([d['category_id'] for d in dets], np.int64)))
    return ids, targets, preds, [c['id'] for c in g['categories']]


def _evaluator(gt_path: str, res_path: str, repeat: int, batch: int = 16) -> dict:
    "CPU seconds of the streaming evaluator fed per-image dicts of arrays in batches, then `result()`."
    from evalkit.metrics import get_metric
    ids, targets, preds, cats = _batches(gt_path, res_path)
    times = []
    for _ in range(repeat + 1):
        t0 = time.process_time()
        ev = get_metric('coco').evaluator(categories=cats, box_format='xywh')
        for a in range(0, len(ids), batch):
            ev.update(preds[a:a + batch], targets[a:a + batch], image_ids=ids[a:a + batch])
        r = ev.result()
        times.append(time.process_time() - t0)
    return dict(seconds=times[1:], stats=[float(x) for x in r.arrays['stats']])


def _memory(gt_path: str, res_path: str, batch: int = 16) -> dict:
    "MB the evaluator holds after its last update and at its peak (tracemalloc), the inputs' MB, and its 12 stats."
    import gc, tracemalloc
    from evalkit.metrics import get_metric
    ids, targets, preds, cats = _batches(gt_path, res_path)
    inputs = sum(a.nbytes for d in (*targets, *preds) for a in d.values()) / 2**20
    n_dets = sum(len(d['scores']) for d in preds)
    gc.collect(); tracemalloc.start()
    ev = get_metric('coco').evaluator(categories=cats, box_format='xywh')
    for a in range(0, len(ids), batch):
        ev.update(preds[a:a + batch], targets[a:a + batch], image_ids=ids[a:a + batch])
    gc.collect()
    held, peak = (x / 2**20 for x in tracemalloc.get_traced_memory())
    tracemalloc.stop()
    arrays = lambda p: [v for v in (vars(p) if hasattr(p, '__dict__') else {}).values() if hasattr(v, 'nbytes')]
    stats_mb = sum(a.nbytes for p in ev.parts for a in arrays(p)) / 2**20  # the maps kept: the statistics
    r = ev.result()
    return dict(detections=n_dets, images=len(ids), held_mb=round(held, 1), peak_mb=round(peak, 1),
                stats_mb=round(stats_mb, 1), inputs_mb=round(inputs, 1), stats=[float(x) for x in r.arrays['stats']])


def _child(row: str, gt: str, res: str, repeat: int) -> dict:
    "One row measured in a process of its own (only its library imported)."
    code = ('import json, sys; sys.path.insert(0, sys.argv[1]); import inproc as m; '
            'f = {"evalkit evaluator": m._evaluator, "memory": lambda g, r, n: m._memory(g, r)}.get(sys.argv[2]); '
            'print(json.dumps(f(*sys.argv[3:5], int(sys.argv[5])) if f '
            'else m._drop_in(sys.argv[2], *sys.argv[3:5], int(sys.argv[5]))))')
    p = subprocess.run([sys.executable, '-c', code, str(HERE), row, gt, res, str(repeat)], capture_output=True,
                       text=True, timeout=1800)
    if p.returncode: return dict(error=(p.stderr.strip().splitlines() or ['failed'])[-1][:300])
    return json.loads(p.stdout.strip().splitlines()[-1])


def workload(name: str = 'coco_bbox') -> tuple[str, str]:
    "The val2017-sized (or Objects365-sized) box files of `run.py` (made by its generator when missing)."
    sys.path.insert(0, str(HERE))
    import workloads
    w = workloads.get(name, quick=False, seed=0)
    return str(w['solution']), str(w['submission'])


def report(rows: dict, load: list) -> tuple[str, list]:
    "The markdown table and the targets (name, ratio, pass) of a run."
    med = {k: statistics.median(v['seconds']) for k, v in rows.items() if 'seconds' in v}
    rust = min((med[k] for k in RUST if k in med), default=None)
    lines = ['| row | CPU s (median) | / fastest Rust peer | 12 stats equal evalkit\'s |', '|---|---:|---:|---|']
    ek = rows.get('evalkit', {}).get('stats')
    for k, v in rows.items():
        if 'error' in v:
            lines.append(f"| {k} | failed: {v['error']} | | |"); continue
        ratio = f'{med[k] / rust:.2f}x' if rust else ''
        lines.append(f"| {k} | {med[k]:.3f} | {ratio} | {'yes' if v['stats'] == ek else 'NO'} |")
    targets = []
    for k, x in (('evalkit', DROP_IN_X), ('evalkit evaluator', EVALUATOR_X)):
        if rust and k in med:
            targets.append(dict(target=f'{k} <= {x}x the fastest Rust peer', ratio=round(med[k] / rust, 2),
                                passed=med[k] <= x * rust))
    when = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')
    head = [f'{when}; load average at the start: {", ".join(f"{x:.2f}" for x in load)} ({os.cpu_count()} cores); '
            'CPU seconds of each process after the ground truth is loaded, median of the runs after a warm-up', '']
    return '\n'.join(head + lines + [''] + [f"- {t['target']}: {t['ratio']}x, {'PASS' if t['passed'] else 'FAIL'}"
                                            for t in targets]), targets


def memory_text(m: dict) -> str:
    "The memory row's lines."
    if 'error' in m: return f"- evaluator memory: failed: {m['error']}"
    rest = m['held_mb'] - m['stats_mb']  # arrays held unmapped (at most CHUNK_ROWS rows) and bookkeeping
    return ' '.join((
        f"- evalkit evaluator memory after {m['detections']:,} detections ({m['images']:,} images, Objects365-sized,",
        f"batches of 16, tracemalloc): it holds {m['held_mb']} MB after the last update (peak {m['peak_mb']} MB during",
        f"the updates): {m['stats_mb']} MB of statistics (per detection its image, class, rank, score and its outcome",
        f"at each area range and threshold; per image its counts) and {rest:.1f} MB else (the last batches held as",
        f"arrays until {2 ** 18:,} rows are mapped at once, ids). The inputs were {m['inputs_mb']} MB of arrays: none",
        "is kept beyond the held rows."))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--out', type=Path, default=HERE/'inproc_results')
    ap.add_argument('--memory', action='store_true', help='also the evaluator memory row (Objects365-sized)')
    a = ap.parse_args(argv)
    gt, res = workload()
    load = list(os.getloadavg())
    mem = _child('memory', *workload('objects365'), 1) if a.memory else None
    rows = {(f'{k} (N x 7 array)' if k != 'evalkit evaluator' else 'evalkit evaluator (batches of 16)'):
            _child(k, gt, res, a.repeat) for k in ROWS}
    rows = {k.split(' (')[0] if k.endswith('array)') else k: v for k, v in rows.items()}
    text, targets = report({k if k != 'evalkit evaluator (batches of 16)' else 'evalkit evaluator': v
                            for k, v in rows.items()}, load)
    if mem is not None: text += '\n' + memory_text(mem)
    a.out.with_suffix('.json').write_text(json.dumps(dict(load_average=load, rows=rows, targets=targets, memory=mem),
                                                     indent=1))
    a.out.with_suffix('.md').write_text('# In-process COCO evaluation (python benchmarks/inproc.py)\n\n' + text + '\n')
    print(text)


if __name__ == '__main__':
    main()
