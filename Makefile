# bridgescore: every target installs what it needs first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test test-quick lint bench bench-quick clean browser report-shots postgres mutation serve serve-shots catalogues

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,lint,fast]'
	touch $(STAMP)

run: install
	$(BIN)/bridgescore score src/bridgescore/samples/club-night.csv
	$(BIN)/bridgescore report src/bridgescore/samples/club-night.csv -o out/club-night
	@echo
	@echo "The bridgescore command is $(BIN)/bridgescore. To type just 'bridgescore', put it on"
	@echo "your PATH for this shell:  . $(BIN)/activate   (or install it for good: pipx install .)"

test: install browser postgres
	$(BIN)/python -m pytest

# The catalogues brought up to date with the messages in the sources (docs/languages.md): new
# messages appear untranslated in every language's .po, and tests/languages fails until they are.
catalogues: install
	$(BIN)/python -m bridgescore.languages.extract

# The edit-test loop: everything but the end-to-end tests (a real browser, a real server
# process, PostgreSQL, the documentation's commands) and the slow exhaustive checks (every
# character, every possible Swiss draw, every real file against docs/conformance.md), which
# `make test` runs too. Two processes (pytest-xdist), each taking whole test modules, so that a
# module's fixtures are made once; every test is safe beside another (its own temporary
# folders, ports and PostgreSQL cluster). TEST_PROCESSES=0 runs them in this one process.
TEST_PROCESSES ?= 2
test-quick: install
	$(BIN)/python -m pytest -m "not e2e and not slow" -n $(TEST_PROCESSES) --dist loadfile

# Debian's headless Chromium, for the report's browser tests and screenshots (Playwright drives
# it; it never downloads a browser). Installed with apt when root, saying so first; NO_APT=1
# installs nothing (the browser tests are then skipped); otherwise says how.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ -n "$(NO_APT)" ]; then \
	    echo "browser: chromium is not installed and NO_APT is set: the browser tests are skipped"; \
	  elif [ "$$(id -u)" = 0 ]; then \
	    echo "browser: installing Debian's chromium with apt-get (make test NO_APT=1 skips this)"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "browser: chromium is not installed and installing it needs root:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y chromium"; \
	    echo "  (until then the browser tests are skipped; CI, running as root, installs it)"; \
	  fi; }

# Debian's PostgreSQL server binaries, for the store tests: they start a throwaway cluster in a
# temporary folder themselves (tests/pg.py). Installed with apt when root, saying so first;
# NO_APT=1 installs nothing (the PostgreSQL tests are then skipped); otherwise says how. In CI
# the PostgreSQL tests fail, not skip, when it is missing.
postgres:
	@test -x /usr/lib/postgresql/15/bin/initdb || command -v initdb >/dev/null 2>&1 || \
	  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ -n "$(NO_APT)" ]; then \
	    echo "postgres: PostgreSQL is not installed and NO_APT is set: its tests are skipped"; \
	  elif [ "$$(id -u)" = 0 ]; then \
	    echo "postgres: installing Debian's postgresql with apt-get (make test NO_APT=1 skips this)"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; \
	  else \
	    echo "postgres: PostgreSQL is not installed and installing it needs root:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y postgresql"; \
	    echo "  (until then the PostgreSQL store tests are skipped; CI, running as root, installs it)"; \
	  fi; }

# Screenshots of the results site at phone and desktop widths: out/report-shots/*.png
report-shots: install browser
	$(BIN)/python tools/report_shots.py

# The scorer's console (docs/serve.md): creates the database (DB=path or URL, default the user's
# club database), imports the bundled club night when it holds no session, prints a first
# director's password the first time, and serves http://127.0.0.1:8000/ (PORT=8080 for another
# port) until Ctrl-C.
serve: install
	$(BIN)/bridgescore db upgrade $(if $(DB),--db $(DB))
	$(BIN)/bridgescore serve $(if $(DB),--db $(DB)) $(if $(PORT),--port $(PORT)) \
	  --first-director director --sample

# Screenshots of the console and the published results at phone and laptop widths, taken while
# the browser test plays a whole club night: out/serve-shots/*.png
serve-shots: install browser
	BRIDGESCORE_SHOTS=out/serve-shots $(BIN)/python -m pytest tests/web/test_web_browser.py -q -p no:cacheprovider
	BRIDGESCORE_SHOTS=out/serve-shots $(BIN)/python -m pytest tests/web/test_phone_browser.py -q -p no:cacheprovider
	BRIDGESCORE_SHOTS=out/serve-shots $(BIN)/python -m pytest tests/web/test_swiss_browser.py -q -p no:cacheprovider

lint: install
	$(BIN)/ruff check src tests bench tools
	$(BIN)/ruff format --check src tests bench tools
	$(BIN)/mypy
	$(BIN)/lint-imports

# Benchmarks against the peers (pandas, endplay, the bare interpreter); see docs/performance.md.
# Then the phones' load test on loopback (docs/tables.md): 10 to 200 tables, SQLite and PostgreSQL.
bench: install postgres
	$(BIN)/python -m pip install --quiet -e '.[fast,bench]'
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/bench_tables.py

bench-quick: install
	$(BIN)/python -m pip install --quiet -e '.[fast,bench]'
	$(BIN)/python bench/bench.py --quick
	$(BIN)/python bench/bench_tables.py --quick

# Mutation testing of the rules core (docs/mutation.md): mutmut mutates one module at a time and
# runs only that module's tests, in a private copy under MUTATION_DIR, so the work tree is not
# touched. Slow (minutes), so not part of `make test` or CI. Each line: module, then its tests.
# The copy's Hypothesis profile has no deadline (tracing slows every example) and fixed examples;
# each mutant runs in a process forked before any test ran (forkserver), so cached tables (VP
# scales, possible scores) are computed by the mutant and not inherited from the clean run.
# The copy holds tools/ too: tests/conftest.py starts its servers from tools/servers.py.
MUTATION_DIR ?= /tmp/bridgescore-mutation
# A run is stopped after MUTATION_TIMEOUT seconds (mutants not reached are left out of the counts);
# a busy machine needs more: MUTATION_TIMEOUT=3600.
MUTATION_TIMEOUT ?= 900
MUTATION_RUNS := \
	"contract.py core/test_contract.py core/test_traveller.py formats/test_plain_readers.py" \
	"traveller.py core/test_traveller.py scoring/test_matchpoints.py scoring/test_properties.py test_seeds.py formats/test_csv.py" \
	"scoring/matchpoints.py scoring/test_matchpoints.py scoring/test_properties.py test_seeds.py core/test_rules.py" \
	"scoring/imps.py scoring/test_imps.py scoring/test_imp_pairs.py core/test_rules.py" \
	"scoring/ranking.py scoring/test_ranking.py test_seeds.py" \
	"bridge.py core/test_bridge.py core/test_contract.py" \
	"vocabulary.py core/test_vocabulary.py core/test_bridge.py core/test_rules.py"
MUTATION_PROFILE := from hypothesis import settings as _s; \
	_s.register_profile("mutation", deadline=None, derandomize=True, database=None); \
	_s.load_profile("mutation")

mutation: install
	$(BIN)/python -m pip install --quiet -e '.[mutation]'
	@set -e; for run in $(MUTATION_RUNS); do \
	  set -- $$run; module=$$1; shift; dir="$(MUTATION_DIR)/$$(basename $$module .py)"; \
	  rm -rf "$$dir"; mkdir -p "$$dir"; cp -r src tests tools pyproject.toml "$$dir"; \
	  printf '\n%s\n' '$(MUTATION_PROFILE)' >> "$$dir/tests/conftest.py"; \
	  ln -s "$(CURDIR)/../shared" "$$dir/shared"; \
	  { echo "[mutmut]"; echo "source_paths=src"; echo "only_mutate=src/bridgescore/$$module"; \
	    echo "use_git_change_detection=false"; echo "process_isolation=forkserver"; \
	    echo "also_copy="; echo "    tools"; \
	    echo "pytest_add_cli_args_test_selection="; \
	    for t in "$$@"; do echo "    tests/$$t"; done; } > "$$dir/setup.cfg"; \
	  (cd "$$dir" && timeout $(MUTATION_TIMEOUT) "$(CURDIR)/$(BIN)/mutmut" run --max-children 1 > run.log 2>&1 \
	     || echo "mutmut run: status $$?" >> run.log; \
	   "$(CURDIR)/$(BIN)/mutmut" results --all true > results.txt); \
	  printf '%-24s ' "$$module"; \
	  awk -F': ' '/: /{n[$$2]++; t++} END{printf "killed %d, survived %d, no tests %d, of %d\n", \
	    n["killed"]+n["timeout"], n["survived"], n["no tests"], t}' "$$dir/results.txt"; \
	done; echo "survivors: cd $(MUTATION_DIR)/<module>; mutmut results; mutmut show NAME"

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
