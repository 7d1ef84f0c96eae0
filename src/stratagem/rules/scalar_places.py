"""Where each character of a string scalar was written in a YAML file.

A located problem inside an expression (`` `atack` `` in ``when: atack > 0``)
points at the very character, even when YAML changed the text on reading: escapes
and doubled quotes, lines folded into spaces, block indentation taken away.
``source_indexes`` maps each character of the value back to its index in the
file's text (or gives ``None`` when the decoding here cannot follow it, so that
no wrong place is ever reported), and ``loc_at`` turns an index into a line and
column.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import Loc

BREAKS = "\r\n\x85\u2028\u2029"
"""What ruamel counts as a line break."""
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
            "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
            "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}
"""The one-character escapes of double-quoted YAML scalars."""
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


@dataclass(frozen=True)
class Span:
    """Where a scalar was written: the whole source text and the scalar's bounds in it."""

    text: str
    start: int
    end: int


def loc_at(start: Loc, span: Span, index: int) -> Loc:
    """The place of ``span.text[index]``, counting lines as ruamel does from ``start``."""
    text = span.text
    line, col = start.line, start.col
    i = span.start
    while i < index:
        ch = text[i]
        i += 1
        if ch in "\n\x85\u2028\u2029" or (ch == "\r" and text[i:i + 1] != "\n"):
            line, col = line + 1, 1
        elif ch != "\ufeff":
            col += 1
    return Loc(start.file, line, col)


def source_indexes(value: str, span: Span, style: str | None) -> list[int] | None:
    """For each character of ``value``, the index in the source it was written at.

    ``None`` when the source, decoded again, does not give ``value`` (a case the
    decoding here does not follow), so no wrong place is ever reported.
    """
    if style in ("|", ">"):
        return _block_indexes(value, span)
    pairs = _flow_chars(span, style)
    if pairs is None or "".join(ch for ch, _ in pairs) != value:
        return None
    return [i for _, i in pairs]


def _break_at(text: str, i: int) -> tuple[str, int]:
    """The line break at ``i`` as ruamel reads it, and the index after it."""
    ch = text[i]
    if ch == "\r":
        return "\n", i + (2 if text[i + 1:i + 2] == "\n" else 1)
    return ("\n" if ch in "\n\x85" else ch), i + 1


def _flow_chars(span: Span, style: str | None) -> list[tuple[str, int]] | None:
    """The characters a plain or quoted scalar stands for, each with its source index."""
    text = span.text
    i, stop = _after_properties(text, span.start, span.end), span.end
    if style in ("'", '"'):
        if text[i:i + 1] != style or text[stop - 1:stop] != style:
            return None
        i, stop = i + 1, stop - 1
    out: list[tuple[str, int]] = []
    spaces: list[tuple[str, int]] = []  # written blanks, kept unless a line break follows
    while i < stop:
        ch = text[i]
        if ch in BREAKS:
            spaces.clear()
            first, i = _break_at(text, i)
            at = i - 1
            more, i = _blank_lines(text, i, stop)
            if first != "\n":
                out.append((first, at))
            elif not more:
                out.append((" ", at))
            out.extend(more)
            continue
        if ch in " \t":
            spaces.append((ch, i))
            i += 1
            continue
        out.extend(spaces)
        spaces.clear()
        if style == "'" and ch == "'":
            if text[i + 1:i + 2] != "'":
                return None
            out.append(("'", i))
            i += 2
        elif style == '"' and ch == "\\":
            nxt = text[i + 1:i + 2]
            if nxt in _ESCAPES and nxt:
                out.append((_ESCAPES[nxt], i))
                i += 2
            elif nxt in _HEX_ESCAPES:
                digits = text[i + 2:i + 2 + _HEX_ESCAPES[nxt]]
                try:
                    out.append((chr(int(digits, 16)), i))
                except ValueError:
                    return None
                i += 2 + len(digits)
            elif nxt and nxt in BREAKS:  # an escaped line break joins the lines
                _, i = _break_at(text, i + 1)
                more, i = _blank_lines(text, i, stop)
                out.extend(more)
            else:
                return None
        else:
            out.append((ch, i))
            i += 1
    out.extend(spaces)
    return out


def _after_properties(text: str, i: int, stop: int) -> int:
    """Skip an anchor (``&name``) and a tag (``!tag``) written before a scalar."""
    while i < stop and text[i] in "&!":
        while i < stop and text[i] not in " \t" + BREAKS:
            i += 1
        while i < stop and text[i] in " \t" + BREAKS:
            i += 1
    return i


def _blank_lines(text: str, i: int, stop: int) -> tuple[list[tuple[str, int]], int]:
    """Skip the indentation after a line break; each further break found is kept."""
    breaks: list[tuple[str, int]] = []
    while i < stop:
        if text[i] in " \t":
            i += 1
        elif text[i] in BREAKS:
            ch, after = _break_at(text, i)
            breaks.append((ch, i))
            i = after
        else:
            break
    return breaks, i


def _block_indexes(value: str, span: Span) -> list[int] | None:
    """Source indexes of the characters of a literal (``|``) or folded (``>``) block.

    The content lines, less their indentation, are matched against ``value``:
    a line break may also have been folded into a space or dropped.
    """
    text = span.text
    head_end = span.start
    while head_end < span.end and text[head_end] not in BREAKS:
        head_end += 1
    if head_end >= span.end:
        return None
    _, pos = _break_at(text, head_end)
    lines: list[tuple[int, int]] = []  # (start, end) of each line of the block's body
    while pos < span.end:
        end = pos
        while end < span.end and text[end] not in BREAKS:
            end += 1
        lines.append((pos, end))
        if end >= span.end:
            break
        _, pos = _break_at(text, end)
    first_value_line = next((ln for ln in value.split("\n") if ln.strip(" ")), None)
    first_body = next(((s, e) for s, e in lines if text[s:e].strip(" ")), None)
    if first_value_line is None or first_body is None:
        return None
    body = text[first_body[0]:first_body[1]]
    indent = (len(body) - len(body.lstrip(" "))) - \
        (len(first_value_line) - len(first_value_line.lstrip(" ")))
    if indent < 0:
        return None
    source: list[tuple[str, int]] = []
    for s, e in lines:
        source.extend((text[k], k) for k in range(min(s + indent, e), e))
        if e < span.end:
            source.append(("\n", e))
    spots: list[int] = []
    j = 0
    for ch in value:
        while j < len(source) and source[j][0] == "\n" and ch not in "\n ":
            j += 1  # a line break folded away
        if j >= len(source):
            return None
        written, index = source[j]
        if written != ch and not (written == "\n" and ch == " "):
            return None
        spots.append(index)
        j += 1
    return spots


__all__ = ["BREAKS", "Span", "loc_at", "source_indexes"]
