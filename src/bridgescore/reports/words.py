"""Words shared by the terminal and the pages: a field's title, the rules in one line, and
:class:`Text`, a sentence that is data in English and shown in the reader's language (kept in
:mod:`bridgescore.languages.text`, where the rules' explanations use it too).

Kept apart from :mod:`bridgescore.reports.model` so that printing the rankings does not build
the recap sheet's and score cards' records (start-up time: ``bridgescore score``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bridgescore.languages import N_, pgettext
from bridgescore.languages.text import Figure, Percentage, Text, counted, shown
from bridgescore.rules import Method
from bridgescore.session import FieldStructure

if TYPE_CHECKING:
    from bridgescore.results import SessionResult

__all__ = [
    "Figure",
    "Percentage",
    "Text",
    "counted",
    "field_title",
    "joined",
    "rules_summary",
    "shown",
]


def joined(items: Sequence[Any]) -> Any:
    """``a``, ``a and b``, ``a, b and c`` in the reader's language."""
    if len(items) <= 1:
        return items[0] if items else ""
    listed = items[0]
    for item in items[1:-1]:
        listed = Text("%(list)s, %(item)s", list=listed, item=item)
    return Text(N_("%(list)s and %(last)s"), list=listed, last=items[-1])


_FIELD_TITLES = {"NS": N_("North-South"), "EW": N_("East-West"), "ALL": N_("All pairs")}


def field_title(field: str, result: SessionResult) -> Text:
    """``North-South``, ``All pairs``, ``Section A: East-West`` ..."""
    section, _, line = field.rpartition(" ")
    players = result.session.structure is FieldStructure.INDIVIDUAL
    if players and line == "ALL":
        title = Text(N_("All players"))
    elif line in _FIELD_TITLES:
        title = Text(_FIELD_TITLES[line])
    else:
        title = Text("%(line)s", line=line)
    return (
        Text(N_("Section %(section)s: %(title)s"), section=section, title=title)
        if section
        else title
    )


# The settings' values as the rules in words say them (their names in a rule set stay English).
_SETTINGS = {
    "none": N_("none"),
    "average": N_("average"),
    "neuberg": N_("Neuberg"),
    "ratio": N_("ratio"),
    "half-up": N_("half up"),
    "half-even": N_("half to even"),
    "half-away": N_("half away from zero"),
    "sum": N_("sum"),
    "comparisons": N_("comparisons"),
    "results": N_("results"),
}


def _setting(value: object) -> Text:
    name = str(value)
    if name in _SETTINGS:
        return _Named(_SETTINGS[name], name)
    return Text("%(name)s", name=name)


class _Named(Text):
    """A setting's value: its name in English (``half-up``), its words elsewhere."""

    def __new__(cls, message: str, name: str) -> _Named:
        made = str.__new__(cls, name)
        made.message, made.values, made.plural = message, {}, None
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return _Named, (self.message, str(self))


def rules_summary(result: SessionResult) -> Text:
    """The rule set used and what it means, in one line."""
    rules = result.rules
    if rules.method is Method.MATCHPOINTS:
        how = Text(
            N_(
                "%(scale)s matchpoints per result beaten, artificial scores %(artificial)s, "
                "boards played fewer times %(short)s"
            ),
            scale=rules.scale,
            artificial=_setting(rules.artificial_method),
            short=_setting(rules.short_boards),
        )
    elif rules.method is Method.BUTLER:
        how = Text(
            N_("Butler IMPs against a datum dropping %(trim)s at each end, rounded %(rounding)s"),
            trim=rules.datum_trim,
            rounding=_setting(rules.datum_rounding),
        )
    else:
        how = Text(N_("cross-IMPs (%(how)s)"), how=_setting(rules.cross_imps))
    return Text(N_("rules %(label)s: %(how)s"), label=rules.label, how=how)


def vulnerable_said(vulnerability: str) -> str:
    """``None`` and ``All`` after "vulnerable" in a sentence, in the reader's language."""
    if vulnerability == "None":
        return pgettext("a board's vulnerability in a sentence", "None")
    if vulnerability == "All":
        return pgettext("a board's vulnerability in a sentence", "All")
    return vulnerability
