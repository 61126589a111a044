"""Every generator, every size from 3 to 30 tables and 1 to 4 boards a round, passes validate();
and the JSON form round-trips."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.movements import howell, mitchell, validate
from bridgescore.movements.individual import individual
from bridgescore.movements.jsonform import dumps, loads
from bridgescore.movements.model import Movement

tables = st.integers(3, 30)
boards = st.integers(1, 4)


def assert_valid(m: Movement) -> None:
    errors = [str(b) for b in validate(m) if not b.warning]
    assert errors == [], (m.name, errors[:5])
    # Everyone seated every round, each board set's boards numbered 1..n without gaps.
    assert len(m.plays) == m.tables * m.rounds
    assert m.boards == tuple(range(1, len(m.boards) + 1))


def test_every_mitchell_size() -> None:
    for t in range(3, 31):
        for bpr in range(1, 5):
            for phantom in (False, True):
                assert_valid(mitchell(t, bpr, phantom=phantom))
            if t % 2 == 0:
                assert_valid(mitchell(t, bpr, even="skip"))


@pytest.mark.slow
def test_every_howell_size() -> None:
    for t in range(2, 31):
        assert_valid(howell(t, 2))
        assert_valid(howell(t, 1, phantom=True))


@settings(max_examples=40, deadline=None)
@given(tables, boards, st.data())
def test_partial_and_arrow_switched(t: int, bpr: int, data: st.DataObject) -> None:
    rounds = data.draw(st.integers(1, 2 * t - 1))
    assert_valid(howell(t, bpr, rounds=rounds, phantom=data.draw(st.booleans())))
    most = t - 1 if t % 2 == 0 else t
    switched = data.draw(st.sets(st.integers(1, most), max_size=3))
    m = mitchell(t, bpr, even="skip", arrow_switched=switched)
    assert_valid(m)
    assert sum(p.arrow_switched for p in m.plays) == len(switched) * t


@settings(max_examples=25, deadline=None)
@given(tables, boards, st.booleans())
def test_individuals(t: int, bpr: int, phantom: bool) -> None:
    m = individual(t, bpr, rounds=min(4 * t - 1, 15), phantom=phantom)
    assert_valid(m)


def test_every_individual_size_complete() -> None:
    for t in range(2, 31, 7):
        assert_valid(individual(t, 1))


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 12), boards, st.sampled_from(["mitchell", "howell", "individual"]))
def test_json_round_trip(t: int, bpr: int, kind: str) -> None:
    build = {"mitchell": mitchell, "howell": howell, "individual": individual}[kind]
    m = build(t, bpr)
    assert loads(dumps(m)) == m


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=25,
)
play_like = st.fixed_dictionaries(
    {},
    optional={
        k: json_values | st.integers(0, 5)
        for k in ("round", "table", "ns", "ew", "n", "e", "s", "w", "boards", "set", "sit_out")
    },
)


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(
        json_values,
        st.lists(play_like, max_size=4),
        st.fixed_dictionaries(
            {"plays": st.lists(play_like, max_size=4)},
            optional={
                k: json_values
                for k in ("kind", "tables", "shared", "stands", "phantom", "arrow_switched")
            },
        ),
    )
)
def test_any_json_is_read_or_refused_with_our_error(data: object) -> None:
    """Whatever the file holds, the reader returns a movement or raises a BridgeScoreError
    (never a bare KeyError or TypeError), and validate() then runs on what it returned."""
    import json

    from bridgescore.errors import BridgeScoreError

    try:
        m = loads(json.dumps(data))
    except BridgeScoreError:
        return
    validate(m)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(alphabet="0123456789 -,;:#ABCQ\t²", max_size=30), min_size=1, max_size=5).map(
        "\n".join
    )
)
def test_any_asc_text_is_read_or_refused_with_our_error(text: str) -> None:
    from bridgescore.errors import BridgeScoreError
    from bridgescore.movements import ascform

    try:
        m = ascform.loads(text, boards_per_round=2)
    except BridgeScoreError:
        return
    validate(m)
