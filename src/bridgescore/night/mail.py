"""Results by e-mail from the console: the club's mail server, and the sendings of a session.

A director sends a published session's results from its mail page; a club may instead have
them go out by themselves (its ``send_on_publish`` setting) when the session is published and
after each correction. Each sending is a run (:mod:`bridgescore.store.mail_runs`): claimed in
the database first, so a session has one run at a time across every worker, then carried out on
a thread of its own by the same loop as ``bridgescore mail`` (:func:`bridgescore.mailing
.send_session`): each player's results, or what a correction changed, and the answers to their
requests for corrections. Each mail is logged, sent or failed; the console's mail page shows
every one (pushed, like every change), and a run that ends with failures is tried again by
itself :data:`RETRIES` times, :data:`RETRY_AFTER` seconds apart (and by the next run, whatever
starts it). A correction made while a run sends starts another when it ends, so nobody keeps
figures a correction changed. An answer to a request goes out whenever the club has a server.

The server's password is kept (the server needs it) and never shown back: the settings' page
says only whether one is set, and a form that leaves it empty keeps it.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, replace

from bridgescore.errors import BridgeScoreError
from bridgescore.languages import _
from bridgescore.mailing import MailOutcome, send_session
from bridgescore.night.permissions import Action, Actor
from bridgescore.night.refusals import Refused
from bridgescore.night.service import Service
from bridgescore.store import StoreError
from bridgescore.store import api as store_api
from bridgescore.store.live import PUBLISHED, LiveInfo
from bridgescore.store.mail import SECURITY, Logged, SmtpSettings, check_settings
from bridgescore.store.mail_runs import MailRuns, Run
from bridgescore.store.outreach import PlayersSide

LOG = logging.getLogger("bridgescore.night")
RETRIES = 2  # runs after one that ended with failures
RETRY_AFTER = 300.0  # seconds before each
TRIES = 3  # attempts at each mail within a run
PAUSE = 2.0  # seconds before the second attempt (twice that before the third)
AGAIN = 5  # runs one after another while corrections keep coming


@dataclass(frozen=True)
class Links:
    """Where a mail's links go: ``server`` the console's address (players ask for corrections
    there), ``site`` the session's published results."""

    server: str | None
    site: str | None


# --- the club's server ---------------------------------------------------------------------------


def _club(actor: Actor) -> str:
    if actor.user is None:
        raise Refused(403, _("only a director of the club can change its mail server"))
    return actor.user.club


def settings(night: Service, actor: Actor) -> SmtpSettings | None:
    """The club's SMTP server, for its director (the password is never shown)."""
    night.check_club(actor, Action.MAIL_SETTINGS)
    return PlayersSide(night.store).smtp(_club(actor))


def set_settings(night: Service, actor: Actor, form: dict[str, str]) -> SmtpSettings:
    """The club's SMTP server as the form gives it: an empty password keeps the one set,
    ``forget_password`` forgets it."""
    night.check_club(actor, Action.MAIL_SETTINGS)
    club = _club(actor)
    side = PlayersSide(night.store)
    current = side.smtp(club)
    security = form.get("security", "").strip() or "starttls"
    if security not in SECURITY:
        raise Refused(
            422,
            _("the security %(security)s is not starttls, tls or none", security=repr(security)),
        )
    port_text = form.get("port", "").strip()
    if port_text and not port_text.isdigit():
        raise Refused(
            422, _("the port must be a number, not %(port_text)s", port_text=repr(port_text))
        )
    port = int(port_text) if port_text else {"starttls": 587, "tls": 465, "none": 25}[security]
    password = form.get("password", "")
    if form.get("forget_password") in ("on", "true", "yes", "1"):
        kept = None
    elif password:
        kept = password
    else:
        kept = current.password if current is not None else None
    new = SmtpSettings(
        form.get("host", "").strip(),
        port,
        security,
        form.get("sender", "").strip(),
        form.get("username", "").strip() or None,
        kept,
        form.get("send_on_publish") in ("on", "true", "yes", "1"),
    )
    try:
        side.set_smtp(check_settings(new), club=club, by=actor.name)
    except StoreError as error:
        raise Refused(422, str(error)) from None
    return new


# --- a session's sendings ------------------------------------------------------------------------


def _published(night: Service, session_id: int) -> LiveInfo:
    info = night.info(session_id)
    if info.status != PUBLISHED:
        raise Refused(422, _("publish the results first: players are sent the published results"))
    return info


def send(night: Service, actor: Actor, session_id: int, links: Links) -> Run:
    """The director's sending of the session's results: a run started (refused while one is
    under way, before publishing, or without a mail server)."""
    night.check(actor, Action.SEND_MAIL, night.info(session_id))
    info = _published(night, session_id)
    if PlayersSide(night.store).smtp_for_session(session_id) is None:
        raise Refused(
            422, _("the club has no mail server yet: a director sets it on the club's mail page")
        )
    run = _start(night, info.id, "director", actor.name, links)
    if run is None:
        going = MailRuns(night.store).under_way(session_id, store_api.utc_now())
        since = "" if going is None else f" (since {going.started_at:%H:%M} UTC)"
        raise Refused(
            409,
            _("the results are being sent already%(since)s: the page shows how far", since=since),
        )
    return run


def after_publish(night: Service, session_id: int, links: Links) -> Run | None:
    """The results sent by themselves on publishing, when the club says so."""
    return _automatic(night, session_id, "publish", links)


def after_correction(night: Service, session_id: int, links: Links) -> Run | None:
    """After a correction of a published session, its new figures sent to the players it
    changed, when the club says so (a run under way sends them when it ends)."""
    return _automatic(night, session_id, "correction", links)


def after_answer(night: Service, session_id: int, links: Links) -> Run | None:
    """The director's answer to a request mailed to the player, whenever the club has a mail
    server (and the new figures with it, when the club sends them by itself)."""
    found = PlayersSide(night.store).smtp_for_session(session_id)
    if found is None:
        return None
    return _start(night, session_id, "request", "the console", links, figures=found.send_on_publish)


def _automatic(night: Service, session_id: int, reason: str, links: Links) -> Run | None:
    found = PlayersSide(night.store).smtp_for_session(session_id)
    if found is None or not found.send_on_publish:
        return None
    if night.info(session_id).status != PUBLISHED:
        return None
    return _start(night, session_id, reason, "the console", links)


def _start(
    night: Service, session_id: int, reason: str, by: str, links: Links, *, figures: bool = True
) -> Run | None:
    """Claim a run and carry it out on a thread of its own (None: one is under way, and
    sends what this one would when it ends)."""
    run = MailRuns(night.store).claim(session_id, reason, by, store_api.utc_now())
    if run is None:
        return None
    worker = threading.Thread(
        target=_carry_out,
        args=(night, run, links, figures),
        name=f"bridgescore-mail-{session_id}",
        daemon=True,
    )
    worker.start()
    return run


def _carry_out(night: Service, run: Run, links: Links, figures: bool) -> None:
    """The run; then another while something came to send meanwhile (a correction, an answer
    to a request), and the retries of failures."""
    retries = RETRIES
    for _attempt in range(AGAIN + RETRIES):
        log = night.store.marks(run.session_id).log
        failed = _once(night, run, links, figures)
        if night.store.marks(run.session_id).log != log or _unsent_answers(night, run):
            reason = "correction"
        elif failed and retries > 0:
            retries -= 1
            time.sleep(RETRY_AFTER)
            reason = "retry"
        else:
            return
        following = MailRuns(night.store).claim(
            run.session_id, reason, run.started_by, store_api.utc_now()
        )
        if following is None:
            return  # another run took over: it sends what is due
        run = following


def _unsent_answers(night: Service, run: Run) -> bool:
    """Whether a request was answered while the run sent, and no mail tried to tell it (to a
    player with an address: the others read the answer on their page)."""
    from bridgescore.store.requests import Requests

    untold = [r for r in Requests(night.store).untold(run.session_id) if r.told is None]
    if not untold:
        return False
    addressed = {r.player_id for r in PlayersSide(night.store).recipients(run.session_id)}
    return any(r.player_id in addressed for r in untold)


def _once(night: Service, run: Run, links: Links, figures: bool) -> bool:
    """One run: each mail logged as it goes, the run's figures kept beside it; whether some
    mail failed. A failure of the run itself is said on the mail page, never lost."""
    runs = MailRuns(night.store)
    counts = {"sent": 0, "failed": 0, "current": 0}

    def told(step: MailOutcome) -> None:
        if step.status in counts:
            counts[step.status] += 1
            runs.beat(
                run.id,
                store_api.utc_now(),
                sent=counts["sent"],
                failed=counts["failed"],
                current=counts["current"],
            )

    problem = None
    try:
        send_session(
            night.store,
            run.session_id,
            server=links.server,
            site=links.site,
            tries=TRIES,
            pause=PAUSE,
            by=run.started_by,
            told=told,
            figures=figures,
        )
    except BridgeScoreError as error:
        problem = str(error)
    except Exception:  # the run's thread must say what became of it, whatever happened
        LOG.exception("sending the results of session %s", run.session_id)
        problem = "the sending failed: the error is in the server's log"
    try:
        runs.beat(
            run.id,
            store_api.utc_now(),
            sent=counts["sent"],
            failed=counts["failed"],
            current=counts["current"],
            problem=problem,
            finished=True,
        )
    except Exception:
        LOG.exception("recording the end of mail run %s", run.id)
    return counts["failed"] > 0 or problem is not None


# --- what the console shows ----------------------------------------------------------------------


@dataclass(frozen=True)
class MailState:
    """A session's mail page: the club's server (never its password), the run under way and
    the last ones, what each player would be sent now, and every mail logged."""

    info: LiveInfo
    settings: SmtpSettings | None
    under_way: Run | None
    runs: list[Run]
    due: list[MailOutcome]  # what each player would be sent now: "would", "current" or "no card"
    log: list[Logged]
    problem: str | None  # why the session cannot be mailed at all


def state(night: Service, actor: Actor, session_id: int) -> MailState:
    info = night.info(session_id)
    night.check(actor, Action.WATCH, info)
    side = PlayersSide(night.store)
    found = side.smtp_for_session(session_id)
    shown = None if found is None else replace(found, password="set" if found.password else None)
    # The runs are read first: a run read as ended has logged every mail it sent, so what is
    # due, worked out afterwards, never shows one of them as still to send.
    runs = MailRuns(night.store)
    under_way = runs.under_way(session_id, store_api.utc_now())
    done = runs.runs(session_id)
    due: list[MailOutcome] = []
    problem = None
    try:
        due = list(send_session(night.store, session_id, dry_run=True, double_dummy=False).steps)
    except BridgeScoreError as error:
        problem = str(error)
    return MailState(
        info,
        shown,
        under_way,
        done,
        due,
        list(reversed(side.mail_log(session_id))),
        problem,
    )


__all__ = [
    "RETRIES",
    "RETRY_AFTER",
    "Links",
    "MailState",
    "after_answer",
    "after_correction",
    "after_publish",
    "send",
    "set_settings",
    "settings",
    "state",
]
