"""Edit notebooks as text: convert between `.ipynb` and a percent-format `.py`, keeping cell ids stable.

    python tools/nbpy.py to-py nbs/00_iou.ipynb          # writes nbs/00_iou.py next to it (do not commit it)
    python tools/nbpy.py to-nb nbs/00_iou.py             # writes nbs/00_iou.ipynb (outputs dropped)

Cells start with `# %%` (code) or `# %% [markdown]` (markdown, every line prefixed by `# `).
A cell may carry its id: `# %% id=abc123`. Cells without an id get one derived from the notebook name
and the cell's position, so repeated conversions produce the same file.
"""
import hashlib, json, re, sys
from pathlib import Path

HDR = re.compile(r'^# %%(?: \[(markdown)\])?(?: id=([A-Za-z0-9_-]+))?\s*$')


def to_py(nb_path: Path) -> Path:
    nb = json.loads(nb_path.read_text(encoding='utf-8'))
    out = []
    for c in nb['cells']:
        src = ''.join(c['source'])
        cid = f" id={c['id']}" if c.get('id') else ''
        if c['cell_type'] == 'markdown':
            out.append(f'# %% [markdown]{cid}')
            out += [('# ' + l) if l else '#' for l in src.split('\n')]
        else:
            out.append(f'# %%{cid}')
            out += src.split('\n')
        out.append('')
    p = nb_path.with_suffix('.py')
    p.write_text('\n'.join(out), encoding='utf-8')
    return p


def _cells(text: str):
    cur = None
    for line in text.split('\n'):
        m = HDR.match(line)
        if m:
            if cur: yield cur
            cur = dict(md=bool(m.group(1)), id=m.group(2), lines=[])
        elif cur is not None:
            cur['lines'].append(line)
    if cur: yield cur


def to_nb(py_path: Path) -> Path:
    cells, seen = [], set()
    for i, c in enumerate(_cells(py_path.read_text(encoding='utf-8'))):
        lines = c['lines']
        while lines and not lines[-1].strip(): lines.pop()
        if c['md']: lines = [l[2:] if l.startswith('# ') else l.lstrip('#') for l in lines]
        src = '\n'.join(lines)
        cid = c['id'] or hashlib.sha1(f'{py_path.stem}:{i}:{src[:40]}'.encode()).hexdigest()[:8]
        while cid in seen: cid = hashlib.sha1(cid.encode()).hexdigest()[:8]
        seen.add(cid)
        source = [l + '\n' for l in src.split('\n')]
        if source: source[-1] = source[-1][:-1]
        cell = dict(cell_type='markdown' if c['md'] else 'code', id=cid, metadata={}, source=source)
        if not c['md']: cell.update(execution_count=None, outputs=[])
        cells.append(cell)
    nb = dict(cells=cells, metadata=dict(kernelspec=dict(display_name='python3', language='python', name='python3')),
              nbformat=4, nbformat_minor=5)
    p = py_path.with_suffix('.ipynb')
    p.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    return p


if __name__ == '__main__':
    cmd, *paths = sys.argv[1:]
    for p in paths: print({'to-py': to_py, 'to-nb': to_nb}[cmd](Path(p)))
