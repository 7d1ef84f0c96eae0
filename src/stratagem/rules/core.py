"""The shared state of one rules file's compilation, and the helpers every section uses.

The compiler reads a rules file section by section (``sections/``); each
section compiler is a function of a ``CompileState`` and the section's node. The
state holds what one section learns and a later one needs — the players, the
names declared ahead (actions, reactions, statuses, zones, parameters), the
events and their fields, the entity types compiled so far, where each effect
was written — and the problems found, through its ``Reader`` base.

Beside it: how an expression node is compiled in a scope (``expr``, ``fn``),
the scopes every section starts from (``base_scope``, ``playerless_scope``,
``event_scope``), the look-ups of a player, a list of declared names and an
event by name, and ``Parts``, what the file compiles to before a scenario is
chosen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Game, a_or_an, builtin_events, dice
from ..engine.spec import Board, EntityType, Placement
from .errors import Loc, did_you_mean
from .expr import compile_expr
from .expr_context import Compiled, Scope, constant
from .reading import Reader, Skip, show
from .source import Node

KIND_TYPES = {"position": "pos", "entity": "entity", "card": "entity", "player": "player",
              "number": "number", "entity_type": "str", "value": "any"}
"""The expression type of a target of each kind."""

BUILTIN_EVENTS: dict[str, dict[str, str]] = builtin_events()
"""The events the engine emits, with their fields' kinds: declared by the effects that
emit them and by the phase machine (``stratagem.engine.builtin_events``)."""


@dataclass
class Parts:
    """What a rules file compiles to, before a scenario is chosen."""

    kwargs: dict[str, Any] = field(default_factory=dict)
    placements: dict[str, tuple[Placement, ...]] = field(default_factory=dict)
    layouts: dict[str, Board] = field(default_factory=dict)
    limits: dict[str, int] = field(default_factory=dict)
    """Scenarios' own round limits, where they set one."""
    starts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Scenarios' own starting values of game-state parameters (``state:``), by counter
    key, where they set some."""
    fogs: dict[str, Any] = field(default_factory=dict)
    """Scenarios' own fog of war (``engine.fog.Fog``), where they set one: ``None`` for a
    scenario played in the open."""
    seats: dict[str, int] = field(default_factory=dict)
    """How many players sit at a scenario's table, where it seats fewer than the rules name
    (the first ones, in seat order)."""
    default: str = ""
    scenarios_at: Loc | None = None
    """Where the file lists its scenarios (``None``: it has none)."""
    player_mentions: list[tuple[Loc, str]] = field(default_factory=list)
    """Each player an expression names, with where: a scenario that does not seat them
    gets a warning (``rules.lint``)."""
    scope: Scope | None = None
    """The names every expression of the rules may use (their defines, `state:` and tile
    parameters, keyed parameters): each game built keeps it as ``rules_scope``, so that a
    program written for the game reads what its rules read."""

    def seated(self) -> dict[str, tuple[str, ...]]:
        """The players at each set-up's table, by scenario name (``""``: the default)."""
        names: tuple[str, ...] = self.kwargs["players"]
        out = {k: names[:self.seats.get(k, len(names))] for k in self.placements}
        out[""] = out[self.default]
        return out

    def build(self, scenario: str | None = None) -> Game:
        name = scenario or self.default
        if name not in self.placements:
            raise KeyError(name)
        kw = dict(self.kwargs)
        kw["placements"] = self.placements[name]
        kw["scenario"] = name
        if name in self.seats:  # fewer at the table: the others' pieces are not placed
            n = kw["players"] = kw["players"][:self.seats[name]]
            kw["placements"] = tuple(p for p in kw["placements"]
                                     if p.owner is None or p.owner < len(n))
        if name in self.layouts:
            kw["board"] = self.layouts[name]
        if name in self.limits:
            kw["round_limit"] = self.limits[name]
        if name in self.starts:
            kw["start_values"] = self.starts[name]
        if name in self.fogs:
            kw["visibility"] = self.fogs[name]
        return Game(**kw, rules_scope=self.scope)


class CompileState(Reader):
    """One rules file being compiled: what its sections have declared so far."""

    def __init__(self, root: Node, folder: Path | None = None) -> None:
        super().__init__()
        self.root = root
        self.folder = folder
        """The game's folder: the only place other files may be named from."""
        self.players: tuple[str, ...] = ()
        self.named_players: list[Any] = []
        """Each player an expression names, with where, ``(Loc, name)`` (a scenario may not
        seat them: ``rules.lint``)."""
        self.entity_params: set[str] = set()
        self.player_params: set[str] = set()
        self.entity_types: dict[str, EntityType] = {}
        self.repetition: tuple[int, frozenset[str]] | None = None
        """`end: repetition:`: how many times one position draws the game, and the
        parameters a position is read without."""
        self.guide: Any = None
        """`end: guide`: each player's standing as the search agents read it, where the
        game's score does not say (compiled by ``compile_end``)."""
        self.type_names: set[str] = set()
        """The entity types' (and items') names, known before their sections compile (a
        define may name one: `entities(type: pit)`)."""
        self.action_names: set[str] = set()
        self.reaction_names: set[str] = set()
        self.status_names: set[str] = set()
        self.zone_names: set[str] = set()
        self.table_zones: set[str] = set()
        """The zones that belong to the table (a shared deck), not to each player."""
        self.events: dict[str, dict[str, str]] = {k: dict(v) for k, v in BUILTIN_EVENTS.items()}
        """Every event with its fields: the engine's, each copied (an `emit` adds fields to
        this game's event, never to the engine's table every later file starts from)."""
        self.pins: dict[str, Any] = {}
        """Pins by their text: the actions of one game share them (``ActionType.pin``)."""
        self.narrated: set[str] = set()
        self.field_types: dict[str, dict[str, set[str]]] = {}  # custom events: types emitted
        self.board_ok = True
        self.sources: dict[int, tuple[Any, str]] = {}
        """Where each compiled effect and action type was written (``Game.sources``)."""
        self.keyed: dict[str, tuple[Any, ...]] = {}
        self.private_known_nodes: list[tuple[str | None, str, Node]] = []
        """The `known` conditions of private parameters: (entity type, or none for a
        player's, parameter, expression), compiled once every name is declared."""
        """The keyed parameters (``keys:``), each with its keys (``sections.keyed``)."""
        self.defines: dict[str, Any] = {}
        """The game's own functions (``define:``), by name (``expr_context.Define``)."""
        self.state_params: dict[str, Any] = {}
        """The game-state parameters (``state:``), by name (``sections.state``)."""
        self.tile_params: dict[str, dict[str, Any]] = {}
        """The parameters of tile types (``board: tile_types: NAME: params:``): each name
        with its declaration (a ``ParamSpec``) by tile type."""
        self.unit_cost_keys: list[tuple[str, str, Any]] = []
        """The keys of tile costs by kind of unit (``cost: {armor: 3, other: 1}``), each
        with its tile type and where it was written: checked once the entity types and
        their tags are known (``sections.board.check_unit_costs``)."""
        self.side_cost_keys: list[tuple[str, str, Any]] = []
        """The same for the costs of side types (``board: side_types:``)."""
        self.side_params: dict[str, dict[str, float]] = {}
        """The parameters of side types (``board: side_types: NAME: params:``): each name
        with its value by side type."""
        self.declared: dict[str, set[str]] = {"blocking": {"units", "enemies", "nothing"}}
        """Names declared by sections, by what they name (``buff``, ``tech``, ``item``,
        ``action``): what an effect argument of kind ``name:WHAT`` may name."""
        self.strategy: dict[str, Any] = {}
        """The parts of ``engine.strategy.Strategy`` compiled so far, by field name."""

    # ---------------------------------------------------------- expressions
    def expr(self, node: Node, scope: Scope, want: str | None = None) -> Compiled:
        """The expression a node holds (text, or a plain number, truth value or none)."""
        v = node.value
        if isinstance(v, bool):
            c = constant(v, "bool")
        elif isinstance(v, int | float):
            if abs(v) > 1e15:
                self.fail(node.loc, f"number {v} is too large")
                raise Skip
            c = constant(v, "number")
        elif isinstance(v, str):
            # A line break in an expression is a space; each offset still maps to its place.
            return compile_expr(v.replace("\n", " "), scope, node.loc, want, node.text_loc)
        elif v is None:
            c = Compiled(lambda ctx: None, "any", True, None)
        else:
            self.fail(node.loc, f"expected an expression, not {show(node)}")
            raise Skip
        if want is not None and want not in (c.type, "any") and c.type != "any":
            if want == "bool":
                return c
            if want == "dice" and c.type == "number":
                d = dice(0, 1).shifted(int(c.value))
                return Compiled(lambda ctx: d, "dice", True, d)
            self.fail(node.loc, f"`{v}` is {a_or_an(c.type)}, expected {a_or_an(want)}")
            raise Skip
        return c

    def fn(self, node: Node, scope: Scope, want: str | None = None) -> Any:
        """A compiled expression as the engine wants it: a constant or a closure."""
        c = self.expr(node, scope, want)
        return c.value if c.const and not callable(c.value) else c.fn

    # --------------------------------------------------------------- scopes
    def base_scope(self) -> Scope:
        """The names known everywhere: the deciding player, the game's parameters."""
        return Scope({"player": ("player", lambda c: c.player)}, {}, None,
                     frozenset(self.entity_params), frozenset(self.player_params),
                     frozenset(self.entity_types) | self.type_names, defines=self.defines,
                     state_params=self.state_params, keyed=self.keyed,
                     tile_params={k: tuple(v.items()) for k, v in self.tile_params.items()},
                     side_params=self.side_params,
                     zone_names=frozenset(self.zone_names),
                     table_zones=frozenset(self.table_zones),
                     player_names=tuple(self.players), named_players=self.named_players)

    def playerless_scope(self, where: str, instead: str = "") -> Scope:
        """A scope with no deciding player (triggers, phase hooks, setup)."""
        s = self.base_scope()
        del s.names["player"]
        s.pending["player"] = f"is not known in {where}" + (f": {instead}" if instead else "")
        return s

    def event_scope(self, scope: Scope, event: str) -> Scope:
        """``scope`` with the fields of ``event`` readable as ``event.FIELD``."""
        s = scope.child()
        s.event_fields = dict(self.events.get(event, {}))
        return s

    # -------------------------------------------------------------- look-ups
    def names(self, node: Node | None, known: set[str], what: str) -> tuple[str, ...]:
        """A list of declared names (actions, reactions, statuses), each checked."""
        out = []
        for n in self.need_list(node, f"a list of {what}s"):
            name = self.need_str(n, f"a {what}")
            if name not in known:
                self.fail(n.loc, f"unknown {what} `{name}`", did_you_mean(name, known))
            out.append(name)
        return tuple(out)

    def player_index(self, node: Node) -> int:
        """A player given by name or seat number."""
        if not self.players:
            raise Skip  # the players section is wrong, and already reported
        v = node.value
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.players):
            return v
        if isinstance(v, str) and v in self.players:
            return self.players.index(v)
        self.fail(node.loc, f"unknown player `{v}`",
                  did_you_mean(str(v), self.players) or f"players: {', '.join(self.players)}")
        raise Skip

    def event_name(self, node: Node) -> str:
        """An event: a built-in one, or one that some `emit` sends."""
        name = self.need_str(node, "an event")
        if name not in self.events:
            self.fail(node.loc, f"unknown event `{name}`",
                      did_you_mean(name, self.events) or
                      f"built-in events: {', '.join(BUILTIN_EVENTS)}; or one you `emit`")
            raise Skip
        return name


def shifted(node: Node, start: int, offset: int) -> Loc:
    """The place of ``offset`` in the part of ``node``'s text that begins at ``start``."""
    return node.text_loc(offset + start)


__all__ = ["BUILTIN_EVENTS", "KIND_TYPES", "CompileState", "Parts", "shifted"]
