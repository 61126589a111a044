"""What Python's JSON, XML and TOML parsers say of a document they cannot read is said in the
language: each usual sentence of each parser, with the line and column TOML gives, the text it
quotes as found; English is the parser's own words, byte for byte."""

from __future__ import annotations

import json
import re
import tomllib
from xml.parsers import expat

import pytest

from bridgescore.languages import use
from bridgescore.languages.parsers import _KNOWN, parser_said, toml_said
from bridgescore.languages.text import shown

_WORD = re.compile(r"[A-Za-z]{2,}")
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\('[^)]*\)")

# A document for each sentence tomllib says (Python 3.11's parser).
BAD_TOML = {
    "Invalid statement": "=",
    "Expected newline or end of document after a statement": "a = 1 b = 2",
    "Cannot overwrite a value": "a = 1\na = 2",
    "Expected ']' at the end of a table declaration": "[a\n",
    "Expected ']]' at the end of an array declaration": "[[a]\n",
    "Expected '=' after a key in a key/value pair": 'name = "x"\nunit "y"\n',
    "Invalid initial character for a key part": "a.= 1",
    "Unclosed array": "a = [1, 2",
    "Unclosed inline table": "a = {b = 1",
    "Unescaped '\\' in a string": 'a = "\\q"',
    "Invalid hex value": 'a = "\\uZZZZ"',
    "Escaped character is not a Unicode scalar value": 'a = "\\uD800"',
    "Unterminated string": 'a = "x',
    "Invalid date or datetime": "a = 1979-02-30",
    "Invalid value": "a = ?",
    'Expected "\'"': "a = 'x",
    "Found invalid character": "# a\x01b",
    "Cannot declare": "[a]\n[a]",
    "Cannot mutate immutable namespace": "a = {b = 1}\na.c = 2",
    "Duplicate inline table key": "a = {b = 1, b = 2}",
    "Illegal character": 'a = """x\x01"""',
}

BAD_JSON = ["", '{"a" 1}', "{1: 2}", "[1 2]", '"abc', '"a\x01b"', '"\\q"', '"\\u12"', "1 2"]
BAD_XML = ["", "<a>", "<a></b>", "<a x='1' x='2'/>", "<a/><b/>", "<a>&nope;</a>", "<a><![CDATA["]


def _toml_error(text: str) -> tomllib.TOMLDecodeError:
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    return caught.value


def _left(said: str) -> set[str]:
    return set(_WORD.findall(_QUOTED.sub("", said)))


@pytest.mark.parametrize("kind", sorted(BAD_TOML))
def test_every_toml_sentence_is_said_in_the_language(kind: str) -> None:
    error = _toml_error(BAD_TOML[kind])
    assert str(error).startswith(kind)  # the document makes the parser say what is named
    said = toml_said(error)
    assert str(said) == str(error)  # English: the parser's own words
    with use("en"):
        assert shown(said) == str(error)
    with use("qps"):
        assert not _left(str(shown(said))), shown(said)
    for code in ("fr", "nl"):
        with use(code):
            assert shown(said) != str(error)


def test_toml_in_french_and_dutch_by_hand() -> None:
    said = toml_said(_toml_error('name = "x"\nunit "y"\n'))
    assert str(said) == "Expected '=' after a key in a key/value pair (at line 2, column 6)"
    with use("fr"):
        assert shown(said) == "'=' attendu après la clé d'une paire clé/valeur (ligne 2, colonne 6)"
    with use("nl"):
        assert shown(said) == (
            "'=' verwacht na de sleutel van een sleutel/waarde-paar (regel 2, kolom 6)"
        )
    # The key as the parser quotes it; it stops at the second declaration's closing bracket.
    said = toml_said(_toml_error("[a]\n[a]"))
    with use("fr"):
        assert shown(said) == "impossible de déclarer ('a',) deux fois (ligne 2, colonne 3)"
    said = toml_said(_toml_error("a = [1"))
    assert str(said) == "Unclosed array (at end of document)"
    with use("nl"):
        assert shown(said) == "niet-gesloten array (aan het einde van het document)"


@pytest.mark.parametrize("text", BAD_JSON)
def test_every_usual_json_sentence_is_said_in_the_language(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(text)
    said = parser_said(caught.value.msg)
    assert caught.value.msg in _KNOWN
    assert str(said) == caught.value.msg
    with use("qps"):
        assert not _left(str(shown(said)))
    with use("fr"):
        assert shown(said) != caught.value.msg


@pytest.mark.parametrize("text", BAD_XML)
def test_every_usual_xml_sentence_is_said_in_the_language(text: str) -> None:
    parser = expat.ParserCreate()
    with pytest.raises(expat.ExpatError) as caught:
        parser.Parse(text, True)
    message = expat.errors.messages[caught.value.code]
    assert message in _KNOWN
    with use("nl"):
        assert shown(parser_said(message)) != message


def test_a_sentence_not_listed_is_shown_as_the_parser_says_it() -> None:
    said = parser_said("Something new")
    assert str(said) == "Something new"
    with use("qps"):
        assert shown(said) == "Something new"  # a plain word the pseudo-locale tests see
    with use("fr"):
        assert str(shown(parser_said("Expected '}'"))) == "'}' attendu"
        assert str(shown(parser_said("Illegal character '\\x01'"))) == (
            "caractère interdit '\\x01'"
        )
