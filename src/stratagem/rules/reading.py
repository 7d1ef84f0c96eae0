"""Reading a positioned YAML tree: the base under the rules and the program compilers.

Both compilers walk the ``Node`` tree of ``source.py`` and report what is wrong
with a part of the file as a ``Problem`` (its place, a message, a hint), then go
on with the next part, so that one load lists every problem at once. This
module holds what they share:

- ``Reader``: the list of problems, ``fail`` to record one, ``need_*`` to read
  a mapping, a list, a name or a number (recording a problem and raising
  ``Skip`` when the node is something else), ``keys`` to read a mapping of
  known keys, ``attempt`` to compile one part and go on whatever happens to it,
  and ``finish`` to raise the ``RulesError`` listing them all;
- ``Skip``: "this part could not be compiled; its problems are recorded".
  It never leaves a compiler: ``attempt`` (or the compiler's own loop) stops it;
- ``show``: how a node is named in a message (`` `3` ``, "a mapping", "a list").

A compiler subclasses ``Reader``; its wording of two messages is set by class
attributes (``MAPPING``, ``EXPRESSION_KEY_HINT``), so that each compiler keeps
the messages its users know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, TypeVar

from .errors import Loc, Problem, RulesError, did_you_mean
from .source import Node

T = TypeVar("T")

EXPRESSION_KEY = ("is this part of an expression? Inside `{...}` an expression with `,` or `:` "
                  "must be quoted")
"""The hint for a key that looks like a piece of an expression (``{when: a, b(c)}``)."""


class Skip(Exception):
    """A part could not be compiled; its problems are already recorded."""


def show(node: Node) -> str:
    """How a node's value is named in a message: `` `3` ``, "a mapping" or "a list"."""
    v = node.value
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return f"`{v}`"


class Reader:
    """Collects the problems of one file while its parts are read."""

    MAPPING: ClassVar[str] = "must be a mapping of names to values"
    """What ``keys`` says of a part that is not a mapping (after the part's name)."""
    EXPRESSION_KEY_HINT: ClassVar[bool] = True
    """Whether an unknown key that looks like a piece of an expression gets that hint."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, loc: Loc, message: str, hint: str = "") -> None:
        """Record a problem (reading goes on)."""
        self.problems.append(Problem(loc, message, hint))

    def finish(self) -> None:
        """Raise the ``RulesError`` listing every problem recorded, if there is any."""
        if self.problems:
            raise RulesError(self.problems)

    def attempt(self, fn: Callable[[], T]) -> T | None:
        """Run one part of the compilation, keeping its problems and going on (``None``
        when it could not be compiled)."""
        try:
            return fn()
        except Skip:
            return None
        except RulesError as e:
            self.problems.extend(e.problems)
            return None

    # ---------------------------------------------------------------- shapes
    def need_map(self, node: Node | None, what: str) -> dict[str, Node]:
        """A mapping's children (none for a missing part)."""
        if node is None:
            return {}
        if not node.is_map:
            self.fail(node.loc, f"{what} must be a mapping of names to values")
            raise Skip
        value: dict[str, Node] = node.value
        return value

    def need_list(self, node: Node | None, what: str) -> list[Node]:
        """A list's items (none for a missing part)."""
        if node is None:
            return []
        if not node.is_list:
            self.fail(node.loc, f"{what} must be a list")
            raise Skip
        value: list[Node] = node.value
        return value

    def need_str(self, node: Node, what: str) -> str:
        """A name: a string that is not empty."""
        if not isinstance(node.value, str) or not node.value:
            self.fail(node.loc, f"{what} must be a name, not {show(node)}")
            raise Skip
        return node.value

    def need_identifier(self, node: Node, what: str) -> str:
        """A name an expression can use: letters, digits and ``_``."""
        name = self.need_str(node, what)
        if not name.isidentifier():
            self.fail(node.loc, f"`{name}` cannot be a name", "letters, digits and _")
            raise Skip
        return name

    def need_int(self, node: Node, what: str, low: int | None = None,
                 high: int | None = None) -> int:
        """A whole number, within ``low`` and ``high`` when given."""
        v = node.value
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(node.loc, f"{what} must be a whole number, not {show(node)}")
            raise Skip
        if (low is not None and v < low) or (high is not None and v > high):
            rng = f"from {low}" + (f" to {high}" if high is not None else "")
            self.fail(node.loc, f"{what} must be {rng}, not {v}")
            raise Skip
        return v

    def flag(self, node: Node | None, what: str, default: bool = False) -> bool:
        """A key that is ``true`` or ``false`` (``default`` when absent). Anything else is
        reported: YAML reads ``no``, ``off`` or ``0`` as text or a number, whose truth would
        be the opposite of what was meant."""
        if node is None:
            return default
        if not isinstance(node.value, bool):
            hint = "true or false"
            if isinstance(node.value, str) and node.value.lower() in ("yes", "no", "on", "off"):
                hint = f"write {'true' if node.value.lower() in ('yes', 'on') else 'false'}" \
                    f" (`{node.value}` is read as text here)"
            self.fail(node.loc, f"{what} must be true or false, not {show(node)}", hint)
            return default
        return node.value

    def need_num(self, node: Node, what: str) -> float:
        """A number of a rules file's size."""
        v = node.value
        if not isinstance(v, int | float) or isinstance(v, bool) or abs(v) > 1e15:
            self.fail(node.loc, f"{what} must be a number, not {show(node)}")
            raise Skip
        return v

    def keys(self, node: Node, allowed: tuple[str, ...], what: str,
             required: tuple[str, ...] = ()) -> dict[str, Node]:
        """A mapping of known keys: each unknown one is reported (with the closest known
        key as a hint) and skipped over; a missing ``required`` one gives up the part."""
        if not node.is_map:
            self.fail(node.loc, f"{what} {self.MAPPING}")
            raise Skip
        m: dict[str, Node] = node.value
        for k, v in m.items():
            if k not in allowed:
                hint = did_you_mean(k, allowed) or f"keys: {', '.join(allowed)}"
                if self.EXPRESSION_KEY_HINT and any(ch in k for ch in "()<>=+*"):
                    hint = EXPRESSION_KEY
                elif v.value is None and " " in k.strip() and not did_you_mean(k, allowed):
                    # `{description: Two players, ten dice.}`: the comma ended the text
                    hint = (f"a comma in unquoted text inside `{{ }}` ends the value there, "
                            f"and `{k}` is read as a key: put the text in quotes "
                            f"(\"..., {k}\")")
                self.fail(node.key_locs.get(k, node.loc), f"unknown key `{k}` in {what}", hint)
        for k in required:
            if k not in m:
                self.fail(node.loc, f"{what} needs `{k}`")
        if any(k not in m for k in required):
            raise Skip
        return m


__all__ = ["EXPRESSION_KEY", "Reader", "Skip", "show"]
