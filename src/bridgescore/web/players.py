"""The club's players in the console (a director's): each one's publish setting, and erasure
after a page that says what will change; and a player's own page, by their pass, where they
choose what the results show of them (:mod:`bridgescore.night.players`). Every page has its
JSON twin."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore import languages
from bridgescore.languages import _
from bridgescore.night import Actor, Refused
from bridgescore.night import players as night_players
from bridgescore.night import requests as night_requests
from bridgescore.rules import rules_named
from bridgescore.web.app import (
    bridge,
    form_action,
    get,
    is_json,
    night_of,
    page,
    path_number,
    post,
    posted,
    require,
    wants_json,
)

LOG = logging.getLogger("bridgescore.web")
SETTINGS = {
    "full": languages.N_("Full name"),
    "initials": languages.N_("Initials"),
    "number": languages.N_("Number only"),
    "hidden": languages.N_("Not shown"),
}


def _words(publish: str) -> str:
    return _(SETTINGS[publish])


def _page(
    request: Request, template: str, data: dict[str, Any], actor: Actor, token: str
) -> Response:
    return page(request, template, data, json_twin=is_json(request), actor=actor, token=token)


# --- the director's pages ------------------------------------------------------------------------


def _player(person: Any, chosen: Any) -> dict[str, Any]:
    return {
        "id": person.id,
        "name": person.name,
        "ids": dict(person.ids),
        "publish": str(chosen.publish),
        "publish_words": _words(str(chosen.publish)),
        "email": chosen.email,
        "erased_at": None if chosen.erased_at is None else chosen.erased_at.isoformat(),
        "url": f"/director/players/{person.id}",
    }


def players_page(request: Request) -> Response:
    actor, token = require(request)
    found = night_players.players(night_of(request), actor)
    data = {"page": "players", "players": [_player(p, c) for p, c in found]}
    return _page(request, "players.html", data, actor, token)


def _plan(plan: Any) -> dict[str, Any]:
    person = plan.player
    return {
        "player": {"id": person.id, "name": person.name, "ids": dict(person.ids)},
        "pseudonym": plan.pseudonym,
        "duplicates": plan.duplicates,
        "sessions": plan.sessions,
        "entrants": list(plan.entrants),
        "email": plan.email,
        "mails": plan.mails,
        "erased_at": None if plan.erased_at is None else plan.erased_at.isoformat(),
        "action": f"/director/players/{person.id}/erase",
    }


def player_page(request: Request) -> Response:
    """One player: what they chose, where they played, and the way to erase them."""
    actor, token = require(request)
    which = path_number(request, "player")
    night = night_of(request)
    plan = night_players.erasure_plan(night, actor, which)
    chosen = next(c for p, c in night_players.players(night, actor) if p.id == which)
    data = {
        "page": "player",
        **_plan(plan),
        "publish": str(chosen.publish),
        "publish_words": _words(str(chosen.publish)),
        "erased": request.query_params.get("erased") == "1",
    }
    return _page(request, "club_player.html", data, actor, token)


@form_action
def erase(request: Request, actor: Actor, token: str, form: dict[str, str]) -> Response:
    """Erase a player: asked once more on a page naming what will change (``confirm=yes``
    erases)."""
    night = night_of(request)
    which = path_number(request, "player")
    if form.get("confirm") != "yes":
        plan = night_players.erasure_plan(night, actor, which)
        if plan.erased_at is not None:
            raise Refused(409, _("this player was erased already"))
        if wants_json(request):
            raise Refused(
                422,
                _(
                    "erasing a player cannot be undone: send confirm=yes to erase "
                    "%(name)s (player %(id)s)",
                    name=plan.player.name,
                    id=plan.player.id,
                ),
            )
        data = {"page": "erase", **_plan(plan)}
        return page(request, "erase.html", data, json_twin=False, actor=actor, token=token)
    plan = night_players.erasure_plan(night, actor, which)
    done = night_players.erase(night, actor, which)
    rewrite_sites(request, plan.session_ids)
    if wants_json(request):
        return JSONResponse(
            {
                "erased": done.player_id,
                "pseudonym": done.pseudonym,
                "players": done.players,
                "entrants": done.entrants,
                "traveller_lines": done.traveller_lines,
            }
        )
    return RedirectResponse(f"/director/players/{which}?erased=1", 303)


def rewrite_sites(request: Request, sessions: tuple[int, ...]) -> None:
    """The results sites the server wrote on publishing (``--publish``) of these sessions,
    written again with the names as now shown; a site that cannot be written is logged and
    left as it was (the server's own pages are right either way)."""
    folder = bridge(request).publish_folder
    if folder is None:
        return
    from bridgescore.formats.outputs import OutputError, write_directory
    from bridgescore.web import published

    night = night_of(request)
    for session in night_players.published_sessions(night, sessions):
        target = folder / f"session-{session}"
        if not target.is_dir():
            continue

        def fill(into: Path, session: int = session) -> None:
            published.write_site(night, session, into)  # as the pages served

        try:
            write_directory(target, fill, kind="results site")
        except OutputError as error:
            LOG.warning("the results site of session %s was not written again: %s", session, error)


# --- the player's own page -----------------------------------------------------------------------


def _changes(request: Request) -> night_players.SettingChanges:
    state = request.app.state
    found: night_players.SettingChanges | None = getattr(state, "publish_changes", None)
    if found is None:
        found = state.publish_changes = night_players.SettingChanges()
    return found


def _holder(request: Request) -> tuple[Actor, str, bool]:
    token = request.path_params["token"]
    json_twin = request.url.path.endswith(".json")
    state = request.app.state
    tries: night_requests.Tries | None = getattr(state, "ask_tries", None)
    if tries is None:  # one count with the page for asking a correction
        tries = state.ask_tries = night_requests.Tries()
    client = request.client.host if request.client is not None else "unknown"
    actor = night_players.holder(night_of(request), token, client, tries)
    return actor, token, json_twin


def _own_data(
    request: Request, found: night_players.OwnSetting, token: str, saved: bool
) -> dict[str, Any]:
    from bridgescore.night import privacy as night_privacy
    from bridgescore.reports import views
    from bridgescore.results import SessionResult

    held = found.held
    result = night_privacy.result(night_of(request), held.session_id)
    site: dict[str, Any] = {}
    if isinstance(result, SessionResult):
        site = views.SessionPages(result).site()
    elif result is not None:  # teams of four
        site = views.TeamsPages(result).site()
    return {
        "page": "own-name",
        "session": {
            "id": held.session_id,
            "event": site.get("event"),
            "date": site.get("date"),
            "results": f"/results/{held.session_id}/",
        },
        "player": held.player,
        "publish": str(found.chosen.publish),
        "choices": [
            {"value": value, "words": _words(value), "shown": found.shown[value]}
            for value in SETTINGS
        ],
        "saved": saved,
        "form": f"/ask/{token}/name",
        "ask": f"/ask/{token}",
    }


def own_page(request: Request) -> Response:
    actor, token, json_twin = _holder(request)
    found = night_players.own_setting(night_of(request), actor)
    data = _own_data(request, found, token, request.query_params.get("saved") == "1")
    if json_twin:
        data.pop("form")
        data.pop("ask")
        return JSONResponse(data, headers={"Cache-Control": "no-store"})
    text = (
        bridge(request)
        .env(rules_named("club"))
        .get_template("own_name.html")
        .render(data=data, json_url=None)
    )
    # the page's address is the player's pass: no cache keeps it, no link hands it on
    headers = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    return HTMLResponse(text, headers=headers)


async def choose(request: Request) -> Response:
    form = await posted(request)

    def run() -> Response:
        actor, token, json_twin = _holder(request)
        night = night_of(request)
        done = night_players.choose(night, actor, form.get("publish", ""), _changes(request))
        assert actor.player is not None
        rewrite_sites(request, night_players.sessions_of(night, actor.player.player_id))
        if json_twin or wants_json(request):
            found = night_players.own_setting(night, actor)
            return JSONResponse(
                {"publish": str(done.publish), "shown": found.shown[str(done.publish)]}
            )
        return RedirectResponse(f"/ask/{token}/name?saved=1", 303)

    return await run_in_threadpool(run)


def routes() -> list[Route]:
    player = "/director/players/{player:int}"
    return [
        *get("/director/players", players_page),
        *get(player, player_page),
        *post(player + "/erase", erase),
        Route("/ask/{token:str}/name", own_page, methods=["GET"]),
        Route("/ask/{token:str}/name.json", own_page, methods=["GET"]),
        Route("/ask/{token:str}/name", choose, methods=["POST"]),
        Route("/ask/{token:str}/name.json", choose, methods=["POST"]),
    ]
