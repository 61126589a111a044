"""The cyclic garbage collector paused while a session's records are made.

Reading a session and scoring it make hundreds of thousands of small records (rows, results,
explanations) that hold each other as trees, never in cycles: the collector finds nothing in
them, yet its passes over the growing heap took a third of reading and scoring a simultaneous
pairs of 78,000 results. Reference counting frees them as ever; only the cycle search waits.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No cycle collection during the block (or the decorated call); as before after it.

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
        gc.enable()
