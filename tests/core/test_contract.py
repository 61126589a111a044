"""Contract scores: seed 001 examples, rules.md §1.7 and §1.8, and every contract against an
independent trick-by-trick reading of Law 77."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.bridge import Doubling, Seat, Strain, Vulnerability
from bridgescore.contract import Contract, format_result, nearest_scores, parse_tricks
from bridgescore.errors import ParseError
from tests.conftest import shared_path


def law77(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    """Law 77 read trick by trick from its table, independently of the library's closed form."""
    need = level + 6
    if tricks >= need:
        per_trick = {Strain.CLUBS: 20, Strain.DIAMONDS: 20}.get(strain, 30)
        trick_score = 0
        for i in range(level):
            value = 40 if strain is Strain.NOTRUMP and i == 0 else per_trick
            trick_score += (
                value
                * {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}[doubling]
            )
        total = trick_score
        total += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:
            total += 750 if vulnerable else 500
        if level == 7:
            total += 1500 if vulnerable else 1000
        for _ in range(tricks - need):
            if doubling is Doubling.UNDOUBLED:
                total += per_trick
            elif doubling is Doubling.DOUBLED:
                total += 200 if vulnerable else 100
            else:
                total += 400 if vulnerable else 200
        if doubling is Doubling.DOUBLED:
            total += 50
        if doubling is Doubling.REDOUBLED:
            total += 100
        return total
    penalty = 0
    for n in range(1, need - tricks + 1):
        if doubling is Doubling.UNDOUBLED:
            step = 100 if vulnerable else 50
        elif vulnerable:
            step = 200 if n == 1 else 300
        else:
            step = 100 if n == 1 else (200 if n <= 3 else 300)
        penalty += step * (2 if doubling is Doubling.REDOUBLED else 1)
    return -penalty


ALL_CONTRACTS = [
    Contract(level, strain, doubling)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
]


def test_every_contract_vulnerability_and_trick_count() -> None:
    checked = 0
    for contract, vulnerable, tricks in itertools.product(ALL_CONTRACTS, (False, True), range(14)):
        expected = law77(contract.level, contract.strain, contract.doubling, vulnerable, tricks)
        assert contract.score(tricks, vulnerable) == expected, (contract, vulnerable, tricks)
        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "score"),
    [
        # seed 001, examples A.a-c, B.a-c, C.b
        ("3D", True, 10, 130),
        ("5S", False, 11 + 1, 480),
        ("6NT", True, 12, 1440),
        ("3DX", False, 10, 570),
        ("5SX", True, 13, 1250),
        ("6NTX", True, 12, 1680),
        ("5SXX", True, 13, 2000),
        # rules.md §1.7
        ("3NT", False, 9, 400),
        ("4S", True, 10, 620),
        ("1NT", False, 7, 90),
        ("2S", False, 10, 170),
        ("2HX", False, 8, 470),
        ("2HX", True, 8, 670),
        ("1NTXX", True, 7, 760),
        ("1CX", False, 9, 340),
        ("1CXX", False, 7, 230),
        ("5CX", True, 13, 1150),
        ("6H", False, 12, 980),
        ("7D", False, 13, 1440),
        ("7NTXX", True, 13, 2980),
        ("3NT", True, 8, -100),
        ("4SX", False, 6, -800),
        ("4SX", True, 6, -1100),
        ("7NTXX", True, 0, -7600),
    ],
)
def test_worked_examples(contract: str, vulnerable: bool, tricks: int, score: int) -> None:
    assert Contract.parse(contract).score(tricks, vulnerable) == score


@pytest.mark.parametrize(
    ("vulnerable", "doubling", "penalties"),
    [
        # seed 001 E and F: set doubled 100 300 500 800 1100 / 200 500 800 1100 1400; redoubled x2
        (False, Doubling.DOUBLED, [100, 300, 500, 800, 1100]),
        (True, Doubling.DOUBLED, [200, 500, 800, 1100, 1400]),
        (False, Doubling.REDOUBLED, [200, 600, 1000, 1600, 2200]),
        (True, Doubling.REDOUBLED, [400, 1000, 1600, 2200, 2800]),
        (False, Doubling.UNDOUBLED, [50, 100, 150, 200, 250]),
        (True, Doubling.UNDOUBLED, [100, 200, 300, 400, 500]),
    ],
)
def test_seed_001_undertricks(vulnerable: bool, doubling: Doubling, penalties: list[int]) -> None:
    contract = Contract(7, Strain.SPADES, doubling)
    for down, penalty in enumerate(penalties, start=1):
        assert contract.score(13 - down, vulnerable) == -penalty


def test_rules_md_complete_tables() -> None:
    """Every cell of the §1.8 tables, read from rules.md itself."""
    text = shared_path("reference", "rules.md").read_text(encoding="utf-8")
    section = text.split("### 1.8 Complete score tables")[1].split("## 2.")[0]
    cells = 0
    heading = None
    for line in section.splitlines():
        title = re.match(
            r"\*\*(Not vulnerable|Vulnerable), (undoubled|doubled|redoubled)\*\*", line
        )
        if title:
            heading = (title[1] == "Vulnerable", title[2])
            continue
        row = re.match(r"\| (\d)(m|M|NT)(X{0,2}) \|(.*)\|$", line)
        if heading and row:
            level, kind, _ = int(row[1]), row[2], row[3]
            strains = {
                "m": (Strain.CLUBS, Strain.DIAMONDS),
                "M": (Strain.HEARTS, Strain.SPADES),
                "NT": (Strain.NOTRUMP,),
            }[kind]
            doubling = {
                "undoubled": Doubling.UNDOUBLED,
                "doubled": Doubling.DOUBLED,
                "redoubled": Doubling.REDOUBLED,
            }[heading[1]]
            for tricks, cell in zip(range(7, 14), row[4].split("|"), strict=True):
                if cell.strip():
                    for strain in strains:
                        contract = Contract(level, strain, doubling)
                        assert contract.score(tricks, heading[0]) == int(cell), (contract, tricks)
                        cells += 1
        undertricks = re.match(
            r"\| (\d+) \| (-\d+) \| (-\d+) \| (-\d+) \| (-\d+) \| (-\d+) \| (-\d+) \|", line
        )
        if undertricks:
            down = int(undertricks[1])
            values = [int(v) for v in undertricks.groups()[1:]]
            for (vulnerable, doubling), value in zip(
                itertools.product((False, True), Doubling), values, strict=True
            ):
                assert Contract(7, Strain.CLUBS, doubling).score(13 - down, vulnerable) == value
                cells += 1
    # Six made tables of 28 cells per kind (two minors, two majors, notrump), and 13 x 6
    # undertrick cells: every cell was found and checked.
    assert cells == 6 * 28 * 5 + 13 * 6


def test_largest_score_and_penalty() -> None:
    scores = {c.score(t, v) for c in ALL_CONTRACTS for v in (False, True) for t in range(14)}
    assert max(scores) == 3160
    assert min(scores) == -7600
    assert len({s for s in scores if s > 0}) == 179
    assert len({s for s in scores if s < 0}) == 40


def test_ns_score_and_declarer_side() -> None:
    four_spades = Contract.parse("4S")
    assert four_spades.ns_score(Seat.N, 10, Vulnerability.NS) == 620
    assert four_spades.ns_score(Seat.E, 10, Vulnerability.NS) == -420
    assert four_spades.ns_score(Seat.W, 9, Vulnerability.EW) == 100


@pytest.mark.parametrize("text", ["3NT", "4S", "4SX", "6HXX", "1C", "7NTXX"])
def test_contract_notation_round_trips(text: str) -> None:
    assert str(Contract.parse(text)) == text
    assert eval(repr(Contract.parse(text))) == Contract.parse(text)


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling"),
    [
        # Each other spelling read as the contract it names: N is notrump, * doubled, ** and R
        # (the usual traveller mark) redoubled; case and spaces do not matter.
        ("3N", 3, Strain.NOTRUMP, Doubling.UNDOUBLED),
        ("3nt", 3, Strain.NOTRUMP, Doubling.UNDOUBLED),
        ("4s*", 4, Strain.SPADES, Doubling.DOUBLED),
        ("4S**", 4, Strain.SPADES, Doubling.REDOUBLED),
        ("2HR", 2, Strain.HEARTS, Doubling.REDOUBLED),
        ("2hr", 2, Strain.HEARTS, Doubling.REDOUBLED),
        ("3 NT X", 3, Strain.NOTRUMP, Doubling.DOUBLED),
        ("6H X X", 6, Strain.HEARTS, Doubling.REDOUBLED),
        ("5♦x", 5, Strain.DIAMONDS, Doubling.DOUBLED),
    ],
)
def test_contract_spellings(text: str, level: int, strain: Strain, doubling: Doubling) -> None:
    assert Contract.parse(text) == Contract(level, strain, doubling)


def test_redoubled_spelling_scores_as_redoubled() -> None:
    # rules.md §1.7: 1NT XX vulnerable, 7 tricks = 160 + 500 + 100 = 760 (doubled would be 180).
    assert Contract.parse("1NTR").score(7, True) == 760


@pytest.mark.parametrize("text", ["8S", "0NT", "4Z", "4SXXX", "", "PASS", "4"])
def test_bad_contracts(text: str) -> None:
    with pytest.raises(ParseError, match="contract"):
        Contract.parse(text)


def test_bad_contract_message_quotes_the_input_and_says_what_is_expected() -> None:
    with pytest.raises(ParseError) as caught:
        Contract.parse("4Z")
    assert str(caught.value) == (
        "not a contract: '4Z' (expected level 1-7, strain C D H S NT, "
        "then X or XX, like 4S or 3NTX)"
    )


@pytest.mark.parametrize("level", [0, 8])
def test_levels_outside_1_to_7_are_refused_when_built(level: int) -> None:
    with pytest.raises(ParseError) as refused:
        Contract(level, Strain.SPADES)
    # the whole sentence, not a search in it: a word added around it is a different refusal
    assert str(refused.value) == f"not a contract level: {level} (expected 1 to 7)"


def test_every_score_is_an_exact_integer() -> None:
    # Law 77 scores are whole multiples of 10 (rules.md §1.6); a float such as 200.0 would
    # leak into travellers and files.
    for contract, vulnerable, tricks in itertools.product(ALL_CONTRACTS, (False, True), range(14)):
        score = contract.score(tricks, vulnerable)
        assert type(score) is int and score % 10 == 0, (contract, vulnerable, tricks, score)


def test_results_as_tricks_or_relative() -> None:
    four_spades = Contract.parse("4S")
    assert parse_tricks("=", four_spades) == 10
    assert parse_tricks("+1", four_spades) == 11
    assert parse_tricks("-2", four_spades) == 8
    assert parse_tricks("7", four_spades) == 7
    assert format_result(four_spades, 8) == "-2"
    with pytest.raises(ParseError, match="14 tricks"):
        parse_tricks("14", four_spades)
    with pytest.raises(ParseError, match="14 tricks"):
        parse_tricks("+4", four_spades)
    with pytest.raises(ParseError):
        parse_tricks("-11", four_spades)
    with pytest.raises(ParseError, match="not a result: 'ten' \\(expected tricks taken 0-13"):
        parse_tricks("ten", four_spades)
    # The refusal says what was given and what is possible, each number of tricks its own.
    for tricks in (14, -1):
        with pytest.raises(ParseError) as caught:
            four_spades.score(tricks, False)
        assert str(caught.value) == f"not a number of tricks: {tricks} (expected 0 to 13)"


@given(
    st.sampled_from(ALL_CONTRACTS),
    st.integers(min_value=0, max_value=13),
)
def test_relative_result_round_trip(contract: Contract, tricks: int) -> None:
    assert parse_tricks(format_result(contract, tricks), contract) == tricks
    assert Contract.parse(str(contract)) == contract


@pytest.mark.parametrize("text", ["=", "=0", "0=", "+0", "-0", "made", "MADE", "m", "M", " = "])
def test_made_exactly_spellings(text: str) -> None:
    # Each spelling of "made exactly": 4S needs 6 + 4 = 10 tricks.
    assert parse_tricks(text, Contract.parse("4S")) == 10


def test_relative_results_are_written_with_a_sign() -> None:
    # 3NT needs 9 tricks: 9 is "=", 10 is "+1", 7 is "-2" (never "+0" for made exactly).
    three_nt = Contract.parse("3NT")
    assert [format_result(three_nt, t) for t in (9, 10, 7)] == ["=", "+1", "-2"]


def test_nearest_possible_scores_at_the_ends() -> None:
    # rules.md §1.6: the largest penalty is 13 down redoubled, -7000 not vulnerable and -7600
    # vulnerable; nothing lies beyond it, so only one neighbour is named.
    assert nearest_scores(-99990, Vulnerability.NONE) == (-7000,)
    assert nearest_scores(-7610, Vulnerability.ALL) == (-7600,)
    assert nearest_scores(99990, Vulnerability.NONE) == (7000,)
