"""A handicap's explanation and its policy in words are said in the terminal's language (the
stored explanation, its JSON, keeps its English): every line of every kind, worked by hand in
French and Dutch, no plain word left in the pseudo-locale; English as it always printed."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import pytest

from bridgescore.errors import BridgeScoreError
from bridgescore.languages import PSEUDO, use
from bridgescore.store.handicaps import HandicapExplanation, Input, Policy

_WORD = re.compile(r"[A-Za-z]{2,}")

# Six sessions of a window of five: the oldest is left out, the best (60) and the worst (40)
# dropped; (52.5 + 50 + 48) / 3 = 50.1666..., handicap 50 - 50.1666... = -0.1666... (French
# writes a percentage with a no-break space before its sign)
HISTORY = HandicapExplanation(
    player_id=7,
    as_of=date(2026, 11, 26),
    policy="min3,last5,drop-best-worst,6months",
    handicap=Fraction(50) - Fraction(1505, 30),
    source="history",
    inputs=(
        Input(1, date(2026, 9, 1), Fraction(60), False, "dropped: the best"),
        Input(2, date(2026, 9, 8), Fraction(105, 2), True, ""),
        Input(3, date(2026, 9, 15), Fraction(50), True, ""),
        Input(4, date(2026, 9, 22), Fraction(48), True, ""),
        Input(5, date(2026, 9, 29), Fraction(40), False, "dropped: the worst"),
    ),
    average=Fraction(1505, 30),
    earlier=1,
    window=5,
    since=date(2026, 5, 26),
)
FIXED = HandicapExplanation(
    7, date(2026, 11, 26), "min5,last10,fixed2.5", Fraction(5, 2), "fixed", ()
)
OVERRIDE = HandicapExplanation(
    7, date(2026, 11, 26), "min5,last10", Fraction(-3), "override", (), override_reason=None
)
NONE = HandicapExplanation(7, date(2026, 11, 26), "min5,last10", None, "none", ())
POLICY = Policy(3, 5, True, 6, Fraction(5, 2))


def _said(code: str) -> list[str]:
    with use(code):
        return [
            POLICY.describe(),
            *(line for e in (HISTORY, FIXED, OVERRIDE, NONE) for line in e.lines()),
        ]


def test_a_handicap_explained_in_english_as_it_always_was() -> None:
    assert _said("en") == [
        "at least 3 sessions; the last 5, dropping the best and the worst when there are that "
        "many; handicap = 50 - average; only sessions in the 6 months before the date; 2.5 for "
        "a player with fewer sessions",
        "as at 2026-11-26 (sessions before that date), policy min3,last5,drop-best-worst,6months",
        "  only sessions from 2026-05-26 count (a rolling period)",
        "  1 earlier session: not among the last 5",
        "  session 1 on 2026-09-01: 60%  (dropped: the best)",
        "  session 2 on 2026-09-08: 52.5%",
        "  session 3 on 2026-09-15: 50%",
        "  session 4 on 2026-09-22: 48%",
        "  session 5 on 2026-09-29: 40%  (dropped: the worst)",
        "average of 3: 52.5 + 50 + 48 = 150.5; / 3 = 50.17...",  # not exact in 4 places: 2 and ...
        "handicap = 50 - 50.17... = -0.17...",
        "as at 2026-11-26 (sessions before that date), policy min5,last10,fixed2.5",
        "too few sessions: the fixed handicap +2.5",
        "as at 2026-11-26 (sessions before that date), policy min5,last10",
        "manual override: -3 (no reason given)",
        "as at 2026-11-26 (sessions before that date), policy min5,last10",
        "too few sessions: no handicap",
    ]


def test_a_handicap_explained_in_french_and_dutch_by_hand() -> None:
    french = _said("fr")
    assert french[0] == (
        "au moins 3 séances ; les 5 dernières, sans la meilleure ni la moins bonne quand il y en "
        "a autant ; handicap = 50 - moyenne ; seules les séances des 6 mois avant la date ; 2,5 "
        "pour un joueur qui a moins de séances"
    )
    assert french[1] == (
        "au 26 novembre 2026 (séances avant cette date), règle min3,last5,drop-best-worst,6months"
    )
    assert french[3] == "  1 séance antérieure : pas parmi les 5 dernières"
    assert french[4] == "  séance 1 du 1 septembre 2026 : 60\xa0%  (écartée : la meilleure)"
    assert french[5] == "  séance 2 du 8 septembre 2026 : 52,5\xa0%"
    assert french[9] == "moyenne de 3 : 52,5 + 50 + 48 = 150,5 ; / 3 = 50,17..."
    assert french[14] == "fixé à la main : -3 (sans raison donnée)"
    dutch = _said("nl")
    assert dutch[8] == "  zitting 5 op 29 september 2026: 40%  (weggelaten: de slechtste)"
    assert dutch[12] == "te weinig zittingen: de vaste handicap +2,5"
    assert dutch[16] == "te weinig zittingen: geen handicap"


def test_a_handicap_explained_in_the_pseudo_locale_leaves_no_plain_word() -> None:
    for line in _said(PSEUDO):
        left = set(_WORD.findall(line)) - {"min", "last", "drop", "best", "worst", "months"}
        left -= {"fixed"}  # the policy's key, stored as it is
        assert not left, (sorted(left), line)


@pytest.mark.parametrize(
    ("policy", "french"),
    [
        ((0, 5), "une règle de handicap demande au moins 1 séance et une fenêtre de 1"),
        ((6, 5), "une règle de handicap ne peut pas demander 6 séances parmi les 5 dernières"),
        ((1, 5, True, 0), "une période glissante va de 1 à 1200 mois"),
        ((1, 1001), "un handicap compte au plus les 1000 dernières séances"),
        ((1, 5, True, None, Fraction(101)), "un handicap va de -100 à 100"),
    ],
)
def test_a_policy_refused_in_french(policy: tuple[object, ...], french: str) -> None:
    with use("fr"), pytest.raises(BridgeScoreError) as caught:
        Policy(*policy)  # type: ignore[arg-type]
    with use("fr"):
        assert str(caught.value) == french
