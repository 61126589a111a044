"""The club inside its federation, in the console (``bridgescore serve`` in-process): the night's
hand records uploaded in every format bridgescore reads, a deal shown to a table only once it
has played the board (the API refuses it before), the opening lead checked against the hand
(refused on the phone and by the server), the entries that look wrong listed before publishing,
masterpoints chosen at set-up and awarded on the rankings, and the national body's file read
back by our USEBIO reader.

The session is an 8-pair, 4-table Howell of 21 boards (board 1: round 1 table 1, round 4
table 3, round 6 table 2, round 7 table 4); the deals are test.pbn's 16 boards
(../shared/data/hand-records), whose own double-dummy table and par are the reference."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bridgescore.anomalies import find
from bridgescore.formats import national, usebio
from bridgescore.store import Store, hand_records
from tests.conftest import shared_path
from tests.formats.helpers import FILES, _pbn_analysis, _reference
from tests.web.helpers import Console, Table, enter, new_session, rows_of

HANDS = ("data", "hand-records")


def _file(name: str) -> bytes:
    return shared_path(*HANDS, name).read_bytes()


def upload(console: Console, session: int, name: str, data: bytes, **fields: str) -> Any:
    return console.client.post(
        f"/director/sessions/{session}/deals.json",
        data={"csrf": console.csrf, **fields},
        files={"hands": (name, data, "application/octet-stream")},
    )


def setup(store: Store, **players: str) -> tuple[Console, int, dict[str, str]]:
    console = Console(store)
    session = new_session(console, pairs=8, **players)
    tables = console.get(f"/director/sessions/{session}/tables.json").json()["tables"]
    return console, session, {t["table"]: t["code"] for t in tables}


# --- loading the hand records ---------------------------------------------------------------------


def test_hand_records_in_every_format_give_the_sessions_boards_their_deals(store: Store) -> None:
    console, session, _ = setup(store)
    reference = {b.number: str(b.deal.pbn()) for b in _reference().boards if b.deal}
    for name in FILES:
        answer = upload(console, session, name, _file(name))
        assert answer.status_code == 200, (name, answer.text)
        found = answer.json()
        assert found["boards"] == list(range(1, 17)), name
        assert found["notes"] == ["no deal for boards 17-21"], name
        assert found["file"]["name"] == name and found["file"]["kind"] == name.split(".")[1]
        stored = {b.number: b.deal for b in store.session_rows(session).boards}
        assert {n: stored[n] for n in range(1, 17)} == reference, name
        assert [stored[n] for n in range(17, 22)] == [None] * 5
    assert [f.name for f in hand_records.files(store, session)] == list(FILES)
    # each board solved once as it was loaded: test.pbn's own double-dummy table and par
    analyses = hand_records.analyses(store, session)
    for board, (tricks, par) in _pbn_analysis().items():
        ours = {(s.value, t.value): n for (s, t), n in analyses[board].tricks.items()}
        assert ours == tricks and analyses[board].par_score == par, board
    page = console.get(f"/director/sessions/{session}")
    assert "16 of 21 boards have their deal" in page.text and "test.csv (CSV" in page.text
    # the director's traveller grid shows the deal and its double dummy
    grid = console.get(f"/director/sessions/{session}/boards/1.json").json()
    assert grid["hands"]["N"] == {
        "spades": "65",
        "hearts": "A53",
        "diamonds": "JT7",
        "clubs": "AK762",
        "hcp": 12,
    }
    assert grid["double_dummy"]["par_score"] == -420  # test.pbn: OptimumScore "NS -420"
    assert "Makeable contracts" in console.get(f"/director/sessions/{session}/boards/1").text


def test_bad_hand_record_files_are_refused_with_a_located_sentence(store: Store) -> None:
    console, session, _ = setup(store)
    pbn = _file("test.pbn")
    dup = _file("test.dup")
    cases = [
        # a truncated binary file: the file and the board
        ("test.dup", dup[: len(dup) // 2], 422, "test.dup"),
        # a PBN under another format's name
        ("night.dup", pbn, 422, "not a DUP file: it looks like a PBN file"),
        ("empty.pbn", b"", 422, "the file is empty"),
        # 14 cards in North's hand
        (
            "fourteen.pbn",
            b'[Board "1"]\n[Deal "N:AKQJT98765432.A.. .KQJT98765432.. ..AKQJT98765432. '
            b'...AKQJT98765432"]\n',
            422,
            "fourteen.pbn",
        ),
        # the boards of another set: board 1 dealt by East at love all
        (
            "other.pbn",
            b'[Board "1"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "N:65.A53.JT7.AK762 '
            b'AK87.QT4.AK98.95 JT9.982.Q532.Q83 Q432.KJ76.64.JT4"]\n',
            422,
            "other.pbn is not of this session's boards: board 1 is dealt by E at None in the "
            "file, by N at None here",
        ),
        ("huge.pbn", b" " * (2 * 1024 * 1024 + 1), 413, "at most 2048 KB"),
    ]
    for name, data, status, words in cases:
        answer = upload(console, session, name, data)
        assert answer.status_code == status, (name, answer.text)
        message = answer.json()["error"]["message"]
        assert words in message, (name, message)
    nothing = console.client.post(
        f"/director/sessions/{session}/deals.json", data={"csrf": console.csrf}
    )
    assert nothing.status_code == 400
    assert "choose the file" in nothing.json()["error"]["message"]
    # the HTML form's answer is a page with the sentence, never a server error
    page = console.client.post(
        f"/director/sessions/{session}/deals",
        data={"csrf": console.csrf},
        files={"hands": ("night.dup", pbn, "application/octet-stream")},
    )
    assert page.status_code == 422 and "it looks like a PBN file" in page.text
    assert hand_records.files(store, session) == []
    assert all(b.deal is None for b in store.session_rows(session).boards)


# --- the deal at the table, and the lead ----------------------------------------------------------


def test_a_phone_is_shown_a_deal_only_once_its_table_has_played_the_board(store: Store) -> None:
    console, session, codes = setup(store)
    assert upload(console, session, "test.pbn", _file("test.pbn")).status_code == 200
    one = Table(console, codes["1"])
    three = Table(console, codes["3"])
    deal_1 = "N:65.A53.JT7.AK762 AK87.QT4.AK98.95 JT9.982.Q532.Q83 Q432.KJ76.64.JT4"
    # before any play: no board's traveller, hence no deal, for any phone
    for table in (one, three):
        for board in range(1, 22):
            refused = table.client.get(f"/t/api/boards/{board}", headers=table.headers())
            assert refused.status_code == 403, board
            assert refused.json() == {
                "error": {
                    "status": 403,
                    "message": f"board {board}'s results are shown once this table has played it",
                }
            }
    # and no other answer a phone can have carries a hand
    state = one.state().text
    assert "AK762" not in state and "hands" not in state
    assert console.client.get(f"/results/{session}/board-1.json").status_code == 404
    # table 1 plays board 1 (round 1): its phone is shown the deal and double dummy
    sent = one.send("deal-000001", 1, 1, contract="4S", declarer="W", tricks="=", lead="HA")
    assert sent.status_code == 201, sent.text
    shown = one.client.get("/t/api/boards/1", headers=one.headers()).json()
    assert shown["hands"]["N"]["clubs"] == "AK762" and shown["hands"]["W"]["spades"] == "Q432"
    assert (shown["dealer"], shown["vulnerability"]) == ("N", "None")
    assert shown["double_dummy"]["par_score"] == -420
    assert shown["double_dummy"]["tricks"]["W"]["S"] == 10
    assert [r["result"] for r in shown["results"]] == ["4S W ="]
    # still nothing of the boards table 1 has not played, nor of board 1 at table 3
    assert one.client.get("/t/api/boards/2", headers=one.headers()).status_code == 403
    assert three.client.get("/t/api/boards/1", headers=three.headers()).status_code == 403
    # a result the console entered for a table counts as the table's play too
    row = next(r for r in rows_of(console, session, 1) if r["table"] == 3)
    assert enter(console, session, 1, row, contract="4S", declarer="W", tricks="+1").status_code
    assert (
        three.client.get("/t/api/boards/1", headers=three.headers()).json()["hands"]["N"]
        == shown["hands"]["N"]
    )
    assert str(store.session_rows(session).boards[0].deal) == deal_1


def test_the_lead_is_checked_against_the_leaders_hand_by_the_phone_and_the_server(
    store: Store,
) -> None:
    console, session, codes = setup(store)
    assert upload(console, session, "test.pbn", _file("test.pbn")).status_code == 200
    table = Table(console, codes["1"])
    # board 2 (round 1, table 1): N:AQ63.J7.Q42.AKJ7 E:T942.T5.KT6.9643 ...; N declares, E leads
    cells = {"contract": "3NT", "declarer": "N"}
    check = {"board": 2, "round": 1, **cells}

    def checked(lead: str) -> Any:
        return table.client.post(
            "/t/api/check", json={**check, "lead": lead}, headers=table.headers()
        ).json()["lead_problem"]

    assert checked("C3") is None  # East holds ♣9643
    assert checked("SA") == "♠A is not in East's hand on the hand record: East leads against N"
    # the server refuses it too, nothing is stored
    sent = table.send("lead-000001", 2, 1, **cells, tricks="=", lead="SA")
    assert sent.status_code == 422
    assert sent.json()["error"]["message"] == (
        "board 2: ♠A is not in East's hand on the hand record: East leads against N. "
        "The result was not stored"
    )
    assert store.session_rows(session).results == ()
    # the console's grid as well (the director sees the deal, and a wrong card is a slip)
    row = next(r for r in rows_of(console, session, 2) if r["table"] == 1)
    by_director = enter(
        console, session, 2, row, contract="3NT", declarer="N", tricks="=", lead="HA"
    )
    assert by_director.status_code == 422
    assert "♥A is not in East's hand" in by_director.json()["error"]["message"]
    # a third wrong lead at the table: from then on no lead is answered there, right or wrong
    assert checked("DA") == "♦A is not in East's hand on the hand record: East leads against N"
    for lead in ("C3", "HA"):
        assert checked(lead) == (
            "3 leads at this table were not in the leader's hand: the director has been told. "
            "Enter the result with no lead, or call the director"
        )
    refused = table.send("lead-000002", 2, 1, **cells, tricks="=", lead="C3")
    assert refused.status_code == 422
    assert store.session_rows(session).results == ()
    # without a lead the result is stored; the director saw each wrong lead
    stored = table.send("lead-000003", 2, 1, **cells, tricks="=")
    assert stored.status_code == 201 and stored.json()["entry"]["result"] == "3NT N ="
    events = console.get(f"/director/sessions/{session}/tables.json").json()["events"]
    assert sorted(e["note"] for e in events if e["kind"] == "lead") == [
        "board 2: DA — ♦A is not in East's hand on the hand record: East leads against N",
        "board 2: SA — ♠A is not in East's hand on the hand record: East leads against N",
        "board 2: SA — ♠A is not in East's hand on the hand record: East leads against N",
    ]
    # another board at the same table is checked afresh
    assert (
        table.client.post(
            "/t/api/check",
            json={"board": 1, "round": 1, "contract": "4S", "declarer": "W", "lead": "HA"},
            headers=table.headers(),
        ).json()["lead_problem"]
        is None
    )


# --- before publishing ----------------------------------------------------------------------------


def test_entries_that_look_wrong_are_listed_before_publishing_and_changed_only_by_the_director(
    store: Store,
) -> None:
    console, session, _ = setup(store)
    s = f"/director/sessions/{session}"
    rows = rows_of(console, session, 1)
    # board 1: three tables play 4S by West; table 2 (round 6) is entered with North declaring
    for row in rows:
        declarer = "N" if row["table"] == 2 else "W"
        answer = enter(console, session, 1, row, contract="4S", declarer=declarer, tricks="=")
        assert answer.status_code == 201, answer.text
    before = store.session_rows(session).results
    listed = console.get(s + "/review.json").json()
    session_value = console.client.app.state.bridge.night.snapshot(session).result.session
    expected = find(session_value)
    # the library's two reasons, each shown with its line: the declarer on the other side of
    # the field's, and a score 13 IMPs from the nearest
    assert [a.kind for a in expected] == ["direction", "outlier"]
    assert "played it from East-West: a declarer entered on the wrong side?" in expected[0].reason
    assert [
        (f["board"], f["round"], f["table"], f["kind"], f["reason"]) for f in listed["found"]
    ] == [(1, 6, "2", a.kind, a.reason) for a in expected]
    for found in listed["found"]:
        assert found["result"] == "4S N =" and found["confirmed"] is None
        assert found["url"] == f"{s}/history?line=%7C1%7Cr6%7Ct2"
    line = console.get(listed["found"][0]["url"])  # the line, corrected there
    assert line.status_code == 200 and "4S N =" in line.text
    page = console.get(s + "/review")
    assert page.text.count("Confirm as it stands") == 2 and expected[1].reason in page.text
    watch = console.get(s + ".json").json()
    assert watch["review"] == {"listed": 2, "unconfirmed": 2}
    assert store.session_rows(session).results == before  # listing changes nothing
    # publishing asks once more while they are not confirmed
    asked = console.post(s + "/publish.json", minutes="60")
    assert asked.status_code == 409
    assert asked.json()["error"]["message"] == (
        "2 entries look wrong and are not confirmed: look at them before publishing "
        f"({s}/review), or publish anyway"
    )
    html = console.post(s + "/publish", minutes="60")
    assert html.status_code == 409 and "Publish anyway" in html.text and "4S N =" in html.text
    assert store.live_info(session).status == "live"
    # a confirmation names the entry looked at
    first, second = listed["found"]
    stale = console.post(
        s + "/review/confirm.json",
        line=first["line"],
        kind=first["kind"],
        entry=first["entry"] + 99,
    )
    assert stale.status_code == 409 and "has changed since" in stale.json()["error"]["message"]
    note = "North did declare: the auction went round"
    for found in (first, second):
        done = console.post(
            s + "/review/confirm.json",
            line=found["line"],
            kind=found["kind"],
            entry=found["entry"],
            note=note,
        )
        assert done.status_code == 200 and done.json()["by"] == "dana"
    again = console.get(s + "/review.json").json()
    assert again["unconfirmed"] == 0
    assert [f["confirmed"]["note"] for f in again["found"]] == [note, note]
    assert store.session_rows(session).results == before  # confirming changes no result
    # a correction is a new entry, looked at afresh: here it no longer looks wrong ...
    corrected = console.post(
        s + "/correct.json", line=first["line"], result="4S W =", reason="declarer was West"
    )
    assert corrected.status_code == 200
    assert console.get(s + "/review.json").json()["found"] == []
    # ... and back to North, it is listed again, not confirmed
    wrong = console.post(
        s + "/correct.json", line=first["line"], result="4S N =", reason="no, North after all"
    )
    assert wrong.status_code == 200
    assert console.get(s + "/review.json").json()["unconfirmed"] == 2
    # the director publishes anyway
    published = console.post(s + "/publish.json", minutes="60", anyway="yes")
    assert published.status_code == 200
    assert store.live_info(session).status == "published"
    # a scorer sees the list but confirms nothing
    scorer = Console(store, "sam")
    assert scorer.get(s + "/review.json").json()["may_confirm"] is False
    refused = scorer.post(
        s + "/review/confirm.json", line=first["line"], kind=first["kind"], entry=first["entry"]
    )
    assert refused.status_code == 403


# --- masterpoints ---------------------------------------------------------------------------------

# ABF green, one winner (a Howell), 4 tables: 1st 0.04 × 1.5 × 4 = 0.24, 2nd 70 % = 0.168 → 0.17,
# 3rd 0.24 / 2 = 0.12, 4th 0.24 / 3 = 0.08; the top half of 8 pairs is awarded, places shared
# by a tie share the mean of their awards, rounded half up to 0.01 (docs/masterpoints.md).
ABF_GREEN_4_TABLES = [Fraction(24, 100), Fraction(17, 100), Fraction(12, 100), Fraction(8, 100)]


def expected_award(rank: int, tied: int) -> Fraction:
    places = [*ABF_GREEN_4_TABLES, *[Fraction(0)] * 8][rank - 1 : rank - 1 + tied]
    mean = sum(places, Fraction(0)) / tied
    return Fraction(int(mean * 100 + Fraction(1, 2)), 100)


def play_the_night(console: Console, session: int) -> None:
    contracts = ["4S W =", "4S W -1", "3NT N =", "2H E +1", "1NT S -2", "4S W +1"]
    for board in range(1, 22):
        for n, row in enumerate(rows_of(console, session, board)):
            contract, declarer, tricks = contracts[(board * 5 + n * 3) % len(contracts)].split()
            answer = enter(
                console, session, board, row, contract=contract, declarer=declarer, tricks=tricks
            )
            assert answer.status_code == 201, answer.text


def test_a_scheme_chosen_at_set_up_awards_the_provisional_and_published_rankings(
    store: Store,
) -> None:
    console = Console(store)
    offered = console.get("/director/new.json", pairs=8, minutes=200).json()
    page = console.get("/director/new", pairs=8, minutes=200, movement="0")
    assert '<option value="abf:green">' in page.text
    assert offered["page"] == "setup"
    session = new_session(console, pairs=8, masterpoints="abf:green")
    s = f"/director/sessions/{session}"
    play_the_night(console, session)
    watch = console.get(s + ".json").json()
    assert watch["masterpoints"]["scheme"] == "abf:green"
    assert watch["masterpoints"]["title"] == "ABF green masterpoints (weight 1.5)"
    rows = watch["fields"][0]["rankings"]
    assert len(rows) == 8
    for row in rows:
        tied = sum(1 for other in rows if other["rank"] == row["rank"])
        award = expected_award(row["rank"], tied)
        if award:
            assert Fraction(row["masterpoints_text"]) == award, row
            assert row["masterpoints_award"].startswith(
                f"{['1st', '2nd', '3rd', '4th'][row['rank'] - 1]}"
            ), row
        else:
            assert row["masterpoints"] is None, row
    first = next(r for r in rows if r["rank"] == 1)
    if sum(1 for r in rows if r["rank"] == 1) == 1:
        assert (
            first["masterpoints_award"] == "1st of 4 tables, Howell, green: 0.04 × 1.5 × 4 = 0.24"
        )
    html = console.get(s).text
    assert "ABF green masterpoints (weight 1.5)" in html and first["masterpoints_award"] in html
    # published: the rankings' own places, the same awards and their words
    assert console.post(s + "/publish.json", minutes="60", anyway="yes").status_code == 200
    index = console.client.get(f"/results/{session}/index.json").json()
    published = index["fields"][0]["rankings"]
    for row in published:
        tied = sum(1 for other in published if other["rank"] == row["rank"])
        award = expected_award(row["rank"], tied)
        assert (Fraction(row["masterpoints_text"]) if row["masterpoints_text"] else 0) == award
    card = console.client.get(f"/results/{session}/pair-{first['pair']}.json").json()
    assert card["masterpoints_award"] == next(
        r["masterpoints_award"] for r in published if r["pair"] == first["pair"]
    )
    # the scheme changed after publishing: the published pages follow
    assert console.post(s + "/masterpoints.json", scheme="none").json() == {"scheme": None}
    again = console.client.get(f"/results/{session}/index.json").json()
    assert again["fields"][0]["rankings"][0].get("masterpoints") is None


SCHEME_FILE = b"""name = "Riverside local points"
unit = "local points"
decimals = 0
counts = "tables"

[[one_winner]]
from = 3
to = 5
awards = [10, 7, 5]

[[one_winner]]
from = 6
awards = [12, 9, 6, 4]
"""


def test_a_club_adds_a_scheme_file_checked_whole_and_awards_by_it(store: Store) -> None:
    console = Console(store)

    def add(name: str, data: bytes) -> Any:
        return console.client.post(
            "/director/club/masterpoints.json",
            data={"csrf": console.csrf},
            files={"scheme": (name, data, "text/plain")},
        )

    bad = add("bad.toml", b'name = "Broken"\nunit = "points"\n[[one_winner]]\nfrom = 4\nto = 3\n')
    assert bad.status_code == 422
    assert "bad.toml" in bad.json()["error"]["message"]
    assert console.get("/director/club/masterpoints.json").json()["files"] == []
    added = add("local.toml", SCHEME_FILE)
    assert added.status_code == 201
    assert added.json() == {
        "name": "Riverside local points",
        "scheme": "club:Riverside local points",
    }
    twice = add("local-2.toml", SCHEME_FILE)
    assert twice.status_code == 422 and "already has a scheme named" in twice.text
    session = new_session(console, pairs=8, masterpoints="club:Riverside local points")
    play_the_night(console, session)
    rows = console.get(f"/director/sessions/{session}.json").json()["fields"][0]["rankings"]
    # the printed scale for 4 tables: 10, 7, 5 local points to the first three places
    scale = [10, 7, 5]
    for row in rows:
        tied = sum(1 for other in rows if other["rank"] == row["rank"])
        places = [*scale, 0, 0, 0, 0, 0, 0, 0, 0][row["rank"] - 1 : row["rank"] - 1 + tied]
        mean = Fraction(sum(places), tied)
        expected = int(mean + Fraction(1, 2))
        found = int(row["masterpoints_text"]) if row["masterpoints_text"] else 0
        assert found == expected, row
    # a scorer neither adds a scheme nor chooses one
    scorer = Console(store, "sam")
    refused = scorer.post(f"/director/sessions/{session}/masterpoints.json", scheme="abf:red")
    assert refused.status_code == 403
    assert refused.json()["error"]["message"] == "only a director can choose the masterpoint scheme"


# --- the national body's file ---------------------------------------------------------------------


def test_the_national_bodys_file_is_made_after_publishing_and_reads_back(store: Store) -> None:
    numbers = {"Ann Lee": "2100001", "Bob Ray": "2100002", "Cy Dow": "2100003"}
    for name, number in numbers.items():
        first, last = name.split()
        store.add_player(first, last, {"abf": number}, club="Riverside")
    console, session, _ = setup(store, p1_1="Ann Lee", p1_2="Bob Ray", p2_1="Cy Dow", p2_2="Di Fox")
    s = f"/director/sessions/{session}"
    assert upload(console, session, "test.pbn", _file("test.pbn")).status_code == 200
    assert console.post(s + "/masterpoints.json", scheme="abf:green").status_code == 200
    play_the_night(console, session)
    as_json = {"accept": "application/json"}
    before = console.client.get(s + "/national.xml", params={"body": "abf"}, headers=as_json)
    assert before.status_code == 409
    assert "publish them first" in before.json()["error"]["message"]
    assert console.post(s + "/publish.json", minutes="60", anyway="yes").status_code == 200
    listed = console.get(s + "/national.json", body="abf").json()
    missing = {(m["entrant"], m["player"]) for m in listed["missing"]}
    assert ("2", "Di Fox") in missing and ("1", "Ann Lee") not in missing
    assert ("3", "player 1") in missing and len(missing) == 13  # 16 players, 3 numbered
    assert listed["awards"]["scheme"] == "abf:green"
    refused = console.client.get(s + "/national.xml", params={"body": "abf"}, headers=as_json)
    assert refused.status_code == 422
    assert refused.json()["error"]["message"].startswith(
        "13 players without a national number (the body cannot credit them)"
    )
    made = console.get(s + "/national.xml", body="abf", missing="allow", charge="10")
    assert made.status_code == 200
    assert (
        made.headers["content-disposition"] == f'attachment; filename="session-{session}-abf.xml"'
    )
    back = national.read_awards(made.text)
    assert back.numbers["1"] == ("2100001", "2100002")
    assert back.numbers["2"][0] == "2100003"
    assert (back.type, back.charge, back.awarded) == ("GREEN", "10", True)
    index = console.client.get(f"/results/{session}/index.json").json()
    published = {str(r["pair"]): r.get("masterpoints_text") for r in index["fields"][0]["rankings"]}
    # the file's awards are exact fractions; the rankings show them in hundredths (0.18 = 9/50)
    assert back.awards == {p: Fraction(t) for p, t in published.items() if t is not None}
    # our USEBIO reader reads the session back: the deals and every result
    read = usebio.loads(made.text)
    assert {b.number: str(b.deal.pbn()) for b in read.session.boards.values() if b.deal} == {
        b.number: str(b.deal.pbn()) for b in _reference().boards if b.deal
    }
    assert len(read.session.tables) == 84
    # a scorer makes no file
    scorer = Console(store, "sam")
    assert scorer.get(s + "/national.xml", body="abf").status_code == 403


def test_published_results_show_the_deals_with_double_dummy(store: Store, tmp_path: Path) -> None:
    console, session, _ = setup(store)
    s = f"/director/sessions/{session}"
    assert upload(console, session, "test.pbn", _file("test.pbn")).status_code == 200
    play_the_night(console, session)
    assert console.post(s + "/publish.json", minutes="60", anyway="yes").status_code == 200
    expected = _pbn_analysis()
    for board in (1, 2, 16):
        page = console.client.get(f"/results/{session}/board-{board}.json").json()
        assert page["hands"] is not None
        assert page["double_dummy"]["par_score"] == expected[board][1]
        tricks = page["double_dummy"]["tricks"]
        assert {
            (seat, strain): tricks[seat][strain] for seat in "NESW" for strain in tricks[seat]
        } == expected[board][0]
    assert console.client.get(f"/results/{session}/board-17.json").json()["hands"] is None
    html = console.client.get(f"/results/{session}/board-1.html").text
    assert "Makeable contracts (double dummy)" in html


@pytest.mark.parametrize("name", ["test.pbn"])
def test_the_session_page_offers_every_format(store: Store, name: str) -> None:
    console, session, _ = setup(store)
    page = console.get(f"/director/sessions/{session}").text
    for extension in (".pbn", ".dup", ".dlm", ".bri", ".dge", ".ber", ".bhg", ".cds", ".rzd"):
        assert extension in page
    assert 'name="hands"' in page and name.endswith(".pbn")
