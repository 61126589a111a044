"""The club night in the database: sessions set up before they are played, results stored one
at a time as they are entered, undo, publishing, and the users who log in to ``bridgescore
serve`` (with their logins and the server's shared settings).

A result is stored by :func:`submit`, the one path for every client (the scorer's grid today,
the players' phones next): one log entry, idempotent by the id the client made, acknowledged
only once its transaction commits (the caller returns after :meth:`Store.writing` ends).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, insert, select, update

from bridgescore.store import players as pl
from bridgescore.store.engine import StoreError
from bridgescore.store.results import LogEntry, history, in_force_condition, insert_session
from bridgescore.store.schema import (
    boards,
    clubs,
    entrants,
    logins,
    results,
    sessions,
    settings,
    users,
)
from bridgescore.store.sessions import (
    BoardRow,
    EntrantRow,
    MemberRow,
    SessionRows,
    parse_result,
)

ROLES = ("director", "scorer")
LIVE = "live"
PUBLISHED = "published"


@dataclass(frozen=True)
class User:
    id: int
    username: str
    role: str
    club_id: int
    club: str
    password_hash: str


@dataclass(frozen=True)
class Entry:
    """A result to store: one traveller line of a live session."""

    board: int
    round: int | None
    table: str | None
    ns: str  # "3" (a pair) or "3 7" (players N S)
    ew: str
    result: str  # traveller notation: 4S N =, -50, PASS, NP, A+/A-, 60/40, split, weighted
    lead: str | None = None
    assigned: bool = False
    section: str = ""
    position: int = 0
    arrow: bool = False  # a Mitchell round with the boards turned: ``ns`` is an EW-line pair

    @property
    def key(self) -> str:
        if self.round is not None and self.table is not None:
            return f"{self.section}|{self.board}|r{self.round}|t{self.table}"
        return f"{self.section}|{self.board}|{self.ns}|{self.ew}"


@dataclass(frozen=True)
class Stored:
    """What storing a result did: the entry in force, and whether this call wrote it."""

    entry: LogEntry
    stored: bool


@dataclass(frozen=True)
class LiveInfo:
    id: int
    club_id: int
    status: str
    plan: str | None
    published_at: datetime | None
    provisional_until: datetime | None


# --- users, logins, settings ---------------------------------------------------------------------


def add_user(
    conn: Connection, username: str, password_hash: str, role: str, club_id: int, now: datetime
) -> User:
    name = username.strip()
    if not name:
        raise StoreError("a user needs a name")
    if role not in ROLES:
        raise StoreError(f"not a role: {role!r} (expected director or scorer)")
    if conn.execute(select(users.c.id).where(users.c.username == name)).first() is not None:
        raise StoreError(f"there is already a user named {name!r}")
    conn.execute(
        insert(users).values(
            club_id=club_id, username=name, password_hash=password_hash, role=role, created_at=now
        )
    )
    found = user(conn, name)
    assert found is not None
    return found


def user(conn: Connection, username: str) -> User | None:
    row = conn.execute(
        select(users, clubs.c.name.label("club"))
        .join(clubs, clubs.c.id == users.c.club_id)
        .where(users.c.username == username.strip())
    ).first()
    return None if row is None else _user(row)


def _user(row: Any) -> User:
    return User(row.id, row.username, row.role, row.club_id, row.club, row.password_hash)


def set_password(conn: Connection, user_id: int, password_hash: str) -> None:
    conn.execute(update(users).where(users.c.id == user_id).values(password_hash=password_hash))


def start_login(conn: Connection, user_id: int, now: datetime, expires: datetime) -> str:
    token = uuid.uuid4().hex + uuid.uuid4().hex
    conn.execute(
        insert(logins).values(token=token, user_id=user_id, created_at=now, expires_at=expires)
    )
    return token


def login_user(conn: Connection, token: str, now: datetime) -> User | None:
    row = conn.execute(
        select(users, clubs.c.name.label("club"))
        .join(logins, logins.c.user_id == users.c.id)
        .join(clubs, clubs.c.id == users.c.club_id)
        .where(
            and_(logins.c.token == token, logins.c.ended_at.is_(None), logins.c.expires_at > now)
        )
    ).first()
    return None if row is None else _user(row)


def end_login(conn: Connection, token: str, now: datetime) -> None:
    conn.execute(update(logins).where(logins.c.token == token).values(ended_at=now))


def setting(conn: Connection, name: str, default: str) -> str:
    """A server setting, made from ``default`` the first time (every worker then reads it)."""
    found = conn.execute(select(settings.c.value).where(settings.c.name == name)).scalar()
    if found is not None:
        return str(found)
    conn.execute(insert(settings).values(name=name, value=default))
    return default


# --- sessions set up on the night ----------------------------------------------------------------


def resolve_player(conn: Connection, text: str, club_id: int) -> MemberRow:
    """A player typed at set-up: a club number (digits) or a name; a name nobody has is kept
    as typed (the player is added when the session is stored)."""
    value = " ".join(text.split())
    if value.lstrip("#").isdigit():
        number = value.lstrip("#")
        found = pl.by_id(conn, "club", number, club_id)
        if found is None:
            raise StoreError(f"no player has club number {number}")
        player = pl.get(conn, pl.surviving(conn, found))
        return MemberRow(f"{player.first_name} {player.last_name}".strip(), None, number)
    if not value:
        raise StoreError("a player needs a name or a club number")
    return MemberRow(value, None, None)


def create_session(
    conn: Connection,
    club_id: int,
    *,
    title: str,
    date_text: str | None,
    played_on: Any,
    structure: str,
    rules: dict[str, Any],
    plan: str,
    board_rows: tuple[BoardRow, ...],
    entrant_rows: tuple[EntrantRow, ...],
    by: str,
    now: datetime,
) -> int:
    """Store a session that is about to be played: boards, entrants and their players (linked
    to the club's players, a new name added as a new player), no results yet."""
    rows = SessionRows(
        title=title,
        date_text=date_text,
        movement=structure,
        section_movements={},
        boards=board_rows,
        entrants=entrant_rows,
        results=(),
        rules=rules,
    )
    digest = "live-" + uuid.uuid4().hex
    session_id, ids = insert_session(
        conn, rows, club_id, None, played_on, "bridgescore serve", by, now, digest
    )
    conn.execute(update(sessions).where(sessions.c.id == session_id).values(status=LIVE, plan=plan))
    members = [
        (ids[e.key], position, p.name, p.national, p.club_number)
        for e in entrant_rows
        for position, p in enumerate(e.players)
    ]
    pl.link(conn, members, club_id, "national", now, pl.Matching())
    return session_id


def live_info(conn: Connection, session_id: int) -> LiveInfo:
    row = conn.execute(select(sessions).where(sessions.c.id == session_id)).first()
    if row is None:
        raise StoreError(f"no stored session with id {session_id}")
    return LiveInfo(
        row.id, row.club_id, row.status, row.plan, row.published_at, row.provisional_until
    )


def publish(conn: Connection, session_id: int, now: datetime, until: datetime) -> None:
    conn.execute(
        update(sessions)
        .where(sessions.c.id == session_id)
        .values(status=PUBLISHED, published_at=now, provisional_until=until)
    )


# --- results -------------------------------------------------------------------------------------


def _in_force_statement() -> Any:
    return (
        select(results)
        .where(
            and_(
                results.c.session_id == bindparam("session_id"),
                results.c.entry_key == bindparam("key"),
            )
        )
        .where(in_force_condition())
        .order_by(results.c.id.desc())
    )


# Built once: making a statement with an alias costs more than running it (a phone's result
# looks its line up twice), and the compiled form is cached by SQLAlchemy either way.
_IN_FORCE = _in_force_statement()


def in_force(conn: Connection, session_id: int, key: str) -> Any:
    return conn.execute(_IN_FORCE, {"session_id": session_id, "key": key}).first()


def _check_open(conn: Connection, session_id: int, now: datetime, override: bool) -> str | None:
    """None while results may change freely; else the words to log with an override."""
    info = live_info(conn, session_id)
    if info.status != PUBLISHED or info.provisional_until is None:
        return None
    until = info.provisional_until
    if until.tzinfo is None:
        until = until.replace(tzinfo=now.tzinfo)
    if now <= until:
        return None
    if not override:
        raise StoreError(
            f"the results were final at {until:%Y-%m-%d %H:%M} UTC: a change now needs an "
            "explicit override"
        )
    return "override after the correction period"


def board_vulnerability(conn: Connection, session_id: int, board: int) -> str:
    """The vulnerability a stored board was played at, which a result is checked against."""
    found = conn.execute(
        select(boards.c.vulnerability).where(
            and_(boards.c.session_id == session_id, boards.c.number == board)
        )
    ).scalar()
    if found is None:
        raise StoreError(f"session {session_id} has no board {board}")
    return str(found)


def submit(
    conn: Connection,
    session_id: int,
    entry: Entry,
    *,
    client_id: str | None,
    by: str,
    reason: str | None,
    now: datetime,
    override: bool = False,
) -> Stored:
    """Store one result as a log entry. A ``client_id`` already stored for the session returns
    the entry it made (nothing is written twice); a line that has a result is superseded by the
    new one (a correction, with its reason); the same result again writes nothing."""
    if client_id is not None:
        known = conn.execute(
            select(results.c.entry_key, results.c.id).where(
                and_(results.c.session_id == session_id, results.c.client_id == client_id)
            )
        ).first()
        if known is not None:
            entry_in_log = next(e for e in history(conn, session_id, known[0]) if e.id == known[1])
            return Stored(entry_in_log, False)
    board = board_vulnerability(conn, session_id, entry.board)
    kind, contract, declarer, tricks, ns_score = parse_result(entry.result, board)
    old = in_force(conn, session_id, entry.key)
    assigned = entry.assigned or kind in ("split", "weighted")
    text = " ".join(entry.result.split())
    if old is not None and old.result == text and old.assigned == assigned:
        return Stored(history(conn, session_id, entry.key)[-1], False)
    if old is not None:
        forced = _check_open(conn, session_id, now, override)
        if not (reason or "").strip():
            raise StoreError(
                f"board {entry.board} already has {old.result!r} for this table: "
                "a change needs a reason"
            )
        if forced:
            reason = f"{forced}: {reason}"
    conn.execute(
        insert(results).values(
            session_id=session_id,
            entry_key=entry.key,
            position=entry.position if old is None else old.position,
            section=entry.section,
            board=entry.board,
            round=entry.round,
            table_label=entry.table,
            ns=entry.ns,
            ew=entry.ew,
            arrow=entry.arrow if old is None else old.arrow,
            grp=None,
            lead=entry.lead or None,
            vulnerability=None,
            names=None,
            result=text,
            assigned=assigned,
            kind=kind,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            ns_score=ns_score,
            supersedes=None if old is None else old.id,
            recorded_at=now,
            recorded_by=by,
            reason=reason.strip() if reason and reason.strip() else "entered",
            client_id=client_id,
        )
    )
    return Stored(history(conn, session_id, entry.key)[-1], True)


def undo(
    conn: Connection, session_id: int, key: str, by: str, now: datetime, override: bool = False
) -> LogEntry:
    """Restore the entry the one in force replaced: a new entry, so the undo is logged too."""
    current = in_force(conn, session_id, key)
    if current is None:
        raise StoreError(f"session {session_id} has no traveller line {key!r}")
    if current.supersedes is None:
        raise StoreError(f"nothing to undo: {current.result!r} is the line's first entry")
    forced = _check_open(conn, session_id, now, override)
    previous = conn.execute(select(results).where(results.c.id == current.supersedes)).one()
    values = {
        c.name: getattr(previous, c.name)
        for c in results.columns
        if c.name not in ("id", "supersedes", "recorded_at", "recorded_by", "reason", "client_id")
    }
    reason = f"undo: back to {previous.result!r} (entry {previous.id})"
    conn.execute(
        insert(results).values(
            **values,
            supersedes=current.id,
            recorded_at=now,
            recorded_by=by,
            reason=f"{forced}: {reason}" if forced else reason,
        )
    )
    return history(conn, session_id, key)[-1]


def session_club(conn: Connection, session_id: int) -> int:
    found = conn.execute(select(sessions.c.club_id).where(sessions.c.id == session_id)).scalar()
    if found is None:
        raise StoreError(f"no stored session with id {session_id}")
    return int(found)


def entrant_numbers(conn: Connection, session_id: int) -> list[tuple[str, int, str | None]]:
    return [
        (r.line, r.number, r.name)
        for r in conn.execute(
            select(entrants.c.line, entrants.c.number, entrants.c.name)
            .where(entrants.c.session_id == session_id)
            .order_by(entrants.c.line, entrants.c.number)
        )
    ]


def statuses(conn: Connection, club_id: int | None) -> dict[int, str]:
    query = select(sessions.c.id, sessions.c.status)
    if club_id is not None:
        query = query.where(sessions.c.club_id == club_id)
    return {int(r.id): str(r.status) for r in conn.execute(query)}


def set_deals(conn: Connection, session_id: int, deals: dict[int, str]) -> list[int]:
    """Give the session's boards their hands (PBN deal strings); returns the boards given one."""
    known = set(
        conn.execute(select(boards.c.number).where(boards.c.session_id == session_id)).scalars()
    )
    done = []
    for number, deal in sorted(deals.items()):
        if number in known:
            conn.execute(
                update(boards)
                .where(and_(boards.c.session_id == session_id, boards.c.number == number))
                .values(deal=deal)
            )
            done.append(number)
    return done
