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

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from bridgescore.errors import BridgeScoreError
from bridgescore.languages import LANGUAGES, N_, _, current, pgettext, use, written_time
from bridgescore.reports import mail as compose
from bridgescore.reports import smtp
from bridgescore.store import Store
from bridgescore.store import requests as rq
from bridgescore.store.api import command_line_user, utc_now
from bridgescore.store.mail import SmtpSettings
from bridgescore.store.outreach import PlayersSide
from bridgescore.store.privacy import Recipient

TRIES = 3
PAUSE = 2.0


class MailProblem(BridgeScoreError):
    """A session whose results cannot be mailed: a club without a server."""


NO_SERVER = N_("the club has no SMTP server yet")

# What a player lets the results show, as their mail's foot says it.
_PUBLISH = {
    "full": N_("full name"),
    "initials": N_("initials"),
    "number": N_("number only"),
    "hidden": N_("not shown"),
}


def club_language(store: Store) -> str:
    """The language the club's mails are in: its setting ``language`` (the console's set-up),
    or the command's own (``LANG``) when the club has chosen none."""
    from bridgescore.store import live as lv

    with store.reading() as conn:
        found = lv.read_setting(conn, "language")
    return found if found in LANGUAGES else current().code


def _publish_words(recipient: Recipient) -> str:
    words = _PUBLISH.get(str(recipient.publish.value))
    return recipient.publish.words if words is None else _(words)


def kind_said(kind: str) -> str:
    """A mail's kind as the mail log stores it (``results``, ``correction``, ``answer``,
    ``link``), said in the language as a column's word (the console's "answer" link is a
    verb)."""
    said = {
        "results": pgettext("a mail's kind in the mail log", "results"),
        "correction": pgettext("a mail's kind in the mail log", "correction"),
        "answer": pgettext("a mail's kind in the mail log", "answer"),
        "link": pgettext("a mail's kind in the mail log", "link"),
    }
    return said.get(kind, kind)


@dataclass(frozen=True)
class MailOutcome:
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
    steps: list[MailOutcome] = field(default_factory=list)

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
    def failed(self) -> list[MailOutcome]:
        return [s for s in self.steps if s.status == "failed"]


Told = Callable[[MailOutcome], None]


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
        return f"{written_time(self.until)} UTC"  # in the mail's language


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


@dataclass
class _Sending:
    """One run's context: the store, the server, what links a mail carries, and its report."""

    store: Store
    side: PlayersSide
    settings: SmtpSettings | None
    report: Report
    told: Told | None
    dry_run: bool
    site: str | None
    server: str | None
    tries: int
    pause: float
    by: str

    def step(self, done: MailOutcome) -> None:
        self.report.steps.append(done)
        if self.told is not None:
            self.told(done)

    def ask(self, player_id: int) -> compose.Ask | None:
        """A new link for the player to ask for a correction, while the period runs."""
        if self.server is None or self.dry_run:
            return None
        period = correction_period(self.store, self.report.session_id, utc_now())
        if period is None:
            return None
        token = rq.Requests(self.store).issue(self.report.session_id, player_id, "mail", utc_now())
        return compose.Ask(ask_link(self.server, token), period.words)

    def links(self, player_id: int) -> tuple[compose.Ask | None, str | None]:
        """A results mail's links of the player's own: to ask for a correction while the
        period runs, and to choose what the results show of their name -- the same pass
        during the period, a pass of its own after it (a published session's pass opens that
        page whatever the period)."""
        ask = self.ask(player_id)
        if ask is not None or self.server is None or self.dry_run:
            return ask, None
        if self.store.live_info(self.report.session_id).status != "published":
            return None, None  # a session the console never published has no page to choose
        token = rq.Requests(self.store).issue(self.report.session_id, player_id, "mail", utc_now())
        return None, f"{ask_link(self.server, token)}/name"

    def deliver(
        self,
        recipient: Recipient,
        kind: str,
        made: compose.Mail,
        figures: dict[str, Any],
        request_id: int | None = None,
    ) -> None:
        """Hand one mail to the server and log it, whatever became of it."""
        if self.dry_run:
            self.step(MailOutcome(recipient.name, recipient.email, kind, "would", made.subject))
            return
        assert self.settings is not None
        message = made.message(self.settings.sender, recipient.email)
        outcome = smtp.deliver(
            server_of(self.settings), message, tries=self.tries, pause=self.pause
        )
        status = "sent" if outcome.sent else "failed"
        self.side.log_mail(
            self.report.session_id,
            recipient,
            kind,
            made.subject,
            figures,
            status=status,
            attempts=outcome.attempts,
            error=outcome.error,
            by=self.by,
            request_id=request_id,
        )
        self.step(
            MailOutcome(
                recipient.name,
                recipient.email,
                kind,
                status,
                made.subject,
                outcome.attempts,
                outcome.error,
            )
        )

    def figures(self, result: Any, recipients: list[Recipient], double_dummy: bool) -> None:
        """Each player's results, or what a correction changed, when their figures are new."""
        pages = _pages(result, double_dummy)
        ranked = set(pages.card_entrants())
        last = self.side.last_sent(self.report.session_id)
        for recipient in recipients:
            entrant = entrant_of(recipient.entrant)
            if entrant not in ranked:
                self.step(MailOutcome(recipient.name, recipient.email, "results", "no card"))
                continue
            figures = compose.summary(pages, entrant)
            before = last.get(recipient.player_id)
            if before is not None and before.summary == figures:
                self.step(MailOutcome(recipient.name, recipient.email, "results", "current"))
                continue
            changed = None if before is None else compose.changes(before.summary, figures, pages)
            words = _publish_words(recipient)
            ask, own = self.links(recipient.player_id)
            made = compose.compose(
                pages,
                entrant,
                player=recipient.name,
                publish=words,
                changed=changed,
                site=self.site,
                ask=ask,
                own=own,
            )
            self.deliver(recipient, "results" if before is None else "correction", made, figures)

    def answer(self, recipient: Recipient, answered: rq.Request) -> None:
        """The director's answer to a player's request, mailed to them."""
        session_id = self.report.session_id
        info = self.store.session(session_id)
        result = None
        if answered.correction is not None and answered.entry_key is not None:
            entries = self.store.history(session_id, answered.entry_key)
            result = next((e.result for e in entries if e.id == answered.correction), None)
        made = compose.answer_mail(
            event=info.title or _("Session %(id)s", id=session_id),
            date=info.date_text,
            player=recipient.name,
            board=answered.board,
            reason=answered.reason,
            accepted=answered.status == rq.ACCEPTED,
            words=answered.answer or "",
            result=result,
            ask=self.ask(answered.player_id),
        )
        self.deliver(recipient, "answer", made, {}, answered.id)


def send_session(store: Store, session_id: int, **options: Any) -> Report:
    """Send (or, ``dry_run``, list) what is due for the session, in the club's language
    (:func:`club_language`): see :func:`_send_session` for the options."""
    with use(club_language(store)):
        return _send_session(store, session_id, **options)


def _send_session(
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
    figures: bool = True,
) -> Report:
    """Send (or, ``dry_run``, list) what is due for the session: each player's results or
    correction, then the answers to their requests (see the module). ``only``: one player's
    id; ``site``: the results site (each mail links its pages); ``server``: where players
    ask for corrections; ``told`` hears each step as it happens; ``figures`` False sends the
    answers alone."""
    from bridgescore.results import SessionResult
    from bridgescore.store import sessions as ss

    side = PlayersSide(store)
    result = ss.scored(side.published_rows(session_id), None)
    teams = not isinstance(result, SessionResult)  # teams of four: each team's evening
    settings = side.smtp_for_session(session_id)
    if settings is None and not dry_run:
        raise MailProblem(NO_SERVER)
    recipients = side.recipients(session_id)
    if only is not None:
        recipients = [r for r in recipients if r.player_id == only]
    sending = _Sending(
        store, side, settings, Report(session_id), told, dry_run, site, server, tries, pause,
        by or command_line_user(),
    )  # fmt: skip
    if not recipients:
        return sending.report
    if figures and teams:
        _team_figures(sending, result, recipients, double_dummy)
    elif figures:
        sending.figures(result, recipients, double_dummy)
    for answered in rq.Requests(store).untold(session_id):
        recipient = next((r for r in recipients if r.player_id == answered.player_id), None)
        if recipient is not None:  # without an address, they read the answer on their page
            sending.answer(recipient, answered)
    return sending.report


def _team_figures(
    sending: _Sending, result: Any, recipients: list[Recipient], double_dummy: bool
) -> None:
    """Each team's player's results (:mod:`bridgescore.reports.team_mail`), or what a
    correction changed, when their figures are new: as :meth:`_Sending.figures` for pairs."""
    from bridgescore.reports import team_mail
    from bridgescore.reports.leads import Leads
    from bridgescore.reports.team_evening import TeamEvenings, positions
    from bridgescore.reports.views import TeamsPages, solve

    solved = solve(result.session.boards.values()) if double_dummy else {}
    pages = TeamsPages(result, solved)
    leads = None
    if solved:
        leads = Leads()
        leads.solve(positions(result))
    evenings = TeamEvenings(result, solved, leads)
    ranked = set(evenings.entrants())
    last = sending.side.last_sent(sending.report.session_id)
    for recipient in recipients:
        entrant = entrant_of(recipient.entrant)
        if entrant not in ranked:
            sending.step(MailOutcome(recipient.name, recipient.email, "results", "no card"))
            continue
        figures = evenings.summary(entrant)
        before = last.get(recipient.player_id)
        if before is not None and before.summary == figures:
            sending.step(MailOutcome(recipient.name, recipient.email, "results", "current"))
            continue
        changed = (
            None if before is None else team_mail.changes(before.summary, figures, result.rules)
        )
        ask, own = sending.links(recipient.player_id)
        made = team_mail.compose(
            pages,
            evenings,
            entrant,
            player=recipient.name,
            publish=_publish_words(recipient),
            changed=changed,
            site=sending.site,
            ask=ask,
            own=own,
        )
        kind = "results" if before is None else "correction"
        sending.deliver(recipient, kind, made, figures)


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


def send_links(store: Store, session_id: int, *args: Any, **options: Any) -> Report:
    """Mail each player their link to ask for a correction, in the club's language: see
    :func:`_send_links`."""
    with use(club_language(store)):
        return _send_links(store, session_id, *args, **options)


def _send_links(
    store: Store,
    session_id: int,
    tokens: dict[int, str],
    label: str,
    server: str,
    *,
    tries: int = TRIES,
    pause: float = PAUSE,
    by: str = "the results site",
) -> Report:
    """Each player given a new pass (``tokens``, by player id) who has an address is mailed
    their link to ask for a correction: asked for from the score card of their pair (or
    themselves), ``label``. Nothing is sent once the correction period is over."""
    side = PlayersSide(store)
    period = correction_period(store, session_id, utc_now())
    settings = side.smtp_for_session(session_id)
    sending = _Sending(
        store, side, settings, Report(session_id), None, False, None, server, tries, pause, by
    )
    if period is None or settings is None:
        return sending.report
    info = store.session(session_id)
    for recipient in side.recipients(session_id):
        token = tokens.get(recipient.player_id)
        if token is None:
            continue
        made = compose.link_mail(
            event=info.title or _("Session %(id)s", id=session_id),
            date=info.date_text,
            player=recipient.name,
            label=label,
            ask=compose.Ask(ask_link(server, token), period.words),
        )
        sending.deliver(recipient, "link", made, {})
    return sending.report


__all__ = [
    "NO_SERVER",
    "MailOutcome",
    "MailProblem",
    "Period",
    "Report",
    "ask_link",
    "correction_period",
    "entrant_of",
    "kind_said",
    "send_links",
    "send_session",
    "server_of",
]
