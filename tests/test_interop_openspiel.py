"""The OpenSpiel bridge: every bundled game passes OpenSpiel's own checks and plays with its bots."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import stratagem  # noqa: E402
from conftest import GAMES  # noqa: E402
from stratagem.engine import Pos, Ref, Rng  # noqa: E402
from stratagem.interop import codec, openspiel_game  # noqa: E402
from stratagem.interop.features import Features, MoveFeatures  # noqa: E402

QUICK = ("connect_four", "tic_tac_toe", "high_card")
"""Games whose playouts are short: they get a few more simulations."""


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation_with_serialization(name: str) -> None:
    """OpenSpiel's random-simulation test, serialization checks on, passes through the bridge."""
    game = openspiel_game.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3 if name in QUICK else 1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_mcts_bots_play_a_full_game(name: str) -> None:
    """OpenSpiel's MCTSBot plays a whole game of every bundled game under ``evaluate_bots``."""
    game = openspiel_game.load_game(name)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=8)
    bots = [mcts.MCTSBot(game, 2.0, 3, evaluator, random_state=np.random.RandomState(p))
            for p in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == game.num_players()
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if game.num_players() == 2:
        assert sum(returns) == pytest.approx(0.0)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_comes_from_the_rules_header(name: str) -> None:
    """Chance mode, information, utility and player count follow ``game.info``."""
    native = stratagem.load(name)
    kind = openspiel_game.load_game(name).get_type()
    chance = pyspiel.GameType.ChanceMode
    info = pyspiel.GameType.Information
    assert kind.short_name == openspiel_game.PREFIX + name
    assert kind.chance_mode == (chance.EXPLICIT_STOCHASTIC if native.info.chance
                                else chance.DETERMINISTIC)
    assert kind.information == (info.IMPERFECT_INFORMATION if native.info.hidden
                                else info.PERFECT_INFORMATION)
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.max_num_players == kind.min_num_players == len(native.players)
    assert kind.provides_information_state_tensor


def test_ids_are_the_options_of_the_decision_in_order() -> None:
    """An id is the index of the action among the decision's options; its text is the action's."""
    game = openspiel_game.load_game("connect_four")
    state = game.new_initial_state()
    native = openspiel_game.native_state(state)
    assert state.legal_actions() == list(range(7))
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        str(a) for a in native.decision.actions]
    state.apply_action(3)
    after = openspiel_game.native_state(state)
    assert after == native.game.apply(native, native.decision.actions[3])
    assert codec.encode(native, native.decision.actions[5]) == 5
    assert codec.decode(native, 5) == native.decision.actions[5]
    with pytest.raises(ValueError, match=r"ids are 0\.\.6"):
        codec.decode(native, 7)


def test_chance_outcomes_are_the_exact_dice() -> None:
    """Pig's die is a chance node with six outcomes of probability 1/6, ids in option order."""
    game = openspiel_game.load_game("pig")
    state = game.new_initial_state()
    throw = next(a for a in state.legal_actions() if state.action_to_string(0, a) == "throw")
    state.apply_action(throw)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(6))
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "roll value=1"


def test_a_decision_beyond_the_declared_bound_is_a_clear_error() -> None:
    """A declared bound smaller than a decision's options raises, naming the parameter."""
    game = openspiel_game.load_game("connect_four", max_actions=3, max_game_length=42)
    assert game.num_distinct_actions() == 3
    with pytest.raises(codec.BoundExceededError, match="max_actions"):
        game.new_initial_state().legal_actions()


def test_measured_bounds_hold_the_longest_playouts() -> None:
    """Measured bounds are at least the figures of the playouts they come from."""
    native = stratagem.load("tic_tac_toe")
    bounds = codec.measure_bounds(native)
    assert bounds.measured and bounds.actions >= 9 and bounds.length >= 9
    assert bounds.chance == 0
    assert codec.measure_bounds(native) is bounds


def test_registered_games_load_by_name_and_round_trip() -> None:
    """After ``register``, ``pyspiel.load_game`` finds a game with parameters, and a state
    survives ``serialize_game_and_state`` exactly (the Stratagem state inside included)."""
    names = openspiel_game.register(["pig", "tic_tac_toe"])
    assert names == ["stratagem_pig", "stratagem_tic_tac_toe"]
    game = pyspiel.load_game("stratagem_pig(seed=3)")
    assert game.get_parameters()["seed"] == 3
    state = game.new_initial_state()
    rng = Rng(5)
    for _ in range(12):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[rng.below(6)][0])
        else:
            state.apply_action(state.legal_actions()[rng.below(len(state.legal_actions()))])
    text = pyspiel.serialize_game_and_state(game, state)
    _game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert openspiel_game.native_state(state2) == openspiel_game.native_state(state)
    assert str(state2) == str(state)


def test_views_hide_what_the_player_cannot_see() -> None:
    """In high card, two states that differ only in the opponent's hand give player 0 the same
    observation and information state, and the tensors have the declared size."""
    game = openspiel_game.load_game("high_card")
    state = game.new_initial_state()
    rng = Rng(1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[rng.below(len(state.chance_outcomes()))][0])
    native = openspiel_game.native_state(state)
    view = native.view(0)
    for seed in range(8):
        other = native.game.determinize(view, seed)
        if other != native:
            break
    else:
        pytest.fail("no other deal consistent with player 0's view")
    twin = state.clone()
    twin.held = openspiel_game._Held(other, twin.bounds, twin.held.moves)
    assert twin.observation_string(0) == state.observation_string(0)
    assert twin.information_state_string(0) == state.information_state_string(0)
    assert twin.observation_tensor(0) == state.observation_tensor(0)
    assert len(state.observation_tensor(1)) == game.observation_tensor_size()
    assert twin.observation_tensor(1) != state.observation_tensor(1)


def test_information_state_tensor_records_the_moves() -> None:
    """The information-state tensor of a perfect-information game ends with the moves made."""
    game = openspiel_game.load_game("tic_tac_toe")
    state = game.new_initial_state()
    state.apply_action(4)
    state.apply_action(0)
    tensor = state.information_state_tensor(0)
    assert len(tensor) == game.information_state_tensor_size()
    size = Features(openspiel_game.native_state(state).game).size
    assert tensor[size:size + 4] == [0, 5, 1, 1]
    assert not any(tensor[size + 4:])


def test_a_game_longer_than_its_bound_plays_on_but_its_tensor_refuses() -> None:
    """Past ``max_game_length`` moves still apply, and the information-state tensor, which
    cannot hold them, raises ``BoundExceededError`` naming the parameter."""
    game = openspiel_game.load_game("tic_tac_toe", max_actions=9, max_game_length=2)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(0)
    assert len(state.history()) == 3
    with pytest.raises(codec.BoundExceededError, match="max_game_length"):
        state.information_state_tensor(0)


def _play_to_a_hidden_move(game: object, seed: int) -> object:
    """A high-card state just after player 1's first card, reached by seeded random play."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = Rng(seed)
    while state.is_chance_node() or state.current_player() != 1:
        moves = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())
        state.apply_action(moves[rng.below(len(moves))])
    moves = state.legal_actions()
    state.apply_action(moves[-1])
    return state


def test_hidden_information_state_tensor_depends_only_on_the_view() -> None:
    """In high card, states that differ only in what player 0 cannot see give player 0 the
    same information-state tensor, and player 1's move is recorded as the card played
    (its type, its entity), not as its option id, which depends on player 1's hand."""
    game = openspiel_game.load_game("high_card")
    size = game.observation_tensor_size()
    differed = 0
    for seed in range(6):
        state = _play_to_a_hidden_move(game, seed)
        native = openspiel_game.native_state(state)
        tensor = state.information_state_tensor(0)
        assert len(tensor) == game.information_state_tensor_size()
        for other_seed in range(6):
            other = native.game.determinize(native.view(0), other_seed)
            differed += other != native
            twin = state.clone()
            twin.held = openspiel_game._Held(other, twin.bounds, twin.held.moves)
            assert twin.information_state_tensor(0) == tensor
        moves = MoveFeatures(native.game)
        rows = np.asarray(tensor[size:]).reshape(-1, moves.width)
        last = native.history[-1]
        assert last.player == 1
        played = int(last.action.targets[0][1])
        row = rows[len(native.history) - 1]
        assert row[0] == 2 and row[1] == moves.type_index[last.action.type]
        assert row[3] == played + 1
        assert not rows[len(native.history):].any()
        # chance outcomes are hidden from the player: dealt cards leave no trace
        chance = [i for i, r in enumerate(native.history) if r.player == -1]
        assert chance and all(list(rows[i]) == [-1, 0, 0, 0] for i in chance)
    assert differed > 0, "no deal differed from the real one: the check above tested nothing"


def test_a_move_becomes_numbers_by_its_values() -> None:
    """Entities, positions, numbers, truth values and names each have their number, and a
    name the rules never declare still gets the same number every time."""
    moves = MoveFeatures(stratagem.load("elemental_duel"))
    width = stratagem.load("elemental_duel").board.width
    assert moves.number(Ref(7)) == 8
    assert moves.number(Pos(1, 2)) == 2 * width + 1 + 1
    assert moves.number(5) == 5 and moves.number(True) == 1 and moves.number(None) == 0
    assert moves.number("pyro") == moves.name_index["pyro"] > 0
    assert moves.number("nowhere") == moves.number("nowhere") < 0
    assert moves.number("nowhere") != moves.number("elsewhere")
    assert moves.number((1, 2)) < 0


HIDDEN = tuple(n for n in GAMES if stratagem.load(n).info.hidden)
"""The bundled games that withhold cards: information-set search needs resampling there."""


def test_there_are_hidden_card_games_to_search() -> None:
    """The information-set tests below have games to run on."""
    assert set(HIDDEN) >= {"high_card", "elemental_duel"}


@pytest.mark.parametrize("name", HIDDEN)
def test_resampling_keeps_the_information_state_and_varies_the_hidden_cards(name: str) -> None:
    """``resample_from_infostate`` gives states the player cannot tell apart from the real one,
    dealt differently from one sample to the next."""
    game = openspiel_game.load_game(name)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() != 0:  # the first choice of player 0
        actions = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                   else state.legal_actions())
        state.apply_action(int(rng.choice(actions)))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(0, sampler) for _ in range(12)]
    for world in worlds:
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.legal_actions() == state.legal_actions()
    other = 1
    assert len({w.information_state_string(other) for w in worlds}) > 1, \
        "twelve samples all dealt the hidden cards the same way"


@pytest.mark.parametrize("name", HIDDEN)
def test_openspiel_ismcts_plays_a_full_hidden_card_game(name: str) -> None:
    """OpenSpiel's ``ISMCTSBot`` (which samples worlds through ``resample_from_infostate``)
    plays seat 0's first decisions of a game against random moves, then random play ends it
    (a whole game of searches takes minutes on the larger card game)."""
    game = openspiel_game.load_game(name)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, rng, max_length=8)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 5, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0 and searched < 3:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert searched > 0
    assert sum(returns) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in returns)
