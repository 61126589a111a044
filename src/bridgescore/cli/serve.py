"""``bridgescore serve`` (the club night in a browser) and ``bridgescore users add``.

Thin: the web app is :mod:`bridgescore.web`, the database :mod:`bridgescore.store`; both are
imported inside the commands, never at start-up.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.cli.db import _store, club_option, db_option

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "club-night.csv"


@click.command("serve")
@db_option
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port to listen on.")
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes (they share nothing but the database: use PostgreSQL for several).",
)
@click.option(
    "--first-director",
    metavar="NAME",
    help="When no user of that name exists, create this director with a new password and "
    "print it once.",
)
@click.option(
    "--sample/--no-sample",
    default=False,
    help="When the database holds no session, import the bundled sample club night.",
)
@click.option(
    "--publish-to",
    "publish_to",
    metavar="FOLDER",
    type=click.Path(file_okay=False),
    help="Also write each published session's results site into FOLDER/session-N/.",
)
@click.option(
    "--public-url",
    metavar="URL",
    help="The address players' phones reach this server at (e.g. https://scores.myclub.org), "
    "for the QR codes on the table cards; default: the address the director's browser uses.",
)
@click.option(
    "--certificate",
    type=click.Path(exists=True, dir_okay=False),
    help="Serve HTTPS with this certificate (PEM): phones keep working offline only over "
    "HTTPS (or on this machine).",
)
@click.option(
    "--key",
    type=click.Path(exists=True, dir_okay=False),
    help="The certificate's private key (PEM).",
)
@club_option
def serve(
    db: str | None,
    host: str,
    port: int,
    workers: int,
    first_director: str | None,
    sample: bool,
    publish_to: str | None,
    public_url: str | None,
    certificate: str | None,
    key: str | None,
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

    url = database_url(db)
    if (certificate is None) != (key is None):
        raise UsageProblem("--certificate and --key go together")
    if public_url and not public_url.startswith(("http://", "https://")):
        raise UsageProblem(f"--public-url must start with http:// or https://, not {public_url!r}")
    if workers > 1 and url.startswith("sqlite"):
        raise UsageProblem("several workers need PostgreSQL (--db postgresql+psycopg://...)")
    with _store(db) as store:
        if sample and not store.sessions():
            report = store.import_file(SAMPLE, club=club, by="bridgescore serve")
            click.echo(f"imported the sample club night as session {report.session_id}")
        if first_director and store.user(first_director) is None:
            password = auth.new_password()
            store.add_user(first_director, auth.hash_password(password), "director", club)
            click.echo(f"director {first_director!r} of {club!r}, password: {password}")
    os.environ["BRIDGESCORE_DB"] = url
    if publish_to:
        os.environ["BRIDGESCORE_PUBLISH"] = str(Path(publish_to).expanduser().absolute())
    if public_url:
        os.environ["BRIDGESCORE_PUBLIC_URL"] = public_url
    scheme = "https" if certificate else "http"
    click.echo(f"bridgescore serve: {scheme}://{host}:{port}/ (database {url.split('@')[-1]})")
    sys.stdout.flush()
    config = uvicorn.Config(
        "bridgescore.web.app:app_from_environment",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        proxy_headers=True,
        log_level="info",
        ssl_certfile=certificate,
        ssl_keyfile=key,
        # Open event streams (the console's and the phones') would hold a stop up forever;
        # they are ended after this many seconds, and the browsers open new ones.
        timeout_graceful_shutdown=3,
    )
    if workers > 1:
        _serve_workers(config)
        return
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(3)  # uvicorn's own status when the server could not start (a port in use)


def _serve_workers(config: Any) -> None:
    """Several workers on one socket, as ``uvicorn.run`` does, with Nagle's algorithm off on
    the listening socket: the workers' connections inherit it. A socket handed to a worker
    process loses the protocol number asyncio checks before it turns Nagle off itself, and
    every answer (headers, then body) then waited about 40 ms for the client's delayed ACK."""
    import socket

    from uvicorn.supervisors import Multiprocess

    sock = config.bind_socket()
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    with contextlib.suppress(KeyboardInterrupt):
        Multiprocess(config, sockets=[sock]).run()


@click.group("users")
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
    help="A director sets sessions up and publishes them; a scorer enters and corrects.",
)
@click.option(
    "--password-stdin",
    is_flag=True,
    help="Read the password from the first line of standard input (no prompt).",
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
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = click.prompt("Password", hide_input=True, confirmation_prompt=True)
    try:
        hashed = auth.hash_password(password)
    except ValueError as error:
        raise UsageProblem(str(error)) from None
    with _store(db) as store:
        user = store.add_user(username, hashed, role, club)
    click.echo(f"added {user.role} {user.username!r} of {user.club!r}")
