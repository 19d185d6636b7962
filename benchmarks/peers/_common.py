"""What the peer scripts share: thresholds, reading the CSV layouts per image, and the per-image metric (SPEC 1-3;
Great Barrier Reef, SPEC 9: the same matching as RSNA, counts pooled over the frames).

Each peer computes its own overlaps (that is what is being compared); the metric around them is the same for all.
"""
import ast
from fractions import Fraction
import numpy as np, pandas as pd

THRESHOLDS = {  # exact decimals, SPEC section 0
    'dsb2018': [Fraction(50 + 5 * i, 100) for i in range(10)],
    'airbus': [Fraction(50 + 5 * i, 100) for i in range(10)],
    'rsna': [Fraction(40 + 5 * i, 100) for i in range(8)],
    'reef': [Fraction(30 + 5 * i, 100) for i in range(11)],
}


def mask_images(metric, sol_path, sub_path):
    "Per solution image, in solution order: (image id, H, W, GT RLE strings, predicted RLE strings)."
    sol = pd.read_csv(sol_path, keep_default_na=False, dtype={'EncodedPixels': str})
    sub = pd.read_csv(sub_path, keep_default_na=False, dtype={'EncodedPixels': str})
    if 'Usage' in sol: sol = sol[sol.Usage != 'Ignored']
    if 'Height' not in sol: sol = sol.assign(Height=768, Width=768)
    unknown = set(sub.ImageId) - set(sol.ImageId)
    if unknown: raise SystemExit(f'submission ImageId not in the solution: {sorted(unknown)[:3]}')
    preds = {k: [s for s in g if s] for k, g in sub.groupby('ImageId', sort=False).EncodedPixels}
    for iid, g in sol.groupby('ImageId', sort=False):
        yield iid, int(g.Height.iat[0]), int(g.Width.iat[0]), [s for s in g.EncodedPixels if s], preds.get(iid, [])


def rle_runs(s):
    "0-based starts and lengths of one RLE string."
    v = np.array(s.split(), np.int64)
    return v[0::2] - 1, v[1::2]


def rle_decode(s, H, W):
    "Binary H x W uint8 mask of one SPEC RLE string (1-based starts, column-major), as the Kaggle kernels decode it."
    img = np.zeros(H * W, np.uint8)
    for a, l in zip(*rle_runs(s)):
        img[a:a + l] = 1
    return img.reshape((H, W), order='F')


def label_image(rles, H, W):
    "H x W int32 label image as the Kaggle kernels build it: each RLE decoded to its own mask, then `lab[m > 0] = k + 1`."
    lab = np.zeros((H, W), np.int32)
    for k, s in enumerate(rles):
        lab[rle_decode(s, H, W) > 0] = k + 1
    return lab


def hits(inter, union, t):
    "Exact integer hit test IoU > t (t a Fraction)."
    return inter * t.denominator > t.numerator * union


def image_value(metric, tp, fp, fn, n_gt, n_pred):
    "Image score from per-threshold counts (arrays over thresholds); None when the image is left out of the mean."
    tp, fp, fn = (np.asarray(x, np.float64) for x in (tp, fp, fn))
    if n_gt == 0 and n_pred == 0:
        return None if metric == 'rsna' else 1.0  # RSNA: left out; DSB and Airbus: 1
    if metric == 'airbus':
        return float(np.mean(5 * tp / (5 * tp + 4 * fn + fp)))
    return float(np.mean(tp / (tp + fp + fn)))


def mask_counts_from_hits(hit_stack):
    "TP, FP, FN per threshold from a (T, n_gt, n_pred) bool stack; disjoint predictions and t >= 1/2 make it one-to-one."
    tp = hit_stack.sum((1, 2))
    return tp, hit_stack.shape[2] - tp, hit_stack.shape[1] - tp


def rsna_images(sol_path, sub_path):
    "Per patient in solution order: (GT boxes (G, 4) x y w h, predicted boxes (P, 4) in confidence order)."
    sol = pd.read_csv(sol_path)
    sub = pd.read_csv(sub_path, keep_default_na=False, dtype={'PredictionString': str})
    preds = dict(zip(sub.patientId, sub.PredictionString))
    for pid, g in sol.groupby('patientId', sort=False):
        gt = g.loc[g.Target == 1, ['x', 'y', 'width', 'height']].to_numpy(np.float64)
        v = np.array(preds.get(pid, '').split(), np.float64).reshape(-1, 5)
        order = np.argsort(-v[:, 0], kind='stable')
        yield pid, np.ascontiguousarray(gt), np.ascontiguousarray(v[order, 1:])  # pycocotools reads C order


def rsna_greedy(iou, t):
    "SPEC 1 matching on an (n_pred, n_gt) IoU matrix, predictions in confidence order: (tp, fp, fn)."
    used = np.zeros(iou.shape[1], bool)
    tp = 0
    for i in range(iou.shape[0]):
        cand = np.where(used, -1.0, iou[i])
        if len(cand) and cand.max() > t:
            used[int(np.argmax(cand))] = True  # argmax: first GT among equal IoUs
            tp += 1
    return tp, iou.shape[0] - tp, iou.shape[1] - tp


def reef_images(sol_path, sub_path):
    "Per frame in solution order: (GT boxes (G, 4) x y w h, predicted boxes (P, 4) in confidence order), as users "
    "read them: `ast.literal_eval` of each `annotations` list of dicts."
    sol = pd.read_csv(sol_path, keep_default_na=False, dtype={'annotations': str})
    sub = pd.read_csv(sub_path, keep_default_na=False, dtype={'annotations': str})
    preds = dict(zip(sub.image_id, sub.annotations))
    for iid, ann in zip(sol.image_id, sol.annotations):
        gt = np.array([[d['x'], d['y'], d['width'], d['height']] for d in ast.literal_eval(ann)], np.float64)
        v = np.array(preds.get(iid, '').split(), np.float64).reshape(-1, 5)
        order = np.argsort(-v[:, 0], kind='stable')
        yield iid, np.ascontiguousarray(gt.reshape(-1, 4)), np.ascontiguousarray(v[order, 1:])
