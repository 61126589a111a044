"""What every format reads and writes: a :class:`ResultsFile`.

Each format module (:mod:`~bridgescore.formats.csv`, :mod:`~bridgescore.formats.json`,
:mod:`~bridgescore.formats.usebio`, :mod:`~bridgescore.formats.nzscorer`,
:mod:`~bridgescore.formats.pbn`) has the same ``load``, ``loads``, ``dump`` and ``dumps``
over this one type (:class:`bridgescore.formats.FormatModule`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import IO, TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bridgescore.errors import Problem
    from bridgescore.formats.national import Submission
    from bridgescore.formats.nzscorer import NzScorerEvent
    from bridgescore.formats.pbn.session import PbnEvent
    from bridgescore.formats.reported import ReportedScores
    from bridgescore.formats.usebio import Event
    from bridgescore.masterpoints import Awards
    from bridgescore.movements.model import Movement
    from bridgescore.results import SessionResult
    from bridgescore.session import FieldStructure, Session
    from bridgescore.teams_results import TeamsResult
    from bridgescore.traveller import TableResult


@dataclass(frozen=True)
class ResultsFile:
    """A results file's contents.

    * ``session`` -- what was played;
    * ``reported`` -- the figures the file itself carries (matchpoints or IMPs per row, each
      entrant's total, percentage and place), or ``None`` when it carries none;
    * ``event`` -- what the format says beyond the session (USEBIO's event type and club, NZ
      Scorer's club and field scoring, a PBN event's Scoring tag; for writing, the national
      body a file is for), or ``None``;
    * ``warnings`` -- what a reader reinterpreted or dropped: read, but worth a look;
    * ``result`` -- scores to write alongside the session (writers only: JSON, USEBIO and PBN
      write them; a file read has none);
    * ``masterpoints`` -- the awards of ``result`` to write beside its rankings (writers only:
      JSON and the national body's file write them).
    """

    session: Session
    reported: ReportedScores | None = None
    event: Event | NzScorerEvent | PbnEvent | Submission | None = None
    warnings: tuple[Problem, ...] = ()
    result: SessionResult | TeamsResult | None = None
    masterpoints: Awards | None = None

    @classmethod
    def scored(
        cls, result: SessionResult | TeamsResult, masterpoints: Awards | None = None
    ) -> ResultsFile:
        """A file to write a scored session to (with its masterpoint awards, if any)."""
        return cls(result.session, result=result, masterpoints=masterpoints)

    def declared(self) -> dict[str, Any]:
        """The rule settings the file declares, as its event says them: a USEBIO event's
        method or teams scoring and its winners, a PBN file's Scoring tag, NZ Scorer's sections
        scored across the field; none when it says nothing."""
        return {} if self.event is None else dict(self.event.declared())

    def with_result(self, result: SessionResult | TeamsResult | None) -> ResultsFile:
        return replace(self, result=result)

    def forced(self, structure: FieldStructure | None, path: str | None) -> ResultsFile:
        """The file with its session checked again as ``structure`` (its entrants' fields
        follow), when that is given and is not the session's own; for a reader that does not
        take the structure as it reads."""
        if structure is None or structure is self.session.structure:
            return self
        return self._rebuilt(self.session.tables, structure, path)

    def seated(
        self, movement: Movement | None, structure: FieldStructure | None, path: str | None
    ) -> ResultsFile:
        """The file with its rows seated by ``movement`` (each row's pairs, round and table; a
        row that contradicts it is reported with its round, table, pair and board), its
        session then checked as ``structure`` or the movement's; for a reader that does not
        take the movement as it reads."""
        if movement is None:
            return self
        from bridgescore.errors import InputFileError
        from bridgescore.movements import seating

        rows, problems = seating.seat(self.session.tables, movement)
        if problems:
            raise InputFileError(path, problems)
        return self._rebuilt(rows, structure or movement.kind, path)

    def _rebuilt(
        self, rows: Iterable[TableResult], structure: FieldStructure, path: str | None
    ) -> ResultsFile:
        from bridgescore.session import Session

        session = self.session
        rebuilt = Session.build(
            rows, session.boards, structure, session.title, session.date, path=path
        )
        return replace(self, session=replace(rebuilt, members=session.members))


class Loads(Protocol):
    """A format's ``loads``: a file's text or bytes (decoded by
    :func:`bridgescore.formats.files.decode_text`), named ``path`` in messages; ``structure``
    forces the field structure, and a ``movement`` seats the rows or checks them."""

    def __call__(
        self,
        data: str | bytes,
        path: str | None = None,
        *,
        structure: FieldStructure | None = None,
        movement: Movement | None = None,
    ) -> ResultsFile: ...


class Load(Protocol):
    """A format's ``load``: :class:`Loads` of an open file, read whole."""

    def __call__(
        self,
        fp: IO[str] | IO[bytes],
        path: str | None = None,
        *,
        structure: FieldStructure | None = None,
        movement: Movement | None = None,
    ) -> ResultsFile: ...


def load_with(loads: Loads) -> Load:
    """The ``load`` of a format whose ``loads`` is given, the same for every format."""
    from bridgescore.formats.files import stream_name

    def load(
        fp: IO[str] | IO[bytes],
        path: str | None = None,
        *,
        structure: FieldStructure | None = None,
        movement: Movement | None = None,
    ) -> ResultsFile:
        """Read a file of this format from an open file, as ``loads`` reads its contents;
        ``path`` (else the file's own name) names it in messages."""
        name = path if path is not None else stream_name(fp)
        return loads(fp.read(), name, structure=structure, movement=movement)

    return load


__all__ = ["Load", "Loads", "ResultsFile", "load_with"]
