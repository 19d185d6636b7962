"""Build the documentation site: execute every notebook, process it with nbdev, render the site with mkdocs.

    python tools/build_docs.py [--out _docs] [--n-workers 2] [--keep]

The site is made by maintained tools: mkdocs with the material theme (navigation, table of contents, search that
works offline) and mkdocs-jupyter (a page per notebook through nbconvert: outputs, highlighted code). Their
configuration is `tools/docs/mkdocs.yml`. This script only prepares what they render, in a scratch folder:

1. Execute: every notebook under `nbs/` (folders and files starting with `_` or `.` skipped) runs in its own process
   and folder (so `../data` resolves) with execnb's `CaptureShell`, as `nbdev_test` runs it (cells flagged `notest`,
   `slow`, `browser` or `eval: false` and the `nbdev_export()` cell skipped), two at a time; an error stops the build.
   Plotly figures are recorded as JSON (`PLOTLY_RENDERER=plotly_mimetype`).
2. Process: `nbdev.serve.proc_nbs()`, nbdev's own docs processor, on the executed copies: a `show_doc` card after
   each exported name (executed here, against the exported module), `#| hide` cells removed, the title and
   `> subtitle` as front matter, `backticked` names linked. `#| export` is read as `#| exports`, so nbdev shows each
   exported function's source, folded (`code-fold: show`), under its card.
3. Prepare, for mkdocs-jupyter, `docs/<page>.ipynb` from each processed notebook, named as nbdev names its pages
   (`00_iou.ipynb` -> `iou.html`): the front matter's title for the nav (material shows it as the page's heading)
   and its subtitle back on the page; the Quarto options nbdev leaves applied (`echo: false` tags the cell
   `hide_input`, `output: false` drops its outputs, `code-fold` makes a <details> block); plotly figures drawn by the
   installed plotly package's plotly.min.js, copied into the site; live widgets replaced by a note. The markdown's
   links are written for the site, since mkdocs leaves the HTML of notebook pages alone: links to notebooks and
   nbdev's absolute doc links become relative links between pages (an anchor kept when the page has that heading,
   spelled as mkdocs-jupyter spells heading ids), links to other repository files point at the repository. Inline
   code in headings is written as <code> HTML: mkdocs-jupyter's table of contents drops `code` from heading names,
   and its links would miss the headings. Directives are read by `directives.py` (nbdev's parser; `readme.py` too).
4. `benchmarks/results.json` becomes a chart page (`benchmarks.html`); the reports in `BENCH_PAGES` pages of their own.
5. `mkdocs build --strict`, with an mkdocs.yml that INHERITs `tools/docs/mkdocs.yml` and adds the folders and nav.

Code blocks wrap their long lines (`tools/docs/extra.css`): material hides a block's scrollbar until the pointer is
over it, so a line past the content column looked cut off.
Offline: material's Google fonts are off; plotly.js and the iframe-worker shim (for material's search on file://
pages) are copied into the site; nbconvert's MathJax and mermaid loaders, which point at a CDN, are replaced by
empty macros (`tools/docs/jupyter`, put first on JUPYTER_PATH: no page uses either); require.js is off.
Notebooks in git stay clean (no outputs), except the tutorials, which keep theirs (`tools/run_tutorials.py`, with a
static fallback for each figure); the site shows the outputs of this build.
"""
import argparse, html, json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from configparser import ConfigParser
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))
from directives import directives  # the one parser of cell directives (nbdev's), shared with readme.py

SKIP_FLAGS = ('notest', 'slow', 'browser')
TUTORIAL_ORDER = ['scoring_step_by_step', 'coco', 'training_loop', 'dice', 'rsna', 'airbus', 'icdar']
INI = ConfigParser(); INI.read(ROOT/'settings.ini'); INI = INI['DEFAULT']
DOC_URL = INI['doc_host'].rstrip('/') + '/' + INI['doc_baseurl'].strip('/') + '/'
REPO_URL = f"{INI['git_url'].rstrip('/')}/blob/{INI['branch']}/"

EXEC_CHILD = r'''
import json, os, sys
from pathlib import Path
sys.path.insert(0, sys.argv[4])
from directives import directives
from execnb.nbio import read_nb
from execnb.shell import CaptureShell
src, dst, flags = Path(sys.argv[1]), Path(sys.argv[2]), set(sys.argv[3].split())
def no_eval(cell):
    if cell.cell_type != 'code' or 'nbdev_export' + '(' in cell.source: return True
    d = directives(cell.source)[0]
    return d.get('eval', '').lower() == 'false' or bool(flags & set(d))
nb = read_nb(src)
for c in nb.cells:  # the tutorials are stored with outputs; execnb keeps them where a cell shows nothing now
    if c.cell_type == 'code': c['outputs'] = []
os.chdir(src.parent)
k = CaptureShell(src)
k.run_all(nb, exc_stop=False, preproc=no_eval)
if k.exc: sys.exit(k.prettytb(fname=src))
dst.parent.mkdir(parents=True, exist_ok=True)
# plain JSON: execnb's write_nb splits every string under a 'source' key into lines, plotly's image data URIs included
dst.write_text(json.dumps(nb, ensure_ascii=False, indent=1, default=str), encoding='utf-8')
'''

PROC_CHILD = r'''
import sys
from nbdev.serve import proc_nbs
if __name__ == '__main__': proc_nbs(path=sys.argv[1], force=True, n_workers=int(sys.argv[2]))
'''


def notebooks(nbs: Path) -> list:
    "Notebooks under `nbs`, relative paths, skipping folders and files starting with `_` or `.`."
    return sorted(p.relative_to(nbs) for p in nbs.rglob('*.ipynb')
                  if not any(part.startswith(('_', '.')) for part in p.relative_to(nbs).parts))


def run(cmd, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def execute(nbs: Path, rels: list, dest: Path, n_workers: int, env: dict) -> None:
    "Execute every notebook into `dest` (same relative paths); stop with the tracebacks of the failures."
    def one(rel):
        return rel, run([sys.executable, '-c', EXEC_CHILD, str(nbs/rel), str(dest/rel), ' '.join(SKIP_FLAGS),
                         str(TOOLS)], env=env)
    failed = []
    with ThreadPoolExecutor(n_workers) as ex:
        for rel, p in ex.map(one, rels):
            print(f"{'executed' if p.returncode == 0 else 'FAILED  '} {rel}", flush=True)
            if p.returncode: failed.append(f'{rel}:\n{p.stdout}{p.stderr}')
    if failed: raise SystemExit('notebook execution failed:\n' + '\n'.join(failed))


def code_cells(nb: dict):
    return ((c, ''.join(c['source'])) for c in nb['cells'] if c['cell_type'] == 'code')


def exports_shown(nb_path: Path) -> None:
    "Write `#| export` as `#| exports` in a scratch copy, so nbdev shows the source under the show_doc card."
    nb = json.loads(nb_path.read_text(encoding='utf-8'))
    for c, src in code_cells(nb):
        lines = src.splitlines(keepends=True)
        n_dirs = len(lines) - len(directives(src)[1].splitlines(keepends=True))
        c['source'] = [re.sub(r'export\b', 'exports', l, count=1) if i < n_dirs and directives(l)[0] == {'export': ''}
                       else l for i, l in enumerate(lines)]
    nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding='utf-8')


def process(execd: Path, scratch: Path, n_workers: int, env: dict) -> Path:
    "Run `nbdev.serve.proc_nbs` on the executed copies in a scratch project; returns its `_proc` folder."
    proj = scratch/'proj'
    ini = (ROOT/'settings.ini').read_text(encoding='utf-8')
    # nbdev's exec_show_docs re-runs every cell that imports something, without the cells before it: notebooks that
    # mix imports and code break it. The show_doc cells nbdev adds are executed by `show_docs` below instead.
    (proj/'settings.ini').write_text(re.sub(r'(?m)^skip_procs\s*=.*$', 'skip_procs = exec_show_docs', ini),
                                     encoding='utf-8')
    # proc_nbs runs from proj/nbs: `../data` (stage notebooks) and `../../data` (tutorials) must reach the data.
    for link in (proj/'data', scratch/'data'):
        if not link.exists(): link.symlink_to(ROOT/'data', target_is_directory=True)
    p = run([sys.executable, '-c', PROC_CHILD, str(execd), str(n_workers)], cwd=execd, env=env)
    if p.returncode: raise SystemExit(f'nbdev proc_nbs failed:\n{p.stdout}{p.stderr}')
    return proj/'_proc'


def show_docs(cells: list, module: str | None) -> None:
    "Execute nbdev's added `show_doc(name)` cells against the exported module; their markdown becomes the outputs."
    todo = [c for c in cells if c['cell_type'] == 'code' and re.search(r'^show_doc\(', ''.join(c['source']), re.M)]
    if not todo: return
    from execnb.shell import CaptureShell
    k = CaptureShell()
    k.run_cell('from nbdev.showdoc import show_doc')
    if module: k.run_cell(f'import {module} as _m; '
                          'globals().update({k: v for k, v in vars(_m).items() if not k.startswith("__")})')
    for c in todo:
        c['outputs'] = json.loads(json.dumps(k.run(''.join(c['source'])), default=dict))
        if k.exc: raise SystemExit(f"show_doc failed in module {module}: {''.join(c['source'])}: {k.exc!r}")


def default_exp(nb_path: Path) -> str | None:
    "The module a notebook exports to (`#| default_exp name` -> `evalkit.name`), or None."
    for _, src in code_cells(json.loads(nb_path.read_text(encoding='utf-8'))):
        if name := directives(src)[0].get('default_exp'): return f'evalkit.{name}'


# ---------------------------------------------------------------- from nbdev's notebooks to mkdocs-jupyter's

def _joined(x):
    "Undo nbdev's `write_nb`, which stores any string under a 'source' key (plotly images) as a list of lines."
    if isinstance(x, dict):
        return {k: ''.join(v) if k == 'source' and isinstance(v, list) and all(isinstance(i, str) for i in v)
                else _joined(v) for k, v in x.items()}
    return [_joined(v) for v in x] if isinstance(x, list) else x


def plotly_html(fig: dict, fid: str) -> str:
    "A figure drawn by the site's plotly.min.js (loaded at the end of the page, hence DOMContentLoaded)."
    data, layout = (json.dumps(fig.get(k, d), separators=(',', ':')).replace('</', '<\\/')
                    for k, d in (('data', []), ('layout', {})))
    return (f'<div class="plotly-figure" id="{fid}"></div>\n<script>document.addEventListener("DOMContentLoaded", '
            f'() => Plotly.newPlot("{fid}", {data}, {layout}, {{"responsive": true, "displaylogo": false}}));</script>')


WIDGET_NOTE = ('<div class="admonition info"><p class="admonition-title">Live widget</p><p>This output is a live '
               'widget: it runs in Jupyter (or Voilà), where its controls redraw the views. Open the notebook in '
               'Jupyter to use it; the static figures on this page show the same data.</p></div>')
REMOTE = re.compile(r'<(script|link|img|iframe)\b[^>]*\b(src|href)=["\']?(https?:)?//', re.I)


def clean_outputs(outputs: list, page: str, counter: list) -> list:
    "Plotly JSON -> a figure of the local plotly.js; widgets -> a note; stderr dropped; nothing from the network."
    out = []
    for o in outputs:
        if o.get('output_type') == 'stream' and o.get('name') == 'stderr': continue
        if o.get('output_type') == 'error': raise SystemExit(f'{page}: an error output reached the docs')
        if 'data' in o:
            data = {k: ''.join(v) if k.startswith('text/') and isinstance(v, list) else v for k, v in o['data'].items()}
            if 'application/vnd.plotly.v1+json' in data:
                counter[0] += 1
                fig = _joined(data['application/vnd.plotly.v1+json'])
                data = {'text/html': plotly_html(fig, f'plotly-figure-{counter[0]}')}
            elif 'application/vnd.jupyter.widget-view+json' in data: data = {'text/html': WIDGET_NOTE}
            elif REMOTE.search(data.get('text/html', '')): data.pop('text/html')
            if 'text/markdown' in data:  # nbdev's show_doc: its source link is Quarto syntax
                data['text/markdown'] = re.sub(r'\[source\]\([^)]*\)\{[^}]*\}\n?', '', data['text/markdown'])
            if not data: continue
            o = dict(o, data=data)
        out.append(o)
    return out


def fold_cell(src: str, summary: str, is_open: bool, cid: str) -> dict:
    "A markdown cell showing `src` as highlighted Python inside a <details> block."
    fence = '`' * max([3] + [len(r) + 1 for r in re.findall('`{3,}', src)])
    return dict(cell_type='markdown', id=cid, metadata={}, source=(
        f'<details class="code-fold"{" open" if is_open else ""}><summary>{html.escape(summary)}</summary>\n\n'
        f'{fence}python\n{src.rstrip()}\n{fence}\n\n</details>'))


FENCE = re.compile(r'(^(?:```|~~~).*?^(?:```|~~~)[^\n]*$)', re.M | re.S)


def outside_fences(md: str, fn) -> str:
    "`fn` applied to the parts of markdown text `md` outside its fenced code blocks."
    parts = FENCE.split(md)
    return ''.join(p if i % 2 else fn(p) for i, p in enumerate(parts))


def code_in_headings(md: str) -> str:
    code = lambda m: f'<code>{html.escape(m.group(1))}</code>'
    return outside_fences(md, lambda t: re.sub(r'^#{1,6}\s.*$', lambda h: re.sub(r'`([^`]+)`', code, h.group(0)),
                                               t, flags=re.M))


def prepare(nb: dict, page: str, counter: list) -> tuple:
    "(title, notebook for mkdocs-jupyter) from a processed notebook: front matter, Quarto options, outputs."
    import yaml
    cells, fm, ids = [], {}, set()
    for i, c in enumerate(nb['cells']):
        src, cid = ''.join(c.get('source') or ''), c.get('id') or f'c{i}'
        cid = cid if cid not in ids else f'{cid}-{i}'
        ids.add(cid)
        if c['cell_type'] == 'raw' and src.strip().startswith('---') and not fm:
            fm = yaml.safe_load(src.strip().strip('-')) or {}
            if fm.get('description'):  # the title is the nav's: material writes it as the page's <h1>
                cells.append(dict(cell_type='markdown', id=f'{cid}-subtitle', metadata={},
                                  source=f"> {fm['description']}"))
        elif c['cell_type'] == 'markdown':
            if src.strip() == '<!-- WARNING: THIS FILE WAS AUTOGENERATED! DO NOT EDIT! -->': continue
            cells.append(dict(cell_type='markdown', id=cid, metadata={}, source=code_in_headings(src)))
        elif c['cell_type'] == 'code':
            d, body = directives(src)
            off = {k for k in ('include', 'output', 'echo') if d.get(k, '').lower() == 'false'}
            if 'hide' in d or 'include' in off: continue
            outputs = [] if 'output' in off else clean_outputs(c.get('outputs', []), page, counter)
            echo = 'echo' not in off and body.strip() != ''
            if echo and 'code-fold' in d:
                cells.append(fold_cell(body, d.get('code-summary') or 'Code', d['code-fold'] == 'show', f'{cid}-fold'))
                echo = False
            if echo or outputs:
                cells.append(dict(cell_type='code', id=cid, metadata={} if echo else {'tags': ['hide_input']},
                                  source=body if echo else '', outputs=outputs, execution_count=None))
    meta = {k: v for k, v in nb.get('metadata', {}).items() if k != 'widgets'}
    return str(fm.get('title') or page), dict(nb, metadata=meta, cells=cells, nbformat=4, nbformat_minor=5)


def markdown_texts(nb: dict):
    "(holder, key) of every markdown text of a prepared notebook: markdown cells and markdown outputs."
    for c in nb['cells']:
        if c['cell_type'] == 'markdown': yield c, 'source'
        for o in c.get('outputs', []):
            if 'text/markdown' in o.get('data', {}): yield o['data'], 'text/markdown'


def heading_ids(nb: dict) -> set:
    "The ids mkdocs-jupyter gives the headings of a prepared notebook."
    from mkdocs_jupyter.utils import slugify
    ids = set()
    for holder, key in markdown_texts(nb):
        for m in re.finditer(r'^#{1,6}\s+(.+?)\s*#*\s*$', FENCE.sub('', holder[key]), re.M):
            name = re.sub(r'<[^>]+>|`', '', re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', m.group(1)))  # as text
            ids.add(slugify(html.unescape(name)))
    return ids


def relink(md: str, page: str, src_dir: str, pages: dict, ids: dict, assets: set) -> str:
    """Links of a page's markdown (written from `src_dir` of the repository), as the site needs them: notebooks and
    files with a page -> relative links to the page; nbdev's doc links too, the anchor kept when the page has that
    heading (a private helper has no card); other files under nbs/ (images) -> copied along; other repository files
    -> the repository."""
    from mkdocs_jupyter.utils import slugify
    here = os.path.dirname(page) or '.'
    def one(m):
        label, target = m.group(1), m.group(2)
        path, _, frag = target.partition('#')
        if target.startswith(DOC_URL):
            dest = path[len(DOC_URL):]
            if dest not in ids: return m.group(0)
            frag = slugify(frag) if slugify(frag) in ids[dest] else ''
        elif re.match(r'^[a-z][a-z0-9+.-]*:|^#', target): return m.group(0)
        else:
            repo_path = os.path.normpath(os.path.join(src_dir, path))
            if repo_path in pages: dest = pages[repo_path]
            elif repo_path.startswith('nbs/') and (ROOT/repo_path).is_file():
                assets.add(repo_path); return m.group(0)
            else: return f'{label}({REPO_URL}{repo_path}{"#" + frag if frag else ""})'
        return f'{label}({os.path.relpath(dest, here)}{"#" + frag if frag else ""})'
    return outside_fences(md, lambda t: re.sub(r'(\[[^\]]*\])\(([^)\s]+)\)', one, t))


def page_name(rel: Path, nb: dict) -> str:
    "A notebook's page, as nbdev names it: its `output-file`, else its name without the number prefix."
    raw = ''.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'raw')
    fm = re.search(r'^output-file:\s*(\S+)', raw, re.M)
    name = fm.group(1) if fm else re.sub(r'^\d+[a-z]?_', '', rel.stem) + '.html'
    return (rel.parent/name).as_posix()


# ---------------------------------------------------------------- benchmark pages

def benchmark_page(path: Path) -> str | None:
    "Markdown of the benchmark page (a chart and a table) from `benchmarks/results.json`, or None without one."
    if not path.exists(): return None
    rep = json.loads(path.read_text(encoding='utf-8'))
    rows = [dict(workload=w.get('name', k), size=w.get('size'), **r)
            for k, w in (rep.get('workloads') or {}).items() for r in w.get('rows', [])]
    if not rows: return None
    import plotly.graph_objects as go
    ok = [r for r in rows if r.get('status') == 'ok' and r.get('median_s') is not None]
    label = lambda r: f"{r['workload']} ({r['size']})"
    fig = go.Figure([go.Bar(name=s, x=[label(r) for r in ok if r['scorer'] == s],
                            y=[r['median_s'] for r in ok if r['scorer'] == s])
                     for s in dict.fromkeys(r['scorer'] for r in ok)])
    fig.update_layout(barmode='group', yaxis_type='log', yaxis_title='median seconds (log scale)', height=480,
                      xaxis=dict(categoryorder='array', categoryarray=list(dict.fromkeys(map(label, rows)))),
                      title='Time to score one file, by workload and scorer', template='plotly_white')
    def cell(v, f=''):
        return ('' if v is None else format(v, f) if f and isinstance(v, (int, float)) else str(v)).replace('|', '\\|')
    table = '\n'.join(
        ['| workload | scorer | status | median s | peak MB | score | note |', '|---|---|---|--:|--:|--:|---|']
        + [f"| {cell(label(r))} | {cell(r['scorer'])} | {cell(r.get('status'))} | {cell(r.get('median_s'), '.4f')} | "
           f"{cell(r.get('peak_mb'), '.1f')} | {cell(r.get('score'), '.6f')} | {cell(r.get('note'))} |" for r in rows])
    m = rep.get('machine', {})
    return (f"# Benchmarks\n\n> How long evalkit and its peers take to score the same files.\n\n"
            f"Run on {rep.get('date', '?')}: {m.get('cpu', '?')}, {m.get('cores', '?')} cores, "
            f"Python {m.get('python', '?')}{' (quick run)' if rep.get('quick') else ''}. Made by `make bench` "
            f"(`benchmarks/run.py`); the full report is [Benchmark results](benchmarks/results.md).\n\n"
            f"{plotly_html(json.loads(fig.to_json()), 'plotly-figure-bench')}\n\n## All rows\n\n{table}\n")


# ---------------------------------------------------------------- the build

BENCH_PAGES = [('results.md', 'Benchmark results'), ('coco_results.md', 'COCO benchmark results'),
               ('inproc_results.md', 'In-process COCO results'),
               ('keypoints_results.md', 'Keypoints results'), ('lvis_results.md', 'LVIS results'),
               ('boundary_results.md', 'Boundary IoU results'), ('obb_results.md', 'Oriented boxes results'),
               ('panoptic_results.md', 'Panoptic results'),
               ('SCALE.md', 'Dask scale benchmark'),
               ('scale_results.md', 'Dask scale results')]  # files of benchmarks/ that are pages of the site

def write_docs(proc: Path, rels: list, docs: Path) -> list:
    "The scratch docs folder for mkdocs: prepared notebooks, benchmark pages, assets. Returns the nav."
    import nbformat
    nbs = {rel: json.loads((proc/rel).read_text(encoding='utf-8')) for rel in rels}
    pages = {f'nbs/{rel.as_posix()}': page_name(rel, nb) for rel, nb in nbs.items()}
    pages |= {f'benchmarks/{md}': f'benchmarks/{Path(md).stem}.html' for md, _ in BENCH_PAGES}
    prepared, ids, counter, assets = {}, {}, [0], set()
    for rel, nb in nbs.items():
        page = pages[f'nbs/{rel.as_posix()}']
        show_docs(nb['cells'], default_exp(ROOT/'nbs'/rel))
        prepared[rel] = prepare(nb, page, counter)
        ids[page] = heading_ids(prepared[rel][1])
    nav = {'Start': [], 'Tutorials': [], 'Stages': [], 'Benchmarks': []}  # a newcomer wants the tutorials first
    for rel, (title, nb) in prepared.items():
        page = pages[f'nbs/{rel.as_posix()}']
        for holder, key in markdown_texts(nb):
            holder[key] = relink(holder[key], page, f'nbs/{rel.parent.as_posix()}', pages, ids, assets)
        dest = docs/Path(page).with_suffix('.ipynb')
        dest.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbformat.from_dict(nb), str(dest))
        section = 'Start' if page == 'index.html' else 'Tutorials' if rel.parts[0] == 'tutorials' else 'Stages'
        nav[section].append((title, dest.relative_to(docs).as_posix(), rel))
    nav['Tutorials'].sort(key=lambda t: (TUTORIAL_ORDER.index(t[2].stem) if t[2].stem in TUTORIAL_ORDER else 99, t[1]))
    for repo_path in assets: shutil.copy2(ROOT/repo_path, _mkparent(docs/repo_path[len('nbs/'):]))
    if (bench := benchmark_page(ROOT/'benchmarks'/'results.json')):
        (docs/'benchmarks.md').write_text(bench, encoding='utf-8')
        nav['Benchmarks'].append(('Benchmarks', 'benchmarks.md', None))
    for md, title in ((md, t) for md, t in BENCH_PAGES if (ROOT/'benchmarks'/md).exists()):
        shutil.copy2(ROOT/'benchmarks'/md, _mkparent(docs/'benchmarks'/md))
        nav['Benchmarks'].append((title, f'benchmarks/{md}', None))
    import plotly
    shutil.copy2(Path(plotly.__file__).parent/'package_data'/'plotly.min.js', _mkparent(docs/'assets'/'plotly.min.js'))
    shutil.copy2(TOOLS/'docs'/'iframe-worker.js', docs/'assets'/'iframe-worker.js')
    shutil.copy2(TOOLS/'docs'/'extra.css', docs/'assets'/'extra.css')  # code blocks wrap long lines
    return [{title: path} for title, path, _ in nav['Start']] + [
        {sec: [{title: path} for title, path, _ in items]} for sec, items in nav.items() if sec != 'Start' and items]


def _mkparent(p: Path) -> Path:
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


def mkdocs_build(scratch: Path, docs: Path, out: Path, nav: list) -> None:
    import yaml
    cfg = scratch/'mkdocs.yml'
    cfg.write_text(yaml.safe_dump({'INHERIT': str(TOOLS/'docs'/'mkdocs.yml'), 'docs_dir': str(docs),
                                   'site_dir': str(out), 'nav': nav}, sort_keys=False), encoding='utf-8')
    env = {**os.environ, 'NO_MKDOCS_2_WARNING': '1',
           'JUPYTER_PATH': os.pathsep.join(filter(None, [str(TOOLS/'docs'/'jupyter'), os.environ.get('JUPYTER_PATH')]))}
    p = run([sys.executable, '-m', 'mkdocs', 'build', '--strict', '--clean', '-f', str(cfg)], cwd=scratch, env=env)
    if p.returncode: raise SystemExit(f'mkdocs build failed:\n{p.stdout}{p.stderr}')
    (out/'404.html').unlink(missing_ok=True)  # material's page for a web server (links from `/`); the site is files


def build(out: Path, n_workers: int = 2, keep: bool = False) -> None:
    nbs = ROOT/'nbs'
    rels = notebooks(nbs)
    scratch = Path(tempfile.mkdtemp(prefix='evalkit-docs-'))
    env = {**os.environ, 'IN_TEST': '1', 'PLOTLY_RENDERER': 'plotly_mimetype'}
    try:
        execd = scratch/'proj'/'nbs'
        execute(nbs, rels, execd, n_workers, env)
        for rel in rels: exports_shown(execd/rel)
        proc = process(execd, scratch, n_workers, env)
        nav = write_docs(proc, rels, scratch/'docs')
        mkdocs_build(scratch, scratch/'docs', out, nav)
    finally:
        if keep: print(f'scratch kept in {scratch}')
        else: shutil.rmtree(scratch, ignore_errors=True)
    print(f'{len(list(out.rglob("*.html")))} pages written to {out}')


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=str(ROOT/'_docs'))
    ap.add_argument('--n-workers', type=int, default=min(2, os.cpu_count() or 2))
    ap.add_argument('--keep', action='store_true', help='keep the scratch folder (executed, processed, docs notebooks)')
    a = ap.parse_args()
    build(Path(a.out).resolve(), a.n_workers, a.keep)
