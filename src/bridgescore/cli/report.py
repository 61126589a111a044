"""``bridgescore report``: the results website, written whole into a folder."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.event import event_options, is_event
from bridgescore.cli.help import Command
from bridgescore.cli.options import (
    inputs_of,
    load,
    masterpoint_options,
    masterpoints_for,
    scoring_options,
)
from bridgescore.cli.progress import Progress
from bridgescore.cli.score import checksums_failed, say_rate
from bridgescore.collector import paused
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _


@click.command(cls=Command)
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("more", metavar="[FILE]...", nargs=-1, type=click.Path(dir_okay=False))
@scoring_options
@event_options
@click.option(
    "-o",
    "--output",
    "directory",
    required=True,
    metavar="DIRECTORY",
    type=click.Path(file_okay=False),
    help=N_("Directory to write the site into (made if missing; an earlier report is replaced)."),
)
@click.option(
    "--handicaps",
    "history",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help=N_("History CSV (player,date,percentage) for a handicapped ranking."),
)
@click.option(
    "--double-dummy/--no-double-dummy",
    default=True,
    show_default=True,
    help=N_("Solve the known deals for makeable contracts and par (a few seconds)."),
)
@click.option(
    "--analysis/--no-analysis",
    default=True,
    show_default=True,
    help=N_(
        "Write each pair's evening, board by board (the field, double dummy, the opening "
        "lead and the play); with --no-double-dummy, the field alone."
    ),
)
@masterpoint_options
@click.option(
    "-v", "--verbose", is_flag=True, help=N_("Say how many results a second were processed.")
)
def report(
    file: str,
    directory: str,
    history: str | None,
    double_dummy: bool,
    analysis: bool,
    verbose: bool,
    more: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """Write a results website for FILE into a directory: rankings, a traveller per board, the
    recap sheet and a score card per pair, each page with a JSON twin. It needs no network to
    view, works on a phone and prints on A4 or Letter. Several FILEs are the sessions of one
    event: its ranking, with each session's own site beside it (docs/events.md).

    \b
    Examples:
      bridgescore report club-night.csv -o out/club-night
      bridgescore report session.xml -o site --rules ebu --no-double-dummy
      bridgescore report day1.csv day2.csv -o out/championship
      bridgescore report session.xml -o site --masterpoints abf:green
    """
    from bridgescore.formats.outputs import write_directory  # here: most runs never write a folder

    started = time.perf_counter()
    bar = Progress(_("Writing pages"))
    try:
        if is_event(more, options):
            from bridgescore.cli.event import report_event

            files = (file, *more)
            what, failed, results = write_directory(
                directory,
                lambda into: report_event(files, into, double_dummy, options, bar),
                inputs=inputs_of(*files, options=options),
            )
        else:
            what, failed, results = write_directory(
                directory,
                lambda into: _report(file, into, history, double_dummy, analysis, options, bar),
                inputs=inputs_of(file, history, options=options),
            )
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    finally:
        bar.close()
    if verbose:
        say_rate(_("reported"), results, time.perf_counter() - started)
    index = Path(directory) / "index.html"
    click.echo(_("Report written (%(what)s): open %(index)s", what=what, index=index))
    if failed:
        click.echo(checksums_failed(failed), err=True)
        sys.exit(1)


def _report(
    file: str,
    into: Path,
    history: str | None,
    double_dummy: bool,
    analysis: bool,
    options: dict[str, Any],
    progress: Progress,
) -> tuple[str, tuple[str, ...], int]:
    from bridgescore.reports.html import write_site
    from bridgescore.scoring import score

    # One session read, scored and written as pages: its records and the pages' data are trees,
    # not cycles, so the collector's passes over them (a second of a 3,000-table site) are
    # time lost; what it keeps lives to the end of the command.
    with paused(kept=True):
        session, rules, handicaps = load(file, history, options)
        result = score(session, rules, handicaps)
        site = write_site(
            result,
            into,
            double_dummy=double_dummy,
            progress=progress,
            masterpoints=masterpoints_for(result, options),
            analysis=analysis,
            fork=True,
        )
    return site.summary(), result.failed_checksums, len(session.tables)
