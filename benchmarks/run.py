"""evalkit benchmarks: evalkit against the floor and its peers, on the same data, in the same run.

    python benchmarks/run.py [--quick] [--only NAME ...] [--repeat 5] [--seed 0] [--out DIR]

Every scorer runs as a whole process (`evalkit score METRIC SOLUTION SUBMISSION --json`, or a script in
`benchmarks/peers/`); we report the median wall time of several runs and the peak resident memory of the process
(`os.wait4` rusage). A full run writes `benchmarks/results.md` and `benchmarks/results.json`; `--quick` (small
workloads, 1 run each) and `--only` write into `benchmarks/work/` instead, so they never overwrite the published run.
"""
from __future__ import annotations
import argparse, compileall, datetime, json, os, platform, shutil, signal, statistics, subprocess, sys, tempfile
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import workloads  # noqa: E402

PEERS = HERE/'peers'
BIN = Path(sys.executable).parent
COCO_MASKS, COCO_COUNTS, COCO_BOXES = 'pycocotools (masks)', 'pycocotools (counts, optimised)', 'pycocotools (boxes)'
SCRIPTS = {'floor': 'floor.py', COCO_MASKS: 'pycoco_masks.py', COCO_COUNTS: 'pycoco.py', COCO_BOXES: 'pycoco.py',
           'kernel': 'kernel.py', 'stardist': 'stardist_peer.py'}
# The `evalkit` command ends its process with os._exit once its output is flushed (cli.run); EK_KEPT times the same
# scoring in a process that ends normally, paying the interpreter's teardown as the floor and the peers do.
EK_KEPT = 'evalkit (teardown kept)'
KEPT_CODE = 'import sys; from evalkit.cli import main; sys.exit(main())'
# `evalkit cutoff` (the score at every distinct confidence, SPEC 12), timed on the real RSNA labels only: its target
# is to cost less than twice one scoring (`evalkit score`) of the same files.
EK_CUTOFF = 'evalkit cutoff (whole curve)'
CUTOFF_ON = ('rsna_real',)
# The reader's memory (issue 28): both files of a workload read into a Scene (the metric's reader, no scoring), in
# a process of its own; its target is a peak of at most 5 times the pair's bytes plus 300 MB. Run once.
EK_READER = 'evalkit reader (both files into a Scene)'
READER_CODE = 'import sys; from evalkit.metrics import get_metric; get_metric(sys.argv[1]).reader(*sys.argv[2:])'
READER_MB = (5, 300)  # the reader's target: peak MB <= 5 x the pair's MB + 300
# evalkit's kernels run their numba twins when numba is installed and the work is large, unless EVALKIT_NUMBA=0
# (evalkit.jit; `1` forces them). EK_NUMPY is the same `evalkit score` command with EVALKIT_NUMBA=0 in its
# environment (handed to the trampoline, which passes it on to the command: same timing and rusage as `evalkit`),
# timed on the workloads of NUMPY_ON; its score (COCO: its 12 stats) joins the 1e-12 agreement check.
EK_NUMPY = 'evalkit (numpy only)'
NUMPY_ON = ('dsb_synth', 'coco_bbox', 'coco_segm', 'objects365')
ENV = {EK_NUMPY: {'EVALKIT_NUMBA': '0'}}  # scorer -> variables set in its environment
EK_ROWS = ('evalkit', EK_NUMPY, EK_KEPT)  # `evalkit score ... --json`: the score (COCO: 12 stats) in its JSON
# numba compiles a kernel on its first call and caches the machine code on disk (`cache=True`): the first process
# after a change of evalkit (or of numba) pays the compilation. These rows run once untimed before their timed runs
# (per workload); the warm-up's wall time is stated in the row's note ("first run X s").
WARM = ('evalkit', EK_NUMPY)
OWN = ('floor', 'evalkit', EK_NUMPY, EK_KEPT, EK_CUTOFF, EK_READER)  # timed `repeat` times; the others at most 3
SCORERS = {'masks': ['floor', 'evalkit', EK_NUMPY, EK_KEPT, COCO_MASKS, 'kernel', 'stardist', COCO_COUNTS],
           'boxes': ['floor', 'evalkit', EK_KEPT, EK_CUTOFF, COCO_BOXES], 'xml': ['floor', 'evalkit', EK_KEPT],
           # the newer presets (SPEC 6-10), by family; reef (pooled) has the pycocotools boxes peer, the others none
           'pooled': ['floor', 'evalkit', EK_KEPT, COCO_BOXES], 'ranked': ['floor', 'evalkit', EK_KEPT],
           'sweep': ['floor', 'evalkit', EK_KEPT], 'points': ['floor', 'evalkit', EK_KEPT],
           'oid': ['floor', 'evalkit', EK_KEPT],  # no peer here: the TF Object Detection API does not install
           'reader': [EK_READER, 'evalkit']}  # memory rows: each run once
# COCO (SPEC 11): the evaluators as their users run them (COCO, loadRes, COCOeval evaluate/accumulate/summarize), one
# script `peers/coco_peer.py LIBRARY IOU_TYPE GT RESULTS` that imports only the library named; row name -> library.
COCO_PY = 'pycocotools (COCOeval)'
COCO_LIBS = {COCO_PY: 'pycocotools', 'faster-coco-eval': 'faster-coco-eval', 'hotcoco': 'hotcoco',
             'ultrafast-pycocotools': 'ultrafast-pycocotools'}
RUST = ('hotcoco', 'ultrafast-pycocotools')  # the bbox and segm targets' yardstick: the fastest of these
COCO_SLOW = {'objects365': (COCO_PY, 'faster-coco-eval')}  # not run there: many minutes each (a memory row)
SCORERS['coco'] = ['floor', 'evalkit', EK_NUMPY, EK_KEPT, *COCO_LIBS]
SCRIPTS |= {k: 'coco_peer.py' for k in COCO_LIBS}
NO_COCO = ('unknown metric', 'unrecognized arguments', 'invalid choice')  # how `evalkit score coco` fails without it
# Peers as their users run them (the masks target's "fastest peer"); COCO_COUNTS is a hand-optimised scorer (Kaggle
# RLE written straight as COCO counts, disjointness shortcut instead of matching), reported beside them.
AS_USED = ('kernel', 'stardist', COCO_MASKS)
LIBRARY = {COCO_MASKS: 'pycocotools.mask', COCO_COUNTS: 'pycocotools.mask', COCO_BOXES: 'pycocotools.mask',
           'stardist': 'stardist.matching', COCO_PY: 'pycocotools.cocoeval', 'faster-coco-eval': 'faster_coco_eval',
           'hotcoco': 'hotcoco', 'ultrafast-pycocotools': 'ultrafast_pycocotools'}
# must agree to 1e-12 (stardist uses >=: time only); COCO: all 12 stats of evalkit and pycocotools, the other COCO
# peers' differences from pycocotools are reported beside them
EXACT = {'evalkit', EK_NUMPY, EK_KEPT, EK_CUTOFF, 'kernel', COCO_MASKS, COCO_COUNTS, COCO_BOXES, COCO_PY}
MASKS_X = 25  # masks (a): evalkit at least this many times faster than the fastest peer as users run it
SLOW_S = 60.0  # a peer whose single run takes longer than this is run once
TOL = 1e-12
DESCRIPTION = {
    'dsb_synth': '(a) synthetic 2018 DSB: images at the DSB image sizes, 1-120 blob nuclei each',
    'airbus': '(b) Airbus scale: 768x768 images, ~60% without ships, up to 5 rotated ships',
    'rsna_synth': '(c) RSNA scale, synthetic patients',
    'rsna_real': '(c) RSNA real stage 2 training labels, perturbed submission',
    'icdar': '(d) ICDAR 2017 POD scale: pages, 3 classes, one ground-truth XML',
    'dsb_real': '(e) real DSB stage 1 solution (65 images, 4,152 nuclei), perturbed submission',
    'reef': '(f) Great Barrier Reef (pooled sweep, F2): video frames, `annotations` list-of-dict texts',
    'vinbigdata': '(g) VinBigData (ranked AP, voc_all at IoU 0.4): chest X-rays, 15 classes, 3 radiologists each',
    'wheat': '(h) Global Wheat (per-image sweep): 1024x1024 images, ~45 boxes each',
    'tgs': '(i) TGS Salt (per-image sweep): 101x101 images, one RLE mask each',
    'sartorius': '(j) Sartorius (per-image sweep): 520x704 images, one row-major RLE per cell',
    'dense': '(k) dense ground truth (per-image sweep, wheat layout): 512x8192 line-scan images, 3,000 boxes each',
    'huge_box': '(l) Global Wheat files with one detection of huge coordinates (x = y = -2**29, w = h = 2**30)',
    'rsna_big': '(p) memory per input byte: RSNA synthetic patients, a pair of about 600 MB of short rows',
    'coco_bbox': '(m) COCO bbox (SPEC 11, pycocotools parity): COCO val2017-sized ground truth (5,000 images, 80 '
                 'categories, polygons, crowds), ~156,000 box detections',
    'coco_segm': '(n) COCO segm (SPEC 11): the same ground truth, the same detections with compressed RLE masks',
    'czii': '(q) CZII CryoET (points, SPEC 18): 500 experiments, six particle types, ~60,000 truth points',
    'byu': '(r) BYU flagellar motors (points, SPEC 18): 20,000 tomograms, 0 or 1 motor each',
    'hhv': '(s) HuBMAP-HHV (Open Images AP on masks, SPEC 16): 1,600 tiles of 512x512, ~29,700 vessel masks as base64 '
           'zlib COCO RLE',
    'objects365': '(o) Objects365-sized COCO bbox (SPEC 11): 80,000 images, 365 categories, ~1.2 million detections',
}


# ------------------------------------------------------------------------------------------------------- measuring
# Every command is forked by a small trampoline process (`python -S`, about 10 MB) that times it, waits for it and
# writes its rusage to a file. Linux carries a process's peak RSS (ru_maxrss) across fork and exec: a command forked
# straight from this harness, which holds numpy, pandas and the workloads it generated, was charged the harness's own
# peak (`python -c pass` measured 430 MB after the harness had held 400 MB). The trampoline's fresh address space is
# the only peak a command inherits, below that of any Python process.
TRAMPOLINE = """
import json, os, signal, sys, time
out, timeout, cmd = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
killed = []
t0 = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(cmd[0], cmd)
    except OSError as e:
        sys.stderr.write(f'cannot run {cmd[0]}: {e}\\n'); sys.stderr.flush()
    os._exit(127)
if timeout > 0:
    signal.signal(signal.SIGALRM, lambda *a: (killed.append(1), os.kill(pid, signal.SIGKILL)))
    signal.setitimer(signal.ITIMER_REAL, timeout)
_, status, ru = os.wait4(pid, 0)
secs = time.perf_counter() - t0
signal.setitimer(signal.ITIMER_REAL, 0)
with open(out, 'w') as f:
    json.dump([secs, ru.ru_maxrss, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status), bool(killed)], f)
"""


def run_once(cmd: list[str], timeout: float | None = None, env: dict | None = None) -> dict:
    "Run `cmd` once (forked by the trampoline): wall seconds, peak RSS in MB, CPU seconds, exit code, stdout, stderr."
    # `env`: variables set for the command (on top of this process's environment); the trampoline's fork and exec
    # pass them on, so the command is timed and measured exactly as without them
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe, tempfile.TemporaryDirectory() as tmp:
        res = Path(tmp)/'rusage.json'
        p = subprocess.Popen([sys.executable, '-S', '-c', TRAMPOLINE, str(res), str(timeout or 0), *cmd], stdout=fo,
                             stderr=fe, cwd=str(PEERS), start_new_session=True,
                             env=None if env is None else os.environ | env)
        try:
            p.wait()
        except KeyboardInterrupt:
            os.killpg(p.pid, signal.SIGKILL); raise
        fo.seek(0); fe.seek(0)
        out, err = fo.read().decode(errors='replace'), fe.read().decode(errors='replace')
        if not res.exists(): raise RuntimeError(f'the trampoline failed (exit {p.returncode}): {err[-300:]}')
        secs, maxrss_kb, cpu, rc, killed = json.loads(res.read_text())
        return dict(secs=secs, peak_mb=maxrss_kb / 1024, rc=rc, cpu_s=cpu, timed_out=killed, out=out, err=err)


def parse_score(who: str, out: str) -> tuple[float | None, str]:
    "The score a scorer printed (evalkit: JSON `score`, ICDAR: mAP at IoU 0.8; peers: the last line), and a note."
    if who in ('floor', EK_READER): return None, ''
    if who in EK_ROWS:
        return float(json.loads(out)['score']), ''
    if who == EK_CUTOFF:
        j = json.loads(out)
        return float(j['score_all']), f"{len(j['cutoffs']):,} cutoffs, best {j['best']['score']:.6f}"
    if who in COCO_LIBS: return float(json.loads(out.strip().splitlines()[-1])[0]), ''
    return float(out.strip().splitlines()[-1]), ''


def coco_stats(who: str, out: str) -> list[float] | None:
    "The 12 COCO stats a scorer printed (peers: a JSON list, last line; evalkit: its JSON `stats`), else None."
    if who in COCO_LIBS: return [float(x) for x in json.loads(out.strip().splitlines()[-1])]
    if who not in EK_ROWS: return None
    st = json.loads(out).get('stats')  # SPEC 11: the 12 numbers with their names, in pycocotools' order
    if isinstance(st, dict): st = list(st.values())
    if not isinstance(st, list): return None
    return [float(x['value'] if isinstance(x, dict) else x[-1] if isinstance(x, (list, tuple)) else x) for x in st]


PEER_TIMEOUT = 180.0  # --peer-timeout: a peer still running then is stopped; its time is a lower bound


def measure(who: str, cmd: list[str], repeat: int, coco: bool = False) -> dict:
    "Median of up to `repeat` runs; stops early on an error or after one run slower than SLOW_S. COCO: the 12 stats."
    runs, peer, env = [], who not in OWN, ENV.get(who)
    first = run_once(cmd, None, env) if who in WARM else None  # untimed: numba's compilation, then cached on disk
    for _ in range(repeat):
        r = run_once(cmd, PEER_TIMEOUT if peer else None, env)
        runs.append(r)
        if r['rc'] != 0 or (peer and r['secs'] > SLOW_S): break
    last = runs[-1]
    row = dict(scorer=who, runs=len(runs), times=[round(r['secs'], 4) for r in runs],
               median_s=statistics.median(r['secs'] for r in runs), peak_mb=max(r['peak_mb'] for r in runs),
               cpu_s=statistics.median(r['cpu_s'] for r in runs), score=None, note='', lower_bound=False)
    if last.get('timed_out'):
        return row | dict(status='ok', lower_bound=True, median_s=last['secs'],
                          note=f'stopped after {PEER_TIMEOUT:g} s: time and ratios are lower bounds, no score')
    if last['rc'] != 0:
        tail = (last['err'].strip().splitlines() or ['(no stderr)'])[-1]
        return row | dict(status='error', note=f'exit {last["rc"]}: {tail[:200]}', median_s=None)
    try:
        row['score'], row['note'] = parse_score(who, last['out'])
        stats = coco_stats(who, last['out']) if coco else None
        if stats is not None: row['stats'] = stats
    except Exception as e:  # noqa: BLE001 - an unreadable score is reported, not raised
        return row | dict(status='error', note=f'unreadable output: {e!r}: {last["out"][:120]!r}', median_s=None)
    if len(runs) < repeat and who not in OWN: row['note'] = f'slow: 1 run (> {SLOW_S:.0f} s)'
    if first:  # the warm-up's cost, where its time differs from the timed runs': numba compiling the kernels it runs
        row['first_s'] = round(first['secs'], 4)
        row['note'] = '; '.join(x for x in (row['note'], f'first run {first["secs"]:.3f} s (untimed warm-up)') if x)
    return row | dict(status='ok')


EVALKIT: str | None = None  # --evalkit: another executable taking `score METRIC SOLUTION SUBMISSION --json`


def evalkit_exe() -> str | None:
    "The `evalkit` command to time: --evalkit, else the console script installed beside this Python."
    if EVALKIT: return EVALKIT
    p = BIN/'evalkit'
    return str(p) if p.exists() else shutil.which('evalkit')


def evalkit_status() -> str | None:
    "None when `evalkit score` can run; otherwise why not (the harness then skips the evalkit rows)."
    exe = evalkit_exe()
    if not exe: return 'no `evalkit` command installed'
    if EVALKIT: return None if Path(EVALKIT).exists() else f'--evalkit {EVALKIT} does not exist'
    r = run_once([sys.executable, '-c', 'import evalkit.cli'])
    if r['rc'] != 0:
        return 'evalkit.cli cannot be imported yet (' + (r['err'].strip().splitlines() or [''])[-1][:160] + ')'
    return None


def command(who: str, w: dict) -> list[str]:
    "The command line of scorer `who` on workload `w` (COCO: `--iou-type segm` after evalkit's `--json`; env: ENV)."
    opts = w.get('options', [])
    if who in ('evalkit', EK_NUMPY):
        return [evalkit_exe(), 'score', w['metric'], w['solution'], w['submission'], '--json', *opts]
    if who == EK_KEPT:
        return [sys.executable, '-c', KEPT_CODE, 'score', w['metric'], w['solution'], w['submission'], '--json', *opts]
    if who == EK_CUTOFF: return [evalkit_exe(), 'cutoff', w['metric'], w['solution'], w['submission'], '--json']
    if who == EK_READER: return [sys.executable, '-c', READER_CODE, w['metric'], w['solution'], w['submission']]
    if who in COCO_LIBS:
        return [sys.executable, str(PEERS/SCRIPTS[who]), COCO_LIBS[who], w['iou_type'], w['solution'], w['submission']]
    return [sys.executable, str(PEERS/SCRIPTS[who]), w['metric'], w['solution'], w['submission']]


IMPORT_MB: dict = {}  # the peak memory of importing numpy and pandas, measured once per run (the COCO memory target)


def import_cost() -> dict:
    "Peak MB of `python -c pass` and of `python -c 'import numpy, pandas'` (median of 3 each) and the difference."
    if not IMPORT_MB:
        bare, np_pd = ([run_once([sys.executable, '-c', c])['peak_mb'] for _ in range(3)]
                       for c in ('pass', 'import numpy, pandas'))
        b, n = statistics.median(bare), statistics.median(np_pd)
        IMPORT_MB.update(bare_mb=round(b, 1), numpy_pandas_mb=round(n, 1), cost_mb=round(n - b, 1))
    return IMPORT_MB


def coco_agreement(rows: list[dict]) -> tuple[dict, dict]:
    "COCO: largest |difference| over the 12 stats of evalkit against pycocotools (the 1e-12 check), and of each peer."
    st = {r['scorer']: r['stats'] for r in rows if r['status'] == 'ok' and r.get('stats')}
    ref = next((k for k in (COCO_PY, 'ultrafast-pycocotools', 'hotcoco') if k in st), None)
    if not ref: return dict(ok=None, spread=None, scorers=[], what='12 stats'), {}

    def diff(k):
        a, b = st[k], st[ref]
        return float('inf') if len(a) != len(b) else max(abs(x - y) for x, y in zip(a, b))
    exact = sorted(k for k in st if k in EXACT)
    spread = max((diff(k) for k in exact), default=None) if ref == COCO_PY and len(exact) >= 2 else None
    agree = dict(ok=None if spread is None else spread <= TOL, spread=spread,
                 scorers=exact if spread is not None else [], what='12 stats')
    peers = dict(reference=ref, **{k: dict(max_abs_diff=diff(k),
                                           differ=[i for i, (x, y) in enumerate(zip(st[k], st[ref])) if x != y])
                                   for k in st if k != ref})
    return agree, peers


def available(who: str) -> str | None:
    "None when a peer's library imports; otherwise a note."
    mod = LIBRARY.get(who)
    if not mod: return None
    r = run_once([sys.executable, '-c', f'import {mod}'])
    return None if r['rc'] == 0 else f'{mod} not importable: ' + (r['err'].strip().splitlines() or [''])[-1][:120]


# ---------------------------------------------------------------------------------------------------- one workload
def bench_workload(name: str, quick: bool, seed: int, repeat: int, ek_note: str | None, peer_notes: dict) -> dict:
    t0 = time.perf_counter()
    w = workloads.get(name, quick, seed)
    gen_s = time.perf_counter() - t0
    rows = []
    for who in SCORERS[w['kind']]:
        note = ek_note if who == 'evalkit' else peer_notes.get(who)
        if who == EK_KEPT: note = ek_note or ('--evalkit times another command' if EVALKIT else None)
        if who == EK_CUTOFF: note = ek_note or (None if name in CUTOFF_ON else 'timed on rsna_real only')
        if who == EK_NUMPY: note = ek_note or (None if name in NUMPY_ON else f'timed on {", ".join(NUMPY_ON)} only')
        if who == 'stardist' and quick and name != 'dsb_synth':  # its numba start-up alone is seconds per process
            note = 'quick mode: stardist is timed on dsb_synth only'
        if who in COCO_SLOW.get(name, ()) and not quick:
            note = "not run at this scale (many minutes and GB per run); the row is evalkit's memory"
        ek_row = next((r for r in rows if r['scorer'] == 'evalkit'), {})
        if who in (EK_NUMPY, EK_KEPT) and 'no coco metric' in ek_row.get('note', ''):
            note = ek_row['note']  # `evalkit score coco` was refused: no need to run it again to learn the same
        if note:
            rows.append(dict(scorer=who, status='skipped', note=note, median_s=None, peak_mb=None, score=None, runs=0))
            continue
        n = 1 if w['kind'] == 'reader' else repeat if who in OWN else min(3, repeat)
        rows.append(measure(who, command(who, w), n, coco=w['kind'] == 'coco'))
        r = rows[-1]
        if w['kind'] == 'coco' and who in EK_ROWS and r['status'] == 'error' and any(
                s in r['note'] for s in NO_COCO):
            said = r['note'].split('; known')[0][:120]  # `unknown metric ('coco'; known: ...` or an unknown option
            said += ')' * (said.count('(') - said.count(')'))
            r.update(status='skipped', median_s=None, peak_mb=None, cpu_s=None, score=None,
                     note=f'evalkit has no coco metric yet ({said})')
    by = {r['scorer']: r for r in rows if r['status'] == 'ok'}
    floor, ek = by.get('floor', {}).get('median_s'), by.get('evalkit', {}).get('median_s')
    for r in rows:
        if r.get('median_s') is None: continue
        r['vs_floor'] = r['median_s'] / floor if floor else None
        r['vs_evalkit'] = r['median_s'] / ek if ek and r['scorer'] not in ('evalkit', 'floor') else None
    scored = {k: v['score'] for k, v in by.items() if k in EXACT and v['score'] is not None}
    if w['kind'] == 'coco':
        agree, peers = coco_agreement(rows)
        extra = dict(iou_type=w['iou_type'], options=w.get('options', []), peer_stats=peers, import_mb=import_cost())
    elif len(scored) >= 2:
        spread = max(scored.values()) - min(scored.values())
        agree, extra = dict(ok=spread <= TOL, spread=spread, scorers=sorted(scored)), {}
    else:
        agree, extra = dict(ok=None, spread=None, scorers=sorted(scored)), {}
    return dict(name=name, description=DESCRIPTION[name], metric=w['metric'], kind=w['kind'], size=w['size'],
                files=w['bytes'], solution=w['solution'], submission=w['submission'], generate_s=round(gen_s, 2),
                rows=rows, agreement=agree, **extra)


def import_check(ek_note: str | None, w: dict | None) -> dict:
    "`evalkit score` must not import ipywidgets, plotly or anywidget (python -X importtime on the console script)."
    if ek_note or not w: return dict(status='SKIP', detail=ek_note or 'no workload evalkit scored in this run')
    r = run_once([sys.executable, '-X', 'importtime', evalkit_exe(), 'score', w['metric'], w['solution'],
                  w['submission'], '--json', *w.get('options', [])])
    mods = {ln.rsplit('|', 1)[-1].strip() for ln in r['err'].splitlines() if ln.startswith('import time:')}
    bad = sorted(m for m in mods if m.split('.')[0] in ('ipywidgets', 'plotly', 'anywidget'))
    if r['rc'] != 0: return dict(status='FAIL', detail=f'evalkit score exited {r["rc"]}')
    return dict(status='FAIL' if bad else 'PASS',
                detail=f'imported {", ".join(bad[:5])}' if bad else f'{len(mods)} modules imported, none of '
                                                                      'ipywidgets/plotly/anywidget')


def dashboard_row(ek_note: str | None, w: dict | None) -> dict:
    "The dashboard slider update on the real DSB result, timed by `benchmarks/dashboard_probe.py` (skips when absent)."
    if not w: return dict(status='skipped', note='dsb_real not in this run')
    r = run_once([sys.executable, str(HERE/'dashboard_probe.py'), w['solution'], w['submission']])
    try:
        d = json.loads(r['out'].strip().splitlines()[-1])
    except Exception:  # noqa: BLE001
        return dict(status='error', note=(r['err'].strip().splitlines() or ['no output'])[-1][:200])
    return d


# ---------------------------------------------------------------------------------------------------------- targets
def targets(res: dict, ek_note: str | None, imp: dict, dash: dict | None = None) -> list[dict]:
    out = []

    def row(wl, scorer):
        for r in res.get(wl, {}).get('rows', []):
            if r['scorer'] == scorer and r['status'] == 'ok': return r

    def add(name, wl, fn):
        if wl not in res: return
        ek, fl = row(wl, 'evalkit'), row(wl, 'floor')
        if not ek or not fl:
            out.append(dict(target=name, status='SKIP', detail=ek_note or 'evalkit or floor row missing'))
            return
        ok, detail = fn(ek, fl)  # ok None: a figure stated for information, not a target
        out.append(dict(target=name, status='INFO' if ok is None else 'PASS' if ok else 'FAIL', detail=detail))

    def within2(ek, fl):
        r = ek['median_s'] / fl['median_s']
        return r <= 2, f'evalkit {ek["median_s"]:.3f} s = {r:.2f}x floor {fl["median_s"]:.3f} s (target <= 2x)'

    def faster(ek, names, what, goal=None):
        peers = [r for r in res['dsb_synth']['rows'] if r['scorer'] in names and r['status'] == 'ok']
        if not peers: return False, f'no {what} measured'
        best = min(peers, key=lambda r: r['median_s'])
        sp = best['median_s'] / ek['median_s']
        return (goal is not None and sp >= goal,
                f'{what} {best["scorer"]} {"> " if best.get("lower_bound") else ""}{best["median_s"]:.3f} s'
                f' = {sp:.1f}x evalkit {ek["median_s"]:.3f} s' + (f' (target >= {goal:g}x)' if goal else ''))

    def numpy_only(fl, names):  # evalkit (numpy only), stated beside an evalkit figure of dsb_synth (not a target)
        n = row('dsb_synth', EK_NUMPY)
        peers = [r['median_s'] for r in res['dsb_synth']['rows'] if r['scorer'] in names and r['status'] == 'ok']
        if not n: return ''
        d = f'; numpy only: {n["median_s"]:.3f} s = {n["median_s"] / fl["median_s"]:.2f}x floor'
        return d + (f', that peer / numpy only = {min(peers) / n["median_s"]:.1f}x' if peers else '')

    def masks(ek, fl):
        ok, d = within2(ek, fl)
        ok2, d2 = faster(ek, AS_USED, 'fastest peer as users run it:', goal=MASKS_X)
        peers = [r['median_s'] for r in res['dsb_synth']['rows'] if r['scorer'] in AS_USED and r['status'] == 'ok']
        if peers: d2 += f' (ceiling: the floor alone is {min(peers) / fl["median_s"]:.1f}x faster than that peer)'
        return ok and ok2, d + '; ' + d2 + numpy_only(fl, AS_USED)

    def masks_optimised(ek, fl):
        d = faster(ek, (COCO_COUNTS,), 'hand-optimised peer')[1]
        opt = row('dsb_synth', COCO_COUNTS)
        if opt: d += f'; the floor alone is {opt["median_s"] / fl["median_s"]:.1f}x faster than it'
        return None, d + numpy_only(fl, (COCO_COUNTS,))

    def within2_1gb(ek, fl):
        ok, d = within2(ek, fl)
        return ok and ek['peak_mb'] < 1024, d + f'; peak memory {ek["peak_mb"]:.0f} MB (target < 1024 MB)'

    add(f'masks (a): evalkit <= 2x floor and >= {MASKS_X:g}x faster than the fastest peer (as users run it: '
        f'{", ".join(AS_USED)})', 'dsb_synth', masks)
    add(f'masks (a), stated beside it (not a target): evalkit against the hand-optimised {COCO_COUNTS}', 'dsb_synth',
        masks_optimised)
    add('Airbus (b): evalkit <= 2x floor and peak memory < 1 GB', 'airbus', within2_1gb)
    add('RSNA synthetic (c): evalkit <= 2x floor', 'rsna_synth', within2)
    add('RSNA real labels (c): evalkit <= 2x floor', 'rsna_real', within2)
    add('ICDAR (d): evalkit <= 2x floor', 'icdar', within2)
    add('Great Barrier Reef (f): evalkit <= 2x floor', 'reef', within2)
    add('VinBigData (g): evalkit <= 2x floor', 'vinbigdata', within2)
    add('Global Wheat (h): evalkit <= 2x floor', 'wheat', within2)
    add('TGS Salt (i): evalkit <= 2x floor', 'tgs', within2)
    add('Sartorius (j): evalkit <= 2x floor', 'sartorius', within2)
    add('Dense ground truth (k): evalkit <= 2x floor and peak memory < 1 GB', 'dense', within2_1gb)
    add('One huge box (l): evalkit <= 2x floor', 'huge_box', within2)
    add('CZII CryoET (q): evalkit <= 2x floor (reading its files)', 'czii', within2)
    add('BYU motors (r): evalkit <= 2x floor (reading its files)', 'byu', within2)
    add('HuBMAP-HHV (s): evalkit <= 2x floor (reading its files)', 'hhv', within2)
    out += coco_targets(res) + reader_targets(res)
    cut, one = row('rsna_real', EK_CUTOFF), row('rsna_real', 'evalkit')
    if cut and one:
        r = cut['median_s'] / one['median_s']
        out.append(dict(target='Cutoff curve (c, real labels): `evalkit cutoff` <= 2x `evalkit score`',
                        status='PASS' if r <= 2 else 'FAIL',
                        detail=f'{cut["median_s"]:.3f} s = {r:.2f}x one scoring {one["median_s"]:.3f} s '
                               f'({cut.get("note", "")})'))
    for wl, r in res.items():
        a = r['agreement']
        if a['ok'] is not None:
            out.append(dict(target=f'{wl}: {a.get("what", "scores")} of {", ".join(a["scorers"])} agree to 1e-12',
                            status='PASS' if a['ok'] else 'FAIL', detail=f'spread {a["spread"]:.3g}'))
    out.append(dict(target='`evalkit score` imports no ipywidgets/plotly', **imp))
    if dash and dash.get('seconds') is not None:
        out.append(dict(target='dashboard slider update < 100 ms on the real DSB data',
                        status='PASS' if dash['seconds'] < 0.1 else 'FAIL',
                        detail=f'{dash["seconds"] * 1000:.1f} ms ({dash.get("note", "")})'))
    elif dash:
        out.append(dict(target='dashboard slider update < 100 ms on the real DSB data', status='SKIP',
                        detail=dash.get('note', dash.get('status', ''))))
    return out


def reader_targets(res: dict) -> list[dict]:
    "Memory per input byte (p): the reader's peak within 5x the pair's bytes + 300 MB; the whole scoring's, stated."
    out = []
    for w in (w for w in res.values() if w.get('kind') == 'reader'):  # a test's workloads may have no kind
        mb, k, fixed = sum(w['files'].values()) / 2 ** 20, *READER_MB
        rows = {r['scorer']: r for r in w['rows'] if r['status'] == 'ok'}
        rd, ek = rows.get(EK_READER), rows.get('evalkit')
        cap, what = k * mb + fixed, f'{w["name"]} (p): the reader holds a {mb:,.0f} MB pair in <= {k}x its size'
        out.append(dict(target=f'{what} + {fixed} MB', status='SKIP' if not rd else 'PASS' if rd['peak_mb'] <= cap
                        else 'FAIL', detail=f'peak {rd["peak_mb"]:,.0f} MB = {rd["peak_mb"] / mb:.2f}x the pair '
                        f'(cap {cap:,.0f} MB)' if rd else 'reader row missing'))
        if ek: out.append(dict(target=f'{w["name"]} (p), stated beside it: `evalkit score` of the same pair',
                               status='INFO', detail=f'peak {ek["peak_mb"]:,.0f} MB = {ek["peak_mb"] / mb:.2f}x the '
                                                     f'pair, {ek["median_s"]:.1f} s'))
    return out


def coco_targets(res: dict) -> list[dict]:
    "COCO (SPEC 11): time and memory of evalkit against the fastest Rust peer and pycocotools; numpy only beside it."
    # bbox: evalkit and evalkit (numpy only) <= 1.5x the fastest Rust peer, >= 20x faster than pycocotools, memory;
    # segm: <= 2x its time and its peak memory; Objects365: <= 1.5x its time, <= its peak memory (and < 4 GB).
    out = []

    def ok_rows(wl):
        return {r['scorer']: r for r in res[wl]['rows'] if r['status'] == 'ok' and r.get('median_s') is not None}

    def add(wl, target, fn, who='evalkit'):
        "A target of row `who`; fn(row, rows) -> (ok, its figure, the yardstick); numpy only's figure beside evalkit's."
        if wl not in res: return
        rows = ok_rows(wl)
        ek = rows.get(who)
        if not ek:
            note = next((r['note'] for r in res[wl]['rows'] if r['scorer'] == who), '') or f'{who} row missing'
            return out.append(dict(target=target, status='SKIP', detail=note))
        ok, fig, rest = fn(ek, rows)
        detail = rest if fig is None else f'{who} {fig} {rest}'
        if who == 'evalkit' and fig is not None and EK_NUMPY in rows:
            detail += f'; numpy only: {fn(rows[EK_NUMPY], rows)[1]}'
        out.append(dict(target=target, status='SKIP' if ok is None else 'PASS' if ok else 'FAIL', detail=detail))

    def fastest(rows, names):
        got = [rows[k] for k in names if k in rows and not rows[k].get('lower_bound')]
        return min(got, key=lambda r: r['median_s']) if got else None

    def vs_rust(x, key='median_s'):
        "A target: the row's time (or peak memory, key='peak_mb') at most x times the fastest Rust peer's."
        unit, what = (' s', '{:.3f}') if key == 'median_s' else (' MB', '{:.0f}')
        def fn(r, rows):
            best = fastest(rows, RUST)
            if not best: return None, None, f'none of {", ".join(RUST)} measured'
            q, own, peer = r[key] / best[key], what.format(r[key]) + unit, what.format(best[key]) + unit
            if key == 'median_s': return q <= x, f'{own} = {q:.2f}x', f'{best["scorer"]} {peer} (target <= {x:g}x)'
            return q <= x, f'{own} = {q:.2f}x', f'the fastest Rust peer {best["scorer"]}\'s {peer} (target <= {x:g}x)'
        return fn

    def vs_pycocotools(r, rows):
        py = rows.get(COCO_PY)
        if not py: return None, None, f'{COCO_PY} not measured'
        sp = py['median_s'] / r['median_s']
        return sp >= 20, f'{r["median_s"]:.3f} s = {sp:.1f}x faster', (f'than {COCO_PY} {py["median_s"]:.3f} s '
                                                                       '(target >= 20x)')

    def memory(r, rows):
        best = fastest(rows, COCO_LIBS)
        if not best: return None, None, 'no COCO peer measured'
        cost = res['coco_bbox']['import_mb']['cost_mb']
        cap = best['peak_mb'] + cost
        return r['peak_mb'] <= cap, f'{r["peak_mb"]:.0f} MB', (f'(target <= fastest peer {best["scorer"]} '
                                                                f'{best["peak_mb"]:.0f} MB + importing numpy and '
                                                                f'pandas {cost:.0f} MB = {cap:.0f} MB)')

    def under_4gb(r, rows):
        return r['peak_mb'] < 4096, f'{r["peak_mb"]:.0f} MB', '(peak memory; target < 4096 MB)'

    fast = 'the fastest of hotcoco and ultrafast-pycocotools'
    add('coco_bbox', f'COCO bbox (m): evalkit <= 1.5x {fast}', vs_rust(1.5))
    add('coco_bbox', f'COCO bbox (m): {EK_NUMPY} (EVALKIT_NUMBA=0) <= 1.5x {fast}', vs_rust(1.5), who=EK_NUMPY)
    add('coco_bbox', f'COCO bbox (m): evalkit >= 20x faster than {COCO_PY}', vs_pycocotools)
    add('coco_bbox', "COCO bbox (m): evalkit peak memory <= the fastest peer's + the cost of importing numpy and "
        'pandas', memory)
    add('coco_segm', f'COCO segm (n): evalkit <= 2x {fast}', vs_rust(2))
    add('coco_segm', "COCO segm (n): evalkit peak memory <= 2x the fastest Rust peer's", vs_rust(2, 'peak_mb'))
    add('objects365', f'Objects365 scale (o): evalkit <= 1.5x {fast}', vs_rust(1.5))
    add('objects365', "Objects365 scale (o): evalkit peak memory <= the fastest Rust peer's", vs_rust(1, 'peak_mb'))
    add('objects365', 'Objects365 scale (o), sanity: evalkit peak memory < 4 GB', under_4gb)
    return out


# ------------------------------------------------------------------------------------------------------- reporting
def _version(pkg):
    try:
        return metadata.version(pkg)
    except metadata.PackageNotFoundError:
        return 'not installed'


def machine(packages=('evalkit-vision', 'numpy', 'pandas', 'pycocotools', 'stardist', 'numba', 'faster-coco-eval',
                      'hotcoco', 'ultrafast-pycocotools')) -> dict:
    cpu = platform.processor() or 'unknown'
    try:
        cpu = next(ln.split(':', 1)[1].strip() for ln in open('/proc/cpuinfo') if ln.startswith('model name'))
    except (OSError, StopIteration):
        pass
    try:
        mem_kb = int(next(ln.split()[1] for ln in open('/proc/meminfo') if ln.startswith('MemTotal')))
    except (OSError, StopIteration):
        mem_kb = 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()
    return dict(cpu=cpu, cores=os.cpu_count(), usable_cores=usable, memory_gb=round(mem_kb / 2**20, 1),
                load_average=[round(x, 2) for x in os.getloadavg()], evalkit_numba=os.environ.get('EVALKIT_NUMBA'),
                os=platform.platform(), python=platform.python_version(),
                versions={p: _version(p) for p in packages})


def numba_mode(m: dict) -> str:
    "The EVALKIT_NUMBA the evalkit rows ran with (this process's environment; results.json before it: unknown)."
    if 'evalkit_numba' not in m: return 'not recorded'
    v = m['evalkit_numba']
    return 'unset (auto: numba where installed and the work is large)' if v in (None, '') else repr(v)


def _f(x, fmt):
    return '' if x is None else format(x, fmt)


def _note(r):
    return r.get('note', '') if r['status'] == 'ok' else f'{r["status"]}: {r.get("note", "")}'


def markdown(rep: dict) -> str:
    m = rep['machine']
    L = ['# evalkit benchmarks', '',
         f'Made by `python benchmarks/run.py{" --quick" if rep["quick"] else ""}` on {rep["date"]} '
         f'(seed {rep["seed"]}, median of up to {rep["repeat"]} runs for evalkit and the floor, up to '
         f'{min(3, rep["repeat"])} for peers; every scorer is a whole process, its Python modules compiled to bytecode '
         'beforehand as an installed package has them; peak memory = max resident set of the process). The floor '
         'reads both files with pandas and parses every RLE / box number in one bulk call: '
         'the least any scorer must do. Ratios: to the floor (lower is better) and peer time / evalkit time '
         '(higher means evalkit is faster); "above floor" compares the time each spends beyond the floor, i.e. the '
         'scoring work without process start-up and file parsing. Peers as their users run them: '
         f'{COCO_MASKS} (each RLE decoded to a mask, `mask.encode`, `mask.iou`, greedy matching), the classic '
         f'kernel and stardist (label images made as the Kaggle kernels make them: each RLE decoded to its own '
         f'H x W mask by `rle_decode`, then painted in); {COCO_COUNTS} is a hand-optimised scorer (RLE written '
         'straight as COCO counts, '
         'disjointness shortcut instead of matching), reported beside them. The `evalkit` command ends its process '
         'with `os._exit` once its output is flushed (as mypy does), so it skips the interpreter teardown that every '
         f'other row pays; "{EK_KEPT}" is the same scoring in a process that ends normally. "{EK_NUMPY}" is the '
         '`evalkit` command with `EVALKIT_NUMBA=0` in its environment: its kernels run their numpy code even where '
         'numba is installed and the work is large. evalkit and evalkit (numpy only) run once untimed before their '
         'timed runs on each workload (numba compiles a kernel on its first call and caches it on disk); that '
         'first run\'s time is in their note.', '',
         '## Machine', '',
         f'- CPU: {m["cpu"]}, {m["cores"]} cores ({m["usable_cores"]} usable), {m["memory_gb"]} GB memory',
         f'- {m["os"]}, Python {m["python"]}'
         + (f'; load average {"/".join(map(str, m["load_average"]))} (1/5/15 min) at the end of the run: a shared '
            'machine makes absolute times noisy; compare within a table' if m.get('load_average') else ''),
         '- ' + ', '.join(f'{k} {v}' for k, v in m['versions'].items()),
         f'- EVALKIT_NUMBA of the `evalkit` rows: {numba_mode(m)}; `{EK_NUMPY}`: 0 (numpy only)', '']
    if rep['evalkit_note']: L += [f'**evalkit rows skipped**: {rep["evalkit_note"]}.', '']
    L += ['## Targets', '', '| target | result | detail |', '|---|---|---|']
    L += [f'| {t["target"]} | {t["status"]} | {t.get("detail", "")} |' for t in rep['targets']]
    L += ['']
    for w in rep['workloads'].values():
        size = f'{w["size"]:,}' if w['size'] else 'all'
        L += [f'## {w["name"]}: {w["description"]}', '',
              f'Size {size}; solution {w["files"]["solution"] / 1e6:.1f} MB, submission '
              f'{w["files"]["submission"] / 1e6:.1f} MB (metric `{w["metric"]}`).', '']
        if w['kind'] == 'coco':
            L += coco_table(w) + ['']
            continue
        L += ['| scorer | median s | runs | x floor | peer / evalkit | peer / evalkit above floor | peak MB | score '
              '| note |',
              '|---|---:|---:|---:|---:|---:|---:|---:|---|']
        ok = {r['scorer']: r['median_s'] for r in w['rows'] if r['status'] == 'ok'}
        fl, ek = ok.get('floor'), ok.get('evalkit')
        for r in w['rows']:
            gt = '> ' if r.get('lower_bound') else ''
            above = ((r['median_s'] - fl) / (ek - fl) if fl and ek and ek > fl and r.get('vs_evalkit') is not None
                     else None)
            L.append(f'| {r["scorer"]} | {gt}{_f(r.get("median_s"), ".3f")} | {r.get("runs", 0)} | '
                     f'{gt}{_f(r.get("vs_floor"), ".2f")} | {gt}{_f(r.get("vs_evalkit"), ".1f")} | '
                     f'{gt if above else ""}{_f(above, ".1f")} | '
                     f'{_f(r.get("peak_mb"), ".0f")} | '
                     f'{_f(r.get("score"), ".12f")} | {_note(r)} |')
        a = w['agreement']
        if a['ok'] is None:
            scorers = ", ".join(a["scorers"]) or "none"
            L += ['', f'Score agreement: not checked (fewer than two exact scorers: {scorers}).']
        else:
            s = (f'Score agreement of {", ".join(a["scorers"])}: {"PASS" if a["ok"] else "FAIL"} '
                 f'(spread {a["spread"]:.3g}, tolerance 1e-12).')
            if w['kind'] == 'masks': s += ' stardist matches with IoU >= t in float32, so only its time is compared.'
            L += ['', s]
        if w['name'] == 'dsb_real':
            d = rep['dashboard']
            L += ['', '| dashboard | seconds per update | note |', '|---|---:|---|',
                  f'| dashboard slider update (real DSB) | {_f(d.get("seconds"), ".4f")} | '
                  f'{d.get("note", d.get("status", ""))} |']
        L += ['']
    return '\n'.join(L)


def coco_table(w: dict) -> list[str]:
    "A COCO workload's table (time, CPU time: the Rust peers use every core; peak memory; AP) and its agreement."
    L = [f'Scored with `evalkit score coco GT RESULTS --json{"".join(" " + o for o in w["options"])}` (IoU type '
         f'`{w["iou_type"]}`; {EK_NUMPY}: the same with `EVALKIT_NUMBA=0`); peers: '
         f'`peers/coco_peer.py LIBRARY {w["iou_type"]} GT RESULTS`.', '',
         '| scorer | median s | runs | x floor | peer / evalkit | CPU s | peak MB | AP (stats[0]) | note |',
         '|---|---:|---:|---:|---:|---:|---:|---:|---|']
    for r in w['rows']:
        gt = '> ' if r.get('lower_bound') else ''
        L.append(f'| {r["scorer"]} | {gt}{_f(r.get("median_s"), ".3f")} | {r.get("runs", 0)} | '
                 f'{gt}{_f(r.get("vs_floor"), ".2f")} | {gt}{_f(r.get("vs_evalkit"), ".1f")} | '
                 f'{_f(r.get("cpu_s"), ".2f")} | {_f(r.get("peak_mb"), ".0f")} | {_f(r.get("score"), ".12f")} | '
                 f'{_note(r)} |')
    a, p, m = w['agreement'], w.get('peer_stats', {}), w.get('import_mb', {})
    L += ['', (f'12 stats of {", ".join(a["scorers"])}: {"PASS" if a["ok"] else "FAIL"} (largest difference '
               f'{a["spread"]:.3g}, tolerance 1e-12).') if a['ok'] is not None
          else '12 stats of evalkit against pycocotools: not checked (no evalkit or no pycocotools row).']
    if p:
        L += ['', f'Peers against {p["reference"]} (12 stats): ' + '; '.join(
            f'{k} ' + ('identical' if not v['max_abs_diff'] else f'largest difference {v["max_abs_diff"]:.3g} '
                       f'(stats {", ".join(map(str, v["differ"]))})') for k, v in p.items() if k != 'reference') + '.']
    if m:
        L += ['', f'Importing numpy and pandas costs {m["cost_mb"]:.0f} MB of peak memory ({m["bare_mb"]:.0f} MB for '
              f'`python -c pass`, {m["numpy_pandas_mb"]:.0f} MB with both imported).']
    return L


SHORT = {'dsb_synth': '(a) DSB 2018 masks, 600 synthetic images', 'airbus': '(b) Airbus masks, 15,606 images',
         'rsna_synth': '(c) RSNA boxes, 3,000 synthetic patients', 'rsna_real': '(c) RSNA boxes, real labels (26,684)',
         'icdar': '(d) ICDAR 2017 POD, 2,000 pages', 'dsb_real': '(e) DSB 2018 masks, real stage 1 (65 images)',
         'reef': '(f) Great Barrier Reef boxes, 20,000 frames', 'vinbigdata': '(g) VinBigData boxes, 3,000 images',
         'wheat': '(h) Global Wheat boxes, 3,000 images', 'tgs': '(i) TGS Salt masks, 4,000 images',
         'sartorius': '(j) Sartorius masks, 600 images', 'dense': '(k) dense ground truth, 100 x 3,000 boxes',
         'huge_box': '(l) Global Wheat + one huge box', 'coco_bbox': '(m) COCO bbox, 5,000 images',
         'coco_segm': '(n) COCO segm, 5,000 images', 'objects365': '(o) Objects365 bbox, 80,000 images',
         'czii': '(q) CZII points, 500 experiments', 'byu': '(r) BYU motors, 20,000 tomograms',
         'hhv': '(s) HuBMAP-HHV masks, 1,600 tiles'}
SPEED_PEERS = (COCO_MASKS, 'kernel', 'stardist', COCO_COUNTS, COCO_BOXES)


def speed_table(rep: dict) -> str:
    "The README's table: per workload, evalkit / floor and each peer's time / evalkit's (higher: evalkit faster)."
    L = ['| workload | floor s | evalkit s | evalkit / floor | ' + ' | '.join(f'{p} / evalkit' for p in SPEED_PEERS)
         + ' |',
         '|---|---:|---:|---:|' + '---:|' * len(SPEED_PEERS)]
    for w in rep['workloads'].values():
        r = {x['scorer']: x for x in w['rows'] if x['status'] == 'ok'}
        if 'floor' not in r or 'evalkit' not in r: continue
        def cell(p):
            return '' if p not in r else ('> ' if r[p].get('lower_bound') else '') + f'{r[p]["vs_evalkit"]:.1f}x'
        L.append(f'| {SHORT[w["name"]]} | {r["floor"]["median_s"]:.2f} | '
                 f'{r["evalkit"]["median_s"]:.2f} | {r["evalkit"]["vs_floor"]:.2f}x | '
                 + ' | '.join(cell(p) for p in SPEED_PEERS) + ' |')
    return '\n'.join(L)


def render(folder: Path) -> None:
    "Re-derive the targets and rewrite results.md from results.json in `folder` (after a change of the report layout "
    "or of the targets; nothing is re-run, the measurements are kept as they are)."
    rep = json.loads((folder/'results.json').read_text())
    rep['targets'] = targets(rep['workloads'], rep['evalkit_note'], rep['import_check'], rep.get('dashboard'))
    (folder/'results.json').write_text(json.dumps(rep, indent=1, default=str))
    (folder/'results.md').write_text(markdown(rep))


def compile_sources() -> None:
    "Write the bytecode of evalkit and of the peers' helpers, as an installed package has it (pip compiles at install)."
    # Without it (an editable checkout under PYTHONDONTWRITEBYTECODE=1, as on some CI machines), every timed run
    # would compile evalkit from source again, which a user's installed copy never does.
    import evalkit
    for d in (Path(evalkit.__file__).parent, PEERS): compileall.compile_dir(str(d), quiet=1)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--quick', action='store_true', help='small workloads, 1 run each (tests the harness)')
    p.add_argument('--only', nargs='+', choices=[*workloads.WORKLOADS, *workloads.GROUPS],
                   help=f'run only these workloads (or groups: {", ".join(workloads.GROUPS)})')
    p.add_argument('--repeat', type=int, default=None, help='runs per scorer (default 5; 1 with --quick)')
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--out', type=Path, default=None, help='folder for results.md/.json (default: see module doc)')
    p.add_argument('--evalkit', default=None, help='executable to time instead of the installed `evalkit`')
    p.add_argument('--peer-timeout', type=float, default=180.0, help='seconds before a peer run is stopped')
    p.add_argument('--speed-table', type=Path, metavar='RESULTS_JSON',
                   help="print the README's speed table from a results.json (nothing is run)")
    a = p.parse_args(argv)
    if a.speed_table: return print(speed_table(json.loads(a.speed_table.read_text())))
    global EVALKIT, PEER_TIMEOUT
    EVALKIT, PEER_TIMEOUT = a.evalkit, a.peer_timeout
    repeat = a.repeat or (1 if a.quick else 5)
    out = a.out or (HERE if not (a.quick or a.only or a.evalkit) else workloads.WORK)
    names = list(dict.fromkeys(m for n in (a.only or workloads.WORKLOADS) for m in workloads.GROUPS.get(n, [n])))
    ek_note = evalkit_status()
    if not ek_note and not EVALKIT: compile_sources()
    peer_notes = {k: available(k) for k in LIBRARY}
    t0 = time.perf_counter()
    res = {}
    for n in names:
        res[n] = bench_workload(n, a.quick, a.seed, repeat, ek_note, peer_notes)
        print(f'{n}: ' + ', '.join(f'{r["scorer"]} {r["median_s"]:.3f}s' if r.get('median_s') is not None
                                   else f'{r["scorer"]} {r["status"]}' for r in res[n]['rows']), file=sys.stderr)
    scored = [r for r in res.values() if any(x['scorer'] == 'evalkit' and x['status'] == 'ok' for x in r['rows'])]
    mw = next((r for r in scored if r['kind'] == 'masks'), None) or next(iter(scored), None)
    imp = import_check(ek_note, mw)
    dash = dashboard_row(ek_note, res.get('dsb_real'))
    rep = dict(date=datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC'), quick=a.quick,
               seed=a.seed, repeat=repeat, machine=machine(), evalkit_note=ek_note, peer_notes=peer_notes,
               workloads=res, import_check=imp, dashboard=dash, seconds=round(time.perf_counter() - t0, 1))
    rep['targets'] = targets(res, ek_note, imp, dash)
    out.mkdir(parents=True, exist_ok=True)
    (out/'results.json').write_text(json.dumps(rep, indent=1, default=str))
    (out/'results.md').write_text(markdown(rep))
    for t in rep['targets']: print(f'{t["status"]:4}  {t["target"]}  {t.get("detail", "")}')
    print(f'wrote {out/"results.md"} and results.json in {rep["seconds"]} s')
    return rep


if __name__ == '__main__':
    main()
