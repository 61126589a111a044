"""The counting engine (boards of plain results matchpointed once per distinct score, sums on a
common denominator) against the reference (every result matchpointed one by one as the rules
are written): on random sessions with every kind of table result, both scales, every way of
factoring, the whole scored session is equal, explanation by explanation and total by total."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.rules import ACBL, CLUB, EBU, Compensation, Rules, SmallGroups
from bridgescore.scoring import score_pairs
from bridgescore.scoring.matchpoints import Entry, matchpoint, matchpoint_plain
from bridgescore.scoring.pairs import exact_sum
from bridgescore.session import FieldStructure, Session
from bridgescore.traveller import Artificial, BridgeResult, TableResult, WeightedResult

SCORES_LISTED = [-800, -200, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 990]
ARTIFICIAL = ["A", "A+", "A-", "60", "45"]
METHODS = list(Compensation)

RULES = st.builds(
    lambda base, scale, art, short, small, session_rule, across, factor: base.with_(
        scale=scale,
        artificial_method=art,
        short_boards=short,
        short_small_groups=small,
        session_percentage_rule=session_rule,
        sections_across=across,
        factor_mp_totals=factor,
    ),
    st.sampled_from([CLUB, EBU, ACBL]),
    st.sampled_from([1, 2]),
    st.sampled_from([m for m in METHODS if m is not Compensation.NONE]),
    st.sampled_from(METHODS),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


def _possible(board: int) -> list[int]:
    vulnerable = Vulnerability.for_board(board)
    return [s for s in SCORES_LISTED if s in possible_scores(vulnerable)]


KINDS = ["played"] * 10 + ["pass", "np", "artificial", "split", "assigned", "weighted", "fouled"]


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A Mitchell (or Howell) session in one or two sections, every kind of table result:
    played, passed out, not played, artificial (both sides the same or split), assigned
    points, weighted scores and fouled copies of a board."""
    boards = draw(st.integers(1, 4))
    pairs = draw(st.integers(1, 8))
    sections = draw(st.sampled_from([[None], ["A", "B"]]))
    howell = draw(st.booleans())
    rows = []
    for section in sections:
        for board in range(1, boards + 1):
            possible = _possible(board)
            for pair in range(1, pairs + 1):
                kind = draw(st.sampled_from(KINDS))
                score = st.sampled_from(possible)
                group = None
                ns: WeightedResult | Artificial | None
                ew: WeightedResult | Artificial | None
                if kind == "np":
                    ns = ew = None
                elif kind == "pass":
                    ns = ew = WeightedResult.single(BridgeResult.pass_out())
                elif kind == "artificial":
                    ns = ew = Artificial.parse(draw(st.sampled_from(ARTIFICIAL)))
                elif kind == "split":
                    ns = Artificial.parse(draw(st.sampled_from(ARTIFICIAL)))
                    ew = WeightedResult.single(BridgeResult(draw(score)))
                    if draw(st.booleans()):
                        ns, ew = ew, ns
                elif kind == "assigned":
                    points = draw(st.integers(-30, 30)) * 10
                    ns = ew = WeightedResult.single(BridgeResult.from_score(points, assigned=True))
                elif kind == "weighted":
                    weight = Fraction(draw(st.integers(1, 9)), 10)
                    ns = ew = WeightedResult(
                        (
                            (weight, BridgeResult(draw(score))),
                            (1 - weight, BridgeResult(draw(score))),
                        )
                    )
                else:
                    ns = ew = WeightedResult.single(BridgeResult(draw(score)))
                    if kind == "fouled":
                        group = draw(st.sampled_from(["x", "y"]))
                ew_pair = pairs + pair if howell else pair
                rows.append(
                    TableResult(
                        board,
                        (pair,),
                        (ew_pair,),
                        ns,
                        ew,
                        assigned=kind in ("split", "assigned", "weighted"),
                        group=group,
                        section=section,
                        table=str(pair),
                        round=board,
                    )
                )
    structure = FieldStructure.HOWELL if howell else FieldStructure.MITCHELL
    return Session.build(rows, structure=structure)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(sessions(), RULES, st.booleans())
def test_the_engine_equals_the_reference(session: Session, rules: Rules, handicapped: bool) -> None:
    handicaps = None
    if handicapped:
        handicaps = {
            e: Fraction(i % 5)
            for i, e in enumerate(sorted(set(session.names) | _entrants(session)))
        }
    fast = score_pairs(session, rules, handicaps)
    reference = score_pairs(session, rules, handicaps, reference=True)
    assert fast == reference
    for board, again in zip(fast.boards, reference.boards, strict=True):
        for table, other in zip(board.tables, again.tables, strict=True):
            assert (table.ns, table.ew) == (other.ns, other.ew)
            if table.ns is not None and other.ns is not None:
                assert table.ns.text() == other.ns.text()
            if table.ew is not None and other.ew is not None:
                assert table.ew.text() == other.ew.text()


def _entrants(session: Session) -> set:  # type: ignore[type-arg]
    return {e for t in session.tables for e in session.entrants_all(t)}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(SCORES_LISTED), st.sampled_from(ARTIFICIAL)), max_size=40),
    st.sampled_from([1, 2]),
    st.sampled_from(METHODS[1:]),
    st.sampled_from(METHODS),
    st.integers(0, 6),
    st.sampled_from(list(SmallGroups)),
    st.booleans(),
)
def test_one_board_counted_equals_one_board_result_by_result(
    items: list[int | str],
    scale: int,
    artificial_method: Compensation,
    short_boards: Compensation,
    missing: int,
    small_groups: SmallGroups,
    short_small: bool,
) -> None:
    rules = CLUB.with_(
        scale=scale,
        artificial_method=artificial_method,
        short_boards=short_boards,
        fouled_groups=small_groups,
        short_small_groups=short_small,
    )
    plain = [s if isinstance(s, int) else Artificial.parse(s) for s in items]
    entries = [Entry.of(s) if isinstance(s, int) else Entry(artificial=s) for s in plain]
    expected = len(items) + missing
    counted = matchpoint_plain(plain, rules, expected)
    one_by_one = matchpoint(entries, rules, expected)
    assert counted == one_by_one
    assert [e.text() for e in counted] == [e.text() for e in one_by_one]


@given(st.lists(st.fractions(max_denominator=1000), max_size=30))
def test_the_exact_sum_is_the_sum(values: list[Fraction]) -> None:
    assert exact_sum(values) == sum(values, Fraction(0))
