"""Where the database is, how to connect to it, and bringing its schema up to date.

SQLite by default: ``bridgescore.db`` in the user's data folder (``$XDG_DATA_HOME/bridgescore``,
``~/.local/share/bridgescore``; ``%APPDATA%\\bridgescore`` on Windows), created on first use, in
WAL mode with foreign keys on. ``--db PATH`` or ``BRIDGESCORE_DB`` name another file, or a
SQLAlchemy URL such as ``postgresql+psycopg://user@host/bridgescore`` for a shared server.

Every way a database can fail is one sentence that names it (:func:`failure`): a file that
cannot be written is opened read-only (reading works, writing says why not), a path that is a
folder or whose folder is missing is refused before anything is made (only the default data
folder is created), a lock held by another program is waited for, saying so, then given up
with a sentence, a database written by a newer bridgescore names that version, and a server
that cannot be reached or refuses the password says so.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

from sqlalchemy import Engine, create_engine, event, inspect, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    ArgumentError,
    DataError,
    DBAPIError,
    DisconnectionError,
    OperationalError,
)

from bridgescore import __version__
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

ENVIRONMENT = "BRIDGESCORE_DB"
MIGRATIONS = Path(__file__).parent / "migrations"
LOCK_WAIT = 60  # seconds a command waits for another program's write (BRIDGESCORE_LOCK_WAIT)
NOTICE_AFTER = 2  # seconds of waiting before saying so
_SCHEMA_LOCK = 7_262_020  # PostgreSQL advisory lock: one schema change at a time
_WRITTEN_BY = "schema.written_by"  # the settings row naming the bridgescore that last migrated
_SQLITE_HEADER = b"SQLite format 3\x00"
# A worker's connections to PostgreSQL: the pool keeps this many open (a request uses one at a
# time, in a thread of the worker's pool of 40), and opens up to POOL_OVERFLOW more at a peak.
POOL_SIZE = 10
POOL_OVERFLOW = 10
IDLE_PING = 2.0  # seconds a pooled connection may rest before it is pinged on its next use

Notice = Callable[[str], None]
"""Told, in a sentence, that a command is waiting for the database."""


class StoreError(BridgeScoreError):
    """A database request that cannot be met: an unknown id, an ambiguous name, a bad URL."""


class Unavailable(StoreError):
    """The database cannot be used now (another program holds its lock): nothing was wrong
    with the request, which can be made again later."""


DatabaseFailure = DBAPIError
"""Every failure the database driver reports (see :func:`failure` for its sentence)."""


def input_fault(error: BaseException) -> bool:
    """Whether the database refused a value of the request (too long, out of range) rather
    than failing itself."""
    return isinstance(error, DataError)


def data_folder() -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / "bridgescore"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "bridgescore"


def default_path() -> Path:
    return data_folder() / "bridgescore.db"


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL for ``db`` (a path or URL), else ``BRIDGESCORE_DB``, else the default."""
    given = db or os.environ.get(ENVIRONMENT) or str(default_path())
    if "://" in given:
        try:
            url = make_url(given)
        except ArgumentError:
            raise StoreError(Text(N_("not a database URL: %(given)s"), given=repr(given))) from None
        if url.get_backend_name() not in ("sqlite", "postgresql"):
            raise StoreError(
                Text(
                    N_(
                        "unsupported database %(backend)s in %(given)s (expected a SQLite file "
                        "or postgresql+psycopg://...)"
                    ),
                    backend=repr(url.get_backend_name()),
                    given=repr(given),
                )
            )
        return given
    return "sqlite:///" + str(Path(given).expanduser().absolute())


def describe(url: str) -> str:
    """How messages name a database: a SQLite file by its path, a server by its URL without
    the password."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        return unquote(parsed.database.removeprefix("file:").split("?")[0])
    return parsed.render_as_string(hide_password=True)


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite database URL (None for a server or an in-memory database)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(describe(url))


def lock_wait() -> int:
    """Seconds a command waits for a database another program is writing to: ``LOCK_WAIT``,
    or ``BRIDGESCORE_LOCK_WAIT`` (1 to 3600)."""
    given = os.environ.get("BRIDGESCORE_LOCK_WAIT", "")
    return (
        int(given) if given.isascii() and given.isdigit() and 1 <= int(given) <= 3600 else LOCK_WAIT
    )


def make_engine(url: str, waiting: Notice | None = None) -> Engine:
    """An engine for ``url``. A SQLite file is checked first (see the module's text): a new
    one is made on first use, one that cannot be written is opened read-only. ``waiting`` is
    told when a command has to wait for a lock another program holds."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        path = sqlite_file(url)
        read_only = False
        if path is not None and not parsed.query:
            read_only = _check_file(path)
            if read_only:
                url = _read_only_url(path)
        patience = lock_wait()
        engine = create_engine(url, connect_args={"timeout": patience})
        event.listen(engine, "connect", _sqlite_pragmas(read_only, patience))
        # We say when a transaction starts (BEGIN IMMEDIATE for writes, see Store.writing).
        event.listen(engine, "begin", _sqlite_begin(describe(url), waiting, patience))
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    engine = create_engine(
        parsed,
        pool_size=POOL_SIZE,
        max_overflow=POOL_OVERFLOW,
        connect_args={"connect_timeout": 10},
    )
    event.listen(engine, "checkout", _ping_when_idle(engine))
    event.listen(engine, "checkin", _note_used)
    return engine


def _ping_when_idle(engine: Engine) -> Callable[[Any, Any, Any], None]:
    """A pooled connection idle for :data:`IDLE_PING` seconds is pinged before it is used
    (the server may have restarted meanwhile: the pool then takes a new one). One in use
    moments ago is not: a ping for every transaction was a round trip for nothing, and a
    connection the server dropped since is found by its error, which empties the pool."""

    def checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("used", 0.0) < IDLE_PING:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # the driver's own error: the connection is unusable
            raise DisconnectionError(str(error)) from error
        if not alive:
            raise DisconnectionError("the database server did not answer")

    return checkout


def _note_used(_dbapi_connection: Any, record: Any) -> None:
    record.info["used"] = time.monotonic()


def _check_file(path: Path) -> bool:
    """Refuse a SQLite path that cannot be a database, with why; True when it can only be
    read. Only the default data folder is made: a mistyped folder is named, never created
    (as root, ``--db /nonexistent/club.db`` would otherwise make a folder in ``/``)."""
    if path.is_dir():
        raise StoreError(
            Text(
                N_("the database %(path)s is a folder: give a file, such as %(file)s"),
                path=str(path),
                file=str(path / "bridgescore.db"),
            )
        )
    folder = path.parent
    if not folder.is_dir():
        if path == default_path():
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoreError(
                    Text(
                        N_("cannot make the folder %(folder)s for the database: %(why)s"),
                        folder=str(folder),
                        why=_os_reason(error),
                    )
                ) from None
        else:
            missing = next(
                (p for p in reversed(path.parents) if not p.is_dir()),
                folder,
            )
            raise StoreError(
                Text(
                    N_(
                        "the database %(path)s: the folder %(missing)s is not a folder (make it "
                        "first, or give another --db)"
                    )
                    if missing.exists()
                    else N_(
                        "the database %(path)s: the folder %(missing)s does not exist (make it "
                        "first, or give another --db)"
                    ),
                    path=str(path),
                    missing=str(missing),
                )
            )
    if not path.exists():
        if not os.access(folder, os.W_OK):
            raise StoreError(
                Text(
                    N_(
                        "cannot make the database %(path)s: the folder %(folder)s cannot be written"
                    ),
                    path=str(path),
                    folder=str(folder),
                )
            )
        return False
    try:
        with path.open("rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except OSError as error:
        raise StoreError(
            Text(
                N_("cannot read the database %(path)s: %(why)s"),
                path=str(path),
                why=_os_reason(error),
            )
        ) from None
    if head and head != _SQLITE_HEADER:
        raise StoreError(
            Text(
                N_("%(path)s is not a bridgescore database (it is not a SQLite file)"),
                path=str(path),
            )
        )
    return not os.access(path, os.W_OK) or not _companions_writable(path)


def _companions_writable(path: Path) -> bool:
    """Whether SQLite can keep its write-ahead log and shared memory beside ``path``."""
    companions = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm")]
    if all(c.exists() for c in companions):
        return all(os.access(c, os.W_OK) for c in companions)
    return os.access(path.parent, os.W_OK)


def _read_only_url(path: Path) -> str:
    # Read-only; immutable when the folder cannot hold SQLite's shared-memory file either
    # (a read-only disk or mount): nothing can then be writing to it.
    shared = path.with_name(path.name + "-shm")
    mode = "mode=ro" if shared.exists() or os.access(path.parent, os.W_OK) else "immutable=1"
    return f"sqlite:///file:{quote(str(path))}?{mode}&uri=true"


def _os_reason(error: OSError) -> str:
    from bridgescore.formats.files import os_reason

    return os_reason(error)


def _sqlite_pragmas(read_only: bool, patience: int) -> Callable[[Any, Any], None]:
    def pragmas(connection: Any, _record: Any) -> None:
        # Let us issue BEGIN ourselves (pysqlite would otherwise defer it to the first write).
        connection.isolation_level = None
        cursor = connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {patience * 1000}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if not read_only:
            _write_ahead(cursor, patience)
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    return pragmas


def _write_ahead(cursor: Any, patience: int) -> None:
    """Turn on WAL, waiting as a write waits: commands opening a new database at once race to
    change its journal mode, and SQLite can answer the losers "locked" at once, without its
    busy wait (seen as one of four first imports refused on a loaded machine)."""
    deadline = time.monotonic() + patience
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:  # the driver's, before SQLAlchemy wraps it
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def _sqlite_begin(where: str, waiting: Notice | None, patience: int) -> Callable[[Any], None]:
    def begin(connection: Any) -> None:
        mode = connection.info.get("begin", "DEFERRED")
        if mode == "DEFERRED":  # a reader: WAL lets it read beside a writer, no lock taken
            connection.exec_driver_sql("BEGIN DEFERRED")
            return
        # The driver's own connection for the timeouts: two statements a write, kept cheap.
        driver = connection.connection.driver_connection
        driver.execute(f"PRAGMA busy_timeout = {NOTICE_AFTER * 1000}")
        try:
            connection.exec_driver_sql(f"BEGIN {mode}")
            return
        except DBAPIError as error:
            if not _locked(error):
                raise
        finally:
            driver.execute(f"PRAGMA busy_timeout = {patience * 1000}")
        if waiting is not None:
            waiting(
                f"waiting for the database {where}: another program is writing to it "
                f"(giving up after {patience} s)"
            )
        try:
            connection.exec_driver_sql(f"BEGIN {mode}")
        except DBAPIError as error:
            if not _locked(error):
                raise
            raise Unavailable(
                f"the database {where} is still locked after {NOTICE_AFTER + patience} s: "
                "another program (an import, or bridgescore serve) is writing to it; try "
                "again when it has finished"
            ) from None

    return begin


def advisory_lock(connection: Any, keys: tuple[int, ...], waiting: Notice | None) -> None:
    """Take a PostgreSQL advisory lock for the transaction (one key, or two), as SQLite's
    writers wait for its write lock: at once when free, else saying so, then waiting up to
    :func:`lock_wait` seconds before giving up with a sentence."""
    arguments = ", ".join(f":k{i}" for i in range(len(keys)))
    values = {f"k{i}": key for i, key in enumerate(keys)}
    if connection.execute(text(f"SELECT pg_try_advisory_xact_lock({arguments})"), values).scalar():
        return
    where = describe(connection.engine.url.render_as_string(hide_password=False))
    patience = lock_wait()
    if waiting is not None:
        waiting(
            f"waiting for the database {where}: another program is writing to it "
            f"(giving up after {patience} s)"
        )
    connection.execute(text(f"SET LOCAL lock_timeout = {patience * 1000}"))
    try:
        connection.execute(text(f"SELECT pg_advisory_xact_lock({arguments})"), values)
    except OperationalError as error:
        if "lock timeout" not in str(error.orig):
            raise
        raise Unavailable(
            f"the database {where} is still locked after {patience} s: another program "
            "(an import, or bridgescore serve) is writing to it; try again when it has finished"
        ) from None
    connection.execute(text("SET LOCAL lock_timeout = 0"))


def _locked(error: DBAPIError) -> bool:
    return "locked" in str(error.orig) or "busy" in str(error.orig)


def failure(error: BaseException, url: str) -> Text | None:
    """A database failure as one sentence naming the database (a :class:`Text`, shown in the
    reader's language; the driver's own first line quoted as it said it); None when ``error``
    is not a database failure (a bug keeps its traceback)."""
    if not isinstance(error, DBAPIError):
        return None
    where = describe(url)
    message = str(error.orig or error).strip()
    first = message.splitlines()[0] if message else type(error.orig or error).__name__
    lowered = message.lower()
    if "readonly" in lowered or "read-only" in lowered or "read only" in lowered:
        return Text(
            N_(
                "cannot write to the database %(where)s: it is read-only (its file, folder or "
                "disk cannot be written); commands that only read it still work"
            ),
            where=where,
        )
    if "locked" in lowered or "busy" in lowered:
        return Text(
            N_(
                "the database %(where)s is locked: another program is writing to it; try again "
                "when it has finished"
            ),
            where=where,
        )
    if "not a database" in lowered or "malformed" in lowered:
        return Text(
            N_("%(where)s is not a bridgescore database, or it is damaged: %(said)s"),
            where=where,
            said=first,
        )
    if "full" in lowered and "disk" in lowered:
        return Text(N_("cannot write to the database %(where)s: the disk is full"), where=where)
    if "unable to open" in lowered:
        return Text(N_("cannot open the database %(where)s: %(said)s"), where=where, said=first)
    if "password authentication failed" in lowered:
        return Text(
            N_("cannot log in to the database %(where)s: the password is wrong (%(said)s)"),
            where=where,
            said=first,
        )
    if (
        isinstance(error, OperationalError)
        or getattr(error, "connection_invalidated", False)
        or "connection" in lowered
    ):
        return Text(N_("cannot reach the database %(where)s: %(said)s"), where=where, said=first)
    if "out of range" in lowered or "too large" in lowered:
        return Text(
            N_("the database %(where)s cannot hold a number given: %(said)s"),
            where=where,
            said=first,
        )
    return Text(N_("the database %(where)s refused the request: %(said)s"), where=where, said=first)


# --- the schema ----------------------------------------------------------------------------------


def _alembic_config(connection: Any) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _scripts() -> Any:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_alembic_config(None))


def head_revision() -> str:
    head = _scripts().get_current_head()
    assert head is not None
    return str(head)


def known_revision(revision: str) -> bool:
    """Whether this bridgescore's migrations include ``revision``."""
    return any(script.revision == revision for script in _scripts().walk_revisions())


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str]:
    """Apply every migration not yet recorded; returns the revisions before and after. One
    process at a time (SQLite's write lock, a PostgreSQL advisory lock), so several commands
    opening a new database at once make its schema once; a database written by a newer
    bridgescore is refused, never touched."""
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            connection.info["begin"] = "IMMEDIATE"
        try:
            with connection.begin():
                if not sqlite:
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": _SCHEMA_LOCK}
                    )
                before = MigrationContext.configure(connection).get_current_revision()
                if before is not None and not known_revision(before):
                    raise StoreError(newer_message(connection, before, engine))
                if before is None and set(inspect(connection).get_table_names()) - {
                    "alembic_version"
                }:
                    raise StoreError(
                        Text(
                            N_(
                                "%(database)s holds tables that are not bridgescore's: give "
                                "another database with --db"
                            ),
                            database=_describe(engine),
                        )
                    )
                command.upgrade(_alembic_config(connection), revision)
                after = MigrationContext.configure(connection).get_current_revision() or ""
                if after != before:
                    _record_writer(connection)
        finally:
            connection.info.pop("begin", None)
    return before, after


def _record_writer(connection: Any) -> None:
    """Name this bridgescore in the database: an older one opening it can say which to install."""
    from bridgescore.store.schema import settings

    written = f"bridgescore {__version__}"
    connection.execute(settings.delete().where(settings.c.name == _WRITTEN_BY))
    connection.execute(settings.insert().values(name=_WRITTEN_BY, value=written))


def newer_message(connection: Any, revision: str, engine: Engine) -> str:
    """What to say of a database whose schema revision this bridgescore does not know."""
    from bridgescore.store.schema import settings

    writer = None
    with contextlib.suppress(DBAPIError):  # no such table: too new, or not ours, to say more
        writer = connection.execute(
            select(settings.c.value).where(settings.c.name == _WRITTEN_BY)
        ).scalar()
    if writer == f"bridgescore {__version__}":
        writer = None  # copied from a database of ours: it says nothing of the newer one
    who = writer or f"a newer bridgescore (its schema {revision!r} is unknown to this one)"
    return (
        f"the database {_describe(engine)} was written by {who}: upgrade bridgescore "
        f"(this is bridgescore {__version__}) to use it"
    )


def ensure_current(engine: Engine) -> None:
    """Create the schema in an empty database; refuse an out-of-date one (``db upgrade``) and
    one written by a newer bridgescore."""
    revision = current_revision(engine)
    if revision is None:
        upgrade(engine)  # made once, whoever comes first; never over another program's tables
        return
    if revision == head_revision():
        return
    if not known_revision(revision):
        with engine.connect() as connection:
            raise StoreError(newer_message(connection, revision, engine))
    raise StoreError(
        Text(
            N_(
                "the database %(database)s is at revision %(revision)s; this bridgescore needs "
                "%(head)s: run bridgescore db upgrade"
            ),
            database=_describe(engine),
            revision=revision,
            head=head_revision(),
        )
    )


def _describe(engine: Engine) -> str:
    return describe(engine.url.render_as_string(hide_password=False))
