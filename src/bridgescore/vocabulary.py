"""The base of every closed vocabulary read from text: seats, strains, rule settings, field
structures, scoring methods ...

A vocabulary is an enum whose members are read by :meth:`Vocabulary.parse` from their word (the
member's value) or an alias, without regard to case or surrounding space, ``_`` or a space
standing for ``-``; anything else is refused naming what was expected. Each vocabulary says
what it is called in that message, its aliases and the characters it ignores where it is
declared::

    class Strain(Vocabulary, what=N_("a strain"), aliases={"N": "NT"}):
        ...

Members are single objects, equal only to themselves: they are compared with ``is`` and hashed
by identity (in C: Enum hashes each member's name in Python, a cost paid millions of times when
a large session's records are keyed by seat, side or vulnerability).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Self

from bridgescore.errors import ParseError
from bridgescore.languages import N_
from bridgescore.languages.text import Text

# Each vocabulary's words (its members' and its aliases', as compared), made when first read.
_WORDS: dict[type[Vocabulary], dict[str, Any]] = {}


class Vocabulary(Enum):
    """A closed vocabulary: members read from text by :meth:`parse`, shown by their word."""

    _what: str  # what the vocabulary is called in a message: "a seat"
    _aliases: dict[str, str]  # other words for a member: alias -> the member's own word
    _ignored: str  # characters a word may hold anywhere that do not count: "-/" in "N-S"

    __hash__ = object.__hash__

    def __init_subclass__(
        cls,
        *,
        what: str | None = None,
        aliases: Mapping[str, str] | None = None,
        ignored: str = "",
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        cls._what = what or f"a {cls.__name__}"
        cls._aliases = dict(aliases or {})
        cls._ignored = ignored

    @classmethod
    def key(cls, text: str) -> str:
        """How a word is compared: without case or surrounding space, ``_`` and spaces as
        ``-``, and without the characters the vocabulary ignores."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        for character in cls._ignored:
            key = key.replace(character, "")
        return key

    @classmethod
    def parse(cls, text: str) -> Self:
        """The member ``text`` names, by its word or an alias; a :class:`ParseError` that says
        what was expected otherwise."""
        words = _WORDS.get(cls)
        if words is None:
            words = {cls.key(str(member.value)): member for member in cls}
            words.update({cls.key(alias): cls(word) for alias, word in cls._aliases.items()})
            _WORDS[cls] = words
        found: Self | None = words.get(cls.key(text))
        if found is None:
            raise ParseError(
                Text(
                    N_("not %(what)s: %(text)s (expected %(cls)s)"),
                    what=Text(cls._what),
                    text=repr(text),
                    cls=cls.choices(),
                )
            )
        return found

    @classmethod
    def choices(cls) -> str:
        """The members' words as a sentence names them: ``mitchell, howell or individual``."""
        words = [str(member) for member in cls]
        if len(words) == 1:
            return words[0]
        return Text(N_("%(words)s or %(last)s"), words=", ".join(words[:-1]), last=words[-1])

    def __str__(self) -> str:
        return str(self.value)


__all__ = ["Vocabulary"]
