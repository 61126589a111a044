"""A Swiss event in the console, at the tables and published: the routes, and what each page
shows as plain data (its JSON twin).

The director starts an event with its conditions (``/director/swiss``), draws each round
(``…/draw``: stored before it is shown, so asking again shows the same draw), prints the round's
table assignments (``…/rounds/N``), enters and withdraws teams between rounds, and publishes
the draws and standings after each round (``/results/swiss/N/``). The phones at the tables enter
their boards by the one entry path every result takes; ``/t/api/swiss`` shows a table's phone
its match: the boards of both rooms, the IMPs and VPs once the match is complete. Who may do
what, and every rule of the event, are the night's (:mod:`bridgescore.night.swiss`).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.display import fmt_fixed, fmt_short
from bridgescore.formats.json import exact, number
from bridgescore.formats.outputs import OutputError, write_directory
from bridgescore.languages import _, current
from bridgescore.night import Action, Actor, Refused
from bridgescore.night import swiss as night_swiss
from bridgescore.night import tables as night_tables
from bridgescore.night.swiss import AtTable, MatchState, SwissView
from bridgescore.reports import html
from bridgescore.reports import swiss as pages
from bridgescore.reports.swiss import standings_data
from bridgescore.rules import rules_named
from bridgescore.swiss import MatchScore
from bridgescore.web import screens
from bridgescore.web.app import (
    bridge,
    etag,
    form_action,
    get,
    is_json,
    night_of,
    page,
    post,
    require,
    tagged_page,
    unchanged,
    wants_json,
)

Data = dict[str, Any]


def _swiss_id(request: Request) -> int:
    return int(request.path_params["swiss"])


def _word(kind: str) -> str:
    return "team" if kind == "teams" else "pair"


def _exactly(name: str, value: Fraction | None) -> Data:
    return {name: number(value), f"{name}_exact": exact(value)}


Figures = MatchScore | tuple[Fraction, Fraction]


def _score(score: Figures | None) -> Data | None:
    """A match's IMPs (a score) or VPs (a pair of values), each side's, and as text."""
    if score is None:
        return None
    home, away = (score.home_imps, score.away_imps) if isinstance(score, MatchScore) else score
    return {**_exactly("home", home), **_exactly("away", away), "text": _text(score)}


def _text(score: Figures | None) -> str | None:
    """IMPs whole (or to two places when an adjustment halved them), VPs to two places."""
    if score is None:
        return None
    if isinstance(score, MatchScore):
        return f"{fmt_short(score.home_imps)}–{fmt_short(score.away_imps)}"
    return f"{fmt_fixed(score[0], 2)}–{fmt_fixed(score[1], 2)}"


# --- the director's pages: data ------------------------------------------------------------------


def head(found: SwissView) -> Data:
    """What every page of the event shows about it."""
    row, event = found.row, found.event
    return {
        "id": row.id,
        "title": row.title,
        "kind": row.kind,
        "word": _word(row.kind),
        "session": row.session_id,
        "revision": found.revision,
        "step": found.step,
        "rounds": event.conditions.rounds,
        "boards": event.conditions.boards,
        "drawn": event.drawn,
        "complete_rounds": found.complete_rounds,
    }


def match_data(found: SwissView, state: MatchState) -> Data:
    """A match of a drawn round as the console shows it: its tables and how many boards each
    has in, each board's results and IMPs, the score and VPs once complete."""
    names = {t.number: t.name for t in found.event.teams}
    m = state.match
    return {
        "table": m.table,
        "tables": list(state.tables),
        "home": {"number": m.home, "name": names.get(m.home)},
        "away": {"number": m.away, "name": names.get(m.away)},
        "entered": list(state.entered),
        "complete": state.complete,
        "imps": _score(state.score),
        "vps": _score(state.vps),
        "drawn_on": _score(state.drawn_on),
        "boards": [
            {
                "board": b.board,
                "results": [
                    None if line is None else screens.result_text(line) for line in b.results
                ],
                "ns_scores": [
                    None if line is None or line.result is None else line.result.ns_score
                    for line in b.results
                ],
                "home": None if b.home is None else number(b.home),
                "home_exact": exact(b.home),
                "away": None if b.away is None else number(b.away),
                "away_exact": exact(b.away),
            }
            for b in state.boards
        ],
    }


def round_data(found: SwissView, round_number: int) -> Data:
    draw = found.event.draws[round_number - 1]
    names = {t.number: t.name for t in found.event.teams}
    first = (round_number - 1) * found.event.conditions.boards + 1
    return {
        "round": round_number,
        "boards": [first, first + found.event.conditions.boards - 1],
        "held": found.held.get(round_number, 0),
        "matches": [match_data(found, s) for s in found.rounds[round_number - 1]],
        "bye": None
        if draw.bye is None
        else {
            "number": draw.bye,
            "name": names.get(draw.bye),
            **_exactly("vps", found.event.conditions.bye_vps or Fraction(0)),
        },
    }


def event_data(request: Request, found: SwissView, actor: Actor) -> Data:
    """The event's page: its rounds, matches and standings, what can be done next."""
    night = night_of(request)
    event = found.event
    published = found.stored.published
    notes = []
    for matches in found.rounds:
        for s in matches:
            if s.drawn_on is not None:
                now = _("no score") if s.score is None else _imps_text(s.score)
                notes.append(
                    _(
                        "Round %(round)s, %(home)s v %(away)s: the boards now make %(now)s; "
                        "round %(next)s was drawn on %(then)s",
                        round=s.round,
                        home=s.match.home,
                        away=s.match.away,
                        now=now,
                        next=s.round + 1,
                        then=_imps_text(s.drawn_on),
                    )
                )
    return {
        "page": "swiss",
        "swiss": head(found),
        "conditions": pages.conditions_words(event, found.row.kind),
        "waiting": found.waiting,
        "may": {
            name: night.may(actor, action, found.info)
            for name, action in (
                ("draw", Action.SWISS_DRAW),
                ("teams", Action.SWISS_TEAMS),
                ("publish", Action.SWISS_PUBLISH),
            )
        },
        "rounds": [round_data(found, d.round) for d in reversed(event.draws)],
        "standings": standings_data(event.standings()),
        "teams": [
            {
                "number": t.number,
                "name": t.name,
                "joined": t.joined,
                "left": t.left,
                "withdrawn": t.withdrawn,
            }
            for t in event.teams
        ],
        "published": None
        if published is None
        else {
            "through": published.round,
            "at": published.at.isoformat(),
            "url": f"/results/swiss/{found.id}/",
        },
        "notes": notes,
    }


def _imps_text(score: MatchScore) -> str:
    shown = html.environment(rules_named("club")).filters["num"]
    said = current()
    return _(
        "%(home)s–%(away)s IMPs",
        home=said.number(shown(exact(score.home_imps))),
        away=said.number(shown(exact(score.away_imps))),
    )


# --- the director's pages: routes ----------------------------------------------------------------


def list_page(request: Request) -> Response:
    """The club's Swiss events, and the form that starts one."""
    actor, token = require(request)
    night = night_of(request)
    found = night_swiss.club_events(night, actor)
    data = {
        "page": "swiss-events",
        "may_start": _may_start(request, actor),
        "events": [
            {
                "id": s.row.id,
                "title": s.row.title,
                "kind": s.row.kind,
                "created_at": s.row.created_at.isoformat(),
                "url": f"/director/swiss/{s.row.id}",
                "published": s.published is not None,
            }
            for s in found
        ],
    }
    return page(
        request, "swiss_events.html", data, json_twin=is_json(request), actor=actor, token=token
    )


def _may_start(request: Request, actor: Actor) -> bool:
    try:
        night_of(request).check_club(actor, Action.SWISS_START)
    except Refused:
        return False
    return True


@form_action
def start(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    made = night_swiss.start(night_of(request), actor, form)
    url = f"/director/swiss/{made}"
    if wants_json(request):
        return JSONResponse({"swiss": made, "url": url}, 201)
    return RedirectResponse(url, 303)


def event_page(request: Request) -> Response:
    """The event: its rounds as they stand, the standings, drawing and publishing. Answered 304
    while the session's revision and the event's step are the ones the browser has."""
    actor, token = require(request)
    night = night_of(request)
    found = night_swiss.view(night, actor, _swiss_id(request))
    tag = etag(request, token, "swiss", found.id, found.step, found.revision)
    return tagged_page(
        request,
        tag,
        "swiss_event.html",
        lambda: event_data(request, found, actor),
        actor=actor,
        token=token,
    )


def draw_page(request: Request) -> Response:
    """A round's table assignments, to print or show: each match's tables, who sits where."""
    actor, token = require(request)
    found = night_swiss.view(night_of(request), actor, _swiss_id(request))
    round_number = int(request.path_params["round"])
    if not 1 <= round_number <= found.event.drawn:
        raise Refused(
            404, _("round %(round_number)s has not been drawn", round_number=round_number)
        )
    data = draw_data(request, found, round_number)
    return page(
        request, "swiss_draw.html", data, json_twin=is_json(request), actor=actor, token=token
    )


def _card(request: Request, code: str | None) -> str | None:
    return None if code is None else night_tables.card_key(night_of(request), code)


def draw_data(request: Request, found: SwissView, round_number: int) -> Data:
    """Round ``round_number``'s table assignments, with each table's code for its phone."""
    codes = _codes(request, found)
    matches = []
    for state in found.rounds[round_number - 1]:
        shown = match_data(found, state)
        shown["seats"] = [
            {
                "table": table,
                "room": room,
                "ns": state.match.home if room in (None, 1) else state.match.away,
                "ew": state.match.away if room in (None, 1) else state.match.home,
                "code": codes.get(str(table)),
                # the key of the table card's QR code: a code typed alone only watches
                "card": _card(request, codes.get(str(table))),
            }
            for table, room in zip(
                state.tables,
                (1, 2) if found.row.kind == "teams" else (None,),
                strict=True,
            )
        ]
        matches.append(shown)
    data = round_data(found, round_number)
    return {
        "page": f"swiss-round-{round_number}",
        "swiss": head(found),
        **data,
        "matches": matches,
    }


def _codes(request: Request, found: SwissView) -> dict[str, str]:
    """Each table's code for its phone (made the first time they are asked for)."""
    actor, _token = require(request)
    live = night_of(request).session(actor, found.row.session_id)
    return {c.table: c.code for c in live.codes()}


@form_action
def draw(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Draw the next round (``round``: the one expected; a round drawn already is shown as it
    was drawn, never drawn again)."""
    text = form.get("round", "").strip()
    if text and not text.isdigit():
        raise Refused(422, _("the round to draw must be a number, not %(text)s", text=repr(text)))
    found, drawn = night_swiss.draw(
        night_of(request), actor, _swiss_id(request), int(text) if text else None
    )
    url = f"/director/swiss/{found.id}/rounds/{drawn}"
    if wants_json(request):
        draw_ = found.event.draws[drawn - 1]
        return JSONResponse({"url": url, **pages.draw_data(draw_)})
    return RedirectResponse(url, 303)


@form_action
def enter(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    found, entered = night_swiss.enter_team(
        night_of(request), actor, _swiss_id(request), form.get("number", ""), form.get("name", "")
    )
    return _after(request, found, {"entered": entered, "joined": found.event.team(entered).joined})


@form_action
def withdraw(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    found = night_swiss.withdraw(night_of(request), actor, _swiss_id(request), form.get("team", ""))
    team = int(form.get("team", "0"))
    return _after(request, found, {"withdrawn": team, "left": found.event.team(team).left})


@form_action
def publish(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Publish the draws and the standings after the rounds complete; the site is written to
    the publish folder too, when the server has one."""
    found = night_swiss.publish(night_of(request), actor, _swiss_id(request))
    folder = bridge(request).publish_folder
    if folder is not None:
        shown = night_swiss.published(night_of(request), found.id)
        _write_site(
            pages.site_pages(shown.event, shown.row.title, shown.row.kind, shown.through),
            folder / f"swiss-{found.id}",
        )
    through = found.stored.published.round if found.stored.published else 0
    return _after(
        request, found, {"published_through": through, "url": f"/results/swiss/{found.id}/"}
    )


def _after(request: Request, found: SwissView, done: Data) -> Response:
    url = f"/director/swiss/{found.id}"
    if wants_json(request):
        return JSONResponse({"url": url, **done})
    return RedirectResponse(url, 303)


def _write_site(site: dict[str, Data], target: Path) -> None:
    """The published pages written into ``target`` whole, by the one writer: built beside it
    and moved into place; a folder that cannot be written is said, the one before left as it
    was."""
    try:
        write_directory(
            target, lambda into: pages.write_swiss_site(site, into), kind="results site"
        )
    except OutputError as error:
        raise Refused(
            503, _("the standings are published, but their site is not: %(error)s", error=error)
        ) from None


# --- the published pages -------------------------------------------------------------------------


def published_page(request: Request) -> Response:
    """The event as last published: the standings (``index``) and each round (``round-N``),
    each with its JSON twin, and the stylesheet."""
    name = request.path_params.get("name", "")
    if name == "":
        return RedirectResponse(f"/results/swiss/{_swiss_id(request)}/index.html", 303)
    shown = night_swiss.published(night_of(request), _swiss_id(request))
    if name == html.STYLESHEET:
        from importlib import resources

        text = resources.files("bridgescore.reports").joinpath("templates", html.STYLESHEET)
        return Response(text.read_text(encoding="utf-8"), media_type="text/css")
    json_twin = name.endswith(".json")
    key = name.removesuffix(".json").removesuffix(".html")
    site = pages.site_pages(shown.event, shown.row.title, shown.row.kind, shown.through)
    if key not in site:
        raise Refused(404, _("no such page"))
    if json_twin:
        return JSONResponse(site[key])
    return HTMLResponse(pages.render_page(bridge(request).env(rules_named("club")), site[key]))


# --- the phones at the tables --------------------------------------------------------------------


def table_data(found: AtTable) -> Data:
    """What a table's phone shows of its event: each round's match at this table (its room and
    the other room's table at teams), every board's results and who won its IMPs, the match's
    IMPs and VPs once it is complete (the figures as text, rounded as the console shows them)."""
    view = found.view
    names = {t.number: t.name for t in view.event.teams}
    rounds = []
    for state, room in found.matches:
        m = state.match
        other = [t for t in state.tables if t != found.table]
        boards = []
        for b in state.boards:
            won = None
            if b.home is not None and b.away is not None and b.home != b.away:
                team, imps = (
                    (m.home, b.home - b.away) if b.home > b.away else (m.away, b.away - b.home)
                )
                won = {"team": team, "imps": fmt_short(imps)}
            boards.append(
                {
                    "board": b.board,
                    "results": [
                        None if line is None else screens.result_text(line) for line in b.results
                    ],
                    "compared": b.home is not None,
                    "won": won,
                }
            )
        rounds.append(
            {
                "round": state.round,
                "match": m.table,
                "room": room,
                "other_table": other[0] if other else None,
                "home": {"number": m.home, "name": names.get(m.home)},
                "away": {"number": m.away, "name": names.get(m.away)},
                "entered": list(state.entered),
                "complete": state.complete,
                "score_text": _text(state.score),
                "vps_text": _text(state.vps),
                "boards": boards,
            }
        )
    event = view.event
    return {
        "swiss": head(view),
        "table": found.table,
        "rounds": rounds,
        "next": "over" if event.drawn >= event.conditions.rounds else "waiting",
    }


def phone_swiss(request: Request) -> Response:
    """A table's phone's Swiss event (its pass in the Authorization header); 304 while the
    session's revision is the one the phone has."""
    header = request.headers.get("authorization", "")
    token = header[7:].strip() if header[:7].lower() == "bearer " else None
    night = night_of(request)
    device = night_tables.phone(night, token)
    found = night_swiss.at_table(night, device)
    tag = etag(request, "", "ts", device.id, found.view.step, found.view.revision)
    fresh = unchanged(request, tag)
    if fresh is not None:
        return fresh
    return JSONResponse(table_data(found), headers={"ETag": tag, "Cache-Control": "no-cache"})


def routes() -> list[Route]:
    event = "/director/swiss/{swiss:int}"
    return [
        *get("/director/swiss", list_page),
        *post("/director/swiss", start),
        *get(event, event_page),
        *get(event + "/rounds/{round:int}", draw_page),
        *post(event + "/draw", draw),
        *post(event + "/enter", enter),
        *post(event + "/withdraw", withdraw),
        *post(event + "/publish", publish),
        Route("/results/swiss/{swiss:int}/", published_page, methods=["GET"]),
        Route("/results/swiss/{swiss:int}/{name:str}", published_page, methods=["GET"]),
        Route("/t/api/swiss", phone_swiss, methods=["GET"]),
    ]
