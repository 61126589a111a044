"""Which movement? The movements that fit a number of pairs and the time there is, best first.

The time is boards × minutes per board (7.5 by default: 15 minutes a two-board round). A
movement fits when its boards take no longer than the time. Best first means: one winner before
two (a Howell or arrow-switched Mitchell ranks everyone together), then everyone meeting more of
the field, then the boards closest to what the time allows, then fewer sit-outs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Percentage, Text
from bridgescore.movements.howell import howell_for_pairs
from bridgescore.movements.mitchell import (
    RELAY,
    SKIP,
    default_arrow_rounds,
    mitchell_for_pairs,
)
from bridgescore.movements.model import Contestant, Movement, Structure

MINUTES_PER_BOARD = Fraction(15, 2)


@dataclass(frozen=True)
class Fit:
    """One movement that fits, with what it costs and what it gives."""

    movement: Movement
    minutes: Fraction
    met: Fraction  # share of the other contestants met, on average
    one_winner: bool

    @property
    def boards(self) -> int:
        """Boards each contestant plays, sit-outs apart."""
        return self.movement.rounds * self.movement.boards_per_round

    @property
    def dealt(self) -> int:
        """Boards that must be dealt: every board of the movement, those played only while
        someone sits out included (13 pairs in a 12-round Howell play 24, and 26 are dealt)."""
        return len(self.movement.boards)

    def describe(self) -> Text:
        """One line for the director: English as data, shown in the reader's language
        (:func:`bridgescore.languages.text.shown`)."""
        m = self.movement
        winners = Text(N_("one winner")) if self.one_winner else Text(N_("two winners (NS and EW)"))
        dealt = (
            Text(N_(" played, %(dealt)s to deal"), dealt=self.dealt)
            if self.dealt != self.boards
            else ""
        )
        return Text(
            N_(
                "%(name)s: %(rounds)s rounds x %(per_round)s boards = %(boards)s boards"
                "%(dealt)s, about %(minutes)s minutes; %(winners)s; meets %(met)s of the field"
            ),
            name=m.name,
            rounds=m.rounds,
            per_round=m.boards_per_round,
            boards=self.boards,
            dealt=dealt,
            minutes=math.ceil(self.minutes),
            winners=winners,
            met=Percentage(f"{float(self.met) * 100:.0f}"),
        )


def fits(pairs: int, minutes: int, minutes_per_board: Fraction = MINUTES_PER_BOARD) -> list[Fit]:
    """Every movement for ``pairs`` pairs that fits in ``minutes``, best first."""
    if pairs < 4:
        raise RulesError(
            Text(N_("a pairs movement needs at least 4 pairs, not %(pairs)s"), pairs=pairs)
        )
    if minutes <= 0 or minutes_per_board <= 0:
        raise RulesError(Text(N_("the time and the minutes per board must be more than 0")))
    budget = Fraction(minutes) / minutes_per_board
    found: list[Fit] = []
    tables = (pairs + 1) // 2
    for bpr in (2, 3, 4):
        most = 2 * tables - 1
        rounds = min(most, int(budget // bpr))
        if rounds >= max(3, most // 2):
            found.append(_fit(howell_for_pairs(pairs, bpr, rounds=rounds), minutes_per_board))
        if tables < 3:
            continue
        for even in (RELAY, SKIP) if tables % 2 == 0 else (RELAY,):
            if even == SKIP and pairs % 2:
                continue
            most = tables - 1 if (tables % 2 == 0 and even == SKIP) else tables
            rounds = min(most, int(budget // bpr))
            if rounds < max(3, most // 2):
                continue
            plain = mitchell_for_pairs(pairs, bpr, rounds=rounds, even=even)
            found.append(_fit(plain, minutes_per_board))
            arrows = default_arrow_rounds(rounds, bpr)
            switched = mitchell_for_pairs(
                pairs, bpr, rounds=rounds, even=even, arrow_switched=arrows
            )
            found.append(_fit(switched, minutes_per_board))
    # Meeting the field and using the evening count together: a Howell of few long rounds
    # meets little of the field, a short Mitchell wastes the evening.
    found.sort(
        key=lambda f: (
            not f.one_winner,
            -(f.met * f.boards / budget),
            len(f.movement.sit_outs()),
            f.movement.name,
        )
    )
    return found


def _fit(movement: Movement, minutes_per_board: Fraction) -> Fit:
    boards = movement.rounds * movement.boards_per_round
    opponents: dict[Contestant, set[Contestant]] = {}
    for play in movement.plays:
        if play.sit_out:
            continue
        for who in play.seats:
            opponents.setdefault(who, set()).update(play.opponents_of(who))
    field = len(movement.contestants)
    if movement.structure is Structure.TWO_FIELDS:
        possible = Fraction(field, 2)  # a Mitchell pair can meet only the other line
    else:
        possible = Fraction(field - 1)
    met = (
        Fraction(sum(len(v) for v in opponents.values()), len(opponents)) / possible
        if opponents
        else Fraction(0)
    )
    one = movement.structure is Structure.ONE_FIELD
    return Fit(movement, boards * minutes_per_board, min(met, Fraction(1)), one)
