"""Execute the tutorials and the core notebooks and store their outputs, so a reader on GitHub sees the results.

    python tools/run_tutorials.py [NOTEBOOK ...] [--check] [--n-workers 2]
    python tools/run_tutorials.py --stray      # notebooks outside nbs/tutorials/ that hold outputs (check_sync)

The tutorials under `nbs/tutorials/` and the core notebooks (`CORE`: the kernels and the family protocol, read first)
keep their outputs; every other notebook is kept without. Each notebook runs in
its own process and folder (so `../../data` resolves) with execnb's `CaptureShell`, as `nbdev_test` runs it (cells
flagged `notest`, `slow`, `browser` or `eval: false` skipped, IN_TEST=1), plotly figures recorded as JSON
(`PLOTLY_RENDERER=plotly_mimetype`). Then the volatile parts are stripped, so that running again gives the same
bytes: execution counts, stderr (warnings name temporary paths), memory addresses (`at 0x...`), temporary paths
(`/tmp/...` -> `<tmp>`), timings (`1.2 s`, `Wall time`), live widgets (their model ids are random; their text is
kept). The notebook is written by nbdev (`nbdev_clean`), so `tools/check_sync.sh` leaves it as it is.

Figures: plotly's MIME type is drawn by Jupyter and by the docs site (`tools/build_docs.py` draws its own), but
nbconvert's HTML export and GitHub show nothing for it. Each figure also gets a `text/html` fallback: the figure as
plotly writes it (`to_html`) with a fixed div id (`<cell id>-fig<k>`) and plotly.js from its CDN (one script tag,
not 3 MB of plotly.js in every notebook).

`--check` runs each tutorial into a scratch copy and fails, naming the cells, unless the stored notebook has the
same bytes: the stored outputs are what the code gives now (tests_nbs/test_tutorials.ipynb runs it).

A kept notebook is read as a reader meets it (`unshown`, `echoes`; `--uses` lists what fails): every exported
definition is followed, before the next exported cell, by a visible cell that names it and shows an output, and no
markdown cell only repeats the docstring of the definition it introduces.
"""
import argparse, ast, json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
TUTORIALS = ROOT/'nbs'/'tutorials'
CORE = ('00_iou', '01_rle', '02_matching', '02b_result', '03_sweep', '03b_families',  # nbs/ notebooks kept with outputs
        '03c_preset', '03d_sweep_families', '03e_ranked_ap',  # the family rooms
        '20_dice', '21_dice_presets',  # the Dice room
        '29_points', '30_panoptic', '29a_dota', '31_oid',  # the points, panoptic, DOTA and OID rooms
        '22b_boundary', '24a_lvis', '23a_keypoints',  # COCO's siblings: boundary IoU, LVIS and keypoints
        '23_coco_eval', '24_coco', '24b_batch_arrays', '22a_coco_pairs', '22_coco_masks',  # COCO: readers, masks
        '05_views',  # the dashboard's view model
        '14_breakdown', '14a_tide', '14c_calibration', '15_intervals', '16_compare',  # the analyses
        '13_cutoff',  # the cutoff curves
        '00a_errors', '00b_jit', '00c_lazy', '00d_cards', '00e_polygons', '00f_catalog', '02e_options',  # the helpers
        '07_tgs', '08_wheat', '09_sartorius', '10_reef', '11_vinbigdata',  # the competitions' pages
        '06a_main', '06_cli', '02d_outputs', '12_custom',  # the entry point and CLI, outputs, custom metrics
        '30a_panoptic_view', '31a_oid_view',  # the panoptic and Open Images views
        '04a_metrics', '03a_competitions',  # the registry, the competitions' readers
        '27_pycocotools', '02c_tables',  # its pycocotools face, the tables
        '25a_confusion', '28_leaderboard', '26_stream', '25_batches', '04_icdar',  # analyses, streams, readers
        '05c_report', '05a_drawing', '05b_dashboard',  # the static HTML report, the pictures, the dashboard
        '17_serve', '18_cluster')  # the dashboard's server, the Dask cluster
PLOTLY = 'application/vnd.plotly.v1+json'
WIDGET = 'application/vnd.jupyter.widget-view+json'

EXEC_CHILD = r'''
import os, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from directives import directives
from execnb.nbio import read_nb, write_nb
from execnb.shell import CaptureShell
src, dst = Path(sys.argv[1]), Path(sys.argv[2])
def no_eval(cell):
    if cell.cell_type != 'code' or 'nbdev_export' + '(' in cell.source: return True
    d = directives(cell.source)[0]
    return d.get('eval', '').lower() == 'false' or bool({'notest', 'slow', 'browser'} & set(d))
nb = read_nb(src)
for c in nb.cells:  # execnb keeps a cell's old outputs when it shows nothing now
    if c.cell_type == 'code': c['outputs'] = []
os.chdir(src.parent)
k = CaptureShell(src)
k.run_all(nb, exc_stop=True, preproc=no_eval)
if k.exc: sys.exit(k.prettytb(fname=src))
write_nb(nb, dst)
'''

ADDRESS = re.compile(r' at 0x[0-9a-fA-F]+')
TMP = re.compile(r'(/private)?/tmp/[^\s\'"<>)]*|/var/folders/[^\s\'"<>)]*')
TIMING = re.compile(r'(Wall time|CPU times): [^\n]*|\b\d+(\.\d+)? ?(ms|µs|us|ns|s|sec|seconds)\b(?= (elapsed|taken))')


def scrub(text: str) -> str:
    "A text output without its volatile parts: memory addresses, temporary paths, timings."
    return TIMING.sub('<time>', TMP.sub('<tmp>', ADDRESS.sub(' at 0x...', text)))


def joined(v) -> str: return ''.join(v) if isinstance(v, list) else v


def static_figure(fig: dict, div_id: str) -> str:
    "A plotly figure (its JSON) as HTML: a div of fixed id drawn by plotly.js from plotly's CDN."
    import plotly.io as pio
    return pio.to_html(fig, include_plotlyjs='cdn', full_html=False, div_id=div_id, validate=False,
                       config={'displaylogo': False})


def clean_outputs(outputs: list, cid: str) -> list:
    "The outputs of one cell, volatile parts stripped and a static fallback added to each figure."
    out, k = [], 0
    for o in outputs:
        if o.get('output_type') == 'stream' and o.get('name') == 'stderr': continue
        o = dict(o)
        if 'execution_count' in o: o['execution_count'] = None
        if 'text' in o: o['text'] = scrub(joined(o['text']))
        if 'data' in o:
            data = {m: scrub(joined(v)) if m.startswith('text/') else v for m, v in o['data'].items()}
            data.pop(WIDGET, None)
            if PLOTLY in data:
                k += 1
                data['text/html'] = static_figure(data[PLOTLY], f'{cid}-fig{k}')
            o['data'] = data
            if not data: continue
        out.append(o)
    return out


def clean_notebook(path: Path):
    "Strip the volatile parts of an executed notebook's outputs, in place, and write it as nbdev does."
    nb = json.loads(path.read_text(encoding='utf-8'))
    for c in nb['cells']:
        if c['cell_type'] != 'code': continue
        c['execution_count'] = None
        c['outputs'] = clean_outputs(c.get('outputs', []), c['id'])
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding='utf-8')
    env = dict(os.environ, PATH=f'{Path(sys.executable).parent}{os.pathsep}{os.environ.get("PATH", "")}')
    subprocess.run([str(Path(sys.executable).with_name('nbdev_clean')), '--fname', str(path)], cwd=ROOT, env=env,
                   check=True, capture_output=True)


def execute(src: Path, dst: Path) -> str | None:
    "Run tutorial `src` into `dst` with its outputs stored (cleaned); an error's text, or None."
    env = dict(os.environ, IN_TEST='1', PLOTLY_RENDERER='plotly_mimetype', PYTHONHASHSEED='0')
    env['PYTHONPATH'] = os.pathsep.join([str(ROOT), *filter(None, [env.get('PYTHONPATH')])])
    p = subprocess.run([sys.executable, '-c', EXEC_CHILD, str(src.resolve()), str(dst.resolve()), str(TOOLS)],
                       env=env, capture_output=True, text=True)
    if p.returncode: return (p.stdout + p.stderr).strip() or f'exit status {p.returncode}'
    clean_notebook(dst)
    return None


def changed_cells(old: Path, new: Path) -> list:
    "The ids of the cells whose outputs differ between two notebooks (all ids if the cells differ)."
    a, b = (json.loads(p.read_text(encoding='utf-8'))['cells'] for p in (old, new))
    if [c['id'] for c in a] != [c['id'] for c in b]: return ['(the cells differ)']
    return [x['id'] for x, y in zip(a, b) if x != y] or ['(the bytes differ)']


def run_one(nb: Path, check: bool) -> tuple[bool, str]:
    "Execute one tutorial: store its outputs, or with `check` compare them with the stored ones."
    with tempfile.TemporaryDirectory() as d:
        dst = Path(d)/nb.name
        err = execute(nb, dst)
        if err: return False, f'FAIL {nb.name}: error\n{err}'
        if not check:
            shutil.copyfile(dst, nb)
            return True, f'ok   {nb.name}: outputs stored ({nb.stat().st_size:,} bytes)'
        if dst.read_bytes() == nb.read_bytes(): return True, f'ok   {nb.name}: stored outputs up to date'
        return False, (f'FAIL {nb.name}: the stored outputs differ from a fresh run in cells '
                       f'{", ".join(changed_cells(nb, dst))} (run `make tutorials` and commit)')


def cell_flags(cell: dict) -> dict:
    "The directives of a code cell (`{'export': '', 'hide': '', ...}`), as nbdev reads them."
    if str(TOOLS) not in sys.path: sys.path.insert(0, str(TOOLS))
    from directives import directives
    return directives(joined(cell['source']))[0]


def is_exported(cell: dict) -> bool:
    "Whether a cell is exported to the library (`#| export` or `#| exports`)."
    return cell['cell_type'] == 'code' and bool({'export', 'exports'} & set(cell_flags(cell)))


def defined(source: str) -> tuple[list, str]:
    "`(names, docstring)` of what a cell defines: functions, classes, methods (`@patch`; a dunder: its class)."
    try: tree = ast.parse(source)
    except SyntaxError: return [], ''
    names, doc = [], ''
    for n in tree.body:
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): continue
        name = n.name
        patched = any('patch' in ast.unparse(d) for d in n.decorator_list)
        if patched and name.startswith('__') and n.args.args and n.args.args[0].annotation is not None:
            name = ast.unparse(n.args.args[0].annotation).split('|')[0].strip()
        names.append(name)
        doc = doc or ast.get_docstring(n) or ''
    return names, doc


def aliases(source: str) -> dict:
    "{function: its other names}: `Cls.method = _method` in a cell names `_method` as `method` too."
    try: tree = ast.parse(source)
    except SyntaxError: return {}
    out = {}
    for n in tree.body:
        if not isinstance(n, ast.Assign): continue
        values = n.value.elts if isinstance(n.value, ast.Tuple) else [n.value]
        targets = [t.elts if isinstance(t, ast.Tuple) else [t] for t in n.targets]
        for t in targets:
            for v, x in zip(values, t):
                if isinstance(v, ast.Name) and isinstance(x, ast.Attribute): out.setdefault(v.id, set()).add(x.attr)
    return out


def named(source: str) -> set:
    "The names and attribute names a cell's code uses (words, where the code is not plain Python)."
    try: tree = ast.parse(source)
    except SyntaxError: return set(re.findall(r'\w+', source))
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
           {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


def unshown(nb: dict) -> list:
    "`(cell id, names)` of each exported definition no visible cell with an output names before the next export."
    cells, out = nb['cells'], []
    for i, c in enumerate(cells):
        if not is_exported(c): continue
        names, more = defined(joined(c['source']))[0], aliases(joined(c['source']))
        if not names: continue
        seen = set()
        for d in cells[i + 1:]:
            if is_exported(d): break
            if d['cell_type'] == 'code' and d.get('outputs') and 'hide' not in cell_flags(d):
                seen |= named(joined(d['source']))
        shown = {n for n in names if seen & ({n} | more.get(n, set()))}  # a use by its name or its alias
        public = [n for n in names if not all(x.startswith('_') for x in {n} | more.get(n, set()))]
        missing = [n for n in public if n not in shown] if public else ([] if shown else names)
        if missing: out.append((c['id'], missing))
    return out


def words(text: str) -> str: return ' '.join(re.findall(r'[a-z0-9]+', text.lower()))


def echoes(nb: dict, *, share: float = 0.75) -> list:
    "Ids of the markdown cells whose words are mostly (`share`) the docstring's of the definition they introduce."
    cells, out = nb['cells'], []
    for i, c in enumerate(cells):
        if c['cell_type'] != 'markdown': continue
        nxt = next((d for d in cells[i + 1:] if d['cell_type'] == 'code'), None)
        if nxt is None or not is_exported(nxt): continue
        doc, text = (set(words(t).split()) for t in (defined(joined(nxt['source']))[1], joined(c['source'])))
        if doc and text and len(doc & text) >= share * len(text): out.append(c['id'])
    return out


def has_outputs(nb: dict) -> bool:
    "Whether some code cell of notebook `nb` (its JSON) holds outputs or an execution count."
    code = [c for c in nb['cells'] if c['cell_type'] == 'code']
    return any(c.get('outputs') or c.get('execution_count') is not None for c in code)


def kept(root: Path = ROOT) -> list:
    "The notebooks stored with their outputs: every tutorial, then the core notebooks."
    tut = sorted(p for p in (root/'nbs'/'tutorials').glob('*.ipynb') if not p.name.startswith('_'))
    return tut + [root/'nbs'/f'{n}.ipynb' for n in CORE]


def stray(root: Path = ROOT) -> list:
    "Notebooks under nbs/ and tests_nbs/ that hold outputs but are not kept with them (`kept`)."
    nbs = sorted(p for d in ('nbs', 'tests_nbs') for p in (root/d).rglob('*.ipynb')
                 if '.ipynb_checkpoints' not in p.parts)
    keep = {p.resolve() for p in kept(root)}
    return [p.relative_to(root) for p in nbs if (root/'nbs'/'tutorials') not in p.parents and p.resolve() not in keep
            and has_outputs(json.loads(p.read_text(encoding='utf-8')))]


if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('notebooks', nargs='*', help='notebooks to run (default: every tutorial and the CORE notebooks)')
    p.add_argument('--check', action='store_true', help='compare with the stored outputs; change nothing')
    p.add_argument('--stray', action='store_true', help='list notebooks outside nbs/tutorials/ with outputs')
    p.add_argument('--uses', action='store_true', help='list definitions shown by no use, docstrings repeated')
    p.add_argument('--n-workers', type=int, default=2)
    a = p.parse_args()
    if a.stray:
        bad = stray()
        for b in bad: print(f'{b}: has outputs (only the tutorials and CORE keep theirs; run nbdev_clean --clear_all)')
        sys.exit(1 if bad else 0)
    nbs = [Path(n) for n in a.notebooks] or kept()
    if a.uses:
        bad = [(n, x) for n in nbs for x in unshown(json.loads(n.read_text(encoding='utf-8')))]
        bad += [(n, (x, 'repeats the next docstring')) for n in nbs for x in echoes(json.loads(n.read_text()))]
        for n, (cid, what) in bad: print(f'{n.name} {cid}: {what}')
        sys.exit(1 if bad else 0)
    with ThreadPoolExecutor(a.n_workers) as ex: res = list(ex.map(lambda n: run_one(n, a.check), nbs))
    for _, line in res: print(line, flush=True)
    sys.exit(0 if all(ok for ok, _ in res) else 1)
