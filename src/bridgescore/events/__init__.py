"""Events of several sessions: the sessions' entrants matched across them, ranked together on
the aggregate of their sessions, and a qualifying carried forward into a final (docs/events.md).

    ranking, who = rank_event([EventSession("day1.csv", r1), EventSession("day2.csv", r2)])
    final, who = rank_final(qualifying, final_sessions, EventRules(), Carry.EBU)

Pure and exact, like the scoring it adds up: the sessions come scored (``SessionResult``), and
nothing here reads a file.
"""

from __future__ import annotations

from bridgescore.events.aggregate import (
    Aggregate,
    CommonTop,
    Contribution,
    EventRules,
    EventSession,
    EventStanding,
    PairsBy,
    Ranking,
    bring_to_top,
    rank_event,
    rank_sessions,
)
from bridgescore.events.carry import (
    Carry,
    Final,
    FinalStanding,
    Seed,
    ebu_carry_forward,
    rank_final,
    seeding,
)
from bridgescore.events.identity import EntryKey, Identities, identify

__all__ = [
    "Aggregate",
    "Carry",
    "CommonTop",
    "Contribution",
    "EntryKey",
    "EventRules",
    "EventSession",
    "EventStanding",
    "Final",
    "FinalStanding",
    "Identities",
    "PairsBy",
    "Ranking",
    "Seed",
    "bring_to_top",
    "ebu_carry_forward",
    "identify",
    "rank_event",
    "rank_final",
    "rank_sessions",
    "seeding",
]
