"""Contracts and their Law 77 scores."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from functools import cache

from bridgescore.bridge import Doubling, Seat, Side, Strain, Vulnerability
from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

# A contract is read by hand as the pattern
# r"(?i)^([1-7])\s*(NT|N|C|D|H|S|♣|♦|♥|♠)\s*(XX|X|R|\*\*|\*)?$" reads it (with ignored case,
# "ſ" is also an S; \s is what str.strip removes), which compiling cost every command's start.
_LEVELS = frozenset("1234567")
_STRAINS = frozenset("NnCcDdHhSs\u017f♣♦♥♠")
_RISKS = frozenset({"X", "x", "XX", "Xx", "xX", "xx", "R", "r", "**", "*"})
# Each spelling of a doubling, upper-cased: a star a double, R a redouble.
_DOUBLINGS = {
    "": Doubling.UNDOUBLED,
    "X": Doubling.DOUBLED,
    "*": Doubling.DOUBLED,
    "XX": Doubling.REDOUBLED,
    "**": Doubling.REDOUBLED,
    "R": Doubling.REDOUBLED,
}


def _contract_parts(text: str) -> tuple[str, str, str] | None:
    """The level, strain and doubling texts of a contract, or None if it is not one."""
    if text.endswith("\n"):  # as ``$`` allows
        text = text[:-1]
    if text[:1] not in _LEVELS:
        return None
    rest = text[1:].lstrip()
    if rest[:1] in ("N", "n") and rest[1:2] in ("T", "t"):
        strain = rest[:2]
    elif rest[:1] in _STRAINS:
        strain = rest[:1]
    else:
        return None
    risk = rest[len(strain) :].lstrip()
    if risk and risk not in _RISKS:
        return None
    return text[0], strain, risk


@dataclass(frozen=True, order=True, repr=False)  # its own __repr__ (below)
class Contract:
    """A contract that was played: level 1-7, strain and doubling. ``str`` gives ``4SX``."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(
                Text(N_("not a contract level: %(level)s (expected 1 to 7)"), level=self.level)
            )

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``3NT``, ``4S``, ``4SX``, ``6HXX`` (also ``3N``, ``4S*``, ``2HR``)."""
        parts = _contract_parts(text.strip().replace(" ", ""))
        if not parts:
            raise ParseError(
                Text(
                    N_(
                        "not a contract: %(text)s (expected level 1-7, strain C D H S NT, then X "
                        "or XX, like 4S or 3NTX)"
                    ),
                    text=repr(text),
                )
            )
        level, strain, risk = parts
        return cls(int(level), Strain.parse(strain), _DOUBLINGS[risk.upper()])

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"

    def score(self, tricks: int, vulnerable: bool) -> int:
        """Law 77 points to declarer's side for ``tricks`` won by declarer (rules.md §1.5)."""
        if not 0 <= tricks <= 13:
            raise ParseError(
                Text(N_("not a number of tricks: %(tricks)s (expected 0 to 13)"), tricks=tricks)
            )
        multiplier = self.doubling.value
        need = self.tricks_needed
        if tricks >= need:
            trick_score = (self.level * self.strain.trick_value) * multiplier
            if self.strain is Strain.NOTRUMP:
                trick_score += 10 * multiplier
            points = trick_score
            if trick_score >= 100:
                points += 500 if vulnerable else 300
            else:
                points += 50
            if self.level == 6:
                points += 750 if vulnerable else 500
            elif self.level == 7:
                points += 1500 if vulnerable else 1000
            points += {1: 0, 2: 50, 4: 100}[multiplier]
            over = tricks - need
            if self.doubling is Doubling.UNDOUBLED:
                points += over * self.strain.trick_value
            else:
                points += over * (200 if vulnerable else 100) * (multiplier // 2)
            return points
        down = need - tricks
        if self.doubling is Doubling.UNDOUBLED:
            return -down * (100 if vulnerable else 50)
        if vulnerable:
            penalty = 200 + 300 * (down - 1)
        else:
            # Law 77: 100 for the first undertrick, 200 each for the second and third, 300 each
            # after them.
            penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -penalty * (multiplier // 2)

    def ns_score(self, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
        """The score from North-South's point of view."""
        side = declarer.side
        points = self.score(tricks, vulnerability.is_vulnerable(side))
        return points if side is Side.NS else -points


@cache
def possible_scores(vulnerability: Vulnerability) -> frozenset[int]:
    """Every North-South score a board can have at this vulnerability: each contract, doubled or
    not, by either side, with 0 to 13 tricks, and 0 for a pass-out (rules.md §1)."""
    scores = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for declarer in (Seat.N, Seat.E):
                    for tricks in range(14):
                        scores.add(contract.ns_score(declarer, tricks, vulnerability))
    return frozenset(scores)


def nearest_scores(score: int, vulnerability: Vulnerability) -> tuple[int, ...]:
    """The possible scores just below and just above ``score`` (one when it is off the ends)."""
    ordered = _ordered(vulnerability)
    at = bisect_left(ordered, score)
    return tuple(ordered[i] for i in (at - 1, at) if 0 <= i < len(ordered))


@cache
def _ordered(vulnerability: Vulnerability) -> tuple[int, ...]:
    return tuple(sorted(possible_scores(vulnerability)))


def parse_tricks(text: str, contract: Contract) -> int:
    """Read a result as tricks taken (``9``) or relative to the contract (``=``, ``+1``, ``-2``)."""
    value = text.strip()
    # (+0 and -0 are read below, as any relative result.)
    if value in ("=", "=0", "0=") or value.upper() in ("MADE", "M"):
        return contract.tricks_needed
    # As re.fullmatch(r"[+-]\d{1,2}") and r"\d{1,2}" (\d is str.isdecimal), uncompiled.
    if 2 <= len(value) <= 3 and value[0] in ("+", "-") and value[1:].isdecimal():
        tricks = contract.tricks_needed + int(value)
    elif 1 <= len(value) <= 2 and value.isdecimal():
        tricks = int(value)
    else:
        raise ParseError(
            Text(
                N_("not a result: %(text)s (expected tricks taken 0-13, or =, +1, -2 ...)"),
                text=repr(text),
            )
        )
    if not 0 <= tricks <= 13:
        raise ParseError(
            Text(
                N_(
                    "impossible result %(text)s for %(contract)s: %(tricks)s tricks (expected 0 to "
                    "13)"
                ),
                text=repr(text),
                contract=contract,
                tricks=tricks,
            )
        )
    return tricks


def format_result(contract: Contract, tricks: int) -> str:
    """The relative form of a result: ``=``, ``+1``, ``-2``."""
    over = tricks - contract.tricks_needed
    return "=" if over == 0 else f"{over:+d}"
