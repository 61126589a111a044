"""Checking a results file's own figures against a rescoring, and finding the settings that
reproduce them (``bridgescore check``).

A file written by another scoring program carries its own matchpoints (or IMPs) per row and each
pair's percentage, place and total. :func:`check` rescores the session under the chosen rules,
compares every figure with :func:`bridgescore.formats.compare.compare` at the file's own precision,
and then tries a small grid of rule settings to name the first that reproduces every figure (or
the closest, with its count of differences).

Programs differ in how they show figures, beyond the rules: Compscore shows each row on its
board's own top but factors boards played fewer times in the totals (and scales a pair's total
when it missed boards); NZ Scorer shows the rows Neuberg-factored around artificial scores but
totals by average, and truncates. These are :class:`Conventions`, detected from the file and
tried like the rules (docs/conformance.md).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bridgescore.bridge import Side
from bridgescore.errors import InputFileError, Problem
from bridgescore.results import SessionResult
from bridgescore.rules import Compensation, Method, Rounding, Rules
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant, FieldStructure, Session
from bridgescore.traveller import Artificial

if TYPE_CHECKING:
    from bridgescore.formats.compare import Comparison, Mismatch
    from bridgescore.formats.reported import ReportedScores


# --- how a program shows its figures ------------------------------------------------------------


@dataclass(frozen=True)
class Conventions:
    """How a scoring program shows the figures it computed under its rules."""

    name: str
    summary: str
    row_rounding: Rounding = Rounding.HALF_UP
    total_rounding: Rounding = Rounding.HALF_UP
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

    def standing_rules(self, rules: Rules) -> Rules:
        """The rules the program's percentages, places and totals are on."""
        return rules.with_(factor_mp_totals=True) if self.factored_totals else rules


CONVENTIONS: dict[str, Conventions] = {
    c.name: c
    for c in (
        Conventions("plain", "rows and totals under the same rules, rounded half up"),
        Conventions(
            "compscore",
            "Compscore: rows on each board's own top, rounded to even; totals with boards "
            "played fewer times factored and x most boards / boards played",
            row_rounding=Rounding.HALF_EVEN,
            rows_on_own_top=True,
            factored_totals=True,
        ),
        Conventions(
            "nz",
            "NZ Scorer: rows Neuberg-factored around artificial scores, truncated; totals "
            "truncated; sections scored across the field ranked within each section",
            row_rounding=Rounding.TRUNCATE,
            total_rounding=Rounding.TRUNCATE,
            rows_neuberg=True,
            places_by_section=True,
        ),
    )
}


# --- a file's own figures ----------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """A session with the figures its file carries, and what the file says about them."""

    path: str
    session: Session
    reported: ReportedScores
    source: str  # the format and program: "USEBIO from Compscore3", "NZ Scorer"
    conventions: str  # the name of the program's Conventions, detected
    method: Method
    sections_across: bool | None = None  # declared by the file (NZ Scorer's field_scoring)
    handicaps: Mapping[Entrant, Fraction] | None = None
    warnings: tuple[Problem, ...] = ()


def _pbn_figures(path: str | Path) -> Figures:
    """A PBN file's own matchpoints (ScoreTable MP columns or ScoreMP tags), or IMPs, and its
    TotalScoreTable totals and percentages."""
    from bridgescore.formats.pbn import session as pbn_session
    from bridgescore.formats.reported import ReportedRow, ReportedScores, ReportedStanding

    name = str(path)
    event = pbn_session.read_path_event(path)
    if event.session.structure is FieldStructure.TEAMS:
        raise InputFileError(
            name,
            [
                Problem(
                    "checking a teams file is not supported",
                    expected="a pairs session with matchpoints or IMPs of its own",
                )
            ],
        )
    scoring = (event.scoring or "").upper()
    imps = scoring.startswith("IMP")
    method = Method.MATCHPOINTS
    if imps:
        method = Method.BUTLER if "BUTLER" in scoring else Method.CROSS_IMPS
    rows = []
    for index, reported in sorted(event.reported.items()):
        ns, ew = reported.imps if imps else reported.mp
        if ns is not None or ew is not None:
            rows.append(ReportedRow(index, ns, ew))
    standings = tuple(
        ReportedStanding(s.entrant, s.total, s.percentage, None, s.boards)
        for s in event.standings
        if s.total is not None or s.percentage is not None
    )
    if not rows and not standings:
        raise InputFileError(
            name,
            [
                Problem(
                    "the file carries no matchpoints, IMPs or totals of its own to check",
                    expected="MP_NS/MP_EW or IMP_NS/IMP_EW columns, ScoreMP tags, or a "
                    "TotalScoreTable",
                )
            ],
        )
    reported_scores = ReportedScores(method, tuple(rows), standings)
    return Figures(name, event.session, reported_scores, "PBN", "plain", method)


def read_figures(path: str | Path) -> Figures:
    """Read a file that carries its own figures: USEBIO or NZ Scorer XML."""
    from bridgescore.formats import xml_kind

    name = str(path)
    suffix = Path(path).suffix.lower()
    if suffix == ".xml":
        if xml_kind(path) == "nzscorer":
            from bridgescore.formats import nzscorer

            nz = nzscorer.read_path(path)
            assert nz.reported is not None and isinstance(nz.event, nzscorer.NzScorerEvent)
            return Figures(
                name,
                nz.session,
                nz.reported,
                "NZ Scorer",
                "nz",
                Method.MATCHPOINTS,
                nz.event.field_scoring,
                nzscorer.handicaps(nz.reported) if nz.event.handicapped else None,
                nz.warnings,
            )
        from bridgescore.formats import usebio

        file = usebio.read_path(path)
        assert file.reported is not None and isinstance(file.event, usebio.Event)
        program = file.event.program_name or "an unnamed program"
        detected = "plain"
        if program.lower().startswith("compscore"):
            detected = "compscore"
        elif program == "Scorer":  # NZ Scorer's own USEBIO export
            detected = "nz"
        return Figures(
            name,
            file.session,
            file.reported,
            f"USEBIO from {program}",
            detected,
            file.event.method,
            warnings=file.warnings,
        )
    if suffix == ".pbn":
        return _pbn_figures(path)
    what = {
        ".csv": "a traveller CSV",
        ".json": "bridgescore's own JSON results",
    }.get(suffix)
    if what is None:
        from bridgescore.formats import KINDS

        raise InputFileError(
            name,
            [
                Problem(
                    "unknown kind of results file", found=suffix or "no extension", expected=KINDS
                )
            ],
        )
    raise InputFileError(
        name,
        [
            Problem(
                f"nothing to check: {what} carries no figures of another program to compare "
                "with a rescoring",
                expected="a USEBIO or NZ Scorer .xml file with its own matchpoints and "
                "percentages (bridgescore score rescores any file)",
            )
        ],
    )


# --- checking ----------------------------------------------------------------------------------


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


def candidates(session: Session, rules: Rules) -> list[Rules]:
    """The rule settings worth trying, nearest the chosen ``rules`` first.

    Matchpoints: the scale, and the compensation around artificial scores and for boards
    played fewer times where the session has any; Butler: the datum's trim and rounding;
    cross-IMPs: the form of the totals.
    """
    grid: dict[str, list[Any]] = {}
    if len(session.sections) > 1:
        grid["sections_across"] = [rules.sections_across, not rules.sections_across]
    if rules.method is Method.MATCHPOINTS:
        grid["scale"] = [2, 1]
        if any(isinstance(s, Artificial) for t in session.tables for s in (t.ns_side, t.ew_side)):
            methods = [Compensation.AVERAGE, Compensation.NEUBERG, Compensation.RATIO]
            grid["artificial_method"] = methods
        if any(_uneven(session, across) for across in grid.get("sections_across", [False])):
            grid["short_boards"] = [Compensation.NONE, Compensation.NEUBERG, Compensation.RATIO]
    elif rules.method is Method.BUTLER:
        grid["datum_trim"] = ["1", "0", "10%"]
        grid["datum_rounding"] = ["half-away", "half-up", "half-even", "none"]
    elif rules.method is Method.CROSS_IMPS:
        grid["cross_imps"] = ["comparisons", "sum", "results"]
    keys = list(grid)
    found = {rules}
    for values in itertools.product(*grid.values()):
        candidate = rules.with_(**dict(zip(keys, values, strict=True)))
        if not _uneven(session, candidate.sections_across):
            # every board has as many results as the most: the factoring cannot matter
            candidate = candidate.with_(short_boards=rules.short_boards)
        found.add(candidate)
    return sorted(found, key=lambda r: (len(changes(rules, r)), [_rank(grid, r, k) for k in keys]))


def _rank(grid: Mapping[str, list[Any]], rules: Rules, key: str) -> int:
    value = getattr(rules, key)
    return grid[key].index(value) if value in grid[key] else -1


GRID_SETTINGS = (
    "scale",
    "artificial_method",
    "short_boards",
    "sections_across",
    "datum_trim",
    "datum_rounding",
    "cross_imps",
)


def changes(base: Rules, other: Rules) -> dict[str, Any]:
    """The grid's settings in which ``other`` differs from ``base``."""
    out = {}
    for key in GRID_SETTINGS:
        value = getattr(other, key)
        if value != getattr(base, key):
            out[key] = value.value if isinstance(value, Compensation) else value
    return out


def options(base: Rules, trial: Trial, detected: str) -> list[str]:
    """The command-line options that turn the chosen rules into ``trial``'s."""
    flags = [
        f"--sections {'across' if v else 'within'}"
        if k == "sections_across"
        else f"--{k.replace('_', '-')} {v}"
        for k, v in changes(base, trial.rules).items()
    ]
    if trial.conventions.name != detected:
        flags.append(f"--conventions {trial.conventions.name}")
    return flags


def difference(mismatch: Mismatch) -> Fraction | None:
    """Rescored minus the file's, for a figure with a number on both sides."""
    try:
        return Fraction(mismatch.computed.rstrip("=")) - Fraction(mismatch.reported.rstrip("="))
    except (ValueError, ZeroDivisionError):
        return None


def _uneven(session: Session, across: bool) -> bool:
    """Whether some board has fewer results than another (in its section, unless across)."""
    counts: dict[tuple[int, str | None, Side], int] = {}
    for t in session.tables:
        for side in Side:
            if t.side(side) is not None:
                key = (t.board, None if across else t.section, side)
                counts[key] = counts.get(key, 0) + 1
    return len(set(counts.values())) > 1


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
        from bridgescore.formats.compare import Comparison, compare

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


# --- plain data ----------------------------------------------------------------------------------


def to_data(result: Check) -> dict[str, Any]:
    """The check as plain data, for ``--format json``."""
    figures = result.figures
    chosen, found = result.chosen, result.found
    session = figures.session
    return {
        "file": figures.path,
        "source": figures.source,
        "method": chosen.rules.method.value,
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
        "rows": chosen.comparison.rows,
        "rows_reproduced": chosen.comparison.rows_reproduced,
        "pairs": chosen.comparison.entrants,
        "pairs_reproduced": chosen.comparison.entrants_reproduced,
        "differences": [_mismatch(m, session) for m in chosen.mismatches],
        "setting": {
            "reproduces": found.exact,
            "differences": len(found.mismatches),
            "rules": found.rules.describe(),
            "changes": changes(chosen.rules, found.rules),
            "conventions": found.conventions.name,
            "options": result.options,
            "tried": result.tried,
            "remaining": [_mismatch(m, session) for m in found.mismatches],
        },
        "warnings": [p.describe(figures.path) for p in figures.warnings],
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
