"""The one reader of notebook cell directives (`#| ...` lines) for the tools: the README generator (`readme.py`) and
the documentation driver (`build_docs.py`) both use it.

It is nbdev's own parser, `nbdev.process.extract_directives` (what `nbdev_export`, `nbdev_test` and nbdev's docs
processors read), with its result normalised: names without the Quarto colon and values as one string, so
`#| echo: false` gives `{'echo': 'false'}`, `#| hide` gives `{'hide': ''}` and `#| code-summary: "Exported source"`
gives `{'code-summary': 'Exported source'}`.
"""
from fastcore.basics import AttrDict
from nbdev.process import extract_directives, first_code_ln


def directives(source: str) -> tuple[dict, str]:
    "`(directives, body)` of a code cell's source: the leading `#|` lines parsed, and the source after them."
    found = extract_directives(AttrDict(source=source), remove=False)
    lines = source.splitlines(keepends=True)
    start = first_code_ln(lines)
    body = '' if start is None else ''.join(lines[start:])
    return {k.rstrip(':').lower(): ' '.join(v).strip('"\'') for k, v in found.items()}, body
