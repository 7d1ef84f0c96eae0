"""The engine invariants of DESIGN.md, checked over random playouts of every bundled game."""

from __future__ import annotations

import bisect
import contextlib
import itertools
import json
import math
import os

import pytest
from hypothesis import given, settings

import stratagem
from conftest import GAME_MODES, GAMES, check_bounds, check_state, pick, picks, play, seeds
from stratagem.engine import (
    CHANCE,
    Action,
    IllegalActionError,
    Pos,
    Ref,
    State,
    TooManyOutcomesError,
    is_same_result,
    rng,
)

EXAMPLES = int(os.environ.get("STRATAGEM_INVARIANT_EXAMPLES", "8"))
"""Random playouts per property, game and chance mode: few enough for the suite's time (the
soak, benchmarks/soak.py, plays 10,000 games of each with these checks at every step);
``STRATAGEM_INVARIANT_EXAMPLES=100`` for a deeper run."""
FAST = settings(max_examples=EXAMPLES, deadline=None)
OUTCOME_LIMIT = 2000
"""The largest distribution the outcome checks enumerate (eight dice at once have 390,625)."""


# --------------------------------------------------------------- 1. purity
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@FAST
@given(seed=seeds, choices=picks)
def test_apply_never_mutates_its_input(name: str, explicit: bool, seed: int,
                                       choices: list[int]) -> None:
    """apply leaves its input state byte-identical and equal to a copy taken before it ran."""
    game = stratagem.load(name)
    state = game.new_state(seed, explicit_chance=explicit)
    seen: list[tuple[State, str]] = []
    for i in range(60):
        if state.decision is None:
            break
        action = pick(state, choices, i)
        before = game.serialize(state)
        copy = game.deserialize(before)
        nxt = game.apply(state, action)
        assert game.serialize(state) == before
        assert state == copy
        seen.append((state, before))
        state = nxt
    assert seen
    # Later transitions share containers with earlier states: none may have leaked a write.
    for old, text in seen:
        assert game.serialize(old) == text


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=seeds, choices=picks)
def test_read_only_operations_never_mutate_the_state(name: str, seed: int,
                                                     choices: list[int]) -> None:
    """outcomes, reseed, view, determinize, legality checks and illegal applies leave it as is."""
    game = stratagem.load(name)
    run = play(game, seed, choices, max_steps=25)
    checked = 0
    for state in run.states:
        if state.decision is None:
            continue
        text = game.serialize(state)
        action = state.decision.actions[0]
        with contextlib.suppress(TooManyOutcomesError):  # refused early, leaving no trace
            game.outcomes(state, action, limit=OUTCOME_LIMIT)
        game.reseed(state, seed + 1)
        game.is_legal(state, action)
        game.why_illegal(state, Action("no_such_action"))
        with pytest.raises(IllegalActionError):
            game.apply(state, Action("no_such_action"))
        for p in range(len(game.players)):
            view = state.view(p)
            view_text = game.serialize(view)
            game.determinize(view, seed)
            assert game.serialize(view) == view_text
        assert game.serialize(state) == text
        checked += 1
    assert checked > 0


# ---------------------------------------------------------- 2. determinism
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@FAST
@given(seed=seeds, choices=picks)
def test_same_seed_and_actions_give_byte_identical_states(name: str, explicit: bool, seed: int,
                                                          choices: list[int]) -> None:
    """Two runs of one game with the same seed and choices serialize identically at every step."""
    game = stratagem.load(name)
    a = play(game, seed, choices, explicit=explicit)
    b = play(game, seed, choices, explicit=explicit)
    assert len(a.states) == len(b.states) > 1
    for sa, sb in zip(a.states, b.states, strict=True):
        assert game.serialize(sa) == game.serialize(sb)
        assert sa == sb


def _sampled_roll(state: State) -> Action:
    """The option of a chance decision that sampled mode would draw from the state's RNG."""
    d = state.decision
    assert d is not None and d.weights is not None
    r = rng.draw(state.rng, sum(d.weights))
    return d.actions[bisect.bisect_right(list(itertools.accumulate(d.weights)), r)]


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=seeds, choices=picks)
def test_explicit_chance_follows_the_sampled_dice_stream(name: str, seed: int,
                                                         choices: list[int]) -> None:
    """Answering explicit chance nodes as the state's RNG would reaches the sampled game's state."""
    game = stratagem.load(name)
    sampled = play(game, seed, choices)
    planned = list(sampled.actions)
    rolled: list[int] = []
    state = game.new_state(seed, explicit_chance=True)
    while state.decision is not None and (planned or state.decision.kind == "chance"):
        if state.decision.kind == "chance":
            action = _sampled_roll(state)
            rolled.append(action.targets[0][1])
        else:
            action = planned.pop(0)
        state = game.apply(state, action)
    assert not planned
    recorded = [v for rec in sampled.final.history for v in rec.rolls]
    assert rolled[len(rolled) - len(recorded):] == recorded
    # Every roll of the sampled game was surfaced (a game may end without any roll,
    # as pig does when the first player stops at once).
    assert len(rolled) >= len(recorded)

    def essentials(s: State) -> dict[str, object]:
        doc = json.loads(game.serialize(s))
        del doc["log"], doc["explicit"]
        return doc

    assert essentials(state) == essentials(sampled.final)


# ------------------------------------------------ 3. decisions and outcomes
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@settings(max_examples=2 * EXAMPLES, deadline=None)
@given(seed=seeds, choices=picks)
def test_every_state_offers_options_or_has_an_outcome(name: str, explicit: bool, seed: int,
                                                      choices: list[int]) -> None:
    """A state waits for a decision with distinct options (at least one) exactly when not over."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=150)
    for state in run.states:
        check_state(game, state)
    assert len(run.states) > 1


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
def test_playouts_reach_every_decision_kind_the_game_has(name: str, explicit: bool) -> None:
    """Playouts meet chance decisions exactly in explicit mode of games with chance, and end."""
    game = stratagem.load(name)
    kinds: set[str] = set()
    finished = 0
    for seed in range(8):
        run = play(game, seed, [seed, 7, 3, 11], explicit=explicit, max_steps=400)
        kinds |= {s.decision.kind for s in run.states if s.decision is not None}
        finished += run.final.outcome is not None
    assert finished > 0
    assert "action" in kinds
    assert ("chance" in kinds) == (explicit and game.info.chance)


# ------------------------------------------------- 4. legal == is_legal
def _variants(value: object) -> list[object]:
    """Values near ``value``: the same kind shifted, or another kind."""
    if value is None:
        return [0, Ref(1)]
    if isinstance(value, bool):
        return [not value, None]
    if isinstance(value, Ref):
        return [Ref(value + 1), Ref(value - 1), Ref(value + 100), None]
    if isinstance(value, Pos):
        return [Pos(value.x + 1, value.y), Pos(value.x, value.y - 1), Pos(-1, -1), None]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 100, None]
    if isinstance(value, str):
        return [value + "_x", None]
    if isinstance(value, tuple):
        return [value[:-1], (*value, 0)]
    return [None]


def near_misses(state: State, others: list[Action]) -> list[Action]:
    """Actions that look like the legal ones: from other states, changed targets, actors, types."""
    assert state.decision is not None
    out = list(others)
    for a in state.decision.actions:
        if a.actor is None:
            out.append(a._replace(actor=Ref(1)))
        else:
            out += [a._replace(actor=None), a._replace(actor=Ref(a.actor + 1)),
                    a._replace(actor=Ref(a.actor - 1))]
        for j, (tname, value) in enumerate(a.targets):
            for other in _variants(value):
                targets = (*a.targets[:j], (tname, other), *a.targets[j + 1:])
                out.append(a._replace(targets=targets))
        if a.targets:
            out.append(a._replace(targets=a.targets[:-1]))
            out.append(a._replace(targets=tuple(reversed(a.targets))))
        out.append(a._replace(targets=(*a.targets, ("extra", 1))))
        out.append(a._replace(type=a.type + "_x"))
    out += [Action("no_such_action"), Action("pass"), Action("roll", None, (("value", 0),)),
            Action("choose", None, (("x", 1),)), Action("end_turn", Ref(1))]
    return out


@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@FAST
@given(seed=seeds, choices=picks)
def test_legal_actions_are_exactly_what_is_legal_accepts(name: str, explicit: bool, seed: int,
                                                         choices: list[int]) -> None:
    """is_legal accepts exactly the legal actions; a near miss raises and changes nothing."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=30)
    pool = list(dict.fromkeys(a for s in run.states if s.decision for a in s.decision.actions))
    rejected = 0
    for i, state in enumerate(run.states):
        if state.decision is None:
            continue
        legal = set(game.legal_actions(state))
        for a in legal:
            assert game.is_legal(state, a)
            assert game.why_illegal(state, a) is None
        before = game.serialize(state)
        others = pool[i % 7::7]  # a different slice of the playout's actions for each state
        for a in near_misses(state, others):
            assert game.is_legal(state, a) == (a in legal), a
            if a in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                game.apply(state, a)
            assert err.value.action == a
            condition = err.value.condition
            assert isinstance(condition, str) and condition.strip()
            assert condition in str(err.value)
            assert game.why_illegal(state, a) == condition
            rejected += 1
        assert game.serialize(state) == before
    assert rejected > 0


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_errors_name_the_failed_rule(name: str) -> None:
    """An illegal action of the right shape reports the specific rule it breaks."""
    game = stratagem.load(name)
    state = game.new_state(0)
    assert state.decision is not None
    legal = state.decision.actions[0]
    cases = {
        Action("no_such_action"): "unknown action",
        legal._replace(type="roll"): "unknown action",
    }
    if legal.actor is not None:
        cases[legal._replace(actor=None)] = "needs an acting entity"
        cases[legal._replace(actor=Ref(999))] = "not in the game"
    else:
        cases[legal._replace(actor=Ref(1))] = "takes no actor"
    if legal.targets:
        cases[legal._replace(targets=(*legal.targets, ("bogus", 1)))] = "no target 'bogus'"
        cases[legal._replace(targets=())] = f"target '{legal.targets[0][0]}' is missing"
    for action, words in cases.items():
        with pytest.raises(IllegalActionError, match=words):
            game.apply(state, action)
    over = play(game, 0, [0], max_steps=400).final
    assert over.outcome is not None
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(over, legal)


# ---------------------------------------------------------------- 5. bounds
BOUNDED = [p for p in GAME_MODES if any(
    spec.min is not None or spec.max is not None
    for g in [stratagem.load(p.values[0])]
    for spec in (*g.player_params, *(s for t in g.entity_types.values() for s in t.params)))]


def test_some_bundled_game_declares_bounded_parameters() -> None:
    """The bounds property below runs on at least one game."""
    assert BOUNDED


@pytest.mark.parametrize(("name", "explicit"), BOUNDED)
@settings(max_examples=2 * EXAMPLES, deadline=None)
@given(seed=seeds, choices=picks)
def test_parameters_stay_within_declared_bounds(name: str, explicit: bool, seed: int,
                                                choices: list[int]) -> None:
    """Every entity and player parameter of every state reached lies within its ParamSpec bounds."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=150)
    assert sum(check_bounds(game, s) for s in run.states) > 0


# --------------------------------------------------------- 6. round trip
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@FAST
@given(seed=seeds, choices=picks)
def test_deserialize_inverts_serialize_for_every_state(name: str, explicit: bool, seed: int,
                                                       choices: list[int]) -> None:
    """deserialize(serialize(s)) == s, serializes to the same text, and offers the same options."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit)
    for state in run.states:
        text = game.serialize(state)
        copy = game.deserialize(text)
        assert copy == state
        assert game.serialize(copy) == text
        assert game.legal_actions(copy) == game.legal_actions(state)
        assert [str(a) for a in game.legal_actions(copy)] == [
            str(a) for a in game.legal_actions(state)]
        assert copy.history == state.history
    assert len(run.states) > 1


def test_every_reachable_state_is_hashable() -> None:
    """Every state reached, mid-reaction-chain included, hashes, and equal states hash equal."""
    states = [s for name in GAMES for explicit in (False, True) for seed in range(3)
              for s in play(stratagem.load(name), seed, [seed, 1, 2], explicit=explicit).states]
    assert any(s.decision is not None and s.decision.kind == "reaction" for s in states)
    for s in states:
        assert hash(s) == hash(s.game.deserialize(s.game.serialize(s)))


# ---------------------------------------------------------------- 7. replay
def replay(game: stratagem.Game, seed: int, explicit: bool, final: State) -> State:
    """Re-apply every record of ``final``'s history, with its rolls, from the start."""
    state = game.new_state(seed, explicit_chance=explicit)
    for rec in final.history:
        assert state.decision is not None and state.decision.player == rec.player
        state = game.apply(state, rec.action, rolls=rec.rolls)
    return state


REPLAYABLE = [p for p in GAME_MODES
              if not (p.values[1] and stratagem.load(p.values[0]).info.chance)]


@pytest.mark.parametrize(("name", "explicit"), REPLAYABLE)
@FAST
@given(seed=seeds, choices=picks)
def test_replaying_the_records_reproduces_the_game(name: str, explicit: bool, seed: int,
                                                   choices: list[int]) -> None:
    """Re-applying each Record with its rolls from new_state(seed) reproduces the final state."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=400)
    assert len(run.final.history) == len(run.actions) > 0
    assert tuple(r.action for r in run.final.history) == run.actions
    again = replay(game, seed, explicit, run.final)
    assert game.serialize(again) == game.serialize(run.final)


def test_replaying_explicit_chance_records_reproduces_the_game() -> None:
    """In explicit-chance mode, re-applying each Record with its rolls reproduces the game too."""
    chancy = [g for g in map(stratagem.load, GAMES) if g.info.chance]
    assert chancy
    for game in chancy:
        run = play(game, 5, [3, 1, 4, 1, 5], explicit=True, max_steps=40)
        assert any(r.player == CHANCE for r in run.final.history)
        again = replay(game, 5, True, run.final)
        assert game.serialize(again) == game.serialize(run.final)


# -------------------------------------------------------------- 8. outcomes
@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=seeds, choices=picks)
def test_outcomes_is_a_distribution_containing_the_sampled_result(name: str, seed: int,
                                                                  choices: list[int]) -> None:
    """outcomes() sums to 1, yields valid states, and the sampled apply result is one of them:
    the same result (``is_same_result``: equal but for the dice, which of identical cards
    is which and the order of a zone no one sees), as outcomes merges what is the same.

    An action with more than ``OUTCOME_LIMIT`` outcomes (eight dice rolled at once) is
    only checked to say so: enumerating it would take hours."""
    game = stratagem.load(name)
    run = play(game, seed, choices, max_steps=40)
    checked = 0
    for state, action in zip(run.states, run.actions, strict=False):
        try:
            results = game.outcomes(state, action, limit=OUTCOME_LIMIT)
        except TooManyOutcomesError:
            continue
        assert results
        assert math.isclose(sum(p for p, _ in results), 1.0, abs_tol=1e-9)
        assert all(p > 0 for p, _ in results)
        for _, result in results:
            check_state(game, result)
        if not game.info.chance:
            assert len(results) == 1
        sampled = game.apply(state, action)
        assert any(is_same_result(result, sampled) for _, result in results)
        checked += 1
    assert checked > 0


def with_rng(state: State, seed: int) -> State:
    """``state`` with the generator of ``seed``, through its JSON (``game.reseed`` is broken)."""
    doc = json.loads(state.game.serialize(state))
    doc["rng"] = rng.seed_state(seed)
    return state.game.deserialize(json.dumps(doc))


def _total_hp(state: State) -> int:
    return sum(e.params.get("hp", 0) for e in state.entities.values())


def _attack_state(seed: int) -> tuple[State, Action]:
    game = stratagem.load("duel")
    state = game.new_state(seed)
    while state.decision is not None:
        attacks = [a for a in state.decision.actions if a.type == "attack"]
        if attacks and state.decision.player == 0:
            # The fighter's blow lands at once (the goblin cannot parry), so HP varies.
            return state, attacks[0]
        # End the turn or pass; never attack until we stop here.
        state = game.apply(state, state.decision.actions[-1])
    raise AssertionError("no attack became legal")


@pytest.mark.skipif("duel" not in GAMES, reason="the duel game is not bundled")
def test_outcomes_expectation_matches_monte_carlo() -> None:
    """The exact expected total HP after an attack matches the mean of reseeded samples."""
    game = stratagem.load("duel")
    state, attack = _attack_state(1)
    results = game.outcomes(state, attack)
    assert len(results) >= 5, "a miss and four amounts of damage"
    mean = sum(p * _total_hp(s) for p, s in results)
    var = sum(p * (_total_hp(s) - mean) ** 2 for p, s in results)
    assert var > 1, "the attack's damage varies"
    n = 2000
    total = 0
    for k in range(n):
        sample = game.apply(with_rng(state, 10_000 + k), attack)
        assert any(is_same_result(s, sample) for _, s in results), \
            "a sampled result outside the distribution"
        total += _total_hp(sample)
    stderr = math.sqrt(var / n)
    assert abs(total / n - mean) <= 4 * stderr + 1e-9


# ----------------------------------------------------------------- 9. views
@pytest.mark.parametrize(("name", "explicit"), GAME_MODES)
@FAST
@given(seed=seeds, choices=picks)
def test_views_reveal_nothing_hidden(name: str, explicit: bool, seed: int,
                                     choices: list[int]) -> None:
    """A public game's view is the state, but for its generator in a game with dice (the
    dice to come are no one's to read); a hidden game's view is equal for any hidden
    contents."""
    game = stratagem.load(name)
    run = play(game, seed, choices, explicit=explicit, max_steps=30)
    checked = 0
    for state in run.states:
        for p in range(len(game.players)):
            view = state.view(p)
            if not game.info.hidden:
                if not game.info.chance:
                    assert view is state
                else:  # every part but the generator, which tells nothing of the state's
                    assert view.viewer is None and view.rng != state.rng
                    assert view.entities == state.entities and view.flow == state.flow
                    assert view.decision == state.decision
                    assert with_rng(state, seed + 1).view(p).rng == view.rng
                checked += 1
                continue
            assert view.viewer == p and view.rng == 0
            assert game.view(view, p) is view
            assert all(rec.rolls == () for rec in view.history)
            assert game.deserialize(game.serialize(view)) == view
            if state.decision is not None and state.decision.player != p:
                assert view.decision is not None and view.decision.actions == ()
            worlds = [game.determinize(view, seed + k) for k in range(3)]
            for world in worlds:
                assert world.viewer is None
                check_state(game, world)
                assert world.view(p) == view
                assert game.serialize(world.view(p)) == game.serialize(view)
            assert with_rng(state, seed + 1).view(p) == view
            checked += 1
    assert checked > 0


@pytest.mark.skipif("high_card" not in GAMES, reason="the high_card game is not bundled")
def test_determinized_worlds_differ_in_hidden_cards() -> None:
    """Determinizing one view with different seeds deals different hidden hands."""
    game = stratagem.load("high_card")
    view = game.new_state(3).view(0)
    hands = {game.determinize(view, k).players[1].zones["hand"] for k in range(20)}
    assert len(hands) > 1
    assert all(-1 not in h for h in hands)


@pytest.mark.skipif("high_card" not in GAMES, reason="the high_card game is not bundled")
def test_explicit_chance_view_hides_which_card_the_opponent_drew() -> None:
    """Two states differing only in the card player 1 drew give player 0 equal views."""
    game = stratagem.load("high_card")
    state = game.new_state(0, explicit_chance=True)
    state = game.apply(state, state.decision.actions[0])  # player 0's first card
    d = state.decision
    assert d is not None and d.kind == "chance"
    a = game.apply(state, d.actions[0])  # player 1 draws one card ...
    b = game.apply(state, d.actions[1])  # ... or another
    assert a.players[1].zones["hand"] != b.players[1].zones["hand"]
    assert a.players[0] == b.players[0]
    assert a.view(1) != b.view(1)
    assert a.view(0) == b.view(0)


def test_determinize_at_a_chance_node_gives_a_playable_state() -> None:
    """A view taken at an explicit chance node determinizes to a state that offers the rolls."""
    hidden = [g for g in map(stratagem.load, GAMES) if g.info.hidden and g.info.chance]
    if not hidden:
        pytest.skip("no bundled game has both hidden information and chance")
    for game in hidden:
        state = game.new_state(0, explicit_chance=True)
        while state.decision is not None and state.decision.kind != "chance":
            state = game.apply(state, state.decision.actions[0])
        assert state.decision is not None
        world = game.determinize(state.view(0), 1)
        check_state(game, world)


@pytest.mark.parametrize("name", GAMES)
def test_reseed_changes_only_the_dice(name: str) -> None:
    """A reseeded state keeps its decision and options and can be played on."""
    game = stratagem.load(name)
    state = game.new_state(0)
    again = game.reseed(state, 1)
    assert again.decision == state.decision
    check_state(game, again)
    game.apply(again, state.decision.actions[0])
