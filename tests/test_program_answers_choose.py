"""A program's `choose` rule under `reactions:` answers a choice asked in the middle of the
other side's action (the chit-pull writer's finding 3: the defender's retreat; the rule
under `reactions:` never acted, and every retreat fell to the fallback)."""

from __future__ import annotations

from pathlib import Path

import stratagem
from stratagem.agents.program import load_program
from stratagem.agents.program.runtime import ProgramAgent, answering

REPRO = Path(__file__).parent / "outsider" / "chits" / "repro"
GAME = stratagem.load(str(REPRO / "02_single_option_choose_silent.yaml"), "two_options")


def _retreat():  # type: ignore[no-untyped-def]
    s = GAME.new_state(seed=1)
    return GAME.apply(s, GAME.legal_actions(s)[0])  # red shoves: blue picks where to go


def test_the_retreat_is_an_answer_and_an_own_action_is_not() -> None:
    s = _retreat()
    assert s.decision is not None and answering(s, s.decision)
    start = GAME.new_state(seed=1)
    assert start.decision is not None and not answering(start, start.decision)


def test_the_reactions_rule_picks_the_retreat() -> None:
    program = load_program(REPRO / "03_choose_rule_under_reactions.yaml", GAME)
    agent = ProgramAgent(GAME, 1, program=program)
    s = _retreat()
    choice = agent.choose(s, s.decision)
    assert str(choice.action).endswith("dest=(4,0)"), choice.action  # the farthest right
    assert "fallback" not in choice.rationale and "reactions 1" in choice.rationale, \
        choice.rationale
