"""What every command shares: how a user's mistake ends a command, and opening the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from bridgescore.languages import _

if TYPE_CHECKING:
    from bridgescore.store import Store


class UsageProblem(click.ClickException):
    """Bad input: a clear message and exit status 2, never a traceback."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        from bridgescore.languages.text import shown  # a Text (a database's failure) in LANG

        super().__init__(str(shown(message)))

    def show(self, file: Any = None) -> None:
        from bridgescore.display import printable  # a message may quote a file's text

        click.echo(f"bridgescore: {printable(self.format_message(), lines=True)}", err=True)


def decimal(text: str, what: str, least: Fraction, most: Fraction) -> Fraction:
    """A number typed on the command line, exactly: a plain decimal of at most nine digits
    before and after the point, from ``least`` to ``most``. An exponent (``1e400``), a
    Unicode digit (``²``), a fraction or a word is refused with a sentence, never computed."""
    import re

    value = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,9}(\.[0-9]{1,9})?", value):
        shown = value if len(value) <= 20 else value[:20] + "…"
        raise UsageProblem(
            _(
                "%(what)s: not a number: %(found)s (expected a number like 2.5 or -1)",
                what=what,
                found=repr(shown),
            )
        )
    found = Fraction(value)
    if not least <= found <= most:
        raise UsageProblem(
            _(
                "%(what)s: %(value)s is out of range (expected %(least)s to %(most)s)",
                what=what,
                value=value,
                least=least,
                most=most,
            )
        )
    return found


def waiting(sentence: str) -> None:
    """Say on standard error that a command is waiting for the database."""
    click.echo(f"bridgescore: {sentence}", err=True)


@contextmanager
def database(db: str | None) -> Iterator[Store]:
    """The store at ``db``, closed at the end; our errors and every database failure (a file
    that cannot be written, a lock, a server that cannot be reached) end the command as one
    line naming the database, exit status 2. SQLAlchemy is imported only here, when used."""
    from bridgescore.errors import BridgeScoreError
    from bridgescore.store import open_store
    from bridgescore.store.engine import database_url, failure

    try:
        store = open_store(db, waiting)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    try:
        yield store
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    except Exception as error:
        said = failure(error, database_url(db))
        if said is None:
            raise
        raise UsageProblem(said) from None
    finally:
        store.close()
