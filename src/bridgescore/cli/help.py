"""Every command's help in the user's language: its text, its options' descriptions and the
line a group lists it by, translated when the help is written, not when the command is defined
(commands are defined as their modules are imported, before the language is known).

A command's help is its docstring; its examples, the paragraph that ends it (``\\b`` then
``Examples:``), are command lines and stay as typed but for their heading. The message is the
prose before them with each paragraph's lines joined (:func:`message_of`): what
``make catalogues`` extracts (:func:`extract`, the ``cli`` domain's method) and what is looked
up, so rewrapping a docstring loses no translation. An option's help is marked with ``N_`` where
it is written. A help with no translation is shown as written: English is byte for byte what
click writes.

Click's own words (``Usage:``, ``Options``, ``Error: …``) are translated by click through the
standard ``gettext``: :mod:`bridgescore.cli.click_words` gives it our catalogues.
"""

from __future__ import annotations

import ast
import copy
import inspect
import io
from collections.abc import Iterator
from typing import IO, Any

import click

from bridgescore.languages import _

#: How a help's examples begin: click's "no rewrap" mark, then the heading.
_EXAMPLES = "\n\n\b\nExamples:\n"
#: click's own help option's description (a message of the ``click`` domain), translated as
#: the others are.
_HELP_OPTION = "Show this message and exit."


def message_of(help: str) -> tuple[str, str]:
    """The message a help is translated by (its prose, each paragraph on one line) and its
    examples (the command lines after ``Examples:``, or ``""``)."""
    prose, _mark, examples = inspect.cleandoc(help).partition(_EXAMPLES)
    paragraphs = (" ".join(line.strip() for line in p.splitlines()) for p in prose.split("\n\n"))
    return "\n\n".join(paragraphs), examples


def said(help: str) -> str:
    """A command's help in the current language, as click writes a help (paragraphs, and the
    examples kept from rewrapping); as written when it has no translation."""
    message, examples = message_of(help)
    translated = _(message)
    if translated == message:
        return help
    if not examples:
        return translated
    heading = _("Examples:")
    return f"{translated}\n\n\b\n{heading}\n{examples}"


class _Formatter(click.HelpFormatter):
    """click's help formatter, with a section's heading written as the language writes one
    (``Options :`` in French)."""

    def write_heading(self, heading: str) -> None:
        written = _("%(heading)s:", heading=heading)
        self.write(f"{'':>{self.current_indent}}{written}\n")


class _Context(click.Context):
    formatter_class = _Formatter


class _Translated(click.Command):
    """What every command and group of bridgescore does with its help: translates it as it is
    written, and speaks the environment's language when it is the command run."""

    context_class = _Context

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from bridgescore.cli.click_words import click_speaks
        from bridgescore.languages import from_environment, use

        code = from_environment()
        with use(code), click_speaks(code):
            return super().main(*args, **kwargs)

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None:
            # click words it once, in the language of the first help asked for; ours is
            # translated each time it is shown.
            option.help = _HELP_OPTION
        return option

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        click.Command.format_help_text(self._in_language(), ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        return click.Command.get_short_help_str(self._in_language(), limit)

    def _in_language(self) -> click.Command:
        """This command with its help in the current language (a copy: the command keeps its
        docstring), for click to write as it writes any help."""
        if not self.help:
            return self
        shown = copy.copy(self)
        shown.help = said(self.help)
        return shown

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        records = []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                continue
            record = _described(param).get_help_record(ctx)
            if record is not None:
                records.append(record)
        if records:
            with formatter.section(_gettext("Options")):
                formatter.write_dl(records)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)


def _described(param: click.Parameter) -> click.Parameter:
    """``param`` with its description in the current language (a copy: the command's own
    keeps the message)."""
    help = getattr(param, "help", None)
    translated = _(help) if help else help
    if translated == help:
        return param
    shown = copy.copy(param)
    shown.help = translated
    return shown


def _gettext(message: str) -> str:
    """A word of click's own, as click translates it (:mod:`bridgescore.cli.click_words`)."""
    import gettext

    return gettext.gettext(message)


class Command(_Translated):
    """A command whose help is in the user's language."""


class Group(_Translated, click.Group):
    """A group whose help, and its commands' (made with ``@group.command()``), are in the
    user's language."""

    command_class = Command
    group_class = type  # a group's groups are of its own class


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction of a command module: its messages, as Python's, and the help of
    each command or group it defines (the docstring of a function decorated with
    ``….command(…)`` or ``….group(…)``), as :func:`message_of` gives it."""
    from babel.messages.extract import extract_python

    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef) or not any(map(_is_command, node.decorator_list)):
            continue
        docstring = ast.get_docstring(node, clean=False)
        if docstring:  # as if marked N_(…): a message, its first argument
            yield node.body[0].lineno, "N_", message_of(docstring)[0], []


def _is_command(decorator: ast.expr) -> bool:
    call = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(call, ast.Attribute) and call.attr in ("command", "group")
