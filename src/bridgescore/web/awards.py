"""Masterpoints in the console: the scheme chosen at a session's set-up (or changed on its page),
the club's own scheme files, and the awards on the provisional and published rankings, each with
the words that explain it. Who may choose, and the awards themselves, are the night's
(:mod:`bridgescore.night.awards`)."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.bridge import Side
from bridgescore.errors import BridgeScoreError
from bridgescore.formats.json import number
from bridgescore.languages import _
from bridgescore.masterpoints import Awards
from bridgescore.masterpoints.strata import parse_strata
from bridgescore.night import Actor, LiveSession, Refused, Service
from bridgescore.night import awards as night_awards
from bridgescore.session import Entrant
from bridgescore.web.app import (
    check_csrf,
    form_action,
    get,
    is_json,
    night_of,
    page,
    post,
    require,
    session_id,
    wants_json,
)
from bridgescore.web.uploads import posted_file

Data = dict[str, Any]


# --- choosing a session's scheme ------------------------------------------------------------------


def choices(night: Service, club_id: int) -> list[Data]:
    return [{"name": c.name, "words": c.words} for c in night_awards.choices(night, club_id)]


def for_setup(night: Service, actor: Actor) -> list[Data]:
    """The schemes the set-up page offers (none when the actor may not choose one)."""
    try:
        night_awards.may_choose(night, actor)
    except Refused:
        return []
    assert actor.user is not None
    return choices(night, actor.user.club_id)


def scheme_for_new(night: Service, actor: Actor, form: dict[str, str]) -> str | None:
    """The scheme a set-up form chose, checked before the session is stored."""
    typed = form.get("masterpoints", "")
    if not typed.strip() or typed.strip() == "none":
        return None
    night_awards.may_choose(night, actor)
    assert actor.user is not None
    return night_awards.checked(night, actor, actor.user.club_id, typed)


@form_action
def choose(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """The session's scheme ("none": no masterpoints)."""
    session = session_id(request)
    chosen = night_awards.choose(night_of(request), actor, session, form.get("scheme", ""))
    if wants_json(request):
        return JSONResponse({"scheme": chosen})
    return RedirectResponse(f"/director/sessions/{session}#masterpoints", 303)


async def set_strata(request: Request) -> Response:
    """The session's strata ("A,B=750,C=300", empty: none) and its players' holdings file
    (player,masterpoints), checked whole before anything is kept."""
    actor, token = await run_in_threadpool(require, request)  # nobody's upload is not read
    form = await posted_file(
        request, "holdings", night_awards.MAX_HOLDINGS + 16 * 1024, "a holdings file"
    )

    def run() -> Response:
        if actor.user is not None:
            check_csrf(request, token, form.fields)
        session = session_id(request)
        night = night_of(request)
        data = form.data if form.filename else None
        chosen = night_awards.set_strata(
            night, actor, session, form.fields.get("strata", ""), data, form.filename
        )
        if wants_json(request):
            return JSONResponse(
                {
                    "strata": None if chosen is None else chosen.strata,
                    "holdings": None if chosen is None else chosen.holdings_name,
                }
            )
        return RedirectResponse(f"/director/sessions/{session}#masterpoints", 303)

    return await run_in_threadpool(run)


# --- the awards on the rankings -------------------------------------------------------------------


def on_watch(night: Service, live: LiveSession, data: Data) -> None:
    """Each ranking line of the session's page with its award, and the scheme (with the
    choices, for the form): the provisional ranking's places while the session is played."""
    places = None
    fields = data.get("fields", [])
    if live.info.status != "published":
        places = [
            (field["field"], tuple((_entrant(row), int(row["rank"])) for row in field["rankings"]))
            for field in fields
        ]
    found = night_awards.awarded(night, live.info, live.result, places)
    data["masterpoints"] = {
        "scheme": found.scheme,
        "problem": found.problem,
        "choices": choices(night, live.info.club_id),
        **scheme_data(found.awards),
        **strata_data(found),
    }
    if found.awards is None:
        return
    for field in fields:
        for row in field["rankings"]:
            entrant = _entrant(row)
            row.update(award_data(found.awards, entrant))
            if found.awards.strata:  # each pair's stratum, and the one its award was won in
                row["stratum"] = found.awards.strata.get(entrant)
                won = found.awards.get(entrant)
                names = data["masterpoints"]["strata_names"]
                first = names[0] if names else None
                row["award_stratum"] = None if won is None else (won.stratum or first)


def strata_data(found: night_awards.Awarded) -> Data:
    """The session's strata as its page shows them (each stratum's name, for the awards by
    stratum), and the holdings file they were set by."""
    chosen = found.strata
    if chosen is None:
        return {"strata": None, "strata_names": [], "holdings": None}
    try:
        names = [s.name for s in parse_strata(chosen.strata)]
    except BridgeScoreError:  # pragma: no cover - checked when it was stored
        names = []
    holdings = None
    if chosen.holdings is not None:
        holdings = {
            "name": chosen.holdings_name,
            "lines": sum(
                1
                for line in chosen.holdings.splitlines()
                if line.strip() and not line.lstrip().startswith("#")
            ),
            "by": chosen.chosen_by,
            "at": chosen.chosen_at.isoformat(),
        }
    return {"strata": chosen.strata, "strata_names": names, "holdings": holdings}


def scheme_data(awards: Awards | None) -> Data:
    if awards is None:
        return {"title": None, "unit": None}
    return {"title": awards.scheme.title, "unit": awards.scheme.unit}


def award_data(awards: Awards, entrant: Entrant) -> Data:
    found = awards.get(entrant)
    return {
        "masterpoints": None if found is None else number(found.points),
        "masterpoints_text": None if found is None else awards.points_text(found.points),
        "masterpoints_award": None if found is None else found.text,
    }


def _entrant(row: Data) -> Entrant:
    player = "player" in row
    line = row.get("line")
    return Entrant(
        int(row["player"] if player else row["pair"]),
        Side(line) if line else None,
        player,
        row.get("section"),
    )


# --- the club's scheme files ----------------------------------------------------------------------


def club_page(request: Request) -> Response:
    """The club's own masterpoint scheme files, and a form to add one."""
    actor, token = require(request)
    night = night_of(request)
    found = night_awards.club_files(night, actor)
    assert actor.user is not None
    data = {
        "page": "club-masterpoints",
        "club": actor.user.club,
        "built_in": [c for c in choices(night, actor.user.club_id) if "club:" not in c["name"]],
        "files": [
            {
                "name": f.name,
                "scheme": night_awards.CLUB + f.name,
                "kind": f.kind,
                "added_at": f.added_at.isoformat(),
                "added_by": f.added_by,
                "text": f.text,
            }
            for f in found
        ],
    }
    return page(
        request,
        "club_masterpoints.html",
        data,
        json_twin=is_json(request),
        actor=actor,
        token=token,
    )


async def add_club_file(request: Request) -> Response:
    """A scheme file for the club (TOML or JSON), checked whole before it is kept."""
    actor, token = await run_in_threadpool(require, request)  # nobody's upload is not read
    form = await posted_file(
        request, "scheme", night_awards.MAX_SCHEME_FILE + 16 * 1024, "a scheme file"
    )

    def run() -> Response:
        if actor.user is not None:
            check_csrf(request, token, form.fields)
        night = night_of(request)
        night_awards.club_files(night, actor)  # refused before anything is read
        if form.data is None or not form.filename:
            raise Refused(400, _("choose the scheme file (TOML or JSON)"))
        added = night_awards.add_club_file(night, actor, form.data, form.filename)
        if wants_json(request):
            return JSONResponse({"name": added.name, "scheme": night_awards.CLUB + added.name}, 201)
        return RedirectResponse("/director/club/masterpoints", 303)

    return await run_in_threadpool(run)


def routes() -> list[Route]:
    return [
        *post("/director/sessions/{session:int}/masterpoints", choose),
        *post("/director/sessions/{session:int}/strata", set_strata),
        *get("/director/club/masterpoints", club_page),
        *post("/director/club/masterpoints", add_club_file),
    ]
