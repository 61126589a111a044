"""Results by e-mail for a stored session: the one sending loop of ``bridgescore mail`` and of
the console (:mod:`bridgescore.night.mail`).

For each player of the session with an address, their mail is made from the session as
published (names as every player lets them be shown; :mod:`bridgescore.reports.mail`) and
compared with what they were last sent: the same figures, nothing is sent; new figures after a
correction, a correction mail saying what changed; never sent, or last time it failed, their
results. Each mail is handed to the club's SMTP server (:mod:`bridgescore.reports.smtp`, tried
again while the failure is a passing one) and logged, sent or failed with the error, so nothing
is lost silently and the next run sends what failed. Then each answer the director gave to a
player's request for a correction that the player has not been sent yet.

While the session's correction period runs and the server's address is known (``server``),
each mail carries the player's own link to ask for a correction (a new pass for them,
:mod:`bridgescore.store.requests`).

This module sits above the store and the reports (it needs both) and below the club night.
"""

from __future__ import annotations

import getpass
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bridgescore.errors import BridgeScoreError
from bridgescore.reports import mail as compose
from bridgescore.reports import smtp
from bridgescore.store import Store
from bridgescore.store import requests as rq
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.privacy import Preferences, Recipient

TRIES = 3
PAUSE = 2.0


class MailProblem(BridgeScoreError):
    """A session whose results cannot be mailed: a teams match, or a club without a server."""


NO_SERVER = "the club has no SMTP server yet"


@dataclass(frozen=True)
class Step:
    """What became of one mail: ``status`` sent, failed, current (the player has these figures
    already), would (a dry run), or no card (the player's pair has no score card)."""

    player: str
    address: str
    kind: str  # results, correction, answer, link
    status: str
    subject: str = ""
    attempts: int = 0
    error: str | None = None


@dataclass
class Report:
    """What one run did, step by step."""

    session_id: int
    steps: list[Step] = field(default_factory=list)

    def count(self, status: str, *kinds: str) -> int:
        return sum(1 for s in self.steps if s.status == status and (not kinds or s.kind in kinds))

    @property
    def sent(self) -> int:
        return self.count("sent")

    @property
    def corrected(self) -> int:
        return self.count("sent", "correction")

    @property
    def current(self) -> int:
        return self.count("current")

    @property
    def failed(self) -> list[Step]:
        return [s for s in self.steps if s.status == "failed"]


Told = Callable[[Step], None]


def _now() -> datetime:
    return datetime.now(UTC)


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def server_of(settings: SmtpSettings) -> smtp.Server:
    return smtp.Server(
        settings.host, settings.port, settings.security, settings.username, settings.password
    )


@dataclass(frozen=True)
class Period:
    """The session's correction period as a mail tells it: open until ``until``."""

    until: datetime

    @property
    def words(self) -> str:
        return f"{self.until:%Y-%m-%d %H:%M} UTC"


def correction_period(store: Store, session_id: int, now: datetime) -> Period | None:
    """The correction period while it runs (None for a session never published from the
    console, or once it is over)."""
    info = store.live_info(session_id)
    until = info.provisional_until
    if info.status != "published" or until is None:
        return None
    until = until if until.tzinfo else until.replace(tzinfo=UTC)
    return Period(until) if now <= until else None


def ask_link(server: str, token: str) -> str:
    """A player's own page for asking for a correction (the pass in its path)."""
    return f"{server.rstrip('/')}/ask/{token}"


def send_session(
    store: Store,
    session_id: int,
    *,
    dry_run: bool = False,
    only: int | None = None,
    site: str | None = None,
    server: str | None = None,
    double_dummy: bool = True,
    tries: int = TRIES,
    pause: float = PAUSE,
    by: str | None = None,
    told: Told | None = None,
) -> Report:
    """Send (or, ``dry_run``, list) what is due for the session: each player's results or
    correction, then the answers to their requests (see the module). ``only``: one player's
    id; ``site``: the results site (each mail links its pages); ``server``: where players
    ask for corrections; ``told`` hears each step as it happens."""
    from bridgescore.results import SessionResult
    from bridgescore.store import sessions as ss

    who = by or _user()
    side = PlayersSide(store)
    result = ss.scored(side.published_rows(session_id), None)
    if not isinstance(result, SessionResult):
        raise MailProblem(
            f"session {session_id} is a teams match: results by e-mail are for pairs and "
            "individual sessions"
        )
    settings = side.smtp_for_session(session_id)
    if settings is None and not dry_run:
        raise MailProblem(NO_SERVER)
    recipients = side.recipients(session_id)
    if only is not None:
        recipients = [r for r in recipients if r.player_id == only]
    report = Report(session_id)

    def step(done: Step) -> None:
        report.steps.append(done)
        if told is not None:
            told(done)

    if not recipients:
        return report
    pages = _pages(result, double_dummy)
    period = correction_period(store, session_id, _now()) if server else None
    ranked = set(pages.card_entrants())
    last = side.last_sent(session_id)
    for recipient in recipients:
        entrant = entrant_of(recipient.entrant)
        if entrant not in ranked:
            step(Step(recipient.name, recipient.email, "results", "no card"))
            continue
        figures = compose.summary(pages, entrant)
        before = last.get(recipient.player_id)
        if before is not None and before.summary == figures:
            step(Step(recipient.name, recipient.email, "results", "current"))
            continue
        changed = None if before is None else compose.changes(before.summary, figures, pages)
        kind = "results" if before is None else "correction"
        words = Preferences(recipient.player_id, publish=recipient.publish).publish_words
        ask = None
        if period is not None and server is not None and not dry_run:
            token = rq.Requests(store).issue(session_id, recipient.player_id, "mail", _now())
            ask = compose.Ask(ask_link(server, token), period.words)
        made = compose.compose(
            pages, entrant, player=recipient.name, publish=words, changed=changed, site=site,
            ask=ask,
        )  # fmt: skip
        if dry_run:
            step(Step(recipient.name, recipient.email, kind, "would", made.subject))
            continue
        assert settings is not None
        done = _deliver(
            side, settings, session_id, recipient, kind, made, figures, tries, pause, who
        )
        step(done)
    if not dry_run:
        assert settings is not None
        for answered in rq.Requests(store).untold(session_id):
            if only is not None and answered.player_id != only:
                continue
            found = _answer(store, side, settings, answered, server, tries, pause, who)
            if found is not None:
                step(found)
    return report


def _pages(result: Any, double_dummy: bool) -> Any:
    from bridgescore.reports.views import SessionPages

    solved: dict[int, Any] = {}
    leads = None
    if double_dummy:
        from bridgescore.reports.analysis import positions
        from bridgescore.reports.leads import Leads
        from bridgescore.reports.views import solve

        solved = solve(result.session.boards.values())
        if solved:
            leads = Leads()
            leads.solve(positions(result.boards))
    return SessionPages(result, solved, leads=leads)


def entrant_of(key: tuple[str, str, int, bool]) -> Any:
    """A session's entrant from its key as the store keeps it (section, line, number, player)."""
    from bridgescore.bridge import Side
    from bridgescore.session import Entrant

    section, line, number, individual = key
    return Entrant(number, Side(line) if line else None, individual, section or None)


def _deliver(
    side: PlayersSide,
    settings: SmtpSettings,
    session_id: int,
    recipient: Recipient,
    kind: str,
    made: compose.Mail,
    figures: dict[str, Any],
    tries: int,
    pause: float,
    by: str,
    request_id: int | None = None,
) -> Step:
    """Hand one mail to the server and log it, whatever became of it."""
    message = made.message(settings.sender, recipient.email)
    outcome = smtp.deliver(server_of(settings), message, tries=tries, pause=pause)
    side.log_mail(
        session_id,
        recipient,
        kind,
        made.subject,
        figures,
        status="sent" if outcome.sent else "failed",
        attempts=outcome.attempts,
        error=outcome.error,
        by=by,
        request_id=request_id,
    )
    return Step(
        recipient.name,
        recipient.email,
        kind,
        "sent" if outcome.sent else "failed",
        made.subject,
        outcome.attempts,
        outcome.error,
    )


def _answer(
    store: Store,
    side: PlayersSide,
    settings: SmtpSettings,
    answered: rq.Request,
    server: str | None,
    tries: int,
    pause: float,
    by: str,
) -> Step | None:
    """The director's answer to a request, mailed to the player (None: they have no address
    now, and read it on their page)."""
    session_id = answered.session_id
    recipient = next(
        (r for r in side.recipients(session_id) if r.player_id == answered.player_id), None
    )
    if recipient is None:
        return None
    info = store.session(session_id)
    ask = None
    period = correction_period(store, session_id, _now()) if server else None
    if period is not None and server is not None:
        token = rq.Requests(store).issue(session_id, answered.player_id, "mail", _now())
        ask = compose.Ask(ask_link(server, token), period.words)
    result = None
    if answered.correction is not None and answered.entry_key is not None:
        entries = store.history(session_id, answered.entry_key)
        result = next((e.result for e in entries if e.id == answered.correction), None)
    made = compose.answer_mail(
        event=info.title or f"Session {session_id}",
        date=info.date_text,
        player=recipient.name,
        board=answered.board,
        reason=answered.reason,
        accepted=answered.status == rq.ACCEPTED,
        words=answered.answer or "",
        result=result,
        ask=ask,
    )
    return _deliver(
        side, settings, session_id, recipient, "answer", made, {}, tries, pause, by, answered.id
    )


def send_links(
    store: Store,
    session_id: int,
    key: tuple[str, str, int, bool],
    label: str,
    server: str,
    *,
    since: datetime,
    at_most: int,
    tries: int = TRIES,
    pause: float = PAUSE,
    by: str = "the results site",
) -> Report:
    """Each player of one entrant (``key``, shown as ``label``) who has an address gets a new
    link to ask for a correction (asked for from their score card; refused, as
    :class:`~bridgescore.store.requests.TooMany`, when asked for too often)."""
    side = PlayersSide(store)
    report = Report(session_id)
    period = correction_period(store, session_id, _now())
    settings = side.smtp_for_session(session_id)
    if period is None or settings is None:
        return report
    tokens = rq.Requests(store).issue_for_card(
        session_id, key, _now(), since=since, at_most=at_most
    )
    info = store.session(session_id)
    for recipient in side.recipients(session_id):
        token = tokens.get(recipient.player_id)
        if token is None:
            continue
        made = compose.link_mail(
            event=info.title or f"Session {session_id}",
            date=info.date_text,
            player=recipient.name,
            label=label,
            ask=compose.Ask(ask_link(server, token), period.words),
        )
        report.steps.append(
            _deliver(side, settings, session_id, recipient, "link", made, {}, tries, pause, by)
        )
    return report


__all__ = [
    "NO_SERVER",
    "MailProblem",
    "Period",
    "Report",
    "Step",
    "ask_link",
    "correction_period",
    "entrant_of",
    "send_links",
    "send_session",
    "server_of",
]
