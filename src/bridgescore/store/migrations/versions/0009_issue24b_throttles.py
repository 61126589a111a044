"""failed logins and table codes, counted where every worker sees them

Revision ID: 0009_issue24b_throttles
Revises: 0008_issue30b_requests
Created: 2026-11-26 10:00:00

One row per thing guessed at (an address, a user name, a table code) with its failures, so that
logins and table codes are rate limited across every worker of a server, and a director can see
a lockout and lift it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_issue24b_throttles"
down_revision = "0008_issue30b_requests"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "throttles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("first_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lifted_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["club_id"],
            ["clubs.id"],
            name=op.f("fk_throttles_club_id_clubs"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_throttles")),
        sa.UniqueConstraint("kind", "key", name=op.f("uq_throttles_kind_key")),
    )


def downgrade() -> None:
    op.drop_table("throttles")
