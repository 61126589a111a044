"""The closed vocabularies of bridge: seats, sides, strains, doubling and vulnerability."""

from __future__ import annotations

from typing import Self

from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.vocabulary import Vocabulary


class Side(Vocabulary, what=N_("a direction"), ignored="-/"):
    """A partnership direction: North-South or East-West (``N-S``, ``E/W`` too)."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


class Seat(
    Vocabulary, what=N_("a seat"), aliases={"north": "N", "east": "E", "south": "S", "west": "W"}
):
    """A seat at the table, in clockwise order."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        return _SEATS[(_SEATS.index(self) + 2) % 4]

    @property
    def next(self) -> Seat:
        """The seat to the left (next clockwise)."""
        return _SEATS[(_SEATS.index(self) + 1) % 4]

    def __str__(self) -> str:
        return self.value


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


class Strain(
    Vocabulary,
    what=N_("a strain"),
    aliases={"N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"},
):
    """The denomination of a contract, lowest first."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def trick_value(self) -> int:
        """Points for each trick bid and made beyond the first (Law 77)."""
        return 20 if self.is_minor else 30

    def __str__(self) -> str:
        return self.value


class Doubling(Vocabulary, what=N_("a doubling")):
    """Undoubled, doubled or redoubled; the value is the trick-score multiplier."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self.value]

    @classmethod
    def parse(cls, text: str) -> Doubling:
        """A doubling as a contract writes it (:meth:`from_suffix`), not by its multiplier."""
        return cls.from_suffix(text)

    @classmethod
    def from_suffix(cls, text: str) -> Doubling:
        key = text.strip().upper()
        for doubling in cls:
            if doubling.suffix == key:
                return doubling
        raise ParseError(
            Text(N_("not a doubling: %(text)s (expected '', X or XX)"), text=repr(text))
        )


class Vulnerability(
    Vocabulary,
    what=N_("a vulnerability"),
    aliases={"Love": "None", "Nil": "None", "O": "None", "N": "NS", "E": "EW"}
    | {"Both": "All", "B": "All"},
    ignored="-/",
):
    """Which sides are vulnerable on a board (Law 2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def parse(cls, text: str) -> Self:
        if text.strip() == "-":  # PBN's third spelling of "no vulnerability"
            return cls("None")
        # Nothing at all is not "none vulnerable": a missing vulnerability is never guessed.
        return super().parse(text)

    @classmethod
    def for_board(cls, board: int) -> Vulnerability:
        """The Law 2 vulnerability of a board number (rules.md §2.2)."""
        k = (_check_board(board) - 1) % 16
        return _VULS[(k + k // 4) % 4]

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.ALL or self is _SIDE_VULNERABLE[side]

    @property
    def words(self) -> str:
        """As a message says it: "neither side vulnerable", "NS vulnerable"."""
        return _WORDS[self]

    def __str__(self) -> str:
        return self.value


_VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
_SIDE_VULNERABLE = {Side.NS: Vulnerability.NS, Side.EW: Vulnerability.EW}  # that side alone
_WORDS = {
    Vulnerability.NONE: Text(N_("neither side vulnerable")),
    Vulnerability.NS: Text(N_("NS vulnerable")),
    Vulnerability.EW: Text(N_("EW vulnerable")),
    Vulnerability.ALL: Text(N_("both sides vulnerable")),
}


def dealer_for_board(board: int) -> Seat:
    """The Law 2 dealer of a board number (rules.md §2.2)."""
    return _SEATS[(_check_board(board) - 1) % 4]


def _check_board(board: int) -> int:
    if board < 1:
        raise ParseError(
            Text(N_("not a board number: %(board)s (expected 1 or more)"), board=board)
        )
    return board
