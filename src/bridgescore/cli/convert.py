"""``bridgescore convert``: a session from one file format to another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.options import rules_from, scoring_options, structure
from bridgescore.errors import BridgeScoreError, InputFileError, Problem

_WRITTEN_KINDS = {".csv": "csv", ".json": "json", ".xml": "usebio", ".pbn": "pbn"}


@click.command()
@click.argument("source", metavar="IN", type=click.Path(dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["csv", "json", "usebio", "pbn"]),
    help="Format to write; by default from OUT's extension (.csv, .json, .xml for USEBIO, .pbn).",
)
@scoring_options
def convert(source: str, target: str, to: str | None, **options: Any) -> None:
    """Convert a session file IN to OUT: traveller CSV, bridgescore's JSON, USEBIO XML or PBN.

    IN is any file bridgescore reads (.csv, .json, .xml in USEBIO or NZ Scorer form, .pbn).
    JSON, USEBIO and PBN are written with the scores of the session rescored under the scoring
    options (a USEBIO file's scoring method, and NZ Scorer's scoring of sections across the
    field, are kept unless --method or --sections say otherwise); a CSV holds the results alone.
    OUT is written whole or not at all.

    \b
    Examples:
      bridgescore convert club-night.csv club-night.xml
      bridgescore convert session.xml session.json --rules ebu
      bridgescore convert results.xml travellers.txt --to csv
    """
    try:
        lines = _convert(source, target, to, options)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    click.echo("\n".join(lines))


def _convert(source: str, target: str, to: str | None, options: dict[str, Any]) -> list[str]:
    from bridgescore.formats import read_session
    from bridgescore.outputs import write_text
    from bridgescore.session import FieldStructure

    suffix = Path(target).suffix.lower()
    kind = to or _WRITTEN_KINDS.get(suffix)
    if kind is None:
        raise UsageProblem(
            f"{target}: cannot tell what to write from the extension {suffix or '(none)'}: "
            "name OUT .csv, .json, .xml (USEBIO) or .pbn, or give --to"
        )
    session = read_session(source, structure=structure(options))
    event, declared = _declared(source, options)
    rules = rules_from(options).with_(**declared)
    if session.structure is FieldStructure.TEAMS:
        if kind not in ("csv", "pbn"):
            raise UsageProblem(
                f"{target}: teams of four are written as traveller CSV or PBN, not {kind}"
            )
        if kind == "pbn":
            from bridgescore.scoring import score_teams

            teams = score_teams(session, rules)
            write_text(target, _pbn_writer(target).dumps_teams(teams))
            return [f"Converted {source} to {target} (pbn, teams with ScoreIMP)"]
    notes = []
    if kind == "csv":
        from bridgescore.formats import csv as traveller_csv

        text = traveller_csv.dumps(session)
        deals = sum(1 for b in session.boards.values() if b.deal)
        if deals:
            notes.append(f"note: a traveller CSV has no place for deals: {deals} left out")
    else:
        from bridgescore.scoring import score_pairs

        result = score_pairs(session, rules)
        if kind == "json":
            from bridgescore.formats import json as result_json

            text = result_json.dumps(result)
        elif kind == "usebio":
            from bridgescore.formats import usebio

            text = usebio.dumps(session, result, event)
            sitting_out = sum(1 for t in session.tables if not t.played)
            if sitting_out:
                notes.append(
                    f"note: USEBIO has no place for rows not played: {sitting_out} left out"
                )
        else:
            text = _pbn_writer(target).dumps(session, result)
    write_text(target, text)
    scored = "" if kind == "csv" else f", scored under {rules.label}"
    return [
        f"Converted {source} to {target} ({kind}{scored}): {len(session.tables)} table results "
        f"on {len(session.boards)} boards",
        *notes,
    ]


def _declared(source: str, options: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A USEBIO file's event (club, type) and the scoring its file declares, unless overridden:
    the method of a USEBIO event, NZ Scorer's sections scored across the field."""
    from bridgescore.formats import xml_kind

    if Path(source).suffix.lower() != ".xml":
        return None, {}
    if xml_kind(source) == "usebio":
        from bridgescore.formats import usebio

        event = usebio.read_path(source).event
        return event, {} if options["method"] else {"method": event.method}
    from bridgescore.formats import nzscorer

    across = nzscorer.read_path(source).field_scoring
    return None, {} if options["sections_across"] is not None else {"sections_across": across}


def _pbn_writer(target: str) -> Any:
    """The PBN session writer, when this version has it."""
    try:
        from bridgescore.formats import pbn_session
    except ModuleNotFoundError as error:
        if error.name != "bridgescore.formats.pbn_session":
            raise
        raise InputFileError(
            target,
            [Problem("writing PBN is not available yet", expected="OUT as .csv, .json or .xml")],
        ) from None
    return pbn_session
