"""one live path: session and table revisions, the phone behind each result, held results

Revision ID: 0004_issue23_live
Revises: 0003_tables
Created: 2026-11-25 09:00:00

Every change to a live session counts up its revision (and the revision of the table it
concerns) in the change's own transaction, so a page or a phone learns of a change by one small
query. A result remembers the phone that sent it, so a client id is bound to its phone and only a
table's own entry is the table's to correct. A table's result that is not applied is kept for the
director with the reason and its whole place, also when no entry is in force (a phone that no
longer scores).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_issue23_live"
down_revision = "0003_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))
    with op.batch_alter_table("table_codes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="0", nullable=False))
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("device_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_results_device_id_table_devices"),
            "table_devices",
            ["device_id"],
            ["id"],
        )
    with op.batch_alter_table("result_conflicts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("section", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("ns", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("ew", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("arrow", sa.Boolean(), nullable=True))
        batch_op.add_column(sa.Column("reason", sa.Text(), nullable=True))
        batch_op.alter_column("against", existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("result_conflicts", schema=None) as batch_op:
        batch_op.alter_column("against", existing_type=sa.Integer(), nullable=False)
        for column in ("reason", "arrow", "ew", "ns", "section"):
            batch_op.drop_column(column)
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_results_device_id_table_devices"), type_="foreignkey"
        )
        batch_op.drop_column("device_id")
    with op.batch_alter_table("table_codes", schema=None) as batch_op:
        batch_op.drop_column("revision")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("revision")
