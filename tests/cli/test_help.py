"""Every command's help is in the language of its environment: the commands' and groups' text,
their options' descriptions, the line a group lists each command by, the examples' heading, and
click's own words (``Usage:``, ``Options``, ``[default: …]``). The pseudo-locale ``qps`` accents
every translated message, so a plain word left in a help is a message that did not pass through
the catalogues; English is what click writes of the same command, byte for byte."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import click
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.cli.help import Command, Group, extract, message_of, said
from bridgescore.cli.movement import movement
from bridgescore.languages import use
from bridgescore.languages.catalogues import pseudo

_WORD = re.compile(r"[A-Za-z]{2,}")
# The language chosen by LANG alone (gettext reads LANGUAGE, LC_ALL and LC_MESSAGES first), and
# a terminal 80 columns wide.
_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "80"}


def _commands() -> Iterator[tuple[tuple[str, ...], click.Command, click.Context]]:
    """Every command and group under ``bridgescore``, with its path and a context for it."""

    def walk(
        command: click.Command, path: tuple[str, ...], ctx: click.Context
    ) -> Iterator[tuple[tuple[str, ...], click.Command, click.Context]]:
        yield path, command, ctx
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None, name
                sub_ctx = sub.context_class(sub, parent=ctx, info_name=name, terminal_width=78)
                yield from walk(sub, (*path, name), sub_ctx)

    root = main.context_class(main, info_name="bridgescore", terminal_width=78)
    yield from walk(main, (), root)


COMMANDS = [path for path, _command, _ctx in _commands()]


def _help(language: str, path: tuple[str, ...]) -> str:
    done = CliRunner().invoke(
        main, [*path, "--help"], env={**_ENV, "LANG": language}, prog_name="bridgescore"
    )
    assert done.exit_code == 0, done.output
    return done.stdout


def _as_typed(command: click.Command, ctx: click.Context) -> set[str]:
    """The words a help shows as they are typed, in every language: the command's name and
    its subcommands', its options, metavars, choices and defaults."""
    typed = {"bridgescore", "OPTIONS", "COMMAND", "ARGS", *ctx.command_path.split()}
    for param in command.get_params(ctx):
        typed |= {*param.opts, *param.secondary_opts, param.make_metavar(ctx)}
        if isinstance(param.type, click.Choice):
            typed |= {str(choice) for choice in param.type.choices}
        if isinstance(param, click.Option) and param.show_default:
            typed.add(str(param.get_default(ctx, call=False)))
    if isinstance(command, click.Group):
        typed |= set(command.list_commands(ctx))
    return set(_WORD.findall(" ".join(typed)))


def _plain_words(text: str, typed: set[str]) -> set[str]:
    """The words of a help that are neither accented nor typed, leaving out the usage line and
    the examples (command lines, as typed)."""
    kept = []
    skipping = False
    for line in text.splitlines():
        if not line.strip():
            skipping = False
        elif line.startswith(("Ûšàĝé:", "Usage:")) or line.strip().startswith(
            ("Éẋàɱþĺéš:", "Examples:")
        ):
            skipping = True
        if not skipping:
            kept.append(line)
    return set(_WORD.findall("\n".join(kept))) - typed


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "bridgescore")
def test_every_help_is_translated_in_the_pseudo_locale(path: tuple[str, ...]) -> None:
    command, ctx = next((c, x) for p, c, x in _commands() if p == path)
    shown = _help("qps", path)
    assert not _plain_words(shown, _as_typed(command, ctx)), shown
    # Translated, not emptied: click's words and the command's own are there, accented.
    assert shown.startswith("Ûšàĝé: bridgescore"), shown
    assert "Šĥöŵ ţĥîš ɱéššàĝé àñđ éẋîţ." in shown
    if command.help:
        assert pseudo(message_of(command.help)[0].split()[0]) in shown


def test_the_pseudo_locale_check_finds_an_english_help() -> None:
    command, ctx = next((c, x) for p, c, x in _commands() if p == ("score",))
    left = _plain_words(_help("C", ("score",)), _as_typed(command, ctx))
    assert {"Score", "traveller", "Show", "message", "exit"} <= left


def test_every_command_and_group_translates_its_help() -> None:
    # The commands imported when asked for (cli/__init__.py) and mail's group included.
    untranslated = [
        " ".join(path)
        for path, command, _ctx in _commands()
        if not isinstance(command, (Command, Group))
    ]
    assert not untranslated


def test_score_help_in_french() -> None:
    shown = _help("fr_FR.UTF-8", ("score",))
    assert shown.startswith("Utilisation : bridgescore score [OPTIONS] FILE [FILE]...\n")
    words = " ".join(shown.split())  # whatever the terminal's width
    assert (
        "Calculer les résultats d'une séance à partir de FILE : feuilles ambulantes CSV, PBN, XML"
        in words
    )
    assert "\n  Exemples :\n    bridgescore score club-night.csv\n" in shown
    assert "\nOptions :\n" in shown
    assert "Jeu de règles nommé : club, ebu ou acbl. [par défaut : club]" in words
    assert "-o, --output FILE" in shown  # the metavar as typed, whatever click calls a file
    assert "-h, --help" in shown and "Afficher ce message et quitter." in shown
    # A rules setting's help, from the settings table.
    assert "Points de match par résultat battu : 2 (top 2(n-1)) ou 1 (top n-1)." in words


def test_the_commands_are_listed_in_french() -> None:
    shown = _help("fr_FR.UTF-8", ())
    assert "  Le calcul exact et expliqué des résultats du bridge de duplicate.\n" in shown
    assert "\nCommandes :\n" in shown
    assert "  --version   Afficher la version et quitter.\n" in shown
    assert re.search(r"\n  movement +Les mouvements : qui est assis où, sur quelles", shown)


def test_a_subcommands_help_in_dutch() -> None:
    shown = _help("nl_NL.UTF-8", ("players", "add"))
    assert shown.startswith("Gebruik: bridgescore players add [OPTIONS] FIRST_NAME LAST_NAME\n")
    words = " ".join(shown.split())
    assert "Een speler toevoegen. Een naam die een speler al heeft wordt geweigerd" in words
    assert "\n  Voorbeelden:\n    bridgescore players add Ann Lee" in shown
    assert "\nOpties:\n" in shown
    assert "De club waartoe de gegevens behoren. [standaard: club]" in words
    assert "Deze hulp tonen en stoppen." in words


@pytest.mark.parametrize(
    ("language", "said_"),
    [("nl_NL.UTF-8", "bridgescore, versie "), ("C.UTF-8", "bridgescore, version ")],
)
def test_the_version_is_said_in_the_language(language: str, said_: str) -> None:
    done = CliRunner().invoke(main, ["--version"], env={**_ENV, "LANG": language})
    assert done.exit_code == 0
    assert done.stdout.startswith(said_), done.stdout


@pytest.mark.parametrize(
    ("language", "arguments", "said_"),
    [
        ("fr_FR.UTF-8", ("score",), "Erreur : Argument manquant 'FILE'."),
        (
            "fr_FR.UTF-8",
            ("score", "x.csv", "--method", "bogus"),
            "Erreur : Valeur invalide pour '--method' : 'bogus' n'est pas l'une des valeurs "
            "'matchpoints', 'butler', 'cross-imps', 'teams'.",
        ),
        ("fr_FR.UTF-8", ("score", "--bogus"), "Erreur : Pas d'option '--bogus'."),
        ("nl_BE.UTF-8", ("nosuchcommand",), "Fout: Geen opdracht 'nosuchcommand'."),
        (
            "nl_NL.UTF-8",
            ("mail", "send", "--tries", "0", "db:1"),
            "Fout: Ongeldige waarde voor '--tries': 0 ligt niet in het bereik 1<=x<=10.",
        ),
        ("C.UTF-8", ("score",), "Error: Missing argument 'FILE'."),
    ],
)
def test_a_command_line_click_refuses_is_refused_in_the_language(
    language: str, arguments: tuple[str, ...], said_: str
) -> None:
    done = CliRunner().invoke(
        main, list(arguments), env={**_ENV, "LANG": language}, prog_name="bridgescore"
    )
    assert done.exit_code == 2
    assert said_ in done.stderr, done.stderr
    usage = {"fr": "Utilisation : ", "nl": "Gebruik: ", "C.": "Usage: "}[language[:2]]
    assert done.stderr.startswith(usage), done.stderr


def _click_help(command: click.Command, ctx: click.Context) -> str:
    """The help click itself writes of ``command``: its own methods, its own formatter."""
    formatter = click.HelpFormatter(width=78)
    command.format_usage(ctx, formatter)
    click.Command.format_help_text(command, ctx, formatter)
    click.Command.format_arguments(command, ctx, formatter)
    click.Command.format_options(command, ctx, formatter)
    if isinstance(command, click.Group):
        rows = []
        limit = formatter.width - 6 - max(len(name) for name in command.list_commands(ctx))
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            rows.append((name, click.Command.get_short_help_str(sub, limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)
    click.Command.format_epilog(command, ctx, formatter)
    return formatter.getvalue().rstrip("\n")


@pytest.mark.parametrize("path", COMMANDS, ids=lambda path: " ".join(path) or "bridgescore")
def test_the_english_help_is_what_click_writes(path: tuple[str, ...]) -> None:
    command, ctx = next((c, x) for p, c, x in _commands() if p == path)
    with use("en"):
        assert command.get_help(ctx) == _click_help(command, ctx)
    with use("fr"):
        assert command.get_help(ctx) != _click_help(command, ctx)


def test_a_help_is_looked_up_by_its_prose_with_each_paragraph_on_one_line() -> None:
    help = """Score a session
    from FILE.

    Several FILEs are
    one event.

    \b
    Examples:
      bridgescore score a.csv
      bridgescore score a.csv b.csv
    """
    message, examples = message_of(help)
    assert message == "Score a session from FILE.\n\nSeveral FILEs are one event."
    assert examples == "  bridgescore score a.csv\n  bridgescore score a.csv b.csv"
    with use("en"):
        assert said(help) == help  # English: as written, to the byte
    with use("qps"):
        assert said(help) == help  # not a message of the catalogues: as written
    assert movement.help is not None
    with use("qps"):
        shown = said(movement.help)
    assert shown.startswith("Ṁöṽéɱéñţš: ŵĥö šîţš ŵĥéŕé")
    assert shown.endswith("\n\n\b\nÉẋàɱþĺéš:\n" + message_of(movement.help)[1])


def test_the_extraction_reads_the_commands_docstrings_and_nothing_else() -> None:
    source = b'''
import click
from bridgescore.languages import N_

@click.command()
@click.option("--x", help=N_("An option."))
def command() -> None:
    """A command.

    \\b
    Examples:
      bridgescore command
    """

@group.command("sub")
def sub() -> None:
    """A subcommand."""

def helper() -> None:
    """Not a help."""
'''
    found = [
        message
        for _line, _function, message, _comments in extract(
            io.BytesIO(source), {**DEFAULT_KEYWORDS, "N_": None}, [], {}
        )
    ]
    assert sorted(found) == ["A command.", "A subcommand.", "An option."]


# Capitals a help may use that name no placeholder: formats, bodies, notation, variables.
_NOT_PLACEHOLDERS = {
    "JSON",
    "CSV",
    "PBN",
    "SMTP",
    "USEBIO",
    "XML",
    "URL",
    "EBU",
    "ABF",
    "ACBL",
    "NZ",
    "IMP",
    "VP",
    "NS",
    "EW",
    "ID",
    "HTML",
    "UTF",
    "TLS",
    "DUP",
    "DLM",
    "BRI",
    "DGE",
    "BER",
    "BHG",
    "CDS",
    "RZD",
    "LIN",
    "ASC",
    "NT",
    "NP",
    "MP",
    "TOML",
    "HTTP",
    "HTTPS",
    "WBF",
    "QR",
    "PEM",
    "PASS",
    "SC",
    "A4",
    "BRIDGESCORE_DB",
    "P2P_CHARGE_RATE",
    "WINNER_TYPE",
    "YYYY",
    "MM",
    "DD",
    "KIND",
    "VALUE",
}
_CAPITALS = re.compile(r"\b[A-Z][A-Z0-9_]+\b")


def _placeholders_shown(command: click.Command, ctx: click.Context) -> set[str]:
    """The placeholders the usage line and the options' list show: the arguments' and the
    options' metavars (``FILE``, ``OUT``, ``TEAM@ROUND``)."""
    shown: set[str] = set()
    for param in command.params:
        if not getattr(param, "is_flag", False):
            shown |= set(_CAPITALS.findall(param.make_metavar(ctx)))
    return shown


def test_every_help_names_the_placeholders_its_usage_shows() -> None:
    """A help that says "Write to OUT." beside ``-o, --output FILE`` names a thing the reader
    cannot find: each capitalised placeholder in a command's text and its options' help is a
    metavar the usage line or the options' list shows."""
    wrong = []
    for path, command, ctx in _commands():
        shown = _placeholders_shown(command, ctx) | _NOT_PLACEHOLDERS
        prose = (command.help or "").split("\b")[0]  # the examples are command lines
        texts = [("text", prose)] + [
            ("/".join(p.opts), p.help or "") for p in command.params if isinstance(p, click.Option)
        ]
        for where, text in texts:
            unknown = set(_CAPITALS.findall(text)) - shown
            if unknown:
                wrong.append(f"bridgescore {' '.join(path)} {where}: {sorted(unknown)}")
    assert not wrong, "\n".join(wrong)


def test_a_help_naming_a_placeholder_not_shown_would_be_caught() -> None:
    @click.command()
    @click.argument("file")
    @click.option("-o", "--output", metavar="FILE", help="Write to OUT.")
    def probe(file: str, output: str) -> None:
        """Read FILE."""

    ctx = click.Context(probe, info_name="probe")
    shown = _placeholders_shown(probe, ctx)
    assert shown == {"FILE"}
    assert set(_CAPITALS.findall("Write to OUT.")) - shown == {"OUT"}
