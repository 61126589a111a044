"""The ``bridgescore`` command: joins files to the library, and nothing more.

One module per command or group of commands; what the scoring commands share is in
:mod:`bridgescore.cli.options`; how a user's mistake ends a command, in
:mod:`bridgescore.cli.common`.
"""

from __future__ import annotations

import gc

import click

from bridgescore import __version__
from bridgescore.cli.check import check
from bridgescore.cli.convert import convert
from bridgescore.cli.movement import movement
from bridgescore.cli.report import report
from bridgescore.cli.score import score
from bridgescore.cli.serve import serve, users_group


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="bridgescore")
def main() -> None:
    """Exact, explained scoring for duplicate bridge."""
    # A command builds one session's records and keeps them to the end: what is imported by
    # now lives as long as the process, and the collector need not walk it again (gc.freeze);
    # the records are trees, not cycles, so it is asked to look less often while they are made.
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


for command in (score, report, convert, check, movement, serve, users_group):
    main.add_command(command)

from bridgescore.cli import db as _db  # noqa: E402

main.add_command(_db.db_group)
main.add_command(_db.import_command)
main.add_command(_db.players_group)
main.add_command(_db.sessions_group)
main.add_command(_db.handicaps_command)
