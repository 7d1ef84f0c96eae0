"""What stopped or misled an outsider writing games from the docs alone, where the engine
or the command line (not the docs) is at fault. Each test states the behaviour the docs
lead a reader to expect; each failed when it was written, as a strict xfail, and lost its mark
when the fix landed.
The games are those of tests/outsider/ (see tests/test_outsider_games.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import stratagem
from stratagem.agents import HumanAgent
from stratagem.engine.knowledge import knows
from stratagem.rules import RulesError
from test_cli import run

HERE = Path(__file__).parent / "outsider"
COURTIERS = HERE / "courtiers" / "courtiers.yaml"
KEEP_SIEGE = HERE / "keep_siege" / "keep_siege.yaml"
FIRST_MOVE = "play_guard victim=1 guess=spy"


def _courtiers_after_one_move(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                              rules: Path = COURTIERS) -> str:
    """A saved Courtiers game (seed 0) after north's first move; `move`'s output."""
    saved = tmp_path / "c.json"
    code, _, err = run(capsys, "new", str(rules), "--out", str(saved))
    assert code == 0, err
    code, out, err = run(capsys, "move", str(saved), FIRST_MOVE)
    assert code == 0, err
    return out


def test_move_shows_the_mover_only_what_they_may_see(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """docs/saved-files.md: players pass one file, each looking with `show --as`. The
    command a player moves with should not print the other hands (here: east's card,
    south's two after its draw, west's)."""
    out = _courtiers_after_one_move(capsys, tmp_path)
    game = stratagem.load(str(COURTIERS))
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, FIRST_MOVE))
    hidden = [f"{state.entity(c).type} #{c}" for p in (1, 2, 3) for c in state.zone(p, "hand")
              if not knows(state, 0, c)]
    assert hidden
    assert [card for card in hidden if card in out] == []


def test_move_honours_show_rolls_false(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    """rules.md `show_rolls: false`: the account does not show the raw dice; `play` obeys
    (`north north plays a ward`), `move` still prints `(rolls 3)` — here the index of the
    face the next player drew into a hidden hand."""
    out = _courtiers_after_one_move(capsys, tmp_path)
    assert "(rolls" not in out


def test_show_lists_the_discard_pile_everyone_sees(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    """A `visibility: everyone` table zone (the discard pile) is part of what a player sees;
    `show --as` should list it as it lists hands."""
    _courtiers_after_one_move(capsys, tmp_path)
    code, out, err = run(capsys, "show", str(tmp_path / "c.json"), "--as", "south")
    assert code == 0, err
    assert "discard" in out


def test_show_draws_the_walls(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Keep Siege has walls at (2,1) and (6,1); the board `show` draws marks them, as the
    terminal table of `play` does, so a reader does not take them for open ground."""
    saved = tmp_path / "k.json"
    code, _, err = run(capsys, "new", str(KEEP_SIEGE), "--out", str(saved))
    assert code == 0, err
    code, out, err = run(capsys, "show", str(saved))
    assert code == 0, err
    row_1 = next(line for line in out.splitlines() if line.startswith("1 ")).split()[1:]
    assert row_1[2] == "#" and row_1[6] == "#"
    assert "#  wall" in out  # and the legend says what `#` is


def test_state_zone_reads_a_table_zone() -> None:
    """In the rules `zone(p, 'discard')` reads a table zone whatever `p` (rules.md,
    *zones*); from Python `state.zone(0, 'discard')` raises `KeyError: 'discard'`, and no
    doc says that `state.cards.table` holds them."""
    game = stratagem.load(str(COURTIERS))
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, FIRST_MOVE))
    assert state.zone(0, "discard") == state.cards.table["discard"]


ZONE_OF_CONTROL = """\
game: zoc
players: [red, blue]
board:
  size: [5, 3]
entities:
  scout:
    params: {moves: 4}
    actions: [walk]
actions:
  walk:
    targets:
      to: {kind: position, from: "reachable(actor, actor.moves, stop_near: entities(owner: enemy))"}
    effects:
      - move_along: {to: to, stop_near: "entities(owner: enemy)"}
triggers:
  each_step:
    on: stepped
    effects: [{emit: {event: step, fields: {at: event.to}, narrate: true}}]
flow:
  phases:
    - name: play
      actions: [walk]
      max_actions: 1
end:
  round_limit: 2
setup:
  entities:
    - {type: scout, owner: red, at: [0, 1]}
    - {type: scout, owner: blue, at: [2, 0]}
"""


def test_a_walk_keeps_out_of_the_zone_of_control_its_target_was_found_around(
        tmp_path: Path) -> None:
    """rules.md: `reachable(..., stop_near: ...)` — entering a square next to an enemy
    ends the movement there; the hex tutorial walks with `move_along` so that overwatch
    sees each step, and `move_along` takes the same `stop_near` to walk the way the
    destination was found by. (4,1) is reachable only along row 2 (every square of row 1 and (1,0),
    (3,0) is next to the enemy on (2,0)), yet the walk goes (1,0), (2,1), (3,0), (4,1):
    three squares of the zone of control, each of which should have stopped it."""
    path = tmp_path / "zoc.yaml"
    path.write_text(ZONE_OF_CONTROL)
    game = stratagem.load(str(path))
    state = game.new_state(seed=0)
    assert "walk #1 to=(4,1)" in [str(a) for a in game.legal_actions(state)]
    after = game.apply(state, game.parse_action(state, "walk #1 to=(4,1)"))
    steps = [dict(fields)["at"] for name, fields in after.history[-1].events if name == "step"]
    assert steps[-1] == after.entities[1].pos
    enemy = after.entities[2].pos
    crossed = [p for p in steps[:-1] if max(abs(p.x - enemy.x), abs(p.y - enemy.y)) <= 1]
    assert crossed == []


def test_the_prompt_names_the_players_a_card_may_target() -> None:
    """docs/cli.md: the action is built a part at a time from numbered lists. Choosing whom a
    guard targets, the list reads `1  1 …`, `2  2 …`, `3  3 …`: the person at the terminal
    is not told that 1 is east."""
    game = stratagem.load(str(COURTIERS))
    state = game.new_state(seed=3)
    assert state.decision is not None
    out = io.StringIO()
    agent = HumanAgent(game, stdin=io.StringIO("1\n1\n"), stdout=out)
    agent.choose(state.view(0), state.decision)
    victims = out.getvalue().split("choose victim", 1)[1].split("north>", 1)[0]
    assert "east" in victims.lower()


NAMES = """\
game: names
players: [red, blue]
actions:
  call:
    effects:
      - for_each: {as: p, in: "in_hand()", do: [{emit: {event: named, fields: {who: "text(p)"}, narrate: true}}]}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [call]
end:
  round_limit: 1
"""


def test_text_of_a_player_from_in_hand_is_the_name(tmp_path: Path) -> None:
    """rules.md `text`: "a player as its name". Over `players()` or `opponents()` a
    `for_each`'s `text(p)` gives `red`, `blue`; over `in_hand()`, or `filter(players(),
    ...)` or `sorted(players())`, it gives `0`, `1`. `p.name` gives the name either way,
    and Courtiers narrates each hand's winner with it for this reason."""
    path = tmp_path / "names.yaml"
    path.write_text(NAMES)
    game = stratagem.load(str(path))
    state = game.new_state(seed=0)
    state = game.apply(state, game.parse_action(state, "call"))
    said = [dict(fields)["who"] for name, fields in state.history[-1].events if name == "named"]
    assert said == ["red", "blue"]


def test_the_two_unclear_messages_now_say_what_to_write(tmp_path: Path) -> None:
    """An unquoted expression with ': ' inside (`when: has not acted: actor.acted == 0`)
    is told to be quoted; `stop_near: enemy` (a bare owner word) is pointed at
    `entities(owner: enemy)`. Each message keeps its line and column."""
    head = "game: t\nplayers: [a, b]\nboard: {size: [3, 3]}\n"
    unquoted = tmp_path / "unquoted.yaml"
    unquoted.write_text(head + "actions:\n  pass:\n    source: player\n"
                        "    when: has not acted: actor.acted == 0\n")
    with pytest.raises(RulesError) as told:
        stratagem.load(unquoted)
    assert "unquoted.yaml:7:24: not valid YAML" in str(told.value)
    assert "must be quoted" in str(told.value)
    word = tmp_path / "word.yaml"
    word.write_text(head + "entities:\n  u: {params: {hp: 1}, actions: [walk]}\n"
                    "actions:\n  walk:\n    targets:\n      to: {kind: position, from: "
                    "\"reachable(actor, 2, stop_near: enemy)\"}\n"
                    "    effects: [{move: {to: to}}]\n"
                    "flow:\n  phases: [{name: p, actions: [walk]}]\n"
                    "setup:\n  entities: [{type: u, owner: a, at: [0, 0]}]\n")
    with pytest.raises(RulesError) as told:
        stratagem.load(word)
    assert "word.yaml:9:" in str(told.value)
    assert "`entities(owner: enemy)`" in str(told.value)


def test_show_marks_a_player_knocked_out_of_the_hand(capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """After a guard knocks a player out, `show` says so beside that player (finding 5)."""
    from stratagem.engine import Rng  # noqa: PLC0415 (only this test plays at random)
    from stratagem.engine.hands import is_knocked_out  # noqa: PLC0415

    game = stratagem.load(COURTIERS)
    rng = Rng(1)
    for seed in range(40):
        state = game.new_state(seed)
        while state.decision is not None and not any(
                is_knocked_out(state, p) for p in range(len(game.players))):
            options = game.legal_actions(state)
            state = game.apply(state, options[rng.below(len(options))])
        out = [p for p in range(len(game.players)) if is_knocked_out(state, p)]
        if out and state.decision is not None:
            break
    else:
        pytest.fail("no random game knocked a player out")
    saved = tmp_path / "k.json"
    saved.write_text(game.serialize(state))
    code, shown, err = run(capsys, "show", str(saved), "--rules", str(COURTIERS))
    assert code == 0, err
    line = next(x for x in shown.splitlines() if x.strip().startswith(game.players[out[0]]))
    assert "out of this hand" in line
    others = [x for x in shown.splitlines() if "out of this hand" in x]
    assert len(others) == len(out)


def test_a_game_that_shuffles_mid_game_keeps_its_seed_and_replays() -> None:
    """Courtiers shuffles the deck when a hand ends. The shuffle's draws are counted with
    the move (``Record.draws``), so the seed is still found from the generator and the
    saved game's moves replay (before, `show` refused such a file: "move 1 is not
    legal there")."""
    from stratagem.engine import Rng  # noqa: PLC0415 (only these tests play at random)
    from stratagem.engine.serialize import rederive, seed_of  # noqa: PLC0415

    game = stratagem.load(COURTIERS)
    rng = Rng(1)
    state = game.new_state(5)
    while state.decision is not None and not any(r.draws for r in state.history):
        options = game.legal_actions(state)
        state = game.apply(state, options[rng.below(len(options))])
    shuffled = [r for r in state.history if r.draws]
    assert shuffled and shuffled[-1].draws > 0
    assert seed_of(state) == 5
    assert rederive(state) == state
    again = game.deserialize(game.serialize(state))
    assert [r.draws for r in again.history] == [r.draws for r in state.history]


def test_move_names_the_mover_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An action whose `text` names its player (`"{player} ends movement"`) is printed by
    `move` beside the seat once, as `play` tells it: `red: ends movement`, not `red: red
    ends movement`."""
    rules = HERE / "hex_stacks" / "hex_stacks.yaml"
    saved = tmp_path / "m.json"
    assert run(capsys, "new", str(rules), "--out", str(saved))[0] == 0
    code, out, err = run(capsys, "move", str(saved), "halt")
    assert code == 0, err
    assert out.splitlines()[0] == "red: ends movement"


def test_show_honours_display_hide(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """rules.md, `display.hide`: "Parameters players never see". Crossroads hides its units'
    `size`, `moved` and `attacked` and its players' `done_moving`: `show` (and so `new` and
    the person's prompt) prints the others, and not those."""
    rules = HERE / "hex_stacks" / "hex_stacks.yaml"
    saved = tmp_path / "s.json"
    code, out, err = run(capsys, "new", str(rules), "--out", str(saved))
    assert code == 0, err
    assert "armor #1 (red) at (2,0); attack 6, defence 3, moves 5" in out
    assert not any(word in out for word in ("size ", "moved ", "attacked ", "done_moving"))


def test_show_tells_what_the_cards_in_the_market_row_do(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    """`show` tells what each card in sight does: the market row on the table is in sight
    (its scout and stall were left out, being in no player's zone)."""
    saved = tmp_path / "m.json"
    code, out, err = run(capsys, "new", str(HERE / "market" / "market2.yaml"), "--out",
                         str(saved), "--seed", "2")
    assert code == 0, err
    assert "scout: Action: draw 2 cards." in out and "stall: Action: +1 buy, +1 coin." in out


def test_the_rules_sheet_of_a_card_game_lists_cards_and_no_helper_action(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`stratagem rules` on a game with no board lists its entity types as cards, without
    board glyphs, and leaves out an action no step offers and nothing describes (Market
    Row's `restock`, run by `perform`); an action described is kept (Broken Throne's
    `strike`)."""
    code, out, err = run(capsys, "rules", str(HERE / "market" / "market2.yaml"))
    assert code == 0, err
    assert "Cards" in out and "Units" not in out
    assert "\ns  silver" not in out and "silver" in out
    assert "restock" not in out and "draw_card" not in out and "  buy  Buy a card" in out
    code, out, err = run(capsys, "rules", "broken_throne")
    assert code == 0, err
    assert "Units" in out and "  strike  One blow" in out


def test_an_illegal_target_says_what_it_is_not_among_and_what_is_there(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A refused position names the list it is not among (the target's `from:`) and, for a
    tile no one may enter or a square off the board, says so (it said only "is not a
    possible position")."""
    saved = tmp_path / "s.json"
    assert run(capsys, "new", str(HERE / "hex_stacks" / "hex_stacks.yaml"), "--out",
               str(saved))[0] == 0
    code, _, err = run(capsys, "move", str(saved), "move #1 to=(5,2)")
    assert code == 2
    assert "it is not among `reachable(actor, actor.moves, blocked_by: enemies" in err
    assert err.strip().endswith("(lake: no one may enter it)")
    code, _, err = run(capsys, "move", str(saved), "move #1 to=(50,2)")
    assert err.strip().endswith("(off the board)")
