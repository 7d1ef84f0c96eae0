"""What one Stratega file's translation shares: its names, the problems found so far,
and the native tree being built.

``Translation`` is a ``Reader`` (so its problems carry ``file:line:column`` of the
Stratega file) that every section translator receives. It holds what one section
learns and a later one needs — the players, tile, entity and action names, entity
groups, parameters — and ``out``, the native rules document being written, as plain
data whose parts are ``Node`` values located in the Stratega file (``gen``).
``origins`` says where each generated part came from, for the comments that
``import-stratega`` writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Loc
from ..reading import Reader
from ..source import Node


def gen(value: Any, loc: Loc) -> Node:
    """A native tree built from plain data and ``Node`` values: every plain part takes
    ``loc``, the Stratega place it was generated from; a ``Node`` keeps its own."""
    if isinstance(value, Node):
        return value
    if isinstance(value, dict):
        kids = {str(k): gen(v, loc) for k, v in value.items()}
        return Node(kids, loc, {k: v.loc for k, v in kids.items()})
    if isinstance(value, list | tuple):
        return Node([gen(v, loc) for v in value], loc)
    return Node(value, loc)


@dataclass
class Param:
    """A parameter as Stratega declares it: bounds and starting value."""

    low: float
    default: float
    high: float

    def native(self) -> dict[str, float]:
        return {"min": self.low, "max": self.high, "default": self.default}


@dataclass
class EntityInfo:
    """An entity type of the Stratega file."""

    name: str
    loc: Loc
    params: dict[str, Param] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    action_nodes: list[Node] = field(default_factory=list)


class Translation(Reader):
    """One Stratega file being translated into a native rules document."""

    EXPRESSION_KEY_HINT = False

    def __init__(self, root: Node) -> None:
        super().__init__()
        self.root = root
        self.file = root.loc.file
        self.top: dict[str, Node] = root.value if root.is_map else {}
        self.out: dict[str, Any] = {}
        """The native document, section by section (plain data and located ``Node``s)."""
        self.origins: dict[tuple[str, ...], str] = {}
        """Where each generated part came from, by its path in ``out``."""
        self.locs: dict[tuple[str, ...], Loc] = {}
        """The Stratega place of each part with an origin: what the parts under it that
        are plain data are located at."""
        self.players: list[str] = []
        self.fog = True
        self.tiles: dict[str, Node] = {}
        """Tile types by name, each with its Stratega node."""
        self.walkable: list[str] = []
        self.default_tile = ""
        self.tile_params: dict[str, Param] = {}
        self.entities: dict[str, EntityInfo] = {}
        self.entity_symbols: dict[str, str] = {}
        """Each entity type's map symbol."""
        self.shared_symbols: dict[str, list[str]] = {}
        """Symbols more than one entity type gives: refused only where a map uses them."""
        self.names: dict[str, str] = {}
        """More names expressions may use, each with what it names (``technology``,
        ``buff`` …): for the constructs of the importer's second part."""
        self.hooks: dict[str, object] = {}
        """What the importer's later parts keep between sections (their own keys)."""
        self.groups: dict[str, list[str]] = {}
        """Entity groups by name: ``All``, one per type, and ``EntityGroups``."""
        self.player_params: dict[str, Param] = {}
        self.state_params: dict[str, Param] = {}
        self.actions: dict[str, Node] = {}
        """Action types by name (``EndTurn`` included), each with its Stratega node."""
        self.player_actions: list[str] = []
        self.agents: list[str | None] = []
        """The roster code for each Stratega agent of ``Agents:`` (None: no equivalent)."""
        self.stacking = False
        """Whether units may share a tile (a move whose target is not kept empty)."""

    def origin(self, path: tuple[str, ...], what: str, loc: Loc) -> None:
        """Note that the native part at ``path`` came from ``what`` at ``loc``."""
        self.origins[path] = f"from {what}, line {loc.line}"
        self.locs[path] = loc

    def put(self, path: tuple[str, ...], value: Any) -> None:
        """Set the native part at ``path`` (creating the mappings on the way)."""
        at = self.out
        for key in path[:-1]:
            at = at.setdefault(key, {})
        at[path[-1]] = value

    def tree(self) -> Node:
        """The native document as a located tree, for the native compiler: each part at
        the place of the nearest enclosing part with an origin (conditions and effects
        are ``Node``s at their own strings already)."""
        def walk(value: Any, path: tuple[str, ...], loc: Loc) -> Node:
            loc = self.locs.get(path, loc)
            if isinstance(value, Node):
                return value
            if isinstance(value, dict):
                kids = {str(k): walk(v, (*path, str(k)), loc) for k, v in value.items()}
                return Node(kids, loc, {k: v.loc for k, v in kids.items()})
            if isinstance(value, list | tuple):
                return Node([walk(v, path, loc) for v in value], loc)
            return Node(value, loc)
        return walk(self.out, (), self.root.loc)


__all__ = ["EntityInfo", "Param", "Translation", "gen"]
