"""The garbage collector's one policy: how bridgescore asks it to look less while a session's
records are made.

Reading a session and scoring it make hundreds of thousands of small records (rows, results,
explanations) that hold each other as trees, never in cycles: the collector finds nothing in
them, yet its passes over the growing heap took a third of reading and scoring a simultaneous
pairs of 78,000 results. Reference counting frees them as ever; only the cycle search waits.

* :func:`command_started`: a command's start (what is imported lives as long as the process);
* :func:`paused`: no cycle search while records are made, and, for records kept to the end of
  the command, none over them afterwards either.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLD = (50_000, 20, 20)
"""Objects made before a collection is considered (the interpreter's default is 700)."""


def command_started() -> None:
    """What is imported by now lives as long as the process, so the collector need not walk it
    again (``gc.freeze``); a command's records are trees, not cycles, so it is asked to look
    less often while they are made."""
    gc.freeze()
    gc.set_threshold(*THRESHOLD)


@contextmanager
def paused(*, kept: bool = False) -> Iterator[None]:
    """No cycle collection during the block (or the decorated call); as before after it.

    ``kept``: what the block made lives to the end of the process (one session read, scored
    and printed by a command), so it is left out of later collections too, the one at exit
    included (``gc.freeze``).

    Mercurial's ``util.nogc`` does the same for its large structures. Nested or concurrent
    uses are harmless: only the outermost one that paused the collector starts it again.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if kept:
            gc.freeze()
        gc.enable()


__all__ = ["THRESHOLD", "command_started", "paused"]
