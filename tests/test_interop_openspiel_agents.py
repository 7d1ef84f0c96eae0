"""OpenSpiel games played by Stratagem's agents, and Stratagem's agents as OpenSpiel bots."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import stratagem  # noqa: E402
from stratagem.agents import Budget  # noqa: E402
from stratagem.engine import CHANCE, IllegalActionError, SerializationError  # noqa: E402
from stratagem.interop import openspiel_game  # noqa: E402
from stratagem.interop.openspiel_agents import (  # noqa: E402
    SpielGame,
    StratagemBot,
    spiel_state,
)


def test_an_openspiel_game_is_a_stratagem_game() -> None:
    """OpenSpiel's tic-tac-toe has nine ``play id=N`` options at the start, and a move there is
    OpenSpiel's move with that id."""
    game = SpielGame(pyspiel.load_game("tic_tac_toe"))
    state = game.new_state()
    assert game.info.players == 2 and not game.info.chance and not game.info.hidden
    assert [str(a) for a in game.legal_actions(state)] == [f"play id={i}" for i in range(9)]
    after = game.apply(state, game.legal_actions(state)[4])
    assert after.spiel.history() == [4]
    assert state.spiel.history() == []  # apply never changes its input
    assert game.describe_action(state, 0, game.legal_actions(state)[4]) == "x(1,1)"
    with pytest.raises(IllegalActionError):
        game.apply(after, game.legal_actions(state)[4])


def test_chance_nodes_are_weighted_chance_decisions() -> None:
    """Pig's die is a chance decision of six equally weighted ``roll`` options."""
    game = SpielGame(pyspiel.load_game("pig"))
    state = game.apply(game.new_state(), game.legal_actions(game.new_state())[0])
    d = state.decision
    assert d is not None and d.kind == "chance" and d.player == CHANCE
    assert len(d.actions) == 6 and len(set(d.weights or ())) == 1
    assert d.probabilities == pytest.approx([1 / 6] * 6)


@pytest.mark.parametrize(("name", "code"), [("tic_tac_toe", "mcts:iterations=60"),
                                            ("connect_four", "mcts:iterations=30"),
                                            ("pig", "mcts:iterations=8,rollout=4"),
                                            ("kuhn_poker", "mcts:iterations=30"),
                                            ("leduc_poker", "osla"),
                                            ("pig", "expectimax:depth=1")])
def test_stratagem_agents_play_openspiel_games_in_the_arena(name: str, code: str) -> None:
    """``stratagem.play`` runs our agents on an OpenSpiel game to its end; the outcome ranks
    the players by OpenSpiel's returns, and the state serializes and reads back equal."""
    game = SpielGame(pyspiel.load_game(name))
    result = stratagem.play(game, [code, "random"], seed=3)
    returns = result.state.spiel.returns()
    assert list(result.outcome.scores) == returns
    best = max(returns)
    assert all((r == best) == (result.outcome.ranks[p] == 1) for p, r in enumerate(returns))
    assert game.deserialize(game.serialize(result.state)) == result.state


def test_mcts_beats_random_on_openspiel_tic_tac_toe() -> None:
    """Stratagem's MCTS, playing OpenSpiel's tic-tac-toe through the bridge, never loses to the
    random agent over four games with seats alternating."""
    game = SpielGame(pyspiel.load_game("tic_tac_toe"))
    for seed in range(4):
        seats = ["mcts:iterations=200", "random"]
        me = seed % 2
        if me:
            seats.reverse()
        outcome = stratagem.play(game, seats, seed=seed).outcome
        assert outcome.ranks[me] == 1, (seed, outcome)


def test_hidden_information_uses_openspiel_resampling() -> None:
    """In Kuhn poker a view withholds the opponent's options and the dealt cards from the log;
    determinizing it keeps the viewer's own card and the moves made."""
    game = SpielGame(pyspiel.load_game("kuhn_poker"))
    state = game.new_state()
    while state.decision is not None and state.decision.kind == "chance":
        state = game.apply(state, state.decision.actions[0])
    view = game.view(state, 1)
    assert view.viewer == 1 and view.decision is not None and view.decision.actions == ()
    assert all(r.action.targets[0][1] is None for r in view.history if r.player == CHANCE)
    full = game.determinize(view, 4)
    assert full.viewer is None and full.decision == state.decision
    assert full.spiel.information_state_string(1) == state.spiel.information_state_string(1)


def test_serialized_text_is_checked() -> None:
    """A malformed or foreign state text is one ``SerializationError``."""
    game = SpielGame(pyspiel.load_game("tic_tac_toe"))
    with pytest.raises(SerializationError):
        game.deserialize('{"game": "chess", "moves": []}')
    with pytest.raises(SerializationError):
        game.deserialize('{"game": "tic_tac_toe", "moves": [[0, 99]]}')


def test_simultaneous_games_are_refused() -> None:
    """A simultaneous-move OpenSpiel game is refused with a plain ``ValueError``."""
    with pytest.raises(ValueError, match="sequential"):
        SpielGame(pyspiel.load_game("matrix_rps"))


def test_stratagem_mcts_meets_openspiel_mcts_on_openspiel_connect_four() -> None:
    """Under OpenSpiel's ``evaluate_bots``, Stratagem's MCTS (a ``StratagemBot``) and OpenSpiel's
    ``MCTSBot`` play a whole game of OpenSpiel's connect four, and it ends zero-sum."""
    game = pyspiel.load_game("connect_four")
    rng = np.random.RandomState(2)
    theirs = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    ours = StratagemBot(game, "mcts", 0, seed=1, budget=Budget(iterations=20))
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [ours, theirs], rng)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert "look-aheads" in ours.last or ours.last == "the only option"


def test_bots_play_bridged_stratagem_games_on_the_native_state() -> None:
    """On a bridged Stratagem game the bot decides on the Stratagem state inside, and its id is
    the index of the agent's action among the options."""
    game = openspiel_game.load_game("pig")
    bots = [StratagemBot(game, "osla", p, seed=p) for p in range(2)]
    rng = np.random.RandomState(0)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, 1.0]
    state = game.new_initial_state()
    assert bots[0].step(state) in state.legal_actions()
    with pytest.raises(ValueError, match="player 1"):
        bots[1].step(state)


def test_spiel_state_rebuilds_the_log() -> None:
    """A bare OpenSpiel state maps to the Stratagem state with the same moves in its log."""
    game = SpielGame(pyspiel.load_game("tic_tac_toe"))
    spiel = game.spiel_game.new_initial_state()
    for a in (4, 0, 8):
        spiel.apply_action(a)
    state = spiel_state(game, spiel)
    assert [str(r.action) for r in state.history] == ["play id=4", "play id=0", "play id=8"]
    assert [r.player for r in state.history] == [0, 1, 0]
