"""The classic games written as rules files agree with other implementations, move by move.

- tic-tac-toe from ``games/tic_tac_toe/rules.yaml`` against the same game defined in
  Python (``stratagem.games.python.tic_tac_toe``);
- tic-tac-toe, connect four and pig against OpenSpiel's ``tic_tac_toe``,
  ``connect_four`` and ``pig`` (skipped without pyspiel): the same legal moves, the
  same player to move (chance included), the same end and the same returns after
  every move.

Action ids map as OpenSpiel numbers them: tic-tac-toe ``row * 3 + column`` for our
cell ``(column,row)``; connect four, the column; pig, 0 for ``throw`` and 1 for
``stop``. Pig is played in explicit chance mode, where each throw of the die is a
chance decision ``roll value=N``: OpenSpiel's chance outcome ``N - 1``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import stratagem
from stratagem.engine import CHANCE, Action, Game, Rng, State
from stratagem.games import rules_path
from stratagem.games.python import tic_tac_toe as python_tic_tac_toe

RANDOM_GAMES = 300
"""Random games per comparison; each is a few milliseconds."""

# Whole games, as OpenSpiel action ids, that end in particular ways.
TTT_SCRIPTED: dict[str, list[int]] = {
    "x wins on a row": [0, 3, 1, 4, 2],
    "o wins on a column": [0, 1, 3, 4, 8, 7],
    "x wins on the anti-diagonal": [2, 0, 4, 1, 6],
    "x wins by filling the last cell": [7, 6, 5, 3, 4, 8, 0, 2, 1],
    "a draw on a full board": [2, 4, 0, 6, 3, 8, 5, 1, 7],
}
C4_SCRIPTED: dict[str, list[int]] = {
    "x wins on the bottom row": [0, 0, 1, 1, 2, 2, 3],
    "o wins up a column": [0, 1, 2, 1, 3, 1, 6, 1],
    "x wins on a rising diagonal": [0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3],
    "x wins on a falling diagonal": [6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3],
    "one column filled, then played around": [3, 3, 3, 3, 3, 3, 0, 1, 0, 1, 0, 1, 0],
    "a draw on a full board": [4, 3, 6, 0, 1, 4, 5, 5, 1, 1, 5, 0, 1, 6, 0, 1, 5, 5, 1, 0, 4,
                               6, 3, 2, 6, 6, 0, 4, 6, 5, 2, 0, 4, 2, 4, 2, 2, 2, 3, 3, 3, 3],
    "o wins by filling the last cell": [5, 6, 6, 2, 1, 4, 4, 3, 2, 0, 2, 2, 6, 1, 0, 0, 2, 4, 3,
                                        4, 0, 5, 1, 5, 2, 3, 3, 4, 5, 0, 1, 6, 5, 3, 6, 5, 6, 1,
                                        3, 1, 4, 0],
}

PIG_ROLL, PIG_STOP = 0, 1
"""OpenSpiel's pig actions; at a chance node, outcome k is the die showing k + 1."""
PIG_SCRIPTED: dict[str, tuple[list[int], tuple[float, float]]] = {
    # Each script is an OpenSpiel history (player actions and chance outcomes alike)
    # that plays a whole game, with the returns it ends on.
    "first throws exactly 100 in one turn, must stop, and wins":
        ([0, 5] * 16 + [0, 3, 1], (1.0, -1.0)),
    "a 1 loses 96 points; second then throws 102 and wins":
        ([0, 5] * 16 + [0, 0] + [0, 5] * 17 + [1], (-1.0, 1.0)),
    "points bank over turns, stopping with nothing passes, a 1 at 99 loses the 3":
        ([0, 5, 0, 5, 1, 1] * 8 + [0, 2, 0, 0] + [0, 5, 1] + [0, 5, 1], (1.0, -1.0)),
    "1000 stops: a draw at the horizon":
        ([1] * 1000, (0.0, 0.0)),
    "the 1000th move is a throw: the game ends before the die is cast":
        ([1] * 999 + [0], (0.0, 0.0)),
    "a 1 on the 999th move, then the last stop":
        ([1] * 998 + [0, 0, 1], (0.0, 0.0)),
    "a stop that reaches 100 on the 1000th move wins":
        ([1] * 982 + [0, 5] * 17 + [1], (1.0, -1.0)),
}


def ttt_text(action_id: int) -> str:
    """Our action text for an OpenSpiel tic-tac-toe action id."""
    return f"place cell=({action_id % 3},{action_id // 3})"


def c4_text(action_id: int) -> str:
    """Our action text for an OpenSpiel connect four action id."""
    return f"drop column={action_id}"


def pig_text(action_id: int) -> str:
    """Our action text for an OpenSpiel pig action id (0 roll, 1 stop)."""
    return "throw" if action_id == PIG_ROLL else "stop"


def pig_roll_text(outcome: int) -> str:
    """Our chance option for OpenSpiel's pig chance outcome (the die showing outcome + 1)."""
    return f"roll value={outcome + 1}"


def pig_scores(state: State) -> str:
    """Our pig state in the words of OpenSpiel's ``str(state)``: scores, turn total, turn."""
    scores = " ".join(str(p.params["score"]) for p in state.players)
    total = sum(p.params["turn_total"] for p in state.players)
    assert state.decision is not None
    d = state.decision
    mover = d.player if d.kind != "chance" else state.history[-1].player
    rolling = " (rolling)" if d.kind == "chance" else ""
    return f"Scores: {scores}, Turn total: {total}\nCurrent player: {mover}{rolling}\n"


def texts(game: Game, state: State) -> list[str]:
    """The legal actions of a state, as text, in the order the game lists them."""
    return [str(a) for a in game.legal_actions(state)]


# --------------------------------------------------- YAML against Python (Stratagem)
def test_yaml_tic_tac_toe_is_the_bundled_one() -> None:
    """`stratagem.load("tic_tac_toe")` is the game compiled from the rules file."""
    game = stratagem.load("tic_tac_toe")
    assert rules_path("tic_tac_toe") is not None
    assert game.name == "tic_tac_toe" and game.players == ("x", "o")


def test_yaml_and_python_tic_tac_toe_agree_on_random_games() -> None:
    """Over many random games, both forms list the same action texts at every step and end alike."""
    yaml_game = stratagem.load("tic_tac_toe")
    py_game = python_tic_tac_toe.build()
    rng = Rng(2026)
    endings: Counter[str] = Counter()
    for seed in range(RANDOM_GAMES):
        ours, theirs = yaml_game.new_state(seed=seed), py_game.new_state(seed=seed)
        while True:
            assert texts(yaml_game, ours) == texts(py_game, theirs)
            assert yaml_game.render(ours) == py_game.render(theirs)
            if ours.decision is None:
                break
            assert theirs.decision is not None
            assert ours.decision.player == theirs.decision.player
            actions = yaml_game.legal_actions(ours)
            action = actions[rng.below(len(actions))]
            ours = yaml_game.apply(ours, action)
            theirs = py_game.apply(theirs, py_game.parse_action(theirs, str(action)))
        assert ours.outcome == theirs.outcome
        assert ours.outcome is not None
        endings[ours.outcome.reason if ours.outcome.winners else "draw"] += 1
    assert endings["three in a row"] > 0 and endings["draw"] > 0, endings


def test_yaml_and_python_tic_tac_toe_agree_on_scripted_games() -> None:
    """Wins on rows, columns, diagonals and the last cell, and a draw, end identically in both forms."""
    yaml_game = stratagem.load("tic_tac_toe")
    py_game = python_tic_tac_toe.build()
    for name, ids in TTT_SCRIPTED.items():
        ours, theirs = yaml_game.new_state(), py_game.new_state()
        for action_id in ids:
            assert texts(yaml_game, ours) == texts(py_game, theirs), name
            ours = yaml_game.apply(ours, yaml_game.parse_action(ours, ttt_text(action_id)))
            theirs = py_game.apply(theirs, py_game.parse_action(theirs, ttt_text(action_id)))
        assert ours.outcome is not None and ours.outcome == theirs.outcome, name


# ------------------------------------------------------------ against OpenSpiel
def _pyspiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel


def lockstep(game: Game, os_game: Any, to_text: Callable[[int], str],
             choose: Callable[[list[int]], int], script: Sequence[int] = (), *,
             chance_text: Callable[[int], str] | None = None,
             same_state: Callable[[State], str] | None = None) -> State:
    """Play one game on both sides: ``script`` first, then ``choose``; check every step.

    With ``chance_text`` (OpenSpiel's chance outcome as our chance option) our game
    runs in explicit chance mode, and chance nodes are steps like any other: the
    same outcomes with the same probabilities. ``same_state`` renders our state as
    OpenSpiel's ``str(state)``, compared before every move.
    """
    ours = game.new_state(seed=0, explicit_chance=chance_text is not None)
    theirs = os_game.new_initial_state()
    step = 0
    while True:
        assert (ours.decision is None) == theirs.is_terminal(), (step, str(theirs))
        if ours.decision is None:
            break
        if same_state is not None:
            assert same_state(ours) == str(theirs), step
        ids = theirs.legal_actions()
        chance = theirs.is_chance_node()
        as_text = chance_text if chance and chance_text is not None else to_text
        assert sorted(texts(game, ours)) == sorted(as_text(a) for a in ids), (step, str(theirs))
        assert ours.decision.player == theirs.current_player(), step
        assert (ours.decision.kind == "chance") == chance, step
        if chance:
            assert ours.decision.player == CHANCE
            probability = dict(zip(texts(game, ours), ours.decision.probabilities, strict=True))
            assert {as_text(a): p for a, p in theirs.chance_outcomes()} == pytest.approx(
                probability), step
        action_id = script[step] if step < len(script) else choose(ids)
        ours = game.apply(ours, game.parse_action(ours, as_text(action_id)))
        theirs.apply_action(action_id)
        step += 1
    assert ours.outcome is not None
    assert step == len(theirs.history()) == len(ours.history)
    assert list(ours.outcome.returns) == pytest.approx(theirs.returns()), str(theirs)
    return ours


@pytest.mark.parametrize(("name", "to_text", "games"), [
    ("tic_tac_toe", ttt_text, RANDOM_GAMES),
    ("connect_four", c4_text, RANDOM_GAMES),
])
def test_random_games_agree_with_openspiel(name: str, to_text: Callable[[int], str],
                                           games: int) -> None:
    """Over many random games, our game and OpenSpiel's offer the same moves and end with the same returns."""
    pyspiel = _pyspiel()
    game = stratagem.load(name)
    os_game = pyspiel.load_game(name)
    rng = Rng(11)
    results: Counter[tuple[float, ...]] = Counter()
    for _ in range(games):
        final = lockstep(game, os_game, to_text, lambda ids: ids[rng.below(len(ids))])
        assert final.outcome is not None
        results[final.outcome.returns] += 1
    assert results[(1.0, -1.0)] > 0 and results[(-1.0, 1.0)] > 0, results


def test_column_heavy_games_agree_with_openspiel() -> None:
    """Games that favour a few columns, so that columns fill up early, agree with OpenSpiel's connect four."""
    pyspiel = _pyspiel()
    game = stratagem.load("connect_four")
    os_game = pyspiel.load_game("connect_four")
    rng = Rng(5)
    for k in range(100):
        favourite = (k % 7, (k * 3 + 1) % 7)

        def choose(ids: list[int], favourite: tuple[int, int] = favourite) -> int:
            liked = [a for a in ids if a in favourite]
            pool = liked if liked and rng.below(4) else ids
            return pool[rng.below(len(pool))]

        lockstep(game, os_game, c4_text, choose)


def _scripted_cases() -> list[Any]:
    return [pytest.param(name, label, ids, id=f"{name}: {label}")
            for name, scripts in (("tic_tac_toe", TTT_SCRIPTED), ("connect_four", C4_SCRIPTED))
            for label, ids in scripts.items()]


@pytest.mark.parametrize(("name", "label", "ids"), _scripted_cases())
def test_scripted_games_agree_with_openspiel(name: str, label: str, ids: list[int]) -> None:
    """A hand-picked game (each kind of line, full columns, a draw, a win on the last cell) ends as in OpenSpiel."""
    pyspiel = _pyspiel()
    game = stratagem.load(name)
    to_text = ttt_text if name == "tic_tac_toe" else c4_text
    rng = Rng(0)
    final = lockstep(game, pyspiel.load_game(name), to_text,
                     lambda ids: ids[rng.below(len(ids))], ids)
    assert final.outcome is not None
    assert len(final.history) == len(ids)  # the script itself ends the game
    assert final.outcome.is_draw == ("draw" in label)


@pytest.mark.parametrize("build", [lambda: stratagem.load("tic_tac_toe"), python_tic_tac_toe.build],
                         ids=["yaml", "python"])
def test_last_cell_can_complete_a_line(build: Callable[[], Game]) -> None:
    """In both forms of tic-tac-toe, x filling the last cell with three in a column wins, not draws."""
    game = build()
    state = game.new_state()
    for action_id in TTT_SCRIPTED["x wins by filling the last cell"]:
        state = game.apply(state, game.parse_action(state, ttt_text(action_id)))
    assert game.render(state).splitlines() == ["x x o", "o x x", "o x o"]
    assert state.outcome is not None
    assert state.outcome.winners == (0,), state.outcome


def test_action_ids_map_onto_our_cells() -> None:
    """OpenSpiel's tic-tac-toe id row*3+column and connect four column name the cells our actions fill."""
    ttt = stratagem.load("tic_tac_toe")
    state = ttt.apply(ttt.new_state(), ttt.parse_action(ttt.new_state(), ttt_text(5)))
    assert ttt.render(state).splitlines()[1] == ". . x"  # id 5: row 1, column 2
    c4 = stratagem.load("connect_four")
    state = c4.new_state()
    for action_id in (2, 2, 6):
        state = c4.apply(state, c4.parse_action(state, c4_text(action_id)))
    rows = c4.render(state).splitlines()
    assert rows[-1] == ". . x . . . x" and rows[-2] == ". . o . . . ."  # pieces fall to the bottom


def test_full_column_is_not_offered() -> None:
    """Once a column holds six pieces, connect four no longer offers it and refuses it as not a possible column."""
    game = stratagem.load("connect_four")
    state = game.new_state()
    for _ in range(6):
        state = game.apply(state, game.parse_action(state, c4_text(3)))
    assert c4_text(3) not in texts(game, state)
    assert len(game.legal_actions(state)) == 6
    illegal = Action("drop", None, (("column", 3),))
    assert not game.is_legal(state, illegal)
    assert "column=3 is not a possible number" in (game.why_illegal(state, illegal) or "")


# --------------------------------------------------------------------------- pig
PIG_RANDOM_GAMES = 150
"""Random pig games against OpenSpiel; a uniform random one is about 180 steps, chance included."""


def pig_lockstep(os_game: Any, choose: Callable[[list[int]], int],
                 script: Sequence[int] = ()) -> State:
    """One pig game on both sides, with the die surfaced as chance decisions on ours."""
    return lockstep(stratagem.load("pig"), os_game, pig_text, choose, script,
                    chance_text=pig_roll_text, same_state=pig_scores)


def play_pig_script(ids: Sequence[int]) -> State:
    """Our pig, in explicit chance mode, after an OpenSpiel history (actions and outcomes)."""
    game = stratagem.load("pig")
    state = game.new_state(seed=0, explicit_chance=True)
    for action_id in ids:
        assert state.decision is not None
        chance = state.decision.kind == "chance"
        text = pig_roll_text(action_id) if chance else pig_text(action_id)
        state = game.apply(state, game.parse_action(state, text))
    return state


def test_pig_is_played_with_openspiels_default_parameters() -> None:
    """OpenSpiel's pig by default: 2 players, a 6-sided die, 100 points to win, 1000 moves."""
    pyspiel = _pyspiel()
    os_game = pyspiel.load_game("pig")
    assert os_game.get_parameters() == {"diceoutcomes": 6, "horizon": 1000, "piglet": False,
                                        "players": 2, "winscore": 100}
    game = stratagem.load("pig")
    assert len(game.players) == os_game.num_players() == 2
    assert game.info.chance and not game.info.hidden
    state = os_game.new_initial_state()
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == ["roll", "stop"]
    assert texts(game, game.new_state()) == ["throw", "stop"]


@pytest.mark.parametrize(("label", "ids", "returns"),
                         [pytest.param(label, ids, returns, id=label)
                          for label, (ids, returns) in PIG_SCRIPTED.items()])
def test_pig_scripts_end_as_planned(label: str, ids: list[int],
                                    returns: tuple[float, float]) -> None:
    """Without OpenSpiel: each scripted pig game ends on its last move, with the planned returns."""
    state = play_pig_script(ids)
    assert state.outcome is not None, label
    assert state.outcome.returns == returns
    assert len(state.history) == len(ids)


def test_pig_offers_only_stop_from_100_and_a_1_ends_the_turn() -> None:
    """At 100 or more (banked plus this turn) only stop is offered; a 1 empties the turn total."""
    game = stratagem.load("pig")
    at_96 = play_pig_script([0, 5] * 16)
    assert texts(game, at_96) == ["throw", "stop"]
    assert at_96.players[0].params["turn_total"] == 96
    at_100 = play_pig_script([0, 5] * 16 + [0, 3])
    assert texts(game, at_100) == ["stop"]
    refused = game.why_illegal(at_100, game.parse_action(at_96, "throw"))
    assert refused is not None and "the turn total has not reached 100" in refused
    lost = play_pig_script([0, 5] * 16 + [0, 0])
    assert lost.decision is not None and lost.decision.player == 1
    assert [p.params["turn_total"] for p in lost.players] == [0, 0]
    assert [p.params["score"] for p in lost.players] == [0, 0]


def test_pig_throw_at_the_horizon_rolls_no_die() -> None:
    """In sampled mode too, a throw as the 1000th move ends the game in a draw with no roll."""
    game = stratagem.load("pig")
    state = game.new_state(seed=3)
    stop, throw = game.parse_action(state, "stop"), game.parse_action(state, "throw")
    for _ in range(999):
        state = game.apply(state, stop)
    state = game.apply(state, throw)
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.reason == "1000 moves made"
    assert state.history[-1].rolls == ()


@pytest.mark.parametrize(("label", "ids", "returns"),
                         [pytest.param(label, ids, returns, id=label)
                          for label, (ids, returns) in PIG_SCRIPTED.items()])
def test_scripted_pig_games_agree_with_openspiel(label: str, ids: list[int],
                                                 returns: tuple[float, float]) -> None:
    """Exactly 100, a lost turn, banking, the horizon (with a throw or a winning stop last) as in OpenSpiel."""
    pyspiel = _pyspiel()
    final = pig_lockstep(pyspiel.load_game("pig"), lambda ids: ids[0], ids)
    assert final.outcome is not None, label
    assert final.outcome.returns == returns
    assert len(final.history) == len(ids)  # the script itself ends the game


def test_random_pig_games_agree_with_openspiel() -> None:
    """Uniform random pig games (die and moves alike) agree with OpenSpiel's pig at every step."""
    pyspiel = _pyspiel()
    os_game = pyspiel.load_game("pig")
    rng = Rng(17)  # the die is uniform, so a uniform pick is a fair throw
    results: Counter[tuple[float, ...]] = Counter()
    for _ in range(PIG_RANDOM_GAMES):
        final = pig_lockstep(os_game, lambda ids: ids[rng.below(len(ids))])
        assert final.outcome is not None
        results[final.outcome.returns] += 1
    assert results[(1.0, -1.0)] > 0 and results[(-1.0, 1.0)] > 0, results


def test_cautious_pig_games_reach_the_horizon_like_openspiel() -> None:
    """Players who nearly always stop play on to the 1000-move horizon: draws and late wins agree."""
    pyspiel = _pyspiel()
    os_game = pyspiel.load_game("pig")
    rng = Rng(23)

    def choose(ids: list[int]) -> int:
        if len(ids) > 2:  # a chance node: a fair die
            return ids[rng.below(len(ids))]
        return PIG_ROLL if PIG_ROLL in ids and rng.below(100) < 6 else PIG_STOP

    results: Counter[tuple[float, ...]] = Counter()
    for _ in range(12):
        final = pig_lockstep(os_game, choose)
        assert final.outcome is not None
        results[final.outcome.returns] += 1
    assert results[(0.0, 0.0)] > 0 and results[(0.0, 0.0)] < 12, results
