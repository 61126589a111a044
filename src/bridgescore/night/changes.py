"""Who learns of a change: the console's and the phones' event streams wait here.

Every change to a live session counts up its revision in the change's own transaction
(:func:`bridgescore.store.live.touch`). While anyone watches a session, one task per worker
reads its marks (one small query) every :data:`INTERVAL` seconds and wakes the watchers whose
condition now holds: a console waits for a new session revision, a phone for a new revision of
its own table. A change made by another worker or another process is seen the same way, so
several workers need nothing else between them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from bridgescore.store.live import Marks

INTERVAL = 0.2  # seconds between two reads of a watched session's marks
LOG = logging.getLogger("bridgescore.night")


@dataclass
class _Watch:
    waiters: int = 0
    marks: Marks | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Changes:
    """The watched sessions of this worker (see the module); ``read`` gives a session's marks."""

    def __init__(self, read: Callable[[int], Marks], interval: float = INTERVAL) -> None:
        self.read = read
        self.interval = interval
        self._watches: dict[int, _Watch] = {}

    async def wait(
        self, session_id: int, until: Callable[[Marks], bool], timeout: float
    ) -> Marks | None:
        """The session's marks as soon as ``until`` holds of them (at once if it does now), or
        None when ``timeout`` seconds pass first."""
        watch = self._watches.setdefault(session_id, _Watch())
        watch.waiters += 1
        try:
            if watch.task is None:
                watch.task = asyncio.create_task(self._poll(session_id, watch))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + timeout
            while True:
                if watch.marks is not None and until(watch.marks):
                    return watch.marks
                remaining = deadline - loop.time()
                if remaining <= 0:
                    return None
                try:
                    await asyncio.wait_for(watch.changed.wait(), remaining)
                except TimeoutError:
                    return None
        finally:
            watch.waiters -= 1

    async def _poll(self, session_id: int, watch: _Watch) -> None:
        try:
            while watch.waiters > 0:
                try:
                    marks = await asyncio.to_thread(self.read, session_id)
                except Exception:  # the database away a moment: the watchers wait on
                    LOG.exception("reading the marks of session %s", session_id)
                    await asyncio.sleep(5 * self.interval)
                    continue
                if watch.marks is None or marks != watch.marks:
                    watch.marks = marks
                    woken, watch.changed = watch.changed, asyncio.Event()
                    woken.set()
                await asyncio.sleep(self.interval)
        finally:
            watch.task = None
            if watch.waiters == 0 and self._watches.get(session_id) is watch:
                del self._watches[session_id]
