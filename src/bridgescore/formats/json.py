"""The JSON form of a scored session (see docs/json-output.md).

Numbers are JSON numbers (full double precision); every matchpoint value also comes as an exact
fraction string (``"29/3"``) so nothing is lost to rounding.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import IO, Any

from bridgescore import __version__
from bridgescore.bridge import Side
from bridgescore.matchpoints import Explanation
from bridgescore.session import Entrant, ScoredTable, SessionResult, Standing


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
                "results": [_table(t, decimals) for t in b.tables],
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
        "boards": s.boards,
        "handicap": number(s.handicap),
        "handicapped": number(s.handicapped),
    }


def _table(t: ScoredTable, decimals: int) -> dict[str, Any]:
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
            "ns_mp": number(t.ns_mp),
            "ew_mp": number(t.ew_mp),
            "ns_mp_exact": exact(t.ns_mp),
            "ew_mp_exact": exact(t.ew_mp),
            "explanation": {side.value: _explain(t.explanation(side), decimals) for side in Side},
        }
    )
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
