"""``bridgescore serve`` (the club night in a browser) and ``bridgescore users add``.

Thin: the web app is :mod:`bridgescore.web`, the database :mod:`bridgescore.store`; both are
imported inside the commands, never at start-up.
"""

from __future__ import annotations

import contextlib
import errno
import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from bridgescore.cli.common import UsageProblem, database
from bridgescore.cli.db import club_option, db_option
from bridgescore.cli.help import Command, Group
from bridgescore.errors import BridgeScoreError, located, sentence
from bridgescore.formats.files import os_reason
from bridgescore.languages import N_, _

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "club-night.csv"
_PASSWORD_LIMIT = 1024  # characters read from standard input, at most


@click.command("serve", cls=Command)
@db_option
@click.option(
    "--host", default="127.0.0.1", show_default=True, help=N_("The address to listen on.")
)
@click.option(
    "--port", default="8000", show_default=True, help=N_("The port to listen on (1 to 65535).")
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help=N_("Worker processes (they share nothing but the database: use PostgreSQL for several)."),
)
@click.option(
    "--first-director",
    metavar="NAME",
    help=N_(
        "When no user of that name exists, create this director with a new password and "
        "print it once."
    ),
)
@click.option(
    "--sample/--no-sample",
    default=False,
    help=N_("When the database holds no session, import the bundled sample club night."),
)
@click.option(
    "--publish-to",
    "publish_to",
    metavar="FOLDER",
    help=N_(
        "Also write each published session's results site into FOLDER/session-N/ (made if "
        "missing; checked when the server starts)."
    ),
)
@click.option(
    "--public-url",
    metavar="URL",
    help=N_(
        "The address players' phones reach this server at (e.g. https://scores.myclub.org), "
        "for the QR codes on the table cards; default: the address the director's browser uses."
    ),
)
@click.option(
    "--certificate",
    metavar="FILE",
    help=N_(
        "Serve HTTPS with this certificate (PEM): phones keep working offline only over "
        "HTTPS (or on this machine)."
    ),
)
@click.option("--key", metavar="FILE", help=N_("The certificate's private key (PEM)."))
@click.option(
    "--access-log/--no-access-log",
    default=True,
    show_default=True,
    help=N_("Log a line for each request served."),
)
@club_option
def serve(
    db: str | None,
    host: str,
    port: str,
    workers: int,
    first_director: str | None,
    sample: bool,
    publish_to: str | None,
    public_url: str | None,
    certificate: str | None,
    key: str | None,
    access_log: bool,
    club: str,
) -> None:
    """Serve the director's and scorer's console and the published results.

    Directors and scorers log in (bridgescore users add); nothing but the published results is
    visible without logging in. SQLite by default; several workers need PostgreSQL.

    \b
    Examples:
      bridgescore serve
      bridgescore serve --db ~/club/scores.db --port 8080 --publish-to ~/club/site
      bridgescore serve --db postgresql+psycopg://scorer@dbhost/bridgescore --workers 2
      bridgescore serve --host 0.0.0.0 --public-url https://scores.myclub.org   # phones
    """
    import uvicorn

    from bridgescore.store import database_url
    from bridgescore.web import auth

    try:
        url = database_url(db)
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None
    number = _port(port)
    if (certificate is None) != (key is None):
        raise UsageProblem(_("--certificate and --key go together"))
    if certificate is not None and key is not None:
        _check_certificate(certificate, key)
    site = None if publish_to is None else _publish_folder(publish_to)
    if public_url and not public_url.startswith(("http://", "https://")):
        raise UsageProblem(
            _(
                "--public-url must start with http:// or https://, not %(public_url)s",
                public_url=repr(public_url),
            )
        )
    if workers > 1 and url.startswith("sqlite"):
        raise UsageProblem(_("several workers need PostgreSQL (--db postgresql+psycopg://...)"))
    listening = _listen(host, number)  # before the database: a port in use is said at once
    with database(db) as store:
        if sample and not store.sessions():
            report = store.import_file(SAMPLE, club=club, by="bridgescore serve")
            click.echo(
                _(
                    "imported the sample club night as session %(session_id)s",
                    session_id=report.session_id,
                )
            )
        if first_director and store.user(first_director) is None:
            password = auth.new_password()
            store.add_user(first_director, auth.hash_password(password), "director", club)
            click.echo(
                _(
                    "director %(first_director)s of %(club)s, password: %(password)s",
                    first_director=repr(first_director),
                    club=repr(club),
                    password=password,
                )
            )
    os.environ["BRIDGESCORE_DB"] = url
    if site is not None:
        os.environ["BRIDGESCORE_PUBLISH"] = str(site)
    if public_url:
        os.environ["BRIDGESCORE_PUBLIC_URL"] = public_url
    scheme = "https" if certificate else "http"
    click.echo(
        _(
            "bridgescore serve: %(scheme)s://%(host)s:%(number)s/ (database %(url)s)",
            scheme=scheme,
            host=host,
            number=number,
            url=url.split("@")[-1],
        )
    )
    sys.stdout.flush()
    config = uvicorn.Config(
        "bridgescore.web.app:app_from_environment",
        factory=True,
        host=host,
        port=number,
        workers=workers,
        proxy_headers=True,
        log_level="info",
        access_log=access_log,
        ssl_certfile=certificate,
        ssl_keyfile=key,
        # Open event streams (the console's and the phones') would hold a stop up forever;
        # they are ended after this many seconds, and the browsers open new ones.
        timeout_graceful_shutdown=3,
    )
    if workers > 1:
        _serve_workers(config, listening)
        return
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[listening])
    if not server.started:
        sys.exit(3)  # uvicorn's own status when the server could not start


def _serve_workers(config: Any, sock: socket.socket) -> None:
    """Several workers on one socket, as ``uvicorn.run`` does, with Nagle's algorithm off on
    the listening socket: the workers' connections inherit it. A socket handed to a worker
    process loses the protocol number asyncio checks before it turns Nagle off itself, and
    every answer (headers, then body) then waited about 40 ms for the client's delayed ACK."""
    from uvicorn.supervisors import Multiprocess

    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[sock]).run()


def _port(text: str) -> int:
    value = text.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 5 and 1 <= int(value) <= 65535):
        raise UsageProblem(
            _("--port: %(text)s is not a port (expected a number from 1 to 65535)", text=repr(text))
        )
    return int(value)


def _listen(host: str, port: int) -> socket.socket:
    """The server's listening socket, bound here so that a port in use, an address that is not
    this machine's or a port that needs root is one sentence, not a log of errors."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise UsageProblem(_("--host: cannot find the address %(host)s", host=repr(host))) from None
    family, kind, protocol, _name, address = found[0]
    sock = socket.socket(family, kind, protocol)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        reason = {
            errno.EADDRINUSE: _("the port is in use: another program listens there (give --port)"),
            errno.EACCES: _("permission denied (ports below 1024 need root: give --port)"),
            errno.EADDRNOTAVAIL: _("the address is not one of this machine's (give --host)"),
        }.get(error.errno or 0, error.strerror or _("the system refused it"))
        raise UsageProblem(
            _("cannot listen on %(host)s:%(port)s: %(reason)s", host=host, port=port, reason=reason)
        ) from None
    sock.set_inheritable(True)
    return sock


def _check_certificate(certificate: str, key: str) -> None:
    """Load the certificate and key as the server will: a missing, unreadable or mismatched
    pair is one sentence before anything starts."""
    import ssl

    for option, path in (("--certificate", certificate), ("--key", key)):
        if not Path(path).is_file():
            raise UsageProblem(_("%(option)s %(path)s: no such file", option=option, path=path))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(certificate, key)
    except ssl.SSLError as error:
        reason = str(error.reason or error).upper()
        if "MISMATCH" in reason:
            said = "the key is not this certificate's"
        elif "PEM" in reason or "NO_START_LINE" in reason or "X509" in reason:
            said = "not a PEM certificate and private key"
        else:
            said = str(error.reason or error).lower().replace("_", " ")
        raise UsageProblem(
            _(
                "--certificate %(certificate)s with --key %(key)s: %(said)s",
                certificate=certificate,
                key=key,
                said=said,
            )
        ) from None
    except OSError as error:
        raise UsageProblem(
            _("--certificate and --key: %(error)s", error=os_reason(error))
        ) from None


def _publish_folder(given: str) -> Path:
    """The folder published sites go into, checked now: a file there, a folder that cannot be
    written or a missing folder whose parent is missing is one sentence before the server
    starts (a director would otherwise learn it when the first session is published)."""
    folder = Path(given).expanduser().absolute()
    if folder.exists() and not folder.is_dir():
        raise UsageProblem(_("--publish-to %(given)s: it is a file, not a folder", given=given))
    if not folder.exists():
        if not folder.parent.is_dir():
            raise UsageProblem(
                _(
                    "--publish-to %(given)s: no such folder: %(folder)s",
                    given=given,
                    folder=folder.parent,
                )
            )
        try:
            folder.mkdir()
        except OSError as error:
            raise UsageProblem(located(f"--publish-to {given}", os_reason(error, folder))) from None
    try:  # a folder the system will really let us write into (not only its mode bits)
        handle, probe = tempfile.mkstemp(dir=folder, prefix=".bridgescore-check-")
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise UsageProblem(
            _(
                "--publish-to %(given)s: cannot write into it: %(why)s",
                given=given,
                why=os_reason(error),
            )
        ) from None
    return folder


@click.group("users", cls=Group)
def users_group() -> None:
    """Who may log in to bridgescore serve: directors and scorers of a club.

    \b
    Examples:
      bridgescore users add ann --role director --club Riverside
    """


@users_group.command("add")
@click.argument("username")
@click.option(
    "--role",
    type=click.Choice(["director", "scorer"]),
    default="scorer",
    show_default=True,
    help=N_("A director sets sessions up and publishes them; a scorer enters and corrects."),
)
@click.option(
    "--password-stdin",
    is_flag=True,
    help=N_("Read the password from the first line of standard input (no prompt)."),
)
@db_option
@club_option
def users_add(username: str, role: str, password_stdin: bool, db: str | None, club: str) -> None:
    """Add a director or scorer; the password is asked for (stored as an argon2 hash).

    \b
    Examples:
      bridgescore users add ann --role director --club Riverside
      echo 's3cret-words' | bridgescore users add bob --password-stdin
    """
    from bridgescore.web import auth

    if password_stdin:
        password = sys.stdin.readline(_PASSWORD_LIMIT + 1).rstrip("\r\n")
        if len(password) > _PASSWORD_LIMIT:
            raise UsageProblem(
                _("the password is longer than %(most)s characters", most=_PASSWORD_LIMIT)
            )
    elif not sys.stdin.isatty():
        # click would read the piped lines as typed at a prompt, or stop with "Aborted!"
        raise UsageProblem(
            _(
                "users add: no terminal to ask the password at; "
                "give it on standard input with --password-stdin"
            )
        )
    else:
        password = click.prompt(_("Password"), hide_input=True, confirmation_prompt=True)
    try:
        hashed = auth.hash_password(password)
    except ValueError as error:
        raise UsageProblem(sentence(error)) from None
    with database(db) as store:
        user = store.add_user(username, hashed, role, club)
    click.echo(
        _(
            "added %(role)s %(username)s of %(club)s",
            role=user.role,
            username=repr(user.username),
            club=repr(user.club),
        )
    )
