"""Round robins (the Berger tables as published), knock-out brackets with carry-overs, the club
ladder's rule set, and teams scored board-a-match and by Butler -- each against examples worked
by hand."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.competitions import (
    Knockout,
    KnockoutError,
    LadderBy,
    LadderRules,
    LadderScore,
    berger,
    bracket_order,
    carry_over,
    ladder,
    round_robin,
)
from bridgescore.events import EventSession
from bridgescore.formats import read_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs, score_teams
from bridgescore.scoring.teams import board_a_match, butler_teams
from bridgescore.session import FieldStructure
from bridgescore.swiss import Conditions, FirstRound
from tests.events.helpers import S1, S2

# The Berger tables of FIDE's Handbook (C.05, Annex 1), as its readers reprint them.
PUBLISHED = {
    4: "1-4 2-3 / 4-3 1-2 / 2-4 3-1",
    6: "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / "
    "3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1",
    10: "1-10 2-9 3-8 4-7 5-6 / 10-6 7-5 8-4 9-3 1-2 / 2-10 3-1 4-9 5-8 6-7 / "
    "10-7 8-6 9-5 1-4 2-3 / 3-10 4-2 5-1 6-9 7-8 / 10-8 9-7 1-6 2-5 3-4 / "
    "4-10 5-3 6-2 7-1 8-9 / 10-9 1-8 2-7 3-6 4-5 / 5-10 6-4 7-3 8-2 9-1",
}


def published(teams: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple(tuple(int(t) for t in pair.split("-")) for pair in part.split())  # type: ignore[misc]
        for part in PUBLISHED[teams].split(" / ")
    )


@pytest.mark.parametrize("teams", sorted(PUBLISHED))
def test_berger_tables_as_published(teams: int) -> None:
    assert berger(teams) == published(teams)


def test_an_odd_field_uses_the_next_table_with_a_bye() -> None:
    # Five teams play the six-team table; whoever meets 6 rests.
    assert berger(5) == tuple(tuple(pair for pair in r if 6 not in pair) for r in published(6))
    for teams in range(3, 15):
        met = [frozenset(pair) for r in berger(teams) for pair in r]
        assert len(met) == len(set(met)) == teams * (teams - 1) // 2


def test_a_league_is_scored_and_ranked_as_a_swiss_event() -> None:
    league = round_robin(Conditions(rounds=1, boards=16), [10, 20, 30, 40])
    assert league.conditions.rounds == 3 and league.drawn == 3
    # The teams take the table's numbers in the order given: 1-4 is 10 v 40.
    assert [m.teams for m in league.draws[0].matches] == [(10, 40), (20, 30)]
    for draw in league.draws:
        for m in draw.matches:
            if 10 in m.teams:
                league = league.record(draw.round, 10, sum(m.teams) - 10, 30, 14)
            else:
                league = league.record(draw.round, m.home, m.away, 0, 0)
    standings = league.standings()
    # Team 10 wins each match by 16 IMPs over 16 boards: 3 × 14.18 = 42.54 VPs.
    assert (standings[0].team, standings[0].vps) == (10, 3 * Fraction("14.18"))
    # A league's score can be corrected after later rounds: no draw rests on it.
    corrected = league.record(1, 10, 40, 14, 30)
    assert corrected.standings()[0].vps == 2 * Fraction("14.18") + Fraction("5.82")
    double = round_robin(Conditions(rounds=1), [1, 2, 3], double=True)
    assert double.drawn == 6 and double.draws[0].bye == 1 and double.draws[3].bye == 1
    assert [m.teams for m in double.draws[3].matches] == [(3, 2)]


def test_the_bracket_order() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(KnockoutError, match="a power of two"):
        bracket_order(6)


def test_a_knockout_with_byes_and_a_carry_over() -> None:
    ko = Knockout.seeded([11, 12, 13, 14, 15])
    # Eight places: seeds 1, 2 and 3 have byes; 4 v 5 plays.
    first = [(t.home, t.away) for t in ko.ties if t.round == 1]
    assert first == [(11, None), (14, 15), (12, None), (13, None)]
    assert ko.tie(2, 2).home == 12 and ko.tie(2, 2).away == 13
    ko = ko.record(15, 14, 40, 30)
    assert ko.tie(2, 1).home == 11 and ko.tie(2, 1).away == 15
    # 10 IMPs carried to 15; 11 wins the boards 50-45 but loses the match by 5.
    ko = ko.carry(15, 10).record(11, 15, 50, 45)
    assert ko.tie(2, 1).margin == -5 and ko.tie(2, 1).winner == 15
    ko = ko.record(12, 13, 40, 40)
    assert ko.tie(2, 2).winner is None and ko.tie(3, 1).away is None
    ko = ko.record(12, 13, 42, 40)  # the extra boards scored
    assert (ko.tie(3, 1).home, ko.tie(3, 1).away) == (12, 15)  # the better seed at home
    ko = ko.record(15, 12, 60, 20)
    assert ko.champion == 15
    with pytest.raises(KnockoutError, match="has played on: the score stands"):
        ko.record(11, 15, 70, 0)
    with pytest.raises(KnockoutError, match="scored already"):
        ko.carry(15, 3)
    assert carry_over(27, Fraction(1, 3)) == 9
    assert carry_over(-45, Fraction(1, 3), cap=Fraction(8)) == -8


def sessions(tmp_path: Path, *texts: str, method: str = "matchpoints") -> list[EventSession]:
    found = []
    for i, text in enumerate(texts, 1):
        path = tmp_path / f"s{i}.csv"
        path.write_text(text)
        found.append(
            EventSession(path.name, score_pairs(read_session(path), CLUB.with_(method=method)))
        )
    return found


def test_a_ladder_of_players_best_results_and_a_minimum(tmp_path: Path) -> None:
    """Session 1: 100, 50 and 0% each side; session 2: 100, 66.67, 33.33 and 0%."""
    both = sessions(tmp_path, S1, S2)
    found = ladder(both, LadderRules(best=1, minimum=2))
    by_name = {s.name: s for s in found.standings}
    ann = by_name["Ann Lee"]
    assert ann.score == 100 and [r.percent for r in ann.dropped] == [Fraction(200, 3)]
    assert ann.place == "1=" and by_name["Rex Su"].place == "1="  # 100 in session 1 too
    assert by_name["Vi Wu"].rank is None and by_name["Vi Wu"].played == 1
    assert [s.rank for s in found.standings][-4:] == [None] * 4  # four players of one session
    # All results, averaged: Ann (100 + 66.67) / 2; by total: their sum.
    average = {s.name: s.score for s in ladder(both).standings}
    assert average["Ann Lee"] == (100 + Fraction(200, 3)) / 2
    total = {s.name: s.score for s in ladder(both, LadderRules(score=LadderScore.TOTAL)).standings}
    assert total["Ann Lee"] == 100 + Fraction(200, 3)


def test_a_ladder_of_partnerships(tmp_path: Path) -> None:
    swapped = S2.replace("Jo Kay & Lu Mo", "Jo Kay & Ann Lee").replace(
        "Cy Dee & Di Eve,Ann Lee & Bob Roy", "Cy Dee & Di Eve,Lu Mo & Bob Roy"
    )
    found = ladder(sessions(tmp_path, S1, swapped), LadderRules(by=LadderBy.PARTNERSHIP))
    names = [s.name for s in found.standings]
    assert "Ann Lee & Bob Roy" in names and "Jo Kay & Ann Lee" in names
    assert any(note.startswith("Ann Lee changed partner") for note in found.notes)


def test_imp_sessions_become_percentages(tmp_path: Path) -> None:
    """S1 at Butler: the datum is 420 (one score dropped at each end of three), so NS score
    +1, 0 and -10 IMPs on the one board; 50 + 6.5 × IMPs a board gives 56.5, 50 and 0 (not
    -15); matchpointing the totals gives 100, 50 and 0."""
    butler = sessions(tmp_path, S1, method="butler")
    linear = {s.name: s.score for s in ladder(butler).standings}
    assert (linear["Ann Lee"], linear["Fay Gee"], linear["Ned Oh"]) == (Fraction(113, 2), 50, 0)
    assert linear["Rex Su"] == 100  # EW +10: 115, kept to 100
    ranked = {s.name: s.score for s in ladder(butler, LadderRules(imps_a_board=None)).standings}
    assert (ranked["Ann Lee"], ranked["Fay Gee"], ranked["Ned Oh"]) == (100, 50, 0)


TEAMS = """board,ns,ew,score
1,1,2,420
1,2,1,-50
2,1,2,140
2,2,1,130
3,1,2,100
3,2,1,100
4,1,2,-100
4,2,1,110
"""


def test_board_a_match_counts_every_point_of_a_board(tmp_path: Path) -> None:
    """Team 1's net: +470, +10, 0 and -210: a board won on 10 points (0 IMPs), one tied,
    one lost: 2.5 to 1.5."""
    path = tmp_path / "teams.csv"
    path.write_text(TEAMS)
    result = score_teams(read_session(path, FieldStructure.TEAMS), CLUB)
    assert result.matches[0].home_imps - result.matches[0].away_imps == 10 - 5
    bam = board_a_match(result)
    ((match, home, away),) = bam.matches
    assert len(match.boards) == 4
    assert (home, away) == (Fraction(5, 2), Fraction(3, 2))
    assert [(t.team.number, t.points, t.place) for t in bam.standings] == [
        (1, Fraction(5, 2), "1"),
        (2, Fraction(3, 2), "2"),
    ]


def test_teams_ranked_by_butler(tmp_path: Path) -> None:
    """Two scores a board, both kept: datums 190 (185 rounded away), 140 (135), 100 and 10 (5).
    Team 1 NS: +230 → 6, 0, 0, -110 → -3; its EW against team 2 NS: -240 → +6, -10 → 0, 0,
    +100 → -3. Team 1: 3 + 3 = 6; team 2 the opposite."""
    path = tmp_path / "teams.csv"
    path.write_text(TEAMS)
    ranked = butler_teams(read_session(path, FieldStructure.TEAMS), CLUB)
    assert [(t.team.number, t.points, t.ns, t.ew) for t in ranked] == [
        (1, 6, 3, 3),
        (2, -6, -3, -3),
    ]


def test_swiss_first_round_is_a_seeded_round_robin_start() -> None:
    # (A cross-check of the two draws: four teams seeded play 1 v 3 and 2 v 4 in a Swiss.)
    from bridgescore.swiss import SwissEvent

    event = SwissEvent.start(Conditions(rounds=2, first_round=FirstRound.SEEDED), [1, 2, 3, 4])
    assert [m.teams for m in event.draw().draws[0].matches] == [(1, 3), (2, 4)]
