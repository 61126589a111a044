"""The languages a user reads bridgescore in: the gettext catalogues, the choice of language and
numbers and dates in the language's own form.

One language is *current* at a time (a context variable: a command sets it from ``LANG``, the
web app per request from the club's setting or the phone's browser). Code that shows text to a
user writes ``_("Board %(number)s", number=7)``; templates write ``{{ _("Board") }}`` or
``{% trans %}``, through :func:`install`. English is the source language: its text is the
message itself, so an English run loads no catalogue.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from bridgescore.languages.catalogues import DOMAINS, translations

if TYPE_CHECKING:
    import jinja2

__all__ = [
    "DOMAINS",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "Language",
    "_",
    "current",
    "from_environment",
    "install",
    "language",
    "negotiate",
    "ngettext",
    "pgettext",
    "ranks_shown",
    "use",
    "written_date",
    "written_time",
]

#: The languages with complete catalogues, English (the source) first.
LANGUAGES = ("en", "fr", "nl")
#: The names users see for them, each in its own language.
NAMES = {"en": "English", "fr": "Français", "nl": "Nederlands"}
#: The pseudo-locale of the tests: every translated message comes back with its letters
#: accented, so a page shown in it that still has a plain ASCII word shows an untranslated one.
PSEUDO = "qps"


@dataclass(frozen=True)
class Language:
    """One language: its catalogue and its way of writing numbers and dates."""

    code: str
    translations: _gettext.NullTranslations
    decimal: str  # the decimal sign
    percent: str  # "{}%" in English, "{} %" in French
    group: str = ","  # the thousands' separator

    def gettext(self, message: str, /, **values: Any) -> str:
        text = self.translations.gettext(message)
        return text % values if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: Any) -> str:
        text = self.translations.ngettext(singular, plural, count)
        return text % {"num": count, **values}

    def pgettext(self, context: str, message: str, /, **values: Any) -> str:
        """``message`` where ``context`` says how it is used (a word that reads otherwise in
        a sentence than as a label): its own translation."""
        text = self.translations.pgettext(context, message)
        return text % values if values else text

    def number(self, text: str) -> str:
        """A number already rounded for display (``"56.25"``, ``"-3.5"``) in this language's
        form (``"56,25"``): the rounding stays the rules' (:mod:`bridgescore.display`)."""
        return text if self.decimal == "." else text.replace(".", self.decimal)

    def grouped(self, text: str) -> str:
        """A number written with English's thousands' separators (``f"{n:,}"``: ``"1,234.5"``)
        in this language's form (``"1 234,5"``)."""
        if self.decimal == "." and self.group == ",":
            return text
        return text.translate({ord("."): self.decimal, ord(","): self.group})

    def percentage(self, text: str) -> str:
        """``"56.25"`` → ``"56.25%"`` / ``"56,25 %"``."""
        return self.percent.format(self.number(text))

    def date(self, when: date | datetime, form: str = "long") -> str:
        """A date as this language writes it (``form``: ``short``, ``medium``, ``long``)."""
        from babel.dates import format_date

        return self._pseudo(format_date(when, form, locale=self._babel()))

    def moment(self, when: datetime) -> str:
        """A date and time to the minute, in UTC, as this language writes it: the medium date
        and the short time joined as the language joins them (``26 nov. 2026, 09:53``)."""
        from babel import Locale
        from babel.dates import UTC, format_date, format_time

        if when.tzinfo is not None:
            when = when.astimezone(UTC)
        locale = Locale.parse(self._babel())
        joined = str(locale.datetime_formats["medium"])
        text = joined.format(
            format_time(when.replace(tzinfo=None), "short", locale=locale),
            format_date(when, "medium", locale=locale),
        )
        return self._pseudo(text)

    def _pseudo(self, text: str) -> str:
        """The pseudo-locale's dates are English's, accented: a date written without this
        language (``date.isoformat``, ``strftime``) shows in its tests as plain words."""
        if self.code != PSEUDO:
            return text
        from bridgescore.languages.catalogues import pseudo

        return pseudo(text)

    def _babel(self) -> str:
        return "en" if self.code == PSEUDO else self.code


@cache
def language(code: str) -> Language:
    """The language ``code`` (one of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    if code not in LANGUAGES and code != PSEUDO:
        raise ValueError(f"no language {code!r}: expected one of {', '.join(LANGUAGES)}")
    if code in ("en", PSEUDO):
        decimal, percent, group = ".", "{}%", ","
    else:
        from babel import Locale

        locale = Locale.parse(code)
        symbols = locale.number_symbols["latn"]
        decimal, group = symbols["decimal"], symbols["group"]
        pattern = locale.percent_formats[None].pattern
        percent = pattern.replace("#,##0", "{}").replace("%", symbols["percentSign"])
    return Language(code, translations(code), decimal, percent, group)


_current: ContextVar[Language | None] = ContextVar("bridgescore_language", default=None)


def current() -> Language:
    """The language of what is being shown now (English unless :func:`use` said otherwise)."""
    chosen = _current.get()
    return chosen if chosen is not None else language("en")


@contextmanager
def use(code: str) -> Iterator[Language]:
    """Show everything inside in the language ``code``."""
    token = _current.set(language(code))
    try:
        yield _current.get() or language(code)
    finally:
        _current.reset(token)


def _(message: str, **values: Any) -> str:
    """``message`` in the current language, with ``%(name)s`` filled from ``values``."""
    return current().gettext(message, **values)


def ngettext(singular: str, plural: str, count: int, **values: Any) -> str:
    """The singular or plural of a message by ``count`` (``%(num)d`` is the count)."""
    return current().ngettext(singular, plural, count, **values)


def pgettext(context: str, message: str, /, **values: Any) -> str:
    """``message`` in ``context`` in the current language (:meth:`Language.pgettext`)."""
    return current().pgettext(context, message, **values)


def written_date(value: str | None) -> str:
    """A date as a file or the database gives it (``2026-11-25``) as the current language
    writes it (``25 novembre 2026``); English keeps the date as given (what every output always
    printed), and so does any language for a date that is not ISO (``27/07/2022``)."""
    if not value or current().code == "en":
        return value or ""
    try:
        when = date.fromisoformat(value)
    except ValueError:
        return value
    return current().date(when)


def written_time(when: datetime, english: str = "%Y-%m-%d %H:%M") -> str:
    """A moment as the current language writes it (``25 nov. 2026, 21:05`` in French, by
    :meth:`Language.moment`): English keeps the form it always printed (``english``, a
    ``strftime`` format). Every page, mail and command writes its times through here."""
    if current().code == "en":
        return when.strftime(english)
    return current().moment(when)


# The honours' letters as each language writes a card (A K Q J in English; French R, D, V for
# roi, dame, valet; Dutch H, V, B for heer, vrouw, boer): the phone's messages (web/phone/app.js
# HONOURS), the letter after the last space. The ten and the spot cards are figures everywhere.
_HONOURS = {
    "A": "the ace's letter: A",
    "K": "the king's letter: K",
    "Q": "the queen's letter: Q",
    "J": "the jack's letter: J",
}


@cache
def _honours(language: Language) -> dict[int, str]:
    said = {rank: language.gettext(message) for rank, message in _HONOURS.items()}
    return {ord(rank): text[text.rfind(" ") + 1 :] or rank for rank, text in said.items()}


def ranks_shown(ranks: str, language: Language | None = None) -> str:
    """Ranks kept in English letters (``K``, ``AKT2``) as ``language`` (the current one)
    writes them for a reader (``R``, ``ARD2`` in French): for display only, never for data or
    files."""
    chosen = language or current()
    return ranks if chosen.code == "en" else ranks.translate(_honours(chosen))


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is defined (a table of headings at a module's
    top); it is translated where it is shown, with :func:`_`."""
    return message


_LOCALE = re.compile(r"([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]+)*")


def _primary(tag: str) -> str | None:
    match = _LOCALE.fullmatch(tag.split(".")[0].split("@")[0].strip())
    if match is None:
        return None
    code = match.group(1).lower()
    return code if code in LANGUAGES or code == PSEUDO else None


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """A command's language, as gettext reads it: ``LANGUAGE`` (a list), then ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``; English when none names one of ours (``C``, ``POSIX``)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            code = _primary(tag)
            if code is not None:
                return code
        if name != "LANGUAGE":
            # gettext: the first of LC_ALL, LC_MESSAGES, LANG that is set decides.
            return "en"
    return "en"


def negotiate(accept_language: str | None, default: str = "en") -> str:
    """The language a browser asks for (its ``Accept-Language``) among ours, by its weights;
    ``default`` (the club's) when it names none of them."""
    if not accept_language:
        return default
    best: tuple[float, int, str] | None = None
    for position, part in enumerate(accept_language[:1000].split(",")[:40]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = _primary(tag) if tag != "*" else None
        if code is None or code == PSEUDO or weight <= 0:
            continue
        candidate = (-weight, position, code)
        if best is None or candidate < best:
            best = candidate
    return best[2] if best is not None else default


def install(env: jinja2.Environment) -> None:
    """Give ``env``'s templates ``_()``, ``ngettext()`` and ``{% trans %}`` in the current
    language, and the filters ``decimal`` (a rounded number's form), ``percent`` and ``moment``
    (a date and time)."""
    env.add_extension("jinja2.ext.i18n")
    # Jinja's new-style calls fill the placeholders themselves (``num`` too, for ngettext):
    # the callables give the translated text alone.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda message: current().translations.gettext(message),
        ngettext=lambda singular, plural, count: current().translations.ngettext(
            singular, plural, count
        ),
        newstyle=True,
    )
    import jinja2

    # Marked as needing the context, so Jinja never folds them into a template's
    # code with the language it was compiled in.
    @jinja2.pass_context
    def decimal(_context: Any, text: object) -> str:
        return current().number(str(text))

    @jinja2.pass_context
    def percent(_context: Any, text: object) -> str:
        return current().percentage(str(text))

    @jinja2.pass_context
    def moment(_context: Any, value: str | datetime) -> str:
        """A moment the page was given as ISO text (``2026-11-26T09:53:00+00:00``) or a
        datetime, as :func:`written_time` writes it."""
        return written_time(datetime.fromisoformat(value) if isinstance(value, str) else value)

    env.globals["language"] = current
    env.filters["moment"] = moment
    env.filters["decimal"] = decimal
    env.filters["percent"] = percent
