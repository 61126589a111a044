"""What the commands that score share: the rules options (made from the settings table), the
field structure forced on the command line, loading a session with its handicaps, and the console
that prints results."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import Console

    from bridgescore.rules import Rules
    from bridgescore.session import Entrant, FieldStructure, Session

F = TypeVar("F", bound=Callable[..., Any])


def scoring_options(func: F) -> F:
    """The rule settings shared by every command that scores, made from the settings table."""
    from bridgescore.rules import SETTINGS  # a table of plain data: cheap to import

    options = [
        click.option(
            "--rules",
            "rules_name",
            default="club",
            show_default=True,
            help="Named rule set: club, ebu or acbl.",
        )
    ]
    for setting in SETTINGS:
        if setting.switch:
            option = click.option(
                f"--{setting.flag}/--no-{setting.flag}",
                setting.field,
                default=None,
                help=setting.help,
            )
        else:
            option = click.option(
                f"--{setting.flag}",
                setting.field,
                type=click.Choice(setting.words) if setting.words else None,
                help=setting.help,
            )
        options.append(option)
    options.append(
        click.option(
            "--movement",
            type=click.Choice(["mitchell", "howell", "individual"]),
            help="Force the field structure instead of detecting it.",
        )
    )
    for option in reversed(options):
        func = option(func)
    return func


def rules_from(options: dict[str, Any]) -> Rules:
    """The named rule set with the settings given on the command line."""
    from bridgescore.rules import SETTINGS, rules_named

    changes = {
        s.field: options[s.field]
        for s in SETTINGS
        if options.get(s.field) is not None and not (s.field == "method" and teams(options))
    }
    return rules_named(options["rules_name"]).with_(**changes)


def teams(options: dict[str, Any]) -> bool:
    """``--method teams``: the file holds teams of four, scored by match."""
    return options.get("method") == "teams"


def load(
    file: str, history: str | None, options: dict[str, Any]
) -> tuple[Session, Rules, dict[Entrant, Fraction] | None]:
    """The session, the rules it is scored by, and the handicaps when a history is given.

    A file that holds teams matches (PBN rooms) is scored as teams whatever the method.
    """
    from bridgescore.formats import read_session

    rules = rules_from(options)
    session = read_session(file, structure=structure(options))
    handicaps = None
    if history:
        from bridgescore.handicap import entrant_handicap, read_history

        past = read_history(history)
        entrants = {e for t in session.tables for e in session.entrants_all(t)}
        handicaps = {
            e: entrant_handicap(session.names.get(e), past, rules.handicap_sum) for e in entrants
        }
    return session, rules, handicaps


def structure(options: dict[str, Any]) -> FieldStructure | None:
    """The field structure the command line forces, if any."""
    from bridgescore.session import FieldStructure

    if teams(options):
        return FieldStructure.TEAMS
    return FieldStructure.parse(options["movement"]) if options["movement"] else None


def console(to_file: bool) -> tuple[Console, io.StringIO]:
    """A rich console writing to a buffer: styled on a terminal, plain 120 columns otherwise."""
    from rich.console import Console

    buffer = io.StringIO()
    terminal = sys.stdout.isatty() and not to_file
    # Names and titles come from the results file: print them as they are, never as rich
    # markup or emoji codes (a name like "Lee [sub]" would otherwise vanish or fail).
    console = Console(
        file=buffer,
        width=None if terminal else 120,
        force_terminal=terminal,
        markup=False,
        emoji=False,
        highlight=False,
    )
    return console, buffer
