"""Clubs, events, sessions, boards, entrants and the append-only log of table results.

Every statement on those tables, and on the score cache, is here. A result row is only ever
inserted: a correction is a new row that supersedes the one it corrects.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, func, insert, select
from sqlalchemy.sql import ColumnElement, Select

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store.engine import StoreError
from bridgescore.store.lines import from_row, notation
from bridgescore.store.schema import (
    boards,
    clubs,
    entrant_players,
    entrants,
    events,
    results,
    score_cache,
    sections,
    sessions,
)
from bridgescore.store.sessions import (
    PROGRESS_STEP,
    BoardRow,
    EntrantRow,
    MemberRow,
    ResultRow,
    SessionRows,
    Steps,
)
from bridgescore.traveller import TableResult

_RESULT_FIELDS = [f for f in ResultRow.__dataclass_fields__]


@dataclass(frozen=True)
class SessionInfo:
    id: int
    club: str
    event_id: int
    title: str | None
    date_text: str | None
    played_on: date | None
    movement: str
    source: str | None
    imported_at: datetime
    imported_by: str
    boards: int
    results: int
    corrections: int


@dataclass(frozen=True)
class LogEntry:
    """One entry of a traveller line's history: the line as the core knows it, and who wrote
    it when and why."""

    id: int
    entry_key: str
    line: TableResult
    supersedes: int | None
    recorded_at: datetime
    recorded_by: str
    reason: str | None
    current: bool
    device_id: int | None = None  # the table's phone that sent it (none: a user or an import)

    @property
    def result(self) -> str:
        """The result in traveller notation."""
        return notation(self.line)[0]

    @property
    def assigned(self) -> bool:
        return self.line.assigned

    @property
    def kind(self) -> str:
        return self.line.kind

    @property
    def ns_score(self) -> int | None:
        single = self.line.result
        return None if single is None else single.ns_score


def log_entries(
    conn: Connection,
    rows: Sequence[Any],
    superseded: set[int] | None = None,
    vulnerabilities: Mapping[int, str] | None = None,
) -> list[LogEntry]:
    """``results`` rows as log entries; a row whose id is in ``superseded`` is not current
    (None: the log is asked which are). ``vulnerabilities``: each board's, when known."""
    if not rows:
        return []
    session_id = rows[0].session_id
    if superseded is None:
        ids = [r.id for r in rows]
        superseded = set(
            conn.execute(select(results.c.supersedes).where(results.c.supersedes.in_(ids)))
            .scalars()
            .all()
        )
    board_vulnerability = vulnerabilities or board_vulnerabilities(
        conn, session_id, {r.board for r in rows}
    )
    return [
        LogEntry(
            r.id,
            r.entry_key,
            from_row(r, board_vulnerability[r.board]),
            r.supersedes,
            r.recorded_at,
            r.recorded_by,
            r.reason,
            r.id not in superseded,
            r.device_id,
        )
        for r in rows
    ]


def board_vulnerabilities(
    conn: Connection, session_id: int, numbers: Iterable[int]
) -> dict[int, str]:
    """The vulnerability of each of these boards, which its results are read at (only the
    boards asked for: a table's phone needs its own few, not a congress's hundreds)."""
    asked = {"session_id": session_id, "numbers": sorted(set(numbers))}
    return {r.number: r.vulnerability for r in conn.execute(_BOARDS, asked)}


_BOARDS = select(boards.c.number, boards.c.vulnerability).where(
    boards.c.session_id == bindparam("session_id"),
    boards.c.number.in_(bindparam("numbers", expanding=True)),
)  # built once: a phone's state and each result read it


def club_id(conn: Connection, name: str, now: datetime, create: bool) -> int | None:
    found = conn.execute(select(clubs.c.id).where(clubs.c.name == name)).scalar_one_or_none()
    if found is not None or not create:
        return found
    return int(
        conn.execute(
            insert(clubs).values(name=name, created_at=now).returning(clubs.c.id)
        ).scalar_one()
    )


def club_names(conn: Connection) -> dict[int, str]:
    return {r.id: r.name for r in conn.execute(select(clubs.c.id, clubs.c.name))}


def by_digest(conn: Connection, club: int, digest: str) -> int | None:
    return conn.execute(
        select(sessions.c.id).where(and_(sessions.c.club_id == club, sessions.c.digest == digest))
    ).scalar_one_or_none()


def insert_session(
    conn: Connection,
    rows: SessionRows,
    club: int,
    event_id: int | None,
    played_on: date | None,
    source: str | None,
    by: str,
    now: datetime,
    digest: str,
    progress: Steps | None = None,
) -> tuple[int, dict[tuple[str, str, int, bool], int]]:
    """Store a session; returns its id and the id of each entrant by its key. ``progress`` is
    told how many results are stored, a thousand at a time (all in one transaction still)."""
    if event_id is None:
        event_id = conn.execute(
            insert(events)
            .values(club_id=club, title=rows.title, created_at=now)
            .returning(events.c.id)
        ).scalar_one()
    elif (
        conn.execute(select(events.c.id).where(events.c.id == event_id)).scalar_one_or_none()
        is None
    ):
        raise StoreError(Text(N_("no event with id %(event_id)s"), event_id=event_id))
    session_id = int(
        conn.execute(
            insert(sessions)
            .values(
                event_id=event_id,
                club_id=club,
                title=rows.title,
                date_text=rows.date_text,
                played_on=played_on,
                movement=rows.movement,
                rules=json.dumps(dict(rows.rules), sort_keys=True),
                source=source,
                digest=digest,
                imported_at=now,
                imported_by=by,
            )
            .returning(sessions.c.id)
        ).scalar_one()
    )
    names = sorted({r.section for r in rows.results} | set(rows.section_movements) | {""})
    conn.execute(
        insert(sections),
        [
            {"session_id": session_id, "name": n, "movement": rows.section_movements.get(n)}
            for n in names
        ],
    )
    if rows.boards:
        conn.execute(
            insert(boards),
            [
                {
                    "session_id": session_id,
                    "number": b.number,
                    "vulnerability": b.vulnerability,
                    "dealer": b.dealer,
                    "deal": b.deal,
                }
                for b in rows.boards
            ],
        )
    if rows.entrants:
        conn.execute(
            insert(entrants),
            [
                {
                    "session_id": session_id,
                    "section": e.section,
                    "line": e.line,
                    "number": e.number,
                    "individual": e.individual,
                    "name": e.name,
                    "members_count": e.members_count,
                }
                for e in rows.entrants
            ],
        )
    ids = {
        (r.section, r.line, r.number, r.individual): int(r.id)
        for r in conn.execute(
            select(
                entrants.c.id,
                entrants.c.section,
                entrants.c.line,
                entrants.c.number,
                entrants.c.individual,
            ).where(entrants.c.session_id == session_id)
        )
    }
    reason = "imported" if source is None else f"imported from {source}"
    count = len(rows.results)
    for start in range(0, count, PROGRESS_STEP):
        if progress is not None:
            progress(start, count)
        conn.execute(
            insert(results),
            [
                {
                    **{name: getattr(r, name) for name in _RESULT_FIELDS},
                    "session_id": session_id,
                    "recorded_at": now,
                    "recorded_by": by,
                    "reason": reason,
                }
                for r in rows.results[start : start + PROGRESS_STEP]
            ],
        )
    if progress is not None:
        progress(count, count)
    return session_id, ids


def session_list(conn: Connection, club: int | None) -> list[SessionInfo]:
    counts = (
        select(
            results.c.session_id,
            func.count(results.c.id).label("entries"),
            func.count(results.c.supersedes).label("corrections"),
        )
        .group_by(results.c.session_id)
        .subquery()
    )
    board_counts = (
        select(boards.c.session_id, func.count().label("boards"))
        .group_by(boards.c.session_id)
        .subquery()
    )
    query = (
        select(
            sessions,
            clubs.c.name.label("club"),
            func.coalesce(counts.c.entries, 0).label("entries"),
            func.coalesce(counts.c.corrections, 0).label("corrections"),
            func.coalesce(board_counts.c.boards, 0).label("board_count"),
        )
        .join(clubs, clubs.c.id == sessions.c.club_id)
        .outerjoin(counts, counts.c.session_id == sessions.c.id)
        .outerjoin(board_counts, board_counts.c.session_id == sessions.c.id)
        .order_by(sessions.c.played_on, sessions.c.id)
    )
    if club is not None:
        query = query.where(sessions.c.club_id == club)
    return [
        SessionInfo(
            r.id,
            r.club,
            r.event_id,
            r.title,
            r.date_text,
            r.played_on,
            r.movement,
            r.source,
            r.imported_at,
            r.imported_by,
            r.board_count,
            r.entries - r.corrections,
            r.corrections,
        )
        for r in conn.execute(query)
    ]


def session_info(conn: Connection, session_id: int) -> SessionInfo:
    for info in session_list(conn, None):
        if info.id == session_id:
            return info
    raise StoreError(Text(N_("no stored session with id %(session_id)s"), session_id=session_id))


def in_force_condition(at: datetime | None = None) -> ColumnElement[bool]:
    """True of a ``results`` row in force (at ``at``, or now): no later entry supersedes it."""
    later = results.alias("later")
    newer = select(later.c.id).where(later.c.supersedes == results.c.id)
    if at is not None:
        newer = newer.where(later.c.recorded_at <= at)
    return ~newer.exists()


def _current(session_id: int, at: datetime | None) -> Select[Any]:
    """The session's entries in force (at ``at``, or now)."""
    query = select(results).where(results.c.session_id == session_id)
    if at is not None:
        query = query.where(results.c.recorded_at <= at)
    return query.where(in_force_condition(at)).order_by(results.c.position, results.c.id)


def load(conn: Connection, session_id: int, at: datetime | None = None) -> SessionRows:
    """The session as it stands (or stood at ``at``), rebuilt from the log."""
    head = conn.execute(select(sessions).where(sessions.c.id == session_id)).one_or_none()
    if head is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
    movements = {
        r.name: r.movement
        for r in conn.execute(select(sections).where(sections.c.session_id == session_id))
        if r.movement is not None
    }
    board_rows = tuple(
        BoardRow(r.number, r.vulnerability, r.dealer, r.deal)
        for r in conn.execute(
            select(boards).where(boards.c.session_id == session_id).order_by(boards.c.number)
        )
    )
    members: dict[int, list[MemberRow]] = {}
    for r in conn.execute(
        select(entrant_players)
        .join(entrants, entrants.c.id == entrant_players.c.entrant_id)
        .where(entrants.c.session_id == session_id)
        .order_by(entrant_players.c.entrant_id, entrant_players.c.position)
    ):
        members.setdefault(r.entrant_id, []).append(MemberRow(r.name, r.national, r.club_number))
    entrant_rows = tuple(
        EntrantRow(
            r.section,
            r.line,
            r.number,
            r.individual,
            r.name,
            r.members_count,
            tuple(members.get(r.id, ())),
        )
        for r in conn.execute(
            select(entrants).where(entrants.c.session_id == session_id).order_by(entrants.c.id)
        )
    )
    result_rows = tuple(
        ResultRow(**{name: getattr(r, name) for name in _RESULT_FIELDS})
        for r in conn.execute(_current(session_id, at))
    )
    return SessionRows(
        title=head.title,
        date_text=head.date_text,
        movement=head.movement,
        section_movements=movements,
        boards=board_rows,
        entrants=entrant_rows,
        results=result_rows,
        rules=json.loads(head.rules),
    )


def history(conn: Connection, session_id: int, entry_key: str) -> list[LogEntry]:
    """Every entry ever recorded for one traveller line, oldest first."""
    rows = conn.execute(
        select(results)
        .where(and_(results.c.session_id == session_id, results.c.entry_key == entry_key))
        .order_by(results.c.id)
    ).all()
    return log_entries(conn, rows, {r.supersedes for r in rows})


def corrected_keys(conn: Connection, session_id: int) -> list[str]:
    return list(
        conn.execute(
            select(results.c.entry_key)
            .where(and_(results.c.session_id == session_id, results.c.supersedes.is_not(None)))
            .distinct()
            .order_by(results.c.entry_key)
        ).scalars()
    )


# --- the score cache ---------------------------------------------------------------------------


def stale_sessions(conn: Connection, club: int | None) -> list[int]:
    """Sessions whose cached percentages are missing or older than their log."""
    marks = (
        select(results.c.session_id, func.count(results.c.id).label("mark"))
        .group_by(results.c.session_id)
        .subquery()
    )
    cached = (
        select(score_cache.c.session_id, func.min(score_cache.c.log_mark).label("mark"))
        .group_by(score_cache.c.session_id)
        .subquery()
    )
    query = (
        select(sessions.c.id)
        .join(marks, marks.c.session_id == sessions.c.id)
        .outerjoin(cached, cached.c.session_id == sessions.c.id)
        .where((cached.c.mark.is_(None)) | (cached.c.mark != marks.c.mark))
        .order_by(sessions.c.id)
    )
    if club is not None:
        query = query.where(sessions.c.club_id == club)
    return list(conn.execute(query).scalars())


def log_mark(conn: Connection, session_id: int) -> int:
    """How many entries the session's log holds: a cache computed from fewer is stale. A count,
    not the newest id: on PostgreSQL two entries may commit in the other order than their ids,
    and a count still grows with every commit (the log is only ever appended to)."""
    return int(
        conn.execute(
            select(func.count(results.c.id)).where(results.c.session_id == session_id)
        ).scalar_one()
    )


def write_cache(
    conn: Connection,
    session_id: int,
    found: Mapping[tuple[str, str, int, bool], Fraction | None],
    mark: int,
) -> None:
    """Keep the percentages scored from the session as it stood with ``mark`` log entries."""
    conn.execute(delete(score_cache).where(score_cache.c.session_id == session_id))
    ids = {
        (r.section, r.line, r.number, r.individual): r.id
        for r in conn.execute(select(entrants).where(entrants.c.session_id == session_id))
    }
    rows = [
        {
            "session_id": session_id,
            "entrant_id": ids[key],
            "log_mark": mark,
            "percent": None if percent is None else str(percent),
        }
        for key, percent in found.items()
        if key in ids
    ]
    if not rows:  # a session with nothing to rank (teams): remember that it was looked at
        rows = [
            {"session_id": session_id, "entrant_id": i, "log_mark": mark, "percent": None}
            for i in list(ids.values())[:1]
        ]
    if rows:
        conn.execute(insert(score_cache), rows)


def drop_cache(conn: Connection) -> None:
    conn.execute(delete(score_cache))


def player_percentages(
    conn: Connection,
    club: int | None,
    before: date,
    last: int,
    since: date | None = None,
    players: set[int] | None = None,
    excluding: Collection[int] = (),
) -> list[tuple[int, date, int, Fraction, int]]:
    """Each player's ``last`` sessions before ``before`` (from ``since`` on): (player, date,
    session, percentage, how many such sessions the player has in all), oldest first.

    The database picks the last sessions (a window function), so the work done here does not
    grow with the length of the history."""
    ranked = (
        select(
            entrant_players.c.player_id,
            sessions.c.played_on,
            sessions.c.id.label("session_id"),
            score_cache.c.percent,
            func.row_number()
            .over(
                partition_by=entrant_players.c.player_id,
                order_by=(sessions.c.played_on.desc(), sessions.c.id.desc()),
            )
            .label("recent"),
            func.count().over(partition_by=entrant_players.c.player_id).label("total"),
        )
        .join(entrants, entrants.c.id == entrant_players.c.entrant_id)
        .join(score_cache, score_cache.c.entrant_id == entrants.c.id)
        .join(sessions, sessions.c.id == entrants.c.session_id)
        .where(
            and_(
                entrant_players.c.player_id.is_not(None),
                score_cache.c.percent.is_not(None),
                sessions.c.played_on < before,
                # a session still being played (bridgescore serve) counts once published
                sessions.c.status == "published",
            )
        )
    )
    if club is not None:
        ranked = ranked.where(sessions.c.club_id == club)
    if since is not None:
        ranked = ranked.where(sessions.c.played_on >= since)
    if players is not None:
        ranked = ranked.where(entrant_players.c.player_id.in_(sorted(players)))
    if excluding:  # sessions whose cache is stale (scored apart by the caller)
        ranked = ranked.where(sessions.c.id.not_in(sorted(excluding)))
    inner = ranked.subquery()
    query = (
        select(
            inner.c.player_id, inner.c.played_on, inner.c.session_id, inner.c.percent, inner.c.total
        )
        .where(inner.c.recent <= last)
        .order_by(inner.c.player_id, inner.c.played_on, inner.c.session_id)
    )
    return [(r[0], r[1], r[2], Fraction(r[3]), int(r[4])) for r in conn.execute(query)]


def session_players(
    conn: Connection, session_id: int
) -> dict[tuple[str, str, int, bool], list[int | None]]:
    """Each entrant's linked players, in the order of its name."""
    found: dict[tuple[str, str, int, bool], list[int | None]] = {}
    for r in conn.execute(
        select(entrants, entrant_players.c.player_id)
        .outerjoin(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
        .where(entrants.c.session_id == session_id)
        .order_by(entrants.c.id, entrant_players.c.position)
    ):
        found.setdefault((r.section, r.line, r.number, r.individual), []).append(r.player_id)
    return found


def played_on(conn: Connection, session_id: int) -> date | None:
    return conn.execute(
        select(sessions.c.played_on).where(sessions.c.id == session_id)
    ).scalar_one_or_none()
