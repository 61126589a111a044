# bridgescore: every target installs what it needs first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint bench bench-quick clean browser report-shots

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,fast]'
	touch $(STAMP)

run: install
	$(BIN)/bridgescore score src/bridgescore/samples/club-night.csv
	$(BIN)/bridgescore report src/bridgescore/samples/club-night.csv -o out/club-night

test: install browser
	$(BIN)/python -m pytest

# Debian's headless Chromium, for the report's browser tests and screenshots (Playwright drives
# it; it never downloads a browser). Installed when root; otherwise says how.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "browser: chromium is not installed and installing it needs root:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y chromium"; \
	    echo "  (until then the browser tests are skipped; CI, running as root, installs it)"; \
	  fi; }

# Screenshots of the results site at phone and desktop widths: out/report-shots/*.png
report-shots: install browser
	$(BIN)/python tools/report_shots.py

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
