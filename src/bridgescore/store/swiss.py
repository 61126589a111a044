"""A Swiss event run in the console, in the database: the event and its steps, over a
:class:`~bridgescore.store.Store`, each call one transaction.

The event's boards are the results log of one live session, set up with the event (its tables
are each round's matches; its movement, the session's ``plan``, grows with each round drawn).
The event itself is a list of steps, never written over: each keeps the whole event after it
(:meth:`bridgescore.swiss.SwissEvent.to_data`, as JSON) and the last is the event as it stands.
A step is written only if the step before it is still the last (two directors drawing at once:
the second finds the round drawn), together with what it changes in the session -- the
movement, a late entry's name -- and a count in the session's and every table's revision, so
every page and phone hears of it. Nothing here decides what a step may do: that is
:mod:`bridgescore.night.swiss`'s.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, and_, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import api
from bridgescore.store import live as lv
from bridgescore.store.api import Store
from bridgescore.store.engine import StoreError
from bridgescore.store.schema import entrants, sessions, swiss_events, swiss_steps
from bridgescore.store.sessions import BoardRow, EntrantRow

KINDS = ("teams", "pairs")


@dataclass(frozen=True)
class SwissRow:
    """What does not change in a Swiss event: its club, its session, teams or pairs, title."""

    id: int
    club_id: int
    session_id: int
    kind: str
    title: str
    created_at: datetime
    created_by: str


@dataclass(frozen=True)
class SwissStep:
    """One step of an event: what was done (``action``: start, draw, enter, withdraw, publish;
    the round drawn or published through, the team entered or withdrawn), and the whole event
    after it (``event``: the data of ``SwissEvent.to_data()``)."""

    number: int
    action: str
    round: int | None
    team: int | None
    event: dict[str, Any]
    at: datetime
    by: str


@dataclass(frozen=True)
class StoredSwiss:
    """An event as it stands: its row, its last step, and its last publishing (if any)."""

    row: SwissRow
    last: SwissStep
    published: SwissStep | None


class StaleStep(StoreError):
    """Another step was written since the event was read: nothing was written."""


class SwissEvents:
    """The club's Swiss events in ``store`` (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(
        self,
        club_id: int,
        *,
        kind: str,
        title: str,
        played_on: date | None,
        rules: Mapping[str, Any],
        boards: tuple[BoardRow, ...],
        teams: tuple[EntrantRow, ...],
        event: Mapping[str, Any],
        by: str,
    ) -> StoredSwiss:
        """A new event and its live session (boards and teams, no movement before round 1 is
        drawn), with its first step, in one transaction."""
        if kind not in KINDS:
            raise StoreError(
                Text(
                    N_("not a kind of Swiss event: %(kind)s (expected teams or pairs)"),
                    kind=repr(kind),
                )
            )
        now = api.utc_now()
        with self.store.writing() as conn:
            session_id = lv.create_session(
                conn,
                club_id,
                title=title,
                date_text=None if played_on is None else played_on.isoformat(),
                played_on=played_on,
                structure="teams" if kind == "teams" else "howell",
                rules=dict(rules),
                plan="",
                board_rows=boards,
                entrant_rows=teams,
                by=by,
                now=now,
            )
            conn.execute(
                update(sessions)
                .where(sessions.c.id == session_id)
                .values(plan=None, plan_version=sessions.c.plan_version + 1)
            )
            swiss_id = conn.execute(
                insert(swiss_events)
                .values(
                    club_id=club_id,
                    session_id=session_id,
                    kind=kind,
                    title=title,
                    created_at=now,
                    created_by=by,
                )
                .returning(swiss_events.c.id)
            ).scalar_one()
            _insert_step(conn, swiss_id, 1, "start", None, None, event, now, by)
            return _stored(conn, int(swiss_id))

    def get(self, swiss_id: int) -> StoredSwiss:
        with self.store.reading() as conn:
            return _stored(conn, swiss_id)

    def of_session(self, session_id: int) -> int | None:
        """The Swiss event whose boards the session holds (None: an ordinary session)."""
        with self.store.reading() as conn:
            found = conn.execute(
                select(swiss_events.c.id).where(swiss_events.c.session_id == session_id)
            ).scalar()
            return None if found is None else int(found)

    def of_club(self, club_id: int | None) -> list[StoredSwiss]:
        """The club's events (every club's: None), newest first."""
        with self.store.reading() as conn:
            query = select(swiss_events.c.id).order_by(swiss_events.c.id.desc())
            if club_id is not None:
                query = query.where(swiss_events.c.club_id == club_id)
            return [_stored(conn, int(i)) for i in conn.execute(query).scalars()]

    def step(
        self,
        swiss_id: int,
        after: int,
        action: str,
        event: Mapping[str, Any],
        by: str,
        *,
        round_number: int | None = None,
        team: int | None = None,
        plan: str | None = None,
        entrant: EntrantRow | None = None,
    ) -> StoredSwiss:
        """Write the step after step ``after`` (refused with :class:`StaleStep` when it is no
        longer the last), with the session's new movement (``plan``) and a late entry's row
        (``entrant``), in one transaction that every page and phone of the session hears of."""
        try:
            with self.store.writing() as conn:
                row = _row(conn, swiss_id)
                last = _last_number(conn, swiss_id)
                if last != after:
                    raise StaleStep(
                        f"the Swiss event changed while this was done (step {last}, not "
                        f"{after}): look at it again"
                    )
                now = api.utc_now()
                _insert_step(conn, swiss_id, after + 1, action, round_number, team, event, now, by)
                if plan is not None:
                    conn.execute(
                        update(sessions)
                        .where(sessions.c.id == row.session_id)
                        .values(plan=plan, plan_version=sessions.c.plan_version + 1)
                    )
                if entrant is not None:
                    conn.execute(
                        insert(entrants).values(
                            session_id=row.session_id,
                            section=entrant.section,
                            line=entrant.line,
                            number=entrant.number,
                            individual=False,
                            name=entrant.name,
                            members_count=None,
                        )
                    )
                lv.touch(conn, row.session_id, every_table=True)
                return _stored(conn, swiss_id)
        except IntegrityError:
            # Two steps after the same one at the same moment (PostgreSQL): the unique step
            # number lets one in; the other is told, and wrote nothing.
            raise StaleStep(
                "the Swiss event changed while this was done: look at it again"
            ) from None

    def steps(self, swiss_id: int) -> list[SwissStep]:
        """Every step of the event, first to last."""
        with self.store.reading() as conn:
            _row(conn, swiss_id)
            rows = conn.execute(
                select(swiss_steps)
                .where(swiss_steps.c.swiss_id == swiss_id)
                .order_by(swiss_steps.c.number)
            )
            return [_step(r) for r in rows]


def _insert_step(
    conn: Connection,
    swiss_id: int,
    number: int,
    action: str,
    round_number: int | None,
    team: int | None,
    event: Mapping[str, Any],
    now: datetime,
    by: str,
) -> None:
    conn.execute(
        insert(swiss_steps).values(
            swiss_id=swiss_id,
            number=number,
            action=action,
            round=round_number,
            team=team,
            event=json.dumps(event, ensure_ascii=False, sort_keys=True),
            at=now,
            by=by,
        )
    )


def _row(conn: Connection, swiss_id: int) -> SwissRow:
    found = conn.execute(select(swiss_events).where(swiss_events.c.id == swiss_id)).first()
    if found is None:
        raise StoreError(Text(N_("no Swiss event with id %(swiss_id)s"), swiss_id=swiss_id))
    return SwissRow(
        int(found.id),
        int(found.club_id),
        int(found.session_id),
        str(found.kind),
        str(found.title),
        found.created_at,
        str(found.created_by),
    )


def _last_number(conn: Connection, swiss_id: int) -> int:
    found = conn.execute(
        select(func.max(swiss_steps.c.number)).where(swiss_steps.c.swiss_id == swiss_id)
    ).scalar()
    return int(found or 0)


def _step(row: Any) -> SwissStep:
    return SwissStep(
        int(row.number),
        str(row.action),
        None if row.round is None else int(row.round),
        None if row.team is None else int(row.team),
        json.loads(row.event),
        row.at,
        str(row.by),
    )


def _stored(conn: Connection, swiss_id: int) -> StoredSwiss:
    row = _row(conn, swiss_id)
    last = conn.execute(
        select(swiss_steps)
        .where(swiss_steps.c.swiss_id == swiss_id)
        .order_by(swiss_steps.c.number.desc())
        .limit(1)
    ).first()
    if last is None:
        raise StoreError(Text(N_("the Swiss event %(swiss_id)s has no steps"), swiss_id=swiss_id))
    published = conn.execute(
        select(swiss_steps)
        .where(and_(swiss_steps.c.swiss_id == swiss_id, swiss_steps.c.action == "publish"))
        .order_by(swiss_steps.c.number.desc())
        .limit(1)
    ).first()
    return StoredSwiss(row, _step(last), None if published is None else _step(published))


__all__: Sequence[str] = (
    "KINDS",
    "StaleStep",
    "StoredSwiss",
    "SwissEvents",
    "SwissRow",
    "SwissStep",
)
