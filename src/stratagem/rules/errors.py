"""Errors in rules and program files, each with the place it was found.

A ``RulesError`` carries every ``Problem`` found in a file (loading validates
the whole file before giving up), each with ``file:line:column``, the
offending text and, where one helps, a hint. ``str(error)`` lists them one per
line, the way a compiler does.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.errors import StratagemError


@dataclass(frozen=True)
class Loc:
    """A place in a source file (1-based line and column, as editors count)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def shifted(self, columns: int) -> Loc:
        """The place ``columns`` characters further along the same line."""
        return Loc(self.file, self.line, self.col + columns)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file."""

    loc: Loc
    message: str
    hint: str = ""

    def __str__(self) -> str:
        tail = f" — {self.hint}" if self.hint else ""
        return f"{self.loc}: {self.message}{tail}"


class RulesError(StratagemError, ValueError):
    """A rules (or program) file that cannot be loaded; ``problems`` says every reason."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems) or "invalid rules")

    def __reduce__(self) -> tuple[type[RulesError], tuple[tuple[Problem, ...]]]:
        # Pickled with its problems, not its message: an arena worker's rules error reaches
        # the parent process as the same error (the default would rebuild it from the one
        # message string, read as a sequence of problems, one per character).
        return (type(self), (self.problems,))

    @property
    def first(self) -> Problem:
        """The first problem found."""
        return self.problems[0]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """A hint naming the closest known word, or an empty string."""
    known = list(known)
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    if close:
        return f"did you mean `{close[0]}`?"
    lowered = {k.lower(): k for k in known}
    if word.lower() in lowered:
        return f"did you mean `{lowered[word.lower()]}`?"
    return ""
