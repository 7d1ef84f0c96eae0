"""The effects a rules file may list, each with its keys, description and example.

``docs/rules.md`` is generated from this table and the function library, so
the reference is always the code's. Each entry compiles its YAML argument
into an engine effect, in a scope that earlier effects may have extended
(``roll`` and ``spawn`` bind names for the effects after them).

Every section compiles its effect lists through ``compile_effects``; the table
is looked up in one place, ``compile_effect``. The entries compile against the
shared ``CompileState`` (``core.py``), and nested lists (``then:``, ``do:``)
through ``compile_effects`` again.

An effect kind may also declare its own rules key, arguments and documentation on its
class (``Effect.rules_key``, ``rules_args``…; see ``engine.effect``) and register itself
with ``@register_effect``: ``EFFECT_TABLE`` then lists it after the entries below,
compiled by ``declared_def`` — each argument an expression of its declared kind, given
to the field of the same name — with nothing written here.

One module because it is a table, read entry by entry, each entry's small compiling
function just above the table that names it: it runs past 500 lines with one short
function per effect, none of them long.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..engine import effects as fx
from ..engine import faces
from ..engine.card_effects import Shuffle
from ..engine.effects import Effect, rules_effects
from ..engine.spec import PLAYER_FIELD
from .core import CompileState
from .errors import Loc, RulesError, did_you_mean
from .expr import compile_expr
from .expr_context import Scope, read_var
from .expr_helpers import unknown_functions
from .reading import Skip
from .sections.queue import compile_enqueue
from .sections.state import state_target
from .source import Node

Result = tuple[Effect, Scope]


@dataclass(frozen=True)
class EffectDef:
    """One effect of the rules format."""

    name: str
    keys: tuple[str, ...]
    required: tuple[str, ...]
    doc: str
    example: str
    build: Callable[[CompileState, dict[str, Node], Scope, Node], Result]
    shorthand: str | None = None  # the key a bare scalar argument stands for

    def compile(self, c: CompileState, arg: Node, scope: Scope, loc: Loc) -> Result:
        if not arg.is_map:
            if self.shorthand is None:
                if self.keys:
                    c.fail(arg.loc, f"`{self.name}` takes a mapping with "
                           f"{', '.join(self.keys)}", f"example: {self.example}")
                    raise Skip
                return self.build(c, {}, scope, arg)
            m = {self.shorthand: arg}
        else:
            m = c.keys(arg, self.keys, f"`{self.name}`", self.required)
        return self.build(c, m, scope, arg)


def _nobody(c: Any) -> None:
    """A spawn's owner written as `none`: the new entity belongs to no one."""
    return None


def _opt(c: CompileState, m: dict[str, Node], key: str, scope: Scope, want: str | None = None,
         default: Any = None) -> Any:
    return c.fn(m[key], scope, want) if key in m else default


def _lvalue(c: CompileState, node: Node, scope: Scope) -> tuple[str, Any, str]:
    """`what: target.hp` → (entity|player, closure of the base, param name)."""
    text = node.value
    if not isinstance(text, str) or "." not in text:
        c.fail(node.loc, f"`{text}` must name a parameter, as in `target.hp`")
        raise Skip
    base_text, param = text.rsplit(".", 1)
    base = compile_expr(base_text, scope, node.loc, None, node.text_loc)
    if base.type == "entity":
        if param not in c.entity_params:
            c.fail(node.text_loc(len(base_text) + 1),
                   f"no entity type has a parameter `{param}`",
                   did_you_mean(param, c.entity_params))
            raise Skip
        return "entity", base.fn, param
    if base.type == "player":
        if param not in c.player_params:
            c.fail(node.text_loc(len(base_text) + 1),
                   f"players have no parameter `{param}`",
                   did_you_mean(param, c.player_params))
            raise Skip
        return "player", base.fn, param
    if base.type == "any":
        # A value known only in play (an event field, `find(...)`): the parameter's
        # name says whether it is an entity's or a player's.
        of_entity, of_player = param in c.entity_params, param in c.player_params
        if of_entity != of_player:
            return ("entity" if of_entity else "player"), base.fn, param
    c.fail(node.loc, f"`{base_text}` is a {base.type}; only entities and players have "
           "parameters")
    raise Skip


def _set(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    make = state_target(c, m["what"], scope)  # `game.pot`, `tile(cell).fertility`
    if make is not None:
        return make(c.fn(m["to"], scope, "number"), False), scope
    kind, base, param = _lvalue(c, m["what"], scope)
    value = c.fn(m["to"], scope, "number")
    cls = fx.SetParam if kind == "entity" else fx.SetPlayerParam
    return cls(base, param, value), scope


def _modify(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    make = state_target(c, m["what"], scope)  # `game.pot`, `tile(cell).fertility`
    if make is not None:
        return make(c.fn(m["by"], scope, "number"), True), scope
    kind, base, param = _lvalue(c, m["what"], scope)
    delta = c.fn(m["by"], scope, "number")
    cls = fx.ModifyParam if kind == "entity" else fx.ModifyPlayerParam
    return cls(base, param, delta), scope


def _hit_param(c: CompileState, m: dict[str, Node], node: Node, effect: str) -> str:
    """The parameter `damage` or `heal` changes (`hp` unless `param` says): one some entity
    type declares, checked here so that a game with `health` and no `hp` fails at load."""
    param = c.need_str(m["param"], "`param`") if "param" in m else "hp"
    declared = declared_entity_params(c)
    if param not in declared:
        hint = did_you_mean(param, declared)
        if "param" not in m:
            fix = next((p for p in ("health", "hit_points", "life", "wounds") if p in declared),
                       hint.removeprefix("did you mean `").removesuffix("`?"))
            hint = (f"`{effect}` changes `hp` unless told otherwise: say "
                    f"`param: {fix or 'NAME'}`")
        c.fail(m["param"].loc if "param" in m else node.loc,
               f"`{effect}`: no entity type has a parameter `{param}`", hint)
    return param


def declared_entity_params(c: CompileState) -> set[str]:
    """The parameters the entity types of the file declare (none assumed)."""
    out: set[str] = set()
    ents = c.root.get("entities")
    for spec in (ents.value.values() if ents is not None and ents.is_map else ()):
        params = spec.get("params") if spec.is_map else None
        if params is not None and params.is_map:
            out.update(params.value)
    return out


def _damage(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    param = _hit_param(c, m, node, "damage")
    return fx.Damage(c.fn(m["to"], scope, "entity"), c.fn(m["amount"], scope, "number"),
                     _opt(c, m, "source", scope, "entity"),
                     str(m["kind"].value) if "kind" in m else "", param), scope


def _heal(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    param = _hit_param(c, m, node, "heal")
    return fx.Heal(c.fn(m["to"], scope, "entity"), c.fn(m["amount"], scope, "number"),
                   param), scope


def _move(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    who = c.fn(m["what"], scope, "entity") if "what" in m else _actor(c, scope, node)
    return fx.Move(who, c.fn(m["to"], scope, "pos")), scope


def _actor(c: CompileState, scope: Scope, node: Node) -> Any:
    if "actor" not in scope.names:
        c.fail(node.loc, "there is no acting entity here: say `what:`")
        raise Skip
    return lambda ctx: ctx.actor


def _spawn(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    tnode = m["type"]
    bare = isinstance(tnode.value, str) and tnode.value.isidentifier()
    if bare and (tnode.value not in scope.names or (
            tnode.value in c.entity_types and scope.names[tnode.value][0] != "str")):
        # A bare name is an entity type; a name bound by `let` or a loop is read instead
        # only when it holds a text (a `let` of an entity named like its type is not one).
        etype: Any = tnode.value
    else:
        etype = c.fn(tnode, scope, "str")
    if isinstance(etype, str) and etype not in c.entity_types:
        c.fail(m["type"].loc, f"unknown entity type `{etype}`", did_you_mean(etype,
                                                                             c.entity_types))
    params = {k: c.fn(v, scope, "number")
              for k, v in c.need_map(m.get("params"), "`params`").items()}
    zone = c.need_str(m["zone"], "a zone") if "zone" in m else None
    name = c.need_identifier(m["as"], "`as`") if "as" in m else None
    at = _opt(c, m, "at", scope, "pos")
    if "at" in m and at is None and zone is None:
        c.fail(m["at"].loc, "`at` is none: a spawned entity needs a position",
               "give a position such as `(2, 3)`, or leave `at` out and give a `zone`")
    owner = _opt(c, m, "owner", scope, "player")
    if owner is None and "owner" in m:  # `owner: none` written: nobody's (a neutral unit),
        owner = _nobody                 # where an owner left out is the acting player
    effect = fx.Spawn(etype, at, owner, params, zone, name)
    if name:
        scope = scope.child(**{name: ("entity", read_var(name))})
    return effect, scope


_FACES = re.compile(r"faces\(\s*(\d+)\s*,\s*(\d+)\s*\)")


def _roll(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    name = c.need_identifier(m["as"], "`as`")
    rolled = c.expr(m["dice"], scope)
    if rolled.type == "faces":  # a pool kept die by die: the list of its faces
        pool = rolled.value if rolled.const and not callable(rolled.value) else rolled.fn
        sizes = _FACES.fullmatch(str(m["dice"].value).strip())
        if sizes:  # a pool of constant size: too many rolls is said at load, not in play
            try:
                faces(int(sizes[1]), int(sizes[2]))
            except ValueError as exc:
                c.fail(m["dice"].loc, str(exc))
                raise Skip from None
        return fx.Roll(name, pool), scope.child(**{name: ("list", read_var(name))})
    dice_fn = c.fn(m["dice"], scope, "dice")
    return fx.Roll(name, dice_fn), scope.child(**{name: ("number",
                                                         read_var(name))})


def _if(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    test = c.expr(m["test"], scope, "bool").fn
    return fx.If(test, compile_effects(c, m.get("then"), scope),
                 compile_effects(c, m.get("else"), scope)), scope


def _for_each(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    name = c.need_identifier(m["as"], "`as`")
    items = c.expr(m["in"], scope)
    if items.type not in ("list", "any"):
        c.fail(m["in"].loc, f"`in` must give a list, not a {items.type}")
        raise Skip
    kind = "player" if items.item == "player" else _item_type(m["in"])
    inner = scope.child(**{name: (kind, read_var(name))})
    return fx.ForEach(name, items.fn, compile_effects(c, m.get("do"), inner)), scope


def _item_type(node: Node) -> str:
    """What a `for_each` item is, by the list's function, when it is not a player (a list
    of players is known as it is compiled): the items of `filter(L, …)` and `sorted(L, …)`
    are those of `L`."""
    text = str(node.value).strip()
    while text.startswith(("filter(", "sorted(")):
        text = text.split("(", 1)[1].lstrip()
    if text.startswith(("entities(", "zone(")):
        return "entity"
    if text.startswith(("cells(", "positions(", "reachable(", "line(")):
        return "pos"
    return "any"


def _random(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    options = []
    for opt in c.need_list(m["options"], "`options`"):
        om = c.keys(opt, ("weight", "do"), "an option", ("weight",))
        options.append((c.need_int(om["weight"], "`weight`", 1),
                        compile_effects(c, om.get("do"), scope)))
    if not options:
        c.fail(m["options"].loc, "`random` needs at least one option")
        raise Skip
    return fx.WeightedChoice("_random", tuple(options)), scope


def _emit(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    event = c.need_str(m["event"], "an event name")
    fields = {}
    for k, v in c.need_map(m.get("fields"), "`fields`").items():
        compiled = c.attempt(partial(c.expr, v, scope))  # each field's problems, not the first
        if compiled is None:
            continue
        fields[k] = compiled.value if compiled.const and not callable(compiled.value) \
            else compiled.fn
        c.field_types.setdefault(event, {}).setdefault(k, set()).add(compiled.type)
    if "narrate" in m and m["narrate"].value:
        c.narrated.add(event)
    inner = scope.child()  # in `do`, `event` is the event just sent, its fields as changed
    inner.event_fields = dict(c.events.get(event, {}))
    return fx.Emit(event, fields, compile_effects(c, m.get("do"), inner)), scope


def _perform(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    action = c.need_str(m["action"], "an action name")
    if action not in c.action_names:
        c.fail(m["action"].loc, f"unknown action `{action}`", did_you_mean(action,
                                                                           c.action_names))
    targets = {k: c.fn(v, scope) for k, v in c.need_map(m.get("targets"), "`targets`").items()}
    return fx.Perform(action, _opt(c, m, "actor", scope, "entity"), targets), scope


def _choose(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    name = c.need_identifier(m["as"], "`as`")
    items = c.expr(m["from"], scope)
    prompt = str(m["prompt"].value) if "prompt" in m else ""
    effect = fx.Choose(name, items.fn, _opt(c, m, "player", scope, "player"), prompt,
                       c.flag(m.get("private"), "`private`"))
    return effect, scope.child(**{name: (_item_type(m["from"]),
                                         read_var(name))})


def _zone_name(c: CompileState, node: Node) -> str:
    zone = c.need_str(node, "a zone")
    if zone not in c.zone_names:
        c.fail(node.loc, f"unknown zone `{zone}`", did_you_mean(zone, c.zone_names))
    return zone


def _move_card(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    return fx.MoveCard(c.fn(m["card"], scope, "entity"), _zone_name(c, m["to"]),
                       c.flag(m.get("bottom"), "`bottom`"),
                       _opt(c, m, "player", scope, "player")), scope


def _draw(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    name = c.need_identifier(m["as"], "`as`") if "as" in m else None
    effect = fx.DrawCard(_opt(c, m, "player", scope, "player"), _zone_name(c, m["from"]),
                         _zone_name(c, m["to"]), name)
    if name:
        scope = scope.child(**{name: ("entity", read_var(name))})
    return effect, scope


def _shuffle(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    return Shuffle(_zone_name(c, m["zone"]), _opt(c, m, "player", scope, "player")), scope


def _let(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    name = c.need_identifier(m["as"], "`as`")
    value = c.expr(m["value"], scope)
    return fx.SetVar(name, value.fn), scope.child(**{name: (value.type,
                                                            read_var(name))})


def _remember(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    key = c.need_str(m["key"], "a memory key")  # a name, not an expression
    return fx.Remember(key, c.fn(m["value"], scope)), scope


def _set_event(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    if scope.event_fields is None:
        c.fail(node.loc, "`set_event` changes the event being reacted to; there is none here")
        raise Skip
    field = c.need_str(m["field"], "a field name")
    if field not in scope.event_fields:
        c.fail(m["field"].loc, f"the event has no field `{field}`",
               did_you_mean(field, scope.event_fields))
    return fx.SetEventField(field, c.fn(m["to"], scope)), scope


def _win(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    reason = str(m["reason"].value) if "reason" in m else "won"
    return fx.Win(_opt(c, m, "player", scope, "player"), reason), scope


def _lose(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    reason = str(m["reason"].value) if "reason" in m else "{player} lost"
    return fx.Lose(_opt(c, m, "player", scope, "player"), reason), scope


def _game_reason(c: CompileState, m: dict[str, Node], default: str, what: str,
                 hint: str) -> str:
    """The reason of an effect that ends the game for no one player: it cannot name one."""
    reason = str(m["reason"].value) if "reason" in m else default
    if PLAYER_FIELD in reason:
        c.fail(m["reason"].loc, f"the reason of {what} names {PLAYER_FIELD}, but {what} is "
               "said of the game, not of one player", hint)
    return reason


def _draw_game(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    return fx.Draw(_game_reason(c, m, "draw", "a draw",
                                "leave it out, or use `win` with that player")), scope


def _end_game(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    return fx.EndByScore(_game_reason(c, m, "the game is over", "an end by score",
                                      "leave it out")), scope


def _simple(effect: Effect, needs_event: bool = False) -> Callable[..., Result]:
    def build(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
        if needs_event and scope.event_fields is None:
            c.fail(node.loc, "there is no event to cancel here (only in reactions)")
            raise Skip
        return effect, scope
    return build


def _entity_effect(cls: Any) -> Callable[..., Result]:
    def build(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
        return cls(c.fn(m["what"], scope, "entity")), scope
    return build


def _status(cls: Any) -> Callable[..., Result]:
    def build(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
        name = c.need_str(m["status"], "a status")
        if name not in c.status_names:
            c.fail(m["status"].loc, f"unknown status `{name}`", did_you_mean(name,
                                                                             c.status_names))
        who = c.fn(m["to"], scope, "entity")
        if cls is fx.AddStatus:
            return fx.AddStatus(who, name, _opt(c, m, "duration", scope, "number"),
                                _opt(c, m, "usages", scope, "number")), scope
        return cls(who, name), scope
    return build


def _change_owner(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    return fx.ChangeOwner(c.fn(m["what"], scope, "entity"),
                          c.fn(m["to"], scope, "player")), scope


def _change_type(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    tnode = m["to"]
    if isinstance(tnode.value, str) and tnode.value.isidentifier() \
            and tnode.value not in scope.names:
        to: Any = tnode.value  # a bare name is an entity type
        if to not in c.entity_types:
            c.fail(tnode.loc, f"unknown entity type `{to}`", did_you_mean(to, c.entity_types)
                   or f"entity types: {', '.join(sorted(c.entity_types))}")
    else:
        to = c.fn(tnode, scope, "str")
    return fx.ChangeType(c.fn(m["what"], scope, "entity"), to), scope


def _set_tile(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
    tnode = m["to"]
    if isinstance(tnode.value, str) and tnode.value.isidentifier() \
            and tnode.value not in scope.names:
        to: Any = tnode.value  # a bare name is a tile type
        known = _tile_type_names(c)
        if known is not None and to not in known:
            c.fail(tnode.loc, f"unknown tile type `{to}`", did_you_mean(to, known) or
                   f"tile types: {', '.join(sorted(known))}")
    else:
        to = c.fn(tnode, scope, "str")
    return fx.SetTile(c.fn(m["at"], scope, "pos"), to), scope


def _tile_type_names(c: CompileState) -> set[str] | None:
    """The tile types the file's boards declare (None when a scenario board is in another
    file, so that not every name can be known here)."""
    boards = [c.root.get("board")]
    scenarios = c.root.get("scenarios")
    for spec in (scenarios.value.values() if scenarios is not None and scenarios.is_map else ()):
        if not spec.is_map:
            return None
        boards.append(spec.get("board"))
    names: set[str] = set()
    for board in boards:
        if board is None or not board.is_map:
            continue
        tiles, types = board.get("tiles"), board.get("tile_types")
        if tiles is not None and tiles.is_map:
            names.update(str(v.value) for v in tiles.value.values())
        if types is not None and types.is_map:
            names.update(types.value)
        if tiles is None:
            names.add("floor")  # `.` in a layout with no `tiles` is a `floor`
    return names


_DEFS = [
    EffectDef("set", ("what", "to"), ("what", "to"),
              "Set a parameter of an entity, a player, the game (`game.NAME`, declared under "
              "`state:`) or a tile (`tile(POS).NAME`), clamped to its bounds. `what` "
              "may start from a value known only in play (`find(...)`, a list item): the "
              "parameter's name then says whether it is an entity's or a player's. An "
              "entity no longer in the game (removed earlier in the action) is left "
              "alone, as `damage` leaves it.",
              "set: {what: target.hp, to: 0}", _set),
    EffectDef("modify", ("what", "by"), ("what", "by"),
              "Add to a parameter of an entity, a player, the game (`game.NAME`) or a tile "
              "(`tile(POS).NAME`), clamped to its bounds; an entity no longer in the game "
              "is left alone.",
              "modify: {what: actor.owner.gold, by: -3}", _modify),
    EffectDef("damage", ("to", "amount", "source", "kind", "param"), ("to", "amount"),
              "Deal damage through a pending `damaged` event (reactions and statuses may "
              "change `amount`); at 0 the target dies through a `died` event.",
              "damage: {to: target, amount: dmg, kind: melee}", _damage),
    EffectDef("heal", ("to", "amount", "param"), ("to", "amount"),
              "Restore HP (or `param`) up to its maximum, through a `healed` event.",
              "heal: {to: target, amount: 2}", _heal),
    EffectDef("move", ("what", "to"), ("to",),
              "Move an entity (the actor by default) through a pending `moved` event: "
              "reactions answer first, and the move happens only if the mover is still "
              "in the game and the square still free (on a board with `capacity`: with room "
              "for it). An entity that left the game earlier in the action is left alone; "
              "`what` that is none (no entity) is an error that names this effect. A card "
              "moved onto the board (a tile laid from a bag or a hand) leaves its zone and "
              "lies face up, known to every player, with the id it had; `move_card` takes a "
              "card back off the board into a zone.",
              "move: {to: destination}", _move),
    EffectDef("spawn", ("type", "at", "owner", "params", "zone", "as"), ("type",),
              "Create an entity of a type, at a position or in a zone of its owner (the "
              "acting player by default; `owner: none` for an entity of no one's, such as "
              "a neutral city); `as` names it for later effects. `type` is a type's name, "
              "or an expression that gives one (`type: card.type`: a piece of the kind of "
              "the card played); `params` may set a keyed parameter's keys (`\"edge[0]\": "
              "2`).",
              "spawn: {type: zombie, at: event.at, as: risen}", _spawn),
    EffectDef("remove", ("what",), ("what",), "Take an entity out of the game, with no "
              "`died` event.", "remove: {what: target}", _entity_effect(fx.Remove), "what"),
    EffectDef("kill", ("what",), ("what",), "Remove an entity through a `died` event, so "
              "triggers can answer its death.", "kill: {what: target}",
              _entity_effect(fx.Kill), "what"),
    EffectDef("change_owner", ("what", "to"), ("what", "to"),
              "Give an entity to another player, or to no one (`to: none`: a piece that "
              "becomes neutral again).", "change_owner: {what: target, to: player}",
              _change_owner),
    EffectDef("change_type", ("what", "to"), ("what", "to"),
              "Make an entity one of another type (a man crowned a king, a pawn promoted), "
              "keeping its number, owner, place and statuses: it keeps the value of each "
              "parameter the new type also has, takes the new type's default for the "
              "others, and loses those the new type lacks; its actions are the new type's. "
              "`to` is an entity type's name, or an expression giving one.",
              "change_type: {what: target, to: zombie}", _change_type),
    EffectDef("set_tile", ("at", "to"), ("at", "to"),
              "Change the tile type at a position (a village changing hands, a bridge "
              "burnt): movement costs, sight and `tile()` follow the new type. `to` is a "
              "tile type of the board, by name or as an expression.",
              "set_tile: {at: cell, to: wall}", _set_tile),
    EffectDef("add_status", ("to", "status", "duration", "usages"), ("to", "status"),
              "Put a status on an entity (replacing one of the same name); duration in "
              "rounds and usages default to the status's own.",
              "add_status: {to: target, status: poisoned, duration: 2}", _status(fx.AddStatus)),
    EffectDef("remove_status", ("to", "status"), ("to", "status"),
              "Take a status off an entity.", "remove_status: {to: target, status: poisoned}",
              _status(fx.RemoveStatus)),
    EffectDef("use_status", ("to", "status"), ("to", "status"),
              "Spend one use of a status; it expires when none are left.",
              "use_status: {to: actor, status: shield}", _status(fx.UseStatus)),
    EffectDef("roll", ("as", "dice"), ("as", "dice"),
              "Roll dice into a name for the effects after it. The roll is exact: agents "
              "can enumerate its outcomes.", "roll: {as: hit, dice: 1d20 + actor.attack_bonus}",
              _roll),
    EffectDef("if", ("test", "then", "else"), ("test",),
              "Run `then` when the test holds, else `else`.",
              "if: {test: hit >= target.ac, then: [...], else: [...]}", _if),
    EffectDef("for_each", ("as", "in", "do"), ("as", "in", "do"),
              "Run `do` once for each item of a list, named by `as`.",
              "for_each: {as: e, in: \"entities(near: target, within: 1)\", do: [...]}",
              _for_each),
    EffectDef("random", ("options",), ("options",),
              "Run one option at random by weight (a chance node agents can enumerate). "
              "The account of a game tells the pick as a roll, the option's number from 0 "
              "(`rolls 1`); to say what happened instead, `emit` a narrated event in each "
              "option's `do` and set `show_rolls: false`.",
              "random: {options: [{weight: 2, do: [...]}, {weight: 1, do: [...]}]}", _random),
    EffectDef("emit", ("event", "fields", "do", "narrate"), ("event",),
              "Send a custom event with fields; reactions may answer it while pending, "
              "then `do` runs (if it was not cancelled; there `event` is this event, its "
              "fields as the reactions left them) and triggers see it done.",
              "emit: {event: explode, fields: {at: actor.pos}, do: [...]}", _emit),
    EffectDef("perform", ("action", "actor", "targets"), ("action",),
              "Carry out another action's effects with given targets (for reactions such "
              "as an opportunity attack).",
              "perform: {action: strike, targets: {target: event.mover}}", _perform),
    EffectDef("choose", ("as", "from", "player", "prompt", "private"), ("as", "from"),
              "Ask a player (the acting one by default) to pick an item mid-effect. The "
              "`prompt` may name `{actor}`, `{player}` (the player asked, not the one whose "
              "action it is) and the values and targets in scope, as an action's `text` "
              "does (`retreat {actor} to`); a player kept by `let` reads as its seat number "
              "there, so keep its name (`let: {as: asker, value: player.name}`). The "
              "choice is told by it "
              "(`red  retreat armor #5 to (6,1)`). With one option nobody is asked: it is "
              "taken and told under the move that led to it (`· blue retreat armor #5 to "
              "(6,1) (the only option)`), except in a game that hides things, where the "
              "option could name a hidden card. `private: true` tells the choice to the "
              "chooser alone — the other players' logs and views, and the account told to "
              "a person, read `choose card=-` — and asks it even with one option, since "
              "whether a choice was asked would tell what the chooser holds: which card a "
              "detective shows another, one of the three asked about (the one shown it "
              "learns it by `show`). A private choice's `as` name is private in every "
              "`choose` of the rules. A program reads the value offered by the `as` name.",
              "choose: {as: card, from: \"zone(player, 'hand')\", prompt: discard a card}",
              _choose),
    EffectDef("move_card", ("card", "to", "bottom", "player"), ("card", "to"),
              "Move a card to another zone: a table zone, or the zone of that name of "
              "`player` (by default the card's owner; a card from the table needs "
              "`player`). Whoever sees the zone it enters learns the card.",
              "move_card: {card: card, to: discard}", _move_card),
    EffectDef("draw", ("player", "from", "to", "as"), ("from", "to"),
              "Draw a random card of a zone into another (a chance node); `from` and "
              "`to` may be table zones, and the others are `player`'s (the acting "
              "player's by default). In the exact outcomes (`Game.outcomes`) equal "
              "cards are one outcome, weighted by their number, when the "
              "draw is from a table zone or from a zone no one sees (a deck, whose order is "
              "unseen); each card is as likely to be drawn as ever. An action that deals "
              "several cards branches at each, so a hand of n cards dealt from k faces has up "
              "to k to the n outcomes (a hand is kept in the order it was dealt): 1,296 for "
              "two cards each to two players from six faces, millions for whole hands. From "
              "Python, give `Game.outcomes` a `limit` (past it, `TooManyOutcomesError` comes "
              "as soon as the count is known, before the work) or use "
              "`Game.sample_outcomes`; the search agents sample such an action past 512 "
              "outcomes, and the tactical agent stops at its time budget. `as` names the card "
              "drawn; from an empty zone nothing is drawn and `as` names no card (none): "
              "test it with `exists(card)` before using it, or a later effect stops with an "
              "error that says so.",
              "draw: {from: deck, to: hand}", _draw),
    EffectDef("shuffle", ("zone", "player"), ("zone",),
              "Shuffle a zone (a table zone, or `player`'s own; the acting player's by "
              "default): its cards are put in a random order, no one knows them any more "
              "except the players who see the zone, and what was ruled out of them is "
              "forgotten; who knew some of them knows they are in the pile, not where. "
              "Shuffle a deck in `setup` if a rule takes a card by its place in the zone; a "
              "`draw` takes a random card whatever the order. Do not shuffle where no rule "
              "needs it: a shuffle also blurs what each player knew of the piles its cards "
              "came from (every pile that held one of them becomes one with the zone), so a "
              "case file of one suspect and one weapon, dealt from two piles before the rest "
              "were gathered and shuffled, is imagined by the AIs as any two of those cards.",
              "shuffle: {zone: deck}", _shuffle),
    EffectDef("let", ("as", "value"), ("as", "value"),
              "Name a value for the effects after it.", "let: {as: bonus, value: actor.level * 2}",
              _let),
    EffectDef("remember", ("key", "value"), ("key", "value"),
              "Store a value in the game's memory, visible to agents and programs.",
              "remember: {key: last_target, value: target}", _remember),
    EffectDef("set_event", ("field", "to"), ("field", "to"),
              "Change a field of the pending event being reacted to.",
              "set_event: {field: damage, to: \"max([0, event.damage - 3])\"}", _set_event),
    EffectDef("cancel_event", (), (), "Cancel the pending event being reacted to: its change "
              "never happens.", "cancel_event: {}", _simple(fx.CancelEvent(), True)),
    EffectDef("end_turn", (), (), "End the current turn once the action resolves.",
              "end_turn: {}", _simple(fx.EndTurn())),
    EffectDef("end_phase", (), (), "End the current phase after the current turn.",
              "end_phase: {}", _simple(fx.EndPhase())),
    EffectDef("win", ("player", "reason"), (),
              "End the game at once; the player (the acting one by default) wins. "
              "`{player}` in the reason becomes the winner's name.",
              "win: {reason: four in a row}", _win),
    EffectDef("lose", ("player", "reason"), (),
              "Put a player (the acting one by default) out of the game, as a `lose` rule "
              "does: their turns are skipped, and when one player is left standing the game "
              "ends with that player the winner. `{player}` in the reason becomes the "
              "loser's name (`{player} cannot move`).",
              "lose: {player: player, reason: \"{player} resigns\"}", _lose),
    EffectDef("draw_game", ("reason",), (), "End the game at once as a draw.",
              "draw_game: {reason: the board is full}", _draw_game),
    EffectDef("end_game", ("reason",), (),
              "End the game at once as the round limit does: the players still in ranked by "
              "`end: score`, the highest winning (ties share the place; the players out "
              "after them), for a game that ends on a condition and is won on points (the "
              "supply runs out). `reason` is the result's reason.",
              "end_game: {reason: the deck is empty}", _end_game),
    EffectDef("enqueue", ("action", "actor", "targets", "when"), ("action",),
              "Set an action aside for a later turn of its player (the actor's owner, else "
              "the acting player): `when` is `next_turn` (the default) or `{after: N}` (the "
              "N-th turn of theirs from now). As that turn begins, after `turn_started` is "
              "answered, it is checked again — actor still theirs, conditions, each target "
              "still a valid choice — and carried out if legal (its effects run; it is not "
              "an action of the turn), else dropped with no effect. Queued actions are kept "
              "in the state, in the order queued.",
              "enqueue: {action: strike, targets: {target: target}, when: {after: 2}}",
              compile_enqueue),
]

_BUILT_IN: dict[str, EffectDef] = {d.name: d for d in _DEFS}
assert len(_BUILT_IN) == len(_DEFS), "two effects share a name"


def declared_def(cls: type[Effect]) -> EffectDef:
    """The entry of an effect kind that declares its own rules key and arguments: each
    argument given is compiled as an expression of its declared kind (``any``: of any
    kind) and passed to the effect by its name; those not given keep their defaults."""
    kinds = dict(cls.rules_args)

    def build(c: CompileState, m: dict[str, Node], scope: Scope, node: Node) -> Result:
        values = {k: declared_name(c, v, scope, kinds[k][5:]) if kinds[k].startswith("name:")
                  else c.fn(v, scope, None if kinds[k] == "any" else kinds[k])
                  for k, v in m.items() if k in kinds}  # an unknown key is reported already
        return cls(**values), scope

    assert cls.rules_key is not None
    return EffectDef(cls.rules_key, tuple(kinds), cls.rules_required, cls.rules_doc,
                     cls.rules_example, build)


def declared_name(c: CompileState, node: Node, scope: Scope, what: str) -> Any:
    """An argument of kind ``name:WHAT``: a name the rules declare (``c.declared[WHAT]``)
    as a bare word, or an expression giving one (a target, a variable)."""
    known = c.declared.get(what, set())
    v = node.value
    if isinstance(v, str) and v in known:
        return v
    if isinstance(v, str) and v.isidentifier() and v not in scope.names:
        c.fail(node.loc, f"unknown {what} `{v}`",
               did_you_mean(v, known) or f"declared: {', '.join(sorted(known)) or 'none'}")
        raise Skip
    return c.fn(node, scope, "str")


class _EffectTable(Mapping[str, EffectDef]):
    """The built-in entries, then those of the registered effect kinds that declare a
    rules key (looked up when asked, so a kind registered later is known)."""

    def _entries(self) -> dict[str, EffectDef]:
        table = dict(_BUILT_IN)
        for key, cls in rules_effects().items():
            if key in _BUILT_IN:
                raise ValueError(f"effect {cls.__name__} declares the rules key '{key}', "
                                 "which a built-in effect has")
            table[key] = declared_def(cls)
        return table

    def __getitem__(self, key: str) -> EffectDef:
        return self._entries()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries())

    def __len__(self) -> int:
        return len(self._entries())


EFFECT_TABLE: Mapping[str, EffectDef] = _EffectTable()



def compile_effects(c: CompileState, node: Node | None, scope: Scope) -> tuple[Effect, ...]:
    """A list of effects (``effects:``, ``then:``, ``do:``…), each in the scope the effects
    before it leave (``roll`` and ``spawn`` name values for the effects after them)."""
    out: list[Effect] = []
    for item in c.need_list(node, "effects"):
        try:
            effect, scope = compile_effect(c, item, scope)
            out.append(effect)
        except Skip:
            scope = _named_anyway(item, scope)
        except RulesError as e:
            c.problems.extend(e.problems)
            scope = _named_anyway(item, scope)
    return tuple(out)


def _named_anyway(node: Node, scope: Scope) -> Scope:
    """``scope`` with the name an effect that failed to compile would have bound (its `as`),
    so that the effects after it are not also reported for using it."""
    if node.is_map and len(node.value) == 1:
        (arg,) = node.value.values()
        named = arg.get("as") if arg.is_map else None
        if named is not None and isinstance(named.value, str) and named.value.isidentifier() \
                and named.value not in scope.names:
            return scope.child(**{named.value: ("any", read_var(named.value))})
    return scope


def compile_effect(c: CompileState, node: Node, scope: Scope) -> Result:
    """One effect, ``{name: argument}``: the table's entry for ``name`` compiles it. This is
    the one place the table is looked up."""
    if not node.is_map or len(node.value) != 1:
        c.fail(node.loc, "an effect is a mapping with one key, its name",
               "for example `- damage: {to: target, amount: 3}`")
        raise Skip
    (name, arg), = node.value.items()
    loc = node.key_locs[name]
    handler = EFFECT_TABLE.get(name)
    if handler is None:
        c.fail(loc, f"unknown effect `{name}`", did_you_mean(name, EFFECT_TABLE))
        raise Skip
    try:
        effect, after = handler.compile(c, arg, scope, loc)
    except (Skip, RulesError) as exc:
        found = list(exc.problems) if isinstance(exc, RulesError) else []
        _other_unknown_functions(c, arg, scope, {str(p.loc) for p in [*found, *c.problems]})
        raise
    c.sources[id(effect)] = (effect, f"{loc}: effect `{name}`")
    return effect, after


def _other_unknown_functions(c: CompileState, node: Node, scope: Scope, seen: set[str]) -> None:
    """For an effect that failed to compile: the unknown functions its other arguments call
    (the first problem stops its compiling; the others would wait for the next run)."""
    if node.is_map:
        for key, v in node.value.items():
            if key not in ("then", "else", "do", "options"):  # effect lists report their own
                _other_unknown_functions(c, v, scope, seen)
    elif isinstance(node.value, str):
        for off, name, hint in unknown_functions(node.value.replace("\n", " "), scope):
            loc = node.text_loc(off)
            if str(loc) not in seen:
                seen.add(str(loc))
                c.fail(loc, f"unknown function `{name}`", hint)


__all__ = ["EFFECT_TABLE", "EffectDef", "compile_effect", "compile_effects", "declared_def",
           "declared_name"]
