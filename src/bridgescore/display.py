"""Rounding exact values for display only (rules.md §3.6)."""

from __future__ import annotations

from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

from bridgescore.rules import Rounding

_MODES = {
    Rounding.HALF_UP: ROUND_HALF_UP,
    Rounding.HALF_EVEN: ROUND_HALF_EVEN,
    Rounding.TRUNCATE: ROUND_DOWN,
}


def round_fraction(
    value: Fraction, decimals: int, rounding: Rounding = Rounding.HALF_UP
) -> Decimal:
    """``value`` rounded to ``decimals`` places by ``rounding``, computed exactly."""
    quantum = Decimal(1).scaleb(-decimals)
    # Enough digits that the division itself never decides the rounding.
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(exact) != value:
        scaled = value * 10**decimals
        whole, rest = divmod(abs(scaled.numerator), scaled.denominator)
        twice = 2 * rest
        up = (rounding is Rounding.HALF_UP and twice >= scaled.denominator) or (
            rounding is Rounding.HALF_EVEN
            and (twice > scaled.denominator or (twice == scaled.denominator and whole % 2 == 1))
        )
        magnitude = Decimal(whole + (1 if up else 0)).scaleb(-decimals)
        return -magnitude if value < 0 else magnitude
    return exact.quantize(quantum, rounding=_MODES[rounding])


def fmt(value: Fraction | int, decimals: int = 2, rounding: Rounding = Rounding.HALF_UP) -> str:
    """A value for display: whole numbers stay whole, others get ``decimals`` places."""
    fraction = Fraction(value)
    if fraction.denominator == 1:
        return str(fraction.numerator)
    return str(round_fraction(fraction, decimals, rounding))


def fmt_fixed(
    value: Fraction | int, decimals: int = 2, rounding: Rounding = Rounding.HALF_UP
) -> str:
    """A value with exactly ``decimals`` places (for columns of figures): the text of
    :func:`round_fraction`, made with integers (a ranking of thousands of pairs shows three
    figures a pair)."""
    numerator, denominator = value.as_integer_ratio()  # one call, where two properties took two
    if denominator == 1:  # a whole number (most matchpoint totals and tops): no rounding
        return f"{numerator}.{'0' * decimals}" if decimals else str(numerator)
    scale = 10**decimals
    whole, rest = divmod(abs(numerator) * scale, denominator)
    if rest:
        twice = 2 * rest
        if rounding is Rounding.HALF_UP:
            whole += twice >= denominator
        elif rounding is Rounding.HALF_EVEN:
            whole += twice > denominator or (twice == denominator and whole % 2 == 1)
    sign = "-" if numerator < 0 and (whole or _decimal(denominator)) else ""
    if not decimals:
        return f"{sign}{whole}"
    units, places = divmod(whole, scale)
    return f"{sign}{units}.{str(places).zfill(decimals)}"  # a nested format spec costs twice


def fmt_short(
    value: Fraction | int, decimals: int = 2, rounding: Rounding = Rounding.HALF_UP
) -> str:
    """:func:`fmt_fixed`, whole when its places are all zeros (``4``, ``2.40``): rounded first,
    then shortened (3.999 to two places is ``4``). For a figure alone, not a column."""
    text = fmt_fixed(value, decimals, rounding)
    whole, _, places = text.partition(".")
    return text if places.strip("0") else whole


def _decimal(denominator: int) -> bool:
    """Whether a fraction over ``denominator`` is a finite decimal. round_fraction quantizes
    such a value as a Decimal, which keeps the sign of a negative value rounded to zero
    (``-0.00``); any other value it rounds to zero shows no sign."""
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    return denominator == 1


def fmt_signed_score(score: int) -> str:
    return f"{score:+d}" if score else "0"


# Characters that must never reach a terminal or a text file as they are: the C0 and C1 control
# characters and DEL (an escape sequence can recolour, retitle, move the cursor or clear the
# screen), and the bidirectional formatting characters (they can reorder what is shown).
_ESCAPED = {
    code: f"\\x{code:02x}" for code in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if code != 0x0A
} | {
    code: f"\\u{code:04x}"
    for code in (0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
}
_ONE_LINE = _ESCAPED | {0x0A: "\\n"}


def printable(text: str, *, lines: bool = False) -> str:
    """``text`` from a file (a name, a title, a label) made safe to print: each control or
    bidirectional formatting character written as a visible escape (``\\x1b``, ``\\u202e``), so
    a name can never recolour, retitle or hide the output; with ``lines``, line breaks are kept."""
    if text.isascii() and text.isprintable():
        return text  # nothing to escape (most text): said in C, without a look-up a character
    return text.translate(_ESCAPED if lines else _ONE_LINE)


# In JSON written with ensure_ascii=False, json escapes only the C0 controls: DEL, the C1 controls
# and the bidirectional characters are written as themselves (within strings, where a \uXXXX
# escape is the same value).
_JSON_ESCAPED = {
    code: f"\\u{code:04x}"
    for code in (*range(0x7F, 0xA0), 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
}


def printable_json(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) safe to print: the characters json
    leaves as they are that a terminal would obey written as ``\\uXXXX``, the same JSON value."""
    return text.translate(_JSON_ESCAPED)
