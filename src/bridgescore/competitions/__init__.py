"""Competitions beyond one event: round robins by the Berger tables, knock-out brackets with
carry-overs, and the club's ladder over the year (docs/events.md). Pure, like the scoring they
use: a league's matches are scored and ranked as a Swiss event's are."""

from __future__ import annotations

from bridgescore.competitions.knockout import (
    Knockout,
    KnockoutError,
    Tie,
    bracket_order,
    carry_over,
)
from bridgescore.competitions.ladder import (
    Ladder,
    LadderBy,
    LadderResult,
    LadderRules,
    LadderScore,
    LadderStanding,
    ladder,
)
from bridgescore.competitions.round_robin import berger, round_robin

__all__ = [
    "Knockout",
    "KnockoutError",
    "Ladder",
    "LadderBy",
    "LadderResult",
    "LadderRules",
    "LadderScore",
    "LadderStanding",
    "Tie",
    "berger",
    "bracket_order",
    "carry_over",
    "ladder",
    "round_robin",
]
