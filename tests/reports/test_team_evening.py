"""A team's evening at teams of four, worked by hand: two teams, four boards of test.pbn (their
par from the file's own OptimumScore tags), the IMPs from the WBF scale (rules.md §6.1) and the
victory points from the WBF continuous scale for a 4-board match (rules.md §6.5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgescore.formats import hands
from bridgescore.formats.csv import loads as csv_loads
from bridgescore.reports.deals import solve
from bridgescore.reports.html import write_site
from bridgescore.reports.team_evening import TeamEvenings, team_page
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import Entrant, FieldStructure
from tests.conftest import shared_path
from tests.reports.helpers import LED, TEAM_1, TEAM_2, _endplay_deal, _result

pytest.importorskip("endplay")

# (room 1 score for team 1, room 2 score for team 1, net, IMPs to team 1) by board
BY_HAND = {
    1: (-420, 170, -250, -6),
    2: (600, -1370, -770, -13),
    3: (110, 50, 160, 4),
    4: (-680, 1430, 750, 13),
}


def _par() -> dict[int, int]:
    """Board -> par for North-South, from test.pbn's own OptimumScore tags."""
    text = shared_path("data", "hand-records", "test.pbn").read_text()
    found = {}
    for game in text.split("\n\n"):
        board = re.search(r'\[Board "(\d+)"\]', game)
        score = re.search(r'\[OptimumScore "(NS|EW) (-?\d+)"\]', game)
        if board is not None and score is not None:
            found[int(board[1])] = int(score[2]) * (1 if score[1] == "NS" else -1)
    return found


def test_each_board_compares_the_teams_two_tables() -> None:
    result = _result(deals=False)
    evenings = TeamEvenings(result)
    assert evenings.entrants() == [Entrant(2), Entrant(1)]  # team 2 first: it won
    page = evenings.page(Entrant(1))
    assert (page["place"], page["field_size"], page["name"]) == ("2", 2, TEAM_1)
    assert (page["vps_exact"], page["imps_for_exact"], page["imps_against_exact"]) == (
        "44/5",
        "17",
        "19",
    )
    (match,) = page["matches"]
    assert (match["opponent"], match["home"], match["opponent_name"]) == (2, True, TEAM_2)
    assert (match["vps_for_exact"], match["vps_against_exact"]) == ("44/5", "56/5")
    assert match["said"] == (
        "Against team 2, 4 boards: 17.00–19.00 IMPs, lost by 2.00 IMPs; 8.80–11.20 victory points."
    )
    for b in match["boards"]:
        room1, room2, net, imps = BY_HAND[b["board"]]
        assert [(t["room"], t["side"], t["score"]) for t in b["tables"]] == [
            (1, "NS", room1),
            (2, "EW", room2),
        ]
        assert (b["net"], b["imps_exact"]) == (net, str(imps))
        assert b["analysis"] == [] and b["par"] is None
    board1 = match["boards"][0]["said"]
    assert board1 == [
        "Room 1 (your pair North-South): 4♠ E =, -420 for your team.",
        "Room 2 (your pair East-West): 2♠ W +2, +170 for your team.",
        "Net -250: 6.00 IMPs to your opponents.",
    ]
    assert match["boards"][3]["said"][-1] == "Net +750: 13.00 IMPs to your team."
    # the other team sees the same boards from its side: its North-South pair in room 2
    other = evenings.page(Entrant(2))["matches"][0]
    assert (other["home"], other["vps_for_exact"], other["imps_for_exact"]) == (False, "56/5", "19")
    for b in other["boards"]:
        room1, room2, net, imps = BY_HAND[b["board"]]
        assert [(t["room"], t["side"], t["score"]) for t in b["tables"]] == [
            (2, "NS", -room2),
            (1, "EW", -room1),
        ]
        assert (b["net"], b["imps_exact"]) == (-net, str(-imps))


def test_double_dummy_per_table_adds_up_to_the_net() -> None:
    result = _result()
    par = _par()
    evenings = TeamEvenings(result, solve(result.session.boards.values()))
    page = evenings.page(Entrant(1))
    total = 0
    for b in page["matches"][0]["boards"]:
        room1, room2, net, _ = BY_HAND[b["board"]]
        assert b["par"] == par[b["board"]]
        # room 1: the team sits North-South, par is theirs as it stands; room 2: East-West
        wanted = [room1 - par[b["board"]], room2 + par[b["board"]]]
        assert [t["versus_par"] for t in b["tables"]] == wanted
        assert sum(wanted) == net
        total += sum(wanted)
        assert b["hands"] is not None and b["hands"]["N"] is not None
    assert page["versus_par"] == total == -250 - 770 + 160 + 750
    board1 = page["matches"][0]["boards"][0]["analysis"]
    assert board1[0].startswith("Par is -420 for North-South (")  # test.pbn: NS -420
    assert board1[1:4] == [
        "Room 1: par is -420 for your team; your -420 is exactly par.",
        "Room 2: par is +420 for your team; your +170 is 250 below par.",
        "The two tables against par, 0 and -250, add up to the net -250: par is the same "
        "in both rooms and cancels out.",
    ]
    board2 = page["matches"][0]["boards"][1]["analysis"]
    assert board2[1:3] == [
        "Room 1: par is +800 for your team; your +600 is 200 below par.",
        "Room 2: par is -800 for your team; your -1370 is 570 below par.",
    ]


def test_the_site_has_each_teams_evening(tmp_path: Path) -> None:
    result = _result()
    site = write_site(result, tmp_path)
    assert site.evenings == 2 and "2 team evenings" in site.summary()
    assert team_page(Entrant(1)) == "team-1-evening"
    page = (tmp_path / "team-1-evening.html").read_text()
    assert "Team 1: your evening" in page and "lost by 2.00 IMPs" in page
    assert 'href="team-1-evening.html"' in (tmp_path / "index.html").read_text()
    twin = json.loads((tmp_path / "team-1-evening.json").read_text())
    assert twin["matches"][0]["boards"][1]["net"] == -770
    none = tmp_path / "no-analysis"
    none.mkdir()
    assert write_site(result, none, analysis=False).evenings == 0
    assert not (none / "team-1-evening.html").exists()


def test_the_evening_in_french_and_dutch() -> None:
    from bridgescore import languages

    result = _result(deals=False)
    with languages.use("fr"):
        match = TeamEvenings(result).page(Entrant(1))["matches"][0]
    assert match["said"] == (
        "Contre l'équipe 2, 4 donnes : 17,00–19,00 IMP, perdu de 2,00 IMP ; "
        "8,80–11,20 points de victoire."
    )
    assert match["boards"][0]["said"][2] == "Net -250 : 6,00 IMP pour vos adversaires."
    with languages.use("nl"):
        match = TeamEvenings(result).page(Entrant(1))["matches"][0]
    assert match["boards"][3]["said"][2] == "Netto +750: 13,00 IMP's voor uw team."


# (board, room): lead, leader, declarer, strain, whether team 1's pair led, and what the tricks
# after the lead are worth to team 1 against the tricks after the best lead, by Law 77:
#   board 1: both leads give nothing (0);
#   board 2 room 1: 5D S vulnerable, 13 tricks 640 against 12 tricks 620: +20 (team 1 declared)
#   board 2 room 2: 6D N vulnerable, 13 tricks 1390 against 12 tricks 1370: -20 (team 1 led)
LEADS = {
    (1, 1): ("H9", "S", "E", "spades", True, 0),
    (1, 2): ("CA", "N", "W", "spades", False, 0),
    (2, 1): ("C5", "W", "S", "diamonds", False, 20),
    (2, 2): ("DK", "E", "N", "diamonds", True, -20),
}


def test_makeable_contracts_and_each_lead_against_double_dummy() -> None:
    """Every figure checked against endplay's solver asked another way: the makeable contracts
    from its double-dummy table, the tricks after a lead by playing the lead and solving the
    position with dummy to play."""
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Card, Denom, Player

    from bridgescore.reports.leads import Leads
    from bridgescore.reports.team_evening import positions

    session = csv_loads(LED, "teams.csv", structure=FieldStructure.TEAMS).session
    records = hands.read_path(shared_path("data", "hand-records", "test.pbn"))
    session, _ = hands.with_deals(session, records)
    result = score_teams(session, CLUB)
    leads = Leads()
    leads.solve(positions(result))
    assert leads.solves == 4  # the four tables with a lead, each its own position
    evenings = TeamEvenings(result, solve(result.session.boards.values()), leads)
    given = []
    for board in evenings.page(Entrant(1))["matches"][0]["boards"]:
        pbn = result.session.boards[board["board"]].deal.pbn()  # type: ignore[union-attr]
        table = calc_dd_table(_endplay_deal(pbn, "nt", "N"))
        for side in ("NS", "EW"):
            wanted = []
            for strain in ("nt", "spades", "hearts", "diamonds", "clubs"):
                best = max(table[Denom.find(strain), Player.find(s)] for s in side)
                if best >= 7:
                    wanted.append(best)
            assert [c["tricks"] for c in board["makeable"][side]] == wanted
        net = BY_HAND[board["board"]][2]
        assert board["said"][-1].startswith(f"Net {net:+d}: ")  # the board's own sentences
        said = " ".join(board["analysis"])
        assert "North-South make" in said and "East-West make" in said
        for row in board["tables"]:
            found = LEADS.get((board["board"], row["room"]))
            if found is None:
                assert row["lead"] is None
                continue
            card, seat, declarer, strain, you_led, points = found
            lead = row["lead"]
            deal = _endplay_deal(pbn, strain, seat)
            deal.play(Card(card))
            after = max(tricks for _card, tricks in solve_board(deal))
            best = table[Denom.find(strain), Player.find(declarer)]
            assert (lead["lead"], lead["leader"]) == (card, seat)
            assert (lead["tricks_after"], lead["tricks_best"]) == (after, best)
            assert (lead["given"], lead["points"]) == (after - best, points)
            whose = "your pair's" if you_led else "the opponents'"
            assert f"Room {row['room']}, the opening lead: {whose} " in said
            given.append(lead["given"])
    assert given == [0, 0, 1, 1]  # board 2's leads each gave declarer a trick
    board2 = evenings.page(Entrant(1))["matches"][0]["boards"][1]["analysis"]
    assert (
        "Room 1, the opening lead: the opponents' ♣5 by W gave declarer 1 trick: 13 double "
        "dummy after it, 12 after the best lead (♥A, ♥K, ♥Q); +20 for your team." in board2
    )
