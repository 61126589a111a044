"""Sentences bridgescore stored in English, read back to be shown in the reader's language
(languages.text.Sentences, night.entry.said): every stored form, with values in it, comes back
as the Text it was made from -- English as stored, no plain word in the pseudo-locale -- and what
a person typed comes back as typed."""

from __future__ import annotations

import re

import pytest

from bridgescore.languages import PSEUDO, use
from bridgescore.languages.text import Sentences, Text, shown
from bridgescore.night import entry, hand_records
from bridgescore.store import tables

_WORD = re.compile(r"[A-Za-z]{2,}")
# Values as the code fills them: a result quoted, a phone as the recorder, numbers, a seat.
_VALUES = {
    "result": "'3NT S +1'",
    "by": "table 2 (phone 7)",
    "phone": "7",
    "table": "2",
    "round": "3",
    "last": "4",
    "held": "12",
    "entry": "40",
    "id": "7",
    "to": "8",
    "before": "7",
    "board": "5",
    "lead": "HK",
    "problem": "♥K is not in West's hand on the hand record: West leads against S",
    "card": "♥K",
    "leader": "West",
    "declarer": "S",
}
STORED = (*entry.STORED, *tables.STORED, *hand_records.STORED)


@pytest.mark.parametrize("message", STORED)
def test_each_stored_sentence_is_read_back_and_shown_in_the_language(message: str) -> None:
    names = re.findall(r"%\((\w+)\)s", message)
    stored = message % {name: _VALUES[name] for name in names}
    said = entry.said(stored)
    assert isinstance(said, Text) and said == stored  # English as it was stored
    with use(PSEUDO):
        left = _WORD.findall(re.sub(r"'[^']*'", "", str(shown(said))))
    named = {"HK", "NT"}  # notation as typed
    assert not set(left) - named, (stored, shown(said))


def test_a_value_named_twice_is_read_back_once() -> None:
    sentences = Sentences("%(who)s leads, and %(who)s wins")
    said = sentences.read("West leads, and West wins")
    assert isinstance(said, Text) and said.values == {"who": "West"}
    assert sentences.read("West leads, and East wins") == "West leads, and East wins"
    assert not isinstance(sentences.read("West leads, and East wins"), Text)


def test_what_a_person_typed_comes_back_as_typed() -> None:
    typed = "Checked with both pairs at the table"
    assert entry.said(typed) == typed and not isinstance(entry.said(typed), Text)
    assert entry.said(None) is None and entry.said("") == ""


def test_a_wrong_lead_is_noted_in_english_whatever_the_tables_language() -> None:
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    with use("fr"):
        said = hand_records.lead_problem(deal, "S", "HK")
    # the card in the French letters (roi), the note English (king) and read back in French
    assert said == "♥R n'est pas dans la main en Ouest selon le diagramme : Ouest entame contre S"
    with use("en"):
        english = hand_records.lead_problem(deal, "S", "HK")
    assert english == "♥K is not in West's hand on the hand record: West leads against S"
    note = entry.said(f"board 5: HK — {english}")
    assert isinstance(note, Text)
    with use("fr"):
        assert str(shown(note)) == f"donne 5 : HK — {said}"
    with use("nl"):
        assert str(shown(note)) == (
            "spel 5: HK — ♥H zit niet in de hand van West op de spelverdeling: West komt uit "
            "tegen S"
        )
