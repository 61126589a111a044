"""Results by e-mail in the console: the club's mail server (a director's page; the password is
never shown back) and a session's mail page (send the results, follow a sending as it goes,
every mail sent or failed, what each player would be sent now). Each handler parses the request,
asks the night (:mod:`bridgescore.night.mail`) and renders its answer."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.night import Actor, LiveSession
from bridgescore.night import mail as night_mail
from bridgescore.web import screens
from bridgescore.web.app import (
    bridge,
    etag,
    form_action,
    get,
    is_json,
    night_of,
    page,
    post,
    require,
    session_id,
    tagged_page,
    wants_json,
)


def links(request: Request, session: int) -> night_mail.Links:
    """Where a session's mails link: this server (players ask for corrections here) and the
    session's published results on it."""
    given = bridge(request).public_url
    server = given.rstrip("/") if given else str(request.base_url).rstrip("/")
    return night_mail.Links(server, f"{server}/results/{session}/")


# --- the club's mail server ----------------------------------------------------------------------


def settings_data(club: str, found: Any) -> dict[str, Any]:
    return {
        "page": "club-mail",
        "club": club,
        "settings": None
        if found is None
        else {
            "host": found.host,
            "port": found.port,
            "security": found.security,
            "sender": found.sender,
            "username": found.username,
            "password": "set" if found.password else None,  # never the password itself
            "send_on_publish": found.send_on_publish,
        },
    }


def settings_page(request: Request) -> Response:
    actor, token = require(request)
    found = night_mail.settings(night_of(request), actor)
    assert actor.user is not None
    data = settings_data(actor.user.club, found)
    return page(
        request, "club_mail.html", data, json_twin=is_json(request), actor=actor, token=token
    )


@form_action
def save_settings(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    night = night_of(request)
    night_mail.set_settings(night, actor, form)
    if wants_json(request):
        assert actor.user is not None
        return JSONResponse(settings_data(actor.user.club, night_mail.settings(night, actor)))
    return RedirectResponse("/director/mail", 303)


# --- a session's mails ---------------------------------------------------------------------------


def _run(run: Any) -> dict[str, Any] | None:
    if run is None:
        return None
    return {
        "id": run.id,
        "reason": run.reason,
        "started_at": run.started_at.isoformat(),
        "started_by": run.started_by,
        "finished_at": None if run.finished_at is None else run.finished_at.isoformat(),
        "sent": run.sent,
        "failed": run.failed,
        "current": run.current,
        "problem": run.problem,
    }


def mail_data(live: LiveSession, state: night_mail.MailState) -> dict[str, Any]:
    """The session's mail page as plain data (its JSON twin)."""
    settings = state.settings
    return {
        "page": "mail",
        "session": screens.head(live),
        "server": None
        if settings is None
        else {
            "host": settings.host,
            "sender": settings.sender,
            "send_on_publish": settings.send_on_publish,
        },
        "problem": state.problem,
        "under_way": _run(state.under_way),
        "runs": [_run(r) for r in state.runs],
        "due": [
            {
                "player": s.player,
                "address": s.address,
                "kind": s.kind,
                "status": s.status,
                "subject": s.subject,
            }
            for s in state.due
        ],
        "failed": [
            _logged(e) for e in state.log if e.status == "failed" and not _sent_since(e, state.log)
        ],
        "log": [_logged(e) for e in state.log],
    }


def _logged(e: Any) -> dict[str, Any]:
    from bridgescore.mailing import kind_said

    return {
        "id": e.id,
        "player_id": e.player_id,
        "address": e.address,
        "kind": e.kind,
        "kind_said": kind_said(e.kind),  # in the club's language
        "subject": e.subject,
        "status": e.status,
        "attempts": e.attempts,
        "error": e.error,
        "at": (e.sent_at or e.created_at).isoformat(),
    }


def _sent_since(failed: Any, log: list[Any]) -> bool:
    """Whether a failed mail was made good later (the log is newest first)."""
    for e in log:
        if e.id <= failed.id:
            return False
        same = e.player_id == failed.player_id and (
            e.kind == failed.kind
            or {e.kind, failed.kind} <= {"results", "correction"}
            or (e.request_id is not None and e.request_id == failed.request_id)
        )
        if same and e.status == "sent":
            return True
    return False


def session_mail(request: Request) -> Response:
    actor, token = require(request)
    night = night_of(request)
    session = session_id(request)
    revision = night.revision(actor, session)
    tag = etag(request, token, "mail", session, revision)

    def make() -> dict[str, Any]:
        live = night.session(actor, session)
        return mail_data(live, night_mail.state(night, actor, session))

    return tagged_page(request, tag, "session_mail.html", make, actor=actor, token=token)


@form_action
def send(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Send the session's results now: a run started; the page follows it."""
    session = session_id(request)
    run = night_mail.send(night_of(request), actor, session, links(request, session))
    if wants_json(request):
        return JSONResponse({"run": _run(run), "url": f"/director/sessions/{session}/mail"}, 202)
    return RedirectResponse(f"/director/sessions/{session}/mail", 303)


def after_publish(request: Request, session: int) -> None:
    """The club's own sending on publishing (called by the console's publish)."""
    night_mail.after_publish(night_of(request), session, links(request, session))


def after_correction(request: Request, session: int) -> None:
    """The club's own sending after a correction of a published session."""
    night_mail.after_correction(night_of(request), session, links(request, session))


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        *get("/director/mail", settings_page),
        *post("/director/mail", save_settings),
        *get(session + "/mail", session_mail),
        *post(session + "/mail/send", send),
    ]
