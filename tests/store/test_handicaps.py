"""Handicaps from stored sessions (seed 000 SC 2.6), on SQLite and PostgreSQL.

Each session here is built so that every pair's percentage is exactly a chosen figure: two
tables on one board, each given an artificial score (``49.05/50.95``), so the figures of the
seed's examples are what the store records -- no history CSV involved.
"""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.display import fmt
from bridgescore.handicap import player_handicap
from bridgescore.rules import Rounding
from bridgescore.store import Policy, Store
from bridgescore.store.sessions import parse_csv, percentages

SEED_1 = ["49.05", "44.77", "51.02", "46.45", "40.82"]  # SC 2.6 example 1: average 46.42
SEED_2 = ["55.04", "51.63", "47.97", "59.32", "57.48"]  # SC 2.6 example 2: average 54.29
FIRST = date(2026, 1, 6)  # a Tuesday; a session every week


def week(n: int) -> date:
    return FIRST + timedelta(weeks=n)


def session_csv(day: date, tables: list[tuple[str, str, str]]) -> str:
    """One board; table i: NS pair i (names) scores ``percent``, EW pair i the rest."""
    lines = [f"# date: {day.isoformat()}", "board,ns,ew,contract,ns_names,ew_names"]
    for number, (ns_names, ew_names, percent) in enumerate(tables, start=1):
        other = 100 - Fraction(percent)
        other_text = str(other.numerator) if other.denominator == 1 else f"{float(other):.10g}"
        lines.append(f"1,{number},{number},{percent}/{other_text},{ns_names},{ew_names}")
    return "\n".join(lines) + "\n"


def store_session(store: Store, day: date, tables: list[tuple[str, str, str]]) -> int:
    return store.import_rows(parse_csv(session_csv(day, tables)), played_on=day).session_id


def seed_sessions(store: Store) -> None:
    """Five weeks: Ann & Bob score example 1 (Cid & Dee the rest); Eve & Fay example 2 (Gus
    & Hal the rest)."""
    for n in range(5):
        store_session(
            store,
            week(n),
            [
                ("Ann Lee & Bob Roy", "Cid Fox & Dee Gill", SEED_1[n]),
                ("Eve Hart & Fay Ing", "Gus Jay & Hal King", SEED_2[n]),
            ],
        )


def by_name(store: Store, as_of: date) -> dict[str, Fraction | None]:
    return {h.player.name: h.explanation.handicap for h in store.handicaps(as_of)}


def test_the_percentages_are_exactly_the_seeds() -> None:
    tables = [("A B & C D", "E F & G H", "49.05"), ("I J & K L", "M N & O P", "50")]
    rows = parse_csv(session_csv(FIRST, tables))
    assert percentages(rows)[("", "NS", 1, False)] == Fraction("49.05")
    assert percentages(rows)[("", "EW", 1, False)] == Fraction("50.95")


def test_seed_000_examples_from_stored_sessions(store: Store) -> None:
    seed_sessions(store)
    found = by_name(store, week(5))
    # Example 1: 232.11 / 5 = 46.422; handicap 50 - 46.422 = +3.578, shown +3.58.
    assert found["Ann Lee"] == found["Bob Roy"] == Fraction("3.578")
    assert fmt(found["Ann Lee"], 2) == "3.58"
    assert fmt(50 - Fraction("3.578"), 2) == "46.42"
    # Example 2: 271.44 / 5 = 54.288; handicap -4.288, shown -4.29.
    assert found["Eve Hart"] == Fraction("-4.288")
    assert fmt(found["Eve Hart"], 2) == "-4.29"
    # Their opponents scored the rest: the seed's pair example's -3.58 and +4.29.
    assert found["Cid Fox"] == Fraction("-3.578")
    assert found["Gus Jay"] == Fraction("4.288")


def test_seed_000_handicapped_ranking_of_a_stored_session(store: Store) -> None:
    seed_sessions(store)
    sixth = store_session(
        store,
        week(5),
        [
            ("Ann Lee & Bob Roy", "Cid Fox & Gus Jay", "48.40"),
            ("Eve Hart & Fay Ing", "Dee Gill & Hal King", "53.70"),
        ],
    )
    hcp = store.session_handicaps(sixth)
    rows = store.session_rows(sixth)
    percent = percentages(rows)
    # "If his next result is 48.40% then his handicapped result will be 48.40 + 3.58 = 51.98%"
    assert fmt(percent[("", "NS", 1, False)] + hcp[("", "NS", 1, False)], 2) == "51.98"
    # "If his next result is 53.70% then his handicapped result will be 53.70 - 4.29 = 49.41%"
    assert fmt(percent[("", "NS", 2, False)] + hcp[("", "NS", 2, False)], 2) == "49.41"
    # "Player 1 = -3.58, Player 2 = +4.29, Pair handicap = +0.35" (the seed cuts to 2 places)
    pair = hcp[("", "EW", 1, False)]
    assert pair == (Fraction("-3.578") + Fraction("4.288")) / 2 == Fraction("0.355")
    assert fmt(pair, 2, Rounding.TRUNCATE) == "0.35"
    # The command shows the handicap ranking of the stored session.
    shown = CliRunner().invoke(
        main, ["sessions", "show", str(sixth), "--handicapped", "--db", store.url]
    )
    assert shown.exit_code == 0, shown.output
    assert "51.98" in shown.output and "49.41" in shown.output


def _pair_history(store: Store, figures: list[str]) -> list[int]:
    """Zoe Ray & Kim Poe score ``figures`` in successive weeks; returns the session ids."""
    return [
        store_session(
            store,
            week(n),
            [
                ("Zoe Ray & Kim Poe", "Opp One & Opp Two", f),
                ("Pat Lo & Sam Ng", "Ted Xu & Una Vo", "50"),
            ],
        )
        for n, f in enumerate(figures)
    ]


TEN = ["30", "41", "45", "50", "55", "60", "45", "50", "55", "70"]


@pytest.mark.parametrize(
    ("figures", "expected"),
    [
        # 4 sessions: too few for a handicap.
        (["50", "60", "40", "55"], None),
        # 5: all five count, none dropped: 50 - (42+44+46+48+60)/5 = 50 - 48 = +2.
        (["42", "44", "46", "48", "60"], Fraction(2)),
        # 10: drop the best (70) and the worst (30): 50 - 401/8 = -0.125 (all ten: -0.1).
        (TEN, Fraction("-0.125")),
        # 12: only the last 10 count (99 and 1 are older), then as for 10.
        (["99", "1", *TEN], Fraction("-0.125")),
    ],
    ids=["4", "5", "10", "12"],
)
def test_drop_best_and_worst_with_4_5_10_12_sessions(
    store: Store, figures: list[str], expected: Fraction | None
) -> None:
    ids = _pair_history(store, figures)
    zoe = store.handicap("Zoe Ray", week(len(figures)))
    assert zoe.explanation.handicap == expected
    # The library's arithmetic from a list of percentages agrees.
    assert player_handicap([Fraction(f) for f in figures]) == expected
    notes = {i.session_id: i.note for i in zoe.explanation.inputs}
    used = [i.session_id for i in zoe.explanation.inputs if i.used]
    if len(figures) >= 10:
        last_ten = ids[-10:]
        assert notes[last_ten[-1]] == "dropped: the best"  # the 70
        assert notes[last_ten[0]] == "dropped: the worst"  # the 30
        assert used == last_ten[1:-1]
        # Older sessions are counted, not listed (the database picks the last 10).
        assert zoe.explanation.earlier == len(figures) - 10
        assert not set(ids[:-10]) & set(notes)
        if len(figures) == 12:
            assert zoe.explanation.lines()[1] == "  2 earlier sessions: not among the last 10"
        assert "= -0.125" in zoe.explanation.lines()[-1]
    elif len(figures) == 5:
        assert used == ids
        assert zoe.explanation.lines()[-2] == (
            "average of 5: 42 + 44 + 46 + 48 + 60 = 240; / 5 = 48"
        )
        assert zoe.explanation.lines()[-1] == "handicap = 50 - 48 = +2"
    else:
        assert zoe.explanation.source == "none"


def test_as_at_a_date_counts_only_sessions_before_it(store: Store) -> None:
    _pair_history(store, ["42", "44", "46", "48", "60"])
    # As at the fifth session's own date: only the four before it count, so no handicap.
    assert store.handicap("Zoe Ray", week(4), save=True).explanation.handicap is None
    # The day after: all five.
    later = week(4) + timedelta(days=1)
    assert store.handicap("Zoe Ray", later, save=True).explanation.handicap == 2
    # Long before: nothing at all.
    assert store.handicap("Zoe Ray", week(0), save=True).explanation.inputs == ()
    # Reading alone keeps nothing.
    assert store.handicap("Zoe Ray", week(1)).explanation.inputs != ()
    # Each computation kept is a dated snapshot with its inputs.
    kept = store.snapshots("Zoe Ray")
    assert [(s.as_of, s.handicap) for s in kept] == [
        (week(0), None),
        (week(4), None),
        (week(4) + timedelta(days=1), Fraction(2)),
    ]
    assert len(kept[-1].inputs) == 5


def test_other_policies(store: Store) -> None:
    _pair_history(store, ["42", "44", "46", "48", "60"])
    # A rolling period: only the sessions in the month before the date.
    late = week(4) + timedelta(days=1)
    monthly = Policy(minimum=2, months=1)
    zoe = store.handicap("Zoe Ray", late, monthly).explanation
    # 2026-02-04 minus one month is 2026-01-04: every session counts...
    assert zoe.handicap == 2
    # ... but as at 2026-02-20 only those from 2026-01-20 on: 46, 48, 60.
    later = store.handicap("Zoe Ray", date(2026, 2, 20), monthly).explanation
    assert later.handicap == 50 - Fraction(46 + 48 + 60, 3)
    assert later.since == date(2026, 1, 20) and len(later.inputs) == 3
    assert "only sessions from 2026-01-20 count" in later.lines()[1]
    # A fixed handicap for a player without enough history.
    fixed = Policy(fixed=Fraction(3))
    assert store.handicap("Zoe Ray", week(2), fixed).explanation.handicap == 3
    assert store.handicap("Zoe Ray", week(2), fixed).explanation.source == "fixed"
    # A manual override beats every policy from its date on.
    store.set_handicap("Zoe Ray", Fraction("-1.5"), week(3), reason="county player")
    assert store.handicap("Zoe Ray", week(2)).explanation.handicap is None
    forced = store.handicap("Zoe Ray", late).explanation
    assert forced.handicap == Fraction("-1.5") and forced.source == "override"
    assert "county player" in forced.lines()[-1]


def test_the_score_cache_can_be_dropped(store: Store) -> None:
    seed_sessions(store)
    before = by_name(store, week(5))
    store.drop_score_cache()
    assert by_name(store, week(5)) == before


def test_a_correction_changes_the_handicap(store: Store) -> None:
    ids = _pair_history(store, ["42", "44", "46", "48", "60"])
    from bridgescore.night import Service, command_line_actor
    from bridgescore.night.entry import correct

    actor = command_line_actor()
    correct(Service(store), actor, ids[4], "|1|1|1", "50/50", reason="scorer typed 60 for 50")
    # 50 - (42+44+46+48+50)/5 = 50 - 46 = +4
    assert store.handicap("Zoe Ray", week(5)).explanation.handicap == 4


def test_a_bad_policy_is_refused() -> None:
    from bridgescore.store import StoreError

    with pytest.raises(StoreError, match="cannot need 12 sessions from the last 10"):
        Policy(minimum=12)
