"""The ``bridgescore`` command: joins files to the library, and nothing more.

One module per command or group of commands, imported only when its command runs (start-up
time matters: a club scorer types ``bridgescore score`` many times a night); what the scoring
commands share is in :mod:`bridgescore.cli.options`; how a user's mistake ends a command, in
:mod:`bridgescore.cli.common`.
"""

from __future__ import annotations

import importlib
import os

import click

from bridgescore import __version__
from bridgescore.cli.help import Group
from bridgescore.collector import command_started
from bridgescore.languages import N_, _

# numpy (the columnar path of ``score``) loads OpenBLAS, which sets up a thread for each core as
# it is loaded: some 55 ms of CPU, a third of scoring a 1,000-table file, for nothing, since
# bridgescore calls no BLAS routine (its arrays are integers, added and sorted). The command asks
# for one thread unless the user has chosen (docs/performance.md).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# Each command: the module that defines it and the name of its function there.
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("score", "score"),
    "report": ("report", "report"),
    "convert": ("convert", "convert"),
    "check": ("check", "check"),
    "movement": ("movement", "movement"),
    "deals": ("deals", "deals"),
    "export": ("export", "export"),
    "import": ("db", "import_command"),
    "players": ("db", "players_group"),
    "sessions": ("db", "sessions_group"),
    "handicaps": ("db", "handicaps_command"),
    "db": ("db", "db_group"),
    "serve": ("serve", "serve"),
    "users": ("serve", "users_group"),
    "swiss": ("swiss", "swiss"),
    "competition": ("competition", "competition"),
    "mail": ("mail", "mail"),
    "privacy": ("privacy", "privacy"),
}


class _Commands(Group):
    """A group whose commands are imported when asked for, not at start-up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, name = COMMANDS[cmd_name]
            command = getattr(importlib.import_module(f"bridgescore.cli.{module}"), name)
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)


def _version(ctx: click.Context, _param: click.Parameter, asked: bool) -> None:
    """``--version``: click's, its words said in the language (click's own option words them
    as the command is defined, before the language is known)."""
    if asked and not ctx.resilient_parsing:
        click.echo(_("%(prog)s, version %(version)s", prog="bridgescore", version=__version__))
        ctx.exit()


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_version,
    help=N_("Show the version and exit."),
)
def main() -> None:
    """Exact, explained scoring for duplicate bridge."""
    command_started()  # a command builds one session's records and keeps them to the end
