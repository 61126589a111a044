"""Writing a site's files on background threads, beside the rendering.

A large site is thousands of files, and making a file is mostly the kernel's work, done while
Python's lock is released: on other threads it runs while the next page is rendered, instead of
after it. Where making files is slow (a busy disk, a virtual machine), two threads keep up with
the renderer better than one. Each file gets ``Path.write_text(text, encoding="utf-8")``'s
bytes, written with three system calls (open, write, close) rather than its six or more: each
call gives up and takes back Python's lock, for which the renderer must pause.
"""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path
from types import TracebackType

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
        for thread in self._threads:
            if thread.is_alive():
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


__all__ = ["Files"]
