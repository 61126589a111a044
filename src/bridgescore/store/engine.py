"""Where the database is, how to connect to it, and bringing its schema up to date.

SQLite by default: ``bridgescore.db`` in the user's data folder (``$XDG_DATA_HOME/bridgescore``,
``~/.local/share/bridgescore``; ``%APPDATA%\\bridgescore`` on Windows), created on first use, in
WAL mode with foreign keys on. ``--db PATH`` or ``BRIDGESCORE_DB`` name another file, or a
SQLAlchemy URL such as ``postgresql+psycopg://user@host/bridgescore`` for a shared server.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bridgescore.errors import BridgeScoreError

ENVIRONMENT = "BRIDGESCORE_DB"
MIGRATIONS = Path(__file__).parent / "migrations"


class StoreError(BridgeScoreError):
    """A database request that cannot be met: an unknown id, an ambiguous name, a bad URL."""


def data_folder() -> Path:
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home())) / "bridgescore"
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "bridgescore"


def database_url(db: str | None = None) -> str:
    """The SQLAlchemy URL for ``db`` (a path or URL), else ``BRIDGESCORE_DB``, else the default."""
    given = db or os.environ.get(ENVIRONMENT) or str(data_folder() / "bridgescore.db")
    if "://" in given:
        try:
            url = make_url(given)
        except ArgumentError:
            raise StoreError(f"not a database URL: {given!r}") from None
        if url.get_backend_name() not in ("sqlite", "postgresql"):
            raise StoreError(
                f"unsupported database {url.get_backend_name()!r} in {given!r} "
                "(expected a SQLite file or postgresql+psycopg://...)"
            )
        return given
    return "sqlite:///" + str(Path(given).expanduser().absolute())


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files are made (with their folder) on first use."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 60})
        event.listen(engine, "connect", _sqlite_pragmas)
        # We say when a transaction starts (BEGIN IMMEDIATE for writes, see Store.writing).
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    if parsed.get_backend_name() == "postgresql" and parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return create_engine(parsed, pool_pre_ping=True)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # Let us issue BEGIN ourselves (pysqlite would otherwise defer it to the first write).
    connection.isolation_level = None
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA busy_timeout = 60000")
    cursor.close()


def _sqlite_begin(connection: Any) -> None:
    mode = connection.info.get("begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


def _alembic_config(connection: Any) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    config = _alembic_config(None)
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str]:
    """Apply every migration not yet recorded; returns the revisions before and after."""
    from alembic import command

    before = current_revision(engine)
    with engine.begin() as connection:
        command.upgrade(_alembic_config(connection), revision)
    return before, current_revision(engine) or ""


def ensure_current(engine: Engine) -> None:
    """Create the schema in an empty database; refuse an out-of-date one (``db upgrade``)."""
    revision = current_revision(engine)
    if revision is None:
        with engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
        if tables - {"alembic_version"}:
            raise StoreError(
                f"{_describe(engine)} holds tables that are not bridgescore's: "
                "give another database with --db"
            )
        upgrade(engine)
        return
    if revision != head_revision():
        raise StoreError(
            f"the database {_describe(engine)} is at revision {revision}; this bridgescore "
            f"needs {head_revision()}: run bridgescore db upgrade"
        )


def _describe(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)
