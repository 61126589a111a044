"""The director's and scorer's console: the session's pages (watch, the traveller grid, the
pick-up slips, a line's history) and forms (set-up, entry, correction, undo, hand records,
publishing), the club's grants, and the console's event stream. Each handler parses the
request, asks the night (:mod:`bridgescore.night`) and renders its answer."""

from __future__ import annotations

import io
import tempfile
import zipfile
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.errors import BridgeScoreError, ParseError
from bridgescore.night import Action, Actor, Grant, Refused, TypedResult, entry, setup
from bridgescore.night import tables as night_tables
from bridgescore.night.lines import Place
from bridgescore.reports import html
from bridgescore.rules import Rules
from bridgescore.web import auth, screens
from bridgescore.web.app import (
    bridge,
    check_csrf,
    etag,
    event_stream,
    form_action,
    get,
    is_json,
    night_of,
    page,
    post,
    require,
    session_id,
    unchanged,
    wants_json,
)

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


def place(form: dict[str, str], *, table: bool = True) -> Place:
    """The board, round and table a result is for (a phone's own table: ``table`` False, and
    no table in the form)."""
    try:
        where = int(form["table"]) if table or form.get("table", "").strip() else None
        return Place(int(form["board"]), int(form["round"]), where)
    except (KeyError, ValueError):
        words = "its board, round and table" if table else "its board and round"
        raise Refused(400, f"a result needs {words}") from None


@form_action
def check(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """A row as typed, checked by the server without storing it."""
    found = night_tables.check(
        night_of(request), actor, session_id(request), place(form), typed(form)
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
    where = place(form)
    done = entry.enter(
        night,
        actor,
        session_id(request),
        where,
        typed(form),
        client_id=form.get("client_id") or None,
        reason=form.get("reason") or None,
        override=form.get("override") == "on",
    )
    assert done.entry is not None  # a user's result is applied or refused, never held
    live = night.session(actor, session_id(request))
    grid = screens.grid(live, where.board)
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


async def session_events(request: Request) -> Response:
    """The console's event stream: an event ``change`` with the session's revision whenever
    it changes (the watch and tables pages then fetch themselves again)."""

    def allowed() -> None:
        actor, _ = require(request)
        night_of(request).revision(actor, session_id(request))

    await run_in_threadpool(allowed)
    night = night_of(request)
    return event_stream(night, session_id(request), lambda marks: marks.revision)


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        *get("/director", director_home),
        *get("/director/new", setup_page),
        *post("/director/new", create),
        *get("/director/club", club_page),
        *post("/director/club", set_club),
        *get(session, watch),
        Route(session + "/events", session_events, methods=["GET"]),
        *get(session + "/boards/{board:int}", board),
        *get(session + "/tables/{table:int}/rounds/{round:int}", table_round),
        *post(session + "/deals", deals),
        *post(session + "/check", check),
        *post(session + "/results", submit),
        *get(session + "/history", history),
        *post(session + "/correct", correct),
        *post(session + "/undo", undo),
        *post(session + "/publish", publish),
        Route(session + "/export.zip", export, methods=["GET"]),
        Route(session + "/cards/{name:str}", cards, methods=["GET"]),
    ]
