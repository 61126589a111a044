"""Writing a site's files on background threads, beside the rendering, and a share of the pages
rendered by a forked copy of the process on a second core.

A large site is thousands of files, and making a file is mostly the kernel's work, done while
Python's lock is released: on other threads it runs while the next page is rendered, instead of
after it. Where making files is slow (a busy disk, a virtual machine), two threads keep up with
the renderer better than one. Each file gets ``Path.write_text(text, encoding="utf-8")``'s
bytes, written with three system calls (open, write, close) rather than its six or more: each
call gives up and takes back Python's lock, for which the renderer must pause.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import Any

_THREADS = 2
_BACKLOG = 64  # files waiting at most: the renderer waits rather than pile up pages in memory
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
_FLAGS |= getattr(os, "O_BINARY", 0)  # Windows: the newlines are already as text mode writes


class Files:
    """Writes text files on background threads; use as a context manager.

    A failure to write is raised here: by the next :meth:`write`, or on leaving the ``with``
    block, which waits until every file is written.
    """

    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[Path, str] | None] = queue.Queue(maxsize=_BACKLOG)
        self._failure: BaseException | None = None
        self._stopped = False
        self._threads = [
            threading.Thread(target=self._run, name="bridgescore-files", daemon=True)
            for _ in range(_THREADS)
        ]
        for thread in self._threads:
            thread.start()

    def write(self, path: Path, text: str) -> None:
        self._raise()
        self._queue.put((path, text))

    def close(self) -> None:
        """Wait for every file to be written; raise the first failure, if any."""
        self._stop()
        self._raise()

    def __enter__(self) -> Files:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if error is None:
            self.close()
        else:
            self._stop()  # the caller's error wins (its folder is discarded)

    def _stop(self) -> None:
        # One stop for each thread, whichever thread takes it: a thread ends only on a stop.
        # (Counting the threads still alive instead could hang for ever: a thread that took
        # the stop meant for another is gone by the time it is counted, and the other waits.)
        if self._stopped:
            return
        self._stopped = True
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()

    def _raise(self) -> None:
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise failure

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            if self._failure is not None:
                continue  # keep taking work, so the renderer never waits on a full queue
            try:
                _write(*item)
            except BaseException as failure:  # any failure: handed to the caller's thread
                self._failure = failure


def _write(path: Path, text: str) -> None:
    """``path.write_text(text, encoding="utf-8")``, in fewer system calls."""
    if os.linesep != "\n":
        text = text.replace("\n", os.linesep)  # as text mode writes a newline
    data = memoryview(text.encode("utf-8"))
    fd = os.open(path, _FLAGS, 0o666)
    try:
        while data:
            data = data[os.write(fd, data) :]
    finally:
        os.close(fd)


# --- a second core ----------------------------------------------------------------------------


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether a copy of this process can render beside it: ``fork`` exists (not on Windows;
    the copy shares the scored session as it is, nothing is pickled) and a second core is free."""
    return "fork" in multiprocessing.get_all_start_methods() and cores() > 1


class Forked:
    """``work(tick)`` run in a forked copy of this process; ``tick()`` there counts a page
    written. :meth:`result` waits for its value (which must pickle) and raises its failure here;
    leaving a ``with`` block on an error stops the copy.

    The copy starts with this process's memory as it is (copy-on-write), so it is started before
    any thread: a thread holding a lock at the fork would leave that lock held in the copy.
    """

    def __init__(self, work: Callable[[Callable[[], None]], object]) -> None:
        context = multiprocessing.get_context("fork")
        self._receive, send = context.Pipe(duplex=False)
        self._process = context.Process(target=_forked, args=(work, send), daemon=True)
        self._process.start()
        send.close()
        self.ticks = 0
        self._outcome: tuple[str, Any] | None = None

    def poll(self) -> int:
        """The pages written over there so far (without waiting)."""
        while self._outcome is None and self._receive.poll():
            self._take()
        return self.ticks

    def result(self, tick: Callable[[int], None] | None = None) -> Any:
        """Wait for the work's value, telling ``tick`` the pages written there as they come."""
        while self._outcome is None:
            self._take()
            if tick is not None:
                tick(self.ticks)
        self._process.join()
        kind, value = self._outcome
        if kind == "failure":
            raise value
        return value

    def _take(self) -> None:
        try:
            message = self._receive.recv()
        except EOFError:
            self._process.join()
            status = self._process.exitcode
            message = ("failure", OSError(f"the process writing pages stopped (status {status})"))
        except Exception as error:  # a failure that pickled over there but does not unpickle
            message = ("failure", OSError(f"the process writing pages failed: {error}"))
        if message is None:
            self.ticks += 1
        else:
            self._outcome = message

    def __enter__(self) -> Forked:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._receive.close()


class Split:
    """``count`` items shared by this process and a :class:`Forked` copy, a chunk at a time:
    the copy takes them from the front (the first chunk is its own from the start), this
    process from the back, until the two meet. Each takes more while the other is busy, so
    both finish together however the work and the machine's other load fall (a fixed share
    left one waiting for the other). Made before the copy is forked; the shared bounds live in
    memory both processes see, under a lock."""

    def __init__(self, count: int, chunk: int) -> None:
        context = multiprocessing.get_context("fork")
        self._chunk = chunk
        self._first: range | None = range(min(chunk, count))
        # [the front's next item, the back's last item + 1]
        self._bounds = context.Array("q", [len(self._first), count])

    def front(self) -> range | None:
        """The copy's next chunk, or None when every item is taken."""
        if self._first is not None:
            first, self._first = self._first, None
            if first:
                return first
        with self._bounds.get_lock():
            start, end = self._bounds[0], self._bounds[1]
            if start >= end:
                return None
            self._bounds[0] = stop = min(start + self._chunk, end)
        return range(start, stop)

    def back(self) -> range | None:
        """This process's next chunk (from the back), or None when every item is taken."""
        with self._bounds.get_lock():
            start, end = self._bounds[0], self._bounds[1]
            if start >= end:
                return None
            self._bounds[1] = first = max(end - self._chunk, start)
        return range(first, end)


def _forked(work: Callable[[Callable[[], None]], object], send: Connection) -> None:
    """The copy's side: the value or the failure goes back through ``send``."""
    try:
        value = work(lambda: send.send(None))
        send.send(("value", value))
    except BaseException as failure:  # any failure: handed to the parent, never printed here
        try:
            send.send(("failure", failure))
        except Exception:  # a failure that does not pickle: its words
            send.send(("failure", OSError(f"{type(failure).__name__}: {failure}")))
    finally:
        send.close()


__all__ = ["Files", "Forked", "Split", "can_fork", "cores"]
