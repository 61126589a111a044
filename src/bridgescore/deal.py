"""A deal: the four hands of a board, any of them possibly unknown.

The notation is PBN's (``N:AKQ2.K32.A76.Q54 T98.QJ4.K2.KJT9 - -``: the first seat, then the
hands clockwise, each suit spades to clubs separated by ``.``, ``-`` for a hand not known), and
it round-trips: ``Deal.from_pbn(deal.pbn()) == deal``.

    >>> deal = Deal.from_pbn("E:- KQ.AK.AK.AKQJT98 - -")
    >>> deal[Seat.S].hcp, deal.pbn()
    (27, 'N:- - KQ.AK.AK.AKQJT98 -')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bridgescore.bridge import Seat, Strain
from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
SUITS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)  # as a hand is written
_SUIT_LETTERS = "SHDC"
_RANKS = "23456789TJQKA"  # ascending, so a higher index is a higher card
_RANK_INDEX = {rank: i for i, rank in enumerate(_RANKS)} | {
    rank.lower(): i for i, rank in enumerate(_RANKS)
}
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
_SUIT_CACHE: dict[str, tuple[int, str]] = {}


@dataclass(frozen=True)
class Hand:
    """One seat's cards: the ranks held in each suit, spades first, highest first (``T`` = 10)."""

    seat: Seat
    suits: tuple[str, str, str, str]

    def holding(self, strain: Strain) -> str:
        """The ranks held in ``strain`` (a suit), highest first."""
        return self.suits[SUITS.index(strain)]

    def __getitem__(self, strain: Strain) -> str:
        return self.holding(strain)

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return sum(_POINTS.get(rank, 0) for holding in self.suits for rank in holding)

    @property
    def mask(self) -> int:
        """The cards as 52 bits: 13 a suit, spades lowest, twos lowest within a suit."""
        bits = 0
        for s, holding in enumerate(self.suits):
            for rank in holding:
                bits |= 1 << (13 * s + _RANK_INDEX[rank])
        return bits

    def __len__(self) -> int:
        return sum(len(holding) for holding in self.suits)

    def pbn(self) -> str:
        return ".".join(self.suits)

    def __str__(self) -> str:
        return self.pbn()


@dataclass(frozen=True)
class Deal:
    """The four hands, North, East, South, West; a hand not known is ``None``."""

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN deal (§3.4.11).

        Ranks may be in either case and any order. Every given hand must hold the same number
        of cards, at most 13 (fewer: an end position), and no card may appear twice.
        """
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise ParseError(
                Text(
                    N_('a deal starts with the first seat and ":", found %(text)s'),
                    text=repr(text[:2]),
                )
            )
        first = "NESW".find(text[0].upper())
        if first < 0:
            raise ParseError(Text(N_("not a seat: %(text)s"), text=repr(text[0])))
        hands = text[2:].split(" ")
        if len(hands) != 4 or "" in hands:
            raise ParseError(Text(N_("a deal has 4 hands separated by single spaces")))
        found: list[Hand | None] = [None] * 4
        masks: list[int | None] = [None] * 4
        seen = 0
        sizes = set()
        for i, given in enumerate(hands):
            seat = (first + i) % 4
            if given == "-":
                continue
            suits = given.split(".")
            if len(suits) != 4:
                raise ParseError(
                    Text(
                        N_("hand %(given)s of %(seat)s does not have 4 suits separated by '.'"),
                        given=repr(given),
                        seat=SEATS[seat],
                    )
                )
            mask = 0
            texts = []
            for s, ranks in enumerate(suits):
                bits, ordered = _suit(ranks, s, seat)
                mask |= bits << (13 * s)
                texts.append(ordered)
            if seen & mask:
                card = (seen & mask).bit_length() - 1
                raise ParseError(
                    Text(
                        N_("%(suit)s%(rank)s is dealt twice"),
                        suit=_SUIT_LETTERS[card // 13],
                        rank=_RANKS[card % 13],
                    )
                )
            seen |= mask
            size = mask.bit_count()
            if size > 13:
                raise ParseError(
                    Text(N_("%(seat)s has %(size)s cards"), seat=SEATS[seat], size=size)
                )
            sizes.add(size)
            masks[seat] = mask
            found[seat] = Hand(SEATS[seat], (texts[0], texts[1], texts[2], texts[3]))
        if not seen:
            raise ParseError(Text(N_("the deal has no cards")))
        if len(sizes) > 1:
            counts = ", ".join(
                f"{SEATS[i]} {mask.bit_count()}" for i, mask in enumerate(masks) if mask is not None
            )
            raise ParseError(
                Text(N_("the hands have different numbers of cards (%(counts)s)"), counts=counts)
            )
        return cls((found[0], found[1], found[2], found[3]))

    def pbn(self, first: Seat = Seat.N) -> str:
        """The deal in PBN notation, starting with ``first``."""
        start = SEATS.index(first)
        order = (SEATS[(start + i) % 4] for i in range(4))
        return f"{first.value}:" + " ".join(
            "-" if (hand := self[seat]) is None else hand.pbn() for seat in order
        )

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[SEATS.index(seat)]

    def __iter__(self) -> Iterator[Hand | None]:
        return iter(self.hands)

    @property
    def complete(self) -> bool:
        """All four hands are known."""
        return all(hand is not None for hand in self.hands)

    def hcp(self, seat: Seat) -> int | None:
        """``seat``'s high-card points, if its hand is known."""
        hand = self[seat]
        return None if hand is None else hand.hcp

    def by_seat(self) -> dict[Seat, Hand | None]:
        return dict(zip(SEATS, self.hands, strict=True))

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.pbn()!r})"


def _suit(ranks: str, suit: int, seat: int) -> tuple[int, str]:
    """The 13-bit mask of the ranks of one suit and the ranks highest first."""
    known = _SUIT_CACHE.get(ranks)
    if known is not None:
        return known
    bits = 0
    for rank in ranks:
        r = _RANK_INDEX.get(rank)
        if r is None:
            raise ParseError(
                Text(
                    N_("bad rank %(rank)s in the hand of %(seat)s"),
                    rank=repr(rank),
                    seat=SEATS[seat],
                )
            )
        if bits >> r & 1:
            raise ParseError(
                Text(
                    N_("%(suit)s%(rank)s is dealt twice"),
                    suit=_SUIT_LETTERS[suit],
                    rank=_RANKS[r],
                )
            )
        bits |= 1 << r
    known = bits, "".join(_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1)
    if len(_SUIT_CACHE) < 20000:  # at most 8192 suits, in two cases; a safety bound
        _SUIT_CACHE[ranks] = known
    return known


__all__ = ["SEATS", "SUITS", "Deal", "Hand"]
