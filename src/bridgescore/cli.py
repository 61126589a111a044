"""The ``bridgescore`` command: joins files to the library, and nothing more."""

from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore import __version__
from bridgescore.errors import BridgeScoreError

if TYPE_CHECKING:
    from rich.console import Console

    from bridgescore.rules import Rules
    from bridgescore.session import Session

F = TypeVar("F", bound=Callable[..., Any])


class UsageProblem(click.ClickException):
    """Bad input: a clear message and exit status 2, never a traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgescore: {self.format_message()}", err=True)


def scoring_options(func: F) -> F:
    """The rule settings shared by every command that scores."""
    options = [
        click.option(
            "--rules",
            "rules_name",
            default="club",
            show_default=True,
            help="Named rule set: club, ebu or acbl.",
        ),
        click.option(
            "--scale",
            type=click.Choice(["1", "2"]),
            help="Matchpoints per result beaten: 2 (top 2(n-1)) or 1 (top n-1).",
        ),
        click.option(
            "--artificial-method",
            type=click.Choice(["average", "neuberg", "ratio"]),
            help="How real results are compensated on boards with artificial scores.",
        ),
        click.option(
            "--short-boards",
            type=click.Choice(["none", "average", "neuberg", "ratio"]),
            help="Factoring of boards with fewer results than the most on any board.",
        ),
        click.option(
            "--session-rule/--no-session-rule",
            default=None,
            help="Ave+/Ave- become the pair's own percentage when better/worse.",
        ),
        click.option(
            "--fouled-groups",
            type=click.Choice(["neuberg", "ebu", "acbl"]),
            help="How small groups of a fouled board are scored.",
        ),
        click.option("--decimals", type=click.IntRange(0, 6), help="Decimals shown."),
        click.option(
            "--rounding",
            type=click.Choice(["half-up", "half-even", "truncate"]),
            help="How shown values are rounded (never the arithmetic).",
        ),
        click.option(
            "--ties",
            type=click.Choice(["exact", "display"]),
            help="Decide tied places on exact values or on the values shown.",
        ),
        click.option(
            "--handicap-rounding",
            type=click.Choice(["half-up", "half-even", "truncate"]),
            help="How handicaps are shown (seed 000 truncates).",
        ),
        click.option(
            "--pair-handicap",
            type=click.Choice(["mean", "sum"]),
            help="A pair's handicap: the mean of its players' (seed 000) or the sum.",
        ),
        click.option(
            "--method",
            type=click.Choice(["matchpoints", "butler", "cross-imps", "teams"]),
            help="How boards are scored: matchpoints, IMPs against a datum (butler), IMPs "
            "against every other result (cross-imps), or teams of four.",
        ),
        click.option("--datum-trim", help="Butler: results dropped at each end, e.g. 1 or 10%."),
        click.option(
            "--datum-rounding",
            type=click.Choice(["half-up", "half-even", "half-away", "none"]),
            help="Butler: how the datum is rounded to a multiple of 10.",
        ),
        click.option(
            "--cross-imps",
            "cross_imps",
            type=click.Choice(["sum", "comparisons", "results"]),
            help="Cross-IMPs: the sum, or divided by the comparisons or by the results.",
        ),
        click.option(
            "--sections",
            type=click.Choice(["within", "across"]),
            help="Matchpoint several sections separately or as one field.",
        ),
        click.option(
            "--movement",
            type=click.Choice(["mitchell", "howell", "individual"]),
            help="Force the field structure instead of detecting it.",
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _rules(options: dict[str, Any]) -> Rules:
    from bridgescore.rules import rules_named

    rules = rules_named(options["rules_name"])
    return rules.with_(
        scale=None if options["scale"] is None else int(options["scale"]),
        artificial_method=options["artificial_method"],
        short_boards=options["short_boards"],
        session_percentage_rule=options["session_rule"],
        fouled_groups=options["fouled_groups"],
        decimals=options["decimals"],
        rounding=options["rounding"],
        ties_on_display=None if options["ties"] is None else options["ties"] == "display",
        handicap_rounding=options["handicap_rounding"],
        handicap_sum=None
        if options["pair_handicap"] is None
        else options["pair_handicap"] == "sum",
        method=options["method"],
        datum_trim=options["datum_trim"],
        datum_rounding=options["datum_rounding"],
        cross_imps=options["cross_imps"],
        sections_across=None if options["sections"] is None else options["sections"] == "across",
    )


def _write_atomically(path: str, text: str) -> None:
    """Write the whole output or nothing: no half-written file is ever left behind."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent or Path("."), prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgescore")
def main() -> None:
    """Exact, explained scoring for duplicate bridge."""


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@scoring_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to FILE.")
@click.option(
    "--explain", is_flag=True, help="Show every traveller with the reason for each value."
)
@click.option(
    "--handicaps",
    "history",
    type=click.Path(dir_okay=False),
    help="History CSV (player,date,percentage) for a handicapped ranking.",
)
def score(
    file: str,
    output_format: str,
    output: str | None,
    explain: bool,
    history: str | None,
    **options: Any,
) -> None:
    """Score a session from a traveller CSV FILE.

    \b
    Examples:
      bridgescore score club-night.csv
      bridgescore score club-night.csv --rules ebu --explain
      bridgescore score club-night.csv --format json -o results.json
    """
    try:
        text, failed = _score(file, output_format, explain, history, options, output is not None)
        if output:
            _write_atomically(output, text)
        else:
            sys.stdout.write(text)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if failed:
        # A failed checksum means the totals do not add up: never let it pass quietly.
        click.echo(f"bridgescore: CHECKSUM FAILED in field {', '.join(failed)}", err=True)
        sys.exit(1)


def _score(
    file: str,
    output_format: str,
    explain: bool,
    history: str | None,
    options: dict[str, Any],
    to_file: bool,
) -> tuple[str, list[str]]:
    from bridgescore.formats import read_session
    from bridgescore.rules import Method, Movement
    from bridgescore.session import score_session

    rules = _rules(options)
    movement = Movement.parse(options["movement"]) if options["movement"] else None
    teams = rules.method is Method.TEAMS
    session = read_session(file, movement=Movement.TEAMS if teams else movement)
    if teams:
        return _score_teams(session, rules, output_format, explain, to_file), []
    handicaps = None
    if history:
        from bridgescore.handicap import entrant_handicap, read_history

        past = read_history(history)
        entrants = {e for t in session.tables for e in session.entrants_all(t)}
        handicaps = {
            e: entrant_handicap(session.names.get(e), past, rules.handicap_sum) for e in entrants
        }
    result = score_session(session, rules, handicaps)
    failed = [f.field for f in result.fields if not f.checksum.ok]
    if output_format == "json":
        from bridgescore.formats import json as result_json

        return result_json.dumps(result), failed
    from bridgescore.reports.text import render

    console, buffer = _console(to_file)
    render(result, console, explain=explain)
    return buffer.getvalue(), failed


def _console(to_file: bool) -> tuple[Console, io.StringIO]:
    """A rich console writing to a buffer: styled on a terminal, plain 120 columns otherwise."""
    from rich.console import Console

    buffer = io.StringIO()
    terminal = sys.stdout.isatty() and not to_file
    console = Console(file=buffer, width=None if terminal else 120, force_terminal=terminal)
    return console, buffer


def _score_teams(
    session: Session, rules: Rules, output_format: str, explain: bool, to_file: bool
) -> str:
    from bridgescore.teams import score_teams

    result = score_teams(session, rules)
    if output_format == "json":
        from bridgescore.formats import json as result_json

        return result_json.teams_dumps(result)
    from bridgescore.reports.text import render_teams

    console, buffer = _console(to_file)
    render_teams(result, console, explain=explain)
    return buffer.getvalue()
