"""``bridgescore swiss``: run a Swiss event (teams or pairs) from a file that holds it, or play
one with random scores to try the conditions."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Group
from bridgescore.errors import BridgeScoreError, InputFileError, located
from bridgescore.languages import N_, _, current, ngettext
from bridgescore.languages.text import Text

if TYPE_CHECKING:
    from bridgescore.swiss import Conditions, SwissEvent

F = TypeVar("F", bound=Callable[..., Any])


def condition_options(func: F) -> F:
    """The conditions of contest, for ``start`` and ``simulate``."""
    options = [
        click.option("--rounds", type=click.IntRange(1, 99), required=True, help=N_("Rounds.")),
        click.option(
            "--boards",
            type=click.IntRange(1, 200),
            default=8,
            show_default=True,
            help=N_("Boards a match (the VP scale depends on it)."),
        ),
        click.option(
            "--vp-scale",
            type=click.Choice(["continuous", "discrete"]),
            default="continuous",
            show_default=True,
            help=N_("WBF 2013 VPs to 0.01 (continuous) or whole (discrete)."),
        ),
        click.option(
            "--bye-vps",
            default="12",
            show_default=True,
            help=N_("VPs for the bye; 'none' when the event has no bye (an odd field is refused)."),
        ),
        click.option(
            "--late-vps",
            default="0",
            show_default=True,
            help=N_("VPs a late entry scores for each round it missed."),
        ),
        click.option(
            "--first-round",
            type=click.Choice(["random", "seeded"]),
            default="random",
            show_default=True,
            help=N_("Round 1 drawn at random (from --seed) or top half against bottom half."),
        ),
        click.option(
            "--seed", type=int, default=0, show_default=True, help=N_("Seed of the random draw.")
        ),
        click.option(
            "--danish",
            type=click.IntRange(0, 98),
            default=0,
            show_default=True,
            help=N_("Draw the last N rounds Danish: 1st v 2nd, 3rd v 4th, rematches allowed."),
        ),
        click.option(
            "--stationary",
            multiple=True,
            metavar="TEAM=TABLE",
            help=N_("Keep a team at one table (repeat for several)."),
        ),
        click.option(
            "--tie-breaks",
            default="head-to-head,imp-quotient",
            show_default=True,
            help=N_("Tie-breaks in order: head-to-head, imp-quotient, imp-difference."),
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _conditions(options: dict[str, Any]) -> Conditions:
    from bridgescore.rules import VpScale
    from bridgescore.swiss import Conditions, FirstRound, TieBreak

    def vps(text: str, what: str) -> Fraction | None:
        if what == "--bye-vps" and text.strip().lower() == "none":
            return None
        try:
            return Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            raise UsageProblem(
                _("%(what)s: not a number of VPs: %(text)s", what=what, text=repr(text))
            ) from None

    stationary = []
    for text in options["stationary"]:
        team, _sep, table = text.partition("=")
        if not (team.strip().isdecimal() and table.strip().isdecimal()):
            raise UsageProblem(
                _("--stationary: expected TEAM=TABLE, e.g. 3=1, found %(text)s", text=repr(text))
            )
        stationary.append((int(team), int(table)))
    late = vps(options["late_vps"], "--late-vps")
    return Conditions(
        rounds=options["rounds"],
        boards=options["boards"],
        vp_scale=VpScale.parse(options["vp_scale"]),
        bye_vps=vps(options["bye_vps"], "--bye-vps"),
        late_vps=late if late is not None else Fraction(0),
        first_round=FirstRound.parse(options["first_round"]),
        seed=options["seed"],
        danish=options["danish"],
        stationary=tuple(stationary),
        tie_breaks=tuple(TieBreak.parse(t) for t in options["tie_breaks"].split(",") if t.strip()),
    )


def _at(texts: tuple[str, ...], flag: str) -> dict[int, int]:
    """``TEAM@ROUND`` options as {team: round}."""
    found = {}
    for text in texts:
        team, _sep, round_number = text.partition("@")
        if not (team.strip().isdecimal() and round_number.strip().isdecimal()):
            raise UsageProblem(
                _(
                    "%(flag)s: expected TEAM@ROUND, e.g. 11@3, found %(text)s",
                    flag=flag,
                    text=repr(text),
                )
            )
        found[int(team)] = int(round_number)
    return found


_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help=N_("Output format."),
)


@click.group(cls=Group)
def swiss() -> None:
    """Swiss teams and Swiss pairs: the draw round by round (no rematch while one can be
    avoided), scores to VPs, standings with tie-breaks. The event lives in a JSON file that each
    command reads and, when it changes the event, writes whole.

    \b
    Examples:
      bridgescore swiss start congress.json --teams 24 --rounds 7
      bridgescore swiss draw congress.json
      bridgescore swiss score congress.json 1 3 17 25 10
      bridgescore swiss standings congress.json
      bridgescore swiss simulate --teams 24 --rounds 7 --seed 1 --format json
    """


@swiss.command()
@click.option("--teams", type=click.IntRange(2, 999), required=True, help=N_("Teams (or pairs)."))
@click.option(
    "--enter",
    "entries",
    multiple=True,
    metavar="TEAM@ROUND",
    help=N_("A late entry: TEAM (numbered above --teams) enters before ROUND (repeat)."),
)
@click.option(
    "--withdraw",
    "withdrawals",
    multiple=True,
    metavar="TEAM@ROUND",
    help=N_("TEAM withdraws after ROUND (repeat)."),
)
@condition_options
@_FORMAT
def simulate(
    teams: int,
    entries: tuple[str, ...],
    withdrawals: tuple[str, ...],
    output_format: str,
    **options: Any,
) -> None:
    """Play a Swiss event with random match scores through the draw, to try the conditions.

    \b
    Examples:
      bridgescore swiss simulate --teams 24 --rounds 7 --seed 3
      bridgescore swiss simulate --teams 9 --rounds 5 --danish 1 --format json
      bridgescore swiss simulate --teams 10 --rounds 6 --enter 11@3 --withdraw 4@2
    """
    from bridgescore.swiss.simulate import simulate as play

    try:
        event = play(
            _conditions(options),
            teams,
            entries=_at(entries, "--enter"),
            withdrawals=_at(withdrawals, "--withdraw"),
        )
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output_format == "json":
        from bridgescore.reports.swiss import event_data

        click.echo(json.dumps(event_data(event), indent=2))
        return
    _print(lambda console: _all_rounds(event, console))


@swiss.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--teams", type=click.IntRange(2, 999), required=True, help=N_("Teams (or pairs)."))
@click.option(
    "--name", "names", multiple=True, metavar="TEAM=NAME", help=N_("A team's name (repeat).")
)
@click.option(
    "--seeds",
    metavar="TEAM,TEAM,...",
    help=N_("The teams from the strongest, for a seeded first round (the rest follow by number)."),
)
@condition_options
def start(file: str, teams: int, names: tuple[str, ...], seeds: str | None, **options: Any) -> None:
    """Start a Swiss event in FILE (a new file): teams numbered 1 to --teams.

    \b
    Examples:
      bridgescore swiss start congress.json --teams 24 --rounds 7
      bridgescore swiss start pairs.json --teams 30 --rounds 8 --boards 4 --danish 1
      bridgescore swiss start league.json --teams 6 --rounds 5 --first-round seeded \\
          --seeds 4,1,6 --name "4=Hearts United" --bye-vps none
    """
    from bridgescore.swiss import SwissEvent, Team

    if Path(file).exists():
        raise UsageProblem(_("%(file)s already exists: a new event needs a new file", file=file))
    named: dict[int, str] = {}
    for text in names:
        team, _sep, name = text.partition("=")
        if not team.strip().isdecimal() or not name.strip():
            raise UsageProblem(
                _("--name: expected TEAM=NAME, e.g. '3=The Aces', found %(text)s", text=repr(text))
            )
        named[int(team)] = name.strip()
    order = [int(t) for t in (seeds or "").split(",") if t.strip().isdecimal()]
    seed_of = {team: i for i, team in enumerate(order, 1)}
    unknown = sorted({*named, *seed_of} - set(range(1, teams + 1)))
    if unknown:
        raise UsageProblem(
            _(
                "team %(unknown)s is named or seeded, but the teams are 1 to %(teams)s",
                unknown=unknown[0],
                teams=teams,
            )
        )
    try:
        event = SwissEvent.start(
            _conditions(options),
            [Team(n, named.get(n), seed_of.get(n)) for n in range(1, teams + 1)],
        )
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _save(file, event)
    rounds = event.conditions.rounds
    click.echo(
        _(
            "Started %(file)s: %(teams)s teams, %(rounds)s rounds; next: bridgescore swiss draw",
            file=file,
            teams=teams,
            rounds=rounds,
        )
    )


@swiss.command(name="draw")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, 99),
    help=N_("A round already drawn: show it again (the same draw); default: draw the next round."),
)
@_FORMAT
def draw_command(file: str, round_number: int | None, output_format: str) -> None:
    """Draw the next round of the event in FILE, once every score of the last one is in.

    \b
    Examples:
      bridgescore swiss draw congress.json
      bridgescore swiss draw congress.json --round 2 --format json
    """
    event = _load(file)
    try:
        drawn = event.draw(round_number)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if drawn is not event:
        _save(file, drawn)
    number = round_number or drawn.drawn
    if output_format == "json":
        from bridgescore.reports.swiss import draw_data

        click.echo(json.dumps(draw_data(drawn.draws[number - 1]), indent=2))
        return
    from bridgescore.reports.swiss import render_draw

    _print(lambda console: render_draw(drawn, number, console))


@swiss.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("round_number", metavar="ROUND", type=click.IntRange(1, 99))
@click.argument("home", type=int)
@click.argument("away", type=int)
@click.argument("home_imps")
@click.argument("away_imps")
def score(
    file: str, round_number: int, home: int, away: int, home_imps: str, away_imps: str
) -> None:
    """Record a match: ROUND, the two teams and each team's IMPs, in FILE.

    \b
    Examples:
      bridgescore swiss score congress.json 1 3 17 25 10
      bridgescore swiss score congress.json 2 17 5 0 12.5
    """
    imps = []
    for text in (home_imps, away_imps):
        try:
            imps.append(Fraction(text))
        except (ValueError, ZeroDivisionError):
            raise UsageProblem(_("not a number of IMPs: %(text)s", text=repr(text))) from None
    event = _load(file)
    try:
        changed = event.record(round_number, home, away, imps[0], imps[1])
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _save(file, changed)
    match = changed.draws[round_number - 1].match_of(home)
    assert match is not None
    vps = changed.match_vps(round_number, match)
    assert vps is not None
    from bridgescore.display import fmt_fixed as fmt

    waiting = len(changed.missing(round_number))
    said = current()
    click.echo(
        _(
            "Round %(round)s, %(home)s v %(away)s: %(home_vps)s–%(away_vps)s VPs",
            round=round_number,
            home=match.home,
            away=match.away,
            home_vps=said.number(fmt(vps[0])),
            away_vps=said.number(fmt(vps[1])),
        )
        + (
            ngettext("; %(num)d match still to come", "; %(num)d matches still to come", waiting)
            if waiting
            else ""
        )
    )


@swiss.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("team", type=int)
@click.option("--name", help=N_("The team's name."))
def enter(file: str, team: int, name: str | None) -> None:
    """Enter a team late, in FILE: it is drawn from the next round on.

    \b
    Examples:
      bridgescore swiss enter congress.json 25 --name "Late Arrivals"
    """
    event = _load(file)
    try:
        changed = event.enter(team, name)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _save(file, changed)
    click.echo(
        _(
            "Team %(team)s entered: drawn from round %(joined)s",
            team=team,
            joined=changed.team(team).joined,
        )
    )


@swiss.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("team", type=int)
def withdraw(file: str, team: int) -> None:
    """Withdraw a team, in FILE: it is not drawn again and keeps the VPs it has.

    \b
    Examples:
      bridgescore swiss withdraw congress.json 12
    """
    event = _load(file)
    try:
        changed = event.withdraw(team)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _save(file, changed)
    click.echo(_("Team %(team)s withdrawn after round %(drawn)s", team=team, drawn=changed.drawn))


@swiss.command()
@click.argument("file", type=click.Path(dir_okay=False))
@_FORMAT
def standings(file: str, output_format: str) -> None:
    """The standings of the event in FILE, and every round so far.

    \b
    Examples:
      bridgescore swiss standings congress.json
      bridgescore swiss standings congress.json --format json
    """
    event = _load(file)
    if output_format == "json":
        from bridgescore.reports.swiss import draw_data, standings_data

        data = {
            "rounds": [draw_data(d) for d in event.draws],
            "standings": standings_data(event.standings()),
        }
        click.echo(json.dumps(data, indent=2))
        return
    _print(lambda console: _all_rounds(event, console))


def _all_rounds(event: SwissEvent, console: Any) -> None:
    from bridgescore.reports.swiss import render_draw, render_standings

    for number in range(1, event.drawn + 1):
        render_draw(event, number, console)
    render_standings(event, console)


def _print(show: Callable[[Any], None]) -> None:
    from bridgescore.cli.options import console

    out, buffer = console(False)
    show(out)
    click.echo(buffer.getvalue(), nl=False)


def _load(file: str) -> SwissEvent:
    from bridgescore.formats.files import read_utf8
    from bridgescore.languages.parsers import parser_said
    from bridgescore.languages.text import shown
    from bridgescore.swiss import SwissEvent

    try:
        text = read_utf8(file, Text(N_("Swiss event JSON")))
        data = json.loads(text)
        return SwissEvent.from_data(data)
    except json.JSONDecodeError as error:
        raise UsageProblem(
            _(
                "%(file)s: not JSON (line %(lineno)s): %(msg)s",
                file=file,
                lineno=error.lineno,
                msg=shown(parser_said(error.msg)),
            )
        ) from None
    except InputFileError as error:  # it names the file already
        raise UsageProblem(str(error) if error.path else located(file, str(error))) from None
    except BridgeScoreError as error:
        raise UsageProblem(located(file, str(error))) from None


def _save(file: str, event: SwissEvent) -> None:
    """The event written whole over its file (one bridgescore wrote: it read as an event)."""
    from bridgescore.formats.outputs import write_text

    try:
        write_text(file, json.dumps(event.to_data(), indent=2, ensure_ascii=False) + "\n")
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
