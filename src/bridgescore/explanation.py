"""How a value was reached: the results beaten and tied, each adjustment, or the datum and the
IMPs against it — one record per side per table, shown in travellers, JSON and ``--explain``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bridgescore.display import fmt
from bridgescore.languages import Language, current, language
from bridgescore.languages.text import Text
from bridgescore.rules import Method
from bridgescore.traveller import Artificial


@dataclass(frozen=True)
class Step:
    """One adjustment of a raw matchpoint value: compensation, factoring or a small group."""

    method: str
    reason: str
    from_results: int
    to_results: int
    before: Fraction
    after: Fraction


@dataclass(frozen=True)
class Explanation:
    """How one matchpoint value was reached."""

    value: Fraction
    top: Fraction
    scale: int
    scores: tuple[tuple[Fraction, int], ...] = ()
    beaten: Fraction = Fraction(0)
    tied: Fraction = Fraction(0)
    compared: int = 0
    raw: Fraction = Fraction(0)
    raw_top: Fraction = Fraction(0)
    steps: tuple[Step, ...] = ()
    group: str | None = None
    artificial: Artificial | None = None
    percent: Fraction | None = None
    note: str | None = None
    method: Method = Method.MATCHPOINTS  # Butler or cross-IMPs: the value is then in IMPs
    datum: Fraction | None = None
    gross: Fraction | None = None  # cross-IMPs before dividing
    divisor: int = 1

    @property
    def in_imps(self) -> bool:
        return self.method is not Method.MATCHPOINTS

    def text(self, decimals: int = 2) -> str:
        """One sentence a player can check by hand, in English: the rules' own words, what the
        JSON and the pages' data carry.

        Made when asked for, from the counts kept, and remembered: tables with the same score
        on a board share one explanation, so a traveller of thousands of rows makes a few
        dozen sentences.
        """
        return self._said(decimals, language("en"))

    def said(self, decimals: int = 2) -> str:
        """The same sentence in the current language (:func:`bridgescore.languages.use`), its
        numbers written in the language's form; English gives :meth:`text`."""
        return self._said(decimals, current())

    def sentence(self, decimals: int = 2) -> Sentence:
        """The sentence kept as data for a page: its string is :meth:`text` (what the JSON
        twin carries), shown in the reader's language (:meth:`said`) where a page shows it.
        One a ``decimals``, as the texts are: tables sharing an explanation share it."""
        made: dict[tuple[int, str], str] = self.__dict__.setdefault("_texts", {})
        found = made.get((decimals, ""))
        if not isinstance(found, Sentence):
            found = made[(decimals, "")] = Sentence(self, decimals)
        return found

    def _said(self, decimals: int, reader: Language) -> str:
        made: dict[tuple[int, str], str] = self.__dict__.setdefault("_texts", {})
        key = (decimals, reader.code)
        found = made.get(key)
        if found is None:
            found = made[key] = self._sentence(decimals, reader)
        return found

    def _sentence(self, decimals: int, reader: Language) -> str:
        def n(value: Fraction | int) -> str:
            return reader.number(fmt(value, decimals))

        if self.in_imps:
            return self._imps_text(n, decimals, reader)

        note = None if self.note is None else _in(self.note, reader)
        if self.artificial is not None:
            assert self.percent is not None
            text = reader.gettext(
                "artificial score %(score)s: %(percent)s of the top %(top)s",
                score=self.artificial,
                percent=reader.percentage(fmt(self.percent, decimals)),
                top=n(self.top),
            )
            if note:
                text += f" ({note})"
            return f"{text} = {n(self.value)}"
        what = self._what(decimals, reader)
        if self.scale == 2:
            worked = f"{n(self.beaten)}×2 + {n(self.tied)}×1"
        else:
            worked = f"{n(self.beaten)}×1 + {n(self.tied)}×½"
        text = reader.ngettext(
            "%(what)s beat %(beaten)s and tied %(tied)s of the %(num)d other result%(group)s: "
            "%(worked)s = %(raw)s of %(top)s",
            "%(what)s beat %(beaten)s and tied %(tied)s of the %(num)d other results%(group)s: "
            "%(worked)s = %(raw)s of %(top)s",
            self.compared,
            what=what,
            beaten=n(self.beaten),
            tied=n(self.tied),
            group=self._group(reader),
            worked=worked,
            raw=n(self.raw),
            top=n(self.raw_top),
        )
        for step in self.steps:
            text += reader.gettext(
                "; %(reason)s, %(method)s = %(value)s of %(top)s",
                reason=_in(step.reason, reader),
                method=_in(step.method, reader),
                value=n(step.after),
                top=n(self.top),
            )
        if note:
            text += f"; {note}"
        return text

    def _what(self, decimals: int, reader: Language) -> str:
        """The score explained, or each of a weighted result's scores with its weight."""
        if len(self.scores) == 1:
            return _points(self.scores[0][1])
        # "and" between a weighted result's scores (the conjunction, as in "+420 and +450")
        between = " " + reader.gettext("and") + " "
        return between.join(
            reader.gettext(
                "%(percent)s of %(score)s",
                percent=reader.percentage(fmt(w * 100, decimals)),
                score=_points(s),
            )
            for w, s in self.scores
        )

    def _group(self, reader: Language) -> str:
        return reader.gettext(" in group %(group)s", group=self.group) if self.group else ""

    def _imps_text(
        self, n: Callable[[Fraction | int], str], decimals: int, reader: Language
    ) -> str:
        group = self._group(reader)
        note = None if self.note is None else _in(self.note, reader)
        if self.artificial is not None:
            return reader.gettext(
                "artificial score %(score)s: %(value)s IMPs",
                score=self.artificial,
                value=n(self.value),
            )
        what = self._what(decimals, reader)
        if self.method is Method.BUTLER:
            assert self.datum is not None
            noted = f" ({note})" if note else ""  # outside the call: Babel warns of an f-string
            return reader.gettext(
                "%(what)s against the datum %(datum)s%(group)s%(note)s: %(value)s IMPs",
                what=what,
                datum=_points_fraction(self.datum, n),
                group=group,
                note=noted,
                value=n(self.value),
            )
        assert self.gross is not None
        text = reader.ngettext(
            "%(what)s against the %(num)d other result%(group)s: %(gross)s IMPs in all",
            "%(what)s against the %(num)d other results%(group)s: %(gross)s IMPs in all",
            self.compared,
            what=what,
            group=group,
            gross=n(self.gross),
        )
        if self.divisor != 1:
            text += f", ÷ {self.divisor} = {n(self.value)}"
        if note:
            text += f"; {note}"
        return text


class Sentence(Text):
    """An explanation's sentence on a page: the string is the rules' English
    (:meth:`Explanation.text`), and :func:`bridgescore.languages.text.shown` (a page's ``tr``)
    gives it in the reader's language (:meth:`Explanation.said`)."""

    explanation: Explanation
    decimals: int

    def __new__(
        cls, explanation: Explanation, decimals: int, english: str | None = None
    ) -> Sentence:
        if english is None:
            english = explanation.text(decimals)
        made = str.__new__(cls, english)
        made.message, made.values, made.plural = english, {}, None
        made.explanation, made.decimals = explanation, decimals
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        # the English given: unpickled inside its explanation's state, before it is whole
        return Sentence, (self.explanation, self.decimals, str(self))

    def shown(self, language: Language) -> str:
        return self.explanation._said(self.decimals, language)


def _in(words: str, reader: Language) -> str:
    """A part of an explanation made by the scoring (a step's reason, a note): a :class:`Text`
    is shown in the reader's language, any other string as it is."""
    return words.shown(reader) if isinstance(words, Text) and reader.code != "en" else words


def _points_fraction(value: Fraction, n: Callable[[Fraction | int], str]) -> str:
    return ("+" if value > 0 else "") + n(value)


def _points(score: int) -> str:
    return f"{score:+d}" if score else "0"
