"""`evaluate-program --depth N`: the regret's reference looks up to N of the program's own
decisions ahead within its turn, so a push-your-luck step whose worth comes with the bank
after it is not called a blunder (the push-your-luck writer's ninth finding), while the
one-step reference, the default, still calls it one."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import build
from stratagem.agents.program import parse_program
from stratagem.arena.program_eval import evaluate_program
from stratagem.engine import StratagemError
from test_cli import run

# Each turn a player may push (the pot grows by one, the turn goes on) or bank (the pot
# is added to the score and the turn ends); at most three pushes a turn.
RULES = """\
game: bank
players: [red, blue]
player:
  banked: 0
  pot: 0
actions:
  push:
    source: player
    when: {room: "player.pot < 3"}
    effects: [{modify: {what: player.pot, by: 1}}]
  bank:
    source: player
    ends_turn: true
    effects:
      - modify: {what: player.banked, by: player.pot}
      - set: {what: player.pot, to: 0}
flow:
  phases: [{name: play, actions: [push, bank]}]
end:
  round_limit: 3
  score: "player.banked"
"""

# Push to the limit, then bank: the right play, which a one-step look calls a blunder at
# every push past the first (banking what the pot holds at once looks better than a push
# that banks nothing yet).
PROGRAM = """\
program: Push to the limit
game: bank
side: any
states:
  turn:
    steps:
      play:
        - do: push
          if: "player.pot < 3"
          say: Push while you may
        - do: bank
          say: Bank
"""


@pytest.fixture
def game():  # type: ignore[no-untyped-def]
    return build(RULES)


def _evaluate(game, depth: int):  # type: ignore[no-untyped-def]
    program = parse_program(PROGRAM, game, "push.yaml")
    return evaluate_program(program, game, baselines=("random",), games=2, seed=1,
                            sample_every=1, depth=depth)


def test_one_step_calls_the_push_a_blunder_and_two_steps_do_not(game) -> None:  # type: ignore[no-untyped-def]
    shallow = _evaluate(game, 1)
    assert shallow.blunders > 0
    assert all(b.chosen == "push" and b.best == "bank" for b in shallow.worst)
    for depth in (2, 3):  # a push, then the bank after it: worth more than banking now
        deep = _evaluate(game, depth)
        assert deep.sampled == shallow.sampled
        assert deep.blunders == 0 and deep.mean_regret == 0.0


def test_the_depth_is_checked(game) -> None:  # type: ignore[no-untyped-def]
    for depth in (0, 7, True):
        with pytest.raises(StratagemError, match="1 to 6 decisions ahead"):
            _evaluate(game, depth)


def test_the_cli_says_which_reference_judged(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "bank.yaml"
    rules.write_text(RULES)
    prog = tmp_path / "push.yaml"
    prog.write_text(PROGRAM)
    code, out, err = run(capsys, "evaluate-program", str(prog), "--game", str(rules),
                         "--games", "2", "--against", "random", "--sample-every", "1",
                         "--depth", "2")
    assert code == 0, err
    assert "valued by the best of up to 2 of its own decisions in a row" in out
    assert "blunders 0.0%" in out
    code, _, err = run(capsys, "evaluate-program", str(prog), "--game", str(rules),
                       "--depth", "9")
    assert code == 2 and "--depth" in err and len(err.strip().splitlines()) == 1
