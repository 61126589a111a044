"""``bridgescore deals``: a set of hand records read and written in any format."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Command
from bridgescore.errors import BridgeScoreError
from bridgescore.formats.hands import KINDS
from bridgescore.languages import N_, _, ngettext

if TYPE_CHECKING:
    from bridgescore.formats.hands.model import HandRecords

_TEXT = {"pbn", "dlm", "ber", "bhg", "lin", "csv", "json"}


@click.command(cls=Command)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "output_format",
    type=click.Choice(list(KINDS)),
    help=N_("Format to write (default: OUT's extension, else json)."),
)
@click.option(
    "--from",
    "input_format",
    type=click.Choice(list(KINDS)),
    help=N_("Read FILE as this format, whatever its name says."),
)
@click.option(
    "-o", "--output", metavar="OUT", type=click.Path(dir_okay=False), help=N_("Write to OUT.")
)
@click.option(
    "--double-dummy",
    is_flag=True,
    help=N_("JSON: add each board's double-dummy tricks and par (solved with endplay)."),
)
def deals(
    file: str,
    output_format: str | None,
    input_format: str | None,
    output: str | None,
    double_dummy: bool,
) -> None:
    """Read the hand records in FILE (PBN, DUP, DLM, BRI, DGE, BER, BHG, CDS, RZD, LIN, CSV or
    JSON) and write them in another format, or list them as JSON: board, dealer,
    vulnerability and the deal in PBN notation.

    \b
    Examples:
      bridgescore deals night.dup
      bridgescore deals night.dup -o night.pbn
      bridgescore deals night.pbn --format dlm -o night.dlm
      bridgescore deals night.lin --format json --double-dummy
    """
    from bridgescore.cli.options import show_warnings
    from bridgescore.formats import hands

    try:
        records = hands.read_path(file, input_format)
        show_warnings(records.warnings, file)
        kind = output_format or (hands.kind_of(output) if output else None) or "json"
        if kind == "json" and double_dummy:
            data = _with_double_dummy(records)
        elif double_dummy:
            raise UsageProblem(
                _("--double-dummy adds the analysis to JSON only: add --format json")
            )
        else:
            data = hands.dumps(records, kind)
        if output is None and kind not in _TEXT and sys.stdout.isatty():
            raise UsageProblem(
                _(
                    "%(kind)s is a binary format: write it to a file with -o OUT",
                    kind=kind.upper(),
                )
            )
        from bridgescore.formats.outputs import write_bytes

        write_bytes(output or "-", data, inputs=(file,))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output:
        count = len(records.boards)
        click.echo(
            ngettext(
                "%(num)d board written to %(output)s (%(kind)s)",
                "%(num)d boards written to %(output)s (%(kind)s)",
                count,
                output=output,
                kind=kind,
            )
        )


def _with_double_dummy(records: HandRecords) -> bytes:
    """The JSON list with each board's double-dummy tricks (by declarer and strain) and par."""
    import json

    from bridgescore.deal import SEATS
    from bridgescore.formats.hands import json as hands_json
    from bridgescore.reports.deals import STRAINS, solve

    solved = solve(records.boards)
    items = hands_json.to_data(records)
    for item in items:
        analysis = solved.get(item["board"])
        if analysis is None:
            continue
        item["double_dummy"] = {
            seat.value: {strain.value: analysis.tricks[seat, strain] for strain in STRAINS}
            for seat in SEATS
        }
        item["par"] = {
            "score": analysis.par_score,
            "contracts": [str(c) for c in analysis.par_contracts],
        }
    return (json.dumps(items, indent=2) + "\n").encode("utf-8")
