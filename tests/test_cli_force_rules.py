"""A game kept by `play --save` outlives an edit of its rules: `play --resume
--force-rules` goes on under the rules as they are now, `replay --force-rules` checks it
(the state it reaches names the rules it was recorded under), and `show` given such a
file says what it is and which command reads it."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_cli_play import run

MARKS = """\
game: marks
players: [x, o]
board: {size: [4, 1]}
entities:
  mark: {}
actions:
  place:
    source: player
    text: "{player} places a mark on {cell}"
    targets: {cell: {position: empty}}
    effects: [{spawn: {type: mark, at: cell}}]
    ends_turn: true
flow:
  phases: [{name: play, actions: [place]}]
end: {round_limit: 3}
"""


@pytest.fixture
def kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A game kept after one decision each, then its rules edited (an action's note)."""
    rules = tmp_path / "marks.yaml"
    rules.write_text(MARKS)
    save = tmp_path / "kept.json"
    code, _, _ = run(capsys, monkeypatch, "1\nquit\n", "play", str(rules), "--agents",
                     "human,random", "--seed", "3", "--save", str(save))
    assert code == 0 and save.exists()
    rules.write_text(MARKS.replace("    ends_turn: true\n",
                                   "    ends_turn: true\n    description: a note\n"))
    return rules, save


def test_resume_under_changed_rules_needs_force_rules(kept, capsys, monkeypatch) -> None:
    _, save = kept
    code, _, err = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save))
    assert code == 2 and "saved under other rules of 'marks'; --force-rules" in err
    code, out, err = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save),
                         "--force-rules")
    assert code == 0, err
    assert "resumed after 2 decisions" in out


def test_replay_with_force_rules_checks_a_game_kept_under_older_rules(kept, capsys,
                                                                       monkeypatch) -> None:
    _, save = kept
    code, _, err = run(capsys, monkeypatch, "", "replay", str(save))
    assert code == 1 and "--force-rules" in err
    code, out, err = run(capsys, monkeypatch, "", "replay", str(save), "--force-rules")
    assert code == 0, err
    assert "1 replay checked, 0 failed" in out + err


def test_show_says_a_kept_game_is_a_replay(kept, capsys, monkeypatch) -> None:
    _, save = kept
    code, _, err = run(capsys, monkeypatch, "", "show", str(save))
    assert code == 2
    assert "a replay (or a game kept by `play --save`), not a saved state" in err
    assert f"stratagem play --resume {save}" in err


def test_force_rules_goes_with_resume(capsys, monkeypatch) -> None:
    code, _, err = run(capsys, monkeypatch, "", "play", "tic_tac_toe", "--force-rules")
    assert code == 2 and "--force-rules goes with --resume FILE" in err


def test_a_game_kept_after_one_decision_says_so_in_the_singular(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tmp_path / "marks.yaml"
    rules.write_text(MARKS)
    save = tmp_path / "kept.json"
    code, _, _ = run(capsys, monkeypatch, "quit\n", "play", str(rules), "--agents",
                     "random,human", "--seed", "3", "--save", str(save))
    assert code == 0 and save.exists()
    code, out, err = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save))
    assert code == 0, err
    assert "resumed after 1 decision\n" in out
