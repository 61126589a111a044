"""Handing a mail to the club's SMTP server, tried again when it fails for a while.

A temporary failure (the server cannot be reached, a 4xx answer, a connection dropped) is tried
again after a pause that grows; a permanent one (a 5xx answer: an address or a login refused)
is not. Either way the caller is told how many times it tried and what the last failure was, to
log it: a mail is never lost without a word.
"""

from __future__ import annotations

import smtplib
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    security: str = "starttls"  # starttls, tls or none
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    timeout: float = 30.0


@dataclass(frozen=True)
class Delivery:
    attempts: int
    error: str | None  # None: delivered

    @property
    def sent(self) -> bool:
        return self.error is None


def deliver(
    server: Server,
    message: EmailMessage,
    *,
    tries: int = 3,
    pause: float = 2.0,
    sleep: Callable[[float], None] = time.sleep,
) -> Delivery:
    """Send ``message``; up to ``tries`` attempts, ``pause`` × the attempt's number between."""
    error = "not tried"
    for attempt in range(1, tries + 1):
        try:
            with _connect(server) as smtp:
                if server.username:
                    smtp.login(server.username, server.password or "")
                refused = smtp.send_message(message)
            if refused:
                return Delivery(attempt, _refused(refused))
            return Delivery(attempt, None)
        except smtplib.SMTPResponseException as failure:
            error = _describe(failure)
            if failure.smtp_code >= 500:
                return Delivery(attempt, error)
        except smtplib.SMTPRecipientsRefused as failure:
            error = _refused(failure.recipients)
            if all(code >= 500 for code, _ in failure.recipients.values()):
                return Delivery(attempt, error)
        except (OSError, smtplib.SMTPException) as failure:
            error = _describe(failure)
        if attempt < tries:
            sleep(pause * attempt)
    return Delivery(tries, error)


def _connect(server: Server) -> smtplib.SMTP:
    context = ssl.create_default_context()
    if server.security == "tls":
        return smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout, context=context)
    smtp = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
    try:
        if server.security == "starttls":
            smtp.starttls(context=context)
    except BaseException:
        smtp.close()
        raise
    return smtp


def _describe(failure: BaseException) -> str:
    if isinstance(failure, smtplib.SMTPResponseException):
        text = failure.smtp_error
        words = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
        return f"the server answered {failure.smtp_code} {words}".strip()
    if isinstance(failure, ConnectionRefusedError):
        return "the server refused the connection"
    if isinstance(failure, TimeoutError):
        return "the server did not answer in time"
    words = str(failure).strip() or type(failure).__name__
    return f"{type(failure).__name__}: {words}"


def _refused(refused: dict[str, tuple[int, bytes]]) -> str:
    return "; ".join(
        f"{address} refused: {code} {reply.decode('utf-8', 'replace')}"
        for address, (code, reply) in refused.items()
    )


__all__ = ["Delivery", "Server", "deliver"]
