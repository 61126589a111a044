"""a table's entries read by table: an index on the results' session, section and table

Revision ID: 0012_issue26_table_entries
Revises: 0011_issue26_plan_version
Created: 2026-11-26 03:00:00

A table's phone reads the entries in force at its table each time the table changes; with only
the (session, line key) index that read went through every entry of the session (4,800 at the
end of the 200-table benchmark, 1 ms of the database's time for each phone's state).
"""

from __future__ import annotations

from alembic import op

revision = "0012_issue26_table_entries"
down_revision = "0011_issue26_plan_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_results_session_table", "results", ["session_id", "section", "table_label"])


def downgrade() -> None:
    op.drop_index("ix_results_session_table", table_name="results")
