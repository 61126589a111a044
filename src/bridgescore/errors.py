"""The one exception tree of bridgescore.

Three kinds of wrong, as a scorer meets them:

* :class:`ParseError` -- text that cannot be read as what it should be ("4Z", "14 tricks");
* :class:`RulesError` -- input that reads fine but breaks the rules of scoring (a pair playing a
  board twice, a board with a single result);
* :class:`InputFileError` -- one or more problems in a file, each with its location, reported
  together so a director can fix them all in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class BridgeScoreError(Exception):
    """Base of every error bridgescore raises for bad input or impossible requests."""


class ParseError(BridgeScoreError, ValueError):
    """A piece of text is not in the notation expected."""


class RulesError(BridgeScoreError, ValueError):
    """Input that is well formed but against the rules of scoring."""


@dataclass(frozen=True)
class Problem:
    """One problem found in an input file, with where it is and what was expected."""

    message: str
    line: int | None = None
    board: int | None = None
    table: str | None = None
    found: str | None = None
    expected: str | None = None

    def where(self, path: str | None = None) -> str:
        parts = []
        if path:
            parts.append(path if self.line is None else f"{path}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.board is not None:
            parts.append(f"board {self.board}")
        if self.table:
            parts.append(f"table {self.table}")
        return ", ".join(parts)

    def describe(self, path: str | None = None) -> str:
        text = self.message
        if self.found is not None:
            text += f": found {self.found!r}"
        if self.expected:
            text += f", expected {self.expected}"
        where = self.where(path)
        return f"{where}: {text}" if where else text


class InputFileError(BridgeScoreError):
    """Every problem found in one input file."""

    def __init__(self, path: str | None, problems: Iterable[Problem]) -> None:
        self.path = path
        self.problems: Sequence[Problem] = tuple(problems)
        count = len(self.problems)
        head = f"{path or 'input'}: {count} problem{'s' if count != 1 else ''}"
        super().__init__("\n".join([head, *(p.describe(path) for p in self.problems)]))
