"""Hypothesis strategies the scoring's tests share with the formats' (JSON, convert): rule
settings, and sessions with every kind of table result."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

from bridgescore.bridge import Vulnerability
from bridgescore.contract import possible_scores
from bridgescore.rules import ACBL, CLUB, EBU, Compensation
from bridgescore.session import FieldStructure, Session
from bridgescore.traveller import Artificial, BridgeResult, TableResult, WeightedResult

SCORES_LISTED = [-800, -200, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 990]


ARTIFICIAL = ["A", "A+", "A-", "60", "45"]


METHODS = list(Compensation)


RULES = st.builds(
    lambda base, scale, art, short, small, session_rule, across, factor: base.with_(
        scale=scale,
        artificial_method=art,
        short_boards=short,
        short_small_groups=small,
        session_percentage_rule=session_rule,
        sections_across=across,
        factor_mp_totals=factor,
    ),
    st.sampled_from([CLUB, EBU, ACBL]),
    st.sampled_from([1, 2]),
    st.sampled_from([m for m in METHODS if m is not Compensation.NONE]),
    st.sampled_from(METHODS),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)


def _possible(board: int) -> list[int]:
    vulnerable = Vulnerability.for_board(board)
    return [s for s in SCORES_LISTED if s in possible_scores(vulnerable)]


KINDS = ["played"] * 10 + ["pass", "np", "artificial", "split", "assigned", "weighted", "fouled"]


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A Mitchell (or Howell) session in one or two sections, every kind of table result:
    played, passed out, not played, artificial (both sides the same or split), assigned
    points, weighted scores and fouled copies of a board."""
    boards = draw(st.integers(1, 4))
    pairs = draw(st.integers(1, 8))
    sections = draw(st.sampled_from([[None], ["A", "B"]]))
    howell = draw(st.booleans())
    rows = []
    for section in sections:
        for board in range(1, boards + 1):
            possible = _possible(board)
            for pair in range(1, pairs + 1):
                kind = draw(st.sampled_from(KINDS))
                score = st.sampled_from(possible)
                group = None
                ns: WeightedResult | Artificial | None
                ew: WeightedResult | Artificial | None
                if kind == "np":
                    ns = ew = None
                elif kind == "pass":
                    ns = ew = WeightedResult.single(BridgeResult.pass_out())
                elif kind == "artificial":
                    ns = ew = Artificial.parse(draw(st.sampled_from(ARTIFICIAL)))
                elif kind == "split":
                    ns = Artificial.parse(draw(st.sampled_from(ARTIFICIAL)))
                    ew = WeightedResult.single(BridgeResult(draw(score)))
                    if draw(st.booleans()):
                        ns, ew = ew, ns
                elif kind == "assigned":
                    points = draw(st.integers(-30, 30)) * 10
                    ns = ew = WeightedResult.single(BridgeResult.from_score(points, assigned=True))
                elif kind == "weighted":
                    weight = Fraction(draw(st.integers(1, 9)), 10)
                    ns = ew = WeightedResult(
                        (
                            (weight, BridgeResult(draw(score))),
                            (1 - weight, BridgeResult(draw(score))),
                        )
                    )
                else:
                    ns = ew = WeightedResult.single(BridgeResult(draw(score)))
                    if kind == "fouled":
                        group = draw(st.sampled_from(["x", "y"]))
                ew_pair = pairs + pair if howell else pair
                rows.append(
                    TableResult(
                        board,
                        (pair,),
                        (ew_pair,),
                        ns,
                        ew,
                        assigned=kind in ("split", "assigned", "weighted"),
                        group=group,
                        section=section,
                        table=str(pair),
                        round=board,
                    )
                )
    structure = FieldStructure.HOWELL if howell else FieldStructure.MITCHELL
    return Session.build(rows, structure=structure)


# The club rules with the settings the matchpoint properties vary (scale, compensation, short
# boards).
CLUB_RULES = st.builds(
    lambda scale, art, short: CLUB.with_(scale=scale, artificial_method=art, short_boards=short),
    st.sampled_from([1, 2]),
    st.sampled_from(["average", "neuberg", "ratio"]),
    st.sampled_from(["none", "neuberg", "ratio"]),
)
