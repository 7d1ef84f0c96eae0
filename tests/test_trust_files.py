"""Saved states and replays cannot be forged into illegal play: a file's options are the
rules' own, its moves must replay with the game's own dice to the position it holds, a
file made under other rules is refused unless asked, and files written before these
checks still load and replay to the byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import stratagem
from stratagem.arena import Replay, replay_game
from stratagem.engine import RulesChangedError, SerializationError
from stratagem.engine.serialize import VERSION, dumps, loads, rederive, seed_of
from test_cli import assert_one_line_error, run

SAVED = Path(__file__).parent / "saved"

RACE = """\
game: race
players: [red, blue]
player:
  pos: 0
actions:
  advance:
    effects:
      - roll: {as: r, dice: 1d6}
      - modify: {what: player.pos, by: r}
    ends_turn: true
  rest:
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
"""


def _skirmish_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "s.json"
    code, _, err = run(capsys, "new", "skirmish", "--seed", "1", "--out", str(path))
    assert code == 0, err
    return path


def _edit(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


# ------------------------------------------------------------ forged options
def test_an_option_appended_to_a_saved_decision_is_not_offered(tmp_path, capsys):
    """A move added to the file's option list (a goblin teleporting across the board) is
    not among the options the loaded state offers, and `move` refuses it in one line."""
    path = _skirmish_save(tmp_path, capsys)
    doc = json.loads(path.read_text())
    mover = doc["decision"]["actions"][0].split()[1]
    forged = f"move {mover} to=(0,5)"
    assert forged not in doc["decision"]["actions"]
    _edit(path, lambda d: d["decision"]["actions"].append(forged))
    game = stratagem.load("skirmish")
    state = game.deserialize(path.read_text())
    assert forged not in [str(a) for a in state.decision.actions]
    assert len(state.decision.actions) == len(doc["decision"]["actions"])
    code, _, err = run(capsys, "move", str(path), forged)
    assert_one_line_error(code, err, "illegal action")


def test_a_decision_given_to_the_wrong_player_is_recomputed(tmp_path, capsys):
    """A file that hands the decision to the other side gets the rules' decision back."""
    path = _skirmish_save(tmp_path, capsys)
    doc = json.loads(path.read_text())
    player = doc["decision"]["player"]
    _edit(path, lambda d: d["decision"].update(player=1 - player))
    state = stratagem.load("skirmish").deserialize(path.read_text())
    assert state.decision.player == player


def test_a_save_with_its_entities_deleted_is_one_line_not_a_crash(tmp_path, capsys):
    """Deleting every entity no longer lists stale moves that then crash `move`."""
    path = _skirmish_save(tmp_path, capsys)
    first = json.loads(path.read_text())["decision"]["actions"][0]
    _edit(path, lambda d: d.update(entities=[]))
    for args in (("show", str(path)), ("move", str(path), first)):
        code, _, err = run(capsys, *args)
        assert_one_line_error(code, err, str(path))
    with pytest.raises(SerializationError):
        stratagem.load("skirmish").deserialize(path.read_text())


def test_a_position_edited_away_from_its_moves_is_refused(tmp_path, capsys):
    """Hit points raised in the file, with the options left alone, do not follow from the
    recorded moves: the command line refuses the file, naming what differs."""
    path = _skirmish_save(tmp_path, capsys)
    first = json.loads(path.read_text())["decision"]["actions"][0]
    code, _, err = run(capsys, "move", str(path), first)
    assert code == 0, err

    def heal(d):  # type: ignore[no-untyped-def]
        for e in d["entities"]:
            if "hp" in e[4]:
                e[4]["hp"] += 50
    _edit(path, heal)
    code, _, err = run(capsys, "show", str(path))
    assert_one_line_error(code, err, "does not follow from its own moves", "entities")


def test_card_knowledge_edited_away_from_its_moves_is_named_as_such() -> None:
    """In a card game, who knows which card, edited in the file, is named as what differs
    (the cards), not as another part of the state."""
    from card_helpers import letters, random_game  # noqa: PLC0415 - the card games' helper
    game = letters()
    states = list(random_game(game, 1))
    s = states[min(6, len(states) - 1)]
    doc = json.loads(game.serialize(s))
    known = doc["cards"]["known"]
    known[0][1] = sorted({0, 1} - set(known[0][1])) or [0]  # someone knows another card
    with pytest.raises(SerializationError, match=r"differs in its cards \(the table's zones, "
                                                  r"or what players know of cards\)"):
        loads(game, json.dumps(doc), check_history=True)


def test_a_forged_roll_in_a_saved_states_log_is_refused(tmp_path, capsys):
    """A roll changed in a saved game's log is not what the game's dice give."""
    path = tmp_path / "p.json"
    run(capsys, "new", "pig", "--seed", "3", "--out", str(path))
    for _ in range(3):
        code, _, err = run(capsys, "move", str(path), "throw")
        if code != 0:
            break
    doc = json.loads(path.read_text())
    rolled = [r for r in doc["log"] if r[2]]
    assert rolled
    rolled[0][2][0] = 1 + rolled[0][2][0] % 6
    path.write_text(json.dumps(doc))
    code, _, err = run(capsys, "show", str(path))
    assert_one_line_error(code, err, "rolls")


def test_a_moved_generator_is_refused_once_dice_were_rolled(tmp_path, capsys):
    """Changing the saved generator state (to choose the next dice) is refused once the
    game has rolled; before, it makes another seed, and `show` prints the seed."""
    path = tmp_path / "p.json"
    run(capsys, "new", "pig", "--seed", "3", "--out", str(path))
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0 and "dice seed 3 " in out
    fresh = path.read_text()
    _edit(path, lambda d: d.update(rng=(d["rng"] + 12345) % (1 << 64)))
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0 and "dice seed 3 " not in out and "dice seed " in out
    path.write_text(fresh)
    run(capsys, "move", str(path), "throw")
    _edit(path, lambda d: d.update(rng=(d["rng"] + 12345) % (1 << 64)))
    code, _, err = run(capsys, "show", str(path))
    assert_one_line_error(code, err, str(path), "rolls")


# ------------------------------------------------------------- edited rules
def test_a_save_made_under_other_rules_is_refused_unless_forced(tmp_path, capsys, monkeypatch):
    """A renamed parameter in the rules file: the save is refused in one line naming
    --force-rules; with it, the moves are replayed under the rules as they are now."""
    monkeypatch.chdir(tmp_path)
    rules = tmp_path / "race.yaml"
    rules.write_text(RACE)
    code, _, err = run(capsys, "new", "race.yaml", "--out", "r.json")
    assert code == 0, err
    code, _, err = run(capsys, "move", "r.json", "rest")
    assert code == 0, err
    rules.write_text(RACE.replace("pos", "place"))
    for args in (("show", "r.json"), ("move", "r.json", "rest"), ("undo", "r.json")):
        code, _, err = run(capsys, *args)
        assert_one_line_error(code, err, "other rules", "--force-rules")
    code, out, err = run(capsys, "show", "r.json", "--force-rules")
    assert code == 0, err
    assert "place" in out and "blue to decide" in out


def test_a_comment_or_a_move_of_the_rules_file_keeps_its_fingerprint(tmp_path):
    """The fingerprint is of the rules as data: comments and the file's name do not count."""
    a = tmp_path / "a.yaml"
    a.write_text(RACE)
    b = tmp_path / "b.yaml"
    b.write_text("# the race\n" + RACE.replace("players: [red, blue]",
                                                "players: [red,   blue]  # two"))
    c = tmp_path / "c.yaml"
    c.write_text(RACE.replace("by: 1", "by: 2"))
    da, db, dc = (stratagem.load(str(p)).rules_digest for p in (a, b, c))
    assert da == db != dc


def test_a_replay_made_under_other_rules_is_refused_unless_forced(tmp_path):
    """A replay records its rules' fingerprint; a different one is a RulesChangedError."""
    game = stratagem.load("pig")
    rep = stratagem.play(game, ["random", "random"], seed=2).replay
    assert rep.rules_hash == game.rules_digest
    assert Replay.from_json(rep.to_json()) == rep
    other = Replay(rep.game, rep.seed, rep.agents, rep.records, rep.outcome, rep.final_hash,
                   rep.meta, "0" * 16)
    with pytest.raises(RulesChangedError):
        replay_game(game, other)
    assert replay_game(game, other, force_rules=True).outcome == rep.outcome


# ---------------------------------------------------------------- replays
def test_a_replay_with_one_roll_changed_and_its_hash_recomputed_is_refused(tmp_path, capsys):
    """Pig, one roll changed and every hash recomputed: the roll is not what the seed gives."""
    game = stratagem.load("pig")
    rep = stratagem.play(game, ["random", "random"], seed=4).replay
    records = list(rep.records)
    i = next(k for k, r in enumerate(records) if r[2])
    p, a, rolls = records[i]
    records[i] = (p, a, (1 + rolls[0] % 6, *rolls[1:]))
    forged = Replay(rep.game, rep.seed, rep.agents, tuple(records), rep.outcome,
                    rep.final_hash, rep.meta, rep.rules_hash)
    path = tmp_path / "forged.json"
    path.write_text(forged.to_json())
    code, _, err = run(capsys, "replay", str(path))
    assert code == 1
    assert f"replay step {i + 1}: the file records rolls" in err


# ------------------------------------------------------------------- undo
def test_undo_takes_back_the_last_decision_with_the_same_dice(tmp_path, capsys):
    """`undo` restores the earlier position exactly; playing the move again rolls the same."""
    path = tmp_path / "p.json"
    run(capsys, "new", "pig", "--seed", "9", "--out", str(path))
    before = path.read_text()
    code, _, err = run(capsys, "move", str(path), "throw")
    assert code == 0, err
    after = path.read_text()
    code, out, err = run(capsys, "undo", str(path))
    assert code == 0, err
    assert "took back 1 decision: throw" in out
    assert path.read_text() == before
    run(capsys, "move", str(path), "throw")
    assert path.read_text() == after
    code, _, err = run(capsys, "undo", str(path), "--steps", "5")
    assert_one_line_error(code, err, "only 1 decision to undo")


def test_undo_of_a_new_game_is_one_line(tmp_path, capsys):
    """Nothing to undo at the start is said in one line."""
    path = tmp_path / "t.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(path))
    code, _, err = run(capsys, "undo", str(path))
    assert_one_line_error(code, err, "nothing to undo")


def test_new_refuses_to_overwrite_a_game_in_progress_without_force(tmp_path, capsys):
    """`new --out` an existing file is refused; --force replaces it."""
    path = tmp_path / "t.json"
    run(capsys, "new", "tic_tac_toe", "--out", str(path))
    run(capsys, "move", str(path), "place cell=(1,1)")
    moved = path.read_text()
    code, _, err = run(capsys, "new", "tic_tac_toe", "--out", str(path))
    assert_one_line_error(code, err, "already exists", "--force")
    assert path.read_text() == moved
    code, _, err = run(capsys, "new", "tic_tac_toe", "--out", str(path), "--force")
    assert code == 0, err
    assert path.read_text() != moved


# ------------------------------------------------------- files of before
@pytest.mark.parametrize("name", ["skirmish_v1.json", "pig_v1.json", "elemental_duel_v1.json"])
def test_saved_states_of_version_1_still_load_and_check_out(name: str):
    """A state saved before rules fingerprints loads, passes the history check, and writes
    back the same text but for the version and the fingerprint."""
    text = (SAVED / name).read_text()
    doc = json.loads(text)
    game = stratagem.load(doc["game"], doc.get("scenario"))
    state = loads(game, text, check_history=True)
    assert json.loads(dumps(state, 1)) == {k: v for k, v in doc.items()
                                           if k not in ("scenario", "rules")}
    again = json.loads(game.serialize(state))
    assert again["version"] == VERSION and again["rules_hash"] == game.rules_digest


@pytest.mark.parametrize("name", ["pig_replay_v1.json", "skirmish_replay_v1.json"])
def test_replays_of_before_still_replay_to_the_byte(name: str):
    """Replays written before rolls were re-derived reach the recorded state hash."""
    rep = Replay.from_json((SAVED / name).read_text())
    game = stratagem.load(rep.game)
    state = replay_game(game, rep)
    assert state.outcome == rep.outcome


@pytest.mark.parametrize("name", ["pig", "skirmish", "elemental_duel", "flower_war",
                                  "broken_throne", "connect_four"])
def test_the_seed_is_found_again_from_a_state(name: str):
    """A state's seed is recovered from its generator and its moves, for every game."""
    game = stratagem.load(name)
    for seed in (0, 5, -3):
        result = stratagem.play(game, ["random"] * len(game.players), seed=seed,
                                max_decisions=100_000)
        state = result.state
        assert seed_of(state) == seed
        assert rederive(state) == state
