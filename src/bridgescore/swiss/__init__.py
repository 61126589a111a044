"""Swiss events (teams or pairs): the draw, the scores and the standings, as plain values.

A :class:`SwissEvent` is the whole state of an event -- its conditions, the teams (late entries
and withdrawals included), every round's :class:`Draw` and every match's score -- and each step
returns a new one: ``event.draw()``, ``event.record(...)``, ``event.enter(...)``,
``event.withdraw(...)``. Nothing is random after the conditions' seed: the same event draws the
same round every time, and :meth:`SwissEvent.to_data` / :meth:`SwissEvent.from_data` store and
reload it exactly, so a server can keep each step before it shows it.

A step against the rules (a draw before the round's results are in, a withdrawal of a team
that has already left, an entry after the last round ...) raises :class:`SwissError` with one
sentence and changes nothing. The "team" of this package is a team of four or, at Swiss pairs,
a pair.
"""

from __future__ import annotations

from bridgescore.swiss.conditions import Conditions, FirstRound, TieBreak
from bridgescore.swiss.event import Draw, Match, MatchScore, SwissError, SwissEvent, Team
from bridgescore.swiss.standings import SwissStanding

__all__ = [
    "Conditions",
    "Draw",
    "FirstRound",
    "Match",
    "MatchScore",
    "SwissError",
    "SwissEvent",
    "SwissStanding",
    "Team",
    "TieBreak",
]
