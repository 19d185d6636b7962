"""`evalkit score coco` run under a counting `os.fork`: what the command said, and how many copies it made.

Shared by test_coco and test_keypoints: the command reads a box or keypoint ground truth in a forked copy of itself
(`evalkit.jit.forked`), and its output must not depend on it.
"""
import json, os, subprocess, sys
from pathlib import Path

PROG = """
import os, sys
from evalkit.cli import main, process_settings
made, fork = [], os.fork
os.fork = lambda: (made.append(1), fork())[1]
process_settings(); code = main(sys.argv[1:])
print(len(made), file=sys.stderr); sys.stdout.flush(); os._exit(code)
"""


def forks(folder: Path, g, d, threads: str, *args) -> tuple:
    "(exit status, stdout, stderr's lines but the last, forks made) of `evalkit score coco` on files of g, d."
    (folder / 'fg.json').write_text(json.dumps(g)); (folder / 'fd.json').write_text(json.dumps(d))
    r = subprocess.run([sys.executable, '-c', PROG, 'score', 'coco', str(folder / 'fg.json'), str(folder / 'fd.json'),
                        '--json', *args], capture_output=True, text=True, env=dict(os.environ, EVALKIT_THREADS=threads),
                       timeout=120)
    *err, n = r.stderr.splitlines()
    return r.returncode, r.stdout, err, int(n)
