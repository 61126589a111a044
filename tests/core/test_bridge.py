"""Dealer and vulnerability by board number (rules.md §2.2) and the enums' notations."""

from __future__ import annotations

import pytest

from bridgescore.bridge import Doubling, Seat, Side, Strain, Vulnerability, dealer_for_board
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


@pytest.mark.parametrize("text", ["", "  ", "--", "/"])
def test_a_blank_vulnerability_is_refused_not_taken_as_none(text: str) -> None:
    with pytest.raises(
        ParseError, match=r"not a vulnerability: .* \(expected None, NS, EW or All\)"
    ):
        Vulnerability.parse(text)


@pytest.mark.parametrize(
    ("text", "side"),
    [("NS", Side.NS), ("ns", Side.NS), (" N-S ", Side.NS), ("E/W", Side.EW), ("ew", Side.EW)],
)
def test_side_spellings(text: str, side: Side) -> None:
    assert Side.parse(text) is side


def test_sides_are_opposite_and_print_as_their_direction() -> None:
    # Replaces a test that compared the enum's values with themselves: these fail when the
    # behaviour is wrong (other side, seat's side, display form, refusal of a seat).
    assert Side.NS.other is Side.EW and Side.EW.other is Side.NS
    assert [str(s) for s in Side] == ["NS", "EW"]
    assert [seat.side for seat in (Seat.N, Seat.E, Seat.S, Seat.W)] == [
        Side.NS,
        Side.EW,
        Side.NS,
        Side.EW,
    ]
    with pytest.raises(ParseError, match=r"not a direction: 'N' \(expected NS or EW\)"):
        Side.parse("N")


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.N),
        ("e", Seat.E),
        (" S ", Seat.S),
        ("w", Seat.W),
        ("North", Seat.N),
        ("EAST", Seat.E),
        ("south", Seat.S),
        ("West", Seat.W),
    ],
)
def test_seat_spellings(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("♣", Strain.CLUBS),
        ("♦", Strain.DIAMONDS),
        ("♥", Strain.HEARTS),
        ("♠", Strain.SPADES),
        ("nt", Strain.NOTRUMP),
        ("n", Strain.NOTRUMP),
    ],
)
def test_strain_spellings(text: str, strain: Strain) -> None:
    assert Strain.parse(text) is strain


@pytest.mark.parametrize(
    ("text", "vul"),
    [
        ("Nil", "None"),
        ("o", "None"),
        ("n", "NS"),
        ("N/S", "NS"),
        ("e", "EW"),
        ("E/W", "EW"),
        ("b", "All"),
    ],
)
def test_more_vulnerability_spellings(text: str, vul: str) -> None:
    # The PBN and traveller abbreviations (rules.md §2.2): N = NS vulnerable, B = both.
    assert str(Vulnerability.parse(text)) == vul


def test_refusals_quote_the_input_and_say_what_is_expected() -> None:
    with pytest.raises(ParseError, match=r"^not a strain: 'Z' \(expected C, D, H, S or NT\)$"):
        Strain.parse("Z")
    with pytest.raises(ParseError, match=r"^not a doubling: 'Y' \(expected '', X or XX\)$"):
        Doubling.from_suffix("Y")
    with pytest.raises(ParseError, match=r"^not a board number: 0 \(expected 1 or more\)$"):
        dealer_for_board(0)


def test_refusals_of_seats_and_doublings_read_as_a_contract_writes_them() -> None:
    with pytest.raises(ParseError, match=r"^not a seat: 'Q' \(expected N, E, S or W\)$"):
        Seat.parse("Q")
    assert [Doubling.parse(text) for text in ("", "x", " XX ")] == list(Doubling)
    with pytest.raises(ParseError, match=r"^not a doubling: '2' \(expected '', X or XX\)$"):
        Doubling.parse("2")


def test_a_vulnerability_in_words() -> None:
    assert [v.words for v in Vulnerability] == [
        "neither side vulnerable",
        "NS vulnerable",
        "EW vulnerable",
        "both sides vulnerable",
    ]
