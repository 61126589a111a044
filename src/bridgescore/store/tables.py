"""Players' phones at the tables: table codes, the devices that joined with them, what happened
at each table, and results from a table that disagree with the one stored.

A phone joins a table of a live session with the table's short code and is given a random
token; only its SHA-256 is stored, so the database cannot be read for tokens. The token is good
for that one table of that one session while the session is live: publishing ends it, and so
does the director removing the device. The first device at a table scores; later ones only read
until the director hands the table over (logged, like every join, removal and call).

A result from a table goes through :func:`bridgescore.store.live.submit` like every other, with
one rule of its own: a phone that did not know of the result already stored for its table and
board (two phones, or a phone and the scorer at the console) never replaces it. Its result is
kept in ``result_conflicts`` and shown to the director, who chooses.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, func, insert, select, update

from bridgescore.store import live as lv
from bridgescore.store.engine import StoreError
from bridgescore.store.results import in_force_condition
from bridgescore.store.schema import (
    result_conflicts,
    results,
    sessions,
    table_codes,
    table_devices,
    table_events,
)
from bridgescore.store.sessions import parse_result

SCORER = "scorer"
VIEWER = "viewer"
# Six characters without the look-alikes 0/O and 1/I/L: about 10⁹ codes, typed in seconds.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


@dataclass(frozen=True)
class TableCode:
    id: int
    session_id: int
    section: str
    table: str
    code: str


@dataclass(frozen=True)
class Device:
    """A phone that joined a table, as its token proves."""

    id: int
    table_id: int
    session_id: int
    club_id: int
    section: str
    table: str
    role: str
    joined_at: datetime
    ended_at: datetime | None = None

    @property
    def name(self) -> str:
        """Who recorded a result, in the log: the table and the device."""
        return f"table {self.table} (device {self.id})"


@dataclass(frozen=True)
class Event:
    id: int
    table: str
    device_id: int | None
    kind: str
    note: str | None
    at: datetime
    by: str
    answered_at: datetime | None
    answered_by: str | None


@dataclass(frozen=True)
class Conflict:
    id: int
    entry_key: str
    board: int
    round: int | None
    table: str | None
    result: str
    lead: str | None
    ns_score: int | None
    against: int
    against_result: str
    device_id: int | None
    recorded_at: datetime
    recorded_by: str
    resolved_at: datetime | None
    resolution: str | None


@dataclass(frozen=True)
class TableStored:
    """What a table's submission did: stored (or already stored) in the log, or kept aside as
    a conflict with the result in force."""

    stored: lv.Stored | None
    conflict: Conflict | None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def normalise_code(text: str) -> str:
    """A code as typed or scanned: case, spaces and dashes do not matter."""
    return "".join(ch for ch in text.upper() if ch.isalnum())


# --- codes ---------------------------------------------------------------------------------------


def ensure_codes(
    conn: Connection, session_id: int, places: Iterable[tuple[str, str]]
) -> list[TableCode]:
    """Every table's code, made for the tables (section, label) that have none yet."""
    have = {(c.section, c.table) for c in codes(conn, session_id)}
    for section, label in places:
        if (section, label) in have:
            continue
        while True:  # a clash with another session's code is rare: draw again
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            taken = conn.execute(select(table_codes.c.id).where(table_codes.c.code == code))
            if taken.first() is None:
                break
        conn.execute(
            insert(table_codes).values(
                session_id=session_id, section=section, table_label=label, code=code
            )
        )
        have.add((section, label))
    return codes(conn, session_id)


def codes(conn: Connection, session_id: int) -> list[TableCode]:
    rows = conn.execute(
        select(table_codes).where(table_codes.c.session_id == session_id).order_by(table_codes.c.id)
    )
    return [TableCode(r.id, r.session_id, r.section, r.table_label, r.code) for r in rows]


# --- devices -------------------------------------------------------------------------------------


def join(conn: Connection, code: str, now: datetime) -> tuple[str, Device]:
    """A new device at the table whose code this is: its token (shown once) and the device."""
    wanted = normalise_code(code)
    row = conn.execute(
        select(table_codes, sessions.c.status)
        .join(sessions, sessions.c.id == table_codes.c.session_id)
        .where(table_codes.c.code == wanted)
    ).first()
    if row is None:
        raise StoreError(f"no table has the code {code.strip()[:20]!r}: check the table card")
    if row.status != lv.LIVE:
        raise StoreError("this session's results are published: there is nothing to score")
    scoring = conn.execute(
        select(table_devices.c.id).where(
            and_(
                table_devices.c.table_id == row.id,
                table_devices.c.role == SCORER,
                table_devices.c.ended_at.is_(None),
            )
        )
    ).first()
    token = secrets.token_urlsafe(32)
    role = VIEWER if scoring else SCORER
    conn.execute(
        insert(table_devices).values(
            table_id=row.id, token_hash=hash_token(token), role=role, joined_at=now
        )
    )
    found = device(conn, token)
    assert found is not None
    log(conn, found.table_id, found.id, "join", f"joined to {role}", found.name, now)
    return token, found


def _devices_with_tables() -> Any:
    """Devices with their table's session, section, label, club and the session's status."""
    return (
        select(
            table_devices,
            table_codes.c.session_id,
            table_codes.c.section,
            table_codes.c.table_label,
            sessions.c.club_id,
            sessions.c.status,
        )
        .join(table_codes, table_codes.c.id == table_devices.c.table_id)
        .join(sessions, sessions.c.id == table_codes.c.session_id)
    )


# Every request from a phone starts here: the statement is built once.
_DEVICE = _devices_with_tables().where(table_devices.c.token_hash == bindparam("token_hash"))


def device(conn: Connection, token: str) -> Device | None:
    """The device this token belongs to, while it may act: not removed, session still live."""
    row = conn.execute(_DEVICE, {"token_hash": hash_token(token)}).first()
    if row is None or row.ended_at is not None or row.status != lv.LIVE:
        return None
    return _device(row)


def _device(row: Any) -> Device:
    return Device(
        row.id,
        row.table_id,
        row.session_id,
        row.club_id,
        row.section,
        row.table_label,
        row.role,
        row.joined_at,
        row.ended_at,
    )


def devices(conn: Connection, session_id: int) -> list[Device]:
    """Every device that joined one of the session's tables, removed ones included."""
    rows = conn.execute(
        _devices_with_tables()
        .where(table_codes.c.session_id == session_id)
        .order_by(table_devices.c.id)
    )
    return [_device(r) for r in rows]


def _session_device(conn: Connection, session_id: int, device_id: int) -> Device:
    row = conn.execute(
        _devices_with_tables().where(
            table_codes.c.session_id == session_id, table_devices.c.id == device_id
        )
    ).first()
    if row is None:
        raise StoreError(f"session {session_id} has no device {device_id}")
    found = _device(row)
    if found.ended_at is not None:
        raise StoreError(f"device {device_id} was removed from table {found.table}")
    return found


def hand_over(conn: Connection, session_id: int, device_id: int, by: str, now: datetime) -> None:
    """Make this device its table's scorer; the one that scored before may only read now."""
    target = _session_device(conn, session_id, device_id)
    before = conn.execute(
        select(table_devices.c.id).where(
            and_(
                table_devices.c.table_id == target.table_id,
                table_devices.c.role == SCORER,
                table_devices.c.ended_at.is_(None),
            )
        )
    ).scalar()
    if before == device_id:
        return
    conn.execute(
        update(table_devices)
        .where(and_(table_devices.c.table_id == target.table_id, table_devices.c.role == SCORER))
        .values(role=VIEWER)
    )
    conn.execute(update(table_devices).where(table_devices.c.id == device_id).values(role=SCORER))
    giver = f"from device {before} " if before else ""
    note = f"scoring handed {giver}to device {device_id}"
    log(conn, target.table_id, device_id, "handover", note, by, now)


def remove(conn: Connection, session_id: int, device_id: int, by: str, now: datetime) -> None:
    """End a device's token (a lost phone, a player gone home): logged."""
    target = _session_device(conn, session_id, device_id)
    conn.execute(
        update(table_devices)
        .where(table_devices.c.id == device_id)
        .values(ended_at=now, ended_by=by, role=VIEWER)
    )
    log(conn, target.table_id, device_id, "removed", f"device {device_id} removed", by, now)


# --- events: calls for the director and notes ----------------------------------------------------


def log(
    conn: Connection,
    table_id: int,
    device_id: int | None,
    kind: str,
    note: str | None,
    by: str,
    now: datetime,
) -> int:
    done = conn.execute(
        insert(table_events).values(
            table_id=table_id, device_id=device_id, kind=kind, note=note, at=now, by=by
        )
    )
    return _new_id(done)


def _new_id(done: Any) -> int:
    key = done.inserted_primary_key
    assert key is not None
    return int(key[0])


def call(conn: Connection, found: Device, note: str | None, now: datetime) -> int:
    """A call for the director from a table; one open call per table is enough."""
    open_call = conn.execute(
        select(table_events.c.id).where(
            and_(
                table_events.c.table_id == found.table_id,
                table_events.c.kind == "call",
                table_events.c.answered_at.is_(None),
            )
        )
    ).scalar()
    if open_call is not None:
        return int(open_call)
    return log(conn, found.table_id, found.id, "call", note, found.name, now)


def answer(conn: Connection, session_id: int, event_id: int, by: str, now: datetime) -> None:
    done = conn.execute(
        update(table_events)
        .where(
            and_(
                table_events.c.id == event_id,
                table_events.c.answered_at.is_(None),
                table_events.c.table_id.in_(
                    select(table_codes.c.id).where(table_codes.c.session_id == session_id)
                ),
            )
        )
        .values(answered_at=now, answered_by=by)
    )
    if done.rowcount != 1:
        raise StoreError(f"session {session_id} has no open call {event_id}")


def events(conn: Connection, session_id: int) -> list[Event]:
    rows = conn.execute(
        select(table_events, table_codes.c.table_label)
        .join(table_codes, table_codes.c.id == table_events.c.table_id)
        .where(table_codes.c.session_id == session_id)
        .order_by(table_events.c.id)
    )
    return [
        Event(
            r.id,
            r.table_label,
            r.device_id,
            r.kind,
            r.note,
            r.at,
            r.by,
            r.answered_at,
            r.answered_by,
        )
        for r in rows
    ]


# --- results from a table ------------------------------------------------------------------------


def last_round(conn: Connection, session_id: int, section: str, table: str) -> int | None:
    """The latest round with a result stored at this table: corrections stop before it."""
    found = conn.execute(
        select(func.max(results.c.round)).where(
            and_(
                results.c.session_id == session_id,
                results.c.section == section,
                results.c.table_label == table,
            )
        )
    ).scalar()
    return None if found is None else int(found)


def submit(
    conn: Connection,
    session_id: int,
    entry: lv.Entry,
    *,
    client_id: str,
    found: Device,
    replaces: int | None,
    now: datetime,
) -> TableStored:
    """Store a table's result. A line with no result takes it; the same result again writes
    nothing; a different result replaces the one in force only when the device says which entry
    it corrects (``replaces``) and that entry is still in force; otherwise it is a conflict."""
    known = conn.execute(
        select(result_conflicts.c.id).where(
            and_(
                result_conflicts.c.session_id == session_id,
                result_conflicts.c.client_id == client_id,
            )
        )
    ).scalar()
    if known is not None:
        return TableStored(None, conflict(conn, session_id, int(known)))
    already = conn.execute(
        select(results.c.id).where(
            and_(results.c.session_id == session_id, results.c.client_id == client_id)
        )
    ).first()
    old = None if already else lv.in_force(conn, session_id, entry.key)
    text = " ".join(entry.result.split())
    if old is None or (old.result == text and not old.assigned) or old.id == replaces:
        reason = None if old is None or old.result == text else "corrected at the table"
        stored = lv.submit(
            conn, session_id, entry, client_id=client_id, by=found.name, reason=reason, now=now
        )
        return TableStored(stored, None)
    vulnerability = lv.board_vulnerability(conn, session_id, entry.board)
    _, _, _, _, ns_score = parse_result(text, vulnerability)
    done = conn.execute(
        insert(result_conflicts).values(
            session_id=session_id,
            entry_key=entry.key,
            board=entry.board,
            round=entry.round,
            table_label=entry.table,
            result=text,
            lead=entry.lead,
            ns_score=ns_score,
            against=old.id,
            client_id=client_id,
            device_id=found.id,
            recorded_at=now,
            recorded_by=found.name,
        )
    )
    return TableStored(None, conflict(conn, session_id, _new_id(done)))


def conflict(conn: Connection, session_id: int, conflict_id: int) -> Conflict:
    found = conflicts(conn, session_id, open_only=False, conflict_id=conflict_id)
    if not found:
        raise StoreError(f"session {session_id} has no conflicting result {conflict_id}")
    return found[0]


def conflicts(
    conn: Connection, session_id: int, *, open_only: bool = True, conflict_id: int | None = None
) -> list[Conflict]:
    against = results.alias("against")
    query = (
        select(result_conflicts, against.c.result.label("against_result"))
        .join(against, against.c.id == result_conflicts.c.against)
        .where(result_conflicts.c.session_id == session_id)
        .order_by(result_conflicts.c.id)
    )
    if open_only:
        query = query.where(result_conflicts.c.resolved_at.is_(None))
    if conflict_id is not None:
        query = query.where(result_conflicts.c.id == conflict_id)
    return [
        Conflict(
            r.id,
            r.entry_key,
            r.board,
            r.round,
            r.table_label,
            r.result,
            r.lead,
            r.ns_score,
            r.against,
            r.against_result,
            r.device_id,
            r.recorded_at,
            r.recorded_by,
            r.resolved_at,
            r.resolution,
        )
        for r in conn.execute(query)
    ]


def resolve(
    conn: Connection, session_id: int, conflict_id: int, use: bool, by: str, now: datetime
) -> Conflict:
    """The director's choice: the table's result (a correction in the log, naming the
    conflict) or the one in force (kept). Either way the conflict stays on record."""
    found = conflict(conn, session_id, conflict_id)
    if found.resolved_at is not None:
        raise StoreError(f"conflicting result {conflict_id} was already resolved")
    if use:
        current = lv.in_force(conn, session_id, found.entry_key)
        assert current is not None
        entry = lv.Entry(
            board=current.board,
            round=current.round,
            table=current.table_label,
            ns=current.ns,
            ew=current.ew,
            result=found.result,
            lead=found.lead,
            section=current.section,
            position=current.position,
            arrow=current.arrow,
        )
        lv.submit(
            conn,
            session_id,
            entry,
            client_id=None,
            by=by,
            reason=f"the director chose {found.recorded_by}'s result (conflict {conflict_id})",
            now=now,
        )
    words = f"used {found.result!r}" if use else f"kept {found.against_result!r}"
    conn.execute(
        update(result_conflicts)
        .where(result_conflicts.c.id == conflict_id)
        .values(resolved_at=now, resolved_by=by, resolution=words)
    )
    return conflict(conn, session_id, conflict_id)


@dataclass(frozen=True)
class TableResult:
    """A result in force at one table: what the phone shows against each board."""

    id: int
    entry_key: str
    board: int
    round: int | None
    result: str
    ns_score: int | None
    lead: str | None
    assigned: bool
    recorded_by: str


def _table_results_statement() -> Any:
    return (
        select(results)
        .where(
            and_(
                results.c.session_id == bindparam("session_id"),
                results.c.section == bindparam("section"),
                results.c.table_label == bindparam("table"),
            )
        )
        .where(in_force_condition())
        .order_by(results.c.id)
    )


_TABLE_RESULTS = _table_results_statement()  # each phone asks every few seconds


def table_results(conn: Connection, session_id: int, section: str, table: str) -> list[TableResult]:
    """The results in force at one table (the rows of its lines that nothing supersedes)."""
    rows = conn.execute(
        _TABLE_RESULTS, {"session_id": session_id, "section": section, "table": table}
    )
    return [
        TableResult(
            r.id,
            r.entry_key,
            r.board,
            r.round,
            r.result,
            r.ns_score,
            r.lead,
            r.assigned,
            r.recorded_by,
        )
        for r in rows
    ]


@dataclass(frozen=True)
class Plan:
    """What a phone needs of a live session, which does not change while it is played."""

    session_id: int
    title: str | None
    date_text: str | None
    plan: str | None
    names: dict[tuple[str, int], str | None]  # (line, number) -> the pair's names
    boards: dict[int, tuple[str, str]]  # number -> (vulnerability, dealer)


def plan(conn: Connection, session_id: int) -> Plan:
    from bridgescore.store.schema import boards, entrants

    row = conn.execute(
        select(sessions.c.title, sessions.c.date_text, sessions.c.plan).where(
            sessions.c.id == session_id
        )
    ).first()
    if row is None:
        raise StoreError(f"no stored session with id {session_id}")
    names = {
        (r.line, r.number): r.name
        for r in conn.execute(
            select(entrants.c.line, entrants.c.number, entrants.c.name).where(
                entrants.c.session_id == session_id
            )
        )
    }
    numbers = {
        r.number: (r.vulnerability, r.dealer)
        for r in conn.execute(
            select(boards.c.number, boards.c.vulnerability, boards.c.dealer).where(
                boards.c.session_id == session_id
            )
        )
    }
    return Plan(session_id, row.title, row.date_text, row.plan, names, numbers)


def deal(conn: Connection, session_id: int, board: int) -> str | None:
    """The board's hand record (a PBN deal string), if the director gave one."""
    from bridgescore.store.schema import boards

    found = conn.execute(
        select(boards.c.deal).where(
            and_(boards.c.session_id == session_id, boards.c.number == board)
        )
    ).scalar()
    return None if found is None else str(found)


@dataclass(frozen=True)
class TableView:
    """What a table's phone polls for: its results, whether its call is open, its conflicts."""

    results: list[TableResult]
    open_call: bool
    conflicts: list[Conflict]


def table_view(conn: Connection, found: Device) -> TableView:
    calling = conn.execute(
        select(table_events.c.id).where(
            and_(
                table_events.c.table_id == found.table_id,
                table_events.c.kind == "call",
                table_events.c.answered_at.is_(None),
            )
        )
    ).first()
    waiting = conn.execute(
        select(result_conflicts.c.id).where(
            and_(
                result_conflicts.c.session_id == found.session_id,
                result_conflicts.c.table_label == found.table,
                result_conflicts.c.resolved_at.is_(None),
            )
        )
    ).first()
    return TableView(
        table_results(conn, found.session_id, found.section, found.table),
        calling is not None,
        [c for c in conflicts(conn, found.session_id) if c.table == found.table] if waiting else [],
    )
