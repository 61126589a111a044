"""``bridgescore export``: a session as its national body's results file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.event import event_options, is_event
from bridgescore.cli.help import Command
from bridgescore.cli.options import (
    inputs_of,
    load,
    masterpoint_options,
    masterpoint_scheme,
    scoring_options,
    with_strata,
)
from bridgescore.errors import BridgeScoreError, RulesError, located
from bridgescore.languages import N_, _, ngettext
from bridgescore.languages.text import shown as shown_text

if TYPE_CHECKING:
    from bridgescore.events import Ranking
    from bridgescore.formats.national import MissingNumber
    from bridgescore.masterpoints import Awards


@click.command(cls=Command)
@click.argument("file", metavar="SESSION", type=click.Path(dir_okay=False))
@click.argument("more", metavar="[SESSION]...", nargs=-1, type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["usebio"]),
    default="usebio",
    show_default=True,
    help=N_("The file's format: USEBIO 1.2."),
)
@click.option(
    "--profile",
    type=click.Choice(["ebu", "abf", "nz"]),
    required=True,
    help=N_("The national body: what its file holds beyond the session."),
)
@click.option(
    "--charge",
    metavar="CODE",
    help=N_(
        "P2P_CHARGE_RATE (EBU, ABF): 10 a normal club session (the default), 02 null, "
        "50 blue-pointed, 60 green-pointed."
    ),
)
@click.option(
    "--club", "club_name", metavar="NAME", help=N_("The club's name, as the body knows it.")
)
@click.option(
    "--club-number", "club_id", metavar="NUMBER", help=N_("The club's number at the body.")
)
@click.option(
    "--allow-missing",
    is_flag=True,
    help=N_("Write the file even when players have no national number (they are listed)."),
)
@click.option(
    "-o",
    "--output",
    metavar="OUT",
    type=click.Path(dir_okay=False),
    help=N_("Write to OUT (default: -)."),
)
@scoring_options
@event_options
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
    more: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """Write SESSION (a results file, or db:ID for a stored session) as the national body's
    USEBIO file: players' national numbers, the masterpoints with their type and scale
    (--masterpoints, by default the body's club scheme: abf:green, nz:club), and the EBU's
    charge code. Players without a national number are listed first, and nothing is written
    unless --allow-missing. Several SESSIONs are one event (as score ranks them): one file with
    each session and the event's overall ranking.

    \b
    Examples:
      bridgescore export night.xml --profile abf -o night-abf.xml
      bridgescore export db:12 --profile ebu --masterpoints ebu-local.toml --charge 10 -o n.xml
      bridgescore export night.xml --profile nz -o night-nz.xml
      bridgescore export day1.xml day2.xml --profile abf -o event-abf.xml
    """
    del to  # USEBIO is the one format national bodies take from clubs
    if is_event(more, options):
        _export_event(
            (file, *more), profile, charge, club_name, club_id, allow_missing, output, options
        )
        return
    from bridgescore.formats import national
    from bridgescore.formats.outputs import write_text
    from bridgescore.masterpoints import award
    from bridgescore.scoring import score

    try:
        session, rules, handicaps = load(file, None, options, published=False)
        result = score(session, rules, handicaps)
        missing = national.missing_numbers(result)  # a teams result is refused here
        spec = options.get("masterpoints") or national.PROFILES[profile].default_scheme
        scheme = with_strata(masterpoint_scheme(spec), session, options) if spec else None
        awards = award(result, scheme) if scheme else None
        _say_missing(missing, allow_missing)
        text = national.dumps(
            national.scored(
                result, profile, awards, charge=charge, club_name=club_name, club_id=club_id
            )
        )
        write_text(output or "-", text, inputs=inputs_of(file, options=options))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output:
        count = 0 if awards is None else len(awards.awards)
        unit = "" if awards is None else _(" of %(unit)s", unit=shown_text(awards.scheme.unit))
        click.echo(
            ngettext(
                "Written %(output)s: USEBIO 1.2 for the %(body)s, %(num)d award%(unit)s",
                "Written %(output)s: USEBIO 1.2 for the %(body)s, %(num)d awards%(unit)s",
                count,
                output=output,
                body=national.PROFILES[profile].body,
                unit=unit,
            )
        )


def _say_missing(missing: Sequence[MissingNumber], allow_missing: bool, where: str = "") -> None:
    """List the players without a national number; stop unless ``--allow-missing``."""
    if not missing:
        return
    click.echo(
        "bridgescore: "
        + ngettext(
            "%(num)d player without a national number%(where)s (the body cannot credit them):",
            "%(num)d players without a national number%(where)s (the body cannot credit them):",
            len(missing),
            where=where,
        ),
        err=True,
    )
    for gap in missing:
        click.echo(f"  {gap.describe()}", err=True)
    if not allow_missing:
        raise UsageProblem(
            _("nothing written: add the players' national numbers, or --allow-missing")
        )


def _export_event(
    files: tuple[str, ...],
    profile: str,
    charge: str | None,
    club_name: str | None,
    club_id: str | None,
    allow_missing: bool,
    output: str | None,
    options: dict[str, Any],
) -> None:
    """Several sessions ranked as one event, written as one national body's file."""
    from bridgescore.cli.event import event_rules
    from bridgescore.events import EventSession, rank_event
    from bridgescore.formats import national
    from bridgescore.formats.outputs import write_text
    from bridgescore.masterpoints import award
    from bridgescore.reports.events import ranking_data
    from bridgescore.scoring import score_pairs
    from bridgescore.session import FieldStructure

    if options.get("finals") or options.get("carry") or options.get("qualifiers"):
        raise UsageProblem(
            _(
                "export writes the sessions of one event ranked together; a qualifying carried "
                "into a --final is not written yet"
            )
        )
    spec = options.get("masterpoints") or national.PROFILES[profile].default_scheme
    try:
        sessions = []
        problems = []
        for file in files:
            try:
                session, rules, _handicaps = load(file, None, options, published=False)
            except BridgeScoreError as error:
                problems.append(str(error))
                continue
            if session.structure is FieldStructure.TEAMS:
                problems.append(
                    _("%(file)s: a national body's USEBIO file holds pairs events", file=file)
                )
                continue
            sessions.append(EventSession(file, score_pairs(session, rules)))
        if problems:
            raise UsageProblem("\n".join(problems))
        ranking, who = rank_event(sessions, event_rules(options))
        awards = []
        for s in sessions:
            try:
                scheme = (
                    with_strata(masterpoint_scheme(spec), s.result.session, options)
                    if spec
                    else None
                )
            except BridgeScoreError as error:
                raise UsageProblem(located(s.label, str(error))) from None
            awards.append(award(s.result, scheme) if scheme else None)
        overall, not_overall = _overall(ranking, spec, options)
        for s in sessions:
            _say_missing(
                national.missing_numbers(s.result),
                allow_missing,
                _(" in %(session)s", session=s.label),
            )
        title = ranking_data(ranking, who)["event"]
        text = national.dumps_event(
            ranking, profile, awards, title=title, charge=charge, club_name=club_name,
            club_id=club_id, overall=overall,
        )  # fmt: skip
        write_text(output or "-", text, inputs=inputs_of(*files, options=options))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    for note in who.notes:
        click.echo(_("Note: %(note)s", note=note), err=True)
    count = sum(0 if a is None else len(a.awards) for a in awards)
    unit = next(
        (_(" of %(unit)s", unit=shown_text(a.scheme.unit)) for a in awards if a is not None), ""
    )
    if not_overall:
        click.echo(
            _("Note: overall masterpoints are not written: %(why)s", why=not_overall), err=True
        )
    if output:
        outright = (
            ""
            if overall is None
            else ngettext(
                ", %(num)d overall award", ", %(num)d overall awards", len(overall.awards)
            )
        )
        click.echo(
            ngettext(
                "Written %(output)s: USEBIO 1.2 for the %(body)s, %(sessions)s sessions and the "
                "overall ranking of %(ranked)s, %(num)d session award%(unit)s%(outright)s",
                "Written %(output)s: USEBIO 1.2 for the %(body)s, %(sessions)s sessions and the "
                "overall ranking of %(ranked)s, %(num)d session awards%(unit)s%(outright)s",
                count,
                output=output,
                body=national.PROFILES[profile].body,
                sessions=len(sessions),
                ranked=len(ranking.standings),
                unit=unit,
                outright=outright,
            )
        )


def _overall(
    ranking: Ranking, spec: str | None, options: dict[str, Any]
) -> tuple[Awards | None, str | None]:
    """The overall ranking's awards, or why there are none: a scheme without a published rule
    for an event's overall ranking refuses it, and the file is written with the sessions'
    awards alone (strata are one session's)."""
    if not spec:
        return None, None
    if options.get("strata") or options.get("holdings"):
        return None, _("the overall ranking of an event is not stratified")
    from bridgescore.masterpoints.event import award_event

    try:
        return award_event(ranking, masterpoint_scheme(spec)), None
    except RulesError as error:
        return None, str(error)
