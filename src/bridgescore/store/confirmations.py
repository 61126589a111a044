"""Entries a director confirmed as they stand after they were listed as looking wrong before
publishing (:mod:`bridgescore.anomalies`). A confirmation is of one entry of the log and one
reason: a correction is a new entry, looked at afresh.

Which entries look wrong is the library's to say, who may confirm the night's; here the
confirmations are written and read, and the entry in force on each line is named by its id.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, insert, select

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store.api import Store
from bridgescore.store.engine import StoreError
from bridgescore.store.live import touch
from bridgescore.store.results import in_force_condition
from bridgescore.store.schema import anomaly_confirmations, results


@dataclass(frozen=True)
class Confirmation:
    entry_id: int
    kind: str
    note: str | None
    confirmed_at: datetime
    confirmed_by: str


def entries_in_force(store: Store, session_id: int) -> dict[str, int]:
    """The id of the entry in force on each of the session's lines, by the line's key."""
    with store.reading() as conn:
        rows = conn.execute(
            select(results.c.entry_key, results.c.id).where(
                and_(results.c.session_id == session_id, in_force_condition())
            )
        )
        return {str(key): int(entry) for key, entry in rows}


def confirmations(store: Store, session_id: int) -> dict[tuple[int, str], Confirmation]:
    """The session's confirmations, by (entry id, kind)."""
    with store.reading() as conn:
        rows = conn.execute(
            select(anomaly_confirmations).where(anomaly_confirmations.c.session_id == session_id)
        )
        return {
            (int(r.entry_id), str(r.kind)): Confirmation(
                int(r.entry_id), r.kind, r.note, r.confirmed_at, r.confirmed_by
            )
            for r in rows
        }


def confirm(
    store: Store,
    session_id: int,
    key: str,
    entry_id: int,
    kind: str,
    note: str | None,
    *,
    by: str,
    now: datetime,
) -> Confirmation:
    """Confirm entry ``entry_id`` of line ``key`` for the reason ``kind``: refused unless it is
    still the line's entry in force (what the director looked at); a second confirmation of the
    same is the first."""
    with store.writing() as conn:
        in_force = conn.execute(
            select(results.c.id).where(
                and_(
                    results.c.session_id == session_id,
                    results.c.entry_key == key,
                    in_force_condition(),
                )
            )
        ).scalar()
        if in_force is None:
            raise StoreError(
                Text(
                    N_("session %(session_id)s has no traveller line %(key)s"),
                    session_id=session_id,
                    key=repr(key),
                )
            )
        if int(in_force) != entry_id:
            raise StoreError(
                Text(
                    N_(
                        "the line has changed since (its entry is now %(in_force)s, not "
                        "%(entry)s): look at it again"
                    ),
                    in_force=in_force,
                    entry=entry_id,
                )
            )
        done = conn.execute(
            select(anomaly_confirmations).where(
                and_(
                    anomaly_confirmations.c.entry_id == entry_id,
                    anomaly_confirmations.c.kind == kind,
                )
            )
        ).first()
        if done is not None:
            return Confirmation(entry_id, kind, done.note, done.confirmed_at, done.confirmed_by)
        conn.execute(
            insert(anomaly_confirmations).values(
                session_id=session_id,
                entry_id=entry_id,
                kind=kind,
                note=note,
                confirmed_at=now,
                confirmed_by=by,
            )
        )
        touch(conn, session_id)
    return Confirmation(entry_id, kind, note, now, by)
