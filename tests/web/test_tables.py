"""The tables' side of ``bridgescore serve`` in-process: joining with a table code, what a
table's token can and cannot reach, results sent twice, conflicting results, corrections at
the table, leads against the hand record, calls for the director and hand-overs.

The session is an 8-pair, 4-table Howell (3 boards a round); its movement is read back from
the director's JSON, never assumed."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bridgescore.contract import Contract
from bridgescore.store import Store
from tests.web.helpers import Console, Table, new_session

# N holds the spades, E the hearts, S the diamonds, W the clubs.
DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def setup(store: Store) -> tuple[Console, int, dict[str, str]]:
    console = Console(store)
    session = new_session(console, pairs=8)
    tables = console.get(f"/director/sessions/{session}/tables.json").json()["tables"]
    return console, session, {t["table"]: t["code"] for t in tables}


def first_boards(table: Table, round_: int = 1) -> list[int]:
    rounds = table.state().json()["rounds"]
    return [b["board"] for b in rounds[round_ - 1]["boards"]]


def history(console: Console, session: int, board: int, round_: int, table: str) -> list[Any]:
    line = f"|{board}|r{round_}|t{table}"
    entries: list[Any] = console.get(
        f"/director/sessions/{session}/history.json", line=line
    ).json()["entries"]
    return entries


def test_codes_join_one_scorer_and_viewers(store: Store) -> None:
    console, session, codes = setup(store)
    assert sorted(codes) == ["1", "2", "3", "4"]
    assert len(set(codes.values())) == 4 and all(
        re.fullmatch(r"[A-Z2-9]{6}", c) for c in codes.values()
    )
    # the same codes every time the director asks
    again = console.get(f"/director/sessions/{session}/tables.json").json()["tables"]
    assert {t["table"]: t["code"] for t in again} == codes
    # typed in lower case with a space and a dash: the same code
    code = codes["2"]
    first = Table(console, f"{code[:3].lower()} -{code[3:]}")
    second = Table(console, code)
    assert (first.joined["role"], second.joined["role"]) == ("scorer", "viewer")
    assert first.joined["table"] == "2" and first.joined["session"]["id"] == session
    # a viewer reads; what it sends is kept for the director, never applied
    assert second.state().json()["role"] == "viewer"
    board = first_boards(second)[0]
    held = second.send("viewer-0001", board, 1, contract="PASS")
    assert held.status_code == 202 and held.json()["status"] == "held"
    assert "only watches at table 2" in held.json()["held"]["reason"]
    assert store.session_rows(session).results == ()
    # a code nobody has
    wrong = console.client.post("/t/api/join", json={"code": "ZZZZZZ"})
    assert wrong.status_code == 422 and "no table has the code" in wrong.json()["error"]["message"]


def test_the_state_follows_the_movement_and_where_pairs_go(store: Store) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["1"])
    state = table.state().json()
    assert state["table"] == "1" and state["current_round"] == 1
    for number, round_ in enumerate(state["rounds"], start=1):
        slip = console.get(f"/director/sessions/{session}/tables/1/rounds/{number}.json").json()
        assert [b["board"] for b in round_["boards"]] == [r["board"] for r in slip["rows"]]
        if slip["rows"]:
            assert round_["ns"]["number"] == slip["rows"][0]["ns"]
            assert round_["ew"]["number"] == slip["rows"][0]["ew"]
    # after round 1, each pair at table 1 is found at the table the movement names for round 2
    for move in state["rounds"][0]["next"]:
        slip = console.get(
            f"/director/sessions/{session}/tables/{move['table']}/rounds/2.json"
        ).json()
        row = slip["rows"][0]
        seat = "ns" if move["direction"] == "NS" else "ew"
        assert row[seat] == move["pair"], (move, row)
        assert [r["board"] for r in slip["rows"]] == move["boards"]


def test_a_result_sent_twice_is_stored_once(store: Store) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["3"])
    board = first_boards(table)[0]
    cells = {"contract": "4S", "declarer": "N", "tricks": "=", "lead": "HK"}
    first = table.send("phone-result-1", board, 1, **cells)
    again = table.send("phone-result-1", board, 1, **cells)
    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["entry"]["id"] == again.json()["entry"]["id"]
    assert again.json()["stored"] is False
    vulnerable = table.state().json()["rounds"][0]["boards"][0]["vulnerability"] in ("NS", "All")
    assert first.json()["entry"]["ns_score"] == Contract.parse("4S").score(10, vulnerable)
    assert len(history(console, session, board, 1, "3")) == 1
    # the phone's state shows it against the board
    shown = table.state().json()["rounds"][0]["boards"][0]["result"]
    assert shown["result"] == "4S N =" and shown["id"] == first.json()["entry"]["id"]


def test_two_different_results_for_one_board_are_both_kept_for_the_director(
    store: Store,
) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["1"])
    board = first_boards(table)[0]
    assert (
        table.send("first-phone-1", board, 1, contract="3NT", declarer="S", tricks="+1").status_code
        == 201
    )
    # the director hands scoring to a second phone, which never saw that result
    other = Table(console, codes["1"])
    handed = console.post(
        f"/director/sessions/{session}/tables/handover", id=other.joined["device"]
    )
    assert handed.status_code == 303
    assert table.state().json()["role"] == "viewer" and other.state().json()["role"] == "scorer"
    kept = other.send("second-phone-1", board, 1, contract="4S", declarer="N", tricks="-1")
    assert kept.status_code == 202 and kept.json()["status"] == "held"
    assert kept.json()["held"]["reason"].startswith("the phone did not know of '3NT S +1'")
    # nothing was overwritten: the first result is still the one in force
    lines = history(console, session, board, 1, "1")
    assert [e["result"] for e in lines] == ["3NT S +1"]
    # sent again (no acknowledgement reached the phone): still one conflict
    assert (
        other.send("second-phone-1", board, 1, contract="4S", declarer="N", tricks="-1").json()[
            "status"
        ]
        == "held"
    )
    page = console.get(f"/director/sessions/{session}/tables.json").json()
    assert [(c["board"], c["stored"], c["result"]) for c in page["conflicts"]] == [
        (board, "3NT S +1", "4S N -1")
    ]
    watch = console.get(f"/director/sessions/{session}.json").json()
    assert watch["conflicts"][0]["result"] == "4S N -1"
    assert other.state().json()["conflicts"][0]["stored"] == "3NT S +1"
    # the director chooses the table's result: a logged correction naming the conflict
    chosen = console.post(
        f"/director/sessions/{session}/tables/resolve", id=page["conflicts"][0]["id"], use="table"
    )
    assert chosen.status_code == 303
    lines = history(console, session, board, 1, "1")
    assert [e["result"] for e in lines] == ["3NT S +1", "4S N -1"]
    assert "held result" in lines[-1]["reason"]
    assert console.get(f"/director/sessions/{session}/tables.json").json()["conflicts"] == []
    log = [e["kind"] for e in page["events"]]
    assert "handover" in log and log.count("join") == 2


def test_corrections_at_the_table_for_the_current_round_only(store: Store) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["2"])
    first = first_boards(table, 1)
    stored = table.send("round-one-a", first[0], 1, contract="2H", declarer="E", tricks="=").json()
    # round 1 is still the current round: the table corrects it, naming what it replaces
    fixed = table.send(
        "round-one-b",
        first[0],
        1,
        contract="2H",
        declarer="E",
        tricks="+1",
        replaces=stored["entry"]["id"],
    )
    assert fixed.status_code == 201 and fixed.json()["status"] == "stored"
    lines = history(console, session, first[0], 1, "2")
    assert [e["result"] for e in lines] == ["2H E =", "2H E +1"]
    assert lines[-1]["reason"] == "corrected at the table"
    # once round 2 has a result, round 1 is the director's
    second = first_boards(table, 2)
    assert table.send("round-two-a", second[0], 2, contract="PASS").status_code == 201
    late = table.send(
        "round-one-c",
        first[0],
        1,
        contract="2H",
        declarer="E",
        tricks="-1",
        replaces=fixed.json()["entry"]["id"],
    )
    assert late.status_code == 202 and late.json()["status"] == "held"
    reason = late.json()["held"]["reason"]
    assert reason == "round 1 is over at this table (it has results of round 2)"
    lines = history(console, session, first[0], 1, "2")
    assert [e["result"] for e in lines] == ["2H E =", "2H E +1"]
    # a new result for a board of round 1 still missing is not a correction: it is taken
    assert table.send("round-one-d", first[1], 1, contract="PASS").status_code == 201
    assert table.state().json()["corrections_from_round"] == 2


def test_a_table_token_reaches_its_own_table_only(store: Store, tmp_path: Path) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["1"])
    other_session = new_session(console, pairs=8)
    other_codes = console.get(f"/director/sessions/{other_session}/tables.json").json()["tables"]
    stranger = Table(console, other_codes[0]["code"])
    mine = first_boards(table)
    # a board that is not this table's in that round (another table's) is refused
    elsewhere = next(b for b in range(1, 22) if b not in mine)
    wrong = table.send("not-my-board", elsewhere, 1, contract="PASS")
    assert (
        wrong.status_code == 422
        and "is not played at table 1 in round 1" in wrong.json()["error"]["message"]
    )
    # travellers: only boards this table has a result on
    assert table.client.get(f"/t/api/boards/{mine[0]}", headers=table.headers()).status_code == 403
    assert (
        table.send("mine-result-1", mine[0], 1, contract="4S", declarer="N", tricks="=").status_code
        == 201
    )
    seen = table.client.get(f"/t/api/boards/{mine[0]}", headers=table.headers())
    assert seen.status_code == 200 and [r["this_table"] for r in seen.json()["results"]] == [True]
    # another table that plays that board in a later round does not see it before then
    later = next(
        Table(console, codes[t])
        for t in ("2", "3", "4")
        if any(
            mine[0] in [b["board"] for b in r["boards"]]
            for r in Table(console, codes[t]).state().json()["rounds"]
        )
    )
    assert later.client.get(f"/t/api/boards/{mine[0]}", headers=later.headers()).status_code == 403
    # the other session's phone sees its own session only
    assert stranger.state().json()["session"]["id"] == other_session
    assert (
        stranger.client.get(f"/t/api/boards/{mine[0]}", headers=stranger.headers()).status_code
        == 403
    )
    # a phone's token is not a login: no director page, no director action
    anonymous = Console(store, user=None)
    for path in (f"/director/sessions/{session}.json", f"/director/sessions/{session}/tables.json"):
        answer = anonymous.client.get(path, headers=table.headers())
        assert answer.status_code == 403, path
        assert "a table's phone cannot see the session's console pages" in answer.text
    for action in ("remove", "answer", "resolve"):
        posted = anonymous.client.post(
            f"/director/sessions/{session}/tables/{action}.json",
            data={"id": "1", "use": "table"},
            headers=table.headers(),
        )
        assert posted.status_code == 403, action
        assert "a table's phone cannot" in posted.json()["error"]["message"]
    # it hands its own table's scoring over (the table agrees), never another table's
    posted = anonymous.client.post(
        f"/director/sessions/{session}/tables/handover.json",
        data={"id": str(later.joined["device"])},
        headers=table.headers(),
    )
    assert posted.status_code == 403
    assert (
        f"this phone scores table 1: it cannot hand a table's scoring to another phone at "
        f"table {later.joined['table']}" == posted.json()["error"]["message"]
    )
    # forged and altered tokens
    for token in (
        "",
        "x" * 43,
        table.token[:-1] + ("A" if table.token[-1] != "A" else "B"),
        table.token + "x",
    ):
        answer = table.client.get("/t/api/state", headers={"authorization": f"Bearer {token}"})
        assert answer.status_code == 401, token
    # a removed phone's token stops working at once
    asked = console.post(f"/director/sessions/{session}/tables/remove", id=table.joined["device"])
    assert asked.status_code == 200 and "Remove phone" in asked.text  # asked once more
    assert table.state().status_code == 200
    removed = console.post(
        f"/director/sessions/{session}/tables/remove", id=table.joined["device"], confirm="yes"
    )
    assert removed.status_code == 303
    assert table.state().status_code == 401
    assert "removed from table 1" in table.state().json()["error"]["message"]
    # what it still sends is kept for the director (a phone removed by mistake loses nothing)
    late = table.send("after-removal", mine[1], 1, contract="PASS")
    assert late.status_code == 202 and "after it was removed" in late.json()["held"]["reason"]


def test_tokens_stop_working_when_the_session_is_published(store: Store) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["4"])
    board = first_boards(table)[0]
    assert table.send("before-publish", board, 1, contract="PASS").status_code == 201
    assert console.post(f"/director/sessions/{session}/publish", minutes="60").status_code == 303
    ended = table.state()
    assert ended.status_code == 410 and "published" in ended.json()["error"]["message"]
    # a result still queued on the phone reaches the director, not the published results
    again = table.send(
        "after-publish", first_boards_from(console, session, 4)[1], 1, contract="PASS"
    )
    assert again.status_code == 202
    assert again.json()["held"]["reason"] == "sent after the results were published"
    # and nobody can join a published session
    joined = console.client.post("/t/api/join", json={"code": codes["4"]})
    assert joined.status_code == 422 and "published" in joined.json()["error"]["message"]


def first_boards_from(console: Console, session: int, table: int) -> list[int]:
    slip = console.get(f"/director/sessions/{session}/tables/{table}/rounds/1.json").json()
    return [r["board"] for r in slip["rows"]]


def test_the_lead_is_checked_against_the_hand_record(store: Store, tmp_path: Path) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["1"])
    board = first_boards(table)[0]
    pbn = f'[Board "{board}"]\n[Deal "{DEAL}"]\n\n'
    uploaded = console.client.post(
        f"/director/sessions/{session}/deals.json",
        data={"csrf": console.csrf},
        files={"hands": ("deals.pbn", pbn.encode(), "application/octet-stream")},
    )
    assert uploaded.status_code == 200, uploaded.text
    check = {"board": board, "round": 1, "contract": "4S", "declarer": "N"}
    # N declares: E leads, and E holds only hearts
    bad = table.client.post("/t/api/check", json={**check, "lead": "SA"}, headers=table.headers())
    assert bad.status_code == 200
    assert (
        bad.json()["lead_problem"]
        == "♠A is not in East's hand on the hand record: East leads against N"
    )
    good = table.client.post("/t/api/check", json={**check, "lead": "H10"}, headers=table.headers())
    assert good.json()["lead_problem"] is None and good.json()["ns_score"] is None
    scored = table.client.post(
        "/t/api/check", json={**check, "lead": "HK", "tricks": "+3"}, headers=table.headers()
    )
    assert scored.json()["result"] == "4S N +3" and scored.json()["ns_score"] in (510, 710)
    # sent anyway (entered offline): refused by the server too, nothing stored, and the
    # director is told of each wrong lead
    sent = table.send("lead-offline", board, 1, contract="4S", declarer="N", tricks="=", lead="SA")
    assert sent.status_code == 422
    assert sent.json()["error"]["message"] == (
        f"board {board}: ♠A is not in East's hand on the hand record: East leads against N. "
        "The result was not stored"
    )
    assert store.session_rows(session).results == ()
    events = console.get(f"/director/sessions/{session}/tables.json").json()["events"]
    assert [e["note"] for e in events if e["kind"] == "lead"] == [
        f"board {board}: SA — ♠A is not in East's hand on the hand record: East leads against N"
    ] * 2


def test_calling_the_director(store: Store) -> None:
    console, session, codes = setup(store)
    table = Table(console, codes["3"])
    first = table.client.post("/t/api/call", json={}, headers=table.headers())
    again = table.client.post("/t/api/call", json={}, headers=table.headers())
    assert first.status_code == 201 and first.json() == again.json()  # one open call a table
    assert table.state().json()["open_call"] is True
    watch = console.get(f"/director/sessions/{session}.json").json()
    assert [c["table"] for c in watch["calls"]] == ["3"]
    page = console.get(f"/director/sessions/{session}")
    assert "Table 3 calls the director" in page.text
    answered = console.post(f"/director/sessions/{session}/tables/answer", id=first.json()["call"])
    assert answered.status_code == 303
    assert table.state().json()["open_call"] is False
    assert console.get(f"/director/sessions/{session}.json").json()["calls"] == []


def test_the_table_page_its_worker_and_the_cards(store: Store) -> None:
    console, session, codes = setup(store)
    for path in ("/t/", f"/t/{codes['1']}"):
        page = console.client.get(path)
        assert page.status_code == 200 and '<script src="/t/app.js"' in page.text
    worker = console.client.get("/t/sw.js")
    assert worker.headers["service-worker-allowed"] == "/t/"
    assert "javascript" in worker.headers["content-type"]
    manifest = console.client.get("/t/manifest.webmanifest").json()
    assert manifest["scope"] == "/t/" and manifest["display"] == "standalone"
    scores = console.client.get("/t/api/scores").json()
    assert scores["scores"]["3N"]["v"][9] == 600 and scores["scores"]["1CX"]["nv"][6] == -100
    cards = console.get(f"/director/sessions/{session}/tables/cards")
    assert cards.status_code == 200
    for table, code in codes.items():
        assert f"Table {table}" in cards.text and f"{code[:3]} {code[3:]}" in cards.text
    assert cards.text.count("<svg") == 4
    # the cards need a login like every director page
    anonymous = Console(store, user=None)
    assert anonymous.get(f"/director/sessions/{session}/tables/cards").status_code == 401


@pytest.mark.parametrize("client_id", ["", "short", "x" * 81, "has space in it", "<script>"])
def test_a_result_needs_a_proper_client_id(store: Store, client_id: str) -> None:
    console, _, codes = setup(store)
    table = Table(console, codes["1"])
    answer = table.send(client_id, first_boards(table)[0], 1, contract="PASS")
    assert answer.status_code == 400
