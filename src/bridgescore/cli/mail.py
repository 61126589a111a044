"""``bridgescore mail``: each player's results by e-mail, the club's SMTP server, the addresses
and the log of what was sent (docs/mail.md)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from bridgescore.cli.common import UsageProblem, database

if TYPE_CHECKING:
    from bridgescore.store import Store

_DB = click.option(
    "--db", metavar="PATH|URL", help="The club database (default BRIDGESCORE_DB or the user's)."
)


class _MailGroup(click.Group):
    """``mail SESSION`` sends; ``mail settings|address|log`` are its other commands."""

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "send", self.commands["send"], args
        return super().resolve_command(ctx, args)

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, "SESSION [OPTIONS] | COMMAND [ARGS]...")


@click.group(cls=_MailGroup)
def mail() -> None:
    """Each player's results by e-mail: the ranking, their score card and their boards with the
    hands, as HTML with a plain-text part, through the club's SMTP server. A player gets a mail
    when they have an address (mail address); run again after a correction, and the players it
    affects get their new figures with what changed. Every mail is logged; a failed one is
    tried again, reported, and sent by the next run.

    \b
    Examples:
      bridgescore mail settings --host smtp.example.org --sender results@example.org \\
          --username results --password-stdin < password.txt
      bridgescore mail address "Ann Lee" ann@example.org
      bridgescore mail db:12
      bridgescore mail db:12 --dry-run
      bridgescore mail log db:12
    """


@mail.command("send")
@click.argument("session", metavar="SESSION")
@_DB
@click.option("--dry-run", is_flag=True, help="Say who would get which mail; send nothing.")
@click.option(
    "--player", "only", metavar="PLAYER", help="Only this player (id, kind:number or name)."
)
@click.option(
    "--site",
    metavar="URL",
    help="Where the session's results site is published: each mail links its pages.",
)
@click.option(
    "--double-dummy/--no-double-dummy",
    default=True,
    show_default=True,
    help="Solve the known deals for each board's verdict (a few seconds).",
)
@click.option(
    "--tries", default=3, show_default=True, type=click.IntRange(1, 10), help="Attempts a mail."
)
@click.option(
    "--pause",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0, 60),
    help="Seconds before the second attempt (twice that before the third ...).",
)
def send(
    session: str,
    db: str | None,
    dry_run: bool,
    only: str | None,
    site: str | None,
    double_dummy: bool,
    tries: int,
    pause: float,
) -> None:
    """Send SESSION's results (db:ID, a stored session) to each of its players with an
    address: the first time everything, after a correction what changed, to the players it
    changed; players whose figures are as last sent get nothing.

    \b
    Examples:
      bridgescore mail db:12
      bridgescore mail send db:12 --player "Ann Lee" --site https://club.example.org/tuesday
    """
    from bridgescore.cli.options import stored_number

    number = stored_number(session)
    if number is None:
        raise UsageProblem(f"mail: {session!r} is not a stored session (expected db:ID)")
    with database(db) as store:
        done = _send(store, number, dry_run, only, site, double_dummy, tries, pause)
    if done:
        sys.exit(1)


def _send(
    store: Store,
    number: int,
    dry_run: bool,
    only: str | None,
    site: str | None,
    double_dummy: bool,
    tries: int,
    pause: float,
) -> bool:
    """Send (or list) the mails; True when some failed."""
    from bridgescore.reports import mail as compose
    from bridgescore.reports.views import SessionPages
    from bridgescore.results import SessionResult
    from bridgescore.store import sessions as ss
    from bridgescore.store.outreach import PlayersSide

    side = PlayersSide(store)
    rows = side.published_rows(number)
    result = ss.scored(rows, None)
    if not isinstance(result, SessionResult):
        raise UsageProblem(
            f"mail: session {number} is a teams match: results by e-mail are for pairs and "
            "individual sessions"
        )
    settings = side.smtp_for_session(number)
    if settings is None and not dry_run:
        raise UsageProblem(
            "mail: the club has no SMTP server yet: bridgescore mail settings --host HOST "
            "--sender ADDRESS (see bridgescore mail settings --help)"
        )
    recipients = side.recipients(number)
    if only is not None:
        wanted = store.player(only).id
        recipients = [r for r in recipients if r.player_id == wanted]
        if not recipients:
            raise UsageProblem(
                f"mail: {only!r} played no board of session {number} or has no address"
            )
    if not recipients:
        click.echo(f"No player of session {number} has an address: nothing to send.")
        return False
    solved: dict[int, Any] = {}
    leads = None
    if double_dummy:
        from bridgescore.reports.analysis import positions
        from bridgescore.reports.leads import Leads
        from bridgescore.reports.views import solve

        solved = solve(result.session.boards.values())
        if solved:
            leads = Leads()
            leads.solve(positions(result.boards))
    pages = SessionPages(result, solved, leads=leads)
    ranked = set(pages.card_entrants())
    last = side.last_sent(number)
    sent = corrected = current = 0
    failures: list[str] = []
    for recipient in recipients:
        entrant = _entrant(recipient.entrant)
        if entrant not in ranked:
            click.echo(f"  {recipient.name}: no score card in this session, nothing sent")
            continue
        figures = compose.summary(pages, entrant)
        before = last.get(recipient.player_id)
        if before is not None and before.summary == figures:
            current += 1
            continue
        changed = None if before is None else compose.changes(before.summary, figures, pages)
        kind = "results" if before is None else "correction"
        words = recipient.publish.words
        made = compose.compose(
            pages, entrant, player=recipient.name, publish=words, changed=changed, site=site
        )
        if dry_run:
            click.echo(
                f"  would send {kind} to {recipient.name} <{recipient.email}>: {made.subject}"
            )
            continue
        assert settings is not None
        outcome = _deliver(settings, made.message(settings.sender, recipient.email), tries, pause)
        side.log_mail(
            number,
            recipient,
            kind,
            made.subject,
            figures,
            status="sent" if outcome.sent else "failed",
            attempts=outcome.attempts,
            error=outcome.error,
        )
        if outcome.sent:
            sent += 1
            corrected += kind == "correction"
            click.echo(f"  sent {kind} to {recipient.name} <{recipient.email}>")
        else:
            failures.append(f"{recipient.name} <{recipient.email}>: {outcome.error}")
            click.echo(
                f"  FAILED after {outcome.attempts} attempt{'s' if outcome.attempts != 1 else ''}"
                f": {recipient.name} <{recipient.email}>: {outcome.error}",
                err=True,
            )
    if dry_run:
        click.echo(f"Dry run: nothing sent; {current} up to date.")
        return False
    click.echo(
        f"Session {number}: {sent} sent ({corrected} correction{'s' if corrected != 1 else ''}), "
        f"{current} up to date, {len(failures)} failed."
    )
    if failures:
        click.echo(
            f"bridgescore: {len(failures)} mail{'s' if len(failures) != 1 else ''} not sent "
            f"(logged): run bridgescore mail db:{number} again to send "
            f"{'them' if len(failures) != 1 else 'it'}",
            err=True,
        )
    return bool(failures)


def _entrant(key: tuple[str, str, int, bool]) -> Any:
    """A session's entrant from its key as the store keeps it (section, line, number, player)."""
    from bridgescore.bridge import Side
    from bridgescore.session import Entrant

    section, line, number, individual = key
    return Entrant(number, Side(line) if line else None, individual, section or None)


def _deliver(settings: Any, message: Any, tries: int, pause: float) -> Any:
    from bridgescore.reports.smtp import Server, deliver

    server = Server(
        settings.host, settings.port, settings.security, settings.username, settings.password
    )
    return deliver(server, message, tries=tries, pause=pause)


@mail.command("settings")
@_DB
@click.option("--club", default="club", show_default=True, help="The club the server is for.")
@click.option("--host", help="The SMTP server's name.")
@click.option("--port", type=int, help="Its port (default 587 for starttls, 465 for tls, 25).")
@click.option(
    "--security",
    type=click.Choice(["starttls", "tls", "none"]),
    help="How the connection is encrypted (default starttls).",
)
@click.option("--sender", metavar="ADDRESS", help="The address the mails come from.")
@click.option("--username", help="The login, if the server asks for one.")
@click.option(
    "--password-stdin", is_flag=True, help="Read the password from standard input (one line)."
)
@click.option("--no-password", is_flag=True, help="Forget the password kept.")
def settings_command(
    db: str | None,
    club: str,
    host: str | None,
    port: int | None,
    security: str | None,
    sender: str | None,
    username: str | None,
    password_stdin: bool,
    no_password: bool,
) -> None:
    """Show or set the club's SMTP server. The password is kept in the club database (the
    server needs it) and never shown back: the settings say only whether one is set.

    \b
    Examples:
      bridgescore mail settings
      bridgescore mail settings --host smtp.example.org --sender results@example.org
      bridgescore mail settings --username results --password-stdin < password.txt
    """
    from dataclasses import replace

    from bridgescore.store.mail import SmtpSettings
    from bridgescore.store.outreach import PlayersSide

    changing = (
        any(v is not None for v in (host, port, security, sender, username))
        or password_stdin
        or no_password
    )
    with database(db) as store:
        side = PlayersSide(store)
        current = side.smtp(club)
        if changing:
            if current is None and (host is None or sender is None):
                raise UsageProblem("mail settings: a first setting needs --host and --sender")
            chosen = security or (current.security if current else "starttls")
            base = current or SmtpSettings(host or "", 0, chosen, sender or "")
            new = replace(
                base,
                host=host or base.host,
                security=chosen,
                sender=sender or base.sender,
                username=base.username if username is None else (username or None),
            )
            default_port = {"starttls": 587, "tls": 465, "none": 25}[chosen]
            new = replace(
                new, port=port or (base.port if current and not security else default_port)
            )
            if password_stdin:
                line = sys.stdin.readline().rstrip("\r\n")
                if not line:
                    raise UsageProblem("mail settings: --password-stdin read no password")
                new = replace(new, password=line)
            if no_password:
                new = replace(new, password=None)
            side.set_smtp(new, club=club)
            current = side.smtp(club)
            click.echo(f"SMTP server of {club} saved.")
        if current is None:
            click.echo(
                f"{club} has no SMTP server: bridgescore mail settings --host HOST --sender ADDRESS"
            )
            return
        for name, value in current.described():
            click.echo(f"  {name:<9} {value}")


@mail.command("address")
@click.argument("player")
@click.argument("email", required=False)
@_DB
@click.option("--remove", is_flag=True, help="Forget the player's address.")
def address(player: str, email: str | None, db: str | None, remove: bool) -> None:
    """Give PLAYER (id, kind:number or exact name) the address their results go to, show it,
    or --remove it.

    \b
    Examples:
      bridgescore mail address "Ann Lee" ann@example.org
      bridgescore mail address ebu:12345 --remove
    """
    from bridgescore.store.outreach import PlayersSide

    if email is not None and remove:
        raise UsageProblem("mail address: give an address or --remove, not both")
    with database(db) as store:
        side = PlayersSide(store)
        if email is None and not remove:
            found = store.player(player)
            kept = side.preferences(found.id).email
            click.echo(f"{found.name} (player {found.id}): {kept or 'no address'}")
            return
        changed = side.set_email(player, None if remove else email)
        if remove:
            click.echo(f"{changed.name} (player {changed.id}): address removed")
        else:
            click.echo(f"{changed.name} (player {changed.id}): results go to {email}")


@mail.command("log")
@click.argument("session", required=False)
@_DB
def log_command(session: str | None, db: str | None) -> None:
    """Every results mail (of SESSION, db:ID, if given): when, to whom, what, and whether it
    was sent or failed (with the error).

    \b
    Examples:
      bridgescore mail log db:12
    """
    from bridgescore.cli.options import stored_number
    from bridgescore.store.outreach import PlayersSide

    number = None
    if session is not None:
        number = stored_number(session)
        if number is None:
            raise UsageProblem(f"mail log: {session!r} is not a stored session (expected db:ID)")
    with database(db) as store:
        entries = PlayersSide(store).mail_log(number)
        if not entries:
            click.echo("No mail logged.")
            return
        for e in entries:
            when = (e.sent_at or e.created_at).strftime("%Y-%m-%d %H:%M")
            status = e.status if e.error is None else f"{e.status} ({e.error})"
            tried = f", {e.attempts} attempts" if e.attempts != 1 else ""
            click.echo(
                f"{e.id:>5}  {when}  db:{e.session_id}  player {e.player_id} "
                f"<{e.address or 'erased'}>  {e.kind}: {status}{tried}"
            )
