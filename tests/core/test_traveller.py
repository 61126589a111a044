"""The traveller notation read and written exactly (rules.md §3.4, §5.2-5.4; docs/traveller-csv.md).

Written to kill the mutants of ``traveller.py`` that survived the rest of the suite
(docs/mutation.md): every spelling of a code, every boundary and every message is checked for
its exact value, worked out by hand from Law 77 (rules.md §1.7) and the notation.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgescore.bridge import Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.contract import Contract, nearest_scores, possible_scores
from bridgescore.errors import ParseError
from bridgescore.traveller import (
    Artificial,
    BridgeResult,
    RowKey,
    TableResult,
    WeightedResult,
    parse_side_scores,
)

NONE = Vulnerability.NONE
F = Fraction

# rules.md §1.7 / §1.8: 4S made exactly is 420 not vulnerable, 620 vulnerable; one down undoubled
# is 50 not vulnerable, 100 vulnerable.
FOUR_SPADES_MADE = BridgeResult.played(Contract.parse("4S"), Seat.N, 10, NONE)
FOUR_SPADES_DOWN_ONE = BridgeResult.played(Contract.parse("4S"), Seat.N, 9, NONE)


# --- artificial scores (§5.2) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "percent"),
    [
        ("Av+", "A+", 60),
        ("AVE-", "A-", 40),
        ("av", "A", 50),
        ("A−", "A-", 40),  # a typographic minus, as pasted from a word processor
        ("100", "%", 100),  # the largest percentage
        ("100%", "%", 100),
        ("0", "%", 0),
        ("55.5", "%", F(111, 2)),
    ],
)
def test_artificial_spellings(text: str, code: str, percent: Fraction) -> None:
    assert Artificial.parse(text) == Artificial(code, F(percent))


@pytest.mark.parametrize("text", ["100.5", "101", "A++", "-5"])
def test_artificial_out_of_range_is_refused_with_the_input_quoted(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        Artificial.parse(text)
    assert str(caught.value) == (
        f"not an artificial score: {text!r} (expected A+, A, A- or a percentage like 60)"
    )


def test_artificial_notation() -> None:
    assert [str(Artificial.parse(t)) for t in ("A+", "a", "ave-", "60", "55.5")] == [
        "A+",
        "A",
        "A-",
        "60%",
        "55.5%",
    ]


# --- bridge results -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "p", "Passed", "AP", "ap"])
def test_pass_out_spellings(text: str) -> None:
    result = BridgeResult.parse(text, NONE)
    assert result == BridgeResult(0, passed_out=True)
    assert str(result) == "PASS"


@pytest.mark.parametrize("text", ["PASS N =", "50 N =", "4S N"])
def test_a_result_is_one_code_or_contract_declarer_result(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        BridgeResult.parse(text, NONE)
    if text == "4S N":
        assert str(caught.value) == (
            "not a result: '4S N' (expected contract declarer result like '4S N =', "
            "PASS, or an NS score like -50)"
        )


def test_bare_scores_must_be_multiples_of_ten() -> None:
    assert BridgeResult.parse("-50", NONE) == BridgeResult(-50)
    with pytest.raises(ParseError) as caught:
        BridgeResult.from_score(55)
    assert str(caught.value) == "not a bridge score: 55 (scores are multiples of 10)"


def test_a_result_without_contract_declarer_or_tricks_prints_as_its_score() -> None:
    four_spades = Contract.parse("4S")
    assert str(FOUR_SPADES_MADE) == "4S N ="
    assert str(BridgeResult(420)) == "420"
    assert str(BridgeResult(420, four_spades, None, 10)) == "420"
    assert str(BridgeResult(420, None, Seat.N, 10)) == "420"
    assert str(BridgeResult(420, four_spades, Seat.N, None)) == "420"


# --- weighted scores (§5.4) --------------------------------------------------------------------


def test_weighted_score_needs_results() -> None:
    with pytest.raises(ParseError) as caught:
        WeightedResult(())
    assert str(caught.value) == "a weighted score needs at least one result"


def test_weighted_score_weights_are_positive() -> None:
    with pytest.raises(ParseError) as caught:
        WeightedResult(((F(0), FOUR_SPADES_MADE), (F(1), FOUR_SPADES_DOWN_ONE)))
    assert str(caught.value) == "the weights of a weighted score must be positive"


def test_weighted_score_weights_add_up_to_one() -> None:
    # 30% + 60% = 90%.
    with pytest.raises(ParseError) as caught:
        WeightedResult(((F(3, 10), FOUR_SPADES_MADE), (F(6, 10), FOUR_SPADES_DOWN_ONE)))
    assert str(caught.value) == "the weights of a weighted score add up to 90%, expected 100%"


def test_weighted_notation_read_with_the_boards_vulnerability() -> None:
    # NS vulnerable: 4S by N making is +620, one down -100 (rules.md §1.7, §1.8).
    single = WeightedResult.parse("4S N =", Vulnerability.NS)
    assert single.result is not None and single.result.ns_score == 620
    assert str(single) == "4S N ="
    weighted = WeightedResult.parse("30% of 4S N = + 70% of 4S N -1", Vulnerability.NS)
    assert weighted.scores_for(Seat.N.side) == ((F(3, 10), 620), (F(7, 10), -100))
    assert str(weighted) == "30% 4S N = + 70% 4S N -1"


def test_a_hundred_percent_is_one_weighted_part() -> None:
    assert WeightedResult.parse("100% 4S N =", NONE) == WeightedResult.single(FOUR_SPADES_MADE)


def test_weights_are_added_up_whatever_the_first_weight_or_the_number_of_parts() -> None:
    # A single part of weight 1 needs no adding up; any other is checked. 100% + 50% = 150%
    # (the first weight 1, two parts); a single 50% or 200% part is not 100%.
    for text, total in (
        ("100% 4S N = + 50% 4S N -1", 150),
        ("50% 4S N =", 50),
        ("200% 4S N =", 200),
    ):
        with pytest.raises(ParseError) as caught:
            WeightedResult.parse(text, NONE)
        assert str(caught.value) == (
            f"the weights of a weighted score add up to {total}%, expected 100%"
        )


def test_a_weighted_part_without_a_weight_is_refused() -> None:
    with pytest.raises(ParseError) as caught:
        WeightedResult.parse("4S N = + 70% 4S N -1", NONE)
    assert str(caught.value) == (
        "not a weighted part: '4S N =' (expected a weight and a result, like '30% 4S N =')"
    )


# --- row keys and table entries -----------------------------------------------------------------


def test_row_keys_say_where_or_who() -> None:
    assert str(RowKey("A", 3, 2, "5")) == "section A, board 3, round 2, table 5"
    assert str(RowKey(None, 3, None, None, (1, 2), (3, 4))) == "board 3, 1-2 v 3-4"


def _table(ns: object, ew: object) -> TableResult:
    return TableResult(1, (1,), (2,), ns, ew)  # type: ignore[arg-type]


def test_table_entries_in_traveller_notation() -> None:
    made = WeightedResult.single(FOUR_SPADES_MADE)
    plus, minus = Artificial.parse("A+"), Artificial.parse("A-")
    assert _table(None, None).describe() == "NP"
    assert _table(made, made).describe() == "4S N ="
    assert _table(plus, minus).describe() == "A+/A-"
    assert _table(plus, made).describe() == "NS A+ | EW 4S N ="
    assert _table(made, minus).describe() == "NS 4S N = | EW A-"


def test_a_table_gives_each_side_its_own_score() -> None:
    plus, minus = Artificial.parse("A+"), Artificial.parse("A-")
    table = _table(plus, minus)
    assert table.side(Side.NS) is plus and table.side(Side.EW) is minus


# --- adjusted-score entries ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["NP", "not played", "Not Played"])
def test_not_played_spellings(text: str) -> None:
    assert parse_side_scores(text, NONE) == (None, None, False)


@pytest.mark.parametrize("text", ["A", "ave", "AVE", "a=", "50/50"])
def test_average_both_spellings(text: str) -> None:
    average = Artificial("A", F(50))
    assert parse_side_scores(text, NONE) == (average, average, False)


def test_split_score_with_contracts_is_assigned() -> None:
    # NS scored on 4S N = (+420), EW on 4S N -1 (+50 to EW, so -50 NS), neither vulnerable.
    ns, ew, assigned = parse_side_scores("NS 4S N = | EW 4S N -1", NONE)
    assert ns == WeightedResult.single(FOUR_SPADES_MADE)
    assert ew == WeightedResult.single(FOUR_SPADES_DOWN_ONE)
    assert assigned is True
    ns, ew, _ = parse_side_scores("NS A+ | EW 4S N -1", Vulnerability.NS)
    assert ns == Artificial("A+", F(60))
    assert isinstance(ew, WeightedResult) and ew.result is not None
    assert ew.result.ns_score == -100  # one down vulnerable


@pytest.mark.parametrize("text", ["NS 420 | XY 420", "NS 420 | NS 430", "NS 420 | EW 420 | NS 430"])
def test_split_score_needs_one_ns_and_one_ew(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_side_scores(text, NONE)
    assert str(caught.value) == (
        f"not a split score: {text!r} (expected 'NS <result> | EW <result>')"
    )


@pytest.mark.parametrize(
    ("typed", "vulnerability", "said"),
    [
        # The nearest possible NS scores, by hand from Law 77 (rules.md §1.8): nothing between
        # 0 (pass-out) and +50 (EW one down, not vulnerable); nothing above +7600 (EW 13 down
        # redoubled, vulnerable); -50 is NS one down not vulnerable; with NS vulnerable the
        # nearest negative is -70 (EW making 1C or 1D).
        ("10", Vulnerability.NONE, "+10 for NS with neither side vulnerable (the nearest "
         "possible: 0 or +50;"),
        ("7610", Vulnerability.ALL, "+7610 for NS with both sides vulnerable (the nearest "
         "possible: +7600;"),
        ("-20", Vulnerability.EW, "-20 for NS with EW vulnerable (the nearest possible: -50 or 0;"),
        ("-20", Vulnerability.NS, "-20 for NS with NS vulnerable (the nearest possible: -70 or 0;"),
    ],
)  # fmt: skip
def test_an_impossible_bare_score_names_the_nearest_possible(
    typed: str, vulnerability: Vulnerability, said: str
) -> None:
    with pytest.raises(ParseError) as caught:
        BridgeResult.parse(typed, vulnerability)
    assert str(caught.value).startswith(f"no contract scores {said}")
    assert str(caught.value).endswith(f"written 'points {int(typed):+d}')")


def test_an_assigned_point_score_is_taken_as_written() -> None:
    # No contract scores +15000, but the director may assign it.
    assert BridgeResult.parse("Points 15000", NONE) == BridgeResult(15000, assigned_points=True)
    for text in ("points 420 x", "4S 10 ="):
        with pytest.raises(ParseError):
            BridgeResult.parse(text, NONE)


# =================================================================================================
# A bare score no contract can produce is a typing mistake, refused with the nearest possible
# scores; a point score the director assigned is written 'points N' and taken as it is.


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
