"""The refusals of the masterpoint schemes in the reader's language: a scheme's name that cannot
be read, strata written wrong, an event's overall awards no published rule gives. Said in the
pseudo-locale they leave no plain English word but what was typed (quoted) and the schemes'
names; in French they read as French."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

import pytest

from bridgescore.errors import BridgeScoreError, InputFileError
from bridgescore.languages import PSEUDO, use
from bridgescore.masterpoints import EventField, Kind, RankedField, scheme_named
from bridgescore.masterpoints.acbl import AcblClubScheme
from bridgescore.masterpoints.model import require
from bridgescore.masterpoints.strata import parse_strata, stratified
from bridgescore.masterpoints.table import _KEYS, loads
from bridgescore.session import Entrant
from tests.helpers import plain_refusals

_WORD = re.compile(r"[A-Za-z]{2,}")
# What was typed, quoted; a scheme's name (abf:red:3.0); the strata's notation (A,B=750,C=300).
_DATA = re.compile(r"'[^']*'|[a-z]+:[a-z0-9.:]+|[A-Z](?:,[A-Z]=\d+)+")


def _event(sessions: int) -> EventField:
    places = tuple((Entrant(n), n) for n in range(1, 13))
    return EventField(RankedField("overall", Kind.PAIRS, "event", 1, 6, places), sessions, 12)


_TEAMS = RankedField("A", Kind.TEAMS, "teams", 1, 3, ())

REFUSALS: list[Callable[[], object]] = [
    lambda: scheme_named("nonsense"),
    lambda: scheme_named("zz:club"),
    lambda: scheme_named("abf"),
    lambda: scheme_named("abf:red:x"),
    lambda: scheme_named("abf:red:-1"),
    lambda: scheme_named("acbl:nope"),
    lambda: scheme_named("abf:green").award_event(_event(2)),
    lambda: scheme_named("acbl:club").award_event(_event(4)),
    lambda: scheme_named("nz:club").award_event(_event(4)),
    lambda: parse_strata("A" * 201),
    lambda: parse_strata("A,!"),
    lambda: parse_strata("A,A=5"),
    lambda: parse_strata("A=5,B=3"),
    lambda: parse_strata("A,B"),
    lambda: parse_strata("A,B=300,C=750"),
    lambda: parse_strata("A"),
    lambda: stratified(scheme_named("nz:club"), cast(Any, None), parse_strata("A,B=5"), {}),
    lambda: AcblClubScheme("open", ("A", "B"), {Entrant(1): "C"}),
    lambda: AcblClubScheme("open", (), {Entrant(1): "C"}),
    lambda: require((Kind.PAIRS, Kind.INDIVIDUAL), _TEAMS, "nz:club"),
]


def _said(call: Callable[[], object], code: str) -> str:
    with pytest.raises(BridgeScoreError) as caught:
        call()
    with use(code):
        return str(caught.value)


@pytest.mark.parametrize("number", range(len(REFUSALS)))
def test_every_refusal_is_said_in_the_pseudo_locale(number: int) -> None:
    said = _said(REFUSALS[number], PSEUDO)
    assert said != _said(REFUSALS[number], "en")
    left = set(_WORD.findall(_DATA.sub("", said)))
    assert not left, (sorted(left), said)


def test_the_refusals_read_as_french() -> None:
    assert _said(REFUSALS[4], "fr") == "un coefficient ABF est supérieur à 0, trouvé -1"
    assert _said(REFUSALS[3], "fr") == ("pas un nombre : 'x' (attendu : un coefficient comme 3.0)")
    assert _said(REFUSALS[11], "fr") == "A est nommée deux fois"
    assert _said(REFUSALS[-1], "fr") == (
        "le barème nz:club ne récompense que des paires ou joueurs individuels ; le groupe A est "
        "un tournoi par équipes"
    )
    assert _said(REFUSALS[-1], "en") == (
        "the nz:club scheme awards pairs or individual only; field A is teams"
    )
    assert _said(REFUSALS[14], "nl").startswith("de grens van C, 750, ligt niet onder die van B")
    # English is what it was.
    assert _said(REFUSALS[3], "en") == "not a number: 'x' (expected a weight like 3.0)"
    assert _said(REFUSALS[0], "en") == (
        "not a masterpoint scheme: 'nonsense' (expected one of abf:green, abf:red, acbl:club, "
        "nz:club or a scheme file)"
    )


def test_the_schemes_refuse_in_marked_sentences_only() -> None:
    """The refusals made from whole sentences are ``Text``s of marked messages."""
    plain = plain_refusals("masterpoints")
    assert not plain, plain


_BAD_FILE = 'name = 5\ncolour = "x"\nbogus = 1\ndecimals = 9\ncounts = "x"\n'


def _read_in(code: str) -> str:
    with use(code), pytest.raises(InputFileError) as caught:
        loads(_BAD_FILE, "club.toml")
    return str(caught.value)


def test_a_scheme_files_problems_are_said_in_the_language() -> None:
    """A scheme file's keys and what it holds are named as the file names them (``unit``,
    ``two_winner``); every other word is the language's."""
    said = _read_in(PSEUDO)
    assert said.count("\n") == _read_in("en").count("\n") == 6
    keys = {"toml", "club", *(w for key in _KEYS for w in _WORD.findall(key))}
    left = set(_WORD.findall(_DATA.sub("", said))) - keys
    assert not left, (sorted(left), said)
    french = _read_in("fr")
    assert "club.toml : clé inconnue 'bogus', attendu : colour, counts" in french
    assert "le barème n'a aucune échelle, attendu : une table two_winner" in french
    assert "club.toml: decimals is a whole number from 0 to 4: found '9'" in _read_in("en")


_BAD_ROWS = """name = "Club"
unit = "MP"
[[two_winner]]
from = 0
awards = [1]
[[two_winner]]
from = 3
to = 4
awards = [2, 1]
[[two_winner]]
from = 6
to = 7
awards = [2]
[[two_winner]]
from = 8
to = 9
awards = [0.55]
[[two_winner]]
from = 10
to = 11
awards = [1, 2]
[[two_winner]]
from = 13
to = 14
zz = 1
awards = [1]
[[two_winner]]
from = 15
awards = [0]
"""


def test_a_scheme_files_rows_and_awards_are_said_in_the_language() -> None:
    """Each row's problem (a size, an award, a key, a gap between rows) in the language."""

    def said(code: str) -> str:
        with use(code), pytest.raises(InputFileError) as caught:
            loads(_BAD_ROWS, "club.toml")
        return str(caught.value)

    english = said("en")
    assert english.count("\n") == 7
    assert (
        "club.toml: two_winner row 5: the 2nd place's award (2) is more than the 1st's (1)"
        in english
    )
    pseudo = said(PSEUDO)
    keys = {"toml", "club", "two_winner", "zz"}
    left = set(_WORD.findall(_DATA.sub("", pseudo.replace("two_winner", "")))) - keys
    assert not left, (sorted(left), pseudo)
    french = said("fr")
    assert "two_winner ligne 5 : les points du 2e (2) dépassent ceux du 1er (1)" in french
    assert "two_winner : aucune ligne pour 8 à 12 (un trou entre les lignes de 6 à 7" in french


def test_a_scheme_file_the_parser_cannot_read_in_french_and_dutch_by_hand() -> None:
    """What the TOML or JSON parser says of a scheme file is said in the language, where it
    stopped too; English is the parser's own words."""
    bad_toml, bad_json = 'name = "Club"\nunit "points"\n', '{"name": "Club",\n "unit": }\n'
    said = {}
    for code in ("en", "fr", "nl"):
        with use(code):
            for text in (bad_toml, bad_json):
                with pytest.raises(InputFileError) as caught:
                    loads(text, "club.toml")
                said[code, text] = str(caught.value).splitlines()[1]
    assert said["en", bad_toml] == (
        "club.toml: not TOML: Expected '=' after a key in a key/value pair (at line 2, column 6), "
        "expected a scheme file (docs/masterpoints.md)"
    )
    assert said["fr", bad_toml] == (
        "club.toml : pas du TOML : '=' attendu après la clé d'une paire clé/valeur (ligne 2, "
        "colonne 6), attendu : un fichier de barème (docs/masterpoints.md)"
    )
    assert said["nl", bad_toml] == (
        "club.toml: geen TOML: '=' verwacht na de sleutel van een sleutel/waarde-paar (regel 2, "
        "kolom 6), verwacht: een schemabestand (docs/masterpoints.md)"
    )
    assert said["en", bad_json] == "club.toml:2: not JSON: Expecting value, expected a scheme file"
    assert said["fr", bad_json] == (
        "club.toml:2 : pas du JSON : valeur attendue, attendu : un fichier de barème"
    )
    assert said["nl", bad_json] == (
        "club.toml:2: geen JSON: waarde verwacht, verwacht: een schemabestand"
    )


_SCALES = """name = "Club"
unit = "points"
decimals = 2
[[two_winner]]
from = 3
awards = [1.5, 1]
[[one_winner]]
from = 3
awards = [2]
"""


def test_a_scheme_files_scales_have_words_in_an_awards_words() -> None:
    """An award from a scheme file names the scale it was read from: its key as the file types
    it in English (what the JSON carries), words in the other languages."""
    from bridgescore.languages.text import shown

    scheme = loads(_SCALES, "club.toml")
    places = tuple((Entrant(n), n) for n in range(1, 5))
    mitchell = scheme.award(RankedField("NS", Kind.PAIRS, "Mitchell", 2, 4, places))[0].text
    howell = scheme.award(RankedField("A", Kind.PAIRS, "Howell", 1, 2, places))[0].text
    assert (
        mitchell == "1st of 4 pairs, Mitchell, points: 1.5 (two_winner scale for 3 and more pairs)"
    )
    assert howell == "1st of 4 pairs, Howell, points: 2 (one_winner scale for 3 and more pairs)"
    with use("fr"):
        assert shown(mitchell).endswith("1,5 (barème à deux vainqueurs pour 3 et plus paires)")
        assert shown(howell).endswith("2 (barème à un seul vainqueur pour 3 et plus paires)")
    with use("nl"):
        assert shown(mitchell).endswith("1,5 (schaal met twee winnaars voor 3 en meer paren)")
    with use(PSEUDO):
        said = str(shown(mitchell)) + str(shown(howell))
    # The movements and the unit are data, said as they are.
    assert not set(_WORD.findall(said)) - {"Mitchell", "Howell", "points"}, said


def test_a_row_rewarding_more_places_than_its_field_has_in_the_languages_plurals() -> None:
    """One entrant or table, or two: each language's own singular and plural; English as it
    was (one form for both)."""
    head = 'name = "x"\nunit = "y"\n'
    one = head + "[[two_winner]]\nfrom = 1\nawards = [3, 2]"
    tables = head + 'counts = "tables"\n[[two_winner]]\nfrom = 1\nawards = [3, 2]'
    two = head + "[[two_winner]]\nfrom = 2\nawards = [3, 2, 1]"

    def said(code: str, text: str) -> str:
        with use(code), pytest.raises(InputFileError) as caught:
            loads(text, "club.toml")
        return str(caught.value).splitlines()[1]

    assert said("en", one) == (
        "club.toml: two_winner row 1: 2 places rewarded in a field of 1 entrant (1 entrant), "
        "expected at most 1 award"
    )
    assert said("en", two) == (
        "club.toml: two_winner row 1: 3 places rewarded in a field of 2 entrants (2 entrants), "
        "expected at most 2 awards"
    )
    assert said("fr", one) == (
        "club.toml : two_winner ligne 1 : 2 places récompensées dans un champ de 1 participant "
        "(1 participant), attendu : au plus 1 attribution"
    )
    assert said("fr", tables).endswith(
        "champ de 1 table (1 participant), attendu : au plus 1 attribution"
    )
    assert said("fr", two).endswith(
        "champ de 2 participants (2 participants), attendu : au plus 2 attributions"
    )
    assert said("nl", one) == (
        "club.toml: two_winner rij 1: 2 plaatsen beloond in een veld van 1 deelnemer "
        "(1 deelnemer), verwacht: hoogstens 1 toekenning"
    )
    assert said("nl", two).endswith(
        "veld van 2 deelnemers (2 deelnemers), verwacht: hoogstens 2 toekenningen"
    )
    for text in (one, tables, two):
        pseudo = said(PSEUDO, text).replace("two_winner", "").replace("club.toml", "")
        assert not _WORD.findall(pseudo), pseudo
