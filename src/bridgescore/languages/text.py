"""A sentence kept as data and shown in the reader's language: :class:`Text` (its ``str`` is its
English, what JSON and the tests read; it keeps its message and values), and the rounded numbers
a language writes in its own form, :class:`Figure` and :class:`Percentage`.

Used wherever a sentence is made before the language it is read in is known: the rules' own
explanations of a score, the evenings' analysis, the pages' titles.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bridgescore.languages import N_, Language, current, ranks_shown


class Text(str):
    """A sentence a page shows, kept as data: the string itself is its English (what the JSON
    twins and the tests read, the same in every language), and it remembers the message and
    values it was made of, so :func:`shown` gives it in the current language. A value may be a
    :class:`Text` too (translated with it) or a :class:`Figure` (written in the language's
    form)."""

    message: str
    values: Mapping[str, Any]
    plural: tuple[str, int] | None
    context: str | None = None  # the catalogues' msgctxt: a word with another use elsewhere

    def __new__(cls, message: str, /, **values: Any) -> Text:
        made = super().__new__(cls, message % values if values else message)
        made.message, made.values, made.plural = message, values, None
        return made

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, /, **values: Any) -> Text:
        """The singular or the plural by ``count`` (``%(num)d`` in the message)."""
        values = {"num": count, **values}
        made = cls(singular if count == 1 else plural, **values)
        made.message, made.plural = singular, (plural, count)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        if self.context is not None:
            return _in_context, (self.context, self.message, dict(self.values))
        return _rebuild, (self.message, dict(self.values), self.plural)

    def shown(self, language: Language) -> str:
        values = {name: _shown(value, language) for name, value in self.values.items()}
        if self.context is not None:
            return language.pgettext(self.context, self.message, **values)
        if self.plural is not None:
            plural, count = self.plural
            return language.ngettext(self.message, plural, count, **values)
        return language.gettext(self.message, **values)


def counted(singular: str, plural: str, count: int, /, **values: Any) -> Text:
    """:meth:`Text.counted`, by a name the catalogues' extraction knows as a plural message."""
    return Text.counted(singular, plural, count, **values)


def listed(items: Sequence[Text]) -> Text:
    """Items one after another (``a; b; c``), apart as the language writes a list (French
    ``a ; b ; c``): each problem of a refusal that lists them all."""
    said = items[0]
    for item in items[1:]:
        said = Text(N_("%(list)s; %(item)s"), list=said, item=item)
    return said


def in_context(context: str, message: str, /, **values: Any) -> Text:
    """A :class:`Text` whose message is translated in ``context`` (``pgettext``): a word that
    means another thing elsewhere ("open": a session's state, a masterpoint rating)."""
    made = Text(message, **values)
    made.context = context
    return made


def _in_context(context: str, message: str, values: dict[str, Any]) -> Text:
    return in_context(context, message, **values)


def _rebuild(message: str, values: dict[str, Any], plural: tuple[str, int] | None) -> Text:
    if plural is None:
        return Text(message, **values)
    return Text.counted(message, plural[0], plural[1], **values)


class Figure(str):
    """A number already rounded for display (``56.25``): the language writes it (``56,25``)."""

    def shown(self, language: Language) -> str:
        return language.number(str(self))


class Grouped(str):
    """A count written with English's thousands' separators (``f"{n:,}"``: ``1,000,000``): the
    language writes it with its own (``1 000 000``)."""

    def shown(self, language: Language) -> str:
        return language.grouped(str(self))


class Percentage(str):
    """A rounded percentage (``56.25``) shown as the language writes one (``56,25 %``); its
    English is ``56.25%``."""

    def __new__(cls, number: str) -> Percentage:
        made = super().__new__(cls, f"{number}%")
        made.number = number
        return made

    number: str

    def __reduce__(self) -> tuple[Any, ...]:
        return Percentage, (self.number,)

    def shown(self, language: Language) -> str:
        return language.percentage(self.number)


_CARD = re.compile(r"([♠♥♦♣])([AKQJ])")


def _shown(value: Any, language: Language) -> Any:
    if isinstance(value, Text | Figure | Grouped | Percentage):
        return value.shown(language)
    if isinstance(value, str) and len(value) == 2 and _CARD.fullmatch(value):
        # a card in a stored sentence (``♥K``): its honour in the reader's letters
        return value[0] + ranks_shown(value[1], language)
    return value


def shown(value: Any) -> Any:
    """``value`` as the current language shows it: a :class:`Text`, :class:`Figure` or
    :class:`Percentage` translated or written in its form; anything else as it is. English
    gives the value itself (what the pages always showed)."""
    language = current()
    if language.code == "en" or not isinstance(value, Text | Figure | Grouped | Percentage):
        return value
    return value.shown(language)


class Sentences:
    """Sentences a program wrote in English and stored as data (a reason in a log, a note of
    what happened at a table): each read back as the :class:`Text` it was made from, so it is
    shown in the reader's language; any other (words a person typed) as it is. A value is
    read back too (``table 1 (phone 3)`` in a sentence)."""

    _PLACEHOLDER = re.compile(r"%\((\w+)\)s")

    def __init__(self, *messages: str) -> None:
        self.forms = tuple((message, self._form(message)) for message in messages)

    @classmethod
    def _form(cls, message: str) -> re.Pattern[str]:
        parts = cls._PLACEHOLDER.split(message)  # text, name, text, name, ..., text
        seen: set[str] = set()
        pattern = []
        for k, part in enumerate(parts):
            if k % 2 == 0:
                pattern.append(re.escape(part))
            else:  # a value named twice is the same value twice
                pattern.append(f"(?P={part})" if part in seen else f"(?P<{part}>.+?)")
                seen.add(part)
        return re.compile("".join(pattern), re.S)

    def read(self, text: str | None) -> str | None:
        if not text or isinstance(text, Text):
            return text
        for message, form in self.forms:
            found = form.fullmatch(text)
            if found is not None:
                values = {k: self.read(v) for k, v in found.groupdict().items()}
                made = Text(message, **values)
                if made == text:
                    return made
        return text
