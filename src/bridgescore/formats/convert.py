"""Converting a results file from one format to another, rescoring it for the formats that
carry scores (JSON, USEBIO, PBN); a traveller CSV holds the results alone.

The scoring a file declares -- a USEBIO event's method, NZ Scorer's sections scored across the
field -- is kept unless the caller set that setting itself (``overridden``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridgescore.errors import ParseError, RulesError
from bridgescore.formats.results_file import ResultsFile
from bridgescore.movements.model import Movement
from bridgescore.rules import Rules
from bridgescore.session import FieldStructure


@dataclass(frozen=True)
class ConvertReport:
    """What a conversion wrote."""

    source: str
    target: str
    kind: str
    rules: Rules | None  # how the session was scored; None when written without scores
    tables: int
    boards: int
    teams: bool = False
    notes: tuple[str, ...] = ()  # what the target format has no place for

    def lines(self) -> list[str]:
        """The report as the command line prints it."""
        if self.teams and self.kind == "pbn":
            return [f"Converted {self.source} to {self.target} (pbn, teams with ScoreIMP)"]
        scored = "" if self.rules is None else f", scored under {self.rules.label}"
        return [
            f"Converted {self.source} to {self.target} ({self.kind}{scored}): {self.tables} "
            f"table results on {self.boards} boards",
            *self.notes,
        ]


def declared(rf: ResultsFile) -> dict[str, Any]:
    """The scoring settings a file declares: a USEBIO event's method, NZ Scorer's sections
    scored across the field."""
    from bridgescore.formats.nzscorer import NzScorerEvent
    from bridgescore.formats.usebio import Event

    if isinstance(rf.event, Event):
        return {"method": rf.event.method}
    if isinstance(rf.event, NzScorerEvent):
        return {"sections_across": rf.event.field_scoring}
    return {}


def target_kind(target: str | Path, kind: str | None = None) -> str:
    """The kind to write: ``kind``, else the one ``target``'s extension names."""
    from bridgescore.formats import WRITTEN

    suffix = Path(target).suffix.lower()
    found = kind or WRITTEN.get(suffix)
    if found is None:
        raise ParseError(
            f"{target}: cannot tell what to write from the extension {suffix or '(none)'}: "
            "name OUT .csv, .json, .xml (USEBIO) or .pbn, or give --to"
        )
    return found


def convert(
    source: str | Path,
    target: str | Path,
    rules: Rules,
    kind: str | None = None,
    *,
    structure: FieldStructure | None = None,
    overridden: Collection[str] = (),
    movement: Movement | None = None,
) -> ConvertReport:
    """Read ``source``, score it under ``rules`` (with the settings its file declares, except
    those ``overridden``) and write ``target`` as ``kind`` (by default from its extension),
    whole or not at all."""
    from bridgescore.formats import dump_path, load_path

    written = target_kind(target, kind)
    rf = load_path(source, structure, movement)
    session = rf.session
    rules = rules.with_(**{k: v for k, v in declared(rf).items() if k not in overridden})
    teams = session.structure is FieldStructure.TEAMS
    notes: list[str] = []
    scored_rules: Rules | None = rules
    if teams and written not in ("csv", "pbn"):
        raise RulesError(
            f"{target}: teams of four are written as traveller CSV or PBN, not {written}"
        )
    if written == "csv":
        out = ResultsFile(session)
        scored_rules = None
        deals = sum(1 for b in session.boards.values() if b.deal is not None)
        if deals:
            notes.append(f"note: a traveller CSV has no place for deals: {deals} left out")
    elif teams:
        from bridgescore.scoring import score_teams

        out = ResultsFile(session, event=rf.event, result=score_teams(session, rules))
    else:
        from bridgescore.scoring import score_pairs

        out = ResultsFile(session, event=rf.event, result=score_pairs(session, rules))
        if written == "usebio":
            sitting_out = sum(1 for t in session.tables if not t.played)
            if sitting_out:
                notes.append(
                    f"note: USEBIO has no place for rows not played: {sitting_out} left out"
                )
    dump_path(out, target, written)
    return ConvertReport(
        str(source),
        str(target),
        written,
        scored_rules,
        len(session.tables),
        len(session.boards),
        teams,
        tuple(notes),
    )


__all__ = ["ConvertReport", "convert", "declared", "target_kind"]
