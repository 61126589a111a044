"""Reading a results file's bytes and text, with the errors every reader gives alike.

The rules every reader follows:

* ``-`` is standard input.
* A regular file, a pipe (FIFO) or standard input is read, up to :data:`MAX_INPUT_BYTES`
  (256 MiB); a larger input is refused with the ceiling in the message, and memory never grows
  beyond the ceiling, whatever is on the other end of a pipe.
* A device (``/dev/zero``, ``/dev/urandom``, a disk), a folder or a socket is refused before
  anything is read: devices may never end, and none of them holds a results file.
* Text is UTF-8 unless the file says otherwise: a byte-order mark (UTF-8, UTF-16 or UTF-32) or
  an XML declaration's ``encoding``. Text that is none of these is refused with what was found
  ("byte 0xE9 at line 3 is not UTF-8", "UTF-16 text without a byte-order mark").

Messages speak of files, folders and lines, never of Python or of error numbers; :func:`quote`
keeps quoted input short.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
import sys
from typing import TYPE_CHECKING, BinaryIO, cast

from bridgescore.errors import InputFileError, Problem, cut
from bridgescore.languages import N_, _, current, ngettext
from bridgescore.languages.text import Text

if TYPE_CHECKING:
    from pathlib import Path

STDIN = "-"  # the name that stands for standard input (and for standard output when writing)
MAX_INPUT_BYTES = 256 * 1024 * 1024  # the largest input read; larger ones are refused
_CHUNK = 1024 * 1024

# Byte-order marks, longest first (UTF-32 LE begins with UTF-16 LE's mark): the mark, the codec
# that reads what follows it, the encoding's name, and the codec that writes the text back with
# a mark.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32", "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32", "utf-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8", "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16", "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16", "utf-16"),
)
# Compiled when a file first starts with one (``re`` keeps it), not at every command's start.
_XML_DECLARATION = rb"""<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']"""
# Files people open by mistake, known by their first bytes.
_SIGNATURES = (
    (b"PK\x03\x04", N_("a ZIP archive (a spreadsheet such as .xlsx or .ods is one)")),
    (b"\xd0\xcf\x11\xe0", N_("an Office document (.xls or .doc)")),
    (b"%PDF", N_("a PDF document")),
    (b"\x1f\x8b", N_("a gzip-compressed file")),
)

_REASONS = {
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links (a link may point to itself)"),
    errno.EPIPE: N_("the program reading it has stopped"),
    errno.ENXIO: N_("nothing is on the other end"),
    errno.EIO: N_("the device reported an input/output error"),
    errno.EBUSY: N_("it is in use"),
    errno.ETXTBSY: N_("it is in use"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
    errno.EFBIG: N_("the file is too large for the file system"),
    errno.EEXIST: N_("it already exists"),
    errno.EXDEV: N_("it is on another file system"),
    errno.ENOTEMPTY: N_("the folder is not empty"),
    errno.EINVAL: N_("it does not accept this"),
}


def os_reason(error: OSError, path: str | Path | None = None) -> str:
    """Why an operating-system call failed, in plain words and without its error number.

    With ``path``, a missing or wrong folder on the way to it is named ("no such folder:
    out/missing", "not a folder: notes.txt").
    """
    if error.errno in (errno.ENOENT, errno.ENOTDIR) and path is not None:
        from pathlib import Path  # only to explain a failure (pathlib is slow to import)

        blocked = _blocking_folder(Path(path))
        if blocked is not None:
            return blocked
        if error.errno == errno.ENOENT:
            return _("no such file")
    if error.errno == errno.ENOENT:
        return _("no such file or folder")
    if error.errno == errno.ENOTDIR:
        return _("a part of the path is not a folder")
    if error.errno in _REASONS:
        return _(_REASONS[error.errno])
    if error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    return _("the operating system refused it")


def _blocking_folder(path: Path) -> str | None:
    """The first folder on the way to ``path`` that is missing or is not a folder."""
    for folder in reversed(path.parents):
        if str(folder) in ("", "."):
            continue
        try:
            mode = folder.stat().st_mode
        except FileNotFoundError:
            return _("no such folder: %(folder)s", folder=folder)
        except OSError:
            return None
        if not stat.S_ISDIR(mode):
            return _("not a folder: %(folder)s", folder=folder)
    return None


def display_name(path: str | Path) -> str:
    """How messages name an input: ``-`` is "standard input"."""
    return _("standard input") if str(path) == STDIN else str(path)


def quote(text: str, limit: int = 80) -> str:
    """``text`` for a message, cut to ``limit`` characters with a count of what was cut."""
    if len(text) <= limit:
        return text
    return cut(text, limit)


def size_text(size: int) -> str:
    """A byte count as people read it: "256 MiB", "64 KiB", "1,000 bytes"."""
    units = ((1024**3, N_("%(num)s GiB")), (1024**2, N_("%(num)s MiB")), (1024, N_("%(num)s KiB")))
    for unit, name in units:
        if size >= unit and size % unit == 0:
            return _(name, num=size // unit)
    grouped = current().grouped(f"{size:,}")
    return ngettext("%(grouped)s byte", "%(grouped)s bytes", size, grouped=grouped)


def _refuse(path: str | Path, message: str) -> InputFileError:
    return InputFileError(display_name(path), [Problem(message)])


def _kind_of(mode: int) -> Text | None:
    """Why a file of this mode is not read, or None when it is (a regular file or a pipe)."""
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    if stat.S_ISDIR(mode):
        return Text(N_("it is a folder, not a file"))
    if stat.S_ISCHR(mode):
        return Text(
            N_(
                "it is a device, not a file (a device such as /dev/zero may never end): "
                "give a results file, or - to read standard input"
            )
        )
    if stat.S_ISBLK(mode):
        return Text(N_("it is a disk device, not a file"))
    if stat.S_ISSOCK(mode):
        return Text(N_("it is a socket, not a file"))
    return Text(N_("it is not a regular file"))


def read_bytes(path: str | Path) -> bytes:
    """The input's bytes (``-``: standard input), or an :class:`InputFileError` saying why not.

    Memory is bounded by :data:`MAX_INPUT_BYTES`, whatever the input is.
    """
    if str(path) == STDIN:
        return _read_stdin()
    looked_at(path)
    try:
        with open(path, "rb", buffering=0) as handle:
            info = os.fstat(handle.fileno())
            refused = _kind_of(info.st_mode)  # it may have changed since it was looked at
            if refused is not None:
                raise _refuse(path, refused)
            if stat.S_ISREG(info.st_mode) and info.st_size > MAX_INPUT_BYTES:
                raise _too_large(path)
            return _read_capped(handle, path, info.st_size + 1)
    except OSError as error:
        raise _refuse(
            path, _("cannot read the file: %(why)s", why=os_reason(error, path))
        ) from None


def looked_at(path: str | Path) -> None:
    """Refuse, as reading it would, an input that is not there or is a folder or a device
    (standard input is always there): for a command that refuses a file by its kind before
    reading it, so that a missing file is not said to be of the wrong kind."""
    if str(path) == STDIN:
        return
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        raise _refuse(
            path, _("cannot read the file: %(why)s", why=os_reason(error, path))
        ) from None
    refused = _kind_of(mode)
    if refused is not None:
        raise _refuse(path, refused)


def _read_stdin() -> bytes:
    stream = sys.stdin
    if stream is None:
        raise _refuse(STDIN, Text(N_("standard input is closed")))
    handle = cast(BinaryIO, getattr(stream, "buffer", stream))
    try:
        descriptor = handle.fileno()
    except (OSError, ValueError, AttributeError):
        descriptor = None  # not a real file (a test's stand-in): read it with the cap
    try:
        if descriptor is not None:
            mode = os.fstat(descriptor).st_mode
            if stat.S_ISCHR(mode) and not os.isatty(descriptor):
                raise _refuse(STDIN, _kind_of(mode) or Text(N_("it is a device")))
            refused = None if stat.S_ISCHR(mode) else _kind_of(mode)
            if refused is not None:
                raise _refuse(STDIN, refused)
        return _read_capped(handle, STDIN, _CHUNK)
    except OSError as error:
        raise _refuse(
            STDIN, Text(N_("cannot read it: %(value)s"), value=os_reason(error))
        ) from None


def _read_capped(handle: BinaryIO, path: str | Path, first: int) -> bytes:
    """Everything ``handle`` holds, refused as soon as it passes the ceiling."""
    chunks: list[bytes] = []
    total = 0
    size = max(1, min(first, MAX_INPUT_BYTES + 1))
    while True:
        chunk = handle.read(min(size, MAX_INPUT_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        if total > MAX_INPUT_BYTES:
            raise _too_large(path)
        size = _CHUNK
    return b"".join(chunks)


def _too_large(path: str | Path) -> InputFileError:
    return _refuse(
        path,
        Text(
            N_("the file is larger than bridgescore reads (%(value)s)"),
            value=size_text(MAX_INPUT_BYTES),
        ),
    )


def read_utf8(path: str | Path, kind: str) -> str:
    """The input as text; ``kind`` names what it should be, like "CSV".

    UTF-8 (a BOM allowed), or whatever a byte-order mark says; see :func:`decode_text`.
    """
    return decode_text(read_bytes(path), kind, display_name(path))


def decode_text(
    data: str | bytes, kind: str, path: str | None = None, *, fallback: str | None = None
) -> str:
    """A file's text: ``data`` itself when it is text, else its bytes in the encoding they
    name (see :func:`decode`). Every format's ``loads`` takes either through here."""
    if isinstance(data, str):
        return data
    return decode(data, kind, path, fallback=fallback)[0]


def stream_name(fp: object) -> str | None:
    """The name of an open file, for messages (None for a stream without one, or one named
    by its descriptor): what every format's ``load`` calls the file it reads."""
    name = getattr(fp, "name", None)
    return name if isinstance(name, str) else None


def decode(
    data: bytes, kind: str, path: str | None = None, *, fallback: str | None = None
) -> tuple[str, str]:
    """Text and encoding of a file's bytes; ``kind`` names what it should be, like "PBN".

    In order: a byte-order mark (UTF-8, UTF-16 or UTF-32), an XML declaration's encoding,
    UTF-8, then ``fallback`` (PBN's ISO-8859-1) if given. A BOM-less UTF-16 or UTF-32 file,
    a binary file, or bytes that fit no encoding are refused with exactly what was found.
    A leading byte-order mark is not part of the text; the encoding returned for a marked file
    (``utf-8-sig``, ``utf-16``, ``utf-32``) writes the mark again.
    """
    expected = Text(N_("a UTF-8 %(kind)s file"), kind=kind)
    for bom, codec, name, marked in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            if fallback is not None and codec == "utf-8" and not _is_utf8(body):
                return body.decode(fallback), fallback
            claim = Text(
                N_("the file is marked as %(name)s (it starts with a byte-order mark)"), name=name
            )
            return _strict(body, codec, claim, name, path, expected), marked
    found = _binary(data)
    if found is not None:
        raise InputFileError(
            path, [Problem(Text(N_("the file is %(found)s"), found=found), expected=expected)]
        )
    declared = re.match(_XML_DECLARATION, data) if data.startswith(b"<?xml") else None
    if declared is not None:
        codec = _declared_codec(declared.group(1).decode("ascii"), path, expected)
        if codec != "utf-8":
            name = declared.group(1).decode("ascii")
            claim = Text(N_("the XML declaration says %(name)s"), name=name)
            text = _strict(data, codec, claim, name, path, expected)
            return text, codec
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as error:
        if fallback is not None:
            return data.decode(fallback), fallback
        raise _undecodable(data, error, "UTF-8", path, expected) from None


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _strict(
    data: bytes, codec: str, claim: Text, name: str, path: str | None, expected: Text
) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as error:
        line = data[: error.start].decode(codec, "replace").count("\n") + 1
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("%(claim)s, but the bytes at line %(line)s are not %(name)s"),
                        claim=claim,
                        line=line,
                        name=name,
                    ),
                    line,
                    expected=expected,
                )
            ],
        ) from None


def _declared_codec(declared: str, path: str | None, expected: Text) -> str:
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("the XML declaration names an encoding bridgescore does not know")),
                    1,
                    found=quote(declared, 40),
                    expected=expected,
                )
            ],
        ) from None
    if codec.startswith(("utf-16", "utf-32")):
        # With no byte-order mark and no NUL bytes the text is not what it declares.
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_(
                            "the XML declaration says %(declared)s, but the file has no byte-order "
                            "mark and is written in single bytes"
                        ),
                        declared=declared,
                    ),
                    1,
                    expected=expected,
                )
            ],
        )
    return codec


def _binary(data: bytes) -> Text | None:
    """What a file that is not 8-bit or UTF-8 text is, if it is recognisably something else."""
    for signature, what in _SIGNATURES:
        if data.startswith(signature):
            return Text(what)
    head = data[:4096]
    if b"\0" not in head:
        return None
    even = head[0::2].count(0)
    odd = head[1::2].count(0)
    pairs = len(head) // 2 or 1
    if head[:4].endswith(b"\0\0\0") or head[:4].startswith(b"\0\0\0"):
        return Text(N_("UTF-32 text without a byte-order mark: save it as UTF-8"))
    if odd > pairs * 0.3 and even < pairs * 0.05:
        return Text(N_("UTF-16 (little-endian) text without a byte-order mark: save it as UTF-8"))
    if even > pairs * 0.3 and odd < pairs * 0.05:
        return Text(N_("UTF-16 (big-endian) text without a byte-order mark: save it as UTF-8"))
    line = data.count(b"\n", 0, data.index(b"\0")) + 1
    return Text(N_("not a text file (it holds NUL bytes, the first at line %(line)s)"), line=line)


def _undecodable(
    data: bytes, error: UnicodeDecodeError, encoding: str, path: str | None, expected: str
) -> InputFileError:
    line = data.count(b"\n", 0, error.start) + 1
    byte = data[error.start]
    message = (
        Text(
            N_(
                "byte 0x%(byte)s at line %(line)s is not %(encoding)s (the file may be in "
                "Latin-1 or Windows-1252: save it as UTF-8)"
            ),
            byte=f"{byte:02X}",
            line=line,
            encoding=encoding,
        )
        if encoding == "UTF-8"
        else Text(
            N_("byte 0x%(byte)s at line %(line)s is not %(encoding)s"),
            byte=f"{byte:02X}",
            line=line,
            encoding=encoding,
        )
    )
    # The line around the byte, the byte shown as <E9>: at most 40 characters either side.
    start = max(data.rfind(b"\n", 0, error.start) + 1, error.start - 40)
    end = data.find(b"\n", error.start)
    before = data[start : error.start].decode("utf-8", "replace")
    after = data[error.start + 1 : end if end >= 0 else len(data)].decode("utf-8", "replace")
    text = (
        ("…" if start > 0 and data[start - 1 : start] != b"\n" else "")
        + before
        + f"<{byte:02X}>"
        + quote(after.rstrip("\r"), 40)
    )
    return InputFileError(path, [Problem(message, line, found=text, expected=expected)])
