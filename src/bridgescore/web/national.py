"""The national body's results file from the console, once a session is published: USEBIO 1.2
as the body takes it (:mod:`bridgescore.formats.national`: profiles ``ebu``, ``abf``, ``nz``),
with each player's national number and the masterpoints of the session's scheme. The page lists
the players without a number first: a federation cannot credit a player it cannot identify, so
the file is made without them only when the director says so."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bridgescore.formats import national
from bridgescore.languages import _, ngettext
from bridgescore.languages.text import Text
from bridgescore.night import Refused
from bridgescore.night import federation as night_federation
from bridgescore.night.awards import chosen
from bridgescore.web import screens
from bridgescore.web.app import get, is_json, night_of, page, require, session_id

Data = dict[str, Any]
MAX_TEXT = 100  # characters of a club's name or number


def _options(request: Request, scheme: str | None) -> dict[str, str]:
    query = request.query_params
    default = (
        "abf"
        if (scheme or "").startswith("abf:")
        else "nz"
        if (scheme or "").startswith("nz:")
        else "ebu"
    )
    options = {
        "body": query.get("body", "") or default,
        "charge": query.get("charge", "").strip(),
        "club": " ".join(query.get("club", "").split()),
        "number": query.get("number", "").strip(),
        "missing": query.get("missing", ""),
    }
    if options["body"] not in national.PROFILES:
        raise Refused(
            422,
            _(
                "not a national body: %(body)s (expected %(profiles)s)",
                body=repr(options["body"]),
                profiles=", ".join(national.PROFILES),
            ),
        )
    if len(options["club"]) > MAX_TEXT or len(options["number"]) > MAX_TEXT:
        raise Refused(
            422,
            _("a club's name and number are at most %(max_text)s characters", max_text=MAX_TEXT),
        )
    return options


def national_page(request: Request) -> Response:
    """What the file will hold, and who is missing a national number, before it is made."""
    actor, token = require(request)
    night = night_of(request)
    session = session_id(request)
    night_federation.may_make(night, actor, session)
    options = _options(request, chosen(night, session))
    live = night.session(actor, session)
    data: Data = {
        "page": "national",
        "session": screens.head(live),
        "bodies": [{"name": p.name, "body": p.body} for p in national.PROFILES.values()],
        "charges": [{"code": c, "words": Text(w)} for c, w in national.CHARGE_CODES.items()],
        "options": options,
        "published": live.info.status == "published",
        "missing": [],
        "awards": None,
        "problem": None,
    }
    if data["published"]:
        try:
            found = night_federation.for_the_body(night, actor, session, options["body"])
        except Refused as error:
            data["problem"] = error.message
        else:
            data["missing"] = [
                {"entrant": m.entrant.label, "player": m.player}
                for m in national.missing_numbers(found.result)
            ]
            data["awards"] = (
                None
                if found.awards is None
                else {
                    "scheme": found.scheme,
                    "title": found.awards.scheme.title,
                    "count": len(found.awards.awards),
                }
            )
    query = {k: v for k, v in options.items() if v and k != "missing"}
    data["download"] = f"/director/sessions/{session}/national.xml?{urlencode(query)}"
    return page(
        request, "national.html", data, json_twin=is_json(request), actor=actor, token=token
    )


def national_file(request: Request) -> Response:
    """The file itself: refused (422, the players listed) while players have no national
    number, unless ``missing=allow``."""
    actor, _token = require(request)
    night = night_of(request)
    session = session_id(request)
    night_federation.may_make(night, actor, session)
    options = _options(request, chosen(night, session))
    found = night_federation.for_the_body(night, actor, session, options["body"])
    missing = national.missing_numbers(found.result)
    if missing and options["missing"] != "allow":
        listed = "; ".join(m.describe() for m in missing[:40])
        more = _(" … (%(count)s in all)", count=len(missing)) if len(missing) > 40 else ""
        raise Refused(
            422,
            ngettext(
                "%(num)d player without a national number (the body cannot credit them): "
                "%(listed)s%(more)s. Add their numbers, or make the file without them "
                "(missing=allow)",
                "%(num)d players without a national number (the body cannot credit them): "
                "%(listed)s%(more)s. Add their numbers, or make the file without them "
                "(missing=allow)",
                len(missing),
                listed=listed,
                more=more,
            ),
        )
    text = national.dumps(
        national.scored(
            found.result,
            options["body"],
            found.awards,
            charge=options["charge"] or None,
            club_name=options["club"] or None,
            club_id=options["number"] or None,
        )
    )
    name = f"session-{session}-{options['body']}.xml"
    return Response(
        text.encode("utf-8"),
        media_type="application/xml",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def routes() -> list[Route]:
    session = "/director/sessions/{session:int}"
    return [
        *get(session + "/national", national_page),
        Route(session + "/national.xml", national_file, methods=["GET"]),
    ]
