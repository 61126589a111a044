"""The draw of one Swiss round: who plays whom, who has the bye, and at which table.

From round 2 the draw is a minimum-weight perfect matching (networkx) of the teams, in tiers
that never trade against each other:

1. rematches: each pairing costs ``R`` for every time the two teams have met, and ``R`` is more
   than everything below could ever add up to, so **no rematch is drawn while a draw without one
   exists**, and otherwise as few as can be;
2. two stationary teams that would need the same match but sit at different tables;
3. the bye (an odd field only): to the lowest-placed team among those with the fewest byes --
   the others are not offered it at all, so no team has a second bye while another has none;
4. the scores: each pairing costs the square of the two teams' difference in VPs, so teams
   meet teams on close scores.

Every weight is an exact integer (the VP differences scaled by the common denominator), and
networkx's matching is exact on integers. The teams are given in the order of the standings and
nothing else is random, so the same standings always give the same draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

_BYE = 0  # the bye's node in the matching: team numbers start at 1


@dataclass(frozen=True)
class Match:
    """One match of a round: the home team (higher placed; NS in room 1 at teams) and its table."""

    table: int
    home: int
    away: int

    @property
    def teams(self) -> tuple[int, int]:
        return (self.home, self.away)


@dataclass(frozen=True)
class Draw:
    """A round's draw: its matches, table by table, and the team with the bye (or None)."""

    round: int
    matches: tuple[Match, ...]
    bye: int | None = None

    def match_of(self, team: int) -> Match | None:
        for match in self.matches:
            if team in match.teams:
                return match
        return None

    @property
    def teams(self) -> frozenset[int]:
        """Every team in the round, the bye's included."""
        playing = {t for m in self.matches for t in m.teams}
        return frozenset(playing | ({self.bye} if self.bye is not None else set()))


Pairing = tuple[tuple[tuple[int, int], ...], int | None]
"""(home, away) pairs in the order of the higher-placed team, and the bye."""


def bye_candidates(order: Sequence[int], byes: Mapping[int, int]) -> list[int]:
    """The teams that may have the bye: those with the fewest byes so far, in standings order."""
    fewest = min(byes.get(team, 0) for team in order)
    return [team for team in order if byes.get(team, 0) == fewest]


def first_round(order: Sequence[int], shuffle_seed: int | None) -> Pairing:
    """Round 1: ``order`` is the teams by seed; with ``shuffle_seed`` they are shuffled first
    and paired 1st v 2nd, 3rd v 4th; otherwise top half v bottom half (1 v n/2 + 1 ...). In an
    odd field the last team (the lowest seed, or the last drawn) has the bye."""
    teams = list(order)
    if shuffle_seed is not None:
        random.Random(shuffle_seed).shuffle(teams)
    bye = teams.pop() if len(teams) % 2 else None
    if shuffle_seed is not None:
        pairs = tuple((teams[i], teams[i + 1]) for i in range(0, len(teams), 2))
    else:
        half = len(teams) // 2
        pairs = tuple((teams[i], teams[i + half]) for i in range(half))
    return pairs, bye


def danish(order: Sequence[int], byes: Mapping[int, int]) -> Pairing:
    """A Danish round: the bye by the bye rule, then 1st v 2nd, 3rd v 4th ... whether or not
    they have met."""
    teams = list(order)
    bye = None
    if len(teams) % 2:
        bye = bye_candidates(teams, byes)[-1]
        teams.remove(bye)
    return tuple((teams[i], teams[i + 1]) for i in range(0, len(teams), 2)), bye


def swiss(
    order: Sequence[int],
    vps: Mapping[int, Fraction],
    met: Mapping[frozenset[int], int],
    byes: Mapping[int, int],
    tables: Mapping[int, int],
) -> Pairing:
    """A Swiss round by minimum-weight perfect matching (the tiers in the module's words).

    ``order`` is the teams playing, best placed first; ``met`` how often each two have met;
    ``byes`` how many byes each has had; ``tables`` the stationary teams' tables.
    """
    n = len(order)
    if n < 2:
        raise RulesError(Text(N_("a round needs at least two teams, not %(teams)s"), teams=n))
    position = {team: i for i, team in enumerate(order)}
    scale = math.lcm(*(Fraction(vps[t]).denominator for t in order))
    points = {team: int(Fraction(vps[team]) * scale) for team in order}
    spread = max(points.values()) - min(points.values())
    # The most each tier can add up to over a whole draw, so the next one outweighs it.
    scores_total = (n // 2 + 1) * spread * spread
    bye_unit = scores_total + 1
    byes_total = (n + 1) * bye_unit
    clash_unit = scores_total + byes_total + 1
    rematch_unit = clash_unit * (n // 2 + 1) + 1

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            weight = (points[a] - points[b]) ** 2
            if a in tables and b in tables:
                weight += clash_unit
            weight += met.get(frozenset((a, b)), 0) * rematch_unit
            graph.add_edge(a, b, weight=weight)
    if n % 2:
        graph.add_node(_BYE)
        for team in bye_candidates(order, byes):
            # Lowest placed costs nothing; each place higher costs one bye unit more.
            graph.add_edge(team, _BYE, weight=(n - 1 - position[team]) * bye_unit)
    matching = nx.min_weight_matching(graph)
    bye = None
    pairs = []
    for a, b in matching:
        if _BYE in (a, b):
            bye = b if a == _BYE else a
            continue
        pairs.append((a, b) if position[a] < position[b] else (b, a))
    if 2 * len(pairs) + (bye is not None) != n:  # pragma: no cover - a complete graph
        raise AssertionError(f"the matching of {n} teams is not perfect: {sorted(matching)}")
    pairs.sort(key=lambda pair: position[pair[0]])
    return tuple(pairs), bye


def seat(pairing: Pairing, tables: Mapping[int, int]) -> tuple[Match, ...]:
    """Tables for a round's pairs: a stationary team's match at its table (the higher placed
    one's when two meet), the others at the free tables from table 1, best placed first."""
    pairs, _ = pairing
    taken: set[int] = set()
    placed: dict[int, int] = {}
    for i, (home, away) in enumerate(pairs):
        for team in (home, away):
            table = tables.get(team)
            if table is not None and i not in placed:
                placed[i] = table
                taken.add(table)
    free = (t for t in range(1, len(pairs) + len(taken) + 1) if t not in taken)
    matches = []
    for i, (home, away) in enumerate(pairs):
        table = placed[i] if i in placed else next(free)
        matches.append(Match(table, home, away))
    return tuple(sorted(matches, key=lambda m: m.table))
