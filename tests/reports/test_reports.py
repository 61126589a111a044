"""The results site (``bridgescore report``): pages, JSON twins, links, numbers and escaping.

The pages are read back with the standard library's HTML parser and compared with the engine's
exact values formatted as the rules say; ``test_reports_browser`` opens the same sites in a real
headless Chromium.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from bridgescore.bridge import Seat, Side, Strain, Vulnerability
from bridgescore.cli import main
from bridgescore.deal import Deal
from bridgescore.display import fmt_fixed
from bridgescore.errors import ParseError
from bridgescore.formats import json as result_json
from bridgescore.reports import deals, views
from bridgescore.reports.html import (
    contract_markup,
    environment,
    holding_text,
    lead_markup,
    render,
    write_site,
    write_teams_site,
)
from bridgescore.reports.model import entrant_page, recap, score_cards
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Board, FieldStructure
from tests.helpers import session as csv_session
from tests.reports.report_sites import (
    HOSTILE,
    SAMPLE,
    Built,
    cells,
    hostile_site,
    read_page,
    real_site,
    sample_site,
)

# Two deals made with endplay's dealer (seeds 7 and 11), for sessions built in the tests.
DEAL_1 = Deal.from_pbn("N:AJ.9.Q32.AQJ7543 KT876.T76.AJ8.96 Q9542.AKJ2.K6.K2 3.Q8543.T9754.T8")
DEAL_2 = Deal.from_pbn("N:A963.QJT32.T.AQ9 KJ872.4.9862.KT6 QT54.985.AQ4.732 .AK76.KJ753.J854")


def html_pages(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.html"))


# --- the sample session: every page kind, its twin, its links ---------------------------------


def test_every_page_kind_is_written_with_its_json_twin() -> None:
    site = sample_site()
    result = site.result
    names = {p.name for p in html_pages(site.directory)}
    boards = {f"board-{b.board.number}.html" for b in result.boards}
    cards = {f"{entrant_page(s.entrant)}.html" for f in result.fields for s in f.standings}
    evenings = {
        f"{entrant_page(s.entrant)}-evening.html" for f in result.fields for s in f.standings
    }
    assert len(boards) == 27 and len(cards) == 17
    assert names == {"index.html", "recap.html"} | boards | cards | evenings
    for page in html_pages(site.directory):
        twin = json.loads(page.with_suffix(".json").read_text(encoding="utf-8"))
        assert twin["page"] == page.name
    for card in cards:
        # the chart drawn in the page, named for a screen reader as the card's pair
        page = (site.directory / card).read_text(encoding="utf-8")
        chart = page[page.index('<figure class="chart">') : page.index("</figure>")]
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in chart and chart.count("<rect ") >= 1
        assert 'role="img" aria-label="Bar chart of ' in chart
    assert not list(site.directory.glob("*.svg"))  # no chart file beside the page
    assert (site.directory / "bridgescore.css").exists()


def test_links_resolve_and_nothing_comes_from_the_network() -> None:
    site = sample_site()
    pages = {p.name: read_page(p) for p in html_pages(site.directory)}
    reached = {"index.html"}
    for name, page in pages.items():
        assert page.scripts == 0, name
        for link in page.links:
            if link.startswith("data:"):
                continue
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{name} links out: {link}"
            target = unquote(parts.path) or name
            assert (site.directory / target).is_file(), f"{name}: broken link {link}"
            if parts.fragment and target.endswith(".html"):
                assert parts.fragment in pages[target].ids, f"{name}: no #{parts.fragment}"
            reached.add(target)
    # Every page can be reached from another: traveller <-> score card, recap, rankings.
    assert set(pages) <= reached


def test_travellers_and_score_cards_link_to_each_other() -> None:
    site = sample_site()
    board = read_page(site.directory / "board-1.html")
    assert "pair-3ns.html" in board.links and "pair-5ew.html" in board.links
    card = read_page(site.directory / "pair-3ns.html")
    assert any(link.startswith("board-1.html#r") for link in card.links)
    assert "pair-5ew.html" in card.links  # the opponents on board 1


# --- the numbers shown are the engine's --------------------------------------------------------


def check_rankings(site: Built) -> None:
    page = read_page(site.directory / "index.html")
    tables = [t for t in page.of_class("rankings") if "handicapped" not in t.classes]
    assert len(tables) == len(site.result.fields)
    for table, field in zip(tables, site.result.fields, strict=True):
        assert len(table.body) == len(field.standings)
        for row, s in zip(table.body, field.standings, strict=True):
            assert cells(row, "place") == [s.place]
            shown = str(s.entrant.number) if s.entrant.line else s.entrant.label
            assert cells(row, "pair") == [shown]
            assert cells(row, "names") == [s.name or ""]
            assert cells(row, "mp") == [site.num(s.points)]
            assert cells(row, "max") == [site.num(s.available)]
            assert cells(row, "pct") == [site.num(s.percent)]
    text = (site.directory / "index.html").read_text(encoding="utf-8")
    for field in site.result.fields:
        check = field.checksum
        line = (
            f"Checksum {field.field}: totals {site.num(check.actual)} of "
            f"{site.num(check.expected)} distributed — ok"
        )
        assert line in text


def check_travellers(site: Built) -> None:
    for board in site.result.boards:
        page = read_page(site.directory / f"board-{board.board.number}.html")
        (table,) = page.of_class("traveller")
        assert len(table.body) == len(board.tables)
        for row, t in zip(table.body, board.tables, strict=True):
            score = t.ns_score
            ns = str(score) if score is not None and score >= 0 else ""
            ew = str(-score) if score is not None and score < 0 else ""
            assert cells(row, "ns-score") == [ns]
            assert cells(row, "ew-score") == [ew]
            assert cells(row, "ns-value") == [site.num(t.ns_points)]
            assert cells(row, "ew-value") == [site.num(t.ew_points)]
            assert cells(row, "ns") == [" & ".join(str(e.number) for e in t.ns_entrants)]


def check_recap(site: Built) -> None:
    page = read_page(site.directory / "recap.html")
    tables = page.of_class("recap-table")
    assert len(tables) == len(site.result.fields)
    for table, field in zip(tables, site.result.fields, strict=True):
        members = sorted(s.entrant for s in field.standings)
        by_entrant = {s.entrant: s for s in field.standings}
        boards = [
            b
            for b in site.result.boards
            if any(e in members for t in b.tables for e in (*t.ns_entrants, *t.ew_entrants))
        ]
        assert [text for _, text in table.head[0][1 : len(boards) + 1]] == [
            str(b.board.number) for b in boards
        ]
        for row, entrant in zip(table.body, members, strict=True):
            shown = [text for classes, text in row if {"cell", "none"} & set(classes.split())]
            expected = []
            for b in boards:
                value = ""
                for t in b.tables:
                    for side in Side:
                        if entrant in (t.ns_entrants if side is Side.NS else t.ew_entrants):
                            mp = t.explanation(side)
                            value = "–" if mp is None else site.num(mp.value)
                expected.append(value)
            assert shown == expected, entrant
            assert cells(row, "total") == [site.num(by_entrant[entrant].points)]


def check_cards(site: Built) -> None:
    for field in site.result.fields:
        for s in field.standings:
            page = read_page(site.directory / f"{entrant_page(s.entrant)}.html")
            (table,) = page.of_class("scorecard")
            played = {
                b.board.number: t.explanation(Side.NS if s.entrant in t.ns_entrants else Side.EW)
                for b in site.result.boards
                for t in b.tables
                if s.entrant in (*t.ns_entrants, *t.ew_entrants)
            }
            assert sorted(int(cells(row, "board")[0]) for row in table.body) == sorted(played)
            running = Fraction(0)
            for row in table.body:
                explanation = played[int(cells(row, "board")[0])]
                value = None if explanation is None else explanation.value
                running += value or 0
                assert cells(row, "value") == [site.num(value)]
                assert cells(row, "running") == [site.num(running)]
            assert running == s.points


def test_sample_numbers_equal_the_engine() -> None:
    site = sample_site()
    check_rankings(site)
    check_travellers(site)
    check_recap(site)
    check_cards(site)


def test_recap_and_cards_add_up_exactly() -> None:
    result = sample_site().result
    for sheet in recap(result):
        for row in sheet.rows:
            assert row.total() == row.standing.points
            assert row.total(Side.NS) + row.total(Side.EW) == row.standing.points
    for card in score_cards(result):
        assert card.total == card.standing.points
        for line in card.rows:
            if line.explanation is not None and line.percent is not None:
                assert line.percent == 100 * line.explanation.value / line.board.top


def test_json_twins_carry_the_engine_values() -> None:
    site = sample_site()
    data = result_json.to_data(site.result)
    index = json.loads((site.directory / "index.json").read_text(encoding="utf-8"))
    # The score JSON's fields, each ranking row with what the page adds (label, exact values).
    assert extends(index["fields"], data["fields"]) and index["rules"] == data["rules"]
    assert len(index["pages"]["boards"]) == 27 and len(index["pages"]["cards"]) == 17
    for entry in data["boards"]:
        twin = json.loads((site.directory / f"board-{entry['board']}.json").read_text())
        assert [r["ns_mp_exact"] for r in twin["results"]] == [
            r["ns_mp_exact"] for r in entry["results"]
        ]
        assert twin["hands"] is None and twin["double_dummy"] is None
    recap_twin = json.loads((site.directory / "recap.json").read_text(encoding="utf-8"))
    for field_twin, field in zip(recap_twin["fields"], site.result.fields, strict=True):
        by_label = {s.entrant.label: s for s in field.standings}
        for row in field_twin["rows"]:
            assert row["total_exact"] == str(by_label[row["label"]].points)
    winner = site.result.fields[0].standings[0]
    card = json.loads((site.directory / f"{entrant_page(winner.entrant)}.json").read_text())
    assert card["boards"][-1]["running_exact"] == str(winner.points) == card["mp_exact"]
    assert card["place"] == "1" and card["name"] == winner.name


def extends(bigger: object, smaller: object) -> bool:
    """``bigger`` has everything ``smaller`` has (dicts may have more keys, lists are equal)."""
    if isinstance(smaller, dict):
        return isinstance(bigger, dict) and all(
            key in bigger and extends(bigger[key], value) for key, value in smaller.items()
        )
    if isinstance(smaller, list):
        return (
            isinstance(bigger, list)
            and len(bigger) == len(smaller)
            and all(extends(b, s) for b, s in zip(bigger, smaller, strict=True))
        )
    return bigger == smaller


def plain_data(value: object) -> bool:
    """JSON's own types only: no Fraction, no enum, no record, no tuple."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain_data(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain_data(v) for v in value)
    return value is None or isinstance(value, (str, int, float, bool))


def test_each_twin_is_its_pages_view_and_the_page_renders_from_it() -> None:
    """One code path: the JSON twin is exactly the view's data (an evening's, that data less
    what the score card's and the boards' twins carry), and the HTML page is that same data
    through the template (as a web app would serve either)."""
    site = sample_site()
    result = site.result
    pages = views.SessionPages(result, evenings=True)
    env = environment(result.rules)
    frame = pages.site()
    winner = result.fields[0].standings[0].entrant
    board = result.boards[4]
    evening = f"{entrant_page(winner)}-evening"
    checked = [
        ("index", "index.html", views.rankings(result, evenings=True), pages.rankings()),
        ("recap", "recap.html", views.recap(result), pages.recap()),
        (f"board-{board.board.number}", "board.html", views.traveller(result, 5), None),
        (
            entrant_page(winner),
            "card.html",
            views.card(result, winner, evenings=True),
            pages.card(winner),
        ),
        (evening, "evening.html", views.evening(result, winner), pages.evening(winner)),
    ]
    for name, template, data, shared in checked:
        assert plain_data(data) and plain_data(frame), name
        assert shared is None or shared == data, name
        twin = json.loads((site.directory / f"{name}.json").read_text(encoding="utf-8"))
        assert twin == (views.evening_twin(data) if name == evening else data), name
        html = (site.directory / f"{name}.html").read_text(encoding="utf-8")
        assert render(env, template, frame, data) == html, name
    assert pages.traveller(board) == views.traveller(result, 5)


def test_pages_show_exact_values_never_floats() -> None:
    env = environment(CLUB)
    num = env.filters["num"]
    assert num("29/3") == "9.67" and num(10) == "10.00" and num(None) == ""
    with pytest.raises(TypeError, match="exact"):
        num(9.67)


def test_views_carry_exact_values_beside_the_numbers() -> None:
    result = sample_site().result
    index = views.rankings(result)
    for field, data in zip(result.fields, index["fields"], strict=True):
        for s, row in zip(field.standings, data["rankings"], strict=True):
            assert Fraction(row["percent_exact"]) == s.percent
            assert Fraction(row["max_exact"]) == s.available
            assert row["page"] == f"{entrant_page(s.entrant)}.html"
        assert Fraction(data["checksum"]["actual_exact"]) == field.checksum.actual
    sheet = views.recap(result)["fields"][0]
    for row in sheet["rows"]:
        cells = [c for c in row["boards"] if c is not None and c["mp_exact"] is not None]
        assert sum(Fraction(c["mp_exact"]) for c in cells) == Fraction(row["total_exact"])
    for entrant in (s.entrant for f in result.fields for s in f.standings):
        card = views.card(result, entrant)
        for line in card["boards"]:  # each row links to its own row of the traveller
            board = next(b for b in result.boards if b.board.number == line["board"])
            table = board.tables[line["row"] - 1]
            assert entrant in (*table.ns_entrants, *table.ew_entrants)


# --- a player's name is data, never markup ------------------------------------------------------


def test_names_are_escaped_everywhere() -> None:
    site = hostile_site()
    index = (site.directory / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert "&lt;b&gt;Bold&lt;/b&gt;" in index
    for page in html_pages(site.directory):
        text = page.read_text(encoding="utf-8")
        assert "<script" not in text and "<b>Bold" not in text, page.name
    names = [cells(row, "names") for row in read_page(site.directory / "index.html").tables[0].body]
    assert [HOSTILE] in names
    card = read_page(site.directory / "pair-3ns.html")
    assert card.scripts == 0
    twin = json.loads((site.directory / "pair-3ns.json").read_text(encoding="utf-8"))
    assert twin["name"] == HOSTILE


def test_filters_escape_what_they_mark_up() -> None:
    assert str(contract_markup("4HX")).startswith('4<span class="suit hearts"')
    assert "&lt;img" in str(contract_markup("<img src=x onerror=alert(1)>"))
    assert str(lead_markup("CT")).endswith("10")
    assert "&lt;" in str(lead_markup("<x>"))
    assert holding_text("AKT2") == "A\u2009K\u200910\u20092" and holding_text("") == "—"


# --- deals: hand diagram, double dummy, par ------------------------------------------------------


def test_parse_deal_and_points() -> None:
    hands = deals.parse_deal(DEAL_1)
    north, east = hands[Seat.N], hands[Seat.E]
    assert north is not None and east is not None
    assert north.suits == ("AJ", "9", "Q32", "AQJ7543") and north.hcp == 14
    assert east.holding(Strain.SPADES) == "KT876" and east.hcp == 8
    assert sum(h.hcp for h in hands.values() if h) == 40
    partial = deals.parse_deal("E:- KQ.AK.AK.AKQJT98 - -")
    assert partial[Seat.S] is not None and partial[Seat.E] is None and partial[Seat.N] is None
    with pytest.raises(ParseError, match="dealt twice"):
        deals.parse_deal("N:AA... - - -")
    with pytest.raises(ParseError, match="4 hands"):
        deals.parse_deal("N:AKQ...")


def test_double_dummy_and_par_agree_with_endplay() -> None:
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player, Vul

    board = Board(7, Vulnerability.ALL, Seat.S, DEAL_2)
    (solved,) = deals.solve([board, Board.numbered(8)]).values()
    table = calc_dd_table(EndplayDeal(DEAL_2.pbn())).to_list()
    denoms = {Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts}
    denoms |= {Strain.DIAMONDS: Denom.diamonds, Strain.CLUBS: Denom.clubs, Strain.NOTRUMP: Denom.nt}
    for (seat, strain), tricks in solved.tricks.items():
        assert tricks == table[denoms[strain]]["NESW".index(seat.value)]
    assert solved.par_score == par(EndplayDeal(DEAL_2.pbn()), Vul.both, Player.south).score
    assert solved.versus_par(solved.par_score + 30) == 30


def test_par_contracts_are_written_as_bid() -> None:
    board = Board(2, Vulnerability.NONE, Seat.E)
    as_bid = deals._as_bid  # the solver's lowest par contract, rewritten
    assert str(as_bid(deals.ParContract(1, Strain.DIAMONDS, False, "EW", 3), board)) == "4D EW ="
    assert str(as_bid(deals.ParContract(4, Strain.SPADES, False, "NS", 1), board)) == "4S NS +1"
    assert str(as_bid(deals.ParContract(1, Strain.SPADES, False, "N", 1), board)) == "2S N ="
    doubled = deals.ParContract(5, Strain.HEARTS, True, "NS", -1)
    assert as_bid(doubled, board) == doubled


def test_a_session_with_deals_shows_hands_double_dummy_and_par(tmp_path: Path) -> None:
    session = csv_session(
        """board,ns,ew,contract,declarer,result,lead
1,1,1,3NT,S,9,HQ
1,2,2,4S,S,10,D5
1,3,3,5C,N,11,S3
2,1,1,4H,N,8,D2
2,2,2,2H,N,9,S2
2,3,3,3NTX,W,7,HA
"""
    )
    boards = {
        1: replace(session.boards[1], deal=DEAL_1),
        2: replace(session.boards[2], deal=DEAL_2),
    }
    result = score_pairs(replace(session, boards=boards), CLUB)
    site = write_site(result, tmp_path)
    assert site.boards == 2
    solved = deals.solve(boards.values())
    for number in (1, 2):
        path = tmp_path / f"board-{number}.html"
        text = path.read_text(encoding="utf-8")
        page = read_page(path)
        hands = deals.parse_deal(boards[number].deal or "")
        for seat, name in ((Seat.N, "North"), (Seat.E, "East"), (Seat.S, "South")):
            hand = hands[seat]
            assert hand is not None
            assert f'{name} <span class="hcp" title="high-card points">{hand.hcp}</span>' in text
        (dd,) = page.of_class("dd")
        rows = {row[0][1]: [text for _, text in row[1:]] for row in dd.body}
        for seat in Seat:
            expected = [
                str(solved[number].level(seat, s)) if solved[number].level(seat, s) else "–"
                for s in deals.STRAINS
            ]
            assert rows[seat.value] == expected
        assert f'<strong class="par-score">{solved[number].par_score}</strong>' in text
        (traveller,) = page.of_class("traveller")
        scored = next(b for b in result.boards if b.board.number == number)
        for row, t in zip(traveller.body, scored.tables, strict=True):
            assert t.ns_score is not None
            difference = t.ns_score - solved[number].par_score
            assert cells(row, "vs-par") == [f"{difference:+d}" if difference else "0"]
        twin = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        assert twin["double_dummy"]["par_score"] == solved[number].par_score
        assert twin["hands"]["N"]["hcp"] == hands[Seat.N].hcp  # type: ignore[union-attr]


# --- a real file, with its deals ---------------------------------------------------------------


def test_real_usebio_session_numbers_equal_the_engine() -> None:
    site = real_site()
    check_rankings(site)
    check_travellers(site)
    check_recap(site)
    check_cards(site)
    for board in site.result.boards:  # every deal is known and solved
        path = site.directory / f"board-{board.board.number}.html"
        twin = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        par = twin["double_dummy"]["par_score"]
        assert f'class="par-score">{par}<' in path.read_text(encoding="utf-8")
    # The solver itself, on a few of the boards, agrees with what the pages show.
    for number, solved in deals.solve(b.board for b in site.result.boards[:3]).items():
        twin = json.loads((site.directory / f"board-{number}.json").read_text(encoding="utf-8"))
        assert twin["double_dummy"]["par_score"] == solved.par_score
        assert twin["double_dummy"]["par_contracts"] == [str(c) for c in solved.par_contracts]


# --- other kinds of event ----------------------------------------------------------------------

SCORES = (420, 450, -100, -200, 400, 590)
# points: the scores as given on either board (-100 and 590 are not all possible on board 2).
IMPS = "board,ns,ew,score\n" + "".join(
    f"{board},{p},{p},points {s}\n" for board in (1, 2) for p, s in enumerate(SCORES, start=1)
)


def test_butler_pages_say_imps(tmp_path: Path) -> None:
    source = tmp_path / "butler.csv"
    source.write_text(IMPS)
    out = tmp_path / "site"
    done = CliRunner().invoke(main, ["report", str(source), "-o", str(out), "--method", "butler"])
    assert done.exit_code == 0, done.output
    board = read_page(out / "board-1.html")
    (traveller,) = board.of_class("traveller")
    assert [text for _, text in traveller.head[0]][-3:-1] == ["NS IMPs", "EW IMPs"]
    assert [cells(r, "ns-value") for r in traveller.body][:2] == [["4.00"], ["4.00"]]
    assert 'class="datum">290.00<' in (out / "board-1.html").read_text(encoding="utf-8")
    index = read_page(out / "index.html")
    assert [text for _, text in index.of_class("rankings")[0].head[0]][3:6] == [
        "IMPs",
        "Boards",
        "Total",
    ]
    assert "IMPs" in (out / "pair-1ns.html").read_text(encoding="utf-8")


def test_teams_pages_show_rankings_matches_and_boards(tmp_path: Path) -> None:
    source = tmp_path / "teams.csv"
    source.write_text("board,ns,ew,contract,declarer,result\n4,1,2,4S,N,10\n4,2,1,3S,N,10\n")
    out = tmp_path / "site"
    done = CliRunner().invoke(main, ["report", str(source), "-o", str(out), "--method", "teams"])
    assert done.exit_code == 0, done.output
    assert {p.name for p in html_pages(out)} == {
        "index.html",
        "board-4.html",
        "team-1-evening.html",
        "team-2-evening.html",
    }
    from bridgescore.scoring import score_teams

    teams = score_teams(csv_session(source.read_text(), structure=FieldStructure.TEAMS), CLUB)
    index = read_page(out / "index.html")
    (ranking,) = index.of_class("rankings")
    assert [cells(row, "total") for row in ranking.body] == [
        [fmt_fixed(s.points)] for s in teams.standings
    ]
    board = read_page(out / "board-4.html")
    (traveller,) = board.of_class("traveller")
    assert [cells(r, "value") for r in traveller.body] == [["10.00", "-10.00"], ["-10.00", "10.00"]]
    # With the deal known, the board shows it, solved, and each room's difference from par.
    session = csv_session(source.read_text(), structure=FieldStructure.TEAMS)
    dealt = replace(session, boards={4: replace(session.boards[4], deal=DEAL_1)})
    write_teams_site(score_teams(dealt, CLUB), tmp_path)
    solved = deals.solve(dealt.boards.values())[4]
    (traveller,) = read_page(tmp_path / "board-4.html").of_class("traveller")
    assert [cells(r, "vs-par") for r in traveller.body] == [
        [f"{t.ns_side.parts[0][1].ns_score - solved.par_score:+d}"]  # type: ignore[union-attr]
        for t in dealt.tables
    ]
    twin = json.loads((tmp_path / "board-4.json").read_text(encoding="utf-8"))
    assert twin["double_dummy"]["par_score"] == solved.par_score
    assert [r["par_difference"] for r in twin["results"]] == [
        int(text[0]) for text in (cells(r, "vs-par") for r in traveller.body)
    ]
    assert twin == views.teams_traveller(score_teams(dealt, CLUB), 4, double_dummy=solved)
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert [row["vps_exact"] for row in index["fields"][0]["rankings"]] == [
        str(s.points) for s in teams.standings
    ]


# --- the same pages in the terminal ------------------------------------------------------------


def test_score_text_shows_the_recap_sheet_and_score_cards() -> None:
    site = sample_site()
    done = CliRunner().invoke(main, ["score", str(SAMPLE), "--recap", "--cards"])
    assert done.exit_code == 0, done.output
    text = done.output
    assert "Recap sheet — North-South (3 of 3)" in text and "Recap sheet — East-West" in text
    for field in site.result.fields:
        for s in field.standings:
            label = f"{'Player' if s.entrant.player else 'Pair'} {s.entrant.label}"
            assert f"{label} — {s.name}: place {s.place} in " in text
            assert (
                f"{site.num(s.points)} of {site.num(s.available)} MP, {site.num(s.percent)}%"
                in text
            )
    assert text.count("% board by board: ") == 17


def test_score_text_explains_deals_with_double_dummy(tmp_path: Path) -> None:
    source = tmp_path / "deal.csv"
    source.write_text("board,ns,ew,contract,declarer,result\n1,1,1,3NT,S,9\n1,2,2,4S,S,10\n")
    session = csv_session(source.read_text())
    board = replace(session.boards[1], deal=DEAL_1)
    result = score_pairs(replace(session, boards={1: board}), CLUB)
    from rich.console import Console

    from bridgescore.reports.text import render

    console = Console(width=120, record=True)
    render(result, console, explain=True, double_dummy=True)
    text = console.export_text()
    solved = deals.solve([board])[1]
    assert f"Par {solved.par_score} (NS): {solved.par_text}" in text
    assert "N 14 HCP" in text and "E 8 HCP" in text and "Double dummy" in text
    assert "vs par" in text


# --- the command: safe writing, bad input, lazy imports -----------------------------------------

BROKEN = "board,ns,ew,contract,declarer,result\n1,1,1,4Z,N,10\n1,2,2,4S,N,14\n"


def test_bad_input_exit_status_2_and_nothing_written(tmp_path: Path) -> None:
    source = tmp_path / "broken.csv"
    source.write_text(BROKEN)
    out = tmp_path / "new" / "site"
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "report", str(source), "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "4Z" in done.stderr and "14 tricks" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.csv"]


def test_an_earlier_report_is_replaced_and_the_users_files_kept(tmp_path: Path) -> None:
    source = tmp_path / "night.csv"
    source.write_text(IMPS)
    out = tmp_path / "site"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    args = ["report", str(source), "-o", str(out)]
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2 and "did not write (notes.txt)" in done.output
    assert [p.name for p in out.iterdir()] == ["notes.txt"]
    (out / "notes.txt").unlink()
    assert CliRunner().invoke(main, args).exit_code == 0
    written = sorted(p.name for p in out.iterdir())
    # A file the user adds to a report's folder is theirs: the next report keeps it, and
    # replaces only what bridgescore wrote (its manifest says which).
    (out / "notes.html").write_text("the director's notes")
    (out / "index.html").write_text("stale")
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 0 and f"open {out / 'index.html'}" in done.output
    assert (out / "notes.html").read_text() == "the director's notes"
    assert (out / "index.html").read_text() != "stale"
    assert sorted(p.name for p in out.iterdir()) == sorted([*written, "notes.html"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.csv", "site"]


def test_the_readme_example_is_what_the_command_says(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    command, said = readme.split("$ bridgescore report ", 1)[1].split("\n")[:2]
    source, _, directory = command.partition(" -o ")
    shutil.copyfile(SAMPLE, tmp_path / source)
    done = subprocess.run(
        [sys.executable, "-m", "bridgescore", "report", source, "-o", directory],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert done.stdout.strip() == said
    assert (tmp_path / directory / "index.html").is_file()


def test_report_libraries_load_only_when_a_report_is_made() -> None:
    code = (
        "import sys, bridgescore, bridgescore.cli, bridgescore.reports.text; "
        "print([m for m in ('jinja2', 'matplotlib', 'endplay') if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_handicapped_ranking_is_shown(tmp_path: Path) -> None:
    scores = tmp_path / "night.csv"
    scores.write_text(
        "board,ns,ew,score,ns_names,ew_names\n"
        "1,1,1,420,Ann & Bob,Cy & Di\n1,2,2,400,Ed & Flo,Gus & Hal\n"
        "2,1,1,100,Ann & Bob,Cy & Di\n2,2,2,50,Ed & Flo,Gus & Hal\n"
    )
    history = tmp_path / "history.csv"
    rows = ["player,date,percentage"]
    for day in range(1, 6):
        # Ann averages 40 (handicap 10) and Bob 30 (handicap 20): their pair's is the mean, 15.
        rows += [f"{p},2026-01-0{day},{ {'Ann': 40, 'Bob': 30}[p] }" for p in ("Ann", "Bob")]
        rows += [f"{p},2026-01-0{day},60" for p in ("Ed", "Flo")]
    history.write_text("\n".join(rows) + "\n")
    out = tmp_path / "site"
    done = CliRunner().invoke(
        main, ["report", str(scores), "-o", str(out), "--handicaps", str(history)]
    )
    assert done.exit_code == 0, done.output
    handicapped = read_page(out / "index.html").of_class("handicapped")[0]  # NS, then EW
    assert [row[1][1] for row in handicapped.body] == ["1", "2"]
    assert [row[4][1] for row in handicapped.body] == ["+15.00", "-10.00"]
