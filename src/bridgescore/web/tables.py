"""The tables' side of ``bridgescore serve``: players' phones score at the table, and the
director's pages for the tables (codes and QR cards, phones, calls, results held for the
director).

A phone joins with its table's code (``POST /t/api/join``) and then sends its pass as
``Authorization: Bearer …`` with every request: a header, never a cookie, so no other site can
make a phone act. What a pass reaches, and every rule of entry, are the night's
(:mod:`bridgescore.night.tables`, :mod:`bridgescore.night.entry`); here requests are parsed and
answers rendered. Every answer a phone acts on is JSON in the app's one error shape; a result
is answered only after it is committed. A phone learns of a change to its table from its event
stream (``/t/api/events``), or by asking for its state with the ETag it has.
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Any

import jinja2
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore import languages
from bridgescore.languages import N_, _
from bridgescore.languages.catalogues import browser_messages
from bridgescore.night import Action, Actor, Device, LiveSession, Refused, entry
from bridgescore.night import swiss as night_swiss
from bridgescore.night import tables as night_tables
from bridgescore.night.numbers import whole
from bridgescore.web import app as web
from bridgescore.web import console, hand_records, phone, screens

_CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{8,80}$")
STATIC = {
    "app.js": "application/javascript",
    "app.css": "text/css",
    "sw.js": "application/javascript",
    "manifest.webmanifest": "application/manifest+json",
    "icon.svg": "image/svg+xml",
}


# --- the phone's pages ---------------------------------------------------------------------------


def shell(request: Request) -> Response:
    """The table's page: the same HTML for ``/t/`` and ``/t/CODE`` (the script joins with the
    code), in the phone's language with the script's messages in it; the service worker keeps a
    copy, so it opens without a connection too."""
    return HTMLResponse(
        _shell(languages.current().code),
        headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"},
    )


@functools.cache
def _shell(code: str) -> str:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("bridgescore.web", "phone"), autoescape=True
    )
    languages.install(env)
    messages = browser_messages(code, "phone")
    with languages.use(code):
        return env.get_template("table.html").render(messages=messages)


def asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        raise Refused(404, _("no such page"))
    data = resources.files("bridgescore.web").joinpath("phone", name).read_bytes()
    headers = {"Cache-Control": "no-cache"}
    if name == "sw.js":
        headers["Service-Worker-Allowed"] = "/t/"
    return Response(data, media_type=STATIC[name], headers=headers)


def shell_or_asset(request: Request) -> Response:
    if request.path_params["name"] in STATIC:
        return asset(request)
    return shell(request)


# --- the phone's JSON API ------------------------------------------------------------------------


def _pass(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else None


def _phone(request: Request) -> Device:
    """The phone whose pass the request carries, while it may act."""
    return night_tables.phone(web.night_of(request), _pass(request))


async def join(request: Request) -> Response:
    data = await web.posted(request)

    def run() -> Response:
        night = web.night_of(request)
        token, found = night_tables.join(
            night, data.get("code", ""), data.get("card", ""), web.address(request)
        )
        plan = night.plan(found.session_id)
        return JSONResponse(
            {
                "token": token,
                "role": found.role,
                "device": found.id,
                "table": found.table,
                "section": found.section,
                "session": {"id": plan.session_id, "title": plan.title, "date": plan.date_text},
            },
            201,
        )

    return await run_in_threadpool(run)


def state(request: Request) -> Response:
    """The table's state; 304 while the table's revision is the one the phone has (known from
    one read: the phone, its table's revision and the club's grants)."""
    night = web.night_of(request)
    polled = night_tables.poll(night, _pass(request))
    found, granted = polled.device, polled.not_played
    tag = web.etag(
        request, "", "t", found.table_id, polled.revision, found.id, "np" if granted else "-"
    )
    fresh = web.unchanged(request, tag)
    if fresh is not None:
        return fresh
    data = phone.table_state(night_tables.state(night, found, polled))
    data["swiss"] = night_swiss.kind_of(night, found.session_id)  # then it asks /t/api/swiss
    return JSONResponse(data, headers={"ETag": tag, "Cache-Control": "no-cache"})


def scores(request: Request) -> Response:
    return JSONResponse(phone.score_table(), headers={"Cache-Control": "max-age=86400"})


@web.form_action
def check(request: Request, actor: Actor, token: str, data: dict[str, str]) -> Response:
    """A result as the phone has it so far, checked without storing: the lead against the
    hand record (once the declarer and lead are known), and the score once it is complete."""
    if actor.device is None:
        raise Refused(401, _(night_tables.NOT_VALID))
    found = night_tables.check(
        web.night_of(request),
        actor,
        actor.device.session_id,
        console.place(data, table=False),
        console.typed(data),
    )
    return JSONResponse({"lead_problem": found.lead_problem, **screens.checked(found)})


async def submit(request: Request) -> Response:
    """Store a result from the table's phone, or keep it for the director; answered only once
    it is committed. Every phone that ever joined the table is heard: a removed phone's result,
    or one sent after publishing, is kept for the director, never dropped."""
    data = await web.posted(request)
    client_id = data.get("client_id", "")
    if not _CLIENT_ID.match(client_id):
        raise Refused(400, _("a result from a table needs the id the phone made for it"))
    # One hop to a worker thread for the whole of it: the database calls block.
    return await run_in_threadpool(_submit, request, data, client_id)


def _submit(request: Request, data: dict[str, str], client_id: str) -> Response:
    night = web.night_of(request)
    found, info = night_tables.sender_info(night, _pass(request))
    replaces = data.get("replaces", "")
    outcome, problem = night_tables.send(
        night,
        found,
        console.place(data, table=False),
        console.typed(data),
        client_id=client_id,
        replaces=whole(replaces, N_("the entry it replaces")) if replaces.strip() else None,
        info=info,
    )
    return answer(outcome, problem)


def answer(outcome: entry.Outcome, problem: str | None) -> Response:
    """A phone's result answered: stored (201, or 200 when it was already), or held for the
    director (202), with the reason."""
    if outcome.held is not None:
        return JSONResponse(
            {
                "status": "held",
                "stored": False,
                "held": screens.said(screens.held(outcome.held)),
                "lead_problem": problem,
            },
            202,
        )
    stored = outcome.entry
    assert stored is not None
    return JSONResponse(
        {
            "status": "stored",
            "stored": outcome.stored,
            "entry": {
                "id": stored.id,
                "board": stored.line.board,
                "round": stored.line.round,
                "result": stored.result,
                "ns_score": stored.ns_score,
                "recorded_at": stored.recorded_at.isoformat(),
            },
            "lead_problem": problem,
        },
        201 if outcome.stored else 200,
    )


def traveller(request: Request) -> Response:
    """A board's traveller with provisional matchpoints and its deal, for a table that has
    played it."""
    found = _phone(request)
    board = web.path_number(request, "board")
    night = web.night_of(request)
    result = night_tables.traveller_result(night, found, board)
    from bridgescore.reports import views

    solved = hand_records.table_double_dummy(night, Actor(device=found), board)
    data = views.traveller(result, board, found.section or None, double_dummy=solved)
    return JSONResponse(phone.traveller(data, found.table, found.section, result.rules))


@web.form_action
def hand_over(request: Request, actor: Actor, token: str, data: dict[str, str]) -> Response:
    """The table's scoring phone hands the scoring to another phone at its table (the players
    agree at the table; the director can too, on the tables page)."""
    if actor.device is None:
        raise Refused(401, _(night_tables.NOT_VALID))
    number = data.get("device", "")
    if not number.strip():
        raise Refused(400, _("which phone? (its number is missing)"))
    which = whole(number, N_("the phone's number"))
    night_tables.hand_over(web.night_of(request), actor, actor.device.session_id, which)
    return JSONResponse({"done": "handover", "device": which})


async def call(request: Request) -> Response:
    def run() -> Response:
        event = night_tables.call(web.night_of(request), _phone(request))
        return JSONResponse({"call": event}, 201)

    return await run_in_threadpool(run)


async def events(request: Request) -> Response:
    """The phone's event stream: ``change`` whenever its table's revision changes."""
    found = await run_in_threadpool(_phone, request)
    table = found.table_id
    return web.event_stream(
        request, found.session_id, f"phone {found.id}", lambda marks: marks.tables.get(table)
    )


# --- the director's pages for the tables ---------------------------------------------------------


def _public_url(request: Request) -> str:
    given = web.bridge(request).public_url
    return given.rstrip("/") if given else str(request.base_url).rstrip("/")


def tables_data(request: Request, live: LiveSession, actor: Actor) -> dict[str, Any]:
    night = web.night_of(request)
    codes = live.codes()
    devices = live.devices()
    happened = live.events()
    base = _public_url(request)
    return {
        "page": "tables",
        "session": screens.head(live),
        "may": {
            name: night.may(actor, action, live.info)
            for name, action in (
                ("handover", Action.HAND_OVER),
                ("remove", Action.REMOVE),
                ("resolve", Action.RESOLVE),
                ("answer", Action.ANSWER),
            )
        },
        "tables": [
            {
                "table": c.table,
                "code": c.code,
                "card": night_tables.card_key(night, c.code),
                "url": f"{base}/t/{c.code}#{night_tables.card_key(night, c.code)}",
                "devices": [
                    {
                        "id": d.id,
                        "role": d.role,
                        "joined_at": d.joined_at.isoformat(),
                        "removed": d.ended_at is not None,
                    }
                    for d in devices
                    if d.table_id == c.id
                ],
            }
            for c in codes
        ],
        "calls": [
            {"id": e.id, "table": e.table, "at": e.at.isoformat(), "by": entry.said(e.by)}
            for e in happened
            if e.kind == "call" and e.answered_at is None
        ],
        "conflicts": [screens.held(c) for c in live.conflicts()],
        "events": [
            {
                "id": e.id,
                "table": e.table,
                "kind": e.kind,
                "note": entry.said(e.note),
                "at": e.at.isoformat(),
                "by": entry.said(e.by),
                "answered_by": e.answered_by,
            }
            for e in reversed(happened)
        ],
    }


def tables_page(request: Request) -> Response:
    actor, token = web.require(request)
    night = web.night_of(request)
    session = web.session_id(request)
    revision = night.revision(actor, session)
    tag = web.etag(request, token, "tables", session, revision)
    return web.tagged_page(
        request,
        tag,
        "tables.html",
        lambda: tables_data(request, night.session(actor, session), actor),
        actor=actor,
        token=token,
    )


def table_cards(request: Request) -> Response:
    """One card per table to print: the table's QR code, its code and the address."""
    import segno

    actor, token = web.require(request)
    live = web.night_of(request).session(actor, web.session_id(request))
    data = tables_data(request, live, actor)
    for table in data["tables"]:
        table["qr"] = segno.make(table["url"], error="m").svg_inline(
            scale=6, title=_("Table %(table)s", table=table["table"]), omitsize=True
        )
    return web.page(request, "table_cards.html", data, json_twin=False, actor=actor, token=token)


ACTIONS = ("handover", "remove", "answer", "resolve")


@web.form_action
def table_action(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """The director's actions on the tables: hand a table over, remove a phone (after a
    confirmation), answer a call, settle a result held for the director."""
    night = web.night_of(request)
    session = web.session_id(request)
    action = request.path_params["action"].removesuffix(".json")
    if action not in ACTIONS:
        raise Refused(404, _("no such page"))
    number = form.get("id", "")
    if not number.strip():
        raise Refused(400, _("which one? (an id is missing)"))
    which = whole(number, N_("the id"))
    done: dict[str, Any] = {"done": action, "id": which}
    if action == "handover":
        night_tables.hand_over(night, actor, session, which)
    elif action == "remove":
        if form.get("confirm") != "yes":
            return _confirm_removal(request, actor, token, session, which)
        removed = night_tables.remove(night, actor, session, which)
        done["table"] = removed.table
    elif action == "answer":
        night_tables.answer(night, actor, session, which)
    else:
        use = form.get("use", "")
        if use not in ("table", "stored"):
            raise Refused(400, _("choose the table's result or the stored one"))
        settled = entry.resolve(
            night,
            actor,
            session,
            which,
            use=use == "table",
            against=entry.parse_against(form.get("against")),
        )
        done["resolution"] = settled.resolution
    if web.wants_json(request):
        return JSONResponse(done)
    return RedirectResponse(f"/director/sessions/{session}/tables", 303)


def _confirm_removal(
    request: Request, actor: Actor, token: str, session: int, device_id: int
) -> Response:
    """Removing a phone ends its pass: asked once more, with the table it is at."""
    night = web.night_of(request)
    night_tables.may_remove(night, actor, session)
    found = night_tables.session_phone(night, session, device_id)
    data = {
        "page": "remove",
        "session": {"id": session},
        "device": found.id,
        "table": found.table,
        "role": found.role,
        "message": f"send confirm=yes to remove phone {found.id} from table {found.table}",
    }
    if web.wants_json(request):
        raise Refused(422, _("removing a phone ends its pass: %(text)s", text=data["message"]))
    return web.page(request, "remove.html", data, json_twin=False, actor=actor, token=token)


def busiest() -> list[Route]:
    """What a congress's phones ask most, their state and their results: the application
    matches these first (Starlette tries its routes one by one, some seventy before these)."""
    return [
        Route("/t/api/state", state, methods=["GET"]),
        Route("/t/api/results", submit, methods=["POST"]),
    ]


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        Route("/t/", shell, methods=["GET"]),
        Route("/t/api/join", join, methods=["POST"]),
        Route("/t/api/events", events, methods=["GET"]),
        Route("/t/api/scores", scores, methods=["GET"]),
        Route("/t/api/check", check, methods=["POST"]),
        Route("/t/api/boards/{board:int}", traveller, methods=["GET"]),
        Route("/t/api/call", call, methods=["POST"]),
        Route("/t/api/handover", hand_over, methods=["POST"]),
        Route("/t/{name:str}", shell_or_asset, methods=["GET"]),
        Route(session + "/tables", tables_page, methods=["GET"]),
        Route(session + "/tables.json", tables_page, methods=["GET"]),
        Route(session + "/tables/cards", table_cards, methods=["GET"]),
        Route(session + "/tables/{action:str}", table_action, methods=["POST"]),
    ]
