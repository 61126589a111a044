"""Converting a results file from one format to another, rescoring it for the formats that
carry scores (JSON, USEBIO, PBN); a traveller CSV holds the results alone.

The scoring a file declares -- a USEBIO event's method, NZ Scorer's sections scored across the
field -- is kept unless the caller set that setting itself (``overridden``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from bridgescore.errors import ParseError, Problem, RulesError
from bridgescore.formats.results_file import ResultsFile
from bridgescore.languages import N_, _, ngettext
from bridgescore.languages.text import Text, shown
from bridgescore.movements.model import Movement
from bridgescore.rules import Method, Rules
from bridgescore.scoring import method_of, score
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
    warnings: tuple[Problem, ...] = ()  # what the reader of the source reinterpreted

    def lines(self) -> list[str]:
        """The report as the command line prints it."""
        if self.teams and self.kind == "pbn":
            return [
                _(
                    "Converted %(source)s to %(target)s (pbn, teams with ScoreIMP)",
                    source=self.source,
                    target=self.target,
                )
            ]
        scored = "" if self.rules is None else _(", scored under %(rules)s", rules=self.rules.label)
        return [
            _(
                "Converted %(source)s to %(target)s (%(kind)s%(scored)s): %(tables)s on %(boards)s",
                source=self.source,
                target=self.target,
                kind=self.kind,
                scored=scored,
                tables=ngettext("%(num)d table result", "%(num)d table results", self.tables),
                boards=ngettext("%(num)d board", "%(num)d boards", self.boards),
            ),
            *self.notes,
        ]


def target_kind(target: str | Path, kind: str | None = None) -> str:
    """The kind to write: ``kind``, else the one ``target``'s extension names."""
    from bridgescore.formats import WRITTEN

    suffix = Path(target).suffix.lower()
    found = kind or WRITTEN.get(suffix)
    if found is None:
        raise ParseError(
            Text(
                N_(
                    "%(target)s: cannot tell what to write from the extension %(suffix)s: "
                    "name OUT .csv, .json, .xml (USEBIO) or .pbn, or give --to"
                ),
                target=str(target),
                suffix=suffix or Text(N_("(none)")),
            )
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
    lossy: bool = False,
    inputs: Collection[str | Path] = (),
) -> ConvertReport:
    """Read ``source``, score it under ``rules`` (with the settings its file declares, except
    those ``overridden``) and write ``target`` as ``kind`` (by default from its extension),
    whole or not at all.

    What is written is read back and scored before the file is written: if anything of the
    session does not come back (a row, a result, a deal, a fouled board's groups, a score), the
    conversion is refused with the list (:class:`LossError`), unless ``lossy``: then it is
    written and the list is in the report's notes. The reader's own warnings are the report's
    ``warnings``. ``target`` is never ``source`` nor one of the other ``inputs`` read.
    """
    from bridgescore.formats import load_path, module
    from bridgescore.formats.losses import losses, read_back, scored_losses
    from bridgescore.formats.outputs import write_text

    written = target_kind(target, kind)
    rf = load_path(source, structure, movement)
    session = rf.session
    rules = rules.with_declared(rf.declared(), overridden)
    teams = method_of(session, rules) is Method.TEAMS
    notes: list[str] = []
    scored_rules: Rules | None = rules
    if teams and written not in ("csv", "pbn", "usebio"):
        raise RulesError(
            Text(
                N_(
                    "%(target)s: teams of four are written as traveller CSV, PBN or USEBIO, not "
                    "%(written)s"
                ),
                target=target,
                written=written,
            )
        )
    if written == "csv":
        out = ResultsFile(session)
        scored_rules = None
    else:
        out = ResultsFile(session, event=rf.event, result=score(session, rules))
    text = module(written).dumps(out)
    back = read_back(written, text, str(target), session.structure)
    lost = losses(session, back)
    if not isinstance(back, str):
        lost += scored_losses(session, back, rules)
    if lost and not lossy:
        raise LossError(str(target), written, lost)
    notes.extend(_("lost: %(what)s", what=shown(line)) for line in lost)
    write_text(target, text, inputs=(source, *inputs))
    return ConvertReport(
        str(source),
        str(target),
        written,
        scored_rules,
        len(session.tables),
        len(session.boards),
        teams,
        tuple(notes),
        rf.warnings,
    )


class LossError(RulesError):
    """The target format cannot hold everything in the session: each thing it would lose."""

    def __init__(self, target: str, kind: str, lost: list[str]) -> None:
        from bridgescore.formats import LABELS

        self.lost = tuple(lost)
        # Each line translated where shown: the lines are laid out, not a message.
        lines = Text("  %(line)s\n", line=lost[0])
        for line in lost[1:]:
            lines = Text("%(before)s  %(line)s\n", before=lines, line=line)
        super().__init__(
            Text(
                N_(
                    "%(target)s: %(format)s cannot hold everything in this session, and would "
                    "lose:\n%(lines)snothing was written: give --lossy to write it without them"
                ),
                target=target,
                format=LABELS[kind],
                lines=lines,
            )
        )


__all__ = ["ConvertReport", "LossError", "convert", "target_kind"]
