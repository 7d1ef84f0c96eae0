"""Court Letters, the bundled Love Letter-like game: hands, knock-outs and cards played
for nothing, in play (issue 16)."""

from __future__ import annotations

import random

import stratagem
from stratagem.engine import Action, Game, State
from stratagem.engine.hands import hand_number, knocked_out


def _game() -> Game:
    return stratagem.load("court_letters")


def _random_game(g: Game, seed: int) -> tuple[State, list[str]]:
    """A game played to its end by random choices, with the text of each action."""
    rng = random.Random(seed)
    s = g.new_state(seed=seed)
    said: list[str] = []
    while s.outcome is None:
        d = s.decision
        assert d is not None and d.actions
        a = rng.choice(d.actions)
        if d.kind == "action":
            said.append(g.describe_action(s, d.player, a))
        s = g.apply(s, a)
    return s, said


def test_random_agents_play_it_to_the_end() -> None:
    """Random agents finish the game: one player reaches three tokens, no one is out of
    the game, and it took more than one hand."""
    g = _game()
    agents = [stratagem.agent("random", g, seed=i) for i in range(2)]
    result = stratagem.play(g, agents, seed=11)
    outcome = result.outcome
    assert outcome is not None and len(outcome.winners) == 1
    assert "three tokens" in outcome.reason


def test_hands_knock_outs_and_cards_played_for_nothing_happen_in_play() -> None:
    """Over a few seeded games: hands follow one another, players are knocked out of a
    hand and back in the next, and a card is played with no one to target."""
    g = _game()
    hands, nothing, knocked = 0, 0, 0
    for seed in range(12):
        s, said = _random_game(g, seed)
        assert s.players[s.outcome.winners[0]].params["tokens"] == 3  # type: ignore[union-attr]
        assert all(p.alive for p in s.players)
        hands = max(hands, hand_number(s))
        nothing += sum("with no one to target" in line for line in said)
        knocked += sum("leaves the hand" in line for line in said)
    assert hands >= 3 and nothing > 0 and knocked > 0


def test_a_knock_out_decides_the_hand_and_the_player_is_back_in_the_next() -> None:
    """Playing the Princess knocks its player out: with two players that decides the hand
    at once — the other gains a token, a new hand is dealt, no one is knocked out."""
    g = _game()
    for seed in range(40):
        rng = random.Random(seed)
        s = g.new_state(seed=seed)
        while s.outcome is None:
            d = s.decision
            assert d is not None
            princess = [a for a in d.actions if a.type == "princess"]
            if princess:
                before = hand_number(s)
                tokens = s.players[1 - d.player].params["tokens"]
                s = g.apply(s, princess[0])
                if s.outcome is None:
                    assert hand_number(s) == before + 1 and knocked_out(s) == ()
                assert s.players[1 - d.player].params["tokens"] == tokens + 1
                return
            s = g.apply(s, rng.choice(d.actions))
    raise AssertionError("no seed played a Princess")


def test_guard_without_a_target_is_one_option() -> None:
    """When every rival is protected or out, the Guard is offered once, for nothing."""
    g = _game()
    for seed in range(200):
        rng = random.Random(seed)
        s = g.new_state(seed=seed)
        while s.outcome is None:
            d = s.decision
            assert d is not None
            guards = [a for a in d.actions if a.type == "guard"]
            if any(a.target("victim") is None for a in guards):
                assert guards == [Action("guard", None, (("victim", None), ("guess", None)))]
                return
            s = g.apply(s, rng.choice(d.actions))
    raise AssertionError("no seed reached a Guard with no one to target")
