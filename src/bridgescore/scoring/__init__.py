"""Scoring: one entry, :func:`score`, for every kind of event.

A pairs or individual session is scored by field (:mod:`.pairs`: matchpoints, Butler or
cross-IMPs on each board, then totals, rankings and checksums); teams of four by match
(:mod:`.teams`: IMPs between the two rooms, then victory points). Which of the two is decided
here alone (:func:`method_of`). The arithmetic of each method has its own module
(:mod:`.matchpoints`, :mod:`.imps`, :mod:`.imp_pairs`), and every ranking goes through
:func:`.ranking.rank`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.errors import RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import Method
from bridgescore.scoring.pairs import score_pairs, session_percent
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from bridgescore.results import SessionResult
    from bridgescore.rules import Rules
    from bridgescore.session import Entrant, Session
    from bridgescore.teams_results import TeamsResult

__all__ = [
    "method_of",
    "score",
    "score_pairs",
    "score_teams",
    "session_percent",
    "structure_for",
]


def score(
    session: Session, rules: Rules, handicaps: Mapping[Entrant, Fraction] | None = None
) -> SessionResult | TeamsResult:
    """Score a session as what it is: teams of four by match, anything else by field (with the
    entrants' ``handicaps``, when given, in a handicapped ranking)."""
    if method_of(session, rules) is Method.TEAMS:
        return score_teams(session, rules)
    return score_pairs(session, rules, handicaps)


def method_of(session: Session, rules: Rules) -> Method:
    """The method a session is scored by: a session of teams of four by match whatever the
    rules say (a PBN file's two rooms), else the rules' method.

    The method :attr:`Method.TEAMS` scores teams of four only: a session read as anything
    else (:func:`structure_for` says how to read it) is refused rather than guessed at.
    """
    if session.structure is FieldStructure.TEAMS:
        return Method.TEAMS
    if rules.method is Method.TEAMS:
        raise RulesError(
            Text(
                N_(
                    "the method teams scores teams of four by match, and this session is a "
                    "%(structure)s session: read it as teams of four"
                ),
                structure=str(session.structure),
            )
        )
    return rules.method


def structure_for(rules: Rules) -> FieldStructure | None:
    """The field structure a file is read as for ``rules``: teams of four for the method
    teams, else None (the file's own)."""
    return FieldStructure.TEAMS if rules.method is Method.TEAMS else None


def score_teams(session: Session, rules: Rules) -> TeamsResult:
    """Teams of four: IMPs between the two rooms of each match, then victory points."""
    from bridgescore.scoring.teams import score_teams as by_match

    return by_match(session, rules)
