"""Dealer and vulnerability by board number (rules.md §2.2) and the enums' notations."""

from __future__ import annotations

import pytest

from bridgescore.bridge import Seat, Side, Strain, Vulnerability, dealer_for_board
from bridgescore.errors import ParseError

DEALERS = ["N", "E", "S", "W", "N", "E", "S", "W", "N", "E", "S", "W", "N", "E", "S", "W"]
VULS = [
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
]


@pytest.mark.parametrize("board", range(1, 17))
def test_law_2_table(board: int) -> None:
    assert str(dealer_for_board(board)) == DEALERS[board - 1]
    assert str(Vulnerability.for_board(board)) == VULS[board - 1]


@pytest.mark.parametrize(("board", "same_as"), [(17, 1), (32, 16), (33, 1), (50, 2)])
def test_cycle_of_sixteen(board: int, same_as: int) -> None:
    assert dealer_for_board(board) == dealer_for_board(same_as)
    assert Vulnerability.for_board(board) == Vulnerability.for_board(same_as)


def test_board_zero_is_refused() -> None:
    with pytest.raises(ParseError):
        Vulnerability.for_board(0)


@pytest.mark.parametrize(
    ("text", "vul"),
    [
        ("None", "None"),
        ("Love", "None"),
        ("-", "None"),
        ("ns", "NS"),
        ("E-W", "EW"),
        ("Both", "All"),
        ("all", "All"),
    ],
)
def test_vulnerability_spellings(text: str, vul: str) -> None:
    assert str(Vulnerability.parse(text)) == vul


def test_who_is_vulnerable() -> None:
    assert Vulnerability.NS.is_vulnerable(Side.NS)
    assert not Vulnerability.NS.is_vulnerable(Side.EW)
    assert Vulnerability.ALL.is_vulnerable(Side.EW)
    assert not Vulnerability.NONE.is_vulnerable(Side.NS)


def test_seats() -> None:
    assert Seat.N.partner is Seat.S
    assert Seat.W.next is Seat.N
    assert Seat.E.side is Side.EW
    assert Seat.parse("south") is Seat.S
    assert Strain.parse("N") is Strain.NOTRUMP
    with pytest.raises(ParseError, match="seat"):
        Seat.parse("X")
    with pytest.raises(ParseError, match="vulnerability"):
        Vulnerability.parse("sometimes")
