"""The parts the search agents are built from: budgets and meters, the value function, the
evaluators, the roster's argument checks, MCTS's tree reuse and widening, and more than two
players."""

from __future__ import annotations

import inspect
import re
import time
from pathlib import Path

import pytest

import stratagem
from stratagem.agents import (
    AgentSpecError,
    Budget,
    ExpectimaxAgent,
    MaterialValue,
    MCTSAgent,
    Rollout,
    make_agent,
    split_agent_codes,
    terminal_value,
)
from stratagem.agents.roster import ROSTER, code_text
from stratagem.cli.main import main
from stratagem.engine import Action, Game, Pos, Rng, State

RACE = """\
game: race3
description: Three runners race to 5; a step goes 1, a leap 2, and each has one leap.
players: [ann, bob, cat]
player:
  score: {min: 0}
  leaps: {default: 1, min: 0}
actions:
  step:
    effects:
      - modify: {what: player.score, by: 1}
  leap:
    when: {"a leap is left": "player.leaps > 0"}
    effects:
      - modify: {what: player.score, by: 2}
      - modify: {what: player.leaps, by: -1}
flow:
  phases:
    - name: play
      actions: [step, leap]
      max_actions: 1
end:
  win:
    reached 5: "player.score >= 5"
"""


@pytest.fixture(scope="module")
def race(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """A three-player race without chance or hidden information."""
    path = tmp_path_factory.mktemp("race") / "race.yaml"
    path.write_text(RACE, encoding="utf-8")
    return stratagem.load(str(path))


def _play_all(game: Game, state: State, texts: list[str]) -> State:
    for text in texts:
        state = game.apply(state, game.parse_action(state, text))
    return state


def _ttt(game: Game, moves: list[tuple[int, int]]) -> State:
    state = game.new_state(0)
    for x, y in moves:
        state = game.apply(state, Action("place", None, (("cell", Pos(x, y)),)))
    return state


# ------------------------------------------------------------ budgets
def test_budget_rejects_negative_limits_and_reads_as_text() -> None:
    """A negative limit is a ValueError; an empty budget says so."""
    with pytest.raises(ValueError, match="calls cannot be negative"):
        Budget(calls=-1)
    assert Budget().is_empty and str(Budget()) == "no limit"
    assert str(Budget(seconds=0.5, calls=10)) == "0.5 s, 10 calls"


def test_meter_stops_at_the_first_limit_reached() -> None:
    """A meter is spent once iterations, forward-model calls or seconds reach their limit."""
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(0)
    meter = Budget(iterations=2).start(game)
    assert not meter.spent()
    meter.iterations = 2
    assert meter.spent()
    meter = Budget(calls=3).start(game)
    for _ in range(3):
        assert not meter.spent()
        game.apply(state, state.decision.actions[0])  # type: ignore[union-attr]
    assert meter.spent() and meter.calls == 3
    meter = Budget(seconds=0.01).start(game)
    time.sleep(0.02)
    assert meter.spent()


def test_a_seconds_budget_bounds_the_wall_time_of_mcts() -> None:
    """MCTS given 0.1 s returns within a fraction of a second more."""
    game = stratagem.load("connect_four")
    state = game.new_state(0)
    start = time.perf_counter()
    make_agent("mcts", game).choose(state, state.decision, Budget(seconds=0.1))  # type: ignore[arg-type]
    assert time.perf_counter() - start < 0.6


# ------------------------------------------------------------ values
def test_finished_games_are_valued_win_loss_draw() -> None:
    """A won game is 1 for the winner and -1 for the loser; a drawn one 0 for both."""
    game = stratagem.load("tic_tac_toe")
    won = _ttt(game, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)])
    assert won.outcome is not None
    assert (terminal_value(won, 0), terminal_value(won, 1)) == (1.0, -1.0)
    drawn = _ttt(game, [(0, 0), (1, 1), (2, 2), (0, 1), (2, 1), (2, 0), (0, 2), (1, 2), (1, 0)])
    assert drawn.outcome is not None and drawn.outcome.is_draw
    value = MaterialValue(game)
    assert (value(drawn, 0), value(drawn, 1)) == (0.0, 0.0)
    assert value(won, 1) == -1.0


def test_games_with_nothing_to_count_value_unfinished_states_at_zero() -> None:
    """Tic-tac-toe and connect four declare no costs, health or scores: every unfinished
    state is worth 0 to both players."""
    for name in ("tic_tac_toe", "connect_four"):
        game = stratagem.load(name)
        value = MaterialValue(game)
        assert not value.counts_anything
        state = game.new_state(0)
        state = game.apply(state, state.decision.actions[0])  # type: ignore[union-attr]
        assert value(state, 0) == value(state, 1) == 0.0


def test_material_counts_cost_hints_times_health() -> None:
    """In the duel the fighter (cost 100) outweighs the goblin (cost 50); wounding the goblin
    raises the heroes' value, and the two players' values are opposite and below a win."""
    game = stratagem.load("duel")
    state = game.new_state(0)
    value = MaterialValue(game)
    assert value.material(state) == [100.0, 50.0]
    start = value(state, 0)
    assert start == pytest.approx(0.9 * 50 / 150)
    assert value(state, 1) == pytest.approx(-start)
    hurt = [s for _, s in _attack_outcomes(game, state)
            if s.outcome is None and value.material(s)[1] < 50]
    assert hurt and all(0.9 > value(s, 0) > start for s in hurt)


def _attack_outcomes(game: Game, state: State) -> list[tuple[float, State]]:
    """The outcomes of the first player's first attack, walking up to the goblin if needed."""
    rng = Rng(1)
    for _ in range(200):
        d = state.decision
        assert d is not None
        attacks = [a for a in d.actions if a.type == "attack" and d.player == 0]
        if attacks:
            return game.outcomes(state, attacks[0])
        state = game.apply(state, d.actions[rng.below(len(d.actions))])
    raise AssertionError("no attack found")


def test_score_parameters_count_when_the_game_has_no_score_expression() -> None:
    """Pig's banked `score` parameter is read as its score: the player ahead values higher."""
    game = stratagem.load("pig")
    value = MaterialValue(game)
    assert value.score_params == ("score",)
    state = _play_all(game, game.new_state(3), ["throw"])
    while state.decision is not None and state.decision.player == 0:
        state = _play_all(game, state, ["stop" if "stop" in map(str, state.decision.actions)
                                        else "throw"])
    if state.players[0].params["score"] > 0:
        assert value(state, 0) > 0 > value(state, 1)


def test_weights_are_a_named_table_that_can_switch_a_term_off() -> None:
    """With the material weight at 0, the duel's unfinished states are worth 0."""
    game = stratagem.load("duel")
    value = MaterialValue(game, {"material": 0.0, "score": 1.0})
    assert value(game.new_state(0), 0) == 0.0


# ------------------------------------------------------------ evaluators
def test_rollout_evaluators_play_out_cut_off_or_value_only() -> None:
    """A full rollout ends the game (returns of a finished game); steps=0 is the value
    function alone and makes no forward-model call; a cut-off rollout makes at most its steps."""
    game = stratagem.load("duel")
    state = game.new_state(1)
    returns = Rollout(game).evaluate(state, Rng(2), 1 << 62)
    assert sorted(returns) == [-1.0, 1.0]
    before = game.calls
    assert Rollout(game, steps=0).evaluate(state, Rng(2), 1 << 62) == (
        pytest.approx(0.3), pytest.approx(-0.3))
    assert game.calls == before
    Rollout(game, steps=5).evaluate(state, Rng(2), 1 << 62)
    assert game.calls - before <= 5
    assert repr(Rollout(game, steps=5)) == "random rollout of 5 steps, then value function"


def test_mcts_with_the_value_function_alone_still_finds_the_win() -> None:
    """`mcts:rollout=0` values leaves by the value function and takes tic-tac-toe's open win."""
    game = stratagem.load("tic_tac_toe")
    state = _ttt(game, [(0, 0), (0, 1), (1, 0), (1, 1)])
    choice = make_agent("mcts:rollout=0,iterations=60", game).choose(state, state.decision)  # type: ignore[arg-type]
    assert choice.action == Action("place", None, (("cell", Pos(2, 0)),))


# ------------------------------------------------------------ MCTS tree
def test_mcts_reuses_its_tree_after_the_moves_played_since() -> None:
    """After a decision and the opponent's reply, MCTS starts from the node its tree already
    has for the new state (its rationale counts the visits it kept)."""
    game = stratagem.load("connect_four")
    agent = make_agent("mcts:iterations=300", game, seed=4)
    state = game.new_state(0)
    first = agent.choose(state, state.decision)  # type: ignore[arg-type]
    assert "kept" not in first.rationale
    state = game.apply(state, first.action)
    state = game.apply(state, state.decision.actions[3])  # type: ignore[union-attr]
    second = agent.choose(state, state.decision)  # type: ignore[arg-type]
    assert "kept from the last search" in second.rationale


def test_mcts_starts_afresh_when_the_state_is_not_the_one_its_tree_predicts() -> None:
    """The same moves played in another game (another seed, so another state) do not lead to
    the kept tree's node: its state differs, so MCTS builds a new tree."""
    game = stratagem.load("connect_four")
    agent = make_agent("mcts:iterations=100", game, seed=4)
    state = game.new_state(0)
    agent.choose(state, state.decision)  # type: ignore[arg-type]
    same = _play_all(game, state, ["drop column=6", "drop column=6"])
    other = _play_all(game, game.new_state(1), ["drop column=6", "drop column=6"])
    assert "kept" not in agent.choose(other, other.decision).rationale  # type: ignore[arg-type]
    agent.choose(state, state.decision)  # type: ignore[arg-type]
    assert "kept" in agent.choose(same, same.decision).rationale  # type: ignore[arg-type]


def test_progressive_widening_limits_the_children_of_a_node() -> None:
    """With widening, a node with n visits has at most ceil(k * (n + 1) ** 0.5) children;
    without, every option is tried."""
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(0)
    narrow = MCTSAgent(game, seed=1, widening=0.5, widen_k=1.0)
    narrow.choose(state, state.decision, Budget(iterations=15))  # type: ignore[arg-type]
    assert narrow._tree is not None and len(narrow._tree.children) <= 4
    wide = MCTSAgent(game, seed=1, widening=0.0)
    wide.choose(state, state.decision, Budget(iterations=15))  # type: ignore[arg-type]
    assert wide._tree is not None and len(wide._tree.children) == 9


def test_mcts_in_explicit_chance_mode_samples_chance_decisions() -> None:
    """In the duel with explicit chance, MCTS searches through chance decisions and returns
    a legal action."""
    game = stratagem.load("duel")
    state = game.new_state(2, explicit_chance=True)
    while state.decision is not None and state.decision.kind == "chance":
        state = game.apply(state, state.decision.actions[0])
    d = state.decision
    assert d is not None
    choice = make_agent("mcts:calls=600", game).choose(state, d)
    assert choice.action in d.actions


# ------------------------------------------------------------ more players
@pytest.mark.parametrize("code", ["osla", "greedy-turn", "expectimax", "mcts:iterations=200"])
def test_three_players_each_agent_takes_the_winning_leap(race: Game, code: str) -> None:
    """In a three-player race with everyone on 3, the runner to move leaps to 5 and wins."""
    state = _play_all(race, race.new_state(0), ["step"] * 9)
    assert [p.params["score"] for p in state.players] == [3, 3, 3]
    choice = make_agent(code, race, seed=2).choose(state, state.decision)  # type: ignore[arg-type]
    assert choice.action == Action("leap")


def test_expectimax_uses_one_value_per_player_with_three(race: Game) -> None:
    """With three players expectimax searches max-n (no pruning) and explains its line."""
    agent = ExpectimaxAgent(race, seed=1)
    assert not agent.prune
    state = _play_all(race, race.new_state(0), ["step"] * 3)
    choice = agent.choose(state, state.decision, Budget(calls=3_000))  # type: ignore[arg-type]
    assert "for ann" in choice.rationale and "expected line" in choice.rationale


def test_mcts_keeps_returns_per_player(race: Game) -> None:
    """MCTS's root children record the mean return of the player who moves there."""
    state = _play_all(race, race.new_state(0), ["step"] * 9)
    agent = MCTSAgent(race, seed=1)
    agent.choose(state, state.decision, Budget(iterations=100))  # type: ignore[arg-type]
    tree = agent._tree
    assert tree is not None
    leap = next(c for c in tree.children if c.action == Action("leap"))
    assert leap.w / leap.n == 1.0


# ------------------------------------------------------------ roster
def test_roster_codes_set_keyword_arguments() -> None:
    """`mcts:iterations=2000,c=1.4` builds MCTS with those settings; integers become floats
    where the default is a float, and true/false are booleans."""
    game = stratagem.load("tic_tac_toe")
    agent = make_agent("mcts:iterations=2000,c=2,reuse=false", game)
    assert isinstance(agent, MCTSAgent)
    assert agent.budget == Budget(iterations=2000)
    assert agent.c == 2.0 and isinstance(agent.c, float) and agent.reuse is False


def test_a_seconds_budget_from_a_code_is_a_float() -> None:
    agent = make_agent("mcts:seconds=2", stratagem.load("tic_tac_toe"))
    assert agent.budget == Budget(seconds=2.0) and isinstance(agent.budget.seconds, float)


@pytest.mark.parametrize(("text", "codes"), [
    ("random,random", ["random", "random"]),
    ("mcts:iterations=50,c=2,random", ["mcts:iterations=50,c=2", "random"]),
    (" human , program:goblins ,mcts:c=1, reuse=false", ["human", "program:goblins",
                                                          "mcts:c=1,reuse=false"]),
    ("random,,osla,", ["random", "osla"]),
    ("random,c=2", ["random", "c=2"]),  # no code to attach to: refused later as unknown
])
def test_agent_lists_keep_the_commas_inside_codes(text: str, codes: list[str]) -> None:
    assert split_agent_codes(text) == codes


def test_unknown_agent_arguments_are_refused_with_the_known_ones() -> None:
    """An argument the agent does not take is an AgentSpecError listing the ones it does."""
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(AgentSpecError) as exc:
        make_agent("mcts:iterations=10,temperature=3", game)
    message = str(exc.value)
    assert message.startswith("agent 'mcts:iterations=10,temperature=3': mcts has no "
                              "argument 'temperature' (its arguments: ")
    assert "c, calls," in message and "widening" in message


@pytest.mark.parametrize(("code", "needle"), [
    ("mcts:c=high", "c must be a number, got 'high'"),
    ("mcts:reuse=2", "reuse must be true or false"),
    ("expectimax:depth=2.5", "depth must be an integer, got 2.5"),
    ("expectimax:depth=0", "depth must be at least 1"),
    ("osla:samples=0", "samples must be at least 1"),
    ("mcts:c=-1", "c, the exploration constant, must be >= 0"),
    ("mcts:rollout=-5", "rollout is a number of steps, or -1"),
    ("greedy-turn:max_plan=0", "max_plan must be at least 1"),
    ("mcts:iterations=abc", "iterations must be a whole number above 0, got 'abc'"),
    ("mcts:iterations=1.5", "iterations must be a whole number above 0, got 1.5"),
    ("mcts:calls=0", "calls must be a whole number above 0, got 0"),
    ("skilled:seconds=-1", "seconds must be a number above 0, got -1"),
    ("mcts:seconds=soon", "seconds must be a number above 0, got 'soon'"),
    ("mcts:budget=abc", "mcts has no argument 'budget'"),
    ("mcts:evaluator=x", "evaluator is an object passed from Python"),
    ("mcts:value=abc", "value is an object passed from Python"),
    ("osla:value=3", "value is an object passed from Python"),
    ("expectimax:value=abc", "value is an object passed from Python"),
    ("greedy-turn:value=x", "value is an object passed from Python"),
    ("human:stdin=x", "stdin is an object passed from Python"),
    ("program:program=x", "program is an object passed from Python"),
])
def test_bad_argument_values_are_agent_spec_errors(code: str, needle: str) -> None:
    """A value of the wrong kind, or out of range, is one AgentSpecError naming the argument."""
    with pytest.raises(AgentSpecError, match=needle):
        make_agent(code, stratagem.load("tic_tac_toe"))


def _settable(code: str) -> dict[str, object]:
    """The arguments of ``code`` a code's text can set that have a default to write out."""
    spec = ROSTER[code]
    return {k: v for k, v in spec.arguments.items() if v is not None and k != spec.positional}


@pytest.mark.parametrize("code", [c for c in sorted(ROSTER) if _settable(c)])
def test_every_argument_a_code_can_set_takes_its_default_written_out(code: str) -> None:
    """For every agent, each argument the roster lists, written as text with its default
    value, builds the agent: what the roster offers in a code, a code can say."""
    game = stratagem.load("tic_tac_toe")
    for name, default in _settable(code).items():
        text = code_text(default)
        agent = make_agent(f"{code}:{name}={text}", game)
        assert agent.code == code, f"{code}:{name}={text}"


def test_every_search_agent_is_registered_with_a_description() -> None:
    """The roster lists random, osla, greedy-turn, expectimax and mcts, each with one line."""
    assert set(ROSTER) >= {"random", "osla", "greedy-turn", "expectimax", "mcts"}
    for spec in ROSTER.values():
        assert spec.description and "\n" not in spec.description
    assert {"c", "iterations", "calls", "seconds", "rollout", "widening"} <= set(
        ROSTER["mcts"].arguments)


def test_the_cli_lists_the_search_agents(capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem agents` prints every registered code with its description."""
    try:
        main(["agents"])
    except SystemExit as exc:
        assert not exc.code
    out = capsys.readouterr().out
    for code in ("osla", "greedy-turn", "expectimax", "mcts"):
        assert any(line.startswith(code + " ") for line in out.splitlines()), code


def test_the_cli_refuses_an_agent_that_cannot_play_the_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem play high_card --agents expectimax,random` ends in one error line."""
    with pytest.raises(SystemExit) as exc:
        main(["play", "high_card", "--agents", "expectimax,random"])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "expectimax cannot play high_card: it has hidden information" in err[0]


def test_agent_files_are_found_in_the_package() -> None:
    """The search agents live in modules named after what they do."""
    here = Path(stratagem.__file__).parent / "agents"
    for name in ("base", "value", "evaluate", "lookahead", "expectimax", "mcts", "roster"):
        assert (here / f"{name}.py").is_file(), name


def test_mcts_solver_proves_a_won_position_and_stops_searching() -> None:
    """With x to complete a row, the solver proves the winning move: the rationale says so, and
    the search stops once the root's value is known, well inside its iteration budget; without
    the solver the search runs its whole budget."""
    game = stratagem.load("tic_tac_toe")
    state = _ttt(game, [(0, 0), (0, 1), (1, 0), (1, 1)])
    choice = make_agent("mcts:iterations=5000", game, seed=3).choose(state, state.decision)  # type: ignore[arg-type]
    assert choice.action == Action("place", None, (("cell", Pos(2, 0)),))
    assert "proven +1.00" in choice.private  # the search's figures, on request
    looked = re.search(r"over (\d+) look-aheads", choice.rationale)
    assert looked is not None and int(looked.group(1)) < 5000
    plain = make_agent("mcts:iterations=300,solve=false", game, seed=3)
    text = plain.choose(state, state.decision).rationale  # type: ignore[arg-type]
    assert "over 300 look-aheads" in text


def test_every_roster_agent_takes_the_common_keywords() -> None:
    """`stratagem.agent(code, game, budget=...)` works for every code in the roster, and so do
    `seconds`, `iterations` and `calls` (which build the agent's default budget)."""
    pig = stratagem.load("pig")
    for code in ROSTER:
        game = pig
        if code == "python":  # an agent class by import path: one of ours will do
            code = "python:stratagem.agents.RandomAgent"
        elif ROSTER[code].positional:  # a program needs its file, and plays its own game
            game, code = stratagem.load("skirmish"), f"{code}:goblins"
        agent = stratagem.agent(code, game, budget=Budget(calls=50))
        assert agent.budget == Budget(calls=50), code
        assert make_agent(code, game, seconds=2.0, calls=7).budget == Budget(2.0, None, 7), code
        factory = type(agent) if code.startswith("python:") else ROSTER[code.partition(":")[0]].factory
        assert {"budget", "seconds", "iterations", "calls"} <= set(
            inspect.signature(factory).parameters), code


def test_osla_out_of_budget_after_one_option_says_so_not_that_options_tied() -> None:
    """With the budget for one option only, osla takes the one it valued: its reason says
    so ("1 of 9 valued"), never "all 1 options look alike … picked one at random"."""
    game = stratagem.load("tic_tac_toe")
    state = game.new_state(1)
    assert state.decision is not None
    choice = make_agent("osla:calls=1", game, seed=1).choose(state, state.decision)
    assert "the only option it had the budget to value" in choice.rationale
    assert "(1 of 9 valued)" in choice.rationale
    assert "look alike" not in choice.rationale and "at random" not in choice.rationale
