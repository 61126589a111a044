"""A reader's problems are said in the language of whoever reads them: the frame (how many, the
line, board and table, found and expected) and each reader's own sentences, for every kind of
file the readers take. The pseudo-locale ``qps`` accents every translated message, so a plain
word left in what a bad file's problems say is a sentence that did not pass through the
catalogues; the same files in French and Dutch end a command with exit status 2 and their
sentences in the language; JSON keeps the English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main
from bridgescore.errors import BridgeScoreError, InputFileError
from bridgescore.formats import load_path
from bridgescore.formats.csv import COLUMNS
from bridgescore.formats.hands import KINDS, read_path
from bridgescore.languages import use
from tests.formats.bad_files import hand_records, results_files

_WORD = re.compile(r"[A-Za-z]{2,}")
# Quoted input, and the parts of a notation a message writes in angle brackets (``<first>``:
# the pseudo-locale leaves them as it leaves a tag, the languages translate them).
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|<[^<>]*>")
# Notation a sentence writes as it is, in every language (sides, no trumps, the PBN tags).
_NOTATION = {
    "NS",
    "EW",
    "NT",
    "XX",
    "PASS",
    "None",
    "All",
    "bridgescore",
    "boards",
    "UTF",
    "CSV",
    "PBN",
}
# A traveller CSV's columns are named as the file names them.
_COLUMNS = set(_WORD.findall(" ".join(COLUMNS)))
# The hand-record formats are named by their names and extensions.
_KINDS = {name for kind in KINDS for name in (kind, kind.upper())}


def _file(tmp_path: Path, group: str, name: str, data: bytes) -> Path:
    path = tmp_path / group / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    return path


def _said(path: Path, code: str, hands: bool) -> InputFileError:
    with use(code), pytest.raises(InputFileError) as caught:
        (read_path if hands else load_path)(path)
    return caught.value


def _left(error: InputFileError, path: Path, data: bytes) -> set[str]:
    """The plain words of ``error``'s message that are neither quoted input, nor the input's own
    words (a column's, a tag's or an element's name), nor notation."""
    said = _QUOTED.sub("", str(error).replace(str(path), ""))
    return (
        set(_WORD.findall(said))
        - set(_WORD.findall(data.decode("latin-1")))
        - _NOTATION
        - _COLUMNS
        - _KINDS
    )


CASES = [("results", name, data) for name, data in results_files().items()] + [
    ("hands", name, data) for name, data in hand_records().items()
]


@pytest.mark.parametrize(("group", "name", "data"), CASES, ids=[f"{g}/{n}" for g, n, _ in CASES])
def test_every_problem_of_a_bad_file_is_said_in_the_pseudo_locale(
    tmp_path: Path, group: str, name: str, data: bytes
) -> None:
    path = _file(tmp_path, group, name, data)
    error = _said(path, "qps", group == "hands")
    assert not _left(error, path, data), (sorted(_left(error, path, data)), str(error))
    # Translated, not emptied: every problem is there, accented.
    english = _said(path, "en", group == "hands")
    assert len(error.problems) == len(english.problems)
    assert str(error).count("\n") == str(english).count("\n")


def test_the_bad_files_say_many_different_sentences(tmp_path: Path) -> None:
    """The files above are worth their name: they reach many of the readers' sentences."""
    messages = set()
    for group, name, data in CASES:
        error = _said(_file(tmp_path, group, name, data), "en", group == "hands")
        assert len(error.problems) >= 1
        messages |= {getattr(p.message, "message", p.message) for p in error.problems}
    assert len(messages) >= 95, len(messages)


def _run(language: str, *arguments: str) -> tuple[int, str, str]:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = CliRunner().invoke(main, list(arguments), env=env)
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    return done.exit_code, done.stdout, done.stderr


# A few sentences by hand: what the reader says in French and Dutch of one line it cannot read.
SAID = {
    "bad.csv": (
        [
            "bad.csv:2, donne 1, table 1 : pas un contrat : '4Z' (attendu : un palier de 1 à 7, "
            "une dénomination C D H S NT, puis X ou XX, comme 4S ou 3NTX)",
            "bad.csv:1 : colonne inconnue : trouvé 'weird', attendu : l'une de board, section,",
            "bad.csv:5, donne 3, table 4 : pas une position : 'Q' (attendu : N, E, S ou W)",
            "bad.csv:16 : 12 cellules pour 14 colonnes : trouvé '16,1,8,8,8,4S,S,10,,,,', "
            "attendu : 14 cellules",
            "bad.csv:9, donne 7, table 8 : une donne passée avec un déclarant ou un résultat "
            "(attendu : qu'ils soient vides)",
        ],
        [
            "bad.csv:2, spel 1, tafel 1: geen contract: '4Z' (verwacht: niveau 1-7, "
            "denominatie C D H S NT, dan X of XX, zoals 4S of 3NTX)",
            "bad.csv:1: onbekende kolom: gevonden 'weird', verwacht: een van board, section,",
            "bad.csv:17, spel 17, tafel 9: het resultaat spreekt de score tegen: 4S S = met geen "
            "partij kwetsbaar is +420 voor NZ, de scorekolom zegt +620",
        ],
    ),
    "bad.pbn": (
        [
            "bad.pbn:9, donne 1 : pas un contrat : '8S' : trouvé '8S', attendu : Pass ou "
            "<palier><dénomination><risque>, comme 4SX",
        ],
        [
            "bad.pbn:16, spel 1: foute bieding '2Z': gevonden '2Z', verwacht: Pass, X, XX, AP, - "
            "of een bod zoals 1NT",
        ],
    ),
    "bad-scorer.xml": (
        [
            "bad-scorer.xml:6, donne 1, table 3 : NS 3 v EW 3 : résultat impossible '+9' pour "
            "4S : 19 levées (attendu : de 0 à 13)",
        ],
        [
            "bad-scorer.xml:8, tafel 5: geen spelnummer in bd: gevonden 'x', verwacht: een "
            "getal van 1 tot 9999",
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(SAID))
def test_a_bad_file_is_refused_in_french_and_dutch_with_status_2(tmp_path: Path, name: str) -> None:
    path = _file(tmp_path, "results", name, results_files()[name])
    french, dutch = SAID[name]
    for language, sentences in (("fr_FR.UTF-8", french), ("nl_NL.UTF-8", dutch)):
        status, out, err = _run(language, "score", str(path))
        assert status == 2 and not out and "Traceback" not in err
        said = err.replace(str(path.parent) + "/", "")
        for sentence in sentences:
            assert sentence in said, (sentence, said)


def test_a_bad_hand_record_file_is_refused_in_french_and_dutch(tmp_path: Path) -> None:
    path = _file(tmp_path, "hands", "bad.dlm", hand_records()["bad.dlm"])
    said = str(_said(path, "fr", hands=True)).replace(str(path), "F")
    assert "F:9 : pas une ligne clé=valeur : trouvé 'not a line'" in said, said
    assert "F:6 : la somme de contrôle est 9, attendu : 2 pour 3 donnes (statut Show)" in said
    said = str(_said(path, "nl", hands=True)).replace(str(path), "F")
    assert "F:8, spel 2: geen 26 letters a tot p: gevonden 'xyz', verwacht: een verdeling" in said


def test_english_is_what_it_was_and_json_keeps_it_in_every_language(tmp_path: Path) -> None:
    path = _file(tmp_path, "results", "bad.csv", results_files()["bad.csv"])
    status, _out, english = _run("C.UTF-8", "score", str(path))
    assert status == 2
    assert (
        f"{path}:2, board 1, table 1: not a contract: '4Z' (expected level 1-7, strain C D H S "
        "NT, then X or XX, like 4S or 3NTX)\n" in english
    )
    assert f"{path}:16: 12 cells for 14 columns: found " in english
    # The problems keep their English, whatever the language they were read in.
    error = _said(path, "fr", hands=False)
    with use("fr"):
        assert error.problems[1].describe().startswith("ligne 2, donne 1, table 1 : pas un contrat")
        assert error.problems[1].text() == (
            "line 2, board 1, table 1: not a contract: '4Z' (expected level 1-7, strain C D H S "
            "NT, then X or XX, like 4S or 3NTX)"
        )
        assert str(error.problems[1].message).startswith("not a contract: '4Z'")
        assert json.dumps(error.problems[1].message) == json.dumps(
            "not a contract: '4Z' (expected level 1-7, strain C D H S NT, then X or XX, like 4S "
            "or 3NTX)"
        )


def test_an_error_said_in_the_language_keeps_its_english_sentence() -> None:
    from bridgescore.contract import Contract
    from bridgescore.errors import sentence

    with pytest.raises(BridgeScoreError) as caught:
        Contract.parse("9Z")
    with use("nl"):
        assert str(caught.value).startswith("geen contract: '9Z' (verwacht: niveau 1-7")
        assert sentence(caught.value).startswith("not a contract: '9Z' (expected level 1-7")
    assert str(caught.value).startswith("not a contract: '9Z' (expected")


def test_a_files_warnings_are_said_in_the_language_and_kept_in_english(tmp_path: Path) -> None:
    """What a reader warns of in a file it reads (``score``'s and ``check``'s notes) is said in
    the language; ``Problem.text()``, what ``check --format json`` writes, stays English."""
    from tests.formats.bad_files import warned_files

    path = _file(tmp_path, "results", "warned.pbn", warned_files()["warned.pbn"])
    data = path.read_bytes()
    english = [w.describe() for w in load_path(path).warnings]
    assert english and english[0] == (
        "line 19, board 1: 5 cards on one line, expected at most 4 cards a line in export format"
    )
    with use("qps"):
        warnings = load_path(path).warnings
        said = _QUOTED.sub("", "\n".join(w.describe() for w in warnings))
        assert not set(_WORD.findall(said)) - set(_WORD.findall(data.decode())) - _NOTATION, said
    with use("fr"):
        warnings = load_path(path).warnings
        assert warnings[0].describe() == (
            "ligne 19, donne 1 : 5 cartes sur une ligne, attendu : au plus 4 cartes par ligne en "
            "format d'export"
        )
        assert [w.text() for w in warnings] == english


# The functions a reader says a problem with, and the sources whose sentences they say.
_SAYING = {"ParseError", "RulesError", "Problem", "report", "problem", "_report", "bad_token"}
_READERS = ("formats", "check", "bridge.py", "contract.py", "deal.py", "traveller.py")


def test_no_reader_says_a_sentence_that_is_not_marked_for_the_catalogues() -> None:
    """Beyond the bad files: no call that makes a problem or a reader's error is given an
    English sentence as a plain string (a literal or an f-string): each is a ``Text`` of a
    message marked with ``N_``, translated where it is shown."""
    import ast

    import bridgescore

    root = Path(bridgescore.__file__).parent
    sources = [
        path
        for name in _READERS
        for path in ((root / name).rglob("*.py") if (root / name).is_dir() else [root / name])
    ]
    plain = []
    for path in sources:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in _SAYING:
                continue
            said = [*node.args[:1], *(k.value for k in node.keywords if k.arg == "expected")]
            if name in ("problem", "report", "_report") and len(node.args) > 1:
                said.append(node.args[1])  # a reader's problem(where, message, ...)
            for arg in said:
                if isinstance(arg, ast.JoinedStr):
                    parts = [v.value for v in arg.values if isinstance(v, ast.Constant)]
                    text = " ".join(str(part) for part in parts)
                elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    text = arg.value
                else:
                    continue
                # Words and a space: a sentence (a JSON key or a path such as boards[3] is not).
                if _WORD.search(text) and " " in text.strip():
                    plain.append(f"{path.relative_to(root)}:{arg.lineno}")
    assert not plain, plain
