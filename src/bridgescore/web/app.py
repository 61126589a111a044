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
import json
import logging
import os
import re
import threading
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgescore import __version__, languages
from bridgescore.errors import BridgeScoreError
from bridgescore.formats.files import os_reason
from bridgescore.languages import N_, _
from bridgescore.night import (
    LIVE,
    PUBLISHED,
    Actor,
    DatabaseFailure,
    Refused,
    Service,
    Unavailable,
)
from bridgescore.night import tables as night_tables
from bridgescore.night.numbers import PLACE, in_range
from bridgescore.night.permissions import ANONYMOUS
from bridgescore.reports import html
from bridgescore.rules import Rules, rules_named
from bridgescore.web import auth, limits

LOG = logging.getLogger("bridgescore.web")
LOGIN_LIFETIME = timedelta(hours=12)
PRE_LOGIN = "bridgescore_csrf"  # the double-submit token of the login form
STREAM_SECONDS = 300.0  # an event stream ends after this; the browser opens another at once
KEEPALIVE = 15.0  # seconds between two comments on a quiet event stream
_TARGET = re.compile(r"^[a-z0-9-]{1,60}$")
_TOKEN = re.compile(r"^[0-9a-f]{64}$")  # a login token (store.live.start_login)


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
    response = error_response(request, error.status, error.message)
    if error.retry_after is not None:
        response.headers["Retry-After"] = str(error.retry_after)
    return response


async def _bridgescore_error(request: Request, error: Exception) -> Response:
    return error_response(request, 422, str(error))


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    words = {404: _("no such page"), 405: _("that method is not allowed here")}
    return error_response(request, error.status_code, words.get(error.status_code, error.detail))


async def _database_failure(request: Request, error: Exception) -> Response:
    """The database cannot be used now (503) or refused a value (422): a sentence, no trace."""
    refused = night_of(request).failure(error)
    if refused is None:
        return await _server_error(request, error)
    LOG.warning("%s %s: %s", request.method, request.url.path, refused.message)
    return error_response(request, refused.status, refused.message)


async def _os_error(request: Request, error: Exception) -> Response:
    """A file the server needs cannot be read or written (a full disk, a temporary folder
    gone): the server's trouble, said in a sentence."""
    assert isinstance(error, OSError)
    LOG.warning("%s %s: %s", request.method, request.url.path, error)
    return error_response(
        request,
        503,
        _("the server cannot read or write a file it needs: %(reason)s", reason=os_reason(error)),
    )


async def _server_error(request: Request, error: Exception) -> Response:
    LOG.exception("error serving %s", request.url.path, exc_info=error)
    return error_response(request, 500, _("the server failed: the error is in its log"))


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
        self._watched: dict[tuple[int, int, str], tuple[dict[str, Any], Rules | None]] = {}
        self._watched_guard = threading.Lock()
        self.streams = limits.Streams()

    def watched(
        self, key: tuple[int, int], make: Callable[[], tuple[dict[str, Any], Rules | None]]
    ) -> tuple[dict[str, Any], Rules | None]:
        """The watch page's data for (session, revision), made once however many consoles ask:
        a revision is one state of the session, so its page is the same for every one (in one
        language: the data holds sentences)."""
        kept = (*key, languages.current().code)
        with self._watched_guard:
            found = self._watched.get(kept)
        if found is None:
            found = make()
            with self._watched_guard:
                self._watched[kept] = found
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
            # the report's own install of the languages (html.environment): its ``_`` formats
            # each message once; installing Jinja's again would replace it
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


# --- in which language ---------------------------------------------------------------------------


class Speaking:
    """Each request in its language (:mod:`bridgescore.languages`): the club's for the console
    and the published pages, the browser's (its ``Accept-Language``, when one of ours) for a
    table's phone under ``/t/``. The club's is kept by the worker (:meth:`Service.language`),
    so choosing costs no query."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        night: Service = scope["app"].state.bridge.night
        club = night.kept_language()
        if club is None:
            club = await run_in_threadpool(night.language)
        code = club
        if scope["path"].startswith("/t/"):
            asked = next((v for k, v in scope["headers"] if k == b"accept-language"), b"")
            code = languages.negotiate(asked.decode("latin-1"), club)
        with languages.use(code):
            await self.app(scope, receive, send)


# --- who is asking -------------------------------------------------------------------------------


def who(request: Request) -> tuple[Actor, str]:
    """The actor behind a request and its login token ("" for a phone or nobody): a table's
    phone by the pass in its ``Authorization`` header, a user by the login cookie."""
    night = night_of(request)
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return Actor(device=night_tables.phone(night, header[7:].strip())), ""
    token = request.cookies.get(auth.COOKIE)
    if token and _TOKEN.match(token):  # anything else is no login of ours
        user = night.login_user(token)
        if user is not None:
            return Actor(user=user), token
    return ANONYMOUS, ""


def address(request: Request) -> str | None:
    """The client's address (behind a proxy, as its ``X-Forwarded-For`` says: uvicorn trusts
    the proxy on this machine), for rate limiting."""
    return request.client.host if request.client else None


def require(request: Request) -> tuple[Actor, str]:
    actor, token = who(request)
    if actor == ANONYMOUS:
        raise Refused(401, _("log in first"))
    return actor, token


def check_csrf(request: Request, token: str, data: dict[str, str]) -> None:
    """A login's form must carry its CSRF token (a phone's pass is a header no other site can
    send, so a phone's request needs none)."""
    given = data.get("csrf") or request.headers.get("x-csrf-token")
    if not auth.csrf_ok(bridge(request).secret, token, given):
        raise Refused(
            403, _("the form has expired or did not come from this site: reload the page")
        )


async def posted(request: Request) -> dict[str, str]:
    """The posted form, or JSON object, as text fields: a number or true/false as its JSON
    text, null as empty; an array or object as a field's value, or text the database cannot
    hold, is refused (see :func:`fields`). The body is bounded (:mod:`bridgescore.web.limits`)."""
    if request.headers.get("content-type", "").startswith("application/json"):
        raw = await request.body()
        try:
            body = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested past Python's stack
            raise Refused(400, _("the body is not JSON: expected a JSON object")) from None
        if not isinstance(body, dict):
            raise Refused(400, _("expected a JSON object"))
        data: dict[str, str] = {}
        for key, value in body.items():
            if isinstance(value, dict | list):
                kind = _("an object") if isinstance(value, dict) else _("an array")
                raise Refused(
                    422,
                    _("%(key)s must be text or a number, not %(kind)s", key=_shown(key), kind=kind),
                )
            data[key] = (
                ""
                if value is None
                else value
                if isinstance(value, str)
                else json.dumps(value)  # true, 12, 1e999 -> Infinity: refused where read
            )
        return fields(data)
    form = await request.form()
    return fields({k: v for k, v in form.items() if isinstance(v, str)})


def fields(data: Mapping[str, str]) -> dict[str, str]:
    """Form fields, query parameters or a JSON object's values, refused (400) when one holds a
    NUL or half of a surrogate pair: PostgreSQL cannot store the first, UTF-8 the second."""
    for key, value in data.items():
        for text in (key, value):
            if "\x00" in text or not _encodable(text):
                raise Refused(
                    400,
                    _(
                        "%(key)s holds a character that cannot be stored "
                        "(a NUL, or half of a surrogate pair)",
                        key=_shown(key),
                    ),
                )
    return dict(data)


def query(request: Request) -> dict[str, str]:
    """The query parameters, checked as form fields are (:func:`fields`)."""
    return fields(dict(request.query_params))


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(key: str) -> str:
    """A field's name as a message quotes it (at most 40 characters, nothing unprintable)."""
    return repr(key[:40].encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace"))


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


def twin(request: Request) -> tuple[str, bool]:
    """The page name from the path and whether the JSON twin is asked for."""
    name = request.path_params.get("name", "")
    if name.endswith(".json"):
        return name.removesuffix(".json"), True
    return name.removesuffix(".html"), False


def etag(request: Request, token: str, *parts: object) -> str:
    """A page's ETag: what it was made from (``parts``: a revision), for whom (the login, whose
    CSRF token the page carries), in which form (HTML or JSON) and language."""
    login = hashlib.sha256(token.encode()).hexdigest()[:12]
    form = "j" if is_json(request) else "h"
    speaks = languages.current().code  # a page in another language is another page
    return f'W/"{"-".join(map(str, parts))}-{login}-{form}-{speaks}-{__version__}"'


def unchanged(request: Request, tag: str) -> Response | None:
    """304 when the client already has the page this ETag names."""
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers={"ETag": tag, "Cache-Control": "no-cache"})
    return None


def tagged_page(
    request: Request,
    tag: str,
    template: str,
    make: Callable[[], dict[str, Any]],
    *,
    actor: Actor,
    token: str,
) -> Response:
    """The page (or its JSON twin) ``make`` builds, carrying ``tag``; 304 while the client
    already has it, and then nothing is built."""
    fresh = unchanged(request, tag)
    if fresh is not None:
        return fresh
    return page(
        request,
        template,
        make(),
        json_twin=is_json(request),
        actor=actor,
        token=token,
        headers={"ETag": tag, "Cache-Control": "no-cache"},
    )


def session_id(request: Request) -> int:
    """The session a URL names (one past the database's range names none)."""
    given: int = request.path_params["session"]
    said = _("no stored session with id %(session_id)s", session_id=str(given)[:12])
    return in_range(given, said)


def path_number(request: Request, name: str) -> int:
    """A board, round or table number from the URL's path."""
    given: int = request.path_params[name]
    return in_range(given, _(_NONE_HERE[name], number=str(given)[:12]), PLACE)


# what a number of the URL's path past any there can be names: none here
_NONE_HERE = {
    "board": N_("no board %(number)s here"),
    "table": N_("no table %(number)s here"),
    "round": N_("no round %(number)s here"),
    "player": N_("no player %(number)s here"),
}


# --- the event streams ---------------------------------------------------------------------------


def event_stream(
    request: Request, session: int, client: str, mark: Callable[[Any], int | None]
) -> Response:
    """Server-sent events: ``change`` (its data the new mark) each time ``mark`` of the
    session's marks changes, a comment every :data:`KEEPALIVE` seconds, ended after
    :data:`STREAM_SECONDS` (a browser's EventSource opens a new one by itself). ``client``
    (a phone, a login) holds at most :data:`limits.STREAMS_PER_CLIENT` at once in a worker."""
    night = night_of(request)
    release = bridge(request).streams.acquire(client)

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

    return _Stream(
        events(),
        release,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


class _Stream(StreamingResponse):
    """An event stream that gives its client's place back however it ends (the client gone,
    the time up, the server stopping)."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None], **kw: Any):
        super().__init__(content, **kw)
        self.release = release

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


def _other(
    mark: Callable[[Any], int | None], seen: int | None, first: bool
) -> Callable[[Any], bool]:
    """Whether a session's marks are news to a stream that has seen ``seen`` (anything is,
    the first time)."""
    return lambda marks: first or mark(marks) != seen


# --- the routes ----------------------------------------------------------------------------------


def get(path: str, endpoint: Callable[[Request], Any], twin: bool = True) -> list[Route]:
    routes = [Route(path, endpoint, methods=["GET"])]
    if twin:
        routes.append(Route(f"{path}.json", endpoint, methods=["GET"]))
    return routes


def post(path: str, endpoint: Callable[[Request], Any]) -> list[Route]:
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
    from bridgescore.web import (
        awards,
        console,
        hand_records,
        ladder,
        lockouts,
        mail,
        national,
        players,
        published,
        requests,
        review,
        swiss,
        tables,
    )

    if isinstance(store, Service):
        night = store
    elif store is None or isinstance(store, str):
        night = Service.open(store)
    else:
        night = Service(store)
    static = StaticFiles(packages=[("bridgescore.web", "static")])
    routes = [
        *tables.busiest(),  # no route before them matches their paths
        *published.routes(),
        Mount("/static", app=static, name="static"),
        *console.routes(),
        *swiss.routes(),  # before the tables' /t/{name}
        *ladder.routes(),
        *tables.routes(),
        *hand_records.routes(),
        *awards.routes(),
        *review.routes(),
        *national.routes(),
        *mail.routes(),
        *requests.routes(),
        *lockouts.routes(),
        *players.routes(),
    ]
    handlers: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        Refused: _refused,
        BridgeScoreError: _bridgescore_error,
        Unavailable: _database_failure,
        DatabaseFailure: _database_failure,
        OSError: _os_error,
        HTTPException: _http_error,
        Exception: _server_error,
    }
    app = Starlette(
        routes=routes,
        exception_handlers=handlers,
        middleware=[Middleware(Speaking), Middleware(limits.Bounded)],
    )
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
