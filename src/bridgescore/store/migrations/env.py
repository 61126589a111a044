"""Alembic's entry point for bridgescore's migrations (run by ``bridgescore db upgrade``).

The connection is handed over by :func:`bridgescore.store.engine.upgrade`; the migrations are
named (``0001_initial``, ...) and alembic records the applied one in ``alembic_version``.
"""

from __future__ import annotations

from alembic import context

from bridgescore.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("bridgescore's migrations are run by: bridgescore db upgrade [--db URL]")
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
