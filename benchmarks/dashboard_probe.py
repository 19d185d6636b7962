"""Time one dashboard slider update on the real DSB result, if `evalkit.dashboard` exists. Prints one JSON line.

    python benchmarks/dashboard_probe.py SOLUTION SUBMISSION

Uses `evalkit.dashboard.time_slider_update('dsb2018', solution, submission)` (median of slider moves over every
threshold, on the image with the most objects; building the dashboard is not timed). Anything missing gives
{"status": "skipped", "note": ...}.
"""
import importlib, json, sys


def main(sol, sub):
    try:
        dash = importlib.import_module('evalkit.dashboard')
    except ImportError as e:
        return dict(status='skipped', note=f'evalkit.dashboard not available ({e})')
    fn = getattr(dash, 'time_slider_update', None)
    if fn is None: return dict(status='skipped', note='evalkit.dashboard has no time_slider_update')
    r = fn('dsb2018', sol, sub)
    return dict(status='ok', seconds=r['median_ms'] / 1000,
                note=f'median of {r["n"]} slider moves, worst {r["max_ms"]:.1f} ms; '
                     f'image with {r["n_objects"]} objects')


if __name__ == '__main__':
    try:
        d = main(*sys.argv[1:3])
    except Exception as e:  # noqa: BLE001 - reported in the results, not raised
        d = dict(status='error', note=f'{type(e).__name__}: {e}'[:200])
    print(json.dumps(d))
