"""Players ask for corrections; the director answers.

During the correction period a player opens their own page by the link in their results mail
(or mailed to them from their pair's score card): the link carries a pass for them and the
session (:mod:`bridgescore.store.requests`), good until the correction period ends. There they
ask for a correction of a board they played, with their reason. Nothing changes by that: the
request waits in the director's console (pushed like every change), where the director

* **accepts** it: a correction of the board's line through the entry service
  (:func:`bridgescore.night.entry.correct`), a new entry of the log naming the request, never an
  overwrite; or
* **declines** it, with the reason the player reads.

Either way the player is told on their page and, when the club sends mail, by mail
(:mod:`bridgescore.night.mail`). Asking is bounded: a pass is a random 256-bit token; a player
asks at most :data:`AT_MOST` times an hour and once at a time about a board; a worker answers
at most :data:`BAD_LINKS` links that are not passes a client in :data:`BAD_LINKS_WINDOW`.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bridgescore.languages import N_, _
from bridgescore.night import entry, privacy
from bridgescore.night.numbers import whole
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import NotFound, Refused
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store import api as store_api
from bridgescore.store import requests as rq
from bridgescore.store.live import PUBLISHED, LiveInfo

LOG = logging.getLogger("bridgescore.night")
AT_MOST = 5  # requests a player may make ...
WINDOW = timedelta(hours=1)  # ... in this long
LINKS_EVERY = timedelta(minutes=10)  # a score card's link is mailed at most once in this long
REASON_LONGEST = 1000
PROPOSED_LONGEST = 40
BAD_LINKS = 20  # links that are not passes a client may try ...
BAD_LINKS_WINDOW = 600.0  # ... in this many seconds, before it is told to wait
NOT_VALID = N_("this link is not valid: use the link in your latest results mail")


def _aware(moment: datetime | None) -> datetime | None:
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


class Tries:
    """Links that were not passes, by client, in a sliding window (one worker's count: small
    and local; a wrong guess of a 256-bit token is the only thing it slows down)."""

    def __init__(self, limit: int = BAD_LINKS, window: float = BAD_LINKS_WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[float]] = {}
        self._guard = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        found = self._seen.setdefault(client, deque())
        while found and found[0] <= now - self.window:
            found.popleft()
        return found

    def check(self, client: str) -> None:
        """Refused (429) while the client has used up its wrong links."""
        with self._guard:
            if len(self._recent(client, time.monotonic())) >= self.limit:
                raise Refused(
                    429, _("too many links that are not valid from here: wait a few minutes")
                )

    def failed(self, client: str) -> None:
        with self._guard:
            now = time.monotonic()
            self._recent(client, now).append(now)
            if len(self._seen) > 10_000:  # forget the quiet ones
                for key in [k for k, v in self._seen.items() if not v]:
                    del self._seen[key]


def correction_period(info: LiveInfo) -> datetime | None:
    """When the session's correction period ends (None: it was not published from here)."""
    if info.status != PUBLISHED:
        return None
    return _aware(info.provisional_until)


def is_over(until: datetime) -> bool:
    return store_api.utc_now() > until


def player(night: Service, token: str, client: str, tries: Tries) -> Actor:
    """The player a link's pass names, while the session's correction period runs."""
    tries.check(client)
    held = rq.Requests(night.store).holder(token)
    if held is None:
        tries.failed(client)
        raise NotFound(_(NOT_VALID))
    info = night.info(held.session_id)
    until = correction_period(info)
    if until is None:
        raise NotFound(_(NOT_VALID))
    if store_api.utc_now() > until:
        raise Refused(
            410,
            _(
                "the correction period ended at %(until)s UTC: ask the director in person",
                until=f"{until:%Y-%m-%d %H:%M}",
            ),
        )
    return Actor(player=held)


@dataclass(frozen=True)
class PlayerPage:
    """What a player's own page shows: the session as published, where they played, until
    when they may ask, and their requests with the answers."""

    held: rq.Pass
    info: LiveInfo
    result: Any
    until: datetime
    requests: list[rq.Request]


def page(night: Service, actor: Actor) -> PlayerPage:
    held = _held(actor)
    info = night.info(held.session_id)
    night.check(actor, Action.ASK_CORRECTION, info)
    until = correction_period(info)
    assert until is not None
    found = rq.Requests(night.store).of_session(held.session_id, held.player_id)
    return PlayerPage(held, info, privacy.result(night, held.session_id), until, found)


def _held(actor: Actor) -> rq.Pass:
    if actor.player is None:
        raise Refused(401, _(NOT_VALID))
    return actor.player


def line_of(result: Any, held: rq.Pass, board: int, room: int | None = None) -> str:
    """The key of the line the player's pair (or the player) played ``board`` on; at teams of
    four, the line of their team's table in ``room`` (1: the home team North-South), a board of
    one of their team's matches."""
    from bridgescore.mailing import entrant_of
    from bridgescore.store.lines import line_key
    from bridgescore.teams_results import TeamsResult

    if held.entrant is None:
        raise Refused(422, _("you played in no pair of this session: ask the director in person"))
    if isinstance(result, TeamsResult):
        return _team_line(result, held, board, room)
    entrant = entrant_of(held.entrant)
    for scored in [] if result is None else result.boards:
        if scored.board.number != board:
            continue
        for table in scored.tables:
            if entrant in table.ns_entrants or entrant in table.ew_entrants:
                return line_key(table.table.key)
    raise Refused(422, _("you did not play board %(board)s in this session", board=board))


@dataclass(frozen=True)
class TeamTable:
    """One of a team's two tables on a board of its match, as its player may ask about it."""

    board: int
    room: int  # 1: the home team sits North-South there
    side: str  # where the team's pair sat: "NS" or "EW"
    opponent: Any  # the other team (an Entrant)
    row: Any  # the table's TableResult
    line: str  # its line's key in the log


def team_tables(result: Any, held: rq.Pass) -> list[TeamTable]:
    """Every table the player's team played at, board by board of each of its matches."""
    from bridgescore.mailing import entrant_of
    from bridgescore.store.lines import line_key

    team = None if held.entrant is None else entrant_of(held.entrant)
    found = []
    for match in result.matches:
        if team not in (match.home, match.away):
            continue
        home = match.home == team
        other = match.away if home else match.home
        for compared in match.boards:
            for room, row in ((1, compared.room1), (2, compared.room2)):
                side = "NS" if (room == 1) == home else "EW"
                found.append(TeamTable(compared.board, room, side, other, row, line_key(row.key)))
    return found


def _team_line(result: Any, held: rq.Pass, board: int, room: int | None) -> str:
    """The line of the player's team's table in ``room`` on ``board`` of one of its matches."""
    tables = [t for t in team_tables(result, held) if t.board == board]
    if not tables:
        raise Refused(422, _("your team did not play board %(board)s in this session", board=board))
    for table in tables:
        if table.room == room:
            return table.line
    raise Refused(
        422,
        _(
            "which table? Choose your team's table in room 1 or in room 2 of board %(board)s",
            board=board,
        ),
    )


def ask(
    night: Service, actor: Actor, board: str, reason: str, proposed: str = "", room: str = ""
) -> rq.Request:
    """A player's request for a correction of ``board`` (at teams of four, of their team's
    table in ``room``): stored for the director, nothing else changed."""
    held = _held(actor)
    info = night.info(held.session_id)
    night.check(actor, Action.ASK_CORRECTION, info)
    if not (board.strip().isascii() and board.strip().isdigit()):
        raise Refused(422, _("which board? Choose the board you ask about"))
    words = " ".join(reason.split())
    if not words:
        raise Refused(422, _("say what is wrong: the director reads your reason"))
    if len(words) > REASON_LONGEST:
        raise Refused(
            422,
            _(
                "the reason is too long: at most %(reason_longest)s characters",
                reason_longest=REASON_LONGEST,
            ),
        )
    believed = " ".join(proposed.split()) or None
    if believed is not None and len(believed) > PROPOSED_LONGEST:
        raise Refused(
            422,
            _(
                "the result you believe right: at most %(proposed_longest)s characters",
                proposed_longest=PROPOSED_LONGEST,
            ),
        )
    table = whole(room, N_("the room"), low=1, high=2) if room.strip() else None
    key = line_of(privacy.result(night, held.session_id), held, int(board), table)
    now = store_api.utc_now()
    try:
        return rq.Requests(night.store).ask(
            held, int(board), key, words, believed, now, since=now - WINDOW, at_most=AT_MOST
        )
    except rq.TooMany as error:
        raise Refused(429, str(error)) from None
    except StoreError as error:
        raise Refused(422, str(error)) from None


def mail_link(
    night: Service, session_id: int, key: tuple[str, str, int, bool], label: str, server: str
) -> datetime:
    """Asked for from the score card of ``key`` (shown as ``label``) on the results site: each
    of its players the club has an address for is mailed a new link to ask for a correction
    (on a thread of its own; a failure is logged with the session's mails). Refused (429) when
    a link was asked for that card a moment ago. Says the same whoever has an address: the page
    tells no one whether the club has theirs. Returns when the correction period ends."""
    info = night.info(session_id)
    until = correction_period(info)
    if until is None or store_api.utc_now() > until:
        raise Refused(410, _("the correction period is over: ask the director in person"))
    now = store_api.utc_now()
    try:
        tokens = rq.Requests(night.store).issue_for_card(
            session_id, key, now, since=now - LINKS_EVERY, at_most=1
        )
    except rq.TooMany as error:
        raise Refused(429, str(error)) from None
    if tokens:
        worker = threading.Thread(
            target=_send_links,
            args=(night, session_id, tokens, label, server),
            name=f"bridgescore-links-{session_id}",
            daemon=True,
        )
        worker.start()
    return until


def _send_links(
    night: Service, session_id: int, tokens: dict[int, str], label: str, server: str
) -> None:
    from bridgescore.mailing import send_links

    try:
        send_links(night.store, session_id, tokens, label, server)
    except Exception:  # logged: the mail log and the director's page show what was sent
        LOG.exception("mailing the links of session %s", session_id)


# --- the director's side -------------------------------------------------------------------------


def requests(night: Service, actor: Actor, session_id: int) -> list[rq.Request]:
    """The session's requests, for whom may see the session's console."""
    night.check(actor, Action.WATCH, night.info(session_id))
    return rq.Requests(night.store).of_session(session_id)


def waiting(night: Service, session_id: int) -> list[rq.Request]:
    """The requests not answered yet (the watch page's alerts; its caller may see them)."""
    return [r for r in rq.Requests(night.store).of_session(session_id) if r.status == rq.OPEN]


def _open(night: Service, actor: Actor, session_id: int, request_id: int) -> rq.Request:
    night.check(actor, Action.ANSWER_REQUEST, night.info(session_id))
    try:
        found = rq.Requests(night.store).get(session_id, request_id)
    except StoreError as error:
        raise NotFound(str(error)) from None
    if found.status != rq.OPEN:
        raise Refused(
            422,
            _(
                "request %(request_id)s was %(status)s already by %(answered_by)s",
                request_id=request_id,
                status=found.status,
                answered_by=found.answered_by,
            ),
        )
    return found


def accept(
    night: Service,
    actor: Actor,
    session_id: int,
    request_id: int,
    result: str,
    words: str = "",
    *,
    override: bool = False,
) -> rq.Request:
    """Accept a request: the board's line corrected to ``result`` (traveller notation) through
    the entry service, a new entry whose reason names the request, then the request answered
    with it. Refused, and nothing written, when ``result`` is the one in force already."""
    found = _open(night, actor, session_id, request_id)
    if found.entry_key is None:
        raise Refused(
            422,
            _(
                "request %(request_id)s names no line: decline it and say why",
                request_id=request_id,
            ),
        )
    if not result.strip():
        raise Refused(422, _("give the board's corrected result, as a traveller line has it"))
    before = _in_force(night, session_id, found.entry_key)
    note = " ".join(words.split())
    reason = f"request {request_id} of {found.player}: {found.reason}"
    made = entry.correct(
        night,
        actor,
        session_id,
        found.entry_key,
        result,
        reason=reason + (f" — {note}" if note else ""),
        override=override,
    )
    if before is not None and made.id == before:
        raise Refused(
            422,
            _(
                "%(result)s is the result in force already: to keep it, decline the request "
                "and tell the player why",
                result=repr(made.result),
            ),
        )
    try:
        return rq.Requests(night.store).answer(
            session_id,
            request_id,
            rq.ACCEPTED,
            note,
            actor.name,
            store_api.utc_now(),
            correction=made.id,
        )
    except StoreError as error:
        raise Refused(422, str(error)) from None


def _in_force(night: Service, session_id: int, key: str) -> int | None:
    try:
        entries = night.store.history(session_id, key)
    except StoreError:
        return None
    return next((e.id for e in entries if e.current), None)


def decline(
    night: Service, actor: Actor, session_id: int, request_id: int, words: str
) -> rq.Request:
    """Decline a request, with the reason the player reads; nothing else changes."""
    _open(night, actor, session_id, request_id)
    note = " ".join(words.split())
    if not note:
        raise Refused(422, _("say why the request is declined: the player reads it"))
    try:
        return rq.Requests(night.store).answer(
            session_id, request_id, rq.DECLINED, note, actor.name, store_api.utc_now()
        )
    except StoreError as error:
        raise Refused(422, str(error)) from None


__all__ = [
    "AT_MOST",
    "LINKS_EVERY",
    "NOT_VALID",
    "PlayerPage",
    "TeamTable",
    "Tries",
    "accept",
    "ask",
    "correction_period",
    "decline",
    "is_over",
    "line_of",
    "mail_link",
    "page",
    "player",
    "requests",
    "team_tables",
    "waiting",
]
