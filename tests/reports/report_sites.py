"""Results sites built once per test run and shared by the report tests (HTML and browser).

Each builder goes through ``bridgescore report`` (the command a scorer runs) into a temporary
directory removed when the run ends, and gives the directory with the engine's own result for
the same file and rules, so pages can be checked against the engine.
"""

from __future__ import annotations

import atexit
import functools
import re
import shutil
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

import bridgescore
from bridgescore.cli import main
from bridgescore.display import fmt_fixed
from bridgescore.formats import read_session
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB, Rules
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
REAL = ("data", "usebio-compscore", "mp_pairs_howell.xml")
REAL_OPTIONS = ("--artificial-method", "neuberg", "--short-boards", "neuberg")
REAL_RULES = CLUB.with_(artificial_method="neuberg", short_boards="neuberg")
HOSTILE = "<script>alert(1)</script>"

_ROOT = Path(tempfile.mkdtemp(prefix="bridgescore-report-tests-"))
atexit.register(shutil.rmtree, _ROOT, True)


@dataclass(frozen=True)
class Built:
    directory: Path
    result: SessionResult

    def num(self, value: Fraction | int | None) -> str:
        rules = self.result.rules
        return "" if value is None else fmt_fixed(value, rules.decimals, rules.rounding)


def report(source: Path, name: str, *options: str) -> Path:
    """Run ``bridgescore report`` into a fresh directory; fails the test if the command fails."""
    out = _ROOT / name
    result = CliRunner().invoke(main, ["report", str(source), "-o", str(out), *options])
    assert result.exit_code == 0, result.output
    return out


@functools.cache
def sample_site() -> Built:
    return Built(report(SAMPLE, "club-night"), score_pairs(read_session(SAMPLE), CLUB))


@functools.cache
def _real_site(path: Path) -> Built:
    return Built(
        report(path, "usebio-howell", *REAL_OPTIONS),
        score_pairs(read_session(path), REAL_RULES),
    )


def real_site() -> Built:
    """A real USEBIO session with its deals (skips the test when ../shared is absent)."""
    return _real_site(shared_path(*REAL))


@functools.cache
def hostile_site() -> Built:
    """The sample session with a pair named like a script, and another with markup."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace("Helen Kowalski & Graham Burns", HOSTILE)
    text = text.replace("Brian Fletcher & Ingrid Solberg", 'Ann "<b>Bold</b>" & Bob\'s')
    source = _ROOT / "hostile.csv"
    source.write_text(text, encoding="utf-8")
    return Built(
        report(source, "hostile", "--no-double-dummy"), score_pairs(read_session(source), CLUB)
    )


def rules_for(built: Built) -> Rules:
    return built.result.rules


# --- reading pages back ------------------------------------------------------------------------


Row = list[tuple[str, str]]  # (the cell's classes, its text)


@dataclass
class Table:
    classes: str
    head: list[Row]
    body: list[Row]
    foot: list[Row]


class Page(HTMLParser):
    """What a test needs from a page: links, ids, tables (cell texts with classes), scripts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.scripts = 0
        self.tables: list[Table] = []
        self._part = "body"
        self._row: Row | None = None
        self._cell: list[str] | None = None
        self._cell_class = ""
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        for key in ("href", "src"):
            if key in found:
                self.links.append(found[key])
        if tag == "script":
            self.scripts += 1
        if tag == "table":
            self.tables.append(Table(found.get("class", ""), [], [], []))
        elif tag in ("thead", "tbody", "tfoot"):
            self._part = tag[1:]
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
            self._cell_class = found.get("class", "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append((self._cell_class, " ".join("".join(self._cell).split())))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            getattr(self.tables[-1], self._part).append(self._row)
            self._row = None
        elif tag in ("thead", "tfoot"):
            self._part = "body"

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def of_class(self, name: str) -> list[Table]:
        return [t for t in self.tables if name in t.classes.split()]


def read_page(path: Path) -> Page:
    return Page(path.read_text(encoding="utf-8"))


def cells(row: list[tuple[str, str]], css: str) -> list[str]:
    """The texts of a row's cells carrying a class."""
    return [text for classes, text in row if css in classes.split()]


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
