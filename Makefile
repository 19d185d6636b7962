# evalkit: `make demo` (install + score bundled real data), `make test` (install + every test),
# `make docs` (static site in _docs/), `make bench` (benchmarks/results.md).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat settings.ini setup.py | cksum | cut -d' ' -f1)

.PHONY: demo test test-fast docs readme bench install clean sync export browser-deps

$(STAMP): settings.ini setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev,dashboard,docs]"
	rm -f $(VENV)/.installed-*; touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/evalkit demo

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
	$(BIN)/python tools/run_nbs.py nbs tests_nbs --flags slow $$(test -x $(CHROMIUM) && echo browser)

test-fast: $(STAMP)
	$(BIN)/python tools/run_nbs.py nbs tests_nbs

# README.md is generated from nbs/index.ipynb; the site executes every notebook and renders it (no Quarto).
readme: $(STAMP)
	$(BIN)/python tools/readme.py

docs: $(STAMP) readme
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/build_docs.py --out _docs

bench: $(STAMP)
	$(BIN)/python -m pip install -q -e ".[bench]"
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) _docs _proc build dist *.egg-info
