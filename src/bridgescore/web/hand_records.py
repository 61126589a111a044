"""Hand records in the console: the director uploads the night's deals in any format a dealing
machine or program writes (:mod:`bridgescore.formats.hands`: PBN, DUP, DLM, BRI, DGE, BER, BHG,
CDS, RZD, LIN, CSV, JSON), read here from a bounded upload and handed to the night
(:mod:`bridgescore.night.hand_records`), which matches them to the session's boards and keeps
them with each board's double-dummy analysis (solved once, by the report's solver).

Where a deal is shown: the director's traveller grid, a table's phone once the table has played
the board, and the published results (with double dummy, as ``bridgescore report`` shows it).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bridgescore.bridge import Seat, Strain, Vulnerability
from bridgescore.deal import Deal
from bridgescore.formats import hands
from bridgescore.languages import _
from bridgescore.night import Actor, LiveSession, Refused, Service
from bridgescore.night import hand_records as night_hands
from bridgescore.night.awards import awarded
from bridgescore.night.hand_records import Analysis
from bridgescore.reports import views
from bridgescore.reports.deals import DoubleDummy, ParContract, solve
from bridgescore.reports.leads import Leads, Position
from bridgescore.session import Board
from bridgescore.web.app import check_csrf, night_of, post, require, session_id, wants_json
from bridgescore.web.uploads import posted_file

MAX_FILE = 2 * 1024 * 1024  # bytes: a 100-board PBN with every analysis tag is under 1 MB
FIELD = "hands"


async def upload(request: Request) -> Response:
    """The night's hand records, from a file in any format bridgescore reads."""
    actor, token = await run_in_threadpool(require, request)  # nobody's upload is not read
    form = await posted_file(request, FIELD, MAX_FILE, "a hand-record file")

    def run() -> Response:
        if actor.user is not None:
            check_csrf(request, token, form.fields)
        night = night_of(request)
        session = session_id(request)
        night_hands.may_load(night, actor, session)  # before the file is read or solved
        if form.data is None or not form.filename:
            raise Refused(400, _("choose the file of the night's hand records"))
        name = form.filename.replace("\\", "/").rsplit("/", 1)[-1][:200] or "hands"
        kind = form.fields.get("kind", "").strip().lower() or hands.kind_of(name)
        records = hands.loads(form.data, name, kind)  # a located error: 422, a sentence
        found = night_hands.load(
            night,
            actor,
            session,
            night_hands.Upload(
                name,
                kind or hands.sniff(form.data) or "",
                hashlib.sha256(form.data).hexdigest(),
                records.boards,
            ),
            solve,
        )
        if wants_json(request):
            return JSONResponse(
                {
                    "file": loaded_data(found.file),
                    "boards": list(found.file.boards),
                    "notes": list(found.notes),
                    "warnings": [str(w) for w in records.warnings],
                }
            )
        return RedirectResponse(f"/director/sessions/{session}#hand-records", 303)

    return await run_in_threadpool(run)


def loaded_data(file: Any) -> dict[str, Any]:
    return {
        "name": file.name,
        "kind": file.kind,
        "boards": list(file.boards),
        "loaded_at": file.loaded_at.isoformat(),
        "loaded_by": file.loaded_by,
    }


def section(night: Service, actor: Actor, live: LiveSession) -> dict[str, Any]:
    """The session page's hand-records part: the files loaded, the boards with a deal."""
    loaded = night_hands.files(night, actor, live.id)
    with_deal = [b.number for b in live.rows.boards if b.deal]
    return {
        "files": [loaded_data(f) for f in reversed(loaded)],
        "boards_with_deal": len(with_deal),
        "boards": len(live.rows.boards),
        "formats": [{"kind": k, "extension": e} for k, e in hands.KINDS.items()],
    }


# --- showing a deal ------------------------------------------------------------------------------


def double_dummy(found: Analysis) -> DoubleDummy:
    """A stored analysis as the report's pages take it."""
    return DoubleDummy(
        dict(found.tricks),
        found.par_score,
        tuple(
            ParContract(p.level, Strain(p.strain), p.doubled, p.declarers, p.result)
            for p in found.par
        ),
    )


def solved(found: Mapping[int, Analysis]) -> dict[int, DoubleDummy]:
    return {board: double_dummy(a) for board, a in found.items()}


def grid_deal(night: Service, actor: Actor, live: LiveSession, board: int) -> dict[str, Any]:
    """The board's deal and analysis for the director's traveller grid (``hands`` null while
    the hand records are not loaded)."""
    row = next((b for b in live.rows.boards if b.number == board), None)
    if row is None or not row.deal:
        return {"hands": None, "double_dummy": None}
    found = night_hands.analyses(night, actor, live.id).get(board)
    deal = Board(board, Vulnerability(row.vulnerability), Seat(row.dealer), Deal.from_pbn(row.deal))
    return views.deal(deal, None if found is None else double_dummy(found))


def table_double_dummy(night: Service, actor: Actor, board: int) -> DoubleDummy | None:
    """A board's analysis for a table's phone (refused until the table has played it)."""
    assert actor.device is not None
    found = night_hands.table_analysis(night, actor.device, board)
    return None if found is None else double_dummy(found)


_LEADS_MOST = 20_000  # positions this worker keeps solved before it starts again


class _Solved:
    """This worker's opening leads solved, by (deal, strain, declarer): a published evening's
    leads are solved on its first page and only a correction's new contract after that."""

    leads = Leads()
    guard = threading.Lock()

    @classmethod
    def of(cls, positions: Iterable[Position]) -> Leads:
        with cls.guard:
            if len(cls.leads) > _LEADS_MOST:
                cls.leads = Leads()
            cls.leads.solve(positions)
            return cls.leads


def published_leads(positions: Iterable[Position]) -> Leads:
    """The opening leads of a published evening (a pair's or a team's), solved once by this
    worker."""
    return _Solved.of(positions)


def published_pages(
    night: Service,
    session: int,
    result: Any,
    info: Any,
    *,
    leads: bool = False,
    analyses: Mapping[int, Analysis] | None = None,
) -> views.SessionPages:
    """A published session's pages: the report's, with the deals' analyses, the awards of the
    session's masterpoint scheme and each entrant's evening (``leads``: with the opening
    leads solved, for an evening's page). ``analyses``: the deals' analyses when the session
    is being published (the site written as it is published), else the published ones."""
    from bridgescore.reports.analysis import positions

    if analyses is None:
        analyses = night_hands.published_analyses(night, session)
    found = awarded(night, info, result)
    deals = solved(analyses)
    solved_leads = published_leads(positions(result.boards)) if leads and deals else None
    return views.SessionPages(result, deals, found.awards, solved_leads, evenings=True)


def routes() -> list[Route]:
    return [*post("/director/sessions/{session:int}/deals", upload)]
