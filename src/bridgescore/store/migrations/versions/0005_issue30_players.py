"""the players' side: publish settings and e-mail addresses, the club's SMTP server, the mail log

Revision ID: 0005_issue30_players
Revises: 0004_issue23_live
Created: 2026-11-25 16:00:00

Each player may choose what the results show of them (full name, initials, number only, not
shown) and give an address for their results by e-mail; an erased player's row remembers when.
The club's SMTP server is kept per club. Every results mail is logged, sent or failed, with the
figures it gave (a correction is compared with them).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_issue30_players"
down_revision = "0004_issue23_live"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_preferences",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=True),
        sa.Column("publish", sa.String(length=20), nullable=False),
        sa.Column("erased_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_player_preferences_player_id_players"),
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_player_preferences")),
    )
    op.create_table(
        "smtp_settings",
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("port", sa.Integer(), nullable=False),
        sa.Column("security", sa.String(length=10), nullable=False),
        sa.Column("username", sa.String(length=255), nullable=True),
        sa.Column("password", sa.Text(), nullable=True),
        sa.Column("sender", sa.String(length=320), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name=op.f("fk_smtp_settings_club_id_clubs")
        ),
        sa.PrimaryKeyConstraint("club_id", name=op.f("pk_smtp_settings")),
    )
    op.create_table(
        "mail_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=True),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("sent_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_mail_log_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_mail_log_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mail_log")),
    )
    with op.batch_alter_table("mail_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_mail_log_session_id"), ["session_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("mail_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_mail_log_session_id"))
    op.drop_table("mail_log")
    op.drop_table("smtp_settings")
    op.drop_table("player_preferences")
