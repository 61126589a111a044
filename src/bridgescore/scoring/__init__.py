"""Scoring: one entry, :func:`score`, for every kind of event.

A pairs or individual session is scored by field (:mod:`.pairs`: matchpoints, Butler or
cross-IMPs on each board, then totals, rankings and checksums); teams of four by match
(:mod:`.teams`: IMPs between the two rooms, then victory points). The arithmetic of each method
has its own module (:mod:`.matchpoints`, :mod:`.imps`, :mod:`.imp_pairs`), and every ranking
goes through :func:`.ranking.rank`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.scoring.pairs import score_pairs, session_percent
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from bridgescore.results import SessionResult
    from bridgescore.rules import Rules
    from bridgescore.session import Entrant, Session
    from bridgescore.teams_results import TeamsResult

__all__ = ["score", "score_pairs", "score_teams", "session_percent"]


def score(
    session: Session, rules: Rules, handicaps: Mapping[Entrant, Fraction] | None = None
) -> SessionResult | TeamsResult:
    """Score a session as what it is: teams of four by match, anything else by field."""
    if session.structure is FieldStructure.TEAMS:
        return score_teams(session, rules)
    return score_pairs(session, rules, handicaps)


def score_teams(session: Session, rules: Rules) -> TeamsResult:
    """Teams of four: IMPs between the two rooms of each match, then victory points."""
    from bridgescore.scoring.teams import score_teams as by_match

    return by_match(session, rules)
