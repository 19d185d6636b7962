"""Run every notebook under the given folders (or the given notebooks) as a test with nbdev's `test_nb`.

    python tools/run_nbs.py nbs tests_nbs [--flags slow browser] [--n-workers 2]

Each notebook runs in its own Python process (two at a time by default). Prints one line per notebook and closes
with `N passed, N failed` (counting notebooks); exits 1 on any failure.
"""
import argparse, os, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

FLAGS = 'notest slow browser'.split()
CHILD = ("import sys; from pathlib import Path; from nbdev.test import test_nb; "
         "ok, secs = test_nb(Path(sys.argv[1]), skip_flags=sys.argv[2].split(), force_flags=sys.argv[3].split()); "
         "sys.exit(0 if ok else 1)")


def _run(fn, flags):
    skip = ' '.join(f for f in FLAGS if f not in flags)
    t0 = time.time()
    p = subprocess.run([sys.executable, '-c', CHILD, fn, skip, ' '.join(flags)], capture_output=True, text=True,
                       env={**os.environ, 'IN_TEST': '1'})
    return fn, p.returncode == 0, time.time() - t0, p.stdout + p.stderr


def main():
    p = argparse.ArgumentParser()
    p.add_argument('paths', nargs='+')
    p.add_argument('--flags', nargs='*', default=[], help='cell flags to run too (slow, browser)')
    p.add_argument('--n-workers', type=int, default=min(2, os.cpu_count() or 2))
    a = p.parse_args()
    files = sorted(str(f) for d in map(Path, a.paths) for f in (d.rglob('*.ipynb') if d.is_dir() else [d])
                   if not any(part.startswith(('.', '_')) for part in f.parts))
    passed = failed = 0
    t0 = time.time()
    with ThreadPoolExecutor(a.n_workers) as ex:
        for fn, ok, secs, out in ex.map(_run, files, [a.flags] * len(files)):
            print(f"{'ok  ' if ok else 'FAIL'} {fn} ({secs:.1f}s)", flush=True)
            if not ok: print(out, flush=True)
            passed += ok; failed += not ok
    print(f'notebooks: {time.time() - t0:.0f}s, flags run: {" ".join(a.flags) or "none"}')
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed or not files else 0)


if __name__ == '__main__': main()
