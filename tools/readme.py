"""Generate README.md from nbs/index.ipynb (the docs landing page), so the two never drift apart.

    python tools/readme.py            # write README.md
    python tools/readme.py --check    # exit 1 (and say why) when README.md is not what index.ipynb gives

Markdown cells are copied; code cells become ```python blocks (their `#|` directives, read by `directives.py`,
dropped; `#| hide` and `#| include: false` cells left out; the notebook is kept without outputs, so none are shown);
relative links, written from `nbs/`, become links from the repository root (`12_custom.ipynb` ->
`nbs/12_custom.ipynb`, `../benchmarks/results.md` -> `benchmarks/results.md`).
"""
import json, os, re, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from directives import directives  # the one parser of cell directives (nbdev's)

ROOT = Path(__file__).resolve().parents[1]
NOTE = '<!-- Generated from nbs/index.ipynb by tools/readme.py (`make readme`): edit the notebook, not this file. -->'


def _link(m):
    target = m.group(2)
    if re.match(r'^[a-z]+:|^#|^/', target): return m.group(0)
    path, hash_, frag = target.partition('#')
    return f'{m.group(1)}({os.path.normpath("nbs/" + path)}{hash_}{frag})'


def readme(nb_path: Path = ROOT/'nbs'/'index.ipynb') -> str:
    "The README text for the notebook `nb_path`."
    parts = []
    for c in json.loads(nb_path.read_text(encoding='utf-8'))['cells']:
        src = ''.join(c['source']).strip('\n')
        if c['cell_type'] == 'markdown':
            parts.append(re.sub(r'(\[[^\]]*\])\(([^)\s]+)\)', _link, src))
        elif c['cell_type'] == 'code':
            d, body = directives(src)
            if 'hide' in d or d.get('include', '').lower() == 'false': continue
            code = body.strip('\n')
            if code: parts.append(f'```python\n{code}\n```')
    return '\n\n'.join(parts) + f'\n\n{NOTE}\n'


if __name__ == '__main__':
    text, out = readme(), ROOT/'README.md'
    if '--check' in sys.argv[1:]:
        if not out.exists() or out.read_text(encoding='utf-8') != text:
            sys.exit('README.md is out of sync with nbs/index.ipynb: run `make readme` and commit both')
        print('README.md in sync with nbs/index.ipynb')
    else:
        out.write_text(text, encoding='utf-8'); print(f'wrote {out}')
