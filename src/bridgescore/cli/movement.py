"""``bridgescore movement``: generate, load, check and print movements, and their guide cards."""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.help import Group
from bridgescore.display import printable
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _
from bridgescore.languages.text import Text
from bridgescore.languages.text import shown as shown_text
from bridgescore.movements.model import board_list

if TYPE_CHECKING:
    from bridgescore.movements.model import Movement

F = TypeVar("F", bound=Callable[..., Any])
_WIDTH = 120


def output_options(func: F) -> F:
    """What every movement command prints and writes."""
    options = [
        click.option(
            "--format",
            "output_format",
            type=click.Choice(["text", "json"]),
            default="text",
            show_default=True,
            help=N_("Text for a director, or JSON (the movement's documented form)."),
        ),
        click.option(
            "--cards",
            "cards_dir",
            metavar="DIRECTORY",
            type=click.Path(file_okay=False),
            help=N_(
                "Write table and personal guide cards, travellers and pick-up slips "
                "(HTML and JSON) to this directory."
            ),
        ),
        click.option(
            "--paper",
            type=click.Choice(["a4", "letter"]),
            default="a4",
            show_default=True,
            help=N_("Paper size of the printed cards."),
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def size_options(func: F) -> F:
    options = [
        click.option("--tables", type=click.IntRange(2, 60), help=N_("Number of full tables.")),
        click.option(
            "--pairs",
            type=click.IntRange(3, 120),
            help=N_(
                "Number of pairs (players for an individual), instead of --tables: an odd "
                "number makes a half table with a phantom."
            ),
        ),
        click.option("--boards", type=click.IntRange(1, 200), help=N_("Boards in the session.")),
        click.option(
            "--boards-per-round",
            type=click.IntRange(1, 8),
            help=N_("Boards per round (default 2)."),
        ),
        click.option("--rounds", type=click.IntRange(1, 200), help=N_("Rounds (default: all).")),
    ]
    for option in reversed(options):
        func = option(func)
    return func


@click.group(cls=Group)
def movement() -> None:
    """Movements: who sits where, on which boards, every round.

    \b
    Examples:
      bridgescore movement mitchell --tables 8 --boards 24 --relay
      bridgescore movement howell --pairs 9 --boards-per-round 3
      bridgescore movement fit --pairs 13 --minutes 180
    """


@movement.command()
@size_options
@click.option("--relay", "even", flag_value="relay", default=True, help=N_("Even tables: relay."))
@click.option("--skip", "even", flag_value="skip", help=N_("Even tables: skip at half-way."))
@click.option(
    "--arrow-switch",
    "arrows",
    help=N_("Rounds to arrow-switch for one winner, e.g. 7,8; 'auto' for the usual choice."),
)
@output_options
def mitchell(even: str, arrows: str | None, **options: Any) -> None:
    """A Mitchell: NS pairs stay, EW pairs move up a table, boards down one.

    \b
    Examples:
      bridgescore movement mitchell --tables 7 --boards 21
      bridgescore movement mitchell --tables 8 --boards 24 --relay
      bridgescore movement mitchell --pairs 15 --boards-per-round 3 --arrow-switch auto
    """

    def build(tables: int, phantom: bool, bpr: int, rounds: int | None) -> Movement:
        from bridgescore.movements.mitchell import default_arrow_rounds
        from bridgescore.movements.mitchell import mitchell as generate

        plain = generate(tables, bpr, rounds=rounds, even=even, phantom=phantom)
        switched = _rounds_list(arrows, default_arrow_rounds(plain.rounds, bpr))
        return generate(
            tables, bpr, rounds=rounds, even=even, phantom=phantom, arrow_switched=switched
        )

    _run(build, options, per_table=2, most=lambda t: t - 1 if t % 2 == 0 and even == "skip" else t)


@movement.command()
@size_options
@output_options
def howell(**options: Any) -> None:
    """A Howell: every pair meets every other (fewer rounds: a 3/4 or partial Howell).

    \b
    Examples:
      bridgescore movement howell --tables 4 --boards 28
      bridgescore movement howell --pairs 9 --boards-per-round 3 --rounds 6
    """

    def build(tables: int, phantom: bool, bpr: int, rounds: int | None) -> Movement:
        from bridgescore.movements.howell import howell as generate

        return generate(tables, bpr, rounds=rounds, phantom=phantom)

    _run(build, options, per_table=2, most=lambda t: 2 * t - 1)


@movement.command()
@size_options
@output_options
def individual(**options: Any) -> None:
    """An individual: every player partners every other player once.

    \b
    Examples:
      bridgescore movement individual --tables 2 --boards 14
      bridgescore movement individual --pairs 11 --boards-per-round 2
    """

    def build(tables: int, phantom: bool, bpr: int, rounds: int | None) -> Movement:
        from bridgescore.movements.individual import individual as generate

        return generate(tables, bpr, rounds=rounds, phantom=phantom)

    _run(build, options, per_table=4, most=lambda t: 4 * t - 1)


@movement.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--boards-per-round",
    type=click.IntRange(1, 8),
    default=2,
    show_default=True,
    help=N_(".ASC files: boards in each board group (the file does not say)."),
)
@output_options
def load(file: str, boards_per_round: int, **options: Any) -> None:
    """Read a movement from FILE (our JSON form, or a .ASC movement file), check it, print it.

    \b
    Examples:
      bridgescore movement load club-mitchell.json
      bridgescore movement load club-mitchell.json --cards guides/
      bridgescore movement load howell-4.asc --boards-per-round 3
    """
    from bridgescore.formats.files import read_utf8

    try:
        text = read_utf8(file, Text(N_("movement")))
        if file.lower().endswith(".asc"):
            from bridgescore.movements import ascform

            found = ascform.loads(text, boards_per_round, file)
        else:
            from bridgescore.movements.jsonform import loads

            found = loads(text, file)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _show(found, {**options, "inputs": (file,)})


@movement.command()
@click.option(
    "--pairs",
    metavar="PAIRS",
    type=click.IntRange(4, 120),
    required=True,
    help=N_("Number of pairs."),
)
@click.option(
    "--minutes",
    metavar="MINUTES",
    type=click.IntRange(1, 1000),
    required=True,
    help=N_("Time for play."),
)
@click.option(
    "--minutes-per-board", default="7.5", show_default=True, help=N_("Minutes a board takes.")
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)
def fit(pairs: int, minutes: int, minutes_per_board: str, output_format: str) -> None:
    """Which movement? Those fitting PAIRS pairs in MINUTES, best first.

    \b
    Examples:
      bridgescore movement fit --pairs 13 --minutes 180
      bridgescore movement fit --pairs 8 --minutes 120 --minutes-per-board 7
    """
    import json

    from bridgescore.cli.common import decimal
    from bridgescore.movements.fit import fits

    per_board = decimal(minutes_per_board, "--minutes-per-board", Fraction(1, 10), Fraction(60))
    try:
        found = fits(pairs, minutes, per_board)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if not found:
        raise UsageProblem(
            _(
                "no movement for %(pairs)s pairs fits in %(minutes)s minutes",
                pairs=pairs,
                minutes=minutes,
            )
        )
    if output_format == "json":
        data = [
            {
                "name": f.movement.name,
                "kind": f.movement.kind.value,
                "tables": f.movement.tables,
                "rounds": f.movement.rounds,
                "boards_per_round": f.movement.boards_per_round,
                "boards": f.boards,
                "boards_to_deal": f.dealt,
                "minutes": float(f.minutes),
                "one_winner": f.one_winner,
                "met": float(f.met),
            }
            for f in found
        ]
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    for rank, option in enumerate(found, 1):
        sys.stdout.write(f"{rank:2}. {shown_text(option.describe())}\n")


# --- shared ----------------------------------------------------------------------------------


def _run(
    build: Callable[[int, bool, int, int | None], Movement],
    options: dict[str, Any],
    per_table: int,
    most: Callable[[int], int],
) -> None:
    tables, pairs = options["tables"], options["pairs"]
    if (tables is None) == (pairs is None):
        raise UsageProblem(_("give either --tables or --pairs"))
    if pairs is not None:
        tables = -(-pairs // per_table)
        missing = tables * per_table - pairs
        if missing > 1:
            raise UsageProblem(
                _(
                    "%(pairs)s do not fill %(tables)s tables: at most one phantom is allowed",
                    pairs=pairs,
                    tables=tables,
                )
            )
        phantom = missing == 1
    else:
        phantom = False
    rounds = options["rounds"] or None
    bpr = _boards_per_round(options["boards"], options["boards_per_round"], rounds or most(tables))
    try:
        found = build(tables, phantom, bpr, rounds)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    _show(found, options)


def _boards_per_round(boards: int | None, per_round: int | None, rounds: int) -> int:
    if boards is None:
        return per_round or 2
    if boards % rounds:
        low, high = boards // rounds * rounds, -(-boards // rounds) * rounds
        raise UsageProblem(
            _(
                "%(boards)s boards do not divide into %(rounds)s rounds: use --boards %(low)s or "
                "%(high)s, or give --rounds",
                boards=boards,
                rounds=rounds,
                low=low or rounds,
                high=high,
            )
        )
    if per_round is not None and per_round != boards // rounds:
        raise UsageProblem(
            _(
                "--boards %(boards)s over %(rounds)s rounds is %(each)s a round, not "
                "--boards-per-round %(given)s",
                boards=boards,
                rounds=rounds,
                each=boards // rounds,
                given=per_round,
            )
        )
    return boards // rounds


def _rounds_list(text: str | None, auto: tuple[int, ...]) -> tuple[int, ...]:
    if not text:
        return ()
    if text.strip().lower() == "auto":
        return auto
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise UsageProblem(
            _("--arrow-switch: not a list of rounds: %(found)s", found=repr(text))
        ) from None


def _show(found: Movement, options: dict[str, Any]) -> None:
    from bridgescore.movements.validate import MovementError, validate

    breaches = validate(found)
    errors = [b for b in breaches if not b.warning]
    if errors:
        raise UsageProblem(str(MovementError(errors, found.name or "movement")))
    if options["cards_dir"]:
        from bridgescore.reports.guides import write_guides

        try:
            write_guides(
                found,
                options["cards_dir"],
                paper=options["paper"],
                inputs=options.get("inputs", ()),
            )
        except BridgeScoreError as error:
            raise UsageProblem(str(error)) from None
    if options["output_format"] == "json":
        from bridgescore.movements.jsonform import dumps

        sys.stdout.write(dumps(found))
        return
    sys.stdout.write(_text(found, [str(b) for b in breaches]))


def _text(found: Movement, warnings: list[str]) -> str:
    import io

    from rich.console import Console
    from rich.table import Table

    from bridgescore.movements.balance import balance

    buffer = io.StringIO()
    console = Console(
        file=buffer, width=_WIDTH, markup=False, emoji=False, highlight=False, force_terminal=False
    )
    # Summary sentences stay whole lines: easier to read back and to search.
    console.print(printable(shown_text(found.describe())), soft_wrap=True)
    for note in found.notes:
        console.print(printable(shown_text(note)), soft_wrap=True)
    # As many tables a grid as fit in 120 columns unwrapped, so a big field stays readable.
    widest = max(len(_cell(found, p)) for p in found.plays)
    per_grid = max(1, (_WIDTH - 10) // (widest + 3))
    for first in range(1, found.tables + 1, per_grid):
        shown = range(first, min(first + per_grid, found.tables + 1))
        grid = Table(
            title=printable(
                _(
                    "%(name)s: tables %(first)s-%(last)s",
                    name=shown_text(found.name),
                    first=shown[0],
                    last=shown[-1],
                )
            )
        )
        grid.add_column(_("Round"), justify="right")
        for table in shown:
            grid.add_column(_("Table %(table)s", table=table), no_wrap=True)
        for rnd in range(1, found.rounds + 1):
            cells = []
            for table in shown:
                play = next((p for p in found.plays_in_round(rnd) if p.table == table), None)
                cells.append(_cell(found, play) if play else "")
            grid.add_row(str(rnd), *cells)
        console.print(grid)
    outs = found.sit_outs()
    if outs:
        rounds = "; ".join(_("round %(round)s: %(who)s", round=r, who=w.label) for r, w in outs)
        console.print(_("Sit-outs: %(rounds)s", rounds=rounds))
    console.print(
        _("Comparison balance: %(balance)s", balance=shown_text(balance(found).describe()))
    )
    for warning in warnings:
        console.print(warning)
    return buffer.getvalue()


def _cell(found: Movement, play: Any) -> str:
    def name(who: Any) -> str:
        return _("phantom") if who == found.phantom else who.label

    sides = f"{'-'.join(map(name, play.ns_side))} v {'-'.join(map(name, play.ew_side))}"
    boards = board_list(play.boards)
    marks = (" " + _("sit-out") if play.sit_out else "") + (
        " " + _("arrow") if play.arrow_switched else ""
    )
    return f"{sides}: {boards}{marks}"
