"""What a table's phone is sent of a board's traveller: its figures rounded by the session's
rules, whole when no fraction is left, as text the phone writes with its language's decimal
mark."""

from __future__ import annotations

from bridgescore.rules import CLUB
from bridgescore.web.phone import traveller

# A board of three tables as the report's traveller gives it (reports.views.traveller): table 2
# an average plus and minus (60 % and 40 % of the top of 4), table 3 not played.
BOARD = {
    "board": 5,
    "top": 4,
    "top_exact": "4",
    "results": [
        {"table": "1", "round": 1, "ns": 1, "ew": 1, "entry": "4S N =", "ns_score": 420,
         "ns_mp": 4, "ew_mp": 0, "ns_mp_exact": "4", "ew_mp_exact": "0"},
        {"table": "2", "round": 1, "ns": 2, "ew": 2, "entry": "A+/A-", "ns_score": None,
         "ns_mp": 2.4, "ew_mp": 1.6, "ns_mp_exact": "12/5", "ew_mp_exact": "8/5"},
        {"table": "3", "round": 1, "ns": 3, "ew": 3, "entry": "NP", "ns_score": None,
         "ns_mp": None, "ew_mp": None, "ns_mp_exact": None, "ew_mp_exact": None},
    ],
}  # fmt: skip


def test_the_matchpoints_and_top_are_rounded_by_the_rules_as_text() -> None:
    sent = traveller(BOARD, "2", rules=CLUB.with_(decimals=2))
    assert sent["top"] == "4"
    assert [(r["ns_points"], r["ew_points"]) for r in sent["results"]] == [
        ("4", "0"),
        ("2.40", "1.60"),
        (None, None),
    ]
    assert [r["this_table"] for r in sent["results"]] == [False, True, False]
    # a third of a matchpoint (a Neuberg factor) is never sent as 0.3333333333333333
    third = {**BOARD, "results": [{**BOARD["results"][1], "ns_mp": 1 / 3, "ns_mp_exact": "1/3"}]}
    assert traveller(third, "2", rules=CLUB.with_(decimals=1))["results"][0]["ns_points"] == "0.3"
    # rounded first: 3.999 shown to two places is 4.00, so 4
    nearly = {**BOARD, "results": [{**BOARD["results"][1], "ns_mp_exact": "3999/1000"}]}
    assert traveller(nearly, "2", rules=CLUB)["results"][0]["ns_points"] == "4"


def test_an_imp_board_sends_no_matchpoints() -> None:
    imps = {**BOARD, "results": [{**BOARD["results"][0], "ns_mp": None, "ew_mp": None}]}
    sent = traveller(imps, "1")
    assert (sent["results"][0]["ns_points"], sent["results"][0]["ew_points"]) == (None, None)
