"""Small builders for tests: sessions from traveller rows, matchpoints per table; the test users'
password."""

from __future__ import annotations

import ast
import contextlib
import functools
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from bridgescore.errors import BridgeScoreError
from bridgescore.formats import csv as traveller_csv
from bridgescore.languages import use
from bridgescore.results import SessionResult
from bridgescore.rules import CLUB, Rules
from bridgescore.scoring import score_pairs
from bridgescore.session import Session

PASSWORD = "correct horse battery"  # every test user's


@functools.cache
def password_hash() -> str:
    """PASSWORD as a user is stored with it (argon2id, about 0.15 s of a core to make): made
    once a run and given to every test user; each login still verifies it in full."""
    from bridgescore.web import auth

    return auth.hash_password(PASSWORD)


def session(text: str, **options: object) -> Session:
    return traveller_csv.loads(text.strip() + "\n", **options).session  # type: ignore[arg-type]


def scored(text: str, rules: Rules = CLUB, **options: object) -> SessionResult:
    return score_pairs(session(text, **options), rules)


def board_mps(result: SessionResult, board: int) -> list[tuple[Fraction | None, Fraction | None]]:
    """(NS, EW) matchpoints of each table of ``board``, in file order."""
    for b in result.boards:
        if b.board.number == board:
            return [(t.ns_points, t.ew_points) for t in b.tables]
    raise KeyError(board)


def mps(values: list[float | int | None]) -> list[Fraction | None]:
    return [None if v is None else Fraction(str(v)) for v in values]


@contextlib.contextmanager
def unwritable(*paths: Path) -> Iterator[None]:
    """Make files that nobody can write, root included: ``chattr +i`` as root (permissions do
    not stop root), the mode otherwise."""
    root = os.geteuid() == 0
    if root and shutil.which("chattr") is None:
        pytest.skip("chattr is needed to make a file root cannot write")
    for path in paths:
        if root:
            done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
            if done.returncode:
                pytest.skip(f"this file system has no immutable files: {done.stderr.strip()}")
        else:
            path.chmod(0o444)
    try:
        yield
    finally:
        for path in paths:
            if root:
                subprocess.run(["chattr", "-i", str(path)], check=True)
            else:
                path.chmod(0o644)


def plain_refusals(*folders: str) -> list[str]:
    """Where a module of these folders of bridgescore (``"events"``, ``"masterpoints"``) makes
    an error (a call of a name ending in ``Error``) with a plain string, an f-string or a
    concatenation rather than a ``Text`` of a marked message: ``folder/module.py:line``."""
    import bridgescore

    root = Path(bridgescore.__file__).parent
    plain = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                said = node.args[0] if node.args else None
                if node.func.id.endswith("Error") and isinstance(
                    said, ast.JoinedStr | ast.Constant | ast.BinOp
                ):
                    plain.append(f"{path.relative_to(root)}:{node.lineno}")
    return plain


def refusal_in(
    code: str, call: Callable[[], object], error: type[Exception] = BridgeScoreError
) -> str:
    """What ``call`` refuses with, said in the language ``code``: the whole sentence."""
    with use(code):
        with pytest.raises(error) as refused:
            call()
        return str(refused.value)
