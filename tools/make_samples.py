"""Make the bundled sample submissions (seeded): plausible predictions for the real ground truth in data/.

    python tools/make_samples.py            # writes data/sample_{rsna,dsb2018,airbus}_submission.csv
                                            # and data/sample_rsna_submission_b.csv (a second model)
                                            # and data/sample_icdar2017_submission.xml

Each prediction starts from a ground-truth object and is shifted, grown or shrunk; some objects are missed and some
false objects added, as a reasonable model would do. Masks never overlap each other (SPEC section 2).
"""
from pathlib import Path
import numpy as np, pandas as pd
from evalkit.rle import rle_decode, rle_encode

DATA = Path(__file__).resolve().parent.parent/'data'


def rsna(rng):
    "One PredictionString per patient of the real stage 2 training labels."
    sol = pd.read_csv(DATA/'rsna_stage_2_train_labels.csv')
    preds = {}
    for pid, g in sol.groupby('patientId', sort=False):
        out = []
        for b in g[g.Target == 1][['x', 'y', 'width', 'height']].to_numpy():
            if rng.random() < 0.15: continue  # missed
            w, h = b[2:] * rng.normal(1, 0.12, 2).clip(0.6, 1.5)
            x, y = b[:2] + rng.normal(0, 0.08, 2) * b[2:]
            out.append((rng.uniform(0.5, 1), x, y, w, h))
        if rng.random() < (0.25 if out else 0.08):  # a false positive
            out.append((rng.uniform(0.05, 0.6), *rng.uniform(100, 700, 2), *rng.uniform(80, 300, 2)))
        preds[pid] = ' '.join(f'{c:.3f} {x:.0f} {y:.0f} {w:.0f} {h:.0f}' for c, x, y, w, h in out)
    return pd.DataFrame({'patientId': list(preds), 'PredictionString': list(preds.values())})


def _grow(m, n):
    "Dilate (n > 0) or erode (n < 0) a binary mask |n| times with the 4-neighbour cross."
    for _ in range(abs(n)):
        p = np.pad(m, 1, constant_values=n < 0)
        nb = [p[1:-1, 1:-1], p[:-2, 1:-1], p[2:, 1:-1], p[1:-1, :-2], p[1:-1, 2:]]
        m = np.logical_or.reduce(nb) if n > 0 else np.logical_and.reduce(nb)
    return m


def _perturb_image(rles, shape, rng, n_false=(0, 3), false_size=(4, 14)):
    "Perturbed, non-overlapping predicted RLEs for the ground-truth `rles` of one image."
    taken, out = np.zeros(shape, bool), []
    for s in rles:
        if rng.random() < 0.1: continue
        m = np.roll(rle_decode(s, shape), tuple(rng.integers(-2, 3, 2)), axis=(0, 1))
        m = _grow(m, int(rng.choice([-1, 0, 0, 1]))) & ~taken
        if m.sum() < 5: continue
        taken |= m; out.append(rle_encode(m))
    for _ in range(rng.integers(*n_false, endpoint=True)):
        h, w = rng.integers(*false_size, size=2)
        y, x = rng.integers(0, shape[0] - h), rng.integers(0, shape[1] - w)
        m = np.zeros(shape, bool); m[y:y + h, x:x + w] = True; m &= ~taken
        if m.sum() >= 5: taken |= m; out.append(rle_encode(m))
    return out


def dsb2018(rng):
    "Predicted masks for the real DSB 2018 stage 1 solution."
    sol = pd.read_csv(DATA/'dsb2018_stage1_solution.csv')
    rows = []
    for iid, g in sol.groupby('ImageId', sort=False):
        shape = (int(g.Height.iat[0]), int(g.Width.iat[0]))
        rows += [(iid, r) for r in _perturb_image(g.EncodedPixels, shape, rng)]
    return pd.DataFrame(rows, columns=['ImageId', 'EncodedPixels'])


def airbus(rng):
    "Predicted masks for the Airbus label subset; images without predictions get one empty row."
    sol = pd.read_csv(DATA/'airbus_train_ship_segmentations_v2_subset.csv', keep_default_na=False)
    rows = []
    for iid, g in sol.groupby('ImageId', sort=False):
        rles = [r for r in g.EncodedPixels if r]
        out = _perturb_image(rles, (768, 768), rng, n_false=(0, 1), false_size=(6, 30))
        rows += [(iid, r) for r in out] or [(iid, '')]
    return pd.DataFrame(rows, columns=['ImageId', 'EncodedPixels'])


def icdar2017(rng):
    "Detections for the five real ICDAR 2017 POD pages: corners moved, some regions missed or misnamed, a few false."
    from evalkit.icdar import read_ground_truth, CLASSES
    gt = read_ground_truth(sorted((DATA/'icdar2017_pod').glob('POD_*.xml')))
    rows = []
    for r in gt.itertuples():
        if rng.random() < 0.15: continue  # missed
        box = np.array([r.x0, r.y0, r.x1, r.y1]) + rng.integers(-12, 13, 4)
        cls = str(r.cls) if rng.random() > 0.1 else str(rng.choice([c for c in CLASSES if c != r.cls]))
        rows.append((r.page, cls, *box, round(float(rng.uniform(0.55, 1)), 3)))
    for page in rng.choice(gt.page.cat.categories, 3):  # false regions
        x0, y0 = rng.integers(100, 1200, 2)
        rows.append((page, str(rng.choice(CLASSES)), x0, y0, x0 + rng.integers(80, 500), y0 + rng.integers(30, 200),
                     round(float(rng.uniform(0.05, 0.7)), 3)))
    return pd.DataFrame(rows, columns=['page', 'cls', 'x0', 'y0', 'x1', 'y1', 'prob'])


if __name__ == '__main__':
    for name, make in [('rsna', rsna), ('dsb2018', dsb2018), ('airbus', airbus)]:
        df = make(np.random.default_rng(2018))
        df.to_csv(DATA/f'sample_{name}_submission.csv', index=False)
        print(f'data/sample_{name}_submission.csv: {len(df)} rows')
    rsna(np.random.default_rng(2019)).to_csv(DATA/'sample_rsna_submission_b.csv', index=False)  # a second model
    print('data/sample_rsna_submission_b.csv: a second RSNA submission, for `evalkit compare`')
    from evalkit.icdar import write_submission
    det = icdar2017(np.random.default_rng(2017))
    write_submission(det, DATA/'sample_icdar2017_submission.xml')
    print(f'data/sample_icdar2017_submission.xml: {len(det)} detections')
