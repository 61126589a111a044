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
    # Highest first; equal values keep the order above (a reversed sort is stable too). The
    # sort makes a new list, so a value beyond any float's range (about 1.8e308) leaves the
    # order above as it was for the exact comparison, slower, that ranks such values.
    try:
        keyed = sorted(keyed, key=_exactly, reverse=True)
    except OverflowError:
        keyed = sorted(keyed, key=itemgetter(0), reverse=True)
    ranked: list[tuple[int, bool, T]] = []
    # Equal values are next to each other now: each run shares its first place.
    for _, run in groupby(keyed, key=itemgetter(0)):
        items = [item for _, item in run]
        place = len(ranked) + 1
        ranked.extend((place, len(items) > 1, item) for item in items)
    return ranked


def _exactly(entry: tuple[Fraction | int, object]) -> tuple[float, Fraction | int]:
    """A sort key in the exact order of the value, compared mostly in C: the value rounded to
    a float, then the value itself. Rounding to the nearest float keeps order (a < b gives
    float(a) <= float(b)), so different floats order as the values do, and values whose floats
    are equal are compared exactly; comparing Fractions alone took most of a large ranking.
    Raises OverflowError for a value beyond any float."""
    return float(entry[0]), entry[0]
