"""``bridgescore check``: a results file's own figures against a rescoring."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.options import console, rules_from, scoring_options
from bridgescore.errors import BridgeScoreError

if TYPE_CHECKING:
    from bridgescore.check import Check


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@scoring_options
@click.option(
    "--conventions",
    type=click.Choice(["auto", "plain", "compscore", "nz"]),
    default="auto",
    show_default=True,
    help="How the file's program shows its figures (rows' basis, rounding, factored totals); "
    "auto: from the file.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=50,
    show_default=True,
    help="Text: differences listed at most (0: all).",
)
def check(file: str, conventions: str, output_format: str, limit: int, **options: Any) -> None:
    """Rescore FILE, a results file with its own matchpoints and percentages (USEBIO or NZ
    Scorer XML), and report row by row and pair by pair where the file's figures differ from
    the rescoring and by how much; then name the rule setting that reproduces the file, or the
    closest one. Exit status 0 when the file reproduces under the chosen rules, 1 when it does
    not, 2 for bad input.

    \b
    Examples:
      bridgescore check session.xml
      bridgescore check session.xml --artificial-method neuberg --short-boards neuberg
      bridgescore check scorer.xml --format json
    """
    try:
        result = _check(file, None if conventions == "auto" else conventions, options)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output_format == "json":
        import json

        from bridgescore.check import to_data
        from bridgescore.display import printable_json

        text = json.dumps(to_data(result), indent=2, ensure_ascii=False)
        sys.stdout.write(printable_json(text) + "\n")
    else:
        from bridgescore.reports.check import render

        out, buffer = console(False)
        render(result, out, limit)
        sys.stdout.write(buffer.getvalue())
    if not result.reproduced:
        sys.exit(1)


def _check(file: str, conventions: str | None, options: dict[str, Any]) -> Check:
    from bridgescore.check import check as check_figures
    from bridgescore.check import read_figures
    from bridgescore.rules import rules_named

    if options["movement"]:
        raise UsageProblem("check scores the file's own movement: leave out --movement")
    figures = read_figures(file)
    declared = {"method": figures.method, "sections_across": figures.sections_across}
    baseline = rules_named(options["rules_name"]).with_(**declared)
    if options["method"]:
        declared.pop("method")
    if options["sections_across"] is not None:
        declared.pop("sections_across")
    rules = rules_from(options).with_(**declared)
    return check_figures(figures, rules, conventions, baseline=baseline)
