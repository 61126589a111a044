"""ARCHITECTURE.md is true: every package and module its tables name exists, every one that
exists is named there, and the import-linter contracts in pyproject.toml hold the layers its
diagram draws, in its order (the rules core included, and held pure by its own contract).

The page names a package or module in backticks in a table's first column, and what it holds
in the second, relative to it (``formats/`` owns `` `pbn/syntax.py` ``); a module's own row
names its neighbours (``results.py`` owns `` `teams_results.py` ``).
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "bridgescore"
PAGE = ROOT / "ARCHITECTURE.md"

# Alembic's revisions and its environment are listed by Alembic, by number, not on the page.
UNLISTED = ("store/migrations/",)
_NAME = re.compile(r"[a-z_][a-z0-9_/]*(?:\.py|/)")


def _sections(text: str) -> dict[str, list[str]]:
    """Each ``## `` section's lines, by its title."""
    sections: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            lines = sections.setdefault(line[3:].strip(), [])
        else:
            lines.append(line)
    return sections


def _rows(lines: list[str]) -> list[tuple[str, str]]:
    """A table's rows (its header and rule left out): the first cell and the rest."""
    cells = [line.strip().strip("|").split("|", 1) for line in lines if line.startswith("|")]
    return [(first.strip(), rest) for first, rest in cells[2:]]


def _names(cell: str) -> list[str]:
    return [name for name in re.findall(r"`([^`]+)`", cell) if _NAME.fullmatch(name)]


def named() -> dict[str, set[str]]:
    """Every path the tables name (relative to the package, ``/`` for a package), by table."""
    found: dict[str, set[str]] = {}
    for title, lines in _sections(PAGE.read_text(encoding="utf-8")).items():
        for first, rest in _rows(lines):
            (subject,) = _names(first)
            base = subject if subject.endswith("/") else ""
            found.setdefault(title, set()).add(subject)
            found[title].update(base + name for name in _names(rest))
    return found


def modules() -> set[str]:
    """Every package (``name/``) and module (``name.py``) of bridgescore below the top."""
    out = set()
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(UNLISTED) or path.name in ("__init__.py", "__main__.py"):
            continue
        out.add(relative)
    for init in PACKAGE.rglob("__init__.py"):
        folder = init.parent.relative_to(PACKAGE).as_posix() + "/"
        if folder != "./" and not folder.startswith(UNLISTED):
            out.add(folder)
    return out


def test_every_package_and_module_the_page_names_exists() -> None:
    missing = sorted(
        path
        for paths in named().values()
        for path in paths
        if not (PACKAGE / path).exists() or (path.endswith("/") != (PACKAGE / path).is_dir())
    )
    assert not missing, f"ARCHITECTURE.md names what does not exist: {missing}"


def test_every_package_and_module_is_named_on_the_page() -> None:
    mentioned = set().union(*named().values())
    unnamed = sorted(modules() - mentioned)
    assert not unnamed, f"ARCHITECTURE.md does not name: {unnamed}"


def test_the_tables_name_each_module_once() -> None:
    seen: dict[str, str] = {}
    twice = []
    for title, paths in named().items():
        for path in paths:
            if path in seen:
                twice.append(f"{path} ({seen[path]}; {title})")
            seen[path] = title
    assert not twice, f"named in two tables: {twice}"


# --- the layers ----------------------------------------------------------------------------------


def diagram() -> tuple[list[set[str]], set[str]]:
    """The layers the page draws, top first, as module names, and the rules core's."""
    block = _sections(PAGE.read_text(encoding="utf-8"))["The layers"]
    start = block.index("```")
    end = block.index("```", start + 1)
    layers: list[set[str]] = []
    core: set[str] = set()
    below = False
    for line in block[start + 1 : end]:
        if set(line.strip()) == {"-"}:
            below = True
        elif below:
            words = line.removeprefix("the rules core").strip()
            core.update(_module(word.strip()) for word in words.split(",") if word.strip())
        else:
            heads = re.match(r"((?:[a-z_]+(?:/|\.py) +)+)", line + " ")
            assert heads, f"a layer of the diagram names no package: {line!r}"
            layers.append({_module(word) for word in heads.group(1).split()})
    return layers, core


def _module(name: str) -> str:
    return "bridgescore." + name.removesuffix("/").removesuffix(".py")


def contracts() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config = tomllib.load(file)
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def _layers() -> list[set[str]]:
    (contract,) = [c for c in contracts() if c["type"] == "layers"]
    return [{m.strip() for m in re.split(r"[|:]", layer)} for layer in contract["layers"]]


def test_the_layers_contract_holds_the_layers_the_page_draws() -> None:
    drawn, core = diagram()
    assert _layers() == [*drawn, core]


def test_the_rules_core_is_what_the_page_lists_and_is_held_pure() -> None:
    _, core = diagram()
    paths = named()["The rules core (pure, exact, typed)"]
    assert core == {_module(path) for path in paths if "/" not in path.removesuffix("/")}
    (pure,) = [c for c in contracts() if c["name"].startswith("The rules core is pure")]
    assert set(pure["source_modules"]) == core


def test_a_new_module_would_be_caught() -> None:
    """The checks above compare real sets: a module the page does not name shows up."""
    assert "formats/csv.py" in modules() and "formats/pbn/" in modules()
    assert "check/" in set().union(*named().values())
    assert len(modules()) > 50


def classes_defined_twice(root: Path) -> dict[str, list[str]]:
    """Each class name defined in more than one module under ``root``, with those modules."""
    where: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, set()).add(path.relative_to(root).as_posix())
    return {name: sorted(paths) for name, paths in where.items() if len(paths) > 1}


def test_one_name_means_one_class() -> None:
    """A class name is defined in one module only (private ones too): two ideas under one name
    are read as one (the page's vocabulary)."""
    assert classes_defined_twice(PACKAGE) == {}


def test_a_class_defined_twice_would_be_caught(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Plan:\n    pass\n")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "c.py").write_text("def f():\n    class Plan:\n        pass\n")
    (tmp_path / "d.py").write_text("class Other:\n    pass\n")
    assert classes_defined_twice(tmp_path) == {"Plan": ["a.py", "b/c.py"]}


def words_compared(root: Path) -> list[str]:
    """Every place under ``root`` that compares a member's ``.value`` with a written word
    (``x.value == "random"``, ``x.value in ("a", "b")``): a vocabulary's members are compared by
    identity (``x is FirstRound.RANDOM``), so that a word changed or misspelt cannot pass."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            by_value = any(isinstance(n, ast.Attribute) and n.attr == "value" for n in sides)
            listed = [
                e for n in sides if isinstance(n, ast.Tuple | ast.List | ast.Set) for e in n.elts
            ]
            words = [
                n
                for n in sides + listed
                if isinstance(n, ast.Constant) and isinstance(n.value, str)
            ]
            if by_value and words:
                found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_members_are_compared_by_identity_not_by_their_words() -> None:
    assert words_compared(PACKAGE) == []


def test_a_member_compared_by_its_words_would_be_caught(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        'def f(c):\n    return c.first.value == "random" or c.kind.value in ("a", "b")\n'
        "def g(c, d):\n    return c.first is d.RANDOM or c.size.value == 3\n"
    )
    assert words_compared(tmp_path) == ["a.py:2", "a.py:2"]


def test_one_garbage_collector_policy_and_one_writer() -> None:
    """collector.py alone touches the garbage collector, and formats/outputs.py alone puts a
    finished output in place (``os.replace``): the policies the page names, each said once."""
    for pattern, owner in (
        (r"^\s*import gc\b|\bgc\.\w+\(", "collector.py"),
        (r"\bos\.replace\(", "formats/outputs.py"),
    ):
        users = sorted(
            path.relative_to(PACKAGE).as_posix()
            for path in PACKAGE.rglob("*.py")
            if re.search(pattern, path.read_text(encoding="utf-8"), re.M)
        )
        assert users == [owner], (pattern, users)


def test_every_mutation_run_names_a_module_and_tests_that_exist() -> None:
    """The Makefile's MUTATION_RUNS (docs/mutation.md): each line a module of the package, then
    test files; a renamed module or test file would leave the run selecting nothing."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    block = re.search(r"^MUTATION_RUNS := \\\n((?:\t.*\n)+)", makefile, re.M)
    assert block is not None
    runs = re.findall(r'"([^"]+)"', block.group(1))
    assert len(runs) >= 6
    for run in runs:
        module, *tests = run.split()
        assert (PACKAGE / module).is_file(), module
        assert tests, run
        missing = [t for t in tests if not (TESTS / t).is_file()]
        assert not missing, f"{module}: {missing}"


def test_the_benchmarks_import_no_test_module() -> None:
    """bench/ stands on its own: what it shares with the tests (the throwaway servers) is in
    tools/."""
    importing = [
        path.name
        for path in sorted((ROOT / "bench").glob("*.py"))
        if re.search(r"^\s*(?:from|import) tests\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert not importing, f"benchmarks importing tests/: {importing}"


# The tests' own folders: one a package of the code, and core/ for the top-level modules.
TESTS = ROOT / "tests"
_FIXTURE_IMPORT = re.compile(r"^from tests\b[^\n]*# noqa: F401|^\s+\w+,\s*# noqa: F401", re.M)


def test_the_tests_are_laid_out_like_the_code() -> None:
    """tests/<package>/ mirrors src/bridgescore/<package>/ (core/ for the top-level modules),
    each a package whose conftest.py holds the fixtures its modules share; no test file is left
    at the top but the repository-wide ones."""
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert folders - packages == {"core"}, folders - packages
    for folder in folders:
        assert (TESTS / folder / "__init__.py").is_file(), folder
    top = {p.name for p in TESTS.glob("test_*.py")}
    assert top == {
        "test_architecture.py",
        "test_conformance.py",
        "test_docs_commands.py",
        "test_readme_library.py",
        "test_seeds.py",
    }, top


def test_no_test_module_borrows_another_ones_fixtures() -> None:
    """A fixture shared is in a conftest.py (the package's, or tests/conftest.py across
    packages), never imported from another module and hidden from the linter."""
    borrowing = [
        str(path.relative_to(TESTS))
        for path in sorted(TESTS.rglob("*.py"))
        if _FIXTURE_IMPORT.search(path.read_text(encoding="utf-8"))
    ]
    assert not borrowing, borrowing


def importing_test_modules(root: Path) -> list[str]:
    """Each module under ``root`` that imports from a test module (``test_*.py``) or a
    conftest.py: what tests share (data, builders, clients) is in a helper module."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = [a.name for a in node.names]  # ``from . import test_x`` names the module
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(n for n in names if n.startswith("test_"))]
            if any(part.startswith("test_") for name in names for part in name.split(".")):
                found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_helpers_are_imported_from_helper_modules_not_from_test_modules() -> None:
    assert importing_test_modules(TESTS) == []


def test_a_test_module_imported_would_be_caught(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "from tests.web.test_web import Console\nfrom tests.web.helpers import Console\n"
        "import tests.night.test_swiss\nfrom . import test_usebio\n"
        "def f():\n    from .test_national import same\n"
    )
    assert importing_test_modules(tmp_path) == ["a.py:1", "a.py:3", "a.py:4", "a.py:6"]


# Test modules no single module owns: a behaviour across several, tested as one. Each says why.
CROSS_CUTTING: dict[str, dict[str, str]] = {
    "core": {"completeness": "a half-played session read, scored and reported"},
    "formats": {
        "fuzz": "every reader fed damaged and random files",
        "plain_readers": "the hand-written readers of contract, formats/csv and cli/options "
        "against the patterns they replaced",
    },
    "reports": {"accessibility": "axe-core on every page kind of the results site"},
    "scoring": {"properties": "invariants of score() across matchpoints, IMPs and ranking"},
    "web": {
        "accessibility": "axe-core and the keyboard on the console's and the phone's pages",
        "federation": "a federation's club night: hand records, review, awards and the "
        "national body's file through the console",
    },
}


def owners(folder: str) -> set[str]:
    """What a test module in tests/<folder>/ may be named after: the package itself and each of
    its modules and subpackages (``pbn/syntax.py`` as ``pbn_syntax``); core/ takes the
    top-level modules."""
    base = PACKAGE if folder == "core" else PACKAGE / folder
    found = set() if folder == "core" else {folder}
    for path in base.rglob("*.py"):
        relative = path.relative_to(base)
        parts = (
            relative.parts[:-1] if path.name == "__init__.py" else relative.with_suffix("").parts
        )
        if parts and (folder != "core" or len(relative.parts) == 1) and path.name != "__main__.py":
            found.add("_".join(parts))
    return found


def misnamed(folder: str, names: list[str]) -> list[str]:
    """The test modules (``test_x.py``) of a folder not named after what they test: neither
    ``test_<module>.py`` nor ``test_<module>_<part>.py`` (a part: ``_browser``, ``_properties``,
    ``_event``) for one of the package's modules or a cross-cutting name of the folder's list."""
    known = owners(folder) | set(CROSS_CUTTING.get(folder, {}))
    wrong = []
    for name in names:
        subject = name.removeprefix("test_").removesuffix(".py")
        if not any(subject == m or subject.startswith(m + "_") for m in known):
            wrong.append(name)
    return wrong


def test_each_test_module_is_named_after_the_module_it_tests() -> None:
    """tests/<package>/test_<module>.py: a module's tests are found by its name (history-named
    files such as test_mutants_imps.py or test_untrusted_inputs.py are folded into them)."""
    wrong = {
        folder.name: misnamed(folder.name, sorted(p.name for p in folder.glob("test_*.py")))
        for folder in sorted(TESTS.iterdir())
        if (folder / "__init__.py").is_file()
    }
    assert not {k: v for k, v in wrong.items() if v}, wrong
    for folder, names in CROSS_CUTTING.items():
        for name in names:
            assert (TESTS / folder / f"test_{name}.py").is_file(), f"{folder}: {name} is gone"


def test_a_misnamed_test_module_would_be_caught() -> None:
    assert misnamed("scoring", ["test_imps.py", "test_imps_pairs.py", "test_mutants_imps.py"]) == [
        "test_mutants_imps.py"
    ]
    assert misnamed("formats", ["test_pbn_syntax.py", "test_untrusted_inputs.py"]) == [
        "test_untrusted_inputs.py"
    ]
    assert misnamed("core", ["test_traveller.py", "test_formats.py"]) == ["test_formats.py"]
    assert {"traveller", "rules"} <= owners("core") and "formats" not in owners("core")
