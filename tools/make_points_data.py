"""Make point F-beta test files (SPEC 18): a solution and a submission in the exact layout of `czii` and of `byu`.

    python tools/make_points_data.py OUT_DIR [--preset czii|byu ...] [--n N] [--seed S] [--force]

writes `OUT_DIR/<preset>_solution.csv` and `OUT_DIR/<preset>_submission.csv`, the same bytes for the same arguments;
an existing file is never overwritten unless `--force` is given. `--n` is the number of experiments (CZII) or
tomograms (BYU).

Everything is made up here; no real label of either competition is used (their test labels are Kaggle's only).
CZII: experiments named like the competition's (`TS_5_4`), 630 x 630 x 184 voxels of 10 angstrom, points in
angstrom; each experiment holds 0 to `most` points of every particle type, kept apart by more than the largest r
(as real particles are); the submission moves each truth by up to 1.2 r (some beyond reach), misses some, adds false
ones, and now and then adds a truth 1.5 r from another with a prediction half way (Kaggle's counting makes it hit
both, the one-to-one reading one). BYU:
tomograms `tomo_xxxxxx` with a voxel spacing between 6.5 and 19.7 angstrom, 0 or 1 motor each (about half), the
submission's motor moved by up to 1.3 x 1000 angstrom, some missed, some false, some tomograms left out.
"""
import argparse
from pathlib import Path
import numpy as np
import pandas as pd

CZII = {'apo-ferritin': 60, 'beta-amylase': 65, 'beta-galactosidase': 90, 'ribosome': 150, 'thyroglobulin': 130,
        'virus-like-particle': 135}  # particle radius, angstrom; r = 0.5 x radius
BYU_AXES = ['Motor axis 0', 'Motor axis 1', 'Motor axis 2']


def _moved(rng, p, r, k):
    "Points `p` [n, 3] moved by a random vector of length up to k x r."
    d = rng.normal(size=p.shape)
    d /= np.linalg.norm(d, axis=1, keepdims=True) + 1e-12
    return p + d * rng.uniform(0, k * r, (len(p), 1))


def czii(n: int = 3, *, seed: int = 0, most: int = 15) -> tuple:
    "(solution, submission) DataFrames in CZII's layout: `n` experiments of synthetic particles."
    rng, sol, sub = np.random.default_rng(seed), [], []
    size = np.array([6300.0, 6300.0, 1840.0])
    for e in range(n):
        exp = f'TS_{rng.integers(1, 100)}_{e}'
        for cls, rad in CZII.items():
            r, k = rad * 0.5, int(rng.integers(0, most + 1))
            p = np.round(rng.uniform(0, 1, (k, 3)) * size, 3)
            p = p[np.unique(np.floor(p / 200), axis=0, return_index=True)[1]]  # one per 200 A cell: far apart
            twin = np.zeros((0, 3))
            if len(p) and rng.uniform() < 0.3:  # a truth 1.5 r from the first, and one prediction between them
                p = np.r_[p, p[:1] + [1.5 * r, 0, 0]]
                twin = (p[:1] + p[-1:]) / 2
            sol += [(exp, cls, *map(float, x)) for x in p]
            keep = rng.uniform(size=len(p)) > 0.2
            q = np.round(_moved(rng, p[keep], r, 1.2), 3)
            fa = np.round(rng.uniform(0, 1, (int(rng.integers(0, 5)), 3)) * size, 3)
            sub += [(exp, cls, *map(float, x)) for x in np.r_[q, fa, twin]]
    S = pd.DataFrame(sol, columns=['experiment', 'particle_type', 'x', 'y', 'z'])
    S.insert(0, 'id', range(len(S)))
    S['Usage'] = np.where(pd.factorize(S.experiment)[0] % 2 == 0, 'Public', 'Private')
    P = pd.DataFrame(sub, columns=['experiment', 'particle_type', 'x', 'y', 'z'])
    P = P.sample(frac=1, random_state=seed).reset_index(drop=True)
    P.insert(0, 'id', range(len(P)))
    return S, P


def byu(n: int = 40, *, seed: int = 0) -> tuple:
    "(solution, submission) DataFrames in BYU's layout: `n` tomograms, 0 or 1 motor each."
    rng, sol, sub, seen = np.random.default_rng(seed), [], [], set()
    for t in range(n):
        tomo = f'tomo_{rng.integers(0, 16 ** 6):06x}'
        while tomo in seen: tomo += 'x'  # one row per tomogram
        seen.add(tomo)
        s, shape = float(rng.choice([6.5, 13.1, 15.6, 16.0, 19.7])), rng.integers(300, 800, 3)
        has = rng.uniform() < 0.5
        m = np.round(rng.uniform(0, 1, 3) * (shape - 1)) if has else np.full(3, -1.0)
        sol.append((tomo, *m, *shape, s, int(has)))
        u = rng.uniform()
        if u < 0.1: continue  # no row: no motor
        if has and u < 0.8: p = np.round(_moved(rng, m[None], 1000 / s, 1.3)[0], 1)
        elif not has and u < 0.3: p = np.round(rng.uniform(0, 1, 3) * (shape - 1))
        else: p = np.full(3, -1.0)
        sub.append((tomo, *p))
    S = pd.DataFrame(sol, columns=['tomo_id', *BYU_AXES, 'Array shape (axis 0)', 'Array shape (axis 1)',
                                   'Array shape (axis 2)', 'Voxel spacing', 'Has motor'])
    P = pd.DataFrame(sub, columns=['tomo_id', *BYU_AXES])
    return S, P


if __name__ == '__main__':
    a = argparse.ArgumentParser()
    a.add_argument('out')
    a.add_argument('--preset', nargs='*', default=['czii', 'byu'], choices=['czii', 'byu'])
    a.add_argument('--n', type=int, default=None)
    a.add_argument('--seed', type=int, default=0)
    a.add_argument('--force', action='store_true')
    args = a.parse_args()
    out = Path(args.out); out.mkdir(parents=True, exist_ok=True)
    for name in args.preset:
        make = czii if name == 'czii' else byu
        S, P = make(*(() if args.n is None else (args.n,)), seed=args.seed)
        for df, f in ((S, out/f'{name}_solution.csv'), (P, out/f'{name}_submission.csv')):
            if f.exists() and not args.force: raise SystemExit(f'{f} exists (--force to overwrite)')
            df.to_csv(f, index=False)
