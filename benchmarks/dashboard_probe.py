"""Time one dashboard slider update on the real DSB result, if `evalkit.dashboard` exists. Prints one JSON line.

    python benchmarks/dashboard_probe.py SOLUTION SUBMISSION

Protocol (placeholder until the dashboard lands): the Result comes from `evalkit.competitions.dsb2018.evaluate`
(not timed); the update is `evalkit.dashboard.slider_update(result, threshold)`, timed as the median of 20 calls
over the thresholds. Anything missing gives {"status": "skipped", "note": ...}.
"""
import importlib, json, statistics, sys, time


def main(sol, sub):
    try:
        dash = importlib.import_module('evalkit.dashboard')
    except ImportError as e:
        return dict(status='skipped', note=f'evalkit.dashboard not available ({e})')
    update = getattr(dash, 'slider_update', None)
    if update is None: return dict(status='skipped', note='evalkit.dashboard has no slider_update(result, threshold)')
    from evalkit.competitions import dsb2018
    res = dsb2018.evaluate(sol, sub)
    ts, secs = list(res.thresholds), []
    for i in range(20):
        t0 = time.perf_counter()
        update(res, ts[i % len(ts)])
        secs.append(time.perf_counter() - t0)
    return dict(status='ok', seconds=statistics.median(secs), note='median of 20 updates')


if __name__ == '__main__':
    try:
        d = main(*sys.argv[1:3])
    except Exception as e:  # noqa: BLE001 - reported in the results, not raised
        d = dict(status='error', note=f'{type(e).__name__}: {e}'[:200])
    print(json.dumps(d))
