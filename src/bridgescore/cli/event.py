"""``score`` and ``report`` given several sessions (files or ``db:ID``): one event, ranked on the
aggregate of its sessions, or a qualifying carried forward into a final (docs/events.md)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgescore.cli.common import UsageProblem
from bridgescore.errors import BridgeScoreError
from bridgescore.languages import N_, _

if TYPE_CHECKING:
    from bridgescore.events import EventRules, EventSession, Ranking
    from bridgescore.masterpoints import Awards

F = TypeVar("F", bound=Callable[..., Any])

_DEFAULTS = {
    "aggregate": "matchpoints",
    "common_top": "neuberg",
    "pairs_by": "players",
    "carry": "ebu",
    "carry_weight": "1",
}


def event_options(func: F) -> F:
    """How several sessions make one event (each needs several FILEs, --final or --qualifiers)."""
    options = [
        click.option(
            "--aggregate",
            type=click.Choice(["matchpoints", "percentages", "imps"]),
            help=N_(
                "Several FILEs: rank on the matchpoints (default), the mean percentage, or IMPs."
            ),
        ),
        click.option(
            "--common-top",
            type=click.Choice(["neuberg", "ratio", "none"]),
            help=N_(
                "Sessions' matchpoints to the largest top by Neuberg (default, as the EBU), "
                "by the ratio of tops, or not at all."
            ),
        ),
        click.option(
            "--pairs-by",
            type=click.Choice(["players", "numbers"]),
            help=N_(
                "Know a pair across sessions by its players (default: national number, club "
                "number, name) or by its number (the pairs kept their numbers)."
            ),
        ),
        click.option(
            "--final",
            "finals",
            multiple=True,
            metavar="FILE",
            type=click.Path(dir_okay=False),
            help=N_("A session of the final (repeat): FILEs are then the qualifying."),
        ),
        click.option(
            "--carry",
            type=click.Choice(["ebu", "percent"]),
            help=N_("With --final: carry forward by the EBU formula (default) or the percentage."),
        ),
        click.option(
            "--carry-weight",
            metavar="W",
            help=N_("With --carry percent: the qualifying counts W times the final (default 1)."),
        ),
        click.option(
            "--qualifiers",
            type=click.IntRange(1, 999),
            help=N_("Show the seeding of a final of this many places from the ranking."),
        ),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def is_event(more: Sequence[str], options: dict[str, Any]) -> bool:
    """Whether the command ranks an event rather than one session; refuses event options
    given with one session."""
    if more or options.get("finals") or options.get("qualifiers"):
        return True
    given = [name for name in _DEFAULTS if options.get(name) is not None]
    if given:
        flag = "--" + given[0].replace("_", "-")
        raise UsageProblem(
            _("%(flag)s ranks several sessions together: give more than one FILE", flag=flag)
        )
    return False


def _rules(options: dict[str, Any]) -> EventRules:
    from bridgescore.events import Aggregate, CommonTop, EventRules, PairsBy

    def get(name: str) -> str:
        value = options.get(name)
        return str(_DEFAULTS[name] if value is None else value)

    return EventRules(
        Aggregate.parse(get("aggregate")),
        CommonTop.parse(get("common_top")),
        PairsBy.parse(get("pairs_by")),
    )


def load_sessions(files: Sequence[str], options: dict[str, Any]) -> list[EventSession]:
    """Each file's session scored under the options' rules; every file's problems together."""
    from bridgescore.cli.options import load
    from bridgescore.events import EventSession
    from bridgescore.results import SessionResult
    from bridgescore.scoring import score

    sessions = []
    problems = []
    for file in files:
        try:
            session, rules, _handicaps = load(file, None, options)
            result = score(session, rules)
        except BridgeScoreError as error:
            problems.append(str(error))
            continue
        if not isinstance(result, SessionResult):
            problems.append(
                _(
                    "%(file)s: a teams session is not added into an event of pairs; a Swiss or "
                    "a league of teams is run with bridgescore swiss or bridgescore competition",
                    file=file,
                )
            )
            continue
        sessions.append(EventSession(file, result))
    if problems:
        raise UsageProblem("\n".join(problems))
    return sessions


def event_pages(
    files: Sequence[str], options: dict[str, Any]
) -> tuple[list[tuple[str, dict[str, Any]]], list[EventSession], tuple[str, ...]]:
    """The event's pages as data (``index``, and ``qualifying`` before a final), every session
    in order, and the fields whose checksum failed."""
    from bridgescore.events import Carry, rank_event, rank_final, seeding
    from bridgescore.reports.events import final_data, ranking_data

    rules = _rules(options)
    qualifying = load_sessions(files, options)
    finals = load_sessions(options.get("finals") or (), options)
    failed = tuple(
        f"{s.label} {field}" for s in qualifying + finals for field in s.result.failed_checksums
    )
    try:
        if finals:
            if options.get("masterpoints"):
                raise UsageProblem(
                    _(
                        "--masterpoints: the awards of a qualifying carried into a final are not "
                        "computed (no federation's rule for them is published where bridgescore "
                        "could read it); award the sessions one by one"
                    )
                )
            weight = _weight(options.get("carry_weight"))
            carry = Carry.parse(options.get("carry") or _DEFAULTS["carry"])
            final, who = rank_final(qualifying, finals, rules, carry, weight)
            return (
                [
                    ("index", final_data(final, who)),
                    ("qualifying", ranking_data(final.qualifying, who)),
                ],
                [*qualifying, *finals],
                failed,
            )
        if options.get("carry") or options.get("carry_weight"):
            raise UsageProblem(_("--carry and --carry-weight carry a qualifying into a --final"))
        ranking, who = rank_event(qualifying, rules)
        places = options.get("qualifiers")
        seeds, note = seeding(ranking, places) if places else ((), None)
        awards = _overall_awards(ranking, options)
        data = ranking_data(ranking, who, seeds=seeds, seeding_note=note, masterpoints=awards)
        return [("index", data)], qualifying, failed
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None


def _overall_awards(ranking: Ranking, options: dict[str, Any]) -> Awards | None:
    """The overall ranking's awards ``--masterpoints`` asks for, or None; strata are one
    session's (``--strata`` refused here)."""
    spec = options.get("masterpoints")
    if not spec:
        if options.get("strata") or options.get("holdings"):
            raise UsageProblem(_("--strata and --holdings stratify --masterpoints acbl:club …"))
        return None
    if options.get("strata") or options.get("holdings"):
        raise UsageProblem(
            _(
                "--strata and --holdings stratify one session's awards; the overall ranking of "
                "an event is not stratified"
            )
        )
    from bridgescore.cli.options import masterpoint_scheme
    from bridgescore.masterpoints.event import award_event

    return award_event(ranking, masterpoint_scheme(spec))


def session_awards(sessions: Sequence[EventSession], options: dict[str, Any]) -> list[Awards]:
    """Each session's own awards under ``--masterpoints`` (none without it)."""
    spec = options.get("masterpoints")
    if not spec:
        return []
    from bridgescore.cli.options import masterpoint_scheme
    from bridgescore.masterpoints import award

    scheme = masterpoint_scheme(spec)
    try:
        return [award(s.result, scheme) for s in sessions]
    except BridgeScoreError as error:
        raise UsageProblem(str(error)) from None


def _weight(text: str | None) -> Fraction:
    if text is None:
        return Fraction(1)
    try:
        weight = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageProblem(
            _("%(option)s: not a number: %(found)s", option="--carry-weight", found=repr(text))
        ) from None
    if weight < 0:
        raise UsageProblem(
            _("%(option)s: %(found)s is less than 0", option="--carry-weight", found=text)
        )
    return weight


def score_event(
    files: Sequence[str], output_format: str, to_file: bool, options: dict[str, Any]
) -> tuple[str, tuple[str, ...]]:
    """``score`` of several sessions: the text or JSON, and the fields whose checksum failed."""
    pages, _sessions, failed = event_pages(files, options)
    data = pages[0][1]
    if output_format == "json":
        if len(pages) > 1:
            data = {**data, "qualifying": {**data["qualifying"], "ranking": pages[1][1]}}
        import json  # an event's JSON alone: not imported for a session's score

        return json.dumps(data, indent=2, ensure_ascii=False) + "\n", failed
    from bridgescore.cli.options import console
    from bridgescore.reports.events import render

    out, buffer = console(to_file)
    if len(pages) > 1:
        render(pages[1][1], out)
    render(data, out)
    return buffer.getvalue(), failed


def report_event(
    files: Sequence[str],
    into: Path,
    double_dummy: bool,
    options: dict[str, Any],
    progress: Callable[[int, int], None] | None,
) -> tuple[str, tuple[str, ...], int]:
    """``report`` of several sessions: the event's pages and each session's site."""
    from bridgescore.reports.events import write_event_site

    pages, sessions, failed = event_pages(files, options)
    written = write_event_site(
        pages,
        sessions,
        into,
        double_dummy=double_dummy,
        progress=progress,
        masterpoints=session_awards(sessions, options),
    )
    results = sum(len(s.result.session.tables) for s in sessions)
    what = _(
        "%(pages)s pages: the event's ranking and %(sessions)s sessions' sites",
        pages=len(written),
        sessions=len(sessions),
    )
    return what, failed, results


def event_rules(options: dict[str, Any]) -> EventRules:
    """The event's rules from ``--aggregate``, ``--common-top`` and ``--pairs-by`` (``export``
    of several sessions ranks them as ``score`` does)."""
    return _rules(options)
