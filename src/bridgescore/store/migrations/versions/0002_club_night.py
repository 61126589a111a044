"""the club night: live sessions, results with a client id, users and logins

Revision ID: 0002_club_night
Revises: 0001_initial
Created: 2026-11-23 06:00:00

``bridgescore serve`` sets a session up before it is played and stores each result as it is
entered: a session has a status (live or published; an imported one is published), the
movement it plays, and when it was published and is provisional until; a result may carry the
id its client made (a result sent twice is stored once); directors and scorers log in.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_club_night"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=20), server_default="published", nullable=False)
        )
        batch_op.add_column(sa.Column("plan", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("published_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(
            sa.Column("provisional_until", sa.DateTime(timezone=True), nullable=True)
        )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("client_id", sa.String(length=80), nullable=True))
        batch_op.create_unique_constraint(
            batch_op.f("uq_results_session_id_client_id"), ["session_id", "client_id"]
        )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=200), nullable=False),
        sa.Column("password_hash", sa.String(length=400), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_users_club_id_clubs")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("username", name=op.f("uq_users_username")),
    )
    op.create_table(
        "logins",
        sa.Column("token", sa.String(length=100), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_logins_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_logins")),
    )
    with op.batch_alter_table("logins", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_logins_user_id"), ["user_id"], unique=False)
    op.create_table(
        "settings",
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_settings")),
    )


def downgrade() -> None:
    op.drop_table("settings")
    with op.batch_alter_table("logins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_logins_user_id"))
    op.drop_table("logins")
    op.drop_table("users")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_results_session_id_client_id"), type_="unique")
        batch_op.drop_column("client_id")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_column("provisional_until")
        batch_op.drop_column("published_at")
        batch_op.drop_column("plan")
        batch_op.drop_column("status")
