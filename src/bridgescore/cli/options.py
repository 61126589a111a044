"""What the commands that score share: the rules options (made from the settings table), the
field structure forced on the command line, loading a session with its handicaps, and the console
that prints results."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.errors import located
from bridgescore.languages import N_, _, ngettext
from bridgescore.languages.text import Text

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import Console

    from bridgescore.errors import Problem
    from bridgescore.masterpoints import Awards, Scheme
    from bridgescore.movements.model import Movement
    from bridgescore.reports.plain import PlainWriter
    from bridgescore.results import SessionResult
    from bridgescore.rules import Rules
    from bridgescore.session import Entrant, FieldStructure, Session
    from bridgescore.teams_results import TeamsResult

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
            help=N_("Named rule set: club, ebu or acbl."),
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
            "--db",
            metavar="PATH|URL",
            help=N_(
                "The club database holding a stored session given as db:ID "
                "(default BRIDGESCORE_DB or the user's data folder)."
            ),
        )
    )
    options.append(
        click.option(
            "--movement",
            metavar="KIND|FILE",
            help=N_(
                "mitchell, howell or individual to force the field structure; or the "
                "movement's JSON file (bridgescore movement ... --format json): rows may then give "
                "their table and round and leave the pairs out, and pairs given are checked."
            ),
        )
    )
    for option in reversed(options):
        func = option(func)
    return func


def masterpoint_options(func: F) -> F:
    """``--masterpoints SCHEME``: each ranked entrant's award, explained; ``--deals FILE``: the
    boards' deals from hand records (score and report)."""
    func = click.option(
        "--deals",
        "deals",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help=N_(
            "Hand records for a results file without deals (PBN, DUP, DLM, BRI, DGE, BER, "
            "BHG, CDS, RZD, LIN or CSV; bridgescore deals FILE shows them)."
        ),
    )(func)
    func = click.option(
        "--strata",
        metavar="A,B=750,C=300",
        help=N_(
            "ACBL strata, best first: B=750 holds the pairs whose higher holder has fewer "
            "than 750 masterpoints (with --holdings; docs/masterpoints.md)."
        ),
    )(func)
    func = click.option(
        "--holdings",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help=N_(
            "With --strata: each player's masterpoints held, a CSV of player,masterpoints "
            "(the player by national number, club number or name)."
        ),
    )(func)
    return click.option(
        "--masterpoints",
        "masterpoints",
        metavar="SCHEME|FILE",
        help=N_(
            "Award masterpoints: abf:green, abf:red (abf:red:3.0 for another weight), "
            "acbl:club (acbl:club:invitational …), nz:club, or a scheme file (.toml or .json; "
            "docs/masterpoints.md)."
        ),
    )(func)


def masterpoint_scheme(spec: str) -> Scheme:
    """The scheme ``--masterpoints`` names: built in, or read from a scheme file."""
    from bridgescore.errors import ParseError
    from bridgescore.masterpoints import scheme_named

    if spec.lower().endswith((".toml", ".json")) or os.sep in spec or os.path.exists(spec):
        from bridgescore.formats.files import display_name, read_utf8
        from bridgescore.masterpoints.table import loads

        kind = "json" if spec.lower().endswith(".json") else "toml"
        return loads(read_utf8(spec, Text(N_("masterpoint scheme"))), display_name(spec), kind=kind)
    try:
        return scheme_named(spec)
    except ParseError as error:
        from bridgescore.cli.common import UsageProblem

        raise UsageProblem(located("--masterpoints", str(error))) from None


def masterpoints_for(result: SessionResult | TeamsResult, options: dict[str, Any]) -> Awards | None:
    """The awards ``--masterpoints`` asks for, or None."""
    spec = options.get("masterpoints")
    if not spec:
        if options.get("strata") or options.get("holdings"):
            from bridgescore.cli.common import UsageProblem

            raise UsageProblem(_("--strata and --holdings stratify --masterpoints acbl:club …"))
        return None
    from bridgescore.masterpoints import award

    return award(result, with_strata(masterpoint_scheme(spec), result.session, options))


def with_strata(scheme: Scheme, session: Session, options: dict[str, Any]) -> Scheme:
    """``scheme`` with each pair in its stratum when ``--strata`` and ``--holdings`` are given
    (both or neither)."""
    strata, holdings = options.get("strata"), options.get("holdings")
    if not strata and not holdings:
        return scheme
    from bridgescore.cli.common import UsageProblem

    if not strata or not holdings:
        raise UsageProblem(
            _(
                "--strata and --holdings go together: the strata's limits, and what each "
                "player holds"
            )
        )
    from bridgescore.errors import ParseError
    from bridgescore.formats.files import display_name, read_utf8
    from bridgescore.masterpoints.strata import parse_holdings, parse_strata, stratified

    try:
        chosen = parse_strata(strata)
    except ParseError as error:
        raise UsageProblem(located("--strata", str(error))) from None
    held = parse_holdings(
        read_utf8(holdings, Text(N_("masterpoint holdings"))), display_name(holdings)
    )
    return stratified(scheme, session, chosen, held)


def rules_from(options: dict[str, Any]) -> Rules:
    """The named rule set with the settings given on the command line."""
    from bridgescore.rules import SETTINGS, rules_named

    changes = {s.field: options[s.field] for s in SETTINGS if options.get(s.field) is not None}
    return rules_named(options["rules_name"]).with_(**changes)


def load(
    file: str, history: str | None, options: dict[str, Any], *, published: bool = True
) -> tuple[Session, Rules, dict[Entrant, Fraction] | None]:
    """The session, the rules it is scored by, and the handicaps when a history is given.

    A stored session comes with each name as its player lets it be published (docs/privacy.md);
    ``published=False`` gives the names as stored (the national body's file).
    """
    from bridgescore.formats import load_path

    rules = rules_from(options)
    if stored_number(file) is not None:
        session, stored = _stored(file, options.get("db"), rules, published)
        session = with_deals(session, options.get("deals"))
        return session, rules, (_handicaps(session, rules, history) if history else stored)
    rf = load_path(file, structure(options, rules), movement_file(options))
    show_warnings(rf.warnings, file)
    rules = rules.with_declared(rf.declared(), given(options))
    handicaps = _handicaps(rf.session, rules, history) if history else None
    return with_deals(rf.session, options.get("deals")), rules, handicaps


def with_deals(session: Session, path: str | None) -> Session:
    """``session`` with the deals of the hand records ``--deals`` names, if it names any;
    its boards the hand records lack are noted on standard error."""
    if not path:
        return session
    from bridgescore.formats import hands
    from bridgescore.formats.files import display_name

    records = hands.read_path(path)
    show_warnings(records.warnings, path)
    session, notes = hands.with_deals(session, records, display_name(path))
    for note in notes:
        say_note(note.describe(display_name(path)))
    return session


def say_note(sentence: str) -> None:
    """A note on standard error: what the command did that the user should know."""
    click.echo("bridgescore: " + _("note: %(what)s", what=sentence), err=True)


def given(options: dict[str, Any]) -> set[str]:
    """The rule settings the command line sets: they win over those a file declares."""
    from bridgescore.rules import SETTINGS

    return {s.field for s in SETTINGS if options.get(s.field) is not None}


def show_warnings(warnings: tuple[Problem, ...], path: str) -> None:
    """What the reader reinterpreted or dropped, one line each on standard error."""
    from bridgescore.display import printable
    from bridgescore.formats.files import display_name

    for warning in warnings:
        said = printable(warning.describe(display_name(path)), lines=True)
        click.echo("bridgescore: " + _("warning: %(what)s", what=said), err=True)


MAX_ID = 2**31 - 1  # the largest id a database row can have


def stored_number(file: str) -> int | None:
    """The number of a session in the club database, named on the command line as ``db:ID``
    (as ``re.fullmatch(r"db:(\\d+)")`` reads it; \\d is str.isdecimal), or None."""
    number = file[3:] if file.startswith("db:") else ""
    return int(number) if number.isdecimal() else None


def _stored(
    name: str, db: str | None, rules: Rules, published: bool = True
) -> tuple[Session, dict[Entrant, Fraction] | None]:
    """A stored session, with its players' handicaps as at its date when the database has
    them and it is scored at matchpoints (a handicapped ranking is then added by itself)."""
    from bridgescore.cli.common import UsageProblem, database
    from bridgescore.rules import Method
    from bridgescore.scoring import method_of
    from bridgescore.session import Session
    from bridgescore.store import StoreError

    number = stored_number(name)
    assert number is not None
    if number > MAX_ID:
        raise UsageProblem(
            _("%(name)s: no such stored session (ids go up to %(most)s)", name=name, most=MAX_ID)
        )
    with database(db) as store:
        if published:
            from bridgescore.store.outreach import PlayersSide

            loaded = PlayersSide(store).published_session(number)
        else:
            loaded = store.load_session(number)
        assert isinstance(loaded, Session)
        if method_of(loaded, rules) is not Method.MATCHPOINTS:
            return loaded, None
        try:
            handicaps = store.entrant_handicaps(number)
        except StoreError as error:
            say_note(_("no handicapped ranking: %(why)s", why=error))
            return loaded, None
    return loaded, handicaps or None


def _handicaps(session: Session, rules: Rules, history: str) -> dict[Entrant, Fraction]:
    """Each entrant's handicap as at the session's date, saying what cannot be worked out."""
    from bridgescore.cli.common import UsageProblem
    from bridgescore.formats.files import display_name, read_utf8
    from bridgescore.handicap import entrant_handicap, parse_history, session_day, without_handicap
    from bridgescore.rules import Method
    from bridgescore.scoring import method_of

    method = method_of(session, rules)
    if method is not Method.MATCHPOINTS:
        raise UsageProblem(
            _(
                "--handicaps: a handicapped ranking adds handicaps to percentages, and a "
                "session scored by %(method)s has none: leave out --handicaps",
                method=method.title,
            )
        )
    day = session_day(session.date)
    if day is None:
        say_note(
            _(
                "the session has no date%(found)s, so every result in the history counts "
                "towards the handicaps",
                found=_found(session.date),
            )
        )
    # read as every input is (why it cannot be, said once, in the language; any encoding)
    past = parse_history(read_utf8(history, "CSV"), display_name(history), before=day)
    entrants = sorted({e for t in session.tables for e in session.entrants_all(t)})
    unnamed = [e.label for e in entrants if not session.names.get(e)]
    if unnamed:
        say_note(
            ngettext(
                "handicap 0 for %(num)d entrant the file does not name: %(names)s",
                "handicap 0 for %(num)d entrants the file does not name: %(names)s",
                len(unnamed),
                names=", ".join(unnamed),
            )
        )
    missing = []
    for entrant in entrants:
        for player, count in without_handicap(session.names.get(entrant), past):
            known = (
                _("not in the history")
                if count == 0
                else ngettext("only %(num)d result", "only %(num)d results", count)
            )
            missing.append(f"{player} ({known})")
    if missing:
        say_note(
            ngettext(
                "handicap 0 for %(num)d player without 5 results before the session: %(names)s",
                "handicap 0 for %(num)d players without 5 results before the session: %(names)s",
                len(missing),
                names=", ".join(missing),
            )
        )
    return {e: entrant_handicap(session.names.get(e), past, rules.handicap_sum) for e in entrants}


def _found(text: str | None) -> str:
    return _(" bridgescore can read (%(found)s)", found=repr(text)) if text else ""


def structure(options: dict[str, Any], rules: Rules | None = None) -> FieldStructure | None:
    """The field structure the command line forces, if any: the method's (teams of four) when
    it scores by ``rules``, else the one ``--movement`` names."""
    from bridgescore.scoring import structure_for
    from bridgescore.session import FieldStructure

    forced = None if rules is None else structure_for(rules)
    if forced is not None:
        return forced
    text = options.get("movement")
    if not text or text.strip().lower() not in _STRUCTURES:
        return None
    return FieldStructure.parse(text)


_STRUCTURES = ("mitchell", "howell", "individual")


def movement_file(options: dict[str, Any]) -> Movement | None:
    """The movement read from the file ``--movement`` names, if it names one."""
    text = options.get("movement")
    if not text or text.strip().lower() in _STRUCTURES:
        return None
    from bridgescore.errors import InputFileError, Problem
    from bridgescore.formats.files import read_utf8
    from bridgescore.movements import jsonform

    if not os.path.exists(text):
        raise InputFileError(
            text,
            [
                Problem(
                    _("no such movement file"),
                    found=text,
                    expected=_("mitchell, howell, individual or a movement's JSON file"),
                )
            ],
        )
    return jsonform.loads(read_utf8(text, Text(N_("movement JSON"))), path=text)


def inputs_of(*files: str | None, options: dict[str, Any] | None = None) -> tuple[str, ...]:
    """The files a command reads (its arguments and ``--movement``'s file): never written over."""
    found = [f for f in files if f]
    movement = (options or {}).get("movement")
    if movement and movement.strip().lower() not in _STRUCTURES:
        found.append(movement)
    return tuple(found)


def console(to_file: bool) -> tuple[Console, io.StringIO]:
    """A rich console writing to a buffer: styled on a terminal, plain 120 columns otherwise."""
    from bridgescore.cli.plain_tables import PlainTablesConsole
    from bridgescore.reports.plain import WIDTH

    buffer = io.StringIO()
    terminal = _terminal(to_file)
    # Names and titles come from the results file: print them as they are, never as rich
    # markup or emoji codes (a name like "Lee [sub]" would otherwise vanish or fail).
    console = PlainTablesConsole(
        file=buffer, width=None if terminal else WIDTH, force_terminal=terminal
    )
    return console, buffer


def plain_writer(to_file: bool) -> PlainWriter | None:
    """A writer printing what :func:`console`'s console would print, without rich: nothing
    styled at 120 columns to a file or a pipe; on a terminal, its width and styles as rich would
    take them when that is certain without rich, else None."""
    from bridgescore.reports.plain import PlainWriter

    if not _terminal(to_file):
        return PlainWriter()
    from bridgescore.cli.terminal import terminal_look

    look = terminal_look(os.environ)
    return None if look is None else PlainWriter(*look)


def _terminal(to_file: bool) -> bool:
    return sys.stdout.isatty() and not to_file
