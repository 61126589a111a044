"""A movement file's problems are said in the language of whoever reads it: the pseudo-locale
``qps`` accents every translated message, so a plain word left in what a bad movement file's
problems say is a sentence that did not pass through the catalogues. English stays as it was."""

from __future__ import annotations

import json
import re

import pytest

from bridgescore.errors import InputFileError
from bridgescore.languages import use
from bridgescore.movements import ascform, jsonform

_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")

# Bad movement files, JSON and .ASC, that between them reach every sentence the readers say.
JSON_FILES = {
    "deep.json": "[" * 40 + "]" * 40,
    "broken.json": '{"plays": [',
    "number.json": "5",
    "empty.json": '{"plays": []}',
    "many.json": "[" + ",".join(["7"] * 80_001) + "]",
    "header.json": json.dumps(
        {
            "format": "x",
            "version": 9,
            "kind": "teams",
            "name": 5,
            "notes": "n",
            "tables": 9,
            "shared": [[1, 7]],
            "stands": 3,
            "arrow_switched": [4],
            "plays": [{"round": 1, "table": 1, "set": 1, "boards": [1, 2], "ns": 1, "ew": 2}],
        }
    ),
    "plays.json": json.dumps(
        {
            "kind": "mitchell",
            "shared": "x",
            "stands": -1,
            "plays": [
                7,
                {"round": 0, "table": "a", "set": 0, "boards": [], "ns": "phantom", "ew": "q"},
            ],
        }
    ),
}
ASC_FILES = {
    "header.asc": "",
    "counts.asc": "4 2 2 2 3\n1 2 1\n",
    "cells.asc": "4 2 2 2 0\n1 2 1 3 9 Z\n1 0 A 3 4 1\n",
    "columns.asc": "4 2 2 2\n",
}
# The keys of a movement's JSON form, as the file names them (said as they are in every
# language), and the kinds of movement it takes.
_KEYS = {
    "name",
    "tables",
    "shared",
    "stands",
    "round",
    "table",
    "set",
    "ew",
    "mitchell",
    "howell",
    "individual",
}


def _said(name: str, code: str) -> InputFileError:
    with use(code), pytest.raises(InputFileError) as caught:
        if name in JSON_FILES:
            jsonform.loads(JSON_FILES[name], name)
        else:
            ascform.loads(ASC_FILES[name], 2, name)
    return caught.value


@pytest.mark.parametrize("name", [*JSON_FILES, *ASC_FILES])
def test_every_problem_of_a_bad_movement_file_is_said_in_the_pseudo_locale(name: str) -> None:
    error = _said(name, "qps")
    said = _QUOTED.sub("", str(error).replace(name, ""))
    left = set(_WORD.findall(said)) - _KEYS
    assert not left, (sorted(left), str(error))
    english = _said(name, "en")
    assert len(error.problems) == len(english.problems) >= 1
    assert str(error).count("\n") == str(english).count("\n")


def test_the_bad_movement_files_say_many_different_sentences() -> None:
    messages = set()
    for name in [*JSON_FILES, *ASC_FILES]:
        messages |= {getattr(p.message, "message", p.message) for p in _said(name, "en").problems}
    assert len(messages) >= 28, len(messages)


def test_a_movement_files_problems_in_french_by_hand() -> None:
    said = str(_said("plays.json", "fr"))
    assert (
        "plays.json : rencontre 2 : round : attendu un nombre entier de 1 à 200 : trouvé '0'"
    ) in said
    assert "plays.json : rencontre 2 : 'phantom' assis mais aucune paire fantôme déclarée" in said
    said = str(_said("cells.asc", "fr"))
    assert "cells.asc:3 : table 1 : une table est tout à zéro ou n'a aucun zéro" in said


def test_a_movement_files_problems_in_dutch_by_hand() -> None:
    said = str(_said("counts.asc", "nl"))
    assert "counts.asc: 1 ronderegels, de kop zegt 2" in said


def test_a_movement_files_problems_in_english_as_they_were() -> None:
    said = str(_said("header.json", "en"))
    assert "header.json: stands: 3 relay or bye stands for 1 sets" in said
    assert "header.json: tables: the header says 9, the plays 1: found '9', expected 1" in said
    assert "plays.json: play 2: ew: not a pair or player number: found \"'q'\"" in str(
        _said("plays.json", "en")
    )
    # The problems keep their English for JSON whatever the language they were made in.
    with use("fr"):
        problem = _said("plays.json", "fr").problems[0]
    assert problem.message == "play 1: expected an object"


def test_a_stored_movements_notes_are_said_in_the_language_when_read_back() -> None:
    """The notes a generator writes are English in the JSON; read back, each is the sentence it
    was made as, shown in the reader's language; a note written by hand stays as written."""
    from bridgescore.languages.text import shown
    from bridgescore.movements.howell import howell_for_pairs

    made = howell_for_pairs(7, 2)
    assert made.notes
    text = jsonform.dumps(made)
    data = json.loads(text)
    data["notes"].append("Boards 1-4 are in the red box.")
    back = jsonform.from_data(data)
    assert list(back.notes) == [*made.notes, "Boards 1-4 are in the red box."]
    assert jsonform.dumps(jsonform.loads(text)) == text  # English in the JSON, as written
    with use("qps"):
        said = [str(shown(note)) for note in back.notes[:-1]]
    left = set(_WORD.findall(" ".join(said))) - {"NS", "EW"}
    assert not left, (sorted(left), said)
    with use("fr"):
        assert shown(back.notes[-1]) == "Boards 1-4 are in the red box."
        french = [str(shown(note)) for note in back.notes]
    assert "La paire 8 est le fantôme : la paire de la table 1 est en relâche." in french, french


def _howell_refusals(code: str) -> list[str]:
    """What reading each broken entry of a published Howell table says in ``code``."""
    from bridgescore.errors import ParseError

    good = {
        "tables": 2,
        "rounds": 3,
        "positions": [4, 1, 2, 3],
        "movement": ["1E", "2N", "2E"],
        "sets": [1, 2, 0],
    }
    broken: list[dict[str, object]] = [
        {},
        {"4-7": {k: v for k, v in good.items() if k != "rounds"}},
        {"4-7": {**good, "positions": [1, "q"]}},
        {"4-7": {**good, "movement": 5}},
        {"4-7": {**good, "positions": [1, 2]}},
        {"4-7": {**good, "sets": [1, 1, 0]}},
    ]
    said = []
    for data in broken:
        with use(code):
            with pytest.raises(ParseError) as caught:
                jsonform.loads_howell_table(data, "4-7")
            said.append(str(caught.value))
    return said


def test_a_published_howell_tables_refusals_are_said_in_the_language() -> None:
    """The published Howell tables (shared data): each refusal names the entry and the field
    as the file names them, the value quoted as found, every other word the language's."""
    for said in _howell_refusals("qps"):
        left = set(_WORD.findall(_QUOTED.sub("", said)))
        assert not left, (sorted(left), said)
    assert _howell_refusals("en") == [
        "published Howell '4-7': no such entry",
        "published Howell '4-7': no 'rounds'",
        "published Howell '4-7': 'positions' not in the expected form: [1, 'q']",
        "published Howell '4-7': 'movement' not in the expected form: 5",
        "published Howell '4-7': 2 positions for 2 tables",
        "published Howell '4-7': table 1 has no single set",  # set 1 at two places
    ]
    french = _howell_refusals("fr")
    assert french[1] == "Howell publié '4-7' : pas de 'rounds'"
    assert french[4] == "Howell publié '4-7' : 2 positions pour 2 tables"
    assert _howell_refusals("nl")[5] == (
        "gepubliceerde Howell '4-7': tafel 1 heeft niet precies één spelgroep"
    )


def test_an_asc_movements_name_is_said_in_the_language_and_read_back() -> None:
    """An .ASC movement's generated name is English in its JSON form, in the language where it
    is shown, read back from the JSON as the sentence it was made as."""
    from bridgescore.languages.text import shown

    # Pair 1 sits NS both rounds, 2 and 4 EW: the pairs keep their lines, a Mitchell.
    made = ascform.loads("4 2 2 2 0\n1 2 1 3 4 2\n1 4 2 3 2 1\n", 2, "club.asc")
    assert made.name == ".ASC mitchell, 2 tables"
    back = jsonform.loads(jsonform.dumps(made))
    assert back.name == made.name
    for movement in (made, back):
        with use("fr"):
            assert shown(movement.name) == "Mitchell .ASC, 2 tables"
        with use("nl"):
            assert shown(movement.name) == "Mitchell .ASC, 2 tafels"
        with use("qps"):
            assert not set(_WORD.findall(str(shown(movement.name)))) - {"ASC"}
