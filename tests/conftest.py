"""Shared test helpers: where the shared reference material lives."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared folder is absent)")
    return path
