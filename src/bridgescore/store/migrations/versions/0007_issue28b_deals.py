"""the club inside its federation: hand records loaded, deals solved, masterpoint schemes,
entries confirmed before publishing

Revision ID: 0007_issue28b_deals
Revises: 0006_issue29b_swiss
Created: 2026-11-26 09:00:00

Each hand-record file a director loaded into a session, and each board's double-dummy analysis,
solved once when its deal was loaded. The masterpoint scheme chosen for a session, and the
scheme files a club added. The entries that looked wrong before publishing which a director
confirmed as they stand.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_issue28b_deals"
down_revision = "0006_issue29b_swiss"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "club_schemes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("added_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["clubs.id"], name=op.f("fk_club_schemes_club_id_clubs")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_schemes")),
        sa.UniqueConstraint("club_id", "name", name=op.f("uq_club_schemes_club_id_name")),
    )
    op.create_table(
        "deal_analyses",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("deal", sa.String(length=80), nullable=False),
        sa.Column("tricks", sa.String(length=20), nullable=False),
        sa.Column("par_score", sa.Integer(), nullable=False),
        sa.Column("par", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_deal_analyses_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "board", name=op.f("pk_deal_analyses")),
    )
    op.create_table(
        "hand_record_files",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("boards", sa.Text(), nullable=False),
        sa.Column("loaded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("loaded_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_hand_record_files_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hand_record_files")),
    )
    with op.batch_alter_table("hand_record_files", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_hand_record_files_session_id"), ["session_id"], unique=False
        )
    op.create_table(
        "session_schemes",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("scheme", sa.String(length=200), nullable=False),
        sa.Column("chosen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("chosen_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_session_schemes_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_session_schemes")),
    )
    op.create_table(
        "anomaly_confirmations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("confirmed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("confirmed_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["entry_id"],
            ["results.id"],
            name=op.f("fk_anomaly_confirmations_entry_id_results"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_anomaly_confirmations_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_anomaly_confirmations")),
        sa.UniqueConstraint(
            "entry_id", "kind", name=op.f("uq_anomaly_confirmations_entry_id_kind")
        ),
    )
    with op.batch_alter_table("anomaly_confirmations", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_anomaly_confirmations_session_id"), ["session_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("anomaly_confirmations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_anomaly_confirmations_session_id"))
    op.drop_table("anomaly_confirmations")
    op.drop_table("session_schemes")
    with op.batch_alter_table("hand_record_files", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_hand_record_files_session_id"))
    op.drop_table("hand_record_files")
    op.drop_table("deal_analyses")
    op.drop_table("club_schemes")
