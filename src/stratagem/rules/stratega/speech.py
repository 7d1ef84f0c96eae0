"""Stratega's figures of speech: the strings of its conditions and effects.

A condition or effect is written ``Name(arg, arg, …)``; an argument is a number, dice
(``2d6``), a reference (``Source``, ``Target.Health``, ``Source.Player.Gold``,
``GameState.Turns``, a type name) or arithmetic over them
(``Source.AttackDamage + 5``). ``parse_call`` reads such a string into a ``Call``
whose parts keep their offsets in the string, so that every problem found later is
reported at ``file:line:column`` inside it. ``Scope.resolve`` turns an argument into
native expression text, knowing what each Stratega name stands for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import did_you_mean


class SpeechError(Exception):
    """A problem at ``offset`` of the string being read."""

    def __init__(self, offset: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message
        self.hint = hint

    def __reduce__(self) -> tuple[type[SpeechError], tuple[int, str, str]]:
        return (type(self), (self.offset, self.message, self.hint))


# ------------------------------------------------------------------ syntax
@dataclass(frozen=True)
class Num:
    value: float
    at: int


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int
    at: int


@dataclass(frozen=True)
class Ref:
    """A dotted name: ``Target.Health`` is (("Target", at), ("Health", at))."""

    parts: tuple[tuple[str, int], ...]

    @property
    def at(self) -> int:
        return self.parts[0][1]


@dataclass(frozen=True)
class Neg:
    arg: Expr
    at: int


@dataclass(frozen=True)
class Bin:
    op: str
    left: Expr
    right: Expr
    at: int


Expr = Num | Dice | Ref | Neg | Bin


@dataclass(frozen=True)
class Call:
    """``Name(args)``: the name, its offset, the arguments and where each begins."""

    name: str
    at: int
    args: tuple[Expr, ...]
    open_at: int


_TOKEN = re.compile(r"\s*(?:(?P<dice>\d+[dD]\d+)|(?P<num>\d+(?:\.\d+)?|\.\d+)"
                    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>[-+*/(),.])|(?P<bad>\S))")


def _tokens(text: str) -> list[tuple[str, str, int]]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:  # only spaces are left
            break
        kind = m.lastgroup or "bad"
        out.append((kind, m.group(kind), m.start(kind)))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> tuple[str, str, int]:
        return self.toks[self.i] if self.i < len(self.toks) else ("end", "", len(self.text))

    def take(self, value: str, what: str) -> int:
        kind, v, at = self.peek()
        if v != value or kind != "op":
            shown = f"`{v}`" if kind != "end" else "the end"
            raise SpeechError(at, f"expected {what}, found {shown}")
        self.i += 1
        return at

    def call(self) -> Call:
        kind, name, at = self.peek()
        if kind != "name":
            raise SpeechError(at, "expected a function call such as `HasEntity(Source, King)`")
        self.i += 1
        open_at = self.take("(", f"`(` after `{name}`")
        args: list[Expr] = []
        if self.peek()[1] != ")":
            args.append(self.expr())
            while self.peek()[1] == ",":
                self.i += 1
                args.append(self.expr())
        self.take(")", "`,` or `)`")
        kind, v, end = self.peek()
        if kind != "end":
            raise SpeechError(end, f"unexpected `{v}` after the call")
        return Call(name, at, tuple(args), open_at)

    def expr(self) -> Expr:
        left = self.term()
        while self.peek()[1] in ("+", "-") and self.peek()[0] == "op":
            _, op, at = self.peek()
            self.i += 1
            left = Bin(op, left, self.term(), at)
        return left

    def term(self) -> Expr:
        left = self.factor()
        while self.peek()[1] in ("*", "/") and self.peek()[0] == "op":
            _, op, at = self.peek()
            self.i += 1
            left = Bin(op, left, self.factor(), at)
        return left

    def factor(self) -> Expr:
        kind, v, at = self.peek()
        if kind == "op" and v == "-":
            self.i += 1
            return Neg(self.factor(), at)
        if kind == "op" and v == "(":
            self.i += 1
            inner = self.expr()
            self.take(")", "`)`")
            return inner
        if kind == "num":
            self.i += 1
            return Num(float(v) if "." in v else int(v), at)
        if kind == "dice":
            self.i += 1
            n, s = re.split("[dD]", v)
            return Dice(int(n), int(s), at)
        if kind == "name":
            self.i += 1
            parts = [(v, at)]
            while self.peek()[1] == "." and self.peek()[0] == "op":
                self.i += 1
                k2, v2, at2 = self.peek()
                if k2 != "name":
                    raise SpeechError(at2, "expected a name after `.`")
                self.i += 1
                parts.append((v2, at2))
            return Ref(tuple(parts))
        shown = f"`{v}`" if kind != "end" else "the end"
        raise SpeechError(at, f"expected a value, found {shown}")


def parse_call(text: str) -> Call:
    """The call a condition or effect string holds (``SpeechError`` if it cannot be read)."""
    return _Parser(text).call()


# ------------------------------------------------------------------ meaning
@dataclass(frozen=True)
class Val:
    """A resolved argument: native expression text and what it is.

    ``kind`` is ``number``, ``dice``, ``entity``, ``player``, ``position``,
    ``entity_type`` (a target naming a type), ``name`` (a type, tile, group or action
    written by its name: ``name`` holds it) or ``param`` (a parameter that can be
    written: ``owner`` says whose, ``name`` which).
    """

    text: str
    kind: str
    name: str = ""
    owner: str = ""

    @property
    def readable(self) -> bool:
        return self.kind in ("number", "param", "dice")


@dataclass
class Scope:
    """What the names of one condition or effect stand for.

    ``bound``: Stratega names (``Source``, the targets) to their native text and kind.
    ``names``: every type, tile, group, action and technology name, by what it names.
    ``params``: the declared parameters of entities, players, tiles and the game state.
    """

    bound: dict[str, Val]
    names: dict[str, str]
    params: dict[str, set[str]]
    acting_player: str | None = "player"
    type_params: dict[str, dict[str, float]] = field(default_factory=dict)

    def resolve(self, e: Expr) -> Val:
        if isinstance(e, Num):
            return Val(_number(e.value), "number")
        if isinstance(e, Dice):
            if e.count < 1 or e.sides < 1:
                raise SpeechError(e.at, "dice need at least one die of at least one side")
            return Val(f"{e.count}d{e.sides}", "dice")
        if isinstance(e, Neg):
            v = self.number(e.arg)
            return Val(f"-({v.text})" if v.kind != "number" or " " in v.text else
                       _negate(v.text), "dice" if v.kind == "dice" else "number")
        if isinstance(e, Bin):
            a, b = self.number(e.left), self.number(e.right)
            dice = "dice" in (a.kind, b.kind)
            if dice and e.op in "*/":
                raise SpeechError(e.at, f"dice cannot be used with `{e.op}` here",
                                  "dice only add and subtract: roll them in a native `roll`")
            op = "/" if e.op == "/" else e.op
            return Val(f"({a.text} {op} {b.text})", "dice" if dice else "number")
        return self.ref(e)

    def number(self, e: Expr) -> Val:
        v = self.resolve(e)
        if not v.readable:
            kind = _kind(v)
            article = "an" if kind[0] in "aeiou" else "a"
            raise SpeechError(_at(e), f"`{_shown(e)}` is {article} {kind}, not a number")
        return v

    def ref(self, e: Ref) -> Val:
        (head, at), rest = e.parts[0], list(e.parts[1:])
        if head in self.bound:
            v = self.bound[head]
        elif head == "Player" and self.acting_player is not None:
            v = Val(self.acting_player, "player")
        elif head in ("GameState", "Gamestate"):
            if not rest:
                raise SpeechError(at, "`GameState` needs a parameter: `GameState.NAME`")
            name, pat = rest.pop(0)
            if name not in self.params["game"]:
                raise SpeechError(pat, f"unknown game-state parameter `{name}`",
                                  did_you_mean(name, self.params["game"])
                                  or "declare it under `GameConfig: Parameters:`")
            v = Val(f"game.{name}", "param", name, "game")
        elif head in self.names:
            v = Val(repr(head), "name", head)
        else:
            known = list(self.bound) + list(self.names)
            raise SpeechError(at, f"unknown name `{head}`",
                              did_you_mean(head, known) or
                              f"here: {', '.join(self.bound) or 'no targets'}, or a type name")
        for name, pat in rest:
            v = self.attribute(v, name, pat)
        return v

    def attribute(self, v: Val, name: str, at: int) -> Val:
        if v.kind == "entity":
            if name == "Player":
                return Val(f"{v.text}.owner", "player")
            if name == "Position":
                return Val(f"{v.text}.pos", "position")
            return self._param(v, name, at, "entity", f"{v.text}.{name}")
        if v.kind == "player":
            if name == "Player":  # Stratega reads a player's player as the player itself
                return v
            return self._param(v, name, at, "player", f"{v.text}.{name}")
        if v.kind == "position":
            return self._param(v, name, at, "tile", f"tile({v.text}).{name}")
        if v.kind == "entity_type":
            values = [(t, ps[name]) for t, ps in self.type_params.items() if name in ps]
            if not values:
                raise SpeechError(at, f"no entity type has a parameter `{name}`")
            text = " else ".join(f"{_number(x)} if {v.text} == {t!r}" for t, x in values)
            return Val(f"({text} else 0)", "number")
        kind = _kind(v)
        raise SpeechError(at, f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} has no `{name}`")

    def _param(self, v: Val, name: str, at: int, owner: str, text: str) -> Val:
        if name not in self.params[owner]:
            where = {"entity": "`Entities:` … `Parameters:`", "player": "`Player: Parameters:`",
                     "tile": "`Tiles:` … `Parameters:`"}[owner]
            raise SpeechError(at, f"unknown {owner} parameter `{name}`",
                              did_you_mean(name, self.params[owner]) or f"declare it in {where}")
        return Val(text, "param", name, owner)


def _number(x: float) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    return str(x)


def _negate(text: str) -> str:
    return text[1:] if text.startswith("-") else f"-{text}"


def _at(e: Expr) -> int:
    return e.at


def _shown(e: Expr) -> str:
    if isinstance(e, Ref):
        return ".".join(p for p, _ in e.parts)
    return "this"


def _kind(v: Val) -> str:
    return {"entity": "entity", "player": "player", "position": "position",
            "entity_type": "entity type", "name": "name", "game": "game"}.get(v.kind, v.kind)


__all__ = ["Bin", "Call", "Dice", "Expr", "Neg", "Num", "Ref", "Scope", "SpeechError", "Val",
           "parse_call"]
