"""PBN 2.1 (Portable Bridge Notation) as text: the lenient reader and the export-format writer.

This is the syntax layer: tags, comments, sections and tables as written, and tag inheritance
(§4.8), read into the document model of :mod:`bridgescore.formats.pbn.document`. Each game
read is handed to :class:`~bridgescore.formats.pbn.legality.GameChecker` for the checks the
standard allows from the text alone -- the notation of the well-defined tags, auction and play
legality, notes, tables; sessions are built on top in :mod:`bridgescore.formats.pbn.session`.

The reader never stops at a mistake: every problem is collected with its line as a
:class:`~bridgescore.formats.pbn.document.PbnProblem` (a :class:`~bridgescore.errors.Problem`
with a kind and a severity). *Errors* mean that some text, or a value the scoring layer relies
on, cannot be read; *warnings* mean the text reads but breaks a rule of the standard or
disagrees with other tags. Strict mode raises :class:`~bridgescore.errors.InputFileError` at the
first error.

    >>> doc = loads('[Board "1"]\\n[Contract "4SX"]\\n')
    >>> doc.games[0].get("Contract")
    '4SX'
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from typing import IO, Protocol, cast

from bridgescore.errors import ParseError, Problems, sentence
from bridgescore.formats.pbn.document import (
    _INT,
    _MAX_LINE,
    _MTS_ORDER,
    _NO_INHERITANCE,
    _SECTION_TAGS,
    MANDATORY_TAGS,
    TABLE_TAGS,
    Cell,
    Column,
    Comment,
    CommentKind,
    Game,
    PbnDocument,
    PbnProblem,
    ProblemKind,
    Row,
    SectionLine,
    Severity,
    Table,
    Tag,
    _escape,
    _unescape,
)
from bridgescore.formats.pbn.legality import GameChecker
from bridgescore.languages import N_
from bridgescore.languages.text import Text, counted

__all__ = ["decode", "dump", "dumps", "load", "loads", "read_path", "write_path"]


# --------------------------------------------------------------------------------------------
# Decoding and the json-like API


class _Readable(Protocol):
    def read(self) -> str | bytes: ...


def decode(data: bytes, path: str | None = None) -> tuple[str, str]:
    """Text and encoding of PBN bytes: what a byte-order mark says (UTF-8, UTF-16, UTF-32),
    else UTF-8, else ISO-8859-1 (§2.2). A binary file, or UTF-16 without its mark, is refused
    saying what it is (:func:`bridgescore.formats.files.decode`)."""
    from bridgescore.formats.files import decode as decode_bytes

    return decode_bytes(data, "PBN", path, fallback="latin-1")


def loads(
    text: str, *, strict: bool = False, path: str | None = None, play_checks: bool = False
) -> PbnDocument:
    """Read PBN text; every problem is in ``.problems`` and ``.warnings`` (strict: raise).

    ``play_checks=True`` also follows each auction and play by the rules of bridge (a legal
    auction, no card played twice, revokes marked, agreement with Contract, Declarer and
    Result): more warnings, and about half again the time.  Errors are the same either way.
    """
    text = text.removeprefix("\ufeff")
    return _PbnReader(text, strict=strict, path=path, play_checks=play_checks).read()


def load(
    fp: _Readable, *, strict: bool = False, path: str | None = None, play_checks: bool = False
) -> PbnDocument:
    """Read PBN from a text or binary file object (bytes are decoded with :func:`decode`)."""
    data = fp.read()
    name = path if path is not None else getattr(fp, "name", None)
    name = name if isinstance(name, str) else None
    if isinstance(data, bytes):
        text, encoding = decode(data, name)
        doc = loads(text, strict=strict, path=name, play_checks=play_checks)
        return replace(doc, encoding=encoding)
    return loads(data, strict=strict, path=name, play_checks=play_checks)


def read_path(
    path: str | os.PathLike[str], *, strict: bool = False, play_checks: bool = False
) -> PbnDocument:
    """Read a PBN file (``-``: standard input), its size bounded
    (:func:`bridgescore.formats.files.read_bytes`), decoding its bytes with :func:`decode`."""
    from bridgescore.formats.files import display_name, read_bytes

    name = display_name(os.fspath(path))
    text, encoding = decode(read_bytes(os.fspath(path)), name)
    doc = loads(text, strict=strict, path=name, play_checks=play_checks)
    return replace(doc, encoding=encoding)


def dumps(doc: PbnDocument) -> str:
    """The document in export format (§2.1): header, tags in export order, one blank line
    between games, tables aligned to their column widths.  Lines end with ``"\\n"``."""
    out = ["% PBN 2.1", "% EXPORT"]
    for i, game in enumerate(doc.games):
        if i:
            out.append("")
        out.extend(str(comment) for comment in game.comments)
        for tag in _export_order(game.tags):
            _write_tag(tag, out)
    if doc.comments:
        if doc.games:
            out.append("")
        out.extend(str(comment) for comment in doc.comments)
    return "\n".join(out) + "\n"


def dump(doc: PbnDocument, fp: IO[str]) -> None:
    """Write :func:`dumps` of the document to a text file object."""
    fp.write(dumps(doc))


def write_path(doc: PbnDocument, path: str | os.PathLike[str], encoding: str | None = None) -> None:
    """Write the document in export format with CRLF line ends (§2.3).

    The encoding defaults to the one the document was read with, else ISO-8859-1 when every
    character fits, else UTF-8.
    """
    text = dumps(doc)
    if encoding is None:
        encoding = doc.encoding
    if encoding is None:
        try:
            text.encode("latin-1")
            encoding = "latin-1"
        except UnicodeEncodeError:
            encoding = "utf-8"
    from bridgescore.formats.outputs import write_text

    write_text(os.fspath(path), text.replace("\n", "\r\n"), encoding=encoding)


# --------------------------------------------------------------------------------------------
# Writer


def _export_order(tags: tuple[Tag, ...]) -> list[Tag]:
    """§3.1, §3.4: mandatory tags, other identification tags by name, the auction and the play
    with their notes, then the supplemental sections by name."""
    identification: list[tuple[int, str, int, Tag]] = []
    auction: list[Tag] = []
    play: list[Tag] = []
    supplemental: list[tuple[str, int, Tag]] = []
    group: list[Tag] | None = None
    for i, tag in enumerate(tags):
        if tag.name == "Note" and group is not None:
            group.append(tag)
            continue
        group = None
        if tag.name == "Auction":
            group = auction
            auction.append(tag)
        elif tag.name == "Play":
            group = play
            play.append(tag)
        elif tag.table is not None or tag.section or tag.name in TABLE_TAGS:
            supplemental.append((tag.name, i, tag))
        else:
            rank = _MTS_ORDER.get(tag.name, len(MANDATORY_TAGS))
            identification.append((rank, tag.name if rank == len(MANDATORY_TAGS) else "", i, tag))
    ordered = [tag for *_, tag in sorted(identification, key=lambda t: t[:3])]
    ordered += auction + play
    ordered += [tag for *_, tag in sorted(supplemental, key=lambda t: t[:2])]
    return ordered


def _write_tag(tag: Tag, out: list[str]) -> None:
    out.append(f'[{tag.name} "{_escape(tag.value)}"]')
    out.extend(str(comment) for comment in tag.comments)
    if tag.table is not None:
        for row in tag.table.rows:
            _write_row(tag.table.columns, row, out)
        return
    for line in tag.section:
        text = " ".join(str(item) for item in line.items)
        # A line starting with "%" would read back as an escape line.
        out.append(" " + text if text.startswith("%") and isinstance(line.items[0], str) else text)


def _write_row(columns: tuple[Column, ...], row: Row, out: list[str]) -> None:
    parts = []
    for i, cell in enumerate(row.cells):
        text = str(cell)
        column = columns[i] if i < len(columns) else None
        if column is not None and column.width is not None:
            width = column.width
            text = text.rjust(width) if column.align == "R" else text.ljust(width)
        parts.append(text)
    line = " ".join(parts).rstrip()
    if line.startswith("%"):
        line = " " + line
    escapes = []
    for comment in row.comments:
        if comment.kind is CommentKind.ESCAPE:
            escapes.append(str(comment))
        else:
            line += " " + str(comment)
    out.append(line)
    out.extend(escapes)


# --------------------------------------------------------------------------------------------
# Reader: lexing

_TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\\t]|\\[^\t])*)"\]\Z')
_TAG_INLINE = re.compile(r'\[[ \t\v\f]*([A-Za-z0-9_]+)[ \t\v\f]*"((?:[^"\\]|\\.)*)"[ \t\v\f]*\]')
_STRING_BODY = re.compile(r'(?:[^"\\]|\\.)*"')
# Lines without these take the fast path; str.split() agrees with the lexer on them (it
# would also split at the control and non-ASCII spaces that PBN does not treat as spaces).
_SPECIAL = re.compile(r'[\[\]{};"%\x00-\x08\x0e-\x1f]|[^\x00-\x7f]')
_BLANK = re.compile(r"[ \t]*")  # §3: a semi-empty line ends a game
_SPACE = re.compile(r"[ \t\v\f]*")
_NAME = re.compile(r"[A-Za-z0-9_]+")
_WORD = re.compile(r'[^ \t\v\f\[\]{};"]+')
_VERSION = re.compile(r"%[ \t]*PBN[ \t]+([0-9]+\.[0-9]+)[ \t]*")
_EXPORT = re.compile(r"%[ \t]*EXPORT[ \t]*")
_BAD_CHARACTERS = re.compile(r"[\x00-\x08\x0c\x0e-\x1f\x7f-\x9f]")
_LONG_LINE = re.compile(rf"^[^\n]{{{_MAX_LINE + 1},}}$", re.MULTILINE)
_PLAIN_AP_LINE = re.compile(r"[A-Za-z0-9\- \t]*|[ \t]*[*+][ \t]*")
_AP_TOKEN = re.compile(r'\^.?|=[^=\s]*=?|\$[^\s$=!?^]*|[!?]{1,2}|[A-Za-z0-9-]+|"[^"]*"?|\S')


def _split_ap(token: str) -> list[str]:
    """Split a chunk of an auction or play line into calls/cards and their annotations."""
    if token.isalnum() or token[0] == '"':
        return [token]
    return _AP_TOKEN.findall(token)


class _TagBuilder:
    """A tag being read, until its game ends."""

    __slots__ = ("ap", "comments", "line", "name", "section", "value")

    def __init__(self, name: str, value: str, line: int) -> None:
        self.name = name
        self.value = value
        self.line = line
        self.ap = name in _SECTION_TAGS  # its section holds calls or cards
        self.comments: list[Comment] = []
        self.section: list[SectionLine] = []


class _PbnReader:
    """Reads a whole text: lines are handled by fast paths where the layout is the usual
    one-tag-per-line and plain section lines, by a general lexer otherwise."""

    def __init__(self, text: str, *, strict: bool, path: str | None, play_checks: bool) -> None:
        self.play_checks = play_checks
        self.text = text.replace("\r\n", "\n").replace("\r", "\n")
        self.lines = self.text.split("\n")
        self.strict = strict
        self.path = path
        self.version: str | None = None
        self.export_line: int | None = None
        self.games: list[Game] = []
        # What reading found: errors (strict: raise at the first) and warnings.
        self.errors = Problems(path, strict=strict)
        self.warnings = Problems(path)
        # §4.8 state: the resolved value of each tag in the nearest game that had it, and
        # the "##" defaults in force.
        self.last: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self.comments: list[Comment] = []  # before the first tag of the current game
        self.memo: dict[tuple[str, str], str | None] = {}  # tag value checks: error or None
        self.deals: dict[str, list[int | None]] = {}  # each seat's cards, by Deal value
        # The game being read:
        self.g_board: int | None = None
        self.g_tags: list[_TagBuilder] = []
        self.g_problems: list[PbnProblem] = []
        self.cur: _TagBuilder | None = None  # the last tag, which section data follows
        self.items: list[str | Comment] = []  # section data of the current line
        self.items_line = 0
        self.stray_line = 0  # problems reported once a line
        self.format_line = 0

    # -- problems ------------------------------------------------------------------------

    def _report(
        self,
        message: str,
        line: int | None,
        kind: ProblemKind,
        severity: Severity = Severity.ERROR,
        found: str | None = None,
        expected: str | None = None,
    ) -> None:
        self.g_problems.append(
            PbnProblem(message, line, self.g_board, None, found, expected, kind, severity)
        )

    def _flush_problems(self) -> None:
        board = self.g_board
        problems = sorted(self.g_problems, key=lambda p: p.line or 0)
        if board is not None:
            # Problems found while lexing came before the Board tag was known.
            problems = [p if p.board is not None else replace(p, board=board) for p in problems]
        self.g_problems = []
        self._keep(problems)

    def _keep(self, problems: list[PbnProblem]) -> None:
        for problem in problems:
            (self.errors if problem.is_error else self.warnings).add(problem)

    # -- driving -------------------------------------------------------------------------

    def _new_game(self) -> None:
        self.g_board = None
        self.g_tags = []
        self.g_problems = []
        self.cur = None
        self.items = []
        self.items_line = 0
        self.stray_line = 0
        self.format_line = 0

    def read(self) -> PbnDocument:
        self._scan_characters()
        lines = self.lines
        count = len(lines)
        i = 0
        while i < count:
            line = lines[i]
            if not line or (line[0] in " \t" and _BLANK.fullmatch(line)):
                self._end_game()
                i += 1
            elif line[0] == "%":
                self._escape(line, i)
                i += 1
            elif line[0] == "[" and (m := _TAG_LINE.match(line)) is not None:
                # The usual tag line, [Name "value"] alone: _found_tag without its checks.
                raw = m[2]
                builder = _TagBuilder(m[1], _unescape(raw) if "\\" in raw else raw, i + 1)
                self.g_tags.append(builder)
                self.cur = builder
                i += 1
            elif self.cur is not None and _SPECIAL.search(line) is None:
                tokens = line.split()
                if self.cur.ap and _PLAIN_AP_LINE.fullmatch(line) is None:
                    tokens = [piece for token in tokens for piece in _split_ap(token)]
                self.cur.section.append(SectionLine(tuple(tokens), i + 1))
                i += 1
            else:
                i = self._lex(i)
        self._end_game()
        if self.g_problems:  # problems of a trailing block without tags
            self._flush_problems()
        errors = cast(list[PbnProblem], sorted(self.errors, key=lambda p: p.line or 0))
        warnings = cast(list[PbnProblem], sorted(self.warnings, key=lambda p: p.line or 0))
        return PbnDocument(
            games=tuple(self.games),
            comments=tuple(self.comments),
            version=self.version,
            export=self.export_line is not None,
            path=self.path,
            problems=tuple(errors),
            warnings=tuple(warnings),
        )

    def _scan_characters(self) -> None:
        """Line length (§2.3) and characters PBN does not use (§2.2), over the whole text."""
        text = self.text
        for m in _LONG_LINE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            self._report(
                Text(N_("line of %(m_count)s characters"), m_count=len(m.group())),
                line,
                ProblemKind.FORMAT,
                Severity.WARNING,
                expected=Text(N_("at most %(most)s characters"), most=_MAX_LINE),
            )
        reported = 0
        for m in _BAD_CHARACTERS.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if line != reported:
                reported = line
                self._report(
                    Text(
                        N_("character U+%(value)s is not used in PBN"),
                        value=f"{ord(m.group()):04X}",
                    ),
                    line,
                    ProblemKind.CHARACTER,
                    Severity.WARNING,
                    expected=Text(N_("printing ISO 8859-1 characters")),
                )
        self._keep(self.g_problems)
        self.g_problems = []

    def _end_game(self) -> None:
        self._flush_items()
        if self.g_tags:
            self._finish_game()
        elif self.g_problems:
            self._flush_problems()
        self._new_game()

    def _escape(self, line: str, i: int) -> None:
        line = line.rstrip()  # as the comment would keep it, so it writes back the same
        if (m := _VERSION.fullmatch(line)) is not None:
            self.version = self.version or m[1]
        elif _EXPORT.fullmatch(line):
            if self.export_line is None:
                self.export_line = i + 1
        else:
            self._comment(Comment(line[1:], CommentKind.ESCAPE, i + 1))

    def _found_tag(self, name: str, raw: str, line: int, *, exact: bool, bad: bool = False) -> None:
        self._flush_items()
        if "\t" in raw:
            self._report(
                Text(N_("tab inside the value of %(name)s"), name=name),
                line,
                ProblemKind.CHARACTER,
                found=raw,
                expected=Text(N_("no tabs inside strings (§2.3)")),
            )
            bad = True
        if not exact and not bad and self.export_line is not None and self.format_line != line:
            self.format_line = line
            self._report(
                Text(N_('tag %(name)s is not alone on its line as [Name "value"]'), name=name),
                line,
                ProblemKind.FORMAT,
                Severity.WARNING,
                expected=Text(N_("export format (§3.3)")),
            )
        builder = _TagBuilder(name, _unescape(raw), line)
        self.g_tags.append(builder)
        self.cur = builder

    def _comment(self, comment: Comment) -> None:
        cur = self.cur
        if cur is None:
            self.comments.append(comment)
        elif self.items or cur.section:
            if comment.kind is CommentKind.ESCAPE:
                self._flush_items()
                cur.section.append(SectionLine((comment,), comment.line))
            else:
                if not self.items:
                    self.items_line = comment.line or 0
                self.items.append(comment)
        else:
            cur.comments.append(comment)

    def _data(self, token: str, i: int) -> None:
        cur = self.cur
        if cur is None:
            if self.stray_line != i + 1:
                self.stray_line = i + 1
                self._report(
                    Text(N_("text before the first tag of a game")),
                    i + 1,
                    ProblemKind.MISPLACED,
                    found=self.lines[i].strip(),
                    expected=Text(N_("a tag pair, a comment or an empty line")),
                )
            return
        if not self.items:
            self.items_line = i + 1
        if cur.ap:
            self.items.extend(_split_ap(token))
        else:
            self.items.append(token)

    def _flush_items(self) -> None:
        if self.items:
            if self.cur is not None:
                self.cur.section.append(SectionLine(tuple(self.items), self.items_line))
            self.items = []

    # -- general lexer -------------------------------------------------------------------

    def _lex(self, i: int) -> int:
        """Lex line ``i`` token by token, following strings, comments and tags that span
        lines; return the index of the next line to read."""
        lines = self.lines
        line = lines[i]
        pos = 0
        while True:
            space = _SPACE.match(line, pos)
            pos = space.end() if space else pos
            if pos >= len(line):
                self._flush_items()
                return i + 1
            ch = line[pos]
            if ch == ";":
                self._comment(Comment(line[pos + 1 :].rstrip(), CommentKind.SEMICOLON, i + 1))
                self._flush_items()
                return i + 1
            if ch == "{":
                i, pos = self._brace(i, pos)
                line = lines[i]
            elif ch == "[":
                i, pos = self._tag(i, pos)
                line = lines[i]
            elif ch == '"':
                pos = self._string(i, pos)
            elif ch in "]}":
                if self.cur is None:
                    self._report(
                        Text(N_("stray %(ch)s"), ch=repr(ch)),
                        i + 1,
                        ProblemKind.SYNTAX,
                        found=line.strip(),
                        expected=Text(N_("a tag pair or a comment")),
                    )
                else:
                    self._data(ch, i)
                pos += 1
            else:
                word = _WORD.match(line, pos)
                end = word.end() if word else pos + 1
                self._data(line[pos:end], i)
                pos = end

    def _brace(self, i: int, pos: int) -> tuple[int, int]:
        lines = self.lines
        end = lines[i].find("}", pos + 1)
        if end >= 0:
            self._comment(Comment(lines[i][pos + 1 : end], CommentKind.BRACE, i + 1))
            return i, end + 1
        # §3.8: a brace comment runs to the next "}", across empty lines and "%" lines.
        parts = [lines[i][pos + 1 :]]
        for j in range(i + 1, len(lines)):
            end = lines[j].find("}")
            if end >= 0:
                parts.append(lines[j][:end])
                self._comment(Comment("\n".join(parts), CommentKind.BRACE, i + 1))
                return j, end + 1
            parts.append(lines[j])
        self._report(
            Text(N_("comment not closed")),
            i + 1,
            ProblemKind.UNTERMINATED,
            found=lines[i][pos:].strip(),
            expected='"}"',
        )
        self._comment(Comment("\n".join(parts), CommentKind.BRACE, i + 1))
        last = len(lines) - 1
        return last, len(lines[last])

    def _string(self, i: int, pos: int) -> int:
        """A string token in section data; returns the position after it."""
        line = self.lines[i]
        m = _STRING_BODY.match(line, pos + 1)
        if m is None:
            self._report(
                Text(N_("string not closed")),
                i + 1,
                ProblemKind.UNTERMINATED,
                found=line[pos:],
                expected=Text(N_("a closing quote on the same line")),
            )
            raw, end = line[pos:] + '"', len(line)
        else:
            raw, end = line[pos : m.end()], m.end()
        if "\t" in raw:
            self._report(
                Text(N_("tab inside a string")),
                i + 1,
                ProblemKind.CHARACTER,
                found=raw,
                expected=Text(N_("no tabs")),
            )
        # "^" right before a string: an artificial score written as a string (§5.2).
        if pos > 0 and line[pos - 1] == "^" and self.items and self.items[-1] == "^":
            self.items[-1] = "^" + raw
        else:
            self._data(raw, i)
        return end

    def _skip_space(self, i: int, pos: int) -> tuple[int, int] | None:
        """Skip white space across lines inside a tag pair; None at an empty line or the end."""
        lines = self.lines
        while True:
            space = _SPACE.match(lines[i], pos)
            pos = space.end() if space else pos
            if pos < len(lines[i]):
                return i, pos
            if i + 1 >= len(lines) or _BLANK.fullmatch(lines[i + 1]):
                return None
            i, pos = i + 1, 0

    def _tag(self, i: int, pos: int) -> tuple[int, int]:
        """A tag pair starting at ``[``, on one line or spread over several (§3.3)."""
        lines = self.lines
        m = _TAG_INLINE.match(lines[i], pos)
        if m is not None:
            self._found_tag(m[1], m[2], i + 1, exact=False)
            return i, m.end()
        start = i + 1
        at = self._skip_space(i, pos + 1)
        if at is None:
            return self._bad_tag(start, i, Text(N_("tag pair not closed")), lines[i][pos:])
        i, pos = at
        name = _NAME.match(lines[i], pos)
        if name is None:
            return self._bad_tag(
                start, i, Text(N_("expected a tag name after '['")), lines[i][pos:], pos
            )
        at = self._skip_space(i, name.end())
        if at is None:
            return self._bad_tag(
                start, i, Text(N_("tag %(name)s has no value"), name=name[0]), lines[i][pos:]
            )
        i, pos = at
        if lines[i][pos] != '"':
            return self._bad_tag(
                start,
                i,
                Text(N_("tag %(name)s has no quoted value"), name=name[0]),
                lines[i][pos:],
                pos,
            )
        body = _STRING_BODY.match(lines[i], pos + 1)
        if body is None:
            return self._unterminated_value(start, i, pos, name[0])
        raw = lines[i][pos + 1 : body.end() - 1]
        at = self._skip_space(i, body.end())
        if at is None or lines[at[0]][at[1]] != "]":
            self._report(
                Text(N_("tag %(name)s not closed with ']'"), name=name[0]),
                start,
                ProblemKind.SYNTAX,
                found=lines[i][pos:].strip(),
                expected="]",
            )
            self._found_tag(name[0], raw, start, exact=False, bad=True)
            return self._resume_after_bracket(i, body.end())
        self._found_tag(name[0], raw, start, exact=False)
        return at[0], at[1] + 1

    def _bad_tag(
        self, start: int, i: int, message: str, found: str, pos: int | None = None
    ) -> tuple[int, int]:
        self._report(
            message,
            start,
            ProblemKind.SYNTAX,
            found=found.strip(),
            expected=Text(N_('[Name "value"]')),
        )
        if pos is None:
            return i, len(self.lines[i])
        return self._resume_after_bracket(i, pos)

    def _resume_after_bracket(self, i: int, pos: int) -> tuple[int, int]:
        close = self.lines[i].find("]", pos)
        return i, len(self.lines[i]) if close < 0 else close + 1

    def _unterminated_value(self, start: int, i: int, pos: int, name: str) -> tuple[int, int]:
        """Recover a tag value whose closing quote is missing or escaped."""
        line = self.lines[i]
        rest = line[pos + 1 :]
        self._report(
            Text(N_("value of %(name)s not closed"), name=name),
            i + 1,
            ProblemKind.UNTERMINATED,
            found=line[pos:],
            expected=Text(N_('a closing quote (\\" is an escaped quote)')),
        )
        close = re.search(r'"[ \t]*\][ \t]*\Z', rest)
        if close is not None:
            raw = rest[: close.start()]
        elif rest.rstrip().endswith("]"):
            raw = rest.rstrip()[:-1]
        else:
            raw = rest
        self._found_tag(name, raw, start, exact=False, bad=True)
        return i, len(line)

    # -- a finished game -----------------------------------------------------------------

    def _finish_game(self) -> None:
        builders = self.g_tags
        tags: list[Tag] = []
        broken: set[int] = set()
        seen: set[str] = set()
        for index, b in enumerate(builders):
            name, value = b.name, b.value
            first = name not in seen
            if not first and name != "Note":
                self._report(
                    Text(N_("tag %(name)s appears again in this game"), name=name),
                    b.line,
                    ProblemKind.DUPLICATE_TAG,
                    found=value,
                    expected=Text(N_("each tag once per game (§3.4)")),
                )
            seen.add(name)
            inherited = None
            if value == "#" or value.startswith("##"):
                if name in _NO_INHERITANCE:
                    self._report(
                        Text(N_('"#" inheritance is forbidden for %(name)s'), name=name),
                        b.line,
                        ProblemKind.INHERITANCE,
                        found=value,
                        expected=Text(N_("a value of its own (§4.8)")),
                    )
                    broken.add(index)
                elif value == "#":
                    inherited = self.last.get(name, "")
                else:
                    inherited = value[2:]
                    if first:
                        self.defaults[name] = inherited
            elif first and name in self.defaults:
                # §4.8: a plain value redefines a "##" default for the games that follow.
                self.defaults[name] = value
            if first and index not in broken:
                self.last[name] = value if inherited is None else inherited
            resolved = value if inherited is None else inherited
            table = None
            section = tuple(b.section)
            if name in TABLE_TAGS or name.endswith("Table"):
                table = self._build_table(name, resolved, b, index in broken)
                section = ()
            tags.append(Tag(name, value, inherited, b.line, tuple(b.comments), section, table))
        defaults = tuple((k, v) for k, v in self.defaults.items() if k not in seen)
        for k, v in defaults:
            self.last[k] = v
        board = next((t.resolved for t in tags if t.name == "Board"), "")
        self.g_board = int(board) if _INT.fullmatch(board) and int(board) else None
        GameChecker(self, tags, broken).run()
        self._flush_problems()
        self.games.append(Game(tuple(tags), tuple(self.comments), defaults, builders[0].line))
        self.comments = []

    def _build_table(self, name: str, spec: str, b: _TagBuilder, broken: bool) -> Table:
        columns: list[Column] = []
        if not broken:
            for part in spec.split(";") if spec else ():
                try:
                    columns.append(Column.parse(part))
                except ParseError as e:
                    self._report(
                        sentence(e),
                        b.line,
                        ProblemKind.TABLE,
                        found=part,
                        expected=Text(N_("name, optionally \\width and L or R")),
                    )
                    columns.append(Column(part))
        rows = _RowBuilder(self, name, len(columns), b.line)
        for sl in b.section:
            cells: list[Cell] = []
            comments: list[Comment] = []
            for item in sl.items:
                if isinstance(item, Comment):
                    if item.kind is not CommentKind.ESCAPE:
                        self._report(
                            Text(N_("comment inside table data")),
                            item.line,
                            ProblemKind.TABLE,
                            found=str(item)[:40],
                            expected=Text(N_("comments only right after the tag pair (§5.1)")),
                        )
                    comments.append(item)
                    continue
                cell = Cell.parse(item)
                if not cell.quoted and _FORBIDDEN_IN_SECTION.search(cell.text):
                    self._report(
                        Text(
                            N_("character not allowed in a table element: %(item)s"),
                            item=repr(item),
                        ),
                        sl.line,
                        ProblemKind.TABLE,
                        found=item,
                        expected=Text(N_('ASCII 33-126 except [ ] { } ; " % (§3.2)')),
                    )
                cells.append(cell)
            rows.add(cells, comments, sl.line or 0)
        return Table(tuple(columns), rows.finish())


class _RowBuilder:
    """The rows of a table from its lines (§5.2).  A line normally holds one row; import
    format also lets a row continue on the next lines, or a line hold several rows.
    Comments go with the row they follow."""

    def __init__(self, reader: _PbnReader, name: str, width: int, tag_line: int) -> None:
        self.reader = reader
        self.name = name
        self.width = width
        self.tag_line = tag_line
        self.rows: list[Row] = []
        self.pending: list[Cell] = []  # a row continued on the next line
        self.pending_line = 0
        self.comments: list[Comment] = []  # waiting for the row they follow

    def add(self, cells: list[Cell], comments: list[Comment], line: int) -> None:
        if cells:
            self.cells(cells, line)
        self.comments += comments
        if self.comments and self.rows and not self.pending:
            last = self.rows[-1]
            self.rows[-1] = replace(last, comments=last.comments + tuple(self.comments))
            self.comments = []

    def cells(self, cells: list[Cell], line: int) -> None:
        width = self.width
        if width <= 0:
            if width == 0:
                self.reader._report(
                    Text(N_("%(name)s has no columns"), name=self.name),
                    self.tag_line,
                    ProblemKind.TABLE,
                )
                self.width = -1  # report once
            self.emit(cells, line)
            return
        if self.pending:
            need = width - len(self.pending)
            if len(cells) <= need:
                self.pending += cells
                if len(self.pending) == width:
                    self.emit(self.pending, self.pending_line)
                    self.pending = []
                return
            self.emit(self.pending, self.pending_line)
            self.pending = []
        if len(cells) % width == 0:
            for k in range(0, len(cells), width):
                self.emit(cells[k : k + width], line)
        elif len(cells) < width:
            self.pending, self.pending_line = cells, line
        else:
            self.emit(cells, line)

    def emit(self, cells: list[Cell], line: int) -> None:
        if self.width > 0 and len(cells) != self.width:
            self.reader._report(
                counted(
                    "row of %(name)s has %(num)d element",
                    "row of %(name)s has %(num)d elements",
                    len(cells),
                    name=self.name,
                ),
                line,
                ProblemKind.TABLE,
                found=" ".join(str(c) for c in cells),
                expected=Text(N_("%(width)s elements, one per column"), width=self.width),
            )
        self.rows.append(Row(tuple(cells), line, tuple(self.comments)))
        self.comments = []

    def finish(self) -> tuple[Row, ...]:
        if self.pending:
            self.emit(self.pending, self.pending_line)
        self.add([], [], 0)
        return tuple(self.rows)


_FORBIDDEN_IN_SECTION = re.compile(r"[^\x21-\x7e]|[%\]}]")
