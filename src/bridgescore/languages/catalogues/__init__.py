"""The catalogues: ``<language>/<domain>.po``, one file per surface and language, read when a
language is first used (no compiled files to keep in step), and the pseudo-locale of the tests.

A domain is where the messages come from (:data:`DOMAINS`); all of a language's domains are
chained into one :class:`gettext.GNUTranslations`, so a message shared by two surfaces needs one
translation, wherever it is found.
"""

from __future__ import annotations

import functools
import gettext
import io
from typing import Final

#: Each domain and the sources its messages are extracted from (relative to the package
#: ``bridgescore``), with the extraction method by file pattern (Babel's method names).
DOMAINS: Final[dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]]] = {
    # The results site, the personal pages, the mails: what every player reads.
    "site": (
        ("reports", "mailing.py", "store/privacy.py"),
        (("**.py", "python"), ("**/templates/**.html", "jinja2")),
    ),
    # The director's console (pages, forms, its answers).
    "console": (
        ("web", "night"),
        (
            ("**/phone/**", "ignore"),
            ("**.py", "python"),
            ("**/templates/**.html", "jinja2"),
            ("**/static/console.js", "javascript"),
        ),
    ),
    # The table's phone (a web app of its own, translated in the browser).
    "phone": (("web/phone",), (("**.js", "javascript"), ("**.html", "jinja2"))),
    # The commands' own messages and their help (each command's docstring is its help: the
    # ``cli`` method reads it, bridgescore.cli.help), and the club database's refusals they and
    # the console give.
    "cli": (
        (
            "cli",
            "store/handicaps.py",
            "store/players.py",
            "store/api.py",
            "store/live.py",
            "store/results.py",
            "store/mail.py",
            "store/tables.py",
            "store/engine.py",
            "store/swiss.py",
            "store/requests.py",
            "store/outreach.py",
            "store/confirmations.py",
            "store/line_log.py",
            "store/lines.py",
            "store/sessions.py",
            "store/schemes.py",
        ),
        (("**.py", "bridgescore.cli.help:extract"),),
    ),
    # What the rules core and the readers say wherever they are shown (a command, a page, the
    # console): the explanation of a score, a file's problems and why it could not be read
    # (each reader's own sentences, and the core's for a contract, a result or a deal it
    # cannot read), what ``check`` says of a file's figures, the masterpoint awards and
    # their formulas, an event's notes, the ladder's rules.
    "core": (
        (
            "explanation.py",
            "scoring",
            "fast.py",
            "errors.py",
            "languages/parsers.py",
            "languages/text.py",
            "formats",
            "movements",
            "masterpoints",
            "events",
            "swiss",
            "competitions",
            "bridge.py",
            "contract.py",
            "deal.py",
            "traveller.py",
            "vocabulary.py",
            "session.py",
            "rules.py",
            "handicap.py",
            "check",
            "anomalies",
        ),
        (("**.py", "python"),),
    ),
    # Click's own words in a command's help and its refusals of a command line (``Usage:``,
    # ``Options``, ``Error: No such option …``), read from click's installed sources (PACKAGES):
    # a click that says something new shows here.
    "click": (
        (
            "core.py",
            "decorators.py",
            "exceptions.py",
            "formatting.py",
            "parser.py",
            "termui.py",
            "types.py",
        ),
        (("**.py", "python"),),
    ),
}

#: The package a domain's sources are in, when it is not bridgescore.
PACKAGES: Final[dict[str, str]] = {"click": "click"}

#: Messages a domain's sources translate through a variable, found by the source line that does
#: it: click's ``_(extra["required"])``. Babel before 2.19 took the subscript's string for the
#: message and 2.19 takes nothing; named here, every Babel gives the same messages.
INDIRECT: Final[dict[str, tuple[tuple[str, str, str], ...]]] = {
    "click": (("required", "core.py", '_(extra["required"])'),),
}

#: What Babel extracts besides ``_``: our ``N_`` and ``ngettext`` (its defaults) and nothing
#: that is not a message.
KEYWORDS: Final = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "gettext": None,
    "pgettext": ((1, "c"), 2),
    # a Text translated in a context (languages.text.in_context)
    "in_context": ((1, "c"), 2),
    # a sentence kept as data that is translated where it is shown (reports.words.counted)
    "counted": (1, 2),
}


def translations(code: str) -> gettext.NullTranslations:
    """Every domain's catalogue of ``code`` chained (English: the messages themselves)."""
    if code == "en":
        return gettext.NullTranslations()
    if code == "qps":
        return Pseudo()
    chained: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        mo = compiled(code, domain)
        if mo is None:
            continue
        one = gettext.GNUTranslations(io.BytesIO(mo))
        if chained is None:
            chained = one
        else:
            chained.add_fallback(one)
    return chained if chained is not None else gettext.NullTranslations()


def compiled(code: str, domain: str) -> bytes | None:
    """The catalogue of ``domain`` in ``code`` as gettext's compiled form (``.mo``), made as it
    is asked for; None when there is none. The pseudo-locale's accents each message of the
    catalogue (every language's has the same)."""
    from importlib.resources import files  # here: English, most commands' language, reads none

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = files(__name__).joinpath("fr" if code == "qps" else code, f"{domain}.po")
    if not source.is_file():
        return None
    with source.open("rb") as handle:
        catalog = read_po(handle, locale="fr" if code == "qps" else code, domain=domain)
    if code == "qps":
        for message in catalog:
            if not message.id:
                continue
            ids = tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)
            accented = tuple(pseudo(str(one)) for one in ids)
            message.string = accented if len(ids) > 1 else accented[0]
            message.flags.discard("fuzzy")
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


@functools.cache
def browser_messages(code: str, domain: str) -> dict[str, str]:
    """Each message of ``domain`` and its translation in ``code``, for a page that translates in
    the browser (the phone's): English gives none (the messages are English); the pseudo-locale
    accents the messages of a catalogue (every language's has the same)."""
    if code == "en":
        return {}
    from importlib.resources import files

    from babel.messages.pofile import read_po

    source = files(__name__).joinpath("fr" if code == "qps" else code, f"{domain}.po")
    if not source.is_file():
        return {}
    with source.open("rb") as handle:
        catalog = read_po(handle, locale="fr" if code == "qps" else code, domain=domain)
    found = {}
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue  # the header; a plural (the browser's messages have none)
        if code == "qps":
            found[message.id] = pseudo(message.id)
        elif message.string and not message.fuzzy:
            found[message.id] = str(message.string)
    return found


_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)


def pseudo(message: str) -> str:
    """``message`` with every ASCII letter accented, leaving what a program reads in it alone:
    ``%(name)s`` placeholders, ``{name}`` fields, HTML tags and entities."""
    out: list[str] = []
    i = 0
    while i < len(message):
        char = message[i]
        end = -1
        if char == "%" and i + 1 < len(message):
            if message[i + 1] == "(":
                close = message.find(")", i)
                end = close + 2 if close != -1 else -1
            else:
                end = i + 2
        elif char == "{":
            end = message.find("}", i) + 1 or -1
        elif char == "<":
            end = message.find(">", i) + 1 or -1
        elif char == "&":
            semi = message.find(";", i)
            end = semi + 1 if semi != -1 and semi - i <= 10 else -1
        if end > i:
            out.append(message[i:end])
            i = end
        else:
            out.append(char.translate(_ACCENTED))
            i += 1
    return "".join(out)


class Pseudo(gettext.NullTranslations):
    """The pseudo-locale: every message of the catalogues passed through it comes back
    accented (:func:`pseudo`); one the catalogues lack (never extracted) comes back as it is,
    so it shows as plain words too."""

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in _catalogued() else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        shown = msgid1 if n == 1 else msgid2
        return pseudo(shown) if msgid1 in _catalogued() else shown

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message) if (context, message) in _catalogued() else message


@functools.cache
def _catalogued() -> frozenset[str | tuple[str, str]]:
    """Every message of every domain's catalogues (each language's has the same): a message,
    a plural's singular, or a message with its context."""
    from importlib.resources import files

    from babel.messages.pofile import read_po

    found: set[str | tuple[str, str]] = set()
    for domain in DOMAINS:
        source = files(__name__).joinpath("fr", f"{domain}.po")
        if not source.is_file():
            continue
        with source.open("rb") as handle:
            for message in read_po(handle, locale="fr", domain=domain):
                key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
                found.add((message.context, key) if message.context else key)
    return frozenset(found)
