"""Rescoring a file under a setting and comparing every figure at the file's own precision; the
search over settings and conventions for the first that reproduces the file."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from bridgescore.check.compare import Comparison, Mismatch, compare
from bridgescore.check.conventions import CONVENTIONS, Conventions
from bridgescore.check.figures import Figures
from bridgescore.check.search import SearchPlan, options, plan
from bridgescore.formats.reported import ReportedScores
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB, Method, Rules, Totals
from bridgescore.scoring import score_pairs
from bridgescore.scoring.pairs import STANDING_SETTINGS, retotal
from bridgescore.session import FieldStructure
from bridgescore.teams_results import TeamsResult


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
        """Every figure compared is reproduced, and something was compared: a trial that
        compared nothing reproduces nothing."""
        return not self.comparison.mismatches and self.comparison.compared > 0


@dataclass(frozen=True)
class Check:
    """The file compared with the chosen rules, and the setting found that reproduces it."""

    figures: Figures
    precision: Precision
    chosen: Trial  # the chosen rules, under the file's (or the chosen) conventions
    found: Trial  # the first setting tried that reproduces every figure, or the closest
    tried: int  # settings tried
    baseline: Rules  # the rules with no overrides, that the found setting's options change
    plan: SearchPlan | None = None  # what the search tried, setting by setting (None: no search)

    @property
    def reproduced(self) -> bool:
        """Every figure of the file reproduces under the chosen rules -- and there were
        figures to compare."""
        return self.chosen.exact

    @property
    def nothing_compared(self) -> bool:
        return self.chosen.comparison.compared == 0

    def nothing_compared_reason(self) -> str:
        """Why nothing was compared, in a sentence (a :class:`Text`: English in the JSON, said
        in the language in the terminal)."""
        reported = self.figures.reported
        comparison = self.chosen.comparison
        parts: list[Text] = []
        if not any(r.ns is not None or r.ew is not None for r in reported.rows):
            if reported.method is not Method.MATCHPOINTS:
                parts.append(Text(N_("the file gives no row's IMPs that bridgescore could read")))
            else:
                parts.append(
                    Text(N_("the file gives no row's matchpoints that bridgescore could read"))
                )
        if comparison.uncompared:
            parts.append(
                Text(
                    N_(
                        "none of the %(listed)s entrants it ranks played a board here "
                        "(first: %(first)s)"
                    ),
                    listed=len(comparison.uncompared),
                    first=comparison.uncompared[0].label,
                )
            )
        elif not reported.standings:
            parts.append(Text(N_("it ranks no one")))
        reasons = (
            Text(N_("%(first)s, and %(second)s"), first=parts[0], second=parts[1])
            if len(parts) == 2
            else parts[0]
            if parts
            else ""
        )
        return Text(N_("Nothing was compared: %(reasons)s."), reasons=reasons)

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
    settings :func:`~bridgescore.check.search.plan` lays out, under every conventions, the
    file's first. ``baseline`` is what the options naming the found setting are relative to
    (``rules`` by default)."""
    first = CONVENTIONS[conventions or figures.conventions]
    precision = _precision(figures.reported)
    trials = _Trials(figures, precision)
    chosen = trials.run(rules, first)
    found, tried = chosen, 1
    laid_out = None
    if search and not chosen.exact and chosen.comparison.compared:
        laid_out = plan(figures, rules)
        teams = figures.session.structure is FieldStructure.TEAMS
        order = [first] if teams else [first, *(c for c in CONVENTIONS.values() if c is not first)]
        for conv, candidate in itertools.product(order, laid_out.candidates):
            if candidate == rules and conv is first:
                continue
            trial = trials.run(candidate, conv)
            tried += 1
            if len(trial.mismatches) < len(found.mismatches):
                found = trial
            if trial.exact:
                found = trial
                break
    return Check(figures, precision, chosen, found, tried, baseline or rules, laid_out)


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
    if reported.matches:
        scores = [v for m in reported.matches for v in (m.team_score, m.opponents_score)]
        totals = max(totals or 0, _decimals(scores))
    percentages = [p for s in standings for p in (s.percentage, s.handicapped) if p is not None]
    return Precision(
        _decimals(v for r in reported.rows for v in (r.ns, r.ew)),
        _decimals(percentages) if percentages else None,
        totals,
    )


class _Trials:
    """Scorings and comparisons, each made once however many trials need it."""

    def __init__(self, figures: Figures, precision: Precision) -> None:
        self.figures = figures
        self.precision = precision
        self.results: dict[Rules, SessionResult | TeamsResult] = {}
        self.rows: dict[tuple[Rules, object], Comparison] = {}
        self.standings: dict[tuple[Rules, object, object, bool], Comparison] = {}

    def scored(self, rules: Rules) -> SessionResult | TeamsResult:
        """The session scored under ``rules`` as the file shows its figures: a row shown
        rounded (``totals`` shown) is rounded to the file's own decimals for rows, and places
        decided on shown values (``ties`` display) on its decimals for percentages."""
        key = self._scoring_rules(rules)
        if key not in self.results:
            session = self.figures.session
            if session.structure is FieldStructure.TEAMS:
                from bridgescore.scoring import score_teams

                self.results[key] = score_teams(session, key)
                return self.results[key]
            # The boards are matchpointed once for every way of adding up their values.
            boards = key.with_(**{name: getattr(CLUB, name) for name in STANDING_SETTINGS})
            if boards not in self.results:
                self.results[boards] = score_pairs(session, boards, self.figures.handicaps)
            base = self.results[boards]
            assert isinstance(base, SessionResult)
            if key != boards:
                self.results[key] = retotal(base, key, self.figures.handicaps)
        return self.results[key]

    def _scoring_rules(self, rules: Rules) -> Rules:
        """``rules`` with the display settings scoring does not use made the same, so that
        settings differing only in how figures are shown share one scoring."""
        if rules.totals is Totals.SHOWN:
            return rules.with_(decimals=self.precision.rows)
        if rules.ties_on_display:
            places = self.precision.percentages
            if places is None:
                places = self.precision.totals or 0
            return rules.with_(decimals=places)
        return rules.with_(decimals=CLUB.decimals, rounding=CLUB.rounding)

    def run(self, rules: Rules, conventions: Conventions) -> Trial:
        reported = self.figures.reported
        teams = self.figures.session.structure is FieldStructure.TEAMS
        # A row's value does not depend on how totals are added or places decided.
        row_rules = (rules if teams else conventions.row_rules(rules)).with_(
            totals=Totals.EXACT, ties_on_display=False
        )
        row_rounding = conventions.rows_rounded(rules)
        row_key = (self._scoring_rules(row_rules), row_rounding)
        if row_key not in self.rows:
            self.rows[row_key] = compare(
                self.scored(row_rules),
                replace(reported, standings=(), matches=()),
                row_decimals=self.precision.rows,
                row_rounding=row_rounding,
            )
        # Factored totals change only the totals: with none to compare, do not rescore for them.
        standing_rules = rules
        if self.precision.totals is not None and not teams:
            standing_rules = conventions.standing_rules(rules)
        # NZ Scorer ranks sections scored across the field within each section -- unless the
        # file says the event has one winner (its USEBIO export's WINNER_TYPE 1).
        by_section = (
            conventions.places_by_section
            and rules.sections_across
            and len(self.sections) > 1
            and not rules.one_winner
        )
        total_rounding = conventions.totals_rounded(rules)
        standing_key = (
            self._scoring_rules(standing_rules),
            rules.rounding,
            total_rounding,
            by_section,
        )
        if standing_key not in self.standings:
            self.standings[standing_key] = compare(
                self.scored(standing_rules),
                replace(reported, rows=()),
                percent_decimals=self.precision.percentages or 0,
                percent_rounding=rules.rounding,
                totals=self.precision.totals is not None,
                total_decimals=self.precision.totals or 0,
                total_rounding=total_rounding,
                places_by_section=by_section,
            )
        rows, standings = self.rows[row_key], self.standings[standing_key]
        merged = Comparison(
            rows.rows,
            rows.rows_reproduced,
            standings.entrants,
            standings.entrants_reproduced,
            rows.mismatches + standings.mismatches,
            standings.matches,
            standings.matches_reproduced,
            standings.uncompared,
        )
        return Trial(rules, conventions, merged)

    @property
    def sections(self) -> tuple[str, ...]:
        return self.figures.session.sections
