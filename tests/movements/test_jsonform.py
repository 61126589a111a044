"""A movement's JSON is read bounded, like every other file, and what it says is shown honestly:
its header agrees with its plays, a small file never runs for minutes or fills the memory, boards
are listed as they are, the boards to deal are counted, a phantom table gets no card."""

from __future__ import annotations

import json
import tracemalloc
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.cli import main
from bridgescore.errors import InputFileError
from bridgescore.movements import cards, jsonform
from bridgescore.movements.fit import fits
from bridgescore.movements.howell import howell_for_pairs
from bridgescore.movements.mitchell import mitchell
from bridgescore.movements.model import board_list
from bridgescore.movements.validate import validate


def small() -> dict[str, Any]:
    return jsonform.to_data(mitchell(3, 2))


def problems(data: Any) -> str:
    with pytest.raises(InputFileError) as refused:
        jsonform.loads(json.dumps(data) if not isinstance(data, str) else data, "m.json")
    return str(refused.value)


def test_the_header_must_agree_with_the_plays() -> None:
    for name, wrong in (("tables", 1_000_000_000), ("rounds", 7), ("boards_per_round", 3)):
        data = small()
        data[name] = wrong
        assert f"{name}: the header says {wrong}, the plays" in problems(data)
    data = small()
    data["version"] = 2
    assert "a movement version this bridgescore does not read" in problems(data)
    data = small()
    data["stands"] = 50
    assert "stands: 50 relay or bye stands for 3 sets" in problems(data)
    data = small()
    data["shared"] = [[1, 9]]
    assert "shared: table 9 of (1, 9) is not in the movement's plays" in problems(data)


def test_numbers_beyond_any_movement_are_refused() -> None:
    data = small()
    data["plays"][0]["table"] = 10**9  # a header that agrees would still ask for 10**9 cards
    data["tables"] = 10**9
    assert "table: expected a whole number from 1 to 400" in problems(data)
    data = small()
    data["plays"][0]["boards"] = [1, 10**12]
    assert "boards must be a list of 1 to 36 board numbers from 1 to 9999" in problems(data)
    assert "not a movement" in problems('{"plays": [' + "9" * 5000 + "]}")


def test_deep_nesting_and_size_are_refused_before_parsing() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert "nested more than 4 deep" in problems(deep)
    assert "too large for a movement" in problems(" " * (jsonform.MAX_TEXT + 1))
    # Brackets inside text do not count.
    data = small()
    data["name"] = "[[[[[[[[[[ a name ]]]]]]]]]]"
    assert jsonform.loads(json.dumps(data)).name == data["name"]


def test_text_fields_are_text() -> None:
    data = small()
    data["notes"] = "not a list"
    assert "notes: expected a list of sentences" in problems(data)
    data = small()
    data["name"] = {"a": 1}
    assert "name: expected text" in problems(data)


def test_boards_are_listed_as_runs_never_across_a_gap(tmp_path: Path) -> None:
    assert board_list([1, 2, 99]) == "1-2, 99"
    assert board_list([1, 2, 3, 7, 9, 10]) == "1-3, 7, 9-10"
    assert board_list([5]) == "5"
    data = small()
    data["plays"][0]["boards"] = [1, 2, 99]
    data["boards_per_round"] = 3
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = CliRunner().invoke(main, ["movement", "load", str(path)])
    assert "1-2, 99" in done.output and "1-99" not in done.output, done.output


def test_fit_counts_the_boards_to_deal() -> None:
    best = fits(13, 180)[0]
    assert (best.movement.rounds, best.boards, best.dealt) == (12, 24, 26)
    assert "24 boards played, 26 to deal" in best.describe()
    done = CliRunner().invoke(
        main, ["movement", "fit", "--pairs", "13", "--minutes", "180", "--format", "json"]
    )
    assert json.loads(done.output)[0]["boards_to_deal"] == 26


def test_a_howell_phantom_table_gets_no_card() -> None:
    howell = howell_for_pairs(7, 2)
    unplayed = {p.table for p in howell.plays} - {p.table for p in howell.plays if not p.sit_out}
    assert unplayed == {1}
    assert cards.card_tables(howell) == (2, 3, 4)
    assert [c.table for c in cards.table_cards(howell)] == [2, 3, 4]
    # A Mitchell's half table keeps its card: the boards wait there for the moving pairs.
    half = mitchell(5, 2, phantom=True)
    assert cards.card_tables(half) == (1, 2, 3, 4, 5)


# --- fuzzing: bounded time and memory per example -------------------------------------------------

MEMORY = 64 * 1024 * 1024  # bytes a single small file may make the reader allocate, at most

numbers = st.one_of(
    st.integers(-3, 12),
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=False),
    st.booleans(),
    st.none(),
    st.text(max_size=5),
)
play = st.fixed_dictionaries(
    {},
    optional={
        "round": numbers,
        "table": numbers,
        "set": numbers,
        "ns": st.one_of(numbers, st.just("phantom"), st.just("3NS")),
        "ew": st.one_of(numbers, st.just("phantom"), st.just("2EW")),
        "n": numbers,
        "e": numbers,
        "s": numbers,
        "w": numbers,
        "boards": st.one_of(st.lists(numbers, max_size=6), numbers),
        "sit_out": st.booleans(),
        "arrow_switched": st.booleans(),
        "absent": st.lists(numbers, max_size=2),
    },
)
header = st.fixed_dictionaries(
    {"plays": st.lists(play, max_size=12)},
    optional={
        "format": st.sampled_from([jsonform.FORMAT, "other"]),
        "version": numbers,
        "kind": st.sampled_from(["mitchell", "howell", "individual", "square"]),
        "tables": numbers,
        "rounds": numbers,
        "boards_per_round": numbers,
        "phantom": numbers,
        "shared": st.lists(st.lists(numbers, max_size=3), max_size=3),
        "stands": numbers,
        "arrow_switched": st.lists(numbers, max_size=3),
        "notes": st.lists(st.text(max_size=10), max_size=2),
        "name": st.text(max_size=20),
    },
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=30,
)


def read_and_use(text: str) -> None:
    """What a command does with a movement file: read it, check it, make its cards and show it."""
    from bridgescore.cli.movement import _text

    tracemalloc.start()
    try:
        try:
            found = jsonform.loads(text, "fuzz.json")
        except InputFileError:
            return
        breaches = validate(found)
        cards.to_data(found)
        _text(found, [str(b) for b in breaches])
        _, peak = tracemalloc.get_traced_memory()
        assert peak < MEMORY, f"{peak:,} bytes for {len(text):,} characters"
    finally:
        tracemalloc.stop()


@settings(
    max_examples=300,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(header)
def test_fuzz_movement_headers_and_plays(data: dict[str, Any]) -> None:
    read_and_use(json.dumps(data))


@settings(max_examples=200, deadline=timedelta(seconds=5))
@given(json_values)
def test_fuzz_any_json(data: Any) -> None:
    read_and_use(json.dumps(data))


@settings(max_examples=200, deadline=timedelta(seconds=5))
@given(st.text(alphabet='[]{}",:0123456789 -.eEtrufalsn', max_size=1024))
def test_fuzz_any_text_of_a_kilobyte(text: str) -> None:
    read_and_use(text)


@settings(max_examples=150, deadline=timedelta(seconds=5))
@given(st.data())
def test_fuzz_a_real_movement_with_one_value_changed(data: st.DataObject) -> None:
    movement = jsonform.to_data(howell_for_pairs(9, 2))
    index = data.draw(st.integers(0, len(movement["plays"]) - 1))
    key = data.draw(st.sampled_from(["round", "table", "set", "ns", "ew", "boards"]))
    movement["plays"][index][key] = data.draw(numbers)
    for name in data.draw(st.lists(st.sampled_from(["tables", "rounds", "stands"]), max_size=2)):
        movement[name] = data.draw(numbers)
    read_and_use(json.dumps(movement))


def test_a_generated_movements_name_read_back_is_shown_in_the_readers_language() -> None:
    """A movement stored as JSON (the club's database) keeps its English name; read back, a
    name in the generators' form is shown in French and Dutch again, any other as written."""
    from bridgescore.languages import use
    from bridgescore.languages.text import shown
    from bridgescore.movements import jsonform
    from bridgescore.movements.howell import howell_for_pairs
    from bridgescore.movements.mitchell import mitchell_for_pairs

    howell = jsonform.loads(jsonform.dumps(howell_for_pairs(13, 2)))
    assert howell.name == "Howell, 7 tables"
    with use("nl"):
        assert shown(howell.name) == "Howell, 7 tafels"
    data = json.loads(jsonform.dumps(mitchell_for_pairs(14, 2)))
    data["name"] = "Relay Mitchell, 7 tables, arrow-switched"
    switched = jsonform.from_data(data)
    with use("fr"):
        assert shown(switched.name) == "Mitchell avec relais, 7 tables, avec changement de flèche"
    data["name"] = "Our Tuesday Mitchell, 7 tables"
    with use("fr"):
        assert shown(jsonform.from_data(data).name) == "Our Tuesday Mitchell, 7 tables"
