"""Double dummy after each opening lead: how many tricks declarer makes whatever is led.

One solve of the position before the lead (declarer's left-hand opponent to play, the contract's
strain trumps) gives the tricks after every card that could be led, so a session is solved once
per distinct (deal, strain, declarer) -- not per table, level or lead: a 1,000-table session
plays each board in a handful of strains by a handful of declarers. :class:`Leads` keeps what
it solved, so a second session over the same deals (a second site, the mails) asks again for
nothing. endplay's solver (DDS) is imported only when something is to be solved.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import SEATS, SUITS, Deal

if TYPE_CHECKING:
    from endplay.types import Deal as EndplayDeal

Position = tuple[str, Strain, Seat]
"""A deal (its PBN text from North), the strain and the declarer: what a lead is solved in."""

_BATCH = 100  # positions per call to the solver (DDS takes at most 200 boards at once)
_LEAD = re.compile(r"([SHDC])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC])", re.IGNORECASE)


def parse_lead(text: str | None) -> str | None:
    """A lead as a traveller keeps it (``C5``, ``HT``, ``h10``, ``5C``) as suit and rank,
    ``C5``, ``HT``; None when it names no card."""
    if not text:
        return None
    match = _LEAD.fullmatch(text.strip())
    if match is None:
        return None
    suit = match.group(1) or match.group(4)
    rank = match.group(2) or match.group(3)
    return f"{suit.upper()}{'T' if rank == '10' else rank.upper()}"


def position(deal: Deal, strain: Strain, declarer: Seat) -> Position:
    return (deal.pbn(), strain, declarer)


class Leads:
    """The tricks declarer makes after each possible opening lead, by position, solved once."""

    def __init__(self) -> None:
        self._solved: dict[Position, dict[str, int]] = {}
        self.solves = 0  # positions given to the solver (what the cache saved shows beside it)

    def solve(self, positions: Iterable[Position]) -> None:
        """Solve every position not solved yet, in batches (the solver runs them in threads)."""
        wanted = list(dict.fromkeys(p for p in positions if p not in self._solved))
        if not wanted:
            return
        from endplay.dds import solve_all_boards

        for start in range(0, len(wanted), _BATCH):
            chunk = wanted[start : start + _BATCH]
            solved = solve_all_boards([_endplay(*p) for p in chunk])
            for found, board in zip(chunk, solved, strict=True):
                # The solver gives the tricks the side on lead takes after each card.
                self._solved[found] = {_card(card): 13 - int(tricks) for card, tricks in board}
        self.solves += len(wanted)

    def remember(self, found: Position, after: Mapping[str, int]) -> None:
        """A position solved elsewhere (an earlier run's cache): declarer's tricks after each
        card the leader holds."""
        self._solved[found] = dict(after)

    def after(self, found: Position) -> Mapping[str, int] | None:
        """Declarer's tricks after each card the leader holds (``C5`` -> 10), or None when the
        position was not solved."""
        return self._solved.get(found)

    def __len__(self) -> int:
        return len(self._solved)


def leader(declarer: Seat) -> Seat:
    """Who makes the opening lead: declarer's left-hand opponent."""
    return declarer.next


def holds(deal: Deal, seat: Seat, card: str) -> bool:
    hand = deal[seat]
    return hand is not None and card[1] in hand.holding(Strain.parse(card[0]))


_DENOMS = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3}


def _endplay(pbn: str, strain: Strain, declarer: Seat) -> EndplayDeal:
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    deal = EndplayDeal(pbn)
    deal.trump = Denom.nt if strain is Strain.NOTRUMP else Denom(_DENOMS[strain])
    deal.first = Player(SEATS.index(leader(declarer)))
    return deal


def _card(card: object) -> str:
    """endplay's card as suit letter and rank: ``C5``, ``HT``."""
    suit = SUITS[int(card.suit)]  # type: ignore[attr-defined]
    rank = card.rank.abbr  # type: ignore[attr-defined]
    return f"{suit.value}{rank}"


__all__ = ["Leads", "Position", "holds", "leader", "parse_lead", "position"]
