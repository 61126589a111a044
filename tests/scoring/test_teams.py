"""Teams of four: IMPs between rooms, match totals and victory points (rules.md §6.2, §6.5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.errors import InputFileError
from bridgescore.rules import CLUB
from bridgescore.scoring import score_teams
from bridgescore.session import FieldStructure
from tests.helpers import session

TEAMS = CLUB  # teams are scored by match whatever the method


def test_two_rooms_give_imps() -> None:
    """§6.2: 4S making vulnerable (+620) in room 1, 3S+1 (+170) in room 2: +10 IMPs."""
    s = session(
        """
board,round,ns,ew,contract,declarer,result
4,1,1,2,4S,N,10
4,1,2,1,3S,N,10
""",
        structure=FieldStructure.TEAMS,
    )
    result = score_teams(s, TEAMS)
    (match,) = result.matches
    assert (match.home.number, match.away.number) == (1, 2)
    assert (match.home_imps, match.away_imps) == (10, 0)
    assert (match.boards[0].home_imps, match.boards[0].away_imps) == (10, -10)
    assert match.boards[0].reason == "+450 net: 10 IMPs"
    assert result.imps_for_row(s.tables[1]) == (-10, 10)


def test_match_totals_victory_points_and_ranking() -> None:
    """A 16-IMP win over 32 boards is 13.12 to 6.88 VPs (§6.5)."""
    rows = ["board,round,ns,ew,score"]
    # Team 1 wins board 1 by 11 IMPs (+500 net) and board 2 by 5 (+190 net); 30 flat boards.
    for board in range(1, 33):
        room1, room2 = {1: (600, 100), 2: (420, 230)}.get(board, (100, 100))
        rows += [f"{board},1,1,2,points {room1}", f"{board},1,2,1,points {room2}"]
        rows += [f"{board},1,3,4,0", f"{board},1,4,3,0"]
    s = session("\n".join(rows), structure=FieldStructure.TEAMS)
    result = score_teams(s, TEAMS)
    first = next(m for m in result.matches if m.home.number == 1)
    assert first.margin == 16
    assert (first.home_vps, first.away_vps) == (Fraction("13.12"), Fraction("6.88"))
    flat = next(m for m in result.matches if m.home.number == 3)
    assert (flat.home_vps, flat.away_vps) == (10, 10)
    assert [(t.place, t.entrant.number) for t in result.standings] == [
        ("1", 1),
        ("2=", 3),
        ("2=", 4),
        ("4", 2),
    ]


def test_artificial_score_in_one_room() -> None:
    s = session(
        "board,ns,ew,contract,score\n1,1,2,A+/A-,\n1,2,1,,420\n", structure=FieldStructure.TEAMS
    )
    (match,) = score_teams(s, TEAMS).matches
    assert (match.home_imps, match.away_imps) == (3, 0)


def test_a_board_without_its_other_room_is_reported() -> None:
    s = session(
        "board,ns,ew,score\n1,1,2,420\n1,2,1,400\n2,1,2,100\n2,3,4,50\n2,4,3,50\n",
        structure=FieldStructure.TEAMS,
    )
    result = score_teams(s, TEAMS)
    (problem,) = result.unmatched
    assert problem.board == 2 and "no other room" in problem.message
    assert [m.home.number for m in result.matches] == [1, 3]


def test_a_team_twice_in_one_direction_is_refused() -> None:
    with pytest.raises(InputFileError, match="same direction twice"):
        session(
            "board,ns,ew,score\n1,1,2,420\n1,1,3,400\n1,2,1,0\n1,3,1,0\n",
            structure=FieldStructure.TEAMS,
        )
