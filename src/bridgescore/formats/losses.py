"""What a written file would lose: the session read back from the text written, compared with
the session that was written, and both scored.

This is how :func:`bridgescore.formats.convert.convert` knows, for every pair of formats and
without a list kept by hand, what a target format cannot hold: whatever does not come back is
named, with a count and the first place it happens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING

from bridgescore.errors import BridgeScoreError, InputFileError, sentence
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from bridgescore.results import SessionResult
    from bridgescore.rules import Rules
    from bridgescore.session import Board, Entrant, Session
    from bridgescore.traveller import TableResult


def read_back(kind: str, text: str, path: str, structure: FieldStructure) -> Session | str:
    """The session in ``text`` (a file of ``kind``), or why it cannot be read back."""
    from bridgescore.formats import module

    reader = module(kind)
    try:
        if kind == "csv":  # read as the structure it was written from
            return reader.loads(text, path, structure=structure).session
        rf = reader.loads(text, path)
    except BridgeScoreError as error:
        problems = error.problems if isinstance(error, InputFileError) else ()
        first = problems[0].text() if problems else sentence(error)
        if len(problems) > 1:
            return Text(
                N_("the file written cannot be read back: %(first)s (and %(more)s more)"),
                first=first,
                more=len(problems) - 1,
            )
        return Text(N_("the file written cannot be read back: %(first)s"), first=first)
    # Then checked as that structure (the format may not say it: a PBN file of pairs).
    return rf.forced(structure, None).session


def _rows(count: int) -> Text:
    return counted("%(num)d row", "%(num)d rows", count)


def _boards(count: int) -> Text:
    return counted("%(num)d board", "%(num)d boards", count)


def _entrants(count: int) -> Text:
    return counted("%(num)d entrant", "%(num)d entrants", count)


def _place(t: TableResult) -> Text:
    where = Text(N_("board %(board)s"), board=t.board)
    if t.section:
        where = Text(N_("section %(section)s, %(where)s"), section=t.section, where=where)
    if t.table is not None:
        where = Text(N_("%(where)s, table %(table)s"), where=where, table=t.table)
    elif t.ns and t.ew:
        where = Text(
            N_("%(where)s, %(ns)s v %(ew)s"),
            where=where,
            ns="-".join(map(str, t.ns)),
            ew="-".join(map(str, t.ew)),
        )
    return where


def _row_match(t: TableResult) -> tuple[object, ...]:
    return (t.section, t.board, t.ns, t.ew)


def losses(original: Session, back: Session | str) -> list[str]:
    """Everything of ``original`` that ``back`` (read from the file written) does not hold."""
    if isinstance(back, str):
        return [back]
    found: list[str] = []
    originals = {_row_match(t): t for t in original.tables}
    backs = {_row_match(t): t for t in back.tables}
    missing = [t for k, t in originals.items() if k not in backs]
    if missing:
        found.append(
            Text(
                N_("%(rows)s (first: %(place)s: %(result)s)"),
                rows=_rows(len(missing)),
                place=_place(missing[0]),
                result=missing[0].describe(),
            )
        )
    pairs = [(t, backs[k]) for k, t in originals.items() if k in backs]

    def vul(session: Session, t: TableResult) -> object:
        board = session.boards.get(t.board)
        return t.vulnerability or (board.vulnerability if board else None)

    checks: list[tuple[Text, Callable[[TableResult, TableResult], tuple[object, object]]]] = [
        (
            Text(N_("the result")),
            lambda a, b: (
                (a.describe(), a.ns_side, a.ew_side),
                (b.describe(), b.ns_side, b.ew_side),
            ),
        ),
        (Text(N_("the director's assignment")), lambda a, b: (a.assigned, b.assigned)),
        (Text(N_("the vulnerability")), lambda a, b: (vul(original, a), vul(back, b))),
        (Text(N_("the comparison group of a fouled board")), lambda a, b: (a.group, b.group)),
        (Text(N_("the lead")), lambda a, b: (a.lead, b.lead)),
        (Text(N_("the arrow switch")), lambda a, b: (a.arrow, b.arrow)),
        (Text(N_("the round")), lambda a, b: (a.round, b.round)),
        (Text(N_("the table")), lambda a, b: (a.table, b.table)),
    ]
    for what, values in checks:
        differ = [(a, *values(a, b)) for a, b in pairs if values(a, b)[0] != values(a, b)[1]]
        if differ:
            first, was, became = differ[0]
            found.append(
                Text(
                    N_("%(what)s of %(rows)s (first: %(place)s: %(was)s became %(became)s)"),
                    what=what,
                    rows=_rows(len(differ)),
                    place=_place(first),
                    was=_shown(was),
                    became=_shown(became),
                )
            )
    found.extend(_board_losses(original, back))
    found.extend(_session_losses(original, back))
    return found


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        value = value[0]
    if value is None:
        return Text(N_("nothing"))
    if isinstance(value, bool):
        return Text(N_("yes")) if value else Text(N_("no"))
    return f"'{value}'"


def _board_losses(original: Session, back: Session) -> Iterable[str]:
    parts: tuple[tuple[Text, Callable[[Board], object]], ...] = (
        (Text(N_("the deal")), lambda b: None if b.deal is None else b.deal.pbn()),
        (Text(N_("the dealer")), lambda b: b.dealer),
        (Text(N_("the vulnerability")), lambda b: b.vulnerability),
    )
    for what, get in parts:
        differ = [
            n
            for n, board in original.boards.items()
            if get(board) != (get(back.boards[n]) if n in back.boards else None)
        ]
        if differ:
            yield Text(
                N_("%(what)s of %(boards)s (first: board %(board)s)"),
                what=what,
                boards=_boards(len(differ)),
                board=differ[0],
            )


def _session_losses(original: Session, back: Session) -> Iterable[str]:
    if original.title != back.title:
        yield Text(
            N_("the title (%(was)s became %(became)s)"),
            was=_shown(original.title),
            became=_shown(back.title),
        )
    if original.date != back.date:
        yield Text(
            N_("the date (%(was)s became %(became)s)"),
            was=_shown(original.date),
            became=_shown(back.date),
        )
    names = [e for e, name in original.names.items() if back.names.get(e) != name]
    if names:
        yield Text(
            N_("the names of %(entrants)s (first: %(entrant)s)"),
            entrants=_entrants(len(names)),
            entrant=names[0].label,
        )
    members = [e for e, m in original.members.items() if m and back.members.get(e) != m]
    if members:
        yield Text(N_("the membership numbers of %(entrants)s"), entrants=_entrants(len(members)))


def score_losses(original: SessionResult, back: SessionResult) -> list[str]:
    """Entrants whose score differs when the file written is scored as the original was."""

    def totals(result: SessionResult) -> dict[tuple[str, Entrant], Fraction | None]:
        return {
            (f.field, s.entrant): s.percent if s.percent is not None else s.points
            for f in result.fields
            for s in f.standings
        }

    was, became = totals(original), totals(back)
    differ = [k for k in was if became.get(k) != was[k]]
    if not differ:
        return []
    _field, entrant = differ[0]
    return [
        Text(
            N_("the scores of %(entrants)s (first: %(entrant)s: %(was)s became %(became)s)"),
            entrants=_entrants(len(differ)),
            entrant=entrant.label,
            was=_number(was[differ[0]]),
            became=_number(became.get(differ[0])),
        )
    ]


def _number(value: Fraction | None) -> str:
    return Text(N_("no score")) if value is None else f"{float(value):.2f}"


def scored_losses(original: Session, back: Session, rules: Rules) -> list[str]:
    """:func:`score_losses` of the two sessions scored under ``rules`` (pairs only)."""
    if original.structure is FieldStructure.TEAMS:
        return []
    from bridgescore.scoring import score_pairs

    try:
        return score_losses(score_pairs(original, rules), score_pairs(back, rules))
    except BridgeScoreError as error:
        return [Text(N_("the file written cannot be scored: %(error)s"), error=sentence(error))]


__all__ = ["losses", "read_back", "score_losses", "scored_losses"]
