"""The store's library API: what the CLI (and a future web app) call. Plain data in and out.

store = open_store()                        # the default SQLite file, made on first use
report = store.import_file("tuesday.xml")  # idempotent: the same file is stored once
store.handicaps(as_of=date(2026, 3, 10))   # every player's, with explanations
"""

from __future__ import annotations

import functools
import getpass
import threading
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import evenings as ev
from bridgescore.store import handicaps as hcp
from bridgescore.store import live as lv
from bridgescore.store import players as pl
from bridgescore.store import results as rs
from bridgescore.store import sessions as ss
from bridgescore.store import tables as tb
from bridgescore.store import throttle as th
from bridgescore.store.engine import (
    NOTICE_AFTER,
    Notice,
    StoreError,
    Unavailable,
    advisory_lock,
    database_url,
    ensure_current,
    failure,
    lock_wait,
    make_engine,
)
from bridgescore.store.line_log import LineLog

DEFAULT_CLUB = "club"
_IMPORT_LOCK = 7_262_019  # a PostgreSQL advisory lock: one import at a time, never a deadlock


@dataclass
class ImportReport:
    """What importing one file did."""

    source: str
    session_id: int
    stored: bool  # False: the same session was already stored (nothing written)
    results: int = 0
    new_players: list[pl.Player] = field(default_factory=list)
    matched: int = 0
    ambiguous: list[tuple[str, list[int]]] = field(default_factory=list)
    evening: bool = False  # not stored: the same evening came before, in another file


@dataclass(frozen=True)
class PlayerHandicap:
    player: pl.Player
    explanation: hcp.HandicapExplanation


def open_store(db: str | None = None, waiting: Notice | None = None) -> Store:
    """The store at ``db`` (a path or URL; default ``BRIDGESCORE_DB`` or the user's data
    folder). An empty database gets the schema; an older one must be upgraded first.
    ``waiting`` is told when a command must wait for another program's write."""
    url = database_url(db)
    engine = make_engine(url, waiting)
    try:
        ensure_current(engine)
    except StoreError:
        engine.dispose()
        raise
    except Exception as error:  # a server that cannot be reached, a file that cannot be made
        engine.dispose()
        said = failure(error, url)
        if said is None:
            raise
        raise StoreError(said) from None
    return Store(engine, waiting)


def _line_lock(key: str) -> int:
    """A traveller line's key as PostgreSQL's second advisory-lock number (a signed int4)."""
    value = zlib.crc32(key.encode("utf-8"))
    return value - 2**32 if value >= 2**31 else value


def utc_now() -> datetime:
    """The time every record is stamped with: now, in UTC."""
    return datetime.now(UTC)


def command_line_user() -> str:
    """Who a change made from the command line is recorded as by: the system user, or
    ``unknown`` where the system has no name for it."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def parse_date(text: str) -> date:
    """``2026-03-10``, ``10/03/2026`` (day first) or ``20260310``."""
    from bridgescore.handicap import _date

    value = text.strip()
    if len(value) == 8 and value.isascii() and value.isdigit():
        value = f"{value[:4]}-{value[4:6]}-{value[6:]}"
    found = _date(value)
    if found is None:
        raise StoreError(
            Text(N_("not a date: %(text)s (expected YYYY-MM-DD or DD/MM/YYYY)"), text=repr(text))
        )
    return found


class Store:
    def __init__(self, engine: Engine, waiting: Notice | None = None) -> None:
        self.engine = engine
        self.waiting = waiting  # told when a write must wait for another program's
        # SQLite writes one transaction at a time, and a writer that finds its lock taken
        # polls for it, sleeping up to 100 ms between tries: a server's threads would spend a
        # congress asleep beside a free lock. This process's writers queue here instead, each
        # woken as the one before it ends (another program's still meet SQLite's wait).
        self._writers = threading.RLock() if engine.dialect.name == "sqlite" else None

    @property
    def url(self) -> str:
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def writing(self, line: tuple[int, str] | None = None) -> Iterator[Connection]:
        """One transaction that writes: all of it is stored or none. SQLite takes the write
        lock at the start (BEGIN IMMEDIATE); PostgreSQL takes one advisory lock, so writers
        queue instead of deadlocking. A result for one traveller line (``line``: the session
        and the line's key) takes that line's lock only, so results for different lines are
        stored side by side while two for the same line still queue."""
        with self._queued(), self.engine.connect() as conn:
            sqlite = conn.dialect.name == "sqlite"
            if sqlite:
                conn.info["begin"] = "IMMEDIATE"
            try:
                with conn.begin():
                    if not sqlite:
                        keys = (_IMPORT_LOCK,) if line is None else (line[0], _line_lock(line[1]))
                        advisory_lock(conn, keys, self.waiting)
                    yield conn
            finally:
                conn.info.pop("begin", None)

    @contextmanager
    def _queued(self) -> Iterator[None]:
        """This process's turn to write to SQLite (at once on PostgreSQL, whose locks queue),
        waited for no longer than a write waits for another program's lock."""
        if self._writers is None:
            yield
            return
        if not self._writers.acquire(timeout=NOTICE_AFTER + lock_wait()):
            raise Unavailable(
                f"the database {self.url} is still being written after "
                f"{NOTICE_AFTER + lock_wait()} s: try again when the work in hand is done"
            )
        try:
            yield
        finally:
            self._writers.release()

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """One read transaction that sees one state of the database throughout (a snapshot:
        WAL on SQLite, REPEATABLE READ on PostgreSQL), never a write half done."""
        with self.engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                yield conn

    @contextmanager
    def _one_read(self) -> Iterator[Connection]:
        """For a read of one statement, which sees one state of the database by itself: on
        PostgreSQL outside a transaction (one round trip, not three: no BEGIN, no COMMIT)."""
        with self.engine.connect() as conn:
            if conn.dialect.name != "postgresql":
                with conn.begin():
                    yield conn
                return
            yield conn.execution_options(isolation_level="AUTOCOMMIT")

    def _club(self, conn: Connection, club: str | None, create: bool = False) -> int | None:
        if club is None:
            return None
        found = rs.club_id(conn, club, utc_now(), create)
        if found is None:
            raise StoreError(Text(N_("no club named %(club)s"), club=repr(club)))
        return found

    # --- importing sessions ------------------------------------------------------------------

    def import_file(
        self,
        path: str | Path,
        *,
        club: str = DEFAULT_CLUB,
        rules: str = "club",
        played_on: date | None = None,
        federation: str = "national",
        event_id: int | None = None,
        by: str | None = None,
        progress: Callable[[str, int, int], None] | None = None,
        new_session: bool = False,
        structure: Any = None,
        movement: Any = None,
    ) -> ImportReport:
        """Store the session in a results file (any format bridgescore reads). ``progress``, if
        given, is told now and then what is being done ("checking", then "storing") and how
        many of how many results are done. An evening already stored is recognised (see
        :mod:`bridgescore.store.evenings`) unless ``new_session``. ``structure`` and ``movement``
        are as :func:`bridgescore.store.sessions.read_file` takes them."""
        checking = storing = None
        if progress is not None:
            checking = functools.partial(progress, "checking")
            storing = functools.partial(progress, "storing")
        rows = ss.read_file(path, rules, checking, structure=structure, movement=movement)
        return self.import_rows(
            rows,
            source=Path(path).name,
            club=club,
            played_on=played_on,
            federation=federation,
            event_id=event_id,
            by=by,
            progress=storing,
            new_session=new_session,
        )

    def import_rows(
        self,
        rows: ss.SessionRows,
        *,
        source: str | None = None,
        club: str = DEFAULT_CLUB,
        played_on: date | None = None,
        federation: str = "national",
        event_id: int | None = None,
        by: str | None = None,
        progress: ss.Steps | None = None,
        new_session: bool = False,
    ) -> ImportReport:
        federation = pl.check_kind(federation)
        if played_on is None and rows.date_text:
            try:
                played_on = parse_date(rows.date_text)
            except StoreError:
                raise StoreError(
                    Text(
                        N_("%(where)s: %(sentence)s"),
                        where=source or Text(N_("the session")),
                        sentence=Text(
                            N_(
                                "cannot read its date %(date)s: give the date it was played "
                                "(--date YYYY-MM-DD)"
                            ),
                            date=repr(rows.date_text),
                        ),
                    )
                ) from None
        who = by or command_line_user()
        now = utc_now()
        with self.writing() as conn:
            club_id = self._club(conn, club, create=True)
            assert club_id is not None
            digest = rows.digest()
            known = rs.by_digest(conn, club_id, digest)
            if known is not None:
                return ImportReport(source or "", known, False, len(rows.results))
            evening = None if new_session else ev.find(conn, club_id, rows, played_on)
            if evening is not None and evening.differences:
                raise StoreError(ev.describe(evening, source or "the session"))
            if evening is not None:
                return ImportReport(
                    source or "", evening.session_id, False, len(rows.results), evening=True
                )
            session_id, entrant_ids = rs.insert_session(
                conn, rows, club_id, event_id, played_on, source, who, now, digest, progress
            )
            matching = pl.Matching()
            members = [
                (entrant_ids[e.key], position, p.name, p.national, p.club_number)
                for e in rows.entrants
                for position, p in enumerate(e.players)
            ]
            pl.link(conn, members, club_id, federation, now, matching)
        return ImportReport(
            source or "",
            session_id,
            True,
            len(rows.results),
            matching.new,
            matching.matched,
            matching.ambiguous,
        )

    # --- stored sessions ---------------------------------------------------------------------

    def sessions(self, club: str | None = None) -> list[rs.SessionInfo]:
        with self.reading() as conn:
            return rs.session_list(conn, self._club(conn, club))

    def session(self, session_id: int) -> rs.SessionInfo:
        with self.reading() as conn:
            return rs.session_info(conn, session_id)

    def session_rows(self, session_id: int, at: datetime | None = None) -> ss.SessionRows:
        """The stored session as it stands now, or as it stood at ``at``."""
        with self.reading() as conn:
            return rs.load(conn, session_id, at)

    def load_session(self, session_id: int, at: datetime | None = None) -> object:
        """The stored session as a :class:`bridgescore.session.Session` (for score/report)."""
        return ss.from_rows(self.session_rows(session_id, at))

    def export(self, session_id: int, kind: str) -> str:
        return ss.export(self.session_rows(session_id), kind)

    def history(self, session_id: int, entry_key: str) -> list[rs.LogEntry]:
        with self.reading() as conn:
            found = rs.history(conn, session_id, entry_key)
        if not found:
            raise StoreError(
                Text(
                    N_("session %(session_id)s has no traveller line %(entry_key)s"),
                    session_id=session_id,
                    entry_key=repr(entry_key),
                )
            )
        return found

    def corrected_lines(self, session_id: int) -> list[str]:
        with self.reading() as conn:
            return rs.corrected_keys(conn, session_id)

    def scored(self, session_id: int, *, handicapped: bool = False) -> Any:
        """The stored session scored under its rules (a SessionResult, or a TeamsResult for
        teams); with ``handicapped``, with a handicap ranking from every player's handicap as
        at the session's date."""
        rows = self.session_rows(session_id)
        table = self.session_handicaps(session_id) if handicapped else None
        return ss.scored(rows, table)

    def session_handicaps(
        self, session_id: int, policy: hcp.Policy = hcp.SEED_POLICY, *, save: bool = False
    ) -> dict[tuple[str, str, int, bool], Fraction]:
        """Each entrant's handicap (the mean of its players') as at the session's date; with
        ``save``, each player's kept as a dated snapshot (see :meth:`handicaps`)."""
        with self.reading() as conn:
            day = rs.played_on(conn, session_id)
            linked = rs.session_players(conn, session_id)
        if day is None:
            raise StoreError(
                Text(
                    N_("session %(session_id)s has no date: handicaps need one"),
                    session_id=session_id,
                )
            )
        wanted = {p for ids in linked.values() for p in ids if p is not None}
        found = {
            h.player.id: h.explanation.handicap
            for h in self.handicaps(day, policy, players=wanted, save=save)
        }
        return {
            key: hcp.pair([found.get(p) if p else None for p in ids]) for key, ids in linked.items()
        }

    def entrant_handicaps(
        self, session_id: int, policy: hcp.Policy = hcp.SEED_POLICY
    ) -> dict[Any, Fraction]:
        """:meth:`session_handicaps` by :class:`bridgescore.session.Entrant`, for scoring."""
        return ss.entrant_handicaps(self.session_handicaps(session_id, policy))

    def refresh_scores(self, club: str | None = None, progress: ss.Steps | None = None) -> int:
        """Score every session whose cached percentages are missing or stale; returns how
        many were scored (``progress`` is told how many of how many). The cache is derived:
        dropping it loses nothing."""
        with self.reading() as conn:
            stale = rs.stale_sessions(conn, self._club(conn, club))
        for done, session_id in enumerate(stale):
            if progress is not None:
                progress(done, len(stale))
            with self.reading() as conn:  # the rows and their log mark, as one state
                rows = rs.load(conn, session_id)
                mark = rs.log_mark(conn, session_id)
            found = ss.percentages(rows)
            with self.writing() as conn:
                rs.write_cache(conn, session_id, found, mark)
        return len(stale)

    def drop_score_cache(self) -> None:
        with self.writing() as conn:
            rs.drop_cache(conn)

    # --- players -----------------------------------------------------------------------------

    def players(self, club: str | None = None, merged: bool = False) -> list[pl.Player]:
        with self.reading() as conn:
            return pl.listing(conn, self._club(conn, club), merged)

    def player(self, who: str, club: str | None = None) -> pl.Player:
        """A player by id, ``kind:value`` (``ebu:12345``) or exact name."""
        with self.reading() as conn:
            return pl.get(conn, pl.find(conn, who, self._club(conn, club)))

    def add_player(
        self,
        first_name: str,
        last_name: str,
        ids: Mapping[str, str] | None = None,
        club: str = DEFAULT_CLUB,
        *,
        another: bool = False,
    ) -> pl.Player:
        """A new player; one whose name a player of the club has already is refused unless
        ``another`` (two people may share a name, and imports then leave it unlinked)."""
        with self.writing() as conn:
            club_id = self._club(conn, club, True)
            if not another:
                pl.refuse_same_name(conn, f"{first_name} {last_name}", club_id)
            return pl.add(conn, first_name, last_name, ids or {}, club_id, utc_now())

    def edit_player(
        self,
        who: str,
        first_name: str | None = None,
        last_name: str | None = None,
        ids: Mapping[str, str] | None = None,
        club: str = DEFAULT_CLUB,
    ) -> pl.Player:
        with self.writing() as conn:
            club_id = self._club(conn, club, True)
            return pl.edit(
                conn, pl.find(conn, who, club_id), first_name, last_name, ids or {}, club_id
            )

    def merge_players(
        self,
        keep: str,
        duplicate: str,
        *,
        reason: str | None = None,
        by: str | None = None,
        club: str | None = None,
    ) -> tuple[int, list[pl.Relinked]]:
        """Merge a duplicate into the player kept; returns the merge's id (to undo it) and the
        results stored under a name then no longer shared, now linked (see
        :func:`bridgescore.store.players.merge`)."""
        with self.writing() as conn:
            club_id = self._club(conn, club)
            return pl.merge(
                conn,
                pl.find(conn, keep, club_id),
                pl.find(conn, duplicate, club_id),
                by or command_line_user(),
                reason,
                utc_now(),
            )

    def relink(self) -> tuple[list[pl.Relinked], list[pl.Unlinked]]:
        """Link the stored players left unlinked that now match exactly one player (see
        :func:`bridgescore.store.players.relink`): what was linked, and what still is not."""
        with self.writing() as conn:
            return pl.relink(conn)

    def undo_merge(self, merge_id: int, by: str | None = None) -> tuple[int, int]:
        with self.writing() as conn:
            return pl.undo_merge(conn, merge_id, by or command_line_user(), utc_now())

    def merges(self) -> list[dict[str, object]]:
        with self.reading() as conn:
            return pl.merges(conn)

    def import_members(
        self, path: str | Path, club: str = DEFAULT_CLUB
    ) -> tuple[list[pl.Player], list[pl.Player], list[tuple[str, list[int]]]]:
        """Add or update players from a member list CSV (see :func:`players.parse_members`)."""
        from bridgescore.errors import InputFileError
        from bridgescore.formats.files import read_utf8

        members = pl.parse_members(read_utf8(path, "CSV"), str(path))
        try:
            with self.writing() as conn:
                return pl.import_members(
                    conn, members, self._club(conn, club, True) or 0, utc_now()
                )
        except InputFileError as error:  # nothing stored: each problem with its line
            raise InputFileError(str(path), error.problems) from None

    # --- handicaps ---------------------------------------------------------------------------

    def handicaps(
        self,
        as_of: date,
        policy: hcp.Policy = hcp.SEED_POLICY,
        *,
        club: str | None = None,
        players: set[int] | None = None,
        save: bool = False,
    ) -> list[PlayerHandicap]:
        """Every player's handicap as at ``as_of`` from sessions before it, each explained.

        It only reads (the database may be read-only): a session whose cached percentages are
        missing or stale is scored here and nothing is kept. With ``save`` it writes: the cache
        is brought up to date first and each handicap is kept as a dated snapshot."""
        if save:
            self.refresh_scores(club)
        since = None if policy.months is None else hcp.months_before(as_of, policy.months)
        with self.reading() as conn:
            club_id = self._club(conn, club)
            stale = rs.stale_sessions(conn, club_id)
            cached = rs.player_percentages(
                conn, club_id, as_of, policy.window, since, players, excluding=stale
            )
            scored = [
                (player_id, day, session_id, percent)
                for session_id in stale
                for player_id, day, percent in self._percentages_now(conn, session_id, as_of, since)
                if players is None or player_id in players
            ]
            forced = hcp.overrides(conn, as_of)
            people = pl.listing(conn, club_id)
        by_player, earlier = hcp.last_sessions(cached, scored, policy.window)
        found = [
            PlayerHandicap(
                p,
                hcp.explain(
                    p.id,
                    by_player.get(p.id, []),
                    as_of,
                    policy,
                    forced.get(p.id),
                    earlier.get(p.id, 0),
                ),
            )
            for p in people
            if players is None or p.id in players
        ]
        if save and found:
            with self.writing() as conn:
                hcp.save_snapshots(conn, [h.explanation for h in found], utc_now())
        return found

    def _percentages_now(
        self, conn: Connection, session_id: int, before: date, since: date | None
    ) -> list[tuple[int, date, Fraction]]:
        """Each linked player's percentage in a session the cache does not hold (yet), when it
        counts for a handicap as at ``before``: (player, date, percentage)."""
        day, published = hcp.session_state(conn, session_id)
        if not published or day is None or day >= before or (since is not None and day < since):
            return []
        found = ss.percentages(rs.load(conn, session_id))
        return [
            (player_id, day, percent)
            for key, ids in rs.session_players(conn, session_id).items()
            if (percent := found.get(key)) is not None
            for player_id in ids
            if player_id is not None
        ]

    def handicap(
        self,
        who: str,
        as_of: date,
        policy: hcp.Policy = hcp.SEED_POLICY,
        *,
        save: bool = False,
    ) -> PlayerHandicap:
        player = self.player(who)
        return self.handicaps(as_of, policy, players={player.id}, save=save)[0]

    def set_handicap(
        self,
        who: str,
        handicap: Fraction,
        from_date: date,
        *,
        reason: str | None = None,
        by: str | None = None,
    ) -> pl.Player:
        """A manual handicap for a player from ``from_date`` on (beats any policy)."""
        with self.writing() as conn:
            player_id = pl.find(conn, who, None)
            hcp.set_override(
                conn, player_id, handicap, from_date, reason, by or command_line_user(), utc_now()
            )
            return pl.get(conn, player_id)

    def snapshots(self, who: str) -> Sequence[hcp.HandicapExplanation]:
        with self.reading() as conn:
            return hcp.snapshots(conn, pl.find(conn, who, None))

    # --- the club night (bridgescore serve) ---------------------------------------------------

    def add_user(
        self, username: str, password_hash: str, role: str, club: str = DEFAULT_CLUB
    ) -> lv.User:
        """A director or scorer of ``club`` (``password_hash``: made by the web package)."""
        with self.writing() as conn:
            club_id = self._club(conn, club, create=True)
            assert club_id is not None
            return lv.add_user(conn, username, password_hash, role, club_id, utc_now())

    def user(self, username: str) -> lv.User | None:
        with self.reading() as conn:
            return lv.user(conn, username)

    def set_password(self, user_id: int, password_hash: str) -> None:
        with self.writing() as conn:
            lv.set_password(conn, user_id, password_hash)

    def start_login(self, user_id: int, lifetime: timedelta) -> str:
        now = utc_now()
        with self.writing() as conn:
            return lv.start_login(conn, user_id, now, now + lifetime)

    def login_user(self, token: str) -> lv.User | None:
        with self.reading() as conn:
            return lv.login_user(conn, token, utc_now())

    def end_login(self, token: str) -> None:
        with self.writing() as conn:
            lv.end_login(conn, token, utc_now())

    def setting(self, name: str, default: str) -> str:
        """A setting every worker shares, made from ``default`` the first time (read without
        writing when it is there: a read-only database serves its published results)."""
        with self.reading() as conn:
            found = lv.read_setting(conn, name)
        if found is not None:
            return found
        with self.writing() as conn:
            return lv.setting(conn, name, default)

    def set_setting(self, name: str, value: str) -> None:
        with self.writing() as conn:
            lv.set_setting(conn, name, value)

    def club_id(self, club: str) -> int:
        with self.writing() as conn:
            found = self._club(conn, club, create=True)
            assert found is not None
            return found

    def resolve_player(self, text: str, club_id: int) -> ss.MemberRow:
        with self.reading() as conn:
            return lv.resolve_player(conn, text, club_id)

    def create_live_session(
        self,
        club_id: int,
        *,
        title: str,
        played_on: date | None,
        structure: str,
        rules: Mapping[str, Any],
        plan: str,
        boards: tuple[ss.BoardRow, ...],
        entrants: tuple[ss.EntrantRow, ...],
        by: str,
    ) -> int:
        """Store a session about to be played (no results yet); returns its id."""
        with self.writing() as conn:
            return lv.create_session(
                conn,
                club_id,
                title=title,
                date_text=None if played_on is None else played_on.isoformat(),
                played_on=played_on,
                structure=structure,
                rules=dict(rules),
                plan=plan,
                board_rows=boards,
                entrant_rows=entrants,
                by=by,
                now=utc_now(),
            )

    def live_info(self, session_id: int) -> lv.LiveInfo:
        with self.reading() as conn:
            return lv.live_info(conn, session_id)

    def statuses(self, club_id: int | None = None) -> dict[int, str]:
        with self.reading() as conn:
            return lv.statuses(conn, club_id)

    def publish(
        self, session_id: int, provisional: timedelta, log: int | None = None
    ) -> lv.LiveInfo:
        """Finalise a session: published now, provisional for ``provisional`` (30 minutes to
        7 days); after that a change needs an explicit override. With ``log`` (the size of the
        log its results were shown from), refused when the log has grown since."""
        if not timedelta(minutes=30) <= provisional <= timedelta(days=7):
            raise StoreError(Text(N_("the correction period is 30 minutes to 7 days")))
        now = utc_now()
        with self.writing() as conn:
            lv.publish(conn, session_id, now, now + provisional)
            # read after the session's row is written (and so held): a result stored from now
            # on waits for this transaction
            if log is not None and lv.marks(conn, session_id).log != log:
                raise StoreError(
                    Text(N_("results arrived while the results were being prepared: publish again"))
                )
            return lv.live_info(conn, session_id)

    def set_deals(self, session_id: int, deals: Mapping[int, str]) -> list[int]:
        """The hand records of a session's boards (PBN deal strings, by board number)."""
        with self.writing() as conn:
            return lv.set_deals(conn, session_id, dict(deals))

    # --- players' phones at the tables (see bridgescore.store.tables) ----------------------------

    def table_codes(self, session_id: int, places: Sequence[tuple[str, str]]) -> list[tb.TableCode]:
        """Each table's code for its table card: made on first asking, then kept."""
        with self.writing() as conn:
            return tb.ensure_codes(conn, session_id, places)

    def join_table(self, code: str, may_score: bool = True) -> tuple[str, tb.Device]:
        """A new device at the table with this code: its token (not stored, only its hash);
        it scores when ``may_score`` and no other device scores at the table."""
        with self.writing() as conn:
            return tb.join(conn, code, utc_now(), may_score)

    def table_device(self, token: str) -> tb.Device | None:
        """The phone this token belongs to, removed or not, its session live or not."""
        with self.reading() as conn:
            return tb.device(conn, token)

    def table_sender(self, token: str) -> tuple[tb.Device, lv.LiveInfo] | None:
        """The phone a token names (removed or not) and its session's state, in one read: what
        a result from a table is checked against before its line's transaction."""
        with self._one_read() as conn:
            return tb.sender(conn, token)

    def table_poll(self, token: str) -> tb.Polled | None:
        """A phone's poll in one read: the phone its token names (removed or not), its
        session's state, its table's revision and its club's grants (None: no phone has this
        token)."""
        with self._one_read() as conn:
            return tb.polled(conn, token)

    def session_device(self, session_id: int, device_id: int) -> tb.Device:
        with self.reading() as conn:
            return tb.session_device(conn, session_id, device_id)

    def table_devices(self, session_id: int) -> list[tb.Device]:
        with self.reading() as conn:
            return tb.devices(conn, session_id)

    def hand_over(self, session_id: int, device_id: int, by: str) -> None:
        with self.writing() as conn:
            tb.hand_over(conn, session_id, device_id, by, utc_now())

    def remove_device(self, session_id: int, device_id: int, by: str) -> None:
        with self.writing() as conn:
            tb.remove(conn, session_id, device_id, by, utc_now())

    def call_director(self, device: tb.Device, note: str | None = None) -> int:
        with self.writing() as conn:
            return tb.call(conn, device, note, utc_now())

    def answer_call(self, session_id: int, event_id: int, by: str) -> None:
        with self.writing() as conn:
            tb.answer(conn, session_id, event_id, by, utc_now())

    def note_at_table(self, device: tb.Device, kind: str, note: str) -> int:
        with self.writing() as conn:
            return tb.log(conn, device, kind, note, device.name, utc_now())

    def table_events(self, session_id: int) -> list[tb.TableEvent]:
        with self.reading() as conn:
            return tb.events(conn, session_id)

    def conflicts(self, session_id: int, *, open_only: bool = True) -> list[tb.Conflict]:
        with self.reading() as conn:
            return tb.conflicts(conn, session_id, open_only=open_only)

    def conflict(self, session_id: int, conflict_id: int) -> tb.Conflict:
        with self.reading() as conn:
            return tb.conflict(conn, session_id, conflict_id)

    def live_plan(self, session_id: int) -> tb.Plan:
        with self.reading() as conn:
            return tb.plan(conn, session_id)

    def deal(self, session_id: int, board: int) -> str | None:
        with self.reading() as conn:
            return tb.deal(conn, session_id, board)

    def table_view(
        self, device: tb.Device, vulnerabilities: Mapping[int, str] | None = None
    ) -> tb.TableView:
        """What a table's phone is shown, read in one transaction (``vulnerabilities``: each
        board's, when the caller keeps them)."""
        with self.reading() as conn:
            return tb.table_view(conn, device, vulnerabilities)

    def table_revision(self, table_id: int) -> int:
        with self.reading() as conn:
            return tb.table_revision(conn, table_id)

    def code_club(self, code: str) -> int | None:
        """The club of the session whose table has this code (None: no table has it)."""
        with self.reading() as conn:
            return tb.code_club(conn, code)

    # --- failed logins and table codes (see bridgescore.store.throttle) -------------------------

    def throttles(self, kind: str, keys: Sequence[str]) -> dict[str, th.Throttle]:
        with self.reading() as conn:
            return th.read(conn, kind, keys)

    def count_failure(
        self, kind: str, keys: Mapping[str, int | None], restart_before: datetime
    ) -> list[th.Throttle]:
        """One more failure for each key, in one transaction (every worker counts here)."""
        with self.writing() as conn:
            return th.count(conn, kind, keys, utc_now(), restart_before)

    def clear_failures(self, kind: str, key: str) -> None:
        with self.writing() as conn:
            th.clear(conn, kind, key)

    def throttle(self, throttle_id: int) -> th.Throttle | None:
        with self.reading() as conn:
            return th.get(conn, throttle_id)

    def lift_throttle(self, throttle_id: int, by: str) -> th.Throttle | None:
        with self.writing() as conn:
            return th.lift(conn, throttle_id, by, utc_now())

    def throttle_list(self, club_id: int, since: datetime) -> list[th.Throttle]:
        with self.reading() as conn:
            return th.listing(conn, club_id, since)

    # --- one traveller line, and what changed ---------------------------------------------------

    @contextmanager
    def line(self, session_id: int, key: str) -> Iterator[LineLog]:
        """One traveller line in one write transaction holding its lock (see
        :class:`~bridgescore.store.line_log.LineLog`). When the block ends, what was written is
        committed: only then may a client be told it is stored."""
        try:
            with self.writing(line=(session_id, key)) as conn:
                yield LineLog(conn, session_id, key, utc_now())
        except IntegrityError as error:
            if "client_id" not in str(error.orig):
                raise
            # Two submissions with one client id at the same moment, on two lines (each line's
            # lock is its own on PostgreSQL): the second is refused, never acknowledged.
            raise StoreError(
                Text(
                    N_(
                        "a result with this id was stored for another line at the same moment: "
                        "an id is used once"
                    )
                )
            ) from None

    def marks(self, session_id: int) -> lv.Marks:
        """Where the session stands: its revision, its log's size, each table's revision."""
        with self.reading() as conn:
            return lv.marks(conn, session_id)

    def revision(self, session_id: int) -> int:
        with self.reading() as conn:
            return lv.revision(conn, session_id)

    def scored_rows(self, session_id: int) -> tuple[ss.SessionRows, int]:
        """The session's rows as they stand and how many log entries they were read from, as
        one state (a cache of its scoring is keyed by that count)."""
        with self.reading() as conn:
            return rs.load(conn, session_id), rs.log_mark(conn, session_id)

    def grants(self, club_id: int) -> frozenset[str]:
        with self.reading() as conn:
            return lv.grants(conn, club_id)

    def set_grants(self, club_id: int, names: frozenset[str]) -> None:
        with self.writing() as conn:
            lv.set_grants(conn, club_id, names)
