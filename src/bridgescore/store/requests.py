"""Players' requests for corrections and the passes that let them ask. Every statement on
``player_passes`` and ``correction_requests`` is here (docs/serve.md, "Asking for a correction").

A **pass** is a random token for one player and one session, carried by the link in their mail
(or mailed to them from their score card); only its SHA-256 hash is kept, so the database
never holds a link that works. Whether a pass is still good (the session's correction period)
and how often its holder may ask are the night's rules (:mod:`bridgescore.night.requests`);
here each request is stored, read and answered inside one transaction, which counts the
session's revision up so that the director's console learns of it.

A request changes no result: accepting one is a correction through the entry service, whose
new entry the request then names (``correction``).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, func, insert, select, update

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import live as lv
from bridgescore.store.api import Store
from bridgescore.store.engine import StoreError
from bridgescore.store.schema import (
    correction_requests,
    entrant_players,
    entrants,
    mail_log,
    player_passes,
    players,
)

OPEN = "open"
ACCEPTED = "accepted"
DECLINED = "declined"
MADE_FOR = ("mail", "card")


class TooMany(StoreError):
    """More requests, or links, than a player may ask for in the time: asked again later."""


@dataclass(frozen=True)
class Pass:
    """Who holds a link: one player, one session."""

    id: int
    session_id: int
    player_id: int
    player: str  # their name as stored (the director's view)
    entrant: tuple[str, str, int, bool] | None  # where they played: section, line, number, player
    made_at: datetime
    made_for: str


@dataclass(frozen=True)
class Request:
    """A player's request for a correction of a board, and the director's answer."""

    id: int
    session_id: int
    player_id: int
    player: str  # as stored: the console shows full names
    board: int
    entry_key: str | None
    reason: str
    proposed: str | None
    asked_at: datetime
    status: str  # open, accepted, declined
    answered_at: datetime | None
    answered_by: str | None
    answer: str | None
    correction: int | None  # the log entry the acceptance made
    told: str | None  # the newest mail telling the player the answer: sent, failed, or None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue(conn: Connection, session_id: int, player_id: int, made_for: str, now: datetime) -> str:
    """A new pass for the player and the session: its token, which is never stored."""
    if made_for not in MADE_FOR:
        raise StoreError(
            Text(
                N_("a pass is made for a mail or a card, not %(made_for)s"), made_for=repr(made_for)
            )
        )
    token = secrets.token_urlsafe(32)
    conn.execute(
        insert(player_passes).values(
            session_id=session_id,
            player_id=player_id,
            token_hash=token_hash(token),
            made_at=now,
            made_for=made_for,
        )
    )
    return token


def holder(conn: Connection, token: str) -> Pass | None:
    """The pass a token is, or None (a link mistyped, or made up)."""
    if not token or len(token) > 200:
        return None
    row = conn.execute(
        select(player_passes, players.c.first_name, players.c.last_name)
        .join(players, players.c.id == player_passes.c.player_id)
        .where(player_passes.c.token_hash == token_hash(token))
    ).first()
    if row is None:
        return None
    return Pass(
        row.id,
        row.session_id,
        row.player_id,
        f"{row.first_name} {row.last_name}".strip(),
        entrant_of(conn, row.session_id, row.player_id),
        row.made_at,
        row.made_for,
    )


def entrant_of(
    conn: Connection, session_id: int, player_id: int
) -> tuple[str, str, int, bool] | None:
    """The pair (or player) the player played as in the session: its key as stored."""
    row = conn.execute(
        select(entrants.c.section, entrants.c.line, entrants.c.number, entrants.c.individual)
        .join(entrant_players, entrant_players.c.entrant_id == entrants.c.id)
        .where(and_(entrants.c.session_id == session_id, entrant_players.c.player_id == player_id))
        .order_by(entrants.c.id)
    ).first()
    return None if row is None else (row.section, row.line, row.number, row.individual)


def players_of(conn: Connection, session_id: int, key: tuple[str, str, int, bool]) -> list[int]:
    """The players of one entrant of the session (linked to the club's players)."""
    section, line, number, individual = key
    return [
        int(pid)
        for pid in conn.execute(
            select(entrant_players.c.player_id)
            .join(entrants, entrants.c.id == entrant_players.c.entrant_id)
            .where(
                and_(
                    entrants.c.session_id == session_id,
                    entrants.c.section == section,
                    entrants.c.line == line,
                    entrants.c.number == number,
                    entrants.c.individual == individual,
                    entrant_players.c.player_id.is_not(None),
                )
            )
            .order_by(entrant_players.c.position)
        ).scalars()
    ]


def passes_since(conn: Connection, session_id: int, player_ids: list[int], since: datetime) -> int:
    """How many passes were made for these players since ``since`` (links asked for count)."""
    if not player_ids:
        return 0
    return int(
        conn.execute(
            select(func.count(player_passes.c.id)).where(
                and_(
                    player_passes.c.session_id == session_id,
                    player_passes.c.player_id.in_(player_ids),
                    player_passes.c.made_for == "card",
                    player_passes.c.made_at >= since,
                )
            )
        ).scalar_one()
    )


def ask(
    conn: Connection,
    held: Pass,
    board: int,
    entry_key: str | None,
    reason: str,
    proposed: str | None,
    now: datetime,
    *,
    since: datetime,
    at_most: int,
) -> Request:
    """Store a request (its session's revision counted up); refused when the player asked
    ``at_most`` times since ``since`` already, or has one about this board still open."""
    mine = and_(
        correction_requests.c.session_id == held.session_id,
        correction_requests.c.player_id == held.player_id,
    )
    waiting = conn.execute(
        select(correction_requests.c.id).where(
            and_(mine, correction_requests.c.board == board, correction_requests.c.status == OPEN)
        )
    ).first()
    if waiting is not None:
        raise StoreError(
            Text(
                N_("you asked about board %(board)s already and the director has not answered yet"),
                board=board,
            )
        )
    recent = conn.execute(
        select(func.count(correction_requests.c.id)).where(
            and_(mine, correction_requests.c.asked_at >= since)
        )
    ).scalar_one()
    if recent >= at_most:
        raise TooMany(
            f"you have asked {recent} times in a short while: the director answers those "
            "first; ask again later"
        )
    made = conn.execute(
        insert(correction_requests)
        .values(
            session_id=held.session_id,
            player_id=held.player_id,
            pass_id=held.id,
            board=board,
            entry_key=entry_key,
            reason=reason,
            proposed=proposed,
            asked_at=now,
            status=OPEN,
        )
        .returning(correction_requests.c.id)
    ).scalar_one()
    lv.touch(conn, held.session_id)
    return get(conn, held.session_id, int(made))


def answer(
    conn: Connection,
    session_id: int,
    request_id: int,
    status: str,
    words: str,
    by: str,
    now: datetime,
    correction: int | None = None,
) -> Request:
    """The director's answer to an open request (its session's revision counted up)."""
    if status not in (ACCEPTED, DECLINED):
        raise StoreError(
            Text(N_("a request is accepted or declined, not %(status)s"), status=repr(status))
        )
    found = get(conn, session_id, request_id)
    if found.status != OPEN:
        raise StoreError(
            f"request {request_id} was {found.status} already ({found.answered_by}): "
            f"{found.answer or ''}".rstrip(": ")
        )
    conn.execute(
        update(correction_requests)
        .where(correction_requests.c.id == request_id)
        .values(status=status, answer=words, answered_by=by, answered_at=now, correction=correction)
    )
    lv.touch(conn, session_id)
    return get(conn, session_id, request_id)


def _told() -> Any:
    """The status of the newest mail about each request (a correlated subquery)."""
    return (
        select(mail_log.c.status)
        .where(mail_log.c.request_id == correction_requests.c.id)
        .order_by(mail_log.c.id.desc())
        .limit(1)
        .scalar_subquery()
    )


def _query() -> Any:
    return select(
        correction_requests, players.c.first_name, players.c.last_name, _told().label("told")
    ).join(players, players.c.id == correction_requests.c.player_id)


def _request(row: Any) -> Request:
    return Request(
        row.id,
        row.session_id,
        row.player_id,
        f"{row.first_name} {row.last_name}".strip(),
        row.board,
        row.entry_key,
        row.reason,
        row.proposed,
        row.asked_at,
        row.status,
        row.answered_at,
        row.answered_by,
        row.answer,
        row.correction,
        row.told,
    )


def get(conn: Connection, session_id: int, request_id: int) -> Request:
    row = conn.execute(
        _query().where(
            and_(
                correction_requests.c.id == request_id,
                correction_requests.c.session_id == session_id,
            )
        )
    ).first()
    if row is None:
        raise StoreError(
            Text(
                N_("session %(session_id)s has no request %(request_id)s"),
                session_id=session_id,
                request_id=request_id,
            )
        )
    return _request(row)


def of_session(conn: Connection, session_id: int, player_id: int | None = None) -> list[Request]:
    """The session's requests (of one player), oldest first."""
    query = _query().where(correction_requests.c.session_id == session_id)
    if player_id is not None:
        query = query.where(correction_requests.c.player_id == player_id)
    return [_request(r) for r in conn.execute(query.order_by(correction_requests.c.id))]


def untold(conn: Connection, session_id: int) -> list[Request]:
    """Answered requests whose player has not been sent the answer yet (never, or it failed)."""
    return [r for r in of_session(conn, session_id) if r.status != OPEN and r.told != "sent"]


def open_count(conn: Connection, session_id: int) -> int:
    return int(
        conn.execute(
            select(func.count(correction_requests.c.id)).where(
                and_(
                    correction_requests.c.session_id == session_id,
                    correction_requests.c.status == OPEN,
                )
            )
        ).scalar_one()
    )


class Requests:
    """The requests over a :class:`~bridgescore.store.Store`, one transaction a call."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def issue(self, session_id: int, player_id: int, made_for: str, now: datetime) -> str:
        with self.store.writing() as conn:
            return issue(conn, session_id, player_id, made_for, now)

    def issue_for_card(
        self,
        session_id: int,
        key: tuple[str, str, int, bool],
        now: datetime,
        *,
        since: datetime,
        at_most: int,
    ) -> dict[int, str]:
        """A new pass for each player of one entrant (asked for from their score card), each
        player's token by their id; refused when links were asked for too often already."""
        with self.store.writing() as conn:
            people = players_of(conn, session_id, key)
            if passes_since(conn, session_id, people, since) >= at_most:
                raise TooMany(
                    "a link was asked for a moment ago: it is on its way to the address the "
                    "club has; ask again later if it does not come"
                )
            return {pid: issue(conn, session_id, pid, "card", now) for pid in people}

    def holder(self, token: str) -> Pass | None:
        with self.store.reading() as conn:
            return holder(conn, token)

    def ask(
        self,
        held: Pass,
        board: int,
        entry_key: str | None,
        reason: str,
        proposed: str | None,
        now: datetime,
        *,
        since: datetime,
        at_most: int,
    ) -> Request:
        with self.store.writing() as conn:
            return ask(
                conn,
                held,
                board,
                entry_key,
                reason,
                proposed,
                now,
                since=since,
                at_most=at_most,
            )

    def answer(
        self,
        session_id: int,
        request_id: int,
        status: str,
        words: str,
        by: str,
        now: datetime,
        correction: int | None = None,
    ) -> Request:
        with self.store.writing() as conn:
            return answer(conn, session_id, request_id, status, words, by, now, correction)

    def get(self, session_id: int, request_id: int) -> Request:
        with self.store.reading() as conn:
            return get(conn, session_id, request_id)

    def of_session(self, session_id: int, player_id: int | None = None) -> list[Request]:
        with self.store.reading() as conn:
            return of_session(conn, session_id, player_id)

    def untold(self, session_id: int) -> list[Request]:
        with self.store.reading() as conn:
            return untold(conn, session_id)

    def open_count(self, session_id: int) -> int:
        with self.store.reading() as conn:
            return open_count(conn, session_id)


__all__ = [
    "ACCEPTED",
    "DECLINED",
    "OPEN",
    "Pass",
    "Request",
    "Requests",
    "TooMany",
    "answer",
    "ask",
    "entrant_of",
    "get",
    "holder",
    "issue",
    "of_session",
    "open_count",
    "passes_since",
    "players_of",
    "token_hash",
    "untold",
]
