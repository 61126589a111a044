"""Every message shown to a user is in every catalogue, translated: the sources are read as
``make catalogues`` reads them, and a catalogue that lacks a message, leaves it empty or fuzzy,
or drops or adds a placeholder fails here, naming the message and where it is used."""

from __future__ import annotations

import re

import pytest

from bridgescore.languages import LANGUAGES
from bridgescore.languages.catalogues import DOMAINS
from bridgescore.languages.extract import catalogue, messages

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]|\{(\w*)\}")


def _placeholders(text: str) -> set[str]:
    return {m.group(0) for m in _PLACEHOLDER.finditer(text)}


@pytest.mark.parametrize("code", LANGUAGES[1:])
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_is_translated(domain: str, code: str) -> None:
    sources = messages(domain)
    translated = catalogue(code, domain)
    problems = []
    for message in sources:
        if not message.id:
            continue
        where = ", ".join(f"{path}:{line}" for path, line in message.locations[:2])
        entry = translated.get(message.id, context=message.context)
        if entry is None:
            problems.append(f"{where}: {message.id!r} is not in {code}/{domain}.po")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            problems.append(f"{where}: {message.id!r} has no translation in {code}/{domain}.po")
            continue
        wanted = set().union(*(_placeholders(one) for one in ids))
        for string in strings:
            if _placeholders(string) - wanted or (
                len(ids) == 1 and _placeholders(string) != wanted
            ):
                problems.append(
                    f"{where}: {code} {string!r} does not keep the placeholders of {message.id!r}"
                )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES[1:])
@pytest.mark.parametrize("domain", DOMAINS)
def test_no_catalogue_keeps_a_message_the_sources_no_longer_use(domain: str, code: str) -> None:
    used = {message.id for message in messages(domain) if message.id}
    kept = {message.id for message in catalogue(code, domain) if message.id}
    stale = sorted(kept - used, key=str)  # a plural's id is a tuple
    assert not stale, f"{code}/{domain}.po: run make catalogues ({stale[:5]})"
