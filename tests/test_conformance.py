"""Conformance with other scoring programs, measured the way a user measures it.

docs/conformance.md's tables are made by ``tools/conformance.py``: ``bridgescore check FILE
--format json`` with no options on every real file of ``../shared/data``, and the slips seeded
into copies of each session (``bridgescore.anomalies.slips``). These tests run the same
functions and fail when the page is out of date: every file's check row, and the slips
measured on the files without deals plus one with deals (solving every file's deals double
dummy would take the suite a minute; ``python tools/conformance.py`` does it).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "conformance.md"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance", ROOT / "tools" / "conformance.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("conformance", module)
    spec.loader.exec_module(module)
    return module


tool = _tool()
FILES = tool.files() if (SHARED / "data").exists() else []


@pytest.mark.slow
@pytest.mark.skipif(not FILES, reason="../shared/data is not beside the repository")
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_the_page_shows_what_check_reports(path: Path) -> None:
    expected = tool.check_row(path)
    assert expected in DOCS.read_text(encoding="utf-8"), (
        f"docs/conformance.md is out of date (python tools/conformance.py):\n{expected}"
    )


MEASURED = [
    "nz-scorer/native/pairs.xml",
    "nz-scorer/native/handicap_pairs.xml",
    "nz-scorer/native/three_quarter_howell_with_phantom.xml",
    "usebio-compscore/mp_pairs_mitchell_03.xml",  # 21 deals solved double dummy
]


@pytest.mark.slow
@pytest.mark.parametrize("name", MEASURED)
def test_the_page_shows_the_slips_measured(name: str) -> None:
    path = SHARED / "data" / name
    if not path.exists():
        pytest.skip("../shared/data is not beside the repository")
    expected = tool.anomaly_row(path)
    assert expected is not None
    assert expected in DOCS.read_text(encoding="utf-8"), (
        f"docs/conformance.md is out of date (python tools/conformance.py):\n{expected}"
    )


def test_every_file_is_on_the_page() -> None:
    if not FILES:
        pytest.skip("../shared/data is not beside the repository")
    text = DOCS.read_text(encoding="utf-8")
    for path in FILES:
        assert f"| {tool.name(path)} |" in text
