"""What every format reads and writes: a :class:`ResultsFile`.

Each format module (:mod:`~bridgescore.formats.csv`, :mod:`~bridgescore.formats.json`,
:mod:`~bridgescore.formats.usebio`, :mod:`~bridgescore.formats.nzscorer`,
:mod:`~bridgescore.formats.pbn.session`) has ``load(fp)``, ``loads(text, path=None)``,
``dump(rf, fp)`` and ``dumps(rf)`` over this one type.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgescore.errors import Problem
    from bridgescore.formats.nzscorer import NzScorerEvent
    from bridgescore.formats.pbn.session import PbnEvent
    from bridgescore.formats.reported import ReportedScores
    from bridgescore.formats.usebio import Event
    from bridgescore.results import SessionResult
    from bridgescore.session import Session
    from bridgescore.teams_results import TeamsResult


@dataclass(frozen=True)
class ResultsFile:
    """A results file's contents.

    * ``session`` -- what was played;
    * ``reported`` -- the figures the file itself carries (matchpoints or IMPs per row, each
      entrant's total, percentage and place), or ``None`` when it carries none;
    * ``event`` -- what the format says beyond the session (USEBIO's event type and club, NZ
      Scorer's club and field scoring, a PBN event's Scoring tag), or ``None``;
    * ``warnings`` -- what a reader reinterpreted or dropped: read, but worth a look;
    * ``result`` -- scores to write alongside the session (writers only: JSON, USEBIO and PBN
      write them; a file read has none).
    """

    session: Session
    reported: ReportedScores | None = None
    event: Event | NzScorerEvent | PbnEvent | None = None
    warnings: tuple[Problem, ...] = ()
    result: SessionResult | TeamsResult | None = None

    @classmethod
    def scored(cls, result: SessionResult | TeamsResult) -> ResultsFile:
        """A file to write a scored session to."""
        return cls(result.session, result=result)

    def with_result(self, result: SessionResult | TeamsResult | None) -> ResultsFile:
        return replace(self, result=result)


__all__ = ["ResultsFile"]
