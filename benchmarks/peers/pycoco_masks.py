"""pycocotools as its users run it (row "pycocotools (masks)"): every Kaggle RLE string is decoded to a binary
H x W mask, encoded to COCO RLE by `mask.encode(np.asfortranarray(mask))`, overlaps by `mask.iou`, then greedy
matching per threshold (predictions in submission order, each taking the still-unmatched ground-truth object of
highest IoU when IoU > t; SPEC 0) and the same metric as evalkit (SPEC 2-3). No disjointness shortcut, no
counts written by hand: compare `pycoco.py`, the hand-optimised variant. `mask.iou` returns i/u correctly rounded
in float64, and i/u > float(t) decides exactly like the rational test for these sizes. Prints the score.

    python benchmarks/peers/pycoco_masks.py METRIC SOLUTION SUBMISSION      # METRIC: dsb2018 or airbus
"""
import sys
import numpy as np
from pycocotools import mask as cmask
from _common import THRESHOLDS, mask_images, rle_decode, image_value, rsna_greedy


def coco_rles(rles, H, W):
    "One compressed COCO RLE per mask: decode, then `mask.encode` of the Fortran-ordered mask."
    return [cmask.encode(np.asfortranarray(rle_decode(s, H, W))) for s in rles]


def main(metric, sol, sub):
    ths, vals = THRESHOLDS[metric], []
    for iid, H, W, gt, pr in mask_images(metric, sol, sub):
        ng, npr = len(gt), len(pr)
        if ng and npr:
            iou = np.asarray(cmask.iou(coco_rles(pr, H, W), coco_rles(gt, H, W), [0] * ng),
                             np.float64).reshape(npr, ng)  # (n_pred, n_gt)
            tp, fp, fn = np.array([rsna_greedy(iou, float(t)) for t in ths]).T
        else:
            tp, fp, fn = np.zeros(len(ths)), np.full(len(ths), npr), np.full(len(ths), ng)
        v = image_value(metric, tp, fp, fn, ng, npr)
        if v is not None: vals.append(v)
    return float(np.mean(vals))


if __name__ == '__main__':
    print(repr(main(*sys.argv[1:4])))
