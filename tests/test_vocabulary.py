"""The one base of the closed vocabularies read from text (bridgescore.vocabulary): every
vocabulary reads its words and aliases alike, refuses anything else saying what it expected,
and its members are compared and hashed by identity."""

from __future__ import annotations

import pytest

from bridgescore.bridge import Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.errors import ParseError
from bridgescore.movements.model import Structure
from bridgescore.rules import (
    Compensation,
    CrossImpNormalisation,
    DatumRounding,
    Method,
    Rounding,
    SmallGroups,
    VpScale,
)
from bridgescore.scoring.imps import ArtificialScore, MarginRule
from bridgescore.session import FieldStructure
from bridgescore.vocabulary import Vocabulary

VOCABULARIES: tuple[type[Vocabulary], ...] = (
    Side,
    Seat,
    Strain,
    Vulnerability,
    Compensation,
    SmallGroups,
    Rounding,
    Method,
    DatumRounding,
    CrossImpNormalisation,
    VpScale,
    FieldStructure,
    Structure,
    ArtificialScore,
    MarginRule,
)


@pytest.mark.parametrize("vocabulary", VOCABULARIES, ids=lambda v: v.__name__)
def test_every_member_reads_back_from_its_word(vocabulary: type[Vocabulary]) -> None:
    for member in vocabulary:
        assert vocabulary.parse(str(member)) is member
        assert vocabulary.parse(f"  {str(member).upper()} ") is member
        assert hash(member) == object.__hash__(member)


@pytest.mark.parametrize("vocabulary", VOCABULARIES, ids=lambda v: v.__name__)
def test_anything_else_is_refused_with_the_words_expected(vocabulary: type[Vocabulary]) -> None:
    with pytest.raises(ParseError) as caught:
        vocabulary.parse("zzz")
    words = [str(member) for member in vocabulary]
    expected = f"{', '.join(words[:-1])} or {words[-1]}"
    assert str(caught.value).endswith(f": 'zzz' (expected {expected})")
    assert str(caught.value).startswith("not a")


def test_words_differ_from_a_member_by_case_space_and_underscore_only() -> None:
    assert DatumRounding.parse(" HALF_AWAY ") is DatumRounding.HALF_AWAY
    assert Rounding.parse("half even") is Rounding.HALF_EVEN
    assert FieldStructure.parse("Mitchell") is FieldStructure.MITCHELL
    with pytest.raises(ParseError, match=r"not a field structure: 'mitchel' \(expected "):
        FieldStructure.parse("mitchel")


def test_aliases_are_declared_with_the_vocabulary() -> None:
    assert Seat.parse("north") is Seat.N
    assert Strain.parse("♠") is Strain.SPADES and Strain.parse("n") is Strain.NOTRUMP
    assert Side.parse("E/W") is Side.EW and Side.parse("n-s") is Side.NS
    assert Vulnerability.parse("Love") is Vulnerability.NONE
    assert Vulnerability.parse("-") is Vulnerability.NONE
    assert CrossImpNormalisation.parse("Cross1") is CrossImpNormalisation.RESULTS
    assert ArtificialScore.parse("average minus") is ArtificialScore.AVE_MINUS


def test_nothing_is_never_a_member() -> None:
    """A missing vulnerability (or anything) is never guessed from an empty word."""
    for vocabulary in VOCABULARIES:
        with pytest.raises(ParseError):
            vocabulary.parse("")
    with pytest.raises(ParseError):
        Vulnerability.parse("/")


def test_a_doubling_is_read_as_a_contract_writes_it() -> None:
    assert Doubling.parse("xx") is Doubling.REDOUBLED
    assert Doubling.parse("") is Doubling.UNDOUBLED
    with pytest.raises(ParseError):
        Doubling.parse("2")


def test_teams_of_four_is_a_scoring_method() -> None:
    assert Method.parse("teams") is Method.TEAMS
    assert Method.TEAMS.title == "teams of four" and Method.BUTLER.title == "butler"
