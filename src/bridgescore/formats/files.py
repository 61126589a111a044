"""Reading a results file's bytes and text, with the errors every reader gives alike."""

from __future__ import annotations

from pathlib import Path

from bridgescore.errors import InputFileError, Problem


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes, or an :class:`InputFileError` saying why they cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise InputFileError(
            str(path), [Problem(f"cannot read the file ({error.strerror})")]
        ) from None


def read_utf8(path: str | Path, kind: str) -> str:
    """The file as UTF-8 text (a BOM allowed); ``kind`` names what it should be, like "CSV"."""
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputFileError(
            str(path),
            [Problem("the file is not UTF-8 text", line, expected=f"a UTF-8 {kind} file")],
        ) from None
