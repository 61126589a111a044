"""How a value was reached: the results beaten and tied, each adjustment, or the datum and the
IMPs against it — one record per side per table, shown in travellers, JSON and ``--explain``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from bridgescore.display import fmt
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
        """One sentence a player can check by hand.

        Made when asked for, from the counts kept, and remembered: tables with the same score
        on a board share one explanation, so a traveller of thousands of rows makes a few
        dozen sentences.
        """
        made: dict[int, str] = self.__dict__.setdefault("_texts", {})
        found = made.get(decimals)
        if found is None:
            found = made[decimals] = self._sentence(decimals)
        return found

    def _sentence(self, decimals: int) -> str:
        def n(value: Fraction | int) -> str:
            return fmt(value, decimals)

        if self.in_imps:
            return self._imps_text(n)

        if self.artificial is not None:
            assert self.percent is not None
            text = (
                f"artificial score {self.artificial}: {n(self.percent)}% of the top {n(self.top)}"
            )
            if self.note:
                text += f" ({self.note})"
            return f"{text} = {n(self.value)}"
        if len(self.scores) == 1:
            what = _points(self.scores[0][1])
        else:
            what = " and ".join(f"{n(w * 100)}% of {_points(s)}" for w, s in self.scores)
        group = f" in group {self.group}" if self.group else ""
        text = (
            f"{what} beat {n(self.beaten)} and tied {n(self.tied)} of the {self.compared} other "
            f"result{'s' if self.compared != 1 else ''}{group}: "
        )
        if self.scale == 2:
            text += f"{n(self.beaten)}×2 + {n(self.tied)}×1"
        else:
            text += f"{n(self.beaten)}×1 + {n(self.tied)}×½"
        text += f" = {n(self.raw)} of {n(self.raw_top)}"
        for step in self.steps:
            text += f"; {step.reason}, {step.method} = {n(step.after)} of {n(self.top)}"
        if self.note:
            text += f"; {self.note}"
        return text

    def _imps_text(self, n: Callable[[Fraction | int], str]) -> str:
        group = f" in group {self.group}" if self.group else ""
        if self.artificial is not None:
            return f"artificial score {self.artificial}: {n(self.value)} IMPs"
        if len(self.scores) == 1:
            what = _points(self.scores[0][1])
        else:
            what = " and ".join(f"{n(w * 100)}% of {_points(s)}" for w, s in self.scores)
        if self.method is Method.BUTLER:
            assert self.datum is not None
            text = f"{what} against the datum {_points_fraction(self.datum, n)}{group}"
            if self.note:
                text += f" ({self.note})"
            return f"{text}: {n(self.value)} IMPs"
        assert self.gross is not None
        text = (
            f"{what} against the {self.compared} other result"
            f"{'s' if self.compared != 1 else ''}{group}: {n(self.gross)} IMPs in all"
        )
        if self.divisor != 1:
            text += f", ÷ {self.divisor} = {n(self.value)}"
        if self.note:
            text += f"; {self.note}"
        return text


def _points_fraction(value: Fraction, n: Callable[[Fraction | int], str]) -> str:
    return ("+" if value > 0 else "") + n(value)


def _points(score: int) -> str:
    return f"{score:+d}" if score else "0"
