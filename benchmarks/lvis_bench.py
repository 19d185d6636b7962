"""The LVIS benchmark row (SPEC 15.2): evalkit against lvis 0.5.3 and the peers installed that offer LVIS, on a
seeded LVIS v1 val-sized file (tools/make_lvis_data.py), each scorer a whole process; writes lvis_results.{md,json}.

    python benchmarks/lvis_bench.py [--images 19809] [--categories 1203] [--fp 38] [--flood 200] [--repeat 3]
                                    [--peer-timeout 900] [--out benchmarks]

Timed as `run.py` times its rows: each command run `--repeat` times (the median wall time; CPU = user + system of
the process and its children, from `os.wait4`; peak RSS), evalkit once untimed first (numba's cache). Each scorer's
13 stats are compared with evalkit's (== on every number); lvis 0.5.3 is the reference. The machine's load average is
written before and after.
"""
import argparse, json, os, statistics, subprocess, sys, time
from pathlib import Path
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT/'tools'))
PEER = ROOT/'benchmarks'/'peers'/'lvis_peer.py'
PEERS = ('hotcoco', 'ultrafast-pycocotools', 'faster-coco-eval', 'lvis')


def files(out: Path, n: int, k: int, fp: float, flood: int, seed: int) -> tuple:
    "(gt path, results path, counts): the seeded files, made once and kept in `out` (in a child process: the timed"
    " runs inherit this process's peak memory, which must stay small)."
    d = out/'work'/f'lvis_{n}_{k}_{fp}_{flood}_{seed}'
    gt, res = d/'gt.json', d/'res.json'
    code = f"""
import json, sys
from pathlib import Path
sys.path.insert(0, {str(ROOT/'tools')!r})
gt, res = Path({str(gt)!r}), Path({str(res)!r})
if not res.exists():
    from make_lvis_data import make_lvis
    from make_coco_data import write_coco
    gt.parent.mkdir(parents=True, exist_ok=True)
    write_coco(*make_lvis({n}, seed={seed}, n_categories={k}, fp_per_image={fp}, flood={flood}), gt, res)
g, r = json.loads(gt.read_text()), json.loads(res.read_text())
per = {{}}
for x in r: per[x['image_id']] = per.get(x['image_id'], 0) + 1
print(json.dumps(dict(images=len(g['images']), categories=len(g['categories']), annotations=len(g['annotations']),
                      results=len(r), capped_images=sum(v > 300 for v in per.values()),
                      results_kept=sum(min(v, 300) for v in per.values()))))
"""
    p = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    return gt, res, json.loads(p.stdout.strip().splitlines()[-1])


def run(cmd: list, env: dict, timeout: float) -> tuple:
    "(wall s, cpu s, peak RSS MB, stdout): one run, its CPU and memory from os.wait4."
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    chunks, deadline = [], t0 + timeout
    os.set_blocking(p.stdout.fileno(), False)
    while True:
        try: b = p.stdout.read()
        except BlockingIOError: b = None
        if b: chunks.append(b)
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            rest = p.stdout.read()
            if rest: chunks.append(rest)
            return (time.perf_counter() - t0, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024,
                    b''.join(chunks).decode(), os.waitstatus_to_exitcode(status))
        if time.perf_counter() > deadline:
            p.kill(); os.wait4(p.pid, 0)
            return None, None, None, '', None
        time.sleep(0.02)


def stats_of(name: str, out: str) -> list | None:
    "The 13 stats a run printed: evalkit's JSON `stats`, a peer's last line."
    try:
        if name.startswith('evalkit'): return list(json.loads(out)['stats'].values())
        return json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError, KeyError): return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--images', type=int, default=19809)
    ap.add_argument('--categories', type=int, default=1203)
    ap.add_argument('--fp', type=float, default=38.0)
    ap.add_argument('--flood', type=int, default=200)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--peer-timeout', type=float, default=900.0)
    ap.add_argument('--peers', nargs='*', default=list(PEERS))
    ap.add_argument('--out', type=Path, default=ROOT/'benchmarks')
    a = ap.parse_args(argv)
    load0 = os.getloadavg()
    gt, res, counts = files(a.out, a.images, a.categories, a.fp, a.flood, a.seed)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    py = sys.executable
    rows = [('evalkit', [py, '-m', 'evalkit', 'score', 'lvis', str(gt), str(res), '--json'], a.repeat)]
    rows += [(p, [py, str(PEER), p, 'bbox', str(gt), str(res)], 1 if p == 'lvis' else min(a.repeat, 3))
             for p in a.peers]
    run(rows[0][1], env, a.peer_timeout)  # evalkit's warm-up (numba compiles once, then its cache)
    out, ref = [], None
    for name, cmd, n in rows:
        rs = [run(cmd, env, a.peer_timeout) for _ in range(n)]
        ok = [r for r in rs if r[0] is not None]
        st = stats_of(name, ok[-1][3]) if ok else None
        if name == 'evalkit': ref = st
        out.append(dict(scorer=name, runs=len(rs), wall=statistics.median(r[0] for r in ok) if ok else None,
                        cpu=statistics.median(r[1] for r in ok) if ok else None,
                        rss=max(r[2] for r in ok) if ok else None, stats=st,
                        equal=None if st is None or ref is None else st == ref, timeout=a.peer_timeout))
        print(out[-1]['scorer'], out[-1]['wall'], out[-1]['cpu'], out[-1]['equal'], flush=True)
    load1 = os.getloadavg()
    report = dict(date=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), counts=counts, rows=out,
                  load=dict(before=load0, after=load1), cores=os.cpu_count(), args=vars(a) | dict(out=str(a.out)))
    (a.out/'lvis_results.json').write_text(json.dumps(report, indent=1))
    (a.out/'lvis_results.md').write_text(markdown(report))


def busy(load: dict) -> str:
    "What the load averages say about the figures."
    if max(load['before'][0], load['after'][0]) < 3: return 'a quiet machine: the figures compare as they stand'
    return 'other jobs ran: wall times are inflated and noisy; CPU times are the steadier measure'


def markdown(r: dict) -> str:
    "The report: the file, the machine and its load, one row per scorer."
    c, rows = r['counts'], r['rows']
    ek = next(x for x in rows if x['scorer'] == 'evalkit')
    timed_ = [x for x in rows if x['wall'] is not None and x['scorer'] != 'evalkit']
    fast = min(timed_, key=lambda x: x['wall']) if timed_ else None
    f = lambda v, d=2: 'stopped' if v is None else f'{v:.{d}f}'
    shown = ('images', 'categories', 'fp', 'flood', 'repeat', 'peer_timeout')
    args = ' '.join(f"--{k.replace('_', '-')} {v}" for k, v in r['args'].items() if k in shown)
    lines = [f"# LVIS benchmark ({r['date']})", '',
             f"`python benchmarks/lvis_bench.py {args}`: "
             f"a seeded LVIS v1 val-sized file (tools/make_lvis_data.py): {c['images']:,} images, {c['categories']:,} "
             f"categories, {c['annotations']:,} annotations, {c['results']:,} box results "
             f"({c['capped_images']:,} images "
             f"past the cap of 300; {c['results_kept']:,} kept). Machine: {r['cores']} cores, load average "
             f"{r['load']['before'][0]:.1f} before and {r['load']['after'][0]:.1f} after ({busy(r['load'])}).", '',
             '| scorer | runs | wall s (median) | CPU s | peak RSS MB | x evalkit (wall) | 13 stats == evalkit |',
             '|---|---|---|---|---|---|---|']
    for x in rows:
        ratio = '' if x['wall'] is None or ek['wall'] is None else f"{x['wall'] / ek['wall']:.2f}"
        lines.append(f"| {x['scorer']} | {x['runs']} | {f(x['wall'])} | {f(x['cpu'])} | {f(x['rss'], 0)} | {ratio} | "
                     f"{'-' if x['equal'] is None else 'yes' if x['equal'] else 'no'} |")
    if fast and ek['wall']:
        lines += ['', f"Target: evalkit within 1.5x of the fastest peer ({fast['scorer']}, {fast['wall']:.2f} s): "
                      f"{ek['wall'] / fast['wall']:.2f}x wall, {ek['cpu'] / fast['cpu']:.2f}x CPU: "
                      f"{'PASS' if ek['wall'] <= 1.5 * fast['wall'] else 'FAIL'}."]
    return '\n'.join(lines) + '\n'


if __name__ == '__main__':
    main()
