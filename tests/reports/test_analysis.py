"""Each pair's evening: the field, double dummy and the verdict, against the shared deals.

The double-dummy figures are checked against test.pbn's own OptimumResultTable and OptimumScore
(written by another program); the statements against a small session played on its first two
boards, worked out by hand; the verdict's three parts (contract, lead, play) add up to the
distance from par on every board of a real session.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.bridge import Seat, Side, Strain
from bridgescore.cli import main
from bridgescore.formats import hands
from bridgescore.formats.csv import loads as csv_loads
from bridgescore.reports import views
from bridgescore.reports.analysis import Analyst, field_of, positions
from bridgescore.reports.deals import DoubleDummy, ParContract, solve
from bridgescore.reports.leads import Leads, parse_lead, position
from bridgescore.reports.model import score_cards
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant
from bridgescore.traveller import BridgeResult
from tests.conftest import shared_path
from tests.formats.helpers import _pbn_analysis
from tests.reports.helpers import MINI

pytest.importorskip("endplay")


def _records() -> hands.HandRecords:
    return hands.read_path(shared_path("data", "hand-records", "test.pbn"))


def _mini() -> SessionResult:
    session = csv_loads(MINI, "mini.csv").session
    session, _ = hands.with_deals(session, _records())
    return score_pairs(session, CLUB)


def _stories(result: SessionResult, leads: Leads | None, entrant: Entrant) -> dict[int, object]:
    analyst = Analyst(CLUB, solve(result.session.boards.values()), leads)
    card = next(c for c in score_cards(result) if c.entrant == entrant)
    return {row.board.board.number: analyst.story(row) for row in card.rows}


def _texts(story: object, part: str) -> list[str]:
    return [s.text for s in getattr(story, part)]


# --- the solver ----------------------------------------------------------------------------------


def test_the_best_lead_leaves_declarer_the_pbns_double_dummy_tricks() -> None:
    """After the best lead declarer makes what test.pbn's table says, on every board, for a
    declarer of each side in every strain; every card of the leader's hand is solved."""
    tables = _pbn_analysis()
    leads = Leads()
    wanted = [
        position(board.deal, strain, declarer)
        for board in _records().boards
        if board.deal is not None
        for declarer in (Seat.N, Seat.E)
        for strain in Strain
    ]
    leads.solve(wanted)
    assert leads.solves == len(wanted) == 160
    for board in _records().boards:
        assert board.deal is not None
        for declarer in (Seat.N, Seat.E):
            for strain in Strain:
                after = leads.after(position(board.deal, strain, declarer))
                assert after is not None
                leader = board.deal[declarer.next]
                assert leader is not None and len(after) == 13
                assert min(after.values()) == tables[board.number][0][declarer.value, strain.value]


def test_each_position_is_solved_once() -> None:
    result = _mini()
    found = positions(result.boards)
    # board 1: spades by E and W, notrump by E, ...; board 2: spades by N, diamonds by S and N,
    # hearts by W: every table's (deal, strain, declarer), each once.
    assert len(found) == 7
    leads = Leads()
    leads.solve(found)
    leads.solve(found)
    leads.solve(list(found)[:3])
    assert leads.solves == 7 and len(leads) == 7


@pytest.mark.parametrize(
    ("text", "card"),
    [("C5", "C5"), ("HT", "HT"), ("h10", "HT"), ("10H", "HT"), ("2H", "H2"), ("AC", "CA")],
)
def test_a_lead_as_travellers_write_it(text: str, card: str) -> None:
    assert parse_lead(text) == card


@pytest.mark.parametrize("text", ["", "X", "H1", "ZZ", "HAK"])
def test_what_is_not_a_lead(text: str) -> None:
    assert parse_lead(text) is None


# --- the statements, by hand --------------------------------------------------------------------


def test_the_field_on_a_board() -> None:
    result = _mini()
    board = next(b for b in result.boards if b.board.number == 1)
    found = field_of(board)
    assert found.scores == [-420, 50, 100, -170]
    assert found.contracts[("4♠", Side.EW)] == 2
    assert found.games[Side.EW] == 3 and found.games[Side.NS] == 0  # 4S twice and 3NT
    assert found.standing(Side.NS, 50, own=50) == (2, 0, 3)  # beats -420 and -170
    stories = _stories(result, None, Entrant(1, Side.NS))
    assert _texts(stories[1], "field") == [
        "4 tables have a result on this board; the most common contract was 4♠ by EW "
        "(2 of 4 tables).",
        "No two tables had the same result.",
        "Game was bid at 3 tables (EW 3) of 4, slam at no table.",
        "Your -420 beat 0 and tied 0 of the 3 other results.",
    ]
    assert _texts(stories[2], "field")[2] == (
        "Game was bid at 3 tables (NS 2, EW 1) of 4, slam at 1 table (NS 1)."
    )


def test_double_dummy_par_and_makeable_contracts_are_the_pbns() -> None:
    result = _mini()
    stories = _stories(result, None, Entrant(1, Side.NS))
    said = stories[1].double_dummy  # type: ignore[attr-defined]
    assert said[0].text == "Par is -420 for you (4♠ EW =)."
    assert said[0].figures["par_ns"] == _pbn_analysis()[1][1]
    assert said[1].text == "You (NS) make no contract double dummy."
    # test.pbn, board 1: E and W take 7 in notrump, 10 in spades, 9 in hearts, 8 in diamonds
    assert said[2].text == (
        "Your opponents (EW) make 1NT (7 tricks by E or W), 4♠ (10 tricks by E or W), "
        "3♥ (9 tricks by E or W), 2♦ (8 tricks by E or W) double dummy."
    )
    board_2 = stories[2].double_dummy  # type: ignore[attr-defined]
    assert board_2[0].text == "Par is +800 for you (6♥X EW -4)."
    assert board_2[0].figures["par_ns"] == _pbn_analysis()[2][1] == 800


def test_a_contract_defeated_by_the_play() -> None:
    """Table 2, board 1: 4S by W one down (+50 for NS). Double dummy W makes 10 tricks in
    spades, so the contract is par (-420); North's heart ace gave nothing away (declarer still
    makes 10); the play lost a trick: +470 for NS, where -420 would have tied -420 only."""
    result = _mini()
    leads = Leads()
    leads.solve(positions(result.boards))
    story = _stories(result, leads, Entrant(2, Side.NS))[1]
    assert story.versus_par == 50 - (-420)  # type: ignore[attr-defined]
    assert dict(story.parts) == {"contract": 0, "lead": 0, "play": 470}  # type: ignore[attr-defined]
    texts = _texts(story, "verdict")
    assert texts[0] == (
        "You scored 4.00 of 6.00 matchpoints (66.67%): +50 beat 2 and tied 0 of the 3 other "
        "results: 2×2 + 0×1 = 4 of 6."
    )
    assert texts[1] == "Against par (-420) your +50 is 470 above par: the play gained 470."
    assert texts[2] == (
        "The contract: 4♠ by W (your opponents) makes 10 tricks double dummy, -420 for you "
        "against par -420: exactly par; -420 would have beaten 0 and tied 1 of the 3 other "
        "results."
    )
    assert texts[3] == (
        "The opening lead: your ♥A by N gave nothing away: declarer still makes 10 tricks "
        "double dummy after it."
    )
    assert texts[4] == (
        "The play: the opponents' play took 9 tricks where double dummy after the lead gives "
        "10: lost 1 trick, +470 for you; -420 would have beaten 0 and tied 1 of the 3 other "
        "results (1.00 of 6.00 matchpoints)."
    )
    # East and West at the same table: the same figures, the other way round
    other = _stories(result, leads, Entrant(2, Side.EW))[1]
    assert other.versus_par == -470  # type: ignore[attr-defined]
    assert dict(other.parts) == {"contract": 0, "lead": 0, "play": -470}  # type: ignore[attr-defined]


def test_a_lead_not_in_the_leaders_hand_is_said_and_left_alone() -> None:
    """Table 1, board 2: 4S by N, led the heart king -- East holds T5 in hearts."""
    result = _mini()
    leads = Leads()
    leads.solve(positions(result.boards))
    story = _stories(result, leads, Entrant(1, Side.NS))[2]
    texts = _texts(story, "verdict")
    assert "The opening lead ♥K is not in E's hand: not analysed." in texts
    assert story.parts["lead"] == 0  # type: ignore[attr-defined]
    assert (
        "The play: 10 tricks taken, as double dummy with the best lead: no trick lost or gained."
        in texts
    )


def test_a_lead_that_gives_a_trick_hand_made() -> None:
    """A hand-made solution of board 1's 4S by E: the spade jack lets declarer make 11 where
    any other lead holds him to 10. 4S E = is -420 for NS, 4S E +1 -450: the lead cost NS 30,
    and declarer's 10 tricks gave it back."""
    result = _mini()
    deal = result.session.boards[1].deal
    assert deal is not None
    south = deal[Seat.S]
    assert south is not None
    leads = Leads()
    after = {
        f"{suit.value}{rank}": 10
        for suit, ranks in zip(
            (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS), south.suits, strict=True
        )
        for rank in ranks
    }
    after["SJ"] = 11
    leads.remember(position(deal, Strain.SPADES, Seat.E), after)
    story = _stories(result, leads, Entrant(1, Side.NS))[1]
    texts = _texts(story, "verdict")
    assert texts[3] == (
        "The opening lead: your ♠J by S gave declarer 1 trick: 11 double dummy after it, 10 "
        "after the best lead (♠10, ♠9, ♥9, ♥8, ♥2, ♦Q and 6 more); -30 for you."
    )
    assert texts[4] == (
        "The play: the opponents' play took 10 tricks where double dummy after the lead gives "
        "11: lost 1 trick, +30 for you; -450 would have beaten 0 and tied 0 of the 3 other "
        "results (0.00 of 6.00 matchpoints)."
    )
    assert dict(story.parts) == {"contract": 0, "lead": -30, "play": 30}  # type: ignore[attr-defined]
    assert texts[1] == (
        "Against par (-420) your -420 is exactly par: the lead cost 30; the play gained 30."
    )


def test_a_hand_made_double_dummy_table() -> None:
    """Without the solver: a table and par made by hand, 3NT by N making 9 of 10 tricks."""
    result = _mini()
    tricks = {(seat, strain): 6 for seat in Seat for strain in Strain}
    tricks[Seat.E, Strain.SPADES] = tricks[Seat.W, Strain.SPADES] = 9
    made = DoubleDummy(tricks, -140, (ParContract(3, Strain.SPADES, False, "EW", 0),))
    analyst = Analyst(CLUB, {1: made})
    card = next(c for c in score_cards(result) if c.entrant == Entrant(3, Side.NS))
    story = analyst.story(card.rows[0])  # 3NT by E two down: +100 for NS
    # 3NT by E makes 6 tricks here (three down, +150); par -140 for NS
    assert story.versus_par == 100 - (-140)
    assert dict(story.parts) == {"contract": 150 + 140, "lead": 0, "play": 100 - 150}
    assert story.double_dummy[0].text == "Par is -140 for you (3♠ EW =)."
    assert "You (NS) make no contract double dummy." in _texts(story, "double_dummy")


# --- the verdict adds up, on a real session ------------------------------------------------------


def test_contract_lead_and_play_add_up_to_the_distance_from_par() -> None:
    from bridgescore.formats import read_session
    from tests.reports.report_sites import REAL, REAL_RULES

    result = score_pairs(read_session(shared_path(*REAL)), REAL_RULES)
    solved = solve(result.session.boards.values())
    leads = Leads()
    leads.solve(positions(result.boards))
    analyst = Analyst(REAL_RULES, solved, leads)
    by_table: dict[object, list[int]] = {}
    counted = 0
    for card in score_cards(result):
        for row in card.rows:
            story = analyst.story(row)
            if story.versus_par is None:
                continue
            counted += 1
            assert sum(story.parts.values()) == story.versus_par
            played = row.table.table.result
            assert played is not None
            sign = 1 if row.side is Side.NS else -1
            par = solved[row.board.board.number].par_score
            assert story.versus_par == sign * (played.ns_score - par)
            by_table.setdefault(row.table.table.identity, []).append(story.versus_par)
    assert counted > 200
    for found in by_table.values():
        assert len(found) == 2 and found[0] == -found[1]


# --- the pages -----------------------------------------------------------------------------------


def test_the_evening_page_and_its_twin(tmp_path: Path) -> None:
    source = tmp_path / "mini.csv"
    source.write_text(MINI)
    deals = shared_path("data", "hand-records", "test.pbn")
    out = tmp_path / "site"
    done = CliRunner().invoke(main, ["report", str(source), "--deals", str(deals), "-o", str(out)])
    assert done.exit_code == 0, done.output
    twin = json.loads((out / "pair-2ns-evening.json").read_text())
    assert twin["page"] == "pair-2ns-evening.html" and twin["card"] == "pair-2ns.html"
    board = twin["boards"][0]
    assert board["board"] == 1 and board["versus_par"] == 470
    assert board["parts"] == {"contract": 0, "lead": 0, "play": 470}
    assert [s["kind"] for s in board["verdict"]] == ["score", "verdict", "contract", "lead", "play"]
    assert twin["analysed"] == 2 and twin["versus_par"] == sum(
        b["versus_par"] for b in twin["boards"]
    )
    html = (out / "pair-2ns-evening.html").read_text()
    assert "Against par (-420) your +50 is 470 above par" in html
    assert 'href="board-1.html#r2"' in html  # the board's result on its traveller
    card = (out / "pair-2ns.html").read_text()
    assert 'href="pair-2ns-evening.html"' in card
    # the rankings link each pair's evening from its matchpoints
    ranking = json.loads((out / "index.json").read_text())
    rows = {r["label"]: r for f in ranking["fields"] for r in f["rankings"]}
    assert rows["2NS"]["evening"] == "pair-2ns-evening.html"
    assert (
        '<a href="pair-2ns-evening.html" title="Pair 2NS: the evening'
        in (out / "index.html").read_text()
    )


def test_without_deals_the_field_alone(tmp_path: Path) -> None:
    from tests.reports.report_sites import sample_site

    site = sample_site()
    twin = json.loads((site.directory / "pair-1ns-evening.json").read_text())
    assert not twin["solved"] and twin["parts"] is None
    for board in twin["boards"]:
        assert board["analysis"] == [] and board["versus_par"] is None
        assert [s["kind"] for s in board["verdict"]] == ["score"]
        # the pair's own standing here (none on a board it has no result on), what the
        # field did in the board's twin
        assert [s["kind"] for s in board["field"]] in ([], ["standing"])
        traveller = json.loads((site.directory / board["page"]).with_suffix(".json").read_text())
        assert traveller["field"] and {s["kind"] for s in traveller["field"]} == {"field"}
    assert "deals are not known" in (site.directory / "pair-1ns-evening.html").read_text()


def test_no_analysis_and_no_double_dummy(tmp_path: Path) -> None:
    source = tmp_path / "mini.csv"
    source.write_text(MINI)
    deals = shared_path("data", "hand-records", "test.pbn")
    plain = tmp_path / "plain"
    args = ["report", str(source), "--deals", str(deals)]
    done = CliRunner().invoke(main, [*args, "-o", str(plain), "--no-analysis"])
    assert done.exit_code == 0, done.output
    assert not list(plain.glob("*-evening.*"))
    assert json.loads((plain / "pair-1ns.json").read_text())["evening"] is None
    ranking = json.loads((plain / "index.json").read_text())
    assert all("evening" not in r for f in ranking["fields"] for r in f["rankings"])
    quick = tmp_path / "quick"
    done = CliRunner().invoke(main, [*args, "-o", str(quick), "--no-double-dummy"])
    assert done.exit_code == 0, done.output
    twin = json.loads((quick / "pair-1ns-evening.json").read_text())
    assert not twin["solved"] and all(b["analysis"] == [] for b in twin["boards"])


def test_the_view_function_is_the_pages() -> None:
    result = _mini()
    solved = solve(result.session.boards.values())
    entrant = Entrant(2, Side.NS)
    data = views.evening(result, entrant, double_dummy=solved)
    pages = views.SessionPages(result, solved, evenings=True)
    assert data == pages.evening(entrant)
    assert data["leads"] is False and data["boards"][0]["hands"]["N"]["hcp"] == 12  # A, J, A, K


def _plain(data: object) -> object:
    return json.loads(json.dumps(data))


def test_the_evening_twin_refers_to_the_card_and_the_boards_and_loses_nothing() -> None:
    """An evening's twin (format 2) leaves out its score card's rows and each board's deal and
    what the field did: each board joined again with the card twin's row (in the same order)
    and the board's twin is the page's data, every value, for every entrant."""
    result = _mini()
    solved = solve(result.session.boards.values())
    pages = views.SessionPages(result, solved, evenings=True)
    for entrant in pages.card_entrants():
        data = pages.evening(entrant)
        twin = _plain(views.evening_twin(data))
        assert isinstance(twin, dict) and twin["format"] == 2
        card = _plain(pages.card(entrant))
        assert isinstance(card, dict) and twin["card"] == card["page"]
        joined = []
        for board, row in zip(twin["boards"], card["boards"], strict=True):
            assert [board[k] for k in ("board", "section", "page", "row")] == [
                row[k] for k in ("board", "section", "page", "row")
            ]
            traveller = _plain(pages.traveller((board["board"], board["section"])))
            assert isinstance(traveller, dict) and traveller["page"] == board["page"]
            assert [s["kind"] for s in board["field"]] == ["standing"]
            assert {s["kind"] for s in traveller["field"]} == {"field"}
            shared = ("dealer", "vulnerability", "hands", "double_dummy")
            joined.append(
                {
                    **row,
                    **board,
                    **{key: traveller[key] for key in shared},
                    "field": traveller["field"] + board["field"],
                }
            )
        assert {**twin, "boards": joined} == _plain({**data, "format": 2})
        assert len(json.dumps(twin)) < len(json.dumps(_plain(data)))


@given(
    st.lists(st.sampled_from([-620, -100, -50, 0, 50, 110, 140, 420, 450, 620]), min_size=1),
    st.sampled_from([-620, -100, 0, 110, 420, 450, 990]),
    st.sampled_from(list(Side)),
    st.booleans(),
)
def test_a_fields_standing_counts_as_the_traveller_says(
    scores: list[int], score: int, side: Side, own_row: bool
) -> None:
    """Beaten and tied counted by hand through the other tables (this one left out once)."""
    from bridgescore.reports.analysis import Field

    results = tuple(BridgeResult(s) for s in scores)
    board = Field(None, results, Counter(), Counter(), Counter(), Counter())  # type: ignore[arg-type]
    own = scores[0] if own_row else None
    others = list(scores)
    if own is not None:
        others.remove(own)
    sign = 1 if side is Side.NS else -1
    expected = (
        len([s for s in others if sign * s < sign * score]),
        len([s for s in others if s == score]),
        len(others),
    )
    assert board.standing(side, score, own) == expected
