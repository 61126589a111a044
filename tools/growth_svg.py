"""Draw docs/report-growth.svg: `bridgescore report` seconds against tables, log-log.

    python tools/growth_svg.py 100=0.76 1000=6.24 3000=18.97 > docs/report-growth.svg

The figures are the `# report N tables` lines of `python bench/bench.py report`.
"""

from __future__ import annotations

import math
import sys

WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 70, 620, 20, 300
X_TICKS = (100, 300, 1000, 3000)
Y_TICKS = (0.5, 1, 2, 5, 10, 20, 50)


def main() -> None:
    points = sorted((int(t), float(s)) for t, s in (a.split("=") for a in sys.argv[1:]))
    x_low, x_high = math.log10(80), math.log10(3800)
    y_low, y_high = math.log10(Y_TICKS[0]) - 0.05, math.log10(Y_TICKS[-1]) + 0.05

    def x(tables: float) -> float:
        return LEFT + (math.log10(tables) - x_low) / (x_high - x_low) * (RIGHT - LEFT)

    def y(seconds: float) -> float:
        return BOTTOM - (math.log10(seconds) - y_low) / (y_high - y_low) * (BOTTOM - TOP)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="white"/>',
        f'<line x1="{LEFT}" y1="{BOTTOM}" x2="{RIGHT}" y2="{BOTTOM}" stroke="#8a9499"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{BOTTOM}" stroke="#8a9499"/>',
    ]
    for t in X_TICKS:
        out.append(f'<text x="{x(t):.1f}" y="{BOTTOM + 16}" text-anchor="middle">{t:,}</text>')
    for s in Y_TICKS:
        out.append(
            f'<line x1="{LEFT}" y1="{y(s):.1f}" x2="{RIGHT}" y2="{y(s):.1f}" stroke="#e3e7e8"/>'
        )
        out.append(
            f'<text x="{LEFT - 6}" y="{y(s):.1f}" dy="0.35em" text-anchor="end">{s:g} s</text>'
        )
    (t0, s0), (t1, _) = points[0], points[-1]
    linear = s0 * t1 / t0
    out.append(
        f'<line x1="{x(t0):.1f}" y1="{y(s0):.1f}" x2="{x(t1):.1f}" y2="{y(linear):.1f}" '
        'stroke="#c0562a" stroke-dasharray="5 4"/>'
    )
    out.append(
        f'<text x="{x(t1) - 4:.1f}" y="{y(linear) - 6:.1f}" text-anchor="end" fill="#c0562a">'
        "linear from the first size</text>"
    )
    line = " ".join(f"{x(t):.1f},{y(s):.1f}" for t, s in points)
    out.append(f'<polyline fill="none" stroke="#1b7a5a" stroke-width="2" points="{line}"/>')
    for t, s in points:
        out.append(f'<circle cx="{x(t):.1f}" cy="{y(s):.1f}" r="4" fill="#1b7a5a"/>')
        out.append(f'<text x="{x(t) + 7:.1f}" y="{y(s) + 14:.1f}">{s:.2f} s</text>')
    out.append(
        f'<text x="{(LEFT + RIGHT) / 2:.1f}" y="{BOTTOM + 38}" text-anchor="middle">'
        "tables (26 boards each; log scale)</text>"
    )
    out.append(
        f'<text transform="translate(16 {(TOP + BOTTOM) / 2:.1f}) rotate(-90)" '
        'text-anchor="middle">bridgescore report, whole process (log scale)</text>'
    )
    out.append("</svg>")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
