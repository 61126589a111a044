"""``bridgescore export``: a session as its national body's results file."""

from __future__ import annotations

from typing import Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.options import (
    inputs_of,
    load,
    masterpoint_options,
    masterpoint_scheme,
    scoring_options,
    with_strata,
)
from bridgescore.errors import BridgeScoreError


@click.command()
@click.argument("file", metavar="SESSION", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["usebio"]),
    default="usebio",
    show_default=True,
    help="The file's format: USEBIO 1.2.",
)
@click.option(
    "--profile",
    type=click.Choice(["ebu", "abf", "nz"]),
    required=True,
    help="The national body: what its file holds beyond the session.",
)
@click.option(
    "--charge",
    metavar="CODE",
    help="P2P_CHARGE_RATE (EBU, ABF): 10 a normal club session (the default), 02 null, "
    "50 blue-pointed, 60 green-pointed.",
)
@click.option("--club", "club_name", metavar="NAME", help="The club's name, as the body knows it.")
@click.option("--club-number", "club_id", metavar="NUMBER", help="The club's number at the body.")
@click.option(
    "--allow-missing",
    is_flag=True,
    help="Write the file even when players have no national number (they are listed).",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to OUT (default: -).")
@scoring_options
@masterpoint_options
def export(
    file: str,
    to: str,
    profile: str,
    charge: str | None,
    club_name: str | None,
    club_id: str | None,
    allow_missing: bool,
    output: str | None,
    **options: Any,
) -> None:
    """Write SESSION (a results file, or db:ID for a stored session) as the national body's
    USEBIO file: players' national numbers, the masterpoints with their type and scale
    (--masterpoints, by default the body's club scheme: abf:green, nz:club), and the EBU's
    charge code. Players without a national number are listed first, and nothing is written
    unless --allow-missing.

    \b
    Examples:
      bridgescore export night.xml --profile abf -o night-abf.xml
      bridgescore export db:12 --profile ebu --masterpoints ebu-local.toml --charge 10 -o n.xml
      bridgescore export night.xml --profile nz -o night-nz.xml
    """
    del to  # USEBIO is the one format national bodies take from clubs
    from bridgescore.formats import national
    from bridgescore.formats.outputs import write_text
    from bridgescore.masterpoints import award
    from bridgescore.scoring import score_pairs
    from bridgescore.session import FieldStructure

    try:
        session, rules, handicaps = load(file, None, options, published=False)
        if session.structure is FieldStructure.TEAMS:
            raise UsageProblem("export: a national body's USEBIO file holds pairs events")
        result = score_pairs(session, rules, handicaps)
        spec = options.get("masterpoints") or national.PROFILES[profile].default_scheme
        scheme = with_strata(masterpoint_scheme(spec), session, options) if spec else None
        awards = award(result, scheme) if scheme else None
        missing = national.missing_numbers(result)
        if missing:
            click.echo(
                f"bridgescore: {len(missing)} player{'s' if len(missing) != 1 else ''} without "
                "a national number (the body cannot credit them):",
                err=True,
            )
            for gap in missing:
                click.echo(f"  {gap.describe()}", err=True)
            if not allow_missing:
                raise UsageProblem(
                    "nothing written: add the players' national numbers, or --allow-missing"
                )
        text = national.dumps(
            result, profile, awards, charge=charge, club_name=club_name, club_id=club_id
        )
        write_text(output or "-", text, inputs=inputs_of(file, options=options))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output:
        count = 0 if awards is None else len(awards.awards)
        unit = "" if awards is None else f" of {awards.scheme.unit}"
        click.echo(
            f"Written {output}: USEBIO 1.2 for the {national.PROFILES[profile].body}, "
            f"{count} award{'s' if count != 1 else ''}{unit}"
        )
