"""``bridgescore privacy``: what each player lets the results show of them, and erasure
(docs/privacy.md)."""

from __future__ import annotations

import sys

import click

from bridgescore.cli.common import UsageProblem, database
from bridgescore.cli.help import Group
from bridgescore.languages import N_, _, ngettext

_DB = click.option(
    "--db", metavar="PATH|URL", help=N_("The club database (default BRIDGESCORE_DB or the user's).")
)


@click.group(cls=Group)
def privacy() -> None:
    """What each player lets the results show of them -- full name, initials, number only or
    not shown (their results count either way) -- honoured by every page, JSON, mail and
    report made from the club database; and erasure. See docs/privacy.md.

    \b
    Examples:
      bridgescore privacy set "Ann Lee" initials
      bridgescore privacy show
      bridgescore privacy erase "Ann Lee" --yes
    """


@privacy.command("set")
@click.argument("player")
@click.argument("publish", metavar="full|initials|number|hidden")
@_DB
def set_command(player: str, publish: str, db: str | None) -> None:
    """What the results show of PLAYER (id, kind:number or exact name) from now on: their
    full name, their initials, their number only, or nothing (hidden).

    \b
    Examples:
      bridgescore privacy set "Ann Lee" initials
      bridgescore privacy set ebu:12345 hidden
    """
    from bridgescore.store.outreach import PlayersSide

    with database(db) as store:
        side = PlayersSide(store)
        changed = side.set_publish(player, publish)
        words = side.preferences(changed.id).publish_words
    click.echo(
        _(
            "%(name)s (player %(id)s): published as %(words)s",
            name=changed.name,
            id=changed.id,
            words=_(words),
        )
    )


@privacy.command("show")
@click.argument("player", required=False)
@_DB
@click.option("--club", help=N_("Only this club's players."))
def show(player: str | None, db: str | None, club: str | None) -> None:
    """Each player's publish setting and whether results reach them by e-mail (or PLAYER's).

    \b
    Examples:
      bridgescore privacy show
      bridgescore privacy show "Ann Lee"
    """
    from bridgescore.store.outreach import PlayersSide

    with database(db) as store:
        side = PlayersSide(store)
        if player is not None:
            found = store.player(player)
            choices = [(found, side.preferences(found.id))]
        else:
            choices = side.choices(club)
    for person, chosen in choices:
        erased = _(" (erased)") if chosen.erased_at is not None else ""
        mail = chosen.email or _("no address")
        click.echo(f"{person.id:>5}  {person.name}{erased}: {_(chosen.publish_words)}; {mail}")


@privacy.command("erase")
@click.argument("player")
@_DB
@click.option("--yes", is_flag=True, help=N_("Erase without asking (there is no undo)."))
def erase(player: str, db: str | None, yes: bool) -> None:
    """Pseudonymise PLAYER for good: their name becomes "Player ID" wherever the database holds
    it, their numbers and address go; every score stays as it is. There is no undo.

    \b
    Examples:
      bridgescore privacy erase "Ann Lee" --yes
    """
    from bridgescore.store.outreach import PlayersSide

    with database(db) as store:
        found = store.player(player)
        if not yes and not sys.stdin.isatty():
            raise UsageProblem(
                _(
                    "privacy erase: no terminal to ask at: nothing changed "
                    "(--yes erases without asking)"
                )
            )
        if not yes and not click.confirm(
            _("Erase %(name)s (player %(id)s) for good?", name=found.name, id=found.id),
            default=False,
        ):
            raise UsageProblem(_("privacy erase: not confirmed: nothing changed"))
        done = PlayersSide(store).erase(str(found.id))
    click.echo(
        _(
            "%(name)s is now %(pseudonym)s: %(entrants)s and %(lines)s changed; no score changes.",
            name=found.name,
            pseudonym=done.pseudonym,
            entrants=ngettext("%(num)d pair name", "%(num)d pair names", done.entrants),
            lines=ngettext(
                "%(num)d traveller line", "%(num)d traveller lines", done.traveller_lines
            ),
        )
    )
