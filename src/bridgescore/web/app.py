"""``bridgescore serve``: the director's and scorer's console, and the published results.

A Starlette application over one :class:`~bridgescore.store.Store`. Workers keep nothing
between requests (logins, the CSRF key and every result are in the database), so several can
serve one PostgreSQL database behind a reverse proxy. Every page ``/…/x`` has a JSON twin
``/…/x.json`` made from the same data; every error, HTML or JSON, goes through
:func:`error_response` and has one shape: ``{"error": {"status": 400, "message": "..."}}``.
"""

from __future__ import annotations

import hmac
import io
import logging
import os
import re
import tempfile
import uuid
import zipfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from bridgescore import __version__
from bridgescore.errors import BridgeScoreError
from bridgescore.reports import html, views
from bridgescore.reports.model import board_page, entrant_page
from bridgescore.rules import Rules, rules_named
from bridgescore.store import Store, StoreError, open_store
from bridgescore.store.live import LIVE, PUBLISHED, User
from bridgescore.web import auth, night

LOG = logging.getLogger("bridgescore.web")
LOGIN_LIFETIME = timedelta(hours=12)
PRE_LOGIN = "bridgescore_csrf"  # the double-submit token of the login form
_TARGET = re.compile(r"^[a-z0-9-]{1,60}$")


class Problem(Exception):
    """A request refused: its status and the words the user sees (HTML or JSON alike)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


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


async def _problem(request: Request, error: Exception) -> Response:
    assert isinstance(error, Problem)
    return error_response(request, error.status, error.message)


async def _bridgescore_error(request: Request, error: Exception) -> Response:
    status = 404 if isinstance(error, night.NotFound) else 422
    return error_response(request, status, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {404: "no such page", 405: "that method is not allowed here"}
    return error_response(request, error.status_code, words.get(error.status_code, error.detail))


async def _server_error(request: Request, error: Exception) -> Response:
    LOG.exception("error serving %s", request.url.path, exc_info=error)
    return error_response(request, 500, "the server failed: the error is in its log")


# --- the application -----------------------------------------------------------------------------


class BridgeApp:
    """What every request shares: the store, the CSRF key, the templates."""

    def __init__(
        self, store: Store, publish_folder: Path | None = None, public_url: str | None = None
    ) -> None:
        self.store = store
        self.publish_folder = publish_folder
        self.public_url = public_url  # the address phones reach, for the table cards' QR codes
        self.plans: dict[int, Any] = {}  # each live session's plan and movement, parsed once
        self.secret = store.setting("csrf_key", auth.new_secret())
        self._envs: dict[Rules, jinja2.Environment] = {}

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


def _bridge(request: Request) -> BridgeApp:
    found: BridgeApp = request.app.state.bridge
    return found


# --- logins and CSRF -----------------------------------------------------------------------------


def current_user(request: Request) -> tuple[User, str] | None:
    token = request.cookies.get(auth.COOKIE)
    if not token:
        return None
    found = _bridge(request).store.login_user(token)
    return None if found is None else (found, token)


def require_user(request: Request) -> tuple[User, str]:
    found = current_user(request)
    if found is None:
        raise Problem(401, "log in first")
    return found


async def require_form(request: Request, login_token: str) -> dict[str, str]:
    """The posted form (or JSON object), refused unless it carries this login's CSRF token."""
    data = await _posted(request)
    given = data.get("csrf") or request.headers.get("x-csrf-token")
    if not auth.csrf_ok(_bridge(request).secret, login_token, given):
        raise Problem(403, "the form has expired or did not come from this site: reload the page")
    return data


async def _posted(request: Request) -> dict[str, str]:
    if request.headers.get("content-type", "").startswith("application/json"):
        body = await request.json()
        if not isinstance(body, dict):
            raise Problem(400, "expected a JSON object")
        return {str(k): "" if v is None else str(v) for k, v in body.items()}
    form = await request.form()
    return {k: v for k, v in form.items() if isinstance(v, str)}


def _director(user: User) -> None:
    if user.role != "director":
        raise Problem(403, "only a director can do that")


# --- rendering -----------------------------------------------------------------------------------


def page(
    request: Request,
    template: str,
    data: dict[str, Any],
    *,
    json_twin: bool,
    login: tuple[User, str] | None = None,
    rules: Rules | None = None,
    status: int = 200,
) -> Response:
    """A page, or its JSON twin: the same data."""
    if json_twin:
        return JSONResponse(data, status)
    app = _bridge(request)
    env = app.env(rules or rules_named("club"))
    user, token = login if login else (None, "")
    base = request.url.path.removesuffix(".html")
    text = env.get_template(template).render(
        data=data,
        user=user,
        csrf=auth.csrf_token(app.secret, token) if token else "",
        json_url=f"{base}.json" + (f"?{request.url.query}" if request.url.query else ""),
    )
    return HTMLResponse(text, status)


def _twin(request: Request) -> tuple[str, bool]:
    """The page name from the path and whether the JSON twin is asked for."""
    name = request.path_params.get("name", "")
    if name.endswith(".json"):
        return name.removesuffix(".json"), True
    return name.removesuffix(".html"), False


# --- public pages --------------------------------------------------------------------------------


def home(request: Request) -> Response:
    """The published results of every club (nothing else is shown without logging in)."""
    store = _bridge(request).store
    status = store.statuses()
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
            for s in reversed(store.sessions())
            if status.get(s.id) == PUBLISHED
        ],
    }
    return page(
        request,
        "home.html",
        data,
        json_twin=request.url.path.endswith(".json"),
        login=current_user(request),
    )


def _published(request: Request) -> tuple[Any, Any]:
    store = _bridge(request).store
    session_id = int(request.path_params["session"])
    try:
        info = store.live_info(session_id)
    except StoreError:
        raise Problem(404, "no such page") from None
    if info.status != PUBLISHED:
        raise Problem(404, "no such page")
    return store.scored(session_id), info


def results_page(request: Request) -> Response:
    """A published session's pages: exactly the report's, with their JSON twins."""
    name, json_twin = _twin(request)
    session_id = int(request.path_params["session"])
    if name == "":
        return RedirectResponse(f"/results/{session_id}/index.html", 303)
    result, info = _published(request)
    if request.path_params["name"] == html.STYLESHEET:
        return _stylesheet()
    pages = views.SessionPages(result)
    site = pages.site()
    until = _aware(info.provisional_until)
    if until is not None and _now() < until:
        site = {**site, "provisional_until": until.strftime("%Y-%m-%d %H:%M")}
    data, template = _report_page(pages, name, request.path_params["name"])
    if json_twin:
        return JSONResponse(data)
    env = _bridge(request).env(result.rules)
    text = env.get_template(f"published_{template}").render(
        site=site, page=name, data=data, stylesheet=html.STYLESHEET
    )
    return HTMLResponse(text)


def _report_page(pages: Any, name: str, raw: str) -> tuple[Any, str]:
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
    raise Problem(404, "no such page")


def results_chart(request: Request) -> Response:
    result, _ = _published(request)
    pages = views.SessionPages(result)
    name = request.path_params["name"]
    for entrant in pages.card_entrants():
        card = pages.card(entrant)
        if card.get("chart") == name:
            svg = html.chart_svg(card, pages.site()["imps"])
            return Response(svg, media_type="image/svg+xml")
    raise Problem(404, "no such page")


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
    app = _bridge(request)
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
    data = await _posted(request)
    pre = request.cookies.get(PRE_LOGIN)
    if not pre or not hmac.compare_digest(pre, data.get("csrf", "")):
        raise Problem(403, "the form has expired or did not come from this site: reload the page")
    store = _bridge(request).store
    found = store.user(data.get("username", ""))
    if not auth.verify_password(found.password_hash if found else None, data.get("password", "")):
        raise Problem(401, "wrong user name or password")
    assert found is not None
    if auth.needs_rehash(found.password_hash):
        store.set_password(found.id, auth.hash_password(data.get("password", "")))
    token = store.start_login(found.id, LOGIN_LIFETIME)
    if wants_json(request):
        response: Response = JSONResponse(
            {
                "user": found.username,
                "role": found.role,
                "club": found.club,
                "csrf": auth.csrf_token(_bridge(request).secret, token),
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


async def logout(request: Request) -> Response:
    user, token = require_user(request)
    await require_form(request, token)
    _bridge(request).store.end_login(token)
    response: Response = (
        JSONResponse({"logged_out": user.username})
        if wants_json(request)
        else RedirectResponse("/", 303)
    )
    response.delete_cookie(auth.COOKIE, path="/")
    return response


# --- the director's pages ------------------------------------------------------------------------


def _is_json(request: Request) -> bool:
    return request.url.path.endswith(".json")


def _night(request: Request, user: User) -> night.Night:
    return night.Night(_bridge(request).store, int(request.path_params["session"]), user.club_id)


def director_home(request: Request) -> Response:
    login_ = require_user(request)
    user = login_[0]
    data = night.sessions_data(_bridge(request).store, user.club_id, user.club)
    return page(request, "sessions.html", data, json_twin=_is_json(request), login=login_)


def setup(request: Request) -> Response:
    login_ = require_user(request)
    user = login_[0]
    _director(user)
    form = {k: v for k, v in request.query_params.items()}
    data = night.setup_data(_bridge(request).store, user.club, form)
    return page(request, "setup.html", data, json_twin=_is_json(request), login=login_)


async def create(request: Request) -> Response:
    user, token = require_user(request)
    form = await require_form(request, token)
    _director(user)
    session_id = night.create_session(_bridge(request).store, user.club_id, form, user.username)
    if wants_json(request):
        return JSONResponse({"session": session_id, "url": f"/director/sessions/{session_id}"}, 201)
    return RedirectResponse(f"/director/sessions/{session_id}", 303)


def watch(request: Request) -> Response:
    login_ = require_user(request)
    found = _night(request, login_[0])
    data = night.watch(found)
    rules = found.result.rules if found.rows.results else None
    return page(request, "watch.html", data, json_twin=_is_json(request), login=login_, rules=rules)


def board(request: Request) -> Response:
    login_ = require_user(request)
    found = _night(request, login_[0])
    data = night.grid(found, int(request.path_params["board"]))
    return page(request, "grid.html", data, json_twin=_is_json(request), login=login_)


def table_round(request: Request) -> Response:
    login_ = require_user(request)
    found = _night(request, login_[0])
    data = night.slip(found, int(request.path_params["table"]), int(request.path_params["round"]))
    return page(request, "slip.html", data, json_twin=_is_json(request), login=login_)


async def deals(request: Request) -> Response:
    """Hand records from a PBN file: each board's deal, shown on the published travellers."""
    user, token = require_user(request)
    form = await request.form()
    if not auth.csrf_ok(_bridge(request).secret, token, _text(form.get("csrf"))):
        raise Problem(403, "the form has expired or did not come from this site: reload the page")
    _director(user)
    found = _night(request, user)
    upload = form.get("pbn")
    if upload is None or isinstance(upload, str):
        raise Problem(400, "choose a PBN file of the deals")
    data = await upload.read()
    given = night.hand_records(data, upload.filename or "deals.pbn")
    boards = found.store.set_deals(found.id, given)
    if wants_json(request):
        return JSONResponse({"boards": boards})
    return RedirectResponse(f"/director/sessions/{found.id}", 303)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _cell(form: dict[str, str]) -> night.Cell:
    return night.Cell(
        form.get("contract", ""),
        form.get("declarer", ""),
        form.get("tricks", ""),
        form.get("lead", ""),
    )


def _place(form: dict[str, str]) -> tuple[int, int, int]:
    try:
        return int(form["board"]), int(form["round"]), int(form["table"])
    except (KeyError, ValueError):
        raise Problem(400, "a result needs its board, round and table") from None


async def check(request: Request) -> Response:
    """A row as typed, checked by the server without storing it."""
    user, token = require_user(request)
    form = await require_form(request, token)
    found = _night(request, user)
    board_, round_, table = _place(form)
    found.entry(board_, round_, table, _cell(form))  # the movement's place, and the notation
    data = night.check_cell(found, board_, _cell(form))
    if wants_json(request) or not request.headers.get("hx-request"):
        return JSONResponse(data)
    fragment = _bridge(request).console_env().get_template("checked.html").render(data=data)
    return HTMLResponse(fragment)


async def submit(request: Request) -> Response:
    """Store one result; the answer (the stored row) is sent only after the commit."""
    user, token = require_user(request)
    form = await require_form(request, token)
    found = _night(request, user)
    board_, round_, table = _place(form)
    entry = found.entry(board_, round_, table, _cell(form))
    stored = found.store.submit_result(
        found.id,
        entry,
        client_id=form.get("client_id") or None,
        by=user.username,
        reason=form.get("reason") or None,
        override=form.get("override") == "on",
    )
    refreshed = night.Night(found.store, found.id, user.club_id)
    grid = night.grid(refreshed, board_)
    row = next(r for r in grid["rows"] if r["key"] == entry.key)
    data = {
        "stored": stored.stored,
        "entry": {
            "id": stored.entry.id,
            "key": stored.entry.entry_key,
            "result": stored.entry.result,
            "recorded_at": stored.entry.recorded_at.isoformat(),
        },
        "row": row,
    }
    if wants_json(request) or not request.headers.get("hx-request"):
        return JSONResponse(data, 201 if stored.stored else 200)
    fragment = (
        _bridge(request)
        .console_env()
        .get_template("grid_row.html")
        .render(
            row=row,
            data=grid,
            slip="/tables/" in request.headers.get("hx-current-url", ""),
            just_stored=True,
            csrf=auth.csrf_token(_bridge(request).secret, token),
        )
    )
    return HTMLResponse(fragment)


def history(request: Request) -> Response:
    login_ = require_user(request)
    found = _night(request, login_[0])
    key = request.query_params.get("line", "")
    data = night.history_data(found, key)
    return page(request, "history.html", data, json_twin=_is_json(request), login=login_)


async def correct(request: Request) -> Response:
    user, token = require_user(request)
    form = await require_form(request, token)
    found = _night(request, user)
    key = form.get("line", "")
    rows = found.in_force()
    if key not in rows:
        raise night.NotFound(f"session {found.id} has no traveller line {key!r}")
    old = rows[key]
    if not form.get("reason", "").strip():
        raise Problem(422, "a correction needs a reason")
    cell = night.Cell(form.get("result", ""))
    from bridgescore.store.live import Entry

    entry = Entry(
        board=old.board,
        round=old.round,
        table=old.table_label,
        ns=old.ns,
        ew=old.ew,
        result=cell.notation(),
        lead=(form.get("lead") or old.lead or None),
        assigned=form.get("assigned") == "on",
        section=old.section,
        position=old.position,
    )
    found.store.submit_result(
        found.id,
        entry,
        client_id=form.get("client_id") or None,
        by=user.username,
        reason=form["reason"],
        override=form.get("override") == "on",
    )
    return _after(request, found.id, key)


async def undo(request: Request) -> Response:
    user, token = require_user(request)
    form = await require_form(request, token)
    found = _night(request, user)
    key = form.get("line", "")
    found.store.undo(found.id, key, by=user.username, override=form.get("override") == "on")
    return _after(request, found.id, key)


def _after(request: Request, session_id: int, key: str) -> Response:
    from urllib.parse import quote

    url = f"/director/sessions/{session_id}/history?line={quote(key)}"
    if wants_json(request):
        return JSONResponse({"url": url})
    return RedirectResponse(url, 303)


async def publish(request: Request) -> Response:
    user, token = require_user(request)
    form = await require_form(request, token)
    _director(user)
    found = _night(request, user)
    minutes = form.get("minutes", "") or "60"
    if not minutes.isdigit():
        raise Problem(422, f"the correction period must be a number of minutes, not {minutes!r}")
    if not found.rows.results:
        raise Problem(422, "there are no results to publish")
    info = found.store.publish(found.id, timedelta(minutes=int(minutes)))
    folder = _bridge(request).publish_folder
    if folder is not None:  # the results site written out as well, as bridgescore report would
        _write_site(found.store.scored(found.id), folder / f"session-{found.id}")
    if wants_json(request):
        return JSONResponse(
            {
                "published_at": None
                if info.published_at is None
                else info.published_at.isoformat(),
                "provisional_until": None
                if info.provisional_until is None
                else info.provisional_until.isoformat(),
                "url": f"/results/{found.id}/",
            }
        )
    return RedirectResponse(f"/director/sessions/{found.id}", 303)


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
    login_ = require_user(request)
    found = _night(request, login_[0])
    if not found.rows.results:
        raise Problem(422, "there are no results to export")
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
        html.write_site(found.store.scored(found.id), Path(folder), double_dummy=False)
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(Path(folder).iterdir()):
                archive.write(path, f"session-{found.id}/{path.name}")
    return Response(
        buffer.getvalue(),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="session-{found.id}.zip"'},
    )


def cards(request: Request) -> Response:
    """Table cards, personal cards, travellers and pick-up slips of the session's movement."""
    login_ = require_user(request)
    found = _night(request, login_[0])
    if found.movement is None:
        raise Problem(404, "this session has no movement (it was imported)")
    from bridgescore.reports.guides import render_guides

    name = request.path_params["name"]
    pages = render_guides(found.movement)
    if name not in pages:
        raise Problem(404, "no such page")
    if name.endswith(".json"):
        return Response(pages[name], media_type="application/json")
    return HTMLResponse(pages[name])


def _get(path: str, endpoint: Callable[[Request], Any], twin: bool = True) -> list[Route]:
    routes = [Route(path, endpoint, methods=["GET"])]
    if twin:
        routes.append(Route(f"{path}.json", endpoint, methods=["GET"]))
    return routes


def create_app(
    store: Store | str | None = None,
    publish_folder: str | Path | None = None,
    public_url: str | None = None,
) -> Starlette:
    """The application over ``store`` (a Store, or a database path or URL); with
    ``publish_folder``, each session published is also written there as a static site; with
    ``public_url``, the table cards' QR codes point there (else where the director browses)."""
    from bridgescore.web import tables

    opened = store if isinstance(store, Store) else open_store(store)
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
        Route("/logout", logout, methods=["POST"]),
        Route("/logout.json", logout, methods=["POST"]),
        *_get("/director", director_home),
        *_get("/director/new", setup),
        Route("/director/new", create, methods=["POST"]),
        Route("/director/new.json", create, methods=["POST"]),
        *_get(session, watch),
        *_get(session + "/boards/{board:int}", board),
        *_get(session + "/tables/{table:int}/rounds/{round:int}", table_round),
        Route(session + "/deals", deals, methods=["POST"]),
        Route(session + "/deals.json", deals, methods=["POST"]),
        Route(session + "/check", check, methods=["POST"]),
        Route(session + "/check.json", check, methods=["POST"]),
        Route(session + "/results", submit, methods=["POST"]),
        Route(session + "/results.json", submit, methods=["POST"]),
        *_get(session + "/history", history),
        Route(session + "/correct", correct, methods=["POST"]),
        Route(session + "/correct.json", correct, methods=["POST"]),
        Route(session + "/undo", undo, methods=["POST"]),
        Route(session + "/undo.json", undo, methods=["POST"]),
        Route(session + "/publish", publish, methods=["POST"]),
        Route(session + "/publish.json", publish, methods=["POST"]),
        Route(session + "/export.zip", export, methods=["GET"]),
        Route(session + "/cards/{name:str}", cards, methods=["GET"]),
        *tables.routes(),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        Problem: _problem,
        BridgeScoreError: _bridgescore_error,
        HTTPException: _http_error,
        Exception: _server_error,
    }
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.bridge = BridgeApp(
        opened, None if publish_folder is None else Path(publish_folder), public_url
    )
    return app


def results_page_or_chart(request: Request) -> Response:
    if request.path_params["name"].endswith(".svg"):
        return results_chart(request)
    return results_page(request)


def app_from_environment() -> Starlette:
    """For ``uvicorn --factory``: the database from ``BRIDGESCORE_DB``, the folder published
    sites are written to from ``BRIDGESCORE_PUBLISH``, the phones' address from
    ``BRIDGESCORE_PUBLIC_URL``."""
    return create_app(
        None,
        os.environ.get("BRIDGESCORE_PUBLISH") or None,
        os.environ.get("BRIDGESCORE_PUBLIC_URL") or None,
    )


__all__ = ["LIVE", "PUBLISHED", "Problem", "create_app", "error_response"]
