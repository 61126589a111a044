"""score and report take a stored session (db:ID) as well as a file, and a stored session's
handicapped ranking comes from the database by itself."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "bridgescore" / "samples" / "club-night.csv"


def _standings(data: dict[str, object]) -> list[tuple[object, ...]]:
    fields = data["fields"]
    assert isinstance(fields, list)
    return [
        (f["field"], r.get("pair"), r["mp_exact"], r["percent"], r["place"])
        for f in fields
        for r in f["rankings"]
    ]


def test_a_stored_session_scores_as_its_file(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    runner = CliRunner()
    stored = runner.invoke(main, ["import", str(SAMPLE), "--db", db])
    assert stored.exit_code == 0, stored.output
    from_db = runner.invoke(main, ["score", "db:1", "--db", db, "--format", "json"])
    assert from_db.exit_code == 0, from_db.output
    from_file = runner.invoke(main, ["score", str(SAMPLE), "--format", "json"])
    a, b = json.loads(from_db.stdout), json.loads(from_file.stdout)
    assert _standings(a) == _standings(b)
    # The database knows every player (none has five results yet): a handicapped ranking
    # appears by itself, each pair on +0.
    assert all(f["handicap_rankings"] for f in a["fields"])
    assert all(r["handicap"] == 0 for f in a["fields"] for r in f["rankings"])
    site = runner.invoke(main, ["report", "db:1", "--db", db, "-o", str(tmp_path / "site")])
    assert site.exit_code == 0, site.output
    assert (tmp_path / "site" / "index.html").exists()


def test_an_unknown_stored_session_is_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    assert CliRunner().invoke(main, ["import", str(SAMPLE), "--db", db]).exit_code == 0
    result = CliRunner().invoke(main, ["score", "db:7", "--db", db])
    assert result.exit_code == 2
    assert result.stderr.strip() == "bridgescore: no stored session with id 7"


def test_a_setting_that_is_not_a_whole_number_is_one_line() -> None:
    result = CliRunner().invoke(main, ["score", str(SAMPLE), "--decimals", "many"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "bridgescore: not a whole number: 'many' (expected digits, such as 2)"
    )
