"""Howell movements (rules.md §8.3): pairs change direction and meet every other pair.

A complete Howell for T tables has 2T pairs, 2T - 1 rounds and 2T - 1 board sets; pair 2T is
stationary at table 1 (North-South) and the others move by the cyclic rule of
:mod:`~bridgescore.movements.cyclic`: after each round a pair takes the seat the pair numbered one
below it held (pair 1 the seat of pair 2T - 1), and each set goes where the set numbered one below
it was. T sets are in play each round; the other T - 1 wait on relay stands. With 2 and 3 tables
no such numbering exists (there is no Room square of side 3 or 5), so two tables share boards.

A shorter night plays the first rounds only: a 3/4 Howell or any partial Howell. Every pair still
meets each other pair at most once; :mod:`~bridgescore.movements.balance` reports how evenly they
are compared. An odd number of pairs makes the stationary pair the phantom: whoever is at table 1
sits out.
"""

from __future__ import annotations

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.movements.cyclic import howell_base
from bridgescore.movements.model import (
    Contestant,
    Movement,
    Play,
    boards_per_round_refused,
    renumber_sets,
    waiting_sets,
)
from bridgescore.session import FieldStructure


def howell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    phantom: bool = False,
) -> Movement:
    """A Howell for ``2 * tables`` pairs (``phantom``: the last pair is missing), complete or,
    with ``rounds`` under ``2 * tables - 1``, partial."""
    if tables < 2:
        raise RulesError(
            Text(N_("a Howell needs at least 2 tables, not %(tables)s"), tables=tables)
        )
    if boards_per_round < 1:
        raise RulesError(boards_per_round_refused(boards_per_round))
    m = 2 * tables - 1
    count = m if rounds is None else rounds
    if not 1 <= count <= m:
        raise RulesError(
            Text(
                N_("a Howell on %(tables)s tables has 1 to %(most)s rounds, not %(count)s"),
                tables=tables,
                most=m,
                count=count,
            )
        )
    pairings, sets = howell_base(tables)
    stationary = Contestant(2 * tables)

    def pair(residue: int, rnd: int) -> Contestant:
        return stationary if residue < 0 else Contestant((residue + rnd) % m + 1)

    plays = []
    for rnd in range(count):
        for index, ((ns, ew), number) in enumerate(zip(pairings, sets, strict=True)):
            seats = (pair(ns, rnd), pair(ew, rnd))
            plays.append(
                Play(
                    rnd + 1,
                    index + 1,
                    (number + rnd) % m,
                    (),
                    seats,
                    sit_out=phantom and stationary in seats,
                )
            )
    numbered = renumber_sets(plays, boards_per_round)
    shared = _shared(numbered)
    name = Text(N_("Howell")) if count == m else _fraction(count, m)
    notes = []
    if shared:
        notes.append(
            Text(N_("Tables sharing boards pass them between each other during the round."))
        )
    if count < m:
        notes.append(
            Text(
                N_(
                    "A partial Howell: %(count)s of the %(all)s rounds; each pair misses some "
                    "pairs."
                ),
                count=count,
                all=m,
            )
        )
    if phantom:
        notes.append(
            Text(
                N_("Pair %(pair)s is the phantom: the pair at table 1 sits out."),
                pair=stationary.label,
            )
        )
    return Movement(
        kind=FieldStructure.HOWELL,
        tables=tables,
        rounds=count,
        boards_per_round=boards_per_round,
        plays=numbered,
        name=Text(N_("%(title)s, %(tables)s tables"), title=name, tables=tables),
        phantom=stationary if phantom else None,
        shared=shared,
        stands=max(map(len, waiting_sets(numbered, count).values()), default=0),
        notes=tuple(notes),
    )


def howell_for_pairs(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """A Howell for ``pairs`` pairs: a phantom when the number is odd."""
    if pairs < 4:
        raise RulesError(
            Text(
                N_("a Howell needs at least 4 pairs (3 with a phantom), not %(pairs)s"), pairs=pairs
            )
        )
    return howell((pairs + 1) // 2, boards_per_round, rounds=rounds, phantom=pairs % 2 == 1)


def _shared(plays: tuple[Play, ...]) -> tuple[tuple[int, ...], ...]:
    groups: set[tuple[int, ...]] = set()
    by_round: dict[tuple[int, int], list[int]] = {}
    for play in plays:
        by_round.setdefault((play.round, play.set), []).append(play.table)
    for tables in by_round.values():
        if len(tables) > 1:
            groups.add(tuple(sorted(tables)))
    return tuple(sorted(groups))


def _fraction(count: int, m: int) -> Text:
    if abs(count - 3 * m / 4) < 1:
        return Text(N_("3/4 Howell"))
    return Text(N_("Partial Howell"))
