"""Make the synthetic DOTA task-1 pair in data/: a label folder and a result folder, the same bytes every run.

    python tools/make_dota_data.py [OUT]   # writes OUT/dota_synthetic_labelTxt/ and OUT/dota_synthetic_results/

DOTA's own labels (dota v1.0 labelTxt) cannot be fetched on this machine, so the pair is synthetic in DOTA's exact
layouts: 12 images `P0001.txt`..., each with the header lines `imagesource:GoogleEarth` and `gsd:...`, objects of 6
of DOTA v1.0's classes as rotated rectangles (pixel coordinates to one decimal, corners clockwise on the image as
DOTA's are), some difficult (flag 1), one image without objects; `Task1_<class>.txt` result files with noisy copies
of the objects (some twice), false detections, scores from a few values (ties), and no file for one class.
"""
import sys
from pathlib import Path
import numpy as np

CLASSES = ('plane', 'ship', 'storage-tank', 'small-vehicle', 'large-vehicle', 'harbor')  # of DOTA v1.0's 15


def rect(cx, cy, w, h, a) -> np.ndarray:
    "The four corners x1 y1 ... x4 y4 of a rotated rectangle."
    u, v = np.array([-w, w, w, -w]) / 2, np.array([-h, -h, h, h]) / 2
    return np.c_[cx + u * np.cos(a) - v * np.sin(a), cy + u * np.sin(a) + v * np.cos(a)].ravel()


def text(q) -> str: return ' '.join(f'{x:.1f}' for x in q)


def main(out: Path, seed: int = 38):
    rng = np.random.default_rng(seed)
    lab, res = out / 'dota_synthetic_labelTxt', out / 'dota_synthetic_results'
    lab.mkdir(parents=True, exist_ok=True); res.mkdir(parents=True, exist_ok=True)
    dets = {c: [] for c in CLASSES}
    for i in range(1, 13):
        img, lines = f'P{i:04d}', ['imagesource:GoogleEarth', f'gsd:{rng.uniform(0.1, 0.9):.3f}']
        for _ in range(0 if i == 7 else int(rng.integers(2, 9))):
            c = CLASSES[int(rng.integers(len(CLASSES)))]
            q = rect(*rng.uniform(60, 960, 2), *rng.uniform(8, 90, 2), rng.uniform(-np.pi, np.pi))
            lines.append(f'{text(q)} {c} {int(rng.random() < 0.15)}')
            for _ in range(int(rng.integers(0, 3))):
                dq = q + rng.normal(0, 2.5, 8)
                dets[c].append(f'{img} {rng.choice([0.5, 0.9, round(rng.random(), 3)])} {text(dq)}')
        for _ in range(int(rng.integers(0, 4))):
            c = CLASSES[int(rng.integers(len(CLASSES)))]
            q = rect(*rng.uniform(60, 960, 2), *rng.uniform(8, 90, 2), rng.uniform(-np.pi, np.pi))
            dets[c].append(f'{img} {round(rng.random(), 3)} {text(q)}')
        (lab / f'{img}.txt').write_text('\n'.join(lines) + '\n', encoding='utf-8')
    for c, L in dets.items():
        if c != 'harbor': (res / f'Task1_{c}.txt').write_text('\n'.join(L) + '\n', encoding='utf-8')


if __name__ == '__main__':
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / 'data')
