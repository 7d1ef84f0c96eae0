"""The Kill-the-King-like fixture in Stratega's format against its hand-written native
twin: the same options and the same units after every action of random games."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratega_helpers import play_side_by_side, units

HERE = Path(__file__).parent / "stratega"


def test_imported_and_native_agree_along_random_games() -> None:
    """Two random games (up to 120 actions each) agree action by action."""
    imported = stratagem.load(HERE / "kill_the_king.yaml")
    native = stratagem.load(HERE / "kill_the_king_native.yaml")
    for seed in range(2):
        assert play_side_by_side(imported, native, seed, 120) > 0


def test_board_units_and_first_options() -> None:
    """32 by 17, six units a side placed from the map's symbols with their owners; the
    king moves two straight steps, through its own units (as Stratega's Dijkstra walks)
    but onto free cells only."""
    game = stratagem.load(HERE / "kill_the_king.yaml")
    assert (game.board.width, game.board.height) == (32, 17)
    state = game.new_state(seed=0)
    by_owner = [sorted(e.type for e in state.entities.values() if e.owner == p)
                for p in range(2)]
    assert by_owner == [["Archer", "Archer", "Healer", "King", "Warrior", "Warrior"]] * 2
    king = next(e for e in state.entities.values() if e.type == "King" and e.owner == 0)
    assert king.pos == (2, 7)
    moves = sorted(str(a) for a in game.legal_actions(state)
                   if a.type == "Move" and a.actor == king.id)
    assert moves == [f"Move #{king.id} target={p}" for p in
                     ("(1,6)", "(1,7)", "(1,8)", "(2,5)", "(2,8)", "(2,9)", "(3,6)",
                      "(3,8)")]
    assert units(state)[king.id][3] == (("AttackDamage", 60), ("AttackRange", 1.5),
                                        ("Health", 300))


def test_the_imported_game_keeps_the_engine_invariants() -> None:
    """Along a random game: every offered action is legal, `apply` leaves its input as it
    was, and every state reached serializes and reads back equal."""
    game = stratagem.load(HERE / "kill_the_king.yaml")
    rng = stratagem.engine.Rng(4)
    state = game.new_state(seed=4)
    for _ in range(60):
        if state.decision is None:
            break
        actions = game.legal_actions(state)
        assert all(game.is_legal(state, a) for a in actions[:20])
        before = game.serialize(state)
        after = game.apply(state, actions[rng.below(len(actions))])
        assert game.serialize(state) == before
        assert game.deserialize(game.serialize(after)) == after
        state = after
