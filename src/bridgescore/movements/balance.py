"""How evenly a movement compares contestants: the comparison balance (rules.md §8.3).

Two contestants are compared on a board when both play it holding the same cards (the same card
direction, after any arrow-switch) at different tables: their results are matchpointed against
each other. "A movement where each pair is compared with every other pair the same number of
times is called a balanced Howell" [MOV-BC-COMP]. In a plain Mitchell only contestants on the
same line are in one field, so only they are counted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from bridgescore.languages import N_
from bridgescore.languages.text import Figure, Text
from bridgescore.movements.model import Contestant, Movement, Structure, contestant_order


@dataclass(frozen=True)
class Balance:
    """Boards on which each two contestants of a field are compared."""

    comparisons: dict[tuple[Contestant, Contestant], int]
    fewest: int
    most: int
    mean: Fraction

    @property
    def balanced(self) -> bool:
        return self.fewest == self.most

    def describe(self) -> Text:
        if not self.comparisons:
            return Text(N_("no comparisons"))
        if self.balanced:
            return Text(
                N_("balanced: every two contestants compared on %(most)s boards"), most=self.most
            )
        return Text(
            N_(
                "compared on %(fewest)s to %(most)s boards (mean %(mean)s); the closer the two, "
                "the fairer"
            ),
            fewest=self.fewest,
            most=self.most,
            mean=Figure(f"{float(self.mean):.1f}"),
        )


def balance(movement: Movement) -> Balance:
    """Count the comparisons between every two contestants of the same field."""
    counts: Counter[tuple[Contestant, Contestant]] = Counter()
    for board in movement.boards:
        holders: dict[str, set[Contestant]] = {}
        for play in movement.plays_of_board(board):
            for who in play.seats:
                if who == movement.phantom:
                    continue
                holders.setdefault(play.card_side_of(who).value, set()).add(who)
        for group in holders.values():
            for a, b in combinations(sorted(group, key=contestant_order), 2):
                if movement.where(a, _round_of(movement, a, board)) is movement.where(
                    b, _round_of(movement, b, board)
                ):
                    continue  # partners at one table share a result: not a comparison
                counts[(a, b)] += 1
    fields = _fields(movement)
    pairs = [
        (a, b) for field in fields for a, b in combinations(sorted(field, key=contestant_order), 2)
    ]
    table = {pair: counts.get(pair, 0) for pair in pairs}
    values = list(table.values()) or [0]
    return Balance(table, min(values), max(values), Fraction(sum(values), len(values)))


def _fields(movement: Movement) -> list[list[Contestant]]:
    if movement.structure is Structure.TWO_FIELDS:
        lines: dict[object, list[Contestant]] = {}
        for who in movement.contestants:
            lines.setdefault(who.line, []).append(who)
        return list(lines.values())
    return [list(movement.contestants)]


def _round_of(movement: Movement, who: Contestant, board: int) -> int:
    for play in movement.plays_of_board(board):
        if who in play.seats:
            return play.round
    return 0
