"""Players' requests for corrections: the player's own page (reached by the link in their
results mail, which carries their pass), the score card's way to have that link mailed, and the
director's page of requests (accept: a correction through the log; decline: with a reason).
Each handler parses the request, asks the night (:mod:`bridgescore.night.requests`) and renders
its answer; every page has its JSON twin."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.languages import _
from bridgescore.night import Actor, Refused
from bridgescore.night import privacy as night_privacy
from bridgescore.night import requests as night_requests
from bridgescore.reports import views
from bridgescore.reports.html import entrant_kind
from bridgescore.reports.model import entrant_page
from bridgescore.reports.team_evening import TeamEvenings, team_page
from bridgescore.teams_results import TeamsResult
from bridgescore.web import mail as web_mail
from bridgescore.web import screens
from bridgescore.web.app import (
    bridge,
    etag,
    form_action,
    get,
    night_of,
    post,
    posted,
    require,
    session_id,
    tagged_page,
    wants_json,
)


def _tries(request: Request) -> night_requests.Tries:
    """This worker's count of links that were not passes (made on first use)."""
    state = request.app.state
    found: night_requests.Tries | None = getattr(state, "ask_tries", None)
    if found is None:
        found = state.ask_tries = night_requests.Tries()
    return found


def _client(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _token(request: Request) -> tuple[str, bool]:
    token = request.path_params["token"]
    if token.endswith(".json"):
        return token.removesuffix(".json"), True
    return token, False


def _player(request: Request) -> tuple[Actor, str, bool]:
    token, json_twin = _token(request)
    actor = night_requests.player(night_of(request), token, _client(request), _tries(request))
    return actor, token, json_twin


# --- the player's own page -----------------------------------------------------------------------


def _asked(
    r: Any, now: dict[Any, str | None] | None = None, by_line: bool = False
) -> dict[str, Any]:
    """A request as its player reads it (no names of whoever answered); an accepted one with
    the board's result now in force (``now``: by board, as the player's score card shows it,
    or by line when ``by_line``: a team's two tables of a board)."""
    which = r.entry_key if by_line else r.board
    return {
        "id": r.id,
        "board": r.board,
        "reason": r.reason,
        "proposed": r.proposed,
        "asked_at": r.asked_at.isoformat(),
        "status": r.status,
        "answer": r.answer,
        "answered_at": None if r.answered_at is None else r.answered_at.isoformat(),
        "now": now.get(which) if now is not None and r.status == "accepted" else None,
    }


def player_data(found: night_requests.PlayerPage, asked: str | None = None) -> dict[str, Any]:
    """A player's page as plain data: the session, their boards as published, their requests."""
    from bridgescore.mailing import entrant_of

    held = found.held
    if isinstance(found.result, TeamsResult):
        return _team_player_data(found, asked)
    pages = views.SessionPages(found.result) if found.result is not None else None
    site = pages.site() if pages is not None else {}
    card = None
    if pages is not None and held.entrant is not None:
        entrant = entrant_of(held.entrant)
        if entrant in pages.card_entrants():
            card = pages.card(entrant)
    waiting = {r.board for r in found.requests if r.status == "open"}
    boards = []
    for row in [] if card is None else card["boards"]:
        boards.append(
            {
                "board": row["board"],
                "direction": row["direction"],
                "opponents": [o["label"] for o in row["opponents"]],
                "entry": row.get("entry"),
                "score": row["score"],
                "asked": row["board"] in waiting,
            }
        )
    return {
        "page": "ask",
        "teams": False,
        "session": {
            "id": held.session_id,
            "event": site.get("event"),
            "date": site.get("date"),
            "results": f"/results/{held.session_id}/",
        },
        "player": held.player,
        "pair": None
        if card is None
        else {
            "label": card["label"],
            "kind": entrant_kind(card),
            "name": card["name"],
            "card": f"/results/{held.session_id}/{card['page'].removesuffix('.html')}.html"
            if card.get("page")
            else None,
        },
        "until": f"{found.until:%Y-%m-%d %H:%M} UTC",
        "boards": boards,
        "requests": [
            _asked(r, {b["board"]: b["entry"] for b in boards}) for r in reversed(found.requests)
        ],
        "asked": asked,
        "imps": site.get("imps", False),
    }


def _team_player_data(found: night_requests.PlayerPage, asked: str | None) -> dict[str, Any]:
    """A team's player's page as plain data: on each board of their team's matches, the team's
    two tables (its pair North-South in one room, East-West in the other), either of which
    they may ask about."""
    from bridgescore.mailing import entrant_of
    from bridgescore.reports.analysis import result_text

    held = found.held
    result = found.result
    session = result.session
    team = None if held.entrant is None else entrant_of(held.entrant)
    waiting = {r.entry_key for r in found.requests if r.status == "open"}
    boards: list[dict[str, Any]] = []
    for table in night_requests.team_tables(result, held):
        played = table.row.result
        boards.append(
            {
                "board": table.board,
                "room": table.room,
                "value": f"{table.board}-{table.room}",
                "direction": table.side,
                "opponents": [table.opponent.label],
                "entry": table.row.describe() if played is None else str(result_text(played)),
                "score": None
                if played is None
                else played.ns_score * (1 if table.side == "NS" else -1),
                "line": table.line,
                "asked": table.line in waiting,
            }
        )
    standing = next((s for s in result.standings if s.entrant == team), None)
    now = {b["line"]: b["entry"] for b in boards}
    rooms = {b["line"]: b["room"] for b in boards}
    return {
        "page": "ask",
        "teams": True,
        "session": {
            "id": held.session_id,
            "event": session.title,
            "date": session.date,
            "results": f"/results/{held.session_id}/",
        },
        "player": held.player,
        "pair": None
        if team is None or standing is None
        else {
            "label": team.label,
            "kind": _("Team %(label)s", label=team.label),
            "name": standing.name,
            "card": f"/results/{held.session_id}/{team_page(team)}.html",
        },
        "until": f"{found.until:%Y-%m-%d %H:%M} UTC",
        "boards": boards,
        "requests": [
            {**_asked(r, now, by_line=True), "room": rooms.get(r.entry_key or "")}
            for r in reversed(found.requests)
        ],
        "asked": asked,
        "imps": True,
    }


def ask_page(request: Request) -> Response:
    actor, token, json_twin = _player(request)
    found = night_requests.page(night_of(request), actor)
    data = player_data(found, request.query_params.get("asked"))
    chosen = request.query_params.get("board", "")
    if data.get("teams"):
        data["chosen"] = chosen if any(b["value"] == chosen for b in data["boards"]) else None
    else:
        digits = chosen.isascii() and chosen.isdigit() and len(chosen) <= 4
        data["chosen"] = int(chosen) if digits else None
    data["form"] = f"/ask/{token}"
    if json_twin:
        data.pop("form")
        return JSONResponse(data, headers={"Cache-Control": "no-store"})
    return _player_page(request, found.result, data)


def _player_page(request: Request, result: Any, data: dict[str, Any]) -> Response:
    from bridgescore.rules import rules_named

    env = bridge(request).env(result.rules if result is not None else rules_named("club"))
    text = env.get_template("ask.html").render(data=data, json_url=None)
    # the page's address is the player's pass: no cache keeps it, no link hands it on
    headers = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    return HTMLResponse(text, headers=headers)


async def ask(request: Request) -> Response:
    """A player's request: stored for the director, nothing else changed; 201 (JSON) or back
    to their page, which says it was sent."""
    form = await posted(request)

    def run() -> Response:
        actor, token, json_twin = _player(request)
        # a team's table is chosen as "board-room" in the page's one list, or sent apart
        board, _dash, room = form.get("board", "").partition("-")
        done = night_requests.ask(
            night_of(request),
            actor,
            board,
            form.get("reason", ""),
            form.get("proposed", ""),
            room=form.get("room", "") or room,
        )
        if json_twin or wants_json(request):
            return JSONResponse({"request": _asked(done)}, 201)
        return RedirectResponse(f"/ask/{token}?asked={done.board}", 303)

    return await run_in_threadpool(run)


# --- asking from a score card --------------------------------------------------------------------


def _card(request: Request) -> tuple[int, Any, Any, str, bool]:
    """The session, its result as published, the entrant whose card this is, its page's name,
    and whether the JSON twin is asked for; refused once the correction period is over."""
    name = request.path_params["card"]
    json_twin = name.endswith(".json")
    name = name.removesuffix(".json").removesuffix(".html")
    session = session_id(request)
    result, info = night_privacy.published(night_of(request), session)
    until = night_requests.correction_period(info)
    if until is None or night_requests.is_over(until):
        raise Refused(410, _("the correction period is over: ask the director in person"))
    if isinstance(result, TeamsResult):  # a team's evening is its players' card
        for team in TeamEvenings(result).entrants():
            if team_page(team) == name:
                return session, result, team, name, json_twin
        raise Refused(404, _("no such page"))
    pages = views.SessionPages(result)
    for entrant in pages.card_entrants():
        if entrant_page(entrant) == name:
            return session, result, entrant, name, json_twin
    raise Refused(404, _("no such page"))


def _card_data(session: int, result: Any, entrant: Any, name: str, sent: bool) -> dict[str, Any]:
    if isinstance(result, TeamsResult):
        site = views.TeamsPages(result).site()
        label = entrant_kind({"team": 0, "label": entrant.label})
    else:
        site = views.SessionPages(result).site()
        label = entrant_kind(
            {"pair" if not entrant.player else "player": 0, "label": entrant.label}
        )
    return {
        "page": "ask-card",
        "session": {
            "id": session,
            "event": site.get("event"),
            "date": site.get("date"),
            "results": f"/results/{session}/",
        },
        "card": f"/results/{session}/{name}.html",
        "action": f"/results/{session}/ask/{name}",
        "label": label,
        "sent": sent,
    }


def card_page(request: Request) -> Response:
    """From a score card on the results site: the link to ask for a correction is mailed to
    the pair's players (the page never shows it, nor anyone's address)."""
    session, result, entrant, name, json_twin = _card(request)
    data = _card_data(session, result, entrant, name, sent=False)
    if json_twin:
        return JSONResponse(data)
    return _card_html(request, result, data)


def _card_html(request: Request, result: Any, data: dict[str, Any], status: int = 200) -> Response:
    text = bridge(request).env(result.rules).get_template("ask_card.html").render(data=data)
    return HTMLResponse(text, status, headers={"Cache-Control": "no-store"})


async def card_send(request: Request) -> Response:
    await posted(request)

    def run() -> Response:
        session, result, entrant, name, json_twin = _card(request)
        data = _card_data(session, result, entrant, name, sent=True)
        key = (entrant.section or "", entrant.line.value if entrant.line else "",
               entrant.number, entrant.player)  # fmt: skip
        server = web_mail.links(request, session).server
        assert server is not None
        until = night_requests.mail_link(night_of(request), session, key, data["label"], server)
        data["until"] = f"{until:%Y-%m-%d %H:%M} UTC"
        if json_twin or wants_json(request):
            return JSONResponse(data, 202)
        return _card_html(request, result, data, 202)

    return await run_in_threadpool(run)


# --- the director's page -------------------------------------------------------------------------


def asked_for_director(r: Any) -> dict[str, Any]:
    """A request as the console shows it: the player's full name, and who answered."""
    return {
        **_asked(r),
        "player": r.player,
        "player_id": r.player_id,
        "line": r.entry_key,
        "answered_by": r.answered_by,
        "correction": r.correction,
        "told": r.told,
    }


def requests_data(request: Request, actor: Actor, session: int) -> dict[str, Any]:
    night = night_of(request)
    live = night.session(actor, session)
    found = night_requests.requests(night, actor, session)
    rows = []
    for r in found:
        shown = asked_for_director(r)
        line = live.lines.get(r.entry_key) if r.entry_key else None
        shown["in_force"] = None if line is None else screens.result_text(line)
        shown["history"] = (
            None
            if r.entry_key is None
            else f"/director/sessions/{session}/history?line={_quote(r.entry_key)}"
        )
        rows.append(shown)
    return {
        "page": "requests",
        "session": screens.head(live),
        "may_answer": night.may(actor, _answer_action(), live.info),
        "open": [r for r in rows if r["status"] == "open"],
        "answered": [r for r in reversed(rows) if r["status"] != "open"],
    }


def _answer_action() -> Any:
    from bridgescore.night import Action

    return Action.ANSWER_REQUEST


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text)


def requests_page(request: Request) -> Response:
    actor, token = require(request)
    night = night_of(request)
    session = session_id(request)
    revision = night.revision(actor, session)
    tag = etag(request, token, "requests", session, revision)
    return tagged_page(
        request,
        tag,
        "requests.html",
        lambda: requests_data(request, actor, session),
        actor=actor,
        token=token,
    )


@form_action
def answer(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """The director's answer: accept (the board corrected to the result given, through the
    log) or decline (with the reason the player reads); the player is told by mail when the
    club has a mail server, and on their page."""
    night = night_of(request)
    session = session_id(request)
    which = request.path_params["request"]
    verb = request.path_params["answer"].removesuffix(".json")
    if verb == "accept":
        done = night_requests.accept(
            night,
            actor,
            session,
            which,
            form.get("result", ""),
            form.get("words", ""),
            override=form.get("override") == "on",
        )
    elif verb == "decline":
        done = night_requests.decline(night, actor, session, which, form.get("words", ""))
    else:
        raise Refused(404, _("no such page"))
    from bridgescore.night import mail as night_mail

    night_mail.after_answer(night, session, web_mail.links(request, session))
    if wants_json(request):
        return JSONResponse({"request": asked_for_director(done)})
    return RedirectResponse(f"/director/sessions/{session}/requests", 303)


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        Route("/ask/{token:str}", ask_page, methods=["GET"]),
        Route("/ask/{token:str}", ask, methods=["POST"]),
        Route("/results/{session:int}/ask/{card:str}", card_page, methods=["GET"]),
        Route("/results/{session:int}/ask/{card:str}", card_send, methods=["POST"]),
        *get(session + "/requests", requests_page),
        *post(session + "/requests/{request:int}/{answer:str}", answer),
    ]
