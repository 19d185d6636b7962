"""COCO evaluators as their users run them (SPEC 11): load the ground truth and the results file, evaluate,
accumulate, summarize (each library prints its summary as it does for its users), then print the 12 stats as a JSON
list on the last line. Each run imports only the library named.

    python benchmarks/peers/coco_peer.py LIBRARY IOU_TYPE GT.json RESULTS.json
    LIBRARY: pycocotools | faster-coco-eval | hotcoco | ultrafast-pycocotools;  IOU_TYPE: bbox | segm
"""
import json, sys


def pycocotools(iou_type, gt_path, res_path):
    from pycocotools.coco import COCO
    from pycocotools.cocoeval import COCOeval
    gt = COCO(gt_path)
    E = COCOeval(gt, gt.loadRes(res_path), iou_type)
    E.evaluate(); E.accumulate(); E.summarize()
    return E.stats


def faster_coco_eval(iou_type, gt_path, res_path):
    from faster_coco_eval import COCO, COCOeval_faster
    gt = COCO(gt_path)
    E = COCOeval_faster(gt, gt.loadRes(res_path), iou_type, print_function=print)
    E.evaluate(); E.accumulate(); E.summarize()
    return E.stats[:12]  # its `stats` may hold more than pycocotools' 12 (AR at IoU .5 and .75 after them)


def hotcoco(iou_type, gt_path, res_path):
    from hotcoco import COCO, COCOeval
    gt = COCO(gt_path)
    E = COCOeval(gt, gt.load_res(res_path), iou_type)
    E.evaluate(); E.accumulate(); E.summarize()
    return E.stats


def ultrafast_pycocotools(iou_type, gt_path, res_path):
    from ultrafast_pycocotools import COCO, COCOeval
    gt = COCO(gt_path)
    E = COCOeval(gt, gt.loadRes(res_path), iou_type)
    E.evaluate(); E.accumulate(); E.summarize()
    return E.stats


PEERS = {'pycocotools': pycocotools, 'faster-coco-eval': faster_coco_eval, 'hotcoco': hotcoco,
         'ultrafast-pycocotools': ultrafast_pycocotools}

if __name__ == '__main__':
    lib, iou_type, gt_path, res_path = sys.argv[1:5]
    stats = PEERS[lib](iou_type, gt_path, res_path)
    print(json.dumps([float(x) for x in stats]))
