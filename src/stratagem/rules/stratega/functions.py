"""Stratega's conditions and effects, each with its native translation.

``CONDITIONS`` and ``EFFECTS`` map a Stratega function name to a ``Fn``: its arity
and a builder that turns the call's arguments into a native condition (expression
text) or native effects (a list of effect mappings). A construct of the second part
of the importer (technologies, buffs, continuous actions, queues, objects) has a
``Fn`` with no builder and ``later`` set: it is refused at its place as "not yet
supported" until that part fills the entry in (``register``). A construct that
cannot be carried over at all has ``instead``: the refusal says what to write.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .speech import Expr, Ref, Scope, SpeechError, Val


@dataclass
class Build:
    """What a builder sees: the call's scope, the translation's facts, a roll counter."""

    scope: Scope
    walkable: list[str]
    tiles: list[str]
    groups: dict[str, list[str]]
    player_maxes: dict[str, float]
    param_mins: dict[str, set[float]]
    call_at: int = 0
    rolls: list[int] = field(default_factory=lambda: [0])
    pre: list[dict[str, Any]] = field(default_factory=list)
    """Effects to run before the one being built (the rolls of its dice)."""
    hooks: dict[str, Any] = field(default_factory=dict)
    """The translation's ``hooks`` (what the importer's second part keeps)."""

    def val(self, e: Expr) -> Val:
        return self.scope.resolve(e)

    def number(self, e: Expr, dice_ok: bool = False) -> str:
        v = self.scope.number(e)
        if v.kind == "dice":
            if not dice_ok:
                raise SpeechError(e.at, "dice cannot be rolled in a condition",
                                  "roll them in an effect")
            self.rolls[0] += 1
            name = f"roll{self.rolls[0]}"
            self.pre.append({"roll": {"as": name, "dice": v.text}})
            return name
        return v.text

    def entity(self, e: Expr) -> str:
        v = self.val(e)
        if v.kind != "entity":
            raise SpeechError(e.at, f"expected an entity here, not {_what(v)}")
        return v.text

    def player(self, e: Expr) -> str:
        v = self.val(e)
        if v.kind == "entity":
            return f"{v.text}.owner"
        if v.kind != "player":
            raise SpeechError(e.at, f"expected a player here, not {_what(v)}")
        return v.text

    def place(self, e: Expr) -> str:
        """A position, or an entity standing for its position."""
        v = self.val(e)
        if v.kind == "entity":
            return f"{v.text}.pos"
        if v.kind != "position":
            raise SpeechError(e.at, f"expected a position here, not {_what(v)}")
        return v.text

    def where(self, e: Expr) -> str:
        """An entity or a position (for distances)."""
        v = self.val(e)
        if v.kind not in ("entity", "position"):
            raise SpeechError(e.at, f"expected an entity or a position here, not {_what(v)}")
        return v.text

    def owner(self, e: Expr) -> str:
        v = self.val(e)
        if v.kind == "entity":
            return f"{v.text}.owner"
        if v.kind == "player":
            return v.text
        raise SpeechError(e.at, f"expected an entity or a player here, not {_what(v)}")

    def param(self, e: Expr) -> Val:
        v = self.val(e)
        if v.kind != "param":
            raise SpeechError(e.at, f"expected a parameter such as `Target.Health`, "
                                    f"not {_what(v)}")
        return v

    def name(self, e: Expr, what: str) -> str:
        v = self.val(e)
        if v.kind != "name" or self.scope.names.get(v.name) not in what.split("|"):
            words = " or ".join(("an " if w[0] in "aeiou" else "a ") + w for w in what.split("|"))
            raise SpeechError(e.at, f"expected the name of {words} here")
        return v.name

    def types_of(self, e: Expr) -> list[str]:
        """The entity types an entity type or group name stands for."""
        return self.groups[self.name(e, "entity type|group")]


Builder = Callable[[Build, list[Expr]], Any]


@dataclass(frozen=True)
class Fn:
    """A Stratega function: how many arguments it takes and how it is translated."""

    low: int
    high: int
    build: Builder | None = None
    later: str = ""
    """The construct of the importer's second part it belongs to (not yet supported)."""
    instead: str = ""
    """Why it is refused and what to write instead."""


def _what(v: Val) -> str:
    if v.kind == "name":
        return f"the name `{v.name}`"
    return {"number": "a number", "dice": "dice", "param": "a parameter",
            "entity": "an entity", "player": "a player", "position": "a position",
            "entity_type": "an entity type"}.get(v.kind, v.kind)


def _different(b: Build, a: list[Expr]) -> str:
    """``DifferentPlayer(Source, X)``; with one argument, ``X`` against the source, as
    Stratega's engine compared its first target with its second before it read arguments
    (two of its own configurations still write it so)."""
    source = a[0] if len(a) == 2 else Ref((("Source", a[0].at),))
    return f"{b.owner(source)} != {b.owner(a[-1])}"


def _has(b: Build, a: list[Expr], op: str) -> str:
    p = b.player(a[0])
    types = b.types_of(a[1])
    if len(types) == 1:
        return f"count(entities(owner: {p}, type: {types[0]!r})) {op} 0"
    return f"count(entities(owner: {p}, where: it.type in {types!r})) {op} 0"


def _walkable(b: Build, a: list[Expr]) -> str:
    p = b.place(a[0])
    if len(b.walkable) == len(b.tiles):
        return f"tile({p}) != none"
    if len(b.walkable) == 1:
        return f"tile({p}) == {b.walkable[0]!r}"
    return f"tile({p}) in {b.walkable!r}"


def _player_id(b: Build, a: list[Expr]) -> str:
    v = b.val(a[1])
    if v.kind != "number" or not v.text.lstrip("-").isdigit():
        raise SpeechError(a[1].at, "expected a player number such as 0")
    return f"{b.player(a[0])}.name == 'p{v.text}'"


CONDITIONS: dict[str, Fn] = {
    "HasEntity": Fn(2, 2, lambda b, a: _has(b, a, ">")),
    "HasNoEntity": Fn(2, 2, lambda b, a: _has(b, a, "==")),
    "HasNoEntities": Fn(1, 1, lambda b, a: f"count(entities(owner: {b.player(a[0])})) == 0"),
    "ResourceGreaterEqual": Fn(2, 2, lambda b, a: f"{b.number(a[0])} >= {b.number(a[1])}"),
    "ResourceLowerEqual": Fn(2, 2, lambda b, a: f"{b.number(a[0])} <= {b.number(a[1])}"),
    "SamePlayer": Fn(2, 2, lambda b, a: f"{b.owner(a[0])} == {b.owner(a[1])}"),
    "DifferentPlayer": Fn(1, 2, _different),
    "InRange": Fn(3, 3, lambda b, a:
                  f"distance({b.where(a[0])}, {b.where(a[1])}) <= {b.number(a[2])}"),
    "OutRange": Fn(3, 3, lambda b, a:
                   f"distance({b.where(a[0])}, {b.where(a[1])}) >= {b.number(a[2])}"),
    "IsTileType": Fn(2, 2, lambda b, a: f"tile({b.place(a[0])}) == {b.name(a[1], 'tile')!r}"),
    "IsWalkable": Fn(1, 1, _walkable),
    "IsOccupied": Fn(1, 1, lambda b, a: f"not is_empty({b.place(a[0])})"),
    "IsNotOccupied": Fn(1, 1, lambda b, a: f"is_empty({b.place(a[0])})"),
    "IsPlayerEntity": Fn(1, 1, lambda b, a: f"{b.entity(a[0])}.owner != none"),
    "IsNotNeutral": Fn(1, 1, lambda b, a: f"{b.entity(a[0])}.owner != none"),
    "IsNeutral": Fn(1, 1, lambda b, a: f"{b.entity(a[0])}.owner == none"),
    "IsPlayerID": Fn(2, 2, _player_id),
    "IsTickMultipleOf": Fn(1, 1, lambda b, a: f"game.round % {b.number(a[0])} == 0"),
    "IsTick": Fn(1, 1, lambda b, a: f"game.round == {b.number(a[0])}"),
    "IsNotTick": Fn(1, 1, lambda b, a: f"game.round != {b.number(a[0])}"),
    "HasResearched": Fn(2, 2, later="technology trees"),
    "CanResearch": Fn(2, 2, later="technology trees"),
    "CanSpawn": Fn(2, 2, later="spawning with costs and required technologies"),
    "CanAfford": Fn(2, 2, later="costs (`Cost:` of entity types and technologies)"),
    "HasElapsedTick": Fn(1, 1, later="continuous actions"),
    "HasBuff": Fn(2, 2, later="buffs"),
    "HasNoBuff": Fn(2, 2, later="buffs"),
    "HasInventoryFull": Fn(1, 1, later="objects and inventories"),
    "HasNotInventoryFull": Fn(1, 1, later="objects and inventories"),
    "CanEquipObject": Fn(2, 2, later="objects and inventories"),
    "IsOccupiedGrid": Fn(2, 2, instead="multi-layer boards (`Grids:`) have no native "
                                       "equivalent: use `IsOccupied`"),
    "IsNotOccupiedGrid": Fn(2, 2, instead="multi-layer boards (`Grids:`) have no native "
                                          "equivalent: use `IsNotOccupied`"),
}


# ------------------------------------------------------------------ effects
def _modify(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    p = b.param(a[0])
    return [{"modify": {"what": p.text, "by": b.number(a[1], dice_ok=True)}}]


def _change(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    p = b.param(a[0])
    return [{"set": {"what": p.text, "to": b.number(a[1], dice_ok=True)}}]


def _to_max(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    p = b.param(a[0])
    if p.owner == "entity":
        holder = p.text.rsplit(".", 1)[0]
        return [{"set": {"what": p.text, "to": f"param_max({holder}, {p.name!r})"}}]
    if p.owner == "player" and p.name in b.player_maxes:
        return [{"set": {"what": p.text, "to": _num(b.player_maxes[p.name])}}]
    raise SpeechError(a[0].at, f"`SetToMaximum` of a {p.owner} parameter is not supported",
                      "set it to its maximum with `ChangeResource`")


def _transfer(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    src, dst = b.param(a[0]), b.param(a[1])
    lows = b.param_mins.get(f"{src.owner}:{src.name}", {0.0})
    if len(lows) != 1:
        raise SpeechError(a[0].at, f"`{src.name}` has different minimums on different "
                                   "types: `Transfer` cannot know which to keep")
    low = _num(next(iter(lows)))
    amount = b.number(a[2], dice_ok=True)
    b.rolls[0] += 1
    moved = f"moved{b.rolls[0]}"
    return [{"let": {"as": moved, "value": f"max([0, min([{amount}, {src.text} - {low}])])"}},
            {"modify": {"what": src.text, "by": f"-{moved}"}},
            {"modify": {"what": dst.text, "by": moved}}]


def _attack(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    p = b.param(a[0])
    if p.owner != "entity":
        raise SpeechError(a[0].at, "`Attack` lowers a parameter of an entity, such as "
                                   "`Target.Health`")
    holder = p.text.rsplit(".", 1)[0]
    return [{"modify": {"what": p.text, "by": f"-({b.number(a[1], dice_ok=True)})"}},
            {"if": {"test": f"{p.text} <= 0", "then": [{"remove": {"what": holder}}]}}]


def _attack_probability(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    v = b.val(a[2])
    try:
        percent = float(v.text)
    except ValueError:
        raise SpeechError(a[2].at, "the chance of `AttackProbability` must be a number "
                                   "from 0 to 100 written out") from None
    if not 0 <= percent <= 100 or not percent.is_integer():
        raise SpeechError(a[2].at, "the chance must be a whole number from 0 to 100")
    hit = _attack(b, a[:2])
    if percent == 100:
        return hit
    if percent == 0:
        return []
    return [{"random": {"options": [{"weight": int(percent), "do": hit},
                                    {"weight": 100 - int(percent), "do": []}]}}]


def _spawn(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    owner = b.owner(a[0])
    v = b.val(a[1])
    kind = v.text if v.kind == "entity_type" else b.name(a[1], "entity type")
    return [{"spawn": {"type": kind, "at": b.place(a[2]), "owner": owner}}]


def _move(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    return [{"move": {"what": b.entity(a[0]), "to": b.place(a[1])}}]


def _owner(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    return [{"change_owner": {"what": b.entity(a[0]), "to": b.player(a[1])}}]


def _push(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    """The target moves as far again from the source as it stands, onto a walkable free
    cell of the board (Stratega's engine tests the cell for being taken where it means
    free: the importer follows the intent)."""
    src, dst = b.where(a[0]), b.entity(a[1])
    here = f"{src}.pos" if b.val(a[0]).kind == "entity" else src
    b.rolls[0] += 1
    to = f"pushed{b.rolls[0]}"
    walk = "tile({0}) != none" if len(b.walkable) == len(b.tiles) else \
        "tile({0}) in " + repr(b.walkable)
    return [{"let": {"as": to, "value": f"({dst}.pos.x * 2 - {here}.x, "
                                        f"{dst}.pos.y * 2 - {here}.y)"}},
            {"if": {"test": f"on_board({to}) and {walk.format(to)} and is_empty({to})",
                    "then": [{"move": {"what": dst, "to": to}}]}}]


_PUSH = ("has no native equivalent yet: write the push with native `move` and `if` "
         "effects (docs/stratega.md shows how)")

EFFECTS: dict[str, Fn] = {
    "ModifyResource": Fn(2, 2, _modify),
    "ChangeResource": Fn(2, 2, _change),
    "SetToMaximum": Fn(1, 1, _to_max),
    "Transfer": Fn(3, 3, _transfer),
    "Attack": Fn(2, 2, _attack),
    "AttackProbability": Fn(3, 3, _attack_probability),
    "Move": Fn(2, 2, _move),
    "SpawnEntity": Fn(3, 3, _spawn),
    "ChangeOwner": Fn(2, 2, _owner),
    "Remove": Fn(1, 1, lambda b, a: [{"remove": {"what": b.entity(a[0])}}]),
    "Empty": Fn(0, 1, lambda b, a: []),
    "PayCost": Fn(2, 2, later="costs (`Cost:` of entity types and technologies)"),
    "Research": Fn(2, 2, later="technology trees"),
    "ApplyBuff": Fn(3, 3, later="buffs"),
    "EnqueueAction": Fn(2, 2, later="action queues"),
    "PickUp": Fn(2, 2, later="objects and inventories"),
    "EquipObject": Fn(2, 2, later="objects and inventories"),
    "UnEquipObject": Fn(2, 2, later="objects and inventories"),
    "UseObject": Fn(2, 2, later="objects and inventories"),
    "UseSlotObject": Fn(2, 2, later="objects and inventories"),
    "DropObject": Fn(3, 3, later="objects and inventories"),
    "RemoveObject": Fn(2, 2, later="objects and inventories"),
    "Push": Fn(2, 2, _push),
    "PushAndHit": Fn(4, 4, instead=f"`PushAndHit` {_PUSH}"),
    "PushAroundPositionAndHit": Fn(4, 4, instead=f"`PushAroundPositionAndHit` {_PUSH}"),
    "AttackWithArmorUnderCover": Fn(5, 5, instead="armour under cover has no native "
                                    "equivalent yet: write the damage with native `if` "
                                    "and `modify` effects"),
    "AttackAroundWithArmor": Fn(5, 5, instead="area attacks with armour have no native "
                                "equivalent yet: write them with a native `for_each`"),
    "SpawnEntityGrid": Fn(3, 3, instead="multi-layer boards (`Grids:`) have no native "
                                        "equivalent: use `SpawnEntity`"),
    "SpawnRandom": Fn(2, 2, instead="random spawning places by Stratega's scan order, which "
                                    "is not reproduced: use `SpawnEntity` with a position "
                                    "target"),
    "SpawnEntityRandomLocation": Fn(1, 1, instead="a random location draws from an "
                                    "unseeded generator in Stratega: use `SpawnEntity` with "
                                    "a position target"),
}


def register(table: dict[str, Fn], name: str, fn: Fn) -> None:
    """Fill in (or add) the entry of a Stratega function: for the importer's later parts."""
    table[name] = fn


def _num(x: float) -> Any:
    return int(x) if float(x).is_integer() else x


def is_ref(e: Expr, name: str) -> bool:
    """Whether ``e`` is the bare name ``name`` (``Target``)."""
    return isinstance(e, Ref) and len(e.parts) == 1 and e.parts[0][0] == name


__all__ = ["CONDITIONS", "EFFECTS", "Build", "Fn", "is_ref", "register"]
