"""Run the same commands on two versions of bridgescore and compare what they write, byte for byte.

A change that means to keep behaviour (a refactor, a faster path) proves it here: every command of
:data:`COMMANDS` (``score``, ``report``, ``convert``, ``check``, ``export`` and ``deals``, in each
output format and with the options that take other paths: masterpoints, anomalies, an event of
several sessions) runs on every file of ``../shared/data`` and on the bundled
samples, once with each version, and everything each run leaves is compared: the exit status,
standard output, standard error and every file written (names and bytes).

    python tools/compare_outputs.py                      # HEAD against the work tree as it is
    python tools/compare_outputs.py --before main --after HEAD
    python tools/compare_outputs.py --before HEAD~3 -k report -k usebio

A version is a commit (read with ``git archive``, so the repository gains no worktree) or
``WORKTREE``, this checkout's files as they are, uncommitted changes included. Both run under this
checkout's interpreter (``.venv``), with the version's ``src`` first on the path. Each run starts in
an empty folder of its own, with the same relative paths and environment for both versions, so
that only the code differs. Exit status: 0 when every output is the same, 1 when any differs, 2
when nothing could be compared (no inputs found, a version that cannot be read).
"""

from __future__ import annotations

import argparse
import difflib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
SAMPLES = ROOT / "src" / "bridgescore" / "samples"
WORKTREE = "WORKTREE"

# Each command's arguments: {in} is the input file's path, {stdin} feeds it on standard input
# (and stands for "-"). Outputs are written under out/ in the run's own folder.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("score", "{in}"),
    ("score", "{in}", "--format", "json"),
    ("score", "{in}", "--format", "csv"),
    ("score", "{in}", "--explain", "--recap", "--cards"),
    ("score", "{in}", "--explain", "--double-dummy"),
    ("score", "{in}", "--rules", "ebu", "--decimals", "1"),
    ("score", "{in}", "--method", "butler"),
    ("score", "{in}", "--method", "cross-imps", "--format", "json"),
    ("score", "{in}", "--method", "teams"),
    ("score", "{in}", "--method", "teams", "--format", "json", "--explain"),
    ("score", "{in}", "--movement", "howell"),
    ("score", "{in}", "--format", "json", "-o", "out/scored.json"),
    ("score", "{stdin}", "--format", "json"),
    ("score", "{stdin}"),
    ("score", "{in}", "--format", "json", "--masterpoints", "abf:green"),
    ("score", "{in}", "--masterpoints", "nz:club", "--anomalies"),
    ("score", "{in}", "{in}", "--aggregate", "percentages"),
    ("report", "{in}", "-o", "out/site"),
    ("report", "{in}", "-o", "out/site", "--method", "butler", "--no-double-dummy"),
    ("report", "{in}", "-o", "out/site", "--method", "teams", "--no-double-dummy"),
    ("report", "{in}", "-o", "out/site", "--no-double-dummy", "--masterpoints", "abf:red"),
    ("convert", "{in}", "out/converted.csv"),
    ("convert", "{in}", "out/converted.json"),
    ("convert", "{in}", "out/converted.xml"),
    ("convert", "{in}", "out/converted.pbn"),
    ("convert", "{in}", "out/converted.xml", "--lossy"),
    ("convert", "{in}", "out/converted.pbn", "--lossy", "--method", "cross-imps"),
    ("convert", "{in}", "out/converted.txt", "--to", "csv", "--lossy"),
    ("check", "{in}"),
    ("check", "{in}", "--format", "json"),
    ("check", "{in}", "--conventions", "plain", "--limit", "0"),
    ("export", "{in}", "--profile", "abf", "--allow-missing", "-o", "out/national.xml"),
    ("deals", "{in}"),
)


@dataclass(frozen=True)
class Case:
    """One command on one input."""

    label: str  # what the report calls it
    args: tuple[str, ...]
    stdin: Path | None


@dataclass(frozen=True)
class Outcome:
    """Everything one run left: status, the two streams, and each file written (by its path)."""

    status: int
    stdout: bytes
    stderr: bytes
    files: dict[str, bytes]


def inputs(data: Path) -> list[Path]:
    """Every file of the shared data folder (its README and licences aside) and the samples."""
    found = sorted(
        p
        for p in data.rglob("*")
        if p.is_file() and p.name != "README.md" and not p.name.startswith("LICENSE")
    )
    return found + sorted(p for p in SAMPLES.iterdir() if p.is_file())


def cases(files: Sequence[Path], data: Path, selected: Sequence[str]) -> list[Case]:
    out = []
    for path in files:
        shown = str(path.relative_to(data)) if path.is_relative_to(data) else path.name
        for command in COMMANDS:
            args = tuple(
                str(path) if a == "{in}" else "-" if a == "{stdin}" else a for a in command
            )
            words = [a if a != str(path) else "FILE" for a in args[:1] + args[2:]]
            label = f"{' '.join(words)}  [{shown}{' on stdin' if '-' in args else ''}]"
            if all(word in label for word in selected):
                out.append(Case(label, args, path if "{stdin}" in command else None))
    return out


def source(version: str, into: Path) -> Path:
    """The ``src`` folder of a version: the checkout's own, or a commit's, unpacked."""
    if version == WORKTREE:
        return ROOT / "src"
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", version, "src"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        raise SystemExit(
            f"compare_outputs: cannot read version {version!r}: {archive.stderr.decode().strip()}"
        )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "src"


def environment(src: Path, home: Path) -> dict[str, str]:
    """The same environment for both versions: only ``PYTHONPATH`` differs."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": str(src),
        "PYTHONHASHSEED": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
        "TZ": "UTC",
    }


def run(case: Case, src: Path, folder: Path) -> Outcome:
    folder.mkdir(parents=True)
    (folder / "home").mkdir()
    (folder / "out").mkdir()
    stdin = case.stdin.open("rb") if case.stdin else subprocess.DEVNULL
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bridgescore", *case.args],
            cwd=folder,
            env=environment(src, folder / "home"),
            stdin=stdin,
            capture_output=True,
            timeout=600,
            check=False,
        )
    finally:
        if case.stdin:
            stdin.close()  # type: ignore[union-attr]
    files = {}
    for path in sorted((folder / "out").rglob("*")):
        name = str(path.relative_to(folder))
        files[name] = path.read_bytes() if path.is_file() else b"<folder>"
    shutil.rmtree(folder)
    return Outcome(done.returncode, done.stdout, done.stderr, files)


def differences(before: Outcome, after: Outcome) -> Iterator[str]:
    """What differs between two runs, each with its first differing lines."""
    if before.status != after.status:
        yield f"exit status {before.status} -> {after.status}"
    for name, old, new in (
        ("stdout", before.stdout, after.stdout),
        ("stderr", before.stderr, after.stderr),
    ):
        if old != new:
            yield f"{name} differs:\n{_diff(old, new)}"
    for name in sorted(before.files.keys() | after.files.keys()):
        if name not in after.files:
            yield f"{name}: written before, not after"
        elif name not in before.files:
            yield f"{name}: written after, not before"
        elif before.files[name] != after.files[name]:
            yield f"{name} differs:\n{_diff(before.files[name], after.files[name])}"


def _diff(old: bytes, new: bytes, most: int = 12) -> str:
    lines = list(
        difflib.unified_diff(
            old.decode("utf-8", "replace").splitlines(),
            new.decode("utf-8", "replace").splitlines(),
            "before",
            "after",
            n=1,
            lineterm="",
        )
    )
    if not lines:  # the same text but not the same bytes (line endings, encoding)
        return f"    same text, other bytes ({len(old)} -> {len(new)} bytes)"
    cut = _windows(lines[: most + 2])
    more = f"\n    ... {len(lines) - len(cut)} more diff lines" if len(lines) > len(cut) else ""
    return "\n".join(f"    {line}" for line in cut) + more


def _windows(lines: list[str], width: int = 160) -> list[str]:
    """Long lines (a page's one-line JSON) cut to the part around where a removed line and
    the added line after it first differ."""
    out = list(lines)
    for i in range(len(out) - 1):
        old, new = out[i], out[i + 1]
        if old.startswith("-") and new.startswith("+") and max(len(old), len(new)) > width:
            same = next(
                (k for k, (a, b) in enumerate(zip(old[1:], new[1:], strict=False)) if a != b),
                min(len(old), len(new)) - 1,
            )
            start = max(0, same - width // 3)
            for k, line in ((i, old), (i + 1, new)):
                piece = line[1 + start : 1 + start + width]
                after = "…" if len(line) > 1 + start + width else ""
                out[k] = f"{line[0]}{'…' if start else ''}{piece}{after}"
    return [line if len(line) <= width + 2 else line[:width] + "…" for line in out]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default="HEAD", help="commit, or WORKTREE (default HEAD)")
    parser.add_argument("--after", default=WORKTREE, help="commit, or WORKTREE (the default)")
    parser.add_argument("--data", type=Path, default=DATA, help=f"inputs folder (default {DATA})")
    parser.add_argument("-k", action="append", default=[], help="only cases whose label has this")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="runs at once (default 2)")
    parser.add_argument("--list", action="store_true", help="list the cases and stop")
    options = parser.parse_args(argv)

    if not options.data.is_dir():
        print(f"compare_outputs: no inputs folder {options.data}", file=sys.stderr)
        return 2
    files = inputs(options.data)
    todo = cases(files, options.data, options.k)
    if options.list:
        print("\n".join(case.label for case in todo))
        return 0
    if not todo:
        print("compare_outputs: no case to run: nothing was compared", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="bridgescore-compare-") as temporary:
        place = Path(temporary)
        versions = {
            side: source(v, place / side)
            for side, v in (("before", options.before), ("after", options.after))
        }

        def both(item: tuple[int, Case]) -> tuple[Case, int, list[str]]:
            number, case = item
            old = run(case, versions["before"], place / "runs" / "before" / str(number))
            new = run(case, versions["after"], place / "runs" / "after" / str(number))
            return case, len(old.files.keys() | new.files.keys()), list(differences(old, new))

        different = written = 0
        with ThreadPoolExecutor(max(1, options.jobs)) as pool:
            for case, files_written, found in pool.map(both, enumerate(todo)):
                written += files_written
                if found:
                    different += 1
                    print(f"DIFFERENT  {case.label}", flush=True)
                    for line in found:
                        print(f"  {line}", flush=True)
    inputs_run = len({case.stdin or Path(case.args[1]) for case in todo})
    print(
        f"{len(todo)} runs ({len(COMMANDS)} commands on {inputs_run} inputs), "
        f"{options.before} against {options.after}: exit status, standard output and error, "
        f"and {written} files written compared; {len(todo) - different} the same, "
        f"{different} different"
    )
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
