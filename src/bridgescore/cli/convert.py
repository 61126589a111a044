"""``bridgescore convert``: a session from one file format to another."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Command
from bridgescore.cli.options import (
    given,
    inputs_of,
    movement_file,
    rules_from,
    scoring_options,
    structure,
)
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_


@click.command(cls=Command)
@click.argument("source", metavar="IN", type=click.Path(dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["csv", "json", "usebio", "pbn"]),
    help=N_(
        "Format to write; by default from OUT's extension (.csv, .json, .xml for USEBIO, .pbn)."
    ),
)
@click.option(
    "--lossy",
    is_flag=True,
    help=N_("Write OUT even when its format cannot hold everything in IN, listing what is lost."),
)
@scoring_options
def convert(source: str, target: str, to: str | None, lossy: bool, **options: Any) -> None:
    """Convert a session file IN to OUT: traveller CSV, bridgescore's JSON, USEBIO XML or PBN.

    IN is any file bridgescore reads (.csv, .json, .xml in USEBIO or NZ Scorer form, .pbn).
    JSON, USEBIO and PBN are written with the scores of the session rescored under the scoring
    options (a USEBIO file's scoring method, and NZ Scorer's scoring of sections across the
    field, are kept unless --method or --sections say otherwise); a CSV holds the results alone.
    OUT is written whole or not at all. It is read back and scored first: when its format
    cannot hold something of IN (a deal, a fouled board's groups, an artificial score), nothing
    is written and what would be lost is listed, unless --lossy is given.

    \b
    Examples:
      bridgescore convert club-night.csv club-night.xml
      bridgescore convert session.xml session.json --rules ebu
      bridgescore convert results.xml travellers.txt --to csv
    """
    try:
        lines = _convert(source, target, to, lossy, options)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    from bridgescore.display import printable

    click.echo(printable("\n".join(lines), lines=True))


def _convert(
    source: str, target: str, to: str | None, lossy: bool, options: dict[str, Any]
) -> list[str]:
    from bridgescore.cli.options import show_warnings
    from bridgescore.formats.convert import convert as convert_file

    rules = rules_from(options)
    report = convert_file(
        source,
        target,
        rules,
        to,
        structure=structure(options, rules),
        overridden=given(options),
        movement=movement_file(options),
        lossy=lossy,
        inputs=inputs_of(options=options),
    )
    show_warnings(report.warnings, source)
    return report.lines()
