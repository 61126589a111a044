"""players' phones at the tables: table codes, devices, table events, conflicting results

Revision ID: 0003_tables
Revises: 0002_club_night
Created: 2026-11-23 09:00:00

Each table of a live session gets a short code (on its table card, with a QR code); a phone
joins with it and is given a token, of which the database keeps only a hash. Devices, hand-overs
and calls for the director are logged per table. A result from a table that disagrees with the
one stored for that table and board is kept beside it, for the director, never applied over it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_tables"
down_revision = "0002_club_night"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=40), nullable=False),
        sa.Column("table_label", sa.String(length=40), nullable=False),
        sa.Column("code", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_table_codes_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_codes")),
        sa.UniqueConstraint("code", name=op.f("uq_table_codes_code")),
        sa.UniqueConstraint(
            "session_id",
            "section",
            "table_label",
            name=op.f("uq_table_codes_session_id_section_table_label"),
        ),
    )
    op.create_table(
        "table_devices",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("role", sa.String(length=20), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["table_codes.id"],
            name=op.f("fk_table_devices_table_id_table_codes"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_devices")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_table_devices_token_hash")),
    )
    with op.batch_alter_table("table_devices", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_table_devices_table_id"), ["table_id"], unique=False)
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("device_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by", sa.String(length=200), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("answered_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["device_id"],
            ["table_devices.id"],
            name=op.f("fk_table_events_device_id_table_devices"),
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["table_codes.id"],
            name=op.f("fk_table_events_table_id_table_codes"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_events")),
    )
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_table_events_table_id"), ["table_id"], unique=False)
    op.create_table(
        "result_conflicts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("entry_key", sa.String(length=200), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_label", sa.String(length=40), nullable=True),
        sa.Column("result", sa.Text(), nullable=False),
        sa.Column("lead", sa.String(length=8), nullable=True),
        sa.Column("ns_score", sa.Integer(), nullable=True),
        sa.Column("against", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.String(length=80), nullable=True),
        sa.Column("device_id", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("resolved_by", sa.String(length=200), nullable=True),
        sa.Column("resolution", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["against"], ["results.id"], name=op.f("fk_result_conflicts_against_results")
        ),
        sa.ForeignKeyConstraint(
            ["device_id"],
            ["table_devices.id"],
            name=op.f("fk_result_conflicts_device_id_table_devices"),
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_result_conflicts_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_result_conflicts")),
        sa.UniqueConstraint(
            "session_id", "client_id", name=op.f("uq_result_conflicts_session_id_client_id")
        ),
    )


def downgrade() -> None:
    op.drop_table("result_conflicts")
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_table_events_table_id"))
    op.drop_table("table_events")
    with op.batch_alter_table("table_devices", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_table_devices_table_id"))
    op.drop_table("table_devices")
    op.drop_table("table_codes")
