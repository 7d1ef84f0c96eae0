"""`end: repetition:` draws a game when one position comes up the given number of times
(chess's threefold repetition), a position read without the parameters `ignore` names (a
move clock); the count is kept in the state and saved with it (the chess writer's finding
4: a hash of every position kept in a keyed parameter by hand)."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, problems
from stratagem.engine import Rng

# Two rooks on a strip, each side shuffling its own between two squares: the start
# position comes back after every two rounds.
RULES = """\
game: shuffle
players: [white, black]
board:
  size: [6, 1]
state:
  clock: 0
entities:
  rook:
    actions: [slide]
actions:
  slide:
    targets:
      to: {kind: position, from: "[(actor.pos.x + 1, 0), (actor.pos.x - 1, 0)]", where: "on_board(to) and is_empty(to)"}
    effects:
      - move: {to: to}
      - modify: {what: game.clock, by: 1}
      - end_turn: {}
flow:
  phases:
    - name: play
      actions: [slide]
setup:
  entities:
    - {type: rook, owner: white, at: [0, 0]}
    - {type: rook, owner: black, at: [5, 0]}
end:
  round_limit: 50
  REPETITION
"""

THERE_AND_BACK = ["slide #1 to=(1,0)", "slide #2 to=(4,0)", "slide #1 to=(0,0)",
                  "slide #2 to=(5,0)"]


def _play(game, moves):  # type: ignore[no-untyped-def]
    state = game.new_state(0)
    for move in moves:
        assert state.outcome is None, move
        state = act(game, state, move)
    return state


def test_the_third_time_a_position_comes_up_the_game_is_drawn() -> None:
    game = build(RULES.replace("REPETITION", "repetition: {times: 3, ignore: [clock]}"))
    once_more = _play(game, THERE_AND_BACK)  # the start position, a second time
    assert once_more.outcome is None
    over = _play(game, THERE_AND_BACK * 2)  # and a third
    assert over.outcome is not None and over.outcome.is_draw
    assert over.outcome.reason == "the same position came up 3 times"
    again = game.deserialize(game.serialize(once_more))  # the count is saved with the state
    assert again.counters == once_more.counters
    for move in THERE_AND_BACK:
        again = act(game, again, move)
    assert again.outcome is not None and again.outcome.is_draw


def test_a_parameter_not_ignored_makes_each_position_new() -> None:
    """The clock counts every move, so without `ignore` no position repeats."""
    game = build(RULES.replace("REPETITION", "repetition: 3"))
    assert _play(game, THERE_AND_BACK * 3).outcome is None


def test_playouts_count_positions_too() -> None:
    """A rollout (search's `playout`) ends a shuffling game drawn by repetition long
    before the round limit, as `apply` would."""
    game = build(RULES.replace("REPETITION", "repetition: {times: 2, ignore: [clock]}"))
    end = game.playout(game.new_state(0), Rng(1))
    assert end.outcome is not None and "position came up 2 times" in end.outcome.reason


@pytest.mark.parametrize(("spec", "said"), [
    ("repetition: {times: 3, ignore: [clok]}", "no entity, player, tile or `state:` has a "
                                               "parameter `clok`"),
    ("repetition: 1", "`repetition`"),
])
def test_a_bad_repetition_is_located(spec: str, said: str) -> None:
    found = problems(RULES.replace("REPETITION", spec))
    assert any(said in p for p in found), found


def test_a_view_of_a_game_that_hides_things_keeps_no_position_digest() -> None:
    """A position's digest covers what a player cannot see, and could be matched against
    the positions they can imagine: in a game that hides anything, views leave the counts
    out; in an open game (the rooks) they are there."""
    text = RULES.replace("REPETITION", "repetition: {times: 3, ignore: [clock]}")
    open_view = build(text).new_state(0).view(0)
    assert any(k.startswith("rep:") for k in open_view.counters)
    hidden = build(text.replace("  clock: 0\n", "  clock: 0\nplayer:\n  purse: {default: 1, "
                                "min: 0, max: 5, private: true}\n"))
    assert hidden.info.hidden
    state = hidden.new_state(0)
    assert any(k.startswith("rep:") for k in state.counters)
    assert not any(k.startswith("rep:") for k in state.view(0).counters)
