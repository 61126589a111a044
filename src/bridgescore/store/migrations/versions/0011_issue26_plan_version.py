"""a live session's plan counted by its version, so a worker need not read the plan to know it

Revision ID: 0011_issue26_plan_version
Revises: 0010_issue28d_strata
Created: 2026-11-25 21:15:00

A 200-table movement's plan is 260 KB of JSON; every result and every phone's state read it to
see whether the movement a worker keeps is still the session's. ``plan_version`` is raised
whenever the plan is written: a worker compares the number and reads the plan only when it
changed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_issue26_plan_version"
down_revision = "0010_issue28d_strata"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("plan_version", sa.Integer(), nullable=False, server_default="0")
        )


def downgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("plan_version")
