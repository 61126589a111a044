"""Every way a movement can be wrong, found at once (rules.md §8.1).

Errors make a movement unplayable or unscorable: a contestant playing a board twice or two tables
in one round, two tables on one board set without sharing declared, more boards waiting between
tables than there are relay stands, a repeat meeting nobody declared, a phantom not sitting out
exactly once a round. Warnings are worth a director's look but can be meant: boards played a
different number of times, a contestant playing under 70% of the boards (EBU guidance).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from bridgescore.errors import RulesError, located
from bridgescore.languages import N_, _, ngettext
from bridgescore.languages.text import Text, shown
from bridgescore.movements.model import (
    Contestant,
    Movement,
    Play,
    contestant_order,
    waiting_sets,
)
from bridgescore.session import FieldStructure

MINIMUM_SHARE = 0.7  # of the boards in play: EBU guidance on the least a contestant should play


@dataclass(frozen=True)
class Breach:
    """One thing wrong with a movement, and where."""

    message: str
    round: int | None = None
    table: int | None = None
    warning: bool = False

    def __str__(self) -> str:
        """The breach in the current language (its message when it is a :class:`Text`)."""
        where = []
        if self.round is not None:
            where.append(_("round %(round)s", round=self.round))
        if self.table is not None:
            where.append(_("table %(table)s", table=self.table))
        head = ", ".join(where)
        message = shown(self.message)
        text = located(head, message) if head else message
        return _("warning: %(what)s", what=text) if self.warning else text


class MovementError(RulesError):
    """A movement that breaks the rules; ``breaches`` lists every problem, not just the first."""

    def __init__(self, breaches: Iterable[Breach], name: str = "movement") -> None:
        self.breaches = tuple(breaches)
        count = len(self.breaches)
        head = ngettext(
            "%(path)s: %(problems)s problem",
            "%(path)s: %(problems)s problems",
            count,
            path=name,
            problems=count,
        )
        super().__init__("\n".join([head, *map(str, self.breaches)]))


def validate(movement: Movement) -> list[Breach]:
    """Every breach of the invariants, errors and warnings, in round and table order."""
    breaches: list[Breach] = []
    breaches += _shape(movement)
    breaches += _seating(movement)
    breaches += _boards_twice(movement)
    breaches += _sets_per_round(movement)
    breaches += _travel(movement)
    breaches += _meetings(movement)
    breaches += _phantom(movement)
    breaches += _coverage(movement)
    return sorted(breaches, key=lambda b: (b.warning, b.round or 0, b.table or 0))


def check(movement: Movement) -> Movement:
    """The movement itself when it has no errors; else a :class:`MovementError` with them all."""
    errors = [b for b in validate(movement) if not b.warning]
    if errors:
        raise MovementError(errors, movement.name or "movement")
    return movement


def _shape(movement: Movement) -> list[Breach]:
    out = []
    size = 4 if movement.kind is FieldStructure.INDIVIDUAL else 2
    for play in movement.plays:
        if len(play.seats) != size:
            out.append(Breach(f"{len(play.seats)} seats taken, expected {size}", *_at(play)))
        if not 1 <= play.round <= movement.rounds:
            out.append(Breach(f"round outside 1..{movement.rounds}", *_at(play)))
        if not 1 <= play.table <= movement.tables:
            out.append(Breach(f"table outside 1..{movement.tables}", *_at(play)))
        if not play.boards:
            out.append(Breach("no boards", *_at(play)))
        if movement.kind is FieldStructure.INDIVIDUAL and any(not w.player for w in play.seats):
            out.append(Breach("an individual seats players, not pairs", *_at(play)))
    declared = set(movement.arrow_switched)
    for play in movement.plays:
        if play.arrow_switched != (play.round in declared):
            state = "turned" if play.arrow_switched else "not turned"
            out.append(Breach(f"boards {state}, unlike the round's arrow-switch", *_at(play)))
    places = Counter((p.round, p.table) for p in movement.plays)
    for (rnd, table), count in sorted(places.items()):
        if count > 1:
            out.append(Breach(f"{count} plays at the same table", rnd, table))
    return out


def _seating(movement: Movement) -> list[Breach]:
    """A contestant sits once a round, and never against themselves."""
    out = []
    seen: dict[tuple[Contestant, int], int] = {}
    for play in movement.plays:
        if len(set(play.seats)) < len(play.seats):
            out.append(Breach("the same contestant is in two seats", *_at(play)))
        for who in set(play.seats):
            if (who, play.round) in seen:
                first = seen[(who, play.round)]
                out.append(
                    Breach(f"{who} is also at table {first} this round", play.round, play.table)
                )
            else:
                seen[(who, play.round)] = play.table
    return out


def _boards_twice(movement: Movement) -> list[Breach]:
    out = []
    first: dict[tuple[Contestant, int], Play] = {}
    for play in movement.plays:
        if play.sit_out:
            continue
        for who in play.seats:
            for board in play.boards:
                earlier = first.get((who, board))
                if earlier is None:
                    first[(who, board)] = play
                elif earlier is not play:
                    out.append(
                        Breach(
                            f"{who} plays board {board} a second time (first in round "
                            f"{earlier.round} at table {earlier.table})",
                            *_at(play),
                        )
                    )
    return out


def _sets_per_round(movement: Movement) -> list[Breach]:
    """Two tables on the same boards in one round must be declared as sharing."""
    out = []
    shared = {frozenset(pair) for group in movement.shared for pair in combinations(group, 2)}
    for rnd in range(1, movement.rounds + 1):
        holders: dict[int, list[Play]] = {}
        # A sit-out's boards are not played, so a set lying idle beside it is no clash.
        for play in movement.plays_in_round(rnd):
            if play.sit_out:
                continue
            for board in play.boards:
                holders.setdefault(board, []).append(play)
        reported: set[frozenset[int]] = set()
        for board, plays in sorted(holders.items()):
            for a, b in combinations(plays, 2):
                key = frozenset((a.table, b.table))
                if key in shared or key in reported:
                    continue
                reported.add(key)
                out.append(
                    Breach(
                        f"board {board} is also at table {a.table} and the two tables are "
                        "not declared as sharing",
                        rnd,
                        b.table,
                    )
                )
    return out


def _travel(movement: Movement) -> list[Breach]:
    """Boards between their first and last use must wait somewhere: on a relay or bye stand."""
    out = []
    for rnd, waiting in waiting_sets(movement.plays, movement.rounds).items():
        if len(waiting) > movement.stands:
            sets = ", ".join(map(str, sorted(waiting)))
            out.append(
                Breach(
                    f"board sets {sets} wait between tables but the movement has "
                    f"{movement.stands} relay or bye stand{'s' if movement.stands != 1 else ''}",
                    rnd,
                )
            )
    return out


def _meetings(movement: Movement) -> list[Breach]:
    """No repeat opponents unless the movement declares them; an individual's partners never
    repeat (the point of an individual is a new partner each round)."""
    out = []
    met: dict[tuple[str, frozenset[Contestant]], int] = {}
    for play in movement.plays:
        meetings = [("opponents", frozenset((a, b))) for a in play.ns_side for b in play.ew_side]
        if play.individual:
            meetings += [
                ("partners", frozenset(play.seats[0::2])),
                ("partners", frozenset(play.seats[1::2])),
            ]
        for what, pair in meetings:
            if movement.phantom in pair:
                continue
            key = (what, pair)
            repeat_ok = what == "opponents" and movement.repeats
            if key in met and not repeat_ok:
                a, b = sorted(pair, key=contestant_order)
                out.append(
                    Breach(f"{a} and {b} are {what} again (first in round {met[key]})", *_at(play))
                )
            met.setdefault(key, play.round)
    return out


def _phantom(movement: Movement) -> list[Breach]:
    out = []
    for play in movement.plays:
        has_phantom = movement.phantom is not None and movement.phantom in play.seats
        if has_phantom and not play.sit_out:
            out.append(Breach("the phantom pair's table must be a sit-out", *_at(play)))
        if play.sit_out and not has_phantom and not play.absent:
            out.append(Breach("a sit-out with neither the phantom nor an absence", *_at(play)))
    if movement.phantom is None:
        return out
    for rnd in range(1, movement.rounds + 1):
        count = sum(movement.phantom in p.seats for p in movement.plays_in_round(rnd))
        if count != 1:
            out.append(Breach(f"{count} sit-outs against the phantom, expected exactly 1", rnd))
    return out


def _coverage(movement: Movement) -> list[Breach]:
    out = []
    counts = Counter(b for p in movement.plays if not p.sit_out for b in p.boards)
    if counts and len(set(counts.values())) > 1:
        low, high = min(counts.values()), max(counts.values())
        fewest = [b for b, c in sorted(counts.items()) if c == low]
        listed = ", ".join(map(str, fewest[:12])) + (" ..." if len(fewest) > 12 else "")
        out.append(
            Breach(
                Text(
                    N_(
                        "boards are played between %(low)s and %(high)s times; %(low)s times: "
                        "%(which)s"
                    ),
                    low=low,
                    high=high,
                    which=listed,
                ),
                warning=True,
            )
        )
    in_play = len(counts)
    boards_of: dict[Contestant, set[int]] = {}
    for play in movement.plays:
        if not play.sit_out:
            for who in play.seats:
                boards_of.setdefault(who, set()).update(play.boards)
    for who in movement.contestants:
        played = len(boards_of.get(who, ()))
        if in_play and played < MINIMUM_SHARE * in_play:
            out.append(
                Breach(
                    Text(
                        N_(
                            "%(who)s plays %(played)s of the %(boards)s boards, under the 70%% "
                            "the EBU recommends"
                        ),
                        who=who.said(),
                        played=played,
                        boards=in_play,
                    ),
                    warning=True,
                )
            )
    return out


def _at(play: Play) -> tuple[int, int]:
    return (play.round, play.table)
