"""The comparison harness of the readers' conformance tests (USEBIO's and NZ Scorer's): how a
real file is rescored (Setup), what it is expected not to reproduce and why (Expected), the
measure of what it does (Outcome), and a file's bytes damaged at random for the fuzz tests."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from hypothesis import strategies as st

from bridgescore.bridge import Side
from bridgescore.check.compare import Comparison, compare
from bridgescore.formats import load_path
from bridgescore.formats.reported import ReportedScores
from bridgescore.formats.results_file import ResultsFile
from bridgescore.rules import CLUB, Rounding, Rules
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant, Session
from tests.conftest import shared_path

COMPSCORE = "usebio-compscore"


@dataclass(frozen=True)
class Setup:
    """How a file is rescored and compared with its own figures."""

    rules: Rules  # the rescoring whose percentages, places and totals are compared
    row_rules: Rules | None = None  # the rescoring whose rows are compared, when different
    row_decimals: int = 1
    row_rounding: Rounding = Rounding.HALF_UP
    totals: bool = False
    total_decimals: int = 2
    total_rounding: Rounding = Rounding.HALF_UP
    places_by_section: bool = False


@dataclass(frozen=True)
class Expected:
    """What a file does not reproduce, and why."""

    rows: Mapping[tuple[int, str], str] = field(default_factory=dict)  # (board, NS pair)
    pairs: Mapping[str, str] = field(default_factory=dict)  # percentage, place or handicapped
    totals: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    rows: int
    bad_rows: frozenset[tuple[int, str]]
    pairs: int
    bad_pairs: frozenset[str]
    bad_totals: frozenset[str]
    totals: bool


def measure(
    session: Session,
    reported: ReportedScores,
    setup: Setup,
    handicaps: Mapping[Entrant, Fraction] | None = None,
) -> tuple[Outcome, Comparison]:
    """Rescore a session read from a file and compare it with the file's figures."""
    result = score_pairs(session, setup.rules, handicaps)
    rows_result = None
    if setup.row_rules is not None:
        rows_result = score_pairs(session, setup.row_rules, handicaps)
    comparison = compare(
        result,
        reported,
        rows_result=rows_result,
        row_decimals=setup.row_decimals,
        row_rounding=setup.row_rounding,
        totals=setup.totals,
        total_decimals=setup.total_decimals,
        total_rounding=setup.total_rounding,
        places_by_section=setup.places_by_section,
    )
    bad_rows = set()
    bad_pairs = set()
    bad_totals = set()
    for m in comparison.mismatches:
        if m.index is not None:
            row = session.tables[m.index]
            bad_rows.add((row.board, session.entrants(row, Side.NS)[0].label))
        elif m.what == "total":
            bad_totals.add(m.entrant.label)
        else:
            bad_pairs.add(m.entrant.label)
    outcome = Outcome(
        comparison.rows,
        frozenset(bad_rows),
        comparison.entrants,
        frozenset(bad_pairs),
        frozenset(bad_totals),
        setup.totals,
    )
    return outcome, comparison


def assert_as_expected(outcome: Outcome, comparison: Comparison, expected: Expected) -> None:
    detail = "\n".join(str(m) for m in comparison.mismatches)
    assert outcome.bad_rows == set(expected.rows), detail
    assert outcome.bad_pairs == set(expected.pairs), detail
    assert outcome.bad_totals == set(expected.totals), detail


# Compscore shows each row on its board's own top (boards played fewer times unfactored), rounds
# halves to even, and factors boards played fewer times (Neuberg) in the totals, which it also
# scales by most boards / boards played for a pair who missed boards.
_NEUBERG = CLUB.with_(scale=2, artificial_method="neuberg")


COMPSCORE_SETUP = Setup(
    rules=_NEUBERG.with_(short_boards="neuberg", factor_mp_totals=True),
    row_rules=_NEUBERG,
    row_rounding=Rounding.HALF_EVEN,
    totals=True,
)


def read(name: str) -> ResultsFile:
    return load_path(shared_path("data", COMPSCORE, name))


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    """A real file with bytes deleted, duplicated or changed, truncated, or with the text of
    some elements and attributes replaced (which keeps the XML well formed)."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        if not out:
            break
        kind = draw(st.sampled_from(["delete", "duplicate", "flip", "truncate", "value", "value"]))
        start = draw(st.integers(0, len(out) - 1))
        length = draw(st.integers(1, 64))
        if kind == "delete":
            del out[start : start + length]
        elif kind == "duplicate":
            out[start:start] = out[start : start + length]
        elif kind == "flip":
            out[start] = draw(st.integers(0, 255))
        elif kind == "truncate":
            del out[start:]
        else:
            found = _VALUE.search(out, start) or _VALUE.search(out)
            if found:
                group = 1 if found.group(1) is not None else 2
                out[found.start(group) : found.end(group)] = draw(_NOISE)
    return bytes(out)


def setup_for(file: ResultsFile) -> Setup:
    across = file.event.field_scoring
    return Setup(
        rules=CLUB.with_(artificial_method="average", sections_across=across),
        row_rules=CLUB.with_(artificial_method="neuberg", sections_across=across),
        row_rounding=Rounding.TRUNCATE,
        totals=True,
        total_decimals=0,
        total_rounding=Rounding.TRUNCATE,
        places_by_section=across,
    )


_VALUE = re.compile(rb'>([^<>]+)<|"([^"]*)"')


_NOISE = st.text("0123456789-+.=/xXAPNSEWHCDT ()", max_size=6).map(str.encode)


IMP_SETUPS = {
    "butler_howell.xml": Setup(
        CLUB.with_(method="butler"),
        row_decimals=0,
        totals=True,
    ),
    "cross_imp_howell.xml": Setup(
        CLUB.with_(method="cross-imps"),
        row_decimals=2,
        totals=True,
    ),
}
