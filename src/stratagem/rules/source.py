"""Reading YAML safely into a tree that remembers where every value came from.

The file is composed into YAML nodes (no Python object is ever constructed
from it) and walked into ``Node`` values: mappings, sequences and scalars,
each with its ``Loc``. Only the core YAML tags are accepted; aliases may be
used but their expansion is bounded, as are the file's size, its nesting
depth and the size of its numbers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.composer import Composer, MaxDepthExceededError
from ruamel.yaml.docinfo import DocInfo, version
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.nodes import Node as YamlNode
from ruamel.yaml.reader import Reader, ReaderError
from ruamel.yaml.resolver import VersionedResolver
from ruamel.yaml.scanner import RoundTripScanner

try:  # ruamel's C parser (libyaml): some twenty times faster than the pure one
    from _ruamel_yaml import CParser as CParser  # noqa: PLC0414 - named by the tests
except ImportError:  # pragma: no cover - a platform with no wheel of ruamel.yaml.clib
    CParser = None

from .errors import Loc, Problem, RulesError
from .scalar_places import BREAKS, Span, loc_at, source_indexes

MAX_BYTES = 2_000_000
"""Largest rules file read."""
MAX_NODES = 200_000
"""Most values a file may expand to, aliases included."""
MAX_DEPTH = 64
"""Deepest nesting of mappings and sequences."""
MAX_NUMBER = 10**15
"""Largest magnitude of a number in a rules file, as a YAML value or in an
expression. Every whole number up to it is exact as a float too, and no number
is ever long enough to reach Python's limit on converting digits to ``int``."""

_CORE = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")


@dataclass(frozen=True, eq=False)
class Node:
    """A value read from YAML with the place it came from.

    ``value`` is a ``dict[str, Node]`` for a mapping (keys in file order;
    ``key_locs`` gives each key's place), a ``list[Node]`` for a sequence, or a
    ``str``/``int``/``float``/``bool``/``None`` scalar. ``style`` tells how a
    string scalar was written and ``span`` where, so the place of each of its
    characters can be found (``text_loc``).
    """

    value: Any
    loc: Loc
    key_locs: dict[str, Loc] = field(default_factory=dict)
    style: str | None = None
    span: Span | None = None

    @property
    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    @property
    def is_list(self) -> bool:
        return isinstance(self.value, list)

    @property
    def is_scalar(self) -> bool:
        return not isinstance(self.value, dict | list)

    def get(self, key: str) -> Node | None:
        """The child at ``key`` of a mapping, if any."""
        return self.value.get(key) if isinstance(self.value, dict) else None

    def walk(self) -> Iterator[Node]:
        """This node and every node under it."""
        stack = [self]
        while stack:
            n = stack.pop()
            yield n
            if isinstance(n.value, dict):
                stack.extend(n.value.values())
            elif isinstance(n.value, list):
                stack.extend(n.value)

    def strings(self) -> Iterator[Node]:
        """Every text under this node (this one included)."""
        return (n for n in self.walk() if isinstance(n.value, str))

    def plain(self) -> Any:
        """The value with all locations stripped."""
        if isinstance(self.value, dict):
            return {k: v.plain() for k, v in self.value.items()}
        if isinstance(self.value, list):
            return [v.plain() for v in self.value]
        return self.value

    def text_loc(self, offset: int) -> Loc:
        """The place in the file of character ``offset`` of a string scalar.

        Escapes, doubled quotes, folded lines and block indentation are mapped
        back to the characters written; an offset at the end of the string is
        the place just after its last character. A string that was not read
        from the file, or whose characters cannot be matched to its source,
        gives the scalar's own place.
        """
        value = self.value
        if self.span is None or not isinstance(value, str) or not value:
            return self.loc
        spots = source_indexes(value, self.span, self.style)
        if spots is None:
            return self.loc
        offset = max(0, offset)
        if offset < len(spots):
            return loc_at(self.loc, self.span, spots[offset])
        last = loc_at(self.loc, self.span, spots[-1])
        if value[-1] in BREAKS:  # the place after a line break is the next line's start
            return last
        return last.shifted(1)

    def __repr__(self) -> str:
        return f"Node({self.plain()!r} @ {self.loc})"


# ------------------------------------------------------------------ reading
class _TooDeep(Exception):
    """Nesting past ``MAX_DEPTH``, found while scanning or composing."""

    def __init__(self, line: int, column: int) -> None:
        self.line = line
        self.column = column


class _Scanner(RoundTripScanner):
    """ruamel's scanner, refusing flow collections nested past the depth bound at once.

    Scanning deep flow nesting costs time quadratic in its depth, so the bound
    is checked as each ``[`` or ``{`` is read, not after the whole file is composed.
    """

    def fetch_flow_collection_start(self, TokenClass: Any, to_push: str) -> None:
        if len(self.flow_context) > MAX_DEPTH:
            mark = self.reader.get_mark()
            raise _TooDeep(mark.line, mark.column)
        super().fetch_flow_collection_start(TokenClass, to_push)


class _Composer(Composer):
    """ruamel's composer, noting which scalars carry a tag written in the file."""

    def __init__(self, loader: Any = None) -> None:
        super().__init__(loader)
        self.tagged: set[int] = set()

    def compose_document(self: Any) -> Any:
        # A `%YAML 1.1` directive reads plain scalars as YAML 1.1 does (yes/no, 1:30): the
        # pure scanner tells the resolver itself; the C parser's event tells it here.
        version = getattr(self.parser.peek_event(), "version", None)
        scanner = getattr(self.loader, "_scanner", None)
        if version is not None and isinstance(scanner, _Version):
            scanner.yaml_version = version
        return super().compose_document()

    def compose_scalar_node(self, anchor: Any) -> Any:
        tag = self.parser.peek_event().ctag
        node = super().compose_scalar_node(anchor)
        if tag is not None and str(tag) != "!":
            self.tagged.add(id(node))
        return node


class _Version:
    """Where ruamel's resolver looks for the document's YAML version (``_scanner``)."""

    yaml_version: tuple[int, int] | None = None


class _Loader:
    """What ruamel's composer asks of its loader: the parser's events (the C parser's where
    ruamel.yaml.clib is installed, else the pure scanner's and parser's), the resolver that
    reads plain scalars as YAML 1.2 does, and the depth bound."""

    def __init__(self, text: str, pure: bool) -> None:
        self.max_depth = MAX_DEPTH + 1  # the composer counts the root as 1
        self._composer: _Composer | None = None
        if pure or CParser is None:
            yaml = YAML(typ="rt", pure=True)
            yaml.Reader = Reader
            yaml.Scanner = _Scanner
            yaml.doc_infos.append(DocInfo(requested_version=version(yaml.version)))
            yaml.reader.stream = text
            self._parser = yaml.parser
            self._resolver = yaml.resolver
        else:
            self._parser = CParser(text)
            self._scanner = _Version()
            self._resolver = VersionedResolver(loader=self)
        self._composer = _Composer(loader=self)


def _compose(text: str, pure: bool) -> tuple[YamlNode | None, set[int]]:
    """``text``'s single document composed, and the scalars with a tag written in the file
    (``pure``: with ruamel's own scanner and parser)."""
    composer = _Loader(text, pure)._composer
    assert composer is not None
    try:
        return composer.get_single_node(), composer.tagged
    finally:
        composer.parser.dispose()


class _Walker:
    def __init__(self, file: str, text: str, tagged: set[int]) -> None:
        self.file = file
        self.text = text
        self.tagged = tagged
        self.count = 0
        self.problems: list[Problem] = []
        self.last_wins = False
        """A Stratega configuration: a key given twice keeps its later value, as
        Stratega's reader does (yaml-cpp's map conversion), with a note."""
        self.notes: list[Problem] = []

    def loc(self, n: YamlNode) -> Loc:
        return Loc(self.file, n.start_mark.line + 1, n.start_mark.column + 1)

    def walk(self, n: YamlNode, depth: int) -> Node:
        self.count += 1
        if self.count > MAX_NODES:
            raise RulesError([_too_many(self.loc(n))])
        if depth > MAX_DEPTH:
            raise RulesError([Problem(self.loc(n), f"nesting deeper than {MAX_DEPTH} levels")])
        tag = n.tag
        if tag not in _ALLOWED_TAGS and not (isinstance(n, MappingNode) and tag == _CORE + "omap"):
            if isinstance(n, ScalarNode) and id(n) not in self.tagged:
                tag = _CORE + "str"  # a date, or another type YAML guessed: text as written
            else:
                shown = tag.replace(_CORE, "!!") if isinstance(tag, str) else tag
                raise RulesError([Problem(self.loc(n), f"YAML tag `{shown}` is not allowed",
                                          "rules are plain data: remove the tag")])
        if isinstance(n, MappingNode):
            out: dict[str, Node] = {}
            keys: dict[str, Loc] = {}
            if depth == 0:
                self.last_wins = any(isinstance(k, ScalarNode) and k.value == "GameConfig"
                                     for k, _ in n.value)
            for k, v in n.value:
                if k.tag == _CORE + "merge":
                    raise RulesError([Problem(self.loc(k), "merge keys (`<<`) are not supported",
                                              "write the keys out")])
                key = self.walk(k, depth + 1)
                # A number is a key's name as written (Stratega's `RandomEffect: {0.5: …}`).
                if not isinstance(key.value, str | int | float) or isinstance(key.value, bool):
                    self.problems.append(Problem(key.loc, "a key must be a name"))
                    continue
                name = str(key.value)
                if name in out and self.last_wins:
                    self.notes.append(Problem(
                        key.loc, f"key `{name}` appears twice: the later one is used, as "
                                 f"Stratega's reader does (the first is at line "
                                 f"{keys[name].line})", "remove one of them"))
                elif name in out:
                    self.problems.append(Problem(key.loc, f"key `{name}` appears twice"))
                    continue
                keys[name] = key.loc
                out[name] = self.walk(v, depth + 1)
            return Node(out, self.loc(n), keys)
        if isinstance(n, SequenceNode):
            return Node([self.walk(x, depth + 1) for x in n.value], self.loc(n))
        assert isinstance(n, ScalarNode)
        loc = self.loc(n)
        value = self.scalar(n, tag, loc)
        span = None
        if isinstance(value, str):
            span = Span(self.text, n.start_mark.index, n.end_mark.index)
        return Node(value, loc, style=n.style or None, span=span)

    def scalar(self, n: ScalarNode, tag: str, loc: Loc) -> Any:
        text: str = n.value
        if tag == _CORE + "null":
            return None
        if tag == _CORE + "bool":
            return text.lower() in ("true", "yes", "on", "y")
        if tag in (_CORE + "int", _CORE + "float"):
            number = _number(text, tag == _CORE + "float")
            if isinstance(number, str):
                self.problems.append(Problem(loc, number, "quote it if it is meant as text"))
                return text
            return number
        if n.style == ">":
            return text.replace("\a", "")  # ruamel marks the line folds of `>` scalars with BEL
        return text


def _number(text: str, is_float: bool) -> int | float | str:
    """The number YAML resolved ``text`` to, or what is wrong with it."""
    shown = text if len(text) <= 24 else text[:20] + "…"
    bare = text.replace("_", "")
    digits = bare.lstrip("+-")
    if digits.lower() in (".inf", ".nan"):
        return f"`{shown}` is not a finite number"
    if len(digits) > 64:
        return f"the number `{shown}` is too long (at most {MAX_NUMBER} in size)"
    value: int | float
    try:
        if _SEXAGESIMAL.fullmatch(bare):  # YAML 1.1 base 60, as in 1:30:00
            sign = -1 if bare.startswith("-") else 1
            value = 0
            for part in digits.split(":"):
                value = value * 60 + (float(part) if "." in part else int(part))
            value *= sign
        elif is_float:
            value = float(bare)
        else:
            try:
                value = int(bare, 0)
            except ValueError:
                value = int(bare, 10)  # 017: decimal, as YAML 1.2 reads it
    except ValueError:
        return f"cannot read the number `{shown}`"
    if isinstance(value, float) and math.isnan(value):
        return f"`{shown}` is not a finite number"
    if abs(value) > MAX_NUMBER:
        return f"the number `{shown}` is too large (at most {MAX_NUMBER} in size)"
    return value


def _too_many(loc: Loc) -> Problem:
    return Problem(loc, f"the file expands to more than {MAX_NODES} values",
                   "is an alias used to repeat a large block?")


def _check_expansion(root: YamlNode, file: str) -> None:
    """Refuse a tree whose aliases expand past ``MAX_NODES`` values, or that contains itself.

    Each distinct node's expanded size is worked out once, so a file of a few
    lines that would expand to billions of values is refused at once.
    """
    size: dict[int, int] = {}
    open_: set[int] = set()
    stack: list[tuple[YamlNode, bool]] = [(root, False)]
    while stack:
        n, done = stack.pop()
        key = id(n)
        if done:
            open_.discard(key)
            kids = _children(n)
            size[key] = min(1 + sum(size[id(k)] for k in kids), MAX_NODES + 1)
            continue
        if key in size:
            continue
        if key in open_:
            loc = Loc(file, n.start_mark.line + 1, n.start_mark.column + 1)
            raise RulesError([Problem(loc, "this value contains an alias of itself",
                                      "an alias may only repeat a value defined before it")])
        open_.add(key)
        stack.append((n, True))
        for kid in reversed(_children(n)):
            if id(kid) in open_:  # an alias of a value still being counted: of itself
                loc = Loc(file, kid.start_mark.line + 1, kid.start_mark.column + 1)
                raise RulesError([Problem(loc, "this value contains an alias of itself",
                                          "an alias may only repeat a value defined before it")])
            if id(kid) not in size:
                stack.append((kid, False))
    if size[id(root)] <= MAX_NODES:
        return
    at = root  # report the innermost value that is too large by itself
    while True:
        big = next((k for k in _children(at) if size[id(k)] > MAX_NODES), None)
        if big is None:
            break
        at = big
    raise RulesError([_too_many(Loc(file, at.start_mark.line + 1, at.start_mark.column + 1))])


def _children(n: YamlNode) -> list[YamlNode]:
    if isinstance(n, MappingNode):
        return [x for pair in n.value for x in pair]
    if isinstance(n, SequenceNode):
        return list(n.value)
    return []


_OLD_BREAKS = ("\x85", "\u2028", "\u2029")
"""Characters YAML 1.1 (libyaml) reads as line breaks, and YAML 1.2 and editors do not."""


def parse_yaml(text: str, file: str = "<rules>", notes: list[Problem] | None = None, *,
               pure: bool = False) -> Node:
    """The positioned tree of a YAML document (``RulesError`` if it cannot be read).

    In a Stratega configuration (``GameConfig:`` at the top) a key given twice keeps
    its later value, as Stratega's reader does; each such key is added to ``notes``.

    The text is read by ruamel's C parser (libyaml) where it is installed. libyaml reads
    YAML 1.1 and words its problems its own way, so a text it refuses is read again by
    ruamel's own parser (as a text always is with ``pure``), which reads YAML 1.2 (a plain
    ``[1:30]``) and says what is wrong as it always has."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise RulesError([Problem(Loc(file, 1, 1), f"file larger than {MAX_BYTES} bytes")])
    text = text.removeprefix("\ufeff")  # (libyaml counts places from after a byte-order mark)
    too_deep = f"nesting deeper than {MAX_DEPTH} levels"
    # libyaml counts NEL and the Unicode line and paragraph separators as line breaks
    # (YAML 1.1): its places after one would be a line off what an editor shows.
    pure = pure or any(c in text for c in _OLD_BREAKS)
    try:
        try:
            root, tagged = _compose(text, pure or CParser is None)
        except (YAMLError, UnicodeEncodeError):
            if pure or CParser is None:
                raise
            root, tagged = _compose(text, True)
    except _TooDeep as exc:
        raise RulesError([Problem(Loc(file, exc.line + 1, exc.column + 1), too_deep)]) from None
    except MaxDepthExceededError as exc:
        mark = exc.problem_mark
        loc = Loc(file, mark.line + 1, mark.column + 1) if mark else Loc(file, 1, 1)
        raise RulesError([Problem(loc, too_deep)]) from None
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Loc(file, mark.line + 1, mark.column + 1) if mark else Loc(file, 1, 1)
        what = exc.problem or exc.context
        if what and "mapping values are not allowed" in what:
            lines = text.splitlines()
            before = lines[mark.line][:mark.column] if mark and mark.line < len(lines) else ""
            key = before.split(":")[0]  # the key YAML read: up to the line's first colon
            if key.count("(") > key.count(")"):
                what += (" (a key with ': ' inside, such as a define's typed parameter, must "
                         "be quoted: \"newest(p: player)\": ...)")
            else:
                what += (" (a value with ': ' inside, such as an expression, must be quoted: "
                         "when: \"actor.acted == 0\")")
        hint = "indent with spaces: YAML allows no tabs there" if what and "'\\t'" in what \
            else ""
        raise RulesError([Problem(loc, f"not valid YAML: {what}", hint)]) from None
    except ReaderError as exc:
        at = loc_at(Loc(file, 1, 1), Span(text, 0, len(text)), min(exc.position, len(text)))
        what = (f"the character #x{exc.character:04x} is not allowed in YAML"
                if isinstance(exc.character, int) else str(exc).split("\n")[0])
        raise RulesError([Problem(at, f"not valid YAML: {what}")]) from None
    except YAMLError as exc:
        raise RulesError([Problem(Loc(file, 1, 1), f"not valid YAML: {exc}")]) from None
    except RecursionError:
        raise RulesError([Problem(Loc(file, 1, 1), too_deep)]) from None
    if root is None:
        raise RulesError([Problem(Loc(file, 1, 1), "the file is empty")])
    _check_expansion(root, file)
    walker = _Walker(file, text, tagged)
    try:
        tree = walker.walk(root, 0)
    except RecursionError:
        raise RulesError([Problem(Loc(file, 1, 1), too_deep)]) from None
    if walker.problems:
        raise RulesError(walker.problems)
    if notes is not None:
        notes.extend(walker.notes)
    return tree


def read_yaml(path: Path, notes: list[Problem] | None = None) -> Node:
    """Read and parse a YAML file (``RulesError`` for any problem, with the file's name;
    ``notes`` as for ``parse_yaml``)."""
    name = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RulesError([Problem(Loc(name, 1, 1), f"file larger than {MAX_BYTES} bytes")])
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RulesError([Problem(Loc(name, 1, 1), "the file is not UTF-8 text")]) from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RulesError([Problem(Loc(name, 1, 1), f"cannot read the file: {reason}")]) from None
    return parse_yaml(text, name, notes)
