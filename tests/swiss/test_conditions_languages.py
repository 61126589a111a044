"""A Swiss event's conditions, its draw and its simulation refuse what they cannot run (no
round, no board, VPs out of the scale, Danish rounds from round 1, stationary teams sharing a
table, a round of one team, an entry or withdrawal past the event) in the reader's language,
each compared whole; English is the sentence it always was, byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from bridgescore.swiss import Conditions
from bridgescore.swiss.draw import swiss
from bridgescore.swiss.simulate import simulate
from tests.helpers import refusal_in

# (what is refused, English as it always was, French, Dutch)
REFUSALS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: Conditions(rounds=0),
        "a Swiss event needs at least one round, not 0",
        "un tournoi suisse demande au moins un tour, pas 0",
        "een Zwitsers toernooi vraagt minstens één ronde, niet 0",
    ),
    (
        lambda: Conditions(rounds=3, boards=0),
        "a match needs at least one board, not 0",
        "un match demande au moins une donne, pas 0",
        "een match vraagt minstens één spel, niet 0",
    ),
    (
        lambda: Conditions(rounds=3, bye_vps=Fraction(21)),
        "bye vps 21 is not between 0 and 20",
        "bye vps 21 n'est pas entre 0 et 20",
        "bye vps 21 ligt niet tussen 0 en 20",
    ),
    (
        lambda: Conditions(rounds=3, danish=3),
        "3 Danish rounds in an event of 3: round 1 is drawn before there are scores, so at "
        "most the rounds after it can be Danish",
        "3 tours danois dans une épreuve de 3 : le tour 1 est tiré avant qu'il y ait des "
        "marques, seuls les tours suivants peuvent donc être danois",
        "3 Deense ronden in een toernooi van 3: ronde 1 wordt ingedeeld voordat er scores zijn, "
        "dus hoogstens de ronden daarna kunnen Deens zijn",
    ),
    (
        lambda: Conditions(rounds=3, stationary=((1, 2), (3, 2))),
        "each stationary team needs a table of its own",
        "chaque équipe fixe demande une table à elle",
        "elk vast team vraagt een eigen tafel",
    ),
    (
        lambda: Conditions(rounds=3, stationary=((1, 0),)),
        "tables are numbered from 1",
        "les tables sont numérotées à partir de 1",
        "tafels zijn genummerd vanaf 1",
    ),
    (
        lambda: swiss([4], {4: 0}, {}, {}, {}),
        "a round needs at least two teams, not 1",
        "un tour demande au moins deux équipes, pas 1",
        "een ronde vraagt minstens twee teams, niet 1",
    ),
    (
        lambda: simulate(Conditions(rounds=3), 6, entries={7: 4}),
        "team 7 cannot enter before round 4: the event has 3 rounds",
        "l'équipe 7 ne peut pas entrer avant le tour 4 : l'épreuve a 3 tours",
        "team 7 kan niet instappen vóór ronde 4: het toernooi heeft 3 ronden",
    ),
    (
        lambda: simulate(Conditions(rounds=3), 6, withdrawals={2: 3}),
        "team 2 cannot withdraw after round 3: a withdrawal comes after round 1 to 2",
        "l'équipe 2 ne peut pas se retirer après le tour 3 : un retrait vient après les "
        "tours 1 à 2",
        "team 2 kan zich niet terugtrekken na ronde 3: een terugtrekking komt na ronde 1 tot 2",
    ),
]


def _said(call: Callable[[], object], code: str) -> str:
    return refusal_in(code, call)


@pytest.mark.parametrize(
    ("call", "english", "french", "dutch"), REFUSALS, ids=[e[:60] for _, e, _, _ in REFUSALS]
)
def test_each_refusal_whole_in_english_french_and_dutch(
    call: Callable[[], object], english: str, french: str, dutch: str
) -> None:
    assert _said(call, "en") == english
    assert _said(call, "fr") == french
    assert _said(call, "nl") == dutch
