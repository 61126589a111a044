"""How scoring programs show the figures they computed: rounding, which top a row is on, how
totals are factored (docs/conformance.md). Detected from a file and tried like the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.rules import Compensation, Rounding, Rules


@dataclass(frozen=True)
class Conventions:
    """How a scoring program shows the figures it computed under its rules."""

    name: str
    summary: str
    row_rounding: Rounding | None = None  # None: as the rules' rounding
    total_rounding: Rounding | None = None
    rows_on_own_top: bool = False  # rows unfactored for boards played fewer times
    rows_neuberg: bool = False  # rows Neuberg-factored around artificial scores
    factored_totals: bool = False  # totals x most boards / boards played (factor_mp_totals)
    places_by_section: bool = False  # sections scored across the field, ranked by section

    def row_rules(self, rules: Rules) -> Rules:
        """The rules the program's row figures are on."""
        changes: dict[str, Any] = {"factor_mp_totals": False}  # rows do not depend on it
        if self.rows_on_own_top:
            changes["short_boards"] = Compensation.NONE
        if self.rows_neuberg:
            changes["artificial_method"] = Compensation.NEUBERG
        return rules.with_(**changes)

    def rows_rounded(self, rules: Rules) -> Rounding:
        """How the program rounds the rows it shows."""
        return self.row_rounding or rules.rounding

    def totals_rounded(self, rules: Rules) -> Rounding:
        """How the program rounds the totals it shows."""
        return self.total_rounding or rules.rounding

    def standing_rules(self, rules: Rules) -> Rules:
        """The rules the program's percentages, places and totals are on."""
        return rules.with_(factor_mp_totals=True) if self.factored_totals else rules


CONVENTIONS: dict[str, Conventions] = {
    c.name: c
    for c in (
        Conventions("plain", Text(N_("rows and totals under the same rules, rounded as they say"))),
        Conventions(
            "compscore",
            Text(
                N_(
                    "Compscore: rows on each board's own top, rounded to even; totals with boards "
                    "played fewer times factored and x most boards / boards played"
                )
            ),
            row_rounding=Rounding.HALF_EVEN,
            rows_on_own_top=True,
            factored_totals=True,
        ),
        Conventions(
            "nz",
            Text(
                N_(
                    "NZ Scorer: rows Neuberg-factored around artificial scores, truncated; totals "
                    "truncated; sections scored across the field ranked within each section"
                )
            ),
            row_rounding=Rounding.TRUNCATE,
            total_rounding=Rounding.TRUNCATE,
            rows_neuberg=True,
            places_by_section=True,
        ),
    )
}
