"""The refusals of the events' and competitions' rules in the reader's language: said in the
pseudo-locale they leave no plain English word but data (the sessions' names, a pair's number,
a scoring method's name) and the options a director types; in French they read as French."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.competitions import Knockout, LadderRules, berger, bracket_order
from bridgescore.errors import RulesError
from bridgescore.events import EventRules, EventSession, rank_event
from bridgescore.events.aggregate import rank_sessions
from bridgescore.events.carry import ebu_carry_forward
from bridgescore.events.identity import identify
from bridgescore.formats import read_session
from bridgescore.languages import PSEUDO, use
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from tests.events.helpers import S1
from tests.helpers import plain_refusals

_WORD = re.compile(r"[A-Za-z]{2,}")
# An option and its value, typed as they are in every language (--pairs-by numbers).
_OPTION = re.compile(r"--[a-z-]+(?: [a-z]+)?")
_BARE = "board,ns,ew,score\n1,1,1,420\n1,2,2,450\n"
_DATA = {"csv", "EW", "butler", "matchpoints"}


def _scored(tmp_path: Path, name: str, text: str) -> EventSession:
    path = tmp_path / name
    path.write_text(text)
    return EventSession(name, score_pairs(read_session(path), CLUB))


def _refusals(tmp_path: Path) -> list[Callable[[], object]]:
    """Calls each refused by a rule of an event or a competition."""
    one = _scored(tmp_path, "s1.csv", S1)
    imps = replace(one, result=score_pairs(one.result.session, CLUB.with_(method="butler")))
    bare = [_scored(tmp_path, "a.csv", _BARE), _scored(tmp_path, "b.csv", _BARE)]
    nobody = identify([], [])
    four = Knockout.seeded([1, 2, 3, 4])
    played = four.record(1, 4, 40, 20)
    final = played.record(2, 3, 40, 20).record(1, 2, 50, 10)
    return [
        lambda: rank_event(bare),
        lambda: rank_event([*bare, _scored(tmp_path, "c.csv", _BARE)]),
        lambda: rank_event([one, imps]),
        lambda: rank_event([imps]),
        lambda: rank_sessions([], EventRules(), nobody),
        lambda: berger(1),
        lambda: LadderRules(best=0),
        lambda: LadderRules(minimum=-1),
        lambda: ebu_carry_forward(Fraction(10), Fraction(12), Fraction(0)),
        lambda: bracket_order(6),
        lambda: Knockout.seeded([1]),
        lambda: four.tie(5, 1),
        lambda: four.find(9),
        lambda: played.carry(1, 3),
        lambda: played.carry(4, 3),
        lambda: four.record(1, 2, 10, 5),
        lambda: final.record(1, 4, 30, 20),
        lambda: four.record(1, 4, -1, 5),
    ]


def _said(call: Callable[[], object], code: str) -> str:
    with pytest.raises(RulesError) as caught:
        call()
    with use(code):
        return str(caught.value)


def test_every_refusal_is_said_in_the_pseudo_locale(tmp_path: Path) -> None:
    for call in _refusals(tmp_path):
        said = _said(call, PSEUDO)
        english = _said(call, "en")
        assert said != english
        left = set(_WORD.findall(_OPTION.sub("", said))) - _DATA
        assert not left, (sorted(left), said)


def test_the_refusals_read_as_french(tmp_path: Path) -> None:
    refusals = _refusals(tmp_path)
    assert _said(refusals[5], "fr") == (
        "un tournoi toutes rondes demande au moins deux équipes, pas 1"
    )
    assert _said(refusals[1], "fr").startswith(
        "a.csv et b.csv et c.csv ont toutes deux une paire 1EW sans nommer ses joueurs"
    )
    assert _said(refusals[3], "nl").startswith("de zittingen zijn in IMP's berekend (butler)")
    # English is what it was.
    assert _said(refusals[0], "en") == (
        "a.csv and b.csv both have a pair 1EW and name neither's players, so the event cannot "
        "tell whether it is the same pair (4 such numbers): give the players' names or "
        "membership numbers, or say the pairs kept their numbers (--pairs-by numbers)"
    )


def test_no_rule_of_an_event_or_a_competition_refuses_in_a_plain_string() -> None:
    """Each ``RulesError`` and ``ParseError`` of ``events`` and ``competitions`` is made with a
    ``Text`` of a message marked for the catalogues, never a literal or an f-string."""
    plain = plain_refusals("events", "competitions")
    assert not plain, plain
