"""Court Letters, the bundled Love Letter-like game: hands, knock-outs and cards played
for nothing, in play (issue 16)."""

from __future__ import annotations

import random
from collections.abc import Iterator

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



def _offers(g: Game, wanted: str, seeds: range = range(60)) -> Iterator[tuple[State, Action]]:
    """Every state of random games (over ``seeds``) offering an action whose text holds
    ``wanted``, with that action."""
    for seed in seeds:
        rng = random.Random(seed)
        s = g.new_state(seed=seed)
        while s.outcome is None:
            d = s.decision
            assert d is not None
            yield from ((s, a) for a in d.actions if d.kind == "action" and wanted in str(a))
            s = g.apply(s, rng.choice(d.actions))


def test_the_priest_shows_the_rivals_hand_to_the_one_who_plays_it_only() -> None:
    """A Priest played on a rival: from then on the player's view shows the rival's card
    (it did not before), and the rival's own view of the player's hand is unchanged. The
    game has no table zone; its `look` is what makes it track who knows each card."""
    g = _game()
    s, priest = next(_offers(g, "priest victim="))
    me = s.decision.player  # type: ignore[union-attr]
    rival = 1 - me
    (card,) = s.players[rival].zones["hand"]
    assert s.view(me).entities[card].type == "?"
    after = g.apply(s, priest)
    assert after.view(me).entities[card].type == after.entities[card].type
    mine = after.players[me].zones["hand"]
    assert all(after.view(rival).entities[c].type == "?" for c in mine)


def test_a_wrong_guess_rules_the_named_card_out_for_everyone() -> None:
    """A Guard's wrong guess tells both players what the rival's card is not: a view's
    deal (`determinize`) never gives it that card."""
    g = _game()
    names = {2: "priest", 3: "baron", 4: "handmaid", 5: "prince", 8: "princess"}
    s, guard = next((s, a) for s, a in _offers(g, "guard victim=")
                    if s.entities[s.players[1 - s.decision.player].zones["hand"][0]]  # type: ignore[union-attr]
                    .params["value"] != int(str(a).split("guess=")[1]))
    me = s.decision.player  # type: ignore[union-attr]
    (card,) = s.players[1 - me].zones["hand"]
    guess = names[int(str(guard).split("guess=")[1])]
    after = g.apply(s, guard)
    assert guess in after.cards.ruled_out[card]
    view = after.view(me)
    assert all(g.determinize(view, seed).entities[card].type != guess for seed in range(30))
