"""`stratagem play` loses nothing: partial replays on quit, Ctrl-C and errors; --save and
--resume; undo at a human prompt. Ctrl-C and undo are typed through a pseudo-terminal."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

import stratagem
from conftest import like_a_terminal
from stratagem.agents.random_agent import RandomAgent
from stratagem.arena import Match
from stratagem.cli.main import main
from stratagem.engine import Action, IllegalActionError, StratagemError


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str,
        *args: str) -> tuple[int, str, str]:
    """Run the CLI with ``typed`` as the person's input; (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def records(path: Path) -> list[list[object]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "stratagem/replay"
    return list(doc["records"])


def spawn(cwd: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1] / "src"),
               NO_COLOR="1", COLUMNS="120")
    return pexpect.spawn(sys.executable, ["-m", "stratagem.cli.main", *args], cwd=str(cwd),
                         env=env, encoding="utf-8", timeout=60,
                         preexec_fn=like_a_terminal)


def test_quit_writes_a_partial_replay_that_replay_accepts(tmp_path, capsys, monkeypatch):
    """`quit` mid-game still writes --replay-out; `replay` checks it and says it stopped."""
    rep = tmp_path / "r.json"
    code, out, _ = run(capsys, monkeypatch, "5\nquit\n", "play", "tic_tac_toe", "--agents",
                       "human,random", "--replay-out", str(rep))
    assert code == 0
    assert "left the game (quit) after 2 decisions" in out
    kept = records(rep)
    assert len(kept) == 2
    assert kept[0][1] == "place cell=(1,1)"
    code, out, err = run(capsys, monkeypatch, "", "replay", str(rep))
    assert code == 0, err
    assert "Stopped after 2 decisions: no result" in out
    assert "1 replay checked, 0 failed" in out


def test_an_error_mid_game_keeps_the_replay(tmp_path, capsys, monkeypatch):
    """An error that stops the game is one line, and the game so far is written."""
    calls = {"n": 0}
    choose = RandomAgent.choose

    def failing(self, view, decision, budget=None):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            raise StratagemError("the agent broke down")
        return choose(self, view, decision, budget)

    monkeypatch.setattr(RandomAgent, "choose", failing)
    rep = tmp_path / "r.json"
    code, _, err = run(capsys, monkeypatch, "", "play", "tic_tac_toe", "--quiet",
                       "--replay-out", str(rep))
    assert code == 2
    assert err.strip().splitlines()[-1] == "error: the agent broke down"
    assert "Traceback" not in err
    assert len(records(rep)) == 2
    monkeypatch.setattr(RandomAgent, "choose", choose)
    code, out, _ = run(capsys, monkeypatch, "", "replay", str(rep))
    assert code == 0 and "Stopped after 2 decisions" in out


def test_a_resumed_game_ends_as_the_same_moves_in_one_go(tmp_path, capsys, monkeypatch):
    """Save on quit, resume with the rest of the moves: the same replay as in one go
    (dice and the random agent's replies included)."""
    moves = "1\n" * 400
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    save = tmp_path / "game.json"
    code, _, err = run(capsys, monkeypatch, moves, "play", "pig", "--agents", "human,random",
                       "--seed", "7", "--quiet", "--replay-out", str(whole))
    assert code == 0, err
    one_go = json.loads(whole.read_text(encoding="utf-8"))
    assert one_go["outcome"] is not None

    code, _, err = run(capsys, monkeypatch, "1\n" * 6 + "quit\n", "play", "pig", "--agents",
                       "human,random", "--seed", "7", "--quiet", "--save", str(save))
    assert code == 0, err
    saved = records(save)
    assert 6 <= len(saved) < len(one_go["records"])
    assert saved == one_go["records"][:len(saved)]
    code, _, err = run(capsys, monkeypatch, moves, "play", "--resume", str(save), "--quiet",
                         "--replay-out", str(part))
    assert code == 0, err
    resumed = json.loads(part.read_text(encoding="utf-8"))
    assert resumed["records"] == one_go["records"]
    assert resumed["outcome"] == one_go["outcome"]
    assert resumed["final_hash"] == one_go["final_hash"]
    assert records(save) == one_go["records"]  # it kept saving to the file it resumed


def test_save_refuses_to_replace_a_file_without_force(tmp_path, capsys, monkeypatch):
    save = tmp_path / "game.json"
    save.write_text("another game\n", encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "quit\n", "play", "tic_tac_toe", "--agents",
                       "human,random", "--save", str(save))
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "already exists" in err
    assert save.read_text(encoding="utf-8") == "another game\n"
    code, _, err = run(capsys, monkeypatch, "quit\n", "play", "tic_tac_toe", "--agents",
                       "human,random", "--save", str(save), "--force")
    assert code == 0, err
    assert records(save) == []


def test_a_forged_save_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    save = tmp_path / "game.json"
    run(capsys, monkeypatch, "5\nquit\n", "play", "tic_tac_toe", "--agents", "human,random",
        "--save", str(save))
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["records"][1][1] = "place cell=(1,1)"  # o on x's square
    save.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "decision 2" in lines[0], err
    assert json.loads(save.read_text(encoding="utf-8")) == doc  # the file is left as it was
    code, _, err = run(capsys, monkeypatch, "", "play", "pig", "--resume", str(save))
    assert code == 2 and "give no GAME" in err
    doc["agents"] = ["human", "python:os.Nothing"]  # a file does not choose code to run
    save.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    code, _, err = run(capsys, monkeypatch, "", "play", "--resume", str(save))
    assert code == 2 and "confirm them with the same --agents" in err
    code, _, err = run(capsys, monkeypatch, "", "play", "--resume", str(save), "--agents",
                       "human,random")
    assert code == 2 and "saved with --agents human,python:os.Nothing" in err


def test_ctrl_c_keeps_the_replay_and_the_save(tmp_path):
    """Ctrl-C at a human prompt: exit 130, both files written, the replay checks."""
    child = spawn(tmp_path, "play", "tic_tac_toe", "--agents", "human,random",
                  "--replay-out", "r.json", "--save", "s.json")
    child.expect("x> ")
    child.sendline("5")
    child.expect("x> ")
    child.sendintr()
    child.expect("interrupted after 2 decisions")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert len(records(tmp_path / "r.json")) == 2
    assert records(tmp_path / "s.json") == records(tmp_path / "r.json")
    check = spawn(tmp_path, "replay", "r.json")
    check.expect("Stopped after 2 decisions: no result")
    check.expect(pexpect.EOF)
    check.close()
    assert check.exitstatus == 0


def test_undo_takes_back_the_last_decision_and_the_replies(tmp_path):
    """`undo` (listed by `?`) goes back to before the seat's last decision."""
    child = spawn(tmp_path, "play", "tic_tac_toe", "--agents", "human,random",
                  "--save", "s.json")
    child.expect("x> ")
    child.sendline("?")
    child.expect("undo +take back your last decision")
    child.expect("x> ")
    child.sendline("undo")
    child.expect("nothing to take back")
    child.expect("x> ")
    child.sendline("1")
    child.expect("x> ")
    assert len(records(tmp_path / "s.json")) == 2  # saved at this human decision
    child.sendline("undo")
    child.expect("took back 2 decisions: x decides again")
    child.expect("x> ")
    assert records(tmp_path / "s.json") == []
    child.sendline("9")
    child.expect("x> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = records(tmp_path / "s.json")
    assert len(saved) == 2
    assert saved[0][1] == "place cell=(2,2)"


def test_match_follow_agrees_with_the_game_played_in_one_go():
    """`Match.follow` replays recorded decisions asking the agents too: they agree, and the
    rebuilt match is the same game; an illegal action changes nothing."""
    game = stratagem.load("pig")
    one = Match(game, ["random", "random"], 3)
    one.advance()
    moves = [r.action for r in one.state.history]
    two = Match(game, ["random", "random"], 3)
    with pytest.raises(IllegalActionError):
        two.follow(Action("nonsense", None, ()))
    assert two.state.history == ()
    assert all(two.follow(a) for a in moves)
    assert two.replay() == one.replay()


def test_the_account_heads_each_round_once_whatever_the_steps_of_a_turn(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Court Letters' turn is two steps (draw, then play): the account heads a round once
    (`round 1, play`) with both steps' moves under it, not a heading before every move."""
    code, out, err = run(capsys, monkeypatch, "", "play", "court_letters", "--seed", "3")
    assert code == 0, err
    headings = [line for line in out.splitlines() if line.startswith("round ")]
    assert headings[:2] == ["round 1, play", "round 2, play"]
    assert len(headings) == len(set(headings))


def test_a_move_taken_back_is_no_longer_marked(capsys, monkeypatch):
    """After undo the board marks no last move: the one marked was taken back."""
    code, out, _ = run(capsys, monkeypatch, "5\nundo\nquit\n", "play", "tic_tac_toe",
                       "--agents", "human,random", "--seed", "1")
    assert code == 0
    before, _, after = out.partition("took back 2 decisions")
    assert "last move:" in before
    assert "last move:" not in after and "[" not in after


def test_resume_tells_what_was_played_since_the_persons_last_decision(tmp_path, capsys,
                                                                       monkeypatch):
    """The agents' replies after the person's last decision are told again on resume, so
    the person sees what they are answering."""
    save = tmp_path / "k.json"
    code, _, _ = run(capsys, monkeypatch, "1\nquit\n", "play", "pig", "--agents",
                     "human,random", "--seed", "4", "--save", str(save))
    assert code == 0
    code, out, _ = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save))
    assert code == 0
    assert "your last decision and what followed (4 decisions):" in out
    recap = out.split("your last decision and what followed")[1].split("── First to decide")[0]
    assert recap.count("second ") >= 3 and "banks 7" in recap


def test_resume_tells_what_began_after_the_persons_last_decision(tmp_path, capsys,
                                                                 monkeypatch):
    """A solitaire game's next turn begins inside the person's own move (an omen drawn as
    it starts): resuming tells it again."""
    rules = tmp_path / "omen.yaml"
    rules.write_text(
        "game: omen\nplayers: [me]\nactions:\n  wait: {ends_turn: true}\n"
        "  sing: {ends_turn: true}\n"
        "narration:\n  omen: \"omen of turn {n}: {die}\"\nflow:\n  phases:\n"
        "    - name: play\n      actions: [wait, sing]\n      on_start:\n"
        "        - roll: {as: d, dice: 1d6}\n"
        "        - emit: {event: omen, fields: {n: game.round, die: d}, narrate: true}\n"
        "  round_limit: 3\n", encoding="utf-8")
    save = tmp_path / "o.json"
    code, played, _ = run(capsys, monkeypatch, "wait\nquit\n", "play", str(rules),
                          "--agents", "human", "--seed", "1", "--save", str(save))
    assert code == 0
    omen = next(line for line in played.splitlines() if "omen of turn 2" in line).strip()
    code, out, _ = run(capsys, monkeypatch, "quit\n", "play", "--resume", str(save))
    assert code == 0
    assert "your last decision and what followed (1 decision):" in out
    assert omen in out


def test_the_prompt_names_the_unit_whose_turn_it_is_and_a_door_is_no_move(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Under unit initiative every option of a turn is one unit's: the prompt names it and
    its square. Opening a door from where the archer stands marks the door alone, not a
    move from the archer's square (the crawl writer's finding 6)."""
    crawl = Path(__file__).parent / "outsider" / "crawl" / "crawl.yaml"
    code, out, _ = run(capsys, monkeypatch, "move #2 to=(4,2)\nopen_door #2 door=(5,3)\nquit\n",
                       "play", str(crawl), "--scenario", "cellar", "--agents",
                       "human,program:" + str(crawl.parent / "monsters.yaml"), "--seed", "2")
    assert code == 0
    prompts = [line for line in out.splitlines() if line.startswith("your move")]
    assert prompts[:2] == ["your move, archer #2 at (1,5)", "your move, archer #2 at (4,2)"]
    marks = [line for line in out.splitlines() if line.startswith("last move")]
    assert marks[:2] == ["last move: ( ) from (1,5), [ ] to (4,2)", "last move: [ ] at (5,3)"]
