"""What the XML results readers share: parsing XML safely with each element's line, the
reader base that collects problems on those lines, and the values a traveller row writes
(a result from contract, declarer, tricks and score; a lead either way round).

USEBIO (:mod:`bridgescore.formats.usebio`) and NZ Scorer (:mod:`bridgescore.formats.nzscorer`)
are built on it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from xml.parsers import expat

from bridgescore.bridge import Seat, Vulnerability
from bridgescore.contract import Contract, parse_tricks
from bridgescore.errors import InputFileError, ParseError, Problem, Problems
from bridgescore.languages import N_
from bridgescore.languages.parsers import parser_said
from bridgescore.languages.text import Text
from bridgescore.traveller import Artificial, BridgeResult, SideScore, WeightedResult

_LEAD = re.compile(r"(?i)^(?:([SHDC])(10|[AKQJT2-9])|(10|[AKQJT2-9])([SHDC]))$")
_ARTIFICIAL = re.compile(r"(?i)^A([0-9]{2})([0-9]{2})$")


def parse_xml(text: str | bytes, path: str | None) -> tuple[ET.Element, dict[ET.Element, int]]:
    """Parse XML into an element tree, with the line each element starts on.

    Entity declarations are refused (they serve no purpose in a results file and are the way
    to blow up a parser); external DTDs are never fetched.
    """
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate()

    def start(tag: str, attributes: dict[str, str]) -> None:
        lines[builder.start(tag, attributes)] = parser.CurrentLineNumber

    def entity(name: str, *_: object) -> None:
        raise _EntityDeclared(name, parser.CurrentLineNumber)

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(text, True)
        root = builder.close()
    except expat.ExpatError as error:
        message = expat.errors.messages.get(error.code, str(error))
        raise InputFileError(
            path,
            [
                Problem(
                    Text(
                        N_("not well-formed XML: %(message)s (line %(lineno)s, column %(offset)s)"),
                        message=parser_said(message),
                        lineno=error.lineno,
                        offset=error.offset + 1,
                    ),
                    error.lineno,
                    expected=Text(N_("a complete XML document")),
                )
            ],
        ) from None
    except _EntityDeclared as error:
        raise InputFileError(
            path,
            [
                Problem(
                    Text(N_("entity declarations are not allowed")), error.line, found=error.name
                )
            ],
        ) from None
    except (AssertionError, IndexError, ValueError) as error:  # the builder saw no document
        raise InputFileError(
            path, [Problem(Text(N_("not an XML document (%(error)s)"), error=error))]
        ) from None
    return root, lines


class _EntityDeclared(Exception):
    def __init__(self, name: str, line: int) -> None:
        self.name = name
        self.line = line


class XmlReader:
    """What every XML results reader keeps: the problems found, each on its element's line."""

    def __init__(self, path: str | None, lines: dict[ET.Element, int]) -> None:
        self.path = path
        self.lines = lines
        self.problems = Problems(path)
        self.warnings = Problems(path)  # read, but worth a look

    def problem(
        self,
        message: str,
        element: ET.Element | None = None,
        board: int | None = None,
        found: str | None = None,
        expected: str | None = None,
        table: str | None = None,
    ) -> None:
        line = None if element is None else self.lines.get(element)
        self.problems.report(message, line, board, table, found, expected)

    def fail(self) -> InputFileError:
        return self.problems.error(by_line=True)


def read_result(
    contract_text: str,
    declarer_text: str,
    tricks_text: str,
    score_text: str,
    vulnerability: Vulnerability,
    *,
    relative: bool = True,
) -> tuple[SideScore, SideScore, str | None]:
    """A scored row's result from its contract, declarer, tricks and NS score.

    Returns (NS, EW, warning). ``tricks_text`` is tricks taken (``9``) or relative (``+1``,
    ``=``); the score may be an artificial code ``A6040`` (NS%, EW%). No contract and no score
    is a row not played; ``NP`` with a score of 0 is a pass-out (NZ Scorer's export). The
    score is what the scoring program matchpointed: when the contract and tricks contradict it
    (a typing slip in the contract), the row is read as the bare score, with a warning.
    A bare score must be one some contract can produce at the board's vulnerability.
    ``relative=False`` (USEBIO's TRICKS) takes tricks as a count 0-13 only, so ``-3`` is an
    error rather than "down 3".
    Raises :class:`ParseError` for what cannot be read.
    """
    artificial = _ARTIFICIAL.match(score_text)
    if artificial:
        return _artificial(int(artificial[1])), _artificial(int(artificial[2])), None
    score: int | None = None
    if score_text:
        if not re.fullmatch(r"[+-]?[0-9]{1,5}", score_text) or int(score_text) % 10:
            raise ParseError(
                Text(
                    N_(
                        "not a score: %(score_text)s (expected the NS score, a multiple of 10, or "
                        "an adjusted score like A6040)"
                    ),
                    score_text=repr(score_text),
                )
            )
        score = int(score_text)
    upper = contract_text.upper().replace(" ", "")
    if upper in ("", "NP") and score is None:
        return None, None, None  # not played
    if upper in ("PASS", "P", "ALLPASS", "PASSED", "NP"):
        if score not in (None, 0):
            raise ParseError(
                Text(N_("a passed-out board scores 0, the score says %(score)s"), score=score)
            )
        return *_same(BridgeResult.pass_out()), None
    if not upper:
        assert score is not None
        return *_same(BridgeResult.from_score(score, vulnerability)), None
    contract = Contract.parse(contract_text)
    try:
        declarer = Seat.parse(declarer_text)
    except ParseError:
        raise ParseError(
            Text(
                N_("%(contract)s has no declarer: %(declarer_text)s (expected N, E, S or W)"),
                contract=contract,
                declarer_text=repr(declarer_text),
            )
        ) from None
    if tricks_text and not relative and not re.fullmatch(r"[0-9]{1,2}", tricks_text.strip()):
        raise ParseError(
            Text(
                N_(
                    "not a number of tricks: %(tricks_text)s (expected the tricks declarer took, 0 "
                    "to 13)"
                ),
                tricks_text=repr(tricks_text),
            )
        )
    if tricks_text:
        tricks = parse_tricks(tricks_text, contract)
    elif score is not None:
        found = [t for t in range(14) if contract.ns_score(declarer, t, vulnerability) == score]
        if not found:
            warning = Text(
                N_(
                    "%(contract)s by %(declarer)s cannot score %(score)s with %(words)s: read as "
                    "the score alone"
                ),
                contract=contract,
                declarer=declarer,
                score=f"{score:+d}",
                words=vulnerability.words,
            )
            return *_same(_bare(score, vulnerability, contract, declarer)), warning
        tricks = found[0]
    else:
        raise ParseError(
            Text(
                N_("%(contract)s by %(declarer)s has no result (expected tricks or a score)"),
                contract=contract,
                declarer=declarer,
            )
        )
    result = BridgeResult.played(contract, declarer, tricks, vulnerability)
    if score is not None and score != result.ns_score:
        warning = Text(
            N_(
                "the result contradicts the score: %(result)s with %(words)s is %(ns_score)s to "
                "NS, the score is %(score)s: read as the score alone"
            ),
            result=result,
            words=vulnerability.words,
            ns_score=f"{result.ns_score:+d}",
            score=f"{score:+d}",
        )
        return *_same(_bare(score, vulnerability, contract, declarer)), warning
    return *_same(result), None


def _bare(
    score: int, vulnerability: Vulnerability, contract: Contract, declarer: Seat
) -> BridgeResult:
    """The score alone of a row whose contract does not fit it: still a possible score."""
    try:
        return BridgeResult.from_score(score, vulnerability)
    except ParseError as error:
        raise ParseError(
            Text(
                N_("%(contract)s by %(declarer)s and the score disagree, and %(error)s"),
                contract=contract,
                declarer=declarer,
                error=error,
            )
        ) from None


def read_lead(text: str) -> str | None:
    """A lead, rank first (``AC``) or suit first (``CA``, ``C10``), as a suit-first card."""
    text = text.replace(" ", "")
    if not text:
        return None
    match = _LEAD.match(text)
    if not match:
        raise ParseError(
            Text(N_("not a lead: %(text)s (expected a card like AC or CA)"), text=repr(text))
        )
    suit = (match[1] or match[4]).upper()
    rank = (match[2] or match[3]).upper().replace("10", "T")
    return suit + rank


def _artificial(percent: int) -> Artificial:
    code = {60: "A+", 50: "A", 40: "A-"}.get(percent)
    return Artificial(code, Fraction(percent)) if code else Artificial("%", Fraction(percent))


def _same(result: BridgeResult) -> tuple[SideScore, SideScore]:
    side = WeightedResult.single(result)
    return side, side


__all__ = ["XmlReader", "parse_xml", "read_lead", "read_result"]
