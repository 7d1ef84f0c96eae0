"""`shape:` may declare sizes (options, chance options, length) for the bridges that number
actions; the bundled games that declare them keep within them."""

from __future__ import annotations

import pytest

import stratagem
from rules_helpers import build, problems
from stratagem.engine import CHANCE, GameDefinitionError, Rng
from stratagem.engine.game import SIZES, Game
from stratagem.engine.spec import Phase, Step

GAME = """\
game: counter
players: [a, b]
shape: {{chance: false, {sizes}}}
actions:
  tick: {{}}
flow:
  phases:
    - name: play
      actions: [tick]
      max_actions: 1
end:
  round_limit: 2
"""


def test_declared_sizes_reach_game_info() -> None:
    """Each size given in `shape:` is in ``game.info``; sizes left out are ``None``."""
    game = build(GAME.format(sizes="max_options: 3, max_length: 12"))
    assert game.info.max_options == 3 and game.info.max_length == 12
    assert game.info.max_chance_options is None
    plain = build(GAME.format(sizes="hidden: false"))
    assert all(getattr(plain.info, key) is None for key in SIZES)


@pytest.mark.parametrize("value", ["0", "-2", "2.5", "many", "true"])
def test_a_size_must_be_a_positive_whole_number(value: str) -> None:
    """A size that is not a whole number of at least 1 is reported at its place."""
    found = problems(GAME.format(sizes=f"max_options: {value}"))
    assert any("rules.yaml:3:" in p and "`max_options` must be a whole number" in p
               for p in found), found


def test_a_misspelt_size_is_an_unknown_key_with_a_hint() -> None:
    """An unknown `shape` key names the sizes it may have meant."""
    found = problems(GAME.format(sizes="max_option: 3"))
    assert any("unknown key `max_option`" in p and "max_options" in p for p in found), found


def test_games_built_in_python_check_their_sizes() -> None:
    """``Game(sizes=...)`` takes the three names with positive integers, and nothing else."""
    phases = (Phase("play", (Step("play", ()),)),)
    assert Game("g", ["a"], phases=phases, sizes={"max_length": 5}).info.max_length == 5
    with pytest.raises(GameDefinitionError, match="sizes"):
        Game("g", ["a"], phases=phases, sizes={"max_moves": 5})
    with pytest.raises(GameDefinitionError, match="sizes"):
        Game("g", ["a"], phases=phases, sizes={"max_length": 0})


@pytest.mark.parametrize("name", [n for n in stratagem.list_games()
                                  if any(getattr(stratagem.load(n).info, k) for k in SIZES)])
def test_bundled_games_keep_within_their_declared_sizes(name: str) -> None:
    """Seeded random games, chance surfaced, never offer more options or last longer than the
    game declares."""
    game = stratagem.load(name)
    info = game.info
    for seed in range(12):
        state = game.new_state(seed, explicit_chance=True)
        rng = Rng(seed)
        steps = 0
        while state.decision is not None:
            d = state.decision
            limit = info.max_chance_options if d.player == CHANCE else info.max_options
            assert limit is None or len(d.actions) <= limit, (seed, steps, d)
            state = game.apply(state, d.actions[rng.below(len(d.actions))])
            steps += 1
        assert info.max_length is None or steps <= info.max_length, (seed, steps)
