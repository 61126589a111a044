"""The club's ladder in the console (``/director/ladder``): the club's stored sessions over a
period, ranked by the rules chosen in the page's form (:mod:`bridgescore.night.ladder`); the
table is the published ladder page's data (:func:`bridgescore.reports.competitions.ladder_data`)
with the form beside it, and its JSON twin is that data."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bridgescore.night import ladder as night_ladder
from bridgescore.reports.competitions import ladder_data
from bridgescore.web.app import get, is_json, night_of, page, require

FIELDS = ("from", "to", "by", "best", "minimum", "score", "imps")


def ladder_page(request: Request) -> Response:
    actor, token = require(request)
    form = {k: request.query_params.get(k, "") for k in FIELDS}
    found = night_ladder.club_ladder(night_of(request), actor, form)
    rules = found.rules
    data: dict[str, Any] = {
        "page": "ladder",
        "form": {
            **form,
            "by": rules.by.value,
            "score": rules.score.value,
            "minimum": str(rules.minimum),
            "best": "" if rules.best is None else str(rules.best),
            "imps": form["imps"] or "6.5",
        },
        "period": {
            "from": None if found.since is None else found.since.isoformat(),
            "to": None if found.until is None else found.until.isoformat(),
        },
        "left_out": list(found.left_out),
        "ladder": None if found.ladder is None else ladder_data(found.ladder),
        "rules": rules.describe(),
    }
    return page(
        request, "club_ladder.html", data, json_twin=is_json(request), actor=actor, token=token
    )


def routes() -> list[Route]:
    return [*get("/director/ladder", ladder_page)]
