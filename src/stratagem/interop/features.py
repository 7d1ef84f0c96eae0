"""Observations for the bridges: a state as a fixed-size vector of numbers, and as text.

Every game gets the same kind of encoding, built from what its rules declare
(board size, tile types, entity types and their parameters, players, zones), so
the vector has one length for the whole game:

- ``tiles``: for each tile type, a plane over the board, 1 where the cell has it;
- ``pieces``: for each entity type and owner (each player, then "nobody"), a
  plane, 1 where such an entity stands;
- ``params``: for each entity parameter name, a plane holding the value of the
  entity standing on each cell (0 where none stands or it has no such parameter);
- ``cards``: for each player, zone (the game's zones, then "unseen" and "off the
  board") and entity type, the number of that player's entities there;
- ``players``: each player's parameters, and 1 if the player is still in;
- ``turn``: the round, then one-hot who decides (each player, chance, nobody);
- ``perspective``: one-hot the player observing.

It is computed from what the observer may see (``state.view(player)``), so a
hidden card counts as "unseen", never as where it really is.
"""

from __future__ import annotations

import zlib
from typing import Any, Protocol

from ..engine import CHANCE, Game, Pos, Record, Ref, State, format_value


class Buffer(Protocol):
    """Where ``Features.fill`` writes: a list of floats, or a numpy array."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...

UNSEEN = "?"
"""The zone a view gives a card its viewer cannot see (``engine.views``)."""


def _number(value: object) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return 0.0


class Features:
    """The vector layout of one game; ``encode(state, player)`` fills it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        b = game.board
        self.width, self.height = b.width, b.height
        self.cells = b.width * b.height
        self.tile_types = sorted(set(b.tiles) | set(b.tile_types))
        self.entity_types = sorted(game.entity_types)
        self.params = sorted({p.name for et in game.entity_types.values() for p in et.params})
        self.zones = [z.name for z in game.zones] + [UNSEEN, ""]
        self.player_params = [p.name for p in game.player_params]
        n = len(game.players)
        self.owners = n + 1
        self.layout: list[tuple[str, int]] = [
            ("tiles", self.cells * len(self.tile_types)),
            ("pieces", self.cells * len(self.entity_types) * self.owners),
            ("params", self.cells * len(self.params)),
            ("cards", n * len(self.zones) * len(self.entity_types)),
            ("players", n * (len(self.player_params) + 1)),
            ("turn", 1 + n + 2),
            ("perspective", n),
        ]
        self.size = sum(size for _, size in self.layout)
        self.tile_index = {t: i for i, t in enumerate(self.tile_types)}
        self.type_index = {t: i for i, t in enumerate(self.entity_types)}
        self.param_index = {p: i for i, p in enumerate(self.params)}
        self.zone_index = {z: i for i, z in enumerate(self.zones)}

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
        cells, width = self.cells, self.width
        tile_index, type_index = self.tile_index, self.type_index
        param_index, zone_index = self.param_index, self.zone_index
        for c, tile in enumerate(view.tiles):
            i = tile_index.get(tile)
            if i is not None:  # a tile type the board never declared has no plane
                out[i * cells + c] = 1.0
        pieces = cells * len(self.tile_types)
        params = pieces + cells * len(self.entity_types) * self.owners
        n = len(game.players)
        cards = params + cells * len(self.params)
        kinds = len(self.entity_types)
        per_player = len(self.zones) * kinds
        for e in view.entities.values():
            t = type_index[e.type]
            owner = e.owner if e.owner is not None and 0 <= e.owner < n else n
            if e.pos is not None:
                c = e.pos[1] * width + e.pos[0]
                out[pieces + (t * self.owners + owner) * cells + c] = 1.0
                for name, value in e.params.items():
                    i = param_index.get(name)
                    if i is not None:  # only the parameters entity types declare
                        out[params + i * cells + c] = _number(value)
            elif owner < n:
                z = zone_index.get(e.zone or "", zone_index[""])
                out[cards + owner * per_player + z * kinds + t] += 1.0
        at = cards + n * per_player
        for pl in view.players:
            for name in self.player_params:
                out[at] = _number(pl.params.get(name, 0))
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


__all__ = ["ENGINE_ACTIONS", "Buffer", "Features", "MoveFeatures", "describe"]
