"""What an agent says about its choice, seat by seat: in a game that hides information the
public reason (``Choice.rationale``, shown to every seat) never names a card the opponent
cannot see; what the agent weighed goes to ``Choice.private``, for its own seat alone."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.agents import make_agent
from stratagem.arena import Match
from stratagem.engine import Game, State
from stratagem.engine.views import UNSEEN

AGENTS = ("random", "osla", "mcts:iterations=20", "novice", "casual:calls=200")


def secrets(game: Game, state: State, player: int) -> set[str]:
    """Words that would give away a card ``player`` holds and the opponent cannot see: its
    type's name (as written and as read), its id, and the text of actions on it — less what
    the opponent can see anyway (the same kind of card face up somewhere)."""
    other = 1 - player
    view = state.view(other)
    seen_types = {e.type for e in view.entities.values() if e.zone != UNSEEN}
    words: set[str] = set()
    for zone in state.players[player].zones.values():
        for cid in zone:
            e = state.entities[cid]
            ve = view.entities.get(cid)
            if ve is not None and ve.zone != UNSEEN:
                continue  # the opponent sees this card where it is
            if e.type not in seen_types:
                words |= {e.type, e.type.replace("_", " ")}
            words.add(f"#{int(cid)}")
    for a in state.decision.actions if state.decision else ():
        words.add(str(a))
        words.add(game.describe_action(state, player, a))
    return {w.lower() for w in words if len(w) > 1}


@pytest.mark.parametrize("name", ["high_card", "elemental_duel"])
@pytest.mark.parametrize("code", AGENTS)
def test_public_reasons_name_no_unseen_card(name: str, code: str) -> None:
    game = stratagem.load(name)
    assert game.info.hidden
    told_privately = 0
    # High card to its end, twice; the first eight decisions of one Elemental Duel (each
    # of its decisions costs a search far more).
    seeds, most = ((1, 2), 60) if name == "high_card" else ((1,), 8)
    for seed in seeds:
        agent = make_agent(code, game, seed=seed)
        other = make_agent("random", game, seed=seed)
        state = game.new_state(seed)
        steps = 0
        while state.decision is not None and steps < most:
            d = state.decision
            if d.player == 0:
                choice = agent.choose(state.view(0), d)
                if len(d.actions) > 1:
                    public = choice.rationale.lower()
                    leaked = sorted(w for w in secrets(game, state, 0) if w in public)
                    assert not leaked, (code, str(choice.action), choice.rationale, leaked)
                    told_privately += bool(choice.private)
                action = choice.action
            elif d.player == 1:
                action = other.choose(state.view(1), d).action
            else:
                action = d.actions[0]
            state = game.apply(state, action)
            steps += 1
    if code.startswith(("osla", "mcts", "casual")):
        assert told_privately, "the search agents tell their own seat what they weighed"


def test_private_reasons_name_the_cards_weighed() -> None:
    """MCTS in high card: the private reason names the cards it compared; the public one
    says only that it searched worlds that fit what it can see."""
    game = stratagem.load("high_card")
    state = game.new_state(3)
    d = state.decision
    assert d is not None and len(d.actions) > 1
    choice = make_agent("mcts:iterations=60", game, seed=1).choose(state.view(d.player), d)
    assert "worlds that fit what it can see" in choice.rationale
    named = [game.describe_action(state, d.player, a) for a in d.actions]
    assert any(n in choice.private for n in named)


@pytest.mark.parametrize("code", AGENTS)
def test_a_played_game_that_hides_information_shares_one_reason_per_agent(code: str) -> None:
    """Even a reason that names no card tells of a hand by counting its options ("picked at
    random among 3 options", "the only option"): in a game that hides information the reason
    a match records for every seat to read is the agent's one sentence, at every decision,
    forced or not, and what the agent said goes to its own seat (`private`)."""
    game = stratagem.load("high_card")
    match = Match(game, [code, "random"], seed=2)
    match.advance()
    assert match.state.outcome is not None
    mine = [i for i, rec in enumerate(match.state.history) if rec.player == 0]
    assert len(mine) > 1
    shared = {match.rationales[i] for i in mine}
    assert shared == {make_agent(code, game).hidden_reason}
    assert not any(ch.isdigit() for reason in shared for ch in reason)
    assert all(match.privates[i] for i in mine)
