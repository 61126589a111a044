"""Screenshots of the results site, at phone and desktop widths, to look at.

Builds the bundled sample session's report with ``bridgescore report`` and, when the shared
data folder is there, a real USEBIO session with its deals (for a traveller with a hand diagram,
double-dummy table and par), then photographs each page kind in headless Chromium:

    out/report-shots/{rankings,traveller,recap,card}-{phone,desktop}.png
    out/report-shots/traveller-deal-{phone,desktop}.png   (real file, when available)
    out/report-shots/evening-{phone,desktop}.png          (a pair's evening, real file)

Needs Debian's ``chromium`` and the ``playwright`` Python package (``make report-shots``
installs both). ``--readme`` also refreshes the screenshot the README shows.

Run from the repository: python tools/report_shots.py
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"
REAL = ROOT.parent / "shared" / "data" / "usebio-compscore" / "mp_pairs_howell.xml"
README_SHOT = ROOT / "docs" / "images" / "report-card.png"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTHS = {"phone": (360, 800), "desktop": (1280, 900)}


def build(source: Path, directory: Path, *options: str) -> bool:
    command = [sys.executable, "-m", "bridgescore", "report", str(source), "-o", str(directory)]
    return subprocess.run([*command, *options], check=False).returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "report-shots")
    parser.add_argument("--readme", action="store_true", help="refresh the README's screenshot")
    args = parser.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("report_shots: the playwright package is missing (make report-shots installs it)")
        return 2
    if not Path(CHROMIUM).exists():
        print(f"report_shots: {CHROMIUM} is missing (apt-get install chromium)")
        return 2
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    sample = out / "club-night"
    if not build(SAMPLE, sample):
        return 1
    winner = json.loads((sample / "index.json").read_text())["fields"][0]["rankings"][0]
    card = winner["page"]  # the twin is the page's data: each ranked entrant links its card
    pages = {
        "rankings": sample / "index.html",
        "traveller": sample / "board-1.html",
        "recap": sample / "recap.html",
        "card": sample / card,
    }
    if REAL.exists():
        real = out / "usebio-howell"
        if build(REAL, real, "--artificial-method", "neuberg", "--short-boards", "neuberg"):
            pages["traveller-deal"] = real / "board-1.html"
            pages["evening"] = real / "pair-1-evening.html"
        else:
            print(f"report_shots: no traveller with a deal: {REAL.name} could not be read")
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width_name, (width, height) in WIDTHS.items():
            phone = width_name == "phone"
            context = browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=2 if phone else 1,
                is_mobile=phone,
                has_touch=phone,
            )
            page = context.new_page()
            for kind, path in pages.items():
                page.goto(path.as_uri())
                shot = out / f"{kind}-{width_name}.png"
                page.screenshot(path=str(shot), full_page=True)
                written.append(shot)
            context.close()
        if args.readme:
            # The README shows the top of the winners' score card, at a laptop's width.
            context = browser.new_context(viewport={"width": 1100, "height": 760})
            page = context.new_page()
            page.goto(pages["card"].as_uri())
            README_SHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(README_SHOT))
            written.append(README_SHOT)
            context.close()
        browser.close()
    for shot in written:
        print(shot.relative_to(ROOT) if shot.is_relative_to(ROOT) else shot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
