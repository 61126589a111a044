"""Rescoring a file under a setting and comparing every figure at the file's own precision; the
search over settings and conventions for the first that reproduces the file."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.check.compare import Comparison, Mismatch
from bridgescore.check.conventions import CONVENTIONS, Conventions
from bridgescore.check.figures import Figures
from bridgescore.check.search import candidates, options
from bridgescore.formats.reported import ReportedScores
from bridgescore.results import SessionResult
from bridgescore.rules import Rounding, Rules
from bridgescore.scoring import score_pairs


@dataclass(frozen=True)
class Precision:
    """How many decimals the file writes each kind of figure to (read from its values)."""

    rows: int
    percentages: int | None  # None: the file gives none
    totals: int | None  # None: no totals to compare (absent, or the percentage again)


@dataclass(frozen=True)
class Trial:
    """One setting tried: rules, conventions, and how far they reproduce the file."""

    rules: Rules
    conventions: Conventions
    comparison: Comparison

    @property
    def mismatches(self) -> tuple[Mismatch, ...]:
        return self.comparison.mismatches

    @property
    def exact(self) -> bool:
        return not self.comparison.mismatches


@dataclass(frozen=True)
class Check:
    """The file compared with the chosen rules, and the setting found that reproduces it."""

    figures: Figures
    precision: Precision
    chosen: Trial  # the chosen rules, under the file's (or the chosen) conventions
    found: Trial  # the first setting tried that reproduces every figure, or the closest
    tried: int  # settings tried
    baseline: Rules  # the rules with no overrides, that the found setting's options change

    @property
    def reproduced(self) -> bool:
        return self.chosen.exact

    @property
    def options(self) -> list[str]:
        """The command-line options that reproduce the found setting."""
        return options(self.baseline, self.found, self.figures.conventions)


def check(
    figures: Figures,
    rules: Rules,
    conventions: str | None = None,
    search: bool = True,
    baseline: Rules | None = None,
) -> Check:
    """Compare ``figures`` with a rescoring under ``rules`` and the file's conventions (or
    ``conventions``), then, unless that reproduces everything or ``search`` is off, try the
    grid of :func:`candidates` under every conventions, the file's first. ``baseline`` is
    what the options naming the found setting are relative to (``rules`` by default)."""
    first = CONVENTIONS[conventions or figures.conventions]
    precision = _precision(figures.reported)
    trials = _Trials(figures, precision)
    chosen = trials.run(rules, first)
    found, tried = chosen, 1
    if search and not chosen.exact:
        order = [first, *(c for c in CONVENTIONS.values() if c is not first)]
        for conv, candidate in itertools.product(order, candidates(figures.session, rules)):
            if candidate == rules and conv is first:
                continue
            trial = trials.run(candidate, conv)
            tried += 1
            if len(trial.mismatches) < len(found.mismatches):
                found = trial
            if trial.exact:
                break
    return Check(figures, precision, chosen, found, tried, baseline or rules)


def _decimals(values: Iterable[Fraction | None]) -> int:
    """The most decimals any of the values is written with."""
    most = 0
    for value in values:
        while value is not None and most < 6 and (value * 10**most).denominator != 1:
            most += 1
    return most


def _precision(reported: ReportedScores) -> Precision:
    standings = reported.standings
    totals: int | None = None
    if any(s.total is not None for s in standings) and not all(
        s.total == s.percentage for s in standings
    ):
        totals = _decimals(s.total for s in standings)
    return Precision(
        _decimals(v for r in reported.rows for v in (r.ns, r.ew)),
        _decimals(s.percentage for s in standings)
        if any(s.percentage is not None for s in standings)
        else None,
        totals,
    )


class _Trials:
    """Scorings and comparisons, each made once however many trials need it."""

    def __init__(self, figures: Figures, precision: Precision) -> None:
        self.figures = figures
        self.precision = precision
        self.results: dict[Rules, SessionResult] = {}
        self.rows: dict[tuple[Rules, Rounding], Comparison] = {}
        self.standings: dict[tuple[Rules, Rounding, bool], Comparison] = {}

    def scored(self, rules: Rules) -> SessionResult:
        if rules not in self.results:
            self.results[rules] = score_pairs(self.figures.session, rules, self.figures.handicaps)
        return self.results[rules]

    def run(self, rules: Rules, conventions: Conventions) -> Trial:
        from bridgescore.check.compare import Comparison, compare

        reported = self.figures.reported
        row_rules = conventions.row_rules(rules)
        row_key = (row_rules, conventions.row_rounding)
        if row_key not in self.rows:
            self.rows[row_key] = compare(
                self.scored(row_rules),
                replace(reported, standings=()),
                row_decimals=self.precision.rows,
                row_rounding=conventions.row_rounding,
            )
        # Factored totals change only the totals: with none to compare, do not rescore for them.
        standing_rules = rules
        if self.precision.totals is not None:
            standing_rules = conventions.standing_rules(rules)
        by_section = (
            conventions.places_by_section and rules.sections_across and len(self.sections) > 1
        )
        standing_key = (standing_rules, conventions.total_rounding, by_section)
        if standing_key not in self.standings:
            self.standings[standing_key] = compare(
                self.scored(standing_rules),
                replace(reported, rows=()),
                percent_decimals=self.precision.percentages or 0,
                totals=self.precision.totals is not None,
                total_decimals=self.precision.totals or 0,
                total_rounding=conventions.total_rounding,
                places_by_section=by_section,
            )
        rows, standings = self.rows[row_key], self.standings[standing_key]
        merged = Comparison(
            rows.rows,
            rows.rows_reproduced,
            standings.entrants,
            standings.entrants_reproduced,
            rows.mismatches + standings.mismatches,
        )
        return Trial(rules, conventions, merged)

    @property
    def sections(self) -> tuple[str, ...]:
        return self.figures.session.sections
