"""The progress bar of the commands that can run long (``report``, ``import``): drawn on a
terminal's standard error once the work has taken a second, so a club night stays quiet and a
simultaneous pairs shows how far it is."""

from __future__ import annotations

import time
from typing import Any

DELAY = 1.0
"""Seconds of work before a bar is drawn."""


class Progress:
    """Call it with how much of how much is done (and, when it changes, what is being done);
    :meth:`hide` it to print lines, and :meth:`close` it at the end. Nothing is drawn to a file
    or a pipe, and standard output is left alone (rich would send it to the bar's stream)."""

    def __init__(self, description: str, delay: float | None = None) -> None:
        self.description = description
        self.shown_after = time.perf_counter() + (DELAY if delay is None else delay)
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int, description: str | None = None) -> None:
        if description is not None:
            self.description = description
        if self.bar is None:
            if time.perf_counter() < self.shown_after:
                return
            from rich.console import Console
            from rich.progress import Progress as Bar

            console = Console(stderr=True)
            if not console.is_terminal:
                self.shown_after = float("inf")
                return
            self.bar = Bar(
                console=console, transient=True, redirect_stdout=False, redirect_stderr=False
            )
            self.bar.start()
            self.task = self.bar.add_task(self.description, total=total)
        elif not self.bar.live.is_started:
            self.bar.start()  # drawn again after hide()
        self.bar.update(self.task, completed=done, total=total, description=self.description)

    def hide(self) -> None:
        """Take the bar off the terminal until it is next called, so that lines printed now
        are not drawn over."""
        if self.bar is not None:
            self.bar.stop()  # nothing when already stopped

    def close(self) -> None:
        self.hide()


__all__ = ["DELAY", "Progress"]
