"""What Python's JSON, XML (expat) and TOML parsers say of a document they cannot read, said in
the language: each of their usual sentences is marked here, so a file's problem gives it through
the catalogues (a sentence not listed is shown as the parser says it). The text a parser quotes
from the document (``'='``, a key) stays as found; English stays the parser's own words.

Here, in the rules core's layer, because every reader of a file uses it: the formats, the
movement files, the masterpoint scheme files.
"""

from __future__ import annotations

import re
from typing import Final

from bridgescore.languages import N_
from bridgescore.languages.text import Text

_SENTENCES: Final = (
    # json (its C scanner and its Python decoder, as of Python 3.11 to 3.14)
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Extra data"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
    # expat: what a document can make it say (not the errors of a program's use of it)
    N_("out of memory"),
    N_("syntax error"),
    N_("no element found"),
    N_("not well-formed (invalid token)"),
    N_("unclosed token"),
    N_("partial character"),
    N_("mismatched tag"),
    N_("duplicate attribute"),
    N_("junk after document element"),
    N_("illegal parameter entity reference"),
    N_("undefined entity"),
    N_("recursive entity reference"),
    N_("asynchronous entity"),
    N_("reference to invalid character number"),
    N_("reference to binary entity"),
    N_("reference to external entity in attribute"),
    N_("XML or text declaration not at start of entity"),
    N_("unknown encoding"),
    N_("encoding specified in XML declaration is incorrect"),
    N_("unclosed CDATA section"),
    N_("document is not standalone"),
    N_("entity declared in parameter entity"),
    N_("unbound prefix"),
    N_("must not undeclare prefix"),
    N_("incomplete markup in parameter entity"),
    N_("XML declaration not well-formed"),
    N_("text declaration not well-formed"),
    N_("illegal character(s) in public id"),
    N_("reserved prefix (xml) must not be undeclared or bound to another namespace name"),
    N_("reserved prefix (xmlns) must not be declared or undeclared"),
    N_("prefix must not be bound to one of the reserved namespace names"),
    N_("limit on input amplification factor (from DTD and entities) breached"),
    # tomllib, the sentences without a value
    N_("Invalid statement"),
    N_("Expected newline or end of document after a statement"),
    N_("Cannot overwrite a value"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Invalid initial character for a key part"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Invalid hex value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"),
    N_("Invalid date or datetime"),
    N_("Invalid value"),
)
_KNOWN: Final = frozenset(_SENTENCES)

# tomllib's sentences with a value in them (what it quotes of the document, as found).
_VALUED: Final = (
    (re.compile(r"Expected (?P<found>'.*'|\".*\")\Z", re.S), N_("Expected %(found)s")),
    # json's Python decoder (the C scanner leaves the character out)
    (
        re.compile(r"Invalid control character (?P<found>.+) at\Z", re.S),
        N_("Invalid control character %(found)s at"),
    ),
    (
        re.compile(r"Found invalid character (?P<found>.+)\Z", re.S),
        N_("Found invalid character %(found)s"),
    ),
    (
        re.compile(r"Cannot declare (?P<found>.+) twice\Z", re.S),
        N_("Cannot declare %(found)s twice"),
    ),
    (
        re.compile(r"Cannot mutate immutable namespace (?P<found>.+)\Z", re.S),
        N_("Cannot mutate immutable namespace %(found)s"),
    ),
    (
        re.compile(r"Cannot redefine namespace (?P<found>.+)\Z", re.S),
        N_("Cannot redefine namespace %(found)s"),
    ),
    (
        re.compile(r"Duplicate inline table key (?P<found>.+)\Z", re.S),
        N_("Duplicate inline table key %(found)s"),
    ),
    (re.compile(r"Illegal character (?P<found>.+)\Z", re.S), N_("Illegal character %(found)s")),
)
# Where tomllib says it stopped, at the end of its sentence.
_AT: Final = re.compile(
    r"(?P<said>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)\Z", re.S
)


def parser_said(message: str) -> Text:
    """What a JSON, XML or TOML parser said (its sentence without where), in the language when
    it is one of its usual sentences; else as the parser says it."""
    if message in _KNOWN:
        return Text(message)
    for pattern, sentence in _VALUED:
        found = pattern.match(message)
        if found is not None:
            return Text(sentence, found=found["found"])
    return Text("%(message)s", message=message)


def toml_said(error: ValueError) -> Text:
    """What :mod:`tomllib` said of a document it cannot read, with the line and column it gives
    (``Expected '=' after a key in a key/value pair (at line 1, column 5)``), in the language;
    its English is the parser's own."""
    whole = str(error)
    at = _AT.match(whole)
    if at is None:
        return parser_said(whole)
    said = parser_said(at["said"])
    if at["line"] is None:
        return Text(N_("%(reason)s (at end of document)"), reason=said)
    return Text(
        N_("%(reason)s (at line %(line)s, column %(column)s)"),
        reason=said,
        line=int(at["line"]),
        column=int(at["column"]),
    )
