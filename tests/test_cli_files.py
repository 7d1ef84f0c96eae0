"""The command line's files: saved states and replays of games from rules files and
scenarios open again, unreadable input is one error line, output paths are checked
before any game is played, and a file of replays is checked to its last line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import stratagem
from test_cli import assert_one_line_error, run

RACE = """\
game: race
description: Roll a die and race to 10 squares.
players: [red, blue]
player:
  pos: 0
actions:
  advance:
    text: "{player} advances"
    effects:
      - roll: {as: r, dice: 1d6}
      - modify: {what: player.pos, by: r}
    ends_turn: true
  rest:
    text: "{player} rests"
    effects:
      - modify: {what: player.pos, by: 1}
    ends_turn: true
flow:
  phases:
    - name: race
      actions: [advance, rest]
end:
  win:
    reached the goal: "player.pos >= 10"
  round_limit: 20
  score: "player.pos"
"""


@pytest.fixture
def race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small rules file, `race.yaml`, in the working directory (a temporary one)."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "race.yaml"
    path.write_text(RACE, encoding="utf-8")
    return path


# ------------------------------------------------- games from rules files


def test_replay_of_a_rules_file_game_records_the_file_and_checks_out(capsys, race: Path):
    """`play race.yaml --replay-out` records the resolved rules file; `replay` reopens it."""
    code, _, err = run(capsys, "play", "race.yaml", "--quiet", "--replay-out", "rr.json")
    assert code == 0, err
    doc = json.loads(Path("rr.json").read_text())
    assert doc["meta"]["rules"] == str(race.resolve())
    code, out, err = run(capsys, "replay", "rr.json")
    assert code == 0, err
    assert "rr.json:1: ok — race seed 0" in out
    assert "1 replay checked, 0 failed" in out


def test_replay_finds_moved_rules_with_the_rules_option(capsys, race: Path, tmp_path: Path):
    """A replay whose rules file moved names the missing file; `--rules` points at the new
    place; `--rules` naming another game's rules is refused."""
    run(capsys, "play", "race.yaml", "--quiet", "--replay-out", "rr.json")
    (tmp_path / "moved").mkdir()
    race.rename(tmp_path / "moved" / "race.yaml")
    code, _, err = run(capsys, "replay", "rr.json")
    assert code == 1
    lines = err.strip().splitlines()
    assert lines[0].startswith("error: rr.json:1: ")
    assert str(race.resolve()) in lines[0] and "--rules FILE" in lines[0]
    assert lines[1] == "1 replay checked, 1 failed"
    code, out, err = run(capsys, "replay", "rr.json", "--rules", "moved/race.yaml")
    assert code == 0, err
    assert ": ok — race" in out
    other = tmp_path / "other.yaml"
    other.write_text(RACE.replace("game: race", "game: sprint"), encoding="utf-8")
    code, _, err = run(capsys, "replay", "rr.json", "--rules", str(other))
    assert code == 1
    assert "holds the rules of game 'sprint', not 'race'" in err


def test_arena_replays_of_a_rules_file_game_check_out(capsys, race: Path):
    """`arena race.yaml --replays` writes replays that `replay` can re-run."""
    code, _, err = run(capsys, "arena", "race.yaml", "--agents", "random,random", "--games",
                       "2", "--quiet", "--db", "race.sqlite", "--replays", "race.jsonl")
    assert code == 0, err
    lines = Path("race.jsonl").read_text().splitlines()
    assert len(lines) == 2
    assert all(json.loads(ln)["meta"]["rules"] == str(race.resolve()) for ln in lines)
    code, out, err = run(capsys, "replay", "race.jsonl")
    assert code == 0, err
    assert "2 replays checked, 0 failed" in out


def test_saved_state_of_a_rules_file_game_shows_and_moves(capsys, race: Path, tmp_path: Path):
    """`new race.yaml` records the rules file; `show` and `move` reopen it, and `--rules`
    finds it once moved (the moved place is then recorded)."""
    code, _, err = run(capsys, "new", "race.yaml", "--out", "r.json")
    assert code == 0, err
    assert json.loads(Path("r.json").read_text())["rules"] == str(race.resolve())
    code, out, err = run(capsys, "show", "r.json")
    assert code == 0, err
    assert "red to decide: 2 options" in out and "advance" in out
    code, out, err = run(capsys, "move", "r.json", "rest")
    assert code == 0, err
    assert "blue to decide: 2 options" in out
    moved = tmp_path / "elsewhere.yaml"
    race.rename(moved)
    code, _, err = run(capsys, "show", "r.json")
    assert_one_line_error(code, err, "r.json: ", str(race.resolve()), "--rules FILE")
    code, _, err = run(capsys, "move", "r.json", "rest")
    assert_one_line_error(code, err, str(race.resolve()))
    code, _, err = run(capsys, "show", "r.json", "--rules", "nowhere.yaml")
    assert_one_line_error(code, err, "no rules file at nowhere.yaml")
    code, out, err = run(capsys, "move", "r.json", "rest", "--rules", str(moved))
    assert code == 0, err
    assert json.loads(Path("r.json").read_text())["rules"] == str(moved.resolve())
    code, out, err = run(capsys, "show", "r.json")
    assert code == 0, err
    assert "round 2" in out


def test_saved_state_with_broken_rules_is_one_line(capsys, race: Path):
    """Rules that no longer compile are reported in one line, with how to list them all."""
    run(capsys, "new", "race.yaml", "--out", "r.json")
    race.write_text(RACE.replace("actions: [advance, rest]", "actions: [advance, jump]")
                    .replace("players: [red, blue]", "players: 3"), encoding="utf-8")
    code, _, err = run(capsys, "show", "r.json")
    assert_one_line_error(code, err, "r.json: ", "race.yaml")


def test_new_show_move_keep_the_scenario(capsys, tmp_path: Path):
    """`new --scenario` records the scenario; `show` and `move` rebuild the same game."""
    f = tmp_path / "sk.json"
    code, out, err = run(capsys, "new", "skirmish", "--scenario", "ambush", "--out", str(f))
    assert code == 0, err
    assert json.loads(f.read_text())["scenario"] == "ambush"
    game = stratagem.load("skirmish", "ambush")
    state = game.new_state(0)
    rows = [line for line in out.splitlines() if re.match(r"\s*\d+ ", line)]
    assert len(rows) == game.board.height + 1  # the column numbers, then each row
    code, shown, err = run(capsys, "show", str(f))
    assert code == 0, err
    assert "\n".join(rows) in shown
    action = str(game.legal_actions(state)[0])
    code, _, err = run(capsys, "move", str(f), action)
    assert code == 0, err
    doc = json.loads(f.read_text())
    assert doc["scenario"] == "ambush"
    after = game.apply(state, game.parse_action(state, action))
    assert game.deserialize(f.read_text()) == after
    code, _, err = run(capsys, "new", "skirmish", "--scenario", "nowhere", "--out", str(f))
    assert code == 2 and "nowhere" in err


def test_files_without_the_new_keys_still_load(capsys, tmp_path: Path):
    """A state written by the engine alone and a replay without `meta` rules still open,
    as the bundled game of their name."""
    game = stratagem.load("tic_tac_toe")
    f = tmp_path / "old.json"
    f.write_text(game.serialize(game.new_state(0)), encoding="utf-8")
    code, out, err = run(capsys, "show", str(f))
    assert code == 0, err
    assert "place cell=(1,1)" in out
    rep = tmp_path / "old_replay.json"
    result = stratagem.play(game, ["random", "random"], seed=2)
    assert "rules" not in result.replay.meta
    rep.write_text(result.replay.to_json(), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(rep))
    assert code == 0, err


def test_unknown_game_without_rules_suggests_the_rules_option(capsys, tmp_path: Path):
    """An old replay of a game that is not bundled says how to give its rules."""
    game = stratagem.load("tic_tac_toe")
    doc = json.loads(game.serialize(game.new_state(0)))
    doc["game"] = "race"
    f = tmp_path / "s.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "show", str(f))
    assert_one_line_error(code, err, "unknown game 'race'", "--rules FILE")


# ------------------------------------------------------- unreadable input


@pytest.mark.parametrize("command", [["show"], ["move", "", "x"], ["replay"]])
def test_non_utf8_input_is_one_line(capsys, tmp_path: Path, command: list[str]):
    """Bytes that are not UTF-8 end in one error line naming the file, exit status 2."""
    f = tmp_path / "bin.json"
    f.write_bytes(b"\x00\xff\xfe")
    args = [str(f) if a == "" else a for a in command]
    if len(args) == 1:
        args.append(str(f))
    code, _, err = run(capsys, *args)
    assert_one_line_error(code, err)
    assert err.strip() == f"error: {f}: the file is not UTF-8 text"


def test_files_with_a_byte_order_mark_load(capsys, tmp_path: Path):
    """A saved state or replay an editor saved with a UTF-8 byte-order mark still opens."""
    f = tmp_path / "g.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(f))
    f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())
    code, out, err = run(capsys, "show", str(f))
    assert code == 0, err
    assert "x to decide: 9 options" in out
    rep = tmp_path / "r.json"
    run(capsys, "play", "tic_tac_toe", "--quiet", "--replay-out", str(rep))
    rep.write_bytes(b"\xef\xbb\xbf" + rep.read_bytes())
    code, out, err = run(capsys, "replay", str(rep))
    assert code == 0, err


def test_replay_of_a_json_list_is_a_clear_message(capsys, tmp_path: Path):
    """A JSON value that is not an object is named for what it is."""
    f = tmp_path / "list.json"
    f.write_text("[1, 2]\n")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 1
    assert "a replay is a JSON object, not a list" in err
    assert "attribute" not in err and "Traceback" not in err


def test_error_lines_keep_square_brackets(capsys, tmp_path: Path):
    """A file name with square brackets is printed as written, not read as markup."""
    code, _, err = run(capsys, "show", str(tmp_path / "[save].json"))
    assert_one_line_error(code, err, "[save].json")


def test_show_limit_must_not_be_negative(capsys, tmp_path: Path):
    """`--limit -1` is refused; `--limit 0` lists no options but the count."""
    f = tmp_path / "g.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(f))
    code, _, err = run(capsys, "show", str(f), "--limit", "-1")
    assert_one_line_error(code, err, "--limit")
    code, out, _ = run(capsys, "show", str(f), "--limit", "0")
    assert code == 0
    assert "place cell" not in out and "… and 9 more" in out


# ------------------------------------------------ outputs checked up front


@pytest.mark.parametrize("target", ["nodir/g.json", "adir", "afile/g.json"])
def test_play_checks_the_replay_path_before_playing(capsys, tmp_path: Path, target: str):
    """A replay path in a missing directory, a directory, or under a file is refused
    before the game starts: nothing is narrated."""
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("")
    path = tmp_path / target
    code, out, err = run(capsys, "play", "tic_tac_toe", "--replay-out", str(path))
    assert_one_line_error(code, err, str(path), "directory")
    assert out == ""


@pytest.mark.parametrize("option", ["--json", "--csv", "--replays", "--report", "--db"])
def test_arena_checks_every_output_before_playing(capsys, tmp_path: Path, option: str):
    """Each arena output is checked before the tournament: no results file is created."""
    db = tmp_path / "t.sqlite"
    args = ["arena", "tic_tac_toe", "--agents", "random,random", "--games", "1", "--quiet",
            "--db", str(db)]
    code, _, err = run(capsys, *args, option, str(tmp_path / "nodir" / "out"))
    assert_one_line_error(code, err, "cannot write", "there is no directory")
    assert not db.exists()


def test_evaluate_program_checks_its_json_path_first(capsys, tmp_path: Path):
    """`evaluate-program --json` into a missing directory fails before any game."""
    code, out, err = run(capsys, "evaluate-program", "tlaxcaltec", "--game", "flower_war",
                         "--json", str(tmp_path / "nodir" / "ev.json"))
    assert_one_line_error(code, err, "there is no directory")
    assert out == ""


def test_new_and_move_check_their_output(capsys, tmp_path: Path):
    """`new --out` and `move --out` into a missing directory are one error line."""
    code, _, err = run(capsys, "new", "tic_tac_toe", "--out", str(tmp_path / "no" / "g.json"))
    assert_one_line_error(code, err, "there is no directory")
    f = tmp_path / "g.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(f))
    before = f.read_text()
    code, _, err = run(capsys, "move", str(f), "place cell=(1,1)", "--out",
                       str(tmp_path / "no" / "g.json"))
    assert_one_line_error(code, err, "there is no directory")
    assert f.read_text() == before


# ------------------------------------------------------ files of replays


def _replays(n: int) -> list[dict[str, object]]:
    game = stratagem.load("tic_tac_toe")
    return [json.loads(stratagem.play(game, ["random", "random"], seed=s).replay.to_json())
            for s in range(n)]


def test_replay_checks_every_line_and_counts_failures(capsys, tmp_path: Path):
    """A bad replay in the middle of a file is reported with its line number; the lines
    after it are still checked; a count follows and the exit status is 1."""
    docs = _replays(4)
    docs[1]["final_hash"] = "0" * 16
    lines = [json.dumps(d) for d in docs]
    lines.insert(2, "")  # a blank line is skipped, but line numbers still count it
    lines[3] = "not json"  # was docs[2]
    f = tmp_path / "games.jsonl"
    f.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "replay", str(f))
    assert code == 1
    assert f"{f}:1: ok" in out and f"{f}:5: ok" in out
    errors = err.strip().splitlines()
    assert errors[0] == f"error: {f}:2: replay reaches a different final state than recorded"
    assert errors[1].startswith(f"error: {f}:4: malformed replay")
    assert errors[2] == "4 replays checked, 2 failed"
    assert len(errors) == 3


def test_outcome_mismatch_is_told_in_words(capsys, tmp_path: Path):
    """A replay whose recorded outcome differs says who won and why, not Python values."""
    doc = _replays(1)[0]
    outcome = doc["outcome"]
    assert isinstance(outcome, dict)
    real = "won by x" if outcome["winners"] == [0] else "won by o" if outcome["winners"] else "draw"
    outcome.update(winners=[1], ranks=[2, 1], scores=[-1.0, 1.0], reason="made up")
    f = tmp_path / "r.json"
    f.write_text(json.dumps(doc))
    code, _, err = run(capsys, "replay", str(f))
    assert code == 1
    first = err.strip().splitlines()[0]
    assert "Outcome(" not in first
    assert f"replay ends differently: {real} — " in first
    assert first.endswith("but the file records won by o — made up")


def test_a_replay_and_a_saved_state_given_for_each_other_say_which_they_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`show` on a replay and `replay` on a saved state name the command the file is for."""
    state, replay = tmp_path / "g.json", tmp_path / "r.json"
    assert run(capsys, "new", "pig", "--out", str(state))[0] == 0
    assert run(capsys, "play", "pig", "--quiet", "--replay-out", str(replay))[0] == 0
    kept = "a replay (or a game kept by `play --save`), not a saved state: `stratagem replay"
    for args, needle in ((["show", str(replay)], kept),
                         (["move", str(replay), "roll"], kept),
                         (["replay", str(state)], "a saved state, not a replay: `stratagem show")):
        code, _, err = run(capsys, *args)
        assert code != 0 and needle in err and "Traceback" not in err, err


def test_show_as_a_player_hides_what_that_player_may_not_see(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`show --as south` on a hidden-card game shows south's hand, only counts north's, and
    neither lists nor counts north's options (a count tells of a hand); `--as north` lists
    them; without --as, all is shown."""
    saved = tmp_path / "h.json"
    assert run(capsys, "new", "high_card", "--out", str(saved))[0] == 0
    state = stratagem.load("high_card").deserialize(saved.read_text())
    north_hand = [f"#{int(i)}" for i in state.players[0].zones["hand"]]
    code, south, _ = run(capsys, "show", str(saved), "--as", "south")
    assert code == 0 and "south (you)" in south and "hand: 3 hidden" in south
    assert not any(re.search(rf"{card}\b", south) for card in north_hand)
    assert "their options are north's to see" in south
    assert "north to decide\n" in south and not re.search(r"\d+ options?\b", south)
    code, north, _ = run(capsys, "show", str(saved), "--as", "0")
    assert code == 0 and "north (you)" in north
    assert all(f"play card={card}" in north for card in north_hand)
    code, umpire, _ = run(capsys, "show", str(saved))
    assert code == 0 and all(card in umpire for card in north_hand) and "hidden" not in umpire
    code, _, err = run(capsys, "show", str(saved), "--as", "west")
    assert_one_line_error(code, err, "high_card has no player 'west' (players: 0 north, 1 south)")


def test_new_and_undo_print_a_hidden_card_game_as_the_player_to_decide(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`new` and `undo` on a game that hides things print what the player to decide may
    see (they printed every hand and the deck), or `--as`'s; a game that hides nothing is
    printed whole, as before."""
    saved = tmp_path / "h.json"
    code, first, _ = run(capsys, "new", "high_card", "--out", str(saved))
    state = stratagem.load("high_card").deserialize(saved.read_text())
    south_hand = [f"#{int(i)}" for i in state.players[1].zones["hand"]]
    assert code == 0 and "as north sees it, who decides next" in first
    assert "north (you)" in first and "hand: 3 hidden" in first
    assert not any(re.search(rf"{card}\b", first) for card in south_hand)
    code, south, _ = run(capsys, "new", "high_card", "--out", str(saved), "--force",
                         "--as", "south")
    assert code == 0 and "south (you)" in south and "who decides next" not in south
    assert run(capsys, "move", str(saved), str(state.decision.actions[0]))[0] == 0
    code, undone, _ = run(capsys, "undo", str(saved))
    assert code == 0 and "took back 1 decision" in undone and "as north sees it" in undone
    assert not any(re.search(rf"{card}\b", undone) for card in south_hand)
    code, _, err = run(capsys, "undo", str(saved), "--as", "west")
    assert_one_line_error(code, err, "high_card has no player 'west' (players: 0 north, 1 south)")
    code, whole, _ = run(capsys, "new", "tic_tac_toe", "--out", str(tmp_path / "t.json"))
    assert code == 0 and "sees it" not in whole


def test_an_action_text_that_names_its_player_is_not_told_with_the_name_twice(capsys,
                                                                              race: Path):
    """`text: "{player} advances"` reads "red advances" in the game's narration, not
    "red red advances": the step is told beside its seat."""
    code, out, err = run(capsys, "play", str(race), "--agents", "random,random", "--seed", "3")
    assert code == 0, err
    told = [line.split() for line in out.splitlines() if "advances" in line or "rests" in line]
    assert told, out
    for words_ in told:
        seat = words_.index(next(w for w in words_ if w in ("red", "blue")))
        assert words_[seat + 1] in ("advances", "rests"), words_


CUPS = """\
game: cups
players: [ann, bob]
entities:
  one: {params: {face: 1}}
  two: {params: {face: 2}}
zones:
  bag: {owner: table, visibility: nobody}
  cup: owner
setup:
  entities:
    - {type: one, zone: bag}
    - {type: two, zone: bag}
    - {type: one, zone: bag}
    - {type: two, zone: bag}
  effects:
    - for_each: {as: p, in: "players()", do: [{draw: {player: p, from: bag, to: cup}}]}
actions:
  pass: {source: player, ends_turn: true}
flow:
  phases: [{name: turns, actions: [pass]}]
end: {round_limit: 1}
"""


def test_zones_are_listed_under_their_players_name(tmp_path, capsys):
    """Players with no parameters still head their zones, so `show --as bob` says which
    cup is bob's (the hidden one is ann's)."""
    rules = tmp_path / "cups.yaml"
    rules.write_text(CUPS)
    code, out, _ = run(capsys, "new", str(rules), "--out", str(tmp_path / "g.json"),
                       "--as", "bob")
    assert code == 0
    lines = out.splitlines()
    ann, bob = lines.index("  ann:"), lines.index("  bob (you):")
    assert lines[ann + 1] == "    cup: 1 hidden"
    assert lines[bob + 1].startswith("    cup: ") and "hidden" not in lines[bob + 1]


def test_the_rules_sheet_lists_cards_apart_from_units(tmp_path, capsys):
    """A type the set-up deals only into zones is a card, listed under Cards without a
    board glyph, though the game has a board; a one-round game ends "after 1 round"."""
    rules = tmp_path / "sheet.yaml"
    rules.write_text("""\
game: sheet
players: [red, blue]
board: {size: [3, 1]}
zones:
  bag: {owner: table, visibility: nobody}
entities:
  pawn: {params: {card: 0}}
  dragon: {params: {power: 9}, description: "A card, never on the board."}
actions:
  pass: {source: player, ends_turn: true}
flow:
  phases: [{name: play, actions: [pass]}]
end: {round_limit: 1}
setup:
  entities:
    - {type: pawn, owner: red, at: [0, 0]}
    - {type: dragon, zone: bag}
    - {type: dragon, zone: bag}
    - {type: dragon, zone: bag, params: {power: 4}}
""")
    code, out, _ = run(capsys, "rules", str(rules))
    assert code == 0
    units, _, rest = out.partition("Cards")
    assert "pawn" in units and "dragon" not in units
    assert "dragon" in rest.split("Actions")[0]
    # the cards in play, face by face (a deck's list is public), not the type's default
    assert "power 9 ×2, power 4" in rest.split("Actions")[0]
    assert "after 1 round, the game is drawn" in out


def test_a_program_beside_the_rules_leaves_the_readme_theirs(tmp_path, capsys):
    """A loose rules file alone in its folder reads the folder's README.md; a programmed
    opponent kept beside it (it names its game too) is not a second rules file."""
    rules = tmp_path / "race.yaml"
    rules.write_text("game: race\nplayers: [red, blue]\nactions:\n  go: {source: player, "
                     "ends_turn: true}\nflow:\n  phases: [{name: p, actions: [go]}]\n"
                     "end: {round_limit: 1}\n")
    (tmp_path / "README.md").write_text("# Race\n\n## Rules\n\nRun to the end first.\n")
    (tmp_path / "bot.yaml").write_text("program: Runner\ngame: race\nside: red\n")
    code, out, _ = run(capsys, "rules", str(rules))
    assert code == 0 and "Run to the end first." in out
    (tmp_path / "other.yaml").write_text("game: other\nplayers: [a, b]\n")
    code, out, _ = run(capsys, "rules", str(rules))
    assert code == 0 and "Run to the end first." not in out  # two games: whose README?
