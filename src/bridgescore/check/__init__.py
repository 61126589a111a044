"""Checking a results file's own figures against a rescoring, and finding the settings that
reproduce them (``bridgescore check``).

A file written by another scoring program carries its own matchpoints (or IMPs) per row and each
pair's percentage, place and total (:mod:`.figures`). :func:`check` rescores the session under
the chosen rules, compares every figure at the file's own precision (:mod:`.compare`), and then
tries the settings the settings table marks for searching (:mod:`.search`) to name the first
that reproduces every figure, or the closest, with its count of differences.

Programs differ in how they show figures, beyond the rules: Compscore shows each row on its
board's own top but factors boards played fewer times in the totals (and scales a pair's total
when it missed boards); NZ Scorer shows the rows Neuberg-factored around artificial scores but
totals by average, and truncates. These are :class:`Conventions` (:mod:`.conventions`),
detected from the file and tried like the rules (docs/conformance.md).
"""

from __future__ import annotations

from bridgescore.check.compare import Comparison, Mismatch, compare
from bridgescore.check.conventions import CONVENTIONS, Conventions
from bridgescore.check.data import difference, row_pairs, to_data
from bridgescore.check.figures import Figures, read_figures
from bridgescore.check.rescore import Check, Precision, Trial, check
from bridgescore.check.search import Searched, SearchPlan, candidates, changes, options, plan

__all__ = [
    "CONVENTIONS",
    "Check",
    "Comparison",
    "Conventions",
    "Figures",
    "Mismatch",
    "Precision",
    "SearchPlan",
    "Searched",
    "Trial",
    "candidates",
    "changes",
    "check",
    "compare",
    "difference",
    "options",
    "plan",
    "read_figures",
    "row_pairs",
    "to_data",
]
