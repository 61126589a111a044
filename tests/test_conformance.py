"""Conformance with other scoring programs, measured the way a user measures it.

docs/conformance.md's table is made by ``bridgescore check FILE --format json`` on the real files
of ``../shared/data`` — the command users run — and this test fails when the page and the
command disagree. ``python -m tests.test_conformance`` prints the table's rows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

from .conftest import shared_path

DOCS = Path(__file__).resolve().parents[1] / "docs" / "conformance.md"

# Each file with the options it is checked with: Compscore's matchpoint files are scored with
# Neuberg around artificial scores and for boards played fewer times (EBU practice); every other
# setting and the conventions (rounding, which top a row is on, factored totals, sections ranked
# within the field) are the file's own, detected by check.
FILES: tuple[tuple[str, tuple[str, ...]], ...] = (
    *(
        (
            f"usebio-compscore/{name}",
            ("--artificial-method", "neuberg", "--short-boards", "neuberg"),
        )
        for name in (
            "mp_pairs_howell.xml",
            "mp_pairs_mitchell.xml",
            "mp_pairs_mitchell_02.xml",
            "mp_pairs_mitchell_03.xml",
            "mp_pairs_mitchell_adjusted.xml",
        )
    ),
    ("usebio-compscore/butler_howell.xml", ()),
    ("usebio-compscore/cross_imp_howell.xml", ()),
    *(
        (f"nz-scorer/native/{name}", ())
        for name in (
            "handicap_pairs.xml",
            "multi-section-multi-movement-pairs.xml",
            "pairs-with-np-passed.xml",
            "pairs.xml",
            "three_quarter_howell_with_phantom.xml",
        )
    ),
)


def line(name: str, options: tuple[str, ...]) -> str:
    """The table row of docs/conformance.md for one file, from ``bridgescore check``."""
    path = shared_path("data", *name.split("/"))
    if path is None:
        pytest.skip("../shared/data is not beside the repository")
    result = CliRunner().invoke(main, ["check", str(path), *options, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    data = json.loads(result.stdout)
    # A pair's own figures are those without a board: its percentage, place and total.
    own = [d for d in data["differences"] if d["board"] is None]
    totals = {d["entrant"] for d in own if d["figure"] == "total"}
    others = {d["entrant"] for d in own if d["figure"] != "total"}
    pairs = data["pairs"]
    compared_totals = data["precision"]["totals"] is not None
    imps = " (IMPs)" if data["method"] != "matchpoints" else ""
    cells = [
        f"{name}{imps}",
        str(data["rows"]),
        str(data["rows_reproduced"]),
        str(pairs),
        str(pairs - len(others)),
        str(pairs - len(totals)) if compared_totals else "–",
        data["conventions"],
        " ".join(options) or "–",
    ]
    return "| " + " | ".join(cells) + " |"


@pytest.mark.parametrize(("name", "options"), FILES, ids=[name for name, _ in FILES])
def test_the_page_shows_what_check_reports(name: str, options: tuple[str, ...]) -> None:
    expected = line(name, options)
    assert expected in DOCS.read_text(), f"docs/conformance.md is out of date:\n{expected}"


if __name__ == "__main__":
    for name, options in FILES:
        print(line(name, options))
