"""The settings worth trying when a file's figures do not reproduce, and the command-line options
that name the one found. Both come from the settings table (:data:`bridgescore.rules.SETTINGS`):
each setting lists the values ``check`` tries and spells its own option."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from bridgescore.bridge import Side
from bridgescore.rules import SETTINGS, Rules, Setting, plain
from bridgescore.session import Session
from bridgescore.traveller import Artificial

if TYPE_CHECKING:
    from bridgescore.check.rescore import Trial

SEARCHED: tuple[Setting, ...] = tuple(s for s in SETTINGS if s.trials)
"""The settings ``check`` searches over, in the table's order."""


def _has_artificial(session: Session) -> bool:
    return any(isinstance(s, Artificial) for t in session.tables for s in (t.ns_side, t.ew_side))


# A setting can only matter to some sessions: the compensation around artificial scores where
# there are some, the factoring of short boards where boards have fewer results, the ranking of
# sections across the field where there are several.
_RELEVANT: dict[str, Callable[[Session], bool]] = {
    "artificial_method": _has_artificial,
    "short_boards": lambda session: _uneven(session, False) or _uneven(session, True),
    "sections_across": lambda session: len(session.sections) > 1,
}


def candidates(session: Session, rules: Rules) -> list[Rules]:
    """The rule settings worth trying, nearest the chosen ``rules`` first: those the table marks
    for the rules' method, where they can matter to this session."""
    grid: dict[str, list[Any]] = {}
    for setting in SEARCHED:
        if not setting.applies_to(rules.method):
            continue
        relevant = _RELEVANT.get(setting.field)
        if relevant is not None and not relevant(session):
            continue
        grid[setting.field] = [setting.read(word) for word in setting.trials]
    keys = list(grid)
    found = {rules}
    for values in itertools.product(*grid.values()):
        candidate = rules.with_(**dict(zip(keys, values, strict=True)))
        if not _uneven(session, candidate.sections_across):
            # every board has as many results as the most: the factoring cannot matter
            candidate = candidate.with_(short_boards=rules.short_boards)
        found.add(candidate)
    return sorted(found, key=lambda r: (len(changes(rules, r)), [_rank(grid, r, k) for k in keys]))


def _rank(grid: Mapping[str, list[Any]], rules: Rules, key: str) -> int:
    value = getattr(rules, key)
    return grid[key].index(value) if value in grid[key] else -1


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


def _uneven(session: Session, across: bool) -> bool:
    """Whether some board has fewer results than another (in its section, unless across)."""
    counts: dict[tuple[int, str | None, Side], int] = {}
    for t in session.tables:
        for side in Side:
            if t.side(side) is not None:
                key = (t.board, None if across else t.section, side)
                counts[key] = counts.get(key, 0) + 1
    return len(set(counts.values())) > 1
