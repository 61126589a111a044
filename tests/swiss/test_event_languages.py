"""A Swiss event's refusals (a team, a round, a score, a stored event it cannot take) are said in
the reader's language (the swiss command's terminal, the console's Swiss pages); English as it
was; nothing changed."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from bridgescore.languages import PSEUDO, use
from bridgescore.swiss import Conditions, SwissEvent
from bridgescore.swiss.event import SwissError

_WORD = re.compile(r"[A-Za-z]{2,}")
EVENT = SwissEvent.start(Conditions(rounds=2, boards=8), range(1, 7))
DRAWN = EVENT.draw()
FIRST = DRAWN.draws[0].matches[0]

REFUSALS: list[Callable[[], object]] = [
    lambda: SwissEvent.start(Conditions(rounds=2), [1, 1, 2]),
    lambda: SwissEvent.start(Conditions(rounds=2), [1]),
    lambda: SwissEvent.start(Conditions(rounds=2), [0, 1]),
    lambda: EVENT.team(9),
    lambda: EVENT.draw(3),
    lambda: DRAWN.draw(),
    lambda: EVENT.record(1, 1, 2, 10, 3),
    lambda: DRAWN.record(1, FIRST.home, FIRST.home, 10, 3),
    lambda: DRAWN.record(1, FIRST.home, FIRST.away, -1, 3),
    lambda: DRAWN.enter(3),
    lambda: DRAWN.withdraw(FIRST.home),
    lambda: SwissEvent.from_data({"format": "x"}),
]


def _said(call: Callable[[], object], code: str) -> str:
    with use(code):
        with pytest.raises(SwissError) as caught:
            call()
        return str(caught.value)


@pytest.mark.parametrize("call", REFUSALS)
def test_each_refusal_in_the_pseudo_locale(call: Callable[[], object]) -> None:
    said = re.sub(r"'[^']*'", "", _said(call, PSEUDO))
    assert not set(_WORD.findall(said)) - {"bridgescore"}, said
    assert _said(call, "en") != _said(call, PSEUDO)


def test_refusals_in_english_as_they_were_and_in_french_and_dutch_by_hand() -> None:
    assert _said(REFUSALS[4], "en") == "there is no round 3: the event has 2"
    assert _said(REFUSALS[5], "en").startswith(
        "round 2 cannot be drawn until every round 1 score is in: 3 still to come ("
    )
    assert _said(REFUSALS[4], "fr") == "il n'y a pas de tour 3 : le tournoi en a 2"
    assert _said(REFUSALS[1], "nl") == (
        "een Zwitsers toernooi heeft minstens twee teams nodig, niet 1"
    )
    assert _said(REFUSALS[3], "fr") == "il n'y a pas d'équipe 9 dans le tournoi"
