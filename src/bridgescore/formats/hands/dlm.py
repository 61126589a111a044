"""DLM (Dealer4): an INI-like text, ``[Document]`` then ``key=value`` lines with CR LF: the
headline (printed on the hand records: the event's title), the first and last board, a
checksum (the number of boards, exclusive-or 1 when the deals are shown), and for each board
``Board NN=`` 26 letters ``a`` to ``p`` (each two cards' seats, 4 × the first + the second,
spades ace first) and a three-digit check (the board number exclusive-or every letter).
Boards 1 to 99, consecutive; no dealer or vulnerability beyond the board number's."""

from __future__ import annotations

from bridgescore.errors import Problems, RulesError, sentence
from bridgescore.formats.hands.model import (
    HandRecords,
    deal_from_owners,
    finish,
    law_board,
    owners_of,
    refuse_empty,
    refuse_law_changes,
    refuse_unless_consecutive,
)
from bridgescore.languages import N_
from bridgescore.languages.text import Text

KIND = "DLM"
_FILLER = "aaaaaabffffffkkkkkklpppppp"  # the deal written for boards not in the set


def looks_like(data: bytes) -> bool:
    """The file starts with [Document]."""
    return data.lstrip(b"\xef\xbb\xbf").lstrip().startswith(b"[Document]")


fits = looks_like


def loads(data: bytes, path: str | None = None) -> HandRecords:
    problems = Problems(path)
    text = data.decode("latin-1")
    lines = [line.strip() for line in text.splitlines()]
    if not lines or lines[0] != "[Document]":
        problems.report(
            Text(N_("the file does not start with [Document]")),
            1,
            found=lines[0] if lines else "",
            expected=Text(N_("a Dealer4 (.dlm) file")),
        )
        return finish([], problems, path, KIND)
    fields: dict[str, tuple[str, int]] = {}
    for place, text in enumerate(lines[1:], 2):
        key, equals, value = text.partition("=")
        if equals:
            fields[key.strip()] = (value.strip(), place)
        elif text:
            problems.report(Text(N_("not a key=value line")), place, found=text)
    first = _whole(fields, "From board", problems)
    last = _whole(fields, "To board", problems)
    if first is None or last is None:
        return finish([], problems, path, KIND)
    if not 1 <= first <= last <= 99:
        problems.report(
            Text(N_("boards %(first)s to %(last)s"), first=first, last=last),
            expected=Text(N_("boards numbered from 1 to 99, first to last")),
        )
        return finish([], problems, path, KIND)
    status = fields.get("Status", ("", 0))[0]
    check = _whole(fields, "Checksum", problems, required=False)
    expected = (last - first + 1) ^ (1 if status == "Show" else 0)
    if check is not None and check != expected:
        problems.report(
            Text(N_("the checksum is %(check)s"), check=check),
            fields["Checksum"][1],
            expected=Text(
                N_("%(expected)s for %(count)s boards (status %(status)s)"),
                expected=expected,
                count=last - first + 1,
                status=status or "none",
            ),
        )
    boards = []
    for number in range(first, last + 1):
        key = f"Board {number:02d}"
        if key not in fields:
            problems.report(
                Text(N_("no line %(key)s="), key=key),
                board=number,
                expected=Text(N_("a line for each board")),
            )
            continue
        text, line = fields[key]
        letters, digits = text[:26], text[26:]
        if len(letters) != 26 or any(not "a" <= c <= "p" for c in letters):
            problems.report(
                Text(N_("not 26 letters a to p")),
                line,
                board=number,
                found=text,
                expected=Text(N_("a deal")),
            )
            continue
        check_sum = number
        for c in letters:
            check_sum ^= ord(c)
        if not digits.isdigit() or int(digits) != check_sum:
            problems.report(
                Text(N_("the board's check does not match its cards")),
                line,
                board=number,
                found=digits,
                expected=f"{check_sum:03d}",
            )
            continue
        owners: list[int | None] = []
        for c in letters:
            pair = ord(c) - 97
            owners += [pair // 4, pair % 4]
        try:
            boards.append(law_board(number, deal_from_owners(owners)))
        except ValueError as error:
            problems.report(sentence(error), line, board=number)
    title = fields.get("Headline", ("", 0))[0] or None
    return finish(boards, problems, path, KIND, title=title)


def _whole(
    fields: dict[str, tuple[str, int]], key: str, problems: Problems, required: bool = True
) -> int | None:
    if key not in fields:
        if required:
            problems.report(
                Text(N_("no %(key)s= line"), key=key), expected=Text(N_("%(key)s=NUMBER"), key=key)
            )
        return None
    value, line = fields[key]
    if not value.isdigit() or len(value) > 4:
        problems.report(Text(N_("%(key)s is not a number"), key=key), line, found=value)
        return None
    return int(value)


def dumps(records: HandRecords) -> bytes:
    boards = records.boards
    refuse_empty(boards, KIND)
    refuse_unless_consecutive(boards, KIND, 99)
    refuse_law_changes(boards, KIND)
    title = records.title or ""
    if "\n" in title or "\r" in title:
        raise RulesError(Text(N_("a DLM headline is one line")))
    first, last = boards[0].number, boards[-1].number
    lines = [
        "[Document]",
        f"Headline={title}",
        "Status=Show",
        "Duplicates=1",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={len(boards) ^ 1}",
    ]
    by_number = {b.number: b for b in boards}
    for number in range(1, 100):
        lines.append(f"Duplicates {number:02d}=0")
        board = by_number.get(number)
        if board is None:
            letters = _FILLER
        else:
            owners = owners_of(board)
            letters = "".join(chr(97 + 4 * owners[2 * i] + owners[2 * i + 1]) for i in range(26))
        check = number
        for c in letters:
            check ^= ord(c)
        lines.append(f"Board {number:02d}={letters}{check:03d}")
    try:
        return "".join(line + "\r\n" for line in lines).encode("latin-1")
    except UnicodeEncodeError:
        raise RulesError(
            Text(N_("a DLM headline is Latin-1 text: %(title)s is not"), title=repr(title))
        ) from None
