"""The bar chart on each score card, as SVG written by hand: the same card gives the same bytes.

A site draws a chart for every pair, and the pairs share a few dozen values a board (the tables
with the same score), so each bar (a value at a place on the axis) and each chart's frame is
drawn once and remembered.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from markupsafe import escape

from bridgescore.languages import _, current

LEFT, RIGHT, TOP, BOTTOM = 68, 796, 11, 224  # the plot area, in pixels
INK, AXIS = "#33403f", "#8a9499"
_PERCENTS = (Fraction(0), Fraction(100))


def chart_svg(card: Mapping[str, Any], imps: bool, label: str | None = None) -> str:
    """A score card's (:func:`bridgescore.reports.views.card`) board-by-board percentages (IMPs
    in IMP events) as an SVG bar chart, 800 × 280; ``label``: its accessible name (by default
    what it plots, "% on the board on each board")."""
    key = "imps_exact" if imps else "percent_exact"
    # each value as the card has it (a fraction's text, or an integer): a bar is looked up by
    # it, where a Fraction's hash is worked out anew each time (some 80 a card)
    points = [(row["board"], row[key]) for row in card["boards"] if row[key] is not None]
    if imps:
        reach = max([abs(_value(v)) for _, v in points] + [Fraction(3)]) * Fraction(11, 10)
        low, high = -reach, reach
    else:
        low, high = _PERCENTS
    scale = (low, high) if imps else None  # a percentage's bar needs no scale in its key
    slots = max(len(points), 12)  # few boards: bars stay narrow
    language = current().code  # the labels are in the reader's language
    out = [_head(imps, language) if label is None else _opening(label)]
    for index, (board, value) in enumerate(points):
        out.append(_bar(index, board, value, slots, scale))
    out.append(_frame(low, high, imps, language))
    return "\n".join(out)


def _value(value: str | int) -> Fraction:
    return _fraction(value) if type(value) is str else Fraction(value)


@functools.lru_cache(maxsize=4096)
def _fraction(text: str) -> Fraction:
    return Fraction(text)


def _label(imps: bool) -> str:
    return _("IMPs") if imps else _("% on the board")


def _middle(imps: bool) -> Fraction:
    return Fraction(0) if imps else Fraction(50)


def _y(value: Fraction, low: Fraction, high: Fraction) -> float:
    return BOTTOM - float((value - low) / (high - low)) * (BOTTOM - TOP)


def _px(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


@functools.cache
def _head(imps: bool, language: str) -> str:
    return _opening(_("%(label)s on each board", label=_label(imps)))


def _opening(label: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="280" '
        'viewBox="0 0 800 280" font-family="sans-serif" font-size="11" '
        f'role="img" aria-label="{escape(label)}">'
    )


@functools.lru_cache(maxsize=65536)
def _bar(
    index: int,
    board: object,
    shown: str | int,
    slots: int,
    scale: tuple[Fraction, Fraction] | None,
) -> str:
    """The bar of the ``index``-th board played (of ``slots`` places) and its board number:
    IMPs from ``scale``'s low to high, a percentage (``scale`` None) from 0 to 100."""
    imps = scale is not None
    low, high = _PERCENTS if scale is None else scale
    value = _value(shown)
    step = (RIGHT - LEFT) / slots
    x = LEFT + step * index + step * 0.15
    base = _y(_middle(imps), low, high)
    edge = _y(value, low, high)
    colour = "#1b7a5a" if value >= _middle(imps) else "#c0562a"
    return (
        f'<rect x="{_px(x)}" y="{_px(min(edge, base))}" width="{_px(step * 0.7)}" '
        f'height="{_px(abs(edge - base))}" fill="{colour}"/>\n'
        f'<text x="{_px(x + step * 0.35)}" y="{BOTTOM + 15}" text-anchor="middle" '
        f'fill="{INK}">{escape(str(board))}</text>'
    )


@functools.lru_cache(maxsize=1024)
def _frame(low: Fraction, high: Fraction, imps: bool, language: str) -> str:
    """The middle line, the axes with their ticks and the labels, and the end."""
    base = _px(_y(_middle(imps), low, high))
    ticks = _imp_ticks(high) if imps else [Fraction(t) for t in (0, 25, 50, 75, 100)]
    out = [
        f'<line x1="{LEFT}" y1="{base}" x2="{RIGHT}" y2="{base}" stroke="{INK}" '
        'stroke-width="0.8" stroke-dasharray="4 3"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}" stroke="{AXIS}"/>',
        f'<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="{AXIS}"/>',
    ]
    for tick in ticks:
        at = _px(_y(tick, low, high))
        out.append(f'<line x1="{LEFT - 4}" y1="{at}" x2="{LEFT}" y2="{at}" stroke="{AXIS}"/>')
        out.append(
            f'<text x="{LEFT - 7}" y="{at}" dy="0.35em" text-anchor="end" fill="{INK}">'
            f"{_tick_text(tick)}</text>"
        )
    axis = escape(_("Board (in the order played)"))
    out.append(
        f'<text x="{_px((LEFT + RIGHT) / 2)}" y="{BOTTOM + 38}" text-anchor="middle" '
        f'fill="{INK}">{axis}</text>'
    )
    out.append(
        f'<text transform="translate(18 {_px((TOP + BOTTOM) / 2)}) rotate(-90)" '
        f'text-anchor="middle" fill="{INK}">{escape(_label(imps))}</text>'
    )
    out.append("</svg>\n")
    return "\n".join(out)


def _imp_ticks(reach: Fraction) -> list[Fraction]:
    """Round ticks from −reach to reach: a step of 1, 2, 5, 10, 20, 50… giving at most 4 a side."""
    step = 1
    while reach / step > 4:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2
    count = int(reach // step)
    return [Fraction(step * k) for k in range(-count, count + 1)]


def _tick_text(value: Fraction) -> str:
    text = str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    return text.replace("-", "−")


__all__ = ["chart_svg"]
