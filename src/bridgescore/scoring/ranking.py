"""Ranking (rules.md §7.2): best first, equal values share the best place (1, 2=, 2=, 4).

The one ranking routine of bridgescore: pairs and players by percentage or IMPs, handicapped
rankings, and teams by victory points all go through :func:`rank`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import groupby
from operator import itemgetter
from typing import Any, TypeVar

T = TypeVar("T")


def rank(
    items: Iterable[T],
    value: Callable[[T], Fraction | int],
    order: Callable[[T], Any] | None = None,
) -> list[tuple[int, bool, T]]:
    """``(place, shared, item)`` best first: a higher ``value`` is better, equal values share
    the best place of their group and the next place skips (1, 2=, 2=, 4).

    Items of equal value are listed by ``order`` (by default as given). Values are compared
    exactly; a caller that ranks on the values shown rounds them first, on purpose.
    """
    keyed = [(value(item), item) for item in items]
    if order is not None:
        tiebreak = order
        keyed.sort(key=lambda entry: tiebreak(entry[1]))
    # Each value beside its float, compared first: rounding to the nearest float keeps order
    # (a < b gives float(a) <= float(b)), so the sort and the runs of equal values below compare
    # floats in C and the exact values only where their floats are equal (comparing Fractions
    # alone took most of a large ranking). A value beyond any float's range (about 1.8e308)
    # makes every float 0: all are then compared exactly, slower.
    try:
        decorated = [(float(v), v, item) for v, item in keyed]
    except OverflowError:
        decorated = [(0.0, v, item) for v, item in keyed]
    # Highest first; equal values keep the order above (a reversed sort is stable too).
    decorated.sort(key=_exactly, reverse=True)
    ranked: list[tuple[int, bool, T]] = []
    # Equal values are next to each other now: each run shares its first place.
    for _, run in groupby(decorated, key=_exactly):
        items = [item for _, _, item in run]
        place = len(ranked) + 1
        ranked.extend((place, len(items) > 1, item) for item in items)
    return ranked


_exactly = itemgetter(0, 1)
"""A value's sort key in its exact order: its float, then the value itself."""
