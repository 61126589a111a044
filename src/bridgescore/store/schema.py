"""The tables of bridgescore's database (SQLAlchemy Core).

The migrations in ``migrations/versions`` create exactly these tables; a test compares the two.

Results are an append-only log: a row of ``results`` is never updated or deleted. A correction
is a new row whose ``supersedes`` names the row it replaces (with who, when and why); the
current traveller is the rows nothing supersedes.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

clubs = Table(
    "clubs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=True),
    Column("first_name", String(200), nullable=False),
    Column("last_name", String(200), nullable=False),
    # Lower-cased "first last", for matching names on import.
    Column("name_key", String(400), nullable=False, index=True),
    # Set when this player was merged into another (a duplicate); cleared when undone.
    Column("merged_into", ForeignKey("players.id"), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# Typed external ids: club number (scope: the club's id), federation numbers (ebu, acbl, nbf,
# national ...), a BBO name. Unique per type (and scope).
player_ids = Table(
    "player_ids",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=False, index=True),
    Column("kind", String(40), nullable=False),
    Column("scope", String(40), nullable=False),
    Column("value", String(200), nullable=False),
    UniqueConstraint("kind", "scope", "value"),
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False, index=True),
    Column("title", String(400), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", ForeignKey("events.id"), nullable=False, index=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("title", String(400), nullable=True),
    Column("date_text", String(100), nullable=True),  # as the file wrote it
    Column("played_on", Date, nullable=True, index=True),  # for handicaps: results before it
    Column("movement", String(20), nullable=False),
    Column("rules", Text, nullable=False),  # JSON: the rule set's name and its overrides
    Column("source", String(400), nullable=True),  # the file it was imported from
    Column("digest", String(64), nullable=False),  # sha256 of the session's content
    Column("imported_at", DateTime(timezone=True), nullable=False),
    Column("imported_by", String(200), nullable=False),
    # The club night (0002): "live" while results are entered, "published" once finalised
    # (an imported session is published); the movement played (its JSON form) for a session
    # set up in ``bridgescore serve``; when it was published and until when it is provisional.
    Column("status", String(20), nullable=False, server_default="published"),
    Column("plan", Text, nullable=True),
    # Raised whenever the plan is written (0010): a worker keeps the movement by this number,
    # not by reading the plan again (a congress's is hundreds of kilobytes).
    Column("plan_version", Integer, nullable=False, server_default="0"),
    Column("published_at", DateTime(timezone=True), nullable=True),
    Column("provisional_until", DateTime(timezone=True), nullable=True),
    # Counts every change to a live session (a result, a result held for the director, a call,
    # a phone joining...), in the change's own transaction (0004): a page or a phone that saw
    # revision N has nothing new to see while it is still N.
    Column("revision", Integer, nullable=False, server_default="0"),
    UniqueConstraint("club_id", "digest"),
)

sections = Table(
    "sections",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
    Column("name", String(40), nullable=False),  # "" when the session has no sections
    Column("movement", String(20), nullable=True),  # when it differs from the session's
    UniqueConstraint("session_id", "name"),
)

boards = Table(
    "boards",
    metadata,
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("vulnerability", String(8), nullable=False),
    Column("dealer", String(1), nullable=False),
    Column("deal", String(80), nullable=True),  # PBN deal string
)

# A pair or player as numbered in one session, with its name as the file gave it.
entrants = Table(
    "entrants",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
    Column("section", String(40), nullable=False),
    Column("line", String(2), nullable=False),  # NS, EW or "" (Howell, teams, individual)
    Column("number", Integer, nullable=False),
    Column("individual", Boolean, nullable=False),
    Column("name", String(400), nullable=True),
    Column("members_count", Integer, nullable=True),  # Member entries the file gave
    UniqueConstraint("session_id", "section", "line", "number", "individual"),
)

# The players of an entrant, in the order of its name; a merge repoints player_id.
entrant_players = Table(
    "entrant_players",
    metadata,
    Column("entrant_id", ForeignKey("entrants.id", ondelete="CASCADE"), primary_key=True),
    Column("position", Integer, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=True, index=True),
    Column("name", String(400), nullable=True),
    Column("national", String(100), nullable=True),
    Column("club_number", String(100), nullable=True),
)

results = Table(
    "results",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
    # The natural key: section, board, round, table -- or section, board, ns, ew.
    Column("entry_key", String(200), nullable=False),
    Column("position", Integer, nullable=False),  # order on the traveller as imported
    Column("section", String(40), nullable=False),
    Column("board", Integer, nullable=False),
    Column("round", Integer, nullable=True),
    Column("table_label", String(40), nullable=True),
    Column("ns", String(40), nullable=False),  # "3" or "3 7" (players N S)
    Column("ew", String(40), nullable=False),
    Column("arrow", Boolean, nullable=False),
    Column("grp", String(40), nullable=True),
    Column("lead", String(8), nullable=True),
    Column("vulnerability", String(8), nullable=True),  # a fouled board copy's own
    Column("names", Text, nullable=True),  # JSON list of the names on this row, if any
    # The result in traveller notation (the CSV ``result`` cell form) and whether assigned.
    Column("result", Text, nullable=False),
    Column("assigned", Boolean, nullable=False),
    # Typed columns for queries.
    Column("kind", String(20), nullable=False),
    Column("contract", String(8), nullable=True),
    Column("declarer", String(1), nullable=True),
    Column("tricks", Integer, nullable=True),
    Column("ns_score", Integer, nullable=True),
    # The log.
    Column("supersedes", ForeignKey("results.id"), nullable=True, unique=True),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("recorded_by", String(200), nullable=False),
    Column("reason", Text, nullable=True),
    # An id the client made for this submission (0002): a result sent twice is stored once.
    Column("client_id", String(80), nullable=True),
    # The table's phone that sent it (0004); none: the console, an import or the command line.
    Column("device_id", ForeignKey("table_devices.id"), nullable=True),
    Index("ix_results_session_key", "session_id", "entry_key"),
    # A table's phone reads its table's entries whenever the table changes (0012): by table,
    # not the whole session's log.
    Index("ix_results_session_table", "session_id", "section", "table_label"),
    UniqueConstraint("session_id", "client_id"),
)

# Scored percentages, derived from the log on demand; dropping every row loses nothing.
score_cache = Table(
    "score_cache",
    metadata,
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("entrant_id", ForeignKey("entrants.id", ondelete="CASCADE"), primary_key=True),
    Column("log_mark", Integer, nullable=False),  # how many log entries the session had then
    Column("percent", String(60), nullable=True),  # exact, "num/den"
)

player_merges = Table(
    "player_merges",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kept_id", ForeignKey("players.id"), nullable=False),
    Column("merged_id", ForeignKey("players.id"), nullable=False),
    Column("merged_at", DateTime(timezone=True), nullable=False),
    Column("merged_by", String(200), nullable=False),
    Column("reason", Text, nullable=True),
    Column("moves", Text, nullable=False),  # JSON: what was repointed, for undo
    Column("undone_at", DateTime(timezone=True), nullable=True),
    Column("undone_by", String(200), nullable=True),
)

handicap_overrides = Table(
    "handicap_overrides",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=False, index=True),
    Column("handicap", String(60), nullable=False),  # exact, "num/den"
    Column("from_date", Date, nullable=False),
    Column("reason", Text, nullable=True),
    Column("set_at", DateTime(timezone=True), nullable=False),
    Column("set_by", String(200), nullable=False),
)

handicap_snapshots = Table(
    "handicap_snapshots",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("as_of", Date, nullable=False),
    Column("policy", String(200), nullable=False),
    Column("handicap", String(60), nullable=True),  # exact, "num/den"; none: no handicap
    Column("explanation", Text, nullable=False),  # JSON: the inputs and the arithmetic
    Column("computed_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("player_id", "as_of", "policy"),
)

# Who may log in to ``bridgescore serve`` (0002): directors and scorers of one club, with an
# argon2 hash of the password (the hash is made by the web package; the store keeps the text).
users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("username", String(200), nullable=False, unique=True),
    Column("password_hash", String(400), nullable=False),
    Column("role", String(20), nullable=False),  # "director" or "scorer"
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# One row per login: the cookie holds the random token, so any worker can check it, and
# logging out ends it everywhere.
logins = Table(
    "logins",
    metadata,
    Column("token", String(100), primary_key=True),
    Column("user_id", ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
)

# Settings of the server kept in the database so that every worker shares them (the key that
# signs CSRF tokens).
settings = Table(
    "settings",
    metadata,
    Column("name", String(100), primary_key=True),
    Column("value", Text, nullable=False),
)

# Players' phones at the tables (0003). Each table of a live session has a short code, printed
# on its table card with a QR code; a phone that joins with it gets a random token, of which
# only a hash is kept. One device per table scores, the others may only read; a hand-over, a
# call for the director and every other event at a table is logged.
table_codes = Table(
    "table_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
    Column("section", String(40), nullable=False),
    Column("table_label", String(40), nullable=False),
    Column("code", String(20), nullable=False, unique=True),
    # Counts the changes a phone at this table sees (its lines, its held results, its calls and
    # phones), in the change's own transaction (0004).
    Column("revision", Integer, nullable=False, server_default="0"),
    UniqueConstraint("session_id", "section", "table_label"),
)

table_devices = Table(
    "table_devices",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "table_id", ForeignKey("table_codes.id", ondelete="CASCADE"), nullable=False, index=True
    ),
    Column("token_hash", String(64), nullable=False, unique=True),  # sha256 of the token
    Column("role", String(20), nullable=False),  # "scorer" or "viewer"
    Column("joined_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=True),
    Column("ended_by", String(200), nullable=True),
)

table_events = Table(
    "table_events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "table_id", ForeignKey("table_codes.id", ondelete="CASCADE"), nullable=False, index=True
    ),
    Column("device_id", ForeignKey("table_devices.id"), nullable=True),
    Column("kind", String(20), nullable=False),  # join, handover, removed, call, lead
    Column("note", Text, nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("by", String(200), nullable=False),
    Column("answered_at", DateTime(timezone=True), nullable=True),
    Column("answered_by", String(200), nullable=True),
)

# A result from a table that is not applied, kept here until the director chooses: it disagrees
# with the one in force (which the phone did not know of, or which the director entered), or
# came from a phone that no longer scores at the table (0004: then no entry may be in force,
# and ``reason`` says why it was held). ``against`` is the entry in force when it was raised.
result_conflicts = Table(
    "result_conflicts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
    Column("entry_key", String(200), nullable=False),
    Column("board", Integer, nullable=False),
    Column("round", Integer, nullable=True),
    Column("table_label", String(40), nullable=True),
    # The rest of the line's place (0004; before, the entry it disagreed with had them).
    Column("section", String(40), nullable=True),
    Column("ns", String(40), nullable=True),
    Column("ew", String(40), nullable=True),
    Column("arrow", Boolean, nullable=True),
    Column("result", Text, nullable=False),
    Column("lead", String(8), nullable=True),
    Column("ns_score", Integer, nullable=True),
    Column("against", ForeignKey("results.id"), nullable=True),  # the entry in force then
    Column("reason", Text, nullable=True),
    Column("client_id", String(80), nullable=True),
    Column("device_id", ForeignKey("table_devices.id"), nullable=True),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("recorded_by", String(200), nullable=False),
    Column("resolved_at", DateTime(timezone=True), nullable=True),
    Column("resolved_by", String(200), nullable=True),
    Column("resolution", Text, nullable=True),
    UniqueConstraint("session_id", "client_id"),
)

# The players' side (0005_issue30). What each player chose: an address for their results by
# e-mail, and what the results may show of them (full name, initials, number only, not shown:
# their results count either way); when they were erased (their name pseudonymised). One row
# for each player who chose anything.
player_preferences = Table(
    "player_preferences",
    metadata,
    Column("player_id", ForeignKey("players.id"), primary_key=True),
    Column("email", String(320), nullable=True),
    Column("publish", String(20), nullable=False),  # full, initials, number, hidden
    Column("erased_at", DateTime(timezone=True), nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("updated_by", String(200), nullable=False),
)

# The club's SMTP server, for results by e-mail. The password is kept as given (the server
# needs it) and never shown back by any command.
smtp_settings = Table(
    "smtp_settings",
    metadata,
    Column("club_id", ForeignKey("clubs.id"), primary_key=True),
    Column("host", String(255), nullable=False),
    Column("port", Integer, nullable=False),
    Column("security", String(10), nullable=False),  # starttls, tls or none
    Column("username", String(255), nullable=True),
    Column("password", Text, nullable=True),
    Column("sender", String(320), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("updated_by", String(200), nullable=False),
    # 0006: the results go out by themselves when a session is published or corrected.
    Column("send_on_publish", Boolean, nullable=False, server_default="0"),
)

# Every results mail, sent or not: a failed send is kept (with its error and attempts) until a
# later run sends it; a correction is compared with what the player was last sent (``summary``,
# their figures as that mail gave them).
mail_log = Table(
    "mail_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "session_id",
        ForeignKey("sessions.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("address", String(320), nullable=True),  # cleared when the player is erased
    Column("kind", String(20), nullable=False),  # results or correction
    Column("subject", Text, nullable=False),
    Column("summary", Text, nullable=False),  # JSON: the player's figures in this mail
    Column("status", String(20), nullable=False),  # sent or failed
    Column("attempts", Integer, nullable=False),
    Column("error", Text, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("sent_at", DateTime(timezone=True), nullable=True),
    Column("sent_by", String(200), nullable=False),
    # 0006: a mail answering a player's request for a correction names it.
    Column("request_id", ForeignKey("correction_requests.id"), nullable=True),
)

# Players' requests for corrections (0008_issue30b). A player reaches their page by a link
# carrying a pass for them and one session: only a hash of its token is kept, and it is good
# while the session's correction period runs. A request is a board and a reason; it changes
# nothing by itself: the director accepts it (a correction, a new entry of the log, which
# ``correction`` names) or declines it, with words the player reads.
player_passes = Table(
    "player_passes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("made_at", DateTime(timezone=True), nullable=False),
    Column("made_for", String(20), nullable=False),  # mail (a results mail) or card (asked for)
)

correction_requests = Table(
    "correction_requests",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("player_id", ForeignKey("players.id"), nullable=False),
    Column("pass_id", ForeignKey("player_passes.id"), nullable=False),
    Column("board", Integer, nullable=False),
    Column("entry_key", String(200), nullable=True),  # the line the player's pair played it on
    Column("reason", Text, nullable=False),
    Column("proposed", String(80), nullable=True),  # the result the player believes right
    Column("asked_at", DateTime(timezone=True), nullable=False),
    Column("status", String(20), nullable=False),  # open, accepted, declined
    Column("answered_at", DateTime(timezone=True), nullable=True),
    Column("answered_by", String(200), nullable=True),
    Column("answer", Text, nullable=True),  # the director's words to the player
    Column("correction", ForeignKey("results.id"), nullable=True),  # the entry it made
)

# Each sending of a session's results from the console: who started it and why, its last sign
# of life (a run whose worker died is taken over after a while), and what it did.
mail_runs = Table(
    "mail_runs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("reason", String(40), nullable=False),  # director, publish, correction, request, retry
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("started_by", String(200), nullable=False),
    Column("beat_at", DateTime(timezone=True), nullable=False),
    Column("finished_at", DateTime(timezone=True), nullable=True),
    Column("sent", Integer, nullable=False, server_default="0"),
    Column("failed", Integer, nullable=False, server_default="0"),
    Column("current", Integer, nullable=False, server_default="0"),
    Column("problem", Text, nullable=True),  # why it sent nothing (no server, ...)
)

# A Swiss event run in the console (0006_issue29b). Its boards are the results log of one live
# session (``session_id``: each round's matches are that session's tables, its movement grows
# with each round drawn); the event itself -- conditions, teams, draws and the scores each draw
# rested on -- is a list of steps, never written over: each step (the start, a round drawn, a
# late entry, a withdrawal, a publishing) keeps the whole event after it
# (``SwissEvent.to_data()`` as JSON), and the last step is the event as it stands.
swiss_events = Table(
    "swiss_events",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False, index=True),
    Column(
        "session_id",
        ForeignKey("sessions.id", ondelete="CASCADE"),
        nullable=False,
        unique=True,
    ),
    Column("kind", String(10), nullable=False),  # teams or pairs
    Column("title", String(400), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("created_by", String(200), nullable=False),
)

swiss_steps = Table(
    "swiss_steps",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "swiss_id", ForeignKey("swiss_events.id", ondelete="CASCADE"), nullable=False, index=True
    ),
    Column("number", Integer, nullable=False),  # 1 (the start), 2, 3 ... in order
    Column("action", String(20), nullable=False),  # start, draw, enter, withdraw, publish
    Column("round", Integer, nullable=True),  # the round drawn, or published through
    Column("team", Integer, nullable=True),  # the team entered or withdrawn
    Column("event", Text, nullable=False),  # the whole event after the step (JSON)
    Column("at", DateTime(timezone=True), nullable=False),
    Column("by", String(200), nullable=False),
    UniqueConstraint("swiss_id", "number"),
)

# The club inside its federation (0007_issue28b). Each hand-record file a director loaded into a
# session (the deals themselves are the boards' ``deal``), and each board's double-dummy
# analysis, solved once when the deals were loaded: ``deal`` is the deal it was solved for,
# ``tricks`` the tricks of each seat (N E S W) in each strain (NT S H D C), one hex digit each.
hand_record_files = Table(
    "hand_record_files",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "session_id",
        ForeignKey("sessions.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("name", String(200), nullable=False),  # the file's name as uploaded
    Column("kind", String(8), nullable=False),  # pbn, dup, dlm ... (formats.hands.KINDS)
    Column("digest", String(64), nullable=False),  # sha256 of the file's bytes
    Column("boards", Text, nullable=False),  # JSON list: the boards given their deal
    Column("loaded_at", DateTime(timezone=True), nullable=False),
    Column("loaded_by", String(200), nullable=False),
)

deal_analyses = Table(
    "deal_analyses",
    metadata,
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("deal", String(80), nullable=False),
    Column("tricks", String(20), nullable=False),
    Column("par_score", Integer, nullable=False),
    Column("par", Text, nullable=False),  # JSON: [level, strain, doubled, declarers, result]s
)

# The masterpoint scheme chosen for a session (a built-in name such as "abf:green", or
# "club:NAME" for a scheme file its club added), and the scheme files each club added (the
# file's text as given, checked whole when added; a name is never given to another file).
session_schemes = Table(
    "session_schemes",
    metadata,
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("scheme", String(200), nullable=False),
    Column("chosen_at", DateTime(timezone=True), nullable=False),
    Column("chosen_by", String(200), nullable=False),
)

# A stratified session's strata and the holdings file they were set by (0010_issue28d), kept
# with the session: a published session's strata never change when the holdings do.
session_strata = Table(
    "session_strata",
    metadata,
    Column("session_id", ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True),
    Column("strata", String(200), nullable=False),
    Column("holdings_name", String(200), nullable=True),
    Column("holdings", Text, nullable=True),
    Column("chosen_at", DateTime(timezone=True), nullable=False),
    Column("chosen_by", String(200), nullable=False),
)

club_schemes = Table(
    "club_schemes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("club_id", ForeignKey("clubs.id"), nullable=False),
    Column("name", String(60), nullable=False),
    Column("kind", String(8), nullable=False),  # toml or json
    Column("text", Text, nullable=False),
    Column("added_at", DateTime(timezone=True), nullable=False),
    Column("added_by", String(200), nullable=False),
    UniqueConstraint("club_id", "name"),
)

# An entry that looked wrong before publishing (bridgescore.anomalies), confirmed by a
# director as it stands: for that entry only (a correction is a new entry, looked at again).
anomaly_confirmations = Table(
    "anomaly_confirmations",
    metadata,
    Column("id", Integer, primary_key=True),
    Column(
        "session_id",
        ForeignKey("sessions.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("entry_id", ForeignKey("results.id", ondelete="CASCADE"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("note", Text, nullable=True),
    Column("confirmed_at", DateTime(timezone=True), nullable=False),
    Column("confirmed_by", String(200), nullable=False),
    UniqueConstraint("entry_id", "kind"),
)

# Failed logins and table codes (0009_issue24b), counted where every worker sees them: one row
# per thing guessed at, by kind ("login" or "code") and key ("address:…", "user:…", "code:…"),
# with the failures since the counter last started, the first and last of them, and the club
# whose director may see and lift it (none for an address, or a name or code nobody has). A
# success or a director's lift starts the counter again; a lift is kept with who and when.
throttles = Table(
    "throttles",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(20), nullable=False),
    Column("key", String(200), nullable=False),
    Column("club_id", ForeignKey("clubs.id", ondelete="CASCADE"), nullable=True),
    Column("failures", Integer, nullable=False),
    Column("first_at", DateTime(timezone=True), nullable=False),
    Column("last_at", DateTime(timezone=True), nullable=False),
    Column("lifted_at", DateTime(timezone=True), nullable=True),
    Column("lifted_by", String(200), nullable=True),
    UniqueConstraint("kind", "key"),
)
