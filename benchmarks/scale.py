"""Dask scale benchmark (issue 15): evalkit's Dask path on a million images, against one machine, in the same run.

    python benchmarks/scale.py [--quick] [--out DIR] [--seed 0] [--only airbus vinbigdata coco]
                               [--sizes NAME=BIG,SMALL]

A full run scores an Airbus-layout pair of 1,000,000 images and a VinBigData-layout pair of 300,000 images (each as
CSV and as a folder of Parquet files), and an Objects365-sized COCO pair (80,000 images, 365 categories, about 1.2
million box detections, two JSON files) on `evalkit.cluster.local_cluster(2, memory_limit='2GB')`, and a pair of
100,000 images of each CSV layout for growth; it checks the Dask score against one machine's (Airbus: the same files
scored in 10 pieces split by image id and combined exactly; VinBigData and COCO: the whole file), the workers' memory
and restarts, and writes `benchmarks/scale_results.md` and `.json`. `--quick` (20,000 / 2,000 Airbus images, 6,000 /
2,000 VinBigData images, 2,000 COCO images) writes into `benchmarks/work/` instead, as `--only` or `--sizes` do. See
`benchmarks/SCALE.md`.

Every measured run is a child process (`--task`): a Dask run's child is the client (and the LocalCluster's
scheduler), so its peak resident set is the client's; the files are generated in this process beforehand and cached
under `benchmarks/work/scale/`, keyed on size, seed and `VERSION` (and on the generators they come from).
"""
from __future__ import annotations
import argparse, datetime, json, math, os, resource, shutil, signal, statistics, subprocess, sys, threading
import time, zlib
from fractions import Fraction
from pathlib import Path
import numpy as np, pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import workloads  # noqa: E402
from run import machine, _f  # noqa: E402  (the benchmark harness's machine description and number format)

SCALE = workloads.WORK/'scale'  # the cache of generated pairs (git-ignored, as all of benchmarks/work/)
VERSION = 1  # bump when a generator here changes: the cache key includes it
WORKERS, LIMIT, LIMIT_BYTES = 2, '2GB', 2 * 10**9  # the cluster: worker processes of one thread, memory limit each
SIZES = {False: {'airbus': (1_000_000, 100_000), 'vinbigdata': (300_000, 100_000), 'coco': (80_000, None)},
         True: {'airbus': (20_000, 2_000), 'vinbigdata': (6_000, 2_000), 'coco': (2_000, None)}}  # (big, small)
FORMATS = {'airbus': ('csv', 'parquet'), 'vinbigdata': ('csv', 'parquet'), 'coco': ('json',)}  # inputs of a layout
FILES = {'csv': '{}.csv', 'parquet': '{}_parquet', 'json': '{}.json'}  # each side's file or folder, per input format
WORKLOAD = {'coco': 'objects365'}  # the workload of benchmarks/workloads.py a layout's generator and warm pair use
EXACT = {'coco': 0.0}  # a layout's tolerance if not TOL: COCO's 12 stats and per-class AP must be equal (==)
COLUMNS = {'airbus': ('ImageId', 'EncodedPixels')}
AIRBUS_FILE = 50_000  # Airbus images per generated block and per Parquet file (about 35 MB of CSV text)
PARQUET_BYTES = 32 * 2**20  # other layouts: a Parquet file per this much CSV text (evalkit reads CSV in 16 MiB blocks)
PACKAGES = ('evalkit-vision', 'dask', 'distributed', 'pandas', 'numpy', 'pyarrow')  # versions in the report
CONFIGS, SHUFFLE = ('default',), 'shuffle only'  # evalkit's default partitions; the same without scoring
PIECES = 10  # one machine scores the Airbus pair in this many pieces, split by image id
TOL, PER_IMAGE_MAX, GROWTH_MAX = 1e-12, 2.0, 1.25  # the targets: exactness, Dask / one machine per image, growth
TASK_TIMEOUT = 2400  # seconds before a child process (a measured run) is stopped (--timeout)
REPEAT = 2  # --repeat: runs of each Dask config and of the VinBigData file on one machine; the fastest counts
KEEP_GOING = False  # --keep-going: a Dask run goes on after a worker's restart (Dask retries its tasks)
ID_MULT = 0x9E3779B1  # odd: i -> i * ID_MULT mod 2**36 is a bijection, so the 9-hex-digit Airbus ids never repeat


def log(*a):
    "A progress line on stderr, with the time of day."
    print(time.strftime('%H:%M:%S'), *a, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------------- Airbus by tiling
def _mix(i: np.ndarray, seed: int) -> np.ndarray:
    "splitmix64 of image indices `i` and `seed`: a pseudo-random uint64 per index that depends on nothing else."
    z = i.astype(np.uint64) + np.uint64((seed + 1) << 40) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def airbus_ids(lo: int, hi: int, seed: int) -> np.ndarray:
    "Image ids `xxxxxxxxx.jpg` of images lo..hi-1: 9 hex digits, distinct for every index below 2**36."
    off = int(_mix(np.array([seed]), 7)[0]) % 2**36
    v = (np.arange(lo, hi, dtype=np.uint64) * np.uint64(ID_MULT) + np.uint64(off)) & np.uint64(2**36 - 1)
    return np.array([f'{x:09x}.jpg' for x in v.tolist()], dtype=object)


def airbus_pool(seed: int) -> dict:
    "The images of the 15,606-image Airbus workload as blocks: per side, the EncodedPixels texts and row offsets."
    w, out, ids = workloads.get('airbus', seed=seed), {}, None
    for s in ('solution', 'submission'):
        df = pd.read_csv(w[s], dtype=str, keep_default_na=False)
        i = df['ImageId'].to_numpy(object)
        start = np.flatnonzero(np.r_[True, i[1:] != i[:-1]])
        if ids is None: ids = i[start]
        elif not np.array_equal(ids, i[start]): raise RuntimeError('the pool sides list other images')
        out[s] = (df['EncodedPixels'].to_numpy(object), np.r_[start, len(i)].astype(np.int64))
    if len(set(ids)) != len(ids): raise RuntimeError("a pool image's rows are not contiguous")
    return dict(out, n=len(ids), source=w['solution'])


def _gather(texts: np.ndarray, off: np.ndarray, idx: np.ndarray) -> tuple:
    "The rows of pool images `idx`, in order: (place in `idx` of each row, its text)."
    lo, n = off[idx], off[idx + 1] - off[idx]
    img = np.repeat(np.arange(len(idx)), n)
    rows = lo[img] + np.arange(len(img)) - np.repeat(np.cumsum(n) - n, n)
    return img, texts[rows]


def _parquet(table: dict, path: Path):
    "Write string columns `table` (name -> sequence of str) as one Parquet file."
    import pyarrow as pa, pyarrow.parquet as pq
    pq.write_table(pa.table({k: pa.array(list(v), pa.string()) for k, v in table.items()}), path)


def _airbus_block(pool: dict, files: dict, d: Path, k: int, lo: int, hi: int, seed: int) -> dict:
    "Write images lo..hi-1 (block `k`): CSV rows appended to `files`, a Parquet file per side; rows per side."
    idx = (_mix(np.arange(lo, hi), seed) % np.uint64(pool['n'])).astype(np.int64)
    ids, cols, rows = airbus_ids(lo, hi, seed), COLUMNS['airbus'], {}
    for s, f in files.items():
        img, texts = _gather(*pool[s], idx)
        iid = ids[img]
        f.write(''.join([f'{a},{b}\n' for a, b in zip(iid.tolist(), texts.tolist())]))
        _parquet({cols[0]: iid, cols[1]: texts}, d/f'{s}_parquet'/f'part-{k:05d}.parquet')
        rows[s], rows[f'{s}_empty'] = len(img), int((texts == '').sum())  # no ship: one row, empty EncodedPixels
    return rows


def gen_airbus(d: Path, n: int, seed: int) -> dict:
    "Airbus pair of `n` images: pool images picked by a hash of the index, fresh ids; CSV and a Parquet folder."
    pool, sides, counts = airbus_pool(seed), ('solution', 'submission'), []
    files = {s: open(d/f'{s}.csv', 'w') for s in sides}
    try:
        for s in sides: files[s].write(','.join(COLUMNS['airbus']) + '\n'); (d/f'{s}_parquet').mkdir()
        counts = [_airbus_block(pool, files, d, k, lo, min(lo + AIRBUS_FILE, n), seed)
                  for k, lo in enumerate(range(0, n, AIRBUS_FILE))]
    finally:
        for f in files.values(): f.close()
    return dict(rows={s: sum(c[s] for c in counts) for s in sides},
                empty_images=sum(c['solution_empty'] for c in counts), pool=f"{pool['n']:,} images of {pool['source']}",
                how='tiled: each image a copy of one of the 15,606 images of the Airbus workload (picked by a hash '
                    'of its index) under a fresh id; the pair of a smaller size is a prefix of the bigger one')


# ----------------------------------------------------------------------------------------------------- VinBigData
def _preset_module():
    "tools/make_preset_data.py, imported."
    sys.path.insert(0, str(workloads.PRESET_GEN.parent))
    try:
        import make_preset_data
    finally:
        sys.path.remove(str(workloads.PRESET_GEN.parent))
    return make_preset_data


def _parquet_parts(df: pd.DataFrame, folder: Path, parts: int):
    "`df` as `parts` Parquet files of consecutive rows in `folder`."
    folder.mkdir()
    bounds = np.linspace(0, len(df), parts + 1).round().astype(int)
    for k, (a, b) in enumerate(zip(bounds[:-1], bounds[1:])):
        _parquet({c: df[c].iloc[a:b].astype(str) for c in df.columns}, folder/f'part-{k:05d}.parquet')


def gen_vinbigdata(d: Path, n: int, seed: int) -> dict:
    "VinBigData pair of `n` images from the seeded generator of tools/make_preset_data.py; CSV and Parquet folders."
    sol, sub = _preset_module().vinbigdata_files(np.random.default_rng([seed, workloads.PRESETS['vinbigdata']]), n)
    for s, df in (('solution', sol), ('submission', sub)):
        df.to_csv(d/f'{s}.csv', index=False)
        _parquet_parts(df, d/f'{s}_parquet', math.ceil(os.path.getsize(d/f'{s}.csv') / PARQUET_BYTES))
    boxed = sol.loc[sol['class_id'] != '14', 'image_id'].nunique()  # images with a box (class 14: no finding)
    return dict(rows={'solution': len(sol), 'submission': len(sub)}, empty_images=n - boxed,
                how=f'vinbigdata_files(default_rng([{seed}, {workloads.PRESETS["vinbigdata"]}]), {n}) of '
                    'tools/make_preset_data.py, vectorised (no tiling); sizes are separate draws')


def gen_coco(d: Path, n: int, seed: int) -> dict:
    "Objects365-sized COCO pair of `n` images: the generator of the one-machine row (o), `workloads.gen_coco`."
    gt, res = workloads.gen_coco(WORKLOAD['coco'], d, n, seed)
    boxed = len({a['image_id'] for a in gt['annotations']})
    return dict(rows={'solution': len(gt['annotations']), 'submission': len(res)}, empty_images=n - boxed,
                categories=len(gt['categories']),
                how=f'workloads.gen_coco({WORKLOAD["coco"]!r}, ..., {n}, {seed}): make_coco({n}, seed={seed}, '
                    f'preset={WORKLOAD["coco"]!r}) of tools/make_coco_data.py, boxes only; at 80,000 images the '
                    'files of benchmarks/run.py\'s row (o)')


GENERATORS = {'airbus': gen_airbus, 'vinbigdata': gen_vinbigdata, 'coco': gen_coco}


def _bytes(p: Path) -> int:
    "Bytes of file `p`, or of the files in folder `p`."
    return sum(f.stat().st_size for f in p.iterdir()) if p.is_dir() else p.stat().st_size


def dataset(name: str, n: int, seed: int) -> dict:
    "Paths and facts of the `name` pair of `n` images, generated into benchmarks/work/scale/ unless cached."
    gen = (f'w{workloads.VERSION}' if name == 'airbus' else
           f'g{workloads.preset_generator_hash(workloads.COCO_GEN if name == "coco" else workloads.PRESET_GEN)}')
    d = SCALE/f'{name}-{n}-s{seed}-v{VERSION}-{gen}'
    meta = d/'meta.json'
    if not meta.exists():
        tmp = d.with_name(d.name + '.tmp')
        for x in (d, tmp):
            if x.exists(): shutil.rmtree(x)  # an interrupted generation
        tmp.mkdir(parents=True)
        log(f'generating {name} {n:,} images into {d}')
        t0 = time.perf_counter()
        info = GENERATORS[name](tmp, n, seed)
        sides = ('solution', 'submission')
        info |= dict(name=name, metric=name, images=n, seed=seed, version=VERSION,
                     seconds=round(time.perf_counter() - t0, 1))
        for f in FORMATS[name]:
            info |= {f: {s: str(d/FILES[f].format(s)) for s in sides},
                     f'{f}_bytes': {s: _bytes(tmp/FILES[f].format(s)) for s in sides}}
        if 'parquet' in FORMATS[name]:
            info['parquet_files'] = {s: len(list((tmp/f'{s}_parquet').iterdir())) for s in sides}
        (tmp/'meta.json').write_text(json.dumps(info, indent=1))
        os.replace(tmp, d)
    return json.loads(meta.read_text())


# ------------------------------------------------------------------------------------------------ exact arithmetic
def exact_sum(v) -> Fraction:
    "The exact sum of finite float64 values, as a Fraction (each value is an integer times a power of two)."
    m, e = np.frexp(np.asarray(v, np.float64))
    ints = (m * 2.0**53).astype(np.int64)  # exact: a float64 mantissa has 53 bits
    return sum((Fraction(sum(ints[e == k].tolist())) * Fraction(2) ** (int(k) - 53) for k in np.unique(e)),
               Fraction(0))


def _frac(x: Fraction) -> str:
    "A Fraction as exact text, 'numerator/denominator'."
    return f'{x.numerator}/{x.denominator}'


def _totals(r) -> dict:
    "TP, FP, FN per threshold of a Result (summed over images, or over classes for ranked AP)."
    from evalkit.result import totals
    t = totals(r)
    return {c: [int(x) for x in t[c]] for c in ('tp', 'fp', 'fn')}


def _summary(r) -> dict:
    "The numbers of a Result that one machine and Dask must agree on (COCO: also the 12 stats and per-class AP)."
    coco = {} if 'stats' not in (r.arrays or {}) else dict(stats=[float(x) for x in r.arrays['stats']],
                                                           class_ap=[float(x) for x in r.arrays['class_ap']])
    return dict(score=float(r.score), per_threshold=[float(x) for x in r.per_threshold], n_images=int(r.n_images),
                **_totals(r), **coco)


def peak_rss() -> int:
    "Peak resident set of this process in bytes: VmHWM (ru_maxrss would keep the peak of the parent before exec)."
    try:
        with open('/proc/self/status') as f: kb = next(ln.split()[1] for ln in f if ln.startswith('VmHWM'))
        return int(kb) * 1024
    except (OSError, StopIteration): return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


# ------------------------------------------------------------------------------------------- tasks (child processes)
def task_single(t: dict) -> dict:
    "One machine: score the pair `repeat` times in this process (imports done); times, summary and peak memory."
    from evalkit.metrics import get_metric
    m, times = get_metric(t['metric']), []
    for _ in range(t['repeat']):
        t0 = time.perf_counter()
        r = m.evaluate(t['solution'], t['submission'])
        times.append(time.perf_counter() - t0)
    return dict(seconds=times, best_s=min(times), median_s=statistics.median(times), maxrss=peak_rss(),
                **_summary(r))


def split_by_id(src: str, dst: list):
    "Copy the rows of CSV `src` into the files `dst`, each row to file crc32(image id) mod len(dst); header to all."
    outs = [open(p, 'w') for p in dst]
    try:
        with open(src) as f:
            head = f.readline()
            for o in outs: o.write(head)
            for line in f: outs[zlib.crc32(line[:line.index(',')].encode()) % len(outs)].write(line)
    finally:
        for o in outs: o.close()


def _piece(m, sol: str, sub: str) -> dict:
    "One piece scored on one machine: exact sums of the image scores and per-threshold values, totals, time."
    t0 = time.perf_counter()
    r = m.evaluate(sol, sub)
    sec = time.perf_counter() - t0
    scored, T = r.images['scored'].to_numpy(), len(r.thresholds)
    vals = r.per_image['value'].to_numpy().reshape(-1, T)  # the scored images, T rows each, thresholds in order
    return dict(seconds=sec, n_images=int(scored.sum()), score_sum=_frac(exact_sum(r.images['score'][scored])),
                value_sum=[_frac(exact_sum(v)) for v in vals.T], **_totals(r))


def task_pieces(t: dict) -> dict:
    "One machine in pieces: split the pair by image id into `pieces` CSV pairs, score each, delete them."
    from evalkit.metrics import get_metric
    tmp, k = Path(t['tmp']), t['pieces']
    tmp.mkdir(parents=True, exist_ok=True)
    try:
        t0 = time.perf_counter()
        paths = {s: [str(tmp/f'{s}-{i:02d}.csv') for i in range(k)] for s in ('solution', 'submission')}
        for s in paths: split_by_id(t[s], paths[s])
        split_s = time.perf_counter() - t0
        m = get_metric(t['metric'])
        pieces = [_piece(m, a, b) for a, b in zip(paths['solution'], paths['submission'])]
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dict(split_s=split_s, pieces=pieces, maxrss=peak_rss())


class Peaks(threading.Thread):
    "Samples some processes every `every` seconds: the peak resident set and CPU seconds of each, which ones ended."
    def __init__(self, pids, every: float = 0.1):
        "Start values of processes `pids` (the thread is not started)."
        import psutil
        super().__init__(daemon=True)
        self.procs, self.every, self.peak, self.gone, self.cpu0, self.cpu = {}, every, {}, set(), {}, {}
        for p in pids:
            self.procs[p] = psutil.Process(p); self.peak[p] = 0
            self.cpu0[p] = self.cpu[p] = sum(self.procs[p].cpu_times()[:2])
        self.done = threading.Event()

    def run(self):
        "Sample until stopped."
        import psutil
        while not self.done.wait(self.every):
            for pid, p in self.procs.items():
                if pid in self.gone: continue
                try:
                    with p.oneshot(): self.peak[pid] = max(self.peak[pid], p.memory_info().rss); c = p.cpu_times()
                    self.cpu[pid] = c.user + c.system
                except psutil.Error: self.gone.add(pid)

    def cpu_s(self, pid: int) -> float:
        "CPU seconds (user and system) process `pid` used while sampled."
        return self.cpu[pid] - self.cpu0[pid]

    def stop(self) -> dict:
        "Stop sampling; the peaks by pid."
        self.done.set(); self.join()
        return self.peak


def _worker_facts(client) -> dict:
    "Per worker address: pid, peak resident set (bytes) and bytes spilled to disk so far."
    def facts(dask_worker):
        "Run on a worker: its facts."
        spilled = getattr(dask_worker.data, 'cumulative_metrics', {}).get(('disk-write', 'bytes'), 0)
        return dict(pid=os.getpid(), maxrss=peak_rss(), spilled=int(spilled))
    return client.run(facts)


def _partitions(metric: str, sol, sub, blocksize: int | None = None) -> tuple[list, int | None]:
    "Input partitions of each side as evalkit reads them, and evalkit's default partitions after the shuffle; "
    "a metric read whole and cut into parts (COCO): no input partitions, no shuffle."
    from evalkit.cluster import side, BLOCKSIZE, _default_partitions
    from evalkit.metrics import get_metric
    if get_metric(metric).partitioner is not None: return [], None
    id_col, bs = get_metric(metric).id_col, blocksize or BLOCKSIZE
    sides = [side(p, what=w, id_col=id_col, blocksize=bs) for p, w in ((sol, 'solution'), (sub, 'submission'))]
    return [s.df.npartitions for s in sides], _default_partitions(*sides)


def _options(t: dict) -> dict:
    "The `score_dask` options of a task: `npartitions` and `blocksize` when given."
    return {k: t[k] for k in ('npartitions', 'blocksize') if t.get(k)}


def shuffle_only(client, metric: str, solution, submission, *, npartitions=None, blocksize=None) -> int:
    "What `score_dask` does before scoring: read and key both sides, one shuffle by image id; rows counted."
    from evalkit.cluster import side, BLOCKSIZE, _shuffled
    from evalkit.metrics import get_metric
    kw = dict(id_col=get_metric(metric).id_col, blocksize=blocksize or BLOCKSIZE)
    sol, sub = side(solution, what='solution', **kw), side(submission, what='submission', **kw)
    both = _shuffled(sol, sub, npartitions)
    return int(client.compute(both.map_partitions(len)).result().sum())


def _score_into(box: dict, client, t: dict):
    "`score_dask` of the task's pair (or only its shuffle): the result's summary, or the error, into `box`."
    from evalkit.cluster import score_dask
    args, kw = (t['metric'], t['solution'], t['submission']), _options(t)
    try:
        if t.get('shuffle_only'): box['rows'] = shuffle_only(client, *args, **kw)
        else: box.update(_summary(score_dask(*args, client=client, **kw)))
    except Exception as e: box['error'] = f'{type(e).__name__}: {e}'[:2000]


def _memory_restarts(client) -> list:
    "The nannies' `worker-restart-memory` events: each worker terminated for memory, its pid and resident set."
    try: events = client.get_events('worker-restart-memory')
    except Exception: return []
    return [dict(pid=e.get('pid'), rss=e.get('rss'), worker=e.get('worker')) for _, e in events]


def _removed(client, wait: float = 3.0) -> list:
    "After `wait` s: the scheduler's `remove-worker` events, with the keys each removed worker was processing."
    time.sleep(wait)
    try: events = client.get_events('all')
    except Exception: return []
    return [dict(worker=e.get('worker'), processing=sorted(map(str, e.get('processing-tasks') or []))[:20])
            for _, e in events if isinstance(e, dict) and e.get('action') == 'remove-worker']


def _dask_score(client, t: dict, out: dict) -> bool:
    "Score the pair on `client`, sampling memory, into `out`; True if stopped at a worker's restart (no score)."
    before = _worker_facts(client)
    peaks, box = Peaks([os.getpid(), *(f['pid'] for f in before.values())]), {}
    run = threading.Thread(target=_score_into, args=(box, client, t), daemon=True)
    peaks.start()
    t0 = time.perf_counter()
    run.start()
    while run.is_alive() and (t.get('keep_going') or not peaks.gone): run.join(0.2)
    out['seconds'], stopped = time.perf_counter() - t0, run.is_alive()
    peak = peaks.stop()
    out.update(box, memory_restarts=_memory_restarts(client), client_sampled_peak=peak[os.getpid()],
               client_cpu_s=peaks.cpu_s(os.getpid()), load=os.getloadavg())
    if stopped:
        out['removed'] = _removed(client)
        out['error'] = (f'a worker ended after {out["seconds"]:.0f} s ({len(out["memory_restarts"])} terminated by '
                        'its nanny for memory): run stopped, no score')
    after = {} if stopped else _worker_facts(client)
    kept = [a for a, f in before.items() if a in after and after[a]['pid'] == f['pid']]
    out['restarts'] = len(peaks.gone) if stopped else len(before) - len(kept) + sum(a not in before for a in after)
    out['workers'] = [dict(address=a, pid=f['pid'], sampled_peak=peak[f['pid']], gone=f['pid'] in peaks.gone,
                           cpu_s=peaks.cpu_s(f['pid']),
                           maxrss=after[a]['maxrss'] if a in kept else None,
                           spilled=after[a]['spilled'] - f['spilled'] if a in kept else None)
                      for a, f in before.items()]
    return stopped


def task_dask(t: dict) -> dict:
    "Dask: a fresh local cluster, warmed on a tiny pair, then one timed `score_dask` of the pair; cluster closed."
    from evalkit.cluster import score_dask, local_cluster
    parts, shuffled = _partitions(t['metric'], t['solution'], t['submission'], t.get('blocksize'))
    out = dict(partitions=parts, shuffled=t.get('npartitions') or shuffled, options=_options(t))
    if shuffled is None: out['parts'] = t.get('npartitions') or 4 * WORKERS  # evalkit's default: 4 parts a worker
    t0 = time.perf_counter()
    client = local_cluster(WORKERS, memory_limit=LIMIT)
    out['cluster_start_s'], stopped = time.perf_counter() - t0, True
    try:
        score_dask(t['metric'], *t['warm'], client=client)  # the workers import evalkit and pandas here
        stopped = _dask_score(client, t, out)
    finally:
        if not stopped: client.close(); client.cluster.close()  # else the parent ends the process group
    out['client_maxrss'] = peak_rss()
    return out


TASKS = {'single': task_single, 'pieces': task_pieces, 'dask': task_dask}


def run_task(kind: str, timeout: float | None = None, **t) -> dict:
    "Run a task in a child process (its own process group, stopped after `timeout` s): its JSON answer or an error."
    t0, timeout = time.perf_counter(), timeout or TASK_TIMEOUT
    p = subprocess.Popen([sys.executable, __file__, '--task', json.dumps(dict(t, kind=kind))], stdout=subprocess.PIPE,
                         text=True, start_new_session=True)
    try: stdout, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL); p.communicate()
        return dict(error=f'stopped after {timeout:.0f} s', wall_s=time.perf_counter() - t0)
    try: os.killpg(p.pid, signal.SIGKILL)  # what the child left (workers of a cluster it stopped using)
    except ProcessLookupError: pass
    lines = stdout.strip().splitlines()
    if p.returncode or not lines: return dict(error=f'child exit code {p.returncode}', wall_s=time.perf_counter() - t0)
    return dict(json.loads(lines[-1]), wall_s=time.perf_counter() - t0)


# ---------------------------------------------------------------------------------------------------- the benchmark
def warm_pair(name: str, seed: int) -> list:
    "A tiny pair of the layout (the quick size of its workload) to warm a fresh cluster with."
    w = workloads.get(WORKLOAD.get(name, name), quick=True, seed=seed)
    return [w['solution'], w['submission']]


def dask_runs(name: str, data: dict, seed: int) -> list:
    "Dask runs (each on a fresh cluster): per config, the big and the small pair from each input; a shuffle of CSV."
    out, warm = [], warm_pair(name, seed)
    plan = [(c, size, fmt) for c in CONFIGS for size in data for fmt in FORMATS[name]]
    for cfg, size, fmt in plan + ([(SHUFFLE, 'big', 'csv')] if 'csv' in FORMATS[name] else []):
        d = data[size]
        opts = dict(shuffle_only=cfg == SHUFFLE)
        runs = []
        while len(runs) < REPEAT and all(map(_done, runs)):  # a failed run is not repeated
            log(f'dask {name} {d["images"]:,} images from {fmt}, {cfg} {opts}, run {len(runs) + 1} of {REPEAT}')
            r = run_task('dask', metric=name, solution=d[fmt]['solution'], submission=d[fmt]['submission'],
                         warm=warm, keep_going=KEEP_GOING, **opts)
            runs.append(dict(r, cpu_share=_cpu_share(r)))
            log(f'  {r.get("seconds", 0):.1f} s, restarts {r.get("restarts")}, score {r.get("score")}'
                + (f', ERROR {r["error"]}' if 'error' in r else ''))
        out.append(dict(_best(runs), name=name, size=size, images=d['images'], format=fmt, config=cfg))
    return out


def _cpu_share(r: dict) -> float | None:
    "CPU seconds of the workers and the client over what the usable cores could give in the run's wall time."
    if 'seconds' not in r or not r.get('workers'): return None
    used = sum(w['cpu_s'] for w in r['workers']) + r.get('client_cpu_s', 0)
    return used / (len(os.sched_getaffinity(0)) * r['seconds'])


def _best(runs: list) -> dict:
    "The run to report of repeated runs: the one that failed, else the fastest; with every repeat's facts."
    failed = [r for r in runs if not _done(r)]
    best = failed[0] if failed else min(runs, key=lambda r: r['seconds'])
    return dict(best, repeats=[dict(seconds=r.get('seconds'), error=r.get('error'), restarts=r.get('restarts'),
                                    worker_peaks=[_worker_peak(w) for w in r.get('workers', [])],
                                    cpu_share=r['cpu_share']) for r in runs])


def combine(pieces: list) -> dict:
    "One machine's result from its pieces, exactly: sums of Fractions, divided once by the images scored."
    n = sum(p['n_images'] for p in pieces)
    T = len(pieces[0]['value_sum'])
    score = sum((Fraction(p['score_sum']) for p in pieces), Fraction(0)) / n
    per_t = [sum((Fraction(p['value_sum'][k]) for p in pieces), Fraction(0)) / n for k in range(T)]
    tot = {c: [int(x) for x in np.sum([p[c] for p in pieces], 0)] for c in ('tp', 'fp', 'fn')}
    return dict(score=float(score), per_threshold=[float(x) for x in per_t], n_images=n, **tot)


def reference(name: str, big: dict, seed: int) -> dict:
    "One machine's result for the big pair: Airbus in pieces (combined exactly), VinBigData the whole file."
    if name == 'airbus':
        log(f'one machine: airbus {big["images"]:,} images in {PIECES} pieces')
        r = run_task('pieces', metric='airbus', solution=big['csv']['solution'], submission=big['csv']['submission'],
                     pieces=PIECES, tmp=str(SCALE/f'pieces-{os.getpid()}'))
        if 'error' in r: return r
        score_s = sum(p['seconds'] for p in r['pieces'])
        return dict(combine(r['pieces']), how=f'{PIECES} pieces split by crc32(ImageId), combined exactly',
                    seconds=score_s, split_s=r['split_s'], maxrss=r['maxrss'],
                    piece_images=[p['n_images'] for p in r['pieces']])
    log(f'one machine: {name} {big["images"]:,} images, whole file')
    fmt = FORMATS[name][0]
    r = run_task('single', metric=name, solution=big[fmt]['solution'], submission=big[fmt]['submission'],
                 repeat=REPEAT)
    how = 'the whole file' + (f', fastest of {REPEAT}' if REPEAT > 1 else '')
    return r if 'error' in r else dict(r, how=how, seconds=r['best_s'], runs=r['seconds'])


def baseline(seed: int) -> dict:
    "One machine on the 15,606-image Airbus workload: the fastest of 3 scorings in one process."
    w = workloads.get('airbus', seed=seed)
    log('one machine: airbus baseline (workload airbus, 15,606 images)')
    r = run_task('single', metric='airbus', solution=w['solution'], submission=w['submission'], repeat=3)
    return dict(r, images=workloads.WORKLOADS['airbus'][2], solution=w['solution'],
                csv_bytes={s: os.path.getsize(w[s]) for s in ('solution', 'submission')})


def diff(a: dict, b: dict) -> dict:
    "Largest |difference| of score, per-threshold values (and COCO's 12 stats and per-class AP), and whether images, "
    "totals (and COCO's stats and per-class AP, compared with ==) are identical."
    if 'error' in a or 'error' in b or 'score' not in a or 'score' not in b: return dict(max_abs=None, same=False)
    pairs = [(a['score'], b['score']), *zip(a['per_threshold'], b['per_threshold']),
             *zip(a.get('stats', []), b.get('stats', [])), *zip(a.get('class_ap', []), b.get('class_ap', []))]
    d = [abs(x - y) for x, y in pairs]
    same = all(a.get(k) == b.get(k) for k in ('n_images', 'tp', 'fp', 'fn', 'stats', 'class_ap'))
    return dict(max_abs=max(d), same=same)


def _done(r: dict) -> bool:
    "A run that finished without an error."
    return 'seconds' in r and 'error' not in r


def _run_of(b: dict, size: str, fmt: str, cfg: str) -> dict:
    "The run of one layout with this size ('big' or 'small'), input format and config (an empty dict if none)."
    return next((r for r in b['runs'] if (r['size'], r['format'], r['config']) == (size, fmt, cfg)), {})


def rates(b: dict):
    "Per Dask run: time per image over one machine's (`per_image_ratio`) and, for the big pair, `growth`."
    big, small = b['data']['big']['images'], b['data'].get('small', {}).get('images')
    for r in b['runs']:
        r['per_image_ratio'] = (r['seconds'] / r['images'] / b['base_per_image_s']
                                if _done(r) and b['base_per_image_s'] else None)
        s = _run_of(b, 'small', r['format'], r['config'])
        r['growth'] = (r['seconds'] / (big / small * s['seconds'])
                       if r['size'] == 'big' and _done(r) and _done(s) else None)


def bench(name: str, sizes: tuple, seed: int, base: dict) -> dict:
    "Generate, run on Dask, score on one machine and compare, for one layout (no small size: no growth)."
    data = {k: dataset(name, n, seed) for k, n in zip(('big', 'small'), sizes) if n}
    runs = dask_runs(name, data, seed)
    ref = reference(name, data['big'], seed)
    for r in runs:
        if r['size'] == 'big' and 'score' in r: r['exact'] = diff(r, ref)
    per_image = base['best_s'] / base['images'] if name == 'airbus' else ref.get('seconds', 0) / sizes[0]
    b = dict(name=name, data=data, runs=runs, reference=ref, base_per_image_s=per_image or None,
             base_what='the 15,606-image Airbus workload, one machine' if name == 'airbus'
             else f'the same {sizes[0]:,}-image file, one machine')
    rates(b)
    return b


# ------------------------------------------------------------------------------------------------------- reporting
def _worker_peak(w: dict) -> int:
    "A worker's peak resident set: its own VmHWM, or the sampled peak if it did not survive."
    return max(w['sampled_peak'], w['maxrss'] or 0)


def _mb(x) -> str:
    "Bytes as MB (10^6), one decimal below 10 MB."
    return '' if x is None else f'{x / 1e6:,.0f}' if x >= 1e7 else f'{x / 1e6:.1f}'


def _us(r: dict) -> str:
    "Microseconds per image of a run that finished."
    return f'{r["seconds"] / r["images"] * 1e6:.1f}' if _done(r) else ''


def _ok(flag: bool) -> str:
    "PASS or FAIL."
    return 'PASS' if flag else 'FAIL'


def _shuffled(r: dict) -> int | None:
    "Partitions after the shuffle: the `npartitions` given, else evalkit's default (`_default_partitions`)."
    return r.get('shuffled')


def _label(b: dict, r: dict) -> str:
    "How a target names its run: layout, size, input and partitions."
    how = 'default partitions' if r['config'] == 'default' else f'npartitions={_shuffled(r)}'
    return f'{b["name"]} {r["images"]:,} images, {r["format"]}, {how}'


def _memory_target(b: dict, r: dict) -> dict:
    "No worker over its limit, none restarted, a score."
    reps = r.get('repeats') or [dict(worker_peaks=[_worker_peak(w) for w in r.get('workers', [])],
                                     restarts=r.get('restarts'))]
    peaks = [max(x) for x in zip(*(q['worker_peaks'] for q in reps))]  # per worker, the most of any repeat
    err, restarts = r.get('error', ''), sum(q['restarts'] or 0 for q in reps)
    ok = not err and restarts == 0 and bool(peaks) and max(peaks) < LIMIT_BYTES
    nanny = ''.join(f'; nanny terminated pid {e["pid"]} at {_mb(e["rss"])} MB' for e in r.get('memory_restarts', []))
    cut = f'{r["parts"]} parts' if r.get('parts') else f'{_shuffled(r)} after the shuffle'
    return dict(target=f'{_label(b, r)} ({cut}): no worker over its {LIMIT} limit, none restarted, a score',
                status=_ok(ok),
                detail=(err + '; ' if err else '') + f'{len(reps)} run(s), restarts {restarts}, worker peaks '
                       f'{", ".join(map(_mb, peaks))} MB ({max(peaks or [0]) / LIMIT_BYTES:.0%} of the limit){nanny}')


def _exact_target(b: dict, r: dict) -> dict:
    "Dask's score and per-threshold values = one machine's to TOL (COCO: == for them, the 12 stats and per-class AP);"
    " identical totals."
    e, tol = r.get('exact', {}), EXACT.get(b['name'], TOL)
    ok = e.get('max_abs') is not None and e['max_abs'] <= tol and e['same']
    what, how = ('score and per-threshold values', f'to {tol:g},') if tol else \
        ('score, per-threshold AP, the 12 stats and per-class AP', 'bit for bit (==): score, per-threshold AP, the '
         '12 stats and per-class AP;')
    return dict(target=f'{_label(b, r)}: Dask = one machine ({b["reference"].get("how")}) {how} identical images '
                       'and TP/FP/FN', status=_ok(ok),
                detail='no score' if e.get('max_abs') is None else
                f'max abs diff {e["max_abs"]:.3g} ({what}), {"all equal" if tol == 0 else "totals identical"}: '
                f'{e["same"]}')


def _time_target(b: dict, r: dict) -> dict:
    "Dask time per image within PER_IMAGE_MAX of one machine's."
    x = r.get('per_image_ratio')
    base = _f(b['base_per_image_s'] and b['base_per_image_s'] * 1e6, '.1f')
    return dict(target=f'{_label(b, r)}: Dask time per image <= {PER_IMAGE_MAX:g}x one machine\'s '
                       f'({b["base_what"]})', status=_ok(x is not None and x <= PER_IMAGE_MAX),
                detail='no score' if x is None else f'{_us(r)} us vs {base} us per image: {x:.2f}x')


def _growth_target(b: dict, r: dict) -> dict:
    "Time of the big pair within GROWTH_MAX of the small pair's, scaled linearly."
    big, small = b['data']['big']['images'], b['data']['small']['images']
    s, g = _run_of(b, 'small', r['format'], r['config']), r.get('growth')
    return dict(target=f'{_label(b, r)}: linear growth from {small:,} images, time({big:,}) / ({big / small:g} x '
                       f'time({small:,})) <= {GROWTH_MAX:g}', status=_ok(g is not None and g <= GROWTH_MAX),
                detail='no score' if g is None else
                f'{r["seconds"]:.1f} s / ({big / small:g} x {s["seconds"]:.2f} s) = {g:.3f}')


def targets(b: dict) -> list:
    "PASS/FAIL of each target for one layout: per config and input format (growth when there is a small pair)."
    fs = (_memory_target, _exact_target, _time_target) + ((_growth_target,) if 'small' in b['data'] else ())
    return [f(b, _run_of(b, 'big', fmt, cfg)) for cfg in CONFIGS for fmt in FORMATS[b['name']] for f in fs]


def _data_rows(rep: dict) -> list:
    "The inputs table."
    L = ['| pair | images | images without objects | rows (COCO: objects / detections) solution / submission '
         '| CSV (COCO: JSON) MB solution / submission | Parquet MB (files) solution / submission | made in s |',
         '|---|---:|---:|---:|---:|---:|---:|']
    bl = rep.get('baseline')
    if bl: L.append(f'| airbus baseline (workload `airbus`) | {bl["images"]:,} | | | {_mb(bl["csv_bytes"]["solution"])}'
                    f' / {_mb(bl["csv_bytes"]["submission"])} | | |')
    for b in rep['layouts'].values():
        for d in b['data'].values():
            text = d.get('csv_bytes') or d['json_bytes']
            pq = '' if 'parquet_bytes' not in d else (
                f'{_mb(d["parquet_bytes"]["solution"])} ({d["parquet_files"]["solution"]}) / '
                f'{_mb(d["parquet_bytes"]["submission"])} ({d["parquet_files"]["submission"]})')
            name = b['name'] + (f' ({d["categories"]} categories)' if 'categories' in d else '')
            L.append(f'| {name} | {d["images"]:,} | {d["empty_images"] / d["images"]:.1%} | '
                     f'{d["rows"]["solution"]:,} / {d["rows"]["submission"]:,} | {_mb(text["solution"])} / '
                     f'{_mb(text["submission"])} | {pq} | {d["seconds"]} |')
    return L


def _run_row(r: dict) -> str:
    "One row of the Dask runs table."
    ws, parts = r.get('workers', []), r.get('partitions', [])
    parts = ' / '.join(map(str, parts)) or (f'{r["parts"]} parts' if r.get('parts') else '')
    cpu = ' + '.join(_f(w.get('cpu_s'), '.0f') for w in ws)
    times = ', '.join(_f(q['seconds'], '.1f') for q in r.get('repeats', []))
    return (f'| {r["name"]} | {r["images"]:,} | {r["format"]} | {r["config"]} | {parts} | '
            f'{_f(_shuffled(r), "d")} | {_f(r.get("seconds"), ".1f")} | {times} | {_f(r.get("cpu_share"), ".0%")} | '
            f'{_us(r)} | '
            f'{_f(r.get("per_image_ratio"), ".2f")} | {_f(r.get("growth"), ".3f")} | {cpu} | '
            f'{_f(r.get("client_cpu_s"), ".0f")} | '
            f'{", ".join(_mb(_worker_peak(w)) for w in ws)} | {_mb(r.get("client_maxrss"))} | '
            f'{_f(r.get("restarts"), "d")} | {", ".join(_mb(w["spilled"]) for w in ws)} | '
            f'{_f(r.get("score"), ".15f")} | {_f(r.get("exact", {}).get("max_abs"), ".3g")} | '
            f'{"/".join(_f(x, ".1f") for x in r.get("load", []))} | {r.get("error", "")} |')


def _run_rows(rep: dict) -> list:
    "The Dask runs table."
    L = ['| pair | images | input | config | input partitions sol / sub | after shuffle | Dask s | s of each run '
         '| CPU share | us / image '
         '| x one machine per image | growth | worker CPU s | client CPU s | worker peak MB | client peak MB '
         '| restarts | spilled MB | score | abs diff vs one machine | load 1/5/15 | note |',
         '|---|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|']
    return L + [_run_row(r) for b in rep['layouts'].values() for r in b['runs']]


def _ref_rows(rep: dict) -> list:
    "The one-machine table."
    bl = rep.get('baseline')
    L = ['| one machine | images | s | us / image | peak MB | score |', '|---|---:|---:|---:|---:|---:|']
    if bl:
        best = bl.get('best_s', min(bl['seconds']))
        L.append(f'| airbus baseline, fastest of {len(bl["seconds"])} | {bl["images"]:,} | {best:.3f} | '
                 f'{best / bl["images"] * 1e6:.1f} | {_mb(bl["maxrss"])} | {bl["score"]:.15f} |')
    for b in rep['layouts'].values():
        f, n = b['reference'], b['data']['big']['images']
        if 'error' in f: L.append(f'| {b["name"]}: {f["error"]} | {n:,} | | | | |'); continue
        extra = f' (+ {f["split_s"]:.1f} s to split)' if 'split_s' in f else ''
        L.append(f'| {b["name"]}, {f["how"]} | {n:,} | {f["seconds"]:.1f}{extra} | {f["seconds"] / n * 1e6:.1f} | '
                 f'{_mb(f["maxrss"])} | {f["score"]:.15f} |')
    return L


def markdown(rep: dict) -> str:
    "scale_results.md: machine, targets, inputs, Dask runs, one machine."
    m = rep['machine']
    L = ['# evalkit Dask scale benchmark', '',
         f'Made by `python benchmarks/scale.py{rep.get("args", " --quick" * rep["quick"])}` on {rep["date"]} (seed '
         f'{rep["seed"]}, {rep["seconds"]:,.0f} s in all). Dask: `local_cluster({WORKERS}, memory_limit=\'{LIMIT}\')` '
         '(worker processes of one thread), a fresh cluster for every run, warmed on a tiny pair of the layout, '
         f'then one timed `score_dask`; each run {rep.get("repeat", 1)} time(s), the fastest counts; a run is '
         'stopped at the first worker that ends (its nanny terminates it at 95% of its limit). Configs: `default` is '
         '`score_dask(metric, solution, submission, client=client)` (evalkit\'s default partitions: CSV read in '
         'blocks of `BLOCKSIZE`, one partition after the shuffle per `SHUFFLE_BYTES` of input files); '
         f'`{SHUFFLE}` reads, keys and shuffles as `default` and scores nothing. COCO (JSON) has no shuffle: the '
         'client reads and checks both files, cuts the images into parts (evalkit\'s default: 4 a worker), and each '
         'part is mapped on a worker. '
         'How it is measured: [SCALE.md](SCALE.md).', '',
         '## Machine', '',
         f'- CPU: {m["cpu"]}, {m["cores"]} cores ({m["usable_cores"]} usable), {m["memory_gb"]} GB memory',
         f'- {m["os"]}, Python {m["python"]}; load average {"/".join(map(str, m["load_average"]))} (1/5/15 min) at '
         'the end of the run', '- ' + ', '.join(f'{k} {v}' for k, v in m['versions'].items()), '',
         '## Targets', '', '| target | result | detail |', '|---|---|---|']
    L += [f'| {t["target"]} | {t["status"]} | {t["detail"]} |' for t in rep['targets']]
    L += ['', '## Inputs', ''] + _data_rows(rep)
    L += ['', '## Dask runs', '', 'Worker peak: each worker\'s own peak resident set (VmHWM, or the sampled '
          'peak if it did not survive); client: the process of the client and the scheduler. Dask s: the fastest of '
          'the runs (a failed run is not repeated). CPU s: user + system seconds of each process during that run; '
          'CPU share: the workers\' and the client\'s CPU seconds over (usable cores x wall time), low when the '
          'machine was busy with other work. Spilled: bytes the '
          'workers wrote to disk by spilling. Growth: time / (size ratio x time of the small pair). Load: the '
          'machine\'s load average at the end of the run (the machine may be shared).', ''] + _run_rows(rep)
    L += ['', '## One machine', ''] + _ref_rows(rep) + ['']
    return '\n'.join(L)


def write_markdown(rep: dict, out: Path) -> dict:
    "Targets of a report (recomputed from its runs) and its scale_results.md in folder `out`."
    rep['targets'] = [t for b in rep['layouts'].values() for t in targets(b)]
    (out/'scale_results.md').write_text(markdown(rep))
    return rep


def _parser() -> argparse.ArgumentParser:
    "The command line."
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--quick', action='store_true', help='small sizes (20k/2k, 6k/2k and 2k images), writes to work/')
    p.add_argument('--out', type=Path, default=None, help='folder for scale_results.md/.json')
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--only', choices=list(GENERATORS), nargs='+', default=list(GENERATORS))
    p.add_argument('--sizes', nargs='*', default=[], metavar='NAME=BIG,SMALL', help='other sizes, e.g. airbus=200000,'
                   '20000 (then the results go to benchmarks/work/ unless --out is given)')
    p.add_argument('--timeout', type=float, default=TASK_TIMEOUT, help='seconds before a measured run is stopped')
    p.add_argument('--repeat', type=int, default=None, help='runs of each timed Dask run (the fastest counts; '
                   'default 2, 1 with --quick)')
    p.add_argument('--keep-going', action='store_true', help='a Dask run goes on after a worker restarts (Dask '
                   'retries its tasks); by default it is stopped there, without a score')
    p.add_argument('--markdown', type=Path, metavar='SCALE_JSON', help='only write scale_results.md from its .json')
    p.add_argument('--task', help=argparse.SUPPRESS)
    return p


def main(argv=None):
    "Run the benchmark and write scale_results.md and scale_results.json."
    global TASK_TIMEOUT, KEEP_GOING, REPEAT
    argv = sys.argv[1:] if argv is None else argv
    a = _parser().parse_args(argv)
    if a.task:
        t = json.loads(a.task)
        print(json.dumps(TASKS[t.pop('kind')](t)), flush=True)
        os._exit(0)  # a stopped cluster's threads may still run: the parent ends the process group
    if a.markdown: return write_markdown(json.loads(a.markdown.read_text()), a.markdown.parent)
    TASK_TIMEOUT, KEEP_GOING, sizes = a.timeout, a.keep_going, dict(SIZES[a.quick])
    REPEAT = a.repeat or (1 if a.quick else REPEAT)
    for s in a.sizes:
        k, v = s.split('=')
        sizes[k] = tuple(int(x) for x in v.split(','))
    default = a.quick or bool(a.sizes) or a.only != list(GENERATORS)
    out = a.out or (workloads.WORK if default else HERE)
    t0 = time.perf_counter()
    base = baseline(a.seed) if 'airbus' in a.only else None  # the yardstick of the Airbus time target only
    layouts = {n: bench(n, sizes[n], a.seed, base) for n in a.only}
    rep = dict(date=datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), quick=a.quick,
               seed=a.seed, repeat=REPEAT, baseline=base, layouts=layouts, args=''.join(f' {x}' for x in argv))
    rep |= dict(machine=machine(PACKAGES), seconds=time.perf_counter() - t0)
    out.mkdir(parents=True, exist_ok=True)
    write_markdown(rep, out)
    (out/'scale_results.json').write_text(json.dumps(rep, indent=1, default=str))
    for t in rep['targets']: print(f'{t["status"]:4}  {t["target"]}  {t["detail"]}')
    print(f'wrote {out/"scale_results.md"} and .json in {rep["seconds"]:.0f} s')
    return rep


if __name__ == '__main__':
    main()
