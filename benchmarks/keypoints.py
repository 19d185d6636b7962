"""COCO keypoints benchmark (SPEC 15.1): `evalkit score coco GT RES --iou-type keypoints` against the peers installed
that score keypoints (pycocotools, faster-coco-eval, hotcoco, ultrafast-pycocotools), each a whole process, on a
synthetic file the size of COCO's person_keypoints_val2017 (5,000 images, 11,004 person annotations of which about
6,350 have keypoints, crowd regions; about 2,700 images with people). Writes benchmarks/keypoints_results.{md,json}.

    python benchmarks/keypoints.py [--repeat 5] [--seed 0] [--out benchmarks]
"""
import argparse, datetime, json, os, platform, statistics, subprocess, sys, tempfile
from pathlib import Path
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import run_once  # noqa: E402  the COCO rows' trampoline: each process's own time, CPU and peak memory
PEERS = ('pycocotools', 'faster-coco-eval', 'hotcoco', 'ultrafast-pycocotools')
RUST = ('hotcoco', 'ultrafast-pycocotools')


def workload(seed: int = 0, n_img: int = 5000, n_people_img: int = 2693, n_ann: int = 11004) -> tuple[dict, list]:
    "A val2017-person-sized keypoint ground truth and a detector's results (no boxes: areas from the keypoints)."
    rng = np.random.default_rng(seed)
    images = [dict(id=int(i), height=480, width=640, file_name=f'{i:012d}.jpg')
              for i in rng.choice(10 ** 6, n_img, replace=False)]
    who = rng.choice(n_people_img, n_ann - n_people_img)
    img = np.r_[np.arange(n_people_img), who]  # every person image has someone; the others several
    anns, dets = [], []
    for j, k in enumerate(img):
        w, h = rng.uniform(8, 300, 2).round(2)
        x, y = rng.uniform(0, 640 - w), rng.uniform(0, 480 - h)
        vis = rng.random() < 0.58  # about 6,350 of 11,004 with keypoints
        v = np.where(rng.random(17) < 0.75, rng.choice([1, 2], 17), 0) if vis else np.zeros(17, int)
        kx = np.where(v > 0, rng.uniform(x, x + w, 17), 0).round(2)
        ky = np.where(v > 0, rng.uniform(y, y + h, 17), 0).round(2)
        anns.append(dict(id=j + 1, image_id=images[k]['id'], category_id=1, bbox=[round(x, 2), round(y, 2), w, h],
                         area=round(float(w * h * rng.uniform(.4, .8)), 2), iscrowd=int(rng.random() < 0.01),
                         num_keypoints=int((v > 0).sum()), keypoints=np.c_[kx, ky, v].ravel().tolist()))
        for _ in range(int(rng.integers(1, 5)) if vis else int(rng.random() < 0.5)):  # detections of this person
            s = rng.choice([1.0, 3.0, 10.0, 30.0])
            dx, dy = rng.uniform(x, x + w, 17), rng.uniform(y, y + h, 17)
            px, py = np.where(v > 0, kx, dx) + rng.normal(0, s, 17), np.where(v > 0, ky, dy) + rng.normal(0, s, 17)
            dets.append(dict(image_id=images[k]['id'], category_id=1, score=round(float(rng.random()), 4),
                             keypoints=np.c_[px.round(2), py.round(2), np.ones(17)].ravel().tolist()))
    for k in rng.choice(n_img, 15000):  # false positives, some on images without people
        x, y = rng.uniform(0, 600), rng.uniform(0, 440)
        p = np.c_[rng.uniform(x, x + 40, 17).round(2), rng.uniform(y, y + 40, 17).round(2), np.ones(17)]
        dets.append(dict(image_id=images[k]['id'], category_id=1, score=round(float(rng.random()) * .5, 4),
                         keypoints=p.ravel().tolist()))
    cats = [dict(id=1, name='person', supercategory='person', keypoints=[f'k{i}' for i in range(17)],
                 skeleton=[[16, 14], [14, 12], [17, 15], [15, 13], [12, 13], [6, 12], [7, 13], [6, 7], [6, 8], [7, 9],
                           [8, 10], [9, 11], [2, 3], [1, 2], [1, 3], [2, 4], [3, 5], [4, 6], [5, 7]])]
    return dict(images=images, annotations=anns, categories=cats), dets


def run(cmd: list) -> tuple[float, float, int, str]:
    "(wall s, CPU s, peak MB, stdout) of one whole process, forked by run.py's trampoline (its own peak memory)."
    r = run_once(cmd)
    if r['rc']: raise RuntimeError(f"{cmd[:4]} failed (exit {r['rc']}): {r['err'][-300:]}")
    return r['secs'], r['cpu_s'], round(r['peak_mb']), r['out']


def stats_of(who: str, out: str) -> list:
    "The 10 keypoint stats a scorer printed (evalkit: its JSON; peers: their last line)."
    if who == 'evalkit': return list(json.loads(out)['stats'].values())
    return json.loads(out.strip().splitlines()[-1])[:10]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--repeat', type=int, default=5)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--out', default=str(HERE))
    a = ap.parse_args()
    gt, dets = workload(a.seed)
    tmp = Path(tempfile.mkdtemp())
    (tmp / 'gt.json').write_text(json.dumps(gt)); (tmp / 'res.json').write_text(json.dumps(dets))
    n_img, n_ann, n_res = len(gt['images']), len(gt['annotations']), len(dets)
    del gt, dets  # not held while the scorers run
    py, files = sys.executable, [str(tmp / 'gt.json'), str(tmp / 'res.json')]
    evalkit = str(Path(py).with_name('evalkit'))
    cmds = {'evalkit': [evalkit, 'score', 'coco', *files, '--iou-type', 'keypoints', '--json'],
            **{p: [py, str(HERE / 'peers' / 'coco_peer.py'), p, 'keypoints', *files] for p in PEERS}}
    load0, rows = os.getloadavg(), {}
    subprocess.run([py, '-m', 'compileall', '-q', str(Path(__import__('evalkit').__file__).parent)], check=False)
    run(cmds['evalkit'])  # warm-up: numba's cache and bytecode, untimed
    for who, cmd in cmds.items():
        n = a.repeat if who == 'evalkit' or who in RUST else min(a.repeat, 3)
        walls, cpus, mem, out = [], [], 0, ''
        for _ in range(n):
            w, c, m, out = run(cmd)
            walls.append(w); cpus.append(c); mem = max(mem, m)
        rows[who] = dict(median_s=statistics.median(walls), cpu_s=statistics.median(cpus), peak_mb=mem, runs=n,
                         stats=stats_of(who, out))
    load1, ref = os.getloadavg(), rows['pycocotools']['stats']
    fastest = min(RUST, key=lambda p: rows[p]['median_s'])
    ratio = rows['evalkit']['median_s'] / rows[fastest]['median_s']
    res = dict(date=datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), seed=a.seed,
               images=n_img, annotations=n_ann, results=n_res,
               load_before=load0, load_after=load1, machine=f'{platform.processor() or platform.machine()}, '
               f'{os.cpu_count()} cores', rows=rows, fastest_rust=fastest, ratio=ratio,
               agree={k: max(abs(x - y) for x, y in zip(r['stats'], ref)) for k, r in rows.items()})
    Path(a.out, 'keypoints_results.json').write_text(json.dumps(res, indent=1))
    lines = ['# COCO keypoints benchmark (SPEC 15.1)', '',
             f"Made by `python benchmarks/keypoints.py --repeat {a.repeat}` on {res['date']} (seed {a.seed}); "
             f"{res['images']:,} images, {res['annotations']:,} person annotations, {res['results']:,} keypoint "
             f"results "
             f"(no boxes); every scorer a whole process, median wall time. Machine: {res['machine']}; load "
             f"average {load0[0]:.2f} before and {load1[0]:.2f} after the run (a shared machine: compare within the "
             'table; CPU s is less sensitive to the load than wall time).', '',
             f"Target: evalkit within 1.5x of the fastest Rust peer ({fastest}): "
             f"**{ratio:.2f}x** ({'PASS' if ratio <= 1.5 else 'FAIL'}).", '',
             '| scorer | median s | runs | CPU s | peak MB | time / evalkit\'s | AP | max diff of the 10 stats vs '
             'pycocotools |',
             '|---|---:|---:|---:|---:|---:|---:|---:|']
    for k, r in rows.items():
        lines.append(f"| {k} | {r['median_s']:.3f} | {r['runs']} | {r['cpu_s']:.2f} | {r['peak_mb']} | "
                     f"{r['median_s'] / rows['evalkit']['median_s']:.2f}x | {r['stats'][0]:.12f} | "
                     f"{res['agree'][k]:.1e} |")
    Path(a.out, 'keypoints_results.md').write_text('\n'.join(lines) + '\n')
    print('\n'.join(lines))


if __name__ == '__main__':
    main()
