"""Boundary IoU benchmark (SPEC 15.3): `evalkit score coco --iou-type boundary` against the installed peers that
score boundary IoU (faster-coco-eval's `COCOeval_faster(..., 'boundary')`, ultrafast-pycocotools' `COCOeval(...,
'boundary')`; pycocotools and hotcoco have none), on the val2017-segm-shaped synthetic workload `coco_segm` of
workloads.py (5000 images: polygon ground truth, compressed RLE detections). Each scorer is a whole process, timed
by `os.wait4` (wall, CPU = user + system, peak RSS), run `--repeat` times (median); the machine's load average is
stated before and after.

    python benchmarks/boundary.py [--images 5000] [--repeat 3] [--out benchmarks/boundary_results.md]
"""
import argparse, json, os, platform, subprocess, sys, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import workloads  # noqa: E402

PEER = HERE / 'peers' / 'coco_peer.py'


def timed(cmd: list, env=None) -> tuple:
    "(wall s, cpu s, peak RSS MB, stdout) of one run of `cmd` as its own process."
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if status != 0: raise RuntimeError(f'{cmd[:3]} exited with {status}')
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, out.decode()


def stats_of(name: str, out: str) -> list:
    "The 12 stats a scorer printed: evalkit's JSON `stats`, a peer's last line."
    if name.startswith('evalkit'):
        s = json.loads(out)['stats']
        return list(s.values()) if isinstance(s, dict) else s
    return json.loads(out.strip().splitlines()[-1])[:12]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--images', type=int, default=5000)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--out', default=str(HERE / 'boundary_results.md'))
    a = ap.parse_args()
    w = workloads.get('coco_segm', quick=a.images != 5000) if a.images in (5000, 200) else None
    if w is None:
        d = HERE / 'work' / f'coco_segm-{a.images}-boundary'
        if not (d / 'submission.json').exists():
            d.mkdir(parents=True, exist_ok=True)
            workloads.gen_coco('coco_segm', d, a.images, 0)
        w = dict(solution=str(d / 'solution.json'), submission=str(d / 'submission.json'))
    gt, res = w['solution'], w['submission']
    evalkit = str(Path(sys.executable).with_name('evalkit'))
    scorers = {'evalkit': [evalkit, 'score', 'coco', gt, res, '--iou-type', 'boundary', '--json'],
               'evalkit (segm, for scale)': [evalkit, 'score', 'coco', gt, res, '--iou-type', 'segm', '--json'],
               'faster-coco-eval 1.8.0': [sys.executable, str(PEER), 'faster-coco-eval', 'boundary', gt, res],
               'ultrafast-pycocotools 0.1.14': [sys.executable, str(PEER), 'ultrafast-pycocotools', 'boundary', gt,
                                                res]}
    load0 = os.getloadavg()
    timed(scorers['evalkit'])  # warm-up: numba's cache and the page cache
    rows = {}
    for name, cmd in scorers.items():
        runs = [timed(cmd) for _ in range(a.repeat)]
        med = lambda k: sorted(r[k] for r in runs)[len(runs) // 2]
        rows[name] = dict(wall=med(0), cpu=med(1), rss=max(r[2] for r in runs), stats=stats_of(name, runs[0][3]))
        print(name, rows[name]['wall'], rows[name]['cpu'], rows[name]['rss'], file=sys.stderr)
    load1 = os.getloadavg()
    ek = rows['evalkit']
    peers = [n for n in rows if not n.startswith('evalkit')]
    fastest = min(peers, key=lambda n: rows[n]['cpu'])
    lines = [f'# Boundary IoU benchmark ({time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())})', '',
             f'`python benchmarks/boundary.py --images {a.images} --repeat {a.repeat}`: workload `coco_segm` '
             f'({a.images} images, {os.path.getsize(gt) / 1e6:.1f} MB ground truth, '
             f'{os.path.getsize(res) / 1e6:.1f} MB '
             'results), `--iou-type boundary`, dilation ratio 0.02. Median of the runs; CPU = user + system of the '
             'process; peak RSS of the process.', '',
             f'Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; load average '
             f'{load0[0]:.2f} before, {load1[0]:.2f} after (other jobs shared the cores: wall times are inflated, CPU '
             'times are the comparison).', '',
             '| scorer | wall s | CPU s | peak RSS MB | CPU / evalkit | AP |', '|---|---|---|---|---|---|']
    for n, r in rows.items():
        lines.append(f"| {n} | {r['wall']:.2f} | {r['cpu']:.2f} | {r['rss']:.0f} | {r['cpu'] / ek['cpu']:.2f} | "
                     f"{r['stats'][0]:.6f} |")
    ratio = ek['cpu'] / rows[fastest]['cpu']
    lines += ['', f'Target (within 2x of the fastest peer, {fastest}): evalkit CPU = {ratio:.2f}x theirs: '
              f"{'PASS' if ratio <= 2 else 'FAIL'}. Memory (no more than theirs): evalkit {ek['rss']:.0f} MB, "
              f"{fastest} {rows[fastest]['rss']:.0f} MB: "
              f"{'PASS' if ek['rss'] <= rows[fastest]['rss'] else 'FAIL'}.", '',
              'The peers do not honour the `ignore` flag (the boundary-iou-api does, SPEC 15.3) and their APs differ '
              "from evalkit's and from each other's in the fourth digit; on the 500-image file with its `ignore` flags "
              "removed, faster-coco-eval's AP, AP50 and AP75 equal evalkit's. evalkit's parity is with the api's rules "
              '(tests_nbs/test_boundary).']
    Path(a.out).write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
