"""An event of several sessions in the reader's language: its site (the event's ranking and
each session's own site) and its ranking in the terminal, rendered in the pseudo-locale, show
no plain English word but data (names, the event's title, the files' names) and notation."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import bridgescore
from bridgescore.cli import main
from tests.reports.helpers import _untranslated

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"
_ENV = {"LANG": "qps", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
_WORD = re.compile(r"[A-Za-z]{2,}")


def _data() -> set[str]:
    """The sample's names (each pair's and each player's) and its title."""
    names = set()
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "board,")):
            continue
        for pair in line.split(",")[-2:]:
            names.add(pair)
            names.update(name.strip() for name in pair.split("&"))
    return (names | {"Riverside Bridge Club, Tuesday evening pairs"}) - {""}


def test_an_events_site_has_no_untranslated_text(tmp_path: Path) -> None:
    site = tmp_path / "event"
    arguments = ["report", str(SAMPLE), str(SAMPLE), "-o", str(site), "--no-double-dummy"]
    done = CliRunner().invoke(main, [*arguments, "--pairs-by", "numbers"], env=_ENV)
    assert done.exit_code == 0, done.output
    assert (site / "session-1" / "index.html").is_file()
    for folder in (site, site / "session-1", site / "session-2"):
        left = _untranslated(folder, _data())
        assert not left, (folder.name, left)


def test_an_events_ranking_in_the_terminal_has_no_untranslated_text() -> None:
    arguments = ["score", str(SAMPLE), str(SAMPLE), "--pairs-by", "numbers"]
    done = CliRunner().invoke(main, arguments, env=_ENV)
    assert done.exit_code == 0, done.output
    text = done.stdout.replace(str(SAMPLE), "")
    for phrase in sorted(_data(), key=len, reverse=True):
        text = text.replace(phrase, "")
    assert not set(_WORD.findall(text)), sorted(set(_WORD.findall(text)))
