"""Writes the compatibility fixtures: saved states and replays made by an earlier engine.

    python tests/compat/make_fixtures.py

Run once, when the fixtures are made; the files it writes are then kept as they are, so
that later versions of the engine are checked against what an earlier one wrote. Each
game gets one replay of a whole random game and one saved state part-way through it,
with the serialized hash of the state a fixed number of steps later.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import stratagem
from stratagem.arena.match import play

HERE = Path(__file__).resolve().parent
GAMES = (("broken_throne", None), ("broken_throne", "large"), ("connect_four", None),
         ("duel", None), ("elemental_duel", None), ("flower_war", None),
         ("high_card", None), ("pig", None), ("skirmish", None), ("tic_tac_toe", None))
AHEAD = 25
"""Steps played on from a saved state, with the first legal action each time."""


def name_of(game: str, scenario: str | None) -> str:
    return f"{game}-{scenario}" if scenario else game


def main() -> None:
    for game_name, scenario in GAMES:
        game = stratagem.load(game_name, scenario=scenario) if scenario else stratagem.load(
            game_name)
        stem = name_of(game_name, scenario)
        result = play(game, ["random"] * len(game.players), seed=11)
        (HERE / f"{stem}.replay.json").write_text(result.replay.to_json() + "\n")
        state = game.new_state(seed=5)
        rng = random.Random(5)
        for _ in range(40):
            if state.decision is None:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        saved = game.serialize(state)
        later = state
        for _ in range(AHEAD):
            if later.decision is None:
                break
            later = game.apply(later, game.legal_actions(later)[0])
        digest = hashlib.sha256(game.serialize(later).encode()).hexdigest()
        (HERE / f"{stem}.state.json").write_text(saved + "\n")
        (HERE / f"{stem}.ahead.json").write_text(json.dumps(
            {"steps": AHEAD, "sha256": digest}) + "\n")


if __name__ == "__main__":
    main()
