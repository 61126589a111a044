"""Texts read by hand on the start-up path read exactly as the patterns they replace.

A command's start paid for compiling these patterns; each reader is checked against its
pattern on every character (a class under ignored case takes in letters like "ſ" and the
Kelvin sign), on every short text over the characters that matter, and on Hypothesis's texts.
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.cli.options import stored_number
from bridgescore.contract import Contract, _contract_parts, parse_tricks
from bridgescore.errors import ParseError
from bridgescore.formats import _suffix
from bridgescore.formats.csv import _artificial_side, _artificial_sides, _metadata, lead_card

LEAD = re.compile(r"(?i)^(?:([SHDC♠♥♦♣])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC♠♥♦♣]))$")
CONTRACT = re.compile(r"^([1-7])\s*(NT|N|C|D|H|S|♣|♦|♥|♠)\s*(XX|X|R|\*\*|\*)?$", re.IGNORECASE)
META = re.compile(r"(?i)^#\s*(event|title|date)\s*:\s*(.*?)\s*$")
STORED = re.compile(r"db:(\d+)")
TRICKS_RELATIVE = re.compile(r"[+-]\d{1,2}")  # parse_tricks's
TRICKS = re.compile(r"\d{1,2}")

EVERY_CHARACTER = [chr(code) for code in range(sys.maxunicode + 1)]


def lead_by_pattern(text: str) -> str | None:
    match = LEAD.match(text)
    if not match:
        return None
    suit = match.group(1) or match.group(4)
    rank = (match.group(2) or match.group(3)).upper().replace("10", "T")
    return {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(suit, suit.upper()) + rank


def contract_by_pattern(text: str) -> tuple[str, str, str] | None:
    match = CONTRACT.match(text)
    if not match:
        return None
    level, strain, risk = match.groups()
    return level, strain, risk or ""


def metadata_by_pattern(text: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = META.match(line.strip())
        if match:
            found["title" if match[1].lower() in ("event", "title") else "date"] = match[2]
    return found


def stored_by_pattern(text: str) -> int | None:
    match = STORED.fullmatch(text)
    return int(match[1]) if match else None


def short_texts(alphabet: str, longest: int) -> list[str]:
    return [
        "".join(chars)
        for length in range(longest + 1)
        for chars in itertools.product(alphabet, repeat=length)
    ]


def check(ours: Callable[[str], object], theirs: Callable[[str], object], texts: list[str]) -> None:
    differ = [text for text in texts if ours(text) != theirs(text)]
    assert not differ, differ[:10]


@pytest.mark.slow
def test_lead_on_every_character_in_every_place() -> None:
    check(lead_card, lead_by_pattern, [f"{c}A" for c in EVERY_CHARACTER])
    check(lead_card, lead_by_pattern, [f"S{c}" for c in EVERY_CHARACTER])
    check(lead_card, lead_by_pattern, [f"{c}10" for c in EVERY_CHARACTER])
    check(lead_card, lead_by_pattern, [f"10{c}" for c in EVERY_CHARACTER])
    check(lead_card, lead_by_pattern, [f"A{c}" for c in EVERY_CHARACTER])
    check(lead_card, lead_by_pattern, [f"SA{c}" for c in EVERY_CHARACTER])


def test_lead_on_short_texts() -> None:
    check(lead_card, lead_by_pattern, short_texts("SsſhD♠♣A1T0K\u212a9x \n", 4))


@given(st.text(max_size=6))
def test_lead_on_any_text(text: str) -> None:
    assert lead_card(text) == lead_by_pattern(text)


@pytest.mark.slow
def test_contract_on_every_character_in_every_place() -> None:
    for template in ("{}S", "4{}", "4{}T", "4N{}", "4S{}", "4SX{}", "4S{}X", "4SX{}X", "4S*{}"):
        check(_contract_parts, contract_by_pattern, [template.format(c) for c in EVERY_CHARACTER])


def test_contract_on_short_texts() -> None:
    check(_contract_parts, contract_by_pattern, short_texts("148NnTtSſ♠xXRr* \t\nZ", 4))


@given(st.text(alphabet=st.sampled_from("1478NnTtCDHSsſ♣♥XxRr*\t\n\r #Z"), max_size=8))
def test_contract_on_contract_like_text(text: str) -> None:
    assert _contract_parts(text) == contract_by_pattern(text)


@given(st.text(max_size=8))
def test_contract_on_any_text(text: str) -> None:
    assert _contract_parts(text) == contract_by_pattern(text)


@pytest.mark.slow
def test_metadata_on_every_character_in_every_place() -> None:
    for template in ("#{}date: x", "# da{}e: x", "# date{}: x", "# date:{}x", "# title: x{}"):
        texts = [template.format(c) for c in EVERY_CHARACTER]
        check(_metadata, metadata_by_pattern, texts)


def test_metadata_on_names() -> None:
    names = ["event", "title", "date", "dated", "tİtle", "tıtle", "TITLE", "Event", "dat", ""]
    texts = [
        f"{start}{name}{middle}:{value}"
        for start in ("#", "# ", "#\t", " #", "x#")
        for name in names
        for middle in ("", " ", " \u00a0")
        for value in ("", " ", "Riverside", " a : b ", "#", ":")
    ]
    check(_metadata, metadata_by_pattern, texts)
    check(_metadata, metadata_by_pattern, ["\n".join(texts[i : i + 3]) for i in range(len(texts))])


@given(st.text(alphabet=st.sampled_from("#:etiladvnİı \t\n\r\u2028xE"), max_size=20))
def test_metadata_on_metadata_like_text(text: str) -> None:
    assert _metadata(text) == metadata_by_pattern(text)


@given(st.text(max_size=20))
def test_metadata_on_any_text(text: str) -> None:
    assert _metadata(text) == metadata_by_pattern(text)


def test_stored_number() -> None:
    check(stored_number, stored_by_pattern, [f"db:{c}" for c in EVERY_CHARACTER])
    check(stored_number, stored_by_pattern, [f"db:1{c}" for c in EVERY_CHARACTER])
    check(stored_number, stored_by_pattern, short_texts("db:1٣x \n", 5))


@given(st.text(max_size=8))
def test_stored_number_on_any_text(text: str) -> None:
    assert stored_number(text) == stored_by_pattern(text)
    assert stored_number(f"db:{text}") == stored_by_pattern(f"db:{text}")


def tricks_by_pattern(text: str, contract: Contract) -> int | str:
    """parse_tricks as it was with its patterns: the tricks, or the error's message."""
    value = text.strip()
    if value in ("=", "=0", "+0", "-0", "0=") or value.upper() in ("MADE", "M"):
        return contract.tricks_needed
    if TRICKS_RELATIVE.fullmatch(value):
        tricks = contract.tricks_needed + int(value)
    elif TRICKS.fullmatch(value):
        tricks = int(value)
    else:
        return f"not a result: {text!r} (expected tricks taken 0-13, or =, +1, -2 ...)"
    if not 0 <= tricks <= 13:
        return f"impossible result {text!r} for {contract}: {tricks} tricks (expected 0 to 13)"
    return tricks


def tricks_by_hand(text: str, contract: Contract) -> int | str:
    try:
        return parse_tricks(text, contract)
    except ParseError as error:
        return str(error)


@pytest.mark.slow
def test_tricks() -> None:
    contract = Contract.parse("4S")
    texts = [f"{start}{c}" for start in ("", "+", "-", "1") for c in EVERY_CHARACTER]
    texts += short_texts("+-19٣x =\n", 4)
    differ = [t for t in texts if tricks_by_hand(t, contract) != tricks_by_pattern(t, contract)]
    assert not differ, differ[:10]


SIDE = r"(?:a|ave|av)[+-]?|\d{1,3}(?:\.\d+)?%?"
ARTIFICIAL_ONE = re.compile(rf"(?i)^\s*(?:{SIDE})\s*$")
ARTIFICIAL_TWO = re.compile(rf"(?i)^\s*(?:{SIDE})\s*/\s*(?:{SIDE})\s*$")


def one_side(text: str) -> bool:
    return _artificial_side(text.strip())


def one_side_by_pattern(text: str) -> bool:
    return bool(ARTIFICIAL_ONE.match(text))


def two_sides_by_pattern(text: str) -> bool:
    return bool(ARTIFICIAL_TWO.match(text))


@pytest.mark.slow
def test_artificial_on_every_character_in_every_place() -> None:
    for template in ("{}", "A{}", "{}+", "Av{}", "{}ve", "1{}", "1.{}", "12{}%", "60{} ", "{}5"):
        texts = [template.format(c) for c in EVERY_CHARACTER]
        check(one_side, one_side_by_pattern, texts)
        check(_artificial_sides, two_sides_by_pattern, [f"{t}/A" for t in texts])
        check(_artificial_sides, two_sides_by_pattern, [f"40/{t}" for t in texts])


def test_artificial_on_short_texts() -> None:
    texts = short_texts("aAvE+-%1.٣x /\n", 4)
    check(one_side, one_side_by_pattern, texts)
    check(_artificial_sides, two_sides_by_pattern, texts)


@given(st.text(alphabet=st.sampled_from("aAvVeE+-%1234.٣ /\t\nx"), max_size=12))
def test_artificial_on_artificial_like_text(text: str) -> None:
    assert one_side(text) == one_side_by_pattern(text)
    assert _artificial_sides(text) == two_sides_by_pattern(text)


@given(st.text(max_size=10))
def test_artificial_on_any_text(text: str) -> None:
    assert one_side(text) == one_side_by_pattern(text)
    assert _artificial_sides(text) == two_sides_by_pattern(text)


def suffix_by_pattern(path: str) -> str:
    """formats._suffix as it was, splitting on a pattern of the separators."""
    separators = os.sep + (os.altsep or "")
    parts = re.split(f"[{re.escape(separators)}]", path)
    name = next((part for part in reversed(parts) if part not in ("", ".")), "")
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""


def test_suffix_on_short_paths() -> None:
    check(_suffix, suffix_by_pattern, short_texts("/\\.aC ", 6))


@given(st.text(alphabet=st.sampled_from("/\\.acsvCSV x"), max_size=14))
def test_suffix_on_path_like_text(text: str) -> None:
    assert _suffix(text) == suffix_by_pattern(text)
