"""``fmt_fixed`` (integers only, for speed) writes what ``round_fraction``'s Decimal says,
for every rounding, sign and number of places."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from bridgescore.display import fmt_fixed, round_fraction
from bridgescore.rules import Rounding

VALUES = st.builds(
    Fraction, st.integers(-(10**9), 10**9), st.sampled_from([1, 2, 3, 4, 5, 7, 8, 40, 1000, 997])
)


@given(VALUES, st.integers(0, 6), st.sampled_from(list(Rounding)))
def test_fmt_fixed_is_the_decimal_rounding(
    value: Fraction, decimals: int, rounding: Rounding
) -> None:
    assert fmt_fixed(value, decimals, rounding) == str(round_fraction(value, decimals, rounding))


def test_hand_worked_places() -> None:
    assert fmt_fixed(Fraction(1137, 5)) == "227.40"
    assert fmt_fixed(Fraction(215, 3)) == "71.67"
    assert fmt_fixed(Fraction(1, 8), 2, Rounding.HALF_EVEN) == "0.12"  # 0.125: to the even 2
    assert fmt_fixed(Fraction(1, 8), 2, Rounding.HALF_UP) == "0.13"
    assert fmt_fixed(Fraction(-1, 8), 2, Rounding.HALF_UP) == "-0.13"  # ties away from zero
    assert fmt_fixed(Fraction(-1, 1000), 2) == "-0.00"  # as Decimal keeps the sign
    assert fmt_fixed(Fraction(199, 100), 1, Rounding.TRUNCATE) == "1.9"
    assert fmt_fixed(12, 2) == "12.00" and fmt_fixed(Fraction(7, 2), 0) == "4"
