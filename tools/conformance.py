"""Make docs/conformance.md's tables from what users run, on every real file of ../shared/data.

    python tools/conformance.py           # rewrite the tables in docs/conformance.md
    python tools/conformance.py --print   # print them instead

* **check**: every .xml and .pbn file, through ``bridgescore check FILE --format json`` with no
  options: what it compared, what reproduces, and the settings that reproduce the file (or the
  closest, with what remains), or the sentence it refused the file with;
* **anomalies**: every file that reads as one session, through
  :func:`bridgescore.anomalies.slips.measure`, its deals solved double dummy when it has them:
  how many of its results are flagged as they are, and of the slips seeded one at a time into
  copies (sign flips, declarers on the other side or their partner's seat, swapped boards), how
  many are caught.

``tests/test_conformance.py`` runs the same functions and fails when the page is out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from bridgescore.cli import main as bridgescore

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "conformance.md"
SHARED = ROOT.parent / "shared" / "data"
SEEDED = 40  # slips of each kind, seeded one at a time
SLIP_KINDS = ("sign", "declarer", "partner", "swap")


def files() -> list[Path]:
    """Every results file of ../shared/data that check takes by its extension."""
    return sorted(p for p in SHARED.rglob("*") if p.suffix in (".xml", ".pbn"))


def name(path: Path) -> str:
    return path.relative_to(SHARED).as_posix()


def check_row(path: Path) -> str:
    """docs/conformance.md's row for one file, from ``bridgescore check FILE --format json``."""
    done = CliRunner().invoke(bridgescore, ["check", str(path), "--format", "json"])
    if done.exit_code == 2:
        message = done.output.strip().splitlines()
        reason = message[-1].split(": ", 1)[-1] if message else "refused"
        reason = reason.replace(str(path), name(path)).replace("|", "/")
        if len(reason) > 140:
            reason = reason[:137] + "..."
        return f"| {name(path)} | – | 2 | – | – | – | refused: {reason} |"
    data = json.loads(done.stdout)
    setting = data["setting"]
    source = data["source"].replace("USEBIO from ", "USEBIO, ")
    kind = data["teams_scoring"] or data["method"]
    who = "teams" if data["teams_scoring"] else "pairs"
    parts = [f"{data['rows_reproduced']}/{data['rows']} rows"]
    if data["pairs"]:
        parts.append(f"{data['pairs_reproduced']}/{data['pairs']} {who}")
    if data["matches"]:
        parts.append(f"{data['matches_reproduced']}/{data['matches']} matches")
    compared = ", ".join(parts)
    if data["nothing_compared"]:
        found = "nothing compared: " + data["nothing_compared"].removeprefix(
            "Nothing was compared: "
        )
    elif data["reproduced"]:
        found = "every figure, as the file says (no option)"
    elif setting["reproduces"]:
        found = "every figure with " + " ".join(setting["options"])
    else:
        closest = " ".join(setting["options"]) or "the file's own settings"
        found = f"none of those tried; closest: {closest}, {setting['differences']} differences"
    searched = setting["searched"]
    tried = "–" if searched is None else str(setting["tried"])
    return (
        f"| {name(path)} | {source} ({kind}) | {done.exit_code} | {compared} | "
        f"{data['conventions']} | {tried} | {found} |"
    )


def anomaly_row(path: Path) -> str | None:
    """docs/conformance.md's anomalies row for a file that reads as one session, else None."""
    from bridgescore.anomalies.slips import measure
    from bridgescore.errors import BridgeScoreError
    from bridgescore.formats import load_path
    from bridgescore.reports.deals import solve

    try:
        session = load_path(path).session
    except BridgeScoreError:
        return None
    if not any(t.result is not None for t in session.tables):
        return None
    solved = solve(session.boards.values())
    tricks = {number: dd.tricks for number, dd in solved.items()} or None
    m = measure(session, double_dummy=tricks, count=SEEDED)
    cells = [
        name(path),
        "yes" if tricks else "no",
        str(m.rows),
        f"{m.flagged} ({100 * m.flagged / m.rows:.1f}%)" if m.rows else "0",
        ", ".join(f"{kind} {n}" for kind, n in m.kinds.items()) or "–",
    ]
    for kind in SLIP_KINDS:
        seeded, caught, refused = m.seeded[kind], m.caught[kind], m.refused[kind]
        taken = seeded - refused
        cell = f"{caught}/{taken}" if taken else "–"
        if refused:
            cell += f" (+{refused} refused)"
        cells.append(cell)
    return "| " + " | ".join(cells) + " |"


CHECK_HEAD = (
    "| file | read as | exit | reproduced under the file's own settings | conventions "
    "| settings tried | reproduces |\n|---|---|---|---|---|---|---|"
)
ANOMALY_HEAD = (
    "| file | deals solved | results | flagged as they are | why | sign flips caught "
    "| declarers on the other side | declarers' partners | swapped boards |\n"
    "|---|---|---|---|---|---|---|---|---|"
)


def tables() -> tuple[str, str]:
    paths = files()
    check = "\n".join([CHECK_HEAD, *(check_row(p) for p in paths)])
    rows = [row for p in paths if (row := anomaly_row(p)) is not None]
    return check, "\n".join([ANOMALY_HEAD, *rows])


def replace_between(text: str, marker: str, body: str) -> str:
    begin, end = f"<!-- {marker}: begin -->", f"<!-- {marker}: end -->"
    head, _, rest = text.partition(begin)
    _, _, tail = rest.partition(end)
    if not rest:
        raise SystemExit(f"{DOCS}: no {begin} ... {end} in the page")
    return f"{head}{begin}\n{body}\n{end}{tail}"


def main() -> None:
    check, anomalies = tables()
    if "--print" in sys.argv[1:]:
        print(check)
        print()
        print(anomalies)
        return
    text = DOCS.read_text(encoding="utf-8")
    text = replace_between(text, "check", check)
    text = replace_between(text, "anomalies", anomalies)
    DOCS.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
