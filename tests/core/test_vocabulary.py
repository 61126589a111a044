"""The one base of the closed vocabularies read from text (bridgescore.vocabulary): every
vocabulary reads its words and aliases alike, refuses anything else saying what it expected,
and its members are compared and hashed by identity."""

from __future__ import annotations

import importlib
import pkgutil
from enum import Enum

import pytest

import bridgescore
from bridgescore.bridge import Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.errors import ParseError
from bridgescore.rules import CrossImpNormalisation, DatumRounding, Method, Rounding
from bridgescore.scoring.imps import ArtificialScore
from bridgescore.session import FieldStructure
from bridgescore.vocabulary import Vocabulary


def _every_module() -> None:
    """Import every module of bridgescore, so that every enum it defines is known."""
    for found in pkgutil.walk_packages(bridgescore.__path__, "bridgescore."):
        if not found.name.endswith(("__main__", ".migrations.env")):
            importlib.import_module(found.name)


def _subclasses(kind: type[Enum]) -> list[type[Enum]]:
    found = []
    for sub in kind.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


_every_module()
# Every vocabulary of bridgescore but Doubling, read by its suffix as a contract writes it
# (its members' values are the multipliers).
VOCABULARIES: tuple[type[Vocabulary], ...] = tuple(
    sorted(
        (v for v in _subclasses(Vocabulary) if issubclass(v, Vocabulary) and v is not Doubling),
        key=lambda v: (v.__module__, v.__name__),
    )
)


def test_every_enum_read_from_text_is_a_vocabulary() -> None:
    """An enum with its own parse would be a second copy of the reading and its refusal."""
    enums = [e for e in _subclasses(Enum) if e.__module__.startswith("bridgescore.")]
    own = sorted(
        f"{e.__module__}.{e.__name__}"
        for e in enums
        if "parse" in vars(e) and not issubclass(e, Vocabulary)
    )
    assert not own, f"enums reading text outside Vocabulary: {own}"
    # the vocabularies of the rules, the events, the Swiss events, the ladder, the masterpoint
    # schemes and the players' publish settings are all found
    names = {v.__name__ for v in VOCABULARIES}
    assert {"Method", "Totals", "TeamsScoring", "Aggregate", "Carry", "TieBreak"} <= names
    assert {"LadderBy", "Colour", "Rated", "Counts", "Publish"} <= names


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


def test_a_two_word_setting_refuses_a_third_word() -> None:
    """--winners, --ties, --sections and the switches are held as bools: any word but their
    two is refused, never read as the second."""
    from bridgescore.rules import CLUB

    assert CLUB.with_(one_winner="one").one_winner is True
    assert CLUB.with_(sections_across="within").sections_across is False
    with pytest.raises(ParseError, match="not one or two: 'three'"):
        CLUB.with_(one_winner="three")
    with pytest.raises(ParseError, match="not across or within"):
        CLUB.with_(sections_across="sideways")


def test_a_vocabulary_made_here_is_read_by_what_it_declares() -> None:
    """Every vocabulary of bridgescore is made when its module is imported; one made while the
    test runs checks the base's own declarations: what a message calls it (its class name when
    it says nothing), its aliases, the characters it ignores (none unless it says), and a one-word
    vocabulary's choices (that word alone)."""

    class Speed(Vocabulary, what="a speed", aliases={"quick": "fast"}, ignored="."):
        FAST = "fast"

    class Size(Vocabulary):
        SIX = "six"
        TEN = "ten"

    assert Speed.parse("Quick") is Speed.parse(" f.a.s.t ") is Speed.FAST
    assert Speed.choices() == "fast"
    with pytest.raises(ParseError, match=r"^not a speed: 'slow' \(expected fast\)$"):
        Speed.parse("slow")
    assert Size.parse("SIX") is Size.SIX
    with pytest.raises(ParseError, match=r"^not a Size: 'si' \(expected six or ten\)$"):
        Size.parse("si")  # "x" is not ignored: only what a vocabulary names is
    with pytest.raises(ParseError, match=r"^not a Size: 's\.ix'"):
        Size.parse("s.ix")
