"""Panoptic quality at COCO-panoptic-val shape, scaled to run in about a minute: evalkit against reading the files.

    python benchmarks/panoptic.py [--images 500] [--size 480x640] [--repeat 3] [--out benchmarks]

COCO panoptic val2017 is 5,000 PNGs of about 480 x 640 pixels on each side. This makes `--images` of that size with
`tools/make_panoptic_data.py` (seeded; stuff bands, 1-5 things, crowd, VOID) in benchmarks/work/panoptic/, then
times, each as a whole process (median wall time of `--repeat` runs):

- floor: a Python process that reads both JSONs and decodes every PNG of both folders with Pillow into id maps
  (what any scorer must do; panopticapi does the same before its per-pixel counting);
- evalkit: `evalkit score panoptic GT.json PRED.json --json` (reading, checking, matching, scoring).

Writes OUT/panoptic_results.md and OUT/panoptic_results.json.
"""
import argparse, json, os, platform, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = '''
import json, sys
from pathlib import Path
import numpy as np
from PIL import Image
n = 0
for j in sys.argv[1:]:
    d = json.loads(Path(j).read_text())
    for a in d['annotations']:
        x = np.asarray(Image.open(Path(j[:-5]) / a['file_name']), np.uint8).astype(np.int64)
        n += int((x[..., 0] + 256 * x[..., 1] + 65536 * x[..., 2]).max() >= 0)
print(n)
'''


def timed(cmd: list, repeat: int) -> tuple:
    "(median wall seconds, the last run's stdout) of `cmd` run `repeat` times."
    times, out = [], ''
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        times.append(time.perf_counter() - t0)
        if p.returncode: raise SystemExit(f'{cmd[:4]} failed: {p.stderr[-500:]}')
        out = p.stdout
    return sorted(times)[len(times) // 2], out


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--images', type=int, default=500)
    p.add_argument('--size', default='480x640')
    p.add_argument('--repeat', type=int, default=3)
    p.add_argument('--out', default=str(ROOT/'benchmarks'))
    a = p.parse_args()
    sys.path.insert(0, str(ROOT/'tools'))
    import make_panoptic_data as G
    h, w = (int(v) for v in a.size.split('x'))
    work = ROOT/'benchmarks'/'work'/f'panoptic_{a.images}_{h}x{w}'
    gt, pred = work/'panoptic_synthetic_gt.json', work/'sample_panoptic_pred.json'
    t0 = time.perf_counter()
    if not gt.exists(): G.make(work, n=a.images, size=(h, w), seed=0)
    made = time.perf_counter() - t0
    py = sys.executable
    floor, _ = timed([py, '-c', FLOOR, str(gt), str(pred)], a.repeat)
    ev, out = timed([py, '-m', 'evalkit', 'score', 'panoptic', str(gt), str(pred), '--json'], a.repeat)
    j = json.loads(out)
    segs = sum(len(x['segments_info']) for x in json.loads(gt.read_text())['annotations'])
    res = dict(date=time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), images=a.images, size=[h, w],
               gt_segments=segs, repeat=a.repeat, floor_s=round(floor, 3), evalkit_s=round(ev, 3),
               ratio=round(ev / floor, 2), score=j['score'], load=os.getloadavg()[0], cpu=os.cpu_count(),
               python=platform.python_version(), generated_s=round(made, 1))
    out_dir = Path(a.out)
    (out_dir/'panoptic_results.json').write_text(json.dumps(res, indent=1) + '\n')
    (out_dir/'panoptic_results.md').write_text(
        f"# Panoptic quality benchmark\n\n`python benchmarks/panoptic.py --images {a.images} --size {h}x{w} "
        f"--repeat {a.repeat}`, {res['date']}, load {res['load']:.2f} on {res['cpu']} CPUs, Python {res['python']}.\n\n"
        f"Synthetic COCO-panoptic-val-shaped files (`tools/make_panoptic_data.py`, seed 0): {a.images:,} images of "
        f"{h} x {w} pixels on each side ({a.images / 5000:.0%} of val2017's 5,000), {segs:,} ground-truth segments, "
        "6 categories. Median wall time of whole processes:\n\n"
        "| what | seconds | / floor |\n|---|---|---|\n"
        f"| floor: read both JSONs, decode every PNG into id maps (Pillow) | {floor:.3f} | 1.00 |\n"
        f"| evalkit score panoptic (read, check, match, score) | {ev:.3f} | {ev / floor:.2f} |\n\n"
        f"PQ = {j['score']:.6f}. At this rate the 5,000 images of val2017 take about {ev * 5000 / a.images:.0f} s "
        "(one core; the work is per image, linear in the pixels).\n")
    print(json.dumps(res))


if __name__ == '__main__':
    main()
