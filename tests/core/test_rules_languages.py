"""The rules' refusals (a rule set, a setting, a datum trim that cannot be read) are said in the
command's language; English as it always was; what was typed quoted as typed."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import pytest

from bridgescore.errors import BridgeScoreError
from bridgescore.languages import PSEUDO, use
from bridgescore.rules import CLUB, Trim, rules_named

_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"'[^']*'")

REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: rules_named("nope"), "no rule set named 'nope' (expected one of club, ebu, acbl)"),
    (lambda: CLUB.with_(nope=1), "not a rules setting: 'nope'"),
    (lambda: CLUB.with_(scale=3), "not a matchpoint scale: 3 (expected 1 or 2)"),
    (lambda: CLUB.with_(decimals=9), "not a number of decimals: 9 (expected 0 to 6)"),
    (
        lambda: CLUB.with_(decimals="many"),
        "not a whole number: 'many' (expected digits, such as 2)",
    ),
    (lambda: CLUB.with_(scale="2_0"), "not a whole number: '2_0' (expected digits, such as 2)"),
    (
        lambda: CLUB.with_(artificial_imps="٣"),
        "not a whole number: '٣' (expected digits, such as 2)",
    ),
    (
        lambda: Trim.parse("x"),
        "cannot read datum trim 'x'; expected e.g. '1', '5%', '5% min 1' or '1 from 4, 2 from 11'",
    ),
    (
        lambda: Trim(share=Fraction(1, 2)),
        "a datum cannot drop 50% of the scores at each end",
    ),
    (lambda: Trim(minimum=-1), "a datum cannot drop -1 scores at each end"),
    (
        lambda: Trim.by_results(((1, 4), (2, 3))),
        "datum trim steps must drop more from more results: 1 from 4, then 2 from 3",
    ),
]


def _said(call: Callable[[], object], code: str) -> str:
    with use(code):
        with pytest.raises(BridgeScoreError) as caught:
            call()
        return str(caught.value)


@pytest.mark.parametrize(("call", "english"), REFUSALS)
def test_each_refusal_in_english_as_it_was_and_in_the_pseudo_locale(
    call: Callable[[], object], english: str
) -> None:
    assert _said(call, "en") == english
    said = _QUOTED.sub("", _said(call, PSEUDO))
    assert not set(_WORD.findall(said)) - {"club", "ebu", "acbl", "min", "from"}, said


def test_the_rules_refusals_in_french_and_dutch_by_hand() -> None:
    assert _said(REFUSALS[0][0], "fr") == (
        "aucun jeu de règles nommé 'nope' (attendu : l'un de club, ebu, acbl)"
    )
    assert _said(REFUSALS[8][0], "fr") == (
        "une moyenne de référence ne peut pas écarter 50 % des marques à chaque extrémité"
    )
    assert _said(REFUSALS[2][0], "nl") == "geen matchpuntschaal: 3 (verwacht: 1 of 2)"
    assert _said(REFUSALS[4][0], "fr") == (
        "pas un nombre entier : 'many' (attendu : des chiffres, comme 2)"
    )
    assert _said(REFUSALS[4][0], "nl") == "geen geheel getal: 'many' (verwacht: cijfers, zoals 2)"
