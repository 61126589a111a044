"""The club's SMTP server and the log of results mails. Every statement on ``smtp_settings`` and
``mail_log`` is here.

The server's password is stored as given (the server needs it back) and never shown: a
:class:`SmtpSettings` prints it as ``set``. A mail is logged whatever happens to it: ``sent``,
or ``failed`` with the error and how many times it was tried, so that a later run sends it and
nothing is lost silently; ``summary`` is what the mail told the player (their figures), which a
correction is compared with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from bridgescore.errors import sentence
from bridgescore.languages import N_
from bridgescore.languages.text import Text, listed
from bridgescore.store.engine import StoreError
from bridgescore.store.privacy import check_email
from bridgescore.store.schema import mail_log, sessions, smtp_settings

SECURITY = ("starttls", "tls", "none")
FIGURES = ("results", "correction")  # the mails that give a player their figures


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    security: str  # starttls (port 587), tls (465) or none (a relay on the local network)
    sender: str
    username: str | None = None
    password: str | None = field(default=None, repr=False)  # never shown
    send_on_publish: bool = False  # the console sends by itself on publishing and corrections

    def described(self) -> list[tuple[str, str]]:
        """What a command shows of the settings: everything but the password's value."""
        return [
            ("host", self.host),
            ("port", str(self.port)),
            ("security", self.security),
            ("sender", self.sender),
            ("username", self.username or Text(N_("(none)"))),
            ("password", Text(N_("set")) if self.password else Text(N_("(none)"))),
            (
                "send",
                Text(N_("on publishing")) if self.send_on_publish else Text(N_("when asked")),
            ),
        ]


@dataclass(frozen=True)
class Logged:
    """One results mail, sent or failed."""

    id: int
    session_id: int
    player_id: int
    address: str | None
    kind: str  # results or correction (the player's figures); answer, link (about a request)
    subject: str
    summary: dict[str, Any]
    status: str  # sent or failed
    attempts: int
    error: str | None
    created_at: datetime
    sent_at: datetime | None
    request_id: int | None = None


def check_settings(settings: SmtpSettings) -> SmtpSettings:
    problems: list[Text] = []
    if not settings.host.strip() or any(c.isspace() for c in settings.host.strip()):
        problems.append(
            Text(N_("the host %(host)s is not a server's name"), host=repr(settings.host))
        )
    if not 1 <= settings.port <= 65535:
        problems.append(Text(N_("the port %(port)s is not 1 to 65535"), port=settings.port))
    if settings.security not in SECURITY:
        problems.append(
            Text(
                N_("the security %(security)s is not starttls, tls or none"),
                security=repr(settings.security),
            )
        )
    if settings.password and not settings.username:
        problems.append(Text(N_("a password needs a username")))
    if settings.password and settings.security == "none":
        problems.append(Text(N_("a password is never sent unencrypted: use starttls or tls")))
    try:
        check_email(settings.sender)
    except StoreError as error:
        problems.append(Text(N_("the sender: %(refusal)s"), refusal=sentence(error)))
    if problems:
        raise StoreError(
            Text(N_("the SMTP settings are refused: %(problems)s"), problems=listed(problems))
        )
    return settings


def settings(conn: Connection, club_id: int) -> SmtpSettings | None:
    row = conn.execute(
        select(smtp_settings).where(smtp_settings.c.club_id == club_id)
    ).one_or_none()
    if row is None:
        return None
    return SmtpSettings(
        row.host,
        row.port,
        row.security,
        row.sender,
        row.username,
        row.password,
        bool(row.send_on_publish),
    )


def save_settings(
    conn: Connection, club_id: int, new: SmtpSettings, by: str, now: datetime
) -> None:
    values = {
        "host": new.host.strip(),
        "port": new.port,
        "security": new.security,
        "sender": new.sender.strip(),
        "username": new.username,
        "password": new.password,
        "send_on_publish": new.send_on_publish,
        "updated_at": now,
        "updated_by": by,
    }
    if settings(conn, club_id) is None:
        conn.execute(insert(smtp_settings).values(club_id=club_id, **values))
    else:
        conn.execute(
            update(smtp_settings).where(smtp_settings.c.club_id == club_id).values(**values)
        )


def log(
    conn: Connection,
    session_id: int,
    player_id: int,
    address: str,
    kind: str,
    subject: str,
    summary: dict[str, Any],
    *,
    status: str,
    attempts: int,
    error: str | None,
    by: str,
    now: datetime,
    request_id: int | None = None,
) -> int:
    """Log one mail; the session's revision is counted up, so a console showing its mails
    learns of it."""
    from bridgescore.store.live import touch

    touch(conn, session_id)
    return int(
        conn.execute(
            insert(mail_log)
            .values(
                session_id=session_id,
                player_id=player_id,
                address=address,
                kind=kind,
                subject=subject,
                summary=json.dumps(summary, sort_keys=True),
                status=status,
                attempts=attempts,
                error=error,
                created_at=now,
                sent_at=now if status == "sent" else None,
                sent_by=by,
                request_id=request_id,
            )
            .returning(mail_log.c.id)
        ).scalar_one()
    )


def entries(
    conn: Connection, session_id: int | None = None, player_id: int | None = None
) -> list[Logged]:
    """The log, oldest first (of one session, one player, or all)."""
    query = select(mail_log).order_by(mail_log.c.id)
    if session_id is not None:
        query = query.where(mail_log.c.session_id == session_id)
    if player_id is not None:
        query = query.where(mail_log.c.player_id == player_id)
    return [
        Logged(
            r.id,
            r.session_id,
            r.player_id,
            r.address,
            r.kind,
            r.subject,
            json.loads(r.summary),
            r.status,
            r.attempts,
            r.error,
            r.created_at,
            r.sent_at,
            r.request_id,
        )
        for r in conn.execute(query)
    ]


def last_sent(conn: Connection, session_id: int) -> dict[int, Logged]:
    """Each player's newest mail of their figures sent for the session (what a correction is
    compared with)."""
    found: dict[int, Logged] = {}
    for entry in entries(conn, session_id):
        if entry.status == "sent" and entry.kind in FIGURES:
            found[entry.player_id] = entry
    return found


def failed(conn: Connection, session_id: int) -> set[int]:
    """The players whose newest mail of their figures for the session failed."""
    newest: dict[int, Logged] = {}
    for entry in entries(conn, session_id):
        if entry.kind in FIGURES:
            newest[entry.player_id] = entry
    return {pid for pid, entry in newest.items() if entry.status == "failed"}


def session_club(conn: Connection, session_id: int) -> int:
    found = conn.execute(
        select(sessions.c.club_id).where(sessions.c.id == session_id)
    ).scalar_one_or_none()
    if found is None:
        raise StoreError(
            Text(N_("no stored session with id %(session_id)s"), session_id=session_id)
        )
    return int(found)


__all__ = [
    "FIGURES",
    "SECURITY",
    "Logged",
    "SmtpSettings",
    "check_settings",
    "entries",
    "failed",
    "last_sent",
    "log",
    "save_settings",
    "session_club",
    "settings",
]
