"""PBN (Portable Bridge Notation) results files: the format's ``load``, ``loads``, ``dump`` and
``dumps`` over :class:`~bridgescore.formats.results_file.ResultsFile`, as every format has them.

The package is built in layers, each importing only the ones listed before it:

* :mod:`~bridgescore.formats.pbn.document` -- the standard's vocabulary, the document model
  (games of tags, with comments, sections and tables) and the notation of tag values;
* :mod:`~bridgescore.formats.pbn.legality` -- the rules of one game: tag notations, auction
  and play legality, notes and tables;
* :mod:`~bridgescore.formats.pbn.syntax` -- the lenient reader and the export-format writer of
  the document (``syntax.loads(text)`` reads a :class:`~.document.PbnDocument`);
* :mod:`~bridgescore.formats.pbn.session` -- PBN games as sessions, and sessions as export PBN.
"""

from __future__ import annotations

from bridgescore.formats.pbn import syntax
from bridgescore.formats.pbn.session import PbnEvent, dump, dumps, load, loads

__all__ = ["PbnEvent", "dump", "dumps", "load", "loads", "syntax"]
