"""The counting engine (boards of plain results matchpointed once per distinct score, sums on a
common denominator) against the reference (every result matchpointed one by one as the rules
are written): on random sessions with every kind of table result, both scales, every way of
factoring, the whole scored session is equal, explanation by explanation and total by total."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.rules import CLUB, Compensation, Rules, SmallGroups
from bridgescore.scoring import score_pairs
from bridgescore.scoring.matchpoints import Entry, matchpoint, matchpoint_plain
from bridgescore.scoring.pairs import exact_sum
from bridgescore.session import Session
from bridgescore.traveller import Artificial
from tests.scoring.helpers import (
    ARTIFICIAL,
    METHODS,
    RULES,
    SCORES_LISTED,
    sessions,
)


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
