"""``bridgescore check`` in the terminal: where a file's figures differ from a rescoring, and the
setting that reproduces them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bridgescore.anomalies import Anomaly
from bridgescore.check import Check, Trial, difference, row_pairs
from bridgescore.check.compare import Mismatch
from bridgescore.display import fmt, printable
from bridgescore.rules import Method, TeamsScoring
from bridgescore.session import FieldStructure, Session


def render(
    result: Check, console: Console, limit: int = 50, anomalies: Sequence[Anomaly] = ()
) -> None:
    """The comparison under the chosen rules, its differences (at most ``limit``, 0 for all),
    the setting found, and the entries that look wrong (``anomalies``)."""
    _render(result, console, limit)
    if anomalies:
        console.print()
        entries(anomalies, result.figures.session, console, limit)


def entries(
    anomalies: Sequence[Anomaly], session: Session, console: Console, limit: int = 50
) -> None:
    """The entries that look wrong, each with its reason, for a person to confirm."""
    shown = anomalies if limit <= 0 else anomalies[:limit]
    console.print(
        Text(f"Entries to confirm before publishing ({len(anomalies)})", style="bold"),
        soft_wrap=True,
    )
    for a in shown:
        console.print(f"  {a.describe(session)}", soft_wrap=True)
    if len(shown) < len(anomalies):
        console.print(f"  … and {len(anomalies) - len(shown)} more (--limit 0 shows them all).")


def _render(result: Check, console: Console, limit: int) -> None:
    figures = result.figures
    chosen, found = result.chosen, result.found
    session = figures.session
    name = Path(figures.path).name
    comparison = chosen.comparison
    scored = chosen.rules.method.value
    if figures.teams_scoring is not None:
        scored = f"teams of four, {figures.teams_scoring}"
    console.print(
        Text(printable(f"{name}: {figures.source}, {scored}"), style="bold"), soft_wrap=True
    )
    console.print(
        f"Rescored under {chosen.rules.label}: {_settings(chosen)}; read with the "
        f"{chosen.conventions.name} conventions ({chosen.conventions.summary}).",
        soft_wrap=True,
    )
    precision = result.precision
    places = [f"rows {precision.rows}"]
    if precision.percentages is not None:
        places.append(f"percentages {precision.percentages}")
    if precision.totals is not None:
        places.append(f"totals {precision.totals}")
    console.print(
        f"Compared at the file's precision, in decimals: {', '.join(places)}.", soft_wrap=True
    )
    for warning in figures.warnings:
        console.print(
            Text.assemble(("warning", "yellow"), f" {warning.describe(name)}"), soft_wrap=True
        )
    if result.nothing_compared:
        console.print(Text(result.nothing_compared_reason(), "bold red"), soft_wrap=True)
        console.print(
            "A check that compares nothing proves nothing: this is not a success.", soft_wrap=True
        )
        return
    who = "teams" if session.structure is FieldStructure.TEAMS else "pairs"
    line = (
        f"Rows reproduced: {comparison.rows_reproduced} of {comparison.rows}; {who} "
        f"reproduced: {comparison.entrants_reproduced} of {comparison.entrants}"
    )
    if comparison.matches:
        line += f"; matches reproduced: {comparison.matches_reproduced} of {comparison.matches}"
    console.print(line + ".", soft_wrap=True)
    if comparison.uncompared:
        labels = ", ".join(e.label for e in comparison.uncompared)
        console.print(
            f"Listed in the file but never at a table here, so not compared: {labels}.",
            soft_wrap=True,
        )
    if result.reproduced:
        console.print(Text("Every figure of the file reproduces under these rules.", "green"))
        return
    console.print()
    _differences(chosen.mismatches, session, console, limit, "Differences")
    console.print()
    command = " ".join(["bridgescore check", name, *_base_flags(chosen), *result.options])
    _searched(result, console)
    if found.exact:
        console.print(
            Text(
                f"Every figure reproduces under {_settings(found)}, with the "
                f"{found.conventions.name} conventions ({result.tried} settings tried):",
                "green",
            ),
            soft_wrap=True,
        )
        console.print(f"  {command}", soft_wrap=True)
        return
    if found is chosen:
        console.print(
            f"No setting of the {result.tried} tried reproduces every figure, and none comes "
            "closer than these rules.",
            soft_wrap=True,
        )
        return
    console.print(
        f"No setting of the {result.tried} tried reproduces every figure. The closest, with "
        f"{len(found.mismatches)} difference{'s' if len(found.mismatches) != 1 else ''}, is "
        f"{_settings(found)}, with the {found.conventions.name} conventions:",
        soft_wrap=True,
    )
    console.print(f"  {command}", soft_wrap=True)
    _differences(found.mismatches, session, console, limit, "Remaining differences")


def _searched(result: Check, console: Console) -> None:
    """What the search tried, setting by setting, and why it left the others alone."""
    laid_out = result.plan
    if laid_out is None:
        return
    tried = "; ".join(s.describe() for s in laid_out.searched) or "nothing"
    cut = ""
    if laid_out.changes_limit is not None:
        cut = (
            f" (of the {laid_out.combinations} combinations, those changing at most "
            f"{laid_out.changes_limit} settings)"
        )
    console.print(f"Searched{cut}: {tried}.", soft_wrap=True)
    reasons: dict[str, list[str]] = {}
    for s in laid_out.not_searched:
        reasons.setdefault(s.why_not or "", []).append(f"--{s.setting.flag}")
    skipped = "; ".join(f"{', '.join(flags)} ({why})" for why, flags in reasons.items())
    console.print(f"Not searched: {skipped}.", soft_wrap=True)
    console.print()


def _settings(trial: Trial) -> str:
    rules = trial.rules
    if trial.comparison.matches or rules.teams_scoring is not TeamsScoring.IMPS:
        return f"teams {rules.teams_scoring}, victory points {rules.vp_scale}"
    if rules.method is Method.BUTLER:
        return f"datum trim {rules.datum_trim}, datum rounding {rules.datum_rounding}"
    if rules.method is Method.CROSS_IMPS:
        return f"cross-IMPs {rules.cross_imps}"
    text = (
        f"scale {rules.scale}, artificial scores {rules.artificial_method}, boards played "
        f"fewer times {rules.short_boards}, rounding {rules.rounding}, totals {rules.totals}"
    )
    if rules.session_percentage_rule:
        text += ", the session-percentage rule"
    if rules.ties_on_display:
        text += ", ties on the values shown"
    return text + (", sections across the field" if rules.sections_across else "")


def _base_flags(trial: Trial) -> list[str]:
    return [] if trial.rules.name == "club" else [f"--rules {trial.rules.name}"]


def _differences(
    mismatches: Sequence[Mismatch], session: Session, console: Console, limit: int, title: str
) -> None:
    shown = mismatches if limit <= 0 else mismatches[:limit]
    table = Table(title=f"{title} ({len(mismatches)})", box=box.SIMPLE_HEAD, title_justify="left")
    for heading in ("Board", "Row or pair", "Entry", "Figure", "File", "Rescored", "Difference"):
        right = heading in ("Board", "File", "Rescored", "Difference")
        table.add_column(heading, justify="right" if right else "left")
    for m in shown:
        row = None if m.index is None else session.tables[m.index]
        table.add_row(
            "" if m.board is None else str(m.board),
            printable(m.entrant.label if m.index is None else row_pairs(session, m.index)),
            "" if row is None else printable(row.describe()),
            m.what,
            m.reported,
            m.computed,
            _signed(difference(m)),
        )
    console.print(table)
    if len(shown) < len(mismatches):
        console.print(
            f"… and {len(mismatches) - len(shown)} more (--limit 0 shows them all; "
            "--format json lists them all)."
        )


def _signed(value: Fraction | None) -> str:
    if value is None:
        return ""
    text = fmt(value, 2)
    return text if value <= 0 else f"+{text}"
