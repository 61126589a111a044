"""Named rule sets: the settings a federation or club scores by (rules.md §10).

Every setting can be overridden on its own with :meth:`Rules.with_`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from bridgescore.errors import ParseError


class _Named(Enum):
    @classmethod
    def parse(cls, text: str) -> Any:
        key = text.strip().lower().replace("_", "-")
        for member in cls:
            if member.value == key:
                return member
        names = ", ".join(m.value for m in cls)
        raise ParseError(f"not a {cls.__name__} setting: {text!r} (expected one of {names})")

    def __str__(self) -> str:
        return str(self.value)


class Compensation(_Named):
    """How real results are brought to the top when some tables have no comparable result."""

    NONE = "none"  # boards keep their own top (seeds 000 and 003 for sit-outs)
    AVERAGE = "average"  # each missing result counts as a tie (seed 000 SC 2.4, rules.md §4.4)
    NEUBERG = "neuberg"  # rules.md §4.1
    RATIO = "ratio"  # ratio of tops, rules.md §4.3


class SmallGroups(_Named):
    """How small groups of a fouled board are scored (rules.md §5.5)."""

    NEUBERG = "neuberg"  # always Neuberg
    EBU = "ebu"  # White Book 4.2.3.3: groups of 2-3 that are at most a third of the results
    ACBL = "acbl"  # groups of 1-2, and of 3 unless the larger group


class Rounding(_Named):
    """How values are rounded for display (never inside the arithmetic)."""

    HALF_UP = "half-up"  # halves away from zero
    HALF_EVEN = "half-even"
    TRUNCATE = "truncate"  # cut, as seed 000 prints handicaps


class Method(_Named):
    """How each board is scored."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"  # IMPs against a datum (rules.md §6.4)
    CROSS_IMPS = "cross-imps"  # IMPs against every other result (rules.md §6.3)
    TEAMS = "teams"  # IMPs between the two rooms of a match, then victory points (§6.2, §6.5)


class Movement(_Named):
    """The field structure of a session (rules.md §7.3)."""

    MITCHELL = "mitchell"  # two fields: NS pairs and EW pairs
    HOWELL = "howell"  # one field of pairs
    INDIVIDUAL = "individual"  # one field of players
    TEAMS = "teams"  # teams of four: each team plays each board once in each room


@dataclass(frozen=True)
class Rules:
    """Everything that decides how a matchpoint session is scored and shown."""

    name: str = "club"
    scale: int = 2  # matchpoints per result beaten: 2 (top 2(n-1)) or 1 (top n-1)
    artificial_method: Compensation = Compensation.AVERAGE
    short_boards: Compensation = Compensation.NONE
    session_percentage_rule: bool = False  # Ave+ = max(60%, own %), Ave- = min(40%, own %)
    fouled_groups: SmallGroups = SmallGroups.EBU
    decimals: int = 2  # display only
    rounding: Rounding = Rounding.HALF_UP
    ties_on_display: bool = False  # rank on displayed values instead of exact ones
    handicap_rounding: Rounding = Rounding.TRUNCATE
    handicap_sum: bool = False  # pair handicap: mean of the players' (seed 000) or their sum
    sections_across: bool = False  # matchpoint and rank several sections as one field
    method: Method = Method.MATCHPOINTS
    datum_trim: str = "1"  # Butler: results dropped at each end, a count or a percentage ("10%")
    datum_rounding: str = "half-away"  # Butler datum to 10: half-up, half-even, half-away, none
    cross_imps: str = "comparisons"  # cross-IMP totals: sum, ÷ comparisons, ÷ results
    artificial_imps: int = 3  # Ave+ / Ave- at IMPs (Law 12C2(b))
    factor_totals: bool = True  # IMP totals of pairs who played fewer boards, × max / played
    # Matchpoint pairs: also give a total, × max / played for pairs who played fewer boards than
    # the most in their field (Compscore's TOTAL_SCORE); percentages and rankings are unchanged.
    factor_mp_totals: bool = False

    def __post_init__(self) -> None:
        if self.scale not in (1, 2):
            raise ParseError(f"not a matchpoint scale: {self.scale} (expected 1 or 2)")
        if self.artificial_method is Compensation.NONE:
            raise ParseError(
                "artificial scores need a compensation method: average, neuberg or ratio"
            )
        if not 0 <= self.decimals <= 6:
            raise ParseError(f"not a number of decimals: {self.decimals} (expected 0 to 6)")
        # The IMP settings are read by bridgescore.imps; check their spelling here without
        # importing it, so that matchpoint runs start quickly.
        if not re.fullmatch(r"\d+|\d+(\.\d+)?%( min \d+)?", self.datum_trim.strip()):
            raise ParseError(
                f"not a datum trim: {self.datum_trim!r} (expected a count like 1 or a "
                "percentage like 10%)"
            )
        if self.datum_rounding not in ("half-up", "half-even", "half-away", "none"):
            raise ParseError(
                f"not a datum rounding: {self.datum_rounding!r} (expected half-up, half-even, "
                "half-away or none)"
            )
        if self.cross_imps not in ("sum", "comparisons", "results"):
            raise ParseError(
                f"not a cross-IMP form: {self.cross_imps!r} (expected sum, comparisons or results)"
            )

    def with_(self, **changes: Any) -> Rules:
        """A copy with some settings changed; text values are parsed."""
        known = {f.name: f for f in fields(self)}
        parsed: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in known:
                raise ParseError(f"not a rules setting: {key!r}")
            if value is None:
                continue
            current = getattr(self, key)
            if isinstance(current, _Named) and isinstance(value, str):
                value = type(current).parse(value)
            elif isinstance(current, bool) and isinstance(value, str):
                value = value.strip().lower() in ("1", "yes", "true", "on")
            elif isinstance(current, int) and isinstance(value, str):
                value = int(value)
            elif isinstance(current, str) and not isinstance(value, str):
                value = str(value)
            parsed[key] = value
        return replace(self, **parsed)

    def describe(self) -> dict[str, Any]:
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    def overrides(self) -> dict[str, Any]:
        """The settings that differ from the named rule set this one started from."""
        base = RULE_SETS.get(self.name)
        if base is None:
            return {}
        return {
            f.name: _plain(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    @property
    def label(self) -> str:
        """The rule set's name with any settings changed from it: ``club (scale=1)``."""
        changed = ", ".join(f"{k}={v}" for k, v in self.overrides().items())
        return f"{self.name} ({changed})" if changed else self.name


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


# The seeds' conventions: seed 000 scale and SC 2.4 averages, sit-outs not factored (000, 003).
CLUB = Rules()

# EBU: Neuberg around artificial scores and for boards played fewer times, the session-percentage
# rule for Ave+/Ave- (White Book; rules.md §4.2, §5.2), small fouled groups per WB 4.2.3.3,
# one decimal (rules.md §3.6).
EBU = Rules(
    name="ebu",
    scale=2,
    artificial_method=Compensation.NEUBERG,
    short_boards=Compensation.NEUBERG,
    session_percentage_rule=True,
    fouled_groups=SmallGroups.EBU,
    decimals=1,
    handicap_rounding=Rounding.HALF_UP,
    handicap_sum=False,
    datum_trim="1",
    datum_rounding="half-up",
    cross_imps="comparisons",
)

# ACBL: half-matchpoint scale, Neuberg for adjusted boards (ACBLscore manual §92), ratio-of-tops
# factoring of boards played fewer times (rules.md §4.3), fixed 60/40, ACBL small fouled groups,
# two decimals.
ACBL = Rules(
    name="acbl",
    scale=1,
    artificial_method=Compensation.NEUBERG,
    short_boards=Compensation.RATIO,
    session_percentage_rule=False,
    fouled_groups=SmallGroups.ACBL,
    decimals=2,
    handicap_rounding=Rounding.HALF_UP,
    datum_trim="5%",  # ACBLscore drops 5% high and 5% low (rules.md §6.4)
    datum_rounding="half-even",  # ACBLscore: 425 -> 420, 435 -> 440
    cross_imps="comparisons",  # ACBLscore "Average IMPs"
)

RULE_SETS: dict[str, Rules] = {r.name: r for r in (CLUB, EBU, ACBL)}


def rules_named(name: str) -> Rules:
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        names = ", ".join(RULE_SETS)
        raise ParseError(f"no rule set named {name!r} (expected one of {names})") from None
