"""Every refusal bridgescore can give a user goes through the catalogues: no exception, problem
or refusal is made of a plain English sentence (a string or an f-string with words in it), and
no vocabulary names itself in one (``what="a seat"``), anywhere in the package. A sentence must
be a ``Text(N_(…))`` (said in the reader's language where it is shown) or an ``_()``; the few
left plain are listed below, each with why no user can meet it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bridgescore

PACKAGE = Path(bridgescore.__file__).parent
_WORDS = re.compile(r"[A-Za-z]{2,}")

# What is raised or refused: an exception (``…Error``, ``…Exception``), a reader's ``Problem``,
# a command's ``UsageProblem``, the web app's ``Refused``.
_REFUSAL = re.compile(r"(Error|Exception|Problem|Refused)$|^whole$")
# A program's mistake, never a user's: its words are for the programmer.
_PROGRAMMING = {"AssertionError", "TypeError", "NotImplementedError", "RuntimeError"}

# (module, exception): plain English that no user meets, and why.
LEFT_PLAIN: dict[tuple[str, str], str] = {
    ("languages/__init__.py", "ValueError"): "use() of a language code that is not ours: "
    "the console and the environment choose among ours before it is called",
    ("reports/analysis.py", "ValueError"): "a score that is not on its board: a caller's mistake",
    ("reports/files.py", "OSError"): "the page writer's process failing: handed back to the "
    "writing, which reports why the site could not be written",
    ("reports/guides.py", "ValueError"): "a paper size: the command's choice refuses any other "
    "first",
    ("store/engine.py", "DisconnectionError"): "SQLAlchemy's signal to reconnect, never shown",
    ("store/mail_runs.py", "ValueError"): "a run's reason is the program's own word",
}


def _worded(node: ast.expr) -> bool:
    """A string or f-string with words in it (a sentence), not a bare path or a frame."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(_WORDS.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(
            isinstance(part, ast.Constant) and _WORDS.search(str(part.value))
            for part in node.values
        )
    if isinstance(node, ast.BinOp):
        return _worded(node.left) or _worded(node.right)
    return False


def plain_sentences(root: Path) -> list[str]:
    """Each refusal made of a plain sentence and each vocabulary named in one, under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for keyword in node.keywords:
                    if keyword.arg == "what" and _worded(keyword.value):
                        found.append(f"{module}:{node.lineno}: {node.name}'s what")
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if not _REFUSAL.search(name) or name in _PROGRAMMING:
                continue
            if (module, name) in LEFT_PLAIN:
                continue
            for argument in node.args:
                if _worded(argument):
                    found.append(f"{module}:{node.lineno}: {name}({ast.unparse(argument)[:60]})")
    return found


def test_no_refusal_is_a_plain_english_sentence() -> None:
    assert plain_sentences(PACKAGE) == []


def test_each_refusal_left_plain_is_still_there() -> None:
    """A refusal listed above that is gone, or catalogued since, leaves the list."""
    for module, name in LEFT_PLAIN:
        source = (PACKAGE / module).read_text(encoding="utf-8")
        assert re.search(rf"\b{name}\(\s*f?[\"']", source), (module, name)


def test_a_plain_refusal_would_be_caught(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "from bridgescore.errors import ParseError, Problem\n"
        "class Seat(Vocabulary, what='a seat'):\n    pass\n"
        "def f(x):\n"
        "    raise ParseError(f'not a seat: {x}')\n"
        "def g(x):\n"
        "    return Problem('no name', 3)\n"
        "def h(x):\n"
        "    raise ParseError(Text(N_('not a seat: %(x)s'), x=x))\n"
        "def i(path):\n"
        "    raise OutputError(\"''\", _('no file name was given'))\n"
        "def j():\n"
        "    raise UsageProblem('the SMTP settings: ' + ', '.join(x))\n",
        encoding="utf-8",
    )
    assert plain_sentences(tmp_path) == [
        "a.py:2: Seat's what",
        "a.py:5: ParseError(f'not a seat: {x}')",
        "a.py:7: Problem('no name')",
        "a.py:13: UsageProblem('the SMTP settings: ' + ', '.join(x))",
    ]
