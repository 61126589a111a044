"""``fmt_fixed`` (integers only, for speed) writes what ``round_fraction``'s Decimal says,
for every rounding, sign and number of places; ``printable`` escapes every character a
terminal would obey, and only those."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.display import fmt_fixed, fmt_short, printable, round_fraction
from bridgescore.rules import Rounding

VALUES = st.builds(
    Fraction, st.integers(-(10**9), 10**9), st.sampled_from([1, 2, 3, 4, 5, 7, 8, 40, 1000, 997])
)


@given(
    st.one_of(VALUES, st.integers(-(10**9), 10**9)),
    st.integers(0, 6),
    st.sampled_from(list(Rounding)),
)
def test_fmt_fixed_is_the_decimal_rounding(
    value: Fraction | int, decimals: int, rounding: Rounding
) -> None:
    # Whole numbers (a Fraction over 1 or an int) take a path of their own: drawn often.
    exact = Fraction(value)
    assert fmt_fixed(value, decimals, rounding) == str(round_fraction(exact, decimals, rounding))


def test_hand_worked_places() -> None:
    assert fmt_fixed(Fraction(1137, 5)) == "227.40"
    assert fmt_fixed(Fraction(215, 3)) == "71.67"
    assert fmt_fixed(Fraction(1, 8), 2, Rounding.HALF_EVEN) == "0.12"  # 0.125: to the even 2
    assert fmt_fixed(Fraction(1, 8), 2, Rounding.HALF_UP) == "0.13"
    assert fmt_fixed(Fraction(-1, 8), 2, Rounding.HALF_UP) == "-0.13"  # ties away from zero
    assert fmt_fixed(Fraction(-1, 1000), 2) == "-0.00"  # as Decimal keeps the sign
    assert fmt_fixed(Fraction(199, 100), 1, Rounding.TRUNCATE) == "1.9"
    assert fmt_fixed(12, 2) == "12.00" and fmt_fixed(Fraction(7, 2), 0) == "4"


def test_a_short_figure_is_whole_when_its_rounded_places_are_zeros() -> None:
    assert fmt_short(12) == "12" and fmt_short(Fraction(12, 5)) == "2.40"
    assert fmt_short(Fraction(3999, 1000)) == "4"  # 4.00 once rounded
    assert fmt_short(Fraction(-17, 2)) == "-8.50" and fmt_short(Fraction(1, 3), 1) == "0.3"
    assert fmt_short(Fraction(7, 2), 0) == "4"


@given(st.one_of(VALUES, st.integers(-(10**9), 10**9)), st.integers(0, 6))
def test_a_short_figure_is_the_fixed_one_or_its_whole_part(
    value: Fraction | int, places: int
) -> None:
    fixed, short = fmt_fixed(value, places), fmt_short(value, places)
    assert short == fixed or (
        fixed.startswith(short + ".") and set(fixed[len(short) + 1 :]) == {"0"}
    )


# Text as files hold it: ASCII (with its controls and DEL), C1 controls, the bidirectional
# formatting characters, and letters beyond ASCII.
TEXT = st.text(
    alphabet=st.sampled_from([*"aZ 09.-", "\n", "\t", "\x1b", "\x7f", "\x85", "\u202e", "é"])
)


@given(TEXT)
def test_printable_escapes_exactly_the_characters_a_terminal_obeys(text: str) -> None:
    """Each control and bidirectional character becomes its visible escape, the rest stays
    (plain ASCII text is returned as it is without looking at each character)."""
    for lines in (False, True):
        expected = "".join(
            c
            if (c == "\n" and lines) or (c.isprintable() and c != "\u202e")
            else "\\n"
            if c == "\n"
            else f"\\x{ord(c):02x}"
            if ord(c) < 0x100
            else f"\\u{ord(c):04x}"
            for c in text
        )
        assert printable(text, lines=lines) == expected
