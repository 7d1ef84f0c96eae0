"""A mid-effect `choose` with one option is taken without a decision, and told as a
choice of two would be, with "(the only option)" (the chit-pull writer's finding: most
retreats had one hex, and the counter moved without a word). Saved files of the version
before still load: the sentence is not in the log they compare."""

from __future__ import annotations

import json
from pathlib import Path

import stratagem
from stratagem.arena.narration import tell
from stratagem.engine.serialize import VERSION, dumps, loads
from stratagem.rules import compile_text

RULES = Path(__file__).parent / "outsider" / "chits" / "repro" / "02_single_option_choose_silent.yaml"


def _shove(scenario: str):  # type: ignore[no-untyped-def]
    game = stratagem.load(str(RULES), scenario)
    before = game.new_state(seed=1)
    action = game.legal_actions(before)[0]
    return game, before, action, game.apply(before, action)


def test_a_choice_of_one_is_told_under_the_move() -> None:
    game, before, action, after = _shove("one_option")
    assert after.entities[2].pos == (3, 0) and len(after.history) == 1  # no decision asked
    step = tell(game, before, 0, action, after)
    assert step.events == ("blue retreat pawn #2 to (3,0) (the only option)",)


def test_a_choice_of_two_is_a_decision_and_tells_no_such_line() -> None:
    game, before, action, after = _shove("two_options")
    assert after.decision is not None and after.decision.player == 1  # blue picks
    assert tell(game, before, 0, action, after).events == ()


def test_files_of_the_version_before_still_load() -> None:
    game, _, _, after = _shove("one_option")
    old = json.loads(dumps(after, VERSION - 1))
    assert old["version"] == 4 and old["log"][0][3] == []
    again = loads(game, json.dumps(old))
    assert again.entities == after.entities and again.flow == after.flow
    assert loads(game, dumps(after)) == after


def test_a_game_that_hides_things_does_not_tell_it() -> None:
    text = RULES.read_text().replace("players: [red, blue]",
                                     "players: [red, blue]\nzones: {hand: {visibility: owner}}")
    game = compile_text(text, "hidden.yaml")
    assert game.info.hidden
    s = game.apply(game.new_state(seed=1), game.legal_actions(game.new_state(seed=1))[0])
    assert s.history[-1].events == ()
