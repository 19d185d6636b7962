"""Write the catalog (`evalkit.catalog.CATALOG`, `OPTIONS`) from the registry into nbs/00f_catalog.ipynb.

    python tools/make_catalog.py && nbdev_export

Run it after adding or changing a preset: the catalog's test (00f_catalog, test_imports) fails until the table
equals the registry. It runs in a fresh process, so the registry holds the built-in metrics only. The tables are
written as cells of at most 30 lines (`catalog_cells`), `cat-05`, `cat-05-2`, ..., in place of the ones there.
"""
import json, re
from pathlib import Path
from evalkit.catalog import catalog_cells

NB = Path(__file__).resolve().parent.parent/'nbs'/'00f_catalog.ipynb'
CELL = 'cat-05'  # the first cell holding the two tables; the others are cat-05-2, cat-05-3, ...

def table_cell(k: int, source: str) -> dict:
    "The notebook cell of the `k`th piece (from 1) of the tables."
    return dict(cell_type='code', execution_count=None, id=CELL if k == 1 else f'{CELL}-{k}', metadata={}, outputs=[],
                source=('#| export\n' + source).splitlines(keepends=True))

if __name__ == '__main__':
    nb = json.loads(NB.read_text())
    old = [i for i, c in enumerate(nb['cells']) if re.fullmatch(rf'{CELL}(-\d+)?', c.get('id', ''))]
    cells = [table_cell(k, s) for k, s in enumerate(catalog_cells(), 1)]
    nb['cells'][old[0]:old[-1] + 1] = cells
    NB.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
    print(f'wrote {NB.name} cells {CELL}..{cells[-1]["id"]}: run nbdev_export')
