"""What a table can record on a board (rules.md §0, §3.4-3.5, §5).

A table result says, for each side, what that side is scored on:

* a :class:`WeightedResult` -- a bridge result (played contract, pass-out, or a bare score), or
  the director's assigned score, possibly a weighted mixture of results (Law 12C1(c));
* an :class:`Artificial` adjusted score (Law 12C2): Ave+, Ave, Ave- or an explicit percentage;
* ``None`` -- the board was not played at this table (a sit-out): no score for either side.

NS and EW are kept separately so that split scores (different for the two sides) are ordinary data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from bridgescore.bridge import Seat, Side, Vulnerability
from bridgescore.contract import (
    Contract,
    format_result,
    nearest_scores,
    parse_tricks,
    possible_scores,
)
from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

_ARTIFICIAL_CODES = {"A+": Fraction(60), "A": Fraction(50), "A-": Fraction(40)}


@dataclass(frozen=True)
class Artificial:
    """An artificial adjusted score for one side (rules.md §5.2).

    ``A+`` and ``A-`` are 60% and 40% and follow the session-percentage rule when the rules
    enable it; an explicit percentage (``60``) is always exactly that.
    """

    code: str
    percent: Fraction

    @classmethod
    def parse(cls, text: str) -> Artificial:
        key = text.strip().upper().replace("AVE", "A").replace("AV", "A")
        key = key.replace("−", "-")
        if key in _ARTIFICIAL_CODES:
            return cls(key, _ARTIFICIAL_CODES[key])
        number = key.removesuffix("%")
        if re.fullmatch(r"\d{1,3}(\.\d+)?", number):
            percent = Fraction(number)
            if percent <= 100:
                return cls("%", percent)
        raise ParseError(
            Text(
                N_(
                    "not an artificial score: %(text)s (expected A+, A, A- or a percentage like 60)"
                ),
                text=repr(text),
            )
        )

    @property
    def follows_session(self) -> bool:
        """Whether the session-percentage rule may replace the 60% / 40%."""
        return self.code in ("A+", "A-")

    def __str__(self) -> str:
        if self.code != "%":
            return self.code
        return f"{float(self.percent):g}%"


@dataclass(frozen=True)
class BridgeResult:
    """A bridge result: a played contract, a pass-out, or a bare North-South score."""

    ns_score: int
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    passed_out: bool = False
    assigned_points: bool = False  # a point score the director assigned: not checked

    @classmethod
    def played(
        cls, contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability
    ) -> BridgeResult:
        score = contract.ns_score(declarer, tricks, vulnerability)
        return cls(score, contract, declarer, tricks)

    @classmethod
    def pass_out(cls) -> BridgeResult:
        return cls(0, passed_out=True)

    @classmethod
    def from_score(
        cls, ns_score: int, vulnerability: Vulnerability | None = None, assigned: bool = False
    ) -> BridgeResult:
        """A bare NS score. With the board's ``vulnerability`` it must be one some contract can
        produce (15000, -99990 or 7610 are typing mistakes); a point score the director
        assigned on purpose is ``assigned`` and taken as it is."""
        if ns_score % 10:
            raise ParseError(
                Text(
                    N_("not a bridge score: %(ns_score)s (scores are multiples of 10)"),
                    ns_score=ns_score,
                )
            )
        if assigned:
            return cls(ns_score, assigned_points=True)
        if vulnerability is not None and ns_score not in possible_scores(vulnerability):
            scores = [f"{n:+d}" if n else "0" for n in nearest_scores(ns_score, vulnerability)]
            near = (
                Text(N_("%(words)s or %(last)s"), words=" or ".join(scores[:-1]), last=scores[-1])
                if len(scores) > 1
                else " or ".join(scores)
            )
            raise ParseError(
                Text(
                    N_(
                        "no contract scores %(ns_score)s for NS with %(words)s (the nearest "
                        "possible: %(near)s; a point score the director assigned is written "
                        "'points %(ns_score)s')"
                    ),
                    ns_score=f"{ns_score:+d}",
                    words=vulnerability.words,
                    near=near,
                )
            )
        return cls(ns_score)

    @classmethod
    def parse(cls, text: str, vulnerability: Vulnerability) -> BridgeResult:
        """Read ``4S N =``, ``3NTX E -2``, ``PASS`` or a bare NS score ``-50``."""
        words = text.split()
        if len(words) == 1 and words[0].upper() in ("PASS", "P", "PASSED", "AP"):
            return cls.pass_out()
        if len(words) == 1 and re.fullmatch(r"[+-]?\d+", words[0]):
            return cls.from_score(int(words[0]), vulnerability)
        if len(words) == 2 and words[0].lower() == "points" and re.fullmatch(r"[+-]?\d+", words[1]):
            return cls.from_score(int(words[1]), assigned=True)
        if len(words) != 3:
            raise ParseError(
                Text(
                    N_(
                        "not a result: %(text)s (expected contract declarer result like '4S N =', "
                        "PASS, or an NS score like -50)"
                    ),
                    text=repr(text),
                )
            )
        contract = Contract.parse(words[0])
        return cls.played(
            contract, Seat.parse(words[1]), parse_tricks(words[2], contract), vulnerability
        )

    def score_for(self, side: Side) -> int:
        return self.ns_score if side is Side.NS else -self.ns_score

    def __str__(self) -> str:
        if self.passed_out:
            return "PASS"
        if self.assigned_points:
            return f"points {self.ns_score:+d}"
        if self.contract is None or self.declarer is None or self.tricks is None:
            return f"{self.ns_score:d}"
        return f"{self.contract} {self.declarer} {format_result(self.contract, self.tricks)}"


_WHOLE = Fraction(1)  # the weight of a single result (Fractions are immutable: shared)


@dataclass(frozen=True)
class WeightedResult:
    """What one side is scored on: a bridge result, or a weighted mixture (Law 12C1(c))."""

    parts: tuple[tuple[Fraction, BridgeResult], ...]

    def __post_init__(self) -> None:
        if len(self.parts) == 1 and self.parts[0][0] == 1:
            return  # a single result (most tables): nothing to add up
        if not self.parts:
            raise ParseError(Text(N_("a weighted score needs at least one result")))
        if any(weight <= 0 for weight, _ in self.parts):
            raise ParseError(Text(N_("the weights of a weighted score must be positive")))
        total = sum(weight for weight, _ in self.parts)  # at least one part: a Fraction
        if total != 1:
            raise ParseError(
                Text(
                    N_("the weights of a weighted score add up to %(value)s%%, expected 100%%"),
                    value=f"{float(total) * 100:g}",
                )
            )

    @classmethod
    def single(cls, result: BridgeResult) -> WeightedResult:
        return cls(((_WHOLE, result),))

    @classmethod
    def parse(cls, text: str, vulnerability: Vulnerability) -> WeightedResult:
        """Read ``4S N =`` or ``30% 4S N = + 70% 4S N -1``."""
        chunks = [c.strip() for c in re.split(r"\s\+\s(?=\d+(?:\.\d+)?%)", text.strip())]
        if len(chunks) == 1 and not re.match(r"\d+(\.\d+)?%", chunks[0]):
            return cls.single(BridgeResult.parse(chunks[0], vulnerability))
        parts = []
        for chunk in chunks:
            match = re.fullmatch(r"(\d+(?:\.\d+)?)%\s*(?:of\s+)?(.+)", chunk)
            if not match:
                raise ParseError(
                    Text(
                        N_(
                            "not a weighted part: %(chunk)s (expected a weight and a result, like "
                            "'30%% 4S N =')"
                        ),
                        chunk=repr(chunk),
                    )
                )
            weight = Fraction(match.group(1)) / 100
            parts.append((weight, BridgeResult.parse(match.group(2), vulnerability)))
        return cls(tuple(parts))

    @property
    def result(self) -> BridgeResult | None:
        """The single result, when not weighted."""
        return self.parts[0][1] if len(self.parts) == 1 else None

    @property
    def is_weighted(self) -> bool:
        return len(self.parts) > 1

    def scores_for(self, side: Side) -> tuple[tuple[Fraction, int], ...]:
        return tuple((weight, result.score_for(side)) for weight, result in self.parts)

    def __str__(self) -> str:
        if len(self.parts) == 1:
            return str(self.parts[0][1])
        return " + ".join(f"{float(w * 100):g}% {r}" for w, r in self.parts)


SideScore = WeightedResult | Artificial | None


class RowKey(NamedTuple):
    """A traveller row's natural key: where it was played, or by whom when that is unknown.

    A row with a round and a table is that position on the board: a correction or a result sent
    again from the table has the same key whatever it says. A row without them is known by its
    pairs (``ns``, ``ew``), which are left empty otherwise.
    """

    section: str | None
    board: int
    round: int | None
    table: str | None
    ns: tuple[int, ...] = ()
    ew: tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = [f"section {self.section}"] if self.section else []
        parts.append(f"board {self.board}")
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.table is not None:
            parts.append(f"table {self.table}")
        if self.ns:
            parts.append(f"{'-'.join(map(str, self.ns))} v {'-'.join(map(str, self.ew))}")
        return ", ".join(parts)

    @property
    def said(self) -> Text:
        """:meth:`__str__` as a sentence keeps it, said in the reader's language (the pairs'
        numbers as written)."""
        parts = [Text(N_("section %(section)s"), section=self.section)] if self.section else []
        parts.append(Text(N_("board %(board)s"), board=self.board))
        if self.round is not None:
            parts.append(Text(N_("round %(round)s"), round=self.round))
        if self.table is not None:
            parts.append(Text(N_("table %(table)s"), table=self.table))
        if self.ns:
            ns, ew = "-".join(map(str, self.ns)), "-".join(map(str, self.ew))
            parts.append(Text(N_("%(ns)s v %(ew)s"), ns=ns, ew=ew))
        said = parts[0]
        for part in parts[1:]:
            said = Text(N_("%(list)s, %(item)s"), list=said, item=part)
        return said


@dataclass(frozen=True)
class TableResult:
    """One table's entry on one board's traveller.

    ``ns`` and ``ew`` are the numbers of the pair (one number) or of the two players (North and
    South, East and West) who held the NS and EW cards. ``arrow`` marks a Mitchell round where
    the boards were turned: the pair numbered in ``ns`` is then an EW-line pair.
    """

    board: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    ns_side: SideScore
    ew_side: SideScore
    assigned: bool = False
    table: str | None = None
    round: int | None = None
    lead: str | None = None
    arrow: bool = False
    group: str | None = None
    vulnerability: Vulnerability | None = None  # this copy's, when a fouled board's copies differ
    section: str | None = None
    names: tuple[str | None, ...] = field(default=(), compare=False)
    line: int | None = field(default=None, compare=False)

    @property
    def key(self) -> RowKey:
        """This row's natural key (see :class:`RowKey`)."""
        if self.round is not None and self.table is not None:
            return RowKey(self.section, self.board, self.round, self.table)
        return RowKey(self.section, self.board, self.round, self.table, self.ns, self.ew)

    @property
    def identity(self) -> RowKey:
        """The row's key with its pairs always in it: unique in any session, teams included,
        where both rooms of a match may carry the same round and table."""
        return RowKey(self.section, self.board, self.round, self.table, self.ns, self.ew)

    def side(self, side: Side) -> SideScore:
        return self.ns_side if side is Side.NS else self.ew_side

    @property
    def played(self) -> bool:
        return self.ns_side is not None or self.ew_side is not None

    @property
    def result(self) -> BridgeResult | None:
        """The one bridge result both sides are scored on, if there is one."""
        ns = self.ns_side
        if (
            isinstance(ns, WeightedResult)
            # the readers share one side score between both sides: compared only if not
            and (ns is self.ew_side or ns == self.ew_side)
            and not ns.is_weighted
        ):
            return ns.result
        return None

    @property
    def kind(self) -> str:
        """A word for what happened at the table, for travellers and explanations."""
        if not self.played:
            return "not played"
        if isinstance(self.ns_side, Artificial) or isinstance(self.ew_side, Artificial):
            return "artificial"
        if self.ns_side != self.ew_side:
            return "split"
        if isinstance(self.ns_side, WeightedResult) and self.ns_side.is_weighted:
            return "weighted"
        if self.assigned:
            return "assigned"
        result = self.result
        return "passed out" if result is not None and result.passed_out else "played"

    def describe(self) -> str:
        """The table's entry in traveller notation."""
        if not self.played:
            return "NP"
        if self.ns_side == self.ew_side:
            return str(self.ns_side)
        if isinstance(self.ns_side, Artificial) and isinstance(self.ew_side, Artificial):
            return f"{self.ns_side}/{self.ew_side}"
        return f"NS {self.ns_side} | EW {self.ew_side}"


def parse_side_scores(text: str, vulnerability: Vulnerability) -> tuple[SideScore, SideScore, bool]:
    """Read an adjusted-score entry; returns (NS, EW, assigned).

    ``NP`` (not played), ``A`` (average both), ``A+/A-`` or ``60/40`` (NS then EW), an
    assigned result ``4S N =``, a weighted one ``30% 4S N = + 70% 4S N -1``, or a split one
    ``NS 4S N = | EW 4S N -1``.
    """
    value = text.strip()
    upper = value.upper()
    if upper in ("NP", "NOT PLAYED"):
        return None, None, False
    if upper in ("A", "AVE", "A=", "50/50"):
        average = Artificial.parse("A")
        return average, average, False
    if "|" in value:
        sides: dict[str, SideScore] = {}
        for chunk in value.split("|"):
            label, _, rest = chunk.strip().partition(" ")
            if label.upper() not in ("NS", "EW") or label.upper() in sides:
                raise ParseError(
                    Text(
                        N_("not a split score: %(text)s (expected 'NS <result> | EW <result>')"),
                        text=repr(text),
                    )
                )
            sides[label.upper()] = _one_side(rest, vulnerability)
        # two chunks or more, each a different NS or EW: both sides are there
        return sides["NS"], sides["EW"], True
    if "/" in value:
        left, _, right = value.partition("/")
        return Artificial.parse(left), Artificial.parse(right), False
    return *_both(WeightedResult.parse(value, vulnerability)), True


def _one_side(text: str, vulnerability: Vulnerability) -> SideScore:
    if re.fullmatch(r"(?i)\s*(A[+-]?|AVE[+-]?|\d+(\.\d+)?%)\s*", text):
        return Artificial.parse(text)
    return WeightedResult.parse(text, vulnerability)


def _both(side: SideScore) -> tuple[SideScore, SideScore]:
    return side, side


def entrants_of(results: Iterable[TableResult]) -> set[int]:
    """Every pair or player number that appears in the results."""
    return {number for r in results for number in (*r.ns, *r.ew)}
