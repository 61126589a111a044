"""What a PBN 2.1 document is made of: the standard's vocabulary (its tags, seats, suits and
ranks), the problems a reader reports, the document model (games of tags, with their comments,
sections and tables), and the notation of the well-defined tags' values.

Both the reader (:mod:`bridgescore.formats.pbn.syntax`) and the rules of a game
(:mod:`bridgescore.formats.pbn.legality`) are built on this module, which imports neither.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from typing import Literal, NamedTuple

from bridgescore.bridge import Doubling, Seat, Strain, Vulnerability
from bridgescore.contract import Contract
from bridgescore.deal import Deal
from bridgescore.errors import InputFileError, ParseError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text

__all__ = [
    "MANDATORY_TAGS",
    "SEATS",
    "TABLE_TAGS",
    "Cell",
    "Column",
    "Comment",
    "CommentKind",
    "Game",
    "PbnContract",
    "PbnDeclarer",
    "PbnDocument",
    "PbnProblem",
    "PbnResult",
    "PbnScore",
    "ProblemKind",
    "Row",
    "ScoreTag",
    "SectionLine",
    "Severity",
    "Table",
    "Tag",
    "parse_columns",
    "parse_contract",
    "parse_deal",
    "parse_declarer",
    "parse_result",
    "parse_score",
    "parse_seat",
    "parse_vulnerable",
]

# --------------------------------------------------------------------------------------------
# Vocabulary of the standard

#: The Mandatory Tag Set in export order (§3.4).
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_MTS_ORDER = {name: i for i, name in enumerate(MANDATORY_TAGS)}

#: Tags whose value is a column list followed by rows (§5).
TABLE_TAGS = frozenset(
    {
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
    }
)

_SUPPLEMENTAL_TAGS = frozenset(
    {
        "Annotator",
        "AnnotatorNA",
        "Application",
        "BidSystemEW",
        "BidSystemNS",
        "Competition",
        "DealId",
        "Description",
        "EastNA",
        "EastType",
        "EventDate",
        "EventSponsor",
        "FrenchMP",
        "Generator",
        "Hidden",
        "HomeTeam",
        "Mode",
        "NorthNA",
        "NorthType",
        "OptimumScore",
        "PairEW",
        "PairNS",
        "Room",
        "Round",
        "Score",
        "ScoreIMP",
        "ScoreMP",
        "ScorePercentage",
        "ScoreRubber",
        "ScoreRubberHistory",
        "Section",
        "SouthNA",
        "SouthType",
        "Stage",
        "Table",
        "Termination",
        "Time",
        "TimeCall",
        "TimeCard",
        "TimeControl",
        "UTCDate",
        "UTCTime",
        "VisitTeam",
        "WestNA",
        "WestType",
    }
)
_SECTION_TAGS = frozenset({"Auction", "Play"})
_KNOWN_TAGS = frozenset(MANDATORY_TAGS) | _SUPPLEMENTAL_TAGS | _SECTION_TAGS | TABLE_TAGS | {"Note"}
# §4.8: "#" and "##" are forbidden for these (and for the notes of the auction and play).
_NO_INHERITANCE = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)
_SCORING_FIELDS = frozenset(  # §3.4.12, compared without case ("Matchpoints" is common)
    field.lower()
    for field in [
        *("MP", "MatchPoints", "IMP", "Cavendish", "Chicago", "Rubber", "BAM", "Instant"),
        *("Butler", "Butler-2", "Experts", "Cross", "Cross1", "Cross2", "Mean", "Median"),
        *("MP1", "MP2", "OldMP", "Mitchell2", "Mitchell3", "Mitchell4", "Ascherman"),
        *("Bastille", "EMP", "IMP_1948", "IMP_1961"),
    ]
)

SEATS = "NESW"
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
_SUITS = "SHDC"  # the order of the suits in a Deal hand
_RANKS = "23456789TJQKA"  # ascending, so a higher index is a higher card
_STRAINS = ("C", "D", "H", "S", "NT")  # ascending bidding order
_NO_HANDS: list[int | None] = [None] * 4
_STAR_LINE = ("*",)
# The columns of a play line in playing order, when the leader sits k seats after the
# opening leader (§3.6: columns are in seat order from the opening leader).
_PLAY_ORDER = tuple(tuple((k + i) % 4 for i in range(4)) for k in range(4))
_SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_MAX_LINE = 254  # §2.3: 255 characters including the end of line


# --------------------------------------------------------------------------------------------
# Problems


class Severity(Enum):
    """Errors: the text cannot be read as PBN.  Warnings: it reads, but breaks a rule."""

    ERROR = "error"
    WARNING = "warning"


class ProblemKind(Enum):
    """What a :class:`PbnProblem` is about (stable names, for filtering and tests)."""

    SYNTAX = "syntax"  # tag pair structure, stray characters
    UNTERMINATED = "unterminated"  # string or brace comment not closed
    CHARACTER = "character"  # character not allowed where it is
    FORMAT = "format"  # line length, export-format layout
    DUPLICATE_TAG = "duplicate-tag"
    UNKNOWN_TAG = "unknown-tag"
    VALUE = "value"  # a tag value not in its notation
    NONSTANDARD = "nonstandard"  # read leniently, but not the standard's notation
    INHERITANCE = "inheritance"  # "#" or "##" where §4.8 forbids it
    MISPLACED = "misplaced"  # section data or a Note where none may be
    TABLE = "table"  # column list, row length, cell values, sort order
    TOKEN = "token"  # call, card, suffix, NAG, note reference or irregularity
    NOTE = "note"  # Note value, missing or unused note
    MISSING_TAG = "missing-tag"  # a tag the auction or play needs is absent
    AUCTION = "auction"  # illegal auction, or one that contradicts Contract/Declarer
    PLAY = "play"  # illegal play, or one that contradicts Result
    INCONSISTENT = "inconsistent"  # tags that contradict each other


@dataclass(frozen=True)
class PbnProblem(Problem):
    """A :class:`Problem` found in a PBN file, with its kind and severity."""

    kind: ProblemKind = ProblemKind.SYNTAX
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


# --------------------------------------------------------------------------------------------
# Document model


class CommentKind(Enum):
    """How a comment is written: ``{...}``, ``;...`` to the end of the line, ``%...`` line."""

    BRACE = "{"
    SEMICOLON = ";"
    ESCAPE = "%"


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment, its text without the delimiters (a brace comment may span lines)."""

    text: str
    kind: CommentKind = CommentKind.BRACE
    line: int | None = field(default=None, compare=False)

    def __str__(self) -> str:
        if self.kind is CommentKind.BRACE:
            return "{" + self.text + "}"
        return ("%" if self.kind is CommentKind.ESCAPE else ";") + self.text


@dataclass(frozen=True, slots=True)
class SectionLine:
    """One line of section data: tokens as written (strings keep their quotes) and comments."""

    items: tuple[str | Comment, ...]
    line: int | None = field(default=None, compare=False)

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(item for item in self.items if isinstance(item, str))


_NEEDS_QUOTES = re.compile(r'[\s\[\]{};"%]|\A\Z')


@dataclass(frozen=True, slots=True)
class Cell:
    """One table element: its text, whether it was a quoted string, and the ``^`` prefix.

    ``-`` (irrelevant) and ``?`` (unknown) stay distinguishable from a quoted ``"-"``.
    """

    text: str
    quoted: bool = False
    artificial: bool = False

    @classmethod
    def parse(cls, token: str) -> Cell:
        artificial = token.startswith("^")
        body = token[1:] if artificial else token
        if len(body) >= 2 and body[0] == '"' and body[-1] == '"':
            return cls(_unescape(body[1:-1]), quoted=True, artificial=artificial)
        return cls(body, artificial=artificial)

    @property
    def irrelevant(self) -> bool:
        return self.text == "-" and not self.quoted

    @property
    def unknown(self) -> bool:
        return self.text == "?" and not self.quoted

    def __str__(self) -> str:
        prefix = "^" if self.artificial else ""
        if self.artificial and not self.text and not self.quoted:
            return prefix
        if self.quoted or _NEEDS_QUOTES.search(self.text):
            return prefix + '"' + _escape(self.text) + '"'
        return prefix + self.text


_COLUMN = re.compile(r"([+-]?)([^\\]*)(?:\\([0-9]+)([LR]?))?")


@dataclass(frozen=True, slots=True)
class Column:
    """A table column (§5.2): name, sort order (``+`` descending, ``-`` ascending), width."""

    name: str
    order: Literal["", "+", "-"] = ""
    width: int | None = None
    align: Literal["", "L", "R"] = ""

    @classmethod
    def parse(cls, spec: str) -> Column:
        m = _COLUMN.fullmatch(spec)
        if m is None:
            raise ParseError(
                Text(
                    N_(
                        "bad column %(spec)s: a backslash must be followed by a width, like "
                        "Score\\5R"
                    ),
                    spec=repr(spec),
                )
            )
        order: Literal["", "+", "-"] = "+" if m[1] == "+" else "-" if m[1] == "-" else ""
        align: Literal["", "L", "R"] = "L" if m[4] == "L" else "R" if m[4] == "R" else ""
        return cls(m[2], order, int(m[3]) if m[3] else None, align)

    def __str__(self) -> str:
        width = "" if self.width is None else f"\\{self.width}{self.align}"
        return f"{self.order}{self.name}{width}"


@dataclass(frozen=True, slots=True)
class Row:
    """A table row; comments found after it (forbidden by §5.1, but kept)."""

    cells: tuple[Cell, ...]
    line: int | None = field(default=None, compare=False)
    comments: tuple[Comment, ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    """The rows of a table tag under its columns (§5.1-5.2)."""

    columns: tuple[Column, ...]
    rows: tuple[Row, ...] = ()

    @property
    def spec(self) -> str:
        """The column list as a tag value."""
        return ";".join(str(column) for column in self.columns)

    def index(self, name: str) -> int:
        """Position of the column called ``name``; :class:`KeyError` when there is none."""
        for i, column in enumerate(self.columns):
            if column.name == name:
                return i
        raise KeyError(name)

    def column(self, name: str) -> tuple[Cell | None, ...]:
        """The cells of one column (``None`` where a row is too short)."""
        i = self.index(name)
        return tuple(row.cells[i] if i < len(row.cells) else None for row in self.rows)

    def records(self) -> list[dict[str, Cell]]:
        """Each row as a mapping from column name to cell."""
        names = [column.name for column in self.columns]
        return [dict(zip(names, row.cells, strict=False)) for row in self.rows]


@dataclass(frozen=True, slots=True)
class Tag:
    """A tag pair with what follows it: comments, section data (Auction, Play) or a table.

    ``value`` is the text as written (``"#"``, ``"##..."`` included); ``inherited`` is what
    §4.8 inheritance made of it (``None`` when the value stands for itself).
    """

    name: str
    value: str
    inherited: str | None = None
    line: int | None = field(default=None, compare=False)
    comments: tuple[Comment, ...] = ()
    section: tuple[SectionLine, ...] = ()
    table: Table | None = None

    @property
    def resolved(self) -> str:
        """The value after inheritance."""
        return self.value if self.inherited is None else self.inherited


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its tags in file order and the comments before the first tag.

    ``defaults`` holds the ``##`` values of earlier games in force for tags this game lacks.
    """

    tags: tuple[Tag, ...]
    comments: tuple[Comment, ...] = ()
    defaults: tuple[tuple[str, str], ...] = ()
    line: int | None = field(default=None, compare=False)

    def tag(self, name: str) -> Tag | None:
        """The first tag called ``name`` (§3.4: a repeated tag is ignored)."""
        for tag in self.tags:
            if tag.name == name:
                return tag
        return None

    def get(self, name: str, default: str | None = None) -> str | None:
        """The resolved value of tag ``name``, or an inherited ``##`` default, or ``default``."""
        tag = self.tag(name)
        if tag is not None:
            return tag.resolved
        for key, value in self.defaults:
            if key == name:
                return value
        return default

    @property
    def board(self) -> int | None:
        """The board number, when the Board tag holds one."""
        value = self.get("Board")
        return int(value) if value is not None and _INT.fullmatch(value) else None

    def notes(self, section: str) -> dict[int, str]:
        """The notes of the ``"Auction"`` or ``"Play"`` section: index to text."""
        notes: dict[int, str] = {}
        current = None
        for tag in self.tags:
            if tag.name != "Note":
                current = tag.name
            elif current == section:
                m = _NOTE.fullmatch(tag.value)
                if m:
                    notes.setdefault(int(m[1]), m[2])
        return notes


@dataclass(frozen=True)
class PbnDocument:
    """A PBN file: its games, the comments after the last game, and what reading found."""

    games: tuple[Game, ...] = ()
    comments: tuple[Comment, ...] = ()
    version: str | None = field(default=None, compare=False)
    export: bool = field(default=False, compare=False)
    encoding: str | None = field(default=None, compare=False)
    path: str | None = field(default=None, compare=False)
    problems: tuple[PbnProblem, ...] = field(default=(), compare=False)
    warnings: tuple[PbnProblem, ...] = field(default=(), compare=False)

    def raise_for_problems(self) -> None:
        """Raise :class:`InputFileError` with every error, if there is any."""
        if self.problems:
            raise InputFileError(self.path, self.problems)

    def check(self) -> PbnDocument:
        """This document, after :meth:`raise_for_problems`."""
        self.raise_for_problems()
        return self


# --------------------------------------------------------------------------------------------
# Value notations (plain values for the session layer; ParseError when the text is not one)


class PbnContract(NamedTuple):
    """A contract: level 1-7, strain, risk "", "X" or "XX"."""

    level: int
    strain: Strain
    risk: str

    @property
    def contract(self) -> Contract:
        """The contract as bridgescore scores it."""
        return Contract(self.level, self.strain, Doubling.from_suffix(self.risk))

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.risk}"


class PbnDeclarer(NamedTuple):
    """The Declarer tag: a seat, and whether it is the irregular ``^`` form (§3.4.13)."""

    seat: Seat
    irregular: bool = False


class PbnResult(NamedTuple):
    """The Result tag: tricks of declarer, or of NS and/or EW; ``^`` marks a wrong count."""

    declarer: int | None = None
    ns: int | None = None
    ew: int | None = None
    irregular: bool = False

    def tricks_for(self, declarer: Seat) -> int | None:
        """Tricks won by the side of ``declarer``, when the value says."""
        if self.declarer is not None:
            return self.declarer
        north_south = _SEAT_INDEX[declarer.value] % 2 == 0
        own, other = (self.ns, self.ew) if north_south else (self.ew, self.ns)
        if own is not None:
            return own
        return None if other is None else 13 - other


class PbnScore(NamedTuple):
    """A Score-like tag: declarer's score, or NS's and/or EW's (exact values)."""

    declarer: Fraction | None = None
    ns: Fraction | None = None
    ew: Fraction | None = None


_INT = re.compile(r"[0-9]+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")
_SIGNED_INT = re.compile(r"[+-]?[0-9]+")
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|R)?", re.IGNORECASE)
_STANDARD_CONTRACT = re.compile(r"pass|[1-7](?:nt|[shdc])(?:xx|x)?", re.IGNORECASE)
_STRAIN_ONLY = re.compile(r"NT|[SHDC]", re.IGNORECASE)
_NOTE = re.compile(r"([0-9]+):(.*)", re.DOTALL)
_VULNERABLE = {
    "none": Vulnerability.NONE,
    "love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "ns": Vulnerability.NS,
    "ew": Vulnerability.EW,
    "all": Vulnerability.ALL,
    "both": Vulnerability.ALL,
}


def parse_seat(text: str) -> Seat:
    """``N``, ``E``, ``S`` or ``W`` (lower case accepted, §3.11)."""
    seat = text.upper()
    if seat not in _SEAT_INDEX:
        raise ParseError(Text(N_("not a seat: %(text)s"), text=repr(text)))
    return Seat(seat)


def parse_vulnerable(text: str) -> Vulnerability:
    """The Vulnerable tag (§3.4.10): None (Love, -), NS, EW or All (Both)."""
    try:
        return _VULNERABLE[text.lower()]
    except KeyError:
        raise ParseError(Text(N_("not a vulnerability: %(text)s"), text=repr(text))) from None


def parse_contract(text: str) -> PbnContract | None:
    """``"4SX"`` -> ``PbnContract(4, Strain.SPADES, "X")``; ``"Pass"`` -> ``None`` (passed out).

    Lower case is accepted (§3.11), and leniently ``N`` for NT and ``R`` for XX.
    """
    if text.lower() == "pass":
        return None
    m = _CONTRACT.fullmatch(text)
    if m is None:
        raise ParseError(Text(N_("not a contract: %(text)s"), text=repr(text)))
    strain = m[2].upper()
    risk = (m[3] or "").upper()
    return PbnContract(int(m[1]), Strain.parse(strain), "XX" if risk == "R" else risk)


def parse_declarer(text: str) -> PbnDeclarer | None:
    """``"S"`` -> ``PbnDeclarer("S")``, ``"^S"`` irregular; ``""`` -> ``None`` (all passed)."""
    if text == "":
        return None
    irregular = text.startswith("^")
    try:
        return PbnDeclarer(parse_seat(text[1:] if irregular else text), irregular)
    except ParseError:
        raise ParseError(Text(N_("not a declarer: %(text)s"), text=repr(text))) from None


_RESULT = re.compile(r"(\^?)(?:([0-9]+)|(NS|EW) +([0-9]+)(?: +(NS|EW) +([0-9]+))?)")


def parse_result(text: str) -> PbnResult | None:
    """The Result tag (§3.4.15): ``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``, ``"^9"``; ``""`` -> None."""
    if text == "":
        return None
    m = _RESULT.fullmatch(text)
    if m is None:
        raise ParseError(Text(N_("not a result: %(text)s"), text=repr(text)))
    counts = [int(n) for n in (m[2], m[4], m[6]) if n is not None]
    if any(n > 13 for n in counts):
        raise ParseError(Text(N_("more than 13 tricks in result %(text)s"), text=repr(text)))
    if m[2] is not None:
        return PbnResult(int(m[2]), irregular=bool(m[1]))
    sides = {m[3]: int(m[4])}
    if m[5] is not None:
        if m[5] == m[3]:
            raise ParseError(Text(N_("the same side twice in result %(text)s"), text=repr(text)))
        sides[m[5]] = int(m[6])
    return PbnResult(None, sides.get("NS"), sides.get("EW"), bool(m[1]))


ScoreTag = Literal["Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "OptimumScore"]


def parse_score(text: str, tag: ScoreTag = "Score") -> PbnScore:
    """A Score-like tag (§4.2): ``"420"``, ``"NS 120"``, ``"EW -50"``, ``"NS 4 EW -4"``.

    Score and OptimumScore hold integers (OptimumScore always names a side); ScoreIMP,
    ScoreMP and ScorePercentage may be decimal, percentages between 0 and 100.
    """
    words = text.split()
    integers = tag in ("Score", "OptimumScore")
    number = _SIGNED_INT if integers else _NUMBER
    values: dict[str, Fraction] = {}
    if len(words) == 1 and tag != "OptimumScore":
        pairs = [("", words[0])]
    elif len(words) in (2, 4):
        pairs = list(zip(words[::2], words[1::2], strict=True))
    else:
        raise ParseError(Text(N_("not a %(tag)s value: %(text)s"), tag=tag, text=repr(text)))
    for side, amount in pairs:
        if side not in ("", "NS", "EW") or side in values or not number.fullmatch(amount):
            raise ParseError(Text(N_("not a %(tag)s value: %(text)s"), tag=tag, text=repr(text)))
        value = Fraction(Decimal(amount))
        if tag == "ScorePercentage" and not 0 <= value <= 100:
            raise ParseError(Text(N_("percentage out of 0-100: %(text)s"), text=repr(text)))
        values[side] = value
    return PbnScore(values.get(""), values.get("NS"), values.get("EW"))


def parse_deal(text: str) -> dict[str, tuple[str, str, str, str] | None]:
    """The Deal tag (§3.4.11) as seat -> (spades, hearts, diamonds, clubs), N E S W order.

    A hand given as ``-`` is ``None``.  Ranks come back in upper case, highest first.  Every
    given hand must hold the same number of cards, at most 13 (fewer: an end position, §3.10),
    and no card may appear twice.  (The deal itself: :meth:`bridgescore.deal.Deal.from_pbn`.)
    """
    deal = Deal.from_pbn(text)
    return {
        seat: None if hand is None else hand.suits
        for seat, hand in zip(SEATS, deal.hands, strict=True)
    }


def parse_columns(spec: str) -> tuple[Column, ...]:
    """A table's column list (§5.2), like ``"Rank\\2R;+Score_NS\\5R"``."""
    if spec == "":
        return ()
    return tuple(Column.parse(part) for part in spec.split(";"))


# Quoted strings (§3.2)

_ESCAPED_BACKSLASH = re.compile(r'\\(?=[\\"]|\Z)')


def _escape(value: str) -> str:
    # Only a backslash that would read as an escape is doubled, so column lists keep the
    # "Score\5R" every producer writes.
    return _ESCAPED_BACKSLASH.sub(r"\\\\", value).replace('"', '\\"')


_UNESCAPE = re.compile(r'\\(["\\])')


def _unescape(raw: str) -> str:
    # §3.2: \" is a quote and \\ a backslash; any other backslash stands for itself.
    return _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw
