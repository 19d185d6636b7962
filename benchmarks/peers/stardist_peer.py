"""stardist's `matching` (label images, IoU >= t with Hungarian assignment, float32 IoU): compare its time, not its
score. Per image as its users do: each RLE decoded to its own mask and painted into a label image (`label_image`, the
Kaggle kernels' way, shared with the kernel peer), then `matching`; same per-image metric around its TP/FP/FN.
Prints the score.

    python benchmarks/peers/stardist_peer.py METRIC SOLUTION SUBMISSION      # METRIC: dsb2018 or airbus
"""
import sys
import numpy as np
from stardist.matching import matching
from _common import THRESHOLDS, mask_images, label_image, image_value


def main(metric, sol, sub):
    ths, vals = [float(t) for t in THRESHOLDS[metric]], []
    for iid, H, W, gt, pr in mask_images(metric, sol, sub):
        ng, npr = len(gt), len(pr)
        if ng and npr:
            ms = matching(label_image(gt, H, W), label_image(pr, H, W), thresh=ths)
            tp, fp, fn = (np.array([getattr(m, k) for m in ms]) for k in ('tp', 'fp', 'fn'))
        else:
            tp, fp, fn = np.zeros(len(ths)), np.full(len(ths), npr), np.full(len(ths), ng)
        v = image_value(metric, tp, fp, fn, ng, npr)
        if v is not None: vals.append(v)
    print(repr(float(np.mean(vals))))


if __name__ == '__main__':
    main(*sys.argv[1:4])
