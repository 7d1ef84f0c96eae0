"""A built ``Game`` is frozen: what changes in play lives in ``game.runtime``."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.engine import GameRuntime, Rng
from stratagem.rules import compile_text

RULES = """\
game: counter
players: [a, b]
player:
  n: 0
actions:
  tick:
    effects:
      - modify: {what: player.n, by: 1}
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [tick]
end:
  round_limit: 3
"""


def test_assigning_to_a_built_game_is_an_error() -> None:
    """Any assignment or deletion after construction raises, naming the attribute."""
    game = compile_text(RULES)
    with pytest.raises(AttributeError, match="frozen once built: cannot set 'players'"):
        game.players = ("x",)  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot set 'calls'"):
        game.calls = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="cannot set 'new_attribute'"):
        game.new_attribute = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="cannot delete 'name'"):
        del game.name
    assert game.players == ("a", "b")


def test_calls_are_counted_in_the_runtime() -> None:
    """``game.calls`` reads the runtime's counter, which apply, playout and outcomes
    advance."""
    game = compile_text(RULES)
    assert isinstance(game.runtime, GameRuntime) and game.calls == 0
    state = game.new_state(0)
    state = game.apply(state, game.legal_actions(state)[0])
    assert game.calls == game.runtime.calls == 1
    game.outcomes(state, game.legal_actions(state)[0])
    assert game.calls == 2
    end = game.playout(state, Rng(0))
    assert end.outcome is not None and game.calls == 2 + 5


def test_the_origin_is_recorded_once_by_the_loader() -> None:
    """A bundled game knows its rules file and scenarios; recording them again fails."""
    game = stratagem.load("broken_throne")
    assert game.rules_file is not None and game.rules_file.endswith("rules.yaml")
    assert game.scenarios
    with pytest.raises(AttributeError, match="already recorded"):
        game.set_origin("elsewhere.yaml", ())
    built = compile_text(RULES)
    assert built.rules_file is None and built.scenarios == ()
    built.set_origin("/tmp/counter.yaml", ("a", "b"))
    assert built.rules_file == "/tmp/counter.yaml" and built.scenarios == ("a", "b")


def test_patch_replaces_only_existing_parts() -> None:
    """The test hook refuses names a game does not have."""
    game = compile_text(RULES)
    game.patch(quick_action=None)
    assert game.quick_action is None
    with pytest.raises(AttributeError, match="no part named straight_block"):
        game.patch(straight_block=frozenset())
