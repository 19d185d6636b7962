"""Self-check of the benchmark harness (no pytest): `python benchmarks/test_harness.py`.

1. Generators are deterministic by seed (same seed: same bytes; another seed: other bytes).
2. Every generated RLE is valid (SPEC section 2) and masks of one image never overlap (solution and submission).
3. The peers score hand-computed fixtures exactly (IoU exactly 3/5 at t = 0.6 is a miss; SPEC 1 test vectors).
4. pycocotools and the classic kernel agree to 1e-12 on the quick workloads; the floor parses every integer.
   Newer presets (reef, vinbigdata, wheat, tgs, sartorius): the competition's layout, and the floor parses every
   number of both files (counted here another way).
5. run.py end to end on quick workloads with a stand-in `evalkit` (a correct one and a wrong one): the rows, ratios,
   agreement check and targets come out as they should.
6. COCO (SPEC 11): `tools/make_coco_data.py` is seeded and writes what COCO has (category ids with gaps, crowds with
   uncompressed RLE, `ignore` flags, images without ground truth, categories without ground truth or detections,
   ties, duplicates); the four COCO peers give pycocotools' 12 stats on the quick workloads; run.py's COCO rows with
   a stand-in `evalkit score coco` (correct, then off by 1e-9), and with the real `evalkit` (no coco metric yet:
   skipped, not a crash); a peak memory is the command's own, not the harness's. `evalkit (numpy only)` gets
   EVALKIT_NUMBA=0 (and only it), the evalkit rows run once untimed first; the COCO targets from made-up rows.
7. scale.py's COCO row (Objects365 on Dask) on a tiny pair of the same generator: a Dask run on a 2-worker cluster
   and one machine, compared with == (the 12 stats, per-class AP, TP/FP/FN), the targets and the tables; a stat off
   by one ulp is a difference.
"""
import contextlib, hashlib, io, json, os, stat, subprocess, sys, tempfile, time
from pathlib import Path
import numpy as np, pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import workloads, run  # noqa: E402

PEERS = HERE/'peers'
failures = []


def check(cond, what):
    print(('ok    ' if cond else 'FAIL  ') + what)
    if not cond: failures.append(what)


def peer(name, metric, sol, sub):
    r = subprocess.run([sys.executable, str(PEERS/name), metric, str(sol), str(sub)], capture_output=True, text=True,
                       cwd=PEERS)
    if r.returncode: raise RuntimeError(f'{name} failed: {r.stderr[-500:]}')
    return float(r.stdout.strip().splitlines()[-1])


def digest(d):
    return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in sorted(Path(d).iterdir())
            if f.name != 'meta.json'}


def test_deterministic(tmp):
    for name in workloads.WORKLOADS:
        a = workloads.get(name, True, 7, root=tmp/'a')
        b = workloads.get(name, True, 7, root=tmp/'b')
        c = workloads.get(name, True, 8, root=tmp/'c')
        da, db, dc = (digest(Path(w['submission']).parent) for w in (a, b, c))
        check(da == db and len(da) >= 1, f'{name}: same seed gives the same bytes')
        check(da != dc, f'{name}: another seed gives other bytes')


def rle_problems(rles, H, W):
    "SPEC 2 violations of one image's RLE strings, and whether two masks overlap."
    starts, ends = [], []
    for s in rles:
        v = np.array(s.split(), np.int64)
        if len(v) % 2: return 'odd count'
        st, ln = v[0::2], v[1::2]
        if (st < 1).any() or (ln < 1).any(): return 'non-positive'
        if (np.diff(st) <= 0).any(): return 'unsorted'
        if (st[1:] < st[:-1] + ln[:-1]).any(): return 'runs overlap'
        if (st + ln - 1 > H * W).any(): return 'outside image'
        starts.append(st); ends.append(st + ln)
    if starts:
        st, en = np.concatenate(starts), np.concatenate(ends)
        o = np.argsort(st, kind='stable')
        if (st[o][1:] < en[o][:-1]).any(): return 'masks overlap'
    return None


def test_rle_valid():
    for name in ('dsb_synth', 'airbus', 'dsb_real'):
        w = workloads.get(name, True, 0)
        sol = pd.read_csv(w['solution'], keep_default_na=False, dtype={'EncodedPixels': str})
        size = {k: (int(g.Height.iat[0]), int(g.Width.iat[0])) if 'Height' in g else (768, 768)
                for k, g in sol.groupby('ImageId')}
        for which in ('solution', 'submission'):
            df = pd.read_csv(w[which], keep_default_na=False, dtype={'EncodedPixels': str})
            bad = {k: p for k, g in df.groupby('ImageId')
                   if (p := rle_problems([s for s in g.EncodedPixels if s], *size[k]))}
            check(not bad and len(df) > 0, f'{name} {which}: {len(df)} rows of valid, non-overlapping RLE'
                                            + (f' -- {list(bad.items())[:2]}' if bad else ''))
    w = workloads.get('dsb_synth', True, 0)
    sub = pd.read_csv(w['submission'])
    sol = pd.read_csv(w['solution'])
    check(set(sub.ImageId) <= set(sol.ImageId) and sol.Usage.eq('Public').all()
          and set(zip(sol.Height, sol.Width)) <= set(workloads.DSB_SIZES), 'dsb_synth: layout, sizes and Usage')
    a = workloads.get('airbus', True, 0)
    s = pd.read_csv(a['solution'], keep_default_na=False)
    empty = s.groupby('ImageId').EncodedPixels.apply(lambda g: (g == '').all())
    check(0.5 < empty.mean() < 0.7 and s.groupby('ImageId').size().max() <= 5,
          f'airbus: {empty.mean():.0%} without ships')


def test_local_rle():
    "patch_runs / rle_to_patch round trip against a full-image column-major encoding."
    rng = np.random.default_rng(3)
    H, W = 37, 23
    for _ in range(50):
        m = rng.random((rng.integers(1, H), rng.integers(1, W))) < 0.4
        y0, x0 = rng.integers(0, H - m.shape[0] + 1), rng.integers(0, W - m.shape[1] + 1)
        full = np.zeros((H, W), bool); full[y0:y0 + m.shape[0], x0:x0 + m.shape[1]] = m
        f = np.r_[0, full.ravel(order='F').astype(np.int8), 0]
        d = np.diff(f)
        st, en = np.flatnonzero(d == 1), np.flatnonzero(d == -1)
        s = workloads.runs_to_str(*workloads.patch_runs(m, y0, x0, H))
        ok = s == ' '.join(f'{a + 1} {b - a}' for a, b in zip(st, en))
        if m.any():
            ya, xa, p = workloads.rle_to_patch(s, H)
            back = np.zeros((H, W), bool); back[ya:ya + p.shape[0], xa:xa + p.shape[1]] = p
            ok &= (back == full).all()
        if not ok: break
    check(ok, 'local-patch RLE equals the full-image column-major RLE and decodes back')


def write(path, text):
    Path(path).write_text(text)
    return path


def test_fixtures(tmp):
    # 10x10 images. A: GT 4x4 square, prediction shifted one column: inter 12, union 20, IoU exactly 3/5 -> hits at
    # 0.50 and 0.55 only (0.6 is a miss with `>`): 2/10. B: no prediction: 0. C: exact prediction: 1. Mean 0.4.
    sq, sh = '1 4 11 4 21 4 31 4', '11 4 21 4 31 4 41 4'
    sol = write(tmp/'dsb_sol.csv', 'ImageId,EncodedPixels,Height,Width,Usage\n'
                f'A,{sq},10,10,Public\nB,{sq},10,10,Public\nC,{sq},10,10,Public\n')
    sub = write(tmp/'dsb_sub.csv', f'ImageId,EncodedPixels\nA,{sh}\nC,{sq}\n')
    for p in ('kernel.py', 'pycoco.py', 'pycoco_masks.py'):
        check(abs(peer(p, 'dsb2018', sol, sub) - 0.4) < 1e-15, f'{p}: DSB fixture scores 0.4 (IoU 3/5 misses t = 0.6)')
    # Airbus: no ship + no prediction: 1; no ship + a prediction: 0; one ship at IoU 3/5: F2 1 at 2 of 10 -> 0.2.
    sol = write(tmp/'ab_sol.csv', f'ImageId,EncodedPixels\na.jpg,\nb.jpg,\nc.jpg,{sq}\n')
    sub = write(tmp/'ab_sub.csv', f'ImageId,EncodedPixels\na.jpg,\nb.jpg,{sq}\nc.jpg,{sh}\n')
    for p in ('kernel.py', 'pycoco.py', 'pycoco_masks.py'):
        check(abs(peer(p, 'airbus', sol, sub) - 0.4) < 1e-15, f'{p}: Airbus fixture scores 0.4')
    # RSNA, SPEC 1 test vectors: 1/4 each; an empty patient is left out; a false box on an empty patient scores 0.
    sol = write(tmp/'rsna_sol.csv', 'patientId,x,y,width,height,Target\nA,0,0,100,100,1\nB,0,0,100,100,1\n'
                'B,15,14,96,94,1\nC,,,,,0\nD,,,,,0\n')
    sub = write(tmp/'rsna_sub.csv', 'patientId,PredictionString\nA,0.9 0 0 100 50\n'
                'B,0.5 6 -7 50 114 0.9 10 30 78 64\nC,\nD,0.3 0 0 10 10\n')
    check(abs(peer('pycoco.py', 'rsna', sol, sub) - 1 / 6) < 1e-15,
          'pycoco.py: RSNA SPEC test vectors (1/4, 1/4, skip, 0)')
    # Reef, pooled: A: IoU exactly 1/2 (a hit at 0.30..0.45 only), B: a false box, C: a missed starfish, D: nothing.
    # t < 0.5: TP 1, FP 1, FN 1: F2 = 5/10; t >= 0.5 (7 thresholds): TP 0, FP 2, FN 2: 0. Mean 4 * 0.5 / 11 = 2/11.
    box = "[{'x': 0, 'y': 0, 'width': 100, 'height': 100}]"
    sol = write(tmp/'reef_sol.csv', f'image_id,annotations\nA,"{box}"\nB,[]\nC,"{box}"\nD,[]\n')
    sub = write(tmp/'reef_sub.csv', 'image_id,annotations\nA,0.9 0 0 100 50\nB,0.5 10 10 20 20\nC,\n')
    check(abs(peer('pycoco.py', 'reef', sol, sub) - 2 / 11) < 1e-15, 'pycoco.py: reef fixture scores 2/11 (pooled F2)')


def test_peers_agree():
    for name in ('dsb_synth', 'airbus', 'dsb_real'):
        w = workloads.get(name, True, 0)
        k, c, m = (peer(p, w['metric'], w['solution'], w['submission'])
                   for p in ('kernel.py', 'pycoco.py', 'pycoco_masks.py'))
        check(abs(k - c) <= 1e-12 and abs(k - m) <= 1e-12 and 0 < k < 1,
              f'{name}: kernel {k:.15f} == pycocotools counts {c:.15f} == pycocotools masks {m:.15f}')
    w = workloads.get('dsb_synth', True, 0)
    n = int(subprocess.run([sys.executable, str(PEERS/'floor.py'), 'dsb2018', w['solution'], w['submission']],
                           capture_output=True, text=True).stdout)
    ref = sum(len(s.split()) for f in (w['solution'], w['submission']) for s in pd.read_csv(f).EncodedPixels)
    check(n == ref, f'floor parses every RLE integer ({n})')


PRESET_LAYOUT = {  # solution columns, submission columns (the competitions' files)
    'reef': (['video_id', 'sequence', 'video_frame', 'sequence_frame', 'image_id', 'annotations'],
             ['image_id', 'annotations']),
    'vinbigdata': (['image_id', 'class_name', 'class_id', 'rad_id', 'x_min', 'y_min', 'x_max', 'y_max'],
                   ['image_id', 'PredictionString']),
    'wheat': (['image_id', 'width', 'height', 'bbox', 'source'], ['image_id', 'PredictionString']),
    'tgs': (['id', 'rle_mask'], ['id', 'rle_mask']),
    'sartorius': (['id', 'annotation', 'width', 'height', 'cell_type', 'plate_time', 'sample_date', 'sample_id',
                   'elapsed_timedelta'], ['id', 'predicted']),
}


def expected_numbers(metric, sol, sub):
    "How many numbers the floor must parse, counted without its bulk calls."
    words = lambda col: sum(len(x.split()) for x in col)
    if metric == 'reef':  # 4 per dict of the solution; every word of the submission
        return 4 * sum(x.count('{') for x in sol.annotations) + words(sub.annotations)
    if metric == 'vinbigdata':  # class_id of every row, 4 coordinates of every box (class 14: none)
        return len(sol) + 4 * int((sol.class_id != '14').sum()) + words(sub.PredictionString)
    if metric == 'wheat':
        return 4 * int((sol.bbox != '').sum()) + words(sub.PredictionString)
    if metric == 'tgs':
        return words(sol.rle_mask) + words(sub.rle_mask)
    return words(sol.annotation) + words(sub.predicted)


def test_presets():
    "The newer presets' workloads: layout, sizes, image ids; the floor parses every number; the reef peer scores."
    for name in workloads.PRESETS:
        w = workloads.get(name, True, 0)
        sol, sub = (pd.read_csv(w[k], dtype=str, keep_default_na=False) for k in ('solution', 'submission'))
        cols = PRESET_LAYOUT[name]
        idc = cols[1][0]
        n_img = sol[idc].nunique()
        check(list(sol.columns) == cols[0] and list(sub.columns) == cols[1] and n_img == w['size']
              and set(sub[idc]) <= set(sol[idc]) and w['generator'].startswith('tools/make_preset_data.py'),
              f'{name}: competition layout, {n_img} images, submission ids in the solution')
        r = subprocess.run([sys.executable, str(PEERS/'floor.py'), w['metric'], w['solution'], w['submission']],
                           capture_output=True, text=True)
        n, ref = (int(r.stdout) if r.returncode == 0 else r.stderr[-200:]), expected_numbers(name, sol, sub)
        check(n == ref and ref > 0, f'{name}: the floor parses every number ({n}, expected {ref})')
    w = workloads.get('reef', True, 0)
    r = peer('pycoco.py', 'reef', w['solution'], w['submission'])
    check(0 < r < 1, f'reef: pycocotools (boxes) scores the quick workload ({r:.15f})')
    v = pd.read_csv(workloads.get('vinbigdata', True, 0)['solution'], dtype=str, keep_default_na=False)
    check(set(v.class_id.astype(int)) <= set(range(15)) and (v.class_id == '14').any()
          and (v[v.class_id == '14'][['x_min', 'y_min', 'x_max', 'y_max']] == '').to_numpy().all(),
          'vinbigdata: classes 0..14, class 14 rows with empty coordinates')
    rep = dict(workloads={k: dict(name=k, rows=[dict(scorer='floor', status='ok', median_s=0.5, vs_floor=1.0),
                                                dict(scorer='evalkit', status='ok', median_s=0.6, vs_floor=1.2)])
                          for k in workloads.PRESETS})
    tab = run.speed_table(rep)
    check(all(run.SHORT[k] in tab for k in workloads.PRESETS), 'run.py: speed table rows for the newer presets')
    tg = run.targets({k: dict(rows=rep['workloads'][k]['rows'], agreement=dict(ok=None)) for k in workloads.PRESETS},
                     None, dict(status='PASS', detail=''))
    check(sum(t['status'] == 'PASS' and '1.20x floor' in t['detail'] for t in tg) == len(workloads.PRESETS),
          'run.py: a <= 2x floor target per newer preset')


def fake_evalkit(path, offset=0.0):
    "A stand-in `evalkit score METRIC SOL SUB --json` that delegates to the pycocotools peer (plus `offset`)."
    path.write_text(f'#!{sys.executable}\nimport json, subprocess, sys\n'
                    f'out = subprocess.run([sys.executable, {str(PEERS/"pycoco.py")!r}, *sys.argv[2:5]], '
                    'capture_output=True, text=True, check=True).stdout\n'
                    f'print(json.dumps({{"score": float(out.split()[-1]) + {offset!r}}}))\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_masks_targets():
    "The masks (a) target takes the fastest peer as users run it; the hand-optimised pycocotools is stated beside it."
    def res(**t):
        rows = [dict(scorer=k, status='ok', median_s=v, peak_mb=100) for k, v in t.items()]
        return {'dsb_synth': dict(rows=rows, agreement=dict(ok=None))}
    imp = dict(status='PASS', detail='')
    base = dict(floor=0.5, evalkit=0.6, kernel=30.0, stardist=25.0)
    tg = run.targets(res(**base, **{run.COCO_MASKS: 16.0, run.COCO_COUNTS: 2.4}), None, imp)
    used, opt = tg[0], tg[1]
    check(used['status'] == 'PASS' and run.COCO_MASKS in used['detail'] and '26.7x' in used['detail']
          and 'as users run it' in used['target'] and '>= 25x' in used['target'] and '(target >= 25x)' in used['detail']
          and 'numpy only' not in used['detail'],
          f'targets: fastest peer as used is {run.COCO_MASKS} (26.7x, target 25x): PASS')
    check(opt['status'] == 'INFO' and 'hand-optimised' in opt['target'] and '4.0x' in opt['detail']
          and '4.8x faster than it' in opt['detail'],
          'targets: the hand-optimised pycocotools is stated beside it (4.0x: INFO)')
    tg = run.targets(res(**base, **{run.COCO_MASKS: 13.0, run.COCO_COUNTS: 20.0}), None, imp)
    check(tg[0]['status'] == 'FAIL' and tg[1]['status'] == 'INFO' and '21.7x' in tg[0]['detail'],
          'targets: 21.7x against the fastest peer as used is a FAIL (target 25x), whatever the optimised one does')
    n = len(tg)
    tg = run.targets(res(**base, **{run.EK_NUMPY: 0.8, run.COCO_MASKS: 16.0, run.COCO_COUNTS: 2.4}), None, imp)
    check(len(tg) == n and tg[0]['status'] == 'PASS'
          and tg[0]['detail'].endswith('; numpy only: 0.800 s = 1.60x floor, that peer / numpy only = 20.0x')
          and tg[1]['detail'].endswith('; numpy only: 0.800 s = 1.60x floor, that peer / numpy only = 3.0x'),
          'targets: evalkit (numpy only) stated beside the masks (a) figures, not a target of its own')
    tg = run.targets(res(**{**base, 'floor': 0.2}, **{run.COCO_MASKS: 13.0, run.COCO_COUNTS: 20.0}), None, imp)
    check(tg[0]['status'] == 'FAIL' and '3.00x floor' in tg[0]['detail'], 'targets: 3x the floor is a FAIL')
    dash = [run.targets({}, None, imp, dict(seconds=s, note=''))[-1]['status'] for s in (0.0214, 0.1)]
    check(dash == ['PASS', 'FAIL'], 'targets: dashboard slider update 21 ms PASS, 100 ms FAIL')


def test_run_end_to_end(tmp):
    only = ['--quick', '--only', 'dsb_real', 'rsna_synth']
    with contextlib.redirect_stdout(io.StringIO()):  # run.py's own PASS/FAIL lines would read as ours
        rep = run.main([*only, '--out', str(tmp/'good'), '--evalkit', fake_evalkit(tmp/'ek_good')])
    w = rep['workloads']['dsb_real']
    rows = {r['scorer']: r for r in w['rows']}
    check(all(rows[k]['status'] == 'ok' for k in ('floor', 'evalkit', run.COCO_MASKS, run.COCO_COUNTS, 'kernel'))
          and rows['stardist']['status'] == 'skipped', 'run.py: every dsb_real row measured (stardist: quick skip)')
    check(rows['kernel']['vs_evalkit'] == rows['kernel']['median_s'] / rows['evalkit']['median_s']
          and rows['floor']['vs_floor'] == 1.0 and rows['evalkit']['peak_mb'] > 10, 'run.py: ratios and peak memory')
    check(w['agreement']['ok'] is True
          and w['agreement']['scorers'] == sorted(['evalkit', 'kernel', run.COCO_MASKS, run.COCO_COUNTS]),
          'run.py: evalkit, both pycocotools peers and the kernel agree')

    check(rep['import_check']['status'] == 'PASS', 'run.py: import check runs on the evalkit command')
    md = (tmp/'good'/'results.md').read_text()
    check('## Machine' in md and f'| dsb_real: scores of evalkit, kernel, {run.COCO_COUNTS}, {run.COCO_MASKS} '
          'agree to 1e-12 | PASS' in md and f'| {run.COCO_MASKS} |' in md
          and 'dashboard slider update (real DSB)' in md, 'run.py: results.md has machine, targets, dashboard row')
    check(json.loads((tmp/'good'/'results.json').read_text())['workloads']['rsna_synth']['agreement']['ok'] is True,
          'run.py: results.json written; RSNA evalkit == pycocotools')
    with contextlib.redirect_stdout(io.StringIO()):
        rep = run.main([*only, '--out', str(tmp/'bad'), '--evalkit', fake_evalkit(tmp/'ek_bad', 1e-9)])
    check(rep['workloads']['dsb_real']['agreement']['ok'] is False
          and any(t['status'] == 'FAIL' and 'agree' in t['target'] for t in rep['targets']),
          'run.py: a score off by 1e-9 is reported as a FAIL')


def coco_peer(lib, iou_type, gt, res):
    r = subprocess.run([sys.executable, str(PEERS/'coco_peer.py'), lib, iou_type, str(gt), str(res)],
                       capture_output=True, text=True, cwd=PEERS)
    if r.returncode: raise RuntimeError(f'coco_peer.py {lib} failed: {r.stderr[-500:]}')
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_coco_generator():
    "make_coco: seeded; COCO's fields and the cases a COCOeval parity test needs."
    sys.path.insert(0, str(HERE.parent/'tools'))
    from make_coco_data import make_coco
    a, b, c = make_coco(60, seed=4, segm='polygon'), make_coco(60, seed=4, segm='polygon'), make_coco(60, seed=5)
    check(json.dumps(a) == json.dumps(b) and json.dumps(a) != json.dumps(c), 'make_coco: same seed, same output')
    gt, res = a
    anns, cats = gt['annotations'], {x['id'] for x in gt['categories']}
    crowd = [x for x in anns if x['iscrowd']]
    check(len(cats) == 80 and max(cats) == 90 and 12 not in cats and set(gt) >= {'images', 'annotations', 'categories'},
          'make_coco: 80 categories, ids 1..90 with gaps')
    check(all(isinstance(x['segmentation'], list) for x in anns if not x['iscrowd'])
          and all(isinstance(x['segmentation']['counts'], list) for x in crowd)
          and all(isinstance(r['segmentation']['counts'], str) and len(r['bbox']) == 4 for r in res),
          f'make_coco: polygons, {len(crowd)} crowds with uncompressed RLE, detections with compressed RLE strings')
    g = make_coco(300, seed=1)
    per = {}
    for r in g[1]: per[r['image_id']] = per.get(r['image_id'], 0) + 1
    scores = [r['score'] for r in g[1]]
    check(any('ignore' in x for x in g[0]['annotations']) and any(x['iscrowd'] for x in g[0]['annotations'])
          and len({x['id'] for x in g[0]['images']} - {x['image_id'] for x in g[0]['annotations']}) > 0
          and max(per.values()) > 100 and len(set(scores)) < len(scores) / 5
          and {x['id'] for x in g[0]['categories']} - {x['category_id'] for x in g[0]['annotations']}
          and {x['id'] for x in g[0]['categories']} - {r['category_id'] for r in g[1]},
          f'make_coco: ignore flags, crowds, images without ground truth, an image with {max(per.values())} '
          'detections, tied scores, categories without ground truth and without detections')


def test_coco_peers():
    "The COCO peers agree with pycocotools on the quick workloads (bbox and segm)."
    for name in ('coco_bbox', 'coco_segm'):
        w = workloads.get(name, True, 0)
        ref = coco_peer('pycocotools', w['iou_type'], w['solution'], w['submission'])
        for lib in ('faster-coco-eval', 'hotcoco', 'ultrafast-pycocotools'):
            try:
                got = coco_peer(lib, w['iou_type'], w['solution'], w['submission'])
            except RuntimeError as e:
                check(False, f'{name}: {lib} runs ({str(e)[-200:]})'); continue
            d = max(abs(x - y) for x, y in zip(got, ref))
            check(len(got) == 12 and d <= 1e-12 and 0.2 < ref[0] < 0.8, f'{name}: {lib} == pycocotools (12 stats, '
                  f'largest difference {d:.2g}; AP {ref[0]:.4f})')


STAT_NAMES = ['AP', 'AP50', 'AP75', 'APs', 'APm', 'APl', 'AR1', 'AR10', 'AR100', 'ARs', 'ARm', 'ARl']


def fake_coco_evalkit(path, offset=0.0):
    "A stand-in `evalkit score coco GT RESULTS --json [--iou-type segm]` printing pycocotools' stats (plus `offset`)."
    path.write_text(f'#!{sys.executable}\nimport json, subprocess, sys\n'
                    "t = sys.argv[sys.argv.index('--iou-type') + 1] if '--iou-type' in sys.argv else 'bbox'\n"
                    f'out = subprocess.run([sys.executable, {str(PEERS/"coco_peer.py")!r}, "pycocotools", t, '
                    '*sys.argv[3:5]], capture_output=True, text=True, check=True).stdout\n'
                    f'st = [x + {offset!r} for x in json.loads(out.split(chr(10))[-2])]\n'
                    f'print(json.dumps({{"score": st[0], "stats": dict(zip({STAT_NAMES!r}, st))}}))\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_coco_rows(tmp):
    "run.py --only coco: rows, stats agreement, targets; without a coco metric in evalkit the rows are skipped."
    args = ['--quick', '--only', 'coco_bbox', 'coco_segm']
    with contextlib.redirect_stdout(io.StringIO()):
        rep = run.main([*args, '--out', str(tmp/'cg'), '--evalkit', fake_coco_evalkit(tmp/'ek_coco')])
    for name in ('coco_bbox', 'coco_segm'):
        w = rep['workloads'][name]
        rows = {r['scorer']: r for r in w['rows']}
        check(all(rows[k]['status'] == 'ok' for k in ('floor', 'evalkit', run.EK_NUMPY, *run.COCO_LIBS))
              and w['agreement']['ok'] is True
              and w['agreement']['scorers'] == ['evalkit', run.EK_NUMPY, run.COCO_PY],
              f'run.py {name}: every row measured; the 12 stats of evalkit and evalkit (numpy only) == pycocotools\'')
        check(all('first run' in rows[k]['note'] and rows[k]['first_s'] > 0 for k in run.WARM)
              and not any('first run' in rows[k]['note'] for k in ('floor', *run.COCO_LIBS)),
              f'run.py {name}: evalkit rows warmed up once, untimed (note "first run ... s"); the others not')
        check(rows['floor']['peak_mb'] < 200 and rows[run.COCO_PY]['cpu_s'] > 0 and w['import_mb']['cost_mb'] > 20,
              f'run.py {name}: own peak memory (floor {rows["floor"]["peak_mb"]:.0f} MB), CPU time, import cost '
              f'{w["import_mb"]["cost_mb"]:.0f} MB')
    tg = {t['target']: t for t in rep['targets']}
    check(sum(t['status'] in ('PASS', 'FAIL') and k.startswith('COCO ') for k, t in tg.items()) == 6
          and tg[f'coco_bbox: 12 stats of evalkit, {run.EK_NUMPY}, {run.COCO_PY} agree to 1e-12']['status'] == 'PASS',
          'run.py: six COCO targets decided, the 12 stats agree')
    md = (tmp/'cg'/'results.md').read_text()
    check(f'| {run.EK_NUMPY} |' in md and 'EVALKIT_NUMBA of the `evalkit` rows' in md
          and f'COCO bbox (m): {run.EK_NUMPY} (EVALKIT_NUMBA=0) <= 1.5x' in md,
          'run.py: results.md has the numpy only row, its bbox target and the EVALKIT_NUMBA in force')
    with contextlib.redirect_stdout(io.StringIO()):
        rep = run.main([*args[:3], '--out', str(tmp/'cb'), '--evalkit', fake_coco_evalkit(tmp/'ek_coco_bad', 1e-9)])
    check(rep['workloads']['coco_bbox']['agreement']['ok'] is False, 'run.py: COCO stats off by 1e-9 are a FAIL')
    if run.evalkit_status() is None:  # the installed evalkit: no coco metric yet, or a real one
        with contextlib.redirect_stdout(io.StringIO()):
            rep = run.main([*args[:3], '--out', str(tmp/'real')])
        ek = next(r for r in rep['workloads']['coco_bbox']['rows'] if r['scorer'] == 'evalkit')
        check(ek['status'] == 'ok' or (ek['status'] == 'skipped' and 'evalkit has no coco metric yet' in ek['note']),
              f'run.py: the real evalkit on COCO: {ek["status"]} {ek.get("note", "")[:70]}')
    big = run.run_once([sys.executable, '-c', 'pass'])
    check(big['peak_mb'] < 60, f'run_once: `python -c pass` peaks at {big["peak_mb"]:.0f} MB (not the harness\'s peak)')


def test_numpy_env():
    "evalkit (numpy only) runs with EVALKIT_NUMBA=0 in its environment (only it); evalkit rows are warmed up first."
    code = 'import json, os; print(json.dumps({"score": float(os.environ.get("EVALKIT_NUMBA", "-1"))}))'
    old = os.environ.pop('EVALKIT_NUMBA', None)  # the harness's own setting reaches the evalkit row
    try:
        a, b = (run.measure(who, [sys.executable, '-c', code], 2) for who in (run.EK_NUMPY, 'evalkit'))
        c = run.measure('floor', [sys.executable, '-c', 'pass'], 1)
    finally:
        if old is not None: os.environ['EVALKIT_NUMBA'] = old
    check(a['score'] == 0.0 and b['score'] == -1.0 and a['runs'] == b['runs'] == 2,
          f'measure: {run.EK_NUMPY} sees EVALKIT_NUMBA=0, evalkit sees it unset ({a["score"]}, {b["score"]})')
    check('first run' in a['note'] and a['first_s'] > 0 and 'first_s' not in c and c['note'] == '',
          f'measure: one untimed warm-up for the evalkit rows ({a["note"]}), none for the floor')


def test_coco_targets():
    "The COCO targets from made-up rows: numpy only's bbox line, segm memory, Objects365 time and memory."
    def w(**t):  # scorer -> (seconds, peak MB)
        return dict(rows=[dict(scorer=k, status='ok', median_s=s, peak_mb=m) for k, (s, m) in t.items()],
                    agreement=dict(ok=None), import_mb=dict(cost_mb=90.0))
    peers = {'hotcoco': (2.0, 300.0), 'ultrafast-pycocotools': (1.0, 200.0), run.COCO_PY: (40.0, 900.0)}
    res = dict(coco_bbox=w(evalkit=(1.4, 250.0), **{run.EK_NUMPY: (1.6, 260.0)}, **peers),
               coco_segm=w(evalkit=(1.9, 410.0), **{run.EK_NUMPY: (2.5, 380.0)}, **peers),
               objects365=w(evalkit=(1.5, 190.0), **peers))
    tg = {t['target']: t for t in run.coco_targets(res)}
    st = [t['status'] for t in tg.values()]
    check(st == ['PASS', 'FAIL', 'PASS', 'PASS', 'PASS', 'FAIL', 'PASS', 'PASS', 'PASS'],
          f'coco_targets: nine lines, numpy only 1.6x FAIL, segm 2.05x memory FAIL, Objects365 PASS ({st})')
    bb = tg['COCO bbox (m): evalkit <= 1.5x the fastest of hotcoco and ultrafast-pycocotools']['detail']
    nb = tg[f'COCO bbox (m): {run.EK_NUMPY} (EVALKIT_NUMBA=0) <= 1.5x the fastest of hotcoco and '
            'ultrafast-pycocotools']['detail']
    sm = tg["COCO segm (n): evalkit peak memory <= 2x the fastest Rust peer's"]['detail']
    check(bb == 'evalkit 1.400 s = 1.40x ultrafast-pycocotools 1.000 s (target <= 1.5x); numpy only: 1.600 s = 1.60x'
          and nb.startswith(f'{run.EK_NUMPY} 1.600 s = 1.60x') and 'numpy only:' not in nb
          and sm.endswith('(target <= 2x); numpy only: 380 MB = 1.90x')
          and 'numpy only' not in tg['Objects365 scale (o): evalkit <= 1.5x the fastest of hotcoco and '
                                     'ultrafast-pycocotools']['detail'],
          'coco_targets: numpy only stated beside evalkit where it was measured')


def test_scale_coco(tmp):
    "scale.py --only coco on 300 images: Dask == one machine bit for bit, memory and exactness PASS, no growth target."
    import scale
    with contextlib.redirect_stdout(io.StringIO()):
        rep = scale.main(['--quick', '--only', 'coco', '--sizes', 'coco=300', '--out', str(tmp/'scale')])
    b = rep['layouts']['coco']
    r, ref = b['runs'][0], b['reference']
    check(len(b['runs']) == 1 and r['format'] == 'json' and r['parts'] == 4 * scale.WORKERS and not r['partitions']
          and len(r['stats']) == 12 and len(r['class_ap']) == 365 and r['stats'] == ref['stats']
          and r['class_ap'] == ref['class_ap'] and r['exact'] == dict(max_abs=0.0, same=True),
          f'scale.py coco: Dask ({r["parts"]} parts) == one machine: 12 stats, 365 per-class AP, totals')
    tg = [t['status'] for t in rep['targets']]
    check(len(tg) == 3 and tg[:2] == ['PASS', 'PASS'] and rep['baseline'] is None and 'bit for bit (==)'
          in rep['targets'][1]['target'], f'scale.py coco: memory and exactness PASS, three targets ({tg})')
    md = (tmp/'scale'/'scale_results.md').read_text()
    check('| coco (365 categories) | 300 |' in md and '| 8 parts |' in md and 'coco, the whole file' in md,
          'scale.py coco: inputs, Dask and one-machine tables')
    off = dict(r, stats=[float(np.nextafter(r['stats'][0], 2)), *r['stats'][1:]])
    d = scale.diff(off, ref)
    check(d['same'] is False and 0 < d['max_abs'] < 1e-15, f'scale.py: a stat one ulp off is a difference ({d})')


if __name__ == '__main__':
    t0 = time.time()
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        test_deterministic(d/'gen')
        test_rle_valid()
        test_local_rle()
        test_fixtures(d)
        test_peers_agree()
        test_presets()
        test_masks_targets()
        test_run_end_to_end(d)
        test_coco_generator()
        test_coco_peers()
        test_numpy_env()
        test_coco_targets()
        test_coco_rows(d)
        test_scale_coco(d)
    secs = time.time() - t0
    print(f'{len(failures)} failed in {secs:.0f} s' if failures else f'all passed in {secs:.0f} s')
    sys.exit(1 if failures else 0)
