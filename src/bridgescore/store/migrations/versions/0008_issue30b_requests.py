"""players' requests for corrections, their passes, the console's mail runs

Revision ID: 0008_issue30b_requests
Revises: 0007_issue28b_deals
Created: 2026-11-26 09:00:00

A player asks for a correction of a board by a link that carries a pass for them and one
session (only its hash is kept); the request waits for the director, who accepts it (a
correction, a new entry of the log) or declines it, with words the player reads. A mail that
answers a request names it. The console sends a session's results in runs, each recorded with
its last sign of life and what it did; a club may have them go out by themselves when a session
is published or corrected.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_issue30b_requests"
down_revision = "0007_issue28b_deals"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_passes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("made_for", sa.String(length=20), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_player_passes_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_player_passes_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_passes")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_player_passes_token_hash")),
    )
    with op.batch_alter_table("player_passes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_player_passes_session_id"), ["session_id"], unique=False
        )
    op.create_table(
        "correction_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("pass_id", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("entry_key", sa.String(length=200), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("proposed", sa.String(length=80), nullable=True),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("answered_by", sa.String(length=200), nullable=True),
        sa.Column("answer", sa.Text(), nullable=True),
        sa.Column("correction", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["correction"], ["results.id"], name=op.f("fk_correction_requests_correction_results")
        ),
        sa.ForeignKeyConstraint(
            ["pass_id"],
            ["player_passes.id"],
            name=op.f("fk_correction_requests_pass_id_player_passes"),
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_correction_requests_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_correction_requests_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_correction_requests")),
    )
    with op.batch_alter_table("correction_requests", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_correction_requests_session_id"), ["session_id"], unique=False
        )
    op.create_table(
        "mail_runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(length=40), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_by", sa.String(length=200), nullable=False),
        sa.Column("beat_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sent", sa.Integer(), server_default="0", nullable=False),
        sa.Column("failed", sa.Integer(), server_default="0", nullable=False),
        sa.Column("current", sa.Integer(), server_default="0", nullable=False),
        sa.Column("problem", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_mail_runs_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_runs")),
    )
    with op.batch_alter_table("mail_runs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mail_runs_session_id"), ["session_id"], unique=False)
    with op.batch_alter_table("smtp_settings", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("send_on_publish", sa.Boolean(), server_default="0", nullable=False)
        )
    with op.batch_alter_table("mail_log", schema=None) as batch_op:
        batch_op.add_column(sa.Column("request_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_mail_log_request_id_correction_requests"),
            "correction_requests",
            ["request_id"],
            ["id"],
        )


def downgrade() -> None:
    with op.batch_alter_table("mail_log", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_mail_log_request_id_correction_requests"), type_="foreignkey"
        )
        batch_op.drop_column("request_id")
    with op.batch_alter_table("smtp_settings", schema=None) as batch_op:
        batch_op.drop_column("send_on_publish")
    with op.batch_alter_table("mail_runs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_runs_session_id"))
    op.drop_table("mail_runs")
    with op.batch_alter_table("correction_requests", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_correction_requests_session_id"))
    op.drop_table("correction_requests")
    with op.batch_alter_table("player_passes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_passes_session_id"))
    op.drop_table("player_passes")
