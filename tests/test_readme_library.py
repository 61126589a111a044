"""The README's library example runs as written, on the bundled sample."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # a real browser, server or the docs run as written

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"


def test_the_library_example_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (block,) = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    (tmp_path / "club-night.csv").write_bytes(SAMPLE.read_bytes())
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    # The sample is a Mitchell of 17 pairs: nine NS and eight EW standings, then the short boards.
    assert len(lines) == 17 + 1
    assert lines[0].startswith("1 ") and lines[-1] == "()"
