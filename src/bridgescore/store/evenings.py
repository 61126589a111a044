"""Recognising an evening already stored, whatever file it comes back in.

A session exported (``sessions export``, as CSV, USEBIO, JSON or PBN) and imported again is the
same evening: its bytes differ from the file first imported, so the content digest cannot tell,
but who played which boards against whom does. An evening is the club, its date and its lines
-- each table's section, board and pairs; a file is that evening when its lines are the stored
session's and every result it gives is one the session's log has held for that line (before a
correction or after it). A line not played (``NP``: a sit-out) may be missing from a file, as
formats that carry only results leave it out. A file of that evening with a result the log
never held is refused with the lines that differ: either the file or the stored session is
wrong, and the director says which (``sessions correct``, or ``import --new-session``).
Without a date on one side, the lines alone could be another night of the same movement: it is
that evening only when at least three results in four agree.

Every statement on finding such a session is here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from sqlalchemy import Connection, and_, func, or_, select

from bridgescore.store.schema import results, sessions
from bridgescore.store.sessions import ResultRow, SessionRows

Line = tuple[str, int, str, str]  # section, board, NS, EW


@dataclass(frozen=True)
class Difference:
    """A line whose result in the file the stored session's log never held."""

    entry_key: str  # the stored line's key, for sessions correct
    stored: str  # the result in force
    found: str  # the file's


@dataclass(frozen=True)
class Evening:
    """The stored session that is the file's evening, and where the file differs from it."""

    session_id: int
    played_on: date | None
    differences: tuple[Difference, ...]


def find(
    conn: Connection, club_id: int, rows: SessionRows, played_on: date | None
) -> Evening | None:
    """The stored session of ``club_id`` that is the evening ``rows`` hold (see the module)."""
    wanted = _played(rows)
    if not wanted:
        return None
    counts = (
        select(results.c.session_id, func.count(func.distinct(results.c.entry_key)).label("n"))
        .group_by(results.c.session_id)
        .subquery()
    )
    query = (
        select(sessions.c.id, sessions.c.played_on)
        .join(counts, counts.c.session_id == sessions.c.id)
        .where(
            and_(
                sessions.c.club_id == club_id,
                counts.c.n >= len(wanted),  # and its lines not played, which a file may omit
                counts.c.n <= 2 * len(rows.results),
            )
        )
        .order_by(sessions.c.id)
    )
    if played_on is not None:
        query = query.where(or_(sessions.c.played_on == played_on, sessions.c.played_on.is_(None)))
    candidates = {r.id: r.played_on for r in conn.execute(query)}
    if not candidates:
        return None
    logged: dict[int, dict[str, list[tuple[int, Line, str, bool]]]] = {}
    for r in conn.execute(
        select(
            results.c.session_id,
            results.c.id,
            results.c.entry_key,
            results.c.section,
            results.c.board,
            results.c.ns,
            results.c.ew,
            results.c.result,
            results.c.assigned,
        ).where(results.c.session_id.in_(sorted(candidates)))
    ):
        logged.setdefault(r.session_id, {}).setdefault(r.entry_key, []).append(
            (r.id, (r.section, r.board, r.ns, r.ew), r.result, r.assigned)
        )
    for session_id, lines in sorted(logged.items()):
        found = _compare(rows, lines)
        if found is None:
            continue
        dated = played_on is not None and candidates[session_id] is not None
        if dated or len(found) * 4 <= len(wanted):
            return Evening(session_id, candidates[session_id], tuple(found))
    return None


_NOT_PLAYED = "NP"


def _played(rows: SessionRows) -> list[ResultRow]:
    """The file's lines with a result: a line not played may be left out of a file."""
    return sorted(
        (r for r in rows.results if r.result != _NOT_PLAYED),
        key=lambda r: (r.section, r.board, r.ns, r.ew, r.position),
    )


def _compare(
    rows: SessionRows, logged: dict[str, list[tuple[int, Line, str, bool]]]
) -> list[Difference] | None:
    """Where the file's results differ from every result its line held; None when the lines
    themselves are not the stored session's (each played line of the file is a stored line,
    and each stored line the file leaves out was, at some time, not played)."""
    stored: dict[Line, list[tuple[str, str, set[tuple[str, bool]]]]] = {}
    for key, entries in logged.items():
        entries.sort()  # by id: the first entry, then its corrections in order
        held = {(result, assigned) for _, _, result, assigned in entries}
        stored.setdefault(entries[0][1], []).append((key, entries[-1][2], held))
    differences = []
    for line, found in itertools.groupby(
        _played(rows), key=lambda r: (r.section, r.board, r.ns, r.ew)
    ):
        given = list(found)
        lines = stored.pop(line, [])
        if len(lines) < len(given):
            return None
        for r, (key, current, held) in zip(given, lines, strict=False):
            if (r.result, r.assigned) not in held:
                differences.append(Difference(key, current, r.result))
        if any((_NOT_PLAYED, False) not in held for _, _, held in lines[len(given) :]):
            return None
    if any((_NOT_PLAYED, False) not in held for left in stored.values() for _, _, held in left):
        return None
    return differences


def describe(evening: Evening, source: str, limit: int = 5) -> str:
    """Why a file of a stored evening is refused: the lines that differ, and what to do."""
    day = "" if evening.played_on is None else f" of {evening.played_on.isoformat()}"
    shown: Sequence[Difference] = evening.differences[:limit]
    lines = "; ".join(f"{d.entry_key}: stored {d.stored!r}, file {d.found!r}" for d in shown)
    more = len(evening.differences) - len(shown)
    if more:
        lines += f"; and {more} more"
    count = len(evening.differences)
    return (
        f"{source}: session {evening.session_id} is this evening{day} (the same pairs on the "
        f"same boards), and {count} result{'s differ' if count != 1 else ' differs'}: {lines}. "
        f"Correct the stored session (bridgescore sessions correct {evening.session_id} LINE "
        "RESULT), or store the file as a session of its own (import --new-session)"
    )
