# evalkit: `make demo` (install + score the demo set inside the package), `make test` (install + every test),
# `make docs` (static site in _docs/), `make bench` (benchmarks/results.md), `make bench-scale` (Dask, benchmarks/SCALE.md).
# `make tutorials` (run the tutorials and store their outputs in the notebooks).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two install stamps, both keyed on the packaging files: CORE (evalkit, numpy, pandas: all `make demo` needs) and
# FULL (the dev, dashboard, docs and dask extras too: tests, export, docs). FULL implies CORE. pip's output goes to
# a log, shown only when pip fails.
HASH := $(shell cat settings.ini setup.py | cksum | cut -d' ' -f1)
CORE := $(VENV)/.core-$(HASH)
STAMP := $(VENV)/.installed-$(HASH)
PIP := $(BIN)/python -m pip --disable-pip-version-check
PIP_LOG := $(VENV)/pip.log

.PHONY: demo test test-fast tutorials docs readme bench bench-scale install clean sync export browser-deps

$(VENV)/bin/python:
	@echo "creating .venv with $(PY) ..."
	@$(PY) -m venv $(VENV)

$(CORE): settings.ini setup.py | $(VENV)/bin/python
	@echo "installing evalkit and numpy/pandas into .venv ..."
	@$(PIP) install -q -e . >$(PIP_LOG) 2>&1 || { cat $(PIP_LOG); exit 1; }
	@rm -f $(VENV)/.core-*; touch $(CORE)

$(STAMP): settings.ini setup.py | $(VENV)/bin/python
	@echo "installing evalkit with its dev, dashboard, docs and dask extras into .venv ..."
	@{ $(PIP) install -q --upgrade pip && $(PIP) install -q -e ".[dev,dashboard,docs,dask]"; } >$(PIP_LOG) 2>&1 \
	  || { cat $(PIP_LOG); exit 1; }
	@rm -f $(VENV)/.installed-* $(VENV)/.core-*; touch $(STAMP) $(CORE)

install: $(STAMP)

demo: $(CORE)
	@echo "scoring the demo set inside the package with every metric (evalkit demo) ..."
	@$(BIN)/evalkit demo

export: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" nbdev_export && PATH="$(CURDIR)/$(BIN):$$PATH" nbdev_clean && PATH="$(CURDIR)/$(BIN):$$PATH" nbdev_clean --fname tests_nbs

sync: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash tools/check_sync.sh

# Browser tests run when Debian's Chromium is present (installed with apt when we can); otherwise SKIPPED is printed.
CHROMIUM := /usr/bin/chromium

browser-deps:
	@test -x $(CHROMIUM) || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1; } || true

test: $(STAMP) sync browser-deps
	@test -x $(CHROMIUM) || echo "SKIPPED: browser tests (no $(CHROMIUM); install Debian's chromium to run them)"
	$(BIN)/python tools/run_nbs.py nbs tests_nbs --lint --flags slow $$(test -x $(CHROMIUM) && echo browser)

test-fast: $(STAMP)
	$(BIN)/python tools/run_nbs.py nbs tests_nbs --lint

# The tutorials and the core notebooks keep their outputs in git (volatile parts stripped): run them, store what they show.
tutorials: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/run_tutorials.py

# README.md is generated from nbs/index.ipynb; the site executes every notebook and renders it (no Quarto).
readme: $(STAMP)
	$(BIN)/python tools/readme.py

docs: $(STAMP) readme
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/build_docs.py --out _docs

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e ".[bench]"
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/inproc.py --memory

# The Dask scale benchmark (about 15 minutes, 2.9 GB of cached files): benchmarks/SCALE.md says what it measures.
bench-scale: $(STAMP)
	$(BIN)/python benchmarks/scale.py

clean:
	rm -rf $(VENV) _docs _proc build dist *.egg-info
