"""PBN: the rules of one game -- tag notations, auction and play legality, notes and tables.

The reader (:mod:`bridgescore.formats.pbn.syntax`) hands each finished game to
:class:`GameChecker`, which reports through it (:class:`GameReader`); both are built on
:mod:`bridgescore.formats.pbn.document`, and this module imports no reader. Following the
auction and the play card by card (:func:`_simulate_auction`, :func:`_simulate_play`) is done
only when the reader is asked for ``play_checks``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple, Protocol

from bridgescore.bridge import Seat, Strain
from bridgescore.deal import Deal
from bridgescore.errors import ParseError, sentence
from bridgescore.formats.pbn import dialects
from bridgescore.formats.pbn.document import (
    _INT,
    _KNOWN_TAGS,
    _MTS_ORDER,
    _NO_HANDS,
    _NOTE,
    _NUMBER,
    _PLAY_ORDER,
    _RANKS,
    _SCORING_FIELDS,
    _SEAT_INDEX,
    _SECTION_TAGS,
    _SIGNED_INT,
    _STANDARD_CONTRACT,
    _STAR_LINE,
    _STRAIN_ONLY,
    _STRAINS,
    _SUIT_MASKS,
    _SUITS,
    SEATS,
    TABLE_TAGS,
    Column,
    PbnContract,
    ProblemKind,
    ScoreTag,
    Severity,
    Table,
    Tag,
    parse_contract,
    parse_deal,
    parse_declarer,
    parse_result,
    parse_score,
    parse_seat,
    parse_vulnerable,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted


class GameReader(Protocol):
    """What the checks of a game need of the reader that read it: whether to follow the play,
    the line of its ``% EXPORT`` marker, what the checks of earlier games found (each tag
    value's verdict, each deal's cards), and where each problem found goes."""

    play_checks: bool
    export_line: int | None
    memo: dict[tuple[str, str], str | None]
    deals: dict[str, list[int | None]]

    def _report(
        self,
        message: str,
        line: int | None,
        kind: ProblemKind,
        severity: Severity = ...,
        found: str | None = None,
        expected: str | None = None,
    ) -> None: ...


# --------------------------------------------------------------------------------------------
# Reader: the rules of one game


def _check_board(value: str) -> None:
    if not _INT.fullmatch(value) or int(value) == 0:
        raise ParseError(Text(N_("not a board number: %(value)s"), value=repr(value)))


def _check_contract(value: str) -> None:
    if not _STRAIN_ONLY.fullmatch(value):  # an end position names only the trumps (§3.10)
        parse_contract(value)


# "card" and "call" as a sentence says them.
_WORDS = {"card": Text(N_("card")), "call": Text(N_("call"))}


def _pattern(regex: str, what: str) -> Callable[[str], None]:
    compiled = re.compile(regex)

    def check(value: str) -> None:
        if not compiled.fullmatch(value):
            raise ParseError(
                Text(N_("not %(what)s: %(value)s"), what=Text(what), value=repr(value))
            )

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
        raise ParseError(Text(N_("not a ScoreRubber value: %(value)s"), value=repr(value)))
    sides = [side for side, _ in pairs]
    if len(set(sides)) != len(sides) or any(
        side not in ("", "NS", "EW") or not _RUBBER_SCORE.fullmatch(score) for side, score in pairs
    ):
        raise ParseError(Text(N_("not a ScoreRubber value: %(value)s"), value=repr(value)))


_HISTORY = re.compile(
    r"NS ([0-9]+) ([0-9]+)/([0-9]+(?: [0-9]+){0,2}) EW ([0-9]+) ([0-9]+)/([0-9]+(?: [0-9]+){0,2})"
)


def _rubber_vulnerability(value: str) -> str:
    """The vulnerability a ScoreRubberHistory implies (§4.2.6): a side that won a game."""
    m = _HISTORY.fullmatch(" ".join(_normalise_slash(value)))
    if m is None:
        raise ParseError(Text(N_("not a ScoreRubberHistory value: %(value)s"), value=repr(value)))
    ns = [int(n) for n in m[3].split()]
    ew = [int(n) for n in m[6].split()]
    if len(ns) != len(ew):
        raise ParseError(
            Text(N_("NS and EW give different numbers of games: %(value)s"), value=repr(value))
        )
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
_DATE = _pattern(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", N_("a date"))
_TIME = _pattern(r"[0-9?]{2}:[0-9?]{2}:[0-9?]{2}", N_("a time"))
_RULES: dict[str, _Rule] = {
    "Board": _Rule(_check_board, N_("a positive integer"), _E),
    "Dealer": _Rule(parse_seat, N_("N, E, S or W"), _E),
    "Vulnerable": _Rule(parse_vulnerable, N_("None, Love, -, NS, EW, All or Both"), _E),
    "Deal": _Rule(parse_deal, N_("<first>:<hand> <hand> <hand> <hand>, 13 cards a hand"), _E),
    "Declarer": _Rule(parse_declarer, N_('N, E, S or W, "^" and a seat, or ""'), _E),
    "Contract": _Rule(_check_contract, N_("Pass or <level><strain><risk>, like 4SX"), _E),
    "Result": _Rule(parse_result, N_("0-13 tricks, or NS/EW forms, optionally after ^"), _E),
    "Score": _Rule(_score_rule("Score"), N_('points, like "NS 420" or "-50"'), _E),
    "ScoreIMP": _Rule(_score_rule("ScoreIMP"), N_('IMPs, like "NS 4 EW -4"'), _E),
    "ScoreMP": _Rule(_score_rule("ScoreMP"), N_('matchpoints, like "NS 7.5"'), _E),
    "ScorePercentage": _Rule(_score_rule("ScorePercentage"), N_("a percentage 0-100"), _E),
    "OptimumScore": _Rule(
        _score_rule("OptimumScore"), N_('NS or EW and points, like "NS 420"'), _E
    ),
    "ScoreRubber": _Rule(_check_rubber, N_("<above>/<below>, optionally for NS or EW"), _E),
    "ScoreRubberHistory": _Rule(
        _rubber_vulnerability, N_("NS <above> <above>/<below>... EW <above> <above>/<below>..."), _E
    ),
    "Date": _Rule(_DATE, N_("YYYY.MM.DD (? for unknown digits)"), _W),
    "EventDate": _Rule(_DATE, N_("YYYY.MM.DD (? for unknown digits)"), _W),
    "UTCDate": _Rule(_DATE, N_("YYYY.MM.DD (? for unknown digits)"), _W),
    "Time": _Rule(_TIME, N_("HH:MM:SS"), _W),
    "UTCTime": _Rule(_TIME, N_("HH:MM:SS"), _W),
    "Round": _Rule(
        _pattern(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*", N_("a round")),
        N_("letters, digits and _, parts separated by '.'"),
        _W,
    ),
    "FrenchMP": _Rule(_pattern(r"Yes|No", N_("Yes or No")), N_("Yes or No"), _W),
    "Room": _Rule(_pattern(r"Open|Closed", N_("Open or Closed")), N_("Open or Closed"), _W),
    "Hidden": _Rule(_pattern(r"[NESWnesw]+", N_("seats")), N_("seats among N, E, S, W"), _W),
    "TimeControl": _Rule(
        _pattern(r"[0-9]+/[0-9]+", N_("games/minutes")), N_("<games>/<minutes>"), _W
    ),
    "TimeCall": _Rule(_pattern(r"[0-9]+", N_("seconds")), N_("seconds"), _W),
    "TimeCard": _Rule(_pattern(r"[0-9]+", N_("seconds")), N_("seconds"), _W),
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


class GameChecker:
    """The checks of §3-§5 on one finished game.  Reports through the reader."""

    def __init__(self, reader: GameReader, tags: list[Tag], broken: set[int]) -> None:
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
                Text(N_("unknown tag %(name)s"), name=name),
                tag.line,
                ProblemKind.UNKNOWN_TAG,
                Severity.WARNING,
                found=name,
                expected=Text(N_("a tag of PBN 2.1")),
            )
        if not name[0].isupper():
            self.report(
                Text(N_("tag name %(name)s does not begin with an upper case letter"), name=name),
                tag.line,
                ProblemKind.SYNTAX,
                Severity.WARNING,
                found=name,
            )
        if tag.section and name in _KNOWN_TAGS and name not in _SECTION_TAGS:
            sl = next((sl for sl in tag.section if sl.tokens), None)
            if sl is not None:
                self.report(
                    Text(N_("data after tag %(name)s, which has no section"), name=name),
                    sl.line,
                    ProblemKind.MISPLACED,
                    found=" ".join(sl.tokens),
                    expected=Text(N_("a tag pair, a comment or an empty line")),
                )
        if name == "Scoring":
            self.check_scoring(tag, value)
            return
        rule = _RULES.get(name)
        if rule is None or value == "" or (value == "?" and name in _MTS_ORDER):
            return
        if name == "Contract":
            dialect = dialects.contract(value)
            if dialect is not None:
                # A known program's notation: the session reader warns, naming the program.
                if dialect.standard != "A":
                    self.valid[name] = dialect.standard
                return
        # Values repeat (Dealer "N", Contract "4S"...): check each one once per file.
        memo = self.reader.memo
        key = (name, value)
        if key in memo:
            error = memo[key]
        else:
            try:
                if name == "Deal":
                    self.reader.deals[value] = [
                        None if hand is None else hand.mask for hand in Deal.from_pbn(value).hands
                    ]
                else:
                    rule.check(value)
                error = None
            except ParseError as e:
                error = sentence(e)
            memo[key] = error
        if error is not None:
            self.report(
                error, tag.line, ProblemKind.VALUE, rule.severity, value, Text(rule.expected)
            )
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
                Text(
                    N_("contract %(value)s read as %(value2)s"),
                    value=repr(value),
                    value2=_contract(value),
                ),
                tag.line,
                ProblemKind.NONSTANDARD,
                Severity.WARNING,
                value,
                Text(N_("NT for no trumps and XX for redoubled (§3.4.14)")),
            )

    def check_scoring(self, tag: Tag, value: str) -> None:
        if value in ("", "?"):
            return
        fields = value.split(";")
        if any(not f.strip() for f in fields):
            self.report(
                Text(N_("empty field in Scoring")),
                tag.line,
                ProblemKind.VALUE,
                found=value,
                expected=Text(N_("fields separated by ';'")),
            )
            return
        unknown = [f for f in fields if f.strip().lower() not in _SCORING_FIELDS]
        if unknown:
            self.report(
                Text(N_("unknown Scoring field %(unknown)s"), unknown=repr(unknown[0])),
                tag.line,
                ProblemKind.VALUE,
                Severity.WARNING,
                value,
                Text(N_("MP, IMP, BAM, Butler, Cross, MP1... (§3.4.12)")),
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
                Text(N_("bad %(name)s value"), name=tag.name),
                tag.line,
                ProblemKind.VALUE,
                found=tag.resolved,
                expected=Text(N_("%(expected)s: N, E, S or W"), expected=expected),
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
                    Text(
                        N_("%(name)s section without %(name2)s before it"),
                        name=tag.name,
                        name2=name,
                    ),
                    tag.line,
                    ProblemKind.MISSING_TAG,
                    Severity.WARNING,
                    expected=Text(
                        N_("a %(name)s tag before [%(name2)s] (§3.1)"), name=name, name2=tag.name
                    ),
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
                    Text(N_("Note outside the auction and play sections")),
                    tag.line,
                    ProblemKind.MISPLACED,
                    found=tag.value,
                    expected=Text(N_("notes right after the calls or cards they explain (§3.5.5)")),
                )
            m = _NOTE.fullmatch(tag.value)
            if m is None or not 1 <= int(m[1]) <= 32:
                self.report(
                    Text(N_("bad note")),
                    tag.line,
                    ProblemKind.NOTE,
                    found=tag.value,
                    expected=Text(N_("<index 1-32>:<text>")),
                )
                continue
            index = int(m[1])
            if index in indexes:
                self.report(
                    Text(N_("note %(index)s given twice"), index=index),
                    tag.line,
                    ProblemKind.NOTE,
                    found=tag.value,
                    expected=Text(N_("a different index for each note of a section")),
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
                        Text(N_("no note for =%(index)s="), index=index),
                        line,
                        ProblemKind.NOTE,
                        Severity.WARNING,
                        found=f"={index}=",
                        expected=Text(
                            N_('[Note "%(index)s:..."] after the %(section)s'),
                            index=index,
                            section=section.lower(),
                        ),
                    )
            if section in self.first:
                for index, tag in notes.items():
                    if index not in used:
                        self.report(
                            Text(N_("note %(index)s is not referred to"), index=index),
                            tag.line,
                            ProblemKind.NOTE,
                            Severity.WARNING,
                            found=tag.value,
                            expected=Text(
                                N_("=%(index)s= in the %(section)s"),
                                index=index,
                                section=section.lower(),
                            ),
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
                            self.bad_token(Text(N_("irregularity before ^S")), line, item)
                        marks = []
                        entries.append(_Entry("skip", item, line))
                    elif item in own_marks:
                        if marks:
                            self.bad_token(
                                Text(
                                    N_("more than one irregularity before a %(what)s"),
                                    what=_WORDS[what],
                                ),
                                line,
                                item,
                            )
                        marks.append(item)
                    else:
                        self.bad_token(
                            Text(
                                N_("irregularity %(item)s is not for a %(what)s"),
                                item=item,
                                what=_WORDS[what],
                            ),
                            line,
                            item,
                        )
                    continue
                if c in "=$!?":
                    if not entries or marks or entries[-1].kind in ("plus", "star"):
                        self.bad_token(
                            Text(
                                N_("annotation %(item)s does not follow a %(what)s"),
                                item=item,
                                what=_WORDS[what],
                            ),
                            line,
                            item,
                        )
                    else:
                        self.annotate(len(entries) - 1, entries[-1], notes, item, line, play, refs)
                    continue
                if item in ("*", "+"):
                    if marks:
                        self.bad_token(
                            Text(N_("irregularity before %(item)s"), item=item), line, item
                        )
                        marks = []
                    self.specials.append(len(entries))
                    entries.append(_Entry("star" if item == "*" else "plus", item, line))
                    continue
                entry = self.card(item, line) if play else self.call(item, line)
                if marks:
                    if not play and entry.kind == "call" and entry.value < 0:
                        self.bad_token(Text(N_("^I must come before a bid")), line, item)
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
                    Text(N_("%(count)s cards on one line"), count=count)
                    if what == "card"
                    else Text(N_("%(count)s calls on one line"), count=count),
                    line,
                    ProblemKind.FORMAT,
                    Severity.WARNING,
                    expected=Text(N_("at most 4 cards a line in export format"))
                    if what == "card"
                    else Text(N_("at most 4 calls a line in export format")),
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
                Text(N_("bad call %(token)s"), token=repr(token)),
                line,
                ProblemKind.TOKEN,
                found=token,
                expected=Text(N_("Pass, X, XX, AP, - or a bid like 1NT")),
            )
            return _Entry("bad", token, line)
        strain = m[2].upper()
        if strain == "N":
            self.report(
                Text(N_("bid %(token)s read as %(m)sNT"), token=repr(token), m=m[1]),
                line,
                ProblemKind.NONSTANDARD,
                Severity.WARNING,
                token,
                Text(N_("NT for no trumps (§3.5.1)")),
            )
        return _Entry("call", token, line, 5 * (int(m[1]) - 1) + "CDHSN".index(strain[0]))

    def card(self, token: str, line: int) -> _Entry:
        value = _CARD_VALUES.get(token)
        if value is not None:
            return _Entry("card", token, line, value)
        if token == "-":
            return _Entry("card", token, line)
        self.report(
            Text(N_("bad card %(token)s"), token=repr(token)),
            line,
            ProblemKind.TOKEN,
            found=token,
            expected=Text(N_("- or a suit S H D C and a rank AKQJT98765432")),
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
                self.bad_token(
                    Text(N_("second suffix on %(token)s"), token=entry.token), line, token
                )
            elif index in notes.quality:
                nag = notes.quality[index]
                self.bad_token(
                    Text(
                        N_("suffix and NAG $%(nag)s both on %(token)s"), nag=nag, token=entry.token
                    ),
                    line,
                    token,
                )
            notes.suffix[index] = token
        elif c == "$":
            digits = token[1:]
            if not _INT.fullmatch(digits) or int(digits) > 255:
                self.report(
                    Text(N_("bad NAG %(token)s"), token=repr(token)),
                    line,
                    ProblemKind.TOKEN,
                    found=token,
                    expected=Text(N_("$ and a number 0-255")),
                )
                return
            nag = int(digits)
            if nag in other:
                self.bad_token(
                    Text(N_("NAG $%(nag)s is not for a %(what)s"), nag=nag, what=_WORDS[what]),
                    line,
                    token,
                )
            elif nag in quality:
                if index in notes.suffix or index in notes.quality:
                    self.bad_token(
                        Text(N_("second quality annotation on %(token)s"), token=entry.token),
                        line,
                        token,
                    )
                notes.quality[index] = nag
        else:
            m = re.fullmatch(r"=([0-9]+)=", token)
            if m is None or not 1 <= int(m[1]) <= 32:
                self.report(
                    Text(N_("bad note reference %(token)s"), token=repr(token)),
                    line,
                    ProblemKind.TOKEN,
                    found=token,
                    expected=Text(N_("=1= to =32=")),
                )
                return
            if index in notes.note:
                self.bad_token(
                    Text(N_("second note reference on %(token)s"), token=entry.token), line, token
                )
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
        dealer = _SEAT_INDEX[parse_seat(dealer_value[0]).value] if dealer_value else None
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

        def mismatches(outcome: _AuctionOutcome) -> list[tuple[int | None, Text]]:
            """Where Contract and Declarer disagree with the auction."""
            out: list[tuple[int | None, Text]] = []
            if contract is not None and outcome.contract != tag_contract:
                said = (
                    Text(
                        N_("contract %(contract)s but the auction passed out"), contract=contract[0]
                    )
                    if outcome.contract is None
                    else Text(
                        N_("contract %(contract)s but the auction ends in %(ends)s"),
                        contract=contract[0],
                        ends=outcome.contract,
                    )
                )
                out.append((contract[1].line, said))
            passed = contract is not None and tag_contract is None
            if declarer is not None and outcome.declarer is not None and not passed:
                seat = SEATS[outcome.declarer]
                if tag_declarer is None:
                    out.append(
                        (
                            declarer[1].line,
                            Text(N_("no declarer but %(seat)s declares the auction"), seat=seat),
                        )
                    )
                else:
                    want = outcome.declarer + (2 if tag_declarer.irregular else 0)
                    if _SEAT_INDEX[tag_declarer.seat.value] != want % 4:
                        out.append(
                            (
                                declarer[1].line,
                                Text(
                                    N_(
                                        "declarer %(declarer)s but the auction's declarer is "
                                        "%(seat)s"
                                    ),
                                    declarer=declarer[0],
                                    seat=seat,
                                ),
                            )
                        )
            return out

        found = mismatches(outcome)
        if found:
            passes = 0
            for k in (1, 2, 3):
                # Starting k seats later rotates every call, so only the declarer changes.
                declarer_seat = None if outcome.declarer is None else (outcome.declarer + k) % 4
                if not mismatches(outcome._replace(declarer=declarer_seat)):
                    passes = k
                    break
            for where, message in found:
                said = (
                    counted(
                        "%(problem)s (it would if the %(num)d pass before the first call were "
                        "written)",
                        "%(problem)s (it would if the %(num)d passes before the first call were "
                        "written)",
                        passes,
                        problem=message,
                    )
                    if passes
                    else message
                )
                self.report(said, where, ProblemKind.AUCTION, Severity.WARNING)
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
            lho = (_SEAT_INDEX[declarer.seat.value] + 1) % 4
            if lho != leader:
                self.report(
                    Text(
                        N_(
                            "opening lead by %(seat2)s, but declarer %(seat)s makes %(leader)s the "
                            "leader"
                        ),
                        seat2=SEATS[leader],
                        seat=declarer.seat,
                        leader=SEATS[lho],
                    ),
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
                strain = "NT" if parsed is None else parsed.strain.value
            trump = None if strain == "NT" else _SUITS.index(strain)
        side = None if declarer is None else _SEAT_INDEX[declarer.seat.value] % 2
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

    def check_result_against_play(self, outcome: _PlayOutcome, declarer: Seat) -> None:
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
                    Text(
                        N_("result %(result)s but declarer's side won %(won)s tricks in the play"),
                        result=result[0],
                        won=outcome.won,
                    ),
                    result[1].line,
                    ProblemKind.PLAY,
                    Severity.WARNING,
                    result[0],
                    str(outcome.won),
                )
        elif not outcome.won <= tricks <= 13 - outcome.lost:
            self.report(
                Text(
                    N_(
                        "result %(result)s but declarer's side won %(won)s and lost %(lost)s of "
                        "the tricks played"
                    ),
                    result=result[0],
                    won=outcome.won,
                    lost=outcome.lost,
                ),
                result[1].line,
                ProblemKind.PLAY,
                Severity.WARNING,
                result[0],
                Text(N_("%(won)s to %(value)s tricks"), won=outcome.won, value=13 - outcome.lost),
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
                Text(N_("result %(value)s on a board that was passed out"), value=value),
                tag.line,
                ProblemKind.INCONSISTENT,
                Severity.WARNING,
                value,
                Text(N_('Result "" when all pass (§3.4.15)')),
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
                Text(N_("result %(value)s does not add up to 13 tricks"), value=value),
                tag.line,
                ProblemKind.VALUE,
                found=value,
                expected=Text(N_("NS and EW tricks adding up to 13")),
            )

    def check_rubber(self) -> None:
        history = self.get("ScoreRubberHistory")
        vulnerable = self.get("Vulnerable")
        if history is None or vulnerable is None:
            return
        implied = _rubber_vulnerability(history[0])
        stated = parse_vulnerable(vulnerable[0])
        if implied != stated.value:
            self.report(
                Text(
                    N_(
                        "ScoreRubberHistory makes the vulnerability %(implied)s, Vulnerable says "
                        "%(stated)s"
                    ),
                    implied=implied,
                    stated=stated,
                ),
                history[1].line,
                ProblemKind.INCONSISTENT,
                Severity.WARNING,
                history[0],
                Text(N_('[Vulnerable "%(implied)s"]'), implied=implied),
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
                                Text(
                                    N_("%(name)s column %(name2)s: %(e)s"),
                                    name=tag.name,
                                    name2=column.name,
                                    e=e,
                                ),
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
                    Text(
                        N_(
                            "%(name)s column %(name2)s is marked %(way)s but %(text)s comes after "
                            "%(previous)s"
                        ),
                        name=tag.name,
                        name2=column.name,
                        way=way,
                        text=cell.text,
                        previous=f"{previous.__float__():g}",
                    ),
                    row.line,
                    ProblemKind.TABLE,
                    Severity.WARNING,
                    cell.text,
                    Text(
                        N_("rows sorted %(way)s (%(order)s%(name)s)"),
                        way=way,
                        order=column.order,
                        name=column.name,
                    ),
                )
                return
            previous = value


def _cell_int(low: int, high: int | None = None) -> Callable[[str], None]:
    def check(text: str) -> None:
        if not _INT.fullmatch(text) or int(text) < low or (high is not None and int(text) > high):
            limit = f"{low}-{high}" if high is not None else f"at least {low}"
            raise ParseError(
                Text(N_("not a whole number %(limit)s: %(text)s"), limit=limit, text=repr(text))
            )

    return check


def _cell_number(text: str) -> None:
    if not _NUMBER.fullmatch(text):
        raise ParseError(Text(N_("not a number: %(text)s"), text=repr(text)))


def _cell_score(text: str) -> None:
    if not _SIGNED_INT.fullmatch(text):
        raise ParseError(Text(N_("not a score: %(text)s"), text=repr(text)))


def _cell_contract(text: str) -> None:
    """A ScoreTable contract: PBN's, or a known program's notation (the session reader warns)."""
    if dialects.contract(text) is None:
        parse_contract(text)


def _cell_strain(text: str) -> None:
    if not _STRAIN_ONLY.fullmatch(text):
        raise ParseError(Text(N_("not a denomination: %(text)s"), text=repr(text)))


_TRICKS = _cell_int(0, 13)
_SCORE_TABLE: dict[str, Callable[[str], object]] = {
    "Rank": _cell_int(1),
    "Contract": _cell_contract,
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
            return _AuctionOutcome(
                (e.line, Text(N_("%(token)s after '*' ended the auction"), token=repr(e.token)))
            )
        if e.kind == "plus":
            if plus:
                return _AuctionOutcome((e.line, Text(N_("second '+' in the auction"))))
            plus = True
            continue
        if e.kind == "star":
            if plus:
                return _AuctionOutcome(
                    (e.line, Text(N_("'*' after '+' (an auction to be continued)")))
                )
            star = True
            continue
        if plus:
            return _AuctionOutcome((e.line, Text(N_("call %(token)s after '+'"), token=e.token)))
        seat = (first + slot) % 4
        slot += 1
        if over:
            return _AuctionOutcome(
                (e.line, Text(N_("call %(token)s after the auction ended"), token=e.token))
            )
        if e.value == _DASH:
            if started:
                return _AuctionOutcome((e.line, Text(N_("'-' after the first call"))))
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
                return _AuctionOutcome(
                    (e.line, Text(N_("%(seat)s cannot double here"), seat=SEATS[seat]))
                )
            risk, passes = 1, 0
        elif call == _REDOUBLE:
            if risk != 1 or bidder % 2 != seat % 2:
                return _AuctionOutcome(
                    (e.line, Text(N_("%(seat)s cannot redouble here"), seat=SEATS[seat]))
                )
            risk, passes = 2, 0
        else:
            if call <= last and "^I" not in e.marks:
                return _AuctionOutcome(
                    (e.line, Text(N_("insufficient bid %(token)s"), token=e.token))
                )
            if call > last and "^I" in e.marks:
                return _AuctionOutcome(
                    (e.line, Text(N_("^I marks %(token)s, which is sufficient"), token=e.token))
                )
            last, bidder, risk, passes = call, seat, 0, 0
            namer.setdefault((seat % 2, call % 5), seat)
    if not over:
        return _AuctionOutcome(None)
    if last < 0:
        return _AuctionOutcome(None, True)
    strain = last % 5
    contract = PbnContract(last // 5 + 1, Strain(_STRAINS[strain]), ("", "X", "XX")[risk])
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
