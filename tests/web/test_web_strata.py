"""ACBL strata in the console: a session given an ``acbl:club`` scheme is stratified on its page
(the strata's limits, and the players' holdings file, the same CSV ``--holdings`` reads); each
pair's stratum and the awards by stratum on the provisional ranking; without holdings a sentence
and no award (never guessed); a bad file refused with its line, nothing kept.

The session is an 8-pair, 4-table Howell played as tests/web/test_web_federation.py plays it.
ACBL club chart, open (docs/masterpoints.md): the group is the field's 8 pairs, 1st 0.10 × 8 =
0.80, 2nd 70 % = 0.56, 3rd 50 % = 0.40, 40 % of 8 = 3.2 → 3 places; stratum B (B and C pairs,
5): 1st 0.50, 2nd 0.35 (40 % of 5 = 2 places); stratum C (3 pairs): 1st 0.30 (1.2 → 1 place).
A pair keeps its largest award."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bridgescore.store import Store
from tests.web.helpers import Console, enter, new_session, rows_of

# Pairs 1-3 in A (a player with 2000 held), 4-5 in B (under 750: the higher holder 600),
# 6-8 in C (under 300).
_HELD = {1: 2000, 2: 2000, 3: 800, 4: 600, 5: 749, 6: 299, 7: 10, 8: 0}
_STRATUM = {1: "A", 2: "A", 3: "A", 4: "B", 5: "B", 6: "C", 7: "C", 8: "C"}


def _players() -> dict[str, str]:
    return {f"p{k}_{n}": f"Player{k} Seat{n}" for k in range(1, 9) for n in (1, 2)}


def _holdings(missing: int | None = None) -> bytes:
    lines = ["player,masterpoints"]
    for k, held in _HELD.items():
        lines.append(f"Player{k} Seat1,{held}")
        if k != missing:
            lines.append(f"Player{k} Seat2,0")
    return ("\n".join(lines) + "\n").encode()


def _stratify(console: Console, session: int, strata: str, data: bytes | None) -> Any:
    files = {"holdings": ("held.csv", data, "text/csv")} if data is not None else None
    return console.client.post(
        f"/director/sessions/{session}/strata.json",
        data={"csrf": console.csrf, "strata": strata},
        files=files,
    )


_CONTRACTS = ["4S W =", "4S W -1", "3NT N =", "2H E +1", "1NT S -2", "4S W +1", "6NT N =",
              "3C S -1", "2S E =", "4H N +1", "5D W -2"]  # fmt: skip


def _play(console: Console, session: int) -> None:
    """Every board's rows, the contract chosen by board, round and table (a night whose
    eight pairs finish on different totals)."""
    for board in range(1, 22):
        for row in rows_of(console, session, board):
            pick = (board * 7 + row["round"] * 3 + row["table"] * 5) % len(_CONTRACTS)
            contract, declarer, tricks = _CONTRACTS[pick].split()
            answer = enter(
                console, session, board, row, contract=contract, declarer=declarer, tricks=tricks
            )
            assert answer.status_code == 201, answer.text


def _expected(rows: list[dict[str, Any]]) -> dict[int, Fraction]:
    """The awards by hand from each pair's rank and stratum (no ties in this night's A, B or C
    places are assumed; the test checks that first)."""
    order = sorted(rows, key=lambda r: r["rank"])
    charts = {"A": [Fraction("0.80"), Fraction("0.56"), Fraction("0.40")],
              "B": [Fraction("0.50"), Fraction("0.35")], "C": [Fraction("0.30")]}  # fmt: skip
    levels = "ABC"
    best: dict[int, Fraction] = {}
    for stratum, chart in charts.items():
        eligible = [r for r in order if levels.index(_STRATUM[r["pair"]]) >= levels.index(stratum)]
        for place, row in enumerate(eligible[: len(chart)]):
            best[row["pair"]] = max(best.get(row["pair"], Fraction(0)), chart[place])
    return best


def test_a_stratified_session_shows_each_pairs_stratum_and_the_awards_by_stratum(
    store: Store,
) -> None:
    console = Console(store)
    session = new_session(console, pairs=8, masterpoints="acbl:club", **_players())
    s = f"/director/sessions/{session}"
    page = console.get(s).text
    assert 'id="strata-form"' in page  # offered with an ACBL scheme
    _play(console, session)
    # strata without holdings: a sentence, no award, no stratum guessed
    answer = _stratify(console, session, "A,B=750,C=300", None)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"strata": "A,B=750,C=300", "holdings": None}
    watch = console.get(s + ".json").json()
    mp = watch["masterpoints"]
    assert mp["strata"] == "A,B=750,C=300" and mp["holdings"] is None
    assert "no holdings file has been loaded" in mp["problem"]
    assert all(r.get("masterpoints") is None for r in watch["fields"][0]["rankings"])
    # a holding missing: every such pair named, never guessed
    assert _stratify(console, session, "A,B=750,C=300", _holdings(missing=6)).status_code == 200
    mp = console.get(s + ".json").json()["masterpoints"]
    assert "no holding for Player6 Seat2" in mp["problem"] and mp["title"] is None
    # every holding: each pair's stratum, the awards by hand
    assert _stratify(console, session, "A,B=750,C=300", _holdings()).status_code == 200
    watch = console.get(s + ".json").json()
    mp = watch["masterpoints"]
    assert mp["problem"] is None and mp["strata_names"] == ["A", "B", "C"]
    assert mp["holdings"]["name"] == "held.csv" and mp["holdings"]["lines"] == 17
    assert "strata A, B (under 750), C (under 300)" in mp["title"]
    rows = watch["fields"][0]["rankings"]
    assert {r["pair"]: r["stratum"] for r in rows} == _STRATUM
    assert len({r["rank"] for r in rows}) == 8, ("this night has no ties", rows)
    expected = _expected(rows)
    for row in rows:
        found = Fraction(row["masterpoints_text"]) if row["masterpoints_text"] else Fraction(0)
        assert found == expected.get(row["pair"], Fraction(0)), row
        if found:
            assert f"stratum {row['award_stratum']}" in row["masterpoints_award"], row
    assert {r["award_stratum"] for r in rows if r["masterpoints_text"]} >= {"A"}
    html = console.get(s).text
    assert ">Stratum</th>" in html and "Stratum A</h4>" in html and "Stratum C</h4>" in html
    assert "held.csv (17 lines)" in html
    # the strata kept without a new file; cleared with none
    assert _stratify(console, session, "A,B=500", None).json()["holdings"] == "held.csv"
    assert _stratify(console, session, "", None).json() == {"strata": None, "holdings": None}
    rows = console.get(s + ".json").json()["fields"][0]["rankings"]
    assert all("stratum" not in r for r in rows)


def test_strata_refused_with_a_sentence_and_nothing_kept(store: Store) -> None:
    console = Console(store)
    session = new_session(console, pairs=8, masterpoints="abf:green", **_players())
    refused = _stratify(console, session, "A,B=750", _holdings())
    assert refused.status_code == 422 and "acbl:club scheme" in refused.text
    s = f"/director/sessions/{session}"
    assert console.post(s + "/masterpoints.json", scheme="acbl:club").status_code == 200
    bad = _stratify(console, session, "A,B=750", b"player,masterpoints\nAnn Lee,lots\n")
    assert bad.status_code == 422 and "held.csv:2" in bad.text
    wrong = _stratify(console, session, "A,B=750,C=900", _holdings())
    assert wrong.status_code == 422 and "The strata:" in wrong.text
    assert console.get(s + ".json").json()["masterpoints"]["strata"] is None
    scorer = Console(store, "sam")
    assert _stratify(scorer, session, "A,B=750", _holdings()).status_code == 403
