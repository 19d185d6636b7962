"""An independent reference for SPEC section 16 (Open Images AP), written from the definition and from the logic of
the TF Object Detection API's `OpenImagesChallengeEvaluator` (per_image_evaluation.py: two stages per image and
class, IoU then IoA, argmax over every object, group-of entries; object_detection_evaluation.py: verified labels,
the ranked lists of the whole dataset). Plain Python: files read with `csv`, boxes in exact fractions, masks decoded
by pycocotools, loops instead of arrays. The ranking of equal confidences and AP follow the SPEC (sections 10, 16)."""
import base64, csv, math, zlib
from fractions import Fraction

def hierarchy_maps(tree: dict) -> tuple:
    "({label: set of ancestors}, {label: set of descendants}) of a hierarchy tree; the root is not a class."
    parents = {}
    def walk(node):
        for s in node.get('Subcategory', []):
            parents.setdefault(s['LabelName'], set()).add(node['LabelName'])
            walk(s)
    walk(tree)
    root = tree['LabelName']
    def up(label):
        out = set()
        for p in parents.get(label, ()):
            if p != root: out |= {p} | up(p)
        return out
    anc = {k: up(k) for k in parents}
    desc = {k: {d for d, a in anc.items() if k in a} for k in anc}
    return anc, desc

def _rows(path): 
    with open(path, newline='') as f: return list(csv.DictReader(f))

def oid_truth(path, tree=None) -> tuple:
    "(images in file order, {image: [(label, box, group)]} expanded, {image: verified labels})."
    anc, desc = hierarchy_maps(tree) if tree else ({}, {})
    images, boxes, verified = [], {}, {}
    for r in _rows(path):
        i = r['ImageID']
        if i not in boxes: images.append(i); boxes[i], verified[i] = [], set()
        lab = r['LabelName']
        if r['XMin'] == '':
            more = (anc if r['Confidence'] == '1' else desc).get(lab, set()) if tree else set()
            verified[i] |= {lab} | more
            continue
        box = tuple(Fraction(r[k]) for k in ('XMin', 'YMin', 'XMax', 'YMax'))
        for l in [lab] + (sorted(anc[lab]) if tree else []):
            boxes[i].append((l, box, r['IsGroupOf'] == '1'))
            verified[i].add(l)
    return images, boxes, verified

def oid_detections(path) -> dict:
    "{image: [(label, conf, box or None (empty), file position)]}: positions count groups down the file."
    out, pos = {}, 0
    for r in _rows(path):
        t = r['PredictionString'].split()
        for k in range(0, len(t), 6):
            x0, y0, x1, y1 = (Fraction(v) for v in t[k + 2:k + 6])
            out.setdefault(r['ImageId'], []).append((t[k], float(t[k + 1]), (x0, y0, x1, y1) if x1 > x0 and y1 > y0
                                                     else None, pos))
            pos += 1
    return out

def box_overlaps(d, g) -> tuple:
    "(intersection, union, area of d) of two boxes, exact."
    iw = max(min(d[2], g[2]) - max(d[0], g[0]), 0); ih = max(min(d[3], g[3]) - max(d[1], g[1]), 0)
    a = lambda b: (b[2] - b[0]) * (b[3] - b[1])
    return iw * ih, a(d) + a(g) - iw * ih, a(d)

def image_entries(dets, objs, *, t, strict, weight, overlaps, ties='file') -> tuple:
    "Entries [(conf, pos, tp)] of one image and class, and its G_c: the TF evaluator's two stages, by the SPEC."
    ok = lambda num, den: num > t * den if strict else num >= t * den
    key = (lambda d: (-d[1], d[3])) if ties == 'file' else (lambda d: (-d[1], -d[3]))
    dets = sorted(dets, key=key)[:10_000]
    R = [o for o, g in objs if not g]; G = [o for o, g in objs if g]
    taken, left, out = [False] * len(R), [], []
    for d in dets:
        if R:
            ov = [overlaps(d[2], r) for r in R]
            j = max(range(len(R)), key=lambda k: (Fraction(ov[k][0], 1) / ov[k][1] if ov[k][1] else 0, -k))
            if ok(ov[j][0], ov[j][1]) and not taken[j]:
                taken[j] = True; out.append((d[1], d[3], 1)); continue
        left.append(d)
    inside = {}
    for d in left:
        if G:
            ov = [overlaps(d[2], h) for h in G]
            j = max(range(len(G)), key=lambda k: (Fraction(ov[k][0], 1) / ov[k][2], -k))
            if ok(ov[j][0], ov[j][2]): inside.setdefault(j, []).append(d); continue
        out.append((d[1], d[3], 0))
    if weight:
        for ds in inside.values():
            m = max(d[1] for d in ds)
            if m > 0: out.append((m, min(d[3] for d in ds if d[1] == m), 1))
    return out, len(R) + weight * len(G)

def mean_ap(entries: dict, npos: dict, *, ties='file') -> float:
    "SPEC 10's voc_all AP of each class with G_c > 0 (float precisions, their exact sum / G_c), then the exact mean."
    aps = []
    for c in sorted(k for k, v in npos.items() if v > 0):
        e = sorted(entries.get(c, []), key=lambda x: (-x[0], x[1] if ties == 'file' else -x[1]))
        tp = fp = 0; prec, up = [], []
        for _, _, f in e:
            tp += f; fp += 1 - f; prec.append(tp / (tp + fp)); up.append(f == 1)
        env = [max(prec[i:]) for i in range(len(prec))]
        aps.append(math.fsum(p for p, u in zip(env, up) if u) / npos[c])
    if not aps: raise ValueError('no class has ground truth')
    return float(sum(map(Fraction, aps)) / len(aps))

def score_oid(solution, submission, *, tree=None, t=Fraction(1, 2), strict=False, ties='file') -> float:
    "The oid2019 score of two CSV files (the hierarchy tree expanding the solution when given)."
    images, boxes, verified = oid_truth(solution, tree)
    dets = oid_detections(submission)
    entries, npos = {}, {}
    for i in images:
        for c in verified[i]:
            ds = [d for d in dets.get(i, []) if d[0] == c and d[2] is not None]
            e, n = image_entries(ds, [(b, g) for l, b, g in boxes[i] if l == c], t=t, strict=strict, weight=1,
                                 overlaps=box_overlaps, ties=ties)
            entries.setdefault(c, []).extend(e); npos[c] = npos.get(c, 0) + n
    return mean_ap(entries, npos, ties=ties)

def hhv_mask(text: str, h: int, w: int):
    "A mask of the HHV layout decoded by pycocotools (base64, zlib, compressed RLE counts)."
    from pycocotools import mask as M
    return M.decode({'size': [h, w], 'counts': zlib.decompress(base64.b64decode(text))}).astype(bool)

def _hhv(path) -> dict:
    "{id: (h, w, [(conf, mask, position)])} of an HHV file (positions count masks down the file)."
    out, pos = {}, 0
    for r in _rows(path):
        h, w, t = int(r['height']), int(r['width']), r['prediction_string'].split()
        ms = []
        for k in range(0, len(t), 3):
            ms.append((float(t[k + 1]), hhv_mask(t[k + 2], h, w), pos)); pos += 1
        out[r['id']] = (h, w, ms)
    return out

def mask_overlaps(d, g) -> tuple:
    "(intersection, union, area of d) of two masks, in pixels."
    i = int((d & g).sum())
    return i, int(d.sum()) + int(g.sum()) - i, int(d.sum())

def score_hhv(solution, submission, *, empty_tiles='fp', t=Fraction(3, 5), strict=False, ties='file') -> float:
    "The hubmap-hhv score of two files: one class, masks, group weight 0."
    sol, sub = _hhv(solution), _hhv(submission)
    entries, n = [], 0
    for i, (h, w, gts) in sol.items():
        if empty_tiles == 'ignore' and not gts: continue
        ds = [('v', c, m, p) for c, m, p in sub.get(i, (0, 0, []))[2] if m.any()]
        e, k = image_entries(ds, [(m, False) for _, m, _ in gts], t=t, strict=strict, weight=0,
                             overlaps=mask_overlaps, ties=ties)
        entries += e; n += k
    return mean_ap({'v': entries}, {'v': n}, ties=ties)
