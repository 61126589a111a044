"""The pages everyone may see: the published results of every club (exactly the report's
pages, with their JSON twins: a pairs session's rankings, travellers and score cards, a teams
session's rankings and matches, boards and teams' evenings), and logging in and out of the
console."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.languages import _, written_time
from bridgescore.night import Actor, Refused, Service, throttle, utc_now
from bridgescore.night import hand_records as night_hands
from bridgescore.night import privacy as night_privacy
from bridgescore.night.awards import awarded
from bridgescore.night.hand_records import Analysis
from bridgescore.night.permissions import ANONYMOUS
from bridgescore.reports import html, views
from bridgescore.reports.model import board_page, entrant_page, evening_page
from bridgescore.reports.team_evening import TeamEvenings, link_evenings, positions, team_page
from bridgescore.teams_results import TeamsResult
from bridgescore.web import auth, hand_records
from bridgescore.web.app import (
    LOGIN_LIFETIME,
    PRE_LOGIN,
    address,
    bridge,
    form_action,
    is_json,
    night_of,
    page,
    posted,
    session_id,
    twin,
    wants_json,
    who,
)
from bridgescore.web.hand_records import published_pages

# --- the published results ----------------------------------------------------------------


def home(request: Request) -> Response:
    """The published results of every club (nothing else is shown without logging in)."""
    data = {
        "page": "home",
        "sessions": [
            {
                "id": s.id,
                "club": s.club,
                "title": s.title,
                "date": s.date_text,
                "url": f"/results/{s.id}/",
            }
            for s in night_of(request).published_sessions()
        ],
    }
    actor, token = who(request) if request.cookies.get(auth.COOKIE) else (ANONYMOUS, "")
    return page(request, "home.html", data, json_twin=is_json(request), actor=actor, token=token)


def results_page(request: Request) -> Response:
    """A published session's pages: exactly the report's, with their JSON twins."""
    name, json_twin = twin(request)
    if name == "":
        return RedirectResponse(f"/results/{session_id(request)}/index.html", 303)
    result, info = night_privacy.published(night_of(request), session_id(request))
    if request.path_params["name"] == html.STYLESHEET:
        return _stylesheet()
    if isinstance(result, TeamsResult):
        pages: Any = published_teams(night_of(request), session_id(request), result, info)
        data, template = _teams_page(pages, name)
    else:
        evening = name.endswith("-evening")  # its opening leads solved, only for its page
        pages = published_pages(night_of(request), session_id(request), result, info, leads=evening)
        data, template = _report_page(pages, name)
    site = pages.site()
    until = _aware(info.provisional_until)
    if until is not None and utc_now() < until:
        site = {**site, "provisional_until": written_time(until)}
    if json_twin:
        return JSONResponse(views.evening_twin(data) if template == "evening.html" else data)
    env = bridge(request).env(result.rules)
    text = env.get_template(f"published_{template}").render(
        site=site, page=name, data=data, stylesheet=html.STYLESHEET
    )
    return HTMLResponse(text)


def _report_page(pages: views.SessionPages, name: str) -> tuple[Any, str]:
    if name == "index":
        return pages.rankings(), "index.html"
    if name == "recap":
        return pages.recap(), "recap.html"
    for board in pages.result.boards:
        if board_page(board) == name:
            return pages.traveller(board), "board.html"
    for entrant in pages.card_entrants():
        if entrant_page(entrant) == name:
            return pages.card(entrant), "card.html"
        if evening_page(entrant) == name:
            return pages.evening(entrant), "evening.html"
    if name.endswith("-evening"):
        raise Refused(
            404,
            _(
                "no such page: this session has no evening %(name)s (each pair's or player's "
                "is linked from the rankings)",
                name=name,
            ),
        )
    raise Refused(404, _("no such page"))


@dataclass(frozen=True)
class TeamsSite:
    """A published teams-of-four session's pages: the ranking and matches, each board's
    comparison of the rooms, each team's evening (with the deals' analyses when loaded)."""

    pages: views.TeamsPages
    evenings: TeamEvenings

    def site(self) -> dict[str, Any]:
        return self.pages.site()


def published_teams(
    night: Any,
    session: int,
    result: TeamsResult,
    info: Any,
    analyses: Mapping[int, Analysis] | None = None,
) -> TeamsSite:
    """A published teams session's pages (``analyses``: as :func:`published_pages`)."""
    if analyses is None:
        analyses = night_hands.published_analyses(night, session)
    solved = hand_records.solved(analyses)
    leads = hand_records.published_leads(positions(result)) if solved else None
    found = awarded(night, info, result)
    return TeamsSite(
        views.TeamsPages(result, solved, found.awards), TeamEvenings(result, solved, leads)
    )


def write_site(
    night: Service, session: int, into: Path, analyses: Mapping[int, Analysis] | None = None
) -> None:
    """The session's published pages written into ``into`` (``--publish-to``, the console's
    zip, a site written again): the pages served at ``/results/N/``, from the same analyses,
    awards and opening leads, every name as its player lets it be published. ``analyses``:
    the stored ones of a session being published (the served ones once it is)."""
    result = night_privacy.result(night, session)
    info = night.info(session)
    if isinstance(result, TeamsResult):
        found = published_teams(night, session, result, info, analyses)
        html.write_teams_site(result, into, pages=found.pages, evenings=found.evenings)
    else:
        pages = published_pages(night, session, result, info, leads=True, analyses=analyses)
        html.write_site(result, into, pages=pages)


def _teams_page(found: TeamsSite, name: str) -> tuple[Any, str]:
    if name == "index":
        return link_evenings(found.pages.rankings(), found.evenings.entrants()), "teams.html"
    for number in found.pages.board_numbers():
        if name == f"board-{number}":
            return found.pages.traveller(number), "teams_board.html"
    for team in found.evenings.entrants():
        if team_page(team) == name:
            return found.evenings.page(team), "team_evening.html"
    raise Refused(404, _("no such page"))


def _aware(moment: datetime | None) -> datetime | None:
    """A time read back from the database, in UTC (SQLite keeps no time zone)."""
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


def _stylesheet() -> Response:
    text = resources.files("bridgescore.reports").joinpath("templates", html.STYLESHEET)
    return Response(text.read_text(encoding="utf-8"), media_type="text/css")


def stylesheet(request: Request) -> Response:
    return _stylesheet()


# --- logging in and out --------------------------------------------------------------------------


async def login_form(request: Request) -> Response:
    token = request.cookies.get(PRE_LOGIN) or auth.new_secret()
    app = bridge(request)
    text = (
        app.console_env()
        .get_template("login.html")
        .render(
            data={"page": "login"},
            user=None,
            csrf=token,
            json_url=None,
            next=_safe_next(request.query_params.get("next", "")),
        )
    )
    response = HTMLResponse(text)
    _cookie(request, response, PRE_LOGIN, token, max_age=3600)
    return response


async def login(request: Request) -> Response:
    data = await posted(request)
    return await run_in_threadpool(_login, request, data)


def _login(request: Request, data: dict[str, str]) -> Response:
    pre = request.cookies.get(PRE_LOGIN)
    if not pre or not hmac.compare_digest(pre, data.get("csrf", "")):
        raise Refused(
            403, _("the form has expired or did not come from this site: reload the page")
        )
    night = night_of(request)
    name = data.get("username", "")
    where, account = throttle.address_key(address(request)), throttle.user_key(name)
    throttle.check(night, throttle.LOGIN, [where, account])  # 429 while either must wait
    found = night.user(name)
    if not auth.verify_password(found.password_hash if found else None, data.get("password", "")):
        club = found.club_id if found else None
        throttle.failed(night, throttle.LOGIN, {where: None, account: club})
        raise Refused(401, _("wrong user name or password"))
    assert found is not None
    throttle.succeeded(night, throttle.LOGIN, account)
    if auth.needs_rehash(found.password_hash):
        night.set_password(found.id, auth.hash_password(data.get("password", "")))
    token = night.start_login(found.id, LOGIN_LIFETIME)
    if wants_json(request):
        response: Response = JSONResponse(
            {
                "user": found.username,
                "role": found.role,
                "club": found.club,
                "csrf": auth.csrf_token(bridge(request).secret, token),
            }
        )
    else:
        response = RedirectResponse(_safe_next(data.get("next", "")) or "/director", 303)
    _cookie(request, response, auth.COOKIE, token, max_age=int(LOGIN_LIFETIME.total_seconds()))
    response.delete_cookie(PRE_LOGIN, path="/")
    return response


def _safe_next(target: str) -> str:
    return target if target.startswith("/director") and "//" not in target else ""


def _cookie(request: Request, response: Response, name: str, value: str, max_age: int) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


@form_action
def logout(request: Request, actor: Actor, token: str, data: dict[str, str]) -> Response:
    if actor.user is None:
        raise Refused(401, _("log in first"))
    night_of(request).end_login(token)
    response: Response = (
        JSONResponse({"logged_out": actor.user.username})
        if wants_json(request)
        else RedirectResponse("/", 303)
    )
    response.delete_cookie(auth.COOKIE, path="/")
    return response


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/index.json", home, methods=["GET"]),
        Route("/results/{session:int}/", results_page, methods=["GET"]),
        Route("/results/{session:int}/{name:str}", results_page, methods=["GET"]),
        Route("/static/bridgescore.css", stylesheet, methods=["GET"]),
        Route("/login", login_form, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/login.json", login, methods=["POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/logout.json", logout, methods=["POST"]),
    ]
