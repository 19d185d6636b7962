"""The floor: the least any scorer must do. Import numpy and pandas, read both files, parse every RLE / box integer
in one bulk call per file. Prints the number of integers parsed (not a score), then ends the process at once, as the
`evalkit` command does (no interpreter teardown).

    python benchmarks/peers/floor.py METRIC SOLUTION SUBMISSION
"""
import os, re, sys
import numpy as np, pandas as pd


def bulk(text, dtype=np.int64):
    "Every number of a space-separated string, in one call."
    return np.fromstring(text, dtype=dtype, sep=' ') if text.strip() else np.empty(0, dtype)


def main(metric, sol, sub):
    if metric in ('dsb2018', 'airbus'):
        n = 0
        for f in (sol, sub):
            df = pd.read_csv(f, keep_default_na=False, dtype={'EncodedPixels': str})
            n += len(bulk(' '.join(df.EncodedPixels)))
    elif metric == 'rsna':
        s = pd.read_csv(sol)  # pandas parses the box columns
        p = pd.read_csv(sub, keep_default_na=False, dtype={'PredictionString': str})
        n = s[['x', 'y', 'width', 'height']].notna().to_numpy().sum() + len(bulk(' '.join(p.PredictionString), np.float64))
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
