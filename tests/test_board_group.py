"""`group(of, where:)`: the entities joined to one through neighbouring squares — the chain a
connection game is won with. Hex written with it plays move for move as OpenSpiel's `hex`
(the game a connection-game writer tried from the docs had no way to ask for a chain)."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.engine import Rng
from stratagem.rules import compile_text

HEX = """
game: hex5
players: [red, blue]
board: {topology: hex, hex: pointy-axial, size: [5, 5]}
entities:
  stone: {symbol: O}
actions:
  place:
    targets:
      cell: {kind: position, from: "cells(empty: true)"}
    effects: [{spawn: {type: stone, at: cell, owner: player}}]
    ends_turn: true
flow:
  phases: [{name: play, actions: [place]}]
define:
  "newest(p: player)": "highest(entities(owner: p), by: it.id)"
  "chain(p: player)": "group(newest(p))"
end:
  win:
    "{player} joined top and bottom":
      when: "player == red and count(entities(owner: player)) > 0
             and any(chain(player), where: it.y == 0) and any(chain(player), where: it.y == 4)"
      check: active
    "{player} joined left and right":
      when: "player == blue and count(entities(owner: player)) > 0
             and any(chain(player), where: it.x == 0) and any(chain(player), where: it.x == 4)"
      check: active
"""


@pytest.fixture(scope="module")
def game() -> stratagem.Game:
    return compile_text(HEX)


def placed(game: stratagem.Game, cells: list[tuple[int, int]]) -> stratagem.State:
    """Stones placed in turn, red first, on ``cells``."""
    state = game.new_state(seed=0)
    for x, y in cells:
        state = game.apply(state, game.parse_action(state, f"place cell=({x},{y})"))
    return state


def test_a_bent_chain_is_one_group_and_an_enemy_stone_cuts_it(game: stratagem.Game) -> None:
    """After each placement `group` of the stone just placed is measured (`game.size`, and
    `game.low` for those of its stones on the two top rows, by `where`: the flood stops at a
    square whose stone does not meet it; the stone asked of is always in)."""
    probe = compile_text(HEX.replace(
        "    effects: [{spawn: {type: stone, at: cell, owner: player}}]",
        "    effects:\n      - spawn: {type: stone, at: cell, owner: player}\n"
        "      - set: {what: game.size, to: \"count(group(newest(player)))\"}\n"
        "      - set: {what: game.low, to: \"count(group(newest(player), "
        "where: it.owner == player and it.y < 2))\"}").replace(
        "define:", "state:\n  size: {default: 0, min: 0, max: 25}\n"
        "  low: {default: 0, min: 0, max: 25}\ndefine:"))
    # red: (1,0) (1,1) (0,2) (0,3), bent along hex neighbours; blue: (2,2) (3,3) (4,4),
    # which are not neighbours on this board (a diagonal of hexes is two steps)
    cells = [(1, 0), (2, 2), (1, 1), (3, 3), (0, 2), (4, 4), (0, 3)]
    sizes = []
    for n in range(1, len(cells) + 1):
        state = placed(probe, cells[:n])
        sizes.append((state.value("size"), state.value("low")))
    assert sizes == [(1, 1), (1, 1), (2, 2), (1, 1), (3, 3), (1, 1), (4, 1)]


def test_hex_written_with_group_plays_as_openspiels_hex(game: stratagem.Game) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    spiel = pyspiel.load_game("hex(board_size=5)")
    for seed in range(40):
        rng = Rng(seed)
        state = game.new_state(seed=seed)
        theirs = spiel.new_initial_state()
        while state.decision is not None:
            options = game.legal_actions(state)
            action = options[rng.below(len(options))]
            cell = action.target("cell")
            theirs.apply_action(cell.y * 5 + cell.x)
            state = game.apply(state, action)
            assert (state.decision is None) == theirs.is_terminal()
            if state.decision is not None:
                ours = sorted(a.target("cell").y * 5 + a.target("cell").x
                              for a in game.legal_actions(state))
                assert ours == sorted(theirs.legal_actions())
        assert state.outcome is not None
        winner = state.outcome.winners[0]
        assert theirs.returns()[winner] == 1.0


def test_the_text_board_tells_the_two_sides_stones_apart(game: stratagem.Game) -> None:
    """Both sides play one kind of stone: the first player's in capitals, the second's in
    small letters (the plain render, and so the bridges' observation strings)."""
    rows = game.render(placed(game, [(1, 1), (2, 2)])).splitlines()
    assert rows[1] == ". O . . ." and rows[2] == ". . o . ."
