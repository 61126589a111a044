"""The settings worth trying when a file's figures do not reproduce, and the command-line options
that name the one found. Both come from the settings table (:data:`bridgescore.rules.SETTINGS`):
each setting lists the values ``check`` tries and spells its own option, or says why ``check``
does not search it.

A setting is searched only where it can change a figure of this file: the compensation around
artificial scores where there are some, the factoring of boards played fewer times where boards
have fewer results, the ranking of sections across the field where there are several, and so
on. :class:`SearchPlan` says, setting by setting, what was tried and why the rest was not.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgescore.bridge import Side
from bridgescore.languages import N_
from bridgescore.languages.text import Text, shown
from bridgescore.rules import SETTINGS, Rules, Setting, TeamsScoring, plain
from bridgescore.session import FieldStructure, Session
from bridgescore.traveller import Artificial

if TYPE_CHECKING:
    from bridgescore.check.figures import Figures
    from bridgescore.check.rescore import Trial

SEARCHED: tuple[Setting, ...] = tuple(s for s in SETTINGS if s.trials)
"""The settings ``check`` searches over, in the table's order."""

GRID_LIMIT = 3000
"""Beyond this many combinations, only those changing at most :data:`CHANGES_LIMIT` settings
are tried (and the plan says so)."""
CHANGES_LIMIT = 3


@dataclass(frozen=True)
class Searched:
    """One setting as the search treated it: the values tried, or why none were."""

    setting: Setting
    tried: tuple[str, ...] = ()
    why_not: Text | None = None  # English in check's JSON, the reader's language in its report

    @property
    def label(self) -> str:
        return self.setting.flag

    def describe(self) -> str:
        if self.tried:
            return f"--{self.setting.flag} {', '.join(self.tried)}"
        return f"--{self.setting.flag}: {shown(self.why_not)}"


@dataclass(frozen=True)
class SearchPlan:
    """The rule settings to try, nearest the chosen rules first, and what each setting of the
    table contributed to them."""

    candidates: tuple[Rules, ...]
    settings: tuple[Searched, ...]
    combinations: int  # the size of the whole grid
    changes_limit: int | None = None  # set when the grid was cut to so many changes

    @property
    def searched(self) -> tuple[Searched, ...]:
        return tuple(s for s in self.settings if s.tried)

    @property
    def not_searched(self) -> tuple[Searched, ...]:
        return tuple(s for s in self.settings if not s.tried)


def _artificial(session: Session) -> bool:
    return any(isinstance(s, Artificial) for t in session.tables for s in (t.ns_side, t.ew_side))


def _follows_session(session: Session) -> bool:
    return any(
        isinstance(s, Artificial) and s.follows_session
        for t in session.tables
        for s in (t.ns_side, t.ew_side)
    )


def _few_results(session: Session) -> bool:
    """Some board played by 2 or 3 tables while another has more."""
    counts = _counts(session, False)
    return _uneven(session, False) and any(2 <= n <= 3 for n in counts.values())


def _equal_shown(figures: Figures) -> bool:
    """Whether two entrants the file places show the same percentage (or total): only then
    can deciding places on the values shown change a place."""
    seen: set[tuple[object, ...]] = set()
    for s in figures.reported.standings:
        if s.place is None:
            continue
        shown = s.percentage if s.percentage is not None else s.total
        key = (s.entrant.section, shown)  # either line: one winner ranks them together
        if shown is not None and key in seen:
            return True
        seen.add(key)
    return False


# Why a setting cannot change any figure of this file, or None when it can.
_IRRELEVANT: dict[str, Callable[[Figures], str | None]] = {
    "artificial_method": lambda f: (
        None if _artificial(f.session) else N_("the file has no artificial scores")
    ),
    "short_boards": lambda f: (
        None
        if _uneven(f.session, False) or _uneven(f.session, True)
        else N_("every board has as many results as the most")
    ),
    "session_percentage_rule": lambda f: (
        None if _follows_session(f.session) else N_("the file has no Ave+ or Ave- to replace")
    ),
    "fouled_groups": lambda f: (
        None if any(t.group for t in f.session.tables) else N_("the file has no fouled boards")
    ),
    "short_small_groups": lambda f: (
        None
        if _few_results(f.session)
        else N_("no board is played by only 2 or 3 tables while others have more")
    ),
    "sections_across": lambda f: (
        None if len(f.session.sections) > 1 else N_("the file has one section")
    ),
    "ties_on_display": lambda f: (
        None
        if _equal_shown(f)
        else N_("no two entrants the file ranks show the same figure, so no place can be shared")
    ),
    "totals": lambda f: (
        None
        if any(s.percentage is not None or s.total is not None for s in f.reported.standings)
        else N_("the file gives no totals or percentages")
    ),
    "one_winner": lambda f: (
        None
        if FieldStructure.MITCHELL in (f.session.structure, *f.session.section_structures.values())
        and any(s.place is not None for s in f.reported.standings)
        else N_("no Mitchell with places to rank")
    ),
    "vp_scale": lambda f: (
        None
        if f.teams_scoring is TeamsScoring.IMPS
        else N_("not a teams event scored by IMPs and victory points")
    ),
}


def plan(figures: Figures, rules: Rules) -> SearchPlan:
    """The rule settings worth trying for ``figures``, nearest the chosen ``rules`` first: the
    table's searched settings that matter to the rules' method and can change a figure of this
    file. A grid larger than :data:`GRID_LIMIT` is cut to the combinations changing at most
    :data:`CHANGES_LIMIT` settings."""
    teams = figures.session.structure is FieldStructure.TEAMS
    grid: dict[str, list[Any]] = {}
    report: list[Searched] = []
    for setting in SETTINGS:
        if not setting.trials:
            report.append(Searched(setting, why_not=Text(setting.unsearched)))
            continue
        declared = figures.declared.get(setting.field)
        if declared is not None and declared != getattr(rules, setting.field):
            # The command line overrode what the file says: the file's own value is tried too.
            values = [getattr(rules, setting.field), declared]
            grid[setting.field] = values
            report.append(Searched(setting, tuple(setting.word(v) for v in values)))
            continue
        why = _why_not(setting, figures, rules, teams)
        if why is not None:
            report.append(Searched(setting, why_not=why))
            continue
        values = [setting.read(word) for word in setting.trials]
        current = getattr(rules, setting.field)
        if current not in values:
            values.insert(0, current)
        grid[setting.field] = values
        report.append(Searched(setting, tuple(setting.word(v) for v in values)))
    keys = list(grid)
    combinations = math.prod(len(v) for v in grid.values())
    limit = None if combinations <= GRID_LIMIT else CHANGES_LIMIT
    found = {rules}
    uneven = {across: _uneven(figures.session, across) for across in (False, True)}
    for combination in _combinations(grid, rules, limit):
        candidate = rules.with_(**dict(zip(keys, combination, strict=True)))
        if not uneven[candidate.sections_across]:
            # every board has as many results as the most: the factoring cannot matter
            candidate = candidate.with_(
                short_boards=rules.short_boards, short_small_groups=rules.short_small_groups
            )
        found.add(candidate)
    ordered = sorted(
        found, key=lambda r: (len(changes(rules, r)), [_rank(grid, r, k) for k in keys])
    )
    return SearchPlan(tuple(ordered), tuple(report), combinations, limit)


def _why_not(setting: Setting, figures: Figures, rules: Rules, teams: bool) -> Text | None:
    if setting.field in figures.declared:
        said = setting.word(figures.declared[setting.field])
        return Text(N_("the file says %(value)s"), value=said)
    if teams:
        if setting.field not in ("vp_scale", "rounding"):
            return Text(N_("not a setting of teams scoring"))
    elif setting.methods and rules.method not in setting.methods:
        return Text(N_("not a setting of %(method)s scoring"), method=rules.method.value)
    elif setting.field == "vp_scale":
        return Text(N_("not a teams event"))
    irrelevant = _IRRELEVANT.get(setting.field)
    why = None if irrelevant is None else irrelevant(figures)
    return None if why is None else Text(why)


def _combinations(
    grid: Mapping[str, list[Any]], rules: Rules, limit: int | None
) -> itertools.product[tuple[Any, ...]] | list[tuple[Any, ...]]:
    """Every combination of the grid's values, or those changing at most ``limit`` settings."""
    if limit is None:
        return itertools.product(*grid.values())
    keys = list(grid)
    current = [getattr(rules, key) for key in keys]
    out: list[tuple[Any, ...]] = []
    for count in range(limit + 1):
        for changed in itertools.combinations(range(len(keys)), count):
            choices = [
                [v for v in grid[keys[i]] if v != current[i]] if i in changed else [current[i]]
                for i in range(len(keys))
            ]
            out.extend(itertools.product(*choices))
    return out


def _rank(grid: Mapping[str, list[Any]], rules: Rules, key: str) -> int:
    value = getattr(rules, key)
    return grid[key].index(value) if value in grid[key] else -1


def candidates(figures: Figures, rules: Rules) -> list[Rules]:
    """The rule settings worth trying (see :func:`plan`)."""
    return list(plan(figures, rules).candidates)


def changes(base: Rules, other: Rules) -> dict[str, Any]:
    """The searched settings in which ``other`` differs from ``base``, as plain values."""
    return {
        s.field: plain(getattr(other, s.field))
        for s in SEARCHED
        if getattr(other, s.field) != getattr(base, s.field)
    }


def options(base: Rules, trial: Trial, detected: str) -> list[str]:
    """The command-line options that turn the chosen rules into ``trial``'s."""
    flags = [
        s.option(getattr(trial.rules, s.field))
        for s in SEARCHED
        if getattr(trial.rules, s.field) != getattr(base, s.field)
    ]
    if trial.conventions.name != detected:
        flags.append(f"--conventions {trial.conventions.name}")
    return flags


def _counts(session: Session, across: bool) -> dict[tuple[int, str | None, Side], int]:
    counts: dict[tuple[int, str | None, Side], int] = {}
    for t in session.tables:
        for side in Side:
            if t.side(side) is not None:
                key = (t.board, None if across else t.section, side)
                counts[key] = counts.get(key, 0) + 1
    return counts


def _uneven(session: Session, across: bool) -> bool:
    """Whether some board has fewer results than another (in its section, unless across)."""
    return len(set(_counts(session, across).values())) > 1


__all__ = [
    "GRID_LIMIT",
    "SEARCHED",
    "SearchPlan",
    "Searched",
    "candidates",
    "changes",
    "options",
    "plan",
]
