"""The console's sendings of a session's results: every statement on ``mail_runs`` is here.

A run is claimed before it sends anything, inside one write transaction, so that two workers
(or a director clicking twice) never send the same mails twice at once: a session has one run
under way at a time. A run shows it is alive (``beat_at``) after each mail; one whose worker
died (no sign of life for :data:`STALE`) no longer holds the session, and the next run sends
what it left. Each change counts the session's revision up, so the console's mail page follows
a run as it goes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection, and_, insert, select, update

from bridgescore.store import live as lv
from bridgescore.store.api import Store
from bridgescore.store.schema import mail_runs

STALE = timedelta(minutes=5)  # a run silent for this long died with its worker
REASONS = ("director", "publish", "correction", "request", "retry")


@dataclass(frozen=True)
class Run:
    id: int
    session_id: int
    reason: str
    started_at: datetime
    started_by: str
    beat_at: datetime
    finished_at: datetime | None
    sent: int
    failed: int
    current: int
    problem: str | None


def _run(row: object) -> Run:
    return Run(*(getattr(row, c.name) for c in mail_runs.columns))


def _aware(moment: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite keeps no time zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def under_way(conn: Connection, session_id: int, now: datetime) -> Run | None:
    """The session's run still sending, if one is (and alive)."""
    for row in conn.execute(
        select(mail_runs).where(
            and_(mail_runs.c.session_id == session_id, mail_runs.c.finished_at.is_(None))
        )
    ):
        run = _run(row)
        if _aware(run.beat_at) > now - STALE:
            return run
    return None


def claim(conn: Connection, session_id: int, reason: str, by: str, now: datetime) -> Run | None:
    """A new run for the session, or None while another is under way."""
    if reason not in REASONS:
        raise ValueError(f"not a reason for a run: {reason!r}")
    if under_way(conn, session_id, now) is not None:
        return None
    made = conn.execute(
        insert(mail_runs)
        .values(
            session_id=session_id,
            reason=reason,
            started_at=now,
            started_by=by,
            beat_at=now,
            sent=0,
            failed=0,
            current=0,
        )
        .returning(mail_runs.c.id)
    ).scalar_one()
    lv.touch(conn, session_id)
    return _run(conn.execute(select(mail_runs).where(mail_runs.c.id == made)).one())


def beat(
    conn: Connection,
    run_id: int,
    now: datetime,
    *,
    sent: int,
    failed: int,
    current: int,
    problem: str | None = None,
    finished: bool = False,
) -> None:
    """What the run has done so far (and whether it is over)."""
    session_id = conn.execute(
        select(mail_runs.c.session_id).where(mail_runs.c.id == run_id)
    ).scalar_one()
    conn.execute(
        update(mail_runs)
        .where(mail_runs.c.id == run_id)
        .values(
            beat_at=now,
            sent=sent,
            failed=failed,
            current=current,
            problem=problem,
            finished_at=now if finished else None,
        )
    )
    lv.touch(conn, session_id)


def runs(conn: Connection, session_id: int, limit: int = 10) -> list[Run]:
    """The session's newest runs, newest first."""
    return [
        _run(r)
        for r in conn.execute(
            select(mail_runs)
            .where(mail_runs.c.session_id == session_id)
            .order_by(mail_runs.c.id.desc())
            .limit(limit)
        )
    ]


class MailRuns:
    """The runs over a :class:`~bridgescore.store.Store`, one transaction a call."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def claim(self, session_id: int, reason: str, by: str, now: datetime) -> Run | None:
        with self.store.writing() as conn:
            return claim(conn, session_id, reason, by, now)

    def beat(
        self,
        run_id: int,
        now: datetime,
        *,
        sent: int,
        failed: int,
        current: int,
        problem: str | None = None,
        finished: bool = False,
    ) -> None:
        with self.store.writing() as conn:
            beat(
                conn,
                run_id,
                now,
                sent=sent,
                failed=failed,
                current=current,
                problem=problem,
                finished=finished,
            )

    def under_way(self, session_id: int, now: datetime) -> Run | None:
        with self.store.reading() as conn:
            return under_way(conn, session_id, now)

    def runs(self, session_id: int, limit: int = 10) -> list[Run]:
        with self.store.reading() as conn:
            return runs(conn, session_id, limit)


__all__ = ["REASONS", "STALE", "MailRuns", "Run", "beat", "claim", "runs", "under_way"]
