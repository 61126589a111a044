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

from bridgescore import languages
from bridgescore.errors import BridgeScoreError
from bridgescore.formats.outputs import OutputError, write_directory
from bridgescore.languages import N_, _
from bridgescore.night import (
    Action,
    Actor,
    Grant,
    LiveInfo,
    Refused,
    Service,
    TypedResult,
    entry,
    setup,
)
from bridgescore.night import awards as night_awards
from bridgescore.night import hand_records as night_hands
from bridgescore.night import review as night_review
from bridgescore.night import tables as night_tables
from bridgescore.night.lines import Place
from bridgescore.night.numbers import PLACE, whole
from bridgescore.rules import Rules
from bridgescore.web import auth, awards, hand_records, published, review, screens
from bridgescore.web import mail as web_mail
from bridgescore.web.app import (
    bridge,
    etag,
    event_stream,
    form_action,
    get,
    is_json,
    night_of,
    page,
    path_number,
    post,
    query,
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
    form = query(request)
    players = setup.players(night, actor)  # refused unless the actor may set sessions up
    pairs, minutes = setup.pairs_and_minutes(form)
    choices: list[Any] = []
    contestants: list[Any] = []
    problem = None
    if pairs:
        try:
            choices = setup.movement_choices(pairs, minutes)
        except BridgeScoreError as error:
            problem = str(error)
        if choices and form.get("movement", "").strip():
            pick = whole(form["movement"], N_("the movement"), high=len(choices) - 1)
            contestants = list(setup.chosen_movement(pairs, minutes, pick).contestants)
    data = screens.setup_data(
        form, setup.RULE_SETS, choices, contestants, players, problem, pairs, minutes
    )
    data["masterpoints"] = awards.for_setup(night, actor)
    return page(request, "setup.html", data, json_twin=is_json(request), actor=actor, token=token)


@form_action
def create(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    scheme = awards.scheme_for_new(night_of(request), actor, form)  # checked before storing
    made = setup.create_session(night_of(request), actor, form)
    if scheme is not None:
        night_awards.choose(night_of(request), actor, made, scheme)
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
        data = screens.watch(live)
        data["hand_records"] = hand_records.section(night, actor, live)
        awards.on_watch(night, live, data)
        data["review"] = review.summary(night, actor, live)
        return data, live.result.rules if live.result is not None else None

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
    data = screens.grid(live, path_number(request, "board"))
    data.update(hand_records.grid_deal(night_of(request), actor, live, data["board"]))
    return page(request, "grid.html", data, json_twin=is_json(request), actor=actor, token=token)


def table_round(request: Request) -> Response:
    actor, token = require(request)
    live = night_of(request).session(actor, session_id(request))
    data = screens.slip(live, path_number(request, "table"), path_number(request, "round"))
    return page(request, "slip.html", data, json_twin=is_json(request), actor=actor, token=token)


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
    needed = ("board", "round", "table") if table else ("board", "round")
    if any(not form.get(name, "").strip() for name in needed):
        raise Refused(
            400,
            _("a result needs its board, round and table")
            if table
            else _("a result needs its board and round"),
        )
    given = form.get("table", "").strip()
    return Place(
        whole(form["board"], N_("the board"), low=1, high=PLACE),
        whole(form["round"], N_("the round"), low=1, high=PLACE),
        whole(given, N_("the table"), low=1, high=PLACE) if table or given else None,
    )


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
    key = query(request).get("line", "")
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
    web_mail.after_correction(request, session_id(request))
    return _after(request, key)


@form_action
def undo(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    key = form.get("line", "")
    entry.undo(
        night_of(request), actor, session_id(request), key, override=form.get("override") == "on"
    )
    web_mail.after_correction(request, session_id(request))
    return _after(request, key)


def _after(request: Request, key: str) -> Response:
    url = f"/director/sessions/{session_id(request)}/history?line={quote(key)}"
    if wants_json(request):
        return JSONResponse({"url": url})
    return RedirectResponse(url, 303)


@form_action
def publish(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    minutes = whole(form.get("minutes", ""), N_("the correction period in minutes"), default=60)
    night = night_of(request)
    period = timedelta(minutes=min(minutes, 10**6))
    folder = bridge(request).publish_folder
    try:  # entries that look wrong and are not confirmed: asked once more
        if folder is None:
            info = night_review.publish(
                night, actor, session_id(request), period, anyway=form.get("anyway") == "yes"
            )
        else:  # the results site written out as well, as bridgescore report would
            info = _publish_with_site(
                night, actor, session_id(request), period, folder, form.get("anyway") == "yes"
            )
    except night_review.Unconfirmed as asked:
        if wants_json(request):
            raise
        return review.ask_to_publish(request, actor, token, asked, str(minutes))
    web_mail.after_publish(request, info.id)  # the results by e-mail, when the club says so
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


def _publish_with_site(
    night: Service, actor: Actor, session: int, period: timedelta, folder: Path, anyway: bool
) -> LiveInfo:
    """Publish and write the results site, all or nothing: the site is built beside its place
    by the one writer (``write_directory``), the session is published last inside it, and the
    folder is put in place once both are done. A site that cannot be written leaves the session
    live and an earlier site as it was, and says why."""
    target = folder / f"session-{session}"

    def fill(into: Path) -> LiveInfo:
        def site(_result: Any) -> None:  # the pages served once published, written out
            analyses = night_hands.analyses(night, actor, session)
            published.write_site(night, session, into, analyses)

        return night_review.publish(night, actor, session, period, anyway=anyway, site=site)

    before = night.info(session).published_at
    try:
        return write_directory(target, fill, kind="results site")
    except OutputError as error:
        if night.info(session).published_at != before:  # only the move into place failed
            raise Refused(
                503,
                _("the session is published, but its results site is not: %(error)s", error=error),
            ) from None
        said = (
            "nothing was published: the session is still live"
            if before is None
            else "the results published before stand, and so does their site"
        )
        raise Refused(503, _("%(error)s: %(said)s", error=error, said=said)) from None


def export(request: Request) -> Response:
    """The published site as a zip: the same pages as ``bridgescore report``."""
    actor, _token = require(request)
    live = night_of(request).session(actor, session_id(request))
    if live.result is None:
        raise Refused(422, _("there are no results to export"))
    night = night_of(request)
    analyses = night_hands.analyses(night, actor, live.id)
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="bridgescore-site-") as folder:
        published.write_site(night, live.id, Path(folder), analyses)  # as the pages served
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
    actor, _token = require(request)
    live = night_of(request).session(actor, session_id(request))
    if live.movement is None:
        raise Refused(404, _("this session has no movement (it was imported)"))
    from bridgescore.reports.guides import render_guides

    name = request.path_params["name"]
    pages = render_guides(live.movement)
    if name not in pages:
        raise Refused(404, _("no such page"))
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
    data = club_data(actor.user.club, night.grants(actor.user.club_id), night.language())
    return page(request, "club.html", data, json_twin=is_json(request), actor=actor, token=token)


def club_data(club: str, granted: frozenset[Grant], language: str) -> dict[str, Any]:
    return {
        "page": "club",
        "club": club,
        "grants": [{"name": g.value, "words": g.words, "granted": g in granted} for g in Grant],
        "language": language,
        "languages": [
            {"code": code, "name": languages.NAMES[code], "chosen": code == language}
            for code in languages.LANGUAGES
        ],
    }


@form_action
def set_club(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    if actor.user is None:
        raise Refused(403, _("only a director of the club can change what it grants"))
    night = night_of(request)
    granted = [g for g in Grant if form.get(g.value) in ("on", "true", "yes", "1")]
    night.set_grants(actor, actor.user.club_id, granted)
    if wants_json(request):
        return JSONResponse(club_data(actor.user.club, frozenset(granted), night.language()))
    return RedirectResponse("/director/club", 303)


@form_action
def set_language(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """The club's language (a director's): the console, the published pages and the mails."""
    night = night_of(request)
    night.set_language(actor, form.get("language", ""))
    if wants_json(request):
        assert actor.user is not None
        grants = night.grants(actor.user.club_id)
        return JSONResponse(club_data(actor.user.club, grants, night.language()))
    return RedirectResponse("/director/club#language", 303)


async def session_events(request: Request) -> Response:
    """The console's event stream: an event ``change`` with the session's revision whenever
    it changes (the watch and tables pages then fetch themselves again)."""

    def allowed() -> str:
        actor, token = require(request)
        night_of(request).revision(actor, session_id(request))
        return token or actor.name

    client = await run_in_threadpool(allowed)
    return event_stream(request, session_id(request), client, lambda marks: marks.revision)


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        *get("/director", director_home),
        *get("/director/new", setup_page),
        *post("/director/new", create),
        *get("/director/club", club_page),
        *post("/director/club", set_club),
        *post("/director/club/language", set_language),
        *get(session, watch),
        Route(session + "/events", session_events, methods=["GET"]),
        *get(session + "/boards/{board:int}", board),
        *get(session + "/tables/{table:int}/rounds/{round:int}", table_round),
        *post(session + "/check", check),
        *post(session + "/results", submit),
        *get(session + "/history", history),
        *post(session + "/correct", correct),
        *post(session + "/undo", undo),
        *post(session + "/publish", publish),
        Route(session + "/export.zip", export, methods=["GET"]),
        Route(session + "/cards/{name:str}", cards, methods=["GET"]),
    ]
