"""Ranking (rules.md §7.2): best first, equal values share the best place (1, 2=, 2=, 4).

The one ranking routine of bridgescore: pairs and players by percentage or IMPs, handicapped
rankings, and teams by victory points all go through :func:`rank`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
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
    keyed.sort(key=lambda entry: -entry[0])  # stable: equal values keep the order above
    times = Counter(v for v, _ in keyed)
    first: dict[Fraction | int, int] = {}
    return [
        (first.setdefault(v, position + 1), times[v] > 1, item)
        for position, (v, item) in enumerate(keyed)
    ]
