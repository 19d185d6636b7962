"""The classic Kaggle kernel as its users run it: per image, decode every RLE to its own H x W mask (the kernels'
`rle_decode`) and paint it into a label image, intersections by `np.histogram2d`,
areas by `np.histogram`, then TP/FP/FN per threshold. Hit test made exact (integer `inter*den > num*union`) so that
its score can be compared with evalkit's to 1e-12; the original used float `np.arange` thresholds. Prints the score.

    python benchmarks/peers/kernel.py METRIC SOLUTION SUBMISSION      # METRIC: dsb2018 or airbus
"""
import sys
import numpy as np
from _common import THRESHOLDS, mask_images, label_image, hits, image_value, mask_counts_from_hits


def main(metric, sol, sub):
    ths, vals = THRESHOLDS[metric], []
    for iid, H, W, gt, pr in mask_images(metric, sol, sub):
        ng, npr = len(gt), len(pr)
        if ng and npr:
            lt, lp = label_image(gt, H, W).ravel(), label_image(pr, H, W).ravel()
            inter = np.histogram2d(lt, lp, bins=(np.arange(ng + 2) - 0.5, np.arange(npr + 2) - 0.5))[0]
            at = np.histogram(lt, bins=np.arange(ng + 2) - 0.5)[0]
            ap = np.histogram(lp, bins=np.arange(npr + 2) - 0.5)[0]
            inter = inter.astype(np.int64)[1:, 1:]
            union = at[1:, None] + ap[None, 1:] - inter
            st = np.stack([hits(inter, union, t) for t in ths])
            tp, fp, fn = mask_counts_from_hits(st)
        else:
            tp, fp, fn = np.zeros(len(ths)), np.full(len(ths), npr), np.full(len(ths), ng)
        v = image_value(metric, tp, fp, fn, ng, npr)
        if v is not None: vals.append(v)
    print(repr(float(np.mean(vals))))


if __name__ == '__main__':
    main(*sys.argv[1:4])
