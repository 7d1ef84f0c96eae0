"""Compiling a rules file (the positioned YAML tree) into a ``Game``.

The compiler checks the whole file and collects every problem before giving
up, each with its place, the offending text and a hint. Expressions are
compiled once, here, into closures; nothing in the file is ever executed.
See ``docs/rules.md`` for the format.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..engine import Ctx, Game, Pos, Ref, builtin_events, dice
from ..engine.effects import Effect
from ..engine.game import SIZES
from ..engine.spec import (
    PLAYER_FIELD,
    ActionType,
    Board,
    Condition,
    EndRule,
    EntityType,
    Order,
    ParamSpec,
    Phase,
    Placement,
    Reaction,
    StatusType,
    Step,
    TargetSpec,
    Trigger,
    ZoneSpec,
)
from .errors import Loc, Problem, RulesError, did_you_mean
from .expr import (
    Compiled,
    Scope,
    bounded_distance,
    compile_expr,
    names_read,
    pinned_by,
    read_target,
)
from .source import Node, read_yaml

KIND_TYPES = {"position": "pos", "entity": "entity", "card": "entity", "player": "player",
              "number": "number", "entity_type": "str", "value": "any"}

BUILTIN_EVENTS: dict[str, dict[str, str]] = builtin_events()
"""The events the engine emits, with their fields' kinds: declared by the effects that
emit them and by the phase machine (``stratagem.engine.builtin_events``)."""

TOP_KEYS = ("game", "description", "players", "shape", "board", "entities", "player", "zones",
            "statuses", "actions", "reactions", "triggers", "flow", "end", "setup", "scenarios",
            "narration", "show_rolls")


class _Skip(Exception):
    """A section could not be compiled; its problems are already recorded."""


@dataclass
class Parts:
    """What a rules file compiles to, before a scenario is chosen."""

    kwargs: dict[str, Any] = field(default_factory=dict)
    placements: dict[str, tuple[Placement, ...]] = field(default_factory=dict)
    layouts: dict[str, Board] = field(default_factory=dict)
    default: str = ""

    def build(self, scenario: str | None = None) -> Game:
        name = scenario or self.default
        if name not in self.placements:
            raise KeyError(name)
        kw = dict(self.kwargs)
        kw["placements"] = self.placements[name]
        kw["scenario"] = name
        if name in self.layouts:
            kw["board"] = self.layouts[name]
        return Game(**kw)


class Compiler:
    """One rules file (and the files it names inside its folder) into a ``Game``."""

    def __init__(self, root: Node, folder: Path | None = None) -> None:
        self.root = root
        self.folder = folder
        self.problems: list[Problem] = []
        self.players: tuple[str, ...] = ()
        self.entity_params: set[str] = set()
        self.player_params: set[str] = set()
        self.entity_types: dict[str, EntityType] = {}
        self.action_names: set[str] = set()
        self.reaction_names: set[str] = set()
        self.status_names: set[str] = set()
        self.zone_names: set[str] = set()
        self.events: dict[str, dict[str, str]] = dict(BUILTIN_EVENTS)
        self.pins: dict[str, Any] = {}
        """Pins by their text: the actions of one game share them (``ActionType.pin``)."""
        self.narrated: set[str] = set()
        self.field_types: dict[str, dict[str, set[str]]] = {}  # custom events: types emitted
        self.board_ok = True
        self.sources: dict[int, tuple[Effect, str]] = {}
        """Where each compiled effect was written (``Game.sources``)."""

    # ------------------------------------------------------------ plumbing
    def fail(self, loc: Loc, message: str, hint: str = "") -> None:
        self.problems.append(Problem(loc, message, hint))

    def need_map(self, node: Node | None, what: str) -> dict[str, Node]:
        if node is None:
            return {}
        if not node.is_map:
            self.fail(node.loc, f"{what} must be a mapping of names to values")
            raise _Skip
        value: dict[str, Node] = node.value
        return value

    def need_list(self, node: Node | None, what: str) -> list[Node]:
        if node is None:
            return []
        if not node.is_list:
            self.fail(node.loc, f"{what} must be a list")
            raise _Skip
        value: list[Node] = node.value
        return value

    def need_str(self, node: Node, what: str) -> str:
        if not isinstance(node.value, str) or not node.value:
            self.fail(node.loc, f"{what} must be a name, not {_show(node)}")
            raise _Skip
        return node.value

    def need_int(self, node: Node, what: str, low: int | None = None,
                 high: int | None = None) -> int:
        v = node.value
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail(node.loc, f"{what} must be a whole number, not {_show(node)}")
            raise _Skip
        if (low is not None and v < low) or (high is not None and v > high):
            rng = f"from {low}" + (f" to {high}" if high is not None else "")
            self.fail(node.loc, f"{what} must be {rng}, not {v}")
            raise _Skip
        return v

    def need_num(self, node: Node, what: str) -> float:
        v = node.value
        if not isinstance(v, int | float) or isinstance(v, bool) or abs(v) > 1e15:
            self.fail(node.loc, f"{what} must be a number, not {_show(node)}")
            raise _Skip
        return v

    def keys(self, node: Node, allowed: tuple[str, ...], what: str,
             required: tuple[str, ...] = ()) -> dict[str, Node]:
        m = self.need_map(node, what)
        for k in m:
            if k not in allowed:
                hint = did_you_mean(k, allowed) or f"keys: {', '.join(allowed)}"
                if any(ch in k for ch in "()<>=+*"):
                    hint = ("is this part of an expression? Inside `{...}` an expression "
                            "with `,` or `:` must be quoted")
                self.fail(node.key_locs.get(k, node.loc), f"unknown key `{k}` in {what}", hint)
        for k in required:
            if k not in m:
                self.fail(node.loc, f"{what} needs `{k}`")
        if any(k not in m for k in required):
            raise _Skip
        return m

    def section(self, fn: Callable[[], Any]) -> Any:
        """Run one part of the compilation, keeping its problems and going on."""
        try:
            return fn()
        except _Skip:
            return None
        except RulesError as e:
            self.problems.extend(e.problems)
            return None

    def expr(self, node: Node, scope: Scope, want: str | None = None) -> Compiled:
        v = node.value
        if isinstance(v, bool):
            c = Compiled(_constant(v), "bool", True, v)
        elif isinstance(v, int | float):
            if abs(v) > 1e15:
                self.fail(node.loc, f"number {v} is too large")
                raise _Skip
            c = Compiled(_constant(v), "number", True, v)
        elif isinstance(v, str):
            # A line break in an expression is a space; each offset still maps to its place.
            return compile_expr(v.replace("\n", " "), scope, node.loc, want, node.text_loc)
        elif v is None:
            c = Compiled(lambda ctx: None, "any", True, None)
        else:
            self.fail(node.loc, f"expected an expression, not {_show(node)}")
            raise _Skip
        if want is not None and want not in (c.type, "any") and c.type != "any":
            if want == "bool":
                return c
            if want == "dice" and c.type == "number":
                d = dice(0, 1).shifted(int(c.value))
                return Compiled(lambda ctx: d, "dice", True, d)
            self.fail(node.loc, f"`{v}` is a {c.type}, expected a {want}")
            raise _Skip
        return c

    def fn(self, node: Node, scope: Scope, want: str | None = None) -> Any:
        """A compiled expression as the engine wants it: a constant or a closure."""
        c = self.expr(node, scope, want)
        return c.value if c.const and not callable(c.value) else c.fn

    def base_scope(self) -> Scope:
        return Scope({"player": ("player", lambda c: c.player)}, {}, None,
                     frozenset(self.entity_params), frozenset(self.player_params),
                     frozenset(self.entity_types))

    def playerless_scope(self, where: str, instead: str = "") -> Scope:
        """A scope with no deciding player (triggers, phase hooks, setup)."""
        s = self.base_scope()
        del s.names["player"]
        s.pending["player"] = f"is not known in {where}" + (f": {instead}" if instead else "")
        return s

    # -------------------------------------------------------------- compile
    def compile(self) -> Parts:
        root = self.root
        if not root.is_map:
            raise RulesError([Problem(root.loc, "a rules file must be a mapping of sections "
                                      "(game, players, board, entities, actions, flow, end, …)")])
        top: dict[str, Node] = root.value
        misspelt = False
        for k in top:
            if k not in TOP_KEYS:
                self.fail(root.key_locs[k], f"unknown section `{k}`",
                          did_you_mean(k, TOP_KEYS) or f"sections: {', '.join(TOP_KEYS)}")
                misspelt |= bool(did_you_mean(k, [t for t in TOP_KEYS if t not in top]))
        missing = [k for k in ("game", "players", "flow") if k not in top]
        for k in missing:
            self.fail(root.loc, f"the rules need a `{k}` section")
        # A misspelt section (`zoens`) stops here: reading on would only report everything
        # that names what it declares. A stray one (`colour`) is reported with the rest.
        if missing or misspelt:
            raise RulesError(self.problems)
        parts = Parts()
        kw = parts.kwargs
        kw["name"] = self.section(lambda: self.need_str(top["game"], "`game`")) or "game"
        kw["description"] = str(top["description"].value) if "description" in top else ""
        self.section(lambda: self._players(top["players"]))
        kw["players"] = self.players or ("player",)
        self._prescan(root)
        board = self.section(lambda: self._board(top.get("board")))
        self.board_ok = board is not None
        board = board or Board()
        kw["board"] = board
        kw["player_params"] = self.section(lambda: self._params(top.get("player"), "player",
                                                                 self.player_params)) or ()
        kw["zones"] = self.section(lambda: self._zones(top.get("zones"))) or ()
        self._declare(top)
        kw["statuses"] = self.section(lambda: self._statuses(top.get("statuses"))) or ()
        kw["entity_types"] = self.section(lambda: self._entities(top.get("entities"))) or ()
        kw["action_types"] = self.section(lambda: self._actions(top.get("actions"))) or ()
        kw["reactions"] = self.section(lambda: self._reactions(top.get("reactions"))) or ()
        kw["triggers"] = self.section(lambda: self._triggers(top.get("triggers"))) or ()
        flow = self.section(lambda: self._flow(top["flow"]))
        kw["phases"], kw["round_limit"] = flow if flow else ((), None)
        end = self.section(lambda: self._end(top.get("end"))) or ((), None, None)
        kw["end_rules"], limit, kw["score"] = end
        if limit is not None:
            kw["round_limit"] = limit
        kw["setup"] = ()
        self.section(lambda: self._setup(top.get("setup"), top.get("scenarios"), parts, board))
        kw["narration"] = self.section(lambda: self._narration(top.get("narration"))) or {}
        kw["narrated"] = tuple(sorted(self.narrated))
        if "show_rolls" in top:
            node = top["show_rolls"]
            if isinstance(node.value, bool):
                kw["show_rolls"] = node.value
            else:
                self.fail(node.loc, f"`show_rolls` must be true or false, not {_show(node)}")
        kw["events"] = {k: dict(v) for k, v in self.events.items()}
        kw["sources"] = dict(self.sources)
        if self.problems:
            raise RulesError(self.problems)
        self.section(lambda: self._shape(top.get("shape"), parts))
        if self.problems:
            raise RulesError(self.problems)
        try:
            parts.build()
        except Exception as exc:
            raise RulesError([Problem(root.loc, f"the game does not fit together: {exc}")]) \
                from None
        return parts

    # ------------------------------------------------------------ sections
    def _narration(self, node: Node | None) -> dict[str, Callable[[Any, dict[str, Any]], str]]:
        """`narration: {died: "{type} #{entity} drops"}`: plain `{field}` templates."""
        out: dict[str, Callable[[Any, dict[str, Any]], str]] = {}
        for event, tnode in self.need_map(node, "`narration`").items():
            if event not in self.events and not event.endswith("_cancelled"):
                self.fail(node.key_locs[event] if node else tnode.loc,
                          f"unknown event `{event}`", did_you_mean(event, self.events))
                continue
            template = self.need_str(tnode, "a narration template")
            base = event.removesuffix("_cancelled")
            fields = set(self.events.get(base, {}))
            for name in _FIELD.findall(template):
                if name not in fields:
                    self.fail(tnode.loc, f"`{{{name}}}`: the event `{base}` has no field "
                              f"`{name}`", did_you_mean(name, fields) or
                              f"its fields: {', '.join(sorted(fields))}")
            emitted = self.field_types.get(base, {})  # a field every emit gives an entity
            out[event] = _template(template, frozenset(
                f for f, t in self.events.get(base, {}).items()
                if t == "entity" or emitted.get(f) == {"entity"}))
        return out

    def _shape(self, node: Node | None, parts: Parts) -> None:
        """`shape:` declares the game's nature; it must agree with the rules."""
        if node is None:
            return
        m = self.keys(node, ("chance", "hidden", "dynamics", *SIZES), "`shape`")
        sizes: dict[str, int] = {}
        for key in SIZES:
            if key in m:
                value = m[key].value
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    self.fail(m[key].loc, f"`{key}` must be a whole number of at least 1")
                else:
                    sizes[key] = value
        if sizes:
            parts.kwargs["sizes"] = sizes
        info = parts.build().info
        for key, actual in (("chance", info.chance), ("hidden", info.hidden)):
            if key in m and bool(m[key].value) != actual:
                what = {"chance": ("rolls dice or draws at random", "has no chance"),
                        "hidden": ("hides zones from players", "hides nothing")}[key]
                self.fail(m[key].loc, f"`{key}: {str(bool(m[key].value)).lower()}` but the "
                          f"rules {what[0] if actual else what[1]}")
        if "dynamics" in m and m["dynamics"].value != "sequential":
            self.fail(m["dynamics"].loc, "only `sequential` games are supported")

    def _players(self, node: Node) -> None:
        items = self.need_list(node, "`players`")
        names = [self.need_str(n, "a player") for n in items]
        if not names:
            self.fail(node.loc, "a game needs at least one player")
        for n, item in zip(names, items, strict=True):
            if names.count(n) > 1:
                self.fail(item.loc, f"player `{n}` is named twice")
        self.players = tuple(names)

    def _prescan(self, root: Node) -> None:
        """Custom events: any `emit` anywhere declares its event and fields."""
        def walk(n: Node) -> None:
            if n.is_map:
                emit = n.value.get("emit")
                if emit is not None and emit.is_map and isinstance(
                        (ev := emit.value.get("event")), Node) and isinstance(ev.value, str):
                    fields = emit.value.get("fields")
                    names = list(fields.value) if fields is not None and fields.is_map else []
                    self.events.setdefault(ev.value, {}).update({f: "any" for f in names})
                for v in n.value.values():
                    walk(v)
            elif n.is_list:
                for v in n.value:
                    walk(v)
        walk(root)

    def _declare(self, top: dict[str, Node]) -> None:
        """Names used before their sections compile: params, actions, reactions, statuses."""
        for section, names in (("actions", self.action_names), ("reactions", self.reaction_names),
                               ("statuses", self.status_names)):
            node = top.get(section)
            if node is not None and node.is_map:
                names.update(node.value)
        ents = top.get("entities")
        if ents is not None and ents.is_map:
            for spec in ents.value.values():
                params = spec.get("params") if spec.is_map else None
                if params is not None and params.is_map:
                    self.entity_params.update(params.value)
        self.entity_params.update(("hp",) if not self.entity_params else ())

    def _board(self, node: Node | None) -> Board:
        if node is None:
            return Board()
        m = self.keys(node, ("layout", "tiles", "tile_types", "metric", "size"), "`board`")
        tile_types: dict[str, dict[str, Any]] = {}
        for name, spec in self.need_map(m.get("tile_types"), "`tile_types`").items():
            props = self.keys(spec, ("cost", "blocks_sight"), f"tile type `{name}`")
            entry: dict[str, Any] = {}
            if "cost" in props:
                v = props["cost"].value
                entry["cost"] = None if v is None else self.need_num(props["cost"], "a cost")
            if "blocks_sight" in props:
                entry["blocks_sight"] = bool(props["blocks_sight"].value)
            tile_types[name] = entry
        symbols: dict[str, str] = {}
        for sym, tname in self.need_map(m.get("tiles"), "`tiles`").items():
            t = self.need_str(tname, "a tile type")
            symbols[sym] = t
            tile_types.setdefault(t, {})
        metric = "chebyshev"
        if "metric" in m:
            metric = self.need_str(m["metric"], "`metric`")
            if metric not in ("chebyshev", "manhattan", "euclidean"):
                self.fail(m["metric"].loc, f"unknown metric `{metric}`",
                          "chebyshev, manhattan or euclidean")
        if "layout" in m:
            return self._layout(m["layout"], symbols, tile_types, metric)
        if "size" in m:
            size = self.need_list(m["size"], "`size`")
            if len(size) != 2:
                self.fail(m["size"].loc, "`size` is [width, height]")
                raise _Skip
            w = self.need_int(size[0], "the width", 1, 1000)
            h = self.need_int(size[1], "the height", 1, 1000)
            if w * h > 250_000:
                self.fail(m["size"].loc, "a board of more than 250000 tiles")
                raise _Skip
            default = next(iter(tile_types), "floor")
            tile_types.setdefault(default, {})
            return Board(w, h, (default,) * (w * h), tile_types, metric)
        self.fail(node.loc, "a board needs a `layout` or a `size`")
        raise _Skip

    def _layout(self, node: Node, symbols: dict[str, str],
                tile_types: dict[str, dict[str, Any]], metric: str) -> Board:
        text = node.value
        if not isinstance(text, str):
            self.fail(node.loc, "`layout` is text: one row of tile symbols per line")
            raise _Skip
        rows: list[list[tuple[str, int]]] = []  # each row's symbols, with their offsets
        ends: list[int] = []  # the offset just after each row's last symbol
        start = 0
        for line in text.splitlines(keepends=True):
            row = [(m.group(), start + m.start()) for m in re.finditer(r"\S+", line)]
            if row:
                rows.append(row)
                ends.append(row[-1][1] + len(row[-1][0]))
            start += len(line)
        if not rows:
            self.fail(node.loc, "the layout is empty")
            raise _Skip
        width = len(rows[0])
        tiles: list[str] = []
        for y, row in enumerate(rows):
            if len(row) != width:
                at = row[width][1] if len(row) > width else ends[y]
                self.fail(node.text_loc(at), f"layout row {y + 1} has {len(row)} tiles, "
                          f"row 1 has {width}")
                raise _Skip
            for sym, offset in row:
                if sym not in symbols:
                    if not symbols and sym == ".":
                        symbols["."] = "floor"
                        tile_types.setdefault("floor", {})
                    else:
                        self.fail(node.text_loc(offset),
                                  f"layout row {y + 1}: unknown tile symbol `{sym}`",
                                  f"declare it under `tiles`: {{'{sym}': tile_type}}")
                        raise _Skip
                tiles.append(symbols[sym])
        return Board(width, len(rows), tuple(tiles), tile_types, metric)

    def _params(self, node: Node | None, owner: str, names: set[str]) -> tuple[ParamSpec, ...]:
        out = []
        for name, spec in self.need_map(node, f"parameters of {owner}").items():
            names.add(name)
            p = self.section(partial(self._param, owner, name, spec))
            if p is not None:
                out.append(p)
        return tuple(out)

    def _param(self, owner: str, name: str, spec: Node) -> ParamSpec | None:
        if not spec.is_map:
            return ParamSpec(name, self.need_num(spec, f"parameter `{owner}.{name}`"))
        m = self.keys(spec, ("default", "min", "max"), f"parameter `{owner}.{name}`")
        lo = self.need_num(m["min"], "`min`") if "min" in m else None
        hi = self.need_num(m["max"], "`max`") if "max" in m else None
        if "default" in m:
            default = self.need_num(m["default"], "`default`")
        else:
            default = hi if hi is not None else (lo if lo is not None else 0)
        if lo is not None and hi is not None and lo > hi:
            self.fail(spec.loc, f"parameter `{owner}.{name}`: min {lo} > max {hi}")
            return None
        return ParamSpec(name, default, lo, hi)

    def _zones(self, node: Node | None) -> tuple[ZoneSpec, ...]:
        out = []
        for name, vis in self.need_map(node, "`zones`").items():
            v = self.need_str(vis, f"visibility of zone `{name}`")
            if v not in ("public", "owner", "hidden"):
                self.fail(vis.loc, f"unknown visibility `{v}`", "public, owner or hidden")
                continue
            self.zone_names.add(name)
            out.append(ZoneSpec(name, v))
        return tuple(out)

    def _names(self, node: Node | None, known: set[str], what: str) -> tuple[str, ...]:
        out = []
        for n in self.need_list(node, f"a list of {what}s"):
            name = self.need_str(n, f"a {what}")
            if name not in known:
                self.fail(n.loc, f"unknown {what} `{name}`", did_you_mean(name, known))
            out.append(name)
        return tuple(out)

    def _entities(self, node: Node | None) -> tuple[EntityType, ...]:
        out = []
        for name, spec in self.need_map(node, "`entities`").items():
            def one(name: str = name, spec: Node = spec) -> None:
                m = self.keys(spec, ("params", "actions", "reactions", "tags", "statuses",
                                     "symbol", "hints", "description"), f"entity `{name}`")
                params = self._params(m.get("params"), name, self.entity_params)
                hints = {k: self.need_num(v, f"hint `{k}`")
                         for k, v in self.need_map(m.get("hints"), "`hints`").items()}
                et = EntityType(
                    name, params,
                    self._names(m.get("actions"), self.action_names, "action"),
                    self._names(m.get("reactions"), self.reaction_names, "reaction"),
                    frozenset(self.need_str(t, "a tag")
                              for t in self.need_list(m.get("tags"), "`tags`")),
                    self._names(m.get("statuses"), self.status_names, "status"),
                    str(m["symbol"].value) if "symbol" in m else name[:1], hints)
                self.entity_types[name] = et
                out.append(et)
            self.section(one)
        return tuple(out)

    # -------------------------------------------------------------- actions
    def _actions(self, node: Node | None) -> tuple[ActionType, ...]:
        sources: dict[str, str] = {}
        ents = self.root.get("entities")
        if ents is not None and ents.is_map:
            for spec in ents.value.values():
                acts = spec.get("actions") if spec.is_map else None
                for a in (acts.value if acts is not None and acts.is_list else []):
                    if isinstance(a.value, str):
                        sources[a.value] = "entity"
        out = []
        for name, spec in self.need_map(node, "`actions`").items():
            if name in ("roll", "choose"):
                self.fail(spec.loc, f"an action cannot be called `{name}`: the engine uses "
                          "that name for its own options", "pick another name")
                continue

            def one(name: str = name, spec: Node = spec) -> None:
                out.append(self._action(name, spec, sources.get(name, "player")))
            self.section(one)
        return tuple(out)

    def _action(self, name: str, node: Node, default_source: str) -> ActionType:
        m = self.keys(node, ("source", "when", "targets", "effects", "ends_turn", "passes",
                             "keeps_turn", "text", "description"), f"action `{name}`")
        source = self.need_str(m["source"], "`source`") if "source" in m else default_source
        if source not in ("entity", "player"):
            self.fail(m["source"].loc, f"unknown source `{source}`", "entity or player")
            raise _Skip
        scope = self.base_scope()
        if source == "entity":
            scope = scope.child(actor=("entity", lambda c: c.actor))
        targets_node = m.get("targets")
        tmap = self.need_map(targets_node, f"targets of `{name}`")
        for t, tnode in tmap.items():  # later targets: known, but not yet chosen
            scope.pending[t] = "is used before it is chosen (targets are chosen in order)"
            del tnode
        if source == "player":
            scope.pending["actor"] = (f"is not known: `{name}` is a player action (no entity "
                                      "type lists it); list it in an entity's `actions` or "
                                      "say `source: entity`")
        conds = self._conditions(m.get("when"), scope, entity=source == "entity")
        pin = self._pin(m.get("when"), scope) if source == "entity" else None
        targets = []
        for tname, tnode in tmap.items():
            spec = self.section(partial(self._target, tname, tnode, scope))
            scope.pending.pop(tname, None)
            kind = spec.kind if spec is not None else "value"
            if spec is not None:
                targets.append(spec)
            scope = scope.child(**{tname: (KIND_TYPES[kind],
                                           read_target(tname))})
        effects = self._effects(m.get("effects"), scope)
        return ActionType(name, source, conds, tuple(targets), effects,
                          bool(m["ends_turn"].value) if "ends_turn" in m else False,
                          bool(m["passes"].value) if "passes" in m else False,
                          str(m["text"].value) if "text" in m else "",
                          bool(m["keeps_turn"].value) if "keeps_turn" in m else False,
                          pin)

    def _conditions(self, node: Node | None, scope: Scope,
                    entity: bool = False) -> tuple[Condition, ...]:
        """The conditions of a ``when`` or ``where`` list; with ``entity`` (an entity
        action's ``when``), each marked with whether it reads the actor."""
        if node is None:
            return ()
        out = []
        for label, e in self._condition_nodes(node):
            compiled = self.section(partial(self.expr, e, scope, "bool"))
            test = compiled.fn if compiled is not None else None
            if test is not None:
                free = False
                if entity:
                    names = names_read(e.value) if isinstance(e.value, str) else frozenset()
                    free = names is not None and "actor" not in names
                out.append(Condition(label, test, free))
        return tuple(out)

    @staticmethod
    def _condition_nodes(node: Node) -> list[tuple[str, Node]]:
        """Each condition of a list as (label, expression node): ``{label: expression}``,
        or the expression as its own label."""
        items = node.value if node.is_list else [node]
        out = []
        for item in items:
            out.extend(list(item.value.items()) if item.is_map else [(str(item.value), item)])
        return out

    def _condition_forms(self, node: Node | None,
                         find: Callable[[str], Any]) -> Iterator[tuple[Node, str, Any]]:
        """The conditions written as expressions in which ``find`` recognizes a form (it
        returns ``None`` where it does not): each one's node, its text on one line, and
        what ``find`` returned."""
        if node is None:
            return
        for _, e in self._condition_nodes(node):
            if isinstance(e.value, str):
                text = e.value.replace("\n", " ")
                where = find(text)
                if where is not None:
                    yield e, text, where

    def _pin(self, node: Node | None, scope: Scope) -> Any:
        """The expression, free of the actor, that a condition ``x == actor.id`` compares the
        actor with (``ActionType.pin``); ``None`` when no condition has that form."""
        for e, text, (start, end) in self._condition_forms(
                node, lambda text: pinned_by(text, "actor")):
            known = self.pins.get(" ".join(text[start:end].split()))
            if known is not None:
                return known
            try:
                found = compile_expr(text[start:end], scope, e.loc, None,
                                     partial(_shifted, e, start))
            except RulesError:
                continue
            if found.type in ("number", "entity", "any"):
                self.pins[" ".join(text[start:end].split())] = found.fn
                return found.fn
        return None

    def _target(self, name: str, node: Node, scope: Scope) -> TargetSpec:
        m = self.keys(node, ("kind", "from", "where", "entity", "position", "player",
                             "on_board"), f"target `{name}`")
        kind: str | None = None
        source: Any = None
        for short in ("entity", "position", "player"):
            if short in m:
                kind = short
                word = m[short].value
                source = {"entity": {"enemy": "entities(owner: enemy)",
                                     "ally": "entities(owner: ally)",
                                     "any": "entities()"},
                          "position": {"empty": "cells(empty: true)", "any": "cells()"},
                          "player": {"opponent": "opponents()", "any": "players()"}}[short].get(
                    word if isinstance(word, str) else "")
                if source is None:
                    choices = {"entity": "enemy, ally or any", "position": "empty or any",
                               "player": "opponent or any"}[short]
                    self.fail(m[short].loc, f"unknown {short} target `{word}`", choices)
                    raise _Skip
                source = Node(source, m[short].loc)
        if "kind" in m:
            kind = self.need_str(m["kind"], "`kind`")
            if kind not in KIND_TYPES:
                self.fail(m["kind"].loc, f"unknown target kind `{kind}`",
                          did_you_mean(kind, KIND_TYPES) or ", ".join(KIND_TYPES))
                raise _Skip
        if kind is None:
            self.fail(node.loc, f"target `{name}` needs a `kind`",
                      "position, entity, card, player, number or entity_type")
            raise _Skip
        if "from" in m:
            source = m["from"]
        if source is None:
            defaults = {"entity": "entities()", "position": "cells()", "player": "players()"}
            if kind == "entity_type":
                types = list(self.entity_types) or []
                cands = tuple(types)
                candidates: Any = lambda c: cands  # noqa: E731
            elif kind in defaults:
                source = Node(defaults[kind], node.loc)
            else:
                self.fail(node.loc, f"target `{name}` of kind {kind} needs `from`",
                          "a list expression, e.g. from: \"[1, 2, 3]\"")
                raise _Skip
        if source is not None:
            cand = self.section(lambda: self.expr(source, scope))
            if cand is None:
                candidates = lambda c: ()  # noqa: E731  (reported; keep checking the rest)
            elif cand.type not in ("list", "any"):
                self.fail(source.loc, f"`from` must give a list, not a {cand.type}")
                raise _Skip
            else:
                candidates = cand.fn
        inner = scope.child(**{name: (KIND_TYPES[kind], read_target(name))})
        inner.pending.pop(name, None)
        conds = self._conditions(m.get("where"), inner)
        near = self._near(m.get("where"), inner, name) if kind in ("entity", "card") else None
        on_board = None
        if "on_board" in m:
            on_board = self.need_str(m["on_board"], "`on_board`")
            if kind != "number":
                self.fail(m["on_board"].loc, f"`on_board` is for number targets; target "
                          f"`{name}` is of kind {kind}", "leave it out")
            elif on_board not in ("column", "row"):
                self.fail(m["on_board"].loc, f"unknown `on_board` value `{on_board}`",
                          "column or row")
        return TargetSpec(name, candidates, conds, kind, near, on_board)

    def _near(self, node: Node | None, scope: Scope, name: str) -> Any:
        """``(center, bound)`` from a condition ``distance(center, NAME) <= bound``
        (``TargetSpec.near``); ``None`` when no condition has that form."""
        for e, text, ((c0, c1), (b0, b1)) in self._condition_forms(
                node, lambda text: bounded_distance(text, name)):
            try:
                center = compile_expr(text[c0:c1], scope, e.loc, None, partial(_shifted, e, c0))
                bound = compile_expr(text[b0:b1], scope, e.loc, None, partial(_shifted, e, b0))
            except RulesError:
                continue
            if center.type in ("entity", "pos", "any") and bound.type in ("number", "any"):
                return center.fn, bound.fn
        return None

    # -------------------------------------------------------------- effects
    def _effects(self, node: Node | None, scope: Scope) -> tuple[Effect, ...]:
        out: list[Effect] = []
        for item in self.need_list(node, "effects"):
            try:
                effect, scope = self._effect(item, scope)
                out.append(effect)
            except _Skip:
                continue
            except RulesError as e:
                self.problems.extend(e.problems)
        return tuple(out)

    def _effect(self, node: Node, scope: Scope) -> tuple[Effect, Scope]:
        if not node.is_map or len(node.value) != 1:
            self.fail(node.loc, "an effect is a mapping with one key, its name",
                      "for example `- damage: {to: target, amount: 3}`")
            raise _Skip
        (name, arg), = node.value.items()
        loc = node.key_locs[name]
        handler = EFFECT_TABLE.get(name)
        if handler is None:
            self.fail(loc, f"unknown effect `{name}`", did_you_mean(name, EFFECT_TABLE))
            raise _Skip
        effect, after = handler.compile(self, arg, scope, loc)
        self.sources[id(effect)] = (effect, f"{loc}: effect `{name}`")
        return effect, after

    def _lvalue(self, node: Node, scope: Scope) -> tuple[str, Any, str]:
        """`what: target.hp` → (entity|player, closure of the base, param name)."""
        text = node.value
        if not isinstance(text, str) or "." not in text:
            self.fail(node.loc, f"`{text}` must name a parameter, as in `target.hp`")
            raise _Skip
        base_text, param = text.rsplit(".", 1)
        base = compile_expr(base_text, scope, node.loc, None, node.text_loc)
        if base.type == "entity":
            if param not in self.entity_params:
                self.fail(node.text_loc(len(base_text) + 1),
                          f"no entity type has a parameter `{param}`",
                          did_you_mean(param, self.entity_params))
                raise _Skip
            return "entity", base.fn, param
        if base.type == "player":
            if param not in self.player_params:
                self.fail(node.text_loc(len(base_text) + 1),
                          f"players have no parameter `{param}`",
                          did_you_mean(param, self.player_params))
                raise _Skip
            return "player", base.fn, param
        if base.type == "any":
            # A value known only in play (an event field, `find(...)`): the parameter's
            # name says whether it is an entity's or a player's.
            of_entity, of_player = param in self.entity_params, param in self.player_params
            if of_entity != of_player:
                return ("entity" if of_entity else "player"), base.fn, param
        self.fail(node.loc, f"`{base_text}` is a {base.type}; only entities and players have "
                  "parameters")
        raise _Skip

    def _var(self, node: Node, what: str) -> str:
        name = self.need_str(node, what)
        if not name.isidentifier():
            self.fail(node.loc, f"`{name}` cannot be a name", "letters, digits and _")
            raise _Skip
        return name

    # ------------------------------------------------------------ reactions
    def _event_scope(self, scope: Scope, event: str) -> Scope:
        s = scope.child()
        s.event_fields = dict(self.events.get(event, {}))
        return s

    def _event_name(self, node: Node) -> str:
        name = self.need_str(node, "an event")
        if name not in self.events:
            self.fail(node.loc, f"unknown event `{name}`",
                      did_you_mean(name, self.events) or
                      f"built-in events: {', '.join(BUILTIN_EVENTS)}; or one you `emit`")
            raise _Skip
        return name

    def _reaction(self, name: str, node: Node, automatic_default: bool,
                  source_default: str) -> Reaction:
        m = self.keys(node, ("on", "stage", "when", "effects", "limit", "once_per",
                             "automatic", "source", "description"), f"reaction `{name}`",
                      ("on",))
        event = self._event_name(m["on"])
        stage = self.need_str(m["stage"], "`stage`") if "stage" in m else "pending"
        if stage not in ("pending", "done"):
            self.fail(m["stage"].loc, f"unknown stage `{stage}`", "pending or done")
            raise _Skip
        source = self.need_str(m["source"], "`source`") if "source" in m else source_default
        if source not in ("entity", "player", "game"):
            self.fail(m["source"].loc, f"unknown source `{source}`", "entity, player or game")
            raise _Skip
        base = self.base_scope() if source != "game" else self.playerless_scope(
            "a game reaction", "use a field of the event")
        scope = self._event_scope(base, event)
        if source == "entity":
            scope = scope.child(actor=("entity", lambda c: c.actor),
                                reactor=("entity", lambda c: c.actor))
            scope.event_fields = dict(self.events[event])
        when = self.expr(m["when"], scope, "bool").fn if "when" in m else None
        limit = None
        group = None
        if "once_per" in m:
            per = self.need_str(m["once_per"], "`once_per`")
            limit = (per, 1)
        if "limit" in m and "once_per" in m:
            self.fail(m["limit"].loc, "give either `once_per` or `limit`, not both")
        if "limit" in m:
            lm = self.keys(m["limit"], ("per", "count", "group"), "`limit`", ("per",))
            per = self.need_str(lm["per"], "`per`")
            count = self.need_int(lm["count"], "`count`", 1) if "count" in lm else 1
            limit = (per, count)
            group = self.need_str(lm["group"], "`group`") if "group" in lm else None
        if limit is not None and limit[0] not in ("round", "turn", "game"):
            self.fail((m.get("limit") or m["once_per"]).loc, f"unknown period `{limit[0]}`",
                      "round, turn or game")
            raise _Skip
        effects = self._effects(m.get("effects"), scope)
        automatic = bool(m["automatic"].value) if "automatic" in m else automatic_default
        return Reaction(name, event, stage, when, effects, limit, group, automatic, source)

    def _reactions(self, node: Node | None) -> tuple[Reaction, ...]:
        out = []
        for name, spec in self.need_map(node, "`reactions`").items():
            r = self.section(partial(self._reaction, name, spec, False, "entity"))
            if r is not None:
                out.append(r)
        return tuple(out)

    def _triggers(self, node: Node | None) -> tuple[Trigger, ...]:
        out = []
        for name, spec in self.need_map(node, "`triggers`").items():
            def one(name: str = name, spec: Node = spec) -> None:
                m = self.keys(spec, ("on", "when", "effects", "description"),
                              f"trigger `{name}`", ("on",))
                event = self._event_name(m["on"])
                hint = ("use `event.player`" if "player" in self.events[event]
                        else "for each player, use `for_each: {as: p, in: players(), do: ...}`")
                scope = self._event_scope(self.playerless_scope("a trigger", hint), event)
                when = self.expr(m["when"], scope, "bool").fn if "when" in m else None
                out.append(Trigger(name, event, self._effects(m.get("effects"), scope), when))
            self.section(one)
        return tuple(out)

    def _statuses(self, node: Node | None) -> tuple[StatusType, ...]:
        out = []
        for name, spec in self.need_map(node, "`statuses`").items():
            def one(name: str = name, spec: Node = spec) -> None:
                m = self.keys(spec, ("duration", "usages", "negative", "hooks", "description"),
                              f"status `{name}`")
                hooks = []
                for i, h in enumerate(self.need_list(m.get("hooks"), "`hooks`")):
                    r = self.section(partial(self._reaction, f"{name}.hook{i + 1}", h, True,
                                             "entity"))
                    if r is not None:
                        hooks.append(r)
                out.append(StatusType(
                    name,
                    self.need_int(m["duration"], "`duration`", 1) if "duration" in m else None,
                    self.need_int(m["usages"], "`usages`", 1) if "usages" in m else None,
                    tuple(hooks), bool(m["negative"].value) if "negative" in m else False))
            self.section(one)
        return tuple(out)

    # ----------------------------------------------------------------- flow
    def _flow(self, node: Node) -> tuple[tuple[Phase, ...], int | None]:
        m = self.keys(node, ("phases", "round_limit"), "`flow`", ("phases",))
        phases = []
        for p in self.need_list(m["phases"], "`phases`"):
            ph = self.section(partial(self._phase, p))
            if ph is not None:
                phases.append(ph)
        if not phases and not self.problems:
            self.fail(m["phases"].loc, "the flow needs at least one phase")
        limit = self.need_int(m["round_limit"], "`round_limit`", 1) if "round_limit" in m \
            else None
        return tuple(phases), limit

    def _phase(self, node: Node) -> Phase:
        m = self.keys(node, ("name", "order", "steps", "actions", "max_actions", "on_start",
                             "on_end", "end_when"), "a phase", ("name",))
        name = self.need_str(m["name"], "a phase name")
        scope = self.base_scope()
        order = self._order(m.get("order"), scope)
        phase_scope = self.playerless_scope(
            "a phase's on_start and on_end", "for each player, use `for_each` over `players()`")
        if "steps" in m:
            if "actions" in m:
                self.fail(m["actions"].loc, "give `actions` in each step when a phase has steps")
            if "max_actions" in m:
                self.fail(m["max_actions"].loc,
                          "give `max_actions` in each step when a phase has steps")
            steps = tuple(self._step(s, self._turn_scope(scope, order))
                          for s in self.need_list(m["steps"], "`steps`"))
        else:
            steps = (self._step(node, self._turn_scope(scope, order), name, only_actions=True),)
        turn_scope = self._turn_scope(scope, order)
        return Phase(name, steps, order, self._effects(m.get("on_start"), phase_scope),
                     self._effects(m.get("on_end"), phase_scope),
                     self.expr(m["end_when"], turn_scope, "bool").fn if "end_when" in m else None)

    def _step(self, node: Node, scope: Scope, name: str | None = None,
              only_actions: bool = False) -> Step:
        if only_actions:
            m = node.value
        else:
            m = self.keys(node, ("name", "actions", "max_actions", "on_start", "on_end",
                                 "end_when"), "a step", ("name",))
            name = self.need_str(m["name"], "a step name")
        if "actions" not in m:
            self.fail(node.loc, f"step `{name}` needs `actions`: the action types it offers")
            raise _Skip
        actions = self._names(m["actions"], self.action_names, "action")
        max_actions = self.need_int(m["max_actions"], "`max_actions`", 1) \
            if "max_actions" in m else None
        turn_scope = scope
        if only_actions:
            return Step(name or "main", actions, max_actions)
        return Step(name or "main", actions, max_actions,
                    self._effects(m.get("on_start"), turn_scope),
                    self._effects(m.get("on_end"), turn_scope),
                    self.expr(m["end_when"], turn_scope, "bool").fn if "end_when" in m else None)

    def _turn_scope(self, scope: Scope, order: Order) -> Scope:
        """Names known during a turn: the turn's player, and its entity under initiative."""
        if order.kind == "initiative":
            return scope.child(actor=("entity", lambda c: c.actor))
        s = scope.child()
        s.pending["actor"] = ("is known in a step only under `initiative` order (where an "
                              "entity takes the turn)")
        return s

    def _order(self, node: Node | None, scope: Scope) -> Order:
        if node is None:
            return Order("players")
        if isinstance(node.value, str):
            kind = node.value
            if kind not in ("players", "alternate"):
                self.fail(node.loc, f"unknown turn order `{kind}`",
                          "players, alternate, {player: NAME}, {initiative: EXPRESSION}, "
                          "{players: {first: NAME, rotate: true}}")
                raise _Skip
            return Order(kind)
        m = self.keys(node, ("players", "player", "initiative", "alternate"), "`order`")
        if len(m) != 1:
            self.fail(node.loc, "an order has one kind")
            raise _Skip
        (kind, arg), = m.items()
        if kind == "initiative":
            key_scope = scope.child(it=("entity", lambda c: c.vars["it"]))
            key = self.expr(arg, key_scope, "number").fn
            return Order("initiative", key=lambda ctx, e: key(ctx.bind("it", e.id)))
        if kind == "player":
            return Order("player", first=self._player_index(arg))
        opts = self.keys(arg, ("first", "rotate"), f"`{kind}` order") if arg.is_map else {}
        first, first_of = 0, None
        if "first" in opts:
            v = opts["first"].value
            if isinstance(v, str) and not v.isidentifier():
                # An expression giving the first player, worked out as the phase begins.
                first_of = self.expr(opts["first"], self.playerless_scope(
                    "the first player of an order", "use `players()` and their parameters"),
                    "player").fn
            else:
                first = self._player_index(opts["first"])
        rotate = bool(opts["rotate"].value) if "rotate" in opts else False
        return Order(kind, first=first, rotate=rotate, first_of=first_of)

    def _player_index(self, node: Node) -> int:
        if not self.players:
            raise _Skip  # the players section is wrong, and already reported
        v = node.value
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.players):
            return v
        if isinstance(v, str) and v in self.players:
            return self.players.index(v)
        self.fail(node.loc, f"unknown player `{v}`",
                  did_you_mean(str(v), self.players) or f"players: {', '.join(self.players)}")
        raise _Skip

    # ------------------------------------------------------------------ end
    def _end(self, node: Node | None) -> tuple[tuple[EndRule, ...], int | None, Any]:
        if node is None:
            return (), None, None
        m = self.keys(node, ("win", "lose", "draw", "round_limit", "score"), "`end`")
        rules = []
        for kind in ("win", "lose", "draw"):
            for label, spec in self.need_map(m.get(kind), f"`{kind}` conditions").items():
                def one(kind: str = kind, label: str = label, spec: Node = spec) -> None:
                    check = "each"
                    cond = spec
                    if spec.is_map:
                        sm = self.keys(spec, ("when", "check"), f"{kind} `{label}`", ("when",))
                        cond = sm["when"]
                        if "check" in sm:
                            check = self.need_str(sm["check"], "`check`")
                            if check not in ("each", "active"):
                                self.fail(sm["check"].loc, f"unknown check `{check}`",
                                          "each or active")
                    scope = self.base_scope()
                    if kind == "draw":
                        scope.names.pop("player")
                        if PLAYER_FIELD in label:
                            self.fail(spec.loc, f"the draw `{label}` names {PLAYER_FIELD}, "
                                      "but a draw holds for no one player",
                                      "leave it out of a draw's label")
                            return
                    rules.append(EndRule(kind, self.expr(cond, scope, "bool").fn, label, check))
                self.section(one)
        limit = self.need_int(m["round_limit"], "`round_limit`", 1) if "round_limit" in m \
            else None
        score = self.expr(m["score"], self.base_scope(), "number").fn if "score" in m else None
        return tuple(rules), limit, score

    # ---------------------------------------------------------------- setup
    def _placements(self, node: Node | None, board: Board) -> tuple[Placement, ...]:
        out: list[Placement] = []
        taken: dict[tuple[int, int], Loc] = {}
        for item in self.need_list(node, "`entities`"):
            def one(item: Node = item) -> None:
                m = self.keys(item, ("type", "owner", "at", "zone", "params", "count"),
                              "a placement", ("type",))
                etype = self.need_str(m["type"], "an entity type")
                if etype not in self.entity_types:
                    self.fail(m["type"].loc, f"unknown entity type `{etype}`",
                              did_you_mean(etype, self.entity_types))
                    raise _Skip
                owner = self._player_index(m["owner"]) if "owner" in m and \
                    m["owner"].value is not None else None
                pos = None
                if "at" in m:
                    xy = self.need_list(m["at"], "`at`")
                    if len(xy) != 2:
                        self.fail(m["at"].loc, "`at` is [x, y]")
                        raise _Skip
                    pos = Pos(self.need_int(xy[0], "x"), self.need_int(xy[1], "y"))
                    if not self.board_ok:
                        raise _Skip  # the board is wrong, and already reported
                    if not board.contains(pos):
                        self.fail(m["at"].loc, f"{list(pos)} is off the {board.width}x"
                                  f"{board.height} board")
                        raise _Skip
                    if pos in taken:
                        self.fail(m["at"].loc, f"{list(pos)} is already taken (at {taken[pos]})")
                        raise _Skip
                    taken[pos] = m["at"].loc
                zone = None
                if "zone" in m:
                    zone = self.need_str(m["zone"], "a zone")
                    if zone not in self.zone_names:
                        self.fail(m["zone"].loc, f"unknown zone `{zone}`",
                                  did_you_mean(zone, self.zone_names))
                        raise _Skip
                    if owner is None:
                        self.fail(item.loc, "a card in a zone needs an `owner`")
                        raise _Skip
                params = {}
                declared = {p.name for p in self.entity_types[etype].params}
                for k, v in self.need_map(m.get("params"), "`params`").items():
                    if k not in declared:
                        self.fail(v.loc, f"a {etype} has no parameter `{k}`",
                                  did_you_mean(k, declared))
                        continue
                    params[k] = self.need_num(v, f"parameter `{k}`")
                count = self.need_int(m["count"], "`count`", 1, 1000) if "count" in m else 1
                if count > 1 and pos is not None:
                    self.fail(m["count"].loc, "`count` is for cards in zones, not board places")
                    raise _Skip
                out.extend(Placement(etype, owner, pos, zone, params) for _ in range(count))
            self.section(one)
        return tuple(out)

    def _setup(self, setup: Node | None, scenarios: Node | None, parts: Parts,
               board: Board) -> None:
        sm = self.keys(setup, ("entities", "effects"), "`setup`") if setup is not None else {}
        parts.kwargs["setup"] = self._effects(
            sm.get("effects"), self.playerless_scope(
                "setup", "for each player, use `for_each` over `players()`"))
        parts.placements[""] = self._placements(sm.get("entities"), board)
        parts.default = ""
        for name, spec in self.need_map(scenarios, "`scenarios`").items():
            def one(name: str = name, spec: Node = spec) -> None:
                node = spec
                if isinstance(spec.value, str):
                    node = self._include(spec)
                m = self.keys(node, ("entities", "board", "description"), f"scenario `{name}`")
                b = board
                if "board" in m:
                    b = self._board(m["board"])
                    parts.layouts[name] = b
                parts.placements[name] = self._placements(m.get("entities"), b)
            self.section(one)
        if not parts.placements[""] and len(parts.placements) > 1:
            parts.default = next(k for k in parts.placements if k)

    def _include(self, node: Node) -> Node:
        if self.folder is None:
            self.fail(node.loc, "files can be named only by a rules file in a folder")
            raise _Skip
        rel = Path(str(node.value))
        shown = str(rel) if len(str(rel)) <= 60 else str(rel)[:56] + "…"
        try:
            target = (self.folder / rel).resolve()
            if rel.is_absolute() or not target.is_relative_to(self.folder.resolve()):
                self.fail(node.loc, f"`{shown}` is outside the game's folder",
                          "name files inside the folder")
                raise _Skip
            found = target.is_file()
        except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL, too long
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.fail(node.loc, f"cannot use `{shown}` as a file name: {why}",
                      "name a file inside the game's folder")
            raise _Skip from None
        if not found:
            self.fail(node.loc, f"no file `{shown}` in the game's folder")
            raise _Skip
        return read_yaml(target)


_FIELD = re.compile(r"\{(\w+)\}")


def _template(template: str, entity_fields: frozenset[str]) -> Callable[[Any, dict[str, Any]],
                                                                         str]:
    """A narration template: `{field}` replaced by the event's field, nothing else.

    Entity fields (and any field holding an entity, such as an event's field passed
    on) read as "type #id" while the entity is in the game."""
    def render(state: Any, fields: dict[str, Any]) -> str:
        def one(m: re.Match[str]) -> str:
            v = fields.get(m.group(1))
            e = state.entities.get(v) if m.group(1) in entity_fields or type(v) is Ref else None
            return f"{e.type} #{int(e.id)}" if e is not None else str(v)
        return _FIELD.sub(one, template)
    return render


def _constant(value: Any) -> Callable[[Ctx], Any]:
    return lambda ctx: value


def _show(node: Node) -> str:
    v = node.value
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return f"`{v}`"


def _shifted(node: Node, start: int, offset: int) -> Loc:
    """The place of ``offset`` in the part of ``node``'s text that begins at ``start``."""
    return node.text_loc(offset + start)


from .effect_table import EFFECT_TABLE  # noqa: E402  (the table compiles through Compiler)

__all__ = ["Compiler", "Parts"]
