"""Events of several sessions against examples worked by hand: the common top (Neuberg, as the
EBU factors; the ratio of tops; none), percentages, players matched across sessions, a partner
change shown, the EBU carry-forward ``C = S × FT / (2 × QT)`` (White Book) and a percentage
carry-over, and the seeding of the final."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.errors import RulesError
from bridgescore.events import (
    Aggregate,
    Carry,
    CommonTop,
    EventRules,
    EventSession,
    PairsBy,
    bring_to_top,
    ebu_carry_forward,
    identify,
    rank_event,
    rank_final,
    seeding,
)
from bridgescore.formats import read_session
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant, Member
from tests.events.helpers import FINAL, QUALIFYING, S1, S2


def scored(tmp_path: Path, name: str, text: str) -> EventSession:
    path = tmp_path / name
    path.write_text(text)
    return EventSession(name, score_pairs(read_session(path), CLUB))


def totals(ranking: object) -> dict[str, tuple[str, Fraction]]:
    return {s.name: (s.place, s.total) for s in ranking.standings}  # type: ignore[attr-defined]


def test_neuberg_to_the_common_top_as_the_ebu_factors(tmp_path: Path) -> None:
    """Session 1's matchpoints on a top of 4 brought to 6 by (M + 1) × E / A − 1 with E = 4
    results and A = 3: 4 → 5 × 4/3 − 1 = 17/3, 2 → 3 (an average stays average), 0 → 1/3.
    Session 2 (NS 140: 6, 110: 4, 100: 2, −100: 0; EW the complement) is on 6 already."""
    sessions = [scored(tmp_path, "s1.csv", S1), scored(tmp_path, "s2.csv", S2)]
    ranking, _ = rank_event(sessions)
    assert ranking.top == 6
    assert totals(ranking) == {
        "Ann Lee & Bob Roy": ("1", Fraction(17, 3) + 4),
        "Fay Gee & Hal Ivy": ("2", Fraction(3) + 6),
        "Rex Su & Tia Uv": ("3", Fraction(17, 3) + 2),
        "Vi Wu & Xa Yo": ("4", Fraction(6)),
        "Zed Ab & Bea Cd": ("5", Fraction(4)),
        "Jo Kay & Lu Mo": ("6", Fraction(3) + 0),
        "Cy Dee & Di Eve": ("7", Fraction(1, 3) + 2),
        "Ned Oh & Pam Qu": ("8", Fraction(1, 3) + 0),
    }
    leader = ranking.standings[0]
    first, second = leader.contributions
    assert first is not None and second is not None
    assert (first.standing.points, first.value) == (4, Fraction(17, 3))
    assert (second.standing.points, second.value) == (4, 4)
    # Of 17/3 + 6 available on the common top: (4 + 1) × 4/3 − 1 + 6.
    assert leader.percent == 100 * (Fraction(17, 3) + 4) / (Fraction(17, 3) + 6)
    assert ranking.standings[3].played == 1


def test_the_ratio_of_tops_and_no_factoring(tmp_path: Path) -> None:
    sessions = [scored(tmp_path, "s1.csv", S1), scored(tmp_path, "s2.csv", S2)]
    ratio, _ = rank_event(sessions, EventRules(common_top=CommonTop.RATIO))
    # × 6/4: 4 → 6, 2 → 3, 0 → 0.
    assert totals(ratio)["Ann Lee & Bob Roy"] == ("1", Fraction(10))
    assert totals(ratio)["Cy Dee & Di Eve"] == ("7", Fraction(2))
    # Added as they are, session 2 weighs more: 4 + 4 and 2 + 6 tie.
    plain, _ = rank_event(sessions, EventRules(common_top=CommonTop.NONE))
    assert totals(plain)["Ann Lee & Bob Roy"] == ("1=", Fraction(8))
    assert totals(plain)["Fay Gee & Hal Ivy"] == ("1=", Fraction(8))


def test_percentages_average_over_the_events_sessions(tmp_path: Path) -> None:
    sessions = [scored(tmp_path, "s1.csv", S1), scored(tmp_path, "s2.csv", S2)]
    ranking, _ = rank_event(sessions, EventRules(aggregate=Aggregate.PERCENTAGES))
    # 100% and 4/6; 50% and 100%; 100% and 2/6; a session missed counts nothing.
    assert totals(ranking)["Ann Lee & Bob Roy"] == ("1", (100 + Fraction(400, 6)) / 2)
    assert totals(ranking)["Fay Gee & Hal Ivy"] == ("2", Fraction(75))
    assert totals(ranking)["Vi Wu & Xa Yo"] == ("4", Fraction(50))


def test_the_ebu_figures_of_a_sixteen_top_and_a_fourteen_top_session() -> None:
    """18 pairs all-play-all, the second session on a 14 top (a pair sitting out each round):
    150 matchpoints over 27 boards on 14 are (150 + 27) × 9/8 − 27 = 172.125 on 16 by
    (M + 1) × E / A − 1 board by board (E = 9 results, A = 8); × 16/14 is 171.43."""
    assert bring_to_top(Fraction(150), 27, Fraction(14), Fraction(16), 2, CommonTop.NEUBERG) == (
        Fraction(172125, 1000)
    )
    ratio = bring_to_top(Fraction(150), 27, Fraction(14), Fraction(16), 2, CommonTop.RATIO)
    assert ratio == Fraction(150 * 16, 14)
    # On the single scale (top n − 1) the half-unit is 1/2: (150 + 27/2) × 9/8 − 27/2.
    single = bring_to_top(Fraction(150), 27, Fraction(7), Fraction(8), 1, CommonTop.NEUBERG)
    assert single == (150 + Fraction(27, 2)) * Fraction(9, 8) - Fraction(27, 2)


# --- who is who ----------------------------------------------------------------------------------


def test_a_pair_that_changed_partner_is_shown_not_merged(tmp_path: Path) -> None:
    swapped = S2.replace("Jo Kay & Lu Mo", "Jo Kay & Ann Lee").replace(
        "Cy Dee & Di Eve,Ann Lee & Bob Roy", "Cy Dee & Di Eve,Lu Mo & Bob Roy"
    )
    sessions = [scored(tmp_path, "s1.csv", S1), scored(tmp_path, "s2.csv", swapped)]
    ranking, who = rank_event(sessions)
    names = {s.name for s in ranking.standings}
    assert {"Ann Lee & Bob Roy", "Jo Kay & Ann Lee", "Lu Mo & Bob Roy", "Jo Kay & Lu Mo"} <= names
    assert any(
        note.startswith("Ann Lee changed partner (with Bob Roy in s1.csv, with Jo Kay in s2.csv)")
        for note in who.notes
    ), who.notes
    assert len(who.notes) == 4  # Ann, Bob, Jo and Lu each


def test_players_are_matched_by_national_number_then_club_number_then_name(
    tmp_path: Path,
) -> None:
    one = read_session(_write(tmp_path, "a.csv", S1))
    two = read_session(_write(tmp_path, "b.csv", S2.replace("Ann Lee", "A. Lee")))
    ann_one, ann_two = Entrant(1, _ns()), Entrant(1, _ew())
    # A. Lee is Ann Lee by her national number; Bob Roy by name.
    one = replace(one, members={ann_one: (Member("1001"), Member())})
    two = replace(two, members={ann_two: (Member("1001", "7"), Member())})
    who = identify([one, two], ["a.csv", "b.csv"])
    assert who.entry(0, ann_one) == who.entry(1, ann_two)
    # Different national numbers: two people, whatever their names.
    two = replace(two, members={ann_two: (Member("2002"), Member())})
    who = identify([one, two], ["a.csv", "b.csv"])
    assert who.entry(0, ann_one) != who.entry(1, ann_two)
    # No national number on one side: the club numbers decide.
    one = replace(one, members={ann_one: (Member(None, "7"), Member())})
    two = replace(two, members={ann_two: (Member("2002", "7"), Member())})
    assert identify([one, two], ["a", "b"]).entry(0, ann_one) == identify(
        [one, two], ["a", "b"]
    ).entry(1, ann_two)


def test_unnamed_pairs_with_the_same_numbers_are_refused(tmp_path: Path) -> None:
    bare = "board,ns,ew,score\n1,1,1,420\n1,2,2,450\n"
    sessions = [scored(tmp_path, "a.csv", bare), scored(tmp_path, "b.csv", bare)]
    with pytest.raises(RulesError, match=r"a.csv and b.csv both have a pair 1EW and name neither"):
        rank_event(sessions)
    ranking, _ = rank_event(sessions, EventRules(pairs_by=PairsBy.NUMBERS))
    assert [s.played for s in ranking.standings] == [2, 2, 2, 2]
    # Different numbers do not clash: each pair is its own.
    other = scored(tmp_path, "c.csv", "board,ns,ew,score\n1,3,3,420\n1,4,4,450\n")
    ranking, _ = rank_event([sessions[0], other])
    assert len(ranking.standings) == 8


def test_sessions_scored_differently_are_refused(tmp_path: Path) -> None:
    one = scored(tmp_path, "s1.csv", S1)
    imps = replace(one, result=score_pairs(one.result.session, CLUB.with_(method="butler")))
    with pytest.raises(RulesError, match="scored by different methods"):
        rank_event([one, imps])
    with pytest.raises(RulesError, match=r"scored in IMPs \(butler\): they add up as IMPs"):
        rank_event([imps])
    ranking, _ = rank_event([imps, imps], EventRules(aggregate=Aggregate.IMPS))
    assert ranking.top is None


# --- qualifying and final ------------------------------------------------------------------------


def test_the_ebu_carry_forward_formula() -> None:
    # 520 matchpoints in a qualifying on a 24 top, a final on a 12 top: 520 × 12 / 48 = 130.
    assert ebu_carry_forward(Fraction(520), Fraction(12), Fraction(24)) == 130
    # Equal lengths: the qualifying's full score counts half as much as the final's.
    assert ebu_carry_forward(Fraction(300), Fraction(24), Fraction(24)) == 150


def test_the_final_ranked_with_the_ebu_carry_forward(tmp_path: Path) -> None:
    """C = S × FT / (2 × QT) = S × 2 / 8: Fay & Hal 8 → 2, Rex & Tia 6 → 3/2, Ann & Bob and
    Jo & Lu 4 → 1. With the final: Jo & Lu 1 + 4 = 5, Fay & Hal 2 + 2 = 4, Ann & Bob 1 + 2 = 3,
    Rex & Tia 3/2 + 0."""
    qualifying = [scored(tmp_path, "q.csv", QUALIFYING)]
    final = [scored(tmp_path, "f.csv", FINAL)]
    result, _ = rank_final(qualifying, final, EventRules(), Carry.EBU)
    assert [(s.name, s.carried, s.total, s.place) for s in result.standings] == [
        ("Jo Kay & Lu Mo", 1, 5, "1"),
        ("Fay Gee & Hal Ivy", 2, 4, "2"),
        ("Ann Lee & Bob Roy", 1, 3, "3"),
        ("Rex Su & Tia Uv", Fraction(3, 2), Fraction(3, 2), "4"),
    ]
    assert result.qualifying.top == 4 and result.final.top == 2


def test_the_final_ranked_with_the_percentage_carried(tmp_path: Path) -> None:
    """Qualifying 100%, 75%, 50%, 50%; final 50%, 0%, 50%, 100%: the averages are Fay & Hal
    75, Jo & Lu 75, Ann & Bob 50, Rex & Tia 37.5."""
    qualifying = [scored(tmp_path, "q.csv", QUALIFYING)]
    final = [scored(tmp_path, "f.csv", FINAL)]
    result, _ = rank_final(qualifying, final, EventRules(), Carry.PERCENT)
    assert {s.name: (s.place, s.total) for s in result.standings} == {
        "Fay Gee & Hal Ivy": ("1=", 75),
        "Jo Kay & Lu Mo": ("1=", 75),
        "Ann Lee & Bob Roy": ("3", 50),
        "Rex Su & Tia Uv": ("4", Fraction(75, 2)),
    }
    # Weighted 1/2: (Q/2 + F) / (3/2).
    half, _ = rank_final(qualifying, final, EventRules(), Carry.PERCENT, Fraction(1, 2))
    fay = next(s for s in half.standings if s.name == "Fay Gee & Hal Ivy")
    assert fay.total == (50 + 50) / Fraction(3, 2)


def test_the_ebu_carry_forward_needs_a_single_field(tmp_path: Path) -> None:
    qualifying = [scored(tmp_path, "s1.csv", S1)]  # a Mitchell: NS and EW
    final = [scored(tmp_path, "f.csv", FINAL)]
    with pytest.raises(RulesError, match=r"ranks its pairs in 2 fields: the EBU carry-forward"):
        rank_final(qualifying, final, EventRules(), Carry.EBU)


def test_the_seeding_of_the_final(tmp_path: Path) -> None:
    ranking, _ = rank_event([scored(tmp_path, "q.csv", QUALIFYING)])
    seeds, note = seeding(ranking, 4)
    assert note is None
    assert [(s.number, s.name, s.place) for s in seeds][:2] == [
        (1, "Fay Gee & Hal Ivy", "1"),
        (2, "Rex Su & Tia Uv", "2"),
    ]
    assert {s.name for s in seeds[2:]} == {"Ann Lee & Bob Roy", "Jo Kay & Lu Mo"}
    seeds, note = seeding(ranking, 3)
    assert [s.name for s in seeds] == ["Fay Gee & Hal Ivy", "Rex Su & Tia Uv"]
    assert note is not None and "are level at the cut (3=) for 3 places" in note


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _ns() -> object:
    from bridgescore.bridge import Side

    return Side.NS


def _ew() -> object:
    from bridgescore.bridge import Side

    return Side.EW
