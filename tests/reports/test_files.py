"""``bridgescore report``'s progress bar and ``--verbose`` rate, the background file writer, the
copy of the process that writes a share of a large site, what a page writes for ``{{ value }}``,
and the score card chart's bytes (pinned: the same card must always give the same file)."""

from __future__ import annotations

import hashlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape

from bridgescore.bridge import Side
from bridgescore.cli import main
from bridgescore.cli.progress import Progress
from bridgescore.formats import read_session
from bridgescore.reports import html, views
from bridgescore.reports.chart import chart_svg
from bridgescore.reports.files import Files, Forked, Split, can_fork
from bridgescore.reports.html import write_site
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.session import Entrant
from tests.reports.report_sites import SAMPLE

# --- the command -----------------------------------------------------------------------------


def test_verbose_says_the_rate_on_standard_error(tmp_path: Path) -> None:
    done = CliRunner().invoke(main, ["report", str(SAMPLE), "-o", str(tmp_path / "s"), "-v"])
    assert done.exit_code == 0, done.output
    assert done.stdout.startswith("Report written (")
    results = len(read_session(SAMPLE).tables)
    assert re.fullmatch(
        rf"bridgescore: reported {results} results in \d+\.\d\ds \([\d,]+ results a second\)\n",
        done.stderr,
    )


def test_no_bar_and_no_rate_unless_asked_and_on_a_terminal(tmp_path: Path) -> None:
    # CliRunner's standard error is not a terminal, as in a pipe or a test: nothing is drawn.
    done = CliRunner().invoke(
        main, ["report", str(SAMPLE), "-o", str(tmp_path / "s"), "--no-double-dummy"]
    )
    assert done.exit_code == 0, done.output
    assert done.stderr == ""


# --- the bar ---------------------------------------------------------------------------------


def test_the_bar_waits_for_its_delay() -> None:
    bar = Progress("Writing pages", delay=3600)
    for done in range(10):
        bar(done, 10)
    assert bar.bar is None
    bar.close()


def test_the_bar_stays_off_when_standard_error_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    bar = Progress("Writing pages", delay=0)
    bar(1, 10)
    bar(2, 10)
    assert bar.bar is None and bar.shown_after == float("inf")
    bar.close()


def test_the_bar_shows_on_a_terminal_after_its_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    bar = Progress("Writing pages", delay=0)
    bar(1, 4)
    bar(4, 4)
    assert bar.bar is not None
    (task,) = bar.bar.tasks
    assert (task.completed, task.total, task.description) == (4, 4, "Writing pages")
    bar.close()
    assert bar.bar.finished


# --- writing on a second thread --------------------------------------------------------------


def test_files_are_all_written_with_write_texts_bytes(tmp_path: Path) -> None:
    texts = {f"page-{n}.html": f"<p>{n} ♠ é</p>\n" * n for n in range(200)}
    with Files() as files:
        for name, text in texts.items():
            files.write(tmp_path / name, text)
    for name, text in texts.items():
        assert (tmp_path / name).read_bytes() == text.encode("utf-8")
    (tmp_path / "plain.html").write_text("x", encoding="utf-8")
    modes = {(tmp_path / name).stat().st_mode for name in ("plain.html", "page-1.html")}
    assert len(modes) == 1  # the same permissions as Path.write_text gives


def test_a_failed_write_is_raised_in_the_callers_thread(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder"
    with pytest.raises(FileNotFoundError), Files() as files:
        files.write(missing / "a.html", "a")
        for n in range(100):  # more than the queue holds: the writer keeps taking them
            files.write(tmp_path / f"{n}.html", "b")
    assert not missing.exists()


def test_the_callers_error_wins_and_the_writer_stops(tmp_path: Path) -> None:
    files = Files()
    with pytest.raises(KeyError), files:
        files.write(tmp_path / "a.html", "a")
        raise KeyError("a bug while rendering")
    assert not any(thread.is_alive() for thread in files._threads)


def test_the_writer_stops_when_one_thread_takes_the_stop_meant_for_another(
    tmp_path: Path,
) -> None:
    """The race that hung a report for ever: one thread busy writing, the other waiting; the
    idle one takes the first stop and is gone before the stops are counted."""
    files = Files()
    fifo = tmp_path / "slow.html"
    os.mkfifo(fifo)
    files.write(fifo, "x")  # opening a pipe with no reader waits: one thread is held there
    deadline = time.monotonic() + 10
    busy: list[threading.Thread] = []
    while not busy and time.monotonic() < deadline:
        frames = sys._current_frames()
        busy = [t for t in files._threads if _in_function(frames.get(t.ident or 0), "_write")]
    assert busy, "no writer thread took the pipe"
    # the busy thread first: the stop put for it is taken by the idle one
    files._threads.sort(key=lambda t: t is not busy[0])
    put = files._queue.put

    def put_then_wait(item: Any, *args: Any, **kwargs: Any) -> None:
        put(item, *args, **kwargs)
        if item is None:  # let a thread take the stop and end before going on
            end = time.monotonic() + 2
            while all(t.is_alive() for t in files._threads) and time.monotonic() < end:
                time.sleep(0.01)

    files._queue.put = put_then_wait  # type: ignore[method-assign]
    closing = threading.Thread(target=files.close, daemon=True)
    closing.start()
    time.sleep(0.2)
    assert fifo.read_bytes() == b"x"  # the pipe read: the busy thread goes back for work
    closing.join(timeout=10)
    assert not closing.is_alive(), "the writer never stopped"
    assert not any(thread.is_alive() for thread in files._threads)


def _in_function(frame: Any, name: str) -> bool:
    while frame is not None:
        if frame.f_code.co_name == name:
            return True
        frame = frame.f_back
    return False


def test_a_site_whose_folder_is_missing_fails_as_before(tmp_path: Path) -> None:
    result = score_pairs(read_session(SAMPLE), CLUB)
    with pytest.raises(FileNotFoundError):
        write_site(result, tmp_path / "missing", double_dummy=False)


# --- the chart's bytes -----------------------------------------------------------------------

PERCENTS = {
    "boards": [
        {"board": 1, "percent_exact": "75", "imps_exact": None},
        {"board": 2, "percent_exact": "125/3", "imps_exact": None},
        {"board": 3, "percent_exact": None, "imps_exact": None},
        {"board": 4, "percent_exact": "50", "imps_exact": None},
        {"board": 5, "percent_exact": "0", "imps_exact": None},
    ]
}
IMPS = {
    "boards": [
        {"board": 7, "percent_exact": None, "imps_exact": "-17/2"},
        {"board": 8, "percent_exact": None, "imps_exact": "12"},
        {"board": 9, "percent_exact": None, "imps_exact": "0"},
    ]
}
MANY = {
    "boards": [
        {
            "board": b,
            "percent_exact": f"{(b * 37) % 101}/{1 + b % 3}",
            "imps_exact": f"{(b * 7) % 23 - 11}/{1 + b % 2}",
        }
        for b in range(1, 31)
    ]
}


@pytest.mark.parametrize(
    ("card", "imps", "digest"),
    [
        (PERCENTS, False, "b25a6021487c615d3daef01cc9e463fef65cd67278f70b0ed65f16112a61fa79"),
        (IMPS, True, "e3df0734263dabc9f95a243af5bc5ae6bca8d16bc6f75dd84118d9384ee212da"),
        (MANY, False, "aa638cd7c3c42eb0f1e23f75b2d1fc3a1c805c7a622e5da9ae178af200c2c8e5"),
        (MANY, True, "12e3b340a28218b6716b84d3fb51973c6552c93efb1ac62a1261e68f06152238"),
    ],
)
def test_the_chart_keeps_its_bytes(card: dict[str, object], imps: bool, digest: str) -> None:
    first = chart_svg(card, imps)
    assert chart_svg(card, imps) == first  # drawn again from what was remembered
    assert hashlib.sha256(first.encode("utf-8")).hexdigest() == digest


def test_the_chart_draws_each_bar_and_tick() -> None:
    svg = chart_svg(PERCENTS, imps=False).splitlines()
    assert svg[1] == '<rect x="77.1" y="64.25" width="42.47" height="53.25" fill="#1b7a5a"/>'
    assert svg[3] == '<rect x="137.77" y="117.5" width="42.47" height="17.75" fill="#c0562a"/>'
    assert sum(line.startswith("<rect") for line in svg) == 4  # board 3 has no percentage
    ticks = [
        line for line in chart_svg(IMPS, imps=True).splitlines() if 'text-anchor="end"' in line
    ]
    assert [re.sub(r"<[^>]+>", "", t) for t in ticks] == ["−10", "−5", "0", "5", "10"]


# --- a second core ---------------------------------------------------------------------------

needs_fork = pytest.mark.skipif(not can_fork(), reason="no fork or a single core here")


def _written(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))}


@needs_fork
def test_a_copy_of_the_process_writes_the_same_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = score_pairs(read_session(SAMPLE), CLUB)
    alone, shared = tmp_path / "alone", tmp_path / "shared"
    alone.mkdir()
    shared.mkdir()
    before = write_site(result, alone, double_dummy=False)
    monkeypatch.setattr(html, "FORK_ENTRANTS", 1)
    told: list[tuple[int, int]] = []
    after = write_site(
        result, shared, double_dummy=False, progress=lambda d, t: told.append((d, t)), fork=True
    )
    assert after.pages == before.pages
    assert after.cards == before.cards > 4
    assert _written(shared) == _written(alone)
    total = len(before.pages)
    assert told[-1] == (total, total)
    assert [done for done, _ in told] == sorted(done for done, _ in told)  # never backwards


@needs_fork
def test_a_failure_in_the_copy_is_raised_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = score_pairs(read_session(SAMPLE), CLUB)
    last = views.SessionPages(result).card_entrants()[0]  # the copy's: its first chunk
    evening = views.SessionPages.evening

    def failing(self: views.SessionPages, entrant: Entrant, card: object = None) -> object:
        if entrant == last:
            raise OSError(28, "No space left on device")
        return evening(self, entrant, card)  # type: ignore[arg-type]

    monkeypatch.setattr(views.SessionPages, "evening", failing)
    monkeypatch.setattr(html, "FORK_ENTRANTS", 1)
    with pytest.raises(OSError, match="No space left on device"):
        write_site(result, tmp_path, double_dummy=False, fork=True)


def test_a_site_forks_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server's process (the console publishing a night) keeps its pages to itself."""

    def refused(work: object) -> None:
        raise AssertionError("forked")

    monkeypatch.setattr(html, "Forked", refused)
    monkeypatch.setattr(html, "FORK_ENTRANTS", 1)
    site = write_site(score_pairs(read_session(SAMPLE), CLUB), tmp_path, double_dummy=False)
    assert site.cards > 4


def _dies(tick: Callable[[], None]) -> None:
    tick()
    os._exit(3)


class _Unpicklable(Exception):
    def __reduce__(self) -> Any:
        raise TypeError("not this one")


def _fails_oddly(tick: Callable[[], None]) -> None:
    raise _Unpicklable("the reason")


def _two_pages(tick: Callable[[], None]) -> str:
    tick()
    tick()
    return "value"


@needs_fork
def test_a_copy_that_stops_or_fails_oddly_is_an_os_error() -> None:
    with Forked(_dies) as other, pytest.raises(OSError, match=r"stopped \(status 3\)"):
        other.result()
    assert other.ticks == 1
    with Forked(_fails_oddly) as other, pytest.raises(OSError, match="_Unpicklable: the reason"):
        other.result()
    with Forked(_two_pages) as other:
        assert other.result() == "value"
        assert other.ticks == 2


@needs_fork
@pytest.mark.parametrize(("count", "chunk"), [(0, 4), (3, 4), (4, 4), (5, 4), (101, 7), (400, 1)])
def test_two_processes_share_the_items_from_both_ends(count: int, chunk: int) -> None:
    """Every item is taken once, by one process or the other, a chunk at a time: the copy from
    the front (the first chunk its own), this process from the back."""
    split = Split(count, chunk)

    def front(tick: Callable[[], None]) -> list[list[int]]:
        taken = []
        while (items := split.front()) is not None:
            taken.append(list(items))
        return taken

    with Forked(front) as other:
        back = []
        while (items := split.back()) is not None:
            back.append(list(items))
        front_taken = other.result()
    if count:
        assert front_taken[0] == list(range(min(chunk, count)))  # the copy's from the start
    front_items = [i for items in front_taken for i in items]
    back_items = [i for items in reversed(back) for i in items]
    assert front_items + back_items == list(range(count))  # each once, the front's first
    assert all(0 < len(items) <= chunk for items in front_taken + back)


def test_one_process_alone_takes_every_item_from_the_back() -> None:
    split = Split(10, 4)
    assert [split.back() for _ in range(4)] == [range(6, 10), range(4, 6), None, None]
    assert split.front() == range(4) and split.front() is None


# --- what {{ value }} writes -------------------------------------------------------------------


class _Word(str):
    pass


@given(st.text())
def test_a_value_is_written_as_markupsafe_escapes_it(text: str) -> None:
    for value in (text, _Word(text), Markup(text), escape(text)):
        assert html._output(value) == str(escape(value))


@pytest.mark.parametrize("value", [None, 0, -7, Fraction(1, 3), Side.NS, ("<a>", 1)])
def test_other_values_are_written_as_markupsafe_escapes_them(value: object) -> None:
    assert html._output(value) == str(escape(value))
    assert type(html._output(value)) is str
