"""PBN (Portable Bridge Notation), in three layers:

* :mod:`~bridgescore.formats.pbn.syntax` -- the document model, the lenient reader and the
  export-format writer (tags, comments, sections and tables as written);
* :mod:`~bridgescore.formats.pbn.legality` -- the rules of one game: tag notations, auction and
  play legality, notes and tables;
* :mod:`~bridgescore.formats.pbn.session` -- PBN games as sessions, and sessions as export PBN
  (the format's ``load/loads/dump/dumps`` over ``ResultsFile``).

This package re-exports the document layer, so ``pbn.loads(text)`` reads a
:class:`PbnDocument` as before.
"""

from __future__ import annotations

from bridgescore.formats.pbn.syntax import (
    MANDATORY_TAGS,
    TABLE_TAGS,
    Cell,
    Column,
    Comment,
    CommentKind,
    Game,
    PbnContract,
    PbnDeclarer,
    PbnDocument,
    PbnProblem,
    PbnResult,
    PbnScore,
    ProblemKind,
    Row,
    SectionLine,
    Severity,
    Table,
    Tag,
    decode,
    dump,
    dumps,
    load,
    loads,
    parse_columns,
    parse_contract,
    parse_deal,
    parse_declarer,
    parse_result,
    parse_score,
    parse_seat,
    parse_vulnerable,
    read_path,
    write_path,
)

__all__ = [
    "MANDATORY_TAGS",
    "TABLE_TAGS",
    "Cell",
    "Column",
    "Comment",
    "CommentKind",
    "Game",
    "PbnContract",
    "PbnDeclarer",
    "PbnDocument",
    "PbnProblem",
    "PbnResult",
    "PbnScore",
    "ProblemKind",
    "Row",
    "SectionLine",
    "Severity",
    "Table",
    "Tag",
    "decode",
    "dump",
    "dumps",
    "load",
    "loads",
    "parse_columns",
    "parse_contract",
    "parse_deal",
    "parse_declarer",
    "parse_result",
    "parse_score",
    "parse_seat",
    "parse_vulnerable",
    "read_path",
    "write_path",
]
