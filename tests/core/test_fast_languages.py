"""The fast path's refusals of what it is given (numpy arrays of the wrong shape, type or
length, values out of range, a board it does not have, numpy missing) are said in the reader's
language, each compared whole; English is the sentence it always was, byte for byte."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import numpy as np
import pytest

from bridgescore.fast import MAX_RESULTS_PER_BOARD, contract_scores, matchpoint_boards
from bridgescore.rules import CLUB
from tests.helpers import refusal_in


def _board_five() -> object:
    return matchpoint_boards([0, 0], [100, 200], CLUB).fractions(5)


# (what is refused, English as it always was, French, Dutch)
REFUSALS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: matchpoint_boards([[0]], [[1]], CLUB),
        "board and score must be one-dimensional arrays",
        "board et score doivent être des tableaux à une dimension",
        "board en score moeten eendimensionale arrays zijn",
    ),
    (
        lambda: matchpoint_boards([0.5], [100], CLUB),
        "board must hold whole numbers, not float64",
        "board doit contenir des nombres entiers, pas float64",
        "board moet gehele getallen bevatten, geen float64",
    ),
    (
        lambda: matchpoint_boards([0], np.array([2**64 - 1], dtype=np.uint64), CLUB),
        "score holds numbers too large: 18446744073709551615",
        "score contient des nombres trop grands : 18446744073709551615",
        "score bevat te grote getallen: 18446744073709551615",
    ),
    (
        lambda: matchpoint_boards([0, 1], [100], CLUB),
        "board and score differ in length: 2 boards, 1 scores",
        "board et score sont de longueurs différentes : 2 donnes, 1 marques",
        "board en score verschillen in lengte: 2 spellen, 1 scores",
    ),
    (
        lambda: matchpoint_boards([-1, 0, -3], [1, 2, 3], CLUB),
        "board -1 at position 0 and 1 more (expected 0 or more)",
        "board -1 à la position 0 et 1 de plus (attendu : 0 ou plus)",
        "board -1 op positie 0 en nog 1 (verwacht: 0 of meer)",
    ),
    (
        lambda: matchpoint_boards([0, 2], [1, 2], CLUB, boards=2),
        "board 2 at position 1 (expected below 2 (boards))",
        "board 2 à la position 1 (attendu : en dessous de 2 (les donnes))",
        "board 2 op positie 1 (verwacht: onder 2 (de spellen))",
    ),
    (
        lambda: matchpoint_boards([0], [1], CLUB, artificial=[0, 0], boards=1),
        "artificial has 2 counts for 1 boards",
        "artificial a 2 nombres pour 1 donnes",
        "artificial heeft 2 aantallen voor 1 spellen",
    ),
    (
        lambda: matchpoint_boards([0], [1], CLUB, artificial=[-2]),
        "artificial -2 at position 0 (expected 0 or more)",
        "artificial -2 à la position 0 (attendu : 0 ou plus)",
        "artificial -2 op positie 0 (verwacht: 0 of meer)",
    ),
    (
        lambda: matchpoint_boards([0], [1], CLUB, expected=[3, 3]),
        "expected has 2 counts for 1 boards",
        "expected a 2 nombres pour 1 donnes",
        "expected heeft 2 aantallen voor 1 spellen",
    ),
    (
        lambda: matchpoint_boards([0], [1], CLUB, method="fast"),  # type: ignore[arg-type]
        "not a method: 'fast' (expected auto, count or sort)",
        "pas une méthode : 'fast' (attendu : auto, count ou sort)",
        "geen methode: 'fast' (verwacht: auto, count of sort)",
    ),
    (
        lambda: matchpoint_boards([0, 1], [1], CLUB, method="fast"),  # type: ignore[arg-type]
        "board and score differ in length: 2 boards, 1 scores; "
        "not a method: 'fast' (expected auto, count or sort)",
        "board et score sont de longueurs différentes : 2 donnes, 1 marques ; "
        "pas une méthode : 'fast' (attendu : auto, count ou sort)",
        "board en score verschillen in lengte: 2 spellen, 1 scores; "
        "geen methode: 'fast' (verwacht: auto, count of sort)",
    ),
    (
        lambda: matchpoint_boards([0, 0], [0, 2**40], CLUB, method="count"),
        "the scores take too many distinct values to count them board by board: "
        "use method='sort' or 'auto'",
        "les marques prennent trop de valeurs différentes pour les compter donne par donne : "
        "utilisez method='sort' ou 'auto'",
        "de scores nemen te veel verschillende waarden aan om ze per spel te tellen: "
        "gebruik method='sort' of 'auto'",
    ),
    (
        lambda: matchpoint_boards([0], [1], CLUB, expected=MAX_RESULTS_PER_BOARD + 1),
        "a board scored as 1000001 results: the fast path takes at most 1,000,000 results a board",
        "une donne calculée sur 1000001 résultats : le calcul rapide en prend au plus "
        "1\u202f000\u202f000 par donne",
        "een spel berekend als 1000001 resultaten: de snelle berekening neemt hoogstens "
        "1.000.000 resultaten per spel",
    ),
    (
        _board_five,
        "no board 5 (expected 0 to 0)",
        "pas de donne 5 (attendu : 0 à 0)",
        "geen spel 5 (verwacht: 0 tot 0)",
    ),
    (
        lambda: contract_scores([1, 2], [0, 1, 2], 0, 0, 9),
        "contract arrays differ in length: level 2, strain 3, doubling 1, vulnerable 1, tricks 1",
        "les tableaux des contrats sont de longueurs différentes : level 2, strain 3, "
        "doubling 1, vulnerable 1, tricks 1",
        "de contractarrays verschillen in lengte: level 2, strain 3, doubling 1, vulnerable 1, "
        "tricks 1",
    ),
    (
        lambda: contract_scores([8], 0, 0, 0, [14]),
        "level 8 at position 0 (expected 1 to 7); tricks 14 at position 0 (expected 0 to 13)",
        "level 8 à la position 0 (attendu : 1 à 7) ; tricks 14 à la position 0 (attendu : 0 à 13)",
        "level 8 op positie 0 (verwacht: 1 tot 7); tricks 14 op positie 0 (verwacht: 0 tot 13)",
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


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "C",
            "bridgescore.fast needs numpy, which is not installed: pip install 'bridgescore[fast]'",
        ),
        (
            "fr_FR.UTF-8",
            "bridgescore.fast demande numpy, qui n'est pas installé : "
            "pip install 'bridgescore[fast]'",
        ),
        (
            "nl_NL.UTF-8",
            "bridgescore.fast heeft numpy nodig, dat niet geïnstalleerd is: "
            "pip install 'bridgescore[fast]'",
        ),
    ],
)
def test_without_numpy_the_refusal_says_what_to_install_in_the_language(
    language: str, said: str
) -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "from bridgescore.errors import BridgeScoreError\n"
        "from bridgescore.languages import from_environment, use\n"
        "try:\n    import bridgescore.fast\n"
        "except BridgeScoreError as error:\n"
        "    with use(from_environment()):\n        print(error)\n"
    )
    env = {"PATH": "/usr/bin:/bin", "LANG": language}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == said + "\n"
