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
from bridgescore.languages import N_, _, ngettext, pgettext
from bridgescore.reports.words import shown as shown_text
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
        Text(
            _("Entries to confirm before publishing (%(count)s)", count=len(anomalies)),
            style="bold",
        ),
        soft_wrap=True,
    )
    for a in shown:
        console.print(f"  {a.describe(session)}", soft_wrap=True)
    if len(shown) < len(anomalies):
        console.print(
            _(
                "  … and %(more)s more (--limit 0 shows them all).",
                more=len(anomalies) - len(shown),
            )
        )


def _render(result: Check, console: Console, limit: int) -> None:
    figures = result.figures
    chosen, found = result.chosen, result.found
    session = figures.session
    name = Path(figures.path).name
    comparison = chosen.comparison
    scored = chosen.rules.method.value
    if figures.teams_scoring is not None:
        scored = _("teams of four, %(scoring)s", scoring=figures.teams_scoring)
    console.print(
        Text(
            printable(
                _(
                    "%(name)s: %(source)s, %(scored)s",
                    name=name,
                    source=shown_text(figures.source),
                    scored=scored,
                )
            ),
            style="bold",
        ),
        soft_wrap=True,
    )
    console.print(
        _(
            "Rescored under %(rules)s: %(settings)s; read with the %(conventions)s conventions "
            "(%(summary)s).",
            rules=chosen.rules.label,
            settings=_settings(chosen),
            conventions=chosen.conventions.name,
            summary=shown_text(chosen.conventions.summary),
        ),
        soft_wrap=True,
    )
    precision = result.precision
    places = [_("rows %(places)s", places=precision.rows)]
    if precision.percentages is not None:
        places.append(_("percentages %(places)s", places=precision.percentages))
    if precision.totals is not None:
        places.append(_("totals %(places)s", places=precision.totals))
    console.print(
        _("Compared at the file's precision, in decimals: %(places)s.", places=", ".join(places)),
        soft_wrap=True,
    )
    for warning in figures.warnings:
        console.print(
            Text.assemble((_("warning"), "yellow"), f" {warning.describe(name)}"), soft_wrap=True
        )
    if result.nothing_compared:
        said = shown_text(result.nothing_compared_reason())
        console.print(Text(said, "bold red"), soft_wrap=True)
        console.print(
            _("A check that compares nothing proves nothing: this is not a success."),
            soft_wrap=True,
        )
        return
    rows = _(
        "Rows reproduced: %(reproduced)s of %(rows)s",
        reproduced=comparison.rows_reproduced,
        rows=comparison.rows,
    )
    if session.structure is FieldStructure.TEAMS:
        line = _(
            "%(rows)s; teams reproduced: %(reproduced)s of %(entrants)s",
            rows=rows,
            reproduced=comparison.entrants_reproduced,
            entrants=comparison.entrants,
        )
    else:
        line = _(
            "%(rows)s; pairs reproduced: %(reproduced)s of %(entrants)s",
            rows=rows,
            reproduced=comparison.entrants_reproduced,
            entrants=comparison.entrants,
        )
    if comparison.matches:
        line = _(
            "%(line)s; matches reproduced: %(reproduced)s of %(matches)s",
            line=line,
            reproduced=comparison.matches_reproduced,
            matches=comparison.matches,
        )
    console.print(_("%(line)s.", line=line), soft_wrap=True)
    if comparison.uncompared:
        labels = ", ".join(e.label for e in comparison.uncompared)
        console.print(
            _(
                "Listed in the file but never at a table here, so not compared: %(labels)s.",
                labels=labels,
            ),
            soft_wrap=True,
        )
    if result.reproduced:
        console.print(Text(_("Every figure of the file reproduces under these rules."), "green"))
        return
    console.print()
    _differences(chosen.mismatches, session, console, limit, _("Differences"))
    console.print()
    command = " ".join(["bridgescore check", name, *_base_flags(chosen), *result.options])
    _searched(result, console)
    if found.exact:
        console.print(
            Text(
                _(
                    "Every figure reproduces under %(settings)s, with the %(conventions)s "
                    "conventions (%(tried)s settings tried):",
                    settings=_settings(found),
                    conventions=found.conventions.name,
                    tried=result.tried,
                ),
                "green",
            ),
            soft_wrap=True,
        )
        console.print(f"  {command}", soft_wrap=True)
        return
    if found is chosen:
        console.print(
            _(
                "No setting of the %(tried)s tried reproduces every figure, and none comes "
                "closer than these rules.",
                tried=result.tried,
            ),
            soft_wrap=True,
        )
        return
    console.print(
        ngettext(
            "No setting of the %(tried)s tried reproduces every figure. The closest, with "
            "%(num)s difference, is %(settings)s, with the %(conventions)s conventions:",
            "No setting of the %(tried)s tried reproduces every figure. The closest, with "
            "%(num)s differences, is %(settings)s, with the %(conventions)s conventions:",
            len(found.mismatches),
            tried=result.tried,
            num=len(found.mismatches),
            settings=_settings(found),
            conventions=found.conventions.name,
        ),
        soft_wrap=True,
    )
    console.print(f"  {command}", soft_wrap=True)
    _differences(found.mismatches, session, console, limit, _("Remaining differences"))


def _searched(result: Check, console: Console) -> None:
    """What the search tried, setting by setting, and why it left the others alone."""
    laid_out = result.plan
    if laid_out is None:
        return
    # A list's items apart as the language writes it (French: " ; ").
    between = pgettext("between a list's items", "; ")
    tried = between.join(s.describe() for s in laid_out.searched) or _("nothing")
    if laid_out.changes_limit is not None:
        console.print(
            _(
                "Searched (of the %(combinations)s combinations, those changing at most "
                "%(most)s settings): %(tried)s.",
                combinations=laid_out.combinations,
                most=laid_out.changes_limit,
                tried=tried,
            ),
            soft_wrap=True,
        )
    else:
        console.print(_("Searched: %(tried)s.", tried=tried), soft_wrap=True)
    reasons: dict[str, list[str]] = {}
    for s in laid_out.not_searched:
        reasons.setdefault(shown_text(s.why_not or ""), []).append(f"--{s.setting.flag}")
    skipped = between.join(f"{', '.join(flags)} ({why})" for why, flags in reasons.items())
    console.print(_("Not searched: %(skipped)s.", skipped=skipped), soft_wrap=True)
    console.print()


def _settings(trial: Trial) -> str:
    """The rules' settings a check names, in words; each value as its option takes it."""
    rules = trial.rules
    if trial.comparison.matches or rules.teams_scoring is not TeamsScoring.IMPS:
        return _(
            "teams %(scoring)s, victory points %(vp)s",
            scoring=rules.teams_scoring,
            vp=rules.vp_scale,
        )
    if rules.method is Method.BUTLER:
        return _(
            "datum trim %(trim)s, datum rounding %(rounding)s",
            trim=rules.datum_trim,
            rounding=rules.datum_rounding,
        )
    if rules.method is Method.CROSS_IMPS:
        return _("cross-IMPs %(cross)s", cross=rules.cross_imps)
    text = _(
        "scale %(scale)s, artificial scores %(artificial)s, boards played fewer times "
        "%(short)s, rounding %(rounding)s, totals %(totals)s",
        scale=rules.scale,
        artificial=rules.artificial_method,
        short=rules.short_boards,
        rounding=rules.rounding,
        totals=rules.totals,
    )
    if rules.session_percentage_rule:
        text += _(", the session-percentage rule")
    if rules.ties_on_display:
        text += _(", ties on the values shown")
    return text + (_(", sections across the field") if rules.sections_across else "")


def _base_flags(trial: Trial) -> list[str]:
    return [] if trial.rules.name == "club" else [f"--rules {trial.rules.name}"]


def _differences(
    mismatches: Sequence[Mismatch], session: Session, console: Console, limit: int, title: str
) -> None:
    shown = mismatches if limit <= 0 else mismatches[:limit]
    table = Table(
        title=_("%(title)s (%(count)s)", title=title, count=len(mismatches)),
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    for heading in _HEADINGS:
        right = heading in ("Board", "File", "Rescored", "Difference")
        table.add_column(_(heading), justify="right" if right else "left")
    for m in shown:
        row = None if m.index is None else session.tables[m.index]
        table.add_row(
            "" if m.board is None else str(m.board),
            printable(m.entrant.label if m.index is None else row_pairs(session, m.index)),
            "" if row is None else printable(row.describe()),
            shown_text(m.what),
            m.reported,
            m.computed,
            _signed(difference(m)),
        )
    console.print(table)
    if len(shown) < len(mismatches):
        console.print(
            _(
                "… and %(more)s more (--limit 0 shows them all; --format json lists them all).",
                more=len(mismatches) - len(shown),
            )
        )


_HEADINGS = (
    N_("Board"),
    N_("Row or pair"),
    N_("Entry"),
    N_("Figure"),
    N_("File"),
    N_("Rescored"),
    N_("Difference"),
)


def _signed(value: Fraction | None) -> str:
    if value is None:
        return ""
    text = fmt(value, 2)
    return text if value <= 0 else f"+{text}"
