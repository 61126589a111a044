"""``bridgescore mail``: each player's results by e-mail, the club's SMTP server, the addresses
and the log of what was sent (docs/mail.md)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from bridgescore.cli.common import UsageProblem, database
from bridgescore.cli.help import Group
from bridgescore.errors import located
from bridgescore.languages import N_, _, ngettext, written_time

if TYPE_CHECKING:
    from bridgescore.store import Store

# What a mail is, as the command says it sends one.
_KINDS = {
    "results": N_("results"),
    "correction": N_("correction"),
    "answer": N_("the answer to a request"),
    "link": N_("link"),
}

# A log line's outcome as the log stores it, said in the language.
_STATUSES = {"sent": N_("sent"), "failed": N_("failed")}

_DB = click.option(
    "--db", metavar="PATH|URL", help=N_("The club database (default BRIDGESCORE_DB or the user's).")
)


class _MailGroup(Group):
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
@click.option("--dry-run", is_flag=True, help=N_("Say who would get which mail; send nothing."))
@click.option(
    "--player", "only", metavar="PLAYER", help=N_("Only this player (id, kind:number or name).")
)
@click.option(
    "--site",
    metavar="URL",
    help=N_("Where the session's results site is published: each mail links its pages."),
)
@click.option(
    "--server",
    metavar="URL",
    help=N_(
        "The address of the club's bridgescore serve: while the correction period runs, "
        "each mail carries the player's own link to ask the director for a correction."
    ),
)
@click.option(
    "--double-dummy/--no-double-dummy",
    default=True,
    show_default=True,
    help=N_("Solve the known deals for each board's verdict (a few seconds)."),
)
@click.option(
    "--tries", default=3, show_default=True, type=click.IntRange(1, 10), help=N_("Attempts a mail.")
)
@click.option(
    "--pause",
    default=2.0,
    show_default=True,
    type=click.FloatRange(0, 60),
    help=N_("Seconds before the second attempt (twice that before the third ...)."),
)
def send(
    session: str,
    db: str | None,
    dry_run: bool,
    only: str | None,
    site: str | None,
    server: str | None,
    double_dummy: bool,
    tries: int,
    pause: float,
) -> None:
    """Send SESSION's results (db:ID, a stored session) to each of its players with an
    address: the first time everything, after a correction what changed, to the players it
    changed; players whose figures are as last sent get nothing. The director's answers to
    players' requests for corrections go out too.

    \b
    Examples:
      bridgescore mail db:12
      bridgescore mail send db:12 --player "Ann Lee" --site https://club.example.org/tuesday
      bridgescore mail db:12 --server https://scores.example.org
    """
    from bridgescore.cli.options import stored_number

    number = stored_number(session)
    if number is None:
        raise UsageProblem(
            _(
                "%(command)s: %(found)s is not a stored session (expected db:ID)",
                command="mail",
                found=repr(session),
            )
        )
    with database(db) as store:
        failed = _send(store, number, dry_run, only, site, server, double_dummy, tries, pause)
    if failed:
        sys.exit(1)


def _send(
    store: Store,
    number: int,
    dry_run: bool,
    only: str | None,
    site: str | None,
    server: str | None,
    double_dummy: bool,
    tries: int,
    pause: float,
) -> bool:
    """Send (or list) the mails, saying each as it goes; True when some failed."""
    from bridgescore.mailing import NO_SERVER, MailOutcome, MailProblem, send_session

    wanted = None
    if only is not None:
        wanted = store.player(only).id
    store.session(number)  # a session that is not there is said before anything else

    def told(step: MailOutcome) -> None:
        to = f"{step.player} <{step.address}>"
        kind = _(_KINDS.get(step.kind, step.kind))
        if step.status == "no card":
            click.echo(
                "  "
                + _("%(player)s: no score card in this session, nothing sent", player=step.player)
            )
        elif step.status == "would":
            click.echo(
                "  "
                + _(
                    "would send %(kind)s to %(to)s: %(subject)s",
                    kind=kind,
                    to=to,
                    subject=step.subject,
                )
            )
        elif step.status == "sent":
            click.echo("  " + _("sent %(kind)s to %(to)s", kind=kind, to=to))
        elif step.status == "failed":
            tried = ngettext("%(num)d attempt", "%(num)d attempts", step.attempts)
            click.echo(
                "  "
                + _(
                    "FAILED after %(tried)s: %(to)s: %(error)s",
                    tried=tried,
                    to=to,
                    error=step.error,
                ),
                err=True,
            )

    try:
        report = send_session(
            store,
            number,
            dry_run=dry_run,
            only=wanted,
            site=site,
            server=server,
            double_dummy=double_dummy,
            tries=tries,
            pause=pause,
            told=told,
        )
    except MailProblem as problem:
        words = str(problem)
        if words == NO_SERVER:
            words = _(words) + _(
                ": bridgescore mail settings --host HOST --sender ADDRESS "
                "(see bridgescore mail settings --help)"
            )
        raise UsageProblem(located("mail", words)) from None
    if not report.steps:
        if wanted is not None:
            raise UsageProblem(
                _(
                    "mail: %(player)s played no board of session %(number)s or has no address",
                    player=repr(only),
                    number=number,
                )
            )
        click.echo(
            _("No player of session %(number)s has an address: nothing to send.", number=number)
        )
        return False
    if dry_run:
        click.echo(_("Dry run: nothing sent; %(current)s up to date.", current=report.current))
        return False
    failures = report.failed
    corrected = report.corrected
    answers = report.count("sent", "answer")
    click.echo(
        ngettext(
            "Session %(number)s: %(sent)s sent (%(num)d correction), %(current)s up to date, "
            "%(failed)s failed.",
            "Session %(number)s: %(sent)s sent (%(num)d corrections), %(current)s up to date, "
            "%(failed)s failed.",
            corrected,
            number=number,
            sent=report.count("sent", "results", "correction"),
            current=report.current,
            failed=len(failures),
        )
        + (
            " "
            + ngettext(
                "%(num)d answer to requests sent.", "%(num)d answers to requests sent.", answers
            )
            if answers
            else ""
        )
    )
    if failures:
        click.echo(
            "bridgescore: "
            + ngettext(
                "%(num)d mail not sent (logged): run bridgescore mail db:%(number)s again to "
                "send it",
                "%(num)d mails not sent (logged): run bridgescore mail db:%(number)s again to "
                "send them",
                len(failures),
                number=number,
            ),
            err=True,
        )
    return bool(failures)


@mail.command("settings")
@_DB
@click.option("--club", default="club", show_default=True, help=N_("The club the server is for."))
@click.option("--host", help=N_("The SMTP server's name."))
@click.option("--port", type=int, help=N_("Its port (default 587 for starttls, 465 for tls, 25)."))
@click.option(
    "--security",
    type=click.Choice(["starttls", "tls", "none"]),
    help=N_("How the connection is encrypted (default starttls)."),
)
@click.option("--sender", metavar="ADDRESS", help=N_("The address the mails come from."))
@click.option("--username", help=N_("The login, if the server asks for one."))
@click.option(
    "--password-stdin", is_flag=True, help=N_("Read the password from standard input (one line).")
)
@click.option("--no-password", is_flag=True, help=N_("Forget the password kept."))
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
                raise UsageProblem(_("mail settings: a first setting needs --host and --sender"))
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
                    raise UsageProblem(_("mail settings: --password-stdin read no password"))
                new = replace(new, password=line)
            if no_password:
                new = replace(new, password=None)
            side.set_smtp(new, club=club)
            current = side.smtp(club)
            click.echo(_("SMTP server of %(club)s saved.", club=club))
        if current is None:
            click.echo(
                _(
                    "%(club)s has no SMTP server: bridgescore mail settings --host HOST "
                    "--sender ADDRESS",
                    club=club,
                )
            )
            return
        from bridgescore.languages.text import shown

        for name, value in current.described():  # the settings' names as the options take them
            click.echo(f"  {name:<9} {shown(value)}")


@mail.command("address")
@click.argument("player")
@click.argument("email", required=False)
@_DB
@click.option("--remove", is_flag=True, help=N_("Forget the player's address."))
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
        raise UsageProblem(_("mail address: give an address or --remove, not both"))
    with database(db) as store:
        side = PlayersSide(store)
        if email is None and not remove:
            found = store.player(player)
            kept = side.preferences(found.id).email
            click.echo(
                _(
                    "%(name)s (player %(id)s): %(address)s",
                    name=found.name,
                    id=found.id,
                    address=kept or _("no address"),
                )
            )
            return
        changed = side.set_email(player, None if remove else email)
        if remove:
            click.echo(
                _("%(name)s (player %(id)s): address removed", name=changed.name, id=changed.id)
            )
        else:
            click.echo(
                _(
                    "%(name)s (player %(id)s): results go to %(address)s",
                    name=changed.name,
                    id=changed.id,
                    address=email,
                )
            )


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
    from bridgescore.mailing import kind_said
    from bridgescore.store.outreach import PlayersSide

    number = None
    if session is not None:
        number = stored_number(session)
        if number is None:
            raise UsageProblem(
                _(
                    "%(command)s: %(found)s is not a stored session (expected db:ID)",
                    command="mail log",
                    found=repr(session),
                )
            )
    with database(db) as store:
        entries = PlayersSide(store).mail_log(number)
        if not entries:
            click.echo(_("No mail logged."))
            return
        for e in entries:
            status = _(_STATUSES.get(e.status, e.status))
            if e.error is not None:  # the mail server's own words, as it said them
                status = f"{status} ({e.error})"
            tried = ngettext("%(num)d attempt", "%(num)d attempts", e.attempts)
            click.echo(
                _(
                    "%(id)s  %(when)s  db:%(session)s  player %(player)s <%(address)s>  "
                    "%(kind)s: %(status)s%(tried)s",
                    id=f"{e.id:>5}",
                    when=written_time(e.sent_at or e.created_at),
                    session=e.session_id,
                    player=e.player_id,
                    address=e.address or _("erased"),
                    kind=kind_said(e.kind),
                    status=status,
                    tried=_(", %(attempts)s", attempts=tried) if e.attempts != 1 else "",
                )
            )
