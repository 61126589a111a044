"""A pair's (or an individual player's) evening on the server's published pages, with its JSON
twin: the report's own page (reports/views.py ``SessionPages.evening``) for a session published
from the console, with the deals the director loaded -- what the field did, par and the
makeable contracts, this table against double dummy, the opening lead, the verdict with its
figures -- linked from the ranking and the score card; each player's publish setting honoured
on it; a session without deals gets the field alone.

The figures are worked by hand (the mini session of tests/reports/test_analysis.py on test.pbn's
boards 1 and 2), and double dummy is checked against endplay's solver asked another way
(``calc_dd_table``, and ``solve_board`` after the lead is played)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgescore.store import open_store
from bridgescore.store.outreach import PlayersSide
from tests.reports.helpers import MINI, _endplay_deal
from tests.web.players import Console, console, deals_night, played_night

pytest.importorskip("endplay")

# An individual night on the same two boards: player 1 sits North at table 1 both rounds.
#   board 1 (none vul.): 4S E = (-420 for N-S) against 4S W -1 (+50): 0 of 2 matchpoints;
#       par -420 (4S EW =), so -420 is exactly par.
#   board 2 (N-S vul.): 4S N = (+620) against 5D S = (+600): 2 of 2; par +800 (6HX EW -4),
#       so +620 is 180 below par, all of it the contract's (4S makes 10 tricks double dummy).
INDIVIDUAL = """\
# event: Individual evening
board,round,table,n,e,s,w,contract,declarer,result,lead
1,1,1,1,2,3,4,4S,E,=,SJ
1,1,2,5,6,7,8,4S,W,-1,HA
2,2,1,1,6,3,8,4S,N,=,HK
2,2,2,5,2,7,4,5D,S,=,HA
"""


@pytest.fixture(name="night")
def night_fixture(tmp_path: Path) -> Iterator[tuple[Console, int]]:
    store = open_store(str(tmp_path / "club.db"))
    try:
        yield console(store), deals_night(store, MINI)
    finally:
        store.close()


def test_a_pairs_evening_and_its_twin_worked_by_hand(night: tuple[Console, int]) -> None:
    """Pair 2 NS, board 1: 4S by W one down, +50 for NS. Par is -420 (4S EW =): +50 is 470
    above par; the contract is par, North's heart ace gave nothing away, and the play lost
    declarer a trick: all 470 the play's. +50 beat -420 and -170 and lost to +100: 4 of 6."""
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Card, Denom, Player

    web, session = night
    client = web.client()
    page = client.get(f"/results/{session}/pair-2ns-evening.html")
    assert page.status_code == 200, page.text
    assert "Provisional until" in page.text
    assert 'href="ask/pair-2ns"' in page.text  # the way to ask, as on the score card
    twin = client.get(f"/results/{session}/pair-2ns-evening.json").json()
    assert (twin["page"], twin["card"]) == ("pair-2ns-evening.html", "pair-2ns.html")
    assert twin["solved"] and twin["leads"]
    assert twin["format"] == 2
    board = twin["boards"][0]
    # the score card's row in the card's twin, the deal and the field in the board's
    row = client.get(f"/results/{session}/{twin['card'].removesuffix('.html')}.json").json()
    row = row["boards"][0]
    assert (row["board"], row["score"], row["mp_exact"], row["top_exact"]) == (1, 50, "4", "6")
    assert (board["board"], board["page"], board["row"]) == (1, "board-1.html", row["row"])
    traveller = client.get(f"/results/{session}/board-1.json").json()
    assert board["versus_par"] == 50 - (-420) == 470
    assert board["parts"] == {"contract": 0, "lead": 0, "play": 470}
    verdict = [s["text"] for s in board["verdict"]]
    assert verdict[0] == (
        "You scored 4.00 of 6.00 matchpoints (66.67%): +50 beat 2 and tied 0 of the 3 other "
        "results: 2×2 + 0×1 = 4 of 6."
    )
    assert verdict[1] == "Against par (-420) your +50 is 470 above par: the play gained 470."
    assert verdict[3] == (
        "The opening lead: your ♥A by N gave nothing away: declarer still makes 10 tricks "
        "double dummy after it."
    )
    assert [s["text"] for s in board["field"]] == [
        "Your +50 beat 2 and tied 0 of the 3 other results."
    ]
    field = [s["text"] for s in traveller["field"]]
    assert field[0] == (
        "4 tables have a result on this board; the most common contract was 4♠ by EW "
        "(2 of 4 tables)."
    )
    # double dummy: every seat and strain as endplay's own table has it; the lead played out
    hands = traveller["hands"]
    pbn = "N:" + " ".join(
        ".".join(hands[seat][suit] for suit in ("spades", "hearts", "diamonds", "clubs"))
        for seat in "NESW"
    )
    table = calc_dd_table(_endplay_deal(pbn, "nt", "N"))
    for seat, seat_tricks in traveller["double_dummy"]["tricks"].items():
        for strain, tricks in seat_tricks.items():
            assert tricks == table[Denom.find(strain), Player.find(seat)], (seat, strain)
    assert traveller["double_dummy"]["par_score"] == -420
    makes = next(s["text"] for s in board["analysis"] if s["text"].startswith("Your opponents"))
    best = {s: max(table[Denom.find(s), Player.find(p)] for p in "EW") for s in ("nt", "spades")}
    assert f"{best['nt'] - 6}NT ({best['nt']} tricks by E or W)" in makes
    assert f"{best['spades'] - 6}♠ ({best['spades']} tricks by E or W)" in makes
    # North's heart ace led, dummy (East) to play: declarer's side takes what it took after the
    # best lead, so the lead gave nothing away
    led = _endplay_deal(pbn, "spades", "N")
    led.play(Card("HA"))
    after = max(tricks for _card, tricks in solve_board(led))
    assert after == table[Denom.spades, Player.west] == 10
    # the whole evening: the boards analysed and their sum
    assert twin["analysed"] == 2
    assert twin["versus_par"] == sum(b["versus_par"] for b in twin["boards"])
    assert "Against par (-420) your +50 is 470 above par" in page.text
    assert 'href="board-1.html#r2"' in page.text  # the board's result on its traveller


def test_the_ranking_and_the_score_card_link_each_evening(night: tuple[Console, int]) -> None:
    web, session = night
    client = web.client()
    ranking = client.get(f"/results/{session}/index.json").json()
    rows = [r for f in ranking["fields"] for r in f["rankings"]]
    assert len(rows) == 8
    assert {r["evening"] for r in rows} == {
        f"pair-{n}{line}-evening.html" for n in range(1, 5) for line in ("ns", "ew")
    }
    html = client.get(f"/results/{session}/index.html").text
    # explain a score: the matchpoints lead to where they were won or lost
    assert re.search(r'<a href="pair-2ns-evening.html" title="Pair 2NS: the evening', html)
    card = client.get(f"/results/{session}/pair-2ns.json").json()
    assert card["evening"] == "pair-2ns-evening.html"
    assert 'href="pair-2ns-evening.html"' in client.get(f"/results/{session}/pair-2ns.html").text
    for name in ("pair-1ew", "pair-4ns"):
        assert client.get(f"/results/{session}/{name}-evening.json").status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/results/{session}/pair-9ns-evening.html",
        "/results/{session}/pair-9ns-evening.json",
        "/results/{session}/pair-2ns-evenings.html",
        "/results/{session}/player-1-evening.json",
    ],
)
def test_an_evening_that_is_not_there_is_a_404_with_a_sentence(
    night: tuple[Console, int], url: str
) -> None:
    web, session = night
    answer = web.client().get(url.format(session=session))
    assert answer.status_code == 404
    name = url.rsplit("/", 1)[1].rsplit(".", 1)[0]
    said = (
        f"no such page: this session has no evening {name} (each pair's or player's is linked "
        "from the rankings)"
        if name.endswith("-evening")
        else "no such page"
    )
    if url.endswith(".json"):
        assert answer.json() == {"error": {"status": 404, "message": said}}
    else:
        assert said.replace("'", "&#39;") in answer.text


def test_a_session_that_is_not_published_has_no_evening(tmp_path: Path) -> None:
    """A session still played and one that does not exist are answered alike, as every
    published page answers them: nobody learns from the answer that a session exists."""
    store = open_store(str(tmp_path / "club.db"))
    try:
        live = played_night(store, publish=False)
        web = console(store)
        for session in (live, 999):
            for kind in ("html", "json"):
                answer = web.client().get(f"/results/{session}/pair-1ns-evening.{kind}")
                assert answer.status_code == 404, answer.text
                assert "no such page" in answer.text
            message = answer.json()["error"]["message"]
            assert message == "no such page", message
    finally:
        store.close()


SHOWN = {"full": "Ann Lee", "initials": "A. L.", "number": "No. 4711", "hidden": "name withheld"}


@pytest.mark.parametrize("publish", list(SHOWN))
def test_each_publish_setting_on_the_evenings(night: tuple[Console, int], publish: str) -> None:
    """Ann Lee (pair 1 NS, with Bob Ray) as she chose, on her pair's evening, on the evenings
    of the pairs that played against her (their opponents' names: in their score cards' twins,
    which their evenings' twins refer to) and on the ranking."""
    web, session = night
    web.store.edit_player("Ann Lee", ids={"club": "4711"}, club="Riverside")
    PlayersSide(web.store).set_publish("Ann Lee", publish, club="Riverside")
    client = web.client()
    shown = f"{SHOWN[publish]} & Bob Ray"
    # pair 1 EW played her on board 1, pair 2 EW on board 2: their score cards' twins name
    # their opponents (their evenings' HTML and twins name no opponent)
    named: dict[str, tuple[str, ...]] = {"pair-1ns-evening": ("html", "json")}
    named |= {"index": ("html", "json")}
    named |= {"pair-1ew": ("json",), "pair-2ew": ("json",)}
    named |= {"pair-1ew-evening": (), "pair-2ew-evening": ()}
    for name, kinds in named.items():
        for kind in ("html", "json"):
            text = client.get(f"/results/{session}/{name}.{kind}").text
            if kind in kinds:
                assert (shown.replace("&", "&amp;") if kind == "html" else shown) in text, name
            if publish != "full":
                assert "Ann Lee" not in text, (name, kind)
    own = client.get(f"/results/{session}/pair-1ns-evening.json").json()
    assert own["name"] == shown
    opponents = client.get(f"/results/{session}/pair-1ew.json").json()
    assert opponents["boards"][0]["opponents"][0]["name"] == shown


def test_a_session_without_deals_gets_the_field_alone(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = deals_night(store, MINI, deals=False)
        client = console(store).client()
        twin = client.get(f"/results/{session}/pair-2ns-evening.json").json()
        assert not twin["solved"] and not twin["leads"] and twin["parts"] is None
        for board in twin["boards"]:
            traveller = client.get(f"/results/{session}/board-{board['board']}.json").json()
            assert traveller["hands"] is None and traveller["double_dummy"] is None
            assert board["analysis"] == [] and board["versus_par"] is None
            assert [s["kind"] for s in board["verdict"]] == ["score"]
        first = [s["text"] for s in twin["boards"][0]["field"]]
        assert first[-1] == "Your +50 beat 2 and tied 0 of the 3 other results."
        page = client.get(f"/results/{session}/pair-2ns-evening.html").text
        assert "deals are not known: each board shows what the field did" in page
    finally:
        store.close()


def test_an_individual_players_evening(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "club.db"))
    try:
        session = deals_night(store, INDIVIDUAL)
        client = console(store).client()
        ranking = client.get(f"/results/{session}/index.json").json()
        linked = {r["label"]: r["evening"] for f in ranking["fields"] for r in f["rankings"]}
        assert linked["1"] == "player-1-evening.html" and len(linked) == 8
        twin = client.get(f"/results/{session}/player-1-evening.json").json()
        first, second = twin["boards"]
        rows = client.get(f"/results/{session}/player-1.json").json()["boards"]
        assert (rows[0]["mp_exact"], rows[0]["top_exact"], first["versus_par"]) == ("0", "2", 0)
        assert (rows[1]["mp_exact"], rows[1]["top_exact"]) == ("2", "2")
        assert second["versus_par"] == 620 - 800 == -180
        assert second["parts"] == {"contract": -180, "lead": 0, "play": 0}
        assert second["verdict"][1]["text"] == (
            "Against par (+800) your +620 is 180 below par: the contract cost 180."
        )
        page = client.get(f"/results/{session}/player-1-evening.html")
        assert page.status_code == 200 and "Player 1: your evening" in page.text
    finally:
        store.close()


def test_every_evening_page_is_translated_in_the_pseudo_locale(
    night: tuple[Console, int],
) -> None:
    from bridgescore.languages import PSEUDO
    from tests.web.helpers import plain_words

    web, session = night
    web.store.set_setting("language", PSEUDO)
    client = console(web.store).client()  # an app started in the club's language
    # named data: the players, the event, the program's and rule set's names, the results'
    # notation, and a date's month (the pseudo-locale has no month names of its own)
    named = set(
        re.findall(
            r"[A-Za-z]{2,}",
            f"{MINI} bridgescore club NS EW NT JSON UTC November MP IMPs",
        )
    )
    problems = []
    for name in ("index", "pair-2ns", "board-1", "pair-2ns-evening", "pair-1ew-evening"):
        answer = client.get(f"/results/{session}/{name}.html")
        assert answer.status_code == 200, (name, answer.text)
        assert f'<html lang="{PSEUDO}">' in answer.text, name
        if left := plain_words(answer.text, named):
            problems.append(f"{name}: {sorted(left)}")
    assert not problems, "\n".join(problems)
