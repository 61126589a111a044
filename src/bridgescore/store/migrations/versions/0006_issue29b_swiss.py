"""a Swiss event run in the console: the event and its steps

Revision ID: 0006_issue29b_swiss
Revises: 0005_issue30_players
Created: 2026-11-26 10:00:00

A Swiss event's boards are entered in one live session (its tables are each round's matches);
the event itself is a list of steps never written over, each keeping the whole event after it
(its conditions, teams, draws and the scores each draw rested on): the start, each round drawn,
a late entry, a withdrawal, a publishing of the draws and standings.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_issue29b_swiss"
down_revision = "0005_issue30_players"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "swiss_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("title", sa.String(length=400), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name=op.f("fk_swiss_events_club_id_clubs")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_swiss_events_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_swiss_events")),
        sa.UniqueConstraint("session_id", name=op.f("uq_swiss_events_session_id")),
    )
    with op.batch_alter_table("swiss_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_swiss_events_club_id"), ["club_id"], unique=False)
    op.create_table(
        "swiss_steps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("swiss_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("team", sa.Integer(), nullable=True),
        sa.Column("event", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["swiss_id"],
            ["swiss_events.id"],
            name=op.f("fk_swiss_steps_swiss_id_swiss_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_swiss_steps")),
        sa.UniqueConstraint("swiss_id", "number", name=op.f("uq_swiss_steps_swiss_id_number")),
    )
    with op.batch_alter_table("swiss_steps", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_swiss_steps_swiss_id"), ["swiss_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("swiss_steps", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_swiss_steps_swiss_id"))
    op.drop_table("swiss_steps")
    with op.batch_alter_table("swiss_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_swiss_events_club_id"))
    op.drop_table("swiss_events")
