"""Hypothesis properties of matchpointing and of the traveller notation."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats.results_file import ResultsFile
from bridgescore.results import Standing
from bridgescore.rules import CLUB, Compensation, Rules
from bridgescore.scoring import score_pairs
from bridgescore.scoring.matchpoints import Entry, matchpoint, top
from bridgescore.session import Session
from bridgescore.traveller import Artificial, BridgeResult, TableResult, WeightedResult
from tests.scoring.helpers import CLUB_RULES, SCORES_LISTED

SCORES = st.sampled_from(SCORES_LISTED)


@given(st.lists(SCORES, min_size=2, max_size=30), st.sampled_from([1, 2]))
def test_a_field_distributes_n_times_the_average(scores: list[int], scale: int) -> None:
    rules = CLUB.with_(scale=scale)
    got = matchpoint([Entry.of(s) for s in scores], rules)
    assert sum(e.value for e in got) == len(scores) * top(len(scores), rules) / 2
    assert all(0 <= e.value <= top(len(scores), rules) for e in got)


@given(st.lists(SCORES, min_size=2, max_size=20), CLUB_RULES, st.integers(0, 5), st.integers(0, 4))
def test_compensation_keeps_real_results_at_the_average(
    scores: list[int], rules: Rules, artificial: int, missing: int
) -> None:
    entries = [Entry.of(s) for s in scores] + [Entry(artificial=Artificial.parse("A"))] * artificial
    expected = len(entries) + (missing if rules.short_boards is not Compensation.NONE else 0)
    got = matchpoint(entries, rules, expected)
    full = top(expected, rules)
    assert sum(e.value for e in got[: len(scores)]) == len(scores) * full / 2
    assert all(e.value == full / 2 for e in got[len(scores) :])


@given(st.lists(SCORES, min_size=2, max_size=20), st.sampled_from([1, 2]))
def test_ns_plus_ew_is_the_top_on_a_balanced_board(scores: list[int], scale: int) -> None:
    rules = CLUB.with_(scale=scale)
    ns = matchpoint([Entry.of(s) for s in scores], rules)
    ew = matchpoint([Entry.of(-s) for s in scores], rules)
    for a, b in zip(ns, ew, strict=True):
        assert a.value + b.value == top(len(scores), rules)


@given(
    st.lists(st.tuples(SCORES, SCORES, st.integers(1, 99)), min_size=2, max_size=10),
)
def test_weighted_results_keep_the_field_total(parts: list[tuple[int, int, int]]) -> None:
    entries = []
    for a, b, w in parts:
        weight = Fraction(w, 100)
        entries.append(Entry(((weight, a), (1 - weight, b))))
    got = matchpoint(entries, CLUB)
    assert sum(e.value for e in got) == len(parts) * top(len(parts), CLUB) / 2


def _possible(board: int) -> st.SearchStrategy[int]:
    """Scores from SCORES that some contract can produce on this board (Law 2 vulnerability)."""
    vulnerable = Vulnerability.for_board(board)
    return st.sampled_from([s for s in SCORES_LISTED if s in possible_scores(vulnerable)])


def _session_rows(draw: st.DrawFn) -> list[TableResult]:
    boards = draw(st.integers(1, 4))
    pairs = draw(st.integers(2, 7))
    rows = []
    for board in range(1, boards + 1):
        for pair in range(1, pairs + 1):
            kind = draw(st.sampled_from(["score"] * 8 + ["np", "avg", "weighted"]))
            if kind == "np":
                ns = ew = None
            elif kind == "avg":
                ns = ew = Artificial.parse(draw(st.sampled_from(["A", "A+", "A-", "60"])))
            elif kind == "weighted":
                ns = ew = WeightedResult(
                    (
                        (Fraction(3, 10), BridgeResult(draw(_possible(board)))),
                        (Fraction(7, 10), BridgeResult(draw(_possible(board)))),
                    )
                )
            else:
                ns = ew = WeightedResult.single(BridgeResult(draw(_possible(board))))
            rows.append(TableResult(board, (pair,), (pair,), ns, ew, assigned=kind == "weighted"))
    return rows


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    rows = _session_rows(draw)
    # Any such rows make a session: a board played once or not at all is scored, not refused.
    return Session.build(rows)


@settings(max_examples=60, deadline=None)
@given(sessions(), CLUB_RULES, st.randoms())
def test_session_checksums_and_row_order(session: Session, rules: Rules, rng) -> None:  # type: ignore[no-untyped-def]
    result = score_pairs(session, rules)
    assert result.checksums_ok
    shuffled = list(session.tables)
    rng.shuffle(shuffled)
    again = score_pairs(Session.build(shuffled), rules)
    assert {s.entrant: s.points for f in result.fields for s in f.standings} == {
        s.entrant: s.points for f in again.fields for s in f.standings
    }

    def ranked(s: Standing) -> Fraction:
        # Nothing compared (no matchpoints available): no percentage, ranked below the rest.
        assert (s.percent is None) == (s.available == 0)
        return Fraction(-1) if s.percent is None else s.percent

    for field in result.fields:
        for s in field.standings:
            assert s.rank == 1 + sum(1 for o in field.standings if ranked(o) > ranked(s))
            assert s.shared == (sum(1 for o in field.standings if ranked(o) == ranked(s)) > 1)


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_csv_round_trip(session: Session) -> None:
    text = traveller_csv.dumps(ResultsFile(session))
    again = traveller_csv.loads(text).session
    assert again.tables == session.tables
    assert traveller_csv.dumps(ResultsFile(again)) == text
    assert again.structure == session.structure
