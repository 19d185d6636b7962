"""LVIS evaluators as their users run them (SPEC 15.2): load the ground truth and the results file, evaluate with
LVIS's rules (300 results per image), print the summary, then the 13 stats as a JSON list on the last line.

    python benchmarks/peers/lvis_peer.py LIBRARY IOU_TYPE GT.json RESULTS.json
    LIBRARY: lvis | hotcoco | faster-coco-eval | ultrafast-pycocotools;  IOU_TYPE: bbox | segm
"""
import json, sys


def lvis(iou_type, gt_path, res_path):
    import numpy as np
    np.float = float  # lvis 0.5.3 calls np.float (gone since numpy 1.24): its meaning
    from lvis import LVIS, LVISResults, LVISEval
    gt = LVIS(gt_path)
    E = LVISEval(gt, LVISResults(gt, res_path), iou_type)
    E.run(); E.print_results()
    return list(E.results.values())


def hotcoco(iou_type, gt_path, res_path):
    from hotcoco import LVIS, LVISResults, LVISEval
    gt = LVIS(gt_path)
    E = LVISEval(gt, LVISResults(gt, res_path), iou_type)
    E.run(); E.print_results()
    return [v for k, v in E.results.items()] if isinstance(E.results, dict) else list(E.stats[:13])


def faster_coco_eval(iou_type, gt_path, res_path):
    from faster_coco_eval import COCO, COCOeval_faster
    gt = COCO(gt_path)
    E = COCOeval_faster(gt, gt.loadRes(res_path), iou_type, lvis_style=True, print_function=print)
    E.params.maxDets = [300]  # its LVIS mode as its README runs it: 300 per image and category (no cap per image)
    E.evaluate(); E.accumulate(); E.summarize()
    return list(E.stats[:13])


def ultrafast_pycocotools(iou_type, gt_path, res_path):
    from ultrafast_pycocotools import COCO, COCOeval
    gt = COCO(gt_path)
    E = COCOeval(gt, gt.loadRes(res_path), iou_type, lvis_style=True)  # lvis_protocol 'official': the 300 cap
    E.evaluate(); E.accumulate(); E.summarize()
    return list(E.stats[:13])


PEERS = {'lvis': lvis, 'hotcoco': hotcoco, 'faster-coco-eval': faster_coco_eval,
         'ultrafast-pycocotools': ultrafast_pycocotools}

if __name__ == '__main__':
    lib, iou_type, gt_path, res_path = sys.argv[1:5]
    stats = PEERS[lib](iou_type, gt_path, res_path)
    print(json.dumps([float(x) for x in stats]))
