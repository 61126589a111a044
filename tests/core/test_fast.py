"""The numpy fast path gives exactly what the reference engine gives.

Matchpoints: random fields of many boards (ties, pass-outs, artificial scores, boards with fewer
results, factoring to an expected count, both scales, every compensation method, both ways of
finding equal scores) against ``matchpoints.matchpoint`` board by board. Contracts: the lookup
table against ``Contract.score`` on every entry.
"""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from bridgescore import fast  # noqa: E402
from bridgescore.contract import Contract  # noqa: E402
from bridgescore.errors import ParseError  # noqa: E402
from bridgescore.rules import CLUB, Rules  # noqa: E402
from bridgescore.scoring.matchpoints import Entry, Explanation, matchpoint  # noqa: E402
from bridgescore.traveller import Artificial  # noqa: E402

AVERAGE = Entry(artificial=Artificial.parse("A"))

# Few distinct scores, so ties are common; 0 is a pass-out.
SCORES = st.sampled_from([-1100, -200, -100, -50, 0, 0, 50, 90, 110, 140, 420, 450, 620, 1430])
RULES = st.builds(
    lambda scale, art, short: CLUB.with_(scale=scale, artificial_method=art, short_boards=short),
    st.sampled_from([1, 2]),
    st.sampled_from(["average", "neuberg", "ratio"]),
    st.sampled_from(["none", "average", "neuberg", "ratio"]),
)
METHODS = st.sampled_from(["auto", "count", "sort"])


@st.composite
def boards(draw: st.DrawFn, scores: st.SearchStrategy[int] = SCORES) -> list[tuple[list[int], int]]:
    """Boards as (real scores, artificial count): empty boards, lone results and full ones."""
    return draw(
        st.lists(
            st.tuples(
                st.one_of(st.lists(scores, max_size=3), st.lists(scores, max_size=12)),
                st.sampled_from([0, 0, 0, 1, 2, 4]),
            ),
            min_size=1,
            max_size=6,
        )
    )


def flatten(
    field: list[tuple[list[int], int]], shuffle: random.Random
) -> tuple[list[int], list[int], list[int]]:
    """(board index, score) of every real result, shuffled; artificial counts per board."""
    pairs = [(b, s) for b, (scores, _) in enumerate(field) for s in scores]
    shuffle.shuffle(pairs)
    return [b for b, _ in pairs], [s for _, s in pairs], [a for _, a in field]


def exact(
    scores: list[int], artificial: int, rules: Rules, expected: int | None
) -> list[Explanation]:
    entries = [Entry.of(s) for s in scores] + [AVERAGE] * artificial
    return matchpoint(entries, rules, expected)[: len(scores)]


def check(
    field: list[tuple[list[int], int]],
    rules: Rules,
    expected: list[int] | None,
    method: fast.Method,
    shuffle: random.Random,
) -> None:
    board_of, score_of, artificial = flatten(field, shuffle)
    got = fast.matchpoint_boards(
        board_of, score_of, rules, artificial=artificial, expected=expected,
        boards=len(field), method=method,
    )  # fmt: skip
    values = got.values()
    for b, (scores, count) in enumerate(field):
        if not scores:
            continue
        want = exact(scores, count, rules, None if expected is None else expected[b])
        by_score = {s: e for s, e in zip(scores, want, strict=True)}
        mine = got.fractions(b)
        mine_scores = [s for x, s in zip(board_of, score_of, strict=True) if x == b]
        assert mine == [by_score[s].value for s in mine_scores]
        raws = got.raw[np.asarray(board_of) == b].tolist()
        assert raws == [2 * by_score[s].beaten + by_score[s].tied for s in mine_scores]
        assert got.tops[b] == want[0].top
        assert got.results[b] == len(scores) and got.artificial[b] == count
        for value, exact_value in zip(values[np.asarray(board_of) == b], mine, strict=True):
            assert value == pytest.approx(float(exact_value), rel=1e-12, abs=1e-12)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(boards(), RULES, METHODS, st.randoms(use_true_random=False))
def test_matchpoints_agree_with_the_exact_engine(
    field: list[tuple[list[int], int]], rules: Rules, method: fast.Method, shuffle: random.Random
) -> None:
    check(field, rules, None, method, shuffle)


@settings(max_examples=300, deadline=None)
@given(boards(), RULES, METHODS, st.lists(st.integers(0, 12), min_size=6, max_size=6),
       st.randoms(use_true_random=False))  # fmt: skip
@pytest.mark.slow
def test_factoring_to_an_expected_count_agrees(
    field: list[tuple[list[int], int]],
    rules: Rules,
    method: fast.Method,
    extra: list[int],
    shuffle: random.Random,
) -> None:
    """Boards played fewer times, factored to the most results on any board plus some."""
    most = max(len(s) + a for s, a in field)
    expected = [most + extra[b] for b in range(len(field))]
    check(field, rules, expected, method, shuffle)


@settings(max_examples=100, deadline=None)
@given(
    boards(st.integers(-760, 760).map(lambda s: 10 * s)), RULES, METHODS,
    st.randoms(use_true_random=False),
)  # fmt: skip
def test_spread_out_scores_agree(
    field: list[tuple[list[int], int]], rules: Rules, method: fast.Method, shuffle: random.Random
) -> None:
    check(field, rules, None, method, shuffle)


def test_scores_too_spread_out_to_count_are_sorted() -> None:
    scores = [-(10**15), 0, 0, 10**15, 5, 5]
    board_of = [0, 0, 0, 1, 1, 1]
    auto = fast.matchpoint_boards(board_of, scores, CLUB, artificial=[1, 0])
    by_sorting = fast.matchpoint_boards(board_of, scores, CLUB, artificial=[1, 0], method="sort")
    assert auto.numerator.tolist() == by_sorting.numerator.tolist()
    assert auto.fractions(0) == [e.value for e in exact(scores[:3], 1, CLUB, None)]
    with pytest.raises(ParseError, match="too many distinct values"):
        fast.matchpoint_boards(board_of, scores, CLUB, method="count")


def test_neuberg_denominator_is_the_real_results() -> None:
    """Neuberg around u artificial scores: (M + u)·E/A − u, over A."""
    rules = CLUB.with_(artificial_method="neuberg")
    got = fast.matchpoint_boards([0] * 7, [420, 420, 450, 400, 50, -100, 420], rules,
                                 artificial=[2])  # fmt: skip
    assert got.denominator.tolist() == [7]
    assert got.fractions(0)[0] == (Fraction(2 * 3 + 2) + 1) * 9 / 7 - 1  # beat 3, tied 2


def test_an_empty_field() -> None:
    got = fast.matchpoint_boards([], [], CLUB, artificial=[3, 0])
    assert got.values().size == 0 and got.results.tolist() == [0, 0]
    assert got.fractions(0) == []


def test_expected_may_be_one_number_for_every_board() -> None:
    rules = CLUB.with_(short_boards="neuberg")
    got = fast.matchpoint_boards([0, 0, 1, 1, 1], [10, 20, 10, 20, 30], rules, expected=4)
    assert got.expected.tolist() == [4, 4]
    assert got.fractions(0) == [e.value for e in exact([10, 20], 0, rules, 4)]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (dict(board=[0, -1], score=[1, 2]), "board -1 at position 1"),
        (dict(board=[0, 3], score=[1, 2], boards=2), "board 3 at position 1"),
        (dict(board=[0, 1], score=[1.5, 2]), "score must hold whole numbers"),
        (dict(board=[0, 1], score=[1, 2, 3]), "differ in length"),
        (dict(board=[0, 1], score=[1, 2], artificial=[1]), "artificial has 1 counts for 2"),
        (dict(board=[0, 1], score=[1, 2], artificial=[0, -1]), "artificial -1 at position 1"),
        (dict(board=[0, 1], score=[1, 2], expected=[1, 2, 3]), "expected has 3 counts"),
        (dict(board=[0, 1], score=[1, 2], method="fastest"), "not a method"),
        (dict(board=[[0, 1]], score=[[1, 2]]), "one-dimensional"),
    ],
)
def test_bad_matchpoint_input_is_a_parse_error(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        fast.matchpoint_boards(rules=CLUB, **arguments)  # type: ignore[arg-type]


def test_every_problem_is_reported_at_once() -> None:
    with pytest.raises(ParseError) as caught:
        fast.matchpoint_boards([-1, 5], [1, 2], CLUB, boards=2, artificial=[1])
    text = str(caught.value)
    assert "board -1" in text and "board 5" in text and "artificial has 1" in text


# --- contracts ------------------------------------------------------------------------------


def test_the_score_table_is_contract_score_on_every_entry() -> None:
    table = fast.score_table()
    assert table.shape == (7, 5, 3, 2, 14)
    assert not table.flags.writeable
    for level in range(1, 8):
        for s, strain in enumerate(fast.STRAINS):
            for d, doubling in enumerate(fast.DOUBLINGS):
                contract = Contract(level, strain, doubling)
                for vulnerable in (0, 1):
                    for tricks in range(14):
                        assert table[level - 1, s, d, vulnerable, tricks] == contract.score(
                            tricks, bool(vulnerable)
                        ), (contract, vulnerable, tricks)


def test_contract_scores_on_every_combination_at_once() -> None:
    grid = np.indices((7, 5, 3, 2, 14)).reshape(5, -1)
    level, strain, doubling, vulnerable, tricks = grid
    order = np.random.default_rng(1).permutation(level.size)
    got = fast.contract_scores(level[order] + 1, strain[order], doubling[order],
                               vulnerable[order].astype(bool), tricks[order])  # fmt: skip
    want = [
        Contract(int(lv) + 1, fast.STRAINS[s], fast.DOUBLINGS[d]).score(int(t), bool(v))
        for lv, s, d, v, t in zip(*(column[order] for column in grid), strict=True)
    ]
    assert got.tolist() == want
    assert got.dtype == np.int64


def test_contract_scores_take_small_integer_types_and_scalars() -> None:
    level = np.array([7, 7], dtype=np.int8)
    got = fast.contract_scores(level, np.int8(4), 2, True, np.array([13, 0], dtype=np.uint8))
    assert got.tolist() == [Contract.parse("7NTXX").score(13, True),
                            Contract.parse("7NTXX").score(0, True)]  # fmt: skip
    assert int(fast.contract_scores(4, 3, 0, False, 10)) == 420


def test_bad_contracts_are_reported_together() -> None:
    with pytest.raises(ParseError) as caught:
        fast.contract_scores([1, 8, 0], [0, 5, 0], [0, 0, 3], [0, 1, 2], [7, 7, 14])
    text = str(caught.value)
    for part in ("level 8 at position 1 and 1 more", "strain 5", "doubling 3", "vulnerable 2",
                 "tricks 14"):  # fmt: skip
        assert part in text
    with pytest.raises(ParseError, match="differ in length"):
        fast.contract_scores([1, 2], [0, 0, 0], 0, 0, 7)
    with pytest.raises(ParseError, match="whole numbers"):
        fast.contract_scores([1.0], [0], [0], [0], [7])


# --- imported on demand only ----------------------------------------------------------------


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_without_numpy_the_error_says_what_to_install() -> None:
    done = run_python(
        "import sys; sys.modules['numpy'] = None\n"
        "from bridgescore.errors import BridgeScoreError\n"
        "try:\n    import bridgescore.fast\n"
        "except BridgeScoreError as error:\n    print(error)\n"
    )
    assert done.returncode == 0, done.stderr
    assert "needs numpy" in done.stdout and "bridgescore[fast]" in done.stdout


def test_the_package_and_the_cli_do_not_import_numpy() -> None:
    done = run_python(
        "import sys, bridgescore, bridgescore.cli\n"
        "print(sorted(m for m in ('numpy', 'bridgescore.fast') if m in sys.modules))"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
