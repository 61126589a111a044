"""A bare score no contract can produce is a typing mistake, refused with the nearest possible
scores; a point score the director assigned is written 'points N' and taken as it is."""

from __future__ import annotations

import pytest

from bridgescore.bridge import Doubling, Seat, Strain, Vulnerability
from bridgescore.contract import Contract, nearest_scores, possible_scores
from bridgescore.errors import ParseError
from bridgescore.traveller import BridgeResult, parse_side_scores

NONE, ALL = Vulnerability.NONE, Vulnerability.ALL


def test_the_extreme_scores() -> None:
    # 7NTXX by NS, vulnerable, down 13: 400 + 600 × 12 = 7600 to EW, doubled again (rules.md §1.6)
    # — and the same made by EW is the largest NS loss.
    assert (
        max(possible_scores(ALL))
        == Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED).score(0, True) * -1
        == 7600
    )
    assert min(possible_scores(ALL)) == -7600
    # Not vulnerable: 2 × (100 + 200 + 200 + 300 × 10) = 7000.
    assert max(possible_scores(NONE)) == 7000


def test_every_played_result_is_possible() -> None:
    for vul in Vulnerability:
        scores = possible_scores(vul)
        for level in (1, 4, 7):
            for tricks in range(14):
                contract = Contract(level, Strain.SPADES)
                assert contract.ns_score(Seat.S, tricks, vul) in scores
                assert contract.ns_score(Seat.W, tricks, vul) in scores


@pytest.mark.parametrize("typed", ["15000", "-99990", "7610", "10", "-20"])
def test_an_impossible_score_is_refused_with_the_nearest(typed: str) -> None:
    with pytest.raises(ParseError, match="no contract scores") as error:
        BridgeResult.parse(typed, NONE)
    for near in nearest_scores(int(typed), NONE):
        assert (f"{near:+d}" if near else "0") in str(error.value)
    assert f"'points {int(typed):+d}'" in str(error.value)


def test_nearest_scores_bracket_the_typed_one() -> None:
    # Not vulnerable, the smallest scores either side of 0 are one undoubled undertrick, ±50
    # (a part score made is at least 70): 10 lies between the pass-out and +50.
    assert nearest_scores(10, NONE) == (0, 50)
    assert nearest_scores(-20, NONE) == (-50, 0)
    assert nearest_scores(99990, NONE) == (7000,)
    assert nearest_scores(7610, ALL) == (7600,)


def test_an_assigned_point_score_is_kept_as_written() -> None:
    result = BridgeResult.parse("points +15000", NONE)
    assert result.ns_score == 15000 and result.assigned_points
    assert str(result) == "points +15000"
    assert BridgeResult.parse(str(result), NONE) == result
    ns, ew, assigned = parse_side_scores("points -1210", NONE)
    assert assigned and ns == ew and ns is not None


def test_possible_bare_scores_still_read() -> None:
    assert BridgeResult.parse("-50", NONE).ns_score == -50
    assert BridgeResult.parse("420", NONE).ns_score == 420
    assert BridgeResult.parse("0", ALL).ns_score == 0
