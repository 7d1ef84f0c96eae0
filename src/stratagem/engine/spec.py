"""The static parts of a game, as frozen values.

These are the objects a ``Game`` is built from. Python code can build them
directly (the engine's own test games do); the rules compiler builds the same
objects from YAML. Conditions, amounts and queries are plain callables of a
``Ctx`` (see ``engine.context``), so whatever produced them — a lambda here,
a compiled expression there — the engine runs them the same way.

One module because these values are read together, each beside the ones it holds (a
phase beside its steps and their order, an action type beside its targets): it runs a
little past 500 lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from . import hexes
from .actions import Pos, Value
from .links import metric_of

if TYPE_CHECKING:
    from .context import Ctx
    from .effect import Effect

PLAYER_FIELD = "{player}"
"""In an end rule's reason, the name of the player the rule held for."""

Test = Callable[["Ctx"], Any]
"""A condition: truthy when it holds."""
Expr = Callable[["Ctx"], Any]
"""An amount or query evaluated in a context."""


@dataclass(frozen=True)
class Condition:
    """A named test; its ``label`` is what an illegal-action error reports.

    ``actor_free`` is true when the test never reads the acting entity (an action's
    condition such as ``player.selected == 0``): the legal-action generator then tests it
    once for all the entities that could act, not once for each.
    """

    label: str
    test: Test
    actor_free: bool = False


@dataclass(frozen=True)
class ParamSpec:
    """A numeric parameter with a default and optional bounds (values are clamped).

    ``private``: empty when every player sees the value; else only the holder's owner does
    (an entity's owner, or the player itself), and the word says how a view's determinization
    imagines what it withholds: ``deal`` (the withheld values of one owner's entities of one
    type dealt among them at random) or ``any`` (any whole number from ``min`` to ``max``).
    ``unless``: a public parameter of the same holder; while it is not 0, every player sees
    the value (a block revealed in battle).
    """

    name: str
    default: float = 0
    min: float | None = None
    max: float | None = None
    private: str = field(default="", metadata={"digest_default": ""})
    unless: str = field(default="", metadata={"digest_default": ""})

    def clamp(self, value: Any) -> Any:
        """The value held within the bounds."""
        if self.min is not None and value < self.min:
            return self.min
        if self.max is not None and value > self.max:
            return self.max
        return value


@dataclass(frozen=True)
class ZoneSpec:
    """A zone of cards: every player's own (a hand), or with ``table`` one zone the table
    holds (a shared deck, a discard pile, a market row). ``visibility``: public, owner
    (hidden from the others; not for table zones), hidden, or ``players`` (only the seats
    in ``seen_by``). The two later fields leave a game's fingerprint alone at their
    defaults (``serialize.rules_digest``)."""

    name: str
    visibility: str = "public"
    table: bool = field(default=False, metadata={"digest_default": False})
    seen_by: tuple[int, ...] = field(default=(), metadata={"digest_default": ()})


@dataclass(frozen=True)
class EntityType:
    """A kind of unit, piece or card: parameters, actions, reactions, hints."""

    name: str
    params: tuple[ParamSpec, ...] = ()
    actions: tuple[str, ...] = ()
    reactions: tuple[str, ...] = ()
    tags: frozenset[str] = frozenset()
    statuses: tuple[str, ...] = ()
    symbol: str = ""
    hints: dict[str, float] = field(default_factory=dict)
    description: str = field(default="", compare=False)
    """What it is or does, in words for players (a card's rules text); never read by
    the rules."""


@dataclass(frozen=True)
class TargetSpec:
    """One target of an action type.

    ``candidates(ctx)`` yields the values to consider; earlier targets are
    already bound in ``ctx.targets``, so a target may depend on one chosen
    before it. Each value is kept when every condition holds for it (with the
    value bound under ``name``).

    ``near``, for an entity target, is ``(center, bound)`` when a condition holds only if
    the entity stands within ``bound`` of ``center`` (an entity or a position), both
    evaluated before any candidate is bound (``distance(actor, target) <= actor.range``):
    candidates known to stand farther are then skipped without testing the conditions.
    """

    name: str
    candidates: Expr
    conditions: tuple[Condition, ...] = ()
    kind: str = "value"
    near: tuple[Expr, Expr] | None = field(default=None, compare=False)
    on_board: str | None = None
    """For a number target that names a ``"column"`` or ``"row"`` of the board (connect
    four's drop): a hint for interfaces, which let any square of that line pick it.
    The rules never read it."""
    optional: bool = False
    """When no candidate is valid, the target is bound to ``None`` ("play for nothing")
    instead of the action not being offered; when some are, only they are offered."""
    source: str = field(default="", compare=False)
    """The rules' words for the candidates (its `from:`), for a refusal to name them."""
    private: bool = False
    """Only the acting player is told what was chosen: the other players' views give the
    action with this target as none (a sealed bid: the others see that a bid was made)."""
    prompt: str = field(default="", compare=False)
    """How a person is asked for this target when an action is built a part at a time (the
    terminal's `choose …:`), with `{player}`, `{actor}` and the targets chosen before it
    filled in; empty: the target's name."""


@dataclass(frozen=True)
class ActionType:
    """What an entity or a player may do: conditions, targets, effects.

    ``source`` is ``"entity"`` (an entity acts: ``actor`` is bound) or
    ``"player"``. ``ends_turn`` ends the acting turn once it resolves;
    ``passes`` takes the player out of an alternating phase; ``keeps_turn``
    lets the player act again in an alternating phase (a fast action), where
    any other action hands the turn on.

    ``pin``, for an entity action, gives the id of the only entity whose conditions can
    hold, without reading the actor (from a condition ``player.selected == actor.id``):
    legal actions are then looked for on that entity alone. It only narrows the search;
    the conditions are still tested.
    """

    name: str
    source: str = "player"
    conditions: tuple[Condition, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    ends_turn: bool = False
    passes: bool = False
    text: str = ""
    keeps_turn: bool = False
    pin: Expr | None = field(default=None, compare=False)
    play_without_target: bool = False
    """When no choice of targets is valid, offer the action once with every target
    ``None`` rather than not at all (a card played for nothing)."""
    cooldown: tuple[int, str] | None = None
    """``(count, per)``: once taken, usable again ``count`` ticks later, a tick being a
    turn of the acting player (``per`` "turn") or a round ("round"); ``engine.cooldowns``."""
    text_none: str = ""
    """The action's text when a target is ``None`` (else ``text``, "no one" for it)."""
    reads: Any = field(default=None, compare=False, repr=False)
    """What one actor's options of this type read (``engine.deps.Reads``: its conditions
    that read the actor, its target lists and their conditions), so that the option
    generator may keep them from state to state (``options.OptionMemo``); ``None``:
    not known, worked out again at every step."""
    target_reads: Any = field(default=None, compare=False, repr=False)
    """What one actor's targets of this type read, its conditions left out
    (``engine.deps.Reads``; ``None``: not known): the options memo keeps the targets apart
    from the conditions, which it tests afresh at every step."""
    reach: Any = field(default=None, compare=False, repr=False)
    """How far from the actor its targets read the entities (``engine.deps.Reach``), or
    ``None``: unbounded."""
    text_values: tuple[tuple[str, Expr], ...] = field(default=(), compare=False, repr=False)
    """The values its ``text`` names besides the player, the actor and the targets
    (``{odds}``), each giving its words for an option; worked out only when the option's
    text is asked for (``narration.describe_action``), never while options are listed."""
    free_tests: tuple[Test, ...] = field(init=False, repr=False, compare=False)
    """The tests of the conditions that do not read the actor."""
    actor_tests: tuple[Test, ...] = field(init=False, repr=False, compare=False)
    """The tests of the other conditions, in order."""

    def __post_init__(self) -> None:
        free = tuple(c.test for c in self.conditions if c.actor_free)
        rest = tuple(c.test for c in self.conditions if not c.actor_free)
        object.__setattr__(self, "free_tests", free)
        object.__setattr__(self, "actor_tests", rest)


@dataclass(frozen=True)
class Reaction:
    """A response to an event at its ``pending`` or ``done`` stage.

    An optional reaction is offered to its reactor's owner, who may pass;
    an ``automatic`` one (a modifier or a status hook) fires whenever ``when``
    holds. ``limit`` is ``(per, count)`` with ``per`` in round, turn, game;
    reactions sharing a ``limit_group`` share the count (one reaction a round).
    ``source`` "entity" reacts through entities whose type lists it (or whose
    status carries it); "player" through each player. ``needs``: a condition on what
    the reactor alone may know (a card in hand): the window opens whenever ``when``
    holds, and offers the reaction only when ``needs`` holds too (else only a pass), so
    that whether the window opens tells the others nothing.
    """

    name: str
    event: str
    stage: str = "pending"
    when: Test | None = None
    effects: tuple[Effect, ...] = ()
    limit: tuple[str, int] | None = None
    limit_group: str | None = None
    automatic: bool = False
    source: str = "entity"
    needs: Test | None = None


@dataclass(frozen=True)
class Trigger:
    """Effects that run when an event is done (or at a flow point) and ``when`` holds."""

    name: str
    event: str
    effects: tuple[Effect, ...]
    when: Test | None = None


@dataclass(frozen=True)
class StatusType:
    """A status (buff, condition): lasts ``duration`` rounds and ``usages`` uses.

    ``reactions`` are its hooks: automatic reactions with the bearer as
    reactor — modify a pending event, or react to a done one.
    """

    name: str
    duration: int | None = None
    usages: int | None = None
    reactions: tuple[Reaction, ...] = ()
    negative: bool = False


@dataclass(frozen=True)
class Order:
    """Who takes turns in a phase.

    ``kind``: ``"players"`` (each living player in turn, from ``first``),
    ``"player"`` (only player ``first``), ``"initiative"`` (entities sorted by
    ``key`` descending; each entity's turn is its owner's), ``"alternate"``
    (players take one action each in turn until every one has passed).
    ``rotate`` moves the first player on by one each round. ``first_of``, when
    given, works out the first player as the phase begins (it replaces ``first``).
    """

    kind: str = "players"
    first: int = 0
    key: Callable[[Ctx, Any], Any] | None = None
    entities: Callable[[Ctx], Iterable[Any]] | None = None
    rotate: bool = False
    first_of: Callable[[Ctx], Any] | None = None
    said: str = ""
    """The rules' text of ``key`` (initiative) or of ``first_of``: the rules sheet says it."""


@dataclass(frozen=True)
class Step:
    """A phase within a turn: which action types it offers and when it ends.

    ``max_actions`` ends the step after that many actions (``None``: when an
    action ends the turn, ``end_when`` holds, or nothing legal remains).
    """

    name: str
    actions: tuple[str, ...]
    max_actions: int | None = None
    on_start: tuple[Effect, ...] = ()
    on_end: tuple[Effect, ...] = ()
    end_when: Test | None = None
    stuck: str = "pass"
    """What a player who has no legal action as the step begins does: ``pass`` (the step
    is skipped), ``lose`` (the player is out, as by a lose rule: draughts) or ``draw``
    (the game ends drawn: a stalemate)."""
    stuck_when: Test | None = None
    """When given, ``stuck`` holds only where this test of the stuck player (and its unit)
    holds, and ``stuck_else`` elsewhere: chess's mate (``lose`` in check, ``draw`` not)."""
    stuck_else: str = "pass"
    stuck_said: str = ""
    """The test's text, as the rules write it (the rules sheet says it)."""
    end_said: str = ""
    """``end_when``'s text, as the rules write it (the rules sheet says it)."""

    def stuck_how(self, ctx: Any) -> str:
        """What the stuck player of ``ctx`` does here."""
        if self.stuck_when is None or self.stuck_when(ctx):
            return self.stuck
        return self.stuck_else


@dataclass(frozen=True)
class Repeat:
    """How a phase runs again within its round: after each run (its ``on_end`` done),
    ``until`` is tested with no player; when it holds, or the phase has run ``most``
    times this round, play goes on to the next phase, else the phase begins again (its
    ``on_start``, its turn order worked out afresh). With no ``most``, ``REPEAT_LIMIT``
    runs in one round are taken as a rule that never ends (``engine.phases``)."""

    until: Test | None = None
    most: int | None = None
    said: str = ""
    """The test's text, as the rules write it (the error of a test that never held
    quotes it)."""


@dataclass(frozen=True)
class Phase:
    """A phase of the round: its turn order, the steps of each turn, hooks, and
    whether it runs again before the round goes on (``repeat``)."""

    name: str
    steps: tuple[Step, ...]
    order: Order = Order()
    on_start: tuple[Effect, ...] = ()
    on_end: tuple[Effect, ...] = ()
    end_when: Test | None = None
    repeat: Repeat | None = None
    end_said: str = ""
    """``end_when``'s text, as the rules write it (the rules sheet says it)."""


@dataclass(frozen=True)
class EndRule:
    """An end condition, checked for each living player after each resolved action.

    ``kind``: ``win`` (the game ends, that player wins), ``lose`` (that player
    is eliminated; the last one standing wins) or ``draw`` (checked once, with
    ``ctx.player`` unset). ``who="active"`` checks only the player whose turn it is.
    ``reason`` becomes the outcome's reason: ``{player}`` in it (``PLAYER_FIELD``) is
    replaced by the name of the player the rule held for, and a ``lose`` reason without
    it is said as "NAME: reason".
    """

    kind: str
    test: Test
    reason: str
    who: str = "each"


@dataclass(frozen=True)
class Board:
    """The grid: width, height and the tile type of every cell, row by row."""

    width: int = 0
    height: int = 0
    tiles: tuple[str, ...] = ()
    tile_types: dict[str, dict[str, Value]] = field(default_factory=dict)
    metric: str = "chebyshev"  # distance: chebyshev, manhattan or euclidean
    topology: str = "square"
    """``square`` or ``hex``."""
    hex_layout: str = ""
    """For a hex board, how the map's rows and columns sit: ``pointy-odd``, ``pointy-even``
    (pointy-topped hexes, odd or even rows pushed half a hex right), ``flat-odd``,
    ``flat-even`` (flat-topped, odd or even columns pushed half a hex down), ``pointy-axial``
    or ``flat-axial`` (axial coordinates: each row, or column, starts half a hex further
    along). ``geometry.cell_centre`` gives where each cell is drawn."""
    neighbours: int = 8
    """How many cells are one step away on a square board: 8 (diagonals too) or 4; the
    steps ``reachable`` and ``path_distance`` take unless told otherwise. A hex board's
    cells have 6 (``engine.hexes``)."""
    capacity: int = 1
    """How much a square holds unless its tile type says (``capacity`` among its
    properties): entities by count, or with ``stack_param`` the sum of that parameter
    of the entities on it. 1 by count: one entity per square."""
    stack_param: str = ""
    """The entity parameter a square's capacity counts (``""``: count the entities)."""
    places: tuple[tuple[str, Pos], ...] = ()
    """Named cells (``places:`` of a rules file): a name for a region, a town or a space
    of a point-to-point map, readable as ``place(NAME)`` and shown beside its position."""
    links: tuple[tuple[int, int], ...] = ()
    """A point-to-point map's links, as pairs of cell indices (``y * width + x``): when
    there are any, a unit steps only along them, and distance counts them
    (``engine.links``); sight is not blocked on such a map."""
    side_types: dict[str, dict[str, Value]] = field(default_factory=dict)
    """The kinds of terrain on the edges between cells (a river, a wall), each with its
    properties: ``cost`` added to a step across it (``None``: no one crosses; 0 unless
    given), ``cost_by`` (costs by kind of unit), ``blocks_sight`` and ``params`` (fixed
    numbers the rules read)."""
    sides: tuple[tuple[int, int, str], ...] = ()
    """The sides placed on the board: the indices (``y * width + x``) of the two cells
    whose shared edge each lies on, the lower first, and its type (``engine.sides``)."""
    open_sight: bool = field(init=False, repr=False, compare=False)
    """Whether sight is worked out on the grid's tiles alone: no links (a map of links
    never blocks sight) and no side between cells that blocks it (set when the board is
    made: ``geometry.line_of_sight`` reads it for every line, as a plain attribute)."""

    def __post_init__(self) -> None:
        if len(self.tiles) != self.width * self.height:
            raise ValueError(f"a {self.width}x{self.height} board needs "
                             f"{self.width * self.height} tiles, not {len(self.tiles)}")
        if self.topology == "hex":  # distances on hexes: the metric names the layout
            object.__setattr__(self, "metric", f"hex-{self.hex_layout or 'pointy-odd'}")
        if self.links:  # distances along the links, kept under the metric's name
            object.__setattr__(self, "metric", metric_of(self.width, self.height, self.links))
        object.__setattr__(self, "open_sight", not self.links and not any(
            self.side_types.get(kind, {}).get("blocks_sight") for _, _, kind in self.sides))

    def place_name(self, pos: tuple[int, int]) -> str:
        """The name of a named cell (``""`` when it has none)."""
        names: dict[tuple[int, int], str] | None = self.__dict__.get("_place_names")
        if names is None:
            names = {p: n for n, p in self.places}
            object.__setattr__(self, "_place_names", names)
        return names.get((pos[0], pos[1]), "")

    def contains(self, pos: tuple[int, int]) -> bool:
        """Whether a position lies on the board."""
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height

    @cached_property
    def per_unit(self) -> bool:
        """Whether some tile type (or side type) costs some kinds of unit more or less than
        others (``cost_by`` among its properties: ``cost: {armor: 3, other: 2}`` in a rules
        file)."""
        return any("cost_by" in props for props in (*self.tile_types.values(),
                                                    *self.side_types.values()))

    def unit_costs(self, name: str, tags: frozenset[str] = frozenset()
                   ) -> tuple[tuple[str | tuple[str], float | None], ...]:
        """The tile costs units of type ``name`` (with ``tags``) pay apart from the tiles'
        own: for each tile type with costs by kind of unit (``cost_by``), the cost under
        the first of its keys that is ``name`` or one of ``tags``, as ``(tile type,
        cost)`` pairs (``None``: it may not enter); then the same for the side types, each
        keyed by ``(side type,)``, a tuple, so that it never names a tile
        (``sides.side_costs_in``). ``()`` when no tile or side names the type."""
        cache: dict[str, tuple[tuple[str | tuple[str], float | None], ...]] | None = \
            self.__dict__.get("_unit_costs")
        if cache is None:
            cache = {}
            object.__setattr__(self, "_unit_costs", cache)
        found = cache.get(name)
        if found is None:
            pairs: list[tuple[str | tuple[str], float | None]] = []
            for tile, props in self.tile_types.items():
                by = props.get("cost_by")
                if isinstance(by, dict):
                    key = next((k for k in by if k == name or k in tags), None)
                    if key is not None:
                        pairs.append((tile, by[key]))
            for side, props in self.side_types.items():
                by = props.get("cost_by")
                if isinstance(by, dict):
                    key = next((k for k in by if k == name or k in tags), None)
                    if key is not None:
                        pairs.append(((side,), by[key]))
            found = cache[name] = tuple(pairs)
        return found

    @cached_property
    def stacking(self) -> bool:
        """Whether a square may hold more than one entity (``engine.stacks``)."""
        return bool(self.capacity != 1 or self.stack_param
                    or any("capacity" in props for props in self.tile_types.values()))

    # Derived geometry, built on first use and then read as plain attributes (queries on
    # the hot path read them at every step).
    @cached_property
    def cells(self) -> tuple[Pos, ...]:
        """Every position, row by row."""
        return tuple(Pos(x, y) for y in range(self.height) for x in range(self.width))

    @cached_property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height

    @cached_property
    def columns(self) -> tuple[tuple[Pos, ...], ...]:
        """The cells of each column x, top (y = 0) to bottom."""
        return tuple(tuple(Pos(x, y) for y in range(self.height)) for x in range(self.width))

    @cached_property
    def column_sets(self) -> tuple[tuple[Pos, frozenset[Pos]], ...]:
        """For each column x, its top cell and the set of its cells."""
        return tuple((col[0], frozenset(col)) for col in self.columns)

    @cached_property
    def top_row(self) -> frozenset[Pos]:
        """The cells with y = 0."""
        return frozenset(col[0] for col in self.columns)

    @cached_property
    def rays(self) -> dict[tuple[int, int], tuple[tuple[tuple[Pos, ...], tuple[Pos, ...]], ...]]:
        """For each cell, the four lines through it (row, column, both diagonals; on a hex
        board the three straight lines of hexes), each as the cells on one side then on
        the other, nearest first, up to the edge."""
        w, h = self.width, self.height
        if self.topology == "hex":
            layout = self.hex_layout or "pointy-odd"

            def hex_ray(p: Pos, d: tuple[int, int]) -> tuple[Pos, ...]:
                out = []
                n = 1
                while self.contains(q := hexes.step(layout, p, d, n)):
                    out.append(Pos(*q))
                    n += 1
                return tuple(out)

            return {p: tuple((hex_ray(p, d), hex_ray(p, (-d[0], -d[1])))
                             for d in hexes.DIRECTIONS[:3])
                    for p in self.cells}

        def ray(x: int, y: int, dx: int, dy: int) -> tuple[Pos, ...]:
            out = []
            x, y = x + dx, y + dy
            while 0 <= x < w and 0 <= y < h:
                out.append(Pos(x, y))
                x, y = x + dx, y + dy
            return tuple(out)

        return {p: tuple((ray(p[0], p[1], dx, dy), ray(p[0], p[1], -dx, -dy))
                         for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)))
                for p in self.cells}


@dataclass(frozen=True)
class Placement:
    """An entity placed when a game starts: type, owner, position or zone, parameter overrides."""

    type: str
    owner: int | None = None
    pos: tuple[int, int] | None = None
    zone: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
