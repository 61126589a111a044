"""The closed vocabularies of bridge: seats, sides, strains, doubling and vulnerability."""

from __future__ import annotations

from enum import Enum

from bridgescore.errors import ParseError


class _Vocabulary(Enum):
    """A closed vocabulary: its members are single objects, equal only to themselves, so they
    are hashed by identity in C (Enum hashes each member's name in Python, a cost paid
    millions of times when a large session's records are keyed by seat, side or vulnerability).
    """

    __hash__ = object.__hash__


class Side(_Vocabulary):
    """A partnership direction: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "EW"):
            return cls(key)
        raise ParseError(f"not a direction: {text!r} (expected NS or EW)")

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


class Seat(_Vocabulary):
    """A seat at the table, in clockwise order."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: str) -> Seat:
        key = text.strip().upper()
        key = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}.get(key, key)
        if key in ("N", "E", "S", "W"):
            return cls(key)
        raise ParseError(f"not a seat: {text!r} (expected N, E, S or W)")

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


class Strain(_Vocabulary):
    """The denomination of a contract, lowest first."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        key = {"N": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}.get(key, key)
        for strain in cls:
            if strain.value == key:
                return strain
        raise ParseError(f"not a strain: {text!r} (expected C, D, H, S or NT)")

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def trick_value(self) -> int:
        """Points for each trick bid and made beyond the first (Law 77)."""
        return 20 if self.is_minor else 30

    def __str__(self) -> str:
        return self.value


class Doubling(_Vocabulary):
    """Undoubled, doubled or redoubled; the value is the trick-score multiplier."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        return {1: "", 2: "X", 4: "XX"}[self.value]

    @classmethod
    def from_suffix(cls, text: str) -> Doubling:
        key = text.strip().upper()
        for doubling in cls:
            if doubling.suffix == key:
                return doubling
        raise ParseError(f"not a doubling: {text!r} (expected '', X or XX)")


class Vulnerability(_Vocabulary):
    """Which sides are vulnerable on a board (Law 2)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        stripped = text.strip()
        if stripped == "-":  # PBN's third spelling of "no vulnerability"
            return cls.NONE
        # Nothing at all is not "none vulnerable": a missing vulnerability is never guessed.
        key = stripped.upper().replace("-", "").replace("/", "")
        aliases = {
            "NONE": "None",
            "LOVE": "None",
            "NIL": "None",
            "O": "None",
            "NS": "NS",
            "N": "NS",
            "EW": "EW",
            "E": "EW",
            "ALL": "All",
            "BOTH": "All",
            "B": "All",
        }
        if key in aliases:
            return cls(aliases[key])
        raise ParseError(f"not a vulnerability: {text!r} (expected None, NS, EW or All)")

    @classmethod
    def for_board(cls, board: int) -> Vulnerability:
        """The Law 2 vulnerability of a board number (rules.md §2.2)."""
        k = (_check_board(board) - 1) % 16
        return _VULS[(k + k // 4) % 4]

    def is_vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.ALL or self.value == side.value

    def __str__(self) -> str:
        return self.value


_VULS = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)


def dealer_for_board(board: int) -> Seat:
    """The Law 2 dealer of a board number (rules.md §2.2)."""
    return _SEATS[(_check_board(board) - 1) % 4]


def _check_board(board: int) -> int:
    if board < 1:
        raise ParseError(f"not a board number: {board} (expected 1 or more)")
    return board
