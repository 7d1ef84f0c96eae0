"""A player chosen by a conditional with a `none` branch (`highest(...) if x else none`) is
still a player: narration names it, not its seat number (a sealed-bid game's pot went to
"2")."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli import run

RULES = """
game: leader
players: [ann, bob, cid]
player:
  points: 0
define:
  leader: "highest(players(), by: it.points) if game.round > 0 else none"
actions:
  score:
    effects: [{modify: {what: player.points, by: 1}}]
    ends_turn: true
narration:
  led: "{who} leads"
flow:
  phases:
    - name: play
      actions: [score]
      on_end:
        - emit: {event: led, fields: {who: leader}, narrate: true}
end:
  round_limit: 1
"""


def test_a_player_from_a_conditional_with_none_is_narrated_by_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "leader.yaml"
    rules.write_text(RULES, encoding="utf-8")
    code, out, err = run(capsys, "play", str(rules), "--seed", "1")
    assert code == 0, err
    assert "ann leads" in out
    assert "0 leads" not in out
