"""Handicaps from a player's recent percentages (seed 000 SC 2.6, rules.md §7.5).

A player's handicap brings their average up or down to 50%: 50 minus the average of their last
ten results, leaving out the best and the worst once there are ten; a player needs at least five
results to have one. A pair's handicap is the average of its players' (or their sum, a setting).
The handicapped result is the session percentage plus the handicap.
"""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from bridgescore.errors import InputFileError, Problem
from bridgescore.languages import N_
from bridgescore.languages.text import Text

MINIMUM_RESULTS = 5
WINDOW = 10


def player_handicap(
    percentages: Sequence[Fraction], minimum: int = MINIMUM_RESULTS, window: int = WINDOW
) -> Fraction | None:
    """The handicap from percentages oldest first; ``None`` with fewer than ``minimum``."""
    recent = list(percentages)[-window:]
    if len(recent) < minimum:
        return None
    if len(recent) == window and window > 2:
        recent.remove(max(recent))
        recent.remove(min(recent))
    return 50 - sum(recent, Fraction(0)) / len(recent)


def pair_handicap(players: Sequence[Fraction | None], total: bool = False) -> Fraction:
    """The pair's handicap: the average of its players' (a player with none counts as 0)."""
    known = [h or Fraction(0) for h in players]
    if not known:
        return Fraction(0)
    combined = sum(known, Fraction(0))
    return combined if total else combined / len(known)


def handicapped(percent: Fraction, handicap: Fraction) -> Fraction:
    return percent + handicap


@dataclass(frozen=True)
class HistoryEntry:
    player: str
    day: date
    percent: Fraction
    line: int


def split_names(names: str) -> list[str]:
    """The players of a pair name: ``Ann Lee & Bob Roy`` (also ``;``, ``/`` or `` and ``)."""
    return [p.strip() for p in re.split(r"\s*(?:&|;|/|\band\b)\s*", names) if p.strip()]


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def read_history(path: str | Path, before: date | None = None) -> dict[str, list[Fraction]]:
    """Read a history CSV (player, date, percentage) into percentages per player, oldest first;
    with ``before``, only the results dated before it (a handicap is as at the session's date)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        said = Text(N_("cannot read the history file (%(error)s)"), error=str(error))
        raise InputFileError(name, [Problem(said)]) from None
    return parse_history(text, name, before)


def parse_history(
    text: str, path: str | None = None, before: date | None = None
) -> dict[str, list[Fraction]]:
    problems: list[Problem] = []
    rows = list(csv.reader(io.StringIO(text), skipinitialspace=True))
    entries: list[HistoryEntry] = []
    if not rows:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("the history file is empty")),
                    expected=Text(N_("a header %(header)s"), header="player,date,percentage"),
                )
            ],
        )
    header = [h.strip().lower() for h in rows[0]]
    wanted = ("player", "date", "percentage")
    if sorted(header) != sorted(wanted):
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("wrong columns")),
                    1,
                    found=",".join(rows[0]),
                    expected=Text(N_("player, date and percentage")),
                )
            ],
        )
    index = {key: header.index(key) for key in wanted}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            cells = Text(N_("%(cells)s cells for 3 columns"), cells=len(row))
            problems.append(Problem(cells, number, found=",".join(row)))
            continue
        player = row[index["player"]].strip()
        day = _date(row[index["date"]].strip())
        percent_text = row[index["percentage"]].strip().removesuffix("%")
        if not player:
            problems.append(
                Problem(Text(N_("no player name")), number, expected=Text(N_("a name")))
            )
        if day is None:
            problems.append(
                Problem(
                    Text(N_("not a date")),
                    number,
                    found=row[index["date"]],
                    expected=Text(N_("YYYY-MM-DD or DD/MM/YYYY")),
                )
            )
        if not re.fullmatch(r"\d{1,3}(\.\d+)?", percent_text) or Fraction(percent_text) > 100:
            problems.append(
                Problem(
                    Text(N_("not a percentage")),
                    number,
                    found=row[index["percentage"]],
                    expected=Text(N_("a number from 0 to 100")),
                )
            )
            continue
        if player and day is not None and (before is None or day < before):
            entries.append(HistoryEntry(player, day, Fraction(percent_text), number))
    if problems:
        raise InputFileError(path, problems)
    by_player: dict[str, list[HistoryEntry]] = defaultdict(list)
    for entry in entries:
        by_player[_key(entry.player)].append(entry)
    return {
        key: [e.percent for e in sorted(items, key=lambda e: (e.day, e.line))]
        for key, items in by_player.items()
    }


def session_day(text: str | None) -> date | None:
    """A session's date as the history file writes dates (YYYY-MM-DD or DD/MM/YYYY)."""
    return None if text is None else _date(text.strip())


def _date(text: str) -> date | None:
    match = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
    parts: tuple[int, int, int] | None = None
    if match:
        parts = (int(match[1]), int(match[2]), int(match[3]))
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", text)
    if match:
        parts = (int(match[3]), int(match[2]), int(match[1]))
    if parts is None:
        return None
    try:
        return date(*parts)
    except ValueError:
        return None


def player_handicaps(history: Mapping[str, Sequence[Fraction]]) -> dict[str, Fraction | None]:
    return {player: player_handicap(values) for player, values in history.items()}


def entrant_handicap(
    names: str | None, history: Mapping[str, Sequence[Fraction]], total: bool = False
) -> Fraction:
    """The handicap of a pair (or player) named ``names``; players without one count as 0
    (:func:`without_handicap` names them, so that a caller can say so)."""
    if not names:
        return Fraction(0)
    players = split_names(names)
    return pair_handicap([player_handicap(history.get(_key(p), ())) for p in players], total)


def without_handicap(
    names: str | None, history: Mapping[str, Sequence[Fraction]]
) -> list[tuple[str, int]]:
    """The players of ``names`` who have no handicap, each with how many results they have
    (0: not in the history at all, which is often a spelling difference)."""
    if not names:
        return []
    found = []
    for player in split_names(names):
        count = len(history.get(_key(player), ()))
        if count < MINIMUM_RESULTS:
            found.append((player, count))
    return found
