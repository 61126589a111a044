"""The Swiss draw over thousands of random events (4-60 teams, up to 12 rounds, byes, late
entries, withdrawals, Danish rounds, stationary teams): every round is a perfect matching of the
teams playing it, no team has a second bye while another playing has none, and no rematch is
drawn while a draw without one exists -- checked against every possible draw (brute force) up to
ten teams, and against a maximum matching of the pairs that have not met above that.

About 1,800 events; the examples are sized so the file runs in well under a minute.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.swiss import Conditions, FirstRound, SwissEvent


@dataclass(frozen=True)
class Plan:
    teams: int
    rounds: int
    danish: int
    first_round: FirstRound
    seed: int
    entries: dict[int, int]  # team -> entered before that round
    withdrawals: dict[int, int]  # team -> withdrawn after that round
    stationary: tuple[tuple[int, int], ...]


@st.composite
def plans(draw: st.DrawFn, smallest: int, largest: int) -> Plan:
    teams = draw(st.integers(smallest, largest))
    rounds = draw(st.integers(1, 12))
    danish = draw(st.integers(0, min(2, rounds - 1)))
    entries: dict[int, int] = {}
    if rounds > 1:
        late = draw(st.lists(st.integers(2, rounds), max_size=3))
        entries = {teams + 1 + i: before for i, before in enumerate(late)}
    everyone = list(range(1, teams + 1 + len(entries)))
    leaving = draw(st.lists(st.sampled_from(everyone), unique=True, max_size=(teams - 2) // 2))
    withdrawals = {team: draw(st.integers(1, rounds)) for team in leaving}
    stationary_teams = draw(st.lists(st.integers(1, teams), unique=True, max_size=2))
    stationary = tuple((team, 2 * i + 1) for i, team in enumerate(stationary_teams))
    return Plan(
        teams,
        rounds,
        danish,
        draw(st.sampled_from(list(FirstRound))),
        draw(st.integers(0, 2**32)),
        entries,
        withdrawals,
        stationary,
    )


@dataclass(frozen=True)
class Drawn:
    """One round as drawn, with what was known before it."""

    number: int
    playing: frozenset[int]
    byes_before: Counter[int]
    met_before: Counter[frozenset[int]]
    pairs: tuple[frozenset[int], ...]
    bye: int | None
    danish: bool


def play(plan: Plan) -> Iterator[Drawn]:
    """The event of ``plan`` with random scores, yielding each round as drawn."""
    conditions = Conditions(
        rounds=plan.rounds,
        boards=7,
        danish=plan.danish,
        first_round=plan.first_round,
        seed=plan.seed,
        stationary=plan.stationary,
    )
    rng = random.Random(plan.seed)
    event = SwissEvent.start(conditions, range(1, plan.teams + 1))
    for number in range(1, plan.rounds + 1):
        for team, before in sorted(plan.entries.items()):
            if before == number:
                event = event.enter(team)
        playing = frozenset(t.number for t in event.teams if t.plays(number))
        byes = Counter(d.bye for d in event.draws if d.bye is not None)
        met = Counter(frozenset(m.teams) for d in event.draws for m in d.matches)
        event = event.draw()
        draw = event.draws[-1]
        yield Drawn(
            number,
            playing,
            byes,
            met,
            tuple(frozenset(m.teams) for m in draw.matches),
            draw.bye,
            conditions.danish_round(number),
        )
        for match in draw.matches:
            scores = rng.randint(0, 25), rng.randint(0, 25)
            event = event.record(number, match.home, match.away, *scores)
        for team, after in sorted(plan.withdrawals.items()):
            entered = {t.number: t for t in event.teams}
            if after != number or number == plan.rounds or team not in entered:
                continue
            staying = sum(t.plays(number + 1) for t in event.teams)
            if not entered[team].withdrawn and staying > 2:
                event = event.withdraw(team)


def eligible_for_bye(playing: frozenset[int], byes: Counter[int]) -> set[int]:
    fewest = min(byes[t] for t in playing)
    return {t for t in playing if byes[t] == fewest}


def rematches(pairs: Sequence[frozenset[int]], met: Counter[frozenset[int]]) -> int:
    return sum(met[pair] for pair in pairs)


def fewest_rematches(
    teams: Sequence[int], met: Counter[frozenset[int]], bye_allowed: set[int]
) -> int:
    """The fewest rematches of any draw, by trying every one (with the bye rule)."""
    best = [10**9]

    def pair_up(left: list[int], cost: int, bye_taken: bool) -> None:
        if cost >= best[0]:
            return
        if not left:
            best[0] = cost
            return
        first, rest = left[0], left[1:]
        if len(left) % 2 and not bye_taken and first in bye_allowed:
            pair_up(rest, cost, True)
        for i, other in enumerate(rest):
            pair_up(rest[:i] + rest[i + 1 :], cost + met[frozenset((first, other))], bye_taken)

    pair_up(sorted(teams), 0, False)
    return best[0]


def avoidable(teams: Sequence[int], met: Counter[frozenset[int]], bye_allowed: set[int]) -> bool:
    """Whether a draw without a rematch exists: a perfect matching of the pairs that have not
    met (the bye as one more vertex, joined to the teams that may have it)."""
    graph = nx.Graph()
    graph.add_nodes_from(teams)
    for i, a in enumerate(teams):
        for b in teams[i + 1 :]:
            if not met[frozenset((a, b))]:
                graph.add_edge(a, b)
    if len(teams) % 2:
        graph.add_edges_from((team, 0) for team in bye_allowed)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == len(teams) + len(teams) % 2


def check_round(drawn: Drawn, *, brute_force: bool) -> None:
    where = f"round {drawn.number}"
    listed = [t for pair in drawn.pairs for t in pair] + ([drawn.bye] if drawn.bye else [])
    # A perfect matching: every team playing the round once, no one else.
    assert len(listed) == len(set(listed)), f"{where}: a team drawn twice: {listed}"
    assert set(listed) == drawn.playing, f"{where}: {sorted(listed)} v {sorted(drawn.playing)}"
    assert all(len(pair) == 2 for pair in drawn.pairs)
    assert (drawn.bye is not None) == (len(drawn.playing) % 2 == 1)
    if drawn.bye is not None:
        allowed = eligible_for_bye(drawn.playing, drawn.byes_before)
        assert drawn.bye in allowed, f"{where}: a second bye for {drawn.bye}"
    if drawn.danish or drawn.number == 1:
        return  # Danish rounds allow rematches; round 1 has none to avoid
    teams = sorted(drawn.playing)
    allowed = eligible_for_bye(drawn.playing, drawn.byes_before)
    drawn_rematches = rematches(drawn.pairs, drawn.met_before)
    if brute_force:
        assert drawn_rematches == fewest_rematches(teams, drawn.met_before, allowed), where
    elif avoidable(teams, drawn.met_before, allowed):
        assert drawn_rematches == 0, f"{where}: a rematch drawn when none was needed"


_FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@settings(_FAST, max_examples=1300)
@given(plans(4, 10))
def test_small_events_against_every_possible_draw(plan: Plan) -> None:
    for drawn in play(plan):
        check_round(drawn, brute_force=True)


@pytest.mark.slow
@settings(_FAST, max_examples=450)
@given(plans(11, 24))
def test_larger_events_draw_no_avoidable_rematch(plan: Plan) -> None:
    for drawn in play(plan):
        check_round(drawn, brute_force=False)


@pytest.mark.slow
@settings(_FAST, max_examples=40)
@given(plans(25, 60))
def test_large_events_draw_no_avoidable_rematch(plan: Plan) -> None:
    for drawn in play(plan):
        check_round(drawn, brute_force=False)


def test_the_brute_force_finds_a_forced_rematch() -> None:
    """The checker itself: four teams who have each met two others must rematch once."""
    met = Counter({frozenset(p): 1 for p in ((1, 2), (3, 4), (1, 3), (2, 4))})
    assert fewest_rematches([1, 2, 3, 4], met, set()) == 0  # 1 v 4, 2 v 3 remain
    met[frozenset((1, 4))] = met[frozenset((2, 3))] = 1
    assert fewest_rematches([1, 2, 3, 4], met, set()) == 2
    assert not avoidable([1, 2, 3, 4], met, set())
