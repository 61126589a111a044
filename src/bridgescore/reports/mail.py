"""A player's results as an e-mail: the ranking of their field, their score card and their
boards with the hands, as HTML with a plain-text part; after a correction, what changed.

Made from the same page data as the site (:class:`~bridgescore.reports.views.SessionPages`), so
a mail shows the figures the pages show, names as each player lets them be published (the
session given is the published one). :func:`summary` is what a mail tells the player, as plain
data: the store keeps it with the mail, and a later run compares the session's new figures with
it (:func:`changes`) to know who a correction affects and to tell them what changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from fractions import Fraction
from typing import Any

from bridgescore.display import fmt_fixed
from bridgescore.languages import _, current
from bridgescore.reports.analysis import SYMBOLS
from bridgescore.reports.html import environment, holding_text, vulnerability_text
from bridgescore.reports.model import entrant_page
from bridgescore.reports.views import Data, SessionPages
from bridgescore.reports.words import shown
from bridgescore.session import Entrant

_SEATS = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))
_SUITS = (("spades", "S"), ("hearts", "H"), ("diamonds", "D"), ("clubs", "C"))


@dataclass(frozen=True)
class Ask:
    """Where the player asks for a correction (``url``: their own page, a pass in it), and
    until when (the end of the correction period, as the mail says it)."""

    url: str
    until: str

    def board(self, number: int) -> str:
        return f"{self.url}?board={number}"


def own_page(ask: Ask | None, own: str | None) -> str | None:
    """The player's page to choose what the results show of their name: ``own``, or the one
    their link to ask for a correction opens (the same pass)."""
    return own if own is not None or ask is None else f"{ask.url}/name"


@dataclass(frozen=True)
class Mail:
    subject: str
    text: str
    html: str

    def message(self, sender: str, to: str) -> EmailMessage:
        """The mail as sent: multipart/alternative, the plain text first."""
        message = EmailMessage()
        message["Subject"] = self.subject
        message["From"] = sender
        message["To"] = to
        message["Date"] = formatdate(localtime=True)
        message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
        message.set_content(self.text)
        message.add_alternative(self.html, subtype="html")
        return message


def summary(pages: SessionPages, entrant: Entrant) -> dict[str, Any]:
    """What a mail tells the player of their figures: place, totals and each board's result
    and value (exact, as strings), keyed so that two summaries compare as plain data."""
    card = pages.card(entrant)
    value = "imps_exact" if pages.site()["imps"] else "mp_exact"
    return {
        "place": card["place"],
        "field_size": card["field_size"],
        "mp": card["mp_exact"],
        "max": card["max_exact"],
        "percent": card["percent_exact"],
        "masterpoints": card.get("masterpoints_text"),
        "boards": {
            _board_key(row): {
                "result": row["entry"],
                "score": row["score"],
                "value": row[value],
                "percent": row["percent_exact"],
            }
            for row in card["boards"]
        },
    }


def _board_key(row: Mapping[str, Any]) -> str:
    return f"{row['section']}-{row['board']}" if row["section"] else str(row["board"])


def changes(before: Mapping[str, Any], after: Mapping[str, Any], pages: SessionPages) -> list[str]:
    """What differs between two summaries, each a sentence with both figures."""
    rules = pages.result.rules
    unit = _("IMPs") if pages.site()["imps"] else _("matchpoints")
    none = _("none")

    def num(value: str | None) -> str:
        return none if value is None else _num(value, rules)

    def percent(value: str | None) -> str:
        return none if value is None else current().percentage(_num(value, rules))

    said = []
    old_boards, new_boards = before.get("boards", {}), after.get("boards", {})
    for key in sorted({*old_boards, *new_boards}, key=_natural):
        old, new = old_boards.get(key), new_boards.get(key)
        if old == new:
            continue
        if old is None or new is None:
            said.append(
                _("Board %(board)s: added on your card.", board=key)
                if old is None
                else _("Board %(board)s: no longer on your card.", board=key)
            )
            continue
        parts = []
        if old["result"] != new["result"]:
            parts.append(
                _("the result %(old)s is now %(new)s", old=old["result"], new=new["result"])
            )
        if old["score"] != new["score"]:
            parts.append(
                _(
                    "your score %(old)s is now %(new)s",
                    old=_points(old["score"]),
                    new=_points(new["score"]),
                )
            )
        if old["value"] != new["value"]:
            parts.append(f"{unit} {num(old['value'])} → {num(new['value'])}")
        if old["percent"] != new["percent"] and old["percent"] and new["percent"]:
            parts.append(f"{percent(old['percent'])} → {percent(new['percent'])}")
        said.append(_("Board %(board)s: %(changes)s.", board=key, changes="; ".join(parts)))
    if before.get("mp") != after.get("mp"):
        said.append(
            _(
                "Your total: %(old)s → %(new)s %(unit)s.",
                old=num(before.get("mp")),
                new=num(after.get("mp")),
                unit=unit,
            )
        )
    if before.get("percent") != after.get("percent") and after.get("percent"):
        said.append(
            _(
                "Your percentage: %(old)s → %(new)s.",
                old=percent(before.get("percent")),
                new=percent(after.get("percent")),
            )
        )
    if before.get("place") != after.get("place"):
        said.append(
            _("Your place: %(old)s → %(new)s.", old=before.get("place"), new=after.get("place"))
        )
    if before.get("masterpoints") != after.get("masterpoints"):
        said.append(
            _(
                "Your masterpoints: %(old)s → %(new)s.",
                old=before.get("masterpoints") or none,
                new=after.get("masterpoints") or none,
            )
        )
    return said


def _natural(key: str) -> tuple[str, int]:
    section, _, number = key.rpartition("-")
    return (section, int(number))


def _points(score: int | None) -> str:
    if score is None:
        return _("no score")
    return f"{score:+d}" if score else "0"


def compose(
    pages: SessionPages,
    entrant: Entrant,
    *,
    player: str,
    publish: str,
    changed: Sequence[str] | None = None,
    site: str | None = None,
    ask: Ask | None = None,
    own: str | None = None,
) -> Mail:
    """The mail for one player of ``entrant``: ``player`` their name as the mail greets them,
    ``publish`` what they let the results show (said at the foot), ``changed`` what a
    correction changed since their last mail (None: the first mail), ``site`` the results
    site's address when it is published (each page is then a link away), ``ask`` where they
    may ask for a correction while the correction period runs (each board a link), ``own``
    their page to choose what the results show of their name (at the foot; by default the
    one ``ask``'s pass opens)."""
    data = _data(pages, entrant, player=player, publish=publish, changed=changed, site=site)
    data["ask"] = None if ask is None else {"url": ask.url, "until": ask.until}
    data["own"] = own_page(ask, own)
    env = environment(pages.result.rules)
    html = env.get_template("mail.html").render(data=data, site=pages.site())
    return Mail(data["subject"], _text(data, pages), html)


def _data(
    pages: SessionPages,
    entrant: Entrant,
    *,
    player: str,
    publish: str,
    changed: Sequence[str] | None,
    site: str | None,
) -> Data:
    frame = pages.site()
    card = pages.card(entrant)
    rankings = pages.rankings()
    field = next(f for f in rankings["fields"] if f["field"] == card["field"])
    evening = pages.evening(entrant)
    rules = pages.result.rules
    event = str(shown(frame["event"]))
    day = _date(frame["date"])
    date = f", {day}" if day else ""
    if frame["imps"]:
        headline = _(
            "%(place)s of %(size)s, %(imps)s IMPs",
            place=card["place"],
            size=card["field_size"],
            imps=_num(card["mp_exact"], rules),
        )
    else:
        headline = _(
            "%(place)s of %(size)s, %(percent)s",
            place=card["place"],
            size=card["field_size"],
            percent=current().percentage(_num(card["percent_exact"], rules)),
        )
    kind = _("Corrected results") if changed is not None else _("Results")
    return {
        "subject": _(
            "%(kind)s: %(event)s — %(headline)s",
            kind=kind,
            event=f"{event}{date}",
            headline=headline,
        ),
        "kind": kind,
        "event": event,
        "date": day,
        "player": player,
        "publish": publish,
        "headline": headline,
        "changed": list(changed) if changed is not None else None,
        "card": card,
        "field": field,
        "evening": evening,
        "site": site.rstrip("/") + "/" if site else None,
        "page": entrant_page(entrant),
    }


def _num(value: str | None, rules: Any) -> str:
    """A value rounded by the rules, written in the current language's form."""
    if value is None:
        return ""
    return current().number(fmt_fixed(Fraction(value), rules.decimals, rules.rounding))


def _date(value: str | None) -> str | None:
    from bridgescore.reports.html import date_text

    return date_text(value) or None


def _text(data: Data, pages: SessionPages) -> str:
    """The plain-text part: the same content as the HTML, for every mail reader."""
    rules = pages.result.rules
    imps = pages.site()["imps"]
    card = data["card"]
    heading = _(
        "%(kind)s for %(player)s (%(label)s)",
        kind=data["kind"],
        player=data["player"],
        label=card["label"],
    )
    lines = _opening(data, heading, data["changed"])
    unit = _("IMPs") if imps else _("matchpoints")
    totals = f"{_num(card['mp_exact'], rules)} {unit}"
    if not imps:
        totals = _(
            "%(mp)s %(unit)s of %(max)s, %(percent)s",
            mp=_num(card["mp_exact"], rules),
            unit=unit,
            max=_num(card["max_exact"], rules),
            percent=current().percentage(_num(card["percent_exact"], rules)),
        )
    lines.append(
        _(
            "Your result: %(place)s of %(size)s (%(field)s), %(totals)s",
            place=card["place"],
            size=card["field_size"],
            field=shown(card["field_title"]),
            totals=totals,
        )
    )
    if card.get("masterpoints_award"):
        lines.append(
            _(
                "Masterpoints: %(points)s — %(award)s",
                points=card["masterpoints_text"],
                award=shown(card["masterpoints_award"]),
            )
        )
    lines.append("")
    lines.append(_("The ranking: %(field)s", field=shown(data["field"]["title"])))
    you = _(" <- you")
    for row in data["field"]["rankings"]:
        figure = (
            _num(row["mp_exact"], rules)
            if imps
            else current().percentage(_num(row["percent_exact"], rules))
        )
        mark = you if row["label"] == card["label"] else ""
        lines.append(
            f"  {row['place']:>4}  {row['label']:>5}  {figure:>8}  {row['name'] or ''}{mark}"
        )
    lines.append("")
    lines.append(_("Your score card"))
    value = "imps_exact" if imps else "mp_exact"
    board_word, versus, not_played = _("Board"), _("v"), _("not played")
    for row in card["boards"]:
        opponents = ", ".join(o["label"] for o in row["opponents"])
        where = f"  {board_word} {row['board']:>2} {row['direction']} {versus} {opponents}: "
        if row[value] is None:
            lines.append(f"{where}{not_played}")
            continue
        percent = (
            ""
            if imps or row["percent_exact"] is None
            else f" ({current().percentage(_num(row['percent_exact'], rules))})"
        )
        score = "" if row["score"] is None else f" {_points(row['score'])}"
        lines.append(
            f"{where}{_plain(row['entry'])}{score}, {_num(row[value], rules)} {unit}{percent}"
        )
    lines.append("")
    lines.append(_("Your boards"))
    for board in data["evening"]["boards"]:
        lines.append("")
        lines.append(
            _(
                "Board %(board)s — dealer %(dealer)s, vulnerable %(vulnerability)s: %(result)s",
                board=board["board"],
                dealer=board["dealer"],
                vulnerability=vulnerability_text(board["vulnerability"], sentence=True),
                result=_plain(shown(board["result"])),
            )
        )
        if board["hands"]:
            lines += _diagram(board["hands"])
        for said in board["verdict"][:2]:
            lines.append(f"  {_plain(shown(said['text']))}")
    lines.append("")
    lines += _ask(data)
    if data["site"]:
        lines.append(
            _(
                "Your evening, board by board: %(url)s",
                url=f"{data['site']}{data['page']}-evening.html",
            )
        )
        lines.append(_("Every board and score card: %(url)s", url=f"{data['site']}index.html"))
    return "\n".join([*lines, *_footer(data)]) + "\n"


def _opening(data: Data, heading: str, changed: Sequence[str] | None) -> list[str]:
    """The start of a player's mail, pairs or teams: the event, whose results these are, and
    what a correction changed (``changed``: its lines as plain text)."""
    lines = [f"{data['event']}{' — ' + data['date'] if data['date'] else ''}", "", heading, ""]
    if changed is not None:
        lines.append(_("A correction changed your results:"))
        lines += [f"  - {line}" for line in changed] or [f"  - {_('nothing of yours.')}"]
        lines.append("")
    return lines


def _ask(data: Data) -> list[str]:
    """The way to ask the director for a correction, pairs or teams, while the period runs
    (nothing otherwise), and a blank line after it."""
    if not data.get("ask"):
        return []
    return [
        _(
            "Something wrong on a board? Until %(until)s you can ask the director for a "
            "correction, with your reason: %(url)s",
            until=data["ask"]["until"],
            url=data["ask"]["url"],
        ),
        _("(This link is yours: it lets whoever has it ask in your name.)"),
        "",
    ]


def _footer(data: Data) -> list[str]:
    """The end of a player's mail, pairs or teams: what is published of their name, and why
    the mail came, with the way to choose."""
    lines = [
        _(
            "Your name is published as you chose: %(publish)s. This mail went to you because "
            "your address is on your club's list; ask your club to change either.",
            publish=data["publish"],
        )
    ]
    if data.get("own"):
        lines.append(_("Choose what the results show of your name: %(url)s", url=data["own"]))
    return lines


def _plain(text: str | None) -> str:
    """A sentence with suit symbols as letters, for any mail reader's font."""
    if not text:
        return ""
    for strain, symbol in SYMBOLS.items():
        if symbol != "NT":
            text = text.replace(symbol, strain.value)
    return text


def _diagram(hands: Mapping[str, Any]) -> list[str]:
    def hand(seat: str) -> list[str]:
        found = hands.get(seat)
        if not found:
            return [f"({_('not known')})"] + [""] * 3
        return [
            f"{letter} {holding_text(found[suit]).replace(chr(0x2009), ' ')}"
            for suit, letter in _SUITS
        ]

    north, east, south, west = (hand(s) for s, _ in _SEATS)
    lines = [f"{'':22}{line}" for line in north]
    lines += [f"  {w:<40}{e}" for w, e in zip(west, east, strict=True)]
    lines += [f"{'':22}{line}" for line in south]
    return lines


# --- a player's request for a correction: the link asked for, and the director's answer -------


def link_mail(*, event: str, date: str | None, player: str, label: str, ask: Ask) -> Mail:
    """The link to ask for a correction, mailed to a player who asked for it from the score
    card of their pair (``label``) on the results site."""
    date = _date(date)
    when = f" — {date}" if date else ""
    subject = _("Asking for a correction: %(event)s", event=f"{event}{when}")
    dear = _("Dear %(player)s,", player=player)
    asked = _(
        "Someone asked, from the score card of %(label)s, for the link to ask the director for a "
        "correction. Here it is; it works until the correction period ends (%(until)s):",
        label=label,
        until=ask.until,
    )
    yours = _(
        "The link is yours: it lets whoever has it ask in your name. If you did not ask for it, "
        "there is nothing to do: nothing changes unless the director decides so."
    )
    text = "\n".join(
        [f"{event}{when}", "", dear, "", *_wrapped(asked), "", f"  {ask.url}", "", *_wrapped(yours)]
    )
    html = _small_html(
        subject,
        f"{event}{when}",
        [
            _escape(dear),
            _escape(asked),
            f'<a href="{_escape(ask.url)}">{_escape(_("Ask the director for a correction"))}</a>',
            _escape(yours),
        ],
    )
    return Mail(subject, text + "\n", html)


def answer_mail(
    *,
    event: str,
    date: str | None,
    player: str,
    board: int,
    reason: str,
    accepted: bool,
    words: str,
    result: str | None = None,
    ask: Ask | None = None,
) -> Mail:
    """The director's answer to a player's request for a correction of ``board``: accepted
    (``result`` the line's result now) or declined, with the director's ``words``."""
    date = _date(date)
    when = f" — {date}" if date else ""
    subject = (
        _("Your request about board %(board)s: accepted", board=board)
        if accepted
        else _("Your request about board %(board)s: declined", board=board)
    ) + f" — {event}{when}"
    if not accepted:
        decided = _("The director declined it.")
    elif result:
        decided = _("The director accepted it: the result is now %(result)s.", result=result)
    else:
        decided = _("The director accepted it.")
    said = [
        _(
            "You asked for a correction of board %(board)s: “%(reason)s”.",
            board=board,
            reason=reason,
        ),
        decided,
    ]
    if words:
        said.append(_("The director's words: “%(words)s”", words=words))
    if accepted:
        said.append(_("The results everyone sees are corrected with it."))
    dear = _("Dear %(player)s,", player=player)
    text = [f"{event}{when}", "", dear, "", *said]
    paragraphs = [_escape(dear), *(_escape(line) for line in said)]
    if ask is not None:
        answers = _("Your requests and their answers")
        until = _("until %(until)s", until=ask.until)
        text += ["", f"{answers}: {ask.url} ({until})"]
        paragraphs.append(f'<a href="{_escape(ask.url)}">{_escape(answers)}</a> ({_escape(until)})')
    html = _small_html(subject, f"{event}{when}", paragraphs)
    return Mail(subject, "\n".join(text) + "\n", html)


def _wrapped(text: str) -> list[str]:
    """A paragraph of a plain-text mail in lines of at most 80 characters."""
    import textwrap

    return textwrap.wrap(text, 80, break_long_words=False, break_on_hyphens=False)


def _escape(text: str) -> str:
    from html import escape

    return escape(text, quote=True)


def _small_html(title: str, head: str, paragraphs: Sequence[str]) -> str:
    """A short mail's HTML: a heading and paragraphs (already escaped), inline styles only."""
    body = "\n".join(f'<p style="margin:0 0 0.8rem">{p}</p>' for p in paragraphs)
    return (
        f'<!doctype html>\n<html lang="{current().code}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_escape(title)}</title>\n</head>\n"
        '<body style="margin:0;padding:0;background:#ffffff;color:#1d2624;'
        "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;"
        'font-size:16px;line-height:1.45">\n'
        '<div style="max-width:40rem;margin:0 auto;padding:1rem">\n'
        f'<p style="margin:0 0 0.8rem;color:#5b6866;font-size:0.85rem">{_escape(head)}</p>\n'
        f"{body}\n</div>\n</body>\n</html>\n"
    )


__all__ = [
    "Ask",
    "Mail",
    "answer_mail",
    "changes",
    "compose",
    "link_mail",
    "own_page",
    "summary",
]
