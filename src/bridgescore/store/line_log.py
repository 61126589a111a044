"""One traveller line of the results log, inside one write transaction that holds its lock.

:meth:`Store.line <bridgescore.store.api.Store.line>` opens a :class:`LineLog`; everything a
result does to the log happens through it, so what was read and what is written are one state:
what is in force on the line, the client id already used, the entry appended (a correction
supersedes the one in force), a result held for the director instead, a held result settled.
It decides nothing: who may append what, and when a result is held, are the rules of
:mod:`bridgescore.night`. Each write counts in the session's revision and its table's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, insert, outerjoin, select, update

from bridgescore.bridge import Vulnerability
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import live as lv
from bridgescore.store import tables as tb
from bridgescore.store.engine import StoreError
from bridgescore.store.lines import row_values
from bridgescore.store.results import (
    LogEntry,
    board_vulnerabilities,
    in_force_condition,
    log_entries,
)
from bridgescore.store.schema import (
    result_conflicts,
    results,
    sessions,
    table_codes,
    table_devices,
)
from bridgescore.traveller import TableResult


@dataclass(frozen=True)
class Known:
    """What a client id already made in the session: a log entry, or a held result."""

    entry: LogEntry | None
    conflict: tb.Conflict | None

    @property
    def key(self) -> str:
        if self.entry is not None:
            return self.entry.entry_key
        assert self.conflict is not None
        return self.conflict.entry_key

    @property
    def device_id(self) -> int | None:
        if self.entry is not None:
            return self.entry.device_id
        assert self.conflict is not None
        return self.conflict.device_id

    @property
    def recorded_by(self) -> str:
        if self.entry is not None:
            return self.entry.recorded_by
        assert self.conflict is not None
        return self.conflict.recorded_by

    @property
    def line(self) -> TableResult:
        if self.entry is not None:
            return self.entry.line
        assert self.conflict is not None
        return self.conflict.line


# Built once: a phone's result runs these, and making a statement (with an alias above all)
# costs more than running it.
_IN_FORCE = (
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
_ENTRY = select(results).where(
    and_(
        results.c.id == bindparam("entry_id"),
        results.c.session_id == bindparam("session_id"),
        results.c.entry_key == bindparam("key"),
    )
)
_BY_CLIENT = select(results).where(
    and_(
        results.c.session_id == bindparam("session_id"),
        results.c.client_id == bindparam("client_id"),
    )
)
_HELD_BY_CLIENT = select(result_conflicts.c.id).where(
    and_(
        result_conflicts.c.session_id == bindparam("session_id"),
        result_conflicts.c.client_id == bindparam("client_id"),
    )
)
# A phone's result reads, in one statement: the session's state, the client id's entry or held
# result (the id of each: rarely any), and the line's entry in force (the newest row nothing
# supersedes, joined; NULLs when the line is empty).
_LOOK = (
    select(
        *(c.label(f"live_{c.key}") for c in lv.LIVE_INFO_COLUMNS),
        select(results.c.id)
        .where(
            and_(
                results.c.session_id == bindparam("session_id"),
                results.c.client_id == bindparam("client_id"),
            )
        )
        .correlate(None)
        .scalar_subquery()
        .label("client_entry"),
        select(result_conflicts.c.id)
        .where(
            and_(
                result_conflicts.c.session_id == bindparam("session_id"),
                result_conflicts.c.client_id == bindparam("client_id"),
            )
        )
        .correlate(None)
        .scalar_subquery()
        .label("client_held"),
        results,
    )
    .select_from(
        outerjoin(
            sessions,
            results,
            and_(
                results.c.session_id == sessions.c.id,
                results.c.entry_key == bindparam("key"),
                in_force_condition(),
            ),
        )
    )
    .where(sessions.c.id == bindparam("session_id"))
    .order_by(results.c.id.desc())
    .limit(1)
)
_CLIENT_ENTRY = select(results).where(results.c.id == bindparam("entry_id"))
_DEVICE_TABLE = select(table_devices.c.table_id).where(table_devices.c.id == bindparam("device_id"))
_INSERT = insert(results)
# On PostgreSQL a table's result raises its table's counter in the INSERT's own statement (a
# data-modifying WITH, run to completion whether or not it is read): one round trip, not two,
# in the same transaction. Every value is a parameter of its own name (``new_…``): a parameter
# named after a column of ``table_codes`` would be added to the UPDATE's SET.
_NEW = [c for c in results.c if c.key != "id"]
_INSERT_TOUCHING = (
    insert(results)
    .values({c.key: bindparam(f"new_{c.key}", type_=c.type) for c in _NEW})
    .add_cte(
        update(table_codes)
        .where(table_codes.c.id == bindparam("touched_table"))
        .values(revision=table_codes.c.revision + 1)
        .returning(table_codes.c.id)
        .cte("touched")
    )
    .returning(results.c.id)
)
_UNREAD = object()


class LineLog:
    """The line ``key`` of session ``session_id`` in the transaction ``conn`` (see the module)."""

    def __init__(self, conn: Connection, session_id: int, key: str, now: datetime) -> None:
        self.conn = conn
        self.session_id = session_id
        self.key = key
        self.now = now
        self._info: lv.LiveInfo | None = None
        self._boards: dict[int, str] = {}  # the vulnerability of each board read so far
        self._current: Any = _UNREAD  # the entry in force, once read (or appended)
        self._looked: Any = _UNREAD  # what :meth:`known` read with the rest, for its client id

    def _entries(self, rows: list[Any], superseded: set[int] | None = None) -> list[LogEntry]:
        self._read_boards(int(r.board) for r in rows)
        return log_entries(self.conn, rows, superseded, self._boards)

    def _read_boards(self, numbers: Iterable[int]) -> None:
        wanted = set(numbers) - self._boards.keys()
        if wanted:
            self._boards.update(board_vulnerabilities(self.conn, self.session_id, wanted))

    @property
    def info(self) -> lv.LiveInfo:
        if self._info is None:
            self._info = lv.live_info(self.conn, self.session_id)
        return self._info

    def _look(self, client_id: str) -> Any:
        """The session's state, the line's entry in force and what ``client_id`` made, read
        at once (a phone's result needs all three: one statement rather than four)."""
        row = self.conn.execute(
            _LOOK, {"session_id": self.session_id, "key": self.key, "client_id": client_id}
        ).first()
        if row is None:
            raise StoreError(
                Text(N_("no stored session with id %(session_id)s"), session_id=self.session_id)
            )
        self._info = lv.info_of(row, "live_")
        if self._current is _UNREAD:
            self._current = None if row.id is None else self._entries([row], set())[0]
        self._looked = (client_id, row.client_entry, row.client_held)
        return self._looked

    def vulnerability(self, board: int) -> Vulnerability:
        """The vulnerability the board was played at, which a result is read at."""
        self._read_boards([board])
        if board not in self._boards:
            raise StoreError(
                Text(
                    N_("session %(session_id)s has no board %(board)s"),
                    session_id=self.session_id,
                    board=board,
                )
            )
        return Vulnerability(self._boards[board])

    def in_force(self) -> LogEntry | None:
        """The line's entry in force: the newest that nothing supersedes."""
        if self._current is _UNREAD:
            row = self.conn.execute(
                _IN_FORCE, {"session_id": self.session_id, "key": self.key}
            ).first()
            self._current = None if row is None else self._entries([row], set())[0]
        found: LogEntry | None = self._current
        return found

    def entry(self, entry_id: int) -> LogEntry:
        """An entry of this line, by id (current or not)."""
        row = self.conn.execute(
            _ENTRY, {"entry_id": entry_id, "session_id": self.session_id, "key": self.key}
        ).first()
        if row is None:
            raise StoreError(
                Text(
                    N_("the line %(key)s has no entry %(entry)s"),
                    key=repr(self.key),
                    entry=entry_id,
                )
            )
        return self._entries([row])[0]

    def known(self, client_id: str) -> Known | None:
        """What this client id made already, anywhere in the session (ids are unique in it).
        Asked first, it reads the line's entry in force and the session's state with it."""
        if self._looked is _UNREAD and self._current is _UNREAD and self._info is None:
            _, made, held_id = self._look(client_id)
            if made is not None:
                entry = self.conn.execute(_CLIENT_ENTRY, {"entry_id": made}).one()
                return Known(self._entries([entry])[0], None)
            if held_id is not None:
                return Known(None, tb.conflict(self.conn, self.session_id, int(held_id)))
            return None
        asked = {"session_id": self.session_id, "client_id": client_id}
        row = self.conn.execute(_BY_CLIENT, asked).first()
        if row is not None:
            return Known(self._entries([row])[0], None)
        held = self.conn.execute(_HELD_BY_CLIENT, asked).scalar()
        if held is not None:
            return Known(None, tb.conflict(self.conn, self.session_id, int(held)))
        return None

    def last_round(self, section: str, table: str) -> int | None:
        return tb.last_round(self.conn, self.session_id, section, table)

    def device_table(self, device_id: int | None) -> int | None:
        """The table (its id) of the phone that made an entry; None for a user's entry."""
        if device_id is None:
            return None
        found = self.conn.execute(_DEVICE_TABLE, {"device_id": device_id}).scalar()
        return None if found is None else int(found)

    # --- writing -------------------------------------------------------------------------------

    def append(
        self,
        line: TableResult,
        *,
        by: str,
        reason: str,
        client_id: str | None = None,
        device_id: int | None = None,
        position: int = 0,
        table_id: int | None = None,
    ) -> LogEntry:
        """Append ``line`` to the log: it supersedes the entry in force, if any, and keeps that
        entry's position on the traveller (``table_id``: its table's, when the caller knows)."""
        old = self.in_force()
        values = {
            "session_id": self.session_id,
            "entry_key": self.key,
            "position": position if old is None else self._position(old.id),
            **row_values(line),
            "supersedes": None if old is None else old.id,
            "recorded_at": self.now,
            "recorded_by": by,
            "reason": reason,
            "client_id": client_id,
            "device_id": device_id,
        }
        if table_id is not None and self.conn.dialect.name == "postgresql":
            asked = {f"new_{c.key}": values[c.key] for c in _NEW}
            made_id = int(
                self.conn.execute(
                    _INSERT_TOUCHING, {**asked, "touched_table": table_id}
                ).scalar_one()
            )
        else:
            made_id = _new_id(self.conn.execute(_INSERT, values))
            self._touch(line, table_id)
        made = LogEntry(
            made_id,
            self.key,
            line,
            None if old is None else old.id,
            self.now,
            by,
            reason,
            True,
            device_id,
        )
        self._current = made
        return made

    def _position(self, entry_id: int) -> int:
        return int(
            self.conn.execute(
                select(results.c.position).where(results.c.id == entry_id)
            ).scalar_one()
        )

    def hold(
        self,
        line: TableResult,
        *,
        against: LogEntry | None,
        reason: str,
        client_id: str | None,
        device: tb.Device,
    ) -> tb.Conflict:
        """Keep a table's result for the director instead of applying it."""
        made = row_values(line)
        done = self.conn.execute(
            insert(result_conflicts).values(
                session_id=self.session_id,
                entry_key=self.key,
                board=line.board,
                round=line.round,
                table_label=line.table,
                section=line.section or "",
                ns=" ".join(map(str, line.ns)),
                ew=" ".join(map(str, line.ew)),
                arrow=line.arrow,
                result=made["result"],
                lead=line.lead,
                ns_score=made["ns_score"],
                against=None if against is None else against.id,
                reason=reason,
                client_id=client_id,
                device_id=device.id,
                recorded_at=self.now,
                recorded_by=device.name,
            )
        )
        self._touch(line, device.table_id)
        return tb.conflict(self.conn, self.session_id, _new_id(done))

    def conflict(self, conflict_id: int) -> tb.Conflict:
        found = tb.conflict(self.conn, self.session_id, conflict_id)
        if found.entry_key != self.key:
            raise StoreError(
                Text(
                    N_("conflicting result %(conflict)s is not on the line %(key)s"),
                    conflict=conflict_id,
                    key=repr(self.key),
                )
            )
        return found

    def settle(self, conflict: tb.Conflict, *, by: str, words: str) -> tb.Conflict:
        """The director's choice is made: the held result stays on record, settled."""
        self.conn.execute(
            update(result_conflicts)
            .where(result_conflicts.c.id == conflict.id)
            .values(resolved_at=self.now, resolved_by=by, resolution=words)
        )
        self._touch(conflict.line)
        return tb.conflict(self.conn, self.session_id, conflict.id)

    def reask(self, conflict: tb.Conflict, against: LogEntry | None) -> tb.Conflict:
        """The line changed since the held result was raised: it now stands against the entry
        in force, for the director to choose again."""
        self.conn.execute(
            update(result_conflicts)
            .where(result_conflicts.c.id == conflict.id)
            .values(against=None if against is None else against.id)
        )
        self._touch(conflict.line)
        return tb.conflict(self.conn, self.session_id, conflict.id)

    def _touch(self, line: TableResult, table_id: int | None = None) -> None:
        if table_id is None:
            table_id = lv.table_id(self.conn, self.session_id, line.section or "", line.table)
        lv.touch(self.conn, self.session_id, table_id)


def _new_id(done: Any) -> int:
    key = done.inserted_primary_key
    assert key is not None
    return int(key[0])
