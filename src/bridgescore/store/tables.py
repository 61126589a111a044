"""Players' phones at the tables: table codes, the devices that joined with them, what happened
at each table, and the results from a table that were kept for the director.

A phone joins a table of a live session with the table's short code and is given a random
token; only its SHA-256 is stored, so the database cannot be read for tokens. A device the
night lets score (the table card's QR code) scores when no other does; others only watch until
the table's scoring phone or the director hands the table over (logged, like every join,
removal and call). What a device may do is :mod:`bridgescore.night`'s to decide:
this module reads and writes, and counts each change in the session's and the table's revision.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    String,
    and_,
    bindparam,
    cast,
    func,
    insert,
    literal,
    select,
    update,
)

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import live as lv
from bridgescore.store.engine import StoreError
from bridgescore.store.lines import notation, read_result
from bridgescore.store.results import LogEntry, in_force_condition, log_entries
from bridgescore.store.schema import (
    boards,
    result_conflicts,
    results,
    sessions,
    settings,
    table_codes,
    table_devices,
    table_events,
)
from bridgescore.traveller import TableResult

SCORER = "scorer"
VIEWER = "viewer"
# Six characters without the look-alikes 0/O and 1/I/L: about 10⁹ codes, typed in seconds.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6

# What the log and the tables' events keep, in English (data, the same whoever reads them): a
# phone as the recorder of a result, and the notes of what happened at a table. Read back
# (``STORED``) each is shown in the reader's language.
PHONE = N_("table %(table)s (phone %(id)s)")
JOINED = {SCORER: N_("joined to scorer"), VIEWER: N_("joined to viewer")}
HANDED = N_("scoring handed to phone %(to)s")
HANDED_FROM = N_("scoring handed from phone %(before)s to phone %(to)s")
REMOVED = N_("phone %(id)s removed")
STORED = (PHONE, *JOINED.values(), HANDED, HANDED_FROM, REMOVED)


@dataclass(frozen=True)
class TableCode:
    id: int
    session_id: int
    section: str
    table: str
    code: str


@dataclass(frozen=True)
class Device:
    """A phone that joined a table, as its token proves (also once removed, or once the session
    is published: what it may still do is the night's to say)."""

    id: int
    table_id: int
    session_id: int
    club_id: int
    section: str
    table: str
    role: str
    joined_at: datetime
    ended_at: datetime | None = None
    session_status: str = lv.LIVE

    @property
    def name(self) -> str:
        """Who recorded a result, in the log: the table and the phone."""
        return str(Text(PHONE, table=self.table, id=self.id))


@dataclass(frozen=True)
class TableEvent:
    """Something that happened at a table: a phone joined, scoring was handed over, a phone was
    removed, the director was called (and answered), a lead not in the leader's hand."""

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
    """A table's result kept for the director instead of applied: it disagreed with the entry
    in force (``against``: None when no entry was), or came from a phone that may no longer
    score; ``reason`` says why. It stays on record once the director has chosen."""

    id: int
    entry_key: str
    line: TableResult
    against: int | None
    against_result: str | None
    reason: str | None
    device_id: int | None
    recorded_at: datetime
    recorded_by: str
    resolved_at: datetime | None
    resolution: str | None

    @property
    def result(self) -> str:
        """The table's result in traveller notation."""
        return notation(self.line)[0]

    @property
    def board(self) -> int:
        return self.line.board

    @property
    def round(self) -> int | None:
        return self.line.round

    @property
    def table(self) -> str | None:
        return self.line.table


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


def code_club(conn: Connection, code: str) -> int | None:
    """The club of the session whose table has this code (None when no table has it)."""
    found = conn.execute(
        select(sessions.c.club_id)
        .join(table_codes, table_codes.c.session_id == sessions.c.id)
        .where(table_codes.c.code == normalise_code(code))
    ).scalar()
    return None if found is None else int(found)


# --- devices -------------------------------------------------------------------------------------


def join(conn: Connection, code: str, now: datetime, may_score: bool = True) -> tuple[str, Device]:
    """A new device at the table whose code this is: its token (shown once) and the device,
    which scores when ``may_score`` and no other device scores at the table, else watches."""
    wanted = normalise_code(code)
    row = conn.execute(
        select(table_codes, sessions.c.status)
        .join(sessions, sessions.c.id == table_codes.c.session_id)
        .where(table_codes.c.code == wanted)
    ).first()
    if row is None:
        raise StoreError(
            Text(
                N_("no table has the code %(code)s: check the table card"),
                code=repr(code.strip()[:20]),
            )
        )
    if row.status != lv.LIVE:
        raise StoreError(
            Text(N_("this session's results are published: there is nothing to score"))
        )
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
    role = SCORER if may_score and not scoring else VIEWER
    conn.execute(
        insert(table_devices).values(
            table_id=row.id, token_hash=hash_token(token), role=role, joined_at=now
        )
    )
    found = device(conn, token)
    assert found is not None
    log(conn, found, "join", JOINED[role], found.name, now)
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
    """The device this token belongs to (removed or not, its session live or not)."""
    row = conn.execute(_DEVICE, {"token_hash": hash_token(token)}).first()
    return None if row is None else _device(row)


# A result's first read: its phone and its session's state in one statement; a poll's, the
# same with its table's revision and its club's grants (a setting named by the club).
_SENDER = _DEVICE.add_columns(
    *(c.label(f"session_{c.key}") for c in lv.LIVE_INFO_COLUMNS if c.key not in ("id", "club_id"))
)
_POLL = _SENDER.add_columns(
    table_codes.c.revision.label("table_revision"),
    select(settings.c.value)
    .where(settings.c.name == literal("grants:") + cast(sessions.c.club_id, String))
    .scalar_subquery()
    .label("club_grants"),
)


def sender(conn: Connection, token: str) -> tuple[Device, lv.LiveInfo] | None:
    """The device this token belongs to and its session's state, as one state."""
    row = conn.execute(_SENDER, {"token_hash": hash_token(token)}).first()
    return None if row is None else (_device(row), _session(row))


def polled(conn: Connection, token: str) -> Polled | None:
    """The device this token belongs to, its session's state, its table's revision and its
    club's grants, as one state."""
    row = conn.execute(_POLL, {"token_hash": hash_token(token)}).first()
    if row is None:
        return None
    grants = frozenset(row.club_grants.split()) if row.club_grants else frozenset()
    return Polled(_device(row), _session(row), int(row.table_revision), grants)


@dataclass(frozen=True)
class Polled:
    device: Device
    info: lv.LiveInfo
    revision: int  # the table's
    grants: frozenset[str]  # the club's (see :func:`bridgescore.store.live.grants`)


def _session(row: Any) -> lv.LiveInfo:
    return lv.LiveInfo(
        row.session_id,
        row.club_id,
        row.session_status,
        bool(row.session_planned),
        int(row.session_plan_version),
        row.session_published_at,
        row.session_provisional_until,
    )


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
        row.status,
    )


def devices(conn: Connection, session_id: int) -> list[Device]:
    """Every device that joined one of the session's tables, removed ones included."""
    rows = conn.execute(
        _devices_with_tables()
        .where(table_codes.c.session_id == session_id)
        .order_by(table_devices.c.id)
    )
    return [_device(r) for r in rows]


def session_device(conn: Connection, session_id: int, device_id: int) -> Device:
    """A device of one of the session's tables, by its number (the director's "phone 5")."""
    row = conn.execute(
        _devices_with_tables().where(
            table_codes.c.session_id == session_id, table_devices.c.id == device_id
        )
    ).first()
    if row is None:
        raise StoreError(
            Text(
                N_("session %(session_id)s has no phone %(device_id)s"),
                session_id=session_id,
                device_id=device_id,
            )
        )
    found = _device(row)
    if found.ended_at is not None:
        raise StoreError(
            Text(
                N_("phone %(device)s was removed from table %(table)s"),
                device=device_id,
                table=found.table,
            )
        )
    return found


def hand_over(conn: Connection, session_id: int, device_id: int, by: str, now: datetime) -> None:
    """Make this device its table's scorer; the one that scored before may only watch now."""
    target = session_device(conn, session_id, device_id)
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
    note = Text(HANDED_FROM, before=before, to=device_id) if before else Text(HANDED, to=device_id)
    log(conn, target, "handover", str(note), by, now)


def remove(conn: Connection, session_id: int, device_id: int, by: str, now: datetime) -> None:
    """End a device's token (a lost phone, a player gone home): logged."""
    target = session_device(conn, session_id, device_id)
    conn.execute(
        update(table_devices)
        .where(table_devices.c.id == device_id)
        .values(ended_at=now, ended_by=by, role=VIEWER)
    )
    log(conn, target, "removed", str(Text(REMOVED, id=device_id)), by, now)


# --- events: calls for the director and notes ----------------------------------------------------


def log(
    conn: Connection, found: Device, kind: str, note: str | None, by: str, now: datetime
) -> int:
    """Log what happened at the device's table (the device's doing, or done to it)."""
    done = conn.execute(
        insert(table_events).values(
            table_id=found.table_id, device_id=found.id, kind=kind, note=note, at=now, by=by
        )
    )
    lv.touch(conn, found.session_id, found.table_id)
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
    return log(conn, found, "call", note, found.name, now)


def answer(conn: Connection, session_id: int, event_id: int, by: str, now: datetime) -> None:
    table_id = conn.execute(
        select(table_events.c.table_id)
        .join(table_codes, table_codes.c.id == table_events.c.table_id)
        .where(
            and_(
                table_events.c.id == event_id,
                table_events.c.kind == "call",
                table_events.c.answered_at.is_(None),
                table_codes.c.session_id == session_id,
            )
        )
    ).scalar()
    if table_id is None:
        raise StoreError(
            Text(
                N_("session %(session_id)s has no open call %(event_id)s"),
                session_id=session_id,
                event_id=event_id,
            )
        )
    conn.execute(
        update(table_events)
        .where(table_events.c.id == event_id)
        .values(answered_at=now, answered_by=by)
    )
    lv.touch(conn, session_id, int(table_id))


def events(conn: Connection, session_id: int) -> list[TableEvent]:
    rows = conn.execute(
        select(table_events, table_codes.c.table_label)
        .join(table_codes, table_codes.c.id == table_events.c.table_id)
        .where(table_codes.c.session_id == session_id)
        .order_by(table_events.c.id)
    )
    return [
        TableEvent(
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
    from bridgescore.store.schema import entrants

    row = conn.execute(
        select(sessions.c.title, sessions.c.date_text, sessions.c.plan).where(
            sessions.c.id == session_id
        )
    ).first()
    if row is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
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
    found = conn.execute(
        select(boards.c.deal).where(
            and_(boards.c.session_id == session_id, boards.c.number == board)
        )
    ).scalar()
    return None if found is None else str(found)


# --- results from a table, and what a phone is shown ---------------------------------------------


def last_round(conn: Connection, session_id: int, section: str, table: str) -> int | None:
    """The latest round with a result in the log at this table: a table's round is over once
    it has a result in a later one."""
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


def _conflicts_statement() -> Any:
    against = results.alias("against")
    return (
        select(
            result_conflicts,
            against.c.result.label("against_result"),
            func.coalesce(result_conflicts.c.section, against.c.section, "").label("place"),
            func.coalesce(result_conflicts.c.ns, against.c.ns).label("ns_text"),
            func.coalesce(result_conflicts.c.ew, against.c.ew).label("ew_text"),
            func.coalesce(result_conflicts.c.arrow, against.c.arrow, False).label("turned"),
            boards.c.vulnerability,
        )
        .outerjoin(against, against.c.id == result_conflicts.c.against)
        .join(
            boards,
            and_(
                boards.c.session_id == result_conflicts.c.session_id,
                boards.c.number == result_conflicts.c.board,
            ),
        )
        .order_by(result_conflicts.c.id)
    )


_CONFLICTS = _conflicts_statement()
# A phone's state asks for its table's open ones: built once.
_TABLE_CONFLICTS = _CONFLICTS.where(
    and_(
        result_conflicts.c.session_id == bindparam("session_id"),
        result_conflicts.c.table_label == bindparam("table"),
        result_conflicts.c.resolved_at.is_(None),
    )
)


def conflicts(
    conn: Connection,
    session_id: int,
    *,
    open_only: bool = True,
    conflict_id: int | None = None,
    table: tuple[str, str] | None = None,
) -> list[Conflict]:
    """The session's held results (open ones only, by default; one; or one table's)."""
    if table is not None and open_only and conflict_id is None:
        rows = conn.execute(_TABLE_CONFLICTS, {"session_id": session_id, "table": table[1]})
    else:
        query = _CONFLICTS.where(result_conflicts.c.session_id == session_id)
        if open_only:
            query = query.where(result_conflicts.c.resolved_at.is_(None))
        if conflict_id is not None:
            query = query.where(result_conflicts.c.id == conflict_id)
        if table is not None:
            query = query.where(result_conflicts.c.table_label == table[1])
        rows = conn.execute(query)
    found = []
    for r in rows:
        if table is not None and (r.place or "") != table[0]:
            continue
        found.append(_conflict(r))
    return found


def _conflict(r: Any) -> Conflict:
    from bridgescore.bridge import Vulnerability

    ns_side, ew_side, assigned = read_result(r.result, Vulnerability(r.vulnerability))
    line = TableResult(
        board=r.board,
        ns=tuple(int(n) for n in (r.ns_text or "").split()),
        ew=tuple(int(n) for n in (r.ew_text or "").split()),
        ns_side=ns_side,
        ew_side=ew_side,
        assigned=assigned,
        table=r.table_label,
        round=r.round,
        lead=r.lead,
        arrow=bool(r.turned),
        section=r.place or None,
    )
    return Conflict(
        r.id,
        r.entry_key,
        line,
        r.against,
        r.against_result,
        r.reason,
        r.device_id,
        r.recorded_at,
        r.recorded_by,
        r.resolved_at,
        r.resolution,
    )


def conflict(conn: Connection, session_id: int, conflict_id: int) -> Conflict:
    found = conflicts(conn, session_id, open_only=False, conflict_id=conflict_id)
    if not found:
        raise StoreError(
            Text(
                N_("session %(session_id)s has no conflicting result %(conflict_id)s"),
                session_id=session_id,
                conflict_id=conflict_id,
            )
        )
    return found[0]


def _table_entries_statement() -> Any:
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


_TABLE_ENTRIES = _table_entries_statement()  # each phone asks whenever its table changes


def table_entries(
    conn: Connection,
    session_id: int,
    section: str,
    table: str,
    vulnerabilities: Mapping[int, str] | None = None,
) -> list[LogEntry]:
    """The entries in force at one table (the rows of its lines that nothing supersedes);
    ``vulnerabilities``: each board's, when the caller knows them (else they are read)."""
    rows = conn.execute(
        _TABLE_ENTRIES, {"session_id": session_id, "section": section, "table": table}
    ).all()
    return log_entries(conn, rows, set(), vulnerabilities)


@dataclass(frozen=True)
class TableView:
    """What a table's phone is shown of the log: its entries in force, whether its call is
    open, its held results not yet settled, and the table's revision they were read at."""

    entries: list[LogEntry]
    open_call: bool
    conflicts: list[Conflict]
    revision: int
    phones: tuple[tuple[int, str], ...] = ()  # the table's phones not removed: (id, role)


def table_revision(conn: Connection, table_id: int) -> int:
    found = conn.execute(_TABLE_REVISION, {"table_id": table_id}).scalar_one()
    return int(found)


# A phone's state reads these each time its table changes: built once.
_TABLE_REVISION = select(table_codes.c.revision).where(table_codes.c.id == bindparam("table_id"))
_OPEN_CALL = select(table_events.c.id).where(
    and_(
        table_events.c.table_id == bindparam("table_id"),
        table_events.c.kind == "call",
        table_events.c.answered_at.is_(None),
    )
)
# The table's revision and whether its call is open, in one statement (of the view's four).
_HEAD = select(table_codes.c.revision, _OPEN_CALL.exists().label("calling")).where(
    table_codes.c.id == bindparam("table_id")
)
_PHONES = (
    select(table_devices.c.id, table_devices.c.role)
    .where(
        and_(table_devices.c.table_id == bindparam("table_id"), table_devices.c.ended_at.is_(None))
    )
    .order_by(table_devices.c.id)
)


def table_view(
    conn: Connection, found: Device, vulnerabilities: Mapping[int, str] | None = None
) -> TableView:
    """What the table's phone is shown (``vulnerabilities``: each board's, when known)."""
    asked = {"table_id": found.table_id}
    head = conn.execute(_HEAD, asked).one()
    phones = conn.execute(_PHONES, asked)
    return TableView(
        table_entries(conn, found.session_id, found.section, found.table, vulnerabilities),
        bool(head.calling),
        conflicts(conn, found.session_id, table=(found.section, found.table)),
        int(head.revision),
        tuple((int(r.id), str(r.role)) for r in phones),
    )
