"""The entries that look wrong are said in the reader's language (``check``'s and ``score``'s
terminal, the console's review): each reason of every kind, the kind in words, the seats and
sides; English as it was (``check --format json`` and the tests of each detector read it);
contracts, scores and the pairs as written."""

from __future__ import annotations

import re

from bridgescore.anomalies import Anomaly, find, kind_said
from bridgescore.languages import PSEUDO, use
from bridgescore.languages.text import shown
from bridgescore.session import Session
from tests.anomalies.helpers import DD, FIELD, with_deal
from tests.helpers import session

_WORD = re.compile(r"[A-Za-z]{2,}")
SCORES = ("1,1,1,420\n", "1,2,2,420\n", "1,3,3,450\n", "1,4,4,400\n", "1,5,5,-420\n")


def _found() -> list[tuple[Session, Anomaly]]:
    """An anomaly of every kind the board detectors give."""
    cases = [
        (session(FIELD + "1,6,6,4S,E,10,\n"), None),  # direction, outlier
        (
            session("board,ns,ew,score\n1,1,1,420\n1,2,2,420\n1,3,3,450\n1,4,4,400\n1,5,5,-420\n"),
            None,
        ),
        (with_deal(session(FIELD + "1,6,6,4SX,N,6,D2\n")), DD),  # outlier with dd, double dummy
        (with_deal(session(FIELD + "1,6,6,4S,N,10,HA\n")), None),  # lead
        (
            session(
                "board,ns,ew,contract,declarer,result,score\n"
                + "".join(f"2,{n},{n},4SX,N,8,\n" for n in (1, 2, 3))
                + "2,4,4,,,,-300\n"
            ),
            None,
        ),  # vulnerability
    ]
    return [(s, a) for s, dd in cases for a in find(s, double_dummy=dd)]


def test_every_reason_and_kind_in_the_pseudo_locale() -> None:
    found = _found()
    assert {a.kind for _, a in found} == {
        "direction",
        "outlier",
        "double dummy",
        "lead",
        "vulnerability",
    }
    for s, a in found:
        with use(PSEUDO):
            said = a.describe(s)
        left = set(_WORD.findall(said)) - {"NS", "EW", "HA", "SX"}
        assert not left, (sorted(left), said)
        with use("en"):
            assert a.describe(s).endswith(f"— {a.kind}: {a.reason}")


def test_reasons_in_french_and_dutch_by_hand() -> None:
    found = {a.kind: (s, a) for s, a in _found()[:2]}
    s, direction = found["direction"]
    with use("fr"):
        assert direction.describe(s) == (
            "donne 1, NS 6 v EW 6 : 4S E = — sens : 4S par Est (-420 pour NS), alors que les 5 "
            "autres tables à 4S l'ont joué en Nord-Sud : un déclarant saisi du mauvais côté ?"
        )
    with use("nl"):
        assert str(shown(direction.reason)) == (
            "4S door Oost (-420 voor NZ), terwijl de 5 andere tafels in 4S het vanuit Noord-Zuid "
            "speelden: een leider aan de verkeerde kant ingevoerd?"
        )
        assert kind_said("outlier") == "uitschieter"
    lead = next(a for _, a in _found() if a.kind == "lead")
    with use("fr"):
        assert str(shown(lead.reason)) == (
            "l'entame HA n'est pas dans la main de l'entameur (Est, à la gauche de Nord) ; "
            "c'est Ouest qui l'a"
        )
