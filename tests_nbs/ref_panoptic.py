"""An independent reference of panopticapi's `pq_compute` (SPEC 17), for the tests: plain loops over PNG pixels.

Written from panopticapi's algorithm as SPEC 17 describes it (`panopticapi/evaluation.py`, `pq_compute_single_core`
and `PQStat.pq_average`): dicts of ids, one Python loop over the pixels, IoUs summed in float as panopticapi does.
No evalkit code is imported.
"""
import json
from pathlib import Path
from PIL import Image

VOID, OFFSET = 0, 256 * 256 * 256


def ids_of(path) -> list:
    "The segment ids of a PNG, row by row: R + 256 G + 65536 B per pixel."
    im = Image.open(path).convert('RGB')
    w, h = im.size
    px = im.load()
    return [[px[x, y][0] + 256 * px[x, y][1] + 65536 * px[x, y][2] for x in range(w)] for y in range(h)]


def pq_compute(gt_json, pred_json, gt_folder=None, pred_folder=None, *, gt_area='json', crowd='last') -> dict:
    "{'All'|'Things'|'Stuff': {pq, sq, rq, n} (None if n = 0), 'per_class': {cat id: {pq, sq, rq, tp, fp, fn}}}."
    gt_d, pred_d = json.loads(Path(gt_json).read_text()), json.loads(Path(pred_json).read_text())
    gt_folder = Path(gt_folder or str(gt_json)[:-5]); pred_folder = Path(pred_folder or str(pred_json)[:-5])
    categories = {c['id']: c for c in gt_d['categories']}
    stat = {c: dict(iou=0.0, tp=0, fp=0, fn=0) for c in categories}
    preds = {a['image_id']: a for a in pred_d['annotations']}
    for gt_ann in gt_d['annotations']:
        pred_ann = preds.get(gt_ann['image_id'], dict(file_name=None, segments_info=[]))
        pan_gt = ids_of(gt_folder/gt_ann['file_name'])
        pan_pred = ids_of(pred_folder/pred_ann['file_name']) if pred_ann['file_name'] else \
            [[0] * len(r) for r in pan_gt]
        gt_segms = {el['id']: dict(el) for el in gt_ann['segments_info']}
        pred_segms = {el['id']: dict(el) for el in pred_ann['segments_info']}
        counts, pair = {}, {}
        for rg, rp in zip(pan_gt, pan_pred):
            for g, p in zip(rg, rp):
                counts[('g', g)] = counts.get(('g', g), 0) + 1
                counts[('p', p)] = counts.get(('p', p), 0) + 1
                pair[(g, p)] = pair.get((g, p), 0) + 1
        for k, v in counts.items():
            if k[0] == 'p' and k[1] != VOID:
                assert k[1] in pred_segms, 'PNG id not in JSON'
                pred_segms[k[1]]['area'] = v
        assert all('area' in s for s in pred_segms.values()), 'JSON id not in PNG'
        if gt_area == 'pixels':
            for g, s in gt_segms.items(): s['area'] = counts.get(('g', g), 0)
        gt_matched, pred_matched = set(), set()
        for (g, p), inter in pair.items():
            if g not in gt_segms or p not in pred_segms: continue
            if gt_segms[g]['iscrowd'] == 1: continue
            if gt_segms[g]['category_id'] != pred_segms[p]['category_id']: continue
            union = pred_segms[p]['area'] + gt_segms[g]['area'] - inter - pair.get((VOID, p), 0)
            iou = inter / union
            if iou > 0.5:
                stat[gt_segms[g]['category_id']]['tp'] += 1
                stat[gt_segms[g]['category_id']]['iou'] += iou
                gt_matched.add(g); pred_matched.add(p)
        crowd_labels = {}
        for g, info in gt_segms.items():
            if g in gt_matched: continue
            if info['iscrowd'] == 1:
                crowd_labels.setdefault(info['category_id'], []).append(g)
                continue
            stat[info['category_id']]['fn'] += 1
        for p, info in pred_segms.items():
            if p in pred_matched: continue
            inter = pair.get((VOID, p), 0)
            crowds = crowd_labels.get(info['category_id'], [])
            for c in (crowds if crowd == 'all' else crowds[-1:]): inter += pair.get((c, p), 0)
            if inter / info['area'] > 0.5: continue
            stat[info['category_id']]['fp'] += 1
    out, per = {}, {}
    for name, isthing in (('All', None), ('Things', True), ('Stuff', False)):
        pq = sq = rq = 0.0; n = 0
        for c, cat in categories.items():
            if isthing is not None and cat['isthing'] != isthing: continue
            s = stat[c]
            if s['tp'] + s['fp'] + s['fn'] == 0: continue
            n += 1
            pq_c = s['iou'] / (s['tp'] + 0.5 * s['fp'] + 0.5 * s['fn'])
            sq_c = s['iou'] / s['tp'] if s['tp'] != 0 else 0
            rq_c = s['tp'] / (s['tp'] + 0.5 * s['fp'] + 0.5 * s['fn'])
            per[c] = dict(pq=pq_c, sq=sq_c, rq=rq_c, tp=s['tp'], fp=s['fp'], fn=s['fn'])
            pq += pq_c; sq += sq_c; rq += rq_c
        out[name] = dict(pq=pq / n, sq=sq / n, rq=rq / n, n=n) if n else dict(pq=None, sq=None, rq=None, n=0)
    out['per_class'] = per
    return out
