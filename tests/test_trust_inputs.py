"""Values that used to pass validation and then hang, crash or mislead: nan and infinities,
absurdly long numbers, arguments of the wrong kind to the Python API, and a hundred
thousand-sided dice inside an agent's time budget. Each is refused with one clear message
naming what was wrong, or bounded in time."""

from __future__ import annotations

import math
import time

import pytest

import stratagem
from rules_helpers import build
from stratagem.agents import AgentSpecError, Budget
from stratagem.agents.tactical.currency import WeightsError, parse_weights
from stratagem.arena.match import TimeLimit
from stratagem.engine import ActionParseError, parse_action
from test_cli import assert_one_line_error, run


# ---------------------------------------------------------------- nan, inf
@pytest.mark.parametrize("code", ["mcts:c=nan", "mcts:seconds=nan", "mcts:seconds=inf",
                                  "mcts:c=inf", "mcts:widening=nan", "random:seconds=-inf"])
def test_nan_and_infinities_in_agent_codes_are_refused(code: str):
    """An agent code whose number is nan or infinite is an AgentSpecError naming it."""
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(AgentSpecError, match=code.split(":")[1].split("=", maxsplit=1)[0]):
        stratagem.agent(code, game)


def test_nan_exploration_from_python_is_refused():
    """mcts(c=nan) from Python is a ValueError before any search could loop on it."""
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(ValueError, match="c must be a finite number"):
        stratagem.agent("mcts", game, c=math.nan)


@pytest.mark.parametrize("spec", ["default+kill=nan", "default+kill=inf", {"kill": math.nan},
                                  {"kill": math.inf}])
def test_nan_tactical_weights_are_refused(spec: object):
    """A weight of nan or inf is a WeightsError, from a code or a mapping."""
    with pytest.raises(WeightsError, match="finite"):
        parse_weights(spec)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"seconds": math.nan}, {"seconds": math.inf},
                                    {"seconds": 0}, {"seconds": -1.0}])
def test_budgets_refuse_nan_infinite_and_zero_seconds(kwargs: dict[str, float]):
    """Budget(seconds=0) would end every search before it starts; nan never ends one."""
    with pytest.raises(ValueError, match="seconds"):
        Budget(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("kwargs", [{"calls": "abc"}, {"iterations": 2.5},
                                    {"seconds": "1"}, {"calls": True}])
def test_budgets_of_the_wrong_kind_are_a_type_error_naming_the_argument(kwargs):
    """Budget(calls="abc") says which argument takes what, not a comparison error."""
    name = next(iter(kwargs))
    with pytest.raises(TypeError, match=f"Budget\\({name}="):
        Budget(**kwargs)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_arena_seconds_refuse_nan_and_infinity(capsys, value: str):
    """`arena --seconds nan` is a usage error before any game is played."""
    code, _, err = run(capsys, "arena", "tic_tac_toe", "--agents", "random,random",
                       "--games", "1", "--seconds", value)
    assert code == 2
    assert ("finite" in err or "range" in err) and "Traceback" not in err


def test_time_limits_refuse_nan():
    """A TimeLimit of nan seconds is refused (every comparison with it is false)."""
    with pytest.raises(ValueError, match="finite"):
        TimeLimit(math.nan)


# ---------------------------------------------------------- long numbers
@pytest.mark.parametrize("text", ["move #" + "9" * 100_000, "place cell=(" + "1" * 100_000 + ",1)",
                                  "x v=" + "7" * 100_000, "x v=[1," + "2" * 5000 + "]"],
                         ids=["actor", "position", "number", "in a list"])
def test_a_hundred_thousand_digit_number_is_one_parse_error(text: str):
    """Python refuses to read such numbers with a bare ValueError; ours is short and named."""
    with pytest.raises(ActionParseError) as err:
        parse_action(text)
    assert "digits" in str(err.value) and len(str(err.value)) < 300


def test_move_with_a_huge_number_is_one_line(tmp_path, capsys):
    """`move` with a 100,000-digit cell is one error line, not a traceback."""
    path = tmp_path / "t.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(path))
    code, _, err = run(capsys, "move", str(path), "place cell=(" + "1" * 100_000 + ",1)")
    assert_one_line_error(code, err, "digits")
    assert len(err) < 400


# --------------------------------------------------------------- Python API
def test_play_with_agents_as_one_string_says_to_give_a_list():
    """play(game, "random,random") used to count 13 agents in the string's letters."""
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(TypeError, match=r"agents.*list.*\['random', 'random'\]"):
        stratagem.play(game, "random,random")  # type: ignore[arg-type]


def test_play_with_a_game_name_says_to_load_it():
    """play("tic_tac_toe", ...) names the argument and how to get a Game."""
    with pytest.raises(TypeError, match=r"takes a Game.*stratagem.load\('tic_tac_toe'\)"):
        stratagem.play("tic_tac_toe", ["random", "random"])  # type: ignore[arg-type]


def test_play_with_none_agents_names_the_seat():
    """play(game, [None, None]) names agents[0] and what it takes."""
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(TypeError, match=r"agents\[0\] is NoneType"):
        stratagem.play(game, [None, None])  # type: ignore[list-item]


@pytest.mark.parametrize("who", ["x", 0.5, None, True])
def test_state_view_of_a_non_player_is_a_type_error(who: object):
    """state.view("x") says it takes a player's number, listing them."""
    state = stratagem.load("tic_tac_toe").new_state()
    with pytest.raises(TypeError, match="view\\(player\\) takes a player's number \\(0 x"):
        state.view(who)  # type: ignore[arg-type]


# ------------------------------------------------------------ huge dice
BIG = """\
game: big
players: [a, b]
player:
  hp: 100000
actions:
  hit:
    effects:
      - roll: {as: r, dice: 100d1000}
      - modify: {what: player.hp, by: -r}
    ends_turn: true
  rest:
    effects: []
    ends_turn: true
flow:
  phases:
    - name: p
      actions: [hit, rest]
end:
  round_limit: 5
"""


@pytest.mark.parametrize("code", ["tactical:seconds=0.5", "expectimax:seconds=0.5"])
def test_a_time_budget_bounds_outcomes_on_a_hundred_dice(code: str):
    """100d1000 has 99,901 totals: enumerating them took over 25 s inside one `outcomes`
    call; a half-second budget now ends the decision within about a second. (The margin
    allows for a loaded machine.)"""
    game = build(BIG)
    state = game.new_state(1)
    agent = stratagem.agent(code, game)
    started = time.perf_counter()
    choice = agent.choose(state.view(0), state.decision)
    took = time.perf_counter() - started
    assert game.is_legal(state, choice.action)
    assert took < 2.5, took
    assert game.runtime.deadline is None  # restored once the decision is made


def test_outcomes_outside_an_agent_stay_exact():
    """Without a deadline, outcomes enumerates every roll, as before."""
    game = build(BIG.replace("100d1000", "2d6"))
    state = game.new_state(1)
    hit = game.legal_actions(state)[0]
    assert len(game.outcomes(state, hit)) == 11
