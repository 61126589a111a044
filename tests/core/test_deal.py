"""Deals: PBN notation that round-trips, hands by seat and suit, high-card points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import Deal, Hand
from bridgescore.errors import ParseError

DEAL = "N:AJ9.K863.8.A9532 Q83.A7542.A.KJ86 64.JT.Q97632.QT4 KT752.Q9.KJT54.7"


def test_hands_by_seat_and_suit() -> None:
    deal = Deal.from_pbn(DEAL)
    north, east = deal[Seat.N], deal[Seat.E]
    assert north is not None and east is not None
    assert north.suits == ("AJ9", "K863", "8", "A9532") and north[Strain.HEARTS] == "K863"
    assert east.holding(Strain.CLUBS) == "KJ86" and east.seat is Seat.E
    assert north.hcp == 12 and deal.hcp(Seat.E) == 14
    assert sum(hand.hcp for hand in deal if hand) == 40
    assert len(north) == 13 and deal.complete


def test_notation_round_trips_from_any_first_seat() -> None:
    deal = Deal.from_pbn(DEAL)
    assert deal.pbn() == DEAL and str(deal) == DEAL
    from_east = deal.pbn(first=Seat.E)
    assert from_east.startswith("E:Q83.A7542.A.KJ86 ") and Deal.from_pbn(from_east) == deal
    assert eval(repr(deal)) == deal  # the repr rebuilds the deal


def test_unknown_hands_lower_case_and_unsorted_ranks() -> None:
    deal = Deal.from_pbn("e:- kq.ak.ak.akqjt98 - -")
    assert deal[Seat.E] is None and deal[Seat.N] is None and not deal.complete
    south = deal[Seat.S]
    assert south == Hand(Seat.S, ("KQ", "AK", "AK", "AKQJT98")) and deal.hcp(Seat.N) is None
    assert deal.pbn() == "N:- - KQ.AK.AK.AKQJT98 -"
    assert Deal.from_pbn("N:2AK... - - -")[Seat.N] == Hand(Seat.N, ("AK2", "", "", ""))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("N:AA... - - -", "dealt twice"),
        ("N:AKQ...", "4 hands"),
        ("X:- - - -", "not a seat"),
        ("AKQ", "first seat"),
        ("N:- - - -", "no cards"),
        ("N:AKQ.. - - -", "4 suits"),
        ("N:AX... - - -", "bad rank"),
        ("N:A... KQ... - -", "different numbers of cards"),
        ("N:AKQJT98765432.A.. - - -", "has 14 cards"),
        ("N:A... A... - -", "dealt twice"),
    ],
)
def test_bad_deals_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        Deal.from_pbn(text)


@given(st.permutations(range(52)), st.sampled_from(list(Seat)))
def test_any_deal_round_trips(cards: list[int], first: Seat) -> None:
    hands = []
    for seat in range(4):
        mine = cards[seat * 13 : seat * 13 + 13]
        hands.append(
            ".".join(
                "".join("AKQJT98765432"[c % 13] for c in mine if c // 13 == s) for s in range(4)
            )
        )
    deal = Deal.from_pbn("N:" + " ".join(hands))
    assert Deal.from_pbn(deal.pbn(first)) == deal
    assert sum(hand.hcp for hand in deal if hand) == 40
    assert sum(hand.mask.bit_count() for hand in deal if hand) == 52
