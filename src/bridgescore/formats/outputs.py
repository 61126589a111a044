"""The one place bridgescore writes a user's output: a file, a device, a pipe or a folder.

The rules, for ``-o PATH`` and every other output:

* ``-`` is standard output.
* A regular file, or a path where nothing is yet, is written whole or not at all: the text goes
  to a temporary file in the same folder, is flushed to the disk, and is renamed over the path.
  An existing file keeps its permissions (and, where allowed, its owner); a new one gets
  ``0o666`` less the umask. A read-only file is refused, as the shell would refuse it.
* A symbolic link is written through: its target is replaced as above and the link stays a link.
  A dangling link makes its target.
* A character device (``/dev/null``, ``/dev/full``, a terminal) or a pipe (FIFO) is streamed to:
  opened for writing without creating or truncating it, so it stays what it was. A pipe waits
  for its reader, as the shell's ``>`` does. Streaming cannot be undone, so a write that fails
  half-way ("the disk is full" on ``/dev/full``) may have delivered part of the text. Under
  ``/dev`` and ``/proc`` nothing new is made and nothing is replaced: ``/dev/stdout`` or
  ``/dev/fd/3`` leading to a file is appended to, as the shell's redirection opened it.
* A folder, a disk device or a socket is refused.
* Nothing is ever written over the command's own inputs (``inputs``: ``score x.csv -o x.csv``
  is refused, the input kept) nor over a database (a SQLite file, or its ``-wal``, ``-shm`` or
  ``-journal``): bridgescore writes results files, never over what it reads or stores.
* A report's folder (:func:`write_directory`) is built beside its place and moved there whole.
  A folder already there is used only if it is empty or holds an earlier output of bridgescore
  with its manifest (:data:`MANIFEST`); then only the files that manifest lists are replaced and
  every file a user added is kept. A folder bridgescore did not write is refused.

Every failure is an :class:`OutputError`: one line with the path and the reason in plain words.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from bridgescore import __version__
from bridgescore.errors import BridgeScoreError
from bridgescore.formats.files import STDIN, os_reason
from bridgescore.languages import N_, _

MANIFEST = ".bridgescore-manifest.json"  # in a folder bridgescore wrote: the files it wrote
_LEGACY_MARK = ".bridgescore-report"  # what reports were marked with before the manifest
_MANIFEST_LIMIT = 16 * 1024 * 1024
_STREAMED_UNDER = ("dev", "proc")  # /dev/stdout, /dev/fd/N, /proc/self/fd/N

T = TypeVar("T")

# What a folder of files is called in a refusal (the manifest keeps the English word).
_KINDS = (N_("report"), N_("results site"), N_("set of guide cards"))


class OutputError(BridgeScoreError):
    """An output that cannot be written: the path and the reason, on one line."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(_("cannot write %(path)s: %(reason)s", path=path, reason=reason))


def output_name(target: str | Path) -> str:
    """How messages name an output: ``-`` is "standard output"."""
    return _("standard output") if str(target) == STDIN else str(target)


# --- one file ----------------------------------------------------------------------------------


def write_text(
    target: str | Path, text: str, *, inputs: Iterable[str | Path] = (), encoding: str = "utf-8"
) -> None:
    """Write ``text`` to ``target`` (``-``: standard output), by the module's rules; never over
    one of ``inputs`` (the files the command read)."""
    write_bytes(target, text.encode(encoding), inputs=inputs)


def write_bytes(
    target: str | Path, data: bytes | Iterable[bytes], *, inputs: Iterable[str | Path] = ()
) -> None:
    """Write ``data`` to ``target`` (``-``: standard output), by the module's rules; never over
    one of ``inputs`` (the files the command read).

    ``data`` may come in pieces (a large JSON, a board at a time): each is written as it comes,
    so the whole is never held; a file is still replaced whole or not at all.
    """
    pieces = (data,) if isinstance(data, bytes) else data
    name = str(target)
    if name == STDIN:
        _write_stdout(pieces)
        return
    if not name:
        raise OutputError("''", _("no file name was given"))
    if name.endswith(("/", os.sep)) and not os.path.exists(name):
        raise OutputError(name, _("it names a folder: give a file name"))
    try:
        info: os.stat_result | None = os.stat(name)
    except FileNotFoundError:
        info = None  # a new file, a dangling link, or a folder on the way that is missing
    except OSError as error:
        raise OutputError(name, os_reason(error, name)) from None
    if info is None and _streamed_path(name):
        raise OutputError(name, _("no such device"))
    if info is not None and stat.S_ISREG(info.st_mode):
        _refuse_own(name, info, inputs)
    if info is None or (stat.S_ISREG(info.st_mode) and not _streamed_path(name)):
        _replace(name, pieces, info)
    elif stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
        _stream(name, pieces, append=False)
    elif stat.S_ISREG(info.st_mode):
        _stream(name, pieces, append=True)
    elif stat.S_ISDIR(info.st_mode):
        raise OutputError(name, _("it is a folder: give a file name"))
    elif stat.S_ISBLK(info.st_mode):
        raise OutputError(name, _("it is a disk device: bridgescore writes files, not disks"))
    else:
        raise OutputError(name, _("it is a socket: bridgescore writes to files, devices and pipes"))


def _refuse_own(name: str, info: os.stat_result, inputs: Iterable[str | Path]) -> None:
    """Refuse to replace a database or one of the command's inputs (``info``: the file's)."""
    if _database(name):
        raise OutputError(
            name, _("it is a database: bridgescore never writes a results file over one")
        )
    for given in inputs:
        if str(given) == STDIN:
            continue
        try:
            read = os.stat(given)
        except OSError:
            continue
        if (read.st_dev, read.st_ino) == (info.st_dev, info.st_ino):
            if str(given) == name:  # named once: the refusal already says which file
                raise OutputError(
                    name,
                    _(
                        "it is this command's input: bridgescore never writes over a file it"
                        " reads (give another name)"
                    ),
                )
            raise OutputError(
                name,
                _(
                    "it is this command's input %(input)s: bridgescore never writes over a file"
                    " it reads (give another name)",
                    input=output_name(given),
                ),
            )


_SQLITE = b"SQLite format 3\x00"
_SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


def _database(name: str) -> bool:
    """Whether ``name`` is a SQLite database, or the write-ahead log, shared memory or journal
    beside one."""
    for suffix in _SQLITE_COMPANIONS:
        if name.endswith(suffix) and _database(name[: -len(suffix)]):
            return True
    if not os.path.isfile(name):
        return False
    try:
        with open(name, "rb") as handle:
            return handle.read(len(_SQLITE)) == _SQLITE
    except OSError:
        return False


def _streamed_path(name: str) -> bool:
    parts = Path(os.path.abspath(name)).parts
    return len(parts) > 1 and parts[1] in _STREAMED_UNDER


def _write_stdout(data: Iterable[bytes]) -> None:
    stream = sys.stdout
    if stream is None:
        raise OutputError(output_name(STDIN), _("it is closed"))
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is None:
            for piece in data:
                stream.write(piece.decode("utf-8"))
            stream.flush()
        else:
            stream.flush()
            for piece in data:
                buffer.write(piece)
            buffer.flush()
    except OSError as error:
        raise OutputError(output_name(STDIN), os_reason(error)) from None


def _stream(name: str, data: Iterable[bytes], *, append: bool) -> None:
    """Write into what is already there (a device or a pipe): no new file, no truncation."""
    flags = os.O_WRONLY | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    if append:
        flags |= os.O_APPEND
    try:
        descriptor = os.open(name, flags)
    except OSError as error:
        raise OutputError(name, os_reason(error, name)) from None
    try:
        for piece in data:
            view = memoryview(piece)
            while view:
                view = view[os.write(descriptor, view) :]
    except BaseException as error:  # the pieces' maker may fail too: close, then say why
        with contextlib.suppress(OSError):
            os.close(descriptor)
        if isinstance(error, OSError):
            raise OutputError(name, os_reason(error)) from None
        raise
    try:
        os.close(descriptor)
    except OSError as error:
        raise OutputError(name, os_reason(error)) from None


def _replace(name: str, data: Iterable[bytes], info: os.stat_result | None) -> None:
    """Write a regular file whole or not at all: a temporary file beside it, then a rename."""
    place = os.path.realpath(name) if os.path.islink(name) else name
    if info is not None and not os.access(place, os.W_OK):
        raise OutputError(name, _("permission denied (the file is read-only)"))
    folder = os.path.dirname(place) or "."
    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=folder, prefix=f".{os.path.basename(place)[:100]}.", suffix=".part"
        )
    except OSError as error:
        raise OutputError(name, _in_folder(os_reason(error, place), error, folder)) from None
    try:
        with os.fdopen(descriptor, "wb") as out:
            for piece in data:
                out.write(piece)
            out.flush()
            mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
            os.fchmod(out.fileno(), mode)
            if info is not None:
                with contextlib.suppress(OSError):  # only the owner's privileges allow it
                    os.fchown(out.fileno(), info.st_uid, info.st_gid)
            os.fsync(out.fileno())
        os.replace(temporary, place)
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(error, OSError):
            raise OutputError(name, os_reason(error)) from None
        raise
    _sync_folder(folder)


def _in_folder(reason: str, error: OSError, folder: str) -> str:
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _(
            "%(reason)s (making a file in the folder %(folder)s)", reason=reason, folder=folder
        )
    return reason


def _sync_folder(folder: str | Path) -> None:
    """Make a rename in ``folder`` last through a power cut, where the system allows it."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# --- a folder ----------------------------------------------------------------------------------


@dataclass
class _Earlier:
    """What bridgescore wrote into the folder already there (its manifest, read)."""

    files: set[str]
    folders: set[str]
    legacy: bool = False  # marked by an earlier version, without a list of files
    carried: dict[str, tuple[int, int]] = field(default_factory=dict)  # file -> (device, inode)


def write_directory(
    target: str | Path,
    fill: Callable[[Path], T],
    *,
    kind: str = "report",
    inputs: Iterable[str | Path] = (),
) -> T:
    """Fill a new folder with ``fill`` and put it at ``target``; ``fill``'s value is returned.

    The folder is built beside ``target`` and moved there when complete, with a manifest of the
    files written (:data:`MANIFEST`). A folder already at ``target`` must be empty or hold an
    earlier output with its manifest: the files it lists are replaced, every other file is kept,
    and a kept file that has the name of one now written stops the run. A failed run leaves the
    folder already there as it was. An ``OSError`` from ``fill`` is reported as an
    :class:`OutputError` for ``target``. A folder whose files to be replaced include one of
    ``inputs`` (the files the command read) is refused.
    """
    name = str(target)
    if name in (STDIN, ""):
        raise OutputError(
            output_name(name) or "''", _("a %(kind)s is a folder of files: name one", kind=_(kind))
        )
    place = Path(os.path.realpath(name)) if os.path.islink(name) else Path(name)
    if place.name in ("", ".", ".."):
        place = Path(os.path.abspath(place))
    earlier = _earlier(place, name, kind)
    if earlier is not None:
        _refuse_inputs_inside(place, earlier, inputs, name)
    made: list[Path] = []  # folders on the way, made for this run and removed if it fails
    try:
        parent = place.parent
        while not os.path.lexists(parent):
            made.append(parent)
            parent = parent.parent
        for folder in reversed(made):
            folder.mkdir()
        temporary = Path(tempfile.mkdtemp(dir=place.parent, prefix=f".{place.name[:100]}."))
    except OSError as error:
        _remove_made(made)
        raise OutputError(name, os_reason(error, place)) from None
    filling = True
    try:
        value = fill(temporary)
        filling = False
        files, folders = _listing(temporary)
        files.discard(MANIFEST)
        _write_manifest(temporary, kind, files, folders)
        if earlier is not None:
            _carry_over(place, temporary, earlier, files, name, kind)
        mode = stat.S_IMODE(place.stat().st_mode) if place.is_dir() else 0o777 & ~_umask()
        os.chmod(temporary, mode)
        _install(temporary, place, earlier)
        return value
    except BaseException as error:
        shutil.rmtree(temporary, ignore_errors=True)
        _remove_made(made)
        if isinstance(error, OSError):
            raise OutputError(name, os_reason(error, None if filling else place)) from None
        raise


def _earlier(place: Path, name: str, kind: str) -> _Earlier | None:
    """What of the folder at ``place`` is bridgescore's; None when there is none or it is empty."""
    try:
        info = place.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise OutputError(name, os_reason(error, place)) from None
    if not stat.S_ISDIR(info.st_mode):
        raise OutputError(
            name, _("it is a file, not a folder: a %(kind)s is a folder of files", kind=_(kind))
        )
    cwd = Path.cwd()
    if place.resolve() in (cwd, *cwd.parents):
        raise OutputError(name, _("it holds the current folder: name a folder inside it"))
    try:
        entries = sorted(os.listdir(place))
    except OSError as error:
        raise OutputError(name, os_reason(error, place)) from None
    if not entries:
        return None
    if MANIFEST in entries:
        return _read_manifest(place / MANIFEST, name, kind)
    if _LEGACY_MARK in entries:
        return _Earlier(files={_LEGACY_MARK}, folders=set(), legacy=True)
    raise OutputError(
        name,
        _(
            "the folder holds files bridgescore did not write (%(files)s): choose a new or"
            " empty folder for the %(kind)s",
            files=_first_five(entries),
            kind=_(kind),
        ),
    )


def _first_five(names: list[str]) -> str:
    shown = ", ".join(names[:5])
    if len(names) > 5:
        return _("%(names)s and %(count)s more", names=shown, count=len(names) - 5)
    return shown


def _refuse_inputs_inside(
    place: Path, earlier: _Earlier, inputs: Iterable[str | Path], name: str
) -> None:
    """Refuse a folder whose run would replace one of the command's inputs."""
    root = os.path.realpath(place)
    for given in inputs:
        if str(given) == STDIN:
            continue
        relative = os.path.relpath(os.path.realpath(given), root)
        if relative.startswith(os.pardir) or os.path.isabs(relative):
            continue
        relative = relative.replace(os.sep, "/")
        if earlier.legacy or relative in earlier.files:
            raise OutputError(
                name,
                _(
                    "it holds this command's input %(input)s, which bridgescore wrote there and"
                    " would replace: give another folder",
                    input=output_name(given),
                ),
            )


def _read_manifest(path: Path, name: str, kind: str) -> _Earlier:
    unreadable = OutputError(
        name,
        _(
            "its list of the files bridgescore wrote (%(manifest)s) cannot be read: choose a new"
            " or empty folder for the %(kind)s",
            manifest=MANIFEST,
            kind=_(kind),
        ),
    )
    try:
        if not stat.S_ISREG(path.lstat().st_mode):
            raise unreadable
        with path.open("rb") as handle:
            data = json.loads(handle.read(_MANIFEST_LIMIT + 1)[:_MANIFEST_LIMIT])
    except (OSError, ValueError):
        raise unreadable from None
    files = data.get("files") if isinstance(data, dict) else None
    folders = data.get("folders", []) if isinstance(data, dict) else None
    if not _names(files) or not _names(folders):
        raise unreadable
    assert isinstance(files, list) and isinstance(folders, list)
    return _Earlier(files={MANIFEST, *files}, folders=set(folders))


def _names(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _walk(root: Path, under: str = "") -> Iterator[tuple[str, os.DirEntry[str]]]:
    """Every entry below ``root`` as (relative path with "/", entry); links are not followed."""
    with os.scandir(root / under if under else root) as entries:
        listed = sorted(entries, key=lambda entry: entry.name)
    for entry in listed:
        relative = f"{under}/{entry.name}" if under else entry.name
        yield relative, entry
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(root, relative)


def _listing(root: Path) -> tuple[set[str], set[str]]:
    files: set[str] = set()
    folders: set[str] = set()
    for relative, entry in _walk(root):
        (folders if entry.is_dir(follow_symlinks=False) else files).add(relative)
    return files, folders


def _write_manifest(root: Path, kind: str, files: set[str], folders: set[str]) -> None:
    manifest = {
        "written_by": f"bridgescore {__version__}",
        "kind": kind,
        "about": "the files bridgescore wrote here; it replaces only these when run again",
        "files": sorted(files),
        "folders": sorted(folders),
    }
    (root / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def _carry_over(
    place: Path, temporary: Path, earlier: _Earlier, written: set[str], name: str, kind: str
) -> None:
    """Link every file a user added to the earlier folder into the new one, at the same place."""
    if earlier.legacy:
        earlier.files |= written
    clashes: list[str] = []
    modes: list[tuple[Path, int]] = []
    for relative, entry in _walk(place):
        destination = temporary / relative
        if entry.is_dir(follow_symlinks=False):
            if relative in earlier.folders:
                continue
            if os.path.lexists(destination) and not destination.is_dir():
                clashes.append(relative)
            elif not _under_file(temporary, relative):
                destination.mkdir(parents=True, exist_ok=True)
                modes.append((destination, stat.S_IMODE(entry.stat(follow_symlinks=False).st_mode)))
            continue
        if relative in earlier.files:
            continue
        if os.path.lexists(destination) or _under_file(temporary, relative):
            clashes.append(relative)
            continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(entry.path, destination, follow_symlinks=False)
        except OSError:
            shutil.copy2(entry.path, destination, follow_symlinks=False)
        info = entry.stat(follow_symlinks=False)
        earlier.carried[relative] = (info.st_dev, info.st_ino)
    if clashes:
        raise OutputError(
            name,
            _(
                "files added to the folder by hand have the names of files of the %(kind)s"
                " (%(files)s): move them away, then run again",
                kind=_(kind),
                files=_first_five(clashes),
            ),
        )
    for folder, mode in reversed(modes):
        os.chmod(folder, mode)


def _under_file(root: Path, relative: str) -> bool:
    """Whether a folder on the way to ``relative`` in ``root`` is a file there."""
    parts = relative.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        step = root.joinpath(*parts[:depth])
        if os.path.lexists(step) and not step.is_dir():
            return True
    return False


def _install(temporary: Path, place: Path, earlier: _Earlier | None) -> None:
    """Move the finished folder to ``place``; the earlier one is removed only once it is there.

    Of the earlier folder, only bridgescore's own files and those carried over are deleted; a
    file added while this run was writing is moved into the new folder, or left aside.
    """
    if earlier is None:
        os.replace(temporary, place)  # a rename may replace an empty folder
        _sync_folder(place.parent)
        return
    aside = Path(tempfile.mkdtemp(dir=place.parent, prefix=f".{place.name[:100]}.old."))
    previous = aside / "previous"
    os.replace(place, previous)
    try:
        os.replace(temporary, place)
    except BaseException:
        os.replace(previous, place)
        aside.rmdir()
        raise
    _sync_folder(place.parent)
    _clear(previous, place, earlier)
    with contextlib.suppress(OSError):
        aside.rmdir()


def _clear(previous: Path, place: Path, earlier: _Earlier) -> None:
    """Delete what was bridgescore's or carried over from the earlier folder, now set aside."""
    entries = list(_walk(previous))
    for relative, entry in entries:
        if entry.is_dir(follow_symlinks=False):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if relative in earlier.files or earlier.carried.get(relative) == (
                info.st_dev,
                info.st_ino,
            ):
                os.unlink(entry.path)
            elif not os.path.lexists(place / relative) and not _under_file(place, relative):
                (place / relative).parent.mkdir(parents=True, exist_ok=True)
                os.replace(entry.path, place / relative)
    for _relative, entry in reversed(entries):
        if entry.is_dir(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.rmdir(entry.path)
    with contextlib.suppress(OSError):
        previous.rmdir()


def _remove_made(made: list[Path]) -> None:
    for folder in made:
        with contextlib.suppress(OSError):
            folder.rmdir()
