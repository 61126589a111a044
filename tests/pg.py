"""A throwaway PostgreSQL server for the store tests (tools/servers.py starts it). Without the
binaries the PostgreSQL tests are skipped with the reason, except in CI (``CI`` set), where
they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from tools.servers import Server, Unavailable, postgresql


def missing(reason: str) -> None:
    """Skip, or fail in CI: CI must run the PostgreSQL tests."""
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is needed in CI: {reason} (make postgres installs it)")
    pytest.skip(f"PostgreSQL tests skipped: {reason} (make postgres installs it)")


@contextmanager
def server() -> Iterator[Server]:
    try:
        with postgresql() as running:
            yield running
    except Unavailable as why:
        missing(str(why))


__all__ = ["Server", "missing", "server"]
