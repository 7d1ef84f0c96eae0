"""Game-state parameters (the `state:` section) and tile parameters (a tile type's
`params:`): declared numbers with bounds, read and written by expressions and effects.

```yaml
state:
  pot: {default: 0, min: 0}
board:
  tile_types:
    field: {params: {fertility: {default: 2, min: 0, max: 5}}}
```

`game.pot` reads a game-state parameter and `tile(cell).fertility` a tile parameter
(the default of the tile type at that position until an effect writes one there);
`set` and `modify` write them (`set: {what: game.pot, to: 0}`, `modify: {what:
tile(cell).fertility, by: -1}`), clamped to their bounds. The engine keeps them in
the state's counters (``engine.state_values``): copied, compared and saved with the
state, and readable by every player.
"""

from __future__ import annotations

from typing import Any

import lark

from ...engine.state_values import SetKeyedValue, SetStateValue, SetTileValue
from ..core import CompileState
from ..errors import did_you_mean
from ..expr import compile_expr
from ..expr_context import Scope
from ..parsing import parser
from ..reading import Skip
from ..source import Node
from .pieces import compile_params

GAME_WORDS = ("round", "turn", "phase", "repetition")
"""What `game.` reads besides the game-state parameters."""


def compile_state(c: CompileState, node: Node | None) -> None:
    """`state:`: the game-state parameters, into ``c.state_params``."""
    if node is None:
        return
    for spec in compile_params(c, node, "state", set()):
        if spec.name in GAME_WORDS:
            c.fail(node.key_locs.get(spec.name, node.loc), f"`game.{spec.name}` is the "
                   f"game's own {spec.name}; a game-state parameter needs another name")
            continue
        if not spec.name.partition("[")[0].isidentifier():
            c.fail(node.key_locs.get(spec.name, node.loc), f"`{spec.name}` cannot be a "
                   "parameter's name", "letters, digits and _")
            continue
        c.state_params[spec.name] = spec


def compile_tile_params(c: CompileState, tile_types: str | tuple[str, ...], node: Node) -> None:
    """A tile type's `params:` (or the board's `tile_params:`, given every tile type of the
    board), into ``c.tile_params``. A tile type's own parameter is kept over the board's."""
    several = isinstance(tile_types, tuple)
    owner = "`board: tile_params`" if several else f"tile type `{tile_types}`"
    each = tile_types if isinstance(tile_types, tuple) else (tile_types,)
    for spec in compile_params(c, node, owner, set()):
        if not spec.name.isidentifier():
            c.fail(node.key_locs.get(spec.name, node.loc), f"`{spec.name}` cannot be a "
                   "parameter's name", "letters, digits and _")
            continue
        held = c.tile_params.setdefault(spec.name, {})
        for t in each:
            if several:
                held.setdefault(t, spec)
            else:
                held[t] = spec


def state_target(c: CompileState, node: Node, scope: Scope) -> Any:
    """For `set`/`modify` of `game.NAME` or `tile(POS).NAME`: a function of (value, add)
    giving the effect; None when `what` names something else (an entity's or a player's
    parameter)."""
    text = node.value
    if not isinstance(text, str):
        return None
    flat = text.replace("\n", " ")
    try:
        tree: Any = parser().parse(flat)
    except lark.exceptions.LarkError:
        return None
    if tree.data == "index" and getattr(tree.children[0], "data", None) == "attr" \
            and str(tree.children[0].children[1]) in scope.keyed:
        return _keyed_target(c, node, flat, tree, scope)
    if tree.data != "attr":
        return None
    base: Any
    name_tok: Any
    base, name_tok = tree.children
    name = str(name_tok)
    where = node.text_loc(int(name_tok.start_pos or 0))
    if getattr(base, "data", None) == "name" and str(base.children[0]) == "game" \
            and "game" not in scope.names:
        spec = scope.state_params.get(name)
        if spec is None:
            c.fail(where, f"no game-state parameter `{name}`",
                   did_you_mean(name, scope.state_params) or
                   ("declare it under `state:`" if name not in GAME_WORDS else
                    f"`game.{name}` is the game's own and is not written by effects"))
            raise Skip
        return lambda value, add: SetStateValue(spec, value, add)
    if getattr(base, "data", None) == "call" and str(base.children[0]) == "tile" \
            and len(base.children) == 2 and len(base.children[1].children) == 1:
        specs = scope.tile_params.get(name)
        if specs is None:
            c.fail(where, f"no tile type has a parameter `{name}`",
                   did_you_mean(name, scope.tile_params) or
                   "declare it under a tile type's `params:`")
            raise Skip
        arg = base.children[1].children[0]
        start, end = int(arg.meta.start_pos), int(arg.meta.end_pos)
        pos = compile_expr(flat[start:end], scope, node.loc, "pos",
                           lambda off: node.text_loc(start + off))
        value = pos.value if pos.const else pos.fn
        return lambda v, add: SetTileValue(value, name, specs, v, add)
    return None


def _keyed_target(c: CompileState, node: Node, flat: str, tree: Any, scope: Scope) -> Any:
    """`player.columns[c]` as the `what` of `set`/`modify`."""
    attr, key_node = tree.children
    owner_node, name_tok = attr.children
    name = str(name_tok)
    keys = frozenset(scope.keyed[name])

    def part(sub: Any, want: str | None = None) -> Any:
        start, end = int(sub.meta.start_pos), int(sub.meta.end_pos)
        return compile_expr(flat[start:end], scope, node.loc, want,
                            lambda off: node.text_loc(start + off))

    key = part(key_node)
    if key.const:
        v = int(key.value) if isinstance(key.value, float) and key.value.is_integer() \
            else key.value
        if isinstance(v, bool) or v not in keys:
            c.fail(node.text_loc(int(key_node.meta.start_pos)), f"`{name}` has no key `{v}`",
                   f"its keys: {', '.join(map(str, scope.keyed[name]))}")
            raise Skip
    kfn = key.value if key.const else key.fn
    if getattr(owner_node, "data", None) == "name" and str(owner_node.children[0]) == "game" \
            and "game" not in scope.names:
        specs = tuple((k, v) for k, v in scope.state_params.items() if k.startswith(name + "["))
        if not specs:
            c.fail(node.loc, f"`game.{name}` is not a parameter of `state:`")
            raise Skip
        return lambda v, add: SetKeyedValue("state", None, name, kfn, keys, v, add, specs)
    owner = part(owner_node)
    of_entity, of_player = name in scope.entity_params, name in scope.player_params
    if owner.type == "entity" or (owner.type == "any" and of_entity and not of_player):
        of = "entity"
    elif owner.type == "player" or (owner.type == "any" and of_player and not of_entity):
        of = "player"
    else:
        c.fail(node.loc, f"`{flat[:int(owner_node.meta.end_pos)]}` is a {owner.type}; only "
               f"entities, players and the game have `{name}`")
        raise Skip
    base = owner.value if owner.const else owner.fn
    return lambda v, add: SetKeyedValue(of, base, name, kfn, keys, v, add)


__all__ = ["GAME_WORDS", "compile_state", "compile_tile_params", "state_target"]
