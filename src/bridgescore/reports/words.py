"""Words shared by the terminal and the pages: a field's title and the rules in one line.

Kept apart from :mod:`bridgescore.reports.model` so that printing the rankings does not build
the recap sheet's and score cards' records (start-up time: ``bridgescore score``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgescore.rules import Method
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from bridgescore.results import SessionResult

_FIELD_TITLES = {"NS": "North-South", "EW": "East-West", "ALL": "All pairs"}


def field_title(field: str, result: SessionResult) -> str:
    """``North-South``, ``All pairs``, ``Section A: East-West`` ..."""
    section, _, line = field.rpartition(" ")
    players = result.session.structure is FieldStructure.INDIVIDUAL
    title = "All players" if players and line == "ALL" else _FIELD_TITLES.get(line, line)
    return f"Section {section}: {title}" if section else title


def rules_summary(result: SessionResult) -> str:
    """The rule set used and what it means, in one line."""
    rules = result.rules
    if rules.method is Method.MATCHPOINTS:
        how = (
            f"{rules.scale} matchpoints per result beaten, artificial scores "
            f"{rules.artificial_method}, boards played fewer times {rules.short_boards}"
        )
    elif rules.method is Method.BUTLER:
        how = (
            f"Butler IMPs against a datum dropping {rules.datum_trim} at each end, rounded "
            f"{rules.datum_rounding}"
        )
    else:
        how = f"cross-IMPs ({rules.cross_imps})"
    return f"rules {rules.label}: {how}"


__all__ = ["field_title", "rules_summary"]
