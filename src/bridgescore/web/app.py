"""``bridgescore serve``: the director's and scorer's console, and the published results.

A Starlette application over one :class:`~bridgescore.night.Service`, the club night's one
way in. A handler here parses the request, asks the night, and renders the answer; who may do
what, and every rule of entry, are the night's. Workers keep nothing between requests that
another worker would need (logins, the CSRF key and every result are in the database), so
several can serve one PostgreSQL database behind a reverse proxy. Every page ``/…/x`` has a
JSON twin ``/…/x.json`` made from the same data; every error, HTML or JSON, goes through
:func:`error_response` and has one shape: ``{"error": {"status": 400, "message": "..."}}``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import io
import logging
import os
import re
import tempfile
import threading
import uuid
import zipfile
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridgescore import __version__
from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.night import (
    LIVE,
    PUBLISHED,
    Action,
    Actor,
    Grant,
    Refused,
    Service,
    TypedResult,
    entry,
    setup,
)
from bridgescore.night import tables as night_tables
from bridgescore.night.permissions import ANONYMOUS
from bridgescore.reports import html, views
from bridgescore.reports.model import board_page, entrant_page
from bridgescore.rules import Rules, rules_named
from bridgescore.web import auth, screens

LOG = logging.getLogger("bridgescore.web")
LOGIN_LIFETIME = timedelta(hours=12)
PRE_LOGIN = "bridgescore_csrf"  # the double-submit token of the login form
STREAM_SECONDS = 300.0  # an event stream ends after this; the browser opens another at once
KEEPALIVE = 15.0  # seconds between two comments on a quiet event stream
_TARGET = re.compile(r"^[a-z0-9-]{1,60}$")


# --- the one error shape -------------------------------------------------------------------------


def wants_json(request: Request) -> bool:
    path = request.url.path
    accept = request.headers.get("accept", "")
    return (
        path.endswith(".json")
        or path.startswith("/t/api/")
        or ("application/json" in accept and "text/html" not in accept)
    )


def error_response(request: Request, status: int, message: str) -> Response:
    """Every error the server answers: the same words in HTML, a fragment (htmx) or JSON."""
    if wants_json(request):
        return JSONResponse({"error": {"status": status, "message": message}}, status)
    app: BridgeApp = request.app.state.bridge
    if request.headers.get("hx-request"):
        fragment = app.console_env().get_template("problem.html").render(message=message)
        response = HTMLResponse(fragment, status)
        target = request.headers.get("x-bridgescore-target", "")
        if _TARGET.match(target):
            response.headers["HX-Retarget"] = f"#{target}"
            response.headers["HX-Reswap"] = "innerHTML"
        return response
    page = (
        app.console_env()
        .get_template("error.html")
        .render(
            status=status, message=message, version=__version__, user=None, csrf="", json_url=None
        )
    )
    return HTMLResponse(page, status)


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return error_response(request, error.status, error.message)


async def _bridgescore_error(request: Request, error: Exception) -> Response:
    return error_response(request, 422, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {404: "no such page", 405: "that method is not allowed here"}
    return error_response(request, error.status_code, words.get(error.status_code, error.detail))


async def _server_error(request: Request, error: Exception) -> Response:
    LOG.exception("error serving %s", request.url.path, exc_info=error)
    return error_response(request, 500, "the server failed: the error is in its log")


# --- the application -----------------------------------------------------------------------------


class BridgeApp:
    """What every request shares: the night, the CSRF key, the templates."""

    def __init__(
        self, night: Service, publish_folder: Path | None = None, public_url: str | None = None
    ) -> None:
        self.night = night
        self.publish_folder = publish_folder
        self.public_url = public_url  # the address phones reach, for the table cards' QR codes
        self.secret = night.setting("csrf_key", auth.new_secret())
        self._envs: dict[Rules, jinja2.Environment] = {}
        self._watched: dict[tuple[int, int], tuple[dict[str, Any], Rules | None]] = {}
        self._watched_guard = threading.Lock()

    def watched(
        self, key: tuple[int, int], make: Callable[[], tuple[dict[str, Any], Rules | None]]
    ) -> tuple[dict[str, Any], Rules | None]:
        """The watch page's data for (session, revision), made once however many consoles ask:
        a revision is one state of the session, so its page is the same for every one."""
        with self._watched_guard:
            found = self._watched.get(key)
        if found is None:
            found = make()
            with self._watched_guard:
                self._watched[key] = found
                while len(self._watched) > 32:
                    self._watched.pop(next(iter(self._watched)))
        return found

    def env(self, rules: Rules) -> jinja2.Environment:
        """The report's templates and filters (rounded by ``rules``), with the console's."""
        if rules not in self._envs:
            env = html.environment(rules)
            env.loader = jinja2.ChoiceLoader(
                [jinja2.PackageLoader("bridgescore.web", "templates"), env.loader]  # type: ignore[list-item]
            )
            env.globals["version"] = __version__
            env.globals["client_id"] = lambda: uuid.uuid4().hex
            self._envs[rules] = env
        return self._envs[rules]

    def console_env(self) -> jinja2.Environment:
        return self.env(rules_named("club"))


def bridge(request: Request) -> BridgeApp:
    found: BridgeApp = request.app.state.bridge
    return found


def night_of(request: Request) -> Service:
    return bridge(request).night


# --- who is asking -------------------------------------------------------------------------------


def who(request: Request) -> tuple[Actor, str]:
    """The actor behind a request and its login token ("" for a phone or nobody): a table's
    phone by the pass in its ``Authorization`` header, a user by the login cookie."""
    night = night_of(request)
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return Actor(device=night_tables.phone(night, header[7:].strip())), ""
    token = request.cookies.get(auth.COOKIE)
    if token:
        user = night.login_user(token)
        if user is not None:
            return Actor(user=user), token
    return ANONYMOUS, ""


def require(request: Request) -> tuple[Actor, str]:
    actor, token = who(request)
    if actor == ANONYMOUS:
        raise Refused(401, "log in first")
    return actor, token


def check_csrf(request: Request, token: str, data: dict[str, str]) -> None:
    """A login's form must carry its CSRF token (a phone's pass is a header no other site can
    send, so a phone's request needs none)."""
    given = data.get("csrf") or request.headers.get("x-csrf-token")
    if not auth.csrf_ok(bridge(request).secret, token, given):
        raise Refused(403, "the form has expired or did not come from this site: reload the page")


async def posted(request: Request) -> dict[str, str]:
    """The posted form, or JSON object, as text fields."""
    if request.headers.get("content-type", "").startswith("application/json"):
        try:
            body = await request.json()
        except ValueError:
            raise Refused(400, "expected a JSON object") from None
        if not isinstance(body, dict):
            raise Refused(400, "expected a JSON object")
        return {str(k): "" if v is None else str(v) for k, v in body.items()}
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


Handler = Callable[[Request, Actor, str, dict[str, str]], Response]


def form_action(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A POST endpoint: the form read, then the asker found, the CSRF token checked and the
    handler run, all on a worker thread (the database calls block)."""

    async def endpoint(request: Request) -> Response:
        data = await posted(request)

        def run() -> Response:
            actor, token = require(request)
            if actor.user is not None:
                check_csrf(request, token, data)
            return handler(request, actor, token, data)

        return await run_in_threadpool(run)

    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


# --- rendering -----------------------------------------------------------------------------------


def page(
    request: Request,
    template: str,
    data: dict[str, Any],
    *,
    json_twin: bool,
    actor: Actor = ANONYMOUS,
    token: str = "",
    rules: Rules | None = None,
    status: int = 200,
    headers: dict[str, str] | None = None,
) -> Response:
    """A page, or its JSON twin: the same data."""
    if json_twin:
        return JSONResponse(data, status, headers=headers)
    app = bridge(request)
    env = app.env(rules or rules_named("club"))
    base = request.url.path.removesuffix(".html")
    text = env.get_template(template).render(
        data=data,
        user=actor.user,
        csrf=auth.csrf_token(app.secret, token) if token else "",
        json_url=f"{base}.json" + (f"?{request.url.query}" if request.url.query else ""),
    )
    return HTMLResponse(text, status, headers=headers)


def is_json(request: Request) -> bool:
    return request.url.path.endswith(".json")


def _twin(request: Request) -> tuple[str, bool]:
    """The page name from the path and whether the JSON twin is asked for."""
    name = request.path_params.get("name", "")
    if name.endswith(".json"):
        return name.removesuffix(".json"), True
    return name.removesuffix(".html"), False


def etag(request: Request, token: str, *parts: object) -> str:
    """A page's ETag: what it was made from (``parts``: a revision), for whom (the login, whose
    CSRF token the page carries) and in which form (HTML or JSON)."""
    login = hashlib.sha256(token.encode()).hexdigest()[:12]
    form = "j" if is_json(request) else "h"
    return f'W/"{"-".join(map(str, parts))}-{login}-{form}-{__version__}"'


def unchanged(request: Request, tag: str) -> Response | None:
    """304 when the client already has the page this ETag names."""
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers={"ETag": tag, "Cache-Control": "no-cache"})
    return None


def session_id(request: Request) -> int:
    return int(request.path_params["session"])


# --- public pages --------------------------------------------------------------------------------


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
    name, json_twin = _twin(request)
    if name == "":
        return RedirectResponse(f"/results/{session_id(request)}/index.html", 303)
    result, info = night_of(request).published(session_id(request))
    if request.path_params["name"] == html.STYLESHEET:
        return _stylesheet()
    pages = views.SessionPages(result)
    site = pages.site()
    until = _aware(info.provisional_until)
    if until is not None and _now() < until:
        site = {**site, "provisional_until": until.strftime("%Y-%m-%d %H:%M")}
    data, template = _report_page(pages, name)
    if json_twin:
        return JSONResponse(data)
    env = bridge(request).env(result.rules)
    text = env.get_template(f"published_{template}").render(
        site=site, page=name, data=data, stylesheet=html.STYLESHEET
    )
    return HTMLResponse(text)


def _report_page(pages: Any, name: str) -> tuple[Any, str]:
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
    raise Refused(404, "no such page")


def results_chart(request: Request) -> Response:
    result, _ = night_of(request).published(session_id(request))
    pages = views.SessionPages(result)
    name = request.path_params["name"]
    for entrant in pages.card_entrants():
        card = pages.card(entrant)
        if card.get("chart") == name:
            svg = html.chart_svg(card, pages.site()["imps"])
            return Response(svg, media_type="image/svg+xml")
    raise Refused(404, "no such page")


def results_page_or_chart(request: Request) -> Response:
    if request.path_params["name"].endswith(".svg"):
        return results_chart(request)
    return results_page(request)


def _now() -> datetime:
    return datetime.now(UTC)


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
        raise Refused(403, "the form has expired or did not come from this site: reload the page")
    night = night_of(request)
    found = night.user(data.get("username", ""))
    if not auth.verify_password(found.password_hash if found else None, data.get("password", "")):
        raise Refused(401, "wrong user name or password")
    assert found is not None
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
        raise Refused(401, "log in first")
    night_of(request).end_login(token)
    response: Response = (
        JSONResponse({"logged_out": actor.user.username})
        if wants_json(request)
        else RedirectResponse("/", 303)
    )
    response.delete_cookie(auth.COOKIE, path="/")
    return response


# --- the director's pages ------------------------------------------------------------------------


def director_home(request: Request) -> Response:
    actor, token = require(request)
    sessions, status = night_of(request).sessions(actor)
    assert actor.user is not None
    data = screens.sessions_data(actor.user.club, sessions, status)
    return page(
        request, "sessions.html", data, json_twin=is_json(request), actor=actor, token=token
    )


def setup_page(request: Request) -> Response:
    actor, token = require(request)
    night = night_of(request)
    form = dict(request.query_params)
    players = setup.players(night, actor)  # refused unless the actor may set sessions up
    pairs = setup.whole(form.get("pairs", ""), "the number of pairs", 0)
    minutes = setup.whole(form.get("minutes", "") or "150", "the minutes", 150)
    choices: list[Any] = []
    contestants: list[Any] = []
    problem = None
    if pairs:
        try:
            choices = setup.movement_choices(pairs, minutes)
        except BridgeScoreError as error:
            problem = str(error)
        pick = form.get("movement", "")
        if choices and pick.isdigit():
            contestants = list(setup.chosen_movement(pairs, minutes, int(pick)).contestants)
    data = screens.setup_data(form, setup.RULE_SETS, choices, contestants, players, problem)
    return page(request, "setup.html", data, json_twin=is_json(request), actor=actor, token=token)


@form_action
def create(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    made = setup.create_session(night_of(request), actor, form)
    if wants_json(request):
        return JSONResponse({"session": made, "url": f"/director/sessions/{made}"}, 201)
    return RedirectResponse(f"/director/sessions/{made}", 303)


def watch(request: Request) -> Response:
    """The session's page: what is missing, held for the director, the provisional rankings.
    Answered 304 while its revision is the one the browser has; the page learns of a change
    from its event stream (:func:`session_events`)."""
    actor, token = require(request)
    night = night_of(request)
    revision = night.revision(actor, session_id(request))
    tag = etag(request, token, "s", session_id(request), revision)
    fresh = unchanged(request, tag)
    if fresh is not None:
        return fresh

    def make() -> tuple[dict[str, Any], Rules | None]:
        live = night.session(actor, session_id(request))
        return screens.watch(live), live.result.rules if live.result is not None else None

    data, rules = bridge(request).watched((session_id(request), revision), make)
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    return page(
        request,
        "watch.html",
        data,
        json_twin=is_json(request),
        actor=actor,
        token=token,
        rules=rules,
        headers=headers,
    )


def board(request: Request) -> Response:
    actor, token = require(request)
    live = night_of(request).session(actor, session_id(request))
    data = screens.grid(live, int(request.path_params["board"]))
    return page(request, "grid.html", data, json_twin=is_json(request), actor=actor, token=token)


def table_round(request: Request) -> Response:
    actor, token = require(request)
    live = night_of(request).session(actor, session_id(request))
    data = screens.slip(live, int(request.path_params["table"]), int(request.path_params["round"]))
    return page(request, "slip.html", data, json_twin=is_json(request), actor=actor, token=token)


async def deals(request: Request) -> Response:
    """Hand records from a PBN file: each board's deal, shown on the published travellers."""
    form = await request.form()
    upload = form.get("pbn")
    content = None if upload is None or isinstance(upload, str) else await upload.read()
    name = "deals.pbn" if upload is None or isinstance(upload, str) else upload.filename
    csrf = form.get("csrf")

    def run() -> Response:
        actor, token = require(request)
        if actor.user is not None:
            check_csrf(request, token, {"csrf": csrf if isinstance(csrf, str) else ""})
        night = night_of(request)
        night.check(actor, Action.HAND_RECORDS, night.info(session_id(request)))
        if content is None:
            raise Refused(400, "choose a PBN file of the deals")
        given = hand_records(content, name or "deals.pbn")
        done = night.set_deals(actor, session_id(request), given)
        if wants_json(request):
            return JSONResponse({"boards": done})
        return RedirectResponse(f"/director/sessions/{session_id(request)}", 303)

    return await run_in_threadpool(run)


def hand_records(data: bytes, name: str) -> dict[int, str]:
    """Each board's deal in a PBN file of hand records (as a dealing program writes them)."""
    from bridgescore.deal import Deal
    from bridgescore.formats.pbn import syntax

    text, _ = syntax.decode(data)
    document = syntax.loads(text, path=name)
    document.raise_for_problems()
    found: dict[int, str] = {}
    for game in document.games:
        number, deal = game.tag("Board"), game.tag("Deal")
        if number is None or deal is None or not number.resolved.strip().isdigit():
            continue
        found[int(number.resolved)] = str(Deal.from_pbn(deal.resolved).pbn())
    if not found:
        raise ParseError(f"{name}: no board with a Board and a Deal tag")
    return found


def typed(form: dict[str, str]) -> TypedResult:
    return TypedResult(
        form.get("contract", ""),
        form.get("declarer", ""),
        form.get("tricks", ""),
        form.get("lead", ""),
    )


def place(form: dict[str, str], *, table: bool = True) -> tuple[int, int, int | None]:
    """The board, round and table a result is for (a phone's own table: ``table`` False)."""
    try:
        where = int(form["table"]) if table or form.get("table", "").strip() else None
        return int(form["board"]), int(form["round"]), where
    except (KeyError, ValueError):
        words = "its board, round and table" if table else "its board and round"
        raise Refused(400, f"a result needs {words}") from None


@form_action
def check(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """A row as typed, checked by the server without storing it."""
    board_, round_, table = place(form)
    found = night_tables.check(
        night_of(request),
        actor,
        session_id(request),
        board=board_,
        round=round_,
        table=table,
        typed=typed(form),
    )
    if found.line is None:  # the grid checks a whole row: say what is missing
        typed(form).notation()
    data = screens.checked(found)
    if wants_json(request) or not request.headers.get("hx-request"):
        return JSONResponse(data)
    fragment = bridge(request).console_env().get_template("checked.html").render(data=data)
    return HTMLResponse(fragment)


@form_action
def submit(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Store one result; the answer (the stored row) is sent only after the commit."""
    night = night_of(request)
    board_, round_, table = place(form)
    done = entry.enter(
        night,
        actor,
        session_id(request),
        board=board_,
        round=round_,
        table=table,
        typed=typed(form),
        client_id=form.get("client_id") or None,
        reason=form.get("reason") or None,
        override=form.get("override") == "on",
    )
    assert done.entry is not None  # a user's result is applied or refused, never held
    live = night.session(actor, session_id(request))
    grid = screens.grid(live, board_)
    row = next(r for r in grid["rows"] if r["key"] == done.entry.entry_key)
    data = {
        "stored": done.stored,
        "entry": {
            "id": done.entry.id,
            "key": done.entry.entry_key,
            "result": done.entry.result,
            "recorded_at": done.entry.recorded_at.isoformat(),
        },
        "row": row,
    }
    if wants_json(request) or not request.headers.get("hx-request"):
        return JSONResponse(data, 201 if done.stored else 200)
    fragment = (
        bridge(request)
        .console_env()
        .get_template("grid_row.html")
        .render(
            row=row,
            data=grid,
            slip="/tables/" in request.headers.get("hx-current-url", ""),
            just_stored=True,
            csrf=auth.csrf_token(bridge(request).secret, token),
        )
    )
    return HTMLResponse(fragment)


def history(request: Request) -> Response:
    actor, token = require(request)
    live = night_of(request).session(actor, session_id(request))
    key = request.query_params.get("line", "")
    data = screens.history_data(live, key, live.history(key))
    return page(request, "history.html", data, json_twin=is_json(request), actor=actor, token=token)


@form_action
def correct(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    key = form.get("line", "")
    entry.correct(
        night_of(request),
        actor,
        session_id(request),
        key,
        form.get("result", ""),
        reason=form.get("reason", ""),
        assigned=form.get("assigned") == "on",
        lead=form.get("lead") or None,
        client_id=form.get("client_id") or None,
        override=form.get("override") == "on",
    )
    return _after(request, key)


@form_action
def undo(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    key = form.get("line", "")
    entry.undo(
        night_of(request), actor, session_id(request), key, override=form.get("override") == "on"
    )
    return _after(request, key)


def _after(request: Request, key: str) -> Response:
    url = f"/director/sessions/{session_id(request)}/history?line={quote(key)}"
    if wants_json(request):
        return JSONResponse({"url": url})
    return RedirectResponse(url, 303)


@form_action
def publish(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    minutes = form.get("minutes", "") or "60"
    if not minutes.isdigit():
        raise Refused(422, f"the correction period must be a number of minutes, not {minutes!r}")
    night = night_of(request)
    info = night.publish(actor, session_id(request), timedelta(minutes=int(minutes)))
    folder = bridge(request).publish_folder
    if folder is not None:  # the results site written out as well, as bridgescore report would
        result, _ = night.published(info.id)
        _write_site(result, folder / f"session-{info.id}")
    if wants_json(request):
        return JSONResponse(
            {
                "published_at": None
                if info.published_at is None
                else info.published_at.isoformat(),
                "provisional_until": None
                if info.provisional_until is None
                else info.provisional_until.isoformat(),
                "url": f"/results/{info.id}/",
            }
        )
    return RedirectResponse(f"/director/sessions/{info.id}", 303)


def _write_site(result: Any, target: Path) -> None:
    """The site written into ``target`` whole: a new folder swapped in for the old one."""
    import shutil

    target.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    html.write_site(result, fresh, double_dummy=False)
    old = target.with_name(f".{target.name}-old")
    if target.exists():
        target.rename(old)
    fresh.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def export(request: Request) -> Response:
    """The published site as a zip: the same pages as ``bridgescore report``."""
    actor, _ = require(request)
    live = night_of(request).session(actor, session_id(request))
    if live.result is None:
        raise Refused(422, "there are no results to export")
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
        html.write_site(live.result, Path(folder), double_dummy=False)
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(Path(folder).iterdir()):
                archive.write(path, f"session-{live.id}/{path.name}")
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="session-{live.id}.zip"'},
    )


def cards(request: Request) -> Response:
    """Table cards, personal cards, travellers and pick-up slips of the session's movement."""
    actor, _ = require(request)
    live = night_of(request).session(actor, session_id(request))
    if live.movement is None:
        raise Refused(404, "this session has no movement (it was imported)")
    from bridgescore.reports.guides import render_guides

    name = request.path_params["name"]
    pages = render_guides(live.movement)
    if name not in pages:
        raise Refused(404, "no such page")
    if name.endswith(".json"):
        return Response(pages[name], media_type="application/json")
    return HTMLResponse(pages[name])


# --- what the club grants ------------------------------------------------------------------------


def club_page(request: Request) -> Response:
    """What the club lets its scorers and its tables do beyond their roles (a director's)."""
    actor, token = require(request)
    assert actor.user is not None or actor.device is not None
    night = night_of(request)
    night.check_club(actor, Action.GRANT)
    assert actor.user is not None
    data = club_data(actor.user.club, night.grants(actor.user.club_id))
    return page(request, "club.html", data, json_twin=is_json(request), actor=actor, token=token)


def club_data(club: str, granted: frozenset[Grant]) -> dict[str, Any]:
    return {
        "page": "club",
        "club": club,
        "grants": [{"name": g.value, "words": g.words, "granted": g in granted} for g in Grant],
    }


@form_action
def set_club(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    if actor.user is None:
        raise Refused(403, "only a director of the club can change what it grants")
    night = night_of(request)
    granted = [g for g in Grant if form.get(g.value) in ("on", "true", "yes", "1")]
    night.set_grants(actor, actor.user.club_id, granted)
    if wants_json(request):
        return JSONResponse(club_data(actor.user.club, frozenset(granted)))
    return RedirectResponse("/director/club", 303)


# --- the event streams ---------------------------------------------------------------------------


async def session_events(request: Request) -> Response:
    """The console's event stream: an event ``change`` with the session's revision whenever
    it changes (the watch and tables pages then fetch themselves again)."""

    def allowed() -> None:
        actor, _ = require(request)
        night_of(request).revision(actor, session_id(request))

    await run_in_threadpool(allowed)
    night = night_of(request)
    return event_stream(night, session_id(request), lambda marks: marks.revision)


def event_stream(night: Service, session: int, mark: Callable[[Any], int | None]) -> Response:
    """Server-sent events: ``change`` (its data the new mark) each time ``mark`` of the
    session's marks changes, a comment every :data:`KEEPALIVE` seconds, ended after
    :data:`STREAM_SECONDS` (a browser's EventSource opens a new one by itself)."""

    async def events() -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        loop = asyncio.get_running_loop()
        started = loop.time()
        seen: int | None = None
        first = True
        while loop.time() - started < STREAM_SECONDS:
            found = await night.changes.wait(session, _other(mark, seen, first), KEEPALIVE)
            if found is None:
                yield ": still here\n\n"
                continue
            first = False
            seen = mark(found)
            yield f"event: change\ndata: {seen}\n\n"

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _other(
    mark: Callable[[Any], int | None], seen: int | None, first: bool
) -> Callable[[Any], bool]:
    """Whether a session's marks are news to a stream that has seen ``seen`` (anything is,
    the first time)."""
    return lambda marks: first or mark(marks) != seen


# --- the routes ----------------------------------------------------------------------------------


def _get(path: str, endpoint: Callable[[Request], Any], twin: bool = True) -> list[Route]:
    routes = [Route(path, endpoint, methods=["GET"])]
    if twin:
        routes.append(Route(f"{path}.json", endpoint, methods=["GET"]))
    return routes


def _post(path: str, endpoint: Callable[[Request], Any]) -> list[Route]:
    """A form's URL and its JSON twin."""
    return [
        Route(path, endpoint, methods=["POST"]),
        Route(f"{path}.json", endpoint, methods=["POST"]),
    ]


def create_app(
    store: Any = None,
    publish_folder: str | Path | None = None,
    public_url: str | None = None,
) -> Starlette:
    """The application over ``store`` (a Service, a Store, or a database path or URL); with
    ``publish_folder``, each session published is also written there as a static site; with
    ``public_url``, the table cards' QR codes point there (else where the director browses)."""
    from bridgescore.web import tables

    if isinstance(store, Service):
        night = store
    elif store is None or isinstance(store, str):
        night = Service.open(store)
    else:
        night = Service(store)
    static = StaticFiles(packages=[("bridgescore.web", "static")])
    session = "/director/sessions/{session:int}"
    routes = [
        Route("/", home, methods=["GET"]),
        Route("/index.json", home, methods=["GET"]),
        Route("/results/{session:int}/", results_page, methods=["GET"]),
        Route("/results/{session:int}/{name:str}", results_page_or_chart, methods=["GET"]),
        Route("/static/bridgescore.css", stylesheet, methods=["GET"]),
        Mount("/static", app=static, name="static"),
        Route("/login", login_form, methods=["GET"]),
        Route("/login", login, methods=["POST"]),
        Route("/login.json", login, methods=["POST"]),
        *_post("/logout", logout),
        *_get("/director", director_home),
        *_get("/director/new", setup_page),
        *_post("/director/new", create),
        *_get("/director/club", club_page),
        *_post("/director/club", set_club),
        *_get(session, watch),
        Route(session + "/events", session_events, methods=["GET"]),
        *_get(session + "/boards/{board:int}", board),
        *_get(session + "/tables/{table:int}/rounds/{round:int}", table_round),
        *_post(session + "/deals", deals),
        *_post(session + "/check", check),
        *_post(session + "/results", submit),
        *_get(session + "/history", history),
        *_post(session + "/correct", correct),
        *_post(session + "/undo", undo),
        *_post(session + "/publish", publish),
        Route(session + "/export.zip", export, methods=["GET"]),
        Route(session + "/cards/{name:str}", cards, methods=["GET"]),
        *tables.routes(),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        Refused: _refused,
        BridgeScoreError: _bridgescore_error,
        HTTPException: _http_error,
        Exception: _server_error,
    }
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.bridge = BridgeApp(
        night, None if publish_folder is None else Path(publish_folder), public_url
    )
    return app


def app_from_environment() -> Starlette:
    """For ``uvicorn --factory``: the database from ``BRIDGESCORE_DB``, the folder published
    sites are written to from ``BRIDGESCORE_PUBLISH``, the phones' address from
    ``BRIDGESCORE_PUBLIC_URL``."""
    return create_app(
        None,
        os.environ.get("BRIDGESCORE_PUBLISH") or None,
        os.environ.get("BRIDGESCORE_PUBLIC_URL") or None,
    )


__all__ = ["LIVE", "PUBLISHED", "create_app", "error_response"]
