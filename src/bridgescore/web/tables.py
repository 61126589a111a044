"""The tables' side of ``bridgescore serve``: players' phones score at the table, and the
director's pages for the tables (codes and QR cards, devices, calls, conflicting results).

A phone joins with its table's code (``POST /t/api/join``) and then sends its token as
``Authorization: Bearer …`` with every request: a header, never a cookie, so no other site can
make a phone act, and a token reaches only its own table of its own session while that session
is live. Every answer a phone acts on is JSON in the app's one error shape; a result is
answered only after it is committed (:meth:`Store.submit_from_table`).
"""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.movements import Movement
from bridgescore.movements import jsonform as movement_json
from bridgescore.movements.cards import card_tables
from bridgescore.store import tables as tb
from bridgescore.web import app as web
from bridgescore.web import night, phone

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
    code); the service worker keeps a copy, so it opens without a connection too."""
    text = resources.files("bridgescore.web").joinpath("phone", "table.html").read_text("utf-8")
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


def asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        raise web.Problem(404, "no such page")
    data = resources.files("bridgescore.web").joinpath("phone", name).read_bytes()
    headers = {"Cache-Control": "no-cache"}
    if name == "sw.js":
        headers["Service-Worker-Allowed"] = "/t/"
    return Response(data, media_type=STATIC[name], headers=headers)


# --- the phone's JSON API ------------------------------------------------------------------------


def _store(request: Request) -> Any:
    return web._bridge(request).store


def _device(request: Request) -> tb.Device:
    """The device whose token the request carries, refused unless it may still act."""
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header[:7].lower() == "bearer " else ""
    found: tb.Device | None = _store(request).table_device(token) if token else None
    if found is None:
        raise web.Problem(
            401, "this phone's pass for the table is not valid: scan the table card again"
        )
    return found


def _scorer(found: tb.Device) -> None:
    if found.role != tb.SCORER:
        raise web.Problem(
            403,
            "another phone scores at this table: this one can only watch "
            "(the director can hand the table over)",
        )


def _movement(request: Request, session_id: int) -> tuple[tb.Plan, Movement]:
    """The session's plan and movement, parsed once per worker: they do not change."""
    cache: dict[int, tuple[tb.Plan, Movement]] = web._bridge(request).plans
    if session_id not in cache:
        plan = _store(request).live_plan(session_id)
        if not plan.plan:
            raise web.Problem(404, "this session has no movement to score by")
        cache[session_id] = (plan, movement_json.loads(plan.plan))
    return cache[session_id]


async def join(request: Request) -> Response:
    data = await web._posted(request)
    code = data.get("code", "")
    if not tb.normalise_code(code):
        raise web.Problem(400, "type the code on the table card")
    token, found = await run_in_threadpool(_store(request).join_table, code)
    plan, _ = await run_in_threadpool(_movement, request, found.session_id)
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


def state(request: Request) -> Response:
    found = _device(request)
    plan, movement = _movement(request, found.session_id)
    view = _store(request).table_view(found)
    data = phone.table_state(
        plan, movement, found, view.results, open_call=view.open_call, conflicts=view.conflicts
    )
    return JSONResponse(data)


def scores(request: Request) -> Response:
    return JSONResponse(phone.score_table(), headers={"Cache-Control": "max-age=86400"})


def _cell(data: dict[str, str]) -> night.Cell:
    return night.Cell(
        data.get("contract", ""),
        data.get("declarer", ""),
        data.get("tricks", ""),
        data.get("lead", ""),
    )


def _place(data: dict[str, str]) -> tuple[int, int]:
    try:
        return int(data["board"]), int(data["round"])
    except (KeyError, ValueError):
        raise web.Problem(400, "a result needs its board and round") from None


def _entry(request: Request, found: tb.Device, data: dict[str, str]) -> tuple[Any, str | None]:
    """The traveller line the phone means, checked against the movement, and any problem with
    its lead against the hand record."""
    _, movement = _movement(request, found.session_id)
    board, round_ = _place(data)
    cell = _cell(data)
    entry = night.place_entry(movement, board, round_, int(found.table), cell)
    entry = _in_section(entry, found.section)
    declarer = cell.declarer.strip().upper()
    lead = cell.lead.strip()
    problem = None
    if lead and declarer:
        problem = phone.lead_problem(_store(request).deal(found.session_id, board), declarer, lead)
    return entry, problem


def _in_section(entry: Any, section: str) -> Any:
    from dataclasses import replace

    return replace(entry, section=section) if section else entry


async def check(request: Request) -> Response:
    """A result as the phone has it so far, checked without storing: the lead against the
    hand record (once the declarer and lead are known), and the score once it is complete."""
    data = await web._posted(request)
    found = await run_in_threadpool(_device, request)
    return await run_in_threadpool(_check, request, found, data)


def _check(request: Request, found: tb.Device, data: dict[str, str]) -> Response:
    plan, movement = _movement(request, found.session_id)
    board, round_ = _place(data)
    night.place_entry(movement, board, round_, int(found.table), night.Cell("PASS"))
    cell = _cell(data)
    problem = None
    if cell.lead.strip() and cell.declarer.strip():
        deal = _store(request).deal(found.session_id, board)
        problem = phone.lead_problem(deal, cell.declarer, cell.lead)
    answer: dict[str, Any] = {"lead_problem": problem, "result": None, "ns_score": None}
    if cell.tricks.strip() or not night.looks_like_contract(cell.contract):
        from bridgescore.store.sessions import parse_result

        text = cell.notation()
        kind, _, _, _, ns_score = parse_result(text, plan.boards[board][0])
        answer.update(result=text, kind=kind, ns_score=ns_score)
    return JSONResponse(answer)


async def submit(request: Request) -> Response:
    """Store a result from the table's phone; answered only once it is committed."""
    data = await web._posted(request)
    client_id = data.get("client_id", "")
    if not _CLIENT_ID.match(client_id):
        raise web.Problem(400, "a result from a table needs the id the phone made for it")
    # One hop to a worker thread for the whole of it: the database calls block.
    return await run_in_threadpool(_submit, request, data, client_id)


def _submit(request: Request, data: dict[str, str], client_id: str) -> Response:
    found = _device(request)
    _scorer(found)
    store = _store(request)
    entry, problem = _entry(request, found, data)
    replaces = data.get("replaces", "")
    replacing = int(replaces) if replaces.isdigit() else None
    if replacing is not None:
        last = store.table_last_round(found.session_id, found.section, found.table)
        if last is not None and entry.round is not None and entry.round < last:
            raise web.Problem(
                403,
                f"round {entry.round} is over at this table: ask the director to correct "
                f"board {entry.board}",
            )
    done = store.submit_from_table(entry, client_id=client_id, device=found, replaces=replacing)
    if problem and (done.stored is None or done.stored.stored):
        store.note_at_table(found, "lead", f"board {entry.board}: {problem}")
    if done.conflict is not None:
        c = done.conflict
        return JSONResponse(
            {
                "status": "conflict",
                "stored": False,
                "conflict": {"id": c.id, "result": c.result, "stored": c.against_result},
                "lead_problem": problem,
            },
            200,
        )
    assert done.stored is not None
    entry_ = done.stored.entry
    return JSONResponse(
        {
            "status": "stored",
            "stored": done.stored.stored,
            "entry": {
                "id": entry_.id,
                "board": entry.board,
                "round": entry.round,
                "result": entry_.result,
                "ns_score": entry_.ns_score,
                "recorded_at": entry_.recorded_at.isoformat(),
            },
            "lead_problem": problem,
        },
        201 if done.stored.stored else 200,
    )


def traveller(request: Request) -> Response:
    """A board's traveller with provisional matchpoints, for a table that has played it."""
    found = _device(request)
    board = int(request.path_params["board"])
    store = _store(request)
    mine = store.table_results(found.session_id, found.section, found.table)
    if not any(r.board == board for r in mine):
        raise web.Problem(403, f"board {board}'s results are shown once this table has played it")
    from bridgescore.reports import views

    result = store.scored(found.session_id)
    data = views.traveller(result, board, found.section or None)
    return JSONResponse(phone.traveller(data, found.table, found.section))


async def call(request: Request) -> Response:
    found = await run_in_threadpool(_device, request)
    event = await run_in_threadpool(_store(request).call_director, found, None)
    return JSONResponse({"call": event}, 201)


# --- the director's pages for the tables ---------------------------------------------------------


def _places(found: night.Night) -> list[tuple[str, str]]:
    if found.movement is None:
        raise web.Problem(404, "this session has no movement (it was imported)")
    return [("", str(t)) for t in card_tables(found.movement)]  # a phantom table gets none


def _public_url(request: Request) -> str:
    given = web._bridge(request).public_url
    return given.rstrip("/") if given else str(request.base_url).rstrip("/")


def tables_data(request: Request, found: night.Night) -> dict[str, Any]:
    store = found.store
    codes = store.table_codes(found.id, _places(found))
    devices = store.table_devices(found.id)
    events = store.table_events(found.id)
    base = _public_url(request)
    return {
        "page": "tables",
        "session": found.head(),
        "tables": [
            {
                "table": c.table,
                "code": c.code,
                "url": f"{base}/t/{c.code}",
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
            {"id": e.id, "table": e.table, "at": e.at.isoformat(), "by": e.by}
            for e in events
            if e.kind == "call" and e.answered_at is None
        ],
        "conflicts": [
            {
                "id": c.id,
                "board": c.board,
                "round": c.round,
                "table": c.table,
                "result": c.result,
                "stored": c.against_result,
                "by": c.recorded_by,
                "at": c.recorded_at.isoformat(),
            }
            for c in store.conflicts(found.id)
        ],
        "events": [
            {
                "id": e.id,
                "table": e.table,
                "kind": e.kind,
                "note": e.note,
                "at": e.at.isoformat(),
                "by": e.by,
                "answered_by": e.answered_by,
            }
            for e in reversed(events)
        ],
    }


def tables_page(request: Request) -> Response:
    login_ = web.require_user(request)
    found = web._night(request, login_[0])
    data = tables_data(request, found)
    return web.page(request, "tables.html", data, json_twin=web._is_json(request), login=login_)


def table_cards(request: Request) -> Response:
    """One card per table to print: the table's QR code, its code and the address."""
    import segno

    login_ = web.require_user(request)
    found = web._night(request, login_[0])
    data = tables_data(request, found)
    for table in data["tables"]:
        table["qr"] = segno.make(table["url"], error="m").svg_inline(
            scale=6, title=f"Table {table['table']}", omitsize=True
        )
    return web.page(request, "table_cards.html", data, json_twin=False, login=login_)


async def table_action(request: Request) -> Response:
    """The director's actions on the tables: hand a table over, remove a device, answer a
    call, settle a conflicting result."""
    user, token = web.require_user(request)
    form = await web.require_form(request, token)
    found = await run_in_threadpool(web._night, request, user)
    store = found.store
    action = request.path_params["action"]
    number = form.get("id", "")
    if not number.isdigit():
        raise web.Problem(400, "which one? (an id is missing)")
    which = int(number)
    if action == "handover":
        await run_in_threadpool(store.hand_over, found.id, which, user.username)
    elif action == "remove":
        await run_in_threadpool(store.remove_device, found.id, which, user.username)
    elif action == "answer":
        await run_in_threadpool(store.answer_call, found.id, which, user.username)
    elif action == "resolve":
        use = form.get("use", "")
        if use not in ("table", "stored"):
            raise web.Problem(400, "choose the table's result or the stored one")
        await run_in_threadpool(
            lambda: store.resolve_conflict(found.id, which, use=use == "table", by=user.username)
        )
    else:
        raise web.Problem(404, "no such page")
    if web.wants_json(request):
        return JSONResponse({"done": action, "id": which})
    return RedirectResponse(f"/director/sessions/{found.id}/tables", 303)


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        Route("/t/", shell, methods=["GET"]),
        Route("/t/api/join", join, methods=["POST"]),
        Route("/t/api/state", state, methods=["GET"]),
        Route("/t/api/scores", scores, methods=["GET"]),
        Route("/t/api/check", check, methods=["POST"]),
        Route("/t/api/results", submit, methods=["POST"]),
        Route("/t/api/boards/{board:int}", traveller, methods=["GET"]),
        Route("/t/api/call", call, methods=["POST"]),
        Route("/t/{name:str}", shell_or_asset, methods=["GET"]),
        Route(session + "/tables", tables_page, methods=["GET"]),
        Route(session + "/tables.json", tables_page, methods=["GET"]),
        Route(session + "/tables/cards", table_cards, methods=["GET"]),
        Route(session + "/tables/{action:str}", table_action, methods=["POST"]),
    ]


def shell_or_asset(request: Request) -> Response:
    if request.path_params["name"] in STATIC:
        return asset(request)
    return shell(request)
