"""Masterpoints of an event's overall ranking: several sessions ranked together.

A federation awards an event of several sessions *outright* on its overall ranking, by the
number of sessions and the size of the field -- the original entry, the entrants of the first
session. A scheme with a published rule for it gives the awards (:meth:`Scheme.award_event`);
one without refuses, saying what is missing (docs/masterpoints.md lists which).

    awards = award_event(ranking, scheme_named("abf:green"))
    awards.awards[0].entrant   # Entrant(1): the first line of ranking.standings
"""

from __future__ import annotations

from bridgescore.events import Ranking
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.masterpoints.model import Awards, EventField, Kind, RankedField, Scheme
from bridgescore.session import Entrant


def event_field(ranking: Ranking) -> EventField:
    """The overall ranking as a scheme sees it: its entries numbered in ranking order, the
    original entry and its tables (a half table counted whole), the sessions played."""
    first = ranking.sessions[0].result
    entrants = [s.entrant for f in first.fields for s in f.standings]
    individual = bool(entrants) and entrants[0].player
    entry = len(entrants)
    tables = -(-entry // 4) if individual else -(-entry // 2)
    places = tuple(
        (Entrant(n, player=individual), s.rank) for n, s in enumerate(ranking.standings, 1)
    )
    sessions = len(ranking.sessions)
    field = RankedField(
        "overall",
        Kind.INDIVIDUAL if individual else Kind.PAIRS,
        Text(
            N_("event of %(sessions)s"),
            sessions=counted("%(num)d session", "%(num)d sessions", sessions),
        ),
        1,
        tables,
        places,
    )
    return EventField(field, sessions, entry)


def award_event(ranking: Ranking, scheme: Scheme) -> Awards:
    """The awards of the event's overall ranking under ``scheme``; each award's entrant is
    ``Entrant(k)`` for the k-th line of ``ranking.standings``."""
    return Awards(scheme.info, tuple(scheme.award_event(event_field(ranking))))


__all__ = ["award_event", "event_field"]
