"""The Letters test game (tests/card_games/letters.yaml) for two and three players, and
the states of random games of it, for the card-knowledge tests."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from conftest import random_walk
from stratagem.engine import Game, Rng, State, dumps, loads
from stratagem.engine.knowledge import MASKED
from stratagem.rules import compile_text

LETTERS = Path(__file__).parent / "card_games" / "letters.yaml"


@cache
def letters(players: int = 2) -> Game:
    """Letters for two players (north, south) or three (and west, over four rounds)."""
    text = LETTERS.read_text(encoding="utf-8")
    if players == 3:
        text = text.replace("players: [north, south]", "players: [north, south, west]")
        text = text.replace("round_limit: 6", "round_limit: 4")
    return compile_text(text, f"letters{players}.yaml")


def random_game(game: Game, seed: int) -> list[State]:
    """Every state of one game played by random choices (chance by the state's own dice)."""
    return random_walk(game, seed)


def unknown_to(state: State, player: int) -> list[int]:
    """The cards whose face ``player`` does not know in ``state`` (masked in their view)."""
    view = state.view(player)
    return sorted(eid for eid, e in view.entities.items() if e.type == MASKED)


def twin(state: State, player: int, seed: int) -> State:
    """``state`` with the faces of the cards ``player`` does not know permuted at random:
    a state that differs from it only in what that player cannot know."""
    doc = json.loads(dumps(state))
    rows = {row[0]: row for row in doc["entities"]}
    ids = unknown_to(state, player)
    faces = [(rows[i][1], rows[i][4], rows[i][5]) for i in ids]
    rng = Rng(seed)
    for i in range(len(faces) - 1, 0, -1):
        j = rng.below(i + 1)
        faces[i], faces[j] = faces[j], faces[i]
    for i, (kind, params, statuses) in zip(ids, faces, strict=True):
        rows[i][1], rows[i][4], rows[i][5] = kind, params, statuses
    return loads(state.game, json.dumps(doc))
