"""initial schema

Revision ID: 0001_initial
Revises:
Created: 2026-11-23 05:05:19.308183
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "clubs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clubs")),
        sa.UniqueConstraint("name", name=op.f("uq_clubs_name")),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=400), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_events_club_id_clubs")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_events_club_id"), ["club_id"], unique=False)

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=True),
        sa.Column("first_name", sa.String(length=200), nullable=False),
        sa.Column("last_name", sa.String(length=200), nullable=False),
        sa.Column("name_key", sa.String(length=400), nullable=False),
        sa.Column("merged_into", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_players_club_id_clubs")),
        sa.ForeignKeyConstraint(
            ["merged_into"], ["players.id"], name=op.f("fk_players_merged_into_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_players_name_key"), ["name_key"], unique=False)

    op.create_table(
        "handicap_overrides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("handicap", sa.String(length=60), nullable=False),
        sa.Column("from_date", sa.Date(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("set_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_handicap_overrides_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_handicap_overrides")),
    )
    with op.batch_alter_table("handicap_overrides", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_handicap_overrides_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "handicap_snapshots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("as_of", sa.Date(), nullable=False),
        sa.Column("policy", sa.String(length=200), nullable=False),
        sa.Column("handicap", sa.String(length=60), nullable=True),
        sa.Column("explanation", sa.Text(), nullable=False),
        sa.Column("computed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_handicap_snapshots_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_handicap_snapshots")),
        sa.UniqueConstraint(
            "player_id",
            "as_of",
            "policy",
            name=op.f("uq_handicap_snapshots_player_id_as_of_policy"),
        ),
    )
    op.create_table(
        "player_ids",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("scope", sa.String(length=40), nullable=False),
        sa.Column("value", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_player_ids_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_ids")),
        sa.UniqueConstraint("kind", "scope", "value", name=op.f("uq_player_ids_kind_scope_value")),
    )
    with op.batch_alter_table("player_ids", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_ids_player_id"), ["player_id"], unique=False)

    op.create_table(
        "player_merges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kept_id", sa.Integer(), nullable=False),
        sa.Column("merged_id", sa.Integer(), nullable=False),
        sa.Column("merged_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("merged_by", sa.String(length=200), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("moves", sa.Text(), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("undone_by", sa.String(length=200), nullable=True),
        sa.ForeignKeyConstraint(
            ["kept_id"], ["players.id"], name=op.f("fk_player_merges_kept_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["merged_id"], ["players.id"], name=op.f("fk_player_merges_merged_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_merges")),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=400), nullable=True),
        sa.Column("date_text", sa.String(length=100), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=True),
        sa.Column("movement", sa.String(length=20), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("source", sa.String(length=400), nullable=True),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("imported_by", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["club_id"], ["clubs.id"], name=op.f("fk_sessions_club_id_clubs")),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_sessions_event_id_events")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
        sa.UniqueConstraint("club_id", "digest", name=op.f("uq_sessions_club_id_digest")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_sessions_played_on"), ["played_on"], unique=False)

    op.create_table(
        "boards",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("vulnerability", sa.String(length=8), nullable=False),
        sa.Column("dealer", sa.String(length=1), nullable=False),
        sa.Column("deal", sa.String(length=80), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_boards_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "number", name=op.f("pk_boards")),
    )
    op.create_table(
        "entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=40), nullable=False),
        sa.Column("line", sa.String(length=2), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("individual", sa.Boolean(), nullable=False),
        sa.Column("name", sa.String(length=400), nullable=True),
        sa.Column("members_count", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_entrants_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entrants")),
        sa.UniqueConstraint(
            "session_id",
            "section",
            "line",
            "number",
            "individual",
            name=op.f("uq_entrants_session_id_section_line_number_individual"),
        ),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("entry_key", sa.String(length=200), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("section", sa.String(length=40), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("table_label", sa.String(length=40), nullable=True),
        sa.Column("ns", sa.String(length=40), nullable=False),
        sa.Column("ew", sa.String(length=40), nullable=False),
        sa.Column("arrow", sa.Boolean(), nullable=False),
        sa.Column("grp", sa.String(length=40), nullable=True),
        sa.Column("lead", sa.String(length=8), nullable=True),
        sa.Column("vulnerability", sa.String(length=8), nullable=True),
        sa.Column("names", sa.Text(), nullable=True),
        sa.Column("result", sa.Text(), nullable=False),
        sa.Column("assigned", sa.Boolean(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("contract", sa.String(length=8), nullable=True),
        sa.Column("declarer", sa.String(length=1), nullable=True),
        sa.Column("tricks", sa.Integer(), nullable=True),
        sa.Column("ns_score", sa.Integer(), nullable=True),
        sa.Column("supersedes", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("recorded_by", sa.String(length=200), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_results_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["supersedes"], ["results.id"], name=op.f("fk_results_supersedes_results")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_results")),
        sa.UniqueConstraint("supersedes", name=op.f("uq_results_supersedes")),
    )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index("ix_results_session_key", ["session_id", "entry_key"], unique=False)

    op.create_table(
        "sections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("movement", sa.String(length=20), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_sections_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sections")),
        sa.UniqueConstraint("session_id", "name", name=op.f("uq_sections_session_id_name")),
    )
    op.create_table(
        "entrant_players",
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=400), nullable=True),
        sa.Column("national", sa.String(length=100), nullable=True),
        sa.Column("club_number", sa.String(length=100), nullable=True),
        sa.ForeignKeyConstraint(
            ["entrant_id"],
            ["entrants.id"],
            name=op.f("fk_entrant_players_entrant_id_entrants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_entrant_players_player_id_players")
        ),
        sa.PrimaryKeyConstraint("entrant_id", "position", name=op.f("pk_entrant_players")),
    )
    with op.batch_alter_table("entrant_players", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_entrant_players_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "score_cache",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("log_mark", sa.Integer(), nullable=False),
        sa.Column("percent", sa.String(length=60), nullable=True),
        sa.ForeignKeyConstraint(
            ["entrant_id"],
            ["entrants.id"],
            name=op.f("fk_score_cache_entrant_id_entrants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_score_cache_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "entrant_id", name=op.f("pk_score_cache")),
    )


def downgrade() -> None:

    op.drop_table("score_cache")
    with op.batch_alter_table("entrant_players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_entrant_players_player_id"))

    op.drop_table("entrant_players")
    op.drop_table("sections")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index("ix_results_session_key")

    op.drop_table("results")
    op.drop_table("entrants")
    op.drop_table("boards")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_played_on"))
        batch_op.drop_index(batch_op.f("ix_sessions_event_id"))

    op.drop_table("sessions")
    op.drop_table("player_merges")
    with op.batch_alter_table("player_ids", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_ids_player_id"))

    op.drop_table("player_ids")
    op.drop_table("handicap_snapshots")
    with op.batch_alter_table("handicap_overrides", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_handicap_overrides_player_id"))

    op.drop_table("handicap_overrides")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_players_name_key"))

    op.drop_table("players")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_events_club_id"))

    op.drop_table("events")
    op.drop_table("clubs")
