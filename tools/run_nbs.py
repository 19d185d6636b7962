"""`nbdev_test` on every notebook under the given folders (or the given notebooks), each in its own process.

    python tools/run_nbs.py nbs tests_nbs [--flags slow browser] [--lint] [--n-workers 2]

nbdev_test does the work: it skips folders and files starting with `_` or `.`, skips the cells flagged with a
settings.ini `tst_flags` flag unless `--flags` names it, sets IN_TEST=1 and runs the rest. It has no count of
notebooks and, in parallel, reuses its worker processes (test notebooks start servers and browsers and set
environment variables), so this adds: one `nbdev_test` process per notebook (two at a time), an `ok`/`FAIL` line
each (a failure's output under it), ruff as one more check (`--lint`), and the closing `N passed, N failed` CI reads.
"""
import argparse, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from nbdev.doclinks import nbglob

ROOT = Path(__file__).resolve().parent.parent  # nbdev_test and ruff run here: the project's settings.ini, pyproject


def check(name: str, cmd: list) -> bool:
    "Run one check: print `ok` or `FAIL` with its name and time, and a failure's output."
    t0 = time.time()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    print(f"{'ok  ' if p.returncode == 0 else 'FAIL'} {name} ({time.time() - t0:.1f}s)", flush=True)
    if p.returncode: print(p.stdout + p.stderr, flush=True)
    return p.returncode == 0


if __name__ == '__main__':
    p = argparse.ArgumentParser()
    p.add_argument('paths', nargs='+')
    p.add_argument('--flags', nargs='*', default=[], help='cell flags to run too (slow, browser)')
    p.add_argument('--lint', action='store_true', help='also run `ruff check` (pyproject.toml) as a check')
    p.add_argument('--n-workers', type=int, default=2)
    a = p.parse_args()
    nbs = [f for path in a.paths for f in nbglob(path, as_path=True)]
    test = [str(Path(sys.executable).with_name('nbdev_test')), '--flags', ' '.join(a.flags), '--path']
    checks = [('ruff', [sys.executable, '-m', 'ruff', 'check', '--output-format', 'concise'])] if a.lint else []
    checks += [(str(nb), test + [str(nb.absolute())]) for nb in nbs]
    t0 = time.time()
    with ThreadPoolExecutor(a.n_workers) as ex: ok = list(ex.map(lambda c: check(*c), checks))
    print(f'notebooks: {time.time() - t0:.0f}s, flags run: {" ".join(a.flags) or "none"}')
    print(f'{sum(ok)} passed, {len(ok) - sum(ok)} failed')
    sys.exit(0 if nbs and all(ok) else 1)
