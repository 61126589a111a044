"""The players' side of the store, over a :class:`~bridgescore.store.Store`: what each player
lets the results show, their addresses, erasure (:mod:`bridgescore.store.privacy`), the club's
SMTP server and the mail log (:mod:`bridgescore.store.mail`), each call one transaction.

    side = PlayersSide(store)
    side.set_publish("Ann Lee", "initials")
    side.published_session(12)        # names as every player lets them be shown
    side.erase("Ann Lee")             # pseudonymised everywhere; no score changes
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bridgescore.languages import N_
from bridgescore.languages.text import Text
from bridgescore.store import mail as ml
from bridgescore.store import players as pl
from bridgescore.store import privacy as pv
from bridgescore.store import results as rs
from bridgescore.store import sessions as ss
from bridgescore.store.api import DEFAULT_CLUB, Store, command_line_user, utc_now
from bridgescore.store.engine import StoreError


class PlayersSide:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _club(self, club: str | None) -> int | None:
        if club is None:
            return None
        with self.store.reading() as conn:
            found = rs.club_id(conn, club, utc_now(), create=False)
        if found is None:
            raise StoreError(Text(N_("no club named %(club)s"), club=repr(club)))
        return found

    # --- publish settings, addresses, erasure

    def set_publish(
        self, who: str, publish: str, *, club: str | None = None, by: str | None = None
    ) -> pl.Player:
        club_id = self._club(club)
        with self.store.writing() as conn:
            player_id = pl.find(conn, who, club_id)
            pv.set_publish(conn, player_id, publish, by or command_line_user(), utc_now())
            return pl.get(conn, player_id)

    def set_email(
        self, who: str, email: str | None, *, club: str | None = None, by: str | None = None
    ) -> pl.Player:
        club_id = self._club(club)
        with self.store.writing() as conn:
            player_id = pl.find(conn, who, club_id)
            pv.set_email(conn, player_id, email, by or command_line_user(), utc_now())
            return pl.get(conn, player_id)

    def preferences(self, player_id: int) -> pv.Preferences:
        with self.store.reading() as conn:
            return pv.preferences(conn, [player_id]).get(player_id, pv.Preferences(player_id))

    def choices(self, club: str | None = None) -> list[tuple[pl.Player, pv.Preferences]]:
        club_id = self._club(club)
        with self.store.reading() as conn:
            return pv.choices(conn, club_id)

    def erase(self, who: str, *, club: str | None = None, by: str | None = None) -> pv.Erasure:
        club_id = self._club(club)
        with self.store.writing() as conn:
            return pv.erase(conn, pl.find(conn, who, club_id), by or command_line_user(), utc_now())

    # --- by id, for the console (a club's own players) and a player's own page

    def club_choices(self, club_id: int) -> list[tuple[pl.Player, pv.Preferences]]:
        with self.store.reading() as conn:
            return pv.choices(conn, club_id)

    def erasure_plan(self, player_id: int, club_id: int) -> pv.ErasurePlan:
        """What erasing the club's player would change (a StoreError when the club has no
        such player)."""
        with self.store.reading() as conn:
            _own(conn, player_id, club_id)
            return pv.erasure_plan(conn, player_id)

    def erase_player(self, player_id: int, club_id: int, by: str) -> pv.Erasure:
        with self.store.writing() as conn:
            _own(conn, player_id, club_id)
            return pv.erase(conn, player_id, by, utc_now())

    def sessions_of(self, player_id: int) -> tuple[int, ...]:
        """The sessions the player (or a duplicate merged into them) played in."""
        with self.store.reading() as conn:
            return pv.erasure_plan(conn, player_id).session_ids

    def set_own_publish(self, player_id: int, publish: str, by: str) -> pv.Preferences:
        """A player's own choice, by their pass (the erased have no choice left)."""
        with self.store.writing() as conn:
            chosen = pv.preferences(conn, [player_id]).get(player_id)
            if chosen is not None and chosen.erased_at is not None:
                raise StoreError(Text(N_("player %(player_id)s was erased"), player_id=player_id))
            pv.set_publish(conn, player_id, publish, by, utc_now())
            return pv.preferences(conn, [player_id])[player_id]

    def published_rows(self, session_id: int, at: datetime | None = None) -> ss.SessionRows:
        """The stored session with every name as its player lets it be shown."""
        with self.store.reading() as conn:
            return pv.published(conn, session_id, rs.load(conn, session_id, at))

    def as_published(self, session_id: int, rows: ss.SessionRows) -> ss.SessionRows:
        """The session's rows as read (``rows``) with every name as its player lets it be
        shown: the very same rows while every player shows their full name."""
        with self.store.reading() as conn:
            return pv.published(conn, session_id, rows)

    def shown_names(self, session_id: int) -> dict[tuple[str, str, int, bool], str]:
        """The entrants whose name their players' settings change, as shown."""
        with self.store.reading() as conn:
            return pv.shown_names(conn, session_id)

    def published_session(self, session_id: int, at: datetime | None = None) -> Any:
        """:meth:`published_rows` as a :class:`bridgescore.session.Session`."""
        return ss.from_rows(self.published_rows(session_id, at))

    def recipients(self, session_id: int) -> list[pv.Recipient]:
        with self.store.reading() as conn:
            rs.session_info(conn, session_id)
            return pv.recipients(conn, session_id)

    # --- the SMTP server and the mail log

    def smtp(self, club: str = DEFAULT_CLUB) -> ml.SmtpSettings | None:
        with self.store.reading() as conn:
            club_id = rs.club_id(conn, club, utc_now(), create=False)
            return None if club_id is None else ml.settings(conn, club_id)

    def set_smtp(
        self, settings: ml.SmtpSettings, *, club: str = DEFAULT_CLUB, by: str | None = None
    ) -> None:
        ml.check_settings(settings)
        with self.store.writing() as conn:
            club_id = rs.club_id(conn, club, utc_now(), create=True)
            assert club_id is not None
            ml.save_settings(conn, club_id, settings, by or command_line_user(), utc_now())

    def smtp_for_session(self, session_id: int) -> ml.SmtpSettings | None:
        """The SMTP settings of the club the session belongs to."""
        with self.store.reading() as conn:
            return ml.settings(conn, ml.session_club(conn, session_id))

    def last_sent(self, session_id: int) -> dict[int, ml.Logged]:
        with self.store.reading() as conn:
            return ml.last_sent(conn, session_id)

    def log_mail(
        self,
        session_id: int,
        recipient: pv.Recipient,
        kind: str,
        subject: str,
        summary: dict[str, Any],
        *,
        status: str,
        attempts: int,
        error: str | None = None,
        by: str | None = None,
        request_id: int | None = None,
    ) -> int:
        with self.store.writing() as conn:
            return ml.log(
                conn,
                session_id,
                recipient.player_id,
                recipient.email,
                kind,
                subject,
                summary,
                status=status,
                attempts=attempts,
                error=error,
                by=by or command_line_user(),
                now=utc_now(),
                request_id=request_id,
            )

    def mail_log(
        self, session_id: int | None = None, player_id: int | None = None
    ) -> list[ml.Logged]:
        with self.store.reading() as conn:
            return ml.entries(conn, session_id, player_id)


__all__ = ["PlayersSide"]


def _own(conn: Any, player_id: int, club_id: int) -> None:
    """The player is the club's own and not merged into another, or a StoreError."""
    from sqlalchemy import select

    from bridgescore.store.schema import players

    row = conn.execute(
        select(players.c.club_id, players.c.merged_into).where(players.c.id == player_id)
    ).one_or_none()
    if row is None or row.club_id != club_id:
        raise StoreError(Text(N_("no player with id %(player_id)s"), player_id=player_id))
    if row.merged_into is not None:
        raise StoreError(
            Text(
                N_("player %(player)s was merged into player %(kept)s: erase player %(kept)s"),
                player=player_id,
                kept=row.merged_into,
            )
        )
