"""The movement generators' and the movement model's refusals (too few tables, pairs or
players, rounds out of range, a contestant not in the movement, an amendment of a round already
played, a time that fits no board) are said in the reader's language, each compared whole;
English is the sentence it always was, byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from bridgescore.movements import (
    Contestant,
    Play,
    howell,
    howell_for_pairs,
    individual,
    individual_for_players,
    mitchell,
    mitchell_for_pairs,
)
from bridgescore.movements.amend import amend_from, late_arrival
from bridgescore.movements.fit import fits
from tests.helpers import refusal_in

_HOWELL = howell(3, 2)
_PAIR_9 = Contestant(9)

# (what is refused, English as it always was, French, Dutch)
REFUSALS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: howell(1, 2),
        "a Howell needs at least 2 tables, not 1",
        "un Howell demande au moins 2 tables, pas 1",
        "een Howell vraagt minstens 2 tafels, niet 1",
    ),
    (
        lambda: howell(3, 0),
        "boards per round must be 1 or more, not 0",
        "les donnes par tour doivent être 1 ou plus, pas 0",
        "spellen per ronde moeten 1 of meer zijn, niet 0",
    ),
    (
        lambda: howell(3, 2, rounds=6),
        "a Howell on 3 tables has 1 to 5 rounds, not 6",
        "un Howell sur 3 tables a de 1 à 5 tours, pas 6",
        "een Howell op 3 tafels heeft 1 tot 5 ronden, niet 6",
    ),
    (
        lambda: howell_for_pairs(2, 2),
        "a Howell needs at least 4 pairs (3 with a phantom), not 2",
        "un Howell demande au moins 4 paires (3 avec un fantôme), pas 2",
        "een Howell vraagt minstens 4 paren (3 met een spookpaar), niet 2",
    ),
    (
        lambda: individual(1, 2),
        "an individual needs at least 2 tables, not 1",
        "un individuel demande au moins 2 tables, pas 1",
        "een individueel vraagt minstens 2 tafels, niet 1",
    ),
    (
        lambda: individual(2, 2, rounds=9),
        "an individual on 2 tables has 1 to 7 rounds, not 9",
        "un individuel sur 2 tables a de 1 à 7 tours, pas 9",
        "een individueel op 2 tafels heeft 1 tot 7 ronden, niet 9",
    ),
    (
        lambda: individual_for_players(10, 2),
        "an individual seats 4 players a table (one may be missing): 10 players do not fit; "
        "use a multiple of 4, or one fewer",
        "un individuel place 4 joueurs par table (il peut en manquer un) : 10 joueurs ne "
        "conviennent pas ; prenez un multiple de 4, ou un de moins",
        "een individueel zet 4 spelers aan een tafel (er mag er één ontbreken): 10 spelers "
        "passen niet; neem een veelvoud van 4, of één minder",
    ),
    (
        lambda: mitchell(1, 2),
        "a Mitchell needs at least 2 tables, not 1",
        "un Mitchell demande au moins 2 tables, pas 1",
        "een Mitchell vraagt minstens 2 tafels, niet 1",
    ),
    (
        lambda: mitchell(4, 2, even="hop"),
        "not a way to play even tables: 'hop' (relay or skip)",
        "pas une façon de jouer un nombre pair de tables : 'hop' (relay ou skip)",
        "geen manier om een even aantal tafels te spelen: 'hop' (relay of skip)",
    ),
    (
        lambda: mitchell(4, 2, even="skip", phantom=True),
        "a half table in an even-table skip Mitchell makes one pair sit out twice: play the "
        "relay Mitchell (the missing pair at the last table)",
        "une demi-table dans un Mitchell avec saut à nombre pair de tables fait relâcher une "
        "paire deux fois : jouez le Mitchell avec relais (la paire manquante à la dernière table)",
        "een halve tafel in een Mitchell met overslag op een even aantal tafels laat één paar "
        "twee keer rusten: speel de Mitchell met relay (het ontbrekende paar aan de laatste tafel)",
    ),
    (
        lambda: mitchell(4, 2, even="skip", rounds=9),
        "a Skip Mitchell on 4 tables has 1 to 3 rounds",
        "un Mitchell avec saut sur 4 tables a de 1 à 3 tours",
        "een Mitchell met overslag op 4 tafels heeft 1 tot 3 ronden",
    ),
    (
        lambda: mitchell(5, 2, arrow_switched=(7, 9)),
        "no round 7, 9 to arrow-switch (1 to 5)",
        "pas de tour 7, 9 où inverser les flèches (1 à 5)",
        "geen ronde 7, 9 om de pijlen om te draaien (1 tot 5)",
    ),
    (
        lambda: mitchell_for_pairs(2, 2),
        "a Mitchell needs at least 3 pairs, not 2",
        "un Mitchell demande au moins 3 paires, pas 2",
        "een Mitchell vraagt minstens 3 paren, niet 2",
    ),
    (
        lambda: Contestant(0),
        "a contestant number must be 1 or more, not 0",
        "un numéro de participant doit être 1 ou plus, pas 0",
        "een deelnemersnummer moet 1 of meer zijn, niet 0",
    ),
    (
        lambda: Contestant.parse("x7"),
        "not a pair or player number: 'x7'",
        "pas un numéro de paire ou de joueur : 'x7'",
        "geen paar- of spelersnummer: 'x7'",
    ),
    (
        lambda: Play(1, 2, 1, (1,), (Contestant(1),)),
        "round 1, table 2: a play seats two pairs or four players",
        "tour 1, table 2 : une table réunit deux paires ou quatre joueurs",
        "ronde 1, tafel 2: aan een tafel zitten twee paren of vier spelers",
    ),
    (
        lambda: _HOWELL.plays[0].side_of(_PAIR_9),
        "pair 9 does not play at table 1 in round 1",
        "paire 9 ne joue pas à la table 1 au tour 1",
        "paar 9 speelt niet aan tafel 1 in ronde 1",
    ),
    (
        lambda: _HOWELL.play(9, 1),
        "the movement has no table 1 in round 9",
        "le mouvement n'a pas de table 1 au tour 9",
        "het schema heeft geen tafel 1 in ronde 9",
    ),
    (
        lambda: late_arrival(_HOWELL, _PAIR_9, 2),
        "pair 9 is not in this movement (it has 1, 2, 3, 4, 5, 6)",
        "paire 9 n'est pas dans ce mouvement (il a 1, 2, 3, 4, 5, 6)",
        "paar 9 zit niet in dit schema (het heeft 1, 2, 3, 4, 5, 6)",
    ),
    (
        lambda: late_arrival(_HOWELL, Contestant(1), 8),
        "no round 8: the movement has rounds 1 to 5",
        "pas de tour 8 : le mouvement a les tours 1 à 5",
        "geen ronde 8: het schema heeft ronden 1 tot 5",
    ),
    (
        lambda: amend_from(_HOWELL, 3, _HOWELL.plays[:1]),
        "round 1 was already played: an amendment starts at round 3",
        "le tour 1 a déjà été joué : une modification commence au tour 3",
        "ronde 1 is al gespeeld: een wijziging begint bij ronde 3",
    ),
    (
        lambda: fits(3, 120),
        "a pairs movement needs at least 4 pairs, not 3",
        "un mouvement de paires demande au moins 4 paires, pas 3",
        "een parenschema vraagt minstens 4 paren, niet 3",
    ),
    (
        lambda: fits(8, 120, Fraction(0)),
        "the time and the minutes per board must be more than 0",
        "le temps et les minutes par donne doivent être plus que 0",
        "de tijd en de minuten per spel moeten meer dan 0 zijn",
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
