"""Write the catalog (`evalkit.catalog.CATALOG`, `OPTIONS`) from the registry into nbs/00f_catalog.ipynb.

    python tools/make_catalog.py && nbdev_export

Run it after adding or changing a preset: the catalog's test (00f_catalog, test_imports) fails until the table
equals the registry. It runs in a fresh process, so the registry holds the built-in metrics only.
"""
import json
from pathlib import Path
from evalkit.catalog import catalog_source

NB = Path(__file__).resolve().parent.parent/'nbs'/'00f_catalog.ipynb'
CELL = 'cat-05'  # the cell holding the two tables

if __name__ == '__main__':
    nb = json.loads(NB.read_text())
    cell = next(c for c in nb['cells'] if c.get('id') == CELL)
    cell['source'] = ('#| export\n' + catalog_source()).splitlines(keepends=True)
    NB.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
    print(f'wrote {NB.name} cell {CELL}: run nbdev_export')
