"""The club night in the database: sessions set up before they are played, publishing, each
live session's revision, and the users who log in to ``bridgescore serve`` (with their logins,
the server's shared settings and what each club grants its scorers and tables).

Results are appended to a line of the log by :class:`bridgescore.store.line_log.LineLog`; the
rules of who may append what are :mod:`bridgescore.night`'s.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, func, insert, select, update

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import players as pl
from bridgescore.store.engine import StoreError
from bridgescore.store.results import insert_session
from bridgescore.store.schema import (
    boards,
    clubs,
    entrants,
    hand_record_files,
    logins,
    results,
    sessions,
    settings,
    table_codes,
    users,
)
from bridgescore.store.sessions import BoardRow, EntrantRow, MemberRow, SessionRows

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
class LiveInfo:
    """A session's state, without its plan (a congress's is hundreds of kilobytes): whether it
    has one (``planned``; an imported session has none) and the plan's version, which changes
    whenever it is written (the plan itself: ``Store.live_plan``)."""

    id: int
    club_id: int
    status: str
    planned: bool
    plan_version: int
    published_at: datetime | None
    provisional_until: datetime | None


# --- users, logins, settings ---------------------------------------------------------------------


def add_user(
    conn: Connection, username: str, password_hash: str, role: str, club_id: int, now: datetime
) -> User:
    name = username.strip()
    if not name:
        raise StoreError(Text(N_("a user needs a name")))
    if role not in ROLES:
        raise StoreError(
            Text(N_("not a role: %(role)s (expected director or scorer)"), role=repr(role))
        )
    if conn.execute(select(users.c.id).where(users.c.username == name)).first() is not None:
        raise StoreError(Text(N_("there is already a user named %(name)s"), name=repr(name)))
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


def read_setting(conn: Connection, name: str) -> str | None:
    found = conn.execute(select(settings.c.value).where(settings.c.name == name)).scalar()
    return None if found is None else str(found)


def setting(conn: Connection, name: str, default: str) -> str:
    """A server setting, made from ``default`` the first time (every worker then reads it)."""
    found = conn.execute(select(settings.c.value).where(settings.c.name == name)).scalar()
    if found is not None:
        return str(found)
    conn.execute(insert(settings).values(name=name, value=default))
    return default


def set_setting(conn: Connection, name: str, value: str) -> None:
    """A server setting written, made or replaced."""
    if conn.execute(select(settings.c.name).where(settings.c.name == name)).first() is None:
        conn.execute(insert(settings).values(name=name, value=value))
    else:
        conn.execute(update(settings).where(settings.c.name == name).values(value=value))


# --- sessions set up on the night ----------------------------------------------------------------


def resolve_player(conn: Connection, text: str, club_id: int) -> MemberRow:
    """A player typed at set-up: a club number (digits) or a name; a name nobody has is kept
    as typed (the player is added when the session is stored)."""
    value = " ".join(text.split())
    number = value.lstrip("#")
    if number.isascii() and number.isdigit():
        found = pl.by_id(conn, "club", number, club_id)
        if found is None:
            raise StoreError(Text(N_("no player has club number %(number)s"), number=number))
        player = pl.get(conn, pl.surviving(conn, found))
        return MemberRow(f"{player.first_name} {player.last_name}".strip(), None, number)
    if not value:
        raise StoreError(Text(N_("a player needs a name or a club number")))
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
    conn.execute(
        update(sessions)
        .where(sessions.c.id == session_id)
        .values(status=LIVE, plan=plan, plan_version=sessions.c.plan_version + 1)
    )
    members = [
        (ids[e.key], position, p.name, p.national, p.club_number)
        for e in entrant_rows
        for position, p in enumerate(e.players)
    ]
    pl.link(conn, members, club_id, "national", now, pl.Matching())
    return session_id


def live_info(conn: Connection, session_id: int) -> LiveInfo:
    row = conn.execute(_LIVE_INFO, {"session_id": session_id}).first()
    if row is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
    return info_of(row)


def info_of(row: Any, prefix: str = "") -> LiveInfo:
    """A session's state from a row with :data:`LIVE_INFO_COLUMNS` (named with ``prefix``,
    when read beside other tables' columns)."""
    m = row._mapping
    return LiveInfo(
        m[prefix + "id"],
        m[prefix + "club_id"],
        m[prefix + "status"],
        bool(m[prefix + "planned"]),
        int(m[prefix + "plan_version"]),
        m[prefix + "published_at"],
        m[prefix + "provisional_until"],
    )


# What a LiveInfo is read from; statements that read it with more put these in them.
LIVE_INFO_COLUMNS = (
    sessions.c.id,
    sessions.c.club_id,
    sessions.c.status,
    sessions.c.plan.is_not(None).label("planned"),
    sessions.c.plan_version,
    sessions.c.published_at,
    sessions.c.provisional_until,
)
_LIVE_INFO = select(*LIVE_INFO_COLUMNS).where(
    sessions.c.id == bindparam("session_id")
)  # every result reads it


def publish(conn: Connection, session_id: int, now: datetime, until: datetime) -> None:
    conn.execute(
        update(sessions)
        .where(sessions.c.id == session_id)
        .values(status=PUBLISHED, published_at=now, provisional_until=until)
    )
    touch(conn, session_id, every_table=True)


# --- what changed -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Marks:
    """Where a session stands: ``revision`` counts every change to it, ``log`` its log's
    entries (scoring depends on the log and the deals alone), ``tables`` each table's revision
    by table id, ``deals`` the hand-record files loaded."""

    revision: int
    log: int
    tables: dict[int, int]
    deals: int = 0  # hand-record files loaded: the deals a view shows change with it


def touch(
    conn: Connection, session_id: int, table_id: int | None = None, *, every_table: bool = False
) -> None:
    """Count a change to the session (to one of its tables, or to all) in the change's
    transaction. Counters, not the newest id of anything: PostgreSQL may commit two changes in
    the other order than they began, and a counter raised under its row's lock still shows each
    commit. A table's change raises its table's counter alone, so results at different tables
    never wait for one row (the session's revision is its own counter plus its tables', see
    :func:`revision`); anything else raises the session's. The session's row first, then the
    tables', in every transaction: never a deadlock."""
    if every_table:
        conn.execute(_TOUCH_SESSION, {"changed_session": session_id})
        conn.execute(_TOUCH_TABLES, {"changed_session": session_id})
    elif table_id is not None:
        conn.execute(_TOUCH_TABLE, {"changed_table": table_id})
    else:
        conn.execute(_TOUCH_SESSION, {"changed_session": session_id})


# Built once: every result runs them.
_TOUCH_SESSION = (
    update(sessions)
    .where(sessions.c.id == bindparam("changed_session"))
    .values(revision=sessions.c.revision + 1)
)
_TOUCH_TABLES = (
    update(table_codes)
    .where(table_codes.c.session_id == bindparam("changed_session"))
    .values(revision=table_codes.c.revision + 1)
)
_TOUCH_TABLE = (
    update(table_codes)
    .where(table_codes.c.id == bindparam("changed_table"))
    .values(revision=table_codes.c.revision + 1)
)
_TABLE_ID = select(table_codes.c.id).where(
    and_(
        table_codes.c.session_id == bindparam("session_id"),
        table_codes.c.section == bindparam("section"),
        table_codes.c.table_label == bindparam("table"),
    )
)


def table_id(conn: Connection, session_id: int, section: str, table: str | None) -> int | None:
    """The id of a table of the session (None when it has no code: an imported session)."""
    if table is None:
        return None
    found = conn.execute(
        _TABLE_ID, {"session_id": session_id, "section": section, "table": table}
    ).scalar()
    return None if found is None else int(found)


def revision(conn: Connection, session_id: int) -> int:
    """The session's revision: its counter and its tables' (:func:`touch`), in one statement.
    Every counter only grows, so the sum grows with each commit a reader sees."""
    found = conn.execute(_REVISION, {"session_id": session_id}).scalar_one_or_none()
    if found is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
    return int(found)


_REVISION = select(
    sessions.c.revision
    + select(func.coalesce(func.sum(table_codes.c.revision), 0))
    .where(table_codes.c.session_id == sessions.c.id)
    .scalar_subquery()
).where(sessions.c.id == bindparam("session_id"))


def marks(conn: Connection, session_id: int) -> Marks:
    count = (
        select(func.count(results.c.id)).where(results.c.session_id == session_id).scalar_subquery()
    )
    loaded = (
        select(func.count(hand_record_files.c.id))
        .where(hand_record_files.c.session_id == session_id)
        .scalar_subquery()
    )
    row = conn.execute(
        select(sessions.c.revision, count.label("log"), loaded.label("deals")).where(
            sessions.c.id == session_id
        )
    ).first()
    if row is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
    tables = {
        int(r.id): int(r.revision)
        for r in conn.execute(
            select(table_codes.c.id, table_codes.c.revision).where(
                table_codes.c.session_id == session_id
            )
        )
    }
    return Marks(int(row.revision) + sum(tables.values()), int(row.log), tables, int(row.deals))


# --- what a club grants --------------------------------------------------------------------------


def grants(conn: Connection, club_id: int) -> frozenset[str]:
    """What the club grants beyond the roles' own (names of :class:`bridgescore.night` grants)."""
    found = conn.execute(_GRANTS, {"name": f"grants:{club_id}"}).scalar()
    return frozenset(found.split()) if found else frozenset()


_GRANTS = select(settings.c.value).where(settings.c.name == bindparam("name"))


def set_grants(conn: Connection, club_id: int, names: frozenset[str]) -> None:
    set_setting(conn, f"grants:{club_id}", " ".join(sorted(names)))


def session_club(conn: Connection, session_id: int) -> int:
    found = conn.execute(select(sessions.c.club_id).where(sessions.c.id == session_id)).scalar()
    if found is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
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
    if done:
        touch(conn, session_id)
    return done
