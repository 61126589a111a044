"""ACBL strata in the console: a session's strata and the masterpoint holdings they were set by

Revision ID: 0010_issue28d_strata
Revises: 0009_issue24b_throttles
Created: 2026-11-25 21:10:00

One row per stratified session: its strata, best first ("A,B=750,C=300"), and the holdings file
the director loaded for it (player,masterpoints; its text as given), kept with the session so a
published session's strata never change when the players' holdings do.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_issue28d_strata"
down_revision = "0009_issue24b_throttles"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_strata",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("strata", sa.String(length=200), nullable=False),
        sa.Column("holdings_name", sa.String(length=200), nullable=True),
        sa.Column("holdings", sa.Text(), nullable=True),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("chosen_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_session_strata_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_session_strata")),
    )


def downgrade() -> None:
    op.drop_table("session_strata")
