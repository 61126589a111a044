"""The IMP arithmetic's refusals (a weighted score's weights, cross-IMPs with one result, a
match of no board, a total factored over no board, a datum of an empty board) are said in the
reader's language, each compared whole; English is the sentence it always was, byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from bridgescore.errors import RulesError
from bridgescore.rules import VpScale
from bridgescore.scoring.imps import (
    ArtificialImps,
    ArtificialScore,
    WeightedScore,
    cross_imps,
    datum,
    discrete_scale,
    factor_total,
    victory_points,
    vp_scale,
)
from tests.helpers import refusal_in

# (what is refused, English as it always was, French, Dutch)
REFUSALS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: WeightedScore(()),
        "a weighted score needs at least one component",
        "une marque pondérée demande au moins une composante",
        "een gewogen score vraagt minstens één onderdeel",
    ),
    (
        lambda: WeightedScore(((Fraction(-1, 2), 100), (Fraction(3, 2), 200))),
        "weight -1/2 in a weighted score is not positive",
        "le poids -1/2 d'une marque pondérée n'est pas positif",
        "gewicht -1/2 in een gewogen score is niet positief",
    ),
    (
        lambda: WeightedScore(((Fraction(1, 2), 100), (Fraction(1, 4), 200))),
        "the weights of a weighted score add up to 3/4, not 1",
        "les poids d'une marque pondérée font 3/4 en tout, pas 1",
        "de gewichten van een gewogen score komen op 3/4, niet 1",
    ),
    (
        lambda: datum([]),
        "no results on the board to compute a datum from",
        "aucun résultat sur la donne pour calculer une moyenne de référence",
        "geen resultaten op het spel om een datum uit te berekenen",
    ),
    (
        lambda: cross_imps([420]),
        "cross-IMPs need at least two results on a board, got 1",
        "les IMP croisés demandent au moins deux résultats sur une donne, reçu 1",
        "cross-IMPs vragen minstens twee resultaten op een spel, gekregen: 1",
    ),
    (
        lambda: ArtificialImps().cross_imps(ArtificialScore.AVE_PLUS, 1),
        "cross-IMPs need at least two results on a board, got 1",
        "les IMP croisés demandent au moins deux résultats sur une donne, reçu 1",
        "cross-IMPs vragen minstens twee resultaten op een spel, gekregen: 1",
    ),
    (
        lambda: factor_total(12, 0, 24),
        "cannot factor a total over 0 boards played",
        "impossible d'ajuster un total sur 0 donnes jouées",
        "kan een totaal niet herschalen over 0 gespeelde spellen",
    ),
    (
        lambda: factor_total(12, 26, 24),
        "26 boards played is more than the maximum 24",
        "26 donnes jouées, c'est plus que le maximum de 24",
        "26 gespeelde spellen is meer dan het maximum van 24",
    ),
    (
        lambda: vp_scale(0),
        "a match needs at least one board, got 0",
        "un match demande au moins une donne, reçu 0",
        "een match vraagt minstens één spel, gekregen: 0",
    ),
    (
        lambda: discrete_scale(-2),
        "a match needs at least one board, got -2",
        "un match demande au moins une donne, reçu -2",
        "een match vraagt minstens één spel, gekregen: -2",
    ),
    (
        lambda: victory_points(10, 0, scale=VpScale.DISCRETE),
        "a match needs at least one board, got 0",
        "un match demande au moins une donne, reçu 0",
        "een match vraagt minstens één spel, gekregen: 0",
    ),
]


def _said(call: Callable[[], object], code: str) -> str:
    return refusal_in(code, call, RulesError)


@pytest.mark.parametrize(
    ("call", "english", "french", "dutch"), REFUSALS, ids=[e for _, e, _, _ in REFUSALS]
)
def test_each_refusal_whole_in_english_french_and_dutch(
    call: Callable[[], object], english: str, french: str, dutch: str
) -> None:
    assert _said(call, "en") == english
    assert _said(call, "fr") == french
    assert _said(call, "nl") == dutch
