"""``Game.playout``: random play on one private copy, equal to the same choices made by ``apply``."""

from __future__ import annotations

import pytest

import stratagem
from conftest import GAMES
from rules_helpers import build
from stratagem.engine import Game, Rng, State


def _by_apply(game: Game, state: State, rng: Rng, max_steps: int | None) -> State:
    """What ``playout`` must equal: the same draws, one ``apply`` each."""
    steps = 0
    while state.decision is not None and (max_steps is None or steps < max_steps):
        d = state.decision
        if d.weights is not None:
            roll = rng.below(sum(d.weights))
            i = 0
            while roll >= d.weights[i]:
                roll -= d.weights[i]
                i += 1
        else:
            i = rng.below(len(d.actions))
        state = game.apply(state, d.actions[i])
        steps += 1
    return state


def _same_position(game: Game, a: State, b: State) -> None:
    """Equal in everything but the history (a playout does not log its moves)."""
    assert a.decision == b.decision and a.outcome == b.outcome
    assert a.entities == b.entities and a.players == b.players and a.flow == b.flow
    assert a.rng == b.rng and a.stack == b.stack and a.memory == b.memory


@pytest.mark.parametrize("explicit", [False, True], ids=["sampled", "explicit"])
@pytest.mark.parametrize("name", GAMES)
def test_a_playout_reaches_the_state_apply_reaches(name: str, explicit: bool) -> None:
    game = stratagem.load(name)
    for seed in range(8):
        start = game.new_state(seed, explicit_chance=explicit)
        before = game.serialize(start)
        for max_steps in (None, 3):
            got = game.playout(start, Rng(seed), max_steps)
            want = _by_apply(game, start, Rng(seed), max_steps)
            _same_position(game, got, want)
        assert game.serialize(start) == before  # the input is untouched


def test_a_playout_counts_its_calls_and_stops_at_the_limit() -> None:
    game = stratagem.load("connect_four")
    start = game.new_state(0)
    calls = game.calls
    end = game.playout(start, Rng(1), max_calls=calls + 5)
    assert game.calls == calls + 5
    assert end.decision is not None and len(end.entities) == 5


# --------------------------------------------------------------- quick games
# A game whose every turn is one straight action of one single-target type (connect
# four, tic-tac-toe) is played out by flow.quick_playout, which keeps the options as
# plain target values between draws. It must reach exactly what apply reaches.

FILL = """
game: fill
players: [a, b]
board:
  tiles: {".": empty}
  layout: |
    . . .
entities:
  m: {symbol: m}
actions:
  put:
    source: player
    targets:
      cell: {position: empty}
    effects:
      - spawn: {type: "'m'", at: cell}
flow:
  round_limit: 3
  phases:
    - name: play
      actions: [put]
      max_actions: 1
"""
"""Three cells, two players, three rounds: the board fills in round 2, the next player
has no option, and the round limit ends the game; no turn after the third can be
handed on directly, so the playout leaves the quick path for the flow machine."""


def test_games_of_one_straight_action_a_turn_take_the_quick_path() -> None:
    assert stratagem.load("connect_four").quick_action == "drop"
    assert stratagem.load("tic_tac_toe").quick_action == "place"
    for name in ("pig", "skirmish", "broken_throne"):
        assert stratagem.load(name).quick_action is None, name


@pytest.mark.parametrize("name", ["connect_four", "tic_tac_toe"])
def test_a_quick_playout_agrees_with_apply_at_every_cut_off(name: str) -> None:
    game = stratagem.load(name)
    for seed in range(6):
        start = game.new_state(seed)
        if seed % 2:  # also from a state a few moves in
            start = game.playout(start, Rng(100 + seed), 3)
        for max_steps in (*range(0, 12), None):
            rng_a, rng_b = Rng(seed), Rng(seed)
            got = game.playout(start, rng_a, max_steps)
            want = _by_apply(game, start, rng_b, max_steps)
            _same_position(game, got, want)
            assert rng_a.state == rng_b.state  # one draw per decision on both paths


def test_a_quick_playout_stops_at_the_call_limit_with_the_decision_built() -> None:
    game = stratagem.load("tic_tac_toe")
    start = game.new_state(0)
    for n in range(1, 6):
        end = game.playout(start, Rng(n), max_calls=game.calls + n)
        want = _by_apply(game, start, Rng(n), n)
        _same_position(game, end, want)
        assert end.decision is not None and end.decision.prompt == want.decision.prompt


def test_a_quick_playout_hands_over_where_a_turn_cannot_be_passed_directly() -> None:

    game = build(FILL)
    assert game.quick_action == "put"
    for seed in range(10):
        start = game.new_state(seed)
        for max_steps in (None, 1, 2, 3, 4):
            got = game.playout(start, Rng(seed), max_steps)
            want = _by_apply(game, start, Rng(seed), max_steps)
            _same_position(game, got, want)
        end = game.playout(start, Rng(seed))
        assert end.outcome is not None and "round limit" in end.outcome.reason
        assert len(end.entities) == 3


def test_the_step_count_is_written_lazily_only_where_nothing_reads_it() -> None:

    assert stratagem.load("connect_four").quick_lazy_flow  # draws only; no effect ends the turn
    assert not stratagem.load("tic_tac_toe").quick_lazy_flow  # a win rule is checked each turn
    ends_turn = FILL.replace("- spawn: {type: \"'m'\", at: cell}",
                             "- spawn: {type: \"'m'\", at: cell}\n      - end_turn: {}")
    game = build(ends_turn)
    assert game.quick_action == "put" and not game.quick_lazy_flow
    assert build(FILL).quick_lazy_flow
