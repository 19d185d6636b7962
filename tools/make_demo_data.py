"""Make `evalkit/demo_data/`: the small demo set shipped inside the package, so `evalkit demo` works from a wheel.

    python tools/make_demo_data.py [OUT]   # writes evalkit/demo_data/ (or OUT) from data/, the same bytes every run

Each file is a subset of the file of the same name in `data/` (see data/PROVENANCE.md): the header and every line
of the first N images in file order, copied as they are (no re-formatting), so scores of the subsets are scores of
real rows. The submissions keep the rows of the same images. Small files are copied whole.
"""
import csv, shutil
from pathlib import Path
from evalkit.metrics import METRICS

ROOT = Path(__file__).resolve().parent.parent
DATA, OUT = ROOT/'data', ROOT/'evalkit'/'demo_data'
FIRST = {'rsna': 1500, 'dsb2018': 6, 'sartorius': 5}  # images kept of the larger solutions; the others whole


def subset(path: Path, id_col: str, keep: set) -> str:
    "The header and the lines of `path` whose id is in `keep`, as they are."
    rows = path.read_text(encoding='utf-8').splitlines(keepends=True)
    col = next(csv.reader([rows[0]])).index(id_col)
    return ''.join([rows[0]] + [r for r in rows[1:] if next(csv.reader([r]))[col] in keep])


def first_ids(path: Path, id_col: str, n: int) -> set:
    "The first `n` distinct ids of `path`, in file order."
    rows = path.read_text(encoding='utf-8').splitlines()
    col = next(csv.reader([rows[0]])).index(id_col)
    return set(list(dict.fromkeys(next(csv.reader([r]))[col] for r in rows[1:]))[:n])


def main(out: Path = OUT):
    if out.exists(): shutil.rmtree(out)
    out.mkdir(parents=True)
    notes = []
    for m in METRICS.values():
        sol, sub, _ = m.demo
        if (DATA/sol).is_dir() and (DATA/sub).is_dir():  # DOTA: a label folder and a result folder, whole
            for f in (sol, sub): shutil.copytree(DATA/f, out/f)
            notes.append(f'| {sol}/, {sub}/ | whole |')
        elif (DATA/sol).is_dir():  # ICDAR: the ground-truth pages only (the folder's sample submission stays out)
            (out/sol).mkdir()
            for f in sorted((DATA/sol).glob('POD_*.xml')): shutil.copy(f, out/sol/f.name)
            shutil.copy(DATA/sub, out/sub)
            notes.append(f'| {sol}/, {sub} | whole (the ground-truth pages only) |')
        elif m.name in FIRST:
            keep = first_ids(DATA/sol, m.id_col, FIRST[m.name])
            for f in (sol, sub): (out/f).write_text(subset(DATA/f, m.id_col, keep), encoding='utf-8')
            notes.append(f'| {sol}, {sub} | the first {FIRST[m.name]} images of the solution, and their submission '
                         'rows |')
        else:
            for f in (sol, sub): shutil.copy(DATA/f, out/f)
            pngs = [f for f in (sol, sub) if f.endswith('.json') and (DATA/f[:-5]).is_dir()]  # COCO panoptic
            for f in pngs: shutil.copytree(DATA/f[:-5], out/f[:-5])
            notes.append(f'| {sol}, {sub} | whole' + (' (with their PNG folders)' if pngs else '') + ' |')
    (out/'PROVENANCE.md').write_text(
        '# Demo data shipped with evalkit\n\nSubsets of the files of the same name in the source repository\'s '
        '`data/` folder (their provenance: `data/PROVENANCE.md` there), made by `tools/make_demo_data.py`: whole '
        'lines copied as they are. `evalkit demo` scores them.\n\n| files | what |\n|---|---|\n'
        + '\n'.join(notes) + '\n',
        encoding='utf-8')


if __name__ == '__main__':
    import sys
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
