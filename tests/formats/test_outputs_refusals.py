"""An output refused because it is the command's own input names the file once (``cannot
write x.csv: it is this command's input: …``), and names the input as well only when it is
another name for it (a link, ``./x.csv``); each refusal compared whole, in English, French and
Dutch, exit status 2, the input left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "src" / "bridgescore" / "samples" / "club-night.csv"

ONCE = {
    "C": "bridgescore: cannot write {out}: it is this command's input: bridgescore never writes "
    "over a file it reads (give another name)\n",
    "fr_FR.UTF-8": "bridgescore: impossible d'écrire {out} : c'est le fichier lu par cette "
    "commande : bridgescore n'écrit jamais par-dessus un fichier qu'il lit (donnez un autre "
    "nom)\n",
    "nl_NL.UTF-8": "bridgescore: kan {out} niet schrijven: het is het invoerbestand van deze "
    "opdracht: bridgescore schrijft nooit over een bestand dat het leest heen (geef een andere "
    "naam)\n",
}
OTHER_NAME = {
    "C": "bridgescore: cannot write {out}: it is this command's input {input}: bridgescore "
    "never writes over a file it reads (give another name)\n",
    "fr_FR.UTF-8": "bridgescore: impossible d'écrire {out} : c'est le fichier lu par cette "
    "commande {input} : bridgescore n'écrit jamais par-dessus un fichier qu'il lit (donnez un "
    "autre nom)\n",
}


def _run(tmp_path: Path, language: str, *arguments: str) -> tuple[int, str]:
    env = {"LANG": language, "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        done = CliRunner().invoke(main, list(arguments), env=env)
    assert done.exception is None or isinstance(done.exception, SystemExit), done.exception
    assert "Traceback" not in done.stderr
    return done.exit_code, done.stderr


@pytest.fixture(name="night")
def night_fixture(tmp_path: Path) -> Path:
    path = tmp_path / "night.csv"
    path.write_bytes(SAMPLE.read_bytes())
    return path


@pytest.mark.parametrize("language", list(ONCE))
@pytest.mark.parametrize(
    "command",
    [
        ("score", "night.csv", "-o", "night.csv"),
        ("score", "night.csv", "--format", "json", "-o", "night.csv"),
        ("convert", "night.csv", "night.csv"),
    ],
)
def test_an_output_onto_the_input_names_the_file_once(
    tmp_path: Path, night: Path, language: str, command: tuple[str, ...]
) -> None:
    before = night.read_bytes()
    status, err = _run(tmp_path, language, *command)
    assert (status, err) == (2, ONCE[language].format(out="night.csv"))
    assert night.read_bytes() == before


@pytest.mark.parametrize("language", ["C", "fr_FR.UTF-8"])
def test_exports_and_deals_onto_their_input_name_it_once(
    tmp_path: Path, night: Path, language: str
) -> None:
    status, err = _run(
        tmp_path, language, "export", "night.csv", "--profile", "ebu", "--allow-missing",
        "-o", "night.csv",
    )  # fmt: skip
    # the players the body cannot credit come first, then the refusal, whole
    assert status == 2 and err.endswith(ONCE[language].format(out="night.csv")), err
    hands = tmp_path / "hands.pbn"
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    hands.write_text(
        f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n', encoding="utf-8"
    )
    status, err = _run(tmp_path, language, "deals", "hands.pbn", "-o", "hands.pbn")
    assert (status, err) == (2, ONCE[language].format(out="hands.pbn"))


@pytest.mark.parametrize("language", list(OTHER_NAME))
def test_another_name_for_the_input_names_both(tmp_path: Path, night: Path, language: str) -> None:
    (tmp_path / "link.csv").symlink_to(night)
    for out in ("link.csv", "./night.csv"):
        status, err = _run(tmp_path, language, "score", "night.csv", "-o", out)
        assert (status, err) == (2, OTHER_NAME[language].format(out=out, input="night.csv"))
