"""The floor: the least any scorer must do. Import numpy and pandas, read both files, parse every RLE / box number
in one bulk call per file (a column of list texts, reef's `[{'x': 559, 'y': 213, ...}]` or wheat's `[x, y, w, h]`:
every byte that is not part of a number made a space by one `bytes.translate`, then the same bulk call). COCO
(SPEC 11): both JSON files parsed by `json.loads` (compressed RLE strings stay text); it prints the number of
annotations and detections. HuBMAP-HHV (SPEC 16): every MASK base64-decoded and inflated (zlib) one by one, then the
counts of all of them read by one vectorised decoder of COCO's compressed RLE (`coco_counts`). Prints the number of
numbers parsed (not a score), then ends the process at once, as the `evalkit` command does (no interpreter teardown).

    python benchmarks/peers/floor.py METRIC SOLUTION SUBMISSION
"""
import base64, json, os, re, sys, zlib
import numpy as np, pandas as pd


def bulk(text, dtype=np.int64):
    "Every number of a space-separated string, in one call."
    return np.fromstring(text, dtype=dtype, sep=' ') if text.strip() else np.empty(0, dtype)


# Every byte that is not part of a number becomes a space, so that a column of list texts (reef `[{'x': 559, ...}]`,
# wheat `[1.0, 2.0, ...]`: the keys hold no digit) is read by the same one bulk call.
NUMBERS_ONLY = bytes(b if chr(b) in '+-.0123456789' else 32 for b in range(256))
# metric -> (solution column, submission column, solution column is list text), for the newer presets
COLUMNS = {'tgs': ('rle_mask', 'rle_mask', False), 'sartorius': ('annotation', 'predicted', False),
           'reef': ('annotations', 'annotations', True), 'wheat': ('bbox', 'PredictionString', True)}


def bulk_lists(col):
    "Every number of a column of list texts, in one call."
    return bulk(' '.join(col).encode().translate(NUMBERS_ONLY).decode(), np.float64)


def read(f, col):
    "A CSV with its column `col` kept as text ('' for an empty field)."
    return pd.read_csv(f, keep_default_na=False, dtype={col: str})


def coco_counts(strings):
    "Every number of many COCO compressed-RLE counts strings (pycocotools' rleFrString), vectorised: int64 [total]."
    lengths = np.fromiter(map(len, strings), np.int64, len(strings))
    c = np.frombuffer(b''.join(strings), np.uint8).astype(np.int64) - 48
    end = (c & 0x20) == 0  # the last byte of a number
    first = np.r_[True, end[:-1]]
    k = np.arange(len(c)) - np.maximum.accumulate(np.where(first, np.arange(len(c)), 0))  # byte within its number
    x = np.add.reduceat((c & 0x1f) << (5 * k), np.flatnonzero(first)) if len(c) else np.zeros(0, np.int64)
    x -= np.where((c[end] & 0x10) != 0, 1 << (5 * (k[end] + 1)), 0)  # the sign bit of the last byte
    n = np.add.reduceat(end.astype(np.int64), np.r_[0, np.cumsum(lengths)[:-1]]) if len(lengths) else lengths
    m = np.arange(len(x)) - np.repeat(np.cumsum(n) - n, n)  # place of each number in its mask
    out = x.copy()  # counts[m] += counts[m - 2] for m > 2: a running sum per mask and parity, from m = 1 and m = 2
    for par in (0, 1):
        s = np.flatnonzero(m % 2 == par)
        if not len(s): continue
        cs, st = np.cumsum(x[s]), np.flatnonzero(m[s] <= 2)  # chains start at m = 0 (alone), 1 and 2
        out[s] = cs - np.repeat(cs[st] - x[s][st], np.diff(np.r_[st, len(s)]))
    return out


def main(metric, sol, sub):
    if metric in ('dsb2018', 'airbus'):
        n = 0
        for f in (sol, sub):
            df = pd.read_csv(f, keep_default_na=False, dtype={'EncodedPixels': str})
            n += len(bulk(' '.join(df.EncodedPixels)))
    elif metric in COLUMNS:  # masks: RLE integers on both sides; boxes: list texts, then `conf x y w h` groups
        a, b, lists = COLUMNS[metric]
        s, p = read(sol, a)[a], read(sub, b)[b]
        if lists: n = len(bulk_lists(s)) + len(bulk(' '.join(p), np.float64))
        else: n = len(bulk(' '.join(s))) + len(bulk(' '.join(p)))
    elif metric == 'vinbigdata':
        s = pd.read_csv(sol)  # pandas parses class_id and the box columns (empty for class 14 "No finding")
        p = read(sub, 'PredictionString')
        n = (len(s) + s[['x_min', 'y_min', 'x_max', 'y_max']].notna().to_numpy().sum()
             + len(bulk(' '.join(p.PredictionString), np.float64)))
    elif metric == 'rsna':
        s = pd.read_csv(sol)  # pandas parses the box columns
        p = pd.read_csv(sub, keep_default_na=False, dtype={'PredictionString': str})
        n = s[['x', 'y', 'width', 'height']].notna().to_numpy().sum() + len(bulk(' '.join(p.PredictionString), np.float64))
    elif metric == 'coco':  # ground truth (images, annotations, categories) and the results list
        gt, res = (json.loads(open(f, 'rb').read()) for f in (sol, sub))
        n = len(gt['annotations']) + len(res)
    elif metric == 'hubmap-hhv':  # groups LABEL CONFIDENCE MASK: every mask base64-decoded, inflated, its counts read
        n = 0
        for f in (sol, sub):
            tok = ' '.join(read(f, 'prediction_string').prediction_string).split()
            n += len(bulk(' '.join(tok[1::3]), np.float64))
            n += len(coco_counts([zlib.decompress(base64.b64decode(t)) for t in tok[2::3]]))
    elif metric in ('czii', 'byu'):  # one row per point: pandas parses the coordinate columns
        n = sum(pd.read_csv(f).select_dtypes('number').notna().to_numpy().sum() for f in (sol, sub))
    elif metric == 'icdar2017':
        n = 0
        for f in (sol, sub):
            text = open(f, encoding='utf-8').read()
            pts = ' '.join(re.findall(r'points="([^"]*)"', text)).replace(',', ' ')
            n += len(bulk(pts)) + len(bulk(' '.join(re.findall(r'prob="([^"]*)"', text)), np.float64))
    else:
        raise SystemExit(f'unknown metric {metric}')
    print(n)


if __name__ == '__main__':
    main(*sys.argv[1:4])
    sys.stdout.flush()
    os._exit(0)  # as the `evalkit` command ends: the least a scorer must do does not include tearing down the interpreter
