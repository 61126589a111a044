"""Whatever file a club points bridgescore at: bounded reading, nothing dropped unseen, the
encodings and dialects spreadsheets write, impossible scores refused, one message per problem."""

from __future__ import annotations

import codecs
import io
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import InputFileError, Problem
from bridgescore.formats import csv as traveller_csv
from bridgescore.formats import files, load_path, usebio
from bridgescore.formats import json as result_json
from bridgescore.formats.files import decode, decode_text, quote, read_bytes, read_utf8
from bridgescore.formats.pbn import session as pbn_session
from bridgescore.formats.results_file import ResultsFile
from bridgescore.languages import use
from bridgescore.rules import CLUB
from bridgescore.scoring import score_pairs
from bridgescore.traveller import Artificial
from tests.conftest import shared_path
from tests.formats.usebio_files import board, document, line

HEADER = "board,ns,ew,contract,declarer,result,score,ns_names,ew_names\n"


def invoke(*args: str) -> object:
    return CliRunner().invoke(main, list(args))


def problems_of(error: pytest.ExceptionInfo[InputFileError]) -> list[str]:
    return [p.describe() for p in error.value.problems]


# --- size and shape ----------------------------------------------------------------------------


def _limited(script: str, *args: str, memory: int = 1 << 30) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh interpreter with at most ``memory`` bytes of address space."""
    code = textwrap.dedent(
        f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
        {script}
        """
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )


def test_a_line_of_80_kb_of_braces_is_one_short_problem_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "braces.pbn"
    path.write_text("{" * 80_000 + "\n")
    done = _limited("from bridgescore.cli import main; main(sys.argv[1:])", "score", str(path))
    assert done.returncode == 2, done.stderr[-400:]
    # One problem, quoting 80 characters of the line and counting the rest (80,000 - 80).
    assert "1 problem" in done.stderr and "79,920 more characters" in done.stderr
    assert len(done.stderr) < 1000


def test_a_device_behind_a_results_name_is_refused_before_reading(tmp_path: Path) -> None:
    for name in ("zero.pbn", "zero.csv", "zero.xml", "zero.json"):
        link = tmp_path / name
        link.symlink_to("/dev/zero")
        done = _limited(
            "from bridgescore.cli import main; main(sys.argv[1:])",
            "score",
            str(link),
            memory=512 << 20,
        )
        assert done.returncode == 2, (name, done.stderr[-300:])
        assert "it is a device, not a file" in done.stderr


def test_quoted_input_in_any_message_is_cut_to_80_characters() -> None:
    problem = Problem("not a contract", found="4" * 10_000)
    assert problem.found == "4" * 80 + "… (9,920 more characters)"
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads(HEADER + "1,1,2," + "X" * 5000 + ",N,10,,,\n")
    assert all(len(p) < 600 for p in problems_of(caught))


# --- silent loss ---------------------------------------------------------------------------------


def _night(rows: list[str]) -> str:
    return HEADER + "".join(row + "\n" for row in rows)


ROWS = [
    "1,1,2,4S,N,10,,Ann & Bob,Cy & Di",
    "1,3,4,3NT,N,9,,Ed & Flo,Gus & Hal",
    "2,1,2,2H,S,8,,Ann & Bob,Cy & Di",
    "2,3,4,2H,S,9,,Ed & Flo,Gus & Hal",
]


def test_a_quote_never_closed_is_an_error_not_fewer_boards() -> None:
    rows = [*ROWS]
    rows[1] = rows[1].replace("Gus & Hal", '"Gus & Hal')  # the last cell: the count still fits
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads(_night(rows))
    (message,) = problems_of(caught)
    assert message.startswith("line 3: a quote opened on line 3 is never closed")


def test_a_quote_closed_rows_later_is_an_error() -> None:
    rows = [*ROWS]
    rows[1] = rows[1].replace("Gus & Hal", '"Gus & Hal')
    rows[3] = rows[3] + '"'
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads(_night(rows))
    assert "a quote opened on line 3 is never closed, so 2 later rows" in problems_of(caught)[0]


def test_a_quoted_name_over_two_lines_still_reads() -> None:
    rows = [*ROWS]
    rows[0] = rows[0].replace("Ann & Bob", '"Ann &\nBob"')
    rows[2] = rows[2].replace("Ann & Bob", '"Ann &\nBob"')
    session = traveller_csv.loads(_night(rows)).session
    assert len(session.tables) == 4 and "Ann &\nBob" in session.names.values()


# A USEBIO row whose contract and score disagree: 4S by N making 10 tricks is +420 on board 1,
# the row says +450 (a possible score): read as the bare score, with a warning.
DISAGREE = document(board(1, line("1NS", "1EW", score="450"), line("2NS", "2EW")))


@pytest.mark.parametrize("command", ["score", "report", "convert"])
def test_a_readers_warnings_are_shown_by_every_command(tmp_path: Path, command: str) -> None:
    source = tmp_path / "night.xml"
    source.write_text(DISAGREE)
    args = {
        "score": ["score", str(source)],
        "report": ["report", str(source), "-o", str(tmp_path / "site"), "--no-double-dummy"],
        "convert": ["convert", str(source), str(tmp_path / "night.json")],
    }[command]
    done = invoke(*args)
    assert done.exit_code == 0, done.output  # type: ignore[attr-defined]
    warnings = [w for w in done.stderr.splitlines() if "warning" in w]  # type: ignore[attr-defined]
    assert len(warnings) == 1
    assert "the result contradicts the score: 4S N = " in warnings[0]
    assert "read as the score alone" in warnings[0]


# --- encodings and dialects ---------------------------------------------------------------------


def test_utf16_usebio_with_its_bom_and_declaration_reads_as_utf8(tmp_path: Path) -> None:
    source = shared_path("data", "usebio-compscore", "mp_pairs_mitchell.xml")
    text = source.read_bytes().decode("utf-8")
    assert text.startswith('<?xml version="1.0"?>')
    wide = tmp_path / "wide.xml"
    wide.write_bytes(
        text.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>', 1).encode(
            "utf-16"
        )
    )
    assert load_path(wide).session == load_path(source).session


def test_utf16_pbn_reads_as_the_same_file(tmp_path: Path) -> None:
    source = shared_path("data", "pbn", "example2.pbn")
    wide = tmp_path / "wide.pbn"
    wide.write_bytes(source.read_bytes().decode("latin-1").encode("utf-16"))
    try:
        original = load_path(source)
    except InputFileError as error:
        with pytest.raises(InputFileError) as again:
            load_path(wide)
        assert [p.message for p in again.value.problems] == [p.message for p in error.problems]
        return
    assert load_path(wide).session == original.session


def test_utf16_without_a_mark_is_named() -> None:
    from bridgescore.formats.pbn import syntax

    with pytest.raises(InputFileError, match=r"UTF-16 \(little-endian\) text without a byte-order"):
        syntax.decode('% PBN 2.1\n[Board "1"]\n'.encode("utf-16-le"))


def test_a_european_spreadsheets_semicolons_and_decimal_commas() -> None:
    text = (
        "board;ns;ew;contract;declarer;result;score\n"
        "1;1;2;4S;N;10;\n"
        "1;3;4;55,5/44,5;;;\n"
        "1;5;6;;;;points 1000\n"
    )
    tables = traveller_csv.loads(text).session.tables
    assert str(tables[0].result) == "4S N ="
    assert tables[1].ns_side == Artificial.parse("55.5%")
    assert tables[1].ew_side == Artificial.parse("44.5%")
    assert tables[2].result is not None and tables[2].result.assigned_points


# --- impossible values --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board_number", "score", "nearest"),
    [
        # Law 77: doubled undertricks not vulnerable are 100, 200, 200, then 300 each, so 13
        # down is 3,500 and redoubled 7,000, the largest score on board 1 (nobody vulnerable).
        (1, 15000, "+7000"),
        (1, 7610, "+7000"),
        # Vulnerable: 200, then 300 each, so 13 down doubled is 3,800 and redoubled 7,600.
        (2, -99990, "-7600"),
    ],
)
def test_csv_scores_no_contract_can_produce(board_number: int, score: int, nearest: str) -> None:
    text = f"board,ns,ew,score\n{board_number},1,2,{score}\n"
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads(text)
    (message,) = problems_of(caught)
    assert f"no contract scores {score:+d}" in message
    assert f"the nearest possible: {nearest}" in message
    assigned = traveller_csv.loads(f"board,ns,ew,score\n{board_number},1,2,points {score}\n")
    result = assigned.session.tables[0].result
    assert result is not None and result.ns_score == score and result.assigned_points
    # And written back the same way.
    assert f"points {score:+d}" in traveller_csv.dumps(assigned)


def test_usebio_bare_scores_and_tricks_are_checked() -> None:
    bare = document(board(1, line("1NS", "1EW", contract="", by="", tricks="", score="7610")))
    with pytest.raises(InputFileError, match="no contract scores \\+7610"):
        usebio.loads(bare)
    down = document(board(1, line("1NS", "1EW", tricks="-3", score="-150")))
    with pytest.raises(InputFileError, match="not a number of tricks: '-3'"):
        usebio.loads(down)


def test_json_bare_scores_are_checked_and_assigned_points_kept() -> None:
    session = traveller_csv.loads("board,ns,ew,score\n1,1,2,points 1000\n1,3,4,420\n").session
    text = result_json.dumps(ResultsFile.scored(score_pairs(session, CLUB)))
    assert result_json.loads(text).session == session
    assert '"entry":"420"' in text  # a plain bare score is read from its entry (format 2)
    broken = text.replace('"entry":"420"', '"entry":"7610"')
    broken = broken.replace('"ns_score":420', '"ns_score":7610')
    with pytest.raises(InputFileError, match="no contract scores \\+7610"):
        result_json.loads(broken)


@pytest.mark.parametrize("blank", ['""', '" "'])
def test_a_blank_vulnerability_in_json_is_refused_never_taken_as_none(blank: str) -> None:
    # Board 4 is vulnerable both ways (Law 2): reading "" as none would score it wrongly.
    session = traveller_csv.loads("board,ns,ew,contract,declarer,result\n4,1,2,4S,N,=\n").session
    text = result_json.dumps(ResultsFile.scored(score_pairs(session, CLUB)))
    assert '"vulnerability":"All"' in text
    with pytest.raises(InputFileError) as error:
        result_json.loads(text.replace('"vulnerability":"All"', f'"vulnerability":{blank}'))
    (problem,) = problems_of(error)
    assert "board 4" in problem
    assert "not a vulnerability" in problem
    assert "expected None, NS, EW or All" in problem


def test_pbn_score_tags_are_checked() -> None:
    session = traveller_csv.loads("board,ns,ew,score\n1,1,2,420\n1,3,4,-50\n").session
    text = pbn_session.dumps(ResultsFile(session))
    assert pbn_session.loads(text).session.tables == session.tables
    with pytest.raises(InputFileError, match="no contract scores \\+7610"):
        pbn_session.loads(text.replace(" 420 ", " 7610", 1))


# --- messages -----------------------------------------------------------------------------------


def test_one_message_per_problem() -> None:
    twice = Problem("not a contract", 3, found="4Z")
    error = InputFileError("night.csv", [twice, twice])
    assert str(error) == "night.csv: 1 problem\nnight.csv:3: not a contract: found '4Z'"


def test_messages_speak_of_files_not_python(tmp_path: Path) -> None:
    (tmp_path / "list.json").write_text("[1, 2]")
    done = invoke("score", str(tmp_path / "list.json"))
    assert "found 'an array'" in done.stderr  # type: ignore[attr-defined]
    done = invoke("score", str(tmp_path / "missing.csv"))
    assert done.stderr.strip().endswith("cannot read the file: no such file")  # type: ignore[attr-defined]
    for text in (done.stderr,):  # type: ignore[attr-defined]
        assert "Errno" not in text and "None" not in text


def test_a_fifo_is_read_once(tmp_path: Path) -> None:
    source = shared_path("data", "usebio-compscore", "mp_pairs_mitchell.xml")
    fifo = tmp_path / "pipe.xml"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["sh", "-c", f'cat "{source}" > "{fifo}"'])
    try:
        assert load_path(fifo).session == load_path(source).session
    finally:
        writer.wait(timeout=30)


def test_an_error_lists_its_first_200_problems_and_counts_the_rest() -> None:
    error = InputFileError("night.csv", [Problem(f"problem {n}", n) for n in range(1, 301)])
    lines = str(error).splitlines()
    assert lines[0] == "night.csv: 300 problems" and len(error.problems) == 300
    assert lines[200] == "night.csv:200: problem 200"
    assert lines[-1] == "… and 100 more (the first 200 are shown)" and len(lines) == 202


def test_a_warning_met_in_every_game_is_one_line_with_its_count(tmp_path: Path) -> None:
    source = shared_path("data", "pbn", "example2.pbn")
    games_with_the_tag = source.read_bytes().count(b"[DoubleDummyTricks ")
    assert games_with_the_tag > 1
    warnings = load_path(source).warnings
    (unknown,) = [w for w in warnings if "DoubleDummyTricks" in (w.found or "")]
    assert (
        unknown.message
        == f"unknown tag DoubleDummyTricks ({games_with_the_tag} times; the first here)"
    )
    done = invoke("score", str(source), "--method", "teams")
    shown = [w for w in done.stderr.splitlines() if "DoubleDummyTricks" in w]  # type: ignore[attr-defined]
    assert len(shown) == 1 and shown[0].startswith("bridgescore: warning: ")


def test_counts_of_one_are_singular(tmp_path: Path) -> None:
    source = tmp_path / "night.csv"
    source.write_text("board,ns,ew,contract,declarer,result\n1,1,1,4S,N,10\n")
    done = invoke("convert", str(source), str(tmp_path / "night.json"))
    assert done.stdout.endswith("(json, scored under club): 1 table result on 1 board\n")  # type: ignore[attr-defined]
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads("board,ns,ew,contract\n1\n")
    assert problems_of(caught)[0].startswith("line 2: 1 cell for 4 columns")


def test_a_refused_number_states_the_limits() -> None:
    with pytest.raises(InputFileError) as caught:
        traveller_csv.loads("board,ns,ew,score\n10000,1,1,420\n1,2,2,9999990\n")
    first, second = problems_of(caught)
    assert first.endswith("found '10000', expected a whole number from 1 to 9999")
    assert "a multiple of 10 from -7600 to 7600" in second


def test_a_pbn_written_by_bridgescore_reads_back_without_warnings() -> None:
    session = traveller_csv.loads("# date: 2026-11-17\nboard,ns,ew,score\n1,1,1,420\n").session
    text = pbn_session.dumps(ResultsFile(session))
    assert '[Date "2026.11.17"]' in text  # PBN 2.1 §3.4.3: YYYY.MM.DD
    back = pbn_session.loads(text)
    assert back.warnings == () and back.session.date == "2026-11-17"


# =================================================================================================
# Reading a results file: bounded memory whatever the input, devices refused, pipes and standard
# input read, and text in any encoding it names -- or a message saying exactly what was found.


def plain(error: InputFileError) -> str:
    """The message, checked to hold plain words only."""
    message = str(error)
    for word in ("Errno", "None", "Error", "<class", "b'"):
        assert word not in message, message
    return message


def refusal(path: str | Path) -> str:
    with pytest.raises(InputFileError) as caught:
        read_bytes(path)
    return plain(caught.value)


def undecodable(data: bytes, kind: str = "PBN") -> str:
    with pytest.raises(InputFileError) as caught:
        decode_text(data, kind, "night.pbn")
    return plain(caught.value)


# --- what is read ------------------------------------------------------------------------------


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes(b"Board,NS,EW\n")
    assert read_bytes(path) == b"Board,NS,EW\n"
    assert read_bytes(str(path)) == b"Board,NS,EW\n"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_at_once(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"this system has no {device}")
    started = time.monotonic()
    message = refusal(device)
    assert time.monotonic() - started < 1
    assert message.splitlines()[-1] == (
        f"{device}: it is a device, not a file (a device such as /dev/zero may never end): "
        "give a results file, or - to read standard input"
    )


def test_dev_zero_is_refused_within_bounded_memory() -> None:
    # In a child process limited to 1 GiB: reading the device whole would exceed it.
    if not os.path.exists("/dev/zero"):
        pytest.skip("this system has no /dev/zero")
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))\n"
        "from bridgescore.errors import InputFileError\n"
        "from bridgescore.formats.files import read_bytes\n"
        "for name in ('/dev/zero', '-'):\n"
        "    try:\n"
        "        read_bytes(name)\n"
        "    except InputFileError as error:\n"
        "        print(str(error).splitlines()[-1])\n"
    )
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-c", script], stdin=zero, capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("/dev/zero: it is a device, not a file")
    assert lines[1].startswith("standard input: it is a device, not a file")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert refusal(tmp_path).endswith(f"{tmp_path}: it is a folder, not a file")


def test_a_missing_file_and_folder_are_named(tmp_path: Path) -> None:
    assert refusal(tmp_path / "night.csv").endswith("cannot read the file: no such file")
    assert refusal(tmp_path / "out" / "night.csv").endswith(
        f"cannot read the file: no such folder: {tmp_path / 'out'}"
    )


def test_a_fifo_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "wb") as handle:
            handle.write(b'[Board "1"]\n' * 1000)

    thread = threading.Thread(target=writer)
    thread.start()
    assert read_bytes(fifo) == b'[Board "1"]\n' * 1000
    thread.join(timeout=10)


def test_a_fifo_past_the_ceiling_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 1000)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def writer() -> None:
        try:
            with open(fifo, "wb") as handle:
                handle.write(b"x" * 100_000)
        except BrokenPipeError:
            pass  # the reader stopped at its ceiling, as it should

    thread = threading.Thread(target=writer)
    thread.start()
    message = refusal(fifo)
    thread.join(timeout=10)
    assert message.endswith("the file is larger than bridgescore reads (1,000 bytes)")


def test_a_file_past_the_ceiling_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert files.size_text(files.MAX_INPUT_BYTES) == "256 MiB"
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 1024 * 1024)
    path = tmp_path / "huge.pbn"
    with path.open("wb") as handle:
        handle.truncate(1024 * 1024 + 1)
    assert refusal(path) == (
        f"{path}: 1 problem\n{path}: the file is larger than bridgescore reads (1 MiB)"
    )


def test_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"Board,NS,EW\n")))
    assert read_bytes("-") == b"Board,NS,EW\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("é\n".encode("utf-16"))))
    assert read_utf8("-", "CSV") == "é\n"


def test_standard_input_past_the_ceiling_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_INPUT_BYTES", 10)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 11)))
    with pytest.raises(InputFileError) as caught:
        read_bytes("-")
    assert str(caught.value).splitlines()[-1] == (
        "standard input: the file is larger than bridgescore reads (10 bytes)"
    )


# --- what the text is --------------------------------------------------------------------------

TEXT = '[Event "Club night é"]\n[Board "1"]\n'


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_text_with_a_byte_order_mark_is_decoded(codec: str) -> None:
    data = TEXT.encode(codec)
    if codec in ("utf-16-le", "utf-16-be"):
        data = (codecs.BOM_UTF16_LE if codec.endswith("le") else codecs.BOM_UTF16_BE) + data
    assert decode_text(data, "PBN") == TEXT


def test_xml_in_utf16_with_its_declaration_is_decoded() -> None:
    xml = '<?xml version="1.0" encoding="UTF-16"?>\n<USEBIO Version="1.2"/>\n'
    assert decode_text(xml.encode("utf-16"), "XML") == xml


def test_an_xml_declaration_names_the_encoding() -> None:
    xml = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<PLAYER>Zoé</PLAYER>\n'
    assert decode(xml.encode("latin-1"), "XML") == (xml, "iso8859-1")


def test_an_unknown_declared_encoding_is_named() -> None:
    xml = b'<?xml version="1.0" encoding="klingon"?>\n<USEBIO/>'
    assert undecodable(xml, "XML").endswith(
        "night.pbn:1: the XML declaration names an encoding bridgescore does not know: "
        "found 'klingon', expected a UTF-8 XML file"
    )


@pytest.mark.parametrize(
    ("codec", "named"), [("utf-16-le", "little-endian"), ("utf-16-be", "big-endian")]
)
def test_utf16_without_a_byte_order_mark_is_named(codec: str, named: str) -> None:
    assert undecodable(TEXT.encode(codec)).endswith(
        f"night.pbn: the file is UTF-16 ({named}) text without a byte-order mark: save it as "
        "UTF-8, expected a UTF-8 PBN file"
    )


def test_latin1_is_named_with_its_byte_and_line() -> None:
    data = b'[Event "Club"]\n[Site "Home"]\n[West "Ren\xe9e"]\n'
    assert undecodable(data).splitlines()[-1] == (
        "night.pbn:3: byte 0xE9 at line 3 is not UTF-8 (the file may be in Latin-1 or "
        "Windows-1252: save it as UTF-8): found '[West \"Ren<E9>e\"]', expected a UTF-8 PBN file"
    )


def test_pbn_falls_back_to_latin1_when_asked() -> None:
    assert decode(codecs.BOM_UTF8 + b"Ren\xc3\xa9e", "PBN", fallback="latin-1") == (
        "Renée",
        "utf-8-sig",
    )
    assert decode("Renée".encode("utf-16"), "PBN", fallback="latin-1") == ("Renée", "utf-16")
    assert decode("Renée".encode("latin-1"), "PBN", fallback="latin-1") == ("Renée", "latin-1")


def test_a_spreadsheet_is_named() -> None:
    assert "a ZIP archive (a spreadsheet such as .xlsx or .ods is one)" in undecodable(
        b"PK\x03\x04\x14\x00rest", "CSV"
    )


def test_binary_data_is_named_with_its_line() -> None:
    assert "not a text file (it holds NUL bytes, the first at line 2)" in undecodable(
        b"Board,NS\n\x01\x00\x02\xff\xfe\x00\x00\x00\x07\x00\x00"
    )


def test_a_broken_utf16_file_names_its_line() -> None:
    data = codecs.BOM_UTF16_LE + "a\nb\n".encode("utf-16-le") + b"\x00\xd8"  # a lone surrogate
    assert (
        "the file is marked as UTF-16 (it starts with a byte-order mark), but the bytes at "
        "line 3 are not UTF-16"
    ) in undecodable(data)


def test_read_utf8_keeps_its_ways(tmp_path: Path) -> None:
    path = tmp_path / "night.csv"
    path.write_bytes(codecs.BOM_UTF8 + b"Board\n")
    assert read_utf8(path, "CSV") == "Board\n"
    path.write_bytes(b"Board\n\xff\n")
    with pytest.raises(InputFileError) as caught:
        read_utf8(path, "CSV")
    (problem,) = caught.value.problems
    assert problem.line == 2 and problem.expected == "a UTF-8 CSV file"


# --- quoting -----------------------------------------------------------------------------------


def test_quote_keeps_short_text_and_cuts_long_text() -> None:
    assert quote("4S=") == "4S="
    assert quote("x" * 80) == "x" * 80
    assert quote("{" * 80_000) == "{" * 80 + "… (79,920 more characters)"
    assert quote("abcdef", 3) == "abc… (3 more characters)"


def test_a_long_line_is_quoted_short() -> None:
    message = undecodable(b"{" * 80_000 + b"\xe9")
    assert len(message) < 400
    assert message.endswith(
        "found '…{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{<E9>', expected a UTF-8 PBN file"
    )


def test_a_quote_cut_counts_what_was_cut_in_the_language() -> None:
    with use("fr"):
        assert quote("{" * 1_080) == "{" * 80 + "… (1\u202f000 caractères de plus)"
    with use("nl"):
        assert quote("{" * 1_080) == "{" * 80 + "… (nog 1.000 tekens)"


def test_a_size_in_the_language() -> None:
    sizes = (256 * 1024**2, 1_000, 1, 2_048, 3 * 1024**3)
    with use("fr"):
        assert [files.size_text(s) for s in sizes] == [
            "256 Mio",
            "1\u202f000 octets",
            "1 octet",
            "2 Kio",
            "3 Gio",
        ]
    assert [files.size_text(s) for s in sizes] == [
        "256 MiB",
        "1,000 bytes",
        "1 byte",
        "2 KiB",
        "3 GiB",
    ]
