# bridgescore: every target installs what it needs first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench bench-quick clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,fast]'
	touch $(STAMP)

run: install
	$(BIN)/bridgescore score src/bridgescore/samples/club-night.csv

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/mypy

# Benchmarks against the peers (pandas, endplay, the bare interpreter); see docs/performance.md.
bench: install
	$(BIN)/python -m pip install --quiet -e '.[fast,bench]'
	$(BIN)/python bench/bench.py

bench-quick: install
	$(BIN)/python -m pip install --quiet -e '.[fast,bench]'
	$(BIN)/python bench/bench.py --quick

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
