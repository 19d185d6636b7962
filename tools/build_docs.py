"""Build the documentation site from the notebooks, without Quarto: execute, process with nbdev, render with nbconvert.

    python tools/build_docs.py [--out _docs] [--n-workers 2] [--keep]

1. Every notebook under `nbs/` (folders starting with `_` or `.` skipped) is executed in its own process, in its own
   folder (so `../data` resolves), with execnb's `CaptureShell`, exactly as `nbdev_test` runs it (cells flagged
   `notest`, `slow`, `browser` and the `nbdev_export()` cell skipped; the first error stops the build).
   Plotly figures are recorded as `application/vnd.plotly.v1+json` (`PLOTLY_RENDERER=plotly_mimetype`).
2. The executed copies (in a scratch project) go through `nbdev.serve.proc_nbs()`, nbdev's own docs processor: it adds
   a `show_doc` cell after each exported function and executes them, removes `#| hide` cells, turns the title and the
   `> subtitle` into front matter, and links `backticked` names. `#| export` is read as `#| exports` there, so an
   exported function's source is shown (folded open) under its `show_doc` card.
3. Each processed notebook is rendered with nbconvert's `basic` HTML template into a page with a sidebar: the
   remaining `#|` options become what they mean (`echo: false` hides the input, `output: false` the output,
   `code-fold` a <details> block), plotly figures are drawn by one local copy of plotly.js (`plotly.min.js`, from the
   installed plotly package: no CDN, the site works offline), live widgets get a note, nbdev's absolute links and
   `.ipynb` links become relative links between pages.
4. `benchmarks/results.json`, when present, becomes a benchmark chart page, and `benchmarks/results.md` a page of its
   own (`benchmarks/results.html`); the notebooks' relative links to that file (`../benchmarks/results.md`, which the
   README shows from the repository root) point at the page, so they work offline.

Notebooks in git stay clean (no outputs); the site shows the outputs of this build.
"""
import argparse, html, json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP_FLAGS = ('notest', 'slow', 'browser')
DIRECTIVE = re.compile(r'^\s*#\|\s?(.*)$')

EXEC_CHILD = r'''
import os, re, sys
from pathlib import Path
from execnb.nbio import read_nb, write_nb
from execnb.shell import CaptureShell
src, dst, flags = Path(sys.argv[1]), Path(sys.argv[2]), set(sys.argv[3].split())
def directives(src):
    out = set()
    for l in src.splitlines():
        m = re.match(r'^\s*#\|\s*([\w-]+)', l)
        if m: out.add(m.group(1).rstrip(':'))
        elif l.strip(): break
    return out
def no_eval(cell):
    if cell.cell_type != 'code': return True
    if 'nbdev_export' + '(' in cell.source: return True
    d = directives(cell.source)
    if re.search(r'^\s*#\|\s*eval:\s*false', cell.source, re.M | re.I): return True
    return bool(flags & d)
nb = read_nb(src)
os.chdir(src.parent)
k = CaptureShell(src)
k.run_all(nb, exc_stop=False, preproc=no_eval)
if k.exc:
    sys.stderr.write(k.prettytb(fname=src) + '\n'); sys.exit(1)
dst.parent.mkdir(parents=True, exist_ok=True)
# plain JSON: execnb's write_nb splits every string under a 'source' key into lines, plotly's image data URIs included
import json
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


def run(cmd, cwd=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)


def execute(nbs: Path, rels: list, dest: Path, n_workers: int, env: dict) -> None:
    "Execute every notebook into `dest` (same relative paths); raise with the traceback of the first failure."
    def one(rel):
        p = run([sys.executable, '-c', EXEC_CHILD, str(nbs/rel), str(dest/rel), ' '.join(SKIP_FLAGS)], env=env)
        return rel, p
    failed = []
    with ThreadPoolExecutor(n_workers) as ex:
        for rel, p in ex.map(one, rels):
            print(f"{'executed' if p.returncode == 0 else 'FAILED  '} {rel}", flush=True)
            if p.returncode: failed.append(f'{rel}:\n{p.stdout}{p.stderr}')
    if failed: raise SystemExit('notebook execution failed:\n' + '\n'.join(failed))


def exports_shown(nb_path: Path) -> None:
    "Rewrite `#| export` as `#| exports` in a scratch copy, so nbdev shows the source under the show_doc card."
    nb = json.loads(nb_path.read_text(encoding='utf-8'))
    for c in nb['cells']:
        if c['cell_type'] != 'code': continue
        src = ''.join(c['source'])
        new = re.sub(r'^(\s*#\|\s*)export\s*$', r'\1exports', src, flags=re.M)
        if new != src: c['source'] = new.splitlines(keepends=True)
    nb_path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding='utf-8')


def process(execd: Path, scratch: Path, n_workers: int, env: dict) -> Path:
    "Run `nbdev.serve.proc_nbs` on the executed copies in a scratch project; returns its `_proc` folder."
    proj = scratch/'proj'
    ini = (ROOT/'settings.ini').read_text(encoding='utf-8')
    # nbdev's exec_show_docs re-runs every cell that imports something, without the cells before it: notebooks that
    # mix imports and code break it. The show_doc cells nbdev adds are executed by `show_docs` below instead.
    (proj/'settings.ini').write_text(re.sub(r'(?m)^skip_procs\s*=.*$', 'skip_procs = exec_show_docs', ini),
                                     encoding='utf-8')
    # proc_nbs re-executes cells holding imports with the process's working directory: from proj/nbs, `../data`
    # (stage notebooks) and `../../data` (tutorials) must both reach the data.
    for link in (proj/'data', scratch/'data'):
        if not link.exists(): link.symlink_to(ROOT/'data', target_is_directory=True)
    p = run([sys.executable, '-c', PROC_CHILD, str(execd), str(n_workers)], cwd=execd, env=env)
    if p.returncode: raise SystemExit(f'nbdev proc_nbs failed:\n{p.stdout}{p.stderr}')
    return proj/'_proc'


# ---------------------------------------------------------------- rendering

def front_matter(cells: list) -> dict:
    "The YAML front matter nbdev put in a raw cell (title, description, output-file), removed from `cells`."
    for i, c in enumerate(cells):
        src = ''.join(c.get('source') or '')
        if c['cell_type'] == 'raw' and src.strip().startswith('---'):
            import yaml
            fm = yaml.safe_load(src.strip().strip('-')) or {}
            del cells[i]
            return fm
    return {}


def directives(src: str) -> tuple:
    "(directives dict, source without its leading `#|` lines)."
    d, lines = {}, src.splitlines()
    i = 0
    while i < len(lines) and (DIRECTIVE.match(lines[i]) or not lines[i].strip()):
        m = DIRECTIVE.match(lines[i])
        if m and m.group(1).strip():
            t = m.group(1).strip()
            k, sep, v = t.partition(':')
            if sep and ' ' not in k.strip(): d[k.strip()] = v.strip().strip('"')
            else: d[t.split()[0]] = ' '.join(t.split()[1:])
        i += 1
    return d, '\n'.join(lines[i:])


def show_docs(cells: list, module: str | None) -> None:
    "Execute nbdev's added `show_doc(name)` cells against the exported module; their markdown becomes the outputs."
    todo = [c for c in cells if c['cell_type'] == 'code' and re.search(r'^show_doc\(', ''.join(c.get('source') or ''), re.M)]
    if not todo: return
    from execnb.shell import CaptureShell
    k = CaptureShell()
    k.run_cell('from nbdev.showdoc import show_doc')
    if module: k.run_cell(f'import {module} as _m; globals().update({{k: v for k, v in vars(_m).items() if not k.startswith("__")}})')
    for c in todo:
        outs = k.run(''.join(c['source']))
        c['outputs'] = json.loads(json.dumps(outs, default=dict))
        if k.exc: raise SystemExit(f"show_doc failed in module {module}: {''.join(c['source'])}: {k.exc!r}")
        for o in c['outputs']:  # drop the Quarto-only source link (`[source](...){target=...}`)
            md = o.get('data', {}).get('text/markdown')
            if md: o['data']['text/markdown'] = re.sub(r'\[source\]\([^)]*\)\{[^}]*\}\n?', '', ''.join(md))


def default_exp(nb_path: Path) -> str | None:
    "The module a notebook exports to (`#| default_exp name` -> `evalkit.name`), or None."
    m = re.search(r'#\|\s*default_exp\s+([\w.]+)', nb_path.read_text(encoding='utf-8'))
    return f'evalkit.{m.group(1)}' if m else None


def _joined(x):
    "Undo nbdev's `write_nb`, which stores any string under a 'source' key (plotly images) as a list of lines."
    if isinstance(x, dict):
        return {k: ''.join(v) if k == 'source' and isinstance(v, list) and all(isinstance(i, str) for i in v)
                else _joined(v) for k, v in x.items()}
    return [_joined(v) for v in x] if isinstance(x, list) else x


def _plotly_html(fig: dict, n: int) -> str:
    fig = _joined(fig)
    data = json.dumps(fig.get('data', []), separators=(',', ':')).replace('</', '<\\/')
    layout = json.dumps(fig.get('layout', {}), separators=(',', ':')).replace('</', '<\\/')
    fid = f'plotly-figure-{n}'
    return (f'<div class="plotly-figure" id="{fid}"></div>\n<script>Plotly.newPlot("{fid}", {data}, {layout}, '
            '{"responsive": true, "displaylogo": false});</script>')


WIDGET_NOTE = ('<div class="widget-note">This output is a live widget: it runs in Jupyter (or Voilà), where its '
               'controls redraw the views. Open the notebook in Jupyter to use it; the static figures on this page '
               'show the same data.</div>')


def clean_outputs(outputs: list, counter: list) -> list:
    "Plotly JSON -> a div drawn by the local plotly.js; widgets -> a note; stderr dropped; nothing from a CDN."
    out = []
    for o in outputs:
        if o.get('output_type') == 'stream' and o.get('name') == 'stderr': continue
        if o.get('output_type') == 'error': raise SystemExit('an error output reached the docs')
        data = o.get('data')
        if data is not None:
            if 'application/vnd.plotly.v1+json' in data:
                counter[0] += 1
                o = dict(o, data={'text/html': _plotly_html(data['application/vnd.plotly.v1+json'], counter[0])})
            elif 'application/vnd.jupyter.widget-view+json' in data:
                o = dict(o, data={'text/html': WIDGET_NOTE})
            elif 'text/html' in data and 'cdn' in ''.join(data['text/html']).lower():
                o = dict(o, data={k: v for k, v in data.items() if k != 'text/html'})
        if data is not None and not o['data']: continue
        out.append(o)
    return out


def fold_cell(src: str, summary: str, is_open: bool) -> dict:
    "A markdown cell showing `src` highlighted inside a <details> block."
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer
    code = highlight(src, PythonLexer(), HtmlFormatter(cssclass='highlight hl-ipython3'))
    return dict(cell_type='markdown', metadata={}, source=(
        f'<details class="code-fold"{" open" if is_open else ""}><summary>{html.escape(summary)}</summary>\n'
        f'{code}</details>'))


def prepare_cells(cells: list, counter: list) -> list:
    "Apply the remaining `#|` options of nbdev's processed cells; returns nbformat-ready cells."
    out = []
    for c in cells:
        if 'source' not in c or c['source'] is None: continue
        src = ''.join(c['source'])
        if c['cell_type'] == 'markdown':
            src = '\n'.join(l for l in src.splitlines() if not re.match(r'^\s*:::', l))
            src = re.sub(r'<!-- WARNING: THIS FILE WAS AUTOGENERATED! DO NOT EDIT! -->', '', src)
            if src.strip(): out.append(dict(c, source=src))
            continue
        if c['cell_type'] != 'code': continue
        d, body = directives(src)
        if 'hide' in d or d.get('include', '').lower() == 'false': continue
        outputs = clean_outputs(c.get('outputs', []), counter)
        if d.get('output', '').lower() == 'false': outputs = []
        echo = d.get('echo', '').lower() != 'false' and body.strip() != ''
        if 'code-fold' in d and echo:
            out.append(fold_cell(body, d.get('code-summary', 'Source'), d['code-fold'] == 'show'))
            echo = False
        if not echo and not outputs: continue
        meta = dict(c.get('metadata', {}))
        if not echo: meta['tags'] = ['remove_input']
        out.append(dict(cell_type='code', metadata=meta, source=body if echo else '', outputs=outputs,
                        execution_count=None, id=c.get('id')))
    return out


CSS = r'''
:root { --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa; --accent: #0b6bcb; --side: 260px; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); font: 16px/1.6 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
nav.sidebar { position: fixed; top: 0; left: 0; bottom: 0; width: var(--side); overflow-y: auto; padding: 22px 18px;
  background: var(--bg-soft); border-right: 1px solid var(--line); font-size: 14.5px; }
nav.sidebar .brand { display: block; font-size: 22px; font-weight: 700; color: var(--fg); margin-bottom: 2px; }
nav.sidebar .tagline { color: var(--muted); font-size: 12.5px; line-height: 1.4; margin: 0 0 18px; }
nav.sidebar h4 { margin: 18px 0 6px; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
nav.sidebar ul { list-style: none; margin: 0; padding: 0; }
nav.sidebar li a { display: block; padding: 3px 8px; border-radius: 6px; color: var(--fg); }
nav.sidebar li a:hover { background: #e9eef3; text-decoration: none; }
nav.sidebar li a.current { background: #dbe9f8; color: #0a4f96; font-weight: 600; }
main { margin-left: var(--side); padding: 34px 48px 80px; max-width: calc(var(--side) + 1000px); }
main > .content { max-width: 960px; }
header.page h1 { font-size: 2.1em; margin: 0 0 4px; line-height: 1.2; }
header.page p.subtitle { font-size: 1.15em; color: var(--muted); margin: 0 0 28px; }
h1, h2, h3 { line-height: 1.25; } h2 { margin-top: 1.9em; padding-bottom: .25em; border-bottom: 1px solid var(--line); }
h3 { margin-top: 1.5em; }
.anchor-link { visibility: hidden; margin-left: .3em; font-size: .8em; color: var(--muted); }
h1:hover .anchor-link, h2:hover .anchor-link, h3:hover .anchor-link, h4:hover .anchor-link { visibility: visible; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .88em; background: var(--bg-soft);
  padding: .1em .35em; border-radius: 4px; }
pre { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13.5px; line-height: 1.5;
  overflow-x: auto; }
pre code { background: none; padding: 0; }
.cell { margin: 14px 0; }
.input_area, .code-fold .highlight { background: var(--bg-soft); border: 1px solid var(--line); border-radius: 8px;
  padding: 10px 14px; }
.prompt { display: none; }
.text_cell_render pre { background: var(--bg-soft); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
.text_cell_render td, .text_cell_render th { text-align: left; }
.text_cell_render .code-fold pre { background: none; border: 0; padding: 0; }
.output_area { margin-top: 6px; overflow-x: auto; }
.output_text pre { padding: 6px 14px; border-left: 3px solid #c8d1da; color: #24292f; white-space: pre; }
.output_html { overflow-x: auto; }
table { border-collapse: collapse; margin: 10px 0; font-size: 14px; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 4px 10px; text-align: right; }
th { background: var(--bg-soft); } td:first-child, th:first-child { text-align: left; }
blockquote { margin: 0 0 1em; padding: 4px 16px; border-left: 4px solid var(--line); color: var(--muted); }
details.code-fold { margin: 8px 0 18px; } details.code-fold summary { cursor: pointer; color: var(--muted); font-size: 14px; margin-bottom: 6px; }
/* nbdev show_doc cards */
.output_markdown hr { display: none; }
.output_markdown { border: 1px solid #c6dcf2; border-radius: 10px; padding: 2px 18px 8px; margin: 18px 0 10px;
  background: #f8fbfe; }
.output_markdown h3, .output_markdown h4 { margin: 12px 0 6px; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 1.08em; color: #0a4f96; }
.output_markdown pre { background: none; border: 0; padding: 2px 0; }
.output_markdown table { font-size: 13.5px; }
.output_markdown td { text-align: left; }
.widget-note { background: #fff8e6; border: 1px solid #f0d58a; border-radius: 8px; padding: 10px 14px; font-size: 14.5px; }
.plotly-figure { width: 100%; min-height: 360px; }
footer { margin-top: 60px; color: var(--muted); font-size: 13px; border-top: 1px solid var(--line); padding-top: 12px; }
@media (max-width: 820px) { nav.sidebar { position: static; width: auto; } main { margin-left: 0; padding: 20px; } }
'''

PAGE = '''<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} | evalkit</title>
<link rel="stylesheet" href="{root}site.css">
<script src="{root}plotly.min.js"></script>
</head>
<body>
<nav class="sidebar">
<a class="brand" href="{root}index.html">evalkit</a>
<p class="tagline">Exact scoring of detection and segmentation competitions</p>
{nav}
</nav>
<main><div class="content">
<header class="page"><h1>{title}</h1>{subtitle}</header>
{body}
<footer>Generated from <code>{source}</code> by <code>make docs</code>.</footer>
</div></main>
</body>
</html>
'''


def html_name(rel: Path, fm: dict) -> Path:
    "Output path of a notebook's page: nbdev's output-file name, in the notebook's folder."
    name = fm.get('output-file') or re.sub(r'^\d+[a-z]?_', '', rel.stem) + '.html'
    return rel.parent/name


def nav_html(pages: list, current: Path, root: str) -> str:
    sections = {}
    for p in pages: sections.setdefault(p['section'], []).append(p)
    parts = []
    for sec in ('Start', 'Stages', 'Tutorials', 'Benchmarks'):
        if sec not in sections: continue
        items = ''.join(f'<li><a href="{root}{p["href"].as_posix()}"{" class=current" if p["href"] == current else ""}>'
                        f'{html.escape(p["title"])}</a></li>' for p in sections[sec])
        parts.append(f'<h4>{sec}</h4><ul>{items}</ul>')
    return '\n'.join(parts)


def rel_root(out_rel: Path) -> str:
    return '../' * (len(out_rel.parts) - 1)


SITE_FILES = {'benchmarks/results.md': 'benchmarks/results.html'}  # repository file -> its page on the site


def _repo_file(m, page: Path):
    "A relative link to a repository file that has a page (`SITE_FILES`) -> a relative link to that page."
    target = os.path.normpath(f'nbs/{page.parent.as_posix()}/{m.group(2)}')
    if target not in SITE_FILES: return m.group(0)
    return f'{m.group(1)}{os.path.relpath(SITE_FILES[target], page.parent.as_posix() or ".")}{m.group(3) or ""}"'


def fix_links(body: str, page: Path, pages_by_nb: dict, root: str, doc_url: str) -> str:
    "nbdev's absolute doc links and `.ipynb` links -> relative links between pages."
    body = body.replace(doc_url, root)
    body = re.sub(r'(href=")([^"#:]+\.md)(#[^"]*)?"', lambda m: _repo_file(m, page), body)
    def ipynb(m):
        target, frag = m.group(2), m.group(3) or ''
        if re.match(r'^[a-z]+:', target): return m.group(0)
        nb = (page.parent/(target + '.ipynb')).as_posix()
        nb = os.path.normpath(nb)
        if nb in pages_by_nb:
            return f'{m.group(1)}{os.path.relpath(pages_by_nb[nb], page.parent) if str(page.parent) != "." else pages_by_nb[nb]}{frag}"'
        return m.group(0)
    return re.sub(r'(href=")([^"#]+)\.ipynb(#[^"]*)?"', ipynb, body)


def render(proc: Path, rels: list, out: Path, bench: list) -> list:
    "Render the processed notebooks (and the benchmark pages) into `out`; returns the page records."
    import nbformat
    from nbconvert import HTMLExporter
    from nbconvert.preprocessors import TagRemovePreprocessor
    from traitlets.config import Config
    from pygments.formatters import HtmlFormatter
    cfg = Config()
    cfg.TagRemovePreprocessor.remove_input_tags = {'remove_input'}
    cfg.TagRemovePreprocessor.enabled = True
    cfg.HTMLExporter.exclude_input_prompt = True
    cfg.HTMLExporter.exclude_output_prompt = True
    exporter = HTMLExporter(config=cfg, template_name='basic')
    loaded = []
    for rel in rels:
        nb = json.loads((proc/rel).read_text(encoding='utf-8'))
        fm = front_matter(nb['cells'])
        title = str(fm.get('title') or rel.stem)
        section = 'Start' if rel.as_posix() == 'index.ipynb' else 'Tutorials' if rel.parts[0] == 'tutorials' else 'Stages'
        loaded.append(dict(rel=rel, nb=nb, fm=fm, title=title, section=section, href=html_name(rel, fm),
                           source=f'nbs/{rel.as_posix()}'))
    pages = sorted(loaded, key=lambda p: (p['section'] != 'Start', p['section'] == 'Tutorials', _tutorial_rank(p['rel'])))
    for b in bench: pages.append(dict(b, section='Benchmarks'))
    by_nb = {os.path.normpath(p['rel'].as_posix()): p['href'].as_posix() for p in pages if 'rel' in p}
    from configparser import ConfigParser
    ini = ConfigParser(); ini.read(ROOT/'settings.ini')
    doc_url = ini['DEFAULT']['doc_host'].rstrip('/') + '/' + ini['DEFAULT']['doc_baseurl'].strip('/') + '/'
    counter = [0]
    for p in pages:
        root = rel_root(p['href'])
        if 'nb' in p:
            show_docs(p['nb']['cells'], default_exp(ROOT/'nbs'/p['rel']))
            nb = dict(p['nb'], cells=prepare_cells(p['nb']['cells'], counter))
            for i, c in enumerate(nb['cells']):
                c.setdefault('id', f'c{i}')
                if c.get('id') is None: c['id'] = f'c{i}'
                if c['cell_type'] == 'markdown': c.pop('outputs', None); c.pop('execution_count', None)
            nb.setdefault('metadata', {}).pop('widgets', None)
            nb.update(nbformat=4, nbformat_minor=5)
            node = nbformat.reads(json.dumps(nb), as_version=4)  # rejoins multi-line strings
            body, _ = exporter.from_notebook_node(node)
            desc = p['fm'].get('description')
        else:
            body, desc = p['body'], p['description']
        body = fix_links(body, p['href'], by_nb, root, doc_url)
        page = PAGE.format(title=html.escape(p['title']), root=root, nav=nav_html(pages, p['href'], root), body=body,
                           subtitle=f'<p class="subtitle">{html.escape(str(desc))}</p>' if desc else '',
                           source=html.escape(p['source']))
        dest = out/p['href']
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(page, encoding='utf-8')
    fix_anchors(out, [out/p['href'] for p in pages])
    css = CSS + HtmlFormatter(style='friendly').get_style_defs('.highlight') + '\n.highlight { background: transparent; }\n'
    (out/'site.css').write_text(css, encoding='utf-8')
    return pages


def fix_anchors(out: Path, files: list) -> None:
    "Local links to an anchor a page lacks: matched case-insensitively to its headings (nbdev links `Result` as "
    "#result), else pointed at the page itself (private helpers have no card)."
    ids = {f.resolve(): {i.lower(): i for i in re.findall(r'\sid="([^"]+)"', f.read_text(encoding='utf-8'))} for f in files}
    for f in files:
        text = f.read_text(encoding='utf-8')
        def fix(m):
            path, frag = m.group(1), m.group(2)
            target = (f.parent/path).resolve() if path else f.resolve()
            if target not in ids: return m.group(0)
            real = ids[target].get(frag.lower()) or ids[target].get(frag.lower().replace('.', '-'))
            return f'href="{path}#{real}"' if real else f'href="{path or f.name}"'
        f.write_text(re.sub(r'href="([^"#:]*)#([^"]+)"', fix, text), encoding='utf-8')


def _tutorial_rank(rel: Path) -> tuple:
    order = ['scoring_step_by_step', 'rsna', 'airbus', 'icdar']
    return (order.index(rel.stem) if rel.stem in order else len(order), rel.as_posix())


def benchmark_page(path: Path) -> dict | None:
    "The benchmark page (a chart and a table) from `benchmarks/results.json`, or None when there is none."
    if not path.exists(): return None
    rep = json.loads(path.read_text(encoding='utf-8'))
    rows = [dict(workload=w.get('name', k), size=w.get('size'), description=w.get('description', ''), **r)
            for k, w in (rep.get('workloads') or {}).items() for r in w.get('rows', [])]
    if not rows: return None
    import plotly.graph_objects as go
    ok = [r for r in rows if r.get('status') == 'ok' and r.get('median_s') is not None]
    labels = list(dict.fromkeys(f"{r['workload']} ({r['size']})" for r in rows))
    fig = go.Figure([go.Bar(name=s, x=[f"{r['workload']} ({r['size']})" for r in ok if r['scorer'] == s],
                            y=[r['median_s'] for r in ok if r['scorer'] == s])
                     for s in dict.fromkeys(r['scorer'] for r in ok)])
    fig.update_layout(barmode='group', yaxis_type='log', yaxis_title='median seconds (log scale)',
                      xaxis=dict(categoryorder='array', categoryarray=labels), height=480,
                      title='Time to score one file, by workload and scorer', template='plotly_white')
    th = '<tr><th>workload</th><th>scorer</th><th>status</th><th>median s</th><th>peak MB</th><th>score</th><th>note</th></tr>'
    fmt = lambda v, f: '' if v is None else format(v, f) if isinstance(v, (int, float)) else html.escape(str(v))
    trs = ''.join(f"<tr><td>{html.escape(str(r['workload']))} ({r['size']})</td><td>{html.escape(str(r['scorer']))}</td>"
                  f"<td>{html.escape(str(r.get('status', '')))}</td><td>{fmt(r.get('median_s'), '.4f')}</td>"
                  f"<td>{fmt(r.get('peak_mb'), '.1f')}</td><td>{fmt(r.get('score'), '.6f')}</td>"
                  f"<td>{html.escape(str(r.get('note') or ''))}</td></tr>" for r in rows)
    m = rep.get('machine', {})
    intro = (f"<p>Run on {html.escape(str(rep.get('date', '?')))}: {html.escape(str(m.get('cpu', '?')))}, "
             f"{m.get('cores', '?')} cores, Python {html.escape(str(m.get('python', '?')))}"
             f"{' (quick run)' if rep.get('quick') else ''}. Made by <code>make bench</code> "
             "(<code>benchmarks/run.py</code>).</p>")
    body = intro + _plotly_html(json.loads(fig.to_json()), 0) + f'<h2>All rows</h2><table>{th}{trs}</table>'
    return dict(body=body, description='How long evalkit and its peers take to score the same files.',
                source=str(path.relative_to(ROOT)), title='Benchmarks', href=Path('benchmarks.html'))


def markdown_page(path: Path, title: str, href: str) -> dict | None:
    "A page showing a repository markdown file (tables included), or None when there is none."
    if not path.exists(): return None
    import mistune
    body = mistune.create_markdown(plugins=['table'])(path.read_text(encoding='utf-8'))
    return dict(body=body, description=None, source=str(path.relative_to(ROOT)), title=title, href=Path(href))


def build(out: Path, n_workers: int = 2, keep: bool = False) -> list:
    nbs = ROOT/'nbs'
    rels = notebooks(nbs)
    scratch = Path(tempfile.mkdtemp(prefix='evalkit-docs-'))
    env = {**os.environ, 'IN_TEST': '1', 'PLOTLY_RENDERER': 'plotly_mimetype'}
    try:
        execd = scratch/'proj'/'nbs'
        execute(nbs, rels, execd, n_workers, env)
        for rel in rels: exports_shown(execd/rel)
        proc = process(execd, scratch, n_workers, env)
        if out.exists(): shutil.rmtree(out)
        out.mkdir(parents=True)
        if (ROOT/'nbs'/'images').is_dir(): shutil.copytree(ROOT/'nbs'/'images', out/'images', dirs_exist_ok=True)
        import plotly
        shutil.copy(Path(plotly.__file__).parent/'package_data'/'plotly.min.js', out/'plotly.min.js')
        extra = (benchmark_page(ROOT/'benchmarks'/'results.json'),
                 markdown_page(ROOT/'benchmarks'/'results.md', 'Benchmark results', SITE_FILES['benchmarks/results.md']))
        pages = render(proc, rels, out, [x for x in extra if x])
    finally:
        if keep: print(f'scratch kept in {scratch}')
        else: shutil.rmtree(scratch, ignore_errors=True)
    print(f'{len(pages)} pages written to {out}')
    return pages


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=str(ROOT/'_docs'))
    ap.add_argument('--n-workers', type=int, default=min(2, os.cpu_count() or 2))
    ap.add_argument('--keep', action='store_true', help='keep the scratch folder (executed and processed notebooks)')
    a = ap.parse_args()
    build(Path(a.out).resolve(), a.n_workers, a.keep)
