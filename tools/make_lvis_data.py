"""Seeded LVIS v1 ground truth and results files (SPEC 15.2), built on `make_coco_data.make_coco`.

    python tools/make_lvis_data.py GT.json RESULTS.json [--images N] [--categories K] [--seed S] [--segm polygon|rle]

Importable (the parity tests and the benchmark use it):

    import sys; sys.path.insert(0, 'tools')
    from make_lvis_data import make_lvis
    gt, results = make_lvis(40, seed=3, n_categories=12)     # a few milliseconds
    gt, results = make_lvis(19809, n_categories=1203, fp_per_image=38)   # LVIS v1 val-sized: ~1M detections

The files are COCO's synthetic ones (see make_coco_data.py) made LVIS's, on purpose with every rule's edge:

- categories: every one has `frequency` 'r', 'c' or 'f' (LVIS v1's shares: 337, 461, 405 of 1,203), seeded;
- annotations: no `iscrowd` (LVIS has none; a few keep `iscrowd: 1`, which LVIS never reads), a few `ignore: 1`,
  about 0.5% with `area` 0 (dropped: their category may leave the image's positive set);
- images: `neg_category_ids` = half of the categories detected on the image but not on it, plus a few random others;
  `not_exhaustive_category_ids` = about 15% of the image's categories, and now and then a negative one (both);
- results: COCO's detections; some images flooded past the cap of 300 with tied scores (`flood` images, each 320
  to 400 results, one category crowding out the others).
"""
import argparse, sys
from pathlib import Path
import numpy as np
sys.path.insert(0, str(Path(__file__).resolve().parent))
from make_coco_data import make_coco, write_coco  # noqa: E402

SHARES = (337, 461, 405)  # LVIS v1's rare, common, frequent categories


def _frequencies(rng, k: int) -> list:
    "'r', 'c' or 'f' for `k` categories, in LVIS v1's shares."
    n = np.round(np.array(SHARES) / sum(SHARES) * k).astype(int)
    n[2] = k - n[:2].sum()
    return rng.permutation(np.repeat(np.array(list('rcf')), n)).tolist()


def _lists(rng, images: list, anns: list, results: list, cat_ids: list):
    "Set each image's neg_category_ids and not_exhaustive_category_ids (in place: the dicts are ours)."
    pos, det = {}, {}
    for a in anns: pos.setdefault(a['image_id'], set()).add(a['category_id'])
    for r in results: det.setdefault(r['image_id'], set()).add(r['category_id'])
    for m in images:
        p, d = pos.get(m['id'], set()), det.get(m['id'], set())
        wrong = sorted(d - p)
        neg = [c for c in wrong if rng.random() < 0.5] + [int(c) for c in rng.choice(cat_ids, 3) if c not in p]
        neg = sorted(set(neg))
        nel = [c for c in sorted(p) if rng.random() < 0.15] + [c for c in neg if rng.random() < 0.05]
        m['neg_category_ids'], m['not_exhaustive_category_ids'] = neg, sorted(set(nel))


def _flood(rng, images: list, results: list, n: int) -> list:
    "`n` images flooded past the cap: 320-400 more results each, tied scores, one category most of them."
    out = list(results)
    for m in rng.choice(images, min(n, len(images)), replace=False):
        cat = next((r['category_id'] for r in results if r['image_id'] == m['id']), None)
        if cat is None: continue
        for j in range(int(rng.integers(320, 401))):
            x, y = (float(v) for v in rng.integers(0, 200, 2))
            out.append(dict(image_id=m['id'], category_id=cat, bbox=[x, y, 30.0, 20.0],
                            score=float(rng.choice([0.05, 0.1, 0.2]))))
    return out


def make_lvis(n_images: int = 40, *, seed: int = 0, n_categories: int = 12, segm: str | None = None,
              gt_per_image: float = 12.3, fp_per_image: float = 24.0, flood: int | None = None) -> tuple:
    "Seeded LVIS v1 ground truth (dict) and results (list of dicts): see the module's docstring."
    gt, res = make_coco(n_images, seed=seed, preset='objects365', n_categories=n_categories, segm=segm,
                        gt_per_image=gt_per_image, fp_per_image=fp_per_image)
    rng = np.random.default_rng([seed, 1500])
    for c, f in zip(gt['categories'], _frequencies(rng, len(gt['categories']))): c['frequency'] = f
    for a in gt['annotations']:
        crowd = a.pop('iscrowd', 0)
        if crowd and rng.random() < 0.5: a['iscrowd'] = 1  # never read
        if rng.random() < 0.005: a['area'] = 0.0
    if segm is None: res = _flood(rng, gt['images'], res, max(1, n_images // 20) if flood is None else flood)
    _lists(rng, gt['images'], gt['annotations'], res, [c['id'] for c in gt['categories']])
    return gt, res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('gt', type=Path)
    ap.add_argument('results', type=Path)
    ap.add_argument('--images', type=int, default=40)
    ap.add_argument('--categories', type=int, default=12)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--segm', choices=('polygon', 'rle'), default=None)
    ap.add_argument('--fp', type=float, default=24.0, help='background false positives per image')
    a = ap.parse_args(argv)
    write_coco(*make_lvis(a.images, seed=a.seed, n_categories=a.categories, segm=a.segm, fp_per_image=a.fp),
               a.gt, a.results)


if __name__ == '__main__':
    main()
