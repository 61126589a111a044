"""Click's own words in the user's language: ``Usage:``, ``Options``, ``Show the version and
exit.``, ``Error: No such option …``, ``Missing argument``, ``[default: …]``.

Click asks the standard ``gettext.gettext`` for them, which reads compiled catalogues (``.mo``
files) of the process's text domain from a folder, choosing the language from the environment.
That is click's supported way to be translated, and gettext has no other: so, for the run of a
command, the ``click`` domain of our catalogues in the command's language is compiled into a
temporary folder, bound as the text domain ``bridgescore`` and made the process's domain;
afterwards the domain is what it was and the folder is gone. English binds nothing: click's
words are its own.

The catalogue is filed under each language gettext will look for, not only ours: gettext reads
the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set, where
:func:`bridgescore.languages.from_environment` passes over a ``LANGUAGE`` naming none of our
languages (``LANGUAGE=de LANG=fr_FR.UTF-8`` is French for bridgescore, so for click too).
"""

from __future__ import annotations

import gettext
import locale
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from bridgescore.languages.catalogues import compiled

#: The text domain click's words are looked up in while a command runs.
DOMAIN = "bridgescore"


@contextmanager
def click_speaks(code: str) -> Iterator[None]:
    """Click's words in the language ``code`` until the end of the block."""
    words = None if code == "en" else compiled(code, "click")
    if words is None:
        yield
        return
    # Imported only for another language than English (the start of every English command).
    import shutil
    import tempfile
    from pathlib import Path

    folder = None
    try:
        folder = tempfile.mkdtemp(prefix="bridgescore-words-")
        for language in {code, *_looked_up(os.environ)}:
            messages = Path(folder, language, "LC_MESSAGES")
            messages.mkdir(parents=True)
            (messages / f"{DOMAIN}.mo").write_bytes(words)
    except OSError:  # no temporary folder to write in: click's words stay its own
        words = None
    previous = gettext.textdomain()
    try:
        if words is not None and folder is not None:
            gettext.bindtextdomain(DOMAIN, folder)
            gettext.textdomain(DOMAIN)
        yield
    finally:
        gettext.textdomain(previous)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _looked_up(environ: Mapping[str, str]) -> set[str]:
    """The languages gettext looks for in ``environ``: each of the first list that is set, as
    its bare language (``fr`` for ``fr_FR.UTF-8``, which gettext tries last)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            tags = environ[name].split(":")
            break
    else:
        return set()
    found = set()
    for tag in tags:
        bare = locale.normalize(tag).partition(".")[0].partition("@")[0].partition("_")[0]
        if bare and bare not in ("C", "POSIX") and "/" not in bare and bare != "..":
            found.add(bare)
    return found
