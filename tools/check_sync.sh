#!/usr/bin/env bash
# Fail if nbdev_clean would change a notebook (nbs/, tests_nbs/) or nbdev_export would change the library, or if a
# notebook holds outputs that is not kept with them (the tutorials and the core notebooks keep theirs: `make tutorials`,
# tools/run_tutorials.py).
# Works on scratch copies of the tree, so it never touches your files.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/before" "$work/after"
cd "$top"
git ls-files -co --exclude-standard -z | xargs -0 cp --parents -t "$work/before"
cp -a "$work/before/." "$work/after/"
(cd "$work/after" && nbdev_clean >/dev/null && nbdev_clean --fname tests_nbs >/dev/null && nbdev_export >/dev/null)
if ! python3 "$work/before/tools/run_tutorials.py" --stray; then
  echo "Out of sync: only the tutorials (nbs/tutorials/) and the core notebooks (CORE) keep outputs in git"
  exit 1
fi
if diff -r -q -x '__pycache__' "$work/before" "$work/after" >"$work/diff"; then
  echo "notebooks clean and library in sync"
else
  echo "Out of sync: nbdev_clean / nbdev_export would change these (run 'make export' and commit):"
  sed "s#$work/before/##g; s#$work/after/##g" "$work/diff"
  exit 1
fi
