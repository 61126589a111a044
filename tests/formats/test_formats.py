"""The formats layer: one problems collector, the registry of formats, one ResultsFile type,
and conversion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import bridgescore
from bridgescore.errors import InputFileError, ParseError, Problem, Problems, RulesError
from bridgescore.formats import (
    dump_path,
    kind_of,
    load_path,
    module,
    read_session,
)
from bridgescore.formats.convert import convert
from bridgescore.formats.results_file import ResultsFile
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from tests.conftest import shared_path

SAMPLE = Path(bridgescore.__file__).parent / "samples" / "club-night.csv"


def test_problems_collects_every_problem_with_its_place() -> None:
    problems = Problems("night.csv")
    assert not problems and len(problems) == 0
    problems.report("not a board number", 3, found="x", expected="a whole number")
    problems.from_error(ParseError("not a contract: '4Z'"), 5, board=2, table="1")
    problems.extend([Problem("unknown column", 1)])
    assert len(problems) == 3 and problems[1].board == 2 and list(problems)[2].line == 1
    with pytest.raises(InputFileError) as caught:
        problems.raise_if_any(by_line=True)
    assert [p.line for p in caught.value.problems] == [1, 3, 5]
    assert str(caught.value).startswith("night.csv: 3 problems\nnight.csv:1: unknown column")
    assert "night.csv:5, board 2, table 1: not a contract: '4Z'" in str(caught.value)
    Problems().raise_if_any()  # nothing found, nothing raised


def test_strict_problems_stop_at_the_first() -> None:
    problems = Problems("night.csv", strict=True)
    with pytest.raises(InputFileError) as caught:
        problems.report("not a board number", 3)
    assert len(caught.value.problems) == 1 and len(problems) == 1


def test_kinds_from_extension_and_content(tmp_path: Path) -> None:
    assert kind_of("night.CSV") == "csv" and kind_of("a.pbn") == "pbn"
    assert kind_of("a.json") == "json"
    assert kind_of("a.xml", b'<?xml version="1.0"?>\n<USEBIO Version="1.2">') == "usebio"
    assert kind_of("a.xml", b'<session scoring_type="MP">') == "nzscorer"
    with pytest.raises(InputFileError, match="not a results file bridgescore reads"):
        kind_of("a.xml", b"<html>")
    with pytest.raises(InputFileError) as caught:
        kind_of("a.txt")
    assert caught.value.problems[0].text() == (
        "unknown kind of results file: found '.txt', expected a .csv traveller file, a .pbn "
        "file, .xml in USEBIO or NZ Scorer form, or bridgescore's .json results"
    )
    with pytest.raises(InputFileError) as caught:
        kind_of("night")  # no extension: said so, not quoted as if it were in the name
    said = caught.value.problems[0].text()
    assert said.startswith("unknown kind of results file: its name has no extension, expected ")
    xml = tmp_path / "night.xml"
    xml.write_text("<!-- a comment --><USEBIO/>")
    assert kind_of(xml) == "usebio"
    with pytest.raises(InputFileError) as caught:
        dump_path(load_path(SAMPLE), tmp_path / "results")
    assert caught.value.problems[0].text() == (
        "cannot tell what to write: the name has no extension, expected a name ending .csv, "
        ".json, .xml (USEBIO) or .pbn"
    )
    assert not (tmp_path / "results").exists()


@pytest.mark.parametrize("suffix", [".csv", ".json", ".xml", ".pbn"])
def test_every_format_is_symmetric(tmp_path: Path, suffix: str) -> None:
    rf = load_path(SAMPLE)
    scored = rf.with_result(score_pairs(rf.session, CLUB))
    path = tmp_path / f"night{suffix}"
    kind = dump_path(scored, path)
    again = load_path(path)
    if kind != "usebio":  # USEBIO has no place for rows not played
        assert again.session.tables == rf.session.tables
    assert again.session.names == rf.session.names
    assert read_session(path).boards == rf.session.boards
    rescored = again.with_result(score_pairs(again.session, CLUB))
    text = module(kind).dumps(rescored)
    assert module(kind).loads(text).session == again.session


def test_reported_figures_and_events_come_with_the_file() -> None:
    usebio = load_path(shared_path("data", "usebio-compscore", "mp_pairs_howell.xml"))
    assert usebio.reported is not None and usebio.reported.rows and usebio.event is not None
    csv = load_path(SAMPLE)
    assert csv.reported is None and csv.event is None and csv.warnings == ()


def test_writers_that_need_scores_say_so() -> None:
    rf = load_path(SAMPLE)
    with pytest.raises(RulesError, match="score it first"):
        module("json").dumps(rf)
    with pytest.raises(RulesError, match="read, not written"):
        module("nzscorer").dumps(ResultsFile(rf.session))


def test_convert_reports_what_it_wrote(tmp_path: Path) -> None:
    target = tmp_path / "night.xml"
    report = convert(SAMPLE, target, CLUB, lossy=True)
    assert any(note.startswith("lost: 27 rows") for note in report.notes)
    assert report.kind == "usebio" and report.rules is not None
    assert report.lines()[0].startswith(f"Converted {SAMPLE} to {target} (usebio, scored under")
    assert load_path(target).session.names == read_session(SAMPLE).names
    plain = convert(target, tmp_path / "out.txt", CLUB, "csv")
    assert plain.rules is None and plain.tables == len(load_path(target).session.tables)
    with pytest.raises(ParseError, match="cannot tell what to write"):
        convert(SAMPLE, tmp_path / "night.doc", CLUB)


def test_every_format_module_keeps_one_contract() -> None:
    """load/loads/dump/dumps take the same arguments in every format (a format may add its own
    keyword, as USEBIO's session), the national body's file too, and load reads an open file
    as loads reads its bytes."""
    import inspect

    from bridgescore.formats import MODULES, national

    def shape(function: object, extra: set[str]) -> list[tuple[str, object]]:
        parameters = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
        return [(p.name, p.kind) for p in parameters if p.name not in extra]

    first = module("csv")
    for format_module in [*(module(kind) for kind in MODULES), national]:
        for name in ("load", "loads", "dump", "dumps"):
            found = shape(getattr(format_module, name), {"session"})
            assert found == shape(getattr(first, name), set()), (format_module, name)
    data = SAMPLE.read_bytes()
    with SAMPLE.open("rb") as binary, SAMPLE.open(encoding="utf-8") as text:
        for opened in (binary, text):
            assert module("csv").load(opened).session == module("csv").loads(data).session


# =================================================================================================
# `-` reads a results file from standard input: its kind is told from what it starts with, and
# messages name it "standard input".


ROOT = Path(__file__).resolve().parents[2]


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "bridgescore", *args]
    return subprocess.run(command, input=data, capture_output=True, timeout=120, check=False)


def rankings(out: bytes) -> list[tuple[str, str]]:
    data = json.loads(out)
    return [(r["place"], r["mp_exact"]) for f in data["fields"] for r in f["rankings"]]


def test_a_traveller_csv_on_standard_input_scores_as_the_file() -> None:
    piped = run(["score", "-", "--format", "json"], SAMPLE.read_bytes())
    named = run(["score", str(SAMPLE), "--format", "json"], b"")
    assert piped.returncode == 0, piped.stderr
    assert rankings(piped.stdout) == rankings(named.stdout)


@pytest.mark.parametrize(
    "name", ["usebio-compscore/mp_pairs_howell.xml", "nz-scorer/native/pairs.xml", "pbn/sample.pbn"]
)
def test_other_kinds_on_standard_input(name: str) -> None:
    path = shared_path("data", *name.split("/"))
    if path is None:
        pytest.skip("../shared/data is not beside the repository")
    piped = run(["score", "-", "--format", "json"], Path(path).read_bytes())
    named = run(["score", str(path), "--format", "json"], b"")
    assert piped.returncode == named.returncode == 0, piped.stderr
    assert rankings(piped.stdout) == rankings(named.stdout)


def test_a_problem_on_standard_input_names_it() -> None:
    bad = run(["score", "-"], b"board,ns,ew,score\n1,1,1,15000\n1,2,2,420\n")
    assert bad.returncode == 2
    assert b"standard input:2, board 1: no contract scores +15000" in bad.stderr
