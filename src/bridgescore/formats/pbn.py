"""PBN 2.1 (Portable Bridge Notation): document model, lenient reader, export-format writer.

This is the syntax layer only: tags, comments, sections and tables as written, tag inheritance
(§4.8), and the checks the standard allows from the text alone -- the notation of the
well-defined tags, auction and play legality, notes, tables.  Scoring is built on top of it.

The reader never stops at a mistake: every problem is collected with its line as a
:class:`PbnProblem` (a :class:`~bridgescore.errors.Problem` with a kind and a severity).
*Errors* mean that some text, or a value the scoring layer relies on, cannot be read;
*warnings* mean the text reads but breaks a rule of the standard or disagrees with other tags.
Strict mode raises :class:`~bridgescore.errors.InputFileError` at the first error.

    >>> doc = loads('[Board "1"]\\n[Contract "4SX"]\\n')
    >>> doc.games[0].get("Contract"), parse_contract("4SX")
    ('4SX', PbnContract(level=4, strain='S', risk='X'))
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import Enum
from fractions import Fraction
from functools import lru_cache
from typing import IO, Literal, NamedTuple, Protocol

from bridgescore.errors import InputFileError, ParseError, Problem

__all__ = [
    "MANDATORY_TAGS",
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
    "SectionLine",
    "Severity",
    "Table",
    "Tag",
    "decode",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_columns",
    "parse_contract",
    "parse_deal",
    "parse_declarer",
    "parse_result",
    "parse_score",
    "parse_seat",
    "parse_vulnerable",
    "read_path",
    "write_path",
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
                f"bad column {spec!r}: a backslash must be followed by a width, like Score\\5R"
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
    """A contract: level 1-7, strain C D H S NT, risk "", "X" or "XX"."""

    level: int
    strain: str
    risk: str

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.risk}"


class PbnDeclarer(NamedTuple):
    """The Declarer tag: a seat, and whether it is the irregular ``^`` form (§3.4.13)."""

    seat: str
    irregular: bool = False


class PbnResult(NamedTuple):
    """The Result tag: tricks of declarer, or of NS and/or EW; ``^`` marks a wrong count."""

    declarer: int | None = None
    ns: int | None = None
    ew: int | None = None
    irregular: bool = False

    def tricks_for(self, declarer: str) -> int | None:
        """Tricks won by the side of ``declarer`` (a seat), when the value says."""
        if self.declarer is not None:
            return self.declarer
        own, other = (self.ns, self.ew) if _SEAT_INDEX[declarer] % 2 == 0 else (self.ew, self.ns)
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
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}


def parse_seat(text: str) -> str:
    """``"N"``, ``"E"``, ``"S"`` or ``"W"`` (lower case accepted, §3.11)."""
    seat = text.upper()
    if seat not in _SEAT_INDEX:
        raise ParseError(f"not a seat: {text!r}")
    return seat


def parse_vulnerable(text: str) -> str:
    """The Vulnerable tag as ``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` (§3.4.10)."""
    try:
        return _VULNERABLE[text.lower()]
    except KeyError:
        raise ParseError(f"not a vulnerability: {text!r}") from None


def parse_contract(text: str) -> PbnContract | None:
    """``"4SX"`` -> ``PbnContract(4, "S", "X")``; ``"Pass"`` -> ``None`` (passed out).

    Lower case is accepted (§3.11), and leniently ``N`` for NT and ``R`` for XX.
    """
    if text.lower() == "pass":
        return None
    m = _CONTRACT.fullmatch(text)
    if m is None:
        raise ParseError(f"not a contract: {text!r}")
    strain = m[2].upper()
    risk = (m[3] or "").upper()
    return PbnContract(int(m[1]), "NT" if strain == "N" else strain, "XX" if risk == "R" else risk)


def parse_declarer(text: str) -> PbnDeclarer | None:
    """``"S"`` -> ``PbnDeclarer("S")``, ``"^S"`` irregular; ``""`` -> ``None`` (all passed)."""
    if text == "":
        return None
    irregular = text.startswith("^")
    try:
        return PbnDeclarer(parse_seat(text[1:] if irregular else text), irregular)
    except ParseError:
        raise ParseError(f"not a declarer: {text!r}") from None


_RESULT = re.compile(r"(\^?)(?:([0-9]+)|(NS|EW) +([0-9]+)(?: +(NS|EW) +([0-9]+))?)")


def parse_result(text: str) -> PbnResult | None:
    """The Result tag (§3.4.15): ``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``, ``"^9"``; ``""`` -> None."""
    if text == "":
        return None
    m = _RESULT.fullmatch(text)
    if m is None:
        raise ParseError(f"not a result: {text!r}")
    counts = [int(n) for n in (m[2], m[4], m[6]) if n is not None]
    if any(n > 13 for n in counts):
        raise ParseError(f"more than 13 tricks in result {text!r}")
    if m[2] is not None:
        return PbnResult(int(m[2]), irregular=bool(m[1]))
    sides = {m[3]: int(m[4])}
    if m[5] is not None:
        if m[5] == m[3]:
            raise ParseError(f"the same side twice in result {text!r}")
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
        raise ParseError(f"not a {tag} value: {text!r}")
    for side, amount in pairs:
        if side not in ("", "NS", "EW") or side in values or not number.fullmatch(amount):
            raise ParseError(f"not a {tag} value: {text!r}")
        value = Fraction(Decimal(amount))
        if tag == "ScorePercentage" and not 0 <= value <= 100:
            raise ParseError(f"percentage out of 0-100: {text!r}")
        values[side] = value
    return PbnScore(values.get(""), values.get("NS"), values.get("EW"))


def parse_deal(text: str) -> dict[str, tuple[str, str, str, str] | None]:
    """The Deal tag (§3.4.11) as seat -> (spades, hearts, diamonds, clubs), N E S W order.

    A hand given as ``-`` is ``None``.  Ranks come back in upper case, highest first.  Every
    given hand must hold the same number of cards, at most 13 (fewer: an end position, §3.10),
    and no card may appear twice.
    """
    return _deal(text)[0]


_RANK_INDEX = {rank: i for i, rank in enumerate(_RANKS)} | {
    rank.lower(): i for i, rank in enumerate(_RANKS)
}
_SUIT_CACHE: dict[str, tuple[int, str]] = {}


def _suit(ranks: str, suit: int, seat: int) -> tuple[int, str]:
    """The 13-bit mask of the ranks of one suit and the ranks highest first."""
    known = _SUIT_CACHE.get(ranks)
    if known is not None:
        return known
    bits = 0
    for rank in ranks:
        r = _RANK_INDEX.get(rank)
        if r is None:
            raise ParseError(f"bad rank {rank!r} in the hand of {SEATS[seat]}")
        if bits >> r & 1:
            raise ParseError(f"{_SUITS[suit]}{_RANKS[r]} is dealt twice")
        bits |= 1 << r
    known = bits, "".join(_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1)
    if len(_SUIT_CACHE) < 20000:  # at most 8192 suits, in two cases; a safety bound
        _SUIT_CACHE[ranks] = known
    return known


def _deal(text: str) -> tuple[dict[str, tuple[str, str, str, str] | None], list[int | None]]:
    """:func:`parse_deal`, plus each seat's cards as a 52-bit mask (None when not given)."""
    if len(text) < 2 or text[1] != ":":
        raise ParseError(f'a deal starts with the first seat and ":", found {text[:2]!r}')
    first = _SEAT_INDEX.get(text[0].upper())
    if first is None:
        raise ParseError(f"not a seat: {text[0]!r}")
    hands = text[2:].split(" ")
    if len(hands) != 4 or "" in hands:
        raise ParseError("a deal has 4 hands separated by single spaces")
    result: dict[str, tuple[str, str, str, str] | None] = dict.fromkeys(SEATS)
    masks: list[int | None] = [None] * 4
    seen = 0
    sizes = set()
    for i, hand in enumerate(hands):
        seat = (first + i) % 4
        if hand == "-":
            continue
        suits = hand.split(".")
        if len(suits) != 4:
            raise ParseError(
                f"hand {hand!r} of {SEATS[seat]} does not have 4 suits separated by '.'"
            )
        mask = 0
        texts = []
        for s, ranks in enumerate(suits):
            bits, ordered = _suit(ranks, s, seat)
            mask |= bits << (13 * s)
            texts.append(ordered)
        if seen & mask:
            card = (seen & mask).bit_length() - 1
            raise ParseError(f"{_SUITS[card // 13]}{_RANKS[card % 13]} is dealt twice")
        seen |= mask
        size = mask.bit_count()
        if size > 13:
            raise ParseError(f"{SEATS[seat]} has {size} cards")
        sizes.add(size)
        masks[seat] = mask
        result[SEATS[seat]] = (texts[0], texts[1], texts[2], texts[3])
    if not seen:
        raise ParseError("the deal has no cards")
    if len(sizes) > 1:
        counts = ", ".join(
            f"{SEATS[i]} {mask.bit_count()}" for i, mask in enumerate(masks) if mask is not None
        )
        raise ParseError(f"the hands have different numbers of cards ({counts})")
    return result, masks


def parse_columns(spec: str) -> tuple[Column, ...]:
    """A table's column list (§5.2), like ``"Rank\\2R;+Score_NS\\5R"``."""
    if spec == "":
        return ()
    return tuple(Column.parse(part) for part in spec.split(";"))


# --------------------------------------------------------------------------------------------
# Decoding and the json-like API


class _Readable(Protocol):
    def read(self) -> str | bytes: ...


def decode(data: bytes) -> tuple[str, str]:
    """Text and encoding of PBN bytes: UTF-8 (with or without BOM), else ISO-8859-1 (§2.2)."""
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data[3:].decode("utf-8"), "utf-8-sig"
        except UnicodeDecodeError:
            return data[3:].decode("latin-1"), "latin-1"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def loads(
    text: str, *, strict: bool = False, path: str | None = None, play_checks: bool = False
) -> PbnDocument:
    """Read PBN text; every problem is in ``.problems`` and ``.warnings`` (strict: raise).

    ``play_checks=True`` also follows each auction and play by the rules of bridge (a legal
    auction, no card played twice, revokes marked, agreement with Contract, Declarer and
    Result): more warnings, and about half again the time.  Errors are the same either way.
    """
    text = text.removeprefix("\ufeff")
    return _Reader(text, strict=strict, path=path, play_checks=play_checks).read()


def load(
    fp: _Readable, *, strict: bool = False, path: str | None = None, play_checks: bool = False
) -> PbnDocument:
    """Read PBN from a text or binary file object (bytes are decoded with :func:`decode`)."""
    data = fp.read()
    name = path if path is not None else getattr(fp, "name", None)
    name = name if isinstance(name, str) else None
    if isinstance(data, bytes):
        text, encoding = decode(data)
        doc = loads(text, strict=strict, path=name, play_checks=play_checks)
        return replace(doc, encoding=encoding)
    return loads(data, strict=strict, path=name, play_checks=play_checks)


def read_path(
    path: str | os.PathLike[str], *, strict: bool = False, play_checks: bool = False
) -> PbnDocument:
    """Read a PBN file, decoding its bytes with :func:`decode`."""
    with open(path, "rb") as fp:
        return load(fp, strict=strict, path=os.fspath(path), play_checks=play_checks)


def dumps(doc: PbnDocument) -> str:
    """The document in export format (§2.1): header, tags in export order, one blank line
    between games, tables aligned to their column widths.  Lines end with ``"\\n"``."""
    out = ["% PBN 2.1", "% EXPORT"]
    for i, game in enumerate(doc.games):
        if i:
            out.append("")
        out.extend(str(comment) for comment in game.comments)
        for tag in _export_order(game.tags):
            _write_tag(tag, out)
    if doc.comments:
        if doc.games:
            out.append("")
        out.extend(str(comment) for comment in doc.comments)
    return "\n".join(out) + "\n"


def dump(doc: PbnDocument, fp: IO[str]) -> None:
    """Write :func:`dumps` of the document to a text file object."""
    fp.write(dumps(doc))


def write_path(doc: PbnDocument, path: str | os.PathLike[str], encoding: str | None = None) -> None:
    """Write the document in export format with CRLF line ends (§2.3).

    The encoding defaults to the one the document was read with, else ISO-8859-1 when every
    character fits, else UTF-8.
    """
    text = dumps(doc)
    if encoding is None:
        encoding = doc.encoding
    if encoding is None:
        try:
            text.encode("latin-1")
            encoding = "latin-1"
        except UnicodeEncodeError:
            encoding = "utf-8"
    with open(path, "w", encoding=encoding, newline="\r\n") as fp:
        fp.write(text)


# --------------------------------------------------------------------------------------------
# Writer


_ESCAPED_BACKSLASH = re.compile(r'\\(?=[\\"]|\Z)')


def _escape(value: str) -> str:
    # Only a backslash that would read as an escape is doubled, so column lists keep the
    # "Score\5R" every producer writes.
    return _ESCAPED_BACKSLASH.sub(r"\\\\", value).replace('"', '\\"')


_UNESCAPE = re.compile(r'\\(["\\])')


def _unescape(raw: str) -> str:
    # §3.2: \" is a quote and \\ a backslash; any other backslash stands for itself.
    return _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw


def _export_order(tags: tuple[Tag, ...]) -> list[Tag]:
    """§3.1, §3.4: mandatory tags, other identification tags by name, the auction and the play
    with their notes, then the supplemental sections by name."""
    identification: list[tuple[int, str, int, Tag]] = []
    auction: list[Tag] = []
    play: list[Tag] = []
    supplemental: list[tuple[str, int, Tag]] = []
    group: list[Tag] | None = None
    for i, tag in enumerate(tags):
        if tag.name == "Note" and group is not None:
            group.append(tag)
            continue
        group = None
        if tag.name == "Auction":
            group = auction
            auction.append(tag)
        elif tag.name == "Play":
            group = play
            play.append(tag)
        elif tag.table is not None or tag.section or tag.name in TABLE_TAGS:
            supplemental.append((tag.name, i, tag))
        else:
            rank = _MTS_ORDER.get(tag.name, len(MANDATORY_TAGS))
            identification.append((rank, tag.name if rank == len(MANDATORY_TAGS) else "", i, tag))
    ordered = [tag for *_, tag in sorted(identification, key=lambda t: t[:3])]
    ordered += auction + play
    ordered += [tag for *_, tag in sorted(supplemental, key=lambda t: t[:2])]
    return ordered


def _write_tag(tag: Tag, out: list[str]) -> None:
    out.append(f'[{tag.name} "{_escape(tag.value)}"]')
    out.extend(str(comment) for comment in tag.comments)
    if tag.table is not None:
        for row in tag.table.rows:
            _write_row(tag.table.columns, row, out)
        return
    for line in tag.section:
        text = " ".join(str(item) for item in line.items)
        # A line starting with "%" would read back as an escape line.
        out.append(" " + text if text.startswith("%") and isinstance(line.items[0], str) else text)


def _write_row(columns: tuple[Column, ...], row: Row, out: list[str]) -> None:
    parts = []
    for i, cell in enumerate(row.cells):
        text = str(cell)
        column = columns[i] if i < len(columns) else None
        if column is not None and column.width is not None:
            width = column.width
            text = text.rjust(width) if column.align == "R" else text.ljust(width)
        parts.append(text)
    line = " ".join(parts).rstrip()
    if line.startswith("%"):
        line = " " + line
    escapes = []
    for comment in row.comments:
        if comment.kind is CommentKind.ESCAPE:
            escapes.append(str(comment))
        else:
            line += " " + str(comment)
    out.append(line)
    out.extend(escapes)


# --------------------------------------------------------------------------------------------
# Reader: lexing

_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\t]|\\[^\t])*)"\]\Z')
_TAG_INLINE = re.compile(r'\[[ \t\v\f]*([A-Za-z0-9_]+)[ \t\v\f]*"((?:[^"\\]|\\.)*)"[ \t\v\f]*\]')
_STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*"')
# Lines without these take the fast path; str.split() agrees with the lexer on them (it
# would also split at the control and non-ASCII spaces that PBN does not treat as spaces).
_SPECIAL = re.compile(r'[\[\]{};"%\x00-\x08\x0e-\x1f]|[^\x00-\x7f]')
_BLANK = re.compile(r"[ \t]*")  # §3: a semi-empty line ends a game
_SPACE = re.compile(r"[ \t\v\f]*")
_NAME = re.compile(r"[A-Za-z0-9_]+")
_WORD = re.compile(r'[^ \t\v\f\[\]{};"]+')
_VERSION = re.compile(r"%[ \t]*PBN[ \t]+([0-9]+\.[0-9]+)[ \t]*")
_EXPORT = re.compile(r"%[ \t]*EXPORT[ \t]*")
_BAD_CHARACTERS = re.compile(r"[\x00-\x08\x0c\x0e-\x1f\x7f-\x9f]")
_LONG_LINE = re.compile(rf"^[^\n]{{{_MAX_LINE + 1},}}$", re.MULTILINE)
_PLAIN_AP_LINE = re.compile(r"[A-Za-z0-9\- \t]*|[ \t]*[*+][ \t]*")
_AP_TOKEN = re.compile(r'\^.?|=[^=\s]*=?|\$[^\s$=!?^]*|[!?]{1,2}|[A-Za-z0-9-]+|"[^"]*"?|\S')


def _split_ap(token: str) -> list[str]:
    """Split a chunk of an auction or play line into calls/cards and their annotations."""
    if token.isalnum() or token[0] == '"':
        return [token]
    return _AP_TOKEN.findall(token)


class _TagBuilder:
    """A tag being read, until its game ends."""

    __slots__ = ("ap", "comments", "line", "name", "section", "value")

    def __init__(self, name: str, value: str, line: int) -> None:
        self.name = name
        self.value = value
        self.line = line
        self.ap = name in _SECTION_TAGS  # its section holds calls or cards
        self.comments: list[Comment] = []
        self.section: list[SectionLine] = []


class _Reader:
    """Reads a whole text: lines are handled by fast paths where the layout is the usual
    one-tag-per-line and plain section lines, by a general lexer otherwise."""

    def __init__(self, text: str, *, strict: bool, path: str | None, play_checks: bool) -> None:
        self.play_checks = play_checks
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.lines = self.text.split("\n")
        self.strict = strict
        self.path = path
        self.version: str | None = None
        self.export_line: int | None = None
        self.games: list[Game] = []
        self.problems: list[PbnProblem] = []
        # §4.8 state: the resolved value of each tag in the nearest game that had it, and
        # the "##" defaults in force.
        self.last: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self.comments: list[Comment] = []  # before the first tag of the current game
        self.memo: dict[tuple[str, str], str | None] = {}  # tag value checks: error or None
        self.deals: dict[str, list[int | None]] = {}  # each seat's cards, by Deal value
        # The game being read:
        self.g_board: int | None = None
        self.g_tags: list[_TagBuilder] = []
        self.g_problems: list[PbnProblem] = []
        self.cur: _TagBuilder | None = None  # the last tag, which section data follows
        self.items: list[str | Comment] = []  # section data of the current line
        self.items_line = 0
        self.stray_line = 0  # problems reported once a line
        self.format_line = 0

    # -- problems ------------------------------------------------------------------------

    def _report(
        self,
        message: str,
        line: int | None,
        kind: ProblemKind,
        severity: Severity = Severity.ERROR,
        found: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.g_problems.append(
            PbnProblem(message, line, self.g_board, None, found, expected, kind, severity)
        )

    def _flush_problems(self) -> None:
        board = self.g_board
        problems = sorted(self.g_problems, key=lambda p: p.line or 0)
        if board is not None:
            # Problems found while lexing came before the Board tag was known.
            problems = [p if p.board is not None else replace(p, board=board) for p in problems]
        self.problems.extend(problems)
        self.g_problems = []
        if self.strict:
            for problem in problems:
                if problem.is_error:
                    raise InputFileError(self.path, [problem])

    # -- driving -------------------------------------------------------------------------

    def _new_game(self) -> None:
        self.g_board = None
        self.g_tags = []
        self.g_problems = []
        self.cur = None
        self.items = []
        self.items_line = 0
        self.stray_line = 0
        self.format_line = 0

    def read(self) -> PbnDocument:
        self._scan_characters()
        lines = self.lines
        count = len(lines)
        i = 0
        while i < count:
            line = lines[i]
            if not line or (line[0] in " \t" and _BLANK.fullmatch(line)):
                self._end_game()
                i += 1
            elif line[0] == "%":
                self._escape(line, i)
                i += 1
            elif line[0] == "[" and (m := _TAG_LINE.match(line)) is not None:
                # The usual tag line, [Name "value"] alone: _found_tag without its checks.
                raw = m[2]
                builder = _TagBuilder(m[1], _unescape(raw) if "\\" in raw else raw, i + 1)
                self.g_tags.append(builder)
                self.cur = builder
                i += 1
            elif self.cur is not None and _SPECIAL.search(line) is None:
                tokens = line.split()
                if self.cur.ap and _PLAIN_AP_LINE.fullmatch(line) is None:
                    tokens = [piece for token in tokens for piece in _split_ap(token)]
                self.cur.section.append(SectionLine(tuple(tokens), i + 1))
                i += 1
            else:
                i = self._lex(i)
        self._end_game()
        if self.g_problems:  # problems of a trailing block without tags
            self._flush_problems()
        problems = tuple(sorted(self.problems, key=lambda p: p.line or 0))
        return PbnDocument(
            games=tuple(self.games),
            comments=tuple(self.comments),
            version=self.version,
            export=self.export_line is not None,
            path=self.path,
            problems=tuple(p for p in problems if p.is_error),
            warnings=tuple(p for p in problems if not p.is_error),
        )

    def _scan_characters(self) -> None:
        """Line length (§2.3) and characters PBN does not use (§2.2), over the whole text."""
        text = self.text
        for m in _LONG_LINE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            self._report(
                f"line of {len(m.group())} characters",
                line,
                ProblemKind.FORMAT,
                Severity.WARNING,
                expected=f"at most {_MAX_LINE} characters",
            )
        reported = 0
        for m in _BAD_CHARACTERS.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if line != reported:
                reported = line
                self._report(
                    f"character U+{ord(m.group()):04X} is not used in PBN",
                    line,
                    ProblemKind.CHARACTER,
                    Severity.WARNING,
                    expected="printing ISO 8859-1 characters",
                )
        self.problems.extend(self.g_problems)
        self.g_problems = []

    def _end_game(self) -> None:
        self._flush_items()
        if self.g_tags:
            self._finish_game()
        elif self.g_problems:
            self._flush_problems()
        self._new_game()

    def _escape(self, line: str, i: int) -> None:
        line = line.rstrip()  # as the comment would keep it, so it writes back the same
        if (m := _VERSION.fullmatch(line)) is not None:
            self.version = self.version or m[1]
        elif _EXPORT.fullmatch(line):
            if self.export_line is None:
                self.export_line = i + 1
        else:
            self._comment(Comment(line[1:], CommentKind.ESCAPE, i + 1))

    def _found_tag(self, name: str, raw: str, line: int, *, exact: bool, bad: bool = False) -> None:
        self._flush_items()
        if "\t" in raw:
            self._report(
                f"tab inside the value of {name}",
                line,
                ProblemKind.CHARACTER,
                found=raw,
                expected="no tabs inside strings (§2.3)",
            )
            bad = True
        if not exact and not bad and self.export_line is not None and self.format_line != line:
            self.format_line = line
            self._report(
                f'tag {name} is not alone on its line as [Name "value"]',
                line,
                ProblemKind.FORMAT,
                Severity.WARNING,
                expected="export format (§3.3)",
            )
        builder = _TagBuilder(name, _unescape(raw), line)
        self.g_tags.append(builder)
        self.cur = builder

    def _comment(self, comment: Comment) -> None:
        cur = self.cur
        if cur is None:
            self.comments.append(comment)
        elif self.items or cur.section:
            if comment.kind is CommentKind.ESCAPE:
                self._flush_items()
                cur.section.append(SectionLine((comment,), comment.line))
            else:
                if not self.items:
                    self.items_line = comment.line or 0
                self.items.append(comment)
        else:
            cur.comments.append(comment)

    def _data(self, token: str, i: int) -> None:
        cur = self.cur
        if cur is None:
            if self.stray_line != i + 1:
                self.stray_line = i + 1
                self._report(
                    "text before the first tag of a game",
                    i + 1,
                    ProblemKind.MISPLACED,
                    found=self.lines[i].strip(),
                    expected="a tag pair, a comment or an empty line",
                )
            return
        if not self.items:
            self.items_line = i + 1
        if cur.ap:
            self.items.extend(_split_ap(token))
        else:
            self.items.append(token)

    def _flush_items(self) -> None:
        if self.items:
            if self.cur is not None:
                self.cur.section.append(SectionLine(tuple(self.items), self.items_line))
            self.items = []

    # -- general lexer -------------------------------------------------------------------

    def _lex(self, i: int) -> int:
        """Lex line ``i`` token by token, following strings, comments and tags that span
        lines; return the index of the next line to read."""
        lines = self.lines
        line = lines[i]
        pos = 0
        while True:
            space = _SPACE.match(line, pos)
            pos = space.end() if space else pos
            if pos >= len(line):
                self._flush_items()
                return i + 1
            ch = line[pos]
            if ch == ";":
                self._comment(Comment(line[pos + 1 :].rstrip(), CommentKind.SEMICOLON, i + 1))
                self._flush_items()
                return i + 1
            if ch == "{":
                i, pos = self._brace(i, pos)
                line = lines[i]
            elif ch == "[":
                i, pos = self._tag(i, pos)
                line = lines[i]
            elif ch == '"':
                pos = self._string(i, pos)
            elif ch in "]}":
                if self.cur is None:
                    self._report(
                        f"stray {ch!r}",
                        i + 1,
                        ProblemKind.SYNTAX,
                        found=line.strip(),
                        expected="a tag pair or a comment",
                    )
                else:
                    self._data(ch, i)
                pos += 1
            else:
                word = _WORD.match(line, pos)
                end = word.end() if word else pos + 1
                self._data(line[pos:end], i)
                pos = end

    def _brace(self, i: int, pos: int) -> tuple[int, int]:
        lines = self.lines
        end = lines[i].find("}", pos + 1)
        if end >= 0:
            self._comment(Comment(lines[i][pos + 1 : end], CommentKind.BRACE, i + 1))
            return i, end + 1
        # §3.8: a brace comment runs to the next "}", across empty lines and "%" lines.
        parts = [lines[i][pos + 1 :]]
        for j in range(i + 1, len(lines)):
            end = lines[j].find("}")
            if end >= 0:
                parts.append(lines[j][:end])
                self._comment(Comment("\n".join(parts), CommentKind.BRACE, i + 1))
                return j, end + 1
            parts.append(lines[j])
        self._report(
            "comment not closed",
            i + 1,
            ProblemKind.UNTERMINATED,
            found=lines[i][pos:].strip(),
            expected='"}"',
        )
        self._comment(Comment("\n".join(parts), CommentKind.BRACE, i + 1))
        last = len(lines) - 1
        return last, len(lines[last])

    def _string(self, i: int, pos: int) -> int:
        """A string token in section data; returns the position after it."""
        line = self.lines[i]
        m = _STRING_BODY.match(line, pos + 1)
        if m is None:
            self._report(
                "string not closed",
                i + 1,
                ProblemKind.UNTERMINATED,
                found=line[pos:],
                expected="a closing quote on the same line",
            )
            raw, end = line[pos:] + '"', len(line)
        else:
            raw, end = line[pos : m.end()], m.end()
        if "\t" in raw:
            self._report(
                "tab inside a string", i + 1, ProblemKind.CHARACTER, found=raw, expected="no tabs"
            )
        # "^" right before a string: an artificial score written as a string (§5.2).
        if pos > 0 and line[pos - 1] == "^" and self.items and self.items[-1] == "^":
            self.items[-1] = "^" + raw
        else:
            self._data(raw, i)
        return end

    def _skip_space(self, i: int, pos: int) -> tuple[int, int] | None:
        """Skip white space across lines inside a tag pair; None at an empty line or the end."""
        lines = self.lines
        while True:
            space = _SPACE.match(lines[i], pos)
            pos = space.end() if space else pos
            if pos < len(lines[i]):
                return i, pos
            if i + 1 >= len(lines) or _BLANK.fullmatch(lines[i + 1]):
                return None
            i, pos = i + 1, 0

    def _tag(self, i: int, pos: int) -> tuple[int, int]:
        """A tag pair starting at ``[``, on one line or spread over several (§3.3)."""
        lines = self.lines
        m = _TAG_INLINE.match(lines[i], pos)
        if m is not None:
            self._found_tag(m[1], m[2], i + 1, exact=False)
            return i, m.end()
        start = i + 1
        at = self._skip_space(i, pos + 1)
        if at is None:
            return self._bad_tag(start, i, "tag pair not closed", lines[i][pos:])
        i, pos = at
        name = _NAME.match(lines[i], pos)
        if name is None:
            return self._bad_tag(start, i, "expected a tag name after '['", lines[i][pos:], pos)
        at = self._skip_space(i, name.end())
        if at is None:
            return self._bad_tag(start, i, f"tag {name[0]} has no value", lines[i][pos:])
        i, pos = at
        if lines[i][pos] != '"':
            return self._bad_tag(
                start, i, f"tag {name[0]} has no quoted value", lines[i][pos:], pos
            )
        body = _STRING_BODY.match(lines[i], pos + 1)
        if body is None:
            return self._unterminated_value(start, i, pos, name[0])
        raw = lines[i][pos + 1 : body.end() - 1]
        at = self._skip_space(i, body.end())
        if at is None or lines[at[0]][at[1]] != "]":
            self._report(
                f"tag {name[0]} not closed with ']'",
                start,
                ProblemKind.SYNTAX,
                found=lines[i][pos:].strip(),
                expected="]",
            )
            self._found_tag(name[0], raw, start, exact=False, bad=True)
            return self._resume_after_bracket(i, body.end())
        self._found_tag(name[0], raw, start, exact=False)
        return at[0], at[1] + 1

    def _bad_tag(
        self, start: int, i: int, message: str, found: str, pos: int | None = None
    ) -> tuple[int, int]:
        self._report(
            message, start, ProblemKind.SYNTAX, found=found.strip(), expected='[Name "value"]'
        )
        if pos is None:
            return i, len(self.lines[i])
        return self._resume_after_bracket(i, pos)

    def _resume_after_bracket(self, i: int, pos: int) -> tuple[int, int]:
        close = self.lines[i].find("]", pos)
        return i, len(self.lines[i]) if close < 0 else close + 1

    def _unterminated_value(self, start: int, i: int, pos: int, name: str) -> tuple[int, int]:
        """Recover a tag value whose closing quote is missing or escaped."""
        line = self.lines[i]
        rest = line[pos + 1 :]
        self._report(
            f"value of {name} not closed",
            i + 1,
            ProblemKind.UNTERMINATED,
            found=line[pos:],
            expected='a closing quote (\\" is an escaped quote)',
        )
        close = re.search(r'"[ \t]*\][ \t]*\Z', rest)
        if close is not None:
            raw = rest[: close.start()]
        elif rest.rstrip().endswith("]"):
            raw = rest.rstrip()[:-1]
        else:
            raw = rest
        self._found_tag(name, raw, start, exact=False, bad=True)
        return i, len(line)

    # -- a finished game -----------------------------------------------------------------

    def _finish_game(self) -> None:
        builders = self.g_tags
        tags: list[Tag] = []
        broken: set[int] = set()
        seen: set[str] = set()
        for index, b in enumerate(builders):
            name, value = b.name, b.value
            first = name not in seen
            if not first and name != "Note":
                self._report(
                    f"tag {name} appears again in this game",
                    b.line,
                    ProblemKind.DUPLICATE_TAG,
                    found=value,
                    expected="each tag once per game (§3.4)",
                )
            seen.add(name)
            inherited = None
            if value == "#" or value.startswith("##"):
                if name in _NO_INHERITANCE:
                    self._report(
                        f'"#" inheritance is forbidden for {name}',
                        b.line,
                        ProblemKind.INHERITANCE,
                        found=value,
                        expected="a value of its own (§4.8)",
                    )
                    broken.add(index)
                elif value == "#":
                    inherited = self.last.get(name, "")
                else:
                    inherited = value[2:]
                    if first:
                        self.defaults[name] = inherited
            elif first and name in self.defaults:
                # §4.8: a plain value redefines a "##" default for the games that follow.
                self.defaults[name] = value
            if first and index not in broken:
                self.last[name] = value if inherited is None else inherited
            resolved = value if inherited is None else inherited
            table = None
            section = tuple(b.section)
            if name in TABLE_TAGS or name.endswith("Table"):
                table = self._build_table(name, resolved, b, index in broken)
                section = ()
            tags.append(Tag(name, value, inherited, b.line, tuple(b.comments), section, table))
        defaults = tuple((k, v) for k, v in self.defaults.items() if k not in seen)
        for k, v in defaults:
            self.last[k] = v
        board = next((t.resolved for t in tags if t.name == "Board"), "")
        self.g_board = int(board) if _INT.fullmatch(board) and int(board) else None
        _GameChecker(self, tags, broken).run()
        self._flush_problems()
        self.games.append(Game(tuple(tags), tuple(self.comments), defaults, builders[0].line))
        self.comments = []

    def _build_table(self, name: str, spec: str, b: _TagBuilder, broken: bool) -> Table:
        columns: list[Column] = []
        if not broken:
            for part in spec.split(";") if spec else ():
                try:
                    columns.append(Column.parse(part))
                except ParseError as e:
                    self._report(
                        str(e),
                        b.line,
                        ProblemKind.TABLE,
                        found=part,
                        expected="name, optionally \\width and L or R",
                    )
                    columns.append(Column(part))
        rows = _RowBuilder(self, name, len(columns), b.line)
        for sl in b.section:
            cells: list[Cell] = []
            comments: list[Comment] = []
            for item in sl.items:
                if isinstance(item, Comment):
                    if item.kind is not CommentKind.ESCAPE:
                        self._report(
                            "comment inside table data",
                            item.line,
                            ProblemKind.TABLE,
                            found=str(item)[:40],
                            expected="comments only right after the tag pair (§5.1)",
                        )
                    comments.append(item)
                    continue
                cell = Cell.parse(item)
                if not cell.quoted and _FORBIDDEN_IN_SECTION.search(cell.text):
                    self._report(
                        f"character not allowed in a table element: {item!r}",
                        sl.line,
                        ProblemKind.TABLE,
                        found=item,
                        expected='ASCII 33-126 except [ ] { } ; " % (§3.2)',
                    )
                cells.append(cell)
            rows.add(cells, comments, sl.line or 0)
        return Table(tuple(columns), rows.finish())


class _RowBuilder:
    """The rows of a table from its lines (§5.2).  A line normally holds one row; import
    format also lets a row continue on the next lines, or a line hold several rows.
    Comments go with the row they follow."""

    def __init__(self, reader: _Reader, name: str, width: int, tag_line: int) -> None:
        self.reader = reader
        self.name = name
        self.width = width
        self.tag_line = tag_line
        self.rows: list[Row] = []
        self.pending: list[Cell] = []  # a row continued on the next line
        self.pending_line = 0
        self.comments: list[Comment] = []  # waiting for the row they follow

    def add(self, cells: list[Cell], comments: list[Comment], line: int) -> None:
        if cells:
            self.cells(cells, line)
        self.comments += comments
        if self.comments and self.rows and not self.pending:
            last = self.rows[-1]
            self.rows[-1] = replace(last, comments=last.comments + tuple(self.comments))
            self.comments = []

    def cells(self, cells: list[Cell], line: int) -> None:
        width = self.width
        if width <= 0:
            if width == 0:
                self.reader._report(f"{self.name} has no columns", self.tag_line, ProblemKind.TABLE)
                self.width = -1  # report once
            self.emit(cells, line)
            return
        if self.pending:
            need = width - len(self.pending)
            if len(cells) <= need:
                self.pending += cells
                if len(self.pending) == width:
                    self.emit(self.pending, self.pending_line)
                    self.pending = []
                return
            self.emit(self.pending, self.pending_line)
            self.pending = []
        if len(cells) % width == 0:
            for k in range(0, len(cells), width):
                self.emit(cells[k : k + width], line)
        elif len(cells) < width:
            self.pending, self.pending_line = cells, line
        else:
            self.emit(cells, line)

    def emit(self, cells: list[Cell], line: int) -> None:
        if self.width > 0 and len(cells) != self.width:
            self.reader._report(
                f"row of {self.name} has {len(cells)} elements",
                line,
                ProblemKind.TABLE,
                found=" ".join(str(c) for c in cells),
                expected=f"{self.width} elements, one per column",
            )
        self.rows.append(Row(tuple(cells), line, tuple(self.comments)))
        self.comments = []

    def finish(self) -> tuple[Row, ...]:
        if self.pending:
            self.emit(self.pending, self.pending_line)
        self.add([], [], 0)
        return tuple(self.rows)


_FORBIDDEN_IN_SECTION = re.compile(r"[^\x21-\x7e]|[%\]}]")


# --------------------------------------------------------------------------------------------
# Reader: the rules of one game


def _check_board(value: str) -> None:
    if not _INT.fullmatch(value) or int(value) == 0:
        raise ParseError(f"not a board number: {value!r}")


def _check_contract(value: str) -> None:
    if not _STRAIN_ONLY.fullmatch(value):  # an end position names only the trumps (§3.10)
        parse_contract(value)


def _pattern(regex: str, what: str) -> Callable[[str], None]:
    compiled = re.compile(regex)

    def check(value: str) -> None:
        if not compiled.fullmatch(value):
            raise ParseError(f"not {what}: {value!r}")

    return check


def _score_rule(tag: ScoreTag) -> Callable[[str], None]:
    def check(value: str) -> None:
        parse_score(value, tag)

    return check


_RUBBER_SCORE = re.compile(r"[0-9]+/[0-9]+")


def _normalise_slash(value: str) -> list[str]:
    return re.sub(r"\s*/\s*", "/", value.strip()).split()


def _check_rubber(value: str) -> None:
    words = _normalise_slash(value)
    if len(words) == 1:
        pairs = [("", words[0])]
    elif len(words) in (2, 4):
        pairs = list(zip(words[::2], words[1::2], strict=True))
    else:
        raise ParseError(f"not a ScoreRubber value: {value!r}")
    sides = [side for side, _ in pairs]
    if len(set(sides)) != len(sides) or any(
        side not in ("", "NS", "EW") or not _RUBBER_SCORE.fullmatch(score) for side, score in pairs
    ):
        raise ParseError(f"not a ScoreRubber value: {value!r}")


_HISTORY = re.compile(
    r"NS ([0-9]+) ([0-9]+)/([0-9]+(?: [0-9]+){0,2}) EW ([0-9]+) ([0-9]+)/([0-9]+(?: [0-9]+){0,2})"
)


def _rubber_vulnerability(value: str) -> str:
    """The vulnerability a ScoreRubberHistory implies (§4.2.6): a side that won a game."""
    m = _HISTORY.fullmatch(" ".join(_normalise_slash(value)))
    if m is None:
        raise ParseError(f"not a ScoreRubberHistory value: {value!r}")
    ns = [int(n) for n in m[3].split()]
    ew = [int(n) for n in m[6].split()]
    if len(ns) != len(ew):
        raise ParseError(f"NS and EW give different numbers of games: {value!r}")
    finished = len(ns) - 1
    ns_won = any(score >= 100 for score in ns[:finished])
    ew_won = any(score >= 100 for score in ew[:finished])
    return {(False, False): "None", (True, False): "NS", (False, True): "EW"}.get(
        (ns_won, ew_won), "All"
    )


# The checks parse the same few values over and over (bounded: a server reads many files).
_contract = lru_cache(maxsize=1024)(parse_contract)
_declarer = lru_cache(maxsize=64)(parse_declarer)
_result = lru_cache(maxsize=256)(parse_result)


class _Rule(NamedTuple):
    check: Callable[[str], object]
    expected: str
    severity: Severity


_E, _W = Severity.ERROR, Severity.WARNING
_DATE = _pattern(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", "a date")
_TIME = _pattern(r"[0-9?]{2}:[0-9?]{2}:[0-9?]{2}", "a time")
_RULES: dict[str, _Rule] = {
    "Board": _Rule(_check_board, "a positive integer", _E),
    "Dealer": _Rule(parse_seat, "N, E, S or W", _E),
    "Vulnerable": _Rule(parse_vulnerable, "None, Love, -, NS, EW, All or Both", _E),
    "Deal": _Rule(parse_deal, "<first>:<hand> <hand> <hand> <hand>, 13 cards a hand", _E),
    "Declarer": _Rule(parse_declarer, 'N, E, S or W, "^" and a seat, or ""', _E),
    "Contract": _Rule(_check_contract, "Pass or <level><strain><risk>, like 4SX", _E),
    "Result": _Rule(parse_result, "0-13 tricks, or NS/EW forms, optionally after ^", _E),
    "Score": _Rule(_score_rule("Score"), 'points, like "NS 420" or "-50"', _E),
    "ScoreIMP": _Rule(_score_rule("ScoreIMP"), 'IMPs, like "NS 4 EW -4"', _E),
    "ScoreMP": _Rule(_score_rule("ScoreMP"), 'matchpoints, like "NS 7.5"', _E),
    "ScorePercentage": _Rule(_score_rule("ScorePercentage"), "a percentage 0-100", _E),
    "OptimumScore": _Rule(_score_rule("OptimumScore"), 'NS or EW and points, like "NS 420"', _E),
    "ScoreRubber": _Rule(_check_rubber, "<above>/<below>, optionally for NS or EW", _E),
    "ScoreRubberHistory": _Rule(
        _rubber_vulnerability, "NS <above> <above>/<below>... EW <above> <above>/<below>...", _E
    ),
    "Date": _Rule(_DATE, "YYYY.MM.DD (? for unknown digits)", _W),
    "EventDate": _Rule(_DATE, "YYYY.MM.DD (? for unknown digits)", _W),
    "UTCDate": _Rule(_DATE, "YYYY.MM.DD (? for unknown digits)", _W),
    "Time": _Rule(_TIME, "HH:MM:SS", _W),
    "UTCTime": _Rule(_TIME, "HH:MM:SS", _W),
    "Round": _Rule(
        _pattern(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*", "a round"),
        "letters, digits and _, parts separated by '.'",
        _W,
    ),
    "FrenchMP": _Rule(_pattern(r"Yes|No", "Yes or No"), "Yes or No", _W),
    "Room": _Rule(_pattern(r"Open|Closed", "Open or Closed"), "Open or Closed", _W),
    "Hidden": _Rule(_pattern(r"[NESWnesw]+", "seats"), "seats among N, E, S, W", _W),
    "TimeControl": _Rule(_pattern(r"[0-9]+/[0-9]+", "games/minutes"), "<games>/<minutes>", _W),
    "TimeCall": _Rule(_pattern(r"[0-9]+", "seconds"), "seconds", _W),
    "TimeCard": _Rule(_pattern(r"[0-9]+", "seconds"), "seconds", _W),
}


# Known tags whose value has no notation of its own to check.
_FREE_TAGS = _KNOWN_TAGS - _RULES.keys() - {"Scoring", "Note"} - TABLE_TAGS


class _Entry(NamedTuple):
    """A call or card slot of an auction or play section."""

    kind: str  # "call", "card", "skip" (^S), "plus", "star", "bad"
    token: str
    line: int
    value: int = -1  # bid rank (5 * (level - 1) + strain), card number, or a call below 0
    marks: tuple[str, ...] = ()  # irregularities written before it (§3.9)


_PASS, _DOUBLE, _REDOUBLE, _ALL_PASS, _DASH = -1, -2, -3, -4, -5
_PLAIN_CALLS = {"PASS": _PASS, "X": _DOUBLE, "XX": _REDOUBLE, "AP": _ALL_PASS, "-": _DASH}
_CALL = re.compile(r"([1-7])(NT|N|S|H|D|C)", re.IGNORECASE)
# Lookup tables for the usual spellings; anything else goes through the slow path.
_CALL_VALUES: dict[object, int] = {
    spelling: value
    for call, value in _PLAIN_CALLS.items()
    for spelling in {call, call.lower(), call.capitalize()}
}
_CALL_VALUES |= {
    f"{level}{spelling}": 5 * (level - 1) + s
    for level in range(1, 8)
    for s, strain in enumerate(_STRAINS)
    for spelling in {strain, strain.lower()}
}
_CARD_VALUES: dict[object, int] = {
    a + b: 13 * s + r
    for s, suit in enumerate(_SUITS)
    for r, rank in enumerate(_RANKS)
    for a in {suit, suit.lower()}
    for b in {rank, rank.lower()}
}


_PLAIN_CALLS_AND_STAR = frozenset(_CALL_VALUES) | {"*"}
_PLAIN_CARDS_AND_STAR = frozenset(_CARD_VALUES) | {"*", "-"}


class _Annotations:
    """Suffix, quality NAG and note reference of each entry that has any."""

    def __init__(self) -> None:
        self.suffix: dict[int, str] = {}
        self.quality: dict[int, int] = {}
        self.note: dict[int, int] = {}


class _PlayOutcome:
    __slots__ = ("aborted", "ended", "lost", "plus", "tricks", "unknown", "warnings", "won")

    def __init__(self) -> None:
        self.warnings: list[tuple[int, str]] = []
        self.aborted = False  # the play could not be followed to its end
        self.tricks = 0  # complete tricks
        self.won = 0  # tricks with a known winner, for declarer's side / the defenders
        self.lost = 0
        self.unknown = False  # some trick winner is not known
        self.plus = False
        self.ended = False  # "*"


class _GameChecker:
    """The checks of §3-§5 on one finished game.  Reports through the reader."""

    def __init__(self, reader: _Reader, tags: list[Tag], broken: set[int]) -> None:
        self.reader = reader
        self.tags = tags
        self.first: dict[str, tuple[int, Tag]] = {}
        for i, tag in enumerate(tags):
            self.first.setdefault(tag.name, (i, tag))
        self.broken = broken
        self.valid: dict[str, str] = {}  # tags whose resolved value passed its check
        self.deal_masks = _NO_HANDS
        self.export_line = reader.export_line
        self.play_unfinished = False
        self.notes: dict[str, dict[int, Tag]] = {"Auction": {}, "Play": {}}
        self.marked = False  # some call or card has an irregularity mark (§3.9)
        self.specials: list[int] = []  # where the last section read has "+" and "*"

    def report(
        self,
        message: str,
        line: int | None,
        kind: ProblemKind,
        severity: Severity = Severity.ERROR,
        found: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.reader._report(message, line, kind, severity, found, expected)

    def run(self) -> None:
        for i, tag in enumerate(self.tags):
            # Most tags (Event, West, Auction...) have no notation to check.
            if i not in self.broken and (tag.name not in _FREE_TAGS or tag.section):
                self.check_value(i, tag)
        self.check_sections()
        auction_refs: list[tuple[int, int]] = []
        play_refs: list[tuple[int, int]] = []
        if "Auction" in self.first and self.first["Auction"][0] not in self.broken:
            auction_refs = self.check_auction(*self.first["Auction"])
        if "Play" in self.first and self.first["Play"][0] not in self.broken:
            play_refs = self.check_play(*self.first["Play"])
        self.check_notes(auction_refs, play_refs)
        self.check_result()
        self.check_rubber()
        for tag in self.tags:
            if tag.table is not None:
                self.check_table(tag, tag.table)

    # -- values ----------------------------------------------------------------------------

    def check_value(self, index: int, tag: Tag) -> None:
        name, value = tag.name, tag.resolved
        if self.first[name][0] != index:
            return  # a repeated tag is ignored (§3.4); reported as a duplicate
        if name not in _KNOWN_TAGS:
            self.report(
                f"unknown tag {name}",
                tag.line,
                ProblemKind.UNKNOWN_TAG,
                Severity.WARNING,
                found=name,
                expected="a tag of PBN 2.1",
            )
        if not name[0].isupper():
            self.report(
                f"tag name {name} does not begin with an upper case letter",
                tag.line,
                ProblemKind.SYNTAX,
                Severity.WARNING,
                found=name,
            )
        if tag.section and name in _KNOWN_TAGS and name not in _SECTION_TAGS:
            sl = next((sl for sl in tag.section if sl.tokens), None)
            if sl is not None:
                self.report(
                    f"data after tag {name}, which has no section",
                    sl.line,
                    ProblemKind.MISPLACED,
                    found=" ".join(sl.tokens),
                    expected="a tag pair, a comment or an empty line",
                )
        if name == "Scoring":
            self.check_scoring(tag, value)
            return
        rule = _RULES.get(name)
        if rule is None or value == "" or (value == "?" and name in _MTS_ORDER):
            return
        # Values repeat (Dealer "N", Contract "4S"...): check each one once per file.
        memo = self.reader.memo
        key = (name, value)
        if key in memo:
            error = memo[key]
        else:
            try:
                if name == "Deal":
                    self.reader.deals[value] = _deal(value)[1]
                else:
                    rule.check(value)
                error = None
            except ParseError as e:
                error = str(e)
            memo[key] = error
        if error is not None:
            self.report(error, tag.line, ProblemKind.VALUE, rule.severity, value, rule.expected)
            return
        if name == "Deal":
            self.deal_masks = self.reader.deals[value]
        self.valid[name] = value
        if (
            name == "Contract"
            and not _STANDARD_CONTRACT.fullmatch(value)
            and not _STRAIN_ONLY.fullmatch(value)
        ):
            self.report(
                f"contract {value!r} read as {_contract(value)}",
                tag.line,
                ProblemKind.NONSTANDARD,
                Severity.WARNING,
                value,
                "NT for no trumps and XX for redoubled (§3.4.14)",
            )

    def check_scoring(self, tag: Tag, value: str) -> None:
        if value in ("", "?"):
            return
        fields = value.split(";")
        if any(not f.strip() for f in fields):
            self.report(
                "empty field in Scoring",
                tag.line,
                ProblemKind.VALUE,
                found=value,
                expected="fields separated by ';'",
            )
            return
        unknown = [f for f in fields if f.strip().lower() not in _SCORING_FIELDS]
        if unknown:
            self.report(
                f"unknown Scoring field {unknown[0]!r}",
                tag.line,
                ProblemKind.VALUE,
                Severity.WARNING,
                value,
                "MP, IMP, BAM, Butler, Cross, MP1... (§3.4.12)",
            )
        self.valid["Scoring"] = value

    def get(self, name: str) -> tuple[str, Tag] | None:
        """A valid tag value with its tag."""
        value = self.valid.get(name)
        return None if value is None else (value, self.first[name][1])

    def seat(self, tag: Tag, expected: str) -> int | None:
        """The seat an Auction or Play tag names."""
        seat = _SEAT_INDEX.get(tag.resolved.upper())
        if seat is None:
            self.report(
                f"bad {tag.name} value",
                tag.line,
                ProblemKind.VALUE,
                found=tag.resolved,
                expected=f"{expected}: N, E, S or W",
            )
        return seat

    def plain(self, tag: Tag, tokens: frozenset[object]) -> bool:
        """Whether only the rules of bridge could find something wrong in the section, and
        they are not asked for: every line holds plain calls or cards (or "*") and no
        export-format layout is to be checked."""
        return (
            not self.reader.play_checks
            and self.export_line is None
            and all(tokens.issuperset(line.items) for line in tag.section)
        )

    def need(self, tag: Tag, index: int, names: tuple[str, ...]) -> None:
        """§3.1: the auction needs Dealer, the play Deal, Declarer, Contract, before it."""
        for name in names:
            where = self.first.get(name)
            if where is None or where[0] > index:
                self.report(
                    f"{tag.name} section without {name} before it",
                    tag.line,
                    ProblemKind.MISSING_TAG,
                    Severity.WARNING,
                    expected=f"a {name} tag before [{tag.name}] (§3.1)",
                )

    # -- Note tags -------------------------------------------------------------------------

    def check_sections(self) -> None:
        current: str | None = None
        indexes: set[int] = set()
        for tag in self.tags:
            if tag.name != "Note":
                current = tag.name if tag.name in _SECTION_TAGS else None
                indexes = set()
                continue
            if current is None:
                self.report(
                    "Note outside the auction and play sections",
                    tag.line,
                    ProblemKind.MISPLACED,
                    found=tag.value,
                    expected="notes right after the calls or cards they explain (§3.5.5)",
                )
            m = _NOTE.fullmatch(tag.value)
            if m is None or not 1 <= int(m[1]) <= 32:
                self.report(
                    "bad note",
                    tag.line,
                    ProblemKind.NOTE,
                    found=tag.value,
                    expected="<index 1-32>:<text>",
                )
                continue
            index = int(m[1])
            if index in indexes:
                self.report(
                    f"note {index} given twice",
                    tag.line,
                    ProblemKind.NOTE,
                    found=tag.value,
                    expected="a different index for each note of a section",
                )
            indexes.add(index)
            if current is not None:
                self.notes[current].setdefault(index, tag)

    def check_notes(self, auction: list[tuple[int, int]], play: list[tuple[int, int]]) -> None:
        for section, refs in (("Auction", auction), ("Play", play)):
            notes = self.notes[section]
            used = set()
            for index, line in refs:
                used.add(index)
                if index not in notes:
                    self.report(
                        f"no note for ={index}=",
                        line,
                        ProblemKind.NOTE,
                        Severity.WARNING,
                        found=f"={index}=",
                        expected=f'[Note "{index}:..."] after the {section.lower()}',
                    )
            if section in self.first:
                for index, tag in notes.items():
                    if index not in used:
                        self.report(
                            f"note {index} is not referred to",
                            tag.line,
                            ProblemKind.NOTE,
                            Severity.WARNING,
                            found=tag.value,
                            expected=f"={index}= in the {section.lower()}",
                        )

    # -- auction and play tokens -----------------------------------------------------------

    def entries(self, tag: Tag, play: bool, refs: list[tuple[int, int]]) -> list[_Entry]:
        """The calls or cards of a section, checking their notation and annotations."""
        entries: list[_Entry] = []
        marks: list[str] = []
        notes = _Annotations()
        what = "card" if play else "call"
        values = _CARD_VALUES if play else _CALL_VALUES
        kind = what
        own_marks = ("^R", "^L") if play else ("^I",)
        new = tuple.__new__  # an _Entry without the cost of its Python-level constructor
        get = values.get
        self.specials = []
        for sl in tag.section:
            line = sl.line or 0
            items = sl.items
            if items == _STAR_LINE and not marks:  # the usual end of a play section
                self.specials.append(len(entries))
                entries.append(_Entry("star", "*", line))
                continue
            if not marks:
                try:  # the usual line: plain calls or cards only
                    entries += [
                        new(_Entry, (kind, item, line, values[item], ())) for item in sl.items
                    ]
                    continue
                except KeyError:
                    pass
            for item in sl.items:
                if not isinstance(item, str):
                    continue
                value = get(item)
                if value is not None and not marks:
                    entries.append(new(_Entry, (kind, item, line, value, ())))
                    continue
                c = item[0]
                if c == "^":
                    if item == "^S" and not play:
                        if marks:
                            self.bad_token("irregularity before ^S", line, item)
                        marks = []
                        entries.append(_Entry("skip", item, line))
                    elif item in own_marks:
                        if marks:
                            self.bad_token(
                                f"more than one irregularity before a {what}", line, item
                            )
                        marks.append(item)
                    else:
                        self.bad_token(f"irregularity {item} is not for a {what}", line, item)
                    continue
                if c in "=$!?":
                    if not entries or marks or entries[-1].kind in ("plus", "star"):
                        self.bad_token(f"annotation {item} does not follow a {what}", line, item)
                    else:
                        self.annotate(len(entries) - 1, entries[-1], notes, item, line, play, refs)
                    continue
                if item in ("*", "+"):
                    if marks:
                        self.bad_token(f"irregularity before {item}", line, item)
                        marks = []
                    self.specials.append(len(entries))
                    entries.append(_Entry("star" if item == "*" else "plus", item, line))
                    continue
                entry = self.card(item, line) if play else self.call(item, line)
                if marks:
                    if not play and entry.kind == "call" and entry.value < 0:
                        self.bad_token("^I must come before a bid", line, item)
                    entry = entry._replace(marks=tuple(marks))
                    marks = []
                    self.marked = True
                entries.append(entry)
        if self.export_line is not None:
            self.check_export_lines(entries, what)
        return entries

    def check_export_lines(self, entries: list[_Entry], what: str) -> None:
        """§3.5, §3.6: in export format an auction or play line holds at most 4 slots."""
        assert self.export_line is not None
        per_line: dict[int, int] = {}
        for entry in entries:
            if entry.kind != "star" and entry.line >= self.export_line:
                per_line[entry.line] = per_line.get(entry.line, 0) + 1
        for line, count in per_line.items():
            if count > 4:
                self.report(
                    f"{count} {what}s on one line",
                    line,
                    ProblemKind.FORMAT,
                    Severity.WARNING,
                    expected=f"at most 4 {what}s a line in export format",
                )

    def bad_token(self, message: str, line: int, token: str) -> None:
        self.report(message, line, ProblemKind.TOKEN, found=token)

    def call(self, token: str, line: int) -> _Entry:
        plain = _PLAIN_CALLS.get(token.upper())
        if plain is not None:
            return _Entry("call", token, line, plain)
        m = _CALL.fullmatch(token)
        if m is None:
            self.report(
                f"bad call {token!r}",
                line,
                ProblemKind.TOKEN,
                found=token,
                expected="Pass, X, XX, AP, - or a bid like 1NT",
            )
            return _Entry("bad", token, line)
        strain = m[2].upper()
        if strain == "N":
            self.report(
                f"bid {token!r} read as {m[1]}NT",
                line,
                ProblemKind.NONSTANDARD,
                Severity.WARNING,
                token,
                "NT for no trumps (§3.5.1)",
            )
        return _Entry("call", token, line, 5 * (int(m[1]) - 1) + "CDHSN".index(strain[0]))

    def card(self, token: str, line: int) -> _Entry:
        value = _CARD_VALUES.get(token)
        if value is not None:
            return _Entry("card", token, line, value)
        if token == "-":
            return _Entry("card", token, line)
        self.report(
            f"bad card {token!r}",
            line,
            ProblemKind.TOKEN,
            found=token,
            expected="- or a suit S H D C and a rank AKQJT98765432",
        )
        return _Entry("bad", token, line)

    def annotate(
        self,
        index: int,
        entry: _Entry,
        notes: _Annotations,
        token: str,
        line: int,
        play: bool,
        refs: list[tuple[int, int]],
    ) -> None:
        """§3.5.2, §3.6.2: at most one suffix, one note reference, NAGs of the right kind."""
        quality = range(7, 13) if play else range(1, 7)
        other = {1, 2, 3, 4, 5, 6, 13} if play else {7, 8, 9, 10, 11, 12, 14}
        what = "card" if play else "call"
        c = token[0]
        if c in "!?":
            if index in notes.suffix:
                self.bad_token(f"second suffix on {entry.token}", line, token)
            elif index in notes.quality:
                nag = notes.quality[index]
                self.bad_token(f"suffix and NAG ${nag} both on {entry.token}", line, token)
            notes.suffix[index] = token
        elif c == "$":
            digits = token[1:]
            if not _INT.fullmatch(digits) or int(digits) > 255:
                self.report(
                    f"bad NAG {token!r}",
                    line,
                    ProblemKind.TOKEN,
                    found=token,
                    expected="$ and a number 0-255",
                )
                return
            nag = int(digits)
            if nag in other:
                self.bad_token(f"NAG ${nag} is not for a {what}", line, token)
            elif nag in quality:
                if index in notes.suffix or index in notes.quality:
                    self.bad_token(f"second quality annotation on {entry.token}", line, token)
                notes.quality[index] = nag
        else:
            m = re.fullmatch(r"=([0-9]+)=", token)
            if m is None or not 1 <= int(m[1]) <= 32:
                self.report(
                    f"bad note reference {token!r}",
                    line,
                    ProblemKind.TOKEN,
                    found=token,
                    expected="=1= to =32=",
                )
                return
            if index in notes.note:
                self.bad_token(f"second note reference on {entry.token}", line, token)
            notes.note[index] = int(m[1])
            refs.append((int(m[1]), line))

    # -- auction ---------------------------------------------------------------------------

    def check_auction(self, index: int, tag: Tag) -> list[tuple[int, int]]:
        refs: list[tuple[int, int]] = []
        self.need(tag, index, ("Dealer",))
        first = self.seat(tag, "the seat of the first call")
        if self.plain(tag, _PLAIN_CALLS_AND_STAR):
            return refs  # nothing to report but the legality, which is not asked for
        entries = self.entries(tag, False, refs)
        if first is None or not self.reader.play_checks:
            return refs
        dealer_value = self.get("Dealer")
        dealer = _SEAT_INDEX[parse_seat(dealer_value[0])] if dealer_value else None
        outcome = _simulate_auction(entries, first, dealer)
        if outcome.warning is not None:
            line, message = outcome.warning
            self.report(message, line, ProblemKind.AUCTION, Severity.WARNING)
            return refs
        if not outcome.complete:
            return refs
        contract = self.get("Contract")
        if contract is not None and _STRAIN_ONLY.fullmatch(contract[0]):
            contract = None  # an end position: no auction to compare
        declarer = self.get("Declarer")
        tag_contract = _contract(contract[0]) if contract else None
        tag_declarer = _declarer(declarer[0]) if declarer else None

        def mismatches(outcome: _AuctionOutcome) -> list[tuple[int | None, str]]:
            """Where Contract and Declarer disagree with the auction."""
            out: list[tuple[int | None, str]] = []
            if contract is not None and outcome.contract != tag_contract:
                ends = "passed out" if outcome.contract is None else f"ends in {outcome.contract}"
                out.append((contract[1].line, f"contract {contract[0]} but the auction {ends}"))
            passed = contract is not None and tag_contract is None
            if declarer is not None and outcome.declarer is not None and not passed:
                seat = SEATS[outcome.declarer]
                if tag_declarer is None:
                    out.append((declarer[1].line, f"no declarer but {seat} declares the auction"))
                else:
                    want = outcome.declarer + (2 if tag_declarer.irregular else 0)
                    if _SEAT_INDEX[tag_declarer.seat] != want % 4:
                        out.append(
                            (
                                declarer[1].line,
                                f"declarer {declarer[0]} but the auction's declarer is {seat}",
                            )
                        )
            return out

        found = mismatches(outcome)
        if found:
            hint = ""
            for k in (1, 2, 3):
                # Starting k seats later rotates every call, so only the declarer changes.
                declarer_seat = None if outcome.declarer is None else (outcome.declarer + k) % 4
                if not mismatches(outcome._replace(declarer=declarer_seat)):
                    passes = "1 pass" if k == 1 else f"{k} passes"
                    hint = f" (it would if the {passes} before the first call were written)"
                    break
            for where, message in found:
                self.report(message + hint, where, ProblemKind.AUCTION, Severity.WARNING)
        return refs

    # -- play ------------------------------------------------------------------------------

    def check_play(self, index: int, tag: Tag) -> list[tuple[int, int]]:
        refs: list[tuple[int, int]] = []
        masks = self.deal_masks
        sizes = {mask.bit_count() for mask in masks if mask is not None}
        end_position = bool(sizes) and max(sizes) < 13
        needed = ("Deal", "Contract") if end_position else ("Deal", "Declarer", "Contract")
        self.need(tag, index, needed)
        leader = self.seat(tag, "the seat of the opening lead")
        if self.plain(tag, _PLAIN_CARDS_AND_STAR):
            tokens = [item for line in tag.section for item in line.items]
            self.play_unfinished = "*" not in tokens and len(tokens) < 52
            return refs  # nothing to report but the legality, which is not asked for
        entries = self.entries(tag, True, refs)
        if leader is None or not self.reader.play_checks:
            plus = any(entry.kind == "plus" for entry in entries)
            star = any(entry.kind == "star" for entry in entries)
            self.play_unfinished = plus or (not star and len(entries) < 52)
            return refs
        declarer_value = self.get("Declarer")
        declarer = _declarer(declarer_value[0]) if declarer_value else None
        if declarer is not None and not end_position:
            lho = (_SEAT_INDEX[declarer.seat] + 1) % 4
            if lho != leader:
                self.report(
                    f"opening lead by {SEATS[leader]}, but declarer {declarer.seat} makes "
                    f"{SEATS[lho]} the leader",
                    tag.line,
                    ProblemKind.PLAY,
                    Severity.WARNING,
                    found=tag.resolved,
                    expected=SEATS[lho],
                )
        trump: int | None = None
        contract = self.get("Contract")
        if contract is not None:
            if _STRAIN_ONLY.fullmatch(contract[0]):
                strain = contract[0].upper()
            else:
                parsed = _contract(contract[0])
                strain = "NT" if parsed is None else parsed.strain
            trump = None if strain == "NT" else _SUITS.index(strain)
        side = None if declarer is None else _SEAT_INDEX[declarer.seat] % 2
        ended = self.specials == [len(entries) - 1] and entries[-1].kind == "star"
        if masks == _NO_HANDS and not self.marked and (ended or not self.specials):
            # No cards to follow and nothing out of order: nothing to check.
            self.play_unfinished = not ended and len(entries) < 52
            return refs
        outcome = _simulate_play(entries, leader, masks, trump, side, self.marked)
        for line, message in outcome.warnings:
            self.report(message, line, ProblemKind.PLAY, Severity.WARNING)
        self.play_unfinished = outcome.plus or (not outcome.ended and outcome.tricks < 13)
        full = all(mask is not None for mask in masks) and not end_position
        if full and not outcome.warnings and not outcome.aborted and declarer is not None:
            self.check_result_against_play(outcome, declarer.seat)
        return refs

    def check_result_against_play(self, outcome: _PlayOutcome, declarer: str) -> None:
        result = self.get("Result")
        if result is None:
            return
        parsed = _result(result[0])
        if parsed is None or parsed.irregular:
            return
        tricks = parsed.tricks_for(declarer)
        if tricks is None:
            return
        if outcome.tricks == 13 and not outcome.unknown:
            if tricks != outcome.won:
                self.report(
                    f"result {result[0]} but declarer's side won {outcome.won} tricks in the play",
                    result[1].line,
                    ProblemKind.PLAY,
                    Severity.WARNING,
                    result[0],
                    str(outcome.won),
                )
        elif not outcome.won <= tricks <= 13 - outcome.lost:
            self.report(
                f"result {result[0]} but declarer's side won {outcome.won} and lost "
                f"{outcome.lost} of the tricks played",
                result[1].line,
                ProblemKind.PLAY,
                Severity.WARNING,
                result[0],
                f"{outcome.won} to {13 - outcome.lost} tricks",
            )

    # -- tags against each other -----------------------------------------------------------

    def check_result(self) -> None:
        result = self.get("Result")
        if result is None:
            return
        value, tag = result
        contract = self.valid.get("Contract")
        passed = (contract is not None and contract.lower() == "pass") or (
            "Declarer" in self.first and self.first["Declarer"][1].resolved == ""
        )
        if passed:
            self.report(
                f"result {value} on a board that was passed out",
                tag.line,
                ProblemKind.INCONSISTENT,
                Severity.WARNING,
                value,
                'Result "" when all pass (§3.4.15)',
            )
            return
        parsed = _result(value)
        if (
            parsed is not None
            and parsed.ns is not None
            and parsed.ew is not None
            and parsed.ns + parsed.ew != 13
            and not self.play_unfinished
        ):
            self.report(
                f"result {value} does not add up to 13 tricks",
                tag.line,
                ProblemKind.VALUE,
                found=value,
                expected="NS and EW tricks adding up to 13",
            )

    def check_rubber(self) -> None:
        history = self.get("ScoreRubberHistory")
        vulnerable = self.get("Vulnerable")
        if history is None or vulnerable is None:
            return
        implied = _rubber_vulnerability(history[0])
        stated = parse_vulnerable(vulnerable[0])
        if implied != stated:
            self.report(
                f"ScoreRubberHistory makes the vulnerability {implied}, Vulnerable says {stated}",
                history[1].line,
                ProblemKind.INCONSISTENT,
                Severity.WARNING,
                history[0],
                f'[Vulnerable "{implied}"]',
            )

    # -- tables ----------------------------------------------------------------------------

    def check_table(self, tag: Tag, table: Table) -> None:
        checks = _CELL_CHECKS.get(tag.name, {})
        for i, column in enumerate(table.columns):
            check = checks.get(column.name)
            if check is not None:
                for row in table.rows:
                    if i < len(row.cells):
                        cell = row.cells[i]
                        if cell.irrelevant or cell.unknown or cell.artificial:
                            continue
                        try:
                            check(cell.text)
                        except ParseError as e:
                            self.report(
                                f"{tag.name} column {column.name}: {e}",
                                row.line,
                                ProblemKind.TABLE,
                                found=cell.text,
                            )
            if column.order:
                self.check_order(tag, table, i, column)

    def check_order(self, tag: Tag, table: Table, i: int, column: Column) -> None:
        """§5.2: "+" marks a column sorted highest first, "-" lowest first."""
        previous: Fraction | None = None
        for row in table.rows:
            if i >= len(row.cells):
                continue
            cell = row.cells[i]
            if cell.irrelevant or cell.unknown or cell.artificial:
                continue
            if not _NUMBER.fullmatch(cell.text):
                return  # only numbers have an order we can check
            value = Fraction(Decimal(cell.text))
            if previous is not None and (
                value > previous if column.order == "+" else value < previous
            ):
                way = "highest first" if column.order == "+" else "lowest first"
                self.report(
                    f"{tag.name} column {column.name} is marked {way} but {cell.text} comes "
                    f"after {previous.__float__():g}",
                    row.line,
                    ProblemKind.TABLE,
                    Severity.WARNING,
                    cell.text,
                    f"rows sorted {way} ({column.order}{column.name})",
                )
                return
            previous = value


def _cell_int(low: int, high: int | None = None) -> Callable[[str], None]:
    def check(text: str) -> None:
        if not _INT.fullmatch(text) or int(text) < low or (high is not None and int(text) > high):
            limit = f"{low}-{high}" if high is not None else f"at least {low}"
            raise ParseError(f"not a whole number {limit}: {text!r}")

    return check


def _cell_number(text: str) -> None:
    if not _NUMBER.fullmatch(text):
        raise ParseError(f"not a number: {text!r}")


def _cell_score(text: str) -> None:
    if not _SIGNED_INT.fullmatch(text):
        raise ParseError(f"not a score: {text!r}")


def _cell_strain(text: str) -> None:
    if not _STRAIN_ONLY.fullmatch(text):
        raise ParseError(f"not a denomination: {text!r}")


_TRICKS = _cell_int(0, 13)
_SCORE_TABLE: dict[str, Callable[[str], object]] = {
    "Rank": _cell_int(1),
    "Contract": parse_contract,
    "Declarer": parse_declarer,
    "Result": _TRICKS,
    "Score_NS": _cell_score,
    "Score_EW": _cell_score,
    "IMP_NS": _cell_number,
    "IMP_EW": _cell_number,
    "MP_NS": _cell_number,
    "MP_EW": _cell_number,
    "Percentage_NS": _cell_number,
    "Percentage_EW": _cell_number,
    "Multiplicity": _cell_int(1),
}
_CELL_CHECKS: dict[str, dict[str, Callable[[str], object]]] = {
    "ScoreTable": _SCORE_TABLE,
    "TotalScoreTable": {
        "Rank": _cell_int(1),
        "TotalScore": _cell_number,
        "TotalIMP": _cell_number,
        "TotalMP": _cell_number,
        "TotalPercentage": _cell_number,
        "MeanScore": _cell_number,
        "MeanIMP": _cell_number,
        "MeanMP": _cell_number,
        "MeanPercentage": _cell_number,
        "NrBoards": _cell_int(0),
        "Multiplicity": _cell_int(1),
    },
    "OptimumResultTable": {"Declarer": parse_seat, "Denomination": _cell_strain, "Result": _TRICKS},
}


# --------------------------------------------------------------------------------------------
# Auction and play simulation


class _AuctionOutcome(NamedTuple):
    warning: tuple[int, str] | None
    complete: bool = False
    contract: PbnContract | None = None  # None: passed out (when complete)
    declarer: int | None = None


def _simulate_auction(entries: list[_Entry], first: int, dealer: int | None) -> _AuctionOutcome:
    """Follow the calls (§3.5, §3.9); stop at the first one against the rules."""
    slot = 0
    started = over = plus = star = False
    last = -1  # rank of the last bid
    bidder = -1
    risk = 0
    passes = 0
    namer: dict[tuple[int, int], int] = {}
    for e in entries:
        if e.kind == "bad":
            return _AuctionOutcome(None)  # already an error; the rest cannot be followed
        if star:
            return _AuctionOutcome((e.line, f"{e.token!r} after '*' ended the auction"))
        if e.kind == "plus":
            if plus:
                return _AuctionOutcome((e.line, "second '+' in the auction"))
            plus = True
            continue
        if e.kind == "star":
            if plus:
                return _AuctionOutcome((e.line, "'*' after '+' (an auction to be continued)"))
            star = True
            continue
        if plus:
            return _AuctionOutcome((e.line, f"call {e.token} after '+'"))
        seat = (first + slot) % 4
        slot += 1
        if over:
            return _AuctionOutcome((e.line, f"call {e.token} after the auction ended"))
        if e.value == _DASH:
            if started:
                return _AuctionOutcome((e.line, "'-' after the first call"))
            continue
        if not started:
            started = True
            if dealer is not None and seat != dealer:
                return _AuctionOutcome(
                    (
                        e.line,
                        f"the dealer {SEATS[dealer]} must call first, "
                        f"but {e.token} is {SEATS[seat]}'s call",
                    )
                )
        if e.kind == "skip":
            continue
        call = e.value
        if call == _ALL_PASS:
            over = True
        elif call == _PASS:
            passes += 1
            over = passes >= (3 if last >= 0 else 4)
        elif call == _DOUBLE:
            if last < 0 or risk or bidder % 2 == seat % 2:
                return _AuctionOutcome((e.line, f"{SEATS[seat]} cannot double here"))
            risk, passes = 1, 0
        elif call == _REDOUBLE:
            if risk != 1 or bidder % 2 != seat % 2:
                return _AuctionOutcome((e.line, f"{SEATS[seat]} cannot redouble here"))
            risk, passes = 2, 0
        else:
            if call <= last and "^I" not in e.marks:
                return _AuctionOutcome((e.line, f"insufficient bid {e.token}"))
            if call > last and "^I" in e.marks:
                return _AuctionOutcome((e.line, f"^I marks {e.token}, which is sufficient"))
            last, bidder, risk, passes = call, seat, 0, 0
            namer.setdefault((seat % 2, call % 5), seat)
    if not over:
        return _AuctionOutcome(None)
    if last < 0:
        return _AuctionOutcome(None, True)
    strain = last % 5
    contract = PbnContract(last // 5 + 1, _STRAINS[strain], ("", "X", "XX")[risk])
    return _AuctionOutcome(None, True, contract, namer[(bidder % 2, strain)])


def _simulate_play(
    entries: list[_Entry],
    leader: int,
    hands: list[int | None],
    trump: int | None,
    side: int | None,
    marked: bool,
) -> _PlayOutcome:
    """Follow the cards (§3.6, §3.9) trick by trick, each written in seat order from the
    opening leader.  After a trick with cards their player cannot hold, stop: the rest
    could not be attributed reliably.  ``marked``: some card has an irregularity mark."""
    out = _PlayOutcome()
    warnings = out.warnings
    hands = list(hands)
    played = 0
    slots: list[_Entry] = []
    plus = False
    for e in entries:
        if out.ended:
            warnings.append((e.line, f"{e.token} after '*' ended the play"))
            out.aborted = True
            return out
        if e.kind == "star":
            if plus:
                warnings.append((e.line, "'*' after '+' (a play to be continued)"))
                out.aborted = True
                return out
            out.ended = True
        else:
            plus = plus or e.kind == "plus"
            slots.append(e)
    expected: int | None = leader
    count = len(slots)
    for start in range(0, count, 4):
        size = min(4, count - start)
        first = expected
        if marked:
            leads = [k for k in range(size) if "^L" in slots[start + k].marks]
            if len(leads) > 1:
                line = max(slots[start + k].line for k in leads)
                warnings.append((line, "more than one lead out of turn in one trick"))
                out.aborted = True
                return out
            if leads:
                e = slots[start + leads[0]]
                first = (leader + leads[0]) % 4
                if first == expected:
                    warnings.append((e.line, f"^L marks {e.token}, led in turn"))
        if first is None:
            out.aborted = True
            return out
        columns = _PLAY_ORDER[(first - leader) % 4]
        led = best = winner = -1
        known = size == 4
        misplaced = False
        for k in range(4):
            column = columns[k]
            if column >= size:
                break
            kind, token, line, card, marks = slots[start + column]
            seat = (first + k) % 4
            if card < 0:  # "-", "+" or a bad card: not known
                known = False
                if kind == "plus":
                    if out.plus:
                        warnings.append((line, "second '+' in the play"))
                        out.aborted = True
                        return out
                    out.plus = True
                continue
            if out.plus:
                warnings.append((line, f"card {token} after '+'"))
                out.aborted = True
                return out
            bit = 1 << card
            suit = card // 13
            hand = hands[seat]
            if played & bit:
                warnings.append((line, f"{token} was played before"))
                misplaced = True
            elif hand is not None and not hand & bit:
                warnings.append((line, f"{SEATS[seat]} does not hold {token}"))
                misplaced = True
            elif k == 0:
                if marks and "^R" in marks:
                    warnings.append((line, f"^R marks the lead {token}, not a revoke"))
            elif led >= 0 and hand is not None:
                revoke = suit != led and bool(hand & _SUIT_MASKS[led])
                if marks and "^R" in marks:
                    if not revoke:
                        warnings.append((line, f"^R marks {token}, which is not a revoke"))
                elif revoke:
                    warnings.append(
                        (line, f"revoke: {SEATS[seat]} plays {token} holding {_SUITS[led]}")
                    )
            if hand is not None:
                hands[seat] = hand & ~bit
            played |= bit
            if k == 0:
                led, best, winner = suit, card, seat
            elif led >= 0 and (
                (suit == best // 13 and card > best) or (suit == trump and best // 13 != trump)
            ):
                best, winner = card, seat
        if misplaced:
            out.aborted = True
            return out
        if size < 4:
            break
        out.tricks += 1
        if known and winner >= 0:
            expected = winner
            if side is not None:
                if winner % 2 == side:
                    out.won += 1
                else:
                    out.lost += 1
        else:
            expected = None
            out.unknown = True
    return out
