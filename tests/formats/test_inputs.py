"""Reading a results file: bounded memory whatever the input, devices refused, pipes and standard
input read, and text in any encoding it names -- or a message saying exactly what was found."""

from __future__ import annotations

import codecs
import io
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bridgescore.errors import InputFileError
from bridgescore.formats import files
from bridgescore.formats.files import decode, decode_text, quote, read_bytes, read_utf8


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
