"""Failed logins and table codes, counted in the database so that every worker of a server
sees the same counts (:mod:`bridgescore.night.throttle` decides what they allow).

A row per thing guessed at: ``kind`` ("login" or "code") and ``key`` (``address:…``,
``user:…``, ``code:…``), its failures since the counter last started, the first and last of
them, and the club whose director may see it and lift it. Nothing here decides anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, and_, insert, or_, select, update

from bridgescore.store.schema import throttles


@dataclass(frozen=True)
class Throttle:
    """The failures counted for one thing guessed at."""

    id: int
    kind: str
    key: str
    club_id: int | None
    failures: int
    first_at: datetime
    last_at: datetime
    lifted_at: datetime | None
    lifted_by: str | None


def _aware(moment: datetime | None) -> Any:
    """A time read back in UTC (SQLite keeps no time zone)."""
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


def _throttle(row: Any) -> Throttle:
    return Throttle(
        row.id,
        row.kind,
        row.key,
        row.club_id,
        row.failures,
        _aware(row.first_at),
        _aware(row.last_at),
        _aware(row.lifted_at),
        row.lifted_by,
    )


def read(conn: Connection, kind: str, keys: Iterable[str]) -> dict[str, Throttle]:
    """The counts of ``keys`` of ``kind`` that have any (a key never failed has no row)."""
    rows = conn.execute(
        select(throttles).where(and_(throttles.c.kind == kind, throttles.c.key.in_(list(keys))))
    )
    return {r.key: _throttle(r) for r in rows}


def count(
    conn: Connection,
    kind: str,
    keys: Mapping[str, int | None],
    now: datetime,
    restart_before: datetime,
) -> list[Throttle]:
    """One more failure for each key (with the club that may see it, or None): a count whose
    last failure is before ``restart_before`` starts again at one."""
    found = read(conn, kind, keys)
    for key, club in keys.items():
        had = found.get(key)
        if had is None:
            conn.execute(
                insert(throttles).values(
                    kind=kind, key=key, club_id=club, failures=1, first_at=now, last_at=now
                )
            )
            continue
        again = had.failures == 0 or had.last_at < restart_before
        conn.execute(
            update(throttles)
            .where(throttles.c.id == had.id)
            .values(
                failures=1 if again else had.failures + 1,
                first_at=now if again else had.first_at,
                last_at=now,
                club_id=club if club is not None else had.club_id,
            )
        )
    return list(read(conn, kind, keys).values())


def clear(conn: Connection, kind: str, key: str) -> None:
    """A success: the key's count starts again."""
    conn.execute(
        update(throttles)
        .where(and_(throttles.c.kind == kind, throttles.c.key == key, throttles.c.failures > 0))
        .values(failures=0)
    )


def lift(conn: Connection, throttle_id: int, by: str, now: datetime) -> Throttle | None:
    """A director's lift: the count starts again, and who lifted it when is kept."""
    conn.execute(
        update(throttles)
        .where(throttles.c.id == throttle_id)
        .values(failures=0, lifted_at=now, lifted_by=by)
    )
    row = conn.execute(select(throttles).where(throttles.c.id == throttle_id)).first()
    return None if row is None else _throttle(row)


def get(conn: Connection, throttle_id: int) -> Throttle | None:
    row = conn.execute(select(throttles).where(throttles.c.id == throttle_id)).first()
    return None if row is None else _throttle(row)


def listing(conn: Connection, club_id: int, since: datetime) -> list[Throttle]:
    """What a director of ``club_id`` may see: the club's counts and those of no club (an
    address, a name or code nobody has) that failed or were lifted since ``since``."""
    rows = conn.execute(
        select(throttles)
        .where(
            and_(
                or_(throttles.c.club_id == club_id, throttles.c.club_id.is_(None)),
                or_(throttles.c.last_at >= since, throttles.c.lifted_at >= since),
            )
        )
        .order_by(throttles.c.last_at.desc(), throttles.c.id)
    )
    return [_throttle(r) for r in rows]
