"""`stuck:` — what a player with no legal action as a step begins does: pass (skipped, the
default), lose (out, the last one standing wins: draughts) or draw (a stalemate)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_helpers import act, build, problems
from stratagem.rules import check_rules
from test_cli import run

# Red's pawn walks right along a strip of four; blue's pawn stands at the right edge and
# can never move. Red moves first.
RULES = """\
game: stuck
players: [red, blue]
board:
  size: [4, 1]
entities:
  pawn:
    actions: [advance]
actions:
  advance:
    targets:
      to: {kind: position, from: "[(actor.pos.x + 1, 0)]", where: "on_board(to) and is_empty(to)"}
    effects:
      - move: {to: to}
      - end_turn: {}
flow:
  phases:
    - name: play
      actions: [advance]
      STUCK
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: pawn, owner: blue, at: [3, 0]}
end:
  round_limit: 5
"""


def game_with(stuck: str):  # type: ignore[no-untyped-def]
    return build(RULES.replace("STUCK", stuck))


def test_a_player_with_no_move_loses_when_the_step_says_so() -> None:
    game = game_with("stuck: lose")
    s = act(game, game.new_state(), "advance #1 to=(1,0)")
    assert s.outcome is not None
    assert s.outcome.winners == (0,) and s.outcome.reason == "blue has no move"


def test_a_stalemate_is_a_draw() -> None:
    game = game_with("stuck: draw")
    s = act(game, game.new_state(), "advance #1 to=(1,0)")
    assert s.outcome is not None and s.outcome.is_draw
    assert s.outcome.reason == "blue has no move"


def test_by_default_the_step_is_skipped() -> None:
    game = game_with("")
    s = act(game, game.new_state(), "advance #1 to=(1,0)")
    assert s.outcome is None and s.decision is not None and s.decision.player == 0
    assert s.flow.round == 2  # blue's turn went by without a decision


def test_a_player_who_has_acted_is_not_stuck() -> None:
    """A step that allows several actions ends when nothing legal is left; that is not
    being stuck: only a player with no action as the step begins is."""
    text = RULES.replace("STUCK", "stuck: lose").replace("      - end_turn: {}\n", "")
    game = build(text)
    s = act(game, game.new_state(), "advance #1 to=(1,0)")
    s = act(game, s, "advance #1 to=(2,0)")  # red's turn goes on until it runs out
    assert s.outcome is not None and s.outcome.winners == (0,)  # blue then has no move
    assert s.players[0].alive


def test_stuck_takes_one_of_three_words() -> None:
    (found,) = problems(RULES.replace("STUCK", "stuck: forfeit"))
    assert ("`stuck` is one of pass, lose, draw, or `{if: TEST, then: lose, else: draw}`, "
            "not `forfeit`") in found
    assert found.startswith("rules.yaml:19:14:")


@pytest.mark.parametrize("where", ["phase", "step"])
def test_stuck_is_given_on_a_phase_or_a_step(where: str) -> None:
    if where == "phase":
        game = game_with("stuck: lose")
    else:
        game = build(RULES.replace("      actions: [advance]\n      STUCK\n",
                                   "      steps:\n        - {name: go, actions: [advance], "
                                   "stuck: lose}\n"))
    assert game.phases[0].steps[0].stuck == "lose"


def test_a_turn_nothing_ends_is_warned_about(tmp_path) -> None:  # type: ignore[no-untyped-def]
    endless = RULES.replace("      - end_turn: {}\n", "").replace("STUCK", "")
    path = tmp_path / "endless.yaml"
    path.write_text(endless)
    said = [str(w) for w in check_rules(path)[1]]
    assert any("phase `play`, step `play`: no action ends the turn" in w for w in said), said
    path.write_text(RULES.replace("STUCK", ""))
    assert not [w for w in check_rules(path)[1] if "ends the turn" in str(w)]


@pytest.mark.parametrize(("test", "lost"), [("seat_number(player) == 1", True),
                                             ("seat_number(player) == 0", False)])
def test_what_a_stuck_player_does_may_hang_on_a_test(test: str, lost: bool) -> None:
    """`stuck: {if: TEST, then: lose, else: draw}` reads the test for the stuck player:
    chess's mate (no move in check) and stalemate (no move otherwise) in one step, with
    no end rule that looks for a legal move itself (the chess writer's finding 3)."""
    game = game_with(f'stuck: {{if: "{test}", then: lose, else: draw}}')
    s = act(game, game.new_state(), "advance #1 to=(1,0)")
    assert s.outcome is not None and s.outcome.reason == "blue has no move"
    if lost:
        assert s.outcome.winners == (0,)
    else:
        assert s.outcome.is_draw


def test_a_stuck_test_names_what_it_reads_and_the_sheet_says_both_outcomes(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (found,) = problems(RULES.replace("STUCK", 'stuck: {if: "player.nope > 0", then: lose}'))
    assert "nope" in found
    rules = tmp_path / "stuck.yaml"
    rules.write_text(RULES.replace(
        "STUCK", 'stuck: {if: "seat_number(player) == 1", then: lose, else: draw}'),
        encoding="utf-8")
    code, out, _ = run(capsys, "rules", str(rules))
    assert code == 0
    said = " ".join(out.split())
    assert ("a player with no legal move as their turn begins, when seat_number(player) "
            "== 1 is out") in said
    assert "a player with no legal move as their turn begins, otherwise: the game is drawn" \
        in said
