"""A teams-of-four session published from the console has its pages on the server, as a pairs
session has: the teams' ranking with the matches (IMPs and victory points), each board's
comparison of the rooms, each team's evening with double dummy and the opening leads, every
page with its JSON twin; each player's publish setting is honoured on every one of them. The
figures are worked by hand in tests/reports/test_team_evening.py (rules.md §6.1 and §6.5)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgescore.store import open_store
from bridgescore.store.outreach import PlayersSide
from tests.web.players import Console, console, teams_night

pytest.importorskip("endplay")

PAGES = ["index", "board-1", "board-2", "board-3", "board-4", "team-1-evening", "team-2-evening"]


@pytest.fixture(name="teams")
def teams_fixture(tmp_path: Path) -> Iterator[tuple[Console, int]]:
    store = open_store(str(tmp_path / "club.db"))
    try:
        yield console(store), teams_night(store)
    finally:
        store.close()


def test_every_page_and_its_twin(teams: tuple[Console, int]) -> None:
    web, session = teams
    client = web.client()
    first = client.get(f"/results/{session}/", follow_redirects=False)
    assert first.headers["location"].endswith("/index.html")
    for name in PAGES:
        page = client.get(f"/results/{session}/{name}.html")
        assert page.status_code == 200, (name, page.text)
        assert "Provisional until" in page.text
        assert client.get(f"/results/{session}/{name}.json").status_code == 200
    ranking = client.get(f"/results/{session}/index.json").json()
    assert [
        (r["team"], r["vps_exact"], r["imps_for_exact"]) for r in ranking["fields"][0]["rankings"]
    ] == [(2, "56/5", "19"), (1, "44/5", "17")]
    (match,) = ranking["matches"]
    assert (match["home_imps_exact"], match["away_imps_exact"]) == ("17", "19")
    # explain a score: a team's VPs link its evening's matches, a match its home team's evening
    html = client.get(f"/results/{session}/index.html").text
    assert 'href="team-1-evening.html#matches"' in html
    assert 'href="team-1-evening.html#match-2"' in html
    board = client.get(f"/results/{session}/board-3.json").json()
    assert [(r["ns"], r["ew"], r["ns_score"], r["ns_imps_exact"]) for r in board["results"]] == [
        (1, 2, 110, "4"),
        (2, 1, -50, "-4"),
    ]
    assert 'id="r1-2"' in client.get(f"/results/{session}/board-3.html").text
    evening = client.get(f"/results/{session}/team-1-evening.json").json()
    boards = evening["matches"][0]["boards"]
    assert [b["imps_exact"] for b in boards] == ["-6", "-13", "4", "13"]
    assert [b["par"] for b in boards][:2] == [-420, 800]  # test.pbn's OptimumScore
    # the lead at board 2, room 1, as tests/reports/test_team_evening.py solves it
    assert boards[1]["tables"][0]["lead"]["given"] == 1
    assert boards[1]["said"][-1] == "Net -770: 13.00 IMPs to your opponents."
    assert any("the opening lead: the opponents' ♣5 by W gave declarer 1 trick" in s
               for s in boards[1]["analysis"])  # fmt: skip
    text = client.get(f"/results/{session}/team-1-evening.html").text
    assert 'href="board-3.html#r2-1"' in text and 'href="#m2-b3"' in text
    for missing in ("board-9.html", "team-3-evening.json", "card.html"):
        answer = client.get(f"/results/{session}/{missing}")
        assert answer.status_code == 404 and "no such page" in answer.text


def test_each_publish_setting_on_every_page(teams: tuple[Console, int]) -> None:
    web, session = teams
    side = PlayersSide(web.store)
    side.set_publish("Ann Lee", "initials", club="Riverside")
    side.set_publish("Bob Ray", "number", club="Riverside")
    side.set_publish("Cat Fox", "hidden", club="Riverside")
    bob = web.store.player("Bob Ray").id
    client = web.client()
    for name in PAGES:
        for twin in ("html", "json"):
            text = client.get(f"/results/{session}/{name}.{twin}").text
            for hidden in ("Ann Lee", "Bob Ray", "Cat Fox"):
                assert hidden not in text, (name, twin, hidden)
            if name in ("board-1", "board-2", "board-3", "board-4", "team-2-evening"):
                continue  # the team's name is on its own evening, the ranking and the boards
            shown = re.sub(r"&amp;", "&", text)
            assert f"A. L. & Player {bob} & name withheld & Dan Wu" in shown, (name, twin)
    board = client.get(f"/results/{session}/board-1.json").json()
    names = {r["ns_name"] for r in board["results"]} | {r["ew_name"] for r in board["results"]}
    assert f"A. L. & Player {bob} & name withheld & Dan Wu" in names


def test_every_teams_page_is_translated_in_the_pseudo_locale(
    teams: tuple[Console, int],
) -> None:
    from bridgescore.languages import PSEUDO
    from tests.web.helpers import plain_words
    from tests.web.players import pass_for

    web, session = teams
    web.store.set_setting("language", PSEUDO)  # the tests' pseudo-locale
    token = pass_for(web.store, session, "Ann Lee")
    client = console(web.store).client()  # an app started in the club's language
    # named data: the players, the event, the program's name, the rule set's name, the
    # results' notation (sides, notrump), and the month of a date (the pseudo-locale has no
    # month names of its own)
    named = set(
        re.findall(
            r"[A-Za-z]{2,}",
            "Ann Lee Bob Ray Cat Fox Dan Wu Eve Orr Fay Poe Gus Ink Hal Jay Teams evening "
            "bridgescore club NS EW NT JSON UTC November",
        )
    )
    problems = []
    pages = [f"/results/{session}/{name}.html" for name in PAGES]
    pages += [f"/ask/{token}", f"/results/{session}/ask/team-1-evening"]
    for url in pages:
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.text)
        assert f'<html lang="{PSEUDO}">' in answer.text, url
        if left := plain_words(answer.text, named):
            problems.append(f"{url}: {sorted(left)}")
    assert not problems, "\n".join(problems)


def test_the_teams_ranking_shows_each_award_with_its_formula(teams: tuple[Console, int]) -> None:
    """The ABF's green points (docs/masterpoints.md): one winner at teams, 0.04 × W × T up to 15
    tables, W = 1.5 for a club session; the match is played at T = 2 tables: 0.04 × 1.5 × 2 =
    0.12 to team 2, the winner. Awards go to the top third of the teams, rounded up: of two,
    one -- team 1 gets none."""
    web, session = teams
    before = web.client().get(f"/results/{session}/index.json").json()
    assert "masterpoints" not in before["fields"][0]["rankings"][0]  # no scheme: no column
    chosen = web.post(f"/director/sessions/{session}/masterpoints.json", scheme="abf:green")
    assert chosen.json() == {"scheme": "abf:green"}
    ranking = web.client().get(f"/results/{session}/index.json").json()
    rows = ranking["fields"][0]["rankings"]
    assert [(r["team"], r["masterpoints"], r["masterpoints_text"]) for r in rows] == [
        (2, 0.12, "0.12"),
        (1, None, None),
    ]
    assert rows[0]["masterpoints_award"] == "1st of 2 tables, teams, green: 0.04 × 1.5 × 2 = 0.12"
    html = web.client().get(f"/results/{session}/index.html").text
    # explain a score: the award links to its formula below the ranking
    cell = r'<td class="num award"><a href="#award-2" title="([^"]+)">0.12</a></td>'
    link = re.search(cell, html)
    assert link is not None, html
    assert link[1] == "1st of 2 tables, teams, green: 0.04 × 1.5 × 2 = 0.12"
    formula = re.search(r'<li id="award-2">(.*?)</li>', html, re.S)
    assert formula is not None and "0.04 × 1.5 × 2 = 0.12" in formula[1], html
