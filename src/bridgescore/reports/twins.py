"""The JSON twin of each results page: the same values as the page shows, as plain data.

Rankings and travellers reuse :mod:`bridgescore.formats.json`'s structures (one entry of its
``boards`` list is one traveller); the recap sheet and score cards add their own, in the same
style: numbers as JSON numbers and, where rounding could lose something, exact fractions too.
"""

from __future__ import annotations

from typing import Any

from bridgescore import __version__
from bridgescore.bridge import Side
from bridgescore.formats.json import exact, number
from bridgescore.reports.deals import SEATS, STRAINS, DealView
from bridgescore.reports.model import (
    CardRow,
    Recap,
    ScoreCard,
    board_page,
    entrant_page,
    in_imps,
)
from bridgescore.results import ScoredBoard, SessionResult
from bridgescore.session import Entrant


def header(result: SessionResult, page: str) -> dict[str, Any]:
    session = result.session
    return {
        "bridgescore": __version__,
        "page": page,
        "title": session.title,
        "date": session.date,
        "movement": session.structure.value,
        "method": result.rules.method.value,
    }


def who(entrant: Entrant) -> dict[str, Any]:
    key = "player" if entrant.player else "pair"
    return {
        key: entrant.number,
        "line": entrant.line.value if entrant.line else None,
        "section": entrant.section,
        "label": entrant.label,
    }


def rankings(data: dict[str, Any], result: SessionResult) -> dict[str, Any]:
    """``index.json``: the session's JSON without the travellers, plus links to every page."""
    out = {key: value for key, value in data.items() if key != "boards"}
    out["page"] = "index.html"
    out["pages"] = {
        "recap": "recap.html",
        "boards": [f"{board_page(b)}.html" for b in result.boards],
        "cards": sorted(
            {f"{entrant_page(s.entrant)}.html" for f in result.fields for s in f.standings}
        ),
    }
    return out


def traveller(
    entry: dict[str, Any], board: ScoredBoard, deal: DealView | None, result: SessionResult
) -> dict[str, Any]:
    """``board-N.json``: one board of the session's JSON, with the deal and par when known."""
    out = {
        "bridgescore": __version__,
        "page": f"{board_page(board)}.html",
        "title": result.session.title,
        "date": result.session.date,
        "method": result.rules.method.value,
        **entry,
    }
    dd = None if deal is None else deal.double_dummy
    rows = []
    for row, table in zip(entry["results"], board.tables, strict=True):
        row = dict(row)
        row["ns_page"] = [f"{entrant_page(e)}.html" for e in table.ns_entrants]
        row["ew_page"] = [f"{entrant_page(e)}.html" for e in table.ew_entrants]
        if dd is not None:
            score = table.ns_score
            row["par_difference"] = None if score is None else dd.versus_par(score)
        rows.append(row)
    out["results"] = rows
    out["hands"] = None
    if deal is not None:
        out["hands"] = {
            seat.value: None
            if (hand := deal.hands[seat]) is None
            else {
                "spades": hand.suits[0],
                "hearts": hand.suits[1],
                "diamonds": hand.suits[2],
                "clubs": hand.suits[3],
                "hcp": hand.hcp,
            }
            for seat in SEATS
        }
    out["double_dummy"] = None
    if dd is not None:
        out["double_dummy"] = {
            "tricks": {
                seat.value: {strain.value: dd.tricks[seat, strain] for strain in STRAINS}
                for seat in SEATS
            },
            "par_score": dd.par_score,
            "par_contracts": [str(c) for c in dd.par_contracts],
        }
    return out


def recap(result: SessionResult, sheets: tuple[Recap, ...]) -> dict[str, Any]:
    """``recap.json``: for each field, every entrant's value on every board and the totals."""
    key = "imps" if in_imps(result) else "mp"
    return {
        **header(result, "recap.html"),
        "fields": [
            {
                "field": sheet.field.field,
                "boards": [
                    {"board": b.board.number, "section": b.section, "top": number(b.top)}
                    for b in sheet.boards
                ],
                "rows": [
                    {
                        **who(row.standing.entrant),
                        "name": row.standing.name,
                        "place": row.standing.place,
                        "boards": [
                            None
                            if cell is None
                            else {
                                "board": cell.board.board.number,
                                "direction": cell.side.value,
                                key: number(cell.value),
                                f"{key}_exact": exact(cell.value),
                            }
                            for cell in row.cells
                        ],
                        "ns_total": number(row.total(Side.NS)),
                        "ew_total": number(row.total(Side.EW)),
                        "total": number(row.total()),
                        "total_exact": exact(row.total()),
                        "max": number(row.standing.available),
                        "percent": number(row.standing.percent),
                    }
                    for row in sheet.rows
                ],
            }
            for sheet in sheets
        ],
    }


def card(result: SessionResult, score_card: ScoreCard) -> dict[str, Any]:
    """``pair-N.json``: one entrant's boards in order, with the running total."""
    standing = score_card.standing
    return {
        **header(result, f"{entrant_page(score_card.entrant)}.html"),
        **who(score_card.entrant),
        "name": score_card.name,
        "field": score_card.field.field,
        "place": standing.place,
        "mp": number(standing.points),
        "mp_exact": exact(standing.points),
        "max": number(standing.available),
        "percent": number(standing.percent),
        "total": number(standing.total),
        "boards": [_card_row(row, result) for row in score_card.rows],
    }


def _card_row(row: CardRow, result: SessionResult) -> dict[str, Any]:
    table = row.table.table
    played = table.result
    imps = in_imps(result)
    key = "imps" if imps else "mp"
    return {
        "board": row.board.board.number,
        "section": row.board.section,
        "page": f"{board_page(row.board)}.html",
        "round": row.round,
        "table": table.table,
        "direction": row.side.value,
        "partners": [who(e) for e in row.partners],
        "opponents": [who(e) for e in row.opponents],
        "entry": table.describe(),
        "contract": None
        if played is None
        else ("PASS" if played.passed_out else (str(played.contract) if played.contract else None)),
        "declarer": None if played is None or played.declarer is None else str(played.declarer),
        "tricks": None if played is None else played.tricks,
        "lead": table.lead,
        "score": row.score,
        key: number(row.value),
        f"{key}_exact": exact(row.value),
        "top": number(row.top),
        "percent": number(row.percent),
        "running": number(row.running),
        "running_exact": exact(row.running),
        "explanation": None
        if row.explanation is None
        else row.explanation.text(result.rules.decimals),
    }
