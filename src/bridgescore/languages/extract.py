"""The messages of each domain, read from the sources (Babel's extractors), and the catalogues
brought up to date with them: ``python -m bridgescore.languages.extract`` (``make catalogues``)
after changing a message; translators then fill the empty and fuzzy entries of each ``.po``.
The tests read the same extraction and fail on any message a catalogue lacks."""

from __future__ import annotations

import sys
from importlib.resources import files
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from bridgescore.languages import LANGUAGES
from bridgescore.languages.catalogues import DOMAINS, INDIRECT, KEYWORDS, PACKAGES

PACKAGE = Path(str(files("bridgescore")))
CATALOGUES = PACKAGE / "languages" / "catalogues"


def messages(domain: str) -> Catalog:
    """Every message of ``domain`` in the sources, with where it is used."""
    sources, methods = DOMAINS[domain]
    root = Path(str(files(PACKAGES.get(domain, "bridgescore"))))
    catalog = Catalog(domain=domain, project="bridgescore")
    options = {pattern: {"trimmed": "true"} for pattern, method in methods if method == "jinja2"}
    # The phone's script writes its pages as template literals: their ${…} parts are read too.
    options |= {p: {"parse_template_string": "true"} for p, m in methods if m == "javascript"}
    for source in sources:
        path = root / source
        found = (
            extract_from_dir(path, list(methods), options, keywords=KEYWORDS)
            if path.is_dir()
            else (
                (path.name, *message)
                for message in extract_from_file(methods[0][1], path, keywords=KEYWORDS)
            )
        )
        for filename, lineno, message, comments, context in found:
            where = f"{Path(source, filename).as_posix() if path.is_dir() else source}"
            if domain in PACKAGES:
                where = f"{PACKAGES[domain]}/{where}"
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for message, source, call in INDIRECT.get(domain, ()):
        lines = (root / source).read_text(encoding="utf-8").splitlines()
        at = next((n for n, line in enumerate(lines, 1) if call in line), None)
        if at is None:
            # The package no longer translates it this way: the catalogue should lose it too.
            continue
        where = f"{PACKAGES.get(domain, 'bridgescore')}/{source}"
        if message not in catalog:
            catalog.add(message, None, [(where, at)])
    return catalog


def catalogue(code: str, domain: str) -> Catalog:
    """The catalogue of ``domain`` in ``code`` as the repository holds it (empty if none)."""
    path = CATALOGUES / code / f"{domain}.po"
    if not path.is_file():
        return Catalog(locale=code, domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=domain)


def update() -> list[str]:
    """Bring every catalogue up to date with the sources; the files written."""
    written = []
    for domain in DOMAINS:
        template = messages(domain)
        for code in LANGUAGES[1:]:
            existing = catalogue(code, domain)
            # The file's dates stay as they were: a run that changes no message changes no file.
            template.creation_date = existing.creation_date
            existing.update(template, no_fuzzy_matching=True)
            existing.project, existing.version = "bridgescore", ""
            existing.obsolete.clear()
            path = CATALOGUES / code / f"{domain}.po"
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, existing, width=100, omit_header=False, sort_output=True)
            written.append(str(path.relative_to(PACKAGE.parent.parent)))
    return written


if __name__ == "__main__":
    for name in update():
        sys.stdout.write(f"{name}\n")
