"""Run every notebook under the given folders as a test (nbdev's `test_nb`), in parallel.

    python tools/run_nbs.py nbs tests_nbs [--flags slow browser] [--n-workers 2]

Prints one line per notebook and closes with `N passed, N failed` (counting notebooks); exit 1 on any failure.
"""
import argparse, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _run(fn, flags):
    from nbdev.test import test_nb
    skip = [f for f in 'notest slow browser'.split() if f not in flags]
    ok, secs = test_nb(Path(fn), skip_flags=skip, force_flags=flags, showerr=True)
    return fn, ok, secs


def main():
    p = argparse.ArgumentParser()
    p.add_argument('paths', nargs='+')
    p.add_argument('--flags', nargs='*', default=[], help='cell flags to run too (slow, browser)')
    p.add_argument('--n-workers', type=int, default=os.cpu_count() or 2)
    a = p.parse_args()
    files = sorted(str(f) for d in map(Path, a.paths) for f in (d.rglob('*.ipynb') if d.is_dir() else [d])
                   if not any(part.startswith(('.', '_')) for part in f.parts))
    os.environ['IN_TEST'] = '1'
    passed = failed = 0
    t0 = time.time()
    with ProcessPoolExecutor(a.n_workers) as ex:
        for fn, ok, secs in ex.map(_run, files, [a.flags] * len(files)):
            print(f"{'ok  ' if ok else 'FAIL'} {fn} ({secs:.1f}s)", flush=True)
            passed += ok; failed += not ok
    print(f'notebooks: {time.time() - t0:.0f}s')
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed or not files else 0)


if __name__ == '__main__': main()
