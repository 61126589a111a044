"""The JSON format's versions: version 2 is lean (no ``sides`` where the entry says it, each
explanation its sentence, compact), and files of version 1 still read back.

The version 1 files are made here by a writer of that shape (indented; ``sides`` on every
row; each explanation's figures beside its sentence; no ``format`` key), not copied from
output, so what is checked is that shape whatever the writer of today does."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgescore.bridge import Seat, Side
from bridgescore.contract import Contract
from bridgescore.explanation import Explanation
from bridgescore.formats import json as result_json
from bridgescore.formats import load_path
from bridgescore.formats.results_file import ResultsFile
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Session
from bridgescore.traveller import Artificial, BridgeResult, WeightedResult

SAMPLE = Path(__file__).resolve().parents[2] / "src/bridgescore/samples/club-night.csv"


def version_1_explanation(e: Explanation | None) -> dict[str, Any] | None:
    """An explanation as version 1 wrote it: the sentence, then its figures again."""
    if e is None:
        return None
    data: dict[str, Any] = {"text": e.text(2), "top": result_json.number(e.top)}
    if e.artificial is not None:
        data.update({"artificial": str(e.artificial), "percent": result_json.number(e.percent)})
        return {**data, "note": e.note}
    steps = [
        {"method": s.method, "reason": s.reason, "from_results": s.from_results,
         "to_results": s.to_results, "before": result_json.number(s.before),
         "after": result_json.number(s.after)}
        for s in e.steps
    ]  # fmt: skip
    return {
        **data,
        "beaten": result_json.number(e.beaten),
        "tied": result_json.number(e.tied),
        "compared": e.compared,
        "raw": result_json.number(e.raw),
        "raw_top": result_json.number(e.raw_top),
        "group": e.group,
        "datum": result_json.number(e.datum),
        "gross_imps": result_json.number(e.gross),
        "steps": steps,
    }


def version_1_text(result: SessionResult) -> str:
    """The file version 1 wrote for ``result``."""
    data = result_json.to_data(result)
    del data["format"]
    rows = iter(t for b in result.boards for t in b.tables)
    for board in data["boards"]:
        for i, row in enumerate(board["results"]):
            scored = next(rows)
            table = scored.table
            old: dict[str, Any] = {}
            for key, value in row.items():
                if key == "sides":
                    continue
                old[key] = value
                if key == "assigned":  # version 1 wrote the sides of every row here
                    old["sides"] = {
                        "ns": result_json._side(table.ns_side),
                        "ew": result_json._side(table.ew_side),
                    }
            old["explanation"] = {
                side.value: version_1_explanation(scored.explanation(side)) for side in Side
            }
            board["results"][i] = old
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def every_kind(session: Session) -> Session:
    """The sample with a weighted, a split, an assigned point score, a percentage, an
    average plus or minus and a board not played among its rows."""
    rows = list(session.tables)
    vul = session.boards[rows[0].board].vulnerability
    weighted = WeightedResult.parse("30% 4S N = + 70% 4S N -1", vul)
    played = WeightedResult.single(BridgeResult.played(Contract.parse("4S"), Seat.N, 10, vul))
    points = WeightedResult.single(BridgeResult.from_score(1000, assigned=True))
    rows[0] = replace(rows[0], ns_side=weighted, ew_side=weighted, assigned=True)
    rows[1] = replace(rows[1], ns_side=played, ew_side=Artificial.parse("55"), assigned=True)
    rows[2] = replace(rows[2], ns_side=Artificial.parse("A+"), ew_side=Artificial.parse("A-"))
    rows[3] = replace(rows[3], ns_side=points, ew_side=points, assigned=True)
    rows[4] = replace(rows[4], ns_side=None, ew_side=None)
    rows[5] = replace(rows[5], ns_side=Artificial.parse("A"), ew_side=Artificial.parse("A"))
    return replace(session, tables=tuple(rows))


def test_version_1_files_read_back_to_the_same_session() -> None:
    for session in (load_path(str(SAMPLE)).session, every_kind(load_path(str(SAMPLE)).session)):
        result = score_pairs(session, CLUB)
        old = version_1_text(result)
        assert '"format"' not in old and old.count('"sides"') == len(session.tables)
        read = result_json.loads(old).session
        assert read.tables == session.tables
        again = score_pairs(read, CLUB)
        assert [s.points for f in again.fields for s in f.standings] == [
            s.points for f in result.fields for s in f.standings
        ]


def test_version_2_keeps_sides_only_where_the_entry_cannot_say_them() -> None:
    session = every_kind(load_path(str(SAMPLE)).session)
    text = result_json.dumps(ResultsFile.scored(score_pairs(session, CLUB)))
    data = json.loads(text)
    assert data["format"] == 2 and "\n" not in text.rstrip("\n")  # compact: one line
    rows = {(r["table"], r["round"], b["board"]): r for b in data["boards"] for r in b["results"]}
    by_table = {t.identity: t for t in session.tables}
    with_sides = {
        by_table_key
        for by_table_key, t in by_table.items()
        if rows[t.table, t.round, t.board].get("sides") is not None
    }
    # The weighted row, the percentage beside a result and the assigned point score keep
    # theirs; A+/A-, A, a board not played and every played or passed-out row do not.
    assert {by_table[k].kind for k in with_sides} == {"weighted", "artificial", "assigned"}
    assert len(with_sides) == 3
    for row in rows.values():
        for side in ("NS", "EW"):
            why = row["explanation"][side]
            assert why is None or set(why) == {"text"}
    assert result_json.loads(text).session.tables == session.tables


def test_version_2_is_smaller_than_version_1() -> None:
    result = score_pairs(load_path(str(SAMPLE)).session, CLUB)
    new = result_json.dumps(ResultsFile.scored(result))
    assert len(new.encode()) * 3 < len(version_1_text(result).encode())
