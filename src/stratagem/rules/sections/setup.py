"""Where the game starts: `setup:`, and the `scenarios:` (possibly in files of their own)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine import Pos
from ...engine.fog import Fog
from ...engine.spec import Board, Placement
from ...engine.state_values import state_key
from ..core import CompileState, Parts
from ..effect_table import compile_effects
from ..errors import Loc, did_you_mean
from ..reading import Skip, show
from ..source import Node, read_yaml
from .board import compile_board
from .visibility import compile_visibility


def _placements(c: CompileState, node: Node | None, board: Board) -> tuple[Placement, ...]:
    out: list[Placement] = []
    taken: dict[tuple[int, int], Loc] = {}
    stacked: dict[tuple[int, int], int] = {}
    sized: dict[tuple[int, int], float] = {}
    for item in c.need_list(node, "`entities`"):
        def one(item: Node = item) -> None:
            m = c.keys(item, ("type", "owner", "at", "zone", "params", "count"),
                       "a placement", ("type",))
            etype = c.need_str(m["type"], "an entity type")
            if etype not in c.entity_types:
                c.fail(m["type"].loc, f"unknown entity type `{etype}`",
                       did_you_mean(etype, c.entity_types))
                raise Skip
            owner = c.player_index(m["owner"]) if "owner" in m and \
                m["owner"].value is not None else None
            pos = None
            if "at" in m:
                pos = _at(c, m["at"], board)
                if not c.board_ok:
                    raise Skip  # the board is wrong, and already reported
                if not board.contains(pos):
                    c.fail(m["at"].loc, f"{list(pos)} is off the {board.width}x"
                           f"{board.height} board")
                    raise Skip
                if pos in taken and not board.stacking:
                    c.fail(m["at"].loc, f"{list(pos)} is already taken (at {taken[pos]})")
                    raise Skip
                if board.stacking and not board.stack_param:  # by count: within capacity
                    here = stacked.get(pos, 0) + 1
                    stacked[pos] = here
                    tile = board.tile_types.get(board.tiles[pos[1] * board.width + pos[0]], {})
                    room = tile.get("capacity", board.capacity)
                    if isinstance(room, int) and here > room:
                        c.fail(m["at"].loc, f"{list(pos)} holds at most {room} "
                               f"(the first at {taken[pos]})")
                        raise Skip
                taken.setdefault(pos, m["at"].loc)
            zone = None
            if "zone" in m:
                zone = c.need_str(m["zone"], "a zone")
                if zone not in c.zone_names:
                    c.fail(m["zone"].loc, f"unknown zone `{zone}`",
                           did_you_mean(zone, c.zone_names))
                    raise Skip
                if owner is None and zone not in c.table_zones:
                    c.fail(item.loc, "a card in a zone needs an `owner`")
                    raise Skip
                if owner is not None and zone in c.table_zones:
                    c.fail(item.loc, f"`{zone}` belongs to the table: a card there has no "
                           "`owner`")
                    raise Skip
            params = {}
            declared = {p.name for p in c.entity_types[etype].params}
            for k, v in c.need_map(m.get("params"), "`params`").items():
                if k not in declared:
                    c.fail(v.loc, f"a {etype} has no parameter `{k}`",
                           did_you_mean(k, declared))
                    continue
                params[k] = c.need_num(v, f"parameter `{k}`")
            if pos is not None and board.stacking and board.stack_param:
                _check_size(c, m["at"], board, etype, params, pos, sized, taken)
            count = c.need_int(m["count"], "`count`", 1, 1000) if "count" in m else 1
            if count > 1 and pos is not None:
                c.fail(m["count"].loc, "`count` is for cards in zones, not board places")
                raise Skip
            out.extend(Placement(etype, owner, pos, zone, params) for _ in range(count))
        c.attempt(one)
    return tuple(out)


def _at(c: CompileState, node: Node, board: Board) -> Pos:
    """A placement's `at`: `[x, y]`, or the name of one of the board's places."""
    if isinstance(node.value, str):
        named = dict(board.places)
        if node.value not in named:
            c.fail(node.loc, f"no place `{node.value}` on the board",
                   did_you_mean(node.value, named) or "give [x, y], or name it in `places`")
            raise Skip
        return named[node.value]
    xy = c.need_list(node, "`at`")
    if len(xy) != 2:
        c.fail(node.loc, "`at` is [x, y] or a place's name")
        raise Skip
    return Pos(c.need_int(xy[0], "x"), c.need_int(xy[1], "y"))


def _check_size(c: CompileState, at: Node, board: Board, etype: str, params: dict[str, float],
                pos: Pos, sized: dict[tuple[int, int], float],
                taken: dict[tuple[int, int], Loc]) -> None:
    """On a board whose squares hold sizes (``capacity: {param: …}``), a placement must fit
    beside those placed on its square before it."""
    param = board.stack_param
    spec = next((p for p in c.entity_types[etype].params if p.name == param), None)
    size = params.get(param, spec.default if spec is not None else 1)
    used = sized.get(pos, 0) + size
    sized[pos] = used
    tile = board.tile_types.get(board.tiles[pos[1] * board.width + pos[0]], {})
    room = tile.get("capacity", board.capacity)
    if isinstance(room, int | float) and used > room:
        first = f" (the first at {taken[pos]})" if pos in taken else ""
        c.fail(at.loc, f"{list(pos)} holds a size of at most {room:g}: this {etype} "
               f"(`{param}` {size:g}) brings it to {used:g}{first}")
        raise Skip


_SHAPES = (("layout", "size"), ("places", "links"), ("topology", "hex", "neighbours"))
"""The keys of a board that give its shape together: a scenario's board that gives one of
a group replaces the rules' whole group."""


def _scenario_board(rules: Node | None, own: Node) -> Node:
    """A scenario's `board:` over the rules' own: the keys it gives replace the rules' (and a
    `layout` or a `size`, `places` or `links`, or `topology`, `hex` or `neighbours`, the
    rules' whole group of them, and with a new grid the rules' `sides` too unless it gives
    its own); the others — tile and side types, the symbols, the metric, capacity — are
    the rules'."""
    if rules is None or not rules.is_map or not own.is_map:
        return own
    dropped = {k for group in _SHAPES if any(k in own.value for k in group) for k in group}
    if "sides" not in own.value and any(k in own.value for k in ("layout", "size", *_SHAPES[2])):
        dropped.add("sides")  # the rules' sides lie between the cells of the rules' grid
    merged = {k: v for k, v in rules.value.items() if k not in dropped}
    locs = {k: loc for k, loc in rules.key_locs.items() if k in merged}
    merged.update(own.value)
    locs.update(own.key_locs)
    return Node(merged, own.loc, locs)


def compile_setup(c: CompileState, setup: Node | None, scenarios: Node | None, parts: Parts,
                  board: Board, board_node: Node | None = None) -> None:
    """`setup:` (placements and effects) and `scenarios:` (each its placements and, perhaps,
    its board and its length in rounds), into ``parts``; a scenario's board is given over
    the rules' (``board_node``)."""
    sm = c.keys(setup, ("entities", "effects"), "`setup`") if setup is not None else {}
    parts.kwargs["setup"] = compile_effects(c, sm.get("effects"), c.playerless_scope(
        "setup", "for each player, use `for_each` over `players()`"))
    parts.placements[""] = _placements(c, sm.get("entities"), board)
    parts.default = ""
    parts.scenarios_at = scenarios.loc if scenarios is not None else None
    own: list[str] = []  # the scenarios that place their own pieces (a scenario book)
    for name, spec in c.need_map(scenarios, "`scenarios`").items():
        def one(name: str = name, spec: Node = spec) -> None:
            node = spec
            if isinstance(spec.value, str):
                node = _include(c, spec)
            m = c.keys(node, ("entities", "players", "board", "round_limit", "visibility",
                              "state", "description"), f"scenario `{name}`")
            if "state" in m:
                parts.starts[name] = _scenario_state(c, m["state"], name)
            if "visibility" in m:
                parts.fogs[name] = _scenario_fog(c, m["visibility"], name)
            if "round_limit" in m:
                parts.limits[name] = c.need_int(m["round_limit"], "`round_limit`", 1)
            if "players" in m:
                parts.seats[name] = _seats(c, m["players"], parts, name)
            b = board
            if "board" in m:
                b = compile_board(c, _scenario_board(board_node, m["board"]))
                parts.layouts[name] = b
            if "entities" in m or "board" in m:
                parts.placements[name] = _placements(c, m.get("entities", sm.get("entities")), b)
                own.append(name)
            else:  # the set-up's own placements, on the set-up's board
                parts.placements[name] = parts.placements[""]
        c.attempt(one)
    if not parts.placements[""] and own and own[0] == next(iter(c.need_map(
            scenarios, "`scenarios`"))):  # the first scenario of a book is played by default
        parts.default = own[0]


def _scenario_state(c: CompileState, node: Node, name: str) -> dict[str, Any]:
    """A scenario's `state:`: game-state parameters (declared under the rules' `state:`)
    it starts at other values, each within its declared bounds."""
    out: dict[str, Any] = {}
    for key, value in c.need_map(node, f"`state` of scenario `{name}`").items():
        spec = c.state_params.get(key)
        if spec is None:
            c.fail(node.key_locs.get(key, node.loc), f"scenario `{name}` sets `{key}`, which "
                   "is not a game-state parameter", did_you_mean(key, sorted(c.state_params))
                   or "declare it under `state:` first; a scenario only sets where it starts")
            continue
        v = value.value
        if isinstance(v, bool) or not isinstance(v, int | float):
            c.fail(value.loc, f"`{key}` of scenario `{name}` is a number, not {show(value)}")
            continue
        if spec.clamp(v) != v:
            c.fail(value.loc, f"`{key}` of scenario `{name}` is {v:g}, outside its bounds "
                   f"({'' if spec.min is None else f'{spec.min:g}'}..."
                   f"{'' if spec.max is None else f'{spec.max:g}'})")
            continue
        out[state_key(key)] = v
    return out


def _scenario_fog(c: CompileState, node: Node, name: str) -> Fog | None:
    """A scenario's `visibility`: `none` (or `false`) plays it without fog of war (for
    `tactical`, or a game taught in the open first); a section of its own replaces the
    rules' one."""
    if node.value is False or node.value is None or node.value == "none":
        return None
    if not node.is_map:
        c.fail(node.loc, f"`visibility` of scenario `{name}` is `none` (no fog of war) or a "
               f"`visibility:` section of its own, not {show(node)}",
               "visibility: none, or visibility: {sight: 2}")
        raise Skip
    return compile_visibility(c, node)


def _seats(c: CompileState, node: Node, parts: Parts, name: str) -> int:
    """A scenario's `players`: how many of the rules' players sit at its table, the first
    ones in seat order. A phase played by one player, or whose turns begin with one, must
    name a seated player."""
    n = len(c.players)
    seats = c.need_int(node, "`players` (how many of the players play)", 1, max(n, 1))
    for phase in parts.kwargs.get("phases", ()):
        order = phase.order
        if order.first_of is not None or order.first < seats:
            continue
        which = "is played by" if order.kind == "player" else "begins with"
        c.fail(node.loc, f"scenario `{name}` seats {seats} of the {n} players, but phase "
               f"`{phase.name}` {which} `{c.players[order.first]}`",
               "seat that player, or let the phase name a player every set-up seats")
        raise Skip
    return seats


def _include(c: CompileState, node: Node) -> Node:
    if c.folder is None:
        c.fail(node.loc, "files can be named only by a rules file in a folder")
        raise Skip
    rel = Path(str(node.value))
    shown = str(rel) if len(str(rel)) <= 60 else str(rel)[:56] + "…"
    try:
        target = (c.folder / rel).resolve()
        if rel.is_absolute() or not target.is_relative_to(c.folder.resolve()):
            c.fail(node.loc, f"`{shown}` is outside the game's folder",
                   "name files inside the folder")
            raise Skip
        found = target.is_file()
    except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL, too long
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        c.fail(node.loc, f"cannot use `{shown}` as a file name: {why}",
               "name a file inside the game's folder")
        raise Skip from None
    if not found:
        c.fail(node.loc, f"no file `{shown}` in the game's folder")
        raise Skip
    return read_yaml(target)

