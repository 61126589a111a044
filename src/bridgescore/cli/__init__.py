"""The ``bridgescore`` command: joins files to the library, and nothing more."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore import __version__
from bridgescore.cli.common import UsageProblem
from bridgescore.errors import BridgeScoreError, InputFileError, Problem

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import Console

    from bridgescore.check import Check
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


def _rules(options: dict[str, Any]) -> Rules:
    """The named rule set with the settings given on the command line."""
    from bridgescore.rules import SETTINGS, rules_named

    changes = {
        s.field: options[s.field]
        for s in SETTINGS
        if options.get(s.field) is not None and not (s.field == "method" and _teams(options))
    }
    return rules_named(options["rules_name"]).with_(**changes)


def _teams(options: dict[str, Any]) -> bool:
    """``--method teams``: the file holds teams of four, scored by match."""
    return options.get("method") == "teams"


def _write_atomically(path: str, text: str) -> None:
    """Write the whole output or nothing: no half-written file is ever left behind."""
    import tempfile  # here, not at start-up: most runs write to the terminal

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
@click.option("--recap", is_flag=True, help="Text: also show the recap sheet (pairs x boards).")
@click.option("--cards", is_flag=True, help="Text: also show every pair's score card.")
@click.option(
    "--double-dummy",
    is_flag=True,
    help="Text, with --explain: solve known deals for makeable contracts and par.",
)
def score(
    file: str,
    output_format: str,
    output: str | None,
    explain: bool,
    history: str | None,
    **options: Any,
) -> None:
    """Score a session from FILE: traveller CSV, PBN, USEBIO or NZ Scorer XML, or our JSON.

    \b
    Examples:
      bridgescore score club-night.csv
      bridgescore score club-night.csv --rules ebu --explain
      bridgescore score club-night.csv --format json -o results.json
      bridgescore score club-night.csv --recap --cards
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
    from bridgescore.scoring import score_pairs
    from bridgescore.session import FieldStructure

    session, rules, handicaps = _load(file, history, options)
    if session.structure is FieldStructure.TEAMS:
        return _score_teams(session, rules, output_format, explain, to_file), []
    result = score_pairs(session, rules, handicaps)
    failed = [f.field for f in result.fields if not f.checksum.ok]
    if output_format == "json":
        from bridgescore.formats import json as result_json

        return result_json.dumps(result), failed
    from bridgescore.reports.text import render

    console, buffer = _console(to_file)
    render(
        result,
        console,
        explain=explain,
        recap=options.get("recap", False),
        cards=options.get("cards", False),
        double_dummy=options.get("double_dummy", False),
    )
    return buffer.getvalue(), failed


def _load(
    file: str, history: str | None, options: dict[str, Any]
) -> tuple[Session, Rules, dict[Entrant, Fraction] | None]:
    """The session, the rules it is scored by, and the handicaps when a history is given.

    A file that holds teams matches (PBN rooms) is scored as teams whatever the method.
    """
    from bridgescore.formats import read_session

    rules = _rules(options)
    session = read_session(file, structure=_structure(options))
    handicaps = None
    if history:
        from bridgescore.handicap import entrant_handicap, read_history

        past = read_history(history)
        entrants = {e for t in session.tables for e in session.entrants_all(t)}
        handicaps = {
            e: entrant_handicap(session.names.get(e), past, rules.handicap_sum) for e in entrants
        }
    return session, rules, handicaps


def _structure(options: dict[str, Any]) -> FieldStructure | None:
    """The field structure the command line forces, if any."""
    from bridgescore.session import FieldStructure

    if _teams(options):
        return FieldStructure.TEAMS
    return FieldStructure.parse(options["movement"]) if options["movement"] else None


def _console(to_file: bool) -> tuple[Console, io.StringIO]:
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


def _score_teams(
    session: Session, rules: Rules, output_format: str, explain: bool, to_file: bool
) -> str:
    from bridgescore.scoring import score_teams

    result = score_teams(session, rules)
    if output_format == "json":
        from bridgescore.formats import json as result_json

        return result_json.teams_dumps(result)
    from bridgescore.reports.text import render_teams

    console, buffer = _console(to_file)
    render_teams(result, console, explain=explain)
    return buffer.getvalue()


# --- report: the results website ----------------------------------------------------------------

_REPORT_MARK = ".bridgescore-report"  # marks a directory as ours to replace on the next run
T = TypeVar("T")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@scoring_options
@click.option(
    "-o",
    "--output",
    "directory",
    required=True,
    type=click.Path(file_okay=False),
    help="Directory to write the site into (made if missing; an earlier report is replaced).",
)
@click.option(
    "--handicaps",
    "history",
    type=click.Path(dir_okay=False),
    help="History CSV (player,date,percentage) for a handicapped ranking.",
)
@click.option(
    "--double-dummy/--no-double-dummy",
    default=True,
    show_default=True,
    help="Solve the known deals for makeable contracts and par (a few seconds).",
)
def report(
    file: str, directory: str, history: str | None, double_dummy: bool, **options: Any
) -> None:
    """Write a results website for FILE into a directory: rankings, a traveller per board, the
    recap sheet and a score card per pair, each page with a JSON twin. It needs no network to
    view, works on a phone and prints on A4 or Letter.

    \b
    Examples:
      bridgescore report club-night.csv -o out/club-night
      bridgescore report session.xml -o site --rules ebu --no-double-dummy
    """
    try:
        what, failed = _write_directory_atomically(
            directory, lambda into: _report(file, into, history, double_dummy, options)
        )
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    index = Path(directory) / "index.html"
    click.echo(f"Report written ({what}): open {index}")
    if failed:
        click.echo(f"bridgescore: CHECKSUM FAILED in field {', '.join(failed)}", err=True)
        sys.exit(1)


def _report(
    file: str, into: Path, history: str | None, double_dummy: bool, options: dict[str, Any]
) -> tuple[str, list[str]]:
    from bridgescore.scoring import score_pairs
    from bridgescore.session import FieldStructure

    session, rules, handicaps = _load(file, history, options)
    if session.structure is FieldStructure.TEAMS:
        from bridgescore.reports.html import write_teams_site
        from bridgescore.scoring import score_teams

        site = write_teams_site(score_teams(session, rules), into, double_dummy=double_dummy)
        return f"{len(site.pages)} pages: rankings and {site.boards} travellers", []
    result = score_pairs(session, rules, handicaps)
    from bridgescore.reports.html import write_site

    site = write_site(result, into, double_dummy=double_dummy)
    what = (
        f"{len(site.pages)} pages: rankings, recap sheet, {site.boards} travellers, "
        f"{site.cards} score cards"
    )
    return what, [f.field for f in result.fields if not f.checksum.ok]


def _write_directory_atomically(path: str, fill: Callable[[Path], T]) -> T:
    """Build a directory in full beside its place, then move it there: a failed run leaves
    nothing behind. A directory already there is replaced only if empty or an earlier report."""
    import shutil
    import tempfile

    target = Path(path)
    if target.exists():
        if not target.is_dir():
            raise UsageProblem(f"{path} exists and is not a directory")
        if any(target.iterdir()) and not (target / _REPORT_MARK).exists():
            raise UsageProblem(
                f"{path} is not empty and holds no earlier report: choose a new or empty directory"
            )
    made = []  # parent directories made for this run, removed again if it fails
    parent = target.parent
    while not parent.exists():
        made.append(parent)
        parent = parent.parent
    for directory in reversed(made):
        directory.mkdir()
    temporary = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
    try:
        value = fill(temporary)
        (temporary / _REPORT_MARK).write_text("written by bridgescore report\n", encoding="utf-8")
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o777 & ~umask)
        if target.exists():
            aside = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old."))
            os.replace(target, aside / "previous")
            try:
                os.replace(temporary, target)
            except BaseException:
                os.replace(aside / "previous", target)
                raise
            finally:
                shutil.rmtree(aside, ignore_errors=True)
        else:
            os.replace(temporary, target)
        return value
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        for directory in made:
            with contextlib.suppress(OSError):
                directory.rmdir()
        raise


# --- convert: between file formats --------------------------------------------------------------

_WRITTEN_KINDS = {".csv": "csv", ".json": "json", ".xml": "usebio", ".pbn": "pbn"}


@main.command()
@click.argument("source", metavar="IN", type=click.Path(dir_okay=False))
@click.argument("target", metavar="OUT", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["csv", "json", "usebio", "pbn"]),
    help="Format to write; by default from OUT's extension (.csv, .json, .xml for USEBIO, .pbn).",
)
@scoring_options
def convert(source: str, target: str, to: str | None, **options: Any) -> None:
    """Convert a session file IN to OUT: traveller CSV, bridgescore's JSON, USEBIO XML or PBN.

    IN is any file bridgescore reads (.csv, .json, .xml in USEBIO or NZ Scorer form, .pbn).
    JSON, USEBIO and PBN are written with the scores of the session rescored under the scoring
    options (a USEBIO file's scoring method, and NZ Scorer's scoring of sections across the
    field, are kept unless --method or --sections say otherwise); a CSV holds the results alone.
    OUT is written whole or not at all.

    \b
    Examples:
      bridgescore convert club-night.csv club-night.xml
      bridgescore convert session.xml session.json --rules ebu
      bridgescore convert results.xml travellers.txt --to csv
    """
    try:
        lines = _convert(source, target, to, options)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    click.echo("\n".join(lines))


def _convert(source: str, target: str, to: str | None, options: dict[str, Any]) -> list[str]:
    from bridgescore.formats import read_session
    from bridgescore.session import FieldStructure

    suffix = Path(target).suffix.lower()
    kind = to or _WRITTEN_KINDS.get(suffix)
    if kind is None:
        raise UsageProblem(
            f"{target}: cannot tell what to write from the extension {suffix or '(none)'}: "
            "name OUT .csv, .json, .xml (USEBIO) or .pbn, or give --to"
        )
    session = read_session(source, structure=_structure(options))
    event, declared = _declared(source, options)
    rules = _rules(options).with_(**declared)
    if session.structure is FieldStructure.TEAMS:
        if kind not in ("csv", "pbn"):
            raise UsageProblem(
                f"{target}: teams of four are written as traveller CSV or PBN, not {kind}"
            )
        if kind == "pbn":
            from bridgescore.scoring import score_teams

            teams = score_teams(session, rules)
            _write_atomically(target, _pbn_writer(target).dumps_teams(teams))
            return [f"Converted {source} to {target} (pbn, teams with ScoreIMP)"]
    notes = []
    if kind == "csv":
        from bridgescore.formats import csv as traveller_csv

        text = traveller_csv.dumps(session)
        deals = sum(1 for b in session.boards.values() if b.deal)
        if deals:
            notes.append(f"note: a traveller CSV has no place for deals: {deals} left out")
    else:
        from bridgescore.scoring import score_pairs

        result = score_pairs(session, rules)
        if kind == "json":
            from bridgescore.formats import json as result_json

            text = result_json.dumps(result)
        elif kind == "usebio":
            from bridgescore.formats import usebio

            text = usebio.dumps(session, result, event)
            sitting_out = sum(1 for t in session.tables if not t.played)
            if sitting_out:
                notes.append(
                    f"note: USEBIO has no place for rows not played: {sitting_out} left out"
                )
        else:
            text = _pbn_writer(target).dumps(session, result)
    _write_atomically(target, text)
    scored = "" if kind == "csv" else f", scored under {rules.label}"
    return [
        f"Converted {source} to {target} ({kind}{scored}): {len(session.tables)} table results "
        f"on {len(session.boards)} boards",
        *notes,
    ]


def _declared(source: str, options: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A USEBIO file's event (club, type) and the scoring its file declares, unless overridden:
    the method of a USEBIO event, NZ Scorer's sections scored across the field."""
    from bridgescore.formats import xml_kind

    if Path(source).suffix.lower() != ".xml":
        return None, {}
    if xml_kind(source) == "usebio":
        from bridgescore.formats import usebio

        event = usebio.read_path(source).event
        return event, {} if options["method"] else {"method": event.method}
    from bridgescore.formats import nzscorer

    across = nzscorer.read_path(source).field_scoring
    return None, {} if options["sections_across"] is not None else {"sections_across": across}


def _pbn_writer(target: str) -> Any:
    """The PBN session writer, when this version has it."""
    try:
        from bridgescore.formats import pbn_session
    except ModuleNotFoundError as error:
        if error.name != "bridgescore.formats.pbn_session":
            raise
        raise InputFileError(
            target,
            [Problem("writing PBN is not available yet", expected="OUT as .csv, .json or .xml")],
        ) from None
    return pbn_session


# --- check: a file's own figures against a rescoring ------------------------------------------


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@scoring_options
@click.option(
    "--conventions",
    type=click.Choice(["auto", "plain", "compscore", "nz"]),
    default="auto",
    show_default=True,
    help="How the file's program shows its figures (rows' basis, rounding, factored totals); "
    "auto: from the file.",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=50,
    show_default=True,
    help="Text: differences listed at most (0: all).",
)
def check(file: str, conventions: str, output_format: str, limit: int, **options: Any) -> None:
    """Rescore FILE, a results file with its own matchpoints and percentages (USEBIO or NZ
    Scorer XML), and report row by row and pair by pair where the file's figures differ from
    the rescoring and by how much; then name the rule setting that reproduces the file, or the
    closest one. Exit status 0 when the file reproduces under the chosen rules, 1 when it does
    not, 2 for bad input.

    \b
    Examples:
      bridgescore check session.xml
      bridgescore check session.xml --artificial-method neuberg --short-boards neuberg
      bridgescore check scorer.xml --format json
    """
    try:
        result = _check(file, None if conventions == "auto" else conventions, options)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output_format == "json":
        import json

        from bridgescore.check import to_data

        sys.stdout.write(json.dumps(to_data(result), indent=2, ensure_ascii=False) + "\n")
    else:
        from bridgescore.reports.check import render

        console, buffer = _console(False)
        render(result, console, limit)
        sys.stdout.write(buffer.getvalue())
    if not result.reproduced:
        sys.exit(1)


def _check(file: str, conventions: str | None, options: dict[str, Any]) -> Check:
    from bridgescore.check import check as check_figures
    from bridgescore.check import read_figures
    from bridgescore.rules import rules_named

    if options["movement"]:
        raise UsageProblem("check scores the file's own movement: leave out --movement")
    figures = read_figures(file)
    declared = {"method": figures.method, "sections_across": figures.sections_across}
    baseline = rules_named(options["rules_name"]).with_(**declared)
    if options["method"]:
        declared.pop("method")
    if options["sections_across"] is not None:
        declared.pop("sections_across")
    rules = _rules(options).with_(**declared)
    return check_figures(figures, rules, conventions, baseline=baseline)
