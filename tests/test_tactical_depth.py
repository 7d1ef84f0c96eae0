"""The tactical agent's ``depth`` (combos: follow-ups of other units on the same target),
``noise`` (a share of decisions drawn among the module's candidates) and ``blunder`` (a share
of decisions played at random among every legal action: the difficulty levels), on Broken
Throne."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import Agent, Budget, make_agent
from stratagem.agents.roster import AgentSpecError
from stratagem.engine import Game, State
from test_tactical_prices import place


def _turn(game: Game, state: State, agent: Agent) -> tuple[State, list[str]]:
    """Red's whole turn by ``agent``: the state after it and the rationales."""
    said = []
    while state.decision is not None and state.decision.player == 0:
        choice = agent.choose(state, state.decision)
        said.append(choice.private)
        state = game.apply(state, choice.action)
    return state, said


def _combo() -> Game:
    """Red's zombie (5 gold) and spearman (20) against blue's knight, 8 of 20 HP, with a
    blue archer far off. The spearman alone does 5 (the knight lives, +3.04 after its
    strike back); the zombie alone does 1 and takes 7 back (-2.62), but its blow puts a
    combo star on the knight, and the spearman then does 7 and kills it (+35)."""
    return place(("zombie", 0, (2, 2)), ("spearman", 0, (5, 2)),
                 ("knight", 1, (3, 3), {"hp": 8}), ("archer", 1, (13, 5)))


def test_golden_combo_that_needs_a_second_units_attack_is_found_at_depth_2_only() -> None:
    """Depth 1 takes the spearman's lone blow and the knight lives; depth 2 sends the zombie
    in first (a loss on its own) because the spearman then finishes the knight."""
    game = _combo()
    s = game.new_state(0)
    one, _ = _turn(game, s, make_agent("tactical:calls=8000", game))
    assert 3 in one.entities
    two, said = _turn(game, s, make_agent("tactical:calls=8000,depth=2", game))
    assert 3 not in two.entities
    assert said[0].startswith("tactical module")
    assert "zombie #1 attacks knight #3 (+32.38, combo with spearman #2 attacks knight #3 " \
           "(+35.00))" in said[0]


def test_depth_1_and_no_noise_choose_exactly_as_the_plain_agent() -> None:
    """``depth=1,noise=0`` is the default agent: the same actions and the same words for a
    whole turn of the golden position and of the support trial."""
    for scenario in ("golden_combo", "trial_support"):
        game = stratagem.load("broken_throne", scenario)
        s = game.new_state(0)
        plain = _turn(game, s, make_agent("tactical:calls=8000", game, seed=4))
        named = _turn(game, s, make_agent("tactical:calls=8000,depth=1,noise=0", game, seed=4))
        assert plain[1] == named[1]
        assert game.serialize(plain[0]) == game.serialize(named[0])


def test_depth_and_noise_are_checked_with_one_plain_message() -> None:
    game = stratagem.load("broken_throne", "golden_combo")
    with pytest.raises(AgentSpecError, match="depth must be a whole number from 1 to 4"):
        make_agent("tactical:calls=8000,depth=0", game)
    with pytest.raises(AgentSpecError, match="depth must be an integer"):
        make_agent("tactical:calls=8000,depth=1.5", game)
    with pytest.raises(AgentSpecError, match="noise must be a number from 0 to 1"):
        make_agent("tactical:calls=8000,noise=2", game)
    for bad in ("-0.1", "1.5"):
        with pytest.raises(AgentSpecError, match="blunder must be a number from 0 to 1"):
            make_agent(f"tactical:calls=8000,blunder={bad}", game)


def test_blunder_plays_any_legal_action_without_pricing_it_and_is_seeded() -> None:
    """With blunder 1 every decision is drawn among all the legal actions, with no
    forward-model call and a reason in words that says so; the same seed draws the same
    actions, another seed other ones. With blunder 0 the agent is the plain agent."""
    game = stratagem.load("broken_throne")
    s = game.new_state(0)

    def walk(code: str, seed: int) -> tuple[list[str], list[str], int]:
        agent, state, taken, said = make_agent(code, game, seed=seed), s, [], []
        before = game.calls
        for _ in range(12):
            d = state.decision
            assert d is not None
            choice = agent.choose(state, d)
            assert choice.action in d.actions
            taken.append(str(choice.action))
            said.append(choice.rationale)
            state = game.apply(state, choice.action)
        return taken, said, game.calls - before - 12

    taken, said, priced = walk("tactical:calls=8000,blunder=1", 3)
    assert priced == 0
    assert all(text.endswith("without weighing it.") or text == "the only option"
               for text in said)
    assert walk("tactical:calls=8000,blunder=1", 3)[0] == taken
    assert walk("tactical:calls=8000,blunder=1", 4)[0] != taken
    plain = walk("tactical:calls=8000", 3)
    assert walk("tactical:calls=8000,blunder=0", 3)[:2] == plain[:2]
    assert not any("without weighing" in text for text in plain[1])


def test_noise_draws_among_the_candidates_and_is_seeded() -> None:
    """With noise 1 every decision with a choice of plans is drawn among the module's
    candidates (the rationale says so), the same for the same seed."""
    game = stratagem.load("broken_throne", "golden_combo")
    s = game.new_state(0)
    runs = [_turn(game, s, make_agent("tactical:calls=8000,noise=1", game, seed=9)) for _ in range(2)]
    assert runs[0][1] == runs[1][1]
    assert any("drawn at random (noise 1)" in text for text in runs[0][1])


def test_a_deep_search_keeps_to_its_budget_in_calls() -> None:
    """Depth 4 where five zombies can gang up on a knight (combos everywhere), with 150
    forward-model calls: the decision spends no more than its budget (and one call), and
    still gives a legal action; unbounded, the same search spends more than that."""
    game = stratagem.load("broken_throne", "trial_combo")
    s = game.new_state(0)
    assert s.decision is not None
    before = game.calls
    choice = make_agent("tactical:calls=8000,depth=4", game).choose(s, s.decision, Budget(calls=150))
    assert game.calls - before <= 151
    assert choice.action in s.decision.actions
    before = game.calls
    make_agent("tactical:calls=8000,depth=3", game).choose(s, s.decision, Budget(calls=100_000))
    assert game.calls - before > 150


def test_a_careless_move_draws_the_kind_of_action_first() -> None:
    """A careless move picks what to do before where: on the clearing's first decision,
    whose options are mostly steps to squares, each kind of action (move, dash, dodge, end
    the turn...) is drawn about equally often, not in proportion to its options."""
    game = stratagem.load("skirmish", "clearing")
    s = game.new_state(0)
    d = s.decision
    assert d is not None
    kinds = {a.type for a in d.actions}
    moves = sum(a.type == "move" for a in d.actions)
    assert len(kinds) >= 4 and moves > len(d.actions) / 2
    agent = make_agent("tactical:calls=8000,blunder=1", game, seed=5)
    draws = 60 * len(kinds)
    seen = [agent.choose(s, d).action.type for _ in range(draws)]
    for kind in kinds:
        assert abs(seen.count(kind) / draws - 1 / len(kinds)) < 0.07, (kind, seen.count(kind))
