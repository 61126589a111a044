"""``bridgescore score``: rankings, travellers and explanations in the terminal or as JSON."""

from __future__ import annotations

import codecs
import os
import sys
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.event import event_options, is_event
from bridgescore.cli.help import Command
from bridgescore.cli.options import (
    console,
    inputs_of,
    load,
    masterpoint_options,
    masterpoints_for,
    plain_writer,
    scoring_options,
)
from bridgescore.collector import paused
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _, current
from bridgescore.reports.text import render

if TYPE_CHECKING:
    from bridgescore.columnar import ColumnarScores
    from bridgescore.results import SessionResult
    from bridgescore.teams_results import TeamsResult


@click.command(cls=Command)
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("more", metavar="[FILE]...", nargs=-1, type=click.Path(dir_okay=False))
@scoring_options
@event_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
    help=N_(
        "Output format: text, JSON (docs/json-output.md) or one CSV row a result "
        "(docs/results-csv.md)."
    ),
)
@click.option(
    "-o", "--output", metavar="FILE", type=click.Path(dir_okay=False), help=N_("Write to FILE.")
)
@click.option(
    "--explain", is_flag=True, help=N_("Show every traveller with the reason for each value.")
)
@click.option(
    "--handicaps",
    "history",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    help=N_("History CSV (player,date,percentage) for a handicapped ranking."),
)
@click.option("--recap", is_flag=True, help=N_("Text: also show the recap sheet (pairs x boards)."))
@click.option("--cards", is_flag=True, help=N_("Text: also show every pair's score card."))
@click.option(
    "--double-dummy",
    is_flag=True,
    help=N_("Text, with --explain: solve known deals for makeable contracts and par."),
)
@masterpoint_options
@click.option(
    "--anomalies",
    is_flag=True,
    help=N_(
        "List the entries that look wrong (wrong side, far outside the field, a lead not in "
        "the leader's hand...), each with its reason, on standard error; with --double-dummy, "
        "results far from what the deal allows too."
    ),
)
@click.option(
    "-v", "--verbose", is_flag=True, help=N_("Say how many results a second were processed.")
)
def score(
    file: str,
    output_format: str,
    output: str | None,
    explain: bool,
    history: str | None,
    anomalies: bool,
    verbose: bool,
    more: tuple[str, ...] = (),
    **options: Any,
) -> None:
    """Score a session from FILE: traveller CSV, PBN, USEBIO or NZ Scorer XML, or our JSON.
    Several FILEs are the sessions of one event, ranked together (docs/events.md).

    \b
    Examples:
      bridgescore score club-night.csv
      bridgescore score club-night.csv --rules ebu --explain
      bridgescore score club-night.csv --format json -o results.json
      bridgescore score club-night.csv --format csv -o results.csv
      bridgescore score club-night.csv --recap --cards
      bridgescore score day1.csv day2.csv --aggregate percentages
      bridgescore score session.xml --masterpoints abf:green
      bridgescore score club-night.csv --anomalies
    """
    if is_event(more, options):
        _score_event((file, *more), output_format, output, options)
        return
    started = time.perf_counter()
    with paused(kept=True):  # one session read, scored and printed, kept to the end
        try:
            text, failed, results = _score(
                file, output_format, explain, history, options, output is not None, anomalies
            )
            if output:
                from bridgescore.formats.outputs import write_bytes

                write_bytes(output, text, inputs=inputs_of(file, history, options=options))
            else:
                _print(text)
        except BridgeScoreError as error:
            raise UsageProblem(str(error)) from None
    if verbose:
        say_rate(_("scored"), results, time.perf_counter() - started)
    if failed:
        # A failed checksum means the totals do not add up: never let it pass quietly.
        click.echo(checksums_failed(failed), err=True)
        sys.exit(1)


def _score_event(
    files: tuple[str, ...], output_format: str, output: str | None, options: dict[str, Any]
) -> None:
    from bridgescore.cli.event import score_event

    try:
        text, failed = score_event(files, output_format, output is not None, options)
        if output:
            from bridgescore.formats.outputs import write_text

            write_text(output, text, inputs=inputs_of(*files, options=options))
        else:
            _print((text.encode("utf-8"),))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if failed:
        click.echo(checksums_failed(failed), err=True)
        sys.exit(1)


def _print(pieces: Iterable[bytes]) -> None:
    """UTF-8 pieces on standard output: as they are when it takes UTF-8 (a large JSON is not
    decoded only to be encoded again), else as text in its own encoding."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None or codecs.lookup(stream.encoding or "ascii").name != "utf-8":
        for piece in pieces:
            stream.write(piece.decode("utf-8"))
        return
    stream.flush()
    try:
        for piece in pieces:
            buffer.write(piece)
        buffer.flush()
    except BrokenPipeError:
        # The reader has stopped (``| head``): the rest is not wanted, as when the text was
        # written whole. Python's own recipe: the descriptor to the null device, so the
        # flush at exit has nowhere to fail.
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, buffer.fileno())
        os.close(null)


def _score(
    file: str,
    output_format: str,
    explain: bool,
    history: str | None,
    options: dict[str, Any],
    to_file: bool,
    anomalies: bool = False,
) -> tuple[Iterable[bytes], tuple[str, ...], int]:
    """The output (in pieces: a large JSON is written a board at a time), the fields whose
    checksum failed and the number of table results."""
    from bridgescore.scoring import score as score_session

    scores = None if explain or history or anomalies else _by_columns(file, options)
    if scores is not None:
        if output_format == "text":
            ranked = scores.rankings()
            return _text(ranked, to_file), ranked.failed_checksums, scores.rows
        if output_format == "json":
            from bridgescore.formats import json as result_json

            ranked = scores.rankings()
            pieces = result_json.iterencode_grouped(ranked, scores.grouped_tables())
            return pieces, ranked.failed_checksums, scores.rows
        from bridgescore.formats import results_csv

        whole = scores.session_result()
        return (results_csv.dumps(whole).encode(),), whole.failed_checksums, scores.rows
    session, rules, handicaps = load(file, history, options)
    if anomalies:
        from bridgescore.cli.check import entries_to_confirm

        for found in entries_to_confirm(session, options.get("double_dummy", False)):
            click.echo(
                "bridgescore: " + _("to confirm: %(what)s", what=found.describe(session)), err=True
            )
    result = score_session(session, rules, handicaps)
    failed = result.failed_checksums
    awards = masterpoints_for(result, options)
    if output_format == "json":
        from bridgescore.formats import json as result_json
        from bridgescore.formats.results_file import ResultsFile

        pieces = result_json.iterencode(ResultsFile.scored(result, awards))
        return pieces, failed, len(session.tables)
    if output_format == "csv":
        from bridgescore.formats import results_csv
        from bridgescore.results import SessionResult

        if not isinstance(result, SessionResult):
            raise UsageProblem(
                _(
                    "--format csv writes pairs and individual events: a teams event's "
                    "matches are in --format json"
                )
            )
        return (results_csv.dumps(result).encode("utf-8"),), failed, len(session.tables)
    shown = {
        "explain": explain,
        "recap": options.get("recap", False),
        "cards": options.get("cards", False),
        "double_dummy": options.get("double_dummy", False),
        "masterpoints": awards,
    }
    return _text(result, to_file, **shown), failed, len(session.tables)


def _text(result: SessionResult | TeamsResult, to_file: bool, **shown: Any) -> tuple[bytes]:
    """The rankings (and what ``shown`` asks for) as text: by the plain writer when it can draw
    them, else by rich's console."""
    from bridgescore.reports.plain import NotPlain

    writer = plain_writer(to_file)
    if writer is not None:
        try:
            render(result, writer, **shown)
        except NotPlain:
            pass  # something rich must draw: the whole output is rich's
        else:
            return (writer.text().encode("utf-8"),)
    out, buffer = console(to_file)
    render(result, out, **shown)
    return (buffer.getvalue().encode("utf-8"),)


# Below this size a traveller CSV is read and scored as objects: numpy's import (some 0.1 s)
# would cost more than the columns save (a club night of 400 rows is some 14 KB).
COLUMNAR_BYTES = 256 * 1024
# What `score` shows the same whichever way the file is scored, when it is off or empty.
_OUTPUT_OPTIONS = frozenset({"rules_name", "output", "verbose", "more"})


def _by_columns(file: str, options: dict[str, Any]) -> ColumnarScores | None:
    """A large plain traveller CSV scored by columns (``bridgescore.columnar``: exact values,
    each pair's total a Fraction), or None for the exact path: a smaller file, a file the
    columnar path does not take, any option beyond the scoring rules, or no numpy."""
    from bridgescore.rules import SETTINGS

    settings = {s.field for s in SETTINGS}
    if any(v for k, v in options.items() if k not in settings and k not in _OUTPUT_OPTIONS):
        return None  # --recap, --cards, --movement, --deals, --masterpoints, --db ...
    if not file.lower().endswith(".csv"):
        return None
    try:
        if os.path.getsize(file) < COLUMNAR_BYTES:
            return None
        from bridgescore import columnar
    except (OSError, ImportError):
        return None  # the exact path reports an unreadable file; numpy is the fast extra
    from bridgescore.cli.options import rules_from

    # None when not the plain layout: the exact path reads the file and reports its problems;
    # and when the columns cannot rank it as the exact engine does (a board scored as a small
    # group, factored totals: ColumnarScores.rankings_fallback), decided before anything is made.
    scores = columnar.by_columns(file, rules_from(options))
    return scores if scores is not None and scores.rankings_fallback is None else None


def say_rate(done: str, results: int, seconds: int | float) -> None:
    """``--verbose``: how many table results were processed, how fast, on standard error."""
    rate = results / seconds if seconds > 0 else float("inf")
    said = current()
    click.echo(
        "bridgescore: "
        + _(
            "%(done)s %(results)s results in %(seconds)ss (%(rate)s results a second)",
            done=done,
            results=said.grouped(f"{results:,}"),
            seconds=said.number(f"{seconds:.2f}"),
            rate=said.grouped(f"{rate:,.0f}"),
        ),
        err=True,
    )


def checksums_failed(fields: tuple[str, ...]) -> str:
    """The line that says a file's checksums do not match its figures (exit status 1)."""
    return "bridgescore: " + _("CHECKSUM FAILED in field %(fields)s", fields=", ".join(fields))
