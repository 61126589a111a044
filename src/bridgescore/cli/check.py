"""``bridgescore check``: a results file's own figures against a rescoring."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Command
from bridgescore.cli.options import console, given, rules_from, scoring_options
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _

if TYPE_CHECKING:
    from bridgescore.anomalies import Anomaly
    from bridgescore.check import Check
    from bridgescore.session import Session


@click.command(cls=Command)
@click.argument("file", type=click.Path(dir_okay=False))
@scoring_options
@click.option(
    "--conventions",
    type=click.Choice(["auto", "plain", "compscore", "nz"]),
    default="auto",
    show_default=True,
    help=N_(
        "How the file's program shows its figures (rows' basis, rounding, factored totals); "
        "auto: from the file."
    ),
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=N_("Output format."),
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=50,
    show_default=True,
    help=N_("Text: differences listed at most (0: all)."),
)
@click.option(
    "--double-dummy",
    is_flag=True,
    help=N_(
        "Solve the file's deals double dummy, to list results far from what they allow "
        "(a few tenths of a second a board)."
    ),
)
def check(
    file: str,
    conventions: str,
    output_format: str,
    limit: int,
    double_dummy: bool,
    **options: Any,
) -> None:
    """Rescore FILE, a results file with its own figures (USEBIO, NZ Scorer XML or PBN), and
    report row by row and pair by pair where they differ from the rescoring and by how much;
    name the rule setting that reproduces the file, or the closest one, and what was tried;
    and list the entries that look wrong, for a person to confirm. Exit status 0 when the file
    reproduces under the chosen rules, 1 when it does not or nothing could be compared, 2 for
    bad input.

    \b
    Examples:
      bridgescore check session.xml
      bridgescore check session.xml --artificial-method neuberg --short-boards neuberg
      bridgescore check scorer.xml --format json
      bridgescore check session.xml --double-dummy
    """
    try:
        result = _check(file, None if conventions == "auto" else conventions, options)
        found = entries_to_confirm(result.figures.session, double_dummy)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output_format == "json":
        import json

        from bridgescore.anomalies import to_data as anomalies_data
        from bridgescore.check import to_data
        from bridgescore.display import printable_json

        data = to_data(result)
        data["anomalies"] = anomalies_data(found, result.figures.session)
        text = json.dumps(data, indent=2, ensure_ascii=False)
        sys.stdout.write(printable_json(text) + "\n")
    else:
        from bridgescore.reports.check import render

        out, buffer = console(False)
        render(result, out, limit, found)
        sys.stdout.write(buffer.getvalue())
    if not result.reproduced:
        sys.exit(1)


def entries_to_confirm(session: Session, double_dummy: bool) -> tuple[Anomaly, ...]:
    """The entries of ``session`` that look wrong (:func:`bridgescore.anomalies.find`), with
    its deals solved double dummy when asked."""
    from bridgescore.anomalies import find

    tricks = None
    if double_dummy:
        from bridgescore.reports.deals import solve

        tricks = {number: dd.tricks for number, dd in solve(session.boards.values()).items()}
    return find(session, double_dummy=tricks)


def _check(file: str, conventions: str | None, options: dict[str, Any]) -> Check:
    from bridgescore.check import check as check_figures
    from bridgescore.check import read_figures
    from bridgescore.rules import rules_named

    if options["movement"]:
        raise UsageProblem(_("check scores the file's own movement: leave out --movement"))
    figures = read_figures(file)
    baseline = rules_named(options["rules_name"]).with_declared(figures.declared)
    rules = rules_from(options).with_declared(figures.declared, given(options))
    return check_figures(figures, rules, conventions, baseline=baseline)
