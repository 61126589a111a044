"""What every command shares: how a user's mistake ends a command."""

from __future__ import annotations

from typing import Any

import click


class UsageProblem(click.ClickException):
    """Bad input: a clear message and exit status 2, never a traceback."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgescore: {self.format_message()}", err=True)
