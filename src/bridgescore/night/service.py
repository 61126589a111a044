"""The club night over one store: what a worker keeps, and the ways in that are not a result.

A :class:`Service` is made once per worker (``bridgescore serve``) or per command
(``bridgescore sessions correct``). It keeps each session's scoring per revision of its log
(:class:`~bridgescore.night.scoring.Snapshots`), each session's movement, and the watchers of
changes (:class:`~bridgescore.night.changes.Changes`); it answers who is logged in and opens a
session for an actor who may see it (:meth:`Service.session`). Results go through
:mod:`bridgescore.night.entry`, the phones and the tables page through
:mod:`bridgescore.night.tables`, setting a session up through :mod:`bridgescore.night.setup`.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import timedelta
from types import MappingProxyType
from typing import Any

from bridgescore.bridge import Vulnerability
from bridgescore.errors import ParseError
from bridgescore.languages import LANGUAGES, PSEUDO, _
from bridgescore.languages.text import shown
from bridgescore.movements import Movement
from bridgescore.movements import jsonform as movement_json
from bridgescore.night.changes import Changes
from bridgescore.night.permissions import Action, Actor, Grant, Rule, cell, check, role_of
from bridgescore.night.refusals import NotFound, Refused, as_refusal
from bridgescore.night.scoring import Snapshot, Snapshots
from bridgescore.night.session import LiveSession
from bridgescore.store import Store, StoreError, open_store
from bridgescore.store.engine import DatabaseFailure, Unavailable, failure, input_fault
from bridgescore.store.live import PUBLISHED, LiveInfo, User
from bridgescore.store.results import SessionInfo
from bridgescore.store.tables import Device, Plan, TableView

LANGUAGE_SECONDS = 5.0
VIEWS_KEPT = 4096  # tables whose phones' view a worker keeps: a federation's evening's busiest


class Service:
    """See the module."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.scores = Snapshots(store)
        self.changes = Changes(store.marks)
        self._movements: dict[int, tuple[int, Movement | None]] = {}  # by the plan's version
        self._plans: dict[int, Plan] = {}
        self._secrets: dict[str, str] = {}
        self._language: tuple[float, str] = (0.0, "en")  # (read until, the club's language)
        # by table id: each view as of its table's revision, with the boards it was read with
        self._views: dict[int, tuple[TableView, Mapping[int, str]]] = {}
        self._played: dict[int, tuple[Plan, Mapping[int, str]]] = {}  # by session, per plan read

    @classmethod
    def open(cls, db: str | None = None) -> Service:
        """The night over the database ``db`` (a path or URL; see ``open_store``)."""
        return cls(open_store(db))

    def close(self) -> None:
        self.store.close()

    # --- sessions and who may see them -----------------------------------------------------------

    def info(self, session_id: int) -> LiveInfo:
        try:
            return self.store.live_info(session_id)
        except StoreError as error:
            raise as_refusal(
                error,
                NotFound(_("no stored session with id %(session_id)s", session_id=session_id)),
            ) from None

    def movement(self, info: LiveInfo) -> Movement | None:
        """The session's movement (None for an imported session), read once per worker, and
        again when its plan's version has changed (a Swiss event's grows with each round
        drawn: its names, a late entry's, are then read again too)."""
        if not info.planned:
            return None
        kept = self._movements.get(info.id)
        if kept is None or kept[0] != info.plan_version:
            self._plans.pop(info.id, None)
            text = self.plan(info.id).plan  # read after the version: never older than it
            kept = (info.plan_version, movement_json.loads(text) if text else None)
            self._movements[info.id] = kept
        return kept[1]

    def plan(self, session_id: int) -> Plan:
        """What does not change while a session is played (its title, pairs' names, boards'
        vulnerability and dealer), read once per worker."""
        if session_id not in self._plans:
            try:
                self._plans[session_id] = self.store.live_plan(session_id)
            except StoreError as error:
                missing = NotFound(
                    _("no stored session with id %(session_id)s", session_id=session_id)
                )
                raise as_refusal(error, missing) from None
        return self._plans[session_id]

    def table_view(
        self, device: Device, boards: Mapping[int, str], revision: int | None = None
    ) -> TableView:
        """What the table's phones are shown of the log (see
        :meth:`bridgescore.store.Store.table_view`), kept per table: read again unless the view
        kept was read at ``revision``, the table's revision the caller has just read. Every
        change to what the view holds (an entry, a held result, a call, a phone) raises that
        revision in its transaction, and the view and its revision are read as one state, so a
        view kept at the revision read now is the table as it is now: on any worker, since the
        revision is the database's (the ETag of a phone's state relies on the same)."""
        kept = self._views.get(device.table_id)
        # The boards too: a plan changed without the table's revision (a Swiss draw adding a
        # round) gives a new mapping (`played` makes one per plan), so the view is read again.
        if (
            revision is not None
            and kept is not None
            and kept[0].revision == revision
            and kept[1] is boards
        ):
            return kept[0]
        view = self.store.table_view(device, boards)
        self._views.pop(device.table_id, None)  # the newest last: the oldest go first
        self._views[device.table_id] = (view, boards)
        while len(self._views) > VIEWS_KEPT:
            self._views.pop(next(iter(self._views)), None)
        return view

    def played(self, session_id: int) -> Mapping[int, str]:
        """Each board's vulnerability as it was played, from the plan kept: made once per plan
        read (a congress's 600 boards, made again for every phone's state, cost a tenth of a
        millisecond each time)."""
        plan = self.plan(session_id)
        kept = self._played.get(session_id)
        if kept is None or kept[0] is not plan:
            kept = (plan, MappingProxyType({n: board[0] for n, board in plan.boards.items()}))
            self._played[session_id] = kept
        return kept[1]

    def vulnerability(self, session_id: int, board: int) -> Vulnerability:
        """The vulnerability the session's board is played at, which a result is read at."""
        found = self.plan(session_id).boards.get(board)
        if found is None:
            raise Refused(
                422,
                _(
                    "session %(session_id)s has no board %(board)s",
                    session_id=session_id,
                    board=board,
                ),
            )
        return Vulnerability(found[0])

    def grants(self, club_id: int) -> frozenset[Grant]:
        return granted(self.store.grants(club_id))

    def set_grants(self, actor: Actor, club_id: int, granted: Iterable[Grant]) -> None:
        if actor.user is None or actor.user.club_id != club_id:
            raise Refused(403, _("only a director of the club can change what it grants"))
        self.check_club(actor, Action.GRANT)
        self.store.set_grants(club_id, frozenset(g.value for g in granted))

    def check(self, actor: Actor, action: Action, info: LiveInfo, table: str | None = None) -> Rule:
        """The actor's ``action`` on the session, as the permission table says (refused with a
        :class:`Refused`); the club's grants are read only when the table's cell is one."""
        role = role_of(actor, info.id, info.club_id, table)
        grants = self.grants(info.club_id) if isinstance(cell(role, action), Grant) else ()
        return check(
            actor, action, session_id=info.id, club_id=info.club_id, grants=grants, table=table
        )

    def may(self, actor: Actor, action: Action, info: LiveInfo) -> bool:
        """Whether the actor may do ``action`` (for the buttons a page offers; the server
        checks again when it is done)."""
        try:
            return self.check(actor, action, info) is Rule.ALLOW
        except Refused:
            return False

    def check_club(self, actor: Actor, action: Action) -> None:
        """An action on the club rather than on one session (setting one up, grants)."""
        session, club = 0, -1
        if actor.user is not None:
            club = actor.user.club_id
        elif actor.device is not None:
            session, club = actor.device.session_id, actor.device.club_id
        check(actor, action, session_id=session, club_id=club, grants=())

    def session(self, actor: Actor, session_id: int, action: Action = Action.WATCH) -> LiveSession:
        """The session as its console pages show it, for an actor who may (``action``)."""
        info = self.info(session_id)
        self.check(actor, action, info)
        marks = self.store.marks(session_id)
        snapshot = self.scores.snapshot(session_id, marks)
        return LiveSession(self, info, snapshot, marks.revision)

    def revision(self, actor: Actor, session_id: int) -> int:
        """The session's revision, for an actor who may see it: while it is the one a page was
        made at, the page is still true (its ETag)."""
        info = self.info(session_id)
        self.check(actor, Action.WATCH, info)
        return self.store.revision(session_id)

    def snapshot(self, session_id: int) -> Snapshot:
        return self.scores.snapshot(session_id)

    def sessions(self, actor: Actor) -> tuple[list[SessionInfo], dict[int, str]]:
        """The actor's club's sessions (oldest first) and each one's status."""
        if actor.user is None:
            raise Refused(401, _("log in first"))
        club = actor.user.club_id
        return self.store.sessions(actor.user.club), self.store.statuses(club)

    def publish(
        self,
        actor: Actor,
        session_id: int,
        provisional: timedelta,
        site: Callable[[Any], None] | None = None,
    ) -> LiveInfo:
        """Publish the session (its correction period ``provisional``): the phones' passes end.
        With ``site``, the session's results as they are published are given to it first: a
        site that cannot be written raises before anything is published (the session stays
        live)."""
        info = self.info(session_id)
        self.check(actor, Action.PUBLISH, info)
        marks = self.store.marks(session_id)
        if marks.log == 0:
            raise Refused(422, _("there are no results to publish"))
        shown = None
        if site is not None:
            snapshot = self.scores.snapshot(session_id, marks)
            site(snapshot.result)
            shown = snapshot.log  # published only if no result arrived since
        try:
            return self.store.publish(session_id, provisional, shown)
        except StoreError as error:
            raise as_refusal(error, Refused(422, str(error))) from None

    def set_deals(self, actor: Actor, session_id: int, deals: dict[int, str]) -> list[int]:
        info = self.info(session_id)
        self.check(actor, Action.HAND_RECORDS, info)
        return self.store.set_deals(session_id, deals)

    # --- published results: everyone's --------------------------------------------------------

    def published_sessions(self) -> list[SessionInfo]:
        """Every club's published sessions, newest first."""
        status = self.store.statuses()
        return [s for s in reversed(self.store.sessions()) if status.get(s.id) == PUBLISHED]

    def published(self, session_id: int) -> tuple[Any, LiveInfo]:
        """A published session scored (shared like every view), and its state."""
        try:
            info = self.store.live_info(session_id)
        except StoreError as error:
            raise as_refusal(error, NotFound(_("no such page"))) from None
        if info.status != PUBLISHED:
            raise NotFound(_("no such page"))
        return self.scores.snapshot(session_id).result, info

    # --- who is logged in ----------------------------------------------------------------------

    def user(self, username: str) -> User | None:
        return self.store.user(username)

    def set_password(self, user_id: int, password_hash: str) -> None:
        self.store.set_password(user_id, password_hash)

    def start_login(self, user_id: int, lifetime: timedelta) -> str:
        return self.store.start_login(user_id, lifetime)

    def login_user(self, token: str) -> User | None:
        return self.store.login_user(token)

    def end_login(self, token: str) -> None:
        self.store.end_login(token)

    def setting(self, name: str, default: str) -> str:
        """A setting every worker shares; ``default`` alone when the database cannot be
        written to keep it (read-only: its logins cannot be kept either)."""
        try:
            return self.store.setting(name, default)
        except DatabaseFailure as error:
            if self.failure(error) is None:
                raise
            return default

    def language(self) -> str:
        """The club's language (the setting ``language``), read once every
        :data:`LANGUAGE_SECONDS` per worker: every request asks it, and another worker's change
        arrives within that time."""
        until, code = self._language
        now = time.monotonic()
        if now >= until:
            # The copy kept (English at first) while the database cannot answer.
            with contextlib.suppress(Unavailable):
                code = self.setting("language", "en")
            if code not in LANGUAGES and code != PSEUDO:  # a newer bridgescore's language
                code = "en"
            self._language = (now + LANGUAGE_SECONDS, code)
        return code

    def kept_language(self) -> str | None:
        """The club's language while this worker's copy is fresh (None: ask :meth:`language`)."""
        until, code = self._language
        return code if time.monotonic() < until else None

    def set_language(self, actor: Actor, code: str) -> None:
        """The club's language chosen by a director: one of :data:`LANGUAGES`."""
        self.check_club(actor, Action.GRANT)
        if code not in LANGUAGES:
            raise Refused(
                422,
                _(
                    "no language %(code)s: expected one of %(languages)s",
                    code=repr(code[:20]),
                    languages=", ".join(LANGUAGES),
                ),
            )
        self.store.set_setting("language", code)
        self._language = (time.monotonic() + LANGUAGE_SECONDS, code)

    def secret(self, name: str) -> str:
        """A key every worker shares (made at random the first time), read once per worker."""
        if name not in self._secrets:
            self._secrets[name] = self.setting(name, secrets.token_hex(32))
        return self._secrets[name]

    # --- when the database fails -----------------------------------------------------------------

    def failure(self, error: BaseException) -> Refused | None:
        """A database failure as the refusal a client is answered with: 503 and the sentence
        when the database cannot be used now (locked, read-only, a full disk, the server gone),
        422 when it refused a value of the request; None for anything else (a bug keeps its
        traceback)."""
        if isinstance(error, Unavailable):
            return Refused(503, str(error))
        said = failure(error, self.store.url)
        if said is None:
            return None
        return Refused(422 if input_fault(error) else 503, str(shown(said)))


def granted(words: Iterable[str]) -> frozenset[Grant]:
    """The grants stored as these words."""
    return frozenset(_grants(words))


def _grants(words: Iterable[str]) -> Iterator[Grant]:
    """The grants stored by their words; a word this version does not know (a newer
    bridgescore's) grants nothing."""
    for word in words:
        try:
            yield Grant.parse(word)
        except ParseError:
            continue
