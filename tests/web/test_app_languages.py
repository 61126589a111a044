"""The web app's own refusals in the language: a session, board, table, round or player
number past any there can be, and a JSON body's field that is an object or an array. English as
it was; French and Dutch worked out by hand; no plain word in the pseudo-locale."""

from __future__ import annotations

import re

import pytest

from bridgescore.languages import PSEUDO
from bridgescore.store import Store
from tests.web.helpers import _WORD, Console, new_session

_QUOTED = re.compile(r"'[^']*'")
HUGE = "99999999999999"  # past any id the database holds: answered without asking it


def _refusals(store: Store, language: str) -> list[str]:
    store.set_setting("language", language)
    console = Console(store)
    session = new_session(console)
    said = []
    for url in (
        f"/director/sessions/{HUGE}.json",
        f"/director/sessions/{session}/boards/{HUGE}.json",
        f"/director/players/{HUGE}.json",
    ):
        answer = console.get(url)
        assert answer.status_code == 404, (url, answer.text)
        said.append(answer.json()["error"]["message"])
    for value in ({"a": 1}, [1]):
        answer = console.client.post(
            "/director/club/language.json",
            json={"language": value},
            headers={"accept": "application/json"},
        )
        assert answer.status_code == 422, answer.text
        said.append(answer.json()["error"]["message"])
    return said


def test_english_as_it_was(store: Store) -> None:
    assert _refusals(store, "en") == [
        "no stored session with id 999999999999",
        "no board 999999999999 here",
        "no player 999999999999 here",
        "'language' must be text or a number, not an object",
        "'language' must be text or a number, not an array",
    ]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "fr",
            [
                "aucune séance enregistrée d’identifiant 999999999999",
                "pas de donne 999999999999 ici",
                "pas de joueur 999999999999 ici",
                "'language' doit être un texte ou un nombre, pas un objet",
                "'language' doit être un texte ou un nombre, pas un tableau",
            ],
        ),
        (
            "nl",
            [
                "geen opgeslagen zitting met id 999999999999",
                "geen spel 999999999999 hier",
                "geen speler 999999999999 hier",
                "'language' moet tekst of een getal zijn, niet een object",
                "'language' moet tekst of een getal zijn, niet een array",
            ],
        ),
    ],
)
def test_in_french_and_dutch_by_hand(store: Store, language: str, expected: list[str]) -> None:
    assert _refusals(store, language) == expected


def test_no_plain_word_in_the_pseudo_locale(store: Store) -> None:
    for said in _refusals(store, PSEUDO):
        assert not _WORD.findall(_QUOTED.sub("", said)), said
