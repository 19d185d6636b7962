"""evalkit: exact scoring of object-detection and instance-segmentation competitions.

    import evalkit
    r = evalkit.evaluate('rsna', 'solution.csv', 'submission.csv')   # a Result: r.score, r.to_text(), r.per_image
    evalkit.score('rsna', solution_df, submission_df)                  # the score as a float
    evalkit.get_metric('rsna'), evalkit.list_metrics()                 # the registry of presets

The names are imported on first use, and a metric's modules when it is first used (`evalkit.catalog`), so
`import evalkit` stays light; the command is `evalkit --help`.
"""
__version__ = "0.1.0"

_API = {'get_metric': 'catalog', 'list_metrics': 'metrics', 'METRICS': 'metrics', 'register': 'metrics',
        'Metric': 'preset', 'FAMILIES': 'families', 'Family': 'families', 'Result': 'result',
        'InputError': 'errors', 'ParticipantVisibleError': 'errors'}

def evaluate(metric, solution, submission, **options):
    "Score `submission` against `solution` with `metric` (a name, alias, `Metric` or .toml path): the `Result`."
    from .catalog import get_metric  # the metric's own modules only (a name the catalog lacks: the registry)
    return get_metric(metric).evaluate(solution, submission, **options)

def score(metric, solution, submission, **options) -> float:
    "The score of `submission` against `solution` with `metric`, as a float."
    return float(evaluate(metric, solution, submission, **options).score)

def __getattr__(name):
    if name not in _API: raise AttributeError(f"module 'evalkit' has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f'.{_API[name]}', __name__), name)

def __dir__(): return sorted([*globals(), *_API])
