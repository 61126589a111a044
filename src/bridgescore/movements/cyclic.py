"""Cyclic movements: one base round, every later round by adding 1 to every moving number.

rules.md §8.3 [MOV-BC-DERIVE]: the moving contestants are the residues 0..m-1 (m rounds), one
contestant is stationary. Round r seats contestant x + r where round 0 seats x, and plays set
s + r where round 0 plays set s. Contestant p is at seat x in exactly one round, so over the m
rounds it plays set ``p + (s - x)``: each contestant plays each set at most once exactly when the
offsets ``s - x`` of all moving seats are different. The search below finds set numbers with that
property; it is deterministic, so the same size always gives the same movement.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

_NODES = 20_000  # per attempt: a dead end is abandoned quickly and a fresh order tried
_ATTEMPTS = 40


def find_sets(
    m: int, tables: Sequence[Sequence[int]], *, allow_shared: bool = False
) -> tuple[int, ...] | None:
    """A set residue for each table so that all seat offsets ``s - x`` differ mod ``m``.

    ``tables`` lists the moving seats' residues at each table (the stationary seat left out).
    Without ``allow_shared`` no two tables play the same set in a round.
    """
    return next(solutions(m, tables, allow_shared=allow_shared), None)


def solutions(
    m: int, tables: Sequence[Sequence[int]], *, allow_shared: bool = False
) -> Iterator[tuple[int, ...]]:
    """The set numberings :func:`find_sets` finds, one per successful attempt."""
    for attempt in range(_ATTEMPTS):
        search = _Search(m, tables, allow_shared, random.Random(attempt))
        if search.place(0):
            yield tuple(search.chosen)


class _Search:
    """A depth-first search with a node budget: a dead end is abandoned quickly and a fresh
    random order tried."""

    def __init__(
        self, m: int, tables: Sequence[Sequence[int]], allow_shared: bool, rng: random.Random
    ) -> None:
        self.m = m
        self.tables = tables
        self.allow_shared = allow_shared
        self.rng = rng
        self.order = sorted(range(len(tables)), key=lambda i: -len(tables[i]))
        self.chosen = [0] * len(tables)
        self.offsets: set[int] = set()
        self.used: set[int] = set()
        self.budget = _NODES

    def place(self, k: int) -> bool:
        self.budget -= 1
        if self.budget < 0:
            return False
        if k == len(self.order):
            return True
        i = self.order[k]
        candidates = list(range(self.m))
        self.rng.shuffle(candidates)
        candidates.sort(key=lambda c: c in self.used)  # fresh sets first: share only if needed
        for c in candidates:
            if c in self.used and not self.allow_shared:
                continue
            new = [(c - x) % self.m for x in self.tables[i]]
            if len(set(new)) < len(new) or self.offsets.intersection(new):
                continue
            self.chosen[i] = c
            self.offsets.update(new)
            added = c not in self.used
            self.used.add(c)
            if self.place(k + 1):
                return True
            self.offsets.difference_update(new)
            if added:
                self.used.discard(c)
        return False


Base = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]
_CANDIDATES = 6  # set numberings tried for the best balance (up to 12 tables: it is slow)


@lru_cache(maxsize=64)
def howell_base(tables: int) -> Base:
    """The base round of a complete Howell: the NS and EW residue at each table, and its set.

    Table 0 seats the stationary pair (written -1) against residue 0. The pairings are a
    starter: the differences of the pairs cover every non-zero residue once, so every pair meets
    every other exactly once. The patterned starter {i, -i} is tried first, then every starter.
    Among a few set numberings and every choice of which pair sits NS, the most evenly balanced
    is kept (:func:`spread`).
    """
    m = 2 * tables - 1
    patterned = [(i, m - i) for i in range(1, tables)]
    for allow_shared in (False, True):
        for starter in [patterned, *_starters(m)] if m <= 11 else [patterned]:
            pairings = ((-1, 0), *starter)
            found = [
                orient(pairings, sets, m)
                for _, sets in zip(
                    range(_CANDIDATES if tables <= 12 else 1),
                    solutions(m, [(0,), *starter], allow_shared=allow_shared),
                    strict=False,
                )
            ]
            if found:
                return min(found, key=lambda base: spread(base[0], base[1], m))
    raise AssertionError(f"no Howell base round for {tables} tables")  # pragma: no cover


def comparisons(pairings: Sequence[tuple[int, int]], sets: Sequence[int], m: int) -> list[int]:
    """How many sets two pairs play in the same direction, for each difference 1..m-1 of their
    residues, then for the stationary pair against any other.

    Set S is played NS by the residues ``a - s + S`` (a at a table playing s) and EW by
    ``b - s + S``: the same two groups shifted, so two pairs x, y hold the same cards on as many
    sets as x - y is a difference within the NS group or within the EW group.
    """
    ns: list[int] = []
    ew: list[int] = []
    for (a, b), s in zip(pairings, sets, strict=True):
        if a == -1:
            ew.append((b - s) % m)
        elif b == -1:
            ns.append((a - s) % m)
        else:
            ns.append((a - s) % m)
            ew.append((b - s) % m)
    counts = [0] * m
    for group in (ns, ew):
        for u in group:
            for v in group:
                if u != v:
                    counts[(u - v) % m] += 1
    stationary = len(ns) if any(a == -1 for a, _ in pairings) else len(ew)
    return [*counts[1:], stationary]


def spread(pairings: Sequence[tuple[int, int]], sets: Sequence[int], m: int) -> int:
    """The difference between the most and the fewest comparisons of two pairs (0: balanced)."""
    counts = comparisons(pairings, sets, m)
    return max(counts) - min(counts)


def orient(pairings: Sequence[tuple[int, int]], sets: tuple[int, ...], m: int) -> Base:
    """Choose which pair of each table sits NS for the best balance: every choice up to 10
    tables, then single turns while they help."""
    tables = len(pairings)

    def turned(flips: Sequence[int]) -> tuple[tuple[int, int], ...]:
        return tuple((b, a) if f else (a, b) for (a, b), f in zip(pairings, flips, strict=True))

    if tables <= 10:
        best = min(product((0, 1), repeat=tables), key=lambda f: spread(turned(f), sets, m))
        return (turned(best), sets)
    flips = [0] * tables
    score = spread(turned(flips), sets, m)
    improved = True
    while improved:
        improved = False
        for i in range(tables):
            flips[i] ^= 1
            trial = spread(turned(flips), sets, m)
            if trial < score:
                score, improved = trial, True
            else:
                flips[i] ^= 1
    return (turned(flips), sets)


def _starters(m: int) -> list[list[tuple[int, int]]]:
    """Every starter of Z_m (m odd): pairings of 1..m-1 whose differences ±(a - b) are all
    different. Only used for small m, where the patterned starter has no set numbering."""
    found: list[list[tuple[int, int]]] = []

    def extend(left: list[int], pairs: list[tuple[int, int]], diffs: set[int]) -> None:
        if not left:
            found.append(list(pairs))
            return
        a = left[0]
        for b in left[1:]:
            d = {(a - b) % m, (b - a) % m}
            if diffs & d:
                continue
            rest = [x for x in left if x not in (a, b)]
            extend(rest, [*pairs, (a, b)], diffs | d)

    extend(list(range(1, m)), [], set())
    return found


@lru_cache(maxsize=64)
def individual_base(tables: int) -> tuple[tuple[int, int, int, int], ...]:
    """The base round of a complete individual on ``tables`` tables (4T players, 4T - 1 rounds).

    Partnerships are the starter {i, -i} of Z_{4T-1} with the stationary player (written -1)
    partnering 0, so every player partners every other exactly once. Seats are N, E, S, W:
    N-S and E-W partners. Partnerships are matched up in order: {∞, 0} against {1, -1}, then
    {2, -2} against {3, -3}, and so on.
    """
    m = 4 * tables - 1
    partnerships = [(-1, 0)] + [(i, m - i) for i in range(1, 2 * tables)]
    seats = []
    for k in range(tables):
        (n, s), (e, w) = partnerships[2 * k], partnerships[2 * k + 1]
        seats.append((n, e, s, w))
    return tuple(seats)
