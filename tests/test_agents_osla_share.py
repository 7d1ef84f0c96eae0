"""osla under a budget of calls values every option: an option with more outcomes than
its share of the budget (a buy that redraws a five-card hand) is valued by a sampled
result instead of running the budget dry on the first options."""

from __future__ import annotations

import random
from pathlib import Path

import stratagem
from stratagem.agents import make_agent

MARKET = Path(__file__).parent / "outsider" / "market" / "market2.yaml"


def buying_state():  # type: ignore[no-untyped-def]
    game = stratagem.load(str(MARKET))
    s = game.new_state(seed=4)
    rng = random.Random(2)
    for n in range(400):
        acts = game.legal_actions(s)
        if n > 30 and len(acts) >= 4 and any(a.type == "buy" for a in acts):
            return game, s
        s = game.apply(s, acts[rng.randrange(len(acts))])
    raise AssertionError("no buying decision in 400 steps")


def test_osla_values_every_option_within_its_calls() -> None:
    game, s = buying_state()
    agent = make_agent("osla:calls=500", game, seed=1)
    before = game.calls
    choice = agent.choose(s.view(s.decision.player), s.decision)
    spent = game.calls - before
    assert "valued" not in choice.private, choice.private  # no "(1 of 4 valued)"
    assert choice.private.count(":") >= 3  # the top three options with their values
    # Within the budget, but for the last unit of work (a determinization and one option).
    assert spent <= 600, spent
