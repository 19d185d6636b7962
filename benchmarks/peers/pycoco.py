"""pycocotools, hand-optimised (row "pycocotools (counts, optimised)"): Kaggle RLE written straight as COCO counts
(`mask.frPyObjects` on uncompressed counts, no mask decoded), overlaps by `mask.iou`, and the disjointness shortcut
(disjoint predictions and t >= 1/2: the pairs with IoU > t are the matching) instead of a matching. Not how users
run pycocotools: that is `pycoco_masks.py`. Boxes (RSNA and Great Barrier Reef, row "pycocotools (boxes)") by
`mask.iou` on xywh boxes, greedy matching in confidence order; reef sums TP, FP, FN over the frames, then F2 per
threshold (SPEC 9). Same metric as evalkit (SPEC 1-3, 9). `mask.iou` returns i/u correctly rounded in
float64, and i/u > float(t) decides exactly like the rational test for these sizes. Prints the score.

    python benchmarks/peers/pycoco.py METRIC SOLUTION SUBMISSION      # METRIC: dsb2018, airbus, rsna or reef
"""
import sys
import numpy as np
from pycocotools import mask as cmask
from _common import (THRESHOLDS, mask_images, rle_runs, image_value, mask_counts_from_hits, rsna_images,
                     rsna_greedy, reef_images)


def coco_rles(rles, H, W):
    "Compressed COCO RLEs of SPEC RLE strings (both count column-major; COCO counts alternate 0s and 1s)."
    objs = []
    for s in rles:
        st, ln = rle_runs(s)
        c = np.empty(2 * len(st) + 1, np.int64)
        c[0:-1:2] = st - np.r_[0, (st + ln)[:-1]]
        c[1::2] = ln
        c[-1] = H * W - st[-1] - ln[-1]
        objs.append({'counts': c.tolist(), 'size': [H, W]})
    return cmask.frPyObjects(objs, H, W)


def masks(metric, sol, sub):
    ths, vals = THRESHOLDS[metric], []
    for iid, H, W, gt, pr in mask_images(metric, sol, sub):
        ng, npr = len(gt), len(pr)
        if ng and npr:
            iou = np.asarray(cmask.iou(coco_rles(pr, H, W), coco_rles(gt, H, W), [0] * ng))  # (n_pred, n_gt)
            tp, fp, fn = mask_counts_from_hits(np.stack([iou.T > float(t) for t in ths]))
        else:
            tp, fp, fn = np.zeros(len(ths)), np.full(len(ths), npr), np.full(len(ths), ng)
        v = image_value(metric, tp, fp, fn, ng, npr)
        if v is not None: vals.append(v)
    return float(np.mean(vals))


def boxes(sol, sub):
    ths, vals = THRESHOLDS['rsna'], []
    for pid, gt, pr in rsna_images(sol, sub):
        if len(gt) and len(pr):
            iou = np.asarray(cmask.iou(pr, gt, [0] * len(gt)), np.float64).reshape(len(pr), len(gt))
            tp, fp, fn = np.array([rsna_greedy(iou, float(t)) for t in ths]).T
        else:
            tp, fp, fn = np.zeros(len(ths)), np.full(len(ths), len(pr)), np.full(len(ths), len(gt))
        v = image_value('rsna', tp, fp, fn, len(gt), len(pr))
        if v is not None: vals.append(v)
    return float(np.mean(vals))


def reef(sol, sub):
    "Pooled F2 (SPEC 9): per threshold, TP, FP, FN summed over every frame, then 5TP / (5TP + 4FN + FP); mean."
    ths = THRESHOLDS['reef']
    tp, fp, fn = (np.zeros(len(ths), np.int64) for _ in range(3))
    for iid, gt, pr in reef_images(sol, sub):
        if len(gt) and len(pr):
            iou = np.asarray(cmask.iou(pr, gt, [0] * len(gt)), np.float64).reshape(len(pr), len(gt))
            c = np.array([rsna_greedy(iou, float(t)) for t in ths]).T
        else:
            c = np.zeros(len(ths)), np.full(len(ths), len(pr)), np.full(len(ths), len(gt))
        tp, fp, fn = tp + c[0], fp + c[1], fn + c[2]
    den = 5 * tp + 4 * fn + fp
    return float(np.mean(np.where(den > 0, 5 * tp / np.maximum(den, 1), 1.0)))


if __name__ == '__main__':
    metric, sol, sub = sys.argv[1:4]
    print(repr(boxes(sol, sub) if metric == 'rsna' else reef(sol, sub) if metric == 'reef' else masks(metric, sol, sub)))
