"""The director's lockouts page: failed logins and table codes, counted per address and per
account or code (:mod:`bridgescore.night.throttle`), each with where it stands (counting,
waiting a delay, locked out) and a button to lift it; its JSON twin and the lift's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.languages import N_, _
from bridgescore.night import Actor, Refused, throttle
from bridgescore.night.numbers import whole
from bridgescore.web.app import form_action, get, is_json, night_of, page, post, require, wants_json


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat(timespec="seconds")


def lockout_data(found: throttle.Lockout) -> dict[str, Any]:
    row, state = found.throttle, found.state
    status = (
        "locked"
        if state.locked_until is not None
        else "waiting"
        if state.wait_until is not None
        else "lifted"
        if row.failures == 0 and row.lifted_at is not None
        else "counting"
    )
    return {
        "id": row.id,
        "kind": row.kind,
        "key": row.key,
        "words": found.words,
        "failures": row.failures,
        "free": found.limit.free,
        "lock": found.limit.lock,
        "first_at": _time(row.first_at),
        "last_at": _time(row.last_at),
        "status": status,
        "until": _time(state.locked_until or state.wait_until),
        "lifted_at": _time(row.lifted_at),
        "lifted_by": row.lifted_by,
    }


def lockouts_page(request: Request) -> Response:
    """Every count the director's club may see from the last hour, the newest first."""
    actor, token = require(request)
    found = throttle.lockouts(night_of(request), actor)
    data = {
        "page": "lockouts",
        "period_minutes": int(throttle.PERIOD.total_seconds() // 60),
        "lockouts": [lockout_data(f) for f in found],
    }
    return page(
        request, "lockouts.html", data, json_twin=is_json(request), actor=actor, token=token
    )


@form_action
def lift(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Lift a lockout or a delay: its count starts again."""
    number = form.get("id", "")
    if not number.strip():
        raise Refused(400, _("which one? (an id is missing)"))
    lifted = throttle.lift(night_of(request), actor, whole(number, N_("the lockout's id")))
    if wants_json(request):
        return JSONResponse(
            {
                "lifted": lifted.id,
                "key": lifted.key,
                "by": lifted.lifted_by,
                "at": _time(lifted.lifted_at),
            }
        )
    return RedirectResponse("/director/lockouts", 303)


def routes() -> list[Route]:
    return [*get("/director/lockouts", lockouts_page), *post("/director/lockouts/lift", lift)]
