"""Before publishing, in the console: the entries that look wrong, each with its reason and a link
to its line (where the director corrects it), and a button to confirm it as it stands; publishing
while some are not confirmed is asked once more. The list and the rules are the night's
(:mod:`bridgescore.night.review`); nothing is changed by itself."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.anomalies import kind_said
from bridgescore.languages import N_
from bridgescore.languages.text import shown
from bridgescore.night import Action, Actor, LiveSession, Service
from bridgescore.night import review as night_review
from bridgescore.night.numbers import whole
from bridgescore.web import screens
from bridgescore.web.app import form_action, get, is_json, night_of, page, post, require, session_id

Data = dict[str, Any]


def found_data(session: int, found: night_review.Found) -> Data:
    confirmed = found.confirmed
    return {
        "line": found.key,
        "entry": found.entry_id,
        "board": found.board,
        "round": found.round,
        "table": found.table,
        "section": found.section,
        "result": found.result,
        "kind": found.kind,
        "reason": found.reason,  # English, as the file's checks give it
        "kind_said": kind_said(found.kind),  # both in the club's language
        "reason_said": str(shown(found.reason)),
        "url": f"/director/sessions/{session}/history?line={quote(found.key)}",
        "board_url": f"/director/sessions/{session}/boards/{found.board}",
        "confirmed": None
        if confirmed is None
        else {
            "by": confirmed.confirmed_by,
            "at": confirmed.confirmed_at.isoformat(),
            "note": confirmed.note,
        },
    }


def review_data(night: Service, actor: Actor, live: LiveSession) -> Data:
    found = night_review.review(night, actor, live.id)
    return {
        "page": "review",
        "session": screens.head(live),
        "deals": found.deals,
        "found": [found_data(live.id, f) for f in found.found],
        "unconfirmed": len(found.unconfirmed),
        "may_confirm": night.may(actor, Action.CONFIRM, live.info),
    }


def summary(night: Service, actor: Actor, live: LiveSession) -> Data:
    """What the session's page says of the list: how many, how many not confirmed."""
    found = night_review.review(night, actor, live.id)
    return {"listed": len(found.found), "unconfirmed": len(found.unconfirmed)}


def review_page(request: Request) -> Response:
    actor, token = require(request)
    night = night_of(request)
    live = night.session(actor, session_id(request))
    data = review_data(night, actor, live)
    return page(request, "review.html", data, json_twin=is_json(request), actor=actor, token=token)


@form_action
def confirm(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """An entry confirmed as it stands, for one reason."""
    session = session_id(request)
    entry = form.get("entry", "").strip()
    done = night_review.confirm(
        night_of(request),
        actor,
        session,
        form.get("line", ""),
        form.get("kind", ""),
        whole(entry, N_("the entry")) if entry else None,  # "²" is a digit, not a number
        form.get("note"),
    )
    if request.url.path.endswith(".json"):
        return JSONResponse(
            {
                "entry": done.entry_id,
                "kind": done.kind,
                "by": done.confirmed_by,
                "at": done.confirmed_at.isoformat(),
                "note": done.note,
            }
        )
    return RedirectResponse(f"/director/sessions/{session}/review", 303)


def ask_to_publish(
    request: Request, actor: Actor, token: str, asked: night_review.Unconfirmed, minutes: str
) -> Response:
    """Publishing with entries not confirmed: the list, and publish anyway (409)."""
    session = session_id(request)
    data = {
        "page": "publish",
        "session": {"id": session},
        "minutes": minutes,
        "message": asked.message,
        "found": [found_data(session, f) for f in asked.review.unconfirmed],
    }
    return page(
        request, "publish_asked.html", data, json_twin=False, actor=actor, token=token, status=409
    )


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [*get(session + "/review", review_page), *post(session + "/review/confirm", confirm)]
