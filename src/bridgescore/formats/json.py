"""The JSON form of a scored session (see docs/json-output.md).

Numbers are JSON numbers (full double precision); every matchpoint value also comes as an exact
fraction string (``"29/3"``) so nothing is lost to rounding.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from bridgescore import __version__
from bridgescore.bridge import Side
from bridgescore.matchpoints import Explanation
from bridgescore.session import Entrant, ScoredBoard, ScoredTable, SessionResult, Standing

if TYPE_CHECKING:
    from bridgescore.teams import TeamsResult


def number(value: Fraction | int | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    return float(value)


def exact(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def to_data(result: SessionResult) -> dict[str, Any]:
    """Plain data, ready for :func:`json.dumps`."""
    session = result.session
    decimals = result.rules.decimals
    return {
        "bridgescore": __version__,
        "title": session.title,
        "date": session.date,
        "movement": session.movement.value,
        "method": result.rules.method.value,
        "rules": result.rules.describe(),
        "rules_overridden": result.rules.overrides(),
        "boards": [
            {
                "board": b.board.number,
                "section": b.section,
                "dealer": str(b.board.dealer),
                "vulnerability": str(b.board.vulnerability),
                "deal": b.board.deal,
                "top": number(b.top),
                "results_count": b.results,
                "expected": b.expected,
                "datum": _datum(b) if result.rules.method.value == "butler" else None,
                "results": [_table(t, decimals, result.rules.method.value) for t in b.tables],
            }
            for b in result.boards
        ],
        "fields": [
            {
                "field": f.field,
                "checksum": {
                    "expected": number(f.checksum.expected),
                    "actual": number(f.checksum.actual),
                    "ok": f.checksum.ok,
                },
                "rankings": [_standing(s, result) for s in f.standings],
                "handicap_rankings": [
                    {
                        "rank": rank,
                        "place": f"{rank}=" if shared else str(rank),
                        **_who(s.entrant),
                        "percent": number(s.percent),
                        "handicap": number(s.handicap),
                        "handicapped": number(s.handicapped),
                    }
                    for rank, shared, s in f.handicap_standings
                ],
            }
            for f in result.fields
        ],
    }


def _datum(board: ScoredBoard) -> float | int | None:
    for t in board.tables:
        if t.ns is not None and t.ns.datum is not None:
            return number(t.ns.datum)
    return None


def _who(entrant: Entrant) -> dict[str, Any]:
    key = "player" if entrant.player else "pair"
    return {
        key: entrant.number,
        "line": entrant.line.value if entrant.line else None,
        "section": entrant.section,
    }


def _standing(s: Standing, result: SessionResult) -> dict[str, Any]:
    return {
        "rank": s.rank,
        "place": s.place,
        **_who(s.entrant),
        "name": s.name,
        "mp": number(s.mp),
        "max": number(s.max),
        "percent": number(s.percent),
        "mp_exact": exact(s.mp),
        "total": number(s.total),
        "total_exact": exact(s.total),
        "boards": s.boards,
        "handicap": number(s.handicap),
        "handicapped": number(s.handicapped),
    }


def _table(t: ScoredTable, decimals: int, method: str) -> dict[str, Any]:
    mp = method == "matchpoints"
    table = t.table
    result = table.result
    individual = len(table.ns) == 2
    data: dict[str, Any] = {"section": table.section, "table": table.table, "round": table.round}
    if individual:
        data.update(dict(zip(("n", "s", "e", "w"), (*table.ns, *table.ew), strict=True)))
    else:
        data.update({"ns": table.ns[0], "ew": table.ew[0]})
    data.update(
        {
            "arrow": table.arrow,
            "kind": table.kind,
            "entry": table.describe(),
            "contract": None
            if result is None
            else (
                "PASS" if result.passed_out else (str(result.contract) if result.contract else None)
            ),
            "declarer": None if result is None or result.declarer is None else str(result.declarer),
            "tricks": None if result is None else result.tricks,
            "lead": table.lead,
            "ns_score": t.ns_score,
            "ns_mp": number(t.ns_mp) if mp else None,
            "ew_mp": number(t.ew_mp) if mp else None,
            "ns_mp_exact": exact(t.ns_mp),
            "ew_mp_exact": exact(t.ew_mp),
            **_imps(t, method),
            "explanation": {side.value: _explain(t.explanation(side), decimals) for side in Side},
        }
    )
    return data


def _imps(t: ScoredTable, method: str) -> dict[str, Any]:
    """IMP events: each side's IMPs, and for Butler the board's (NS) datum."""
    if method == "matchpoints":
        return {}
    data: dict[str, Any] = {"ns_imps": number(t.ns_mp), "ew_imps": number(t.ew_mp)}
    if method == "butler":
        data["datum"] = None if t.ns is None else number(t.ns.datum)
    return data


def _explain(e: Explanation | None, decimals: int) -> dict[str, Any] | None:
    if e is None:
        return None
    data: dict[str, Any] = {"text": e.text(decimals), "top": number(e.top)}
    if e.artificial is not None:
        data.update({"artificial": str(e.artificial), "percent": number(e.percent), "note": e.note})
        return data
    data.update(
        {
            "beaten": number(e.beaten),
            "tied": number(e.tied),
            "compared": e.compared,
            "raw": number(e.raw),
            "raw_top": number(e.raw_top),
            "group": e.group,
            "datum": number(e.datum),
            "gross_imps": number(e.gross),
            "steps": [
                {
                    "method": s.method,
                    "reason": s.reason,
                    "from_results": s.from_results,
                    "to_results": s.to_results,
                    "before": number(s.before),
                    "after": number(s.after),
                }
                for s in e.steps
            ],
        }
    )
    return data


def dumps(result: SessionResult) -> str:
    return json.dumps(to_data(result), indent=2, ensure_ascii=False) + "\n"


def dump(result: SessionResult, fp: IO[str]) -> None:
    fp.write(dumps(result))


def teams_to_data(result: TeamsResult) -> dict[str, Any]:
    """A teams event: boards with each row's IMPs, the matches, and the ranking by VPs."""
    session = result.session
    rows_by_board: dict[int, list[dict[str, Any]]] = {}
    for row in session.tables:
        imps = result.imps_for_row(row)
        played = row.result
        rows_by_board.setdefault(row.board, []).append(
            {
                "section": row.section,
                "table": row.table,
                "round": row.round,
                "ns": row.ns[0],
                "ew": row.ew[0],
                "kind": row.kind,
                "entry": row.describe(),
                "contract": None
                if played is None
                else ("PASS" if played.passed_out else _text(played.contract)),
                "declarer": None if played is None else _text(played.declarer),
                "tricks": None if played is None else played.tricks,
                "lead": row.lead,
                "ns_score": None if played is None else played.ns_score,
                "ns_imps": None if imps is None else number(imps[0]),
                "ew_imps": None if imps is None else number(imps[1]),
            }
        )
    return {
        "bridgescore": __version__,
        "title": session.title,
        "date": session.date,
        "method": "teams",
        "rules": result.rules.describe(),
        "boards": [
            {
                "board": number_,
                "dealer": str(session.boards[number_].dealer),
                "vulnerability": str(session.boards[number_].vulnerability),
                "deal": session.boards[number_].deal,
                "results": rows,
            }
            for number_, rows in sorted(rows_by_board.items())
        ],
        "matches": [
            {
                "home": m.home.number,
                "away": m.away.number,
                "boards": len(m.boards),
                "home_imps": number(m.home_imps),
                "away_imps": number(m.away_imps),
                "home_vps": number(m.home_vps),
                "away_vps": number(m.away_vps),
                "home_vps_exact": exact(m.home_vps),
                "away_vps_exact": exact(m.away_vps),
                "board_imps": [
                    {
                        "board": b.board,
                        "home_imps": number(b.home_imps),
                        "away_imps": number(b.away_imps),
                        "explanation": b.reason,
                    }
                    for b in m.boards
                ],
            }
            for m in result.matches
        ],
        "fields": [
            {
                "field": "ALL",
                "rankings": [
                    {
                        "rank": s.rank,
                        "place": s.place,
                        "team": s.team.number,
                        "name": s.name,
                        "total": number(s.imps_for - s.imps_against),
                        "imps_for": number(s.imps_for),
                        "imps_against": number(s.imps_against),
                        "vps": number(s.vps),
                        "vps_exact": exact(s.vps),
                        "matches": s.matches,
                    }
                    for s in result.standings
                ],
            }
        ],
    }


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def teams_dumps(result: TeamsResult) -> str:
    return json.dumps(teams_to_data(result), indent=2, ensure_ascii=False) + "\n"
