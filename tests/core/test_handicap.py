"""Handicaps as at the session's date, and every handicap that cannot be worked out said aloud
(seed 000 SC 2.6: at least five results, 50 minus the average)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

NIGHT = (
    "# title: Club pairs\n# date: 2026-03-10\n"
    "board,ns,ew,score,ns_names,ew_names\n"
    "1,1,1,420,Ann & Bob,Cy & Di\n1,2,2,400,Ed & Flo,Gus & Hal\n"
    "2,1,1,100,Ann & Bob,Cy & Di\n2,2,2,50,Ed & Flo,Gus & Hal\n"
)


def _history(tmp_path: Path, extra: list[str]) -> Path:
    rows = ["player,date,percentage"]
    for day in range(1, 6):
        rows += [f"{p},2026-01-0{day},40" for p in ("Ann", "Bob")]
        rows += [f"{p},2026-01-0{day},50" for p in ("Cy", "Di", "Ed", "Flo", "Gus", "Hal")]
    path = tmp_path / "history.csv"
    path.write_text("\n".join(rows + extra) + "\n")
    return path


def _score(tmp_path: Path, history: Path, *more: str) -> tuple[int, str, str]:
    night = tmp_path / "night.csv"
    night.write_text(NIGHT)
    args = ["score", str(night), "--handicaps", str(history), "--format", "json", *more]
    result = CliRunner().invoke(main, args)
    return result.exit_code, result.stdout, result.stderr


def test_history_after_the_session_is_not_used(tmp_path: Path) -> None:
    import json

    # Five 40% results in January give Ann and Bob 50 - 40 = 10; a 90% result dated after the
    # session (2026-03-10) must not move it, one dated before it does: (4 × 40 + 90) / 5 = 50.
    later = _history(tmp_path, ["Ann,2026-04-01,90", "Bob,2026-04-01,90"])
    code, out, err = _score(tmp_path, later)
    assert code == 0, err
    ns = next(f for f in json.loads(out)["fields"] if f["field"] == "NS")
    assert {r["pair"]: r["handicap"] for r in ns["rankings"]}[1] == 10
    earlier = _history(tmp_path, ["Ann,2026-03-01,90", "Bob,2026-03-01,90"])
    code, out, err = _score(tmp_path, earlier)
    ns = next(f for f in json.loads(out)["fields"] if f["field"] == "NS")
    # Six results, fewer than the ten kept, so none is dropped: 50 - (5 × 40 + 90) / 6 = 5/3.
    assert {r["pair"]: r["handicap"] for r in ns["rankings"]}[1] == pytest.approx(5 / 3)
    assert "note" not in err


def test_a_player_missing_from_the_history_is_named(tmp_path: Path) -> None:
    history = _history(tmp_path, [])
    night = NIGHT.replace("Gus & Hal", "Gus & Hall")
    (tmp_path / "night.csv").write_text(night)
    result = CliRunner().invoke(
        main, ["score", str(tmp_path / "night.csv"), "--handicaps", str(history)]
    )
    assert result.exit_code == 0
    assert "handicap 0 for 1 player without 5 results before the session: Hall" in result.stderr


def test_handicaps_with_imps_are_refused(tmp_path: Path) -> None:
    code, _, err = _score(tmp_path, _history(tmp_path, []), "--method", "butler")
    assert code == 2
    assert err.startswith("bridgescore: --handicaps:") and "leave out --handicaps" in err
    assert "Traceback" not in err
