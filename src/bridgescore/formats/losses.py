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

from bridgescore.errors import BridgeScoreError, InputFileError
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
        first = problems[0].describe() if problems else str(error)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        return f"the file written cannot be read back: {first}{more}"
    # Then checked as that structure (the format may not say it: a PBN file of pairs).
    return rf.forced(structure, None).session


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _place(t: TableResult) -> str:
    where = f"board {t.board}"
    if t.section:
        where = f"section {t.section}, {where}"
    if t.table is not None:
        where += f", table {t.table}"
    elif t.ns and t.ew:
        where += f", {'-'.join(map(str, t.ns))} v {'-'.join(map(str, t.ew))}"
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
            f"{_plural(len(missing), 'row')} (first: {_place(missing[0])}: {missing[0].describe()})"
        )
    pairs = [(t, backs[k]) for k, t in originals.items() if k in backs]

    def vul(session: Session, t: TableResult) -> object:
        board = session.boards.get(t.board)
        return t.vulnerability or (board.vulnerability if board else None)

    checks: list[tuple[str, Callable[[TableResult, TableResult], tuple[object, object]]]] = [
        (
            "the result",
            lambda a, b: (
                (a.describe(), a.ns_side, a.ew_side),
                (b.describe(), b.ns_side, b.ew_side),
            ),
        ),
        ("the director's assignment", lambda a, b: (a.assigned, b.assigned)),
        ("the vulnerability", lambda a, b: (vul(original, a), vul(back, b))),
        ("the comparison group of a fouled board", lambda a, b: (a.group, b.group)),
        ("the lead", lambda a, b: (a.lead, b.lead)),
        ("the arrow switch", lambda a, b: (a.arrow, b.arrow)),
        ("the round", lambda a, b: (a.round, b.round)),
        ("the table", lambda a, b: (a.table, b.table)),
    ]
    for what, values in checks:
        differ = [(a, *values(a, b)) for a, b in pairs if values(a, b)[0] != values(a, b)[1]]
        if differ:
            first, was, became = differ[0]
            found.append(
                f"{what} of {_plural(len(differ), 'row')} (first: {_place(first)}: "
                f"{_shown(was)} became {_shown(became)})"
            )
    found.extend(_board_losses(original, back))
    found.extend(_session_losses(original, back))
    return found


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        value = value[0]
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"'{value}'"


def _board_losses(original: Session, back: Session) -> Iterable[str]:
    parts: tuple[tuple[str, Callable[[Board], object]], ...] = (
        ("the deal", lambda b: None if b.deal is None else b.deal.pbn()),
        ("the dealer", lambda b: b.dealer),
        ("the vulnerability", lambda b: b.vulnerability),
    )
    for what, get in parts:
        differ = [
            n
            for n, board in original.boards.items()
            if get(board) != (get(back.boards[n]) if n in back.boards else None)
        ]
        if differ:
            boards = _plural(len(differ), "board")
            yield f"{what} of {boards} (first: board {differ[0]})"


def _session_losses(original: Session, back: Session) -> Iterable[str]:
    if original.title != back.title:
        yield f"the title ({_shown(original.title)} became {_shown(back.title)})"
    if original.date != back.date:
        yield f"the date ({_shown(original.date)} became {_shown(back.date)})"
    names = [e for e, name in original.names.items() if back.names.get(e) != name]
    if names:
        yield f"the names of {_plural(len(names), 'entrant')} (first: {names[0].label})"
    members = [e for e, m in original.members.items() if m and back.members.get(e) != m]
    if members:
        yield f"the membership numbers of {_plural(len(members), 'entrant')}"


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
        f"the scores of {_plural(len(differ), 'entrant')} (first: {entrant.label}: "
        f"{_number(was[differ[0]])} became {_number(became.get(differ[0]))})"
    ]


def _number(value: Fraction | None) -> str:
    return "no score" if value is None else f"{float(value):.2f}"


def scored_losses(original: Session, back: Session, rules: Rules) -> list[str]:
    """:func:`score_losses` of the two sessions scored under ``rules`` (pairs only)."""
    if original.structure is FieldStructure.TEAMS:
        return []
    from bridgescore.scoring import score_pairs

    try:
        return score_losses(score_pairs(original, rules), score_pairs(back, rules))
    except BridgeScoreError as error:
        return [f"the file written cannot be scored: {error}"]


__all__ = ["losses", "read_back", "score_losses", "scored_losses"]
