"""The database commands: ``db upgrade``, ``import``, ``players``, ``sessions``, ``handicaps``.

Thin: each joins the command line to :mod:`bridgescore.store` and prints what it returns.
SQLAlchemy is imported inside the commands, never at start-up.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.common import UsageProblem, database
from bridgescore.cli.help import Command, Group
from bridgescore.cli.options import console as options_console
from bridgescore.display import printable, printable_json
from bridgescore.errors import BridgeScoreError, located
from bridgescore.languages import N_, _, pgettext, written_date, written_time

if TYPE_CHECKING:
    from bridgescore.store import Policy

F = TypeVar("F", bound=Callable[..., Any])
ID = click.IntRange(1, 2**31 - 1)  # a stored row's id: what a database's integer holds
MAX_WINDOW = 1000  # sessions (bridgescore.store.handicaps.MAX_WINDOW, not imported at start-up)
MAX_MONTHS = 1200

_DB_HELP = N_(
    "The database: a SQLite file or a URL like postgresql+psycopg://user@host/bridgescore "
    "(default: BRIDGESCORE_DB, else bridgescore.db in your data folder)."
)


def db_option(func: F) -> F:
    return click.option("--db", "db", metavar="PATH|URL", envvar="BRIDGESCORE_DB", help=_DB_HELP)(
        func
    )


def club_option(func: F) -> F:
    return click.option(
        "--club", default="club", show_default=True, help=N_("The club the data belongs to.")
    )(func)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    from rich.table import Table

    console, buffer = options_console(False)
    table = Table(*headers, show_lines=False)
    for row in rows:
        table.add_row(*map(printable, row))  # names and titles from files: never raw
    console.print(table)
    return buffer.getvalue()


def _shown(name: str) -> str:
    """A name from a file, quoted and printable."""
    return repr(printable(name))


def date_option(text: str | None, what: str) -> date | None:
    """The date an option gives (None when it gives none), refused naming the option."""
    if text is None:
        return None
    from bridgescore.store import parse_date

    try:
        return parse_date(text)
    except BridgeScoreError as error:
        raise UsageProblem(located(what, str(error))) from None


# What an import is doing, as its progress bar says it (the store's words).
_STAGES = (N_("checking"), N_("storing"))


def _ids(values: tuple[str, ...]) -> dict[str, str]:
    found = {}
    for value in values:
        kind, sep, number = value.partition("=")
        if not sep or not kind.strip() or not number.strip():
            raise UsageProblem(
                _(
                    "--id %(found)s: expected KIND=VALUE, like ebu=12345 or bbo=annlee",
                    found=repr(value),
                )
            )
        found[kind.strip().lower()] = number.strip()
    return found


# --- db ----------------------------------------------------------------------------------------


@click.group("db", cls=Group)
def db_group() -> None:
    """The database itself: create it or bring its schema up to date.

    \b
    Examples:
      bridgescore db upgrade
      bridgescore db upgrade --db postgresql+psycopg://scorer@dbhost/bridgescore
    """


@db_group.command("upgrade")
@db_option
def db_upgrade(db: str | None) -> None:
    """Create the database, or apply the migrations it has not had yet (each is named and
    recorded in the database).

    \b
    Examples:
      bridgescore db upgrade
      bridgescore db upgrade --db postgresql+psycopg://scorer@dbhost/bridgescore
    """
    from bridgescore.cli.common import waiting
    from bridgescore.store.engine import database_url, describe, failure, make_engine, upgrade

    try:
        url = database_url(db)
        engine = make_engine(url, waiting)
        try:
            before, after = upgrade(engine)
        finally:
            engine.dispose()
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    except Exception as error:
        said = failure(error, url)
        if said is None:
            raise
        raise UsageProblem(said) from None
    where = describe(url)
    if before == after:
        click.echo(_("%(where)s: up to date (revision %(after)s)", where=where, after=after))
    else:
        click.echo(
            _(
                "%(where)s: upgraded from %(before)s to %(after)s",
                where=where,
                before=before or _("empty"),
                after=after,
            )
        )


# --- import ------------------------------------------------------------------------------------


@click.command("import", cls=Command)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@db_option
@club_option
@click.option(
    "--rules", default="club", show_default=True, help=N_("Rule set the sessions are scored by.")
)
@click.option("--date", "played", help=N_("The date played, when a file has none (YYYY-MM-DD)."))
@click.option(
    "--event", "event_id", type=ID, metavar="ID", help=N_("Add the sessions to this stored event.")
)
@click.option(
    "--federation",
    default="national",
    show_default=True,
    help=N_("What the files' national numbers are: ebu, acbl, nbf, abf ..."),
)
@click.option(
    "--movement",
    metavar="KIND|FILE",
    help=N_(
        "mitchell, howell or individual to force the field structure; or the movement's JSON "
        "file (bridgescore movement ... --format json): rows may then give their table and round "
        "and leave the pairs out, and pairs given are checked (as score takes it)."
    ),
)
@click.option(
    "--new-session",
    is_flag=True,
    help=N_(
        "Store a file of an evening already stored (the same date, pairs and boards, other "
        "results) as a session of its own."
    ),
)
def import_command(
    files: tuple[str, ...],
    db: str | None,
    club: str,
    rules: str,
    played: str | None,
    event_id: int | None,
    federation: str,
    movement: str | None,
    new_session: bool,
) -> None:
    """Store sessions from results files (any format bridgescore reads). Players are matched by
    external id or exact name; new players are added and reported, names several players share
    are reported, never guessed. Importing the same evening again stores nothing, whatever file
    it comes in (an export of a stored session, before or after a correction, is recognised);
    one with results the stored session never had is refused, listing them.

    \b
    Examples:
      bridgescore import tuesday.xml
      bridgescore import 2026/*.csv --club Riverside --federation ebu
      bridgescore import night.csv --date 2026-03-10
      bridgescore import travellers.csv --movement movement.json
    """
    from bridgescore.cli.options import movement_file, structure
    from bridgescore.cli.progress import Progress

    day = date_option(played, "--date")
    try:
        forced, plan = structure({"movement": movement}), movement_file({"movement": movement})
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    bar = Progress(_("Importing"))  # on standard error, hidden while a file's lines are printed
    with database(db) as store, contextlib.closing(bar):
        for number, path in enumerate(files, 1):
            of = (
                _(" (%(number)s of %(count)s)", number=number, count=len(files))
                if len(files) > 1
                else ""
            )

            def step(stage: str, done: int, total: int, path: str = path, of: str = of) -> None:
                bar(done, total, f"{_(stage).capitalize()} {Path(path).name}{of}")

            report = store.import_file(
                path,
                club=club,
                rules=rules,
                played_on=day,
                federation=federation,
                event_id=event_id,
                progress=step,
                new_session=new_session,
                structure=forced,
                movement=plan,
            )
            bar.hide()
            if not report.stored:
                again = _(" (the same evening, from another file)") if report.evening else ""
                click.echo(
                    _(
                        "%(path)s: already stored as session %(session)s%(again)s",
                        path=path,
                        session=report.session_id,
                        again=again,
                    )
                )
                continue
            click.echo(
                _(
                    "%(path)s: stored as session %(session)s of club %(club)s (%(results)s table "
                    "results; %(matched)s players matched, %(new)s new)",
                    path=path,
                    session=report.session_id,
                    club=repr(printable(club)),
                    results=report.results,
                    matched=report.matched,
                    new=len(report.new_players),
                )
            )
            for player in report.new_players:
                click.echo(
                    "  "
                    + _("new player %(id)s: %(name)s", id=player.id, name=printable(player.name))
                )
            for name, candidates in report.ambiguous:
                ids = ", ".join(map(str, candidates))
                click.echo(
                    "  "
                    + _(
                        "ambiguous: %(name)s could be players %(ids)s: not linked",
                        name=_shown(name),
                        ids=ids,
                    )
                )
        # Each stored session's percentages, for handicaps: worked out now, once.
        store.refresh_scores(club, lambda done, total: bar(done, total, _("Scoring for handicaps")))


# --- players -----------------------------------------------------------------------------------


@click.group("players", cls=Group)
def players_group() -> None:
    """The club's players: list, add, edit, merge duplicates, link results, import a member list.

    \b
    Examples:
      bridgescore players list
      bridgescore players merge 17 42 --reason "same person"
      bridgescore players relink
      bridgescore players import members.csv
    """


@players_group.command("list")
@db_option
@click.option("--club", help=N_("Only this club's players."))
@click.option("--merged", is_flag=True, help=N_("Also players merged into another."))
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text")
def players_list(db: str | None, club: str | None, merged: bool, output_format: str) -> None:
    """List the players with their ids.

    \b
    Examples:
      bridgescore players list
      bridgescore players list --club Riverside --format json
    """
    with database(db) as store:
        found = store.players(club, merged)
    if output_format == "json":
        data = [
            {
                "id": p.id,
                "first_name": p.first_name,
                "last_name": p.last_name,
                "ids": dict(p.ids),
                "merged_into": p.merged_into,
            }
            for p in found
        ]
        click.echo(printable_json(json.dumps(data, indent=2, ensure_ascii=False)))
        return
    rows = [
        [
            str(p.id),
            p.first_name,
            p.last_name,
            " ".join(f"{k}={v}" for k, v in sorted(p.ids.items())),
            "" if p.merged_into is None else _("merged into %(id)s", id=p.merged_into),
        ]
        for p in found
    ]
    headers = [_("Id"), _("First name"), _("Last name"), _("External ids"), ""]
    sys.stdout.write(_table(headers, rows))


@players_group.command("add")
@click.argument("first_name")
@click.argument("last_name")
@click.option(
    "--id", "ids", multiple=True, metavar="KIND=VALUE", help=N_("An external id (repeatable).")
)
@click.option(
    "--another", is_flag=True, help=N_("Add another person of a name a player already has.")
)
@db_option
@club_option
def players_add(
    first_name: str,
    last_name: str,
    ids: tuple[str, ...],
    another: bool,
    db: str | None,
    club: str,
) -> None:
    """Add a player. A name a player already has is refused unless --another says this is a
    second person of that name.

    \b
    Examples:
      bridgescore players add Ann Lee --id ebu=12345 --id club=17
      bridgescore players add John Smith --another --id club=204
    """
    with database(db) as store:
        player = store.add_player(first_name, last_name, _ids(ids), club, another=another)
    click.echo(_("added player %(id)s: %(name)s", id=player.id, name=printable(player.name)))


@players_group.command("edit")
@click.argument("player")
@click.option("--first-name")
@click.option("--last-name")
@click.option(
    "--id", "ids", multiple=True, metavar="KIND=VALUE", help=N_("Set an external id (repeatable).")
)
@db_option
@club_option
def players_edit(
    player: str,
    first_name: str | None,
    last_name: str | None,
    ids: tuple[str, ...],
    db: str | None,
    club: str,
) -> None:
    """Change a player's name or external ids. PLAYER is an id, KIND:VALUE or an exact name.

    \b
    Examples:
      bridgescore players edit 17 --last-name Lee-Roy
      bridgescore players edit "Ann Lee" --id bbo=annlee
    """
    with database(db) as store:
        found = store.edit_player(player, first_name, last_name, _ids(ids), club)
    click.echo(_("player %(id)s: %(name)s", id=found.id, name=printable(found.name)))


@players_group.command("merge")
@click.argument("keep", required=False)
@click.argument("duplicate", required=False)
@click.option("--reason", help=N_("Why (kept in the log)."))
@click.option("--undo", "undo", type=ID, metavar="MERGE_ID", help=N_("Undo an earlier merge."))
@db_option
def players_merge(
    keep: str | None, duplicate: str | None, reason: str | None, undo: int | None, db: str | None
) -> None:
    """Merge DUPLICATE into KEEP: every result of the duplicate then counts for KEEP, and
    their external ids move over. The merge is logged and can be undone.

    \b
    Examples:
      bridgescore players merge 17 42 --reason "same person, typo in the surname"
      bridgescore players merge --undo 3
    """
    with database(db) as store:
        if undo is not None:
            kept, merged = store.undo_merge(undo)
            click.echo(
                _(
                    "merge %(merge)s undone: player %(merged)s is separate from player %(kept)s "
                    "again",
                    merge=undo,
                    merged=merged,
                    kept=kept,
                )
            )
            return
        if keep is None or duplicate is None:
            raise UsageProblem(_("give the player to keep and the duplicate, or --undo MERGE_ID"))
        merge_id, linked = store.merge_players(keep, duplicate, reason=reason)
    click.echo(
        _(
            "merged %(duplicate)s into %(keep)s (merge %(merge)s; undo with --undo %(merge)s)",
            duplicate=duplicate,
            keep=keep,
            merge=merge_id,
        )
    )
    _say_linked(linked)


@players_group.command("relink")
@db_option
def players_relink(db: str | None) -> None:
    """Link the results stored under a name several players shared (left unlinked at import)
    to the one player who now has it, after players edit or merge made it unambiguous; say
    what was linked and what still is not.

    \b
    Examples:
      bridgescore players edit 42 --last-name "Lee (junior)"
      bridgescore players relink
    """
    with database(db) as store:
        linked, left = store.relink()
    _say_linked(linked)
    if not linked:
        click.echo(_("nothing to link"))
    for entry in left:
        why = (
            _("could be players %(ids)s", ids=", ".join(map(str, entry.candidates)))
            if entry.candidates
            else _("no player has that name")
        )
        click.echo(
            "  "
            + _(
                "still unlinked: %(name)s in session %(session)s (%(entrant)s): %(why)s",
                name=_shown(entry.name),
                session=entry.session_id,
                entrant=entry.entrant,
                why=why,
            )
        )


def _say_linked(linked: list[Any]) -> None:
    for entry in linked:
        click.echo(
            "  "
            + _(
                "linked %(name)s in session %(session)s (%(entrant)s) to player %(id)s",
                name=_shown(entry.name),
                session=entry.session_id,
                entrant=entry.entrant,
                id=entry.player_id,
            )
        )


@players_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@db_option
@club_option
def players_import(file: str, db: str | None, club: str) -> None:
    """Import a member list CSV: a header with first_name and last_name (or name) and any id
    columns (club, ebu, acbl, nbf, bbo ...). Members are matched by id, then exact name.

    \b
    Examples:
      bridgescore players import members.csv --club Riverside
    """
    with database(db) as store:
        new, updated, ambiguous = store.import_members(file, club)
    click.echo(
        _(
            "%(file)s: %(new)s new players, %(updated)s updated",
            file=file,
            new=len(new),
            updated=len(updated),
        )
    )
    for name, candidates in ambiguous:
        click.echo(
            "  "
            + _(
                "ambiguous: %(name)s could be players %(ids)s: left alone",
                name=_shown(name),
                ids=", ".join(map(str, candidates)),
            )
        )


# --- sessions ----------------------------------------------------------------------------------


@click.group("sessions", cls=Group)
def sessions_group() -> None:
    """Stored sessions: list, show (scored, with corrections), export, correct a result.

    \b
    Examples:
      bridgescore sessions list
      bridgescore sessions show 12 --handicapped
      bridgescore sessions export 12 tuesday.xml
    """


@sessions_group.command("list")
@db_option
@click.option("--club", help=N_("Only this club's sessions."))
def sessions_list(db: str | None, club: str | None) -> None:
    """List the stored sessions.

    \b
    Examples:
      bridgescore sessions list --club Riverside
    """
    with database(db) as store:
        found = store.sessions(club)
    rows = [
        [
            str(s.id),
            "" if s.played_on is None else written_date(s.played_on.isoformat()),
            s.club,
            s.title or "",
            s.movement,
            str(s.boards),
            str(s.results),
            str(s.corrections),
        ]
        for s in found
    ]
    sys.stdout.write(
        _table(
            [
                _("Id"),
                _("Date"),
                _("Club"),
                _("Title"),
                _("Movement"),
                _("Boards"),
                _("Results"),
                _("Corrections"),
            ],
            rows,
        )
    )


@sessions_group.command("show")
@click.argument("session_id", type=ID)
@db_option
@click.option(
    "--handicapped", is_flag=True, help=N_("Add the handicap ranking (handicaps as at its date).")
)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text")
@click.option(
    "--history", "line", metavar="LINE", help=N_("Show every entry of one traveller line.")
)
def sessions_show(
    session_id: int, db: str | None, handicapped: bool, output_format: str, line: str | None
) -> None:
    """Score a stored session under its rules; or show the history of one traveller line.

    \b
    Examples:
      bridgescore sessions show 12
      bridgescore sessions show 12 --handicapped
      bridgescore sessions show 12 --history "|3|r2|t4"
    """
    with database(db) as store:
        if line is not None:
            for entry in store.history(session_id, line):
                state = _("current") if entry.current else _("superseded")
                click.echo(
                    printable(
                        _(
                            "%(id)s: %(result)s (%(state)s) %(when)s by %(who)s: %(reason)s",
                            id=entry.id,
                            result=entry.result,
                            state=state,
                            when=written_time(entry.recorded_at),
                            who=entry.recorded_by,
                            reason=entry.reason or "",
                        )
                    )
                )
            return
        result = store.scored(session_id, handicapped=handicapped)
        sys.stdout.write(_render(result, output_format))
        if output_format == "text":
            corrected = store.corrected_lines(session_id)
            if corrected:
                click.echo(
                    printable(_("Corrected traveller lines: %(lines)s", lines=", ".join(corrected)))
                )


@sessions_group.command("export")
@click.argument("session_id", type=ID)
@click.argument("output", type=click.Path(dir_okay=False))
@click.option(
    "--to",
    type=click.Choice(["csv", "json", "usebio", "pbn"]),
    help=N_("Format (default: from the extension)."),
)
@db_option
def sessions_export(session_id: int, output: str, to: str | None, db: str | None) -> None:
    """Write a stored session to a file: traveller CSV, JSON, USEBIO XML or PBN ("-": stdout).

    \b
    Examples:
      bridgescore sessions export 12 tuesday.csv
      bridgescore sessions export 12 - --to csv
    """
    from bridgescore.store.sessions import EXTENSIONS

    kind = to or EXTENSIONS.get(Path(output).suffix.lower())
    if kind is None:
        raise UsageProblem(
            _(
                "%(output)s: cannot tell the format from its name: give --to csv|json|usebio|pbn",
                output=output,
            )
        )
    from bridgescore.formats.outputs import write_text
    from bridgescore.store.engine import database_url, sqlite_file

    with database(db) as store:
        text = store.export(session_id, kind)
    own = sqlite_file(database_url(db))  # never written over, whatever the output's name
    try:
        write_text(output, text, inputs=() if own is None else (own,))
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    if output != "-":
        click.echo(
            _(
                "session %(session)s written to %(output)s (%(kind)s)",
                session=session_id,
                output=output,
                kind=kind,
            )
        )


@sessions_group.command("correct")
@click.argument("session_id", type=ID)
@click.argument("line")
@click.argument("result")
@click.option("--reason", required=True, help=N_("Why (kept in the log)."))
@click.option("--assigned", is_flag=True, help=N_("The director's assigned score."))
@db_option
def sessions_correct(
    session_id: int, line: str, result: str, reason: str, assigned: bool, db: str | None
) -> None:
    """Correct one traveller line: a new entry supersedes the old one, which is kept.
    LINE is section|board|rROUND|tTABLE (or section|board|NS|EW); RESULT is in traveller
    notation (4S N =, PASS, -50, NP, A+/A-, ...).

    \b
    Examples:
      bridgescore sessions correct 12 "|3|r2|t4" "4S N -1" --reason "wrong tricks entered"
    """
    from bridgescore.night import Service, command_line_actor
    from bridgescore.night.entry import correct

    with database(db) as store:
        entry = correct(
            Service(store),
            command_line_actor(),
            session_id,
            line,
            result,
            reason=reason,
            assigned=assigned,
        )
    click.echo(
        _(
            "session %(session)s, line %(line)s: now %(result)s (entry %(entry)s, supersedes "
            "%(superseded)s)",
            session=session_id,
            line=line,
            result=entry.result,
            entry=entry.id,
            superseded=entry.supersedes,
        )
    )


# --- handicaps ---------------------------------------------------------------------------------


@click.command("handicaps", cls=Command)
@db_option
@click.option("--as-of", "as_of", help=N_("The date (default today): sessions before it count."))
@click.option("--club", help=N_("Only this club's players and sessions."))
@click.option(
    "--player", help=N_("One player (id, KIND:VALUE or exact name), with the arithmetic.")
)
@click.option(
    "--minimum",
    type=click.IntRange(1, MAX_WINDOW),
    default=5,
    show_default=True,
    help=N_("Sessions needed."),
)
@click.option(
    "--window",
    type=click.IntRange(1, MAX_WINDOW),
    default=10,
    show_default=True,
    help=N_("The last N sessions count."),
)
@click.option(
    "--drop/--no-drop",
    default=True,
    show_default=True,
    help=N_("Drop the best and worst of a full window."),
)
@click.option(
    "--months",
    type=click.IntRange(1, MAX_MONTHS),
    help=N_("Only sessions in the N months before the date."),
)
@click.option("--fixed", help=N_("Handicap of a player without enough sessions (default: none)."))
@click.option(
    "--set",
    "manual",
    metavar="HANDICAP",
    help=N_("With --player: a manual override from --as-of on."),
)
@click.option("--reason", help=N_("With --set: why."))
@click.option(
    "--keep",
    is_flag=True,
    help=N_(
        "Keep each handicap as a dated snapshot with its inputs (writes to the database; "
        "without it, handicaps only reads)."
    ),
)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text")
def handicaps_command(
    db: str | None,
    as_of: str | None,
    club: str | None,
    player: str | None,
    minimum: int,
    window: int,
    drop: bool,
    months: int | None,
    fixed: str | None,
    manual: str | None,
    reason: str | None,
    keep: bool,
    output_format: str,
) -> None:
    """Every player's handicap as at a date, from their stored percentages (seed 000 SC 2.6:
    at least 5 sessions; the last 10, dropping the best and the worst; 50 - average). It only
    reads the database; with --keep, each is kept as a dated snapshot with its inputs.

    \b
    Examples:
      bridgescore handicaps --as-of 2026-03-10
      bridgescore handicaps --player "Ann Lee"
      bridgescore handicaps --months 12 --fixed 0
      bridgescore handicaps --as-of 2026-03-10 --keep
      bridgescore handicaps --player 17 --set 2.5 --as-of 2026-01-01 --reason "new member"
    """
    day = date_option(as_of, "--as-of") or date.today()
    policy = _policy(minimum, window, drop, months, fixed)
    with database(db) as store:
        if manual is not None:
            if player is None:
                raise UsageProblem(_("--set needs --player"))
            found = store.set_handicap(player, _fraction(manual, "--set"), day, reason=reason)
            click.echo(
                _(
                    "player %(id)s (%(name)s): handicap %(handicap)s from %(day)s",
                    id=found.id,
                    name=printable(found.name),
                    handicap=manual,
                    day=written_date(day.isoformat()),
                )
            )
            return
        if player is not None:
            chosen = store.handicap(player, day, policy, save=keep)
            if output_format == "json":
                click.echo(json.dumps(chosen.explanation.to_data(), indent=2))
            else:
                click.echo(
                    _(
                        "%(name)s (player %(id)s)",
                        name=printable(chosen.player.name),
                        id=chosen.player.id,
                    )
                )
                click.echo("\n".join(chosen.explanation.lines()))
            return
        found_all = store.handicaps(day, policy, club=club, save=keep)
    if output_format == "json":
        click.echo(json.dumps([h.explanation.to_data() for h in found_all], indent=2))
        return
    rows = [
        [
            str(h.player.id),
            h.player.name,
            _signed(h.explanation.handicap),
            str(len(h.explanation.inputs)),
            _source_said(h.explanation.source),
        ]
        for h in found_all
    ]
    click.echo(
        _(
            "Handicaps as at %(day)s (%(policy)s)",
            day=written_date(day.isoformat()),
            policy=policy.describe(),
        )
    )
    headers = [_("Id"), _("Player"), _("Handicap"), _("Sessions"), _("From")]
    sys.stdout.write(_table(headers, rows))


def _source_said(source: str) -> str:
    """Where a handicap comes from (the explanation's ``source``, English in its JSON), in
    words of the current language."""
    words = {
        "history": pgettext("where a handicap comes from", "history"),
        "override": pgettext("where a handicap comes from", "override"),
        "fixed": pgettext("where a handicap comes from", "fixed"),
        "none": pgettext("where a handicap comes from", "none"),
    }
    return words.get(source, source)


def _signed(value: Fraction | None) -> str:
    from bridgescore.display import fmt

    if value is None:
        return ""
    return ("+" if value > 0 else "") + fmt(value, 2)


def _render(result: Any, output_format: str) -> str:
    """A scored session as text (the tables of ``bridgescore score``) or JSON."""
    from bridgescore.formats import module
    from bridgescore.formats.results_file import ResultsFile
    from bridgescore.reports.text import render

    if output_format == "json":
        return module("json").dumps(ResultsFile.scored(result))
    console, buffer = options_console(False)
    render(result, console)  # pairs or teams of four alike
    return buffer.getvalue()


def _fraction(text: str, what: str) -> Fraction:
    """A handicap typed on the command line: a plain decimal (``2.5``, ``-1``) of -100 to 100;
    anything else (``1e400``, ``²``) refused with a sentence."""
    from bridgescore.cli.common import decimal

    return decimal(text, what, Fraction(-100), Fraction(100))


def _policy(minimum: int, window: int, drop: bool, months: int | None, fixed: str | None) -> Policy:
    from bridgescore.store import Policy

    try:
        return Policy(
            minimum, window, drop, months, None if fixed is None else _fraction(fixed, "--fixed")
        )
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None


COMMANDS = (db_group, import_command, players_group, sessions_group, handicaps_command)
