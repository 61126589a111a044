"""Individual movements: every player partners every other player once.

A complete individual on T tables has 4T players and 4T - 1 rounds. Player 4T stays North at
table 1; the others move by the cyclic rule (rules.md §8.3, [MOV-BC-DERIVE], applied to
partnerships): the base round's partnerships are {4T, 0} and {i, -i} mod 4T - 1, whose
differences cover every residue once, so each player partners each other player exactly once and
meets each as an opponent about twice. It works for any number of tables; 2 and 3 tables are the
usual club sizes.

Boards: every table plays the round's set, passed between the tables during the round (for more
tables than boards per round, deal duplicates). So every board is compared across the whole
field, and a player meets each set once. With 4T - 1 players the last player is the phantom: the
three players at table 1 sit out a round each in turn.
"""

from __future__ import annotations

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.movements.cyclic import individual_base
from bridgescore.movements.model import (
    Contestant,
    Movement,
    Play,
    boards_per_round_refused,
    set_boards,
)
from bridgescore.session import FieldStructure


def individual(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    phantom: bool = False,
) -> Movement:
    """An individual for ``4 * tables`` players (``phantom``: the last player is missing)."""
    if tables < 2:
        raise RulesError(
            Text(N_("an individual needs at least 2 tables, not %(tables)s"), tables=tables)
        )
    if boards_per_round < 1:
        raise RulesError(boards_per_round_refused(boards_per_round))
    m = 4 * tables - 1
    count = m if rounds is None else rounds
    if not 1 <= count <= m:
        raise RulesError(
            Text(
                N_("an individual on %(tables)s tables has 1 to %(most)s rounds, not %(count)s"),
                tables=tables,
                most=m,
                count=count,
            )
        )
    stationary = Contestant(4 * tables, player=True)

    def player(residue: int, rnd: int) -> Contestant:
        return stationary if residue < 0 else Contestant((residue + rnd) % m + 1, player=True)

    plays = []
    for rnd in range(count):
        for index, seats in enumerate(individual_base(tables)):
            seated = tuple(player(x, rnd) for x in seats)
            plays.append(
                Play(
                    rnd + 1,
                    index + 1,
                    rnd + 1,
                    set_boards(rnd + 1, boards_per_round),
                    seated,
                    sit_out=phantom and stationary in seated,
                )
            )
    notes = [
        Text(
            N_(
                "Every table plays the round's boards: pass them between the tables during the "
                "round."
            )
        )
    ]
    if phantom:
        notes.append(
            Text(N_("Player %(player)s is the phantom: table 1 sits out."), player=stationary.label)
        )
    complete = Text(N_("Individual")) if count == m else Text(N_("Partial individual"))
    return Movement(
        kind=FieldStructure.INDIVIDUAL,
        tables=tables,
        rounds=count,
        boards_per_round=boards_per_round,
        plays=tuple(plays),
        name=Text(N_("%(title)s, %(tables)s tables"), title=complete, tables=tables),
        phantom=stationary if phantom else None,
        shared=(tuple(range(1, tables + 1)),),
        repeats=True,  # opponents meet about twice; partners never repeat (checked apart)
        notes=tuple(notes),
    )


def individual_for_players(
    players: int, boards_per_round: int, *, rounds: int | None = None
) -> Movement:
    """An individual for ``players`` players: 4 per table, one phantom player allowed."""
    if players < 7 or players % 4 not in (0, 3):
        raise RulesError(
            Text(
                N_(
                    "an individual seats 4 players a table (one may be missing): %(players)s "
                    "players do not fit; use a multiple of 4, or one fewer"
                ),
                players=players,
            )
        )
    return individual((players + 1) // 4, boards_per_round, rounds=rounds, phantom=players % 4 == 3)
