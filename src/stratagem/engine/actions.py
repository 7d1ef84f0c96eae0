"""Action values and their text form.

An ``Action`` is a frozen, hashable value: the action type's name, the acting
entity (or ``None`` for a player action) and the bound targets as ``(name,
value)`` pairs in the order the action type declares them. Its text form is
stable and parses back without the game::

    place cell=(1,2)
    attack #3 target=#7
    roll value=14
    pass

Target values are one of: ``Ref`` (an entity id, ``#7``), ``Pos`` (a board
position, ``(x,y)``), ``int``, ``bool`` (``true``/``false``), a name
(``str``), ``None`` (``-``), or a tuple of those (``[a,b]``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

from .errors import ActionParseError


class Ref(int):
    """An entity id used as a value: prints as ``#7``, equal to the int 7."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"#{int(self)}"

    __str__ = __repr__


class Pos(NamedTuple):
    """A board position (column ``x``, row ``y``)."""

    x: int
    y: int

    def __repr__(self) -> str:
        return f"({self.x},{self.y})"

    def __str__(self) -> str:
        return f"({self.x},{self.y})"


Value = Any  # Ref | Pos | int | bool | str | None | tuple[Value, ...]
Targets = tuple[tuple[str, Value], ...]


class Action(NamedTuple):
    """What a player chose: action type, acting entity, bound targets."""

    type: str
    actor: int | None = None
    targets: Targets = ()

    def target(self, name: str) -> Value:
        """The value bound to target ``name`` (``KeyError`` if unbound)."""
        for key, value in self.targets:
            if key == name:
                return value
        raise KeyError(name)

    def __str__(self) -> str:
        actor = self.actor
        text = self.type if actor is None else f"{self.type} #{int(actor)}"
        get = _FORMATS.get
        for name, value in self.targets:
            text += f" {name}={get(type(value), format_value)(value)}"
        return text

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


_NAME = re.compile(r"[A-Za-z_][\w\-:.]*\Z")

_FORMATS: dict[type, Any] = {
    Ref: lambda v: f"#{int(v)}",
    Pos: lambda v: f"({v[0]},{v[1]})",
    int: str,
}
"""``format_value`` of the commonest kinds of target value, by exact type (options are
written out whenever a state is saved)."""


def format_value(value: Value) -> str:
    """The text form of one target value."""
    if value is None:
        return "-"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Ref | Pos):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if _NAME.match(value) and value not in ("true", "false"):
            return value
        if "'" in value or any(ch in value for ch in "\n\r"):
            raise ValueError(f"text {value!r} cannot appear in action text")
        return f"'{value}'"  # quoted: spaces, keywords or digits inside stay a name
    if isinstance(value, tuple):
        return "[" + ",".join(format_value(v) for v in value) + "]"
    raise TypeError(f"unsupported target value {value!r}")


_TOKEN = re.compile(
    r"\s*(?:(\#-?\d+)|(\(\s*-?\d+\s*,\s*-?\d+\s*\))|(-?\d+)|([\[\],])"
    r"|([A-Za-z_][\w\-:.]*)|('[^'\n\r]*')|(-))")


def _parse_value(text: str, whole: str) -> Value:
    tokens: list[str] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ActionParseError(f"cannot read {shorten(text[pos:])} in action text "
                                   f"{shorten(whole)}")
        tokens.append(m.group(0).strip())
        pos = m.end()
    value, used = _read(tokens, 0, whole)
    if used != len(tokens):
        raise ActionParseError(f"unexpected {shorten(''.join(tokens[used:]))} in action text "
                               f"{shorten(whole)}")
    return value


def _read(tokens: list[str], i: int, whole: str) -> tuple[Value, int]:
    if i >= len(tokens):
        raise ActionParseError(f"missing value in action text {shorten(whole)}")
    tok = tokens[i]
    if tok == "[":
        items: list[Value] = []
        i += 1
        if i < len(tokens) and tokens[i] == "]":
            return (), i + 1
        while True:
            item, i = _read(tokens, i, whole)
            items.append(item)
            if i < len(tokens) and tokens[i] == ",":
                i += 1
                continue
            if i < len(tokens) and tokens[i] == "]":
                return tuple(items), i + 1
            raise ActionParseError(f"unclosed '[' in action text {shorten(whole)}")
    if tok in ("]", ","):
        raise ActionParseError(f"unexpected {tok!r} in action text {shorten(whole)}")
    if tok.startswith("'"):
        return tok[1:-1], i + 1
    if tok.startswith("#"):
        return Ref(_number(tok[1:], whole)), i + 1
    if tok.startswith("("):
        x, y = (_number(p, whole) for p in tok[1:-1].split(","))
        return Pos(x, y), i + 1
    if tok == "-":
        return None, i + 1
    if tok == "true":
        return True, i + 1
    if tok == "false":
        return False, i + 1
    if tok.lstrip("-").isdigit():
        return _number(tok, whole), i + 1
    return tok, i + 1


MAX_DIGITS = 20
"""The most digits a number in an action's text may have (a 64-bit integer has 20)."""


def _number(text: str, whole: str, what: str = "number") -> int:
    """An integer of an action's text; one that is absurdly long is an ``ActionParseError``,
    not Python's own ``ValueError`` (which refuses strings of more than 4,300 digits)."""
    digits = text.strip().lstrip("-").strip()
    if len(digits) > MAX_DIGITS:
        raise ActionParseError(f"a number of {len(digits)} digits in action text "
                               f"{shorten(whole)} (at most {MAX_DIGITS})")
    try:
        return int(text)
    except ValueError:
        raise ActionParseError(f"bad {what} {shorten(text)} in action text "
                               f"{shorten(whole)}") from None


def shorten(text: str, limit: int = 60) -> str:
    """``repr`` of a text for an error line, cut short when long."""
    return repr(text) if len(text) <= limit else repr(text[:limit - 1] + "…")


def _split_words(text: str) -> list[str]:
    """Split on spaces outside brackets, parentheses and quotes."""
    words: list[str] = []
    depth = 0
    quoted = False
    current: list[str] = []
    for ch in text:
        if ch == "'":
            quoted = not quoted
        elif quoted:
            pass
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch.isspace() and depth == 0 and not quoted:
            if current:
                words.append("".join(current))
                current = []
            continue
        current.append(ch)
    if quoted:
        raise ActionParseError(f"unclosed quote in action text {shorten(text)}")
    if depth != 0:
        raise ActionParseError(f"unbalanced brackets in action text {shorten(text)}")
    if current:
        words.append("".join(current))
    return words


def parse_action(text: str) -> Action:
    """Parse the text form of an action; the inverse of ``str(action)``."""
    if not isinstance(text, str):
        raise ActionParseError(f"action text must be a string, not {type(text).__name__}")
    return _parse_text(text)


@lru_cache(maxsize=1 << 16)
def _parse_text(text: str) -> Action:
    """``parse_action`` of a string, remembered: a saved state's log reads the same texts
    over and over, and an Action is immutable (errors are raised afresh, never kept)."""
    words = _split_words(text.strip())
    if not words:
        raise ActionParseError("empty action text")
    kind = words[0]
    if not _NAME.match(kind):
        raise ActionParseError(f"action text {shorten(text)} must start with an action name")
    actor: int | None = None
    rest = words[1:]
    if rest and rest[0].startswith("#") and "=" not in rest[0]:
        actor = Ref(_number(rest[0][1:], text, "actor"))
        rest = rest[1:]
    targets: list[tuple[str, Value]] = []
    for word in rest:
        name, sep, raw = word.partition("=")
        if not sep or not _NAME.match(name):
            raise ActionParseError(
                f"expected name=value, got {shorten(word)} in action text {shorten(text)}")
        if any(name == seen for seen, _ in targets):
            raise ActionParseError(f"target {name!r} given twice in action text {shorten(text)}")
        targets.append((name, _parse_value(raw, text)))
    return Action(kind, actor, tuple(targets))
