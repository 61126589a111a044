"""Named rule sets: the settings a federation or club scores by (rules.md §10).

Every setting is typed, can be overridden on its own with :meth:`Rules.with_`, and is described
once in :data:`SETTINGS`, the table from which the command line's options and ``check``'s search
for a file's conventions are both made.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from bridgescore.errors import ParseError, RulesError
from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.vocabulary import Vocabulary


class Compensation(Vocabulary, what=N_("a compensation method")):
    """How real results are brought to the top when some tables have no comparable result."""

    NONE = "none"  # boards keep their own top (seeds 000 and 003 for sit-outs)
    AVERAGE = "average"  # each missing result counts as a tie (seed 000 SC 2.4, rules.md §4.4)
    NEUBERG = "neuberg"  # rules.md §4.1
    RATIO = "ratio"  # ratio of tops, rules.md §4.3


class SmallGroups(Vocabulary, what=N_("a small-group rule")):
    """How small groups of a fouled board are scored (rules.md §5.5)."""

    NEUBERG = "neuberg"  # always Neuberg
    EBU = "ebu"  # White Book 4.2.3.3: groups of 2-3 that are at most a third of the results
    ACBL = "acbl"  # groups of 1-2, and of 3 unless the larger group


class Rounding(Vocabulary, what=N_("a rounding rule")):
    """How values are rounded for display (never inside the arithmetic)."""

    HALF_UP = "half-up"  # halves away from zero
    HALF_EVEN = "half-even"
    TRUNCATE = "truncate"  # cut, as seed 000 prints handicaps


class Method(Vocabulary, what=N_("a scoring method")):
    """How each board is scored: by field (matchpoints, Butler, cross-IMPs), or between the two
    rooms of a match (teams of four). A session of teams (its field structure) is scored by
    match whatever the method: :func:`bridgescore.scoring.method_of` decides."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"  # IMPs against a datum (rules.md §6.4)
    CROSS_IMPS = "cross-imps"  # IMPs against every other result (rules.md §6.3)
    TEAMS = "teams"  # IMPs between the two rooms of a match, then victory points (§6.2, §6.5)

    @property
    def title(self) -> str:
        """How a sentence names the method: "teams of four", else its word."""
        return "teams of four" if self is Method.TEAMS else self.value


class DatumRounding(Vocabulary, what=N_("a datum rounding")):
    """How a Butler datum is rounded to a multiple of 10 (§6.4, §10 item 8)."""

    HALF_UP = "half-up"
    """Ties towards +∞: 425 → 430, −445 → −440 ("nearest 10 points")."""
    HALF_EVEN = "half-even"
    """Ties to the even multiple (ACBLscore): 425 → 420, 435 → 440."""
    HALF_AWAY = "half-away"
    """Ties away from zero: 425 → 430, −445 → −450 (Compscore); symmetric between NS and EW."""
    NONE = "none"
    """No rounding: the exact mean is the datum."""

    def apply(self, value: Fraction | int, unit: int = 10) -> Fraction:
        """Round ``value`` to a multiple of ``unit`` under this rule."""
        if self is DatumRounding.NONE:
            return Fraction(value)
        units = Fraction(value) / unit
        if self is DatumRounding.HALF_UP:
            whole = math.floor(units + Fraction(1, 2))
        elif self is DatumRounding.HALF_EVEN:
            whole = round(units)
        else:
            whole = math.floor(abs(units) + Fraction(1, 2))
            whole = whole if units >= 0 else -whole
        return Fraction(whole * unit)


@dataclass(frozen=True)
class Trim:
    """How many scores a Butler datum drops at each end (§6.4, §10 item 7).

    Each end drops ``max(minimum, round_half_down(share × n))`` of the n scores (5% of 12 = 0.6
    drops 1; 5% of 10 = 0.5 drops 0; 5% of 30 = 1.5 drops 1), capped at ``(n − 1) // 2`` so that at
    least one score (two when n is even) always remains. A fixed count k is ``share=0, minimum=k``.
    A count by the number of results is a list of ``steps``, (count, from how many results): none
    for 3 or fewer, 1 at each end from 4, 2 from 11 is ``"1 from 4, 2 from 11"``.
    Notation: ``"1"``, ``"5%"``, ``"10% min 1"``, ``"1 from 4, 2 from 11"``.
    """

    share: Fraction = Fraction(0)
    minimum: int = 0
    steps: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.share < Fraction(1, 2):
            raise RulesError(
                Text(
                    N_("a datum cannot drop %(share)s%% of the scores at each end"),
                    share=str(self.share * 100),
                )
            )
        if self.minimum < 0:
            raise RulesError(
                Text(N_("a datum cannot drop %(minimum)s scores at each end"), minimum=self.minimum)
            )
        for (count, results), (next_count, next_results) in zip(
            self.steps, self.steps[1:], strict=False
        ):
            if next_results <= results or next_count < count:
                raise RulesError(
                    Text(
                        N_(
                            "datum trim steps must drop more from more results: %(count)s from "
                            "%(results)s, then %(next_count)s from %(next_results)s"
                        ),
                        count=count,
                        results=results,
                        next_count=next_count,
                        next_results=next_results,
                    )
                )

    @classmethod
    def by_results(cls, steps: tuple[tuple[int, int], ...]) -> Trim:
        """Drop a count that depends on the board's results: ``((1, 4), (2, 11))`` drops none
        up to 3 results, 1 at each end from 4 and 2 from 11."""
        return cls(steps=steps)

    @classmethod
    def count(cls, each_end: int) -> Trim:
        """Drop a fixed number of scores at each end (Hemel, PBN ``Butler-2``: 1)."""
        return cls(Fraction(0), each_end)

    @classmethod
    def percent(cls, percent: Fraction | int, minimum: int = 0) -> Trim:
        """Drop a percentage at each end (ACBLscore 5, Sydney 10), at least ``minimum``."""
        return cls(Fraction(percent) / 100, minimum)

    @classmethod
    def parse(cls, text: str) -> Trim:
        """Read ``"2"``, ``"5%"``, ``"5% min 1"`` or ``"1 from 4, 2 from 11"``."""
        words = text.strip().lower().split()
        try:
            if "from" in words:
                steps = []
                for part in text.lower().split(","):
                    count, word, results = part.split()
                    if word != "from":
                        raise ValueError(text)
                    steps.append((int(count), int(results)))
                return cls.by_results(tuple(steps))
            if len(words) == 1 and not words[0].endswith("%"):
                return cls.count(int(words[0]))
            if len(words) in (1, 3) and words[0].endswith("%"):
                if len(words) == 3 and words[1] != "min":
                    raise ValueError(text)
                minimum = int(words[2]) if len(words) == 3 else 0
                return cls.percent(Fraction(words[0][:-1]), minimum)
        except (ValueError, ZeroDivisionError):
            pass
        raise ParseError(
            Text(
                N_(
                    "cannot read datum trim %(text)s; expected e.g. '1', '5%%', '5%% min 1' or "
                    "'1 from 4, 2 from 11'"
                ),
                text=repr(text),
            )
        )

    def each_end(self, results: int) -> int:
        """Number of scores dropped at each end of a board with ``results`` scores."""
        if self.steps:
            count = max((c for c, start in self.steps if start <= results), default=0)
            return min(count, (results - 1) // 2)
        proportional = math.ceil(self.share * results - Fraction(1, 2))  # round half down
        return min(max(self.minimum, proportional), (results - 1) // 2)

    def __str__(self) -> str:
        if self.steps:
            return ", ".join(f"{count} from {results}" for count, results in self.steps)
        if self.share == 0:
            return str(self.minimum)
        percent = self.share * 100
        digits = 0
        while (percent * 10**digits).denominator != 1 and digits < 6:
            digits += 1
        shown = f"{float(percent):.{digits}f}" if digits < 6 else str(percent)
        text = f"{shown}%"
        return f"{text} min {self.minimum}" if self.minimum else text


class CrossImpNormalisation(
    Vocabulary,
    what=N_("a cross-IMP division"),
    aliases={"Cross": "sum", "Cross1": "results", "Cross2": "comparisons"},
):
    """What a cross-IMP total is divided by (§6.3, §10 item 9)."""

    SUM = "sum"
    """The plain total (ACBLscore "Total IMPs", PBN ``Cross``)."""
    COMPARISONS = "comparisons"
    """÷ (n − 1) (ACBLscore "Average IMPs", PBN ``Cross2``, BBO): IMPs per comparison."""
    RESULTS = "results"
    """÷ n (PBN ``Cross1``)."""

    def divisor(self, results: int) -> int:
        """The divisor for a board with ``results`` results."""
        if self is CrossImpNormalisation.SUM:
            return 1
        return results - 1 if self is CrossImpNormalisation.COMPARISONS else results


class VpScale(Vocabulary, what=N_("a victory-point scale")):
    """The WBF 2013 victory-point scale a teams match is converted on (rules.md §6.5)."""

    CONTINUOUS = "continuous"  # VPs to 0.01
    DISCRETE = "discrete"  # whole VPs


class Totals(Vocabulary, what=N_("a way of adding totals")):
    """What a pair's total and percentage are summed from (docs/rules.md, "Totals as shown")."""

    EXACT = "exact"  # the exact values of its rows
    SHOWN = "shown"  # each row's value as shown: rounded to ``decimals`` by ``rounding`` first


class TeamsScoring(Vocabulary, what=N_("a teams scoring")):
    """How each board of a teams-of-four match is scored (rules.md §6.2, §6.6)."""

    IMPS = "imps"  # IMPs on the difference between the rooms, the match converted to VPs
    BOARD_A_MATCH = "board-a-match"  # a point a board: the better room total wins it


_ONE_EACH_END = Trim.count(1)


@dataclass(frozen=True)
class Rules:
    """Everything that decides how a matchpoint session is scored and shown."""

    name: str = "club"
    scale: int = 2  # matchpoints per result beaten: 2 (top 2(n-1)) or 1 (top n-1)
    artificial_method: Compensation = Compensation.AVERAGE
    short_boards: Compensation = Compensation.NONE
    session_percentage_rule: bool = False  # Ave+ = max(60%, own %), Ave- = min(40%, own %)
    fouled_groups: SmallGroups = SmallGroups.EBU
    # Boards played by few tables scored as a small group of a fouled board (rules.md §5.5)
    # when they qualify under ``fouled_groups``, instead of by ``short_boards``.
    short_small_groups: bool = False
    decimals: int = 2  # display only
    rounding: Rounding = Rounding.HALF_UP
    ties_on_display: bool = False  # rank on displayed values instead of exact ones
    handicap_rounding: Rounding = Rounding.TRUNCATE
    handicap_sum: bool = False  # pair handicap: mean of the players' (seed 000) or their sum
    sections_across: bool = False  # matchpoint and rank several sections as one field
    one_winner: bool = False  # rank both lines of a Mitchell together (USEBIO WINNER_TYPE 1)
    method: Method = Method.MATCHPOINTS
    datum_trim: Trim = _ONE_EACH_END  # Butler: results dropped at each end
    datum_rounding: DatumRounding = DatumRounding.HALF_AWAY  # Butler datum to a multiple of 10
    cross_imps: CrossImpNormalisation = CrossImpNormalisation.COMPARISONS  # cross-IMP totals
    artificial_imps: int = 3  # Ave+ / Ave- at IMPs (Law 12C2(b))
    vp_scale: VpScale = VpScale.CONTINUOUS  # teams: victory points to 0.01 or whole
    teams_scoring: TeamsScoring = TeamsScoring.IMPS  # teams: IMPs and VPs, or board-a-match
    totals: Totals = Totals.EXACT  # totals of the exact row values, or of the rows as shown
    factor_totals: bool = True  # IMP totals of pairs who played fewer boards, × max / played
    # Matchpoint pairs: also give a total, × max / played for pairs who played fewer boards than
    # the most in their field (Compscore's TOTAL_SCORE); percentages and rankings are unchanged.
    factor_mp_totals: bool = False

    def __post_init__(self) -> None:
        if self.scale not in (1, 2):
            raise ParseError(
                Text(N_("not a matchpoint scale: %(scale)s (expected 1 or 2)"), scale=self.scale)
            )
        if self.artificial_method is Compensation.NONE:
            raise ParseError(
                Text(N_("artificial scores need a compensation method: average, neuberg or ratio"))
            )
        if not 0 <= self.decimals <= 6:
            raise ParseError(
                Text(
                    N_("not a number of decimals: %(decimals)s (expected 0 to 6)"),
                    decimals=self.decimals,
                )
            )

    def with_(self, **changes: Any) -> Rules:
        """A copy with some settings changed; text values are parsed as the settings table
        reads them (``with_(datum_trim="5%", sections_across="across")``)."""
        known = {f.name: f for f in fields(self)}
        parsed: dict[str, Any] = {}
        for key, value in changes.items():
            if key not in known:
                raise ParseError(Text(N_("not a rules setting: %(key)s"), key=repr(key)))
            if value is None:
                continue
            current = getattr(self, key)
            setting = SETTING_BY_FIELD.get(key)
            if isinstance(value, str) and not isinstance(current, str):
                if isinstance(current, bool) and value.strip().lower() in _YES_NO:
                    value = _YES_NO[value.strip().lower()]
                elif setting is not None:
                    value = setting.read(value)
                elif isinstance(current, Vocabulary | Trim):
                    value = type(current).parse(value)
                elif isinstance(current, int):
                    value = _whole(value)
            parsed[key] = value
        return replace(self, **parsed)

    def with_declared(self, declared: Mapping[str, Any], given: Collection[str] = ()) -> Rules:
        """A copy with the settings a results file declares (its scoring method, a teams
        event's scoring, one winner ...), but those in ``given``: set on the command line,
        they win over the file."""
        return self.with_(**{k: v for k, v in declared.items() if k not in given})

    def describe(self) -> dict[str, Any]:
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}

    def overrides(self) -> dict[str, Any]:
        """The settings that differ from the named rule set this one started from."""
        base = RULE_SETS.get(self.name)
        if base is None:
            return {}
        return {
            f.name: plain(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }

    @property
    def label(self) -> str:
        """The rule set's name with any settings changed from it: ``club (scale=1)``."""
        changed = ", ".join(f"{k}={v}" for k, v in self.overrides().items())
        return f"{self.name} ({changed})" if changed else self.name


_YES_NO = {
    "yes": True,
    "true": True,
    "on": True,
    "1": True,
    "no": False,
    "false": False,
    "off": False,
    "0": False,
}


def plain(value: Any) -> Any:
    """A setting's value as plain data: an enum's word, a trim's notation, else itself."""
    if isinstance(value, Trim):
        return str(value)
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
    datum_trim=Trim.count(1),
    datum_rounding=DatumRounding.HALF_UP,
    cross_imps=CrossImpNormalisation.COMPARISONS,
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
    datum_trim=Trim.percent(5),  # ACBLscore drops 5% high and 5% low (rules.md §6.4)
    datum_rounding=DatumRounding.HALF_EVEN,  # ACBLscore: 425 -> 420, 435 -> 440
    cross_imps=CrossImpNormalisation.COMPARISONS,  # ACBLscore "Average IMPs"
)

RULE_SETS: dict[str, Rules] = {r.name: r for r in (CLUB, EBU, ACBL)}


def rules_named(name: str) -> Rules:
    try:
        return RULE_SETS[name.strip().lower()]
    except KeyError:
        names = ", ".join(RULE_SETS)
        raise ParseError(
            Text(
                N_("no rule set named %(name)s (expected one of %(names)s)"),
                name=repr(name),
                names=names,
            )
        ) from None


# --- the settings table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One rules setting as a user names it: its command-line flag and words, and the values
    ``check`` tries when it searches for the conventions a results file was scored with.

    ``read`` turns a word into the value :class:`Rules` holds and ``word`` turns it back; a
    ``switch`` is an on/off flag (``--session-rule`` / ``--no-session-rule``). ``methods`` are
    the scoring methods the setting matters to (all when empty); ``trials`` are the words
    ``check`` tries, nearest the usual first; a setting ``check`` does not search says why in
    ``unsearched`` (every setting has one or the other: a test holds the table to it).
    """

    field: str
    flag: str
    help: str
    words: tuple[str, ...] = ()
    read: Callable[[str], Any] = str
    word: Callable[[Any], str] = str
    switch: bool = False
    methods: tuple[Method, ...] = ()
    trials: tuple[str, ...] = ()
    unsearched: str = ""

    def option(self, value: Any) -> str:
        """The command-line option that sets ``value``."""
        if self.switch:
            return f"--{self.flag}" if value else f"--no-{self.flag}"
        return f"--{self.flag} {self.word(value)}"

    def applies_to(self, method: Method) -> bool:
        return not self.methods or method in self.methods


def _words(kind: type[Vocabulary]) -> tuple[str, ...]:
    return tuple(str(member.value) for member in kind)


def _enum(kind: type[Vocabulary]) -> Callable[[str], Any]:
    return kind.parse


def _whole(text: str) -> int:
    """A setting held as a whole number (``--decimals 2``), written in ASCII digits; anything
    else refused with what was given (Python's ``int`` would also take ``+2``, ``2_0``,
    ``٢``). The range is the setting's to check."""
    word = text.strip()
    digits = word.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ParseError(
            Text(N_("not a whole number: %(text)s (expected digits, such as 2)"), text=repr(text))
        )
    return int(word)


def _choice(yes: str, no: str) -> tuple[Callable[[str], bool], Callable[[Any], str]]:
    """A two-word setting held as a bool: ``yes`` is True, ``no`` False, any other word refused
    (never read as ``no``)."""

    def read(text: str) -> bool:
        word = text.strip().lower()
        if word not in (yes, no):
            raise ParseError(
                Text(N_("not %(yes)s or %(no)s: %(text)s"), yes=yes, no=no, text=repr(text))
            )
        return word == yes

    return read, (lambda value: yes if value else no)


_TIES = _choice("display", "exact")
_SWITCH = _choice("on", "off")
_PAIR = _choice("sum", "mean")
_SECTIONS = _choice("across", "within")
_WINNERS = _choice("one", "two")
_MP = (Method.MATCHPOINTS,)

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "scale",
        "scale",
        N_("Matchpoints per result beaten: 2 (top 2(n-1)) or 1 (top n-1)."),
        ("1", "2"),
        _whole,
        methods=_MP,
        trials=("2", "1"),
    ),
    Setting(
        "artificial_method",
        "artificial-method",
        N_("How real results are compensated on boards with artificial scores."),
        ("average", "neuberg", "ratio"),
        _enum(Compensation),
        methods=_MP,
        trials=("average", "neuberg", "ratio"),
    ),
    Setting(
        "short_boards",
        "short-boards",
        N_("Factoring of boards with fewer results than the most on any board."),
        _words(Compensation),
        _enum(Compensation),
        methods=_MP,
        trials=("none", "average", "neuberg", "ratio"),
    ),
    Setting(
        "session_percentage_rule",
        "session-rule",
        N_("Ave+/Ave- become the pair's own percentage when better/worse."),
        (),
        *_SWITCH,
        switch=True,
        methods=_MP,
        trials=("off", "on"),
    ),
    Setting(
        "fouled_groups",
        "fouled-groups",
        N_("How small groups of a fouled board are scored."),
        _words(SmallGroups),
        _enum(SmallGroups),
        methods=_MP,
        trials=("ebu", "acbl", "neuberg"),
    ),
    Setting(
        "short_small_groups",
        "short-small-groups",
        N_(
            "Score a board played by few tables (2 or 3, at most a third of the field under the "
            "EBU rule) like a small group of a fouled board: 65/55%, 70/60/50%."
        ),
        (),
        *_SWITCH,
        switch=True,
        methods=_MP,
        trials=("off", "on"),
    ),
    Setting(
        "decimals",
        "decimals",
        N_("Decimals shown (0 to 6)."),
        (),
        _whole,
        unsearched=N_("check compares each figure at the decimals the file writes it with"),
    ),
    Setting(
        "rounding",
        "rounding",
        N_("How shown values are rounded (never the arithmetic)."),
        _words(Rounding),
        _enum(Rounding),
        trials=("half-up", "half-even", "truncate"),
    ),
    Setting(
        "ties_on_display",
        "ties",
        N_("Decide tied places on exact values or on the values shown."),
        ("exact", "display"),
        *_TIES,
        trials=("exact", "display"),
    ),
    Setting(
        "handicap_rounding",
        "handicap-rounding",
        N_("How handicaps are shown (seed 000 truncates)."),
        _words(Rounding),
        _enum(Rounding),
        unsearched=N_(
            "a handicap is shown, never compared: check compares the handicapped "
            "percentage, which is exact"
        ),
    ),
    Setting(
        "handicap_sum",
        "pair-handicap",
        N_("A pair's handicap: the mean of its players' (seed 000) or the sum."),
        ("mean", "sum"),
        *_PAIR,
        unsearched=N_("check takes each pair's handicap from the file"),
    ),
    Setting(
        "method",
        "method",
        N_(
            "How boards are scored: matchpoints, IMPs against a datum (butler), IMPs against every "
            "other result (cross-imps), or teams of four."
        ),
        _words(Method),
        _enum(Method),
        unsearched=N_("the file says how its boards were scored"),
    ),
    Setting(
        "datum_trim",
        "datum-trim",
        N_("Butler: results dropped at each end, e.g. 1 or 10%."),
        (),
        Trim.parse,
        methods=(Method.BUTLER,),
        trials=("1", "0", "10%"),
    ),
    Setting(
        "datum_rounding",
        "datum-rounding",
        N_("Butler: how the datum is rounded to a multiple of 10."),
        _words(DatumRounding),
        _enum(DatumRounding),
        methods=(Method.BUTLER,),
        trials=("half-away", "half-up", "half-even", "none"),
    ),
    Setting(
        "cross_imps",
        "cross-imps",
        N_("Cross-IMPs: the sum, or divided by the comparisons or by the results."),
        _words(CrossImpNormalisation),
        _enum(CrossImpNormalisation),
        methods=(Method.CROSS_IMPS,),
        trials=("comparisons", "sum", "results"),
    ),
    Setting(
        "vp_scale",
        "vp-scale",
        N_("Teams: the WBF victory-point scale, continuous (to 0.01) or discrete (whole VPs)."),
        _words(VpScale),
        _enum(VpScale),
        trials=("continuous", "discrete"),
    ),
    Setting(
        "teams_scoring",
        "teams-scoring",
        N_(
            "Teams of four: IMPs converted to victory points, or board-a-match (a point a board "
            "to the better total of the two rooms, half each when equal)."
        ),
        _words(TeamsScoring),
        _enum(TeamsScoring),
        unsearched=N_("the file says how its boards were scored"),
    ),
    Setting(
        "totals",
        "totals",
        N_(
            "Totals and percentages from the exact row values, or from each row as shown "
            "(rounded to --decimals by --rounding first), as EBUScore and ScoreBridge do."
        ),
        _words(Totals),
        _enum(Totals),
        trials=("exact", "shown"),
    ),
    Setting(
        "sections_across",
        "sections",
        N_("Matchpoint several sections separately or as one field."),
        ("within", "across"),
        *_SECTIONS,
        trials=("within", "across"),
    ),
    Setting(
        "one_winner",
        "winners",
        N_(
            "A Mitchell's two lines ranked apart (two winners) or together (one winner, as "
            "USEBIO's WINNER_TYPE 1 says)."
        ),
        ("two", "one"),
        *_WINNERS,
        trials=("two", "one"),
    ),
)
"""Every setting a user can change from the command line, in the order ``--help`` lists them."""

SETTING_BY_FIELD: dict[str, Setting] = {s.field: s for s in SETTINGS}
