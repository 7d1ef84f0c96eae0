"""The command line: playing, saved states, replays, and one-line errors for bad input."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest

import stratagem
from stratagem.cli.main import main, n


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI; return (exit status, stdout, stderr)."""
    code = 0
    try:
        main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0]


def test_play_narrates_and_prints_the_result(capsys):
    """`play` prints each decision and a result line."""
    code, out, _ = run(capsys, "play", "tic_tac_toe", "--agents", "random,random", "--seed", "3")
    assert code == 0
    assert "x: random, o: random" in out
    assert "marks (1,2)" in out
    assert re.search(r"Result: (won by x|won by o|draw) — ", out)


def test_play_duel_narrates_reactions_and_rolls(capsys):
    """The duel's narration tells actions, reactions and the dice they rolled as sentences:
    units by type and number (never a doubled `##`), and no raw dice where a sentence
    already says what they did."""
    code, out, _ = run(capsys, "play", "duel", "--seed", "4")
    assert code == 0
    assert "##" not in out
    assert "  monsters goblin #2 moves to (4,0)\n" in out  # its action's text, not `move to=`
    assert "reacts: opportunity attack (fighter #1)\n" in out
    assert "· fighter #1 attacks goblin #2: rolls 4, misses" in out
    assert "ends its turn" in out and "end_turn" not in out
    assert "(rolls " not in out
    assert "Result: won by " in out and "its creatures" not in out


def test_raw_dice_are_shown_only_where_no_sentence_tells_them(capsys):
    """Pig narrates no throw, so its dice are the only account of them and are shown; the
    orders roll of Flower War and the dice of Elemental Duel are told in the game's words
    (`roll 6 dice: 3 common…`), so their numbers are not repeated beside them."""
    _, out, _ = run(capsys, "play", "pig", "--seed", "1")
    assert re.search(r"first  throws the die  \(rolls \d\)", out)
    for game in ("flower_war", "elemental_duel"):
        code, out, _ = run(capsys, "play", game, "--seed", "1")
        assert code == 0 and "(rolls " not in out, game
    _, out, _ = run(capsys, "play", "flower_war", "--seed", "1")
    # (told beside its seat once: the action's text names the side, which is not doubled)
    assert re.search(r"aztecs +roll their dice\n +· aztecs roll \d dice: \d common", out)
    assert "aztecs roll their dice" not in out


def test_the_readme_tour_shows_the_real_duel_output(capsys):
    """The `stratagem play duel --seed 4` lines README.md shows are what it prints."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    shown = readme.split("$ stratagem play duel --seed 4\n", 1)[1].split("  ...\n", 1)[0]
    assert len(shown.splitlines()) >= 5
    _, out, _ = run(capsys, "play", "duel", "--seed", "4")
    assert out.startswith(shown), out[:len(shown) + 200]


def test_unknown_game_is_one_line_with_a_suggestion(capsys):
    """A misspelt game name gets one error line that suggests the right name."""
    code, _, err = run(capsys, "play", "tic_tac_to")
    assert_one_line_error(code, err, "unknown game 'tic_tac_to'", "did you mean 'tic_tac_toe'")


def test_unknown_agent_and_wrong_agent_count_are_refused_before_play(capsys):
    """Bad --agents values end in one error line and nothing is played."""
    code, out, err = run(capsys, "play", "tic_tac_toe", "--agents", "random,nobody")
    assert_one_line_error(code, err, "unknown agent 'nobody'")
    assert out == ""
    code, _, err = run(capsys, "play", "tic_tac_toe", "--agents", "random")
    assert_one_line_error(code, err, "2 players")


def test_usage_errors_are_one_line(capsys):
    """A missing argument or a bad option value is one line pointing at --help."""
    code, _, err = run(capsys, "play")
    assert_one_line_error(code, err, "Missing argument", "--help")
    code, _, err = run(capsys, "play", "tic_tac_toe", "--seed", "many")
    assert_one_line_error(code, err, "--seed")


def test_saved_state_workflow_new_show_move(capsys, tmp_path: Path):
    """`new`, `show` and `move` play a game by hand through a saved file."""
    f = tmp_path / "g.json"
    code, out, _ = run(capsys, "new", "tic_tac_toe", "--out", str(f))
    assert code == 0 and f.exists()
    assert "place cell=(1,1)" in out
    code, out, _ = run(capsys, "move", str(f), "place cell=(1,1)")
    assert code == 0
    assert "x: marks (1,1)" in out
    code, out, _ = run(capsys, "show", str(f))
    assert code == 0
    assert "o to decide: 8 options" in out
    assert "x #1 (x) at (1,1)" in out  # the pieces, as a player sees them
    assert "place cell=(1,1)" not in out


def test_show_and_move_tell_what_a_player_needs(capsys, tmp_path: Path):
    """Pig by hand: the die thrown and the scores are on the screen."""
    f = tmp_path / "pig.json"
    run(capsys, "new", "pig", "--out", str(f), "--seed", "2")
    code, out, err = run(capsys, "move", str(f), "throw")
    assert code == 0, err
    rolled = re.search(r"first: throws the die \(rolls (\d)\)", out)
    assert rolled is not None, out
    total = 0 if rolled.group(1) == "1" else int(rolled.group(1))
    assert f"first: score 0, turn_total {total}" in out


def test_illegal_or_malformed_action_text_leaves_the_saved_state_untouched(capsys, tmp_path: Path):
    """An illegal or unparsable action is one error line and the file is unchanged."""
    f = tmp_path / "g.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(f))
    run(capsys, "move", str(f), "place cell=(0,0)")
    before = f.read_text()
    code, _, err = run(capsys, "move", str(f), "place cell=(0,0)")
    assert_one_line_error(code, err, "illegal action", "cell=(0,0)")
    code, _, err = run(capsys, "move", str(f), "place cell=(0,0")
    assert_one_line_error(code, err, "unbalanced brackets")
    code, _, err = run(capsys, "move", str(f), "attack #3")
    assert_one_line_error(code, err, "unknown action 'attack'")
    assert f.read_text() == before


def test_malformed_saved_states_are_one_line_errors(capsys, tmp_path: Path):
    """Truncated, foreign or missing state files end in one error line naming the file."""
    good = tmp_path / "g.json"
    run(capsys, "new", "duel", "--out", str(good))
    text = good.read_text()
    cases = {
        "trunc.json": text[: len(text) // 2],
        "foreign.json": json.dumps({"game": "tic_tac_toe", "format": "something else"}),
        "nogame.json": json.dumps({"hello": 1}),
        "badgame.json": text.replace('"game":"duel"', '"game":"chess"'),
        "broken.json": text.replace('"flow":[', '"flow":["x",'),
    }
    for name, content in cases.items():
        path = tmp_path / name
        path.write_text(content)
        code, _, err = run(capsys, "show", str(path))
        assert code == 2, name
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (name, err)
    code, _, err = run(capsys, "show", str(tmp_path / "missing.json"))
    assert_one_line_error(code, err, "cannot read")


def test_replay_round_trip_and_tampering(capsys, tmp_path: Path):
    """A written replay checks out; a tampered one is reported in one line."""
    rep = tmp_path / "r.json"
    code, _, _ = run(capsys, "play", "duel", "--seed", "5", "--quiet", "--replay-out", str(rep))
    assert code == 0
    code, out, _ = run(capsys, "replay", str(rep))
    assert code == 0 and ": ok — duel seed 5" in out
    doc = json.loads(rep.read_text())
    doc["final_hash"] = "0" * 16
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1
    assert err.splitlines() == [f"error: {bad}:1: replay reaches a different final state than "
                                "recorded", "1 replay checked, 1 failed"]
    bad.write_text("not json\n")
    code, _, err = run(capsys, "replay", str(bad))
    assert code == 1 and f"error: {bad}:1: malformed replay" in err


def test_every_command_has_help(capsys):
    """Each command answers --help with its description."""
    for cmd in ("games", "agents", "play", "new", "show", "move", "replay"):
        code, out, _ = run(capsys, cmd, "--help")
        assert code == 0 and "Usage:" in out and len(out.splitlines()) > 3, cmd


def test_readme_python_example_runs():
    """The Python tour in README.md runs as written."""
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_agent_codes_with_several_arguments_fit_in_one_agents_list(capsys):
    """`--agents mcts:iterations=20,c=2,random` is two seats, the first with two settings."""
    code, out, err = run(capsys, "play", "tic_tac_toe", "--agents", "mcts:iterations=20,c=2,random",
                         "--quiet")
    assert code == 0, err
    assert out.startswith("Result: ")


@pytest.mark.parametrize(("against", "needle"), [
    ("human", "'human' cannot be one"),
    ("", "at least one baseline"),
    (",", "at least one baseline"),
])
def test_evaluate_program_refuses_baselines_that_cannot_play(capsys, against, needle):
    code, _, err = run(capsys, "evaluate-program", "goblins", "--game", "skirmish",
                       "--scenario", "ambush", "--games", "1", "--against", against)
    assert_one_line_error(code, err, needle)


def test_a_budget_in_a_code_must_be_a_positive_number(capsys):
    code, _, err = run(capsys, "play", "tic_tac_toe", "--agents", "mcts:budget=abc,random")
    assert_one_line_error(code, err, "has no argument 'budget'")
    code, _, err = run(capsys, "play", "tic_tac_toe", "--agents", "mcts:iterations=abc,random")
    assert_one_line_error(code, err, "iterations must be a whole number above 0")


def test_counts_read_in_the_singular_when_there_is_one(capsys):
    assert (n(1, "state"), n(0, "rule"), n(3, "game")) == ("1 state", "0 rules", "3 games")
    code, out, err = run(capsys, "check-program", "goblins", "--game", "skirmish")
    assert code == 0, err
    assert "ok — Goblin war-band, 2 states, 13 rules" in out


def test_games_lists_each_game_with_its_players_and_scenarios(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem games` names every bundled game, its players, and the scenarios that
    `--scenario` takes, each of which loads."""
    code, out, _ = run(capsys, "games")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert set(lines) == set(stratagem.list_games())
    assert "(2 players: heroes, monsters; scenarios: duel, ambush, clearing)" in lines["skirmish"]
    assert "scenarios" not in lines["tic_tac_toe"]
    for name, line in lines.items():
        if "; scenarios: " in line:
            listed = line.rsplit("; scenarios: ", 1)[1].rstrip(")").split(", ")
            assert tuple(listed) == stratagem.load(name).scenarios
            for scenario in listed:
                assert stratagem.load(name, scenario).scenario == scenario


def test_a_bug_of_ours_is_one_line_and_a_file_with_the_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """An error that is no user's fault (a bug in Stratagem) is not a traceback on the
    screen: one line says so and names the file that keeps the traceback for a report."""
    import stratagem.cli.main as cli_main  # noqa: PLC0415 - the module whose name is patched

    def broken(path: object) -> None:
        raise ZeroDivisionError("a check divided by nothing")

    monkeypatch.setattr(cli_main, "check_rules", broken)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.delenv("STRATAGEM_DEBUG", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", None)  # (TMPDIR is read afresh)
    code, _out, err = run(capsys, "validate", "tic_tac_toe")
    lines = err.strip().splitlines()
    assert code == 70 and len(" ".join(lines).split("internal error")) == 2, err
    assert "ZeroDivisionError: a check divided by nothing" in " ".join(lines)
    kept = list(tmp_path.glob("stratagem-crash-*.txt"))
    assert len(kept) == 1 and str(kept[0]) in " ".join(lines).replace("\n", "")
    text = kept[0].read_text()
    assert text.startswith("stratagem ") and "Traceback" in text and "def broken" not in text
    assert "in broken" in text
    monkeypatch.setenv("STRATAGEM_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        main(["validate", "tic_tac_toe"])


def test_replay_show_tells_the_set_up_as_play_did(capsys, tmp_path: Path):
    """`replay --show` begins, as `play` does, with what was narrated before the first
    move (the dice dealt as the first round began), under the first round's heading, which
    the first move is not given again."""
    rep = tmp_path / "r.json"
    code, played, _ = run(capsys, "play", "elemental_duel", "--seed", "1", "--replay-out",
                          str(rep))
    assert code == 0
    code, shown, _ = run(capsys, "replay", str(rep), "--show")
    assert code == 0
    opening = played.splitlines()[1:4]
    assert opening[0] == "round 1, roll" and opening[1].startswith("  · red's dice:")
    assert "set-up" not in played.splitlines()
    assert played.splitlines().count("round 1, roll") == 1
    assert shown.splitlines()[:3] == opening


def test_what_a_round_says_as_it_begins_is_told_under_its_heading(capsys):
    """A `round_started` trigger's sentence is told under its round's heading, round 1's as
    well (it was under `set-up`), and at the heading's own depth, not as if a move had said
    it (the crawl writer's finding 5, the sealed-bids writer's finding 12)."""
    bell = (Path(__file__).parent / "outsider" / "crawl" / "repro"
            / "03_round1_trigger_told_under_setup.yaml")
    code, out, _ = run(capsys, "play", str(bell), "--seed", "0")
    assert code == 0
    lines = out.splitlines()
    assert "set-up" not in lines
    for round_ in (1, 2):
        at = lines.index(f"round {round_}, play")
        assert lines[at + 1] == f"  · the bell tolls for round {round_}"


def test_a_reason_is_told_under_its_move_before_what_the_move_set_off(capsys):
    """The last bid of a round sets off the reveal: the bidder's reason is told under its
    move, before the reveal's sentences (the sealed-bids writer's finding 12: it came three
    lines below, after "bob takes the pot")."""
    bids = Path(__file__).parent / "outsider" / "sealed_bids" / "sealed_bids.yaml"
    code, out, _ = run(capsys, "play", str(bids), "--scenario", "two", "--seed", "2",
                       "--agents", "random,random", "--explain")
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    at = lines.index("bob lays a bid face down")
    assert lines[at + 1] == "↳ Picked at random."
    assert lines[at + 3:at + 6] == ["· ann bid 5", "· bob bid 6", "· bob takes the pot, worth 4"]
