"""What every command shares: how a user's mistake ends a command, and opening the database."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from bridgescore.store import Store


class UsageProblem(click.ClickException):
    """Bad input: a clear message and exit status 2, never a traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        from bridgescore.display import printable  # a message may quote a file's text

        click.echo(f"bridgescore: {printable(self.format_message(), lines=True)}", err=True)


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
