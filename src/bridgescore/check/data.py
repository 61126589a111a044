"""A check as plain data, for ``bridgescore check --format json``."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bridgescore.bridge import Side
from bridgescore.check.compare import Mismatch
from bridgescore.check.rescore import Check
from bridgescore.check.search import changes
from bridgescore.session import Session


def to_data(result: Check) -> dict[str, Any]:
    """The check as plain data, for ``--format json``."""
    figures = result.figures
    chosen, found = result.chosen, result.found
    session = figures.session
    return {
        "file": figures.path,
        "source": figures.source,
        "method": "teams" if figures.teams_scoring else chosen.rules.method.value,
        "teams_scoring": None if figures.teams_scoring is None else figures.teams_scoring.value,
        "rules": chosen.rules.describe(),
        "rules_label": chosen.rules.label,
        "conventions": chosen.conventions.name,
        "conventions_detected": figures.conventions,
        "precision": {
            "rows": result.precision.rows,
            "percentages": result.precision.percentages,
            "totals": result.precision.totals,
        },
        "reproduced": result.reproduced,
        "compared": chosen.comparison.compared,
        "nothing_compared": result.nothing_compared_reason() if result.nothing_compared else None,
        "rows": chosen.comparison.rows,
        "rows_reproduced": chosen.comparison.rows_reproduced,
        "pairs": chosen.comparison.entrants,
        "pairs_reproduced": chosen.comparison.entrants_reproduced,
        "matches": chosen.comparison.matches,
        "matches_reproduced": chosen.comparison.matches_reproduced,
        "not_compared": [e.label for e in chosen.comparison.uncompared],
        "differences": [_mismatch(m, session) for m in chosen.mismatches],
        "setting": {
            "reproduces": found.exact,
            "differences": len(found.mismatches),
            "rules": found.rules.describe(),
            "changes": changes(chosen.rules, found.rules),
            "conventions": found.conventions.name,
            "options": result.options,
            "tried": result.tried,
            "searched": _searched(result),
            "remaining": [_mismatch(m, session) for m in found.mismatches],
        },
        "warnings": [p.text(figures.path) for p in figures.warnings],
    }


def _searched(result: Check) -> dict[str, Any] | None:
    """What the search tried, setting by setting, and why it left the rest alone."""
    laid_out = result.plan
    if laid_out is None:
        return None
    return {
        "settings": {s.setting.field: list(s.tried) for s in laid_out.searched},
        "not_searched": {s.setting.field: s.why_not for s in laid_out.not_searched},
        "combinations": laid_out.combinations,
        "changes_limit": laid_out.changes_limit,
    }


def _mismatch(m: Mismatch, session: Session) -> dict[str, Any]:
    from bridgescore.formats.json import number

    row = None if m.index is None else session.tables[m.index]
    return {
        "figure": m.what,
        "board": m.board,
        "entrant": m.entrant.label,
        "against": None if row is None else row_pairs(session, m.index or 0),
        "entry": None if row is None else row.describe(),
        "file": m.reported,
        "rescored": m.computed,
        "difference": number(difference(m)),
        "line": m.line,
    }


def row_pairs(session: Session, index: int) -> str:
    """Who played the row: ``1NS v 1EW``."""
    t = session.tables[index]
    ns = "+".join(e.label for e in session.entrants(t, Side.NS))
    ew = "+".join(e.label for e in session.entrants(t, Side.EW))
    return f"{ns} v {ew}"


def difference(mismatch: Mismatch) -> Fraction | None:
    """Rescored minus the file's, for a figure with a number on both sides."""
    try:
        return Fraction(mismatch.computed.rstrip("=")) - Fraction(mismatch.reported.rstrip("="))
    except (ValueError, ZeroDivisionError):
        return None
