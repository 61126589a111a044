"""Shared test helpers: where the shared reference material lives, and how property tests draw."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Every property test draws the same examples on every run, so CI judges what was run before a
# change landed; HYPOTHESIS_PROFILE=explore draws new ones (run it when changing what is tested).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

SHARED = Path(__file__).resolve().parents[2] / "shared"


def shared_path(*parts: str) -> Path:
    """A file under ../shared, or skip the test with the reason when it is not there."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is not available (the shared folder is absent)")
    return path
