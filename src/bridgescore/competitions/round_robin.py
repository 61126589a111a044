"""A round robin (all play all) by the Berger tables, as FIDE's Handbook (C.05, Annex 1)
publishes them: round 1 is 1 v n, 2 v n − 1, ...; each next round adds n/2 to every number but
n (counting round 1 to n − 1), and the match with n changes ends. An odd field adds one number,
the bye. The first named is the home team (at teams, North-South in room 1).

A league of teams is then a :class:`~bridgescore.swiss.SwissEvent` whose every round is drawn
from the start: its scores, VPs and standings (with the tie-breaks) are the Swiss event's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.swiss import Conditions, Draw, Match, SwissEvent, Team

Round = tuple[tuple[int, int], ...]


def berger(teams: int) -> tuple[Round, ...]:
    """The Berger table for ``teams`` numbered 1..n: each round's (home, away) pairs, in the
    table's order. An odd number of teams plays as n + 1, the team paired with n + 1 having
    the bye (its pair is left out)."""
    if teams < 2:
        raise RulesError(
            Text(N_("a round robin needs at least two teams, not %(teams)s"), teams=teams)
        )
    n = teams + teams % 2
    half = n // 2
    rounds: list[list[tuple[int, int]]] = [[(i, n + 1 - i) for i in range(1, half + 1)]]
    for _ in range(n - 2):
        shifted = []
        for home, away in rounds[-1]:
            if n in (home, away):
                other = home if away == n else away
                moved = (other - 1 + half) % (n - 1) + 1
                shifted.append((moved, n) if home == n else (n, moved))
            else:
                shifted.append(((home - 1 + half) % (n - 1) + 1, (away - 1 + half) % (n - 1) + 1))
        rounds.append(shifted)
    return tuple(
        tuple(pair for pair in round_pairs if teams >= max(pair)) for round_pairs in rounds
    )


def bye(teams: int, round_pairs: Round) -> int | None:
    """The team without a match in a round of an odd field."""
    playing = {t for pair in round_pairs for t in pair}
    missing = [t for t in range(1, teams + 1) if t not in playing]
    return missing[0] if missing else None


def round_robin(
    conditions: Conditions, teams: Iterable[int | Team], *, double: bool = False
) -> SwissEvent:
    """A league: every team meets every other (twice, ends changed, when ``double``), each
    round drawn from the Berger table, the teams taking its numbers in the order given."""
    entered = list(teams)
    event = SwissEvent.start(conditions, entered)
    order: Sequence[int] = [t if isinstance(t, int) else t.number for t in entered]
    table = berger(len(order))
    rounds = list(table)
    if double:
        rounds += [tuple((away, home) for home, away in r) for r in table]
    draws = []
    for number, pairs in enumerate(rounds, 1):
        matches = tuple(
            Match(i, order[home - 1], order[away - 1]) for i, (home, away) in enumerate(pairs, 1)
        )
        resting = bye(len(order), pairs)
        draws.append(Draw(number, matches, None if resting is None else order[resting - 1]))
    fixed = replace(event.conditions, rounds=len(rounds), danish=0, league=True)
    return replace(event, conditions=fixed, draws=tuple(draws))
