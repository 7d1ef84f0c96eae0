"""Observations for the bridges: a state as a fixed-size vector of numbers, and as text.

Every game gets the same kind of encoding, built from what its rules declare
(board size, tile types, entity types and their parameters, players, zones), so
the vector has one length for the whole game. It holds what a player sees, and
only what can change:

- ``tiles``: for each tile type, a plane over the board, 1 where the cell has it;
- ``pieces``: for each entity type that can stand on the board and each owner
  (each player, then "nobody"), a plane, 1 where such an entity stands;
- ``params``: for each parameter of the types on the board that tells one
  entity from another of its type — one play can change (an effect sets or
  modifies it, or it has bounds), or one that differs between entities of a
  type (given at placement: a piece's hidden rank) — a plane holding the value
  of the entity standing on each cell (0 where none stands). A parameter every
  entity of a type has alike is told by the piece's type plane already;
- ``cards``: for each owner (each player, then "nobody": the table's zones),
  zone (the game's zones, then "unseen" and "off the board") and entity type,
  the number of that owner's entities there;
- ``held``: for each owner and zone, and each type kept off the board (cards,
  boxes) with each of its parameters that tells one from another, the sum over
  the visible entities there (a hand's total, the dice on a battle-board box,
  a card's charges);
- ``faces``: for each owner and zone, and each such parameter that takes few
  values (at most ``MAX_FACES``, seen in seeded random playouts), the number
  of visible entities there with each value (which bids are left in a hand,
  the prize in the pot);
- ``players``: each player's parameters, and 1 if the player is still in;
- ``turn``: the round, then one-hot who decides (each player, chance, nobody);
- ``perspective``: one-hot the player observing.

A large board is read in blocks: when it has more than ``MAX_CELLS`` cells,
each plane covers it in squares of ``cell`` x ``cell`` cells (the smallest
``cell`` that brings it within the limit), a piece plane counting the pieces
in each square, a parameter plane summing their values, a tile plane giving
the share of the square's cells of that tile. ``Features(game, cell=N)``
chooses the square's side (``cell=1``: every cell its own).

It is computed from what the observer may see (``state.view(player)``), so a
hidden card counts as "unseen", never as where it really is.
"""

from __future__ import annotations

import math
import zlib
from typing import Any, Protocol

from ..engine import (
    CHANCE,
    UNKNOWN,
    Effect,
    Game,
    ModifyParam,
    Pos,
    Record,
    Ref,
    Rng,
    SetParam,
    Spawn,
    State,
    as_seen,
    format_value,
)


class Buffer(Protocol):
    """Where ``Features.fill`` writes: a list of floats, or a numpy array."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...

UNSEEN = "?"
"""The zone a view gives a card its viewer cannot see (``engine.views``)."""

MAX_CELLS = 1024
"""A board with more cells is read in blocks (see the module's description)."""

MAX_FACES = 32
"""A parameter of the types kept off the board taking at most this many values gets a count
per value (``faces``); one taking more is told by its sums (``held``) alone."""

MAX_FACES_SIZE = 8192
"""The ``faces`` block is left out where it would hold more numbers than this."""

SAMPLES = 4
"""Seeded random playouts in which ``measured_values`` watches the parameters."""


def _number(value: object) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return 0.0


def changing_params(game: Game) -> set[str] | None:
    """The entity parameters play can change: set or modified by an effect of the rules, or
    declared with bounds (damage and healing move those). ``None`` for a game built in
    Python, whose effects are not listed: then every parameter counts."""
    effects = _effects(game)
    if not effects:
        return None
    names = {effect.name for effect in effects if isinstance(effect, SetParam | ModifyParam)}
    names |= {p.name for et in game.entity_types.values() for p in et.params
              if p.min is not None or p.max is not None}
    return names


def measured_values(game: Game, playouts: int = SAMPLES, steps: int = 120
                    ) -> dict[tuple[str, str], set[Any]]:
    """The values each entity type's parameters take, seen at the start and every tenth
    decision of seeded random playouts (the same on every run): a parameter with more
    than one value tells entities of its type apart."""
    seen: dict[tuple[str, str], set[Any]] = {}
    for seed in range(playouts):
        state = game.new_state(seed)
        rng = Rng(seed)
        for step in range(steps):
            if step % 10 == 0:
                for e in state.entities.values():
                    for name, value in e.params.items():
                        if isinstance(value, int | float):
                            seen.setdefault((e.type, name), set()).add(value)
            d = state.decision
            if d is None:
                break
            state = game.apply(state, d.actions[rng.below(len(d.actions))], check=False)
    return seen


def board_types(game: Game) -> set[str]:
    """The entity types that can stand on the board: placed there, standing there at the
    start, or spawned by an effect (a spawn's type may be computed: then all count)."""
    if not game.board.width:
        return set()
    names = {pl.type for pl in game.placements if pl.pos is not None}
    names |= {e.type for e in game.new_state(0).entities.values() if e.pos is not None}
    effects = _effects(game)
    for effect in effects:
        if isinstance(effect, Spawn) and effect.zone is None:
            if isinstance(effect.type, str) and effect.type in game.entity_types:
                names.add(effect.type)
            else:
                return set(game.entity_types)
    if not effects:
        return set(game.entity_types)
    return names


def _effects(game: Game) -> list[Any]:
    """The effects of a game's rules file (``Game.sources`` also places its action types);
    none for a game built in Python."""
    return [obj for obj, _ in game.sources.values() if isinstance(obj, Effect)]


class Features:
    """The vector layout of one game; ``encode(state, player)`` fills it.

    ``cell``: the side, in cells, of the squares the board planes are read in
    (0: the rules' ``shape: observation: cell``, else 1, or the smallest that keeps a
    large board within ``MAX_CELLS``). The parameters shown are those the rules' ``shape:
    observation: params`` names, else those that change in play."""

    def __init__(self, game: Game, cell: int = 0) -> None:
        self.game = game
        b = game.board
        self.width, self.height = b.width, b.height
        if cell < 0:
            raise ValueError(f"cell must be 0 (automatic) or more, not {cell}")
        if cell == 0 and game.info.observation_cell is not None:
            cell = game.info.observation_cell  # declared in the rules' `shape`
        if cell == 0:
            cell = 1
            while (math.ceil(b.width / cell) * math.ceil(b.height / cell)) > MAX_CELLS:
                cell += 1
        self.cell = cell
        self.columns = math.ceil(b.width / cell) if b.width else 0
        self.rows = math.ceil(b.height / cell) if b.height else 0
        self.cells = self.columns * self.rows
        self.tile_types = sorted(set(b.tiles) | set(b.tile_types))
        declared = game.info.observation_params
        changing = set(declared) if declared is not None else changing_params(game)
        values = measured_values(game)
        varying = {key for key, vs in values.items() if len(vs) > 1}

        def shown(kind: str, name: str) -> bool:
            if declared is not None:
                return name in declared
            return changing is None or name in changing or (kind, name) in varying

        on_board = board_types(game)
        self.entity_types = sorted(on_board)
        """The types with piece planes (those that can stand on the board)."""
        self.params = sorted({p.name for et in game.entity_types.values() if et.name in on_board
                              for p in et.params if shown(et.name, p.name)})
        self.card_types = sorted(game.entity_types)
        self.held = sorted((et.name, p.name) for et in game.entity_types.values()
                           if et.name not in on_board for p in et.params
                           if shown(et.name, p.name))
        self.zones = [z.name for z in game.zones] + [UNSEEN, ""]
        self.player_params = [p.name for p in game.player_params]
        n = len(game.players)
        self.owners = n + 1
        places = self.owners * len(self.zones)
        self.faces: list[tuple[str, str, Any]] = [
            (kind, name, v) for kind, name in self.held
            for v in sorted(values.get((kind, name), ()))
            if 1 < len(values.get((kind, name), ())) <= MAX_FACES]
        if places * len(self.faces) > MAX_FACES_SIZE:
            self.faces = []
        self.layout: list[tuple[str, int]] = [
            ("tiles", self.cells * len(self.tile_types)),
            ("pieces", self.cells * len(self.entity_types) * self.owners),
            ("params", self.cells * len(self.params)),
            ("cards", places * len(self.card_types)),
            ("held", places * len(self.held)),
            ("faces", places * len(self.faces)),
            ("players", n * (len(self.player_params) + 1)),
            ("turn", 1 + n + 2),
            ("perspective", n),
        ]
        self.size = sum(size for _, size in self.layout)
        self.tile_index = {t: i for i, t in enumerate(self.tile_types)}
        self.type_index = {t: i for i, t in enumerate(self.entity_types)}
        self.card_index = {t: i for i, t in enumerate(self.card_types)}
        self.param_index = {p: i for i, p in enumerate(self.params)}
        self.zone_index = {z: i for i, z in enumerate(self.zones)}
        self.held_index: dict[str, list[tuple[str, int]]] = {}
        for i, (kind, name) in enumerate(self.held):
            self.held_index.setdefault(kind, []).append((name, i))
        self.face_index: dict[tuple[str, str, Any], int] = {
            face: i for i, face in enumerate(self.faces)}
        self.face_params = {(kind, name) for kind, name, _ in self.faces}
        self.tile_share = 1.0 / (cell * cell)

    def block(self, x: int, y: int) -> int:
        """The index of the square holding board cell ``(x, y)``."""
        return (y // self.cell) * self.columns + x // self.cell

    def encode(self, state: State, player: int) -> list[float]:
        """The vector of ``state`` as ``player`` sees it."""
        out = [0.0] * self.size
        self.fill(state, player, out)
        return out

    def fill(self, state: State, player: int, out: Buffer) -> None:
        """Write the vector into ``out``, which must hold ``size`` zeros (a list, or a numpy
        array: only the entries that are not zero are written, so a large board costs what
        stands on it)."""
        game = self.game
        view = game.view(state, player)
        cells, width, cell = self.cells, self.width, self.cell
        tile_index, type_index = self.tile_index, self.type_index
        param_index, zone_index = self.param_index, self.zone_index
        share = self.tile_share
        for c, tile in enumerate(view.tiles):
            i = tile_index.get(tile)
            if i is not None:  # a tile type the board never declared has no plane
                x, y = c % width, c // width
                at = i * cells + (y // cell) * self.columns + x // cell
                out[at] = out[at] + share
        pieces = cells * len(self.tile_types)
        params = pieces + cells * len(self.entity_types) * self.owners
        n = len(game.players)
        cards = params + cells * len(self.params)
        kinds = len(self.card_types)
        places = self.owners * len(self.zones)
        held = cards + places * kinds
        held_index, held_width = self.held_index, len(self.held)
        faces = held + places * held_width
        face_index, face_params, face_width = self.face_index, self.face_params, len(self.faces)
        for e in view.entities.values():
            owner = e.owner if e.owner is not None and 0 <= e.owner < n else n
            t = type_index.get(e.type)
            if e.pos is not None and t is not None:
                c = self.block(e.pos[0], e.pos[1])
                at = pieces + (t * self.owners + owner) * cells + c
                out[at] = out[at] + 1.0
                for name, value in as_seen(view, e.params, e.owner, e.type).items():
                    i = param_index.get(name)
                    if i is not None and value != UNKNOWN:  # those that change, if seen
                        at = params + i * cells + c
                        out[at] = out[at] + _number(value)
            elif e.type in self.card_index:  # not a card whose face is withheld
                z = zone_index.get(e.zone or "", zone_index[""])
                place = owner * len(self.zones) + z
                at = cards + place * kinds + self.card_index[e.type]
                out[at] = out[at] + 1.0
                if e.zone != UNSEEN:
                    seen = as_seen(view, e.params, e.owner, e.type)
                    for name, i in held_index.get(e.type, ()):
                        value = seen.get(name, 0)
                        if value == UNKNOWN:
                            continue
                        at = held + place * held_width + i
                        out[at] = out[at] + _number(value)
                        if (e.type, name) in face_params:
                            f = face_index.get((e.type, name, value))
                            if f is not None:  # (a value no playout showed: in the sum only)
                                at = faces + place * face_width + f
                                out[at] = out[at] + 1.0
        at = faces + places * face_width
        for p, pl in enumerate(view.players):
            seen = as_seen(view, pl.params, p)
            for name in self.player_params:
                value = seen.get(name, 0)
                out[at] = 0.0 if value == UNKNOWN else _number(value)  # (a withheld value)
                at += 1
            out[at] = 1.0 if pl.alive else 0.0
            at += 1
        out[at] = float(view.flow.round)
        d = view.decision
        who = n + 1 if d is None else (n if d.player == CHANCE else d.player)
        out[at + 1 + who] = 1.0
        at += 1 + n + 2
        out[at + player] = 1.0


def describe(state: State, player: int | None = None) -> str:
    """A readable text of ``state`` (as ``player`` sees it, when given): flow, board, players."""
    game = state.game
    view = state if player is None else game.view(state, player)
    lines = [f"{game.name}: {game.describe_flow(view)}"]
    board = game.render(view)
    if board:
        lines.append(board)
    for p, pl in enumerate(view.players):
        params = " ".join(f"{k}={v}" for k, v in pl.params.items())
        zones = " ".join(f"{z}:{len(ids)}" for z, ids in pl.zones.items())
        extra = " ".join(x for x in (params, zones) if x)
        out = "" if pl.alive else " (out)"
        lines.append(f"{game.players[p]}{out}" + (f": {extra}" if extra else ""))
    off_board = [e for e in view.iter_entities() if e.pos is None]
    if off_board:
        lines.append("off the board: " + ", ".join(
            f"{e.type}#{int(e.id)}" + (f"@{game.players[e.owner]}" if e.owner is not None else "")
            + (f" in {e.zone}" if e.zone else "") for e in off_board))
    d = view.decision
    if d is None:
        assert view.outcome is not None
        lines.append(f"over: {view.outcome.reason}; ranks {list(view.outcome.ranks)}")
    else:
        who = "chance" if d.player == CHANCE else game.players[d.player]
        lines.append(f"{who} to decide ({d.kind})")
    return "\n".join(lines)


ENGINE_ACTIONS = ("pass", "roll", "choose")
"""Options the engine makes itself: a reaction window's pass, a chance outcome, a choice."""


class MoveFeatures:
    """Past moves as rows of numbers, read from the log of what one player sees.

    The row layout is the same for every move of a game, ``width`` numbers:

    - who moved: ``player + 1``, or ``-1`` for chance (0: no move, an empty row);
    - the action type: its index among the game's action types, reactions and the
      engine's own options (``ENGINE_ACTIONS``), plus 1; 0 where a view hides what
      chance gave;
    - the acting entity's id plus 1 (0: a player's action);
    - each bound target, in the order the action type declares them: an entity
      ``#n`` as ``n + 1``, a board position as its cell index (row by row) plus 1,
      a number as itself, ``true``/``false`` as 1/0, nothing (``-``) as 0, and a
      name as its index among the names the rules declare (entity, tile, zone,
      status, action and player names) plus 1. A name the rules do not declare, or
      a list, becomes a negative number taken from a checksum of its text (the
      same text always gives the same number).

    Rows are read from ``state.view(player)``, whose log shows every player's
    action as it was taken and hides what chance gave, so two states that differ
    only in what the player cannot see give the same rows. Option ids would not
    do: an opponent's id is a position among options that depend on its hand.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.board_width = game.board.width
        kinds = [*sorted(game.action_types), *sorted(game.reactions), *ENGINE_ACTIONS]
        self.type_index = {name: i + 1 for i, name in enumerate(dict.fromkeys(kinds))}
        names = {*game.entity_types, *game.board.tiles, *game.board.tile_types,
                 *(z.name for z in game.zones), *game.statuses, *game.action_types,
                 *game.players}
        self.name_index = {name: i + 1 for i, name in enumerate(sorted(names))}
        targets = max((len(at.targets) for at in game.action_types.values()), default=0)
        self.width = 3 + max(1, targets)

    def number(self, value: Any) -> float:
        """One target value as a number (see the class's description)."""
        if value is None:
            return 0.0
        if isinstance(value, bool):
            return 1.0 if value else 0.0
        if isinstance(value, Ref):
            return float(int(value) + 1)
        if isinstance(value, Pos):
            return float(value.y * self.board_width + value.x + 1)
        if isinstance(value, int):
            return float(value)
        if isinstance(value, str) and value in self.name_index:
            return float(self.name_index[value])
        # float32 holds integers up to 2**24 exactly
        return -float(zlib.crc32(format_value(value).encode()) % (1 << 23) + 1)

    def row(self, record: Record, out: Buffer, at: int = 0) -> None:
        """Write one move's ``width`` numbers into ``out`` from index ``at`` (zeros there)."""
        action = record.action
        out[at] = -1.0 if record.player == CHANCE else float(record.player + 1)
        if action.type == "roll" and action.targets == (("value", None),):
            return  # a chance outcome the view hides
        out[at + 1] = float(self.type_index.get(action.type, 0))
        if action.actor is not None:
            out[at + 2] = float(action.actor + 1)
        for i, (_name, value) in enumerate(action.targets[:self.width - 3]):
            out[at + 3 + i] = self.number(value)

    def moves(self, state: State, player: int) -> tuple[Record, ...]:
        """The moves ``player`` has seen, oldest first (chance outcomes hidden where the
        game hides anything)."""
        return self.game.view(state, player).history


__all__ = ["ENGINE_ACTIONS", "MAX_CELLS", "MAX_FACES", "Buffer", "Features", "MoveFeatures",
           "board_types", "changing_params", "describe", "measured_values"]
