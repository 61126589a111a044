"""The one exception tree of bridgescore.

Three kinds of wrong, as a scorer meets them:

* :class:`ParseError` -- text that cannot be read as what it should be ("4Z", "14 tricks");
* :class:`RulesError` -- input that reads fine but breaks the rules of scoring (a pair playing a
  board twice, a score a format cannot hold);
* :class:`InputFileError` -- one or more problems in a file, each with its location, reported
  together so a director can fix them all in one pass.

Every reader collects its problems in one :class:`Problems` and raises them together (or, in
strict mode, at the first).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from bridgescore.languages import _, current, ngettext, use
from bridgescore.languages.text import Text, shown


class BridgeScoreError(Exception):
    """Base of every error bridgescore raises for bad input or impossible requests.

    Its sentence may be a :class:`~bridgescore.languages.text.Text` (``ParseError(Text(N_("not a
    lead: %(found)s"), found=...))``): ``str()`` then gives it in the current language, and
    :func:`sentence` the sentence itself, English as a ``str``, to keep in a :class:`Problem`.
    """

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], Text):
            return str(shown(self.args[0]))
        return super().__str__()


def sentence(error: BaseException) -> str:
    """What ``error`` says, kept to be translated where it is shown: its :class:`Text` when it
    was made with one, else its English ``str``."""
    if len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    with use("en"):
        return str(error)


class ParseError(BridgeScoreError, ValueError):
    """A piece of text is not in the notation expected."""


class RulesError(BridgeScoreError, ValueError):
    """Input that is well formed but against the rules of scoring."""


FOUND_LIMIT = 80  # characters of input a message quotes
MESSAGE_LIMIT = 400  # characters of a problem's message
LISTED_LIMIT = 200  # problems an error's message lists (all are in its ``problems``)


def located(where: str, said: str) -> str:
    """``said`` after where it applies (``table 1: not a contract``), in the current language:
    the frame is a message, so a language writes its own typography (French ``table 1 : …``)."""
    return _("%(where)s: %(sentence)s", where=where, sentence=said)


def cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with a count of what was cut in the language."""
    more = current().grouped(f"{len(text) - limit:,}")
    return text[:limit] + _("… (%(more)s more characters)", more=more)


@dataclass(frozen=True)
class Problem:
    """One problem found in an input file, with where it is and what was expected.

    ``message`` and ``expected`` are English (what JSON carries); made as a
    :class:`~bridgescore.languages.text.Text` they keep their message and values, and
    :meth:`describe` says them in the current language (:meth:`text`: in English).
    """

    message: str
    line: int | None = None
    board: int | None = None
    table: str | None = None
    found: str | None = None
    expected: str | None = None

    def __post_init__(self) -> None:
        # Input quoted in a message is cut short: a problem never carries a whole long line.
        if self.found is not None and len(self.found) > FOUND_LIMIT:
            object.__setattr__(self, "found", cut(self.found, FOUND_LIMIT))
        if len(self.message) > MESSAGE_LIMIT:
            with use("en"):
                object.__setattr__(self, "message", cut(self.message, MESSAGE_LIMIT))

    def where(self, path: str | None = None) -> str:
        parts = []
        if path:
            parts.append(path if self.line is None else f"{path}:{self.line}")
        elif self.line is not None:
            parts.append(_("line %(line)s", line=self.line))
        if self.board is not None:
            parts.append(_("board %(board)s", board=self.board))
        if self.table:
            parts.append(_("table %(table)s", table=self.table))
        return ", ".join(parts)

    def describe(self, path: str | None = None) -> str:
        """Where the problem is and what it is, in the current language."""
        text = str(shown(self.message))
        if self.found is not None:
            text += _(": found %(found)s", found=repr(self.found))
        if self.expected:
            text += _(", expected %(expected)s", expected=shown(self.expected))
        where = self.where(path)
        return located(where, text) if where else text

    def text(self, path: str | None = None) -> str:
        """:meth:`describe` in English, what a program reads (JSON)."""
        with use("en"):
            return self.describe(path)


class InputFileError(BridgeScoreError):
    """Every problem found in one input file."""

    def __init__(self, path: str | None, problems: Iterable[Problem]) -> None:
        self.path = path
        self.problems: Sequence[Problem] = tuple(dict.fromkeys(problems))  # each one once
        count = len(self.problems)
        said = current()
        head = ngettext(
            "%(path)s: %(problems)s problem",
            "%(path)s: %(problems)s problems",
            count,
            path=path or _("input"),
            problems=said.grouped(f"{count:,}"),
        )
        listed = [p.describe(path) for p in self.problems[:LISTED_LIMIT]]
        if count > LISTED_LIMIT:
            listed.append(
                _(
                    "… and %(more)s more (the first %(shown)s are shown)",
                    more=said.grouped(f"{count - LISTED_LIMIT:,}"),
                    shown=LISTED_LIMIT,
                )
            )
        super().__init__("\n".join([head, *listed]))


class Problems(Sequence[Problem]):
    """The problems a reader finds in one file, in the order found, with their locations.

    Every reader collects into one of these and raises them together at the end
    (:meth:`raise_if_any`); in ``strict`` mode the first problem added raises at once.
    """

    def __init__(self, path: str | None = None, *, strict: bool = False) -> None:
        self.path = path
        self.strict = strict
        self._found: list[Problem] = []

    def add(self, problem: Problem) -> Problem:
        """Record a problem (strict: raise it)."""
        self._found.append(problem)
        if self.strict:
            raise InputFileError(self.path, [problem])
        return problem

    def report(
        self,
        message: str,
        line: int | None = None,
        board: int | None = None,
        table: str | None = None,
        found: str | None = None,
        expected: str | None = None,
    ) -> Problem:
        """Record a problem from its parts."""
        return self.add(Problem(message, line, board, table, found, expected))

    def from_error(
        self,
        error: BridgeScoreError,
        line: int | None = None,
        board: int | None = None,
        table: str | None = None,
        found: str | None = None,
    ) -> Problem:
        """Record what a :class:`ParseError` (or :class:`RulesError`) says, where it was met."""
        return self.add(Problem(sentence(error), line, board, table, found))

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            self.add(problem)

    def error(self, path: str | None = None, *, by_line: bool = False) -> InputFileError:
        """Every problem as one :class:`InputFileError` (``by_line``: sorted by line)."""
        found = sorted(self._found, key=lambda p: p.line or 0) if by_line else self._found
        return InputFileError(path if path is not None else self.path, found)

    def raise_if_any(self, path: str | None = None, *, by_line: bool = False) -> None:
        """Raise every problem together, if there is any."""
        if self._found:
            raise self.error(path, by_line=by_line)

    def __getitem__(self, index: int) -> Problem:  # type: ignore[override]
        return self._found[index]

    def __len__(self) -> int:
        return len(self._found)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self._found)

    def __bool__(self) -> bool:
        return bool(self._found)
