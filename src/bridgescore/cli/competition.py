"""``bridgescore competition``: the club's ladder over a period, a round robin's fixtures and a
knock-out's bracket."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Group
from bridgescore.cli.options import scoring_options
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _

if TYPE_CHECKING:
    from bridgescore.events import EventSession

_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=N_("Output format."),
)


@click.group(cls=Group)
def competition() -> None:
    """Competitions over more than one event: the club's ladder, round robins, knock-outs.

    \b
    Examples:
      bridgescore competition ladder --from 2026-01-01 --to 2026-12-31 --best 10 --minimum 6
      bridgescore competition ladder mon.csv tue.csv --by partnership -o out/ladder
      bridgescore competition round-robin --teams 6
      bridgescore competition knockout --teams 12
    """


@competition.command()
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
@click.option(
    "--from", "since", metavar="DATE", help=N_("Stored sessions played on or after DATE.")
)
@click.option("--to", "until", metavar="DATE", help=N_("Stored sessions played on or before DATE."))
@click.option("--club", help=N_("Stored sessions of this club (default: every club)."))
@click.option(
    "--by",
    type=click.Choice(["player", "partnership"]),
    default="player",
    show_default=True,
    help=N_("Rank each player, whoever the partner, or each partnership."),
)
@click.option("--best", type=click.IntRange(1, 999), help=N_("Count only the best N results."))
@click.option(
    "--minimum",
    type=click.IntRange(0, 999),
    default=1,
    show_default=True,
    help=N_("Sessions played to be ranked."),
)
@click.option(
    "--score",
    "score_by",
    type=click.Choice(["average", "total"]),
    default="average",
    show_default=True,
    help=N_("Rank on the mean or the sum of the counted percentages."),
)
@click.option(
    "--imps",
    default="6.5",
    show_default=True,
    metavar="K|ranked",
    help=N_(
        "IMP sessions as 50 + K × IMPs a board (6.5: the EBU's grading), or 'ranked': "
        "the IMP totals matchpointed."
    ),
)
@click.option("--title", help=N_("The ladder's title."))
@click.option(
    "-o",
    "--output",
    "directory",
    metavar="DIRECTORY",
    type=click.Path(file_okay=False),
    help=N_("Write the page."),
)
@scoring_options
@_FORMAT
def ladder(
    files: tuple[str, ...],
    since: str | None,
    until: str | None,
    club: str | None,
    by: str,
    best: int | None,
    minimum: int,
    score_by: str,
    imps: str,
    title: str | None,
    directory: str | None,
    output_format: str,
    **options: Any,
) -> None:
    """A ladder (or league) of the sessions in FILES (files or db:ID), or of every stored
    session of the period: each entry's best results, by the rules given.

    \b
    Examples:
      bridgescore competition ladder --from 2026-01-01 --to 2026-06-30 --best 10 --minimum 6
      bridgescore competition ladder mon.csv tue.csv wed.csv --by partnership
      bridgescore competition ladder db:3 db:4 db:7 --imps ranked -o out/ladder
    """
    from bridgescore.competitions import LadderBy, LadderRules, LadderScore
    from bridgescore.competitions import ladder as build
    from bridgescore.reports.competitions import ladder_data

    try:
        rules = LadderRules(
            LadderBy.parse(by), best, minimum, LadderScore.parse(score_by), _imps(imps)
        )
        sessions = _sessions(files, since, until, club, options)
        data = ladder_data(build(sessions, rules), title)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if directory:
        from pathlib import Path

        from bridgescore.formats.outputs import write_directory
        from bridgescore.reports.competitions import write_ladder_site

        try:
            write_directory(directory, lambda into: write_ladder_site(data, into))
        except BridgeScoreError as error:
            raise UsageProblem(str(error)) from None
        click.echo(_("Ladder written: open %(html)s", html=Path(directory) / "index.html"))
        return
    if output_format == "json":
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from bridgescore.cli.options import console
    from bridgescore.reports.competitions import render_ladder

    out, buffer = console(False)
    render_ladder(data, out)
    click.echo(buffer.getvalue(), nl=False)


def _imps(text: str) -> Fraction | None:
    if text.strip().lower() == "ranked":
        return None
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageProblem(
            _("--imps: expected a number or 'ranked', found %(text)s", text=repr(text))
        ) from None


def _sessions(
    files: tuple[str, ...],
    since: str | None,
    until: str | None,
    club: str | None,
    options: dict[str, Any],
) -> list[EventSession]:
    from bridgescore.events import EventSession

    if files:
        if since or until or club:
            raise UsageProblem(_("--from, --to and --club choose stored sessions: give no FILES"))
        from bridgescore.cli.event import load_sessions

        return load_sessions(files, options)
    from bridgescore.cli.common import database
    from bridgescore.cli.db import date_option
    from bridgescore.store.season import season

    # each date refused naming its option, as import's --date and handicaps' --as-of are
    first, last = date_option(since, "--from"), date_option(until, "--to")
    with database(options.get("db")) as store:  # every database failure one line
        found = season(store, club, first, last)
    for info in found.undated:
        click.echo(
            "bridgescore: "
            + _(
                "note: db:%(id)s (%(title)s) has no date: not counted",
                id=info.id,
                title=info.title,
            ),
            err=True,
        )
    for info in found.live:
        click.echo(
            "bridgescore: " + _("note: db:%(id)s is still being played: not counted", id=info.id),
            err=True,
        )
    from bridgescore.results import SessionResult

    chosen = [
        EventSession(s.label, s.result)
        for s in found.sessions
        if isinstance(s.result, SessionResult)
    ]
    if not chosen:
        raise UsageProblem(_("no stored session of pairs in that period: nothing to rank"))
    return chosen


@competition.command(name="round-robin")
@click.option("--teams", type=click.IntRange(2, 99), required=True, help=N_("Teams (or pairs)."))
@click.option("--double", is_flag=True, help=N_("Each meets each twice, ends changed."))
@_FORMAT
def round_robin_command(teams: int, double: bool, output_format: str) -> None:
    """Every team against every other, round by round, by the Berger tables.

    \b
    Examples:
      bridgescore competition round-robin --teams 6
      bridgescore competition round-robin --teams 5 --double --format json
    """
    from bridgescore.competitions.round_robin import berger, bye

    rounds = list(berger(teams))
    if double:
        rounds += [tuple((b, a) for a, b in r) for r in rounds]
    byes = [bye(teams, r) for r in rounds]
    if output_format == "json":
        data = [
            {"round": n, "matches": [{"home": a, "away": b} for a, b in r], "bye": rest}
            for n, (r, rest) in enumerate(zip(rounds, byes, strict=True), 1)
        ]
        click.echo(json.dumps({"rounds": data}, indent=2))
        return
    from bridgescore.cli.options import console
    from bridgescore.reports.competitions import render_fixtures

    out, buffer = console(False)
    render_fixtures(rounds, byes, out)
    click.echo(buffer.getvalue(), nl=False)


@competition.command()
@click.option(
    "--teams", type=click.IntRange(2, 512), required=True, help=N_("Teams, in seed order.")
)
@_FORMAT
def knockout(teams: int, output_format: str) -> None:
    """A seeded knock-out's first round: 1 v the last place, the top seeds taking the byes.

    \b
    Examples:
      bridgescore competition knockout --teams 12
    """
    from bridgescore.competitions import Knockout

    bracket = Knockout.seeded(list(range(1, teams + 1)))
    if output_format == "json":
        first = [
            {"match": t.slot, "home": t.home, "away": t.away} for t in bracket.ties if t.round == 1
        ]
        click.echo(json.dumps({"rounds": bracket.rounds, "first_round": first}, indent=2))
        return
    from bridgescore.cli.options import console
    from bridgescore.reports.competitions import render_bracket

    out, buffer = console(False)
    render_bracket(bracket, out)
    click.echo(buffer.getvalue(), nl=False)
