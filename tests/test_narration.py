"""A played step told in words (``arena.narration``): actions as sentences, units by type and
number, and the raw dice unless the game's sentences say what they did."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.arena.narration import Step, result_line, tell
from stratagem.engine import Action, Game, Ref, State
from stratagem.rules import RulesError, compile_text

COIN = """\
game: coin
players: [a, b]
actions:
  toss:
    text: "tosses the coin"
    effects:
      - roll: {as: face, dice: 1d2}
      - emit: {event: landed, fields: {face: face}, narrate: true}
flow:
  phases:
    - name: play
      actions: [toss]
narration:
  landed: "the coin shows {face}"
"""


def step(game: Game, state: State, action: Action) -> Step:
    """The step of ``action`` taken in ``state``, told."""
    assert state.decision is not None
    return tell(game, state, state.decision.player, action, game.apply(state, action))


def test_raw_dice_are_shown_unless_the_game_says_its_narration_tells_them() -> None:
    """By default a step shows its dice beside it; with `show_rolls: false` the game's
    sentences alone say what the dice did."""
    shown = compile_text(COIN)
    s = step(shown, shown.new_state(1), Action("toss"))
    assert s.line == "tosses the coin" and len(s.rolls) == 1
    assert s.events == (f"the coin shows {s.rolls[0]}",)
    told = compile_text(COIN + "show_rolls: false\n")
    assert not told.show_rolls
    s = step(told, told.new_state(1), Action("toss"))
    assert s.rolls == () and s.events[0].startswith("the coin shows ")
    with pytest.raises(RulesError, match="`show_rolls` must be true or false, not"):
        compile_text(COIN + "show_rolls: sometimes\n")


def test_the_bundled_games_that_narrate_their_dice_do_not_repeat_them() -> None:
    """Pig narrates no throw, so its dice show; the games whose sentences tell every roll
    (orders dice, elemental dice, attack rolls) say so."""
    pig = stratagem.load("pig")
    s = step(pig, pig.new_state(1), Action("throw"))
    assert s.line == "throws the die" and len(s.rolls) == 1 and s.events == ()
    for name in ("duel", "skirmish", "flower_war", "elemental_duel"):
        assert not stratagem.load(name).show_rolls, name


def test_a_python_defined_game_says_its_actions_in_sentences() -> None:
    """The duel's actions have texts, as a rules file's do; units read `type #id`."""
    duel = stratagem.load("duel")
    state = duel.new_state(4)
    assert state.decision is not None
    mover = state.decision.actions[0]
    assert mover.type == "move" and mover.actor == Ref(2)
    assert duel.describe_action(state, 1, mover) == f"goblin #2 moves to {mover.targets[0][1]}"
    assert duel.describe_action(state, 1, Action("end_turn", Ref(2))) == "goblin #2 ends its turn"
    assert duel.describe_action(state, 1, Action("attack", Ref(2), (("target", Ref(1)),))) \
        == "goblin #2 attacks fighter #1"


def test_an_action_without_a_text_names_its_unit_once() -> None:
    """The fallback description of an entity's action writes its number with one `#`."""
    duel = stratagem.load("duel")
    state = duel.new_state(4)
    said = duel.describe_action(state, 1, Action("strike", Ref(2), (("target", Ref(1)),)))
    assert said == "goblin #2 strike target=#1"


def test_a_reaction_line_names_the_reacting_unit_by_type() -> None:
    """`reacts:` and `declines:` name the unit as `fighter #1`, not a bare number."""
    duel = stratagem.load("duel")
    state = duel.new_state(4)
    state = duel.apply(state, duel.parse_action(state, "move #2 to=(4,0)"))  # leaves reach
    d = state.decision
    assert d is not None and d.kind == "reaction"
    react = next(a for a in d.actions if a.type != "pass")
    assert step(duel, state, react).line == "reacts: opportunity attack (fighter #1)"
    assert step(duel, state, Action("pass")).line == "declines: opportunity attack (fighter #1)"


PICKED = """\
game: picked
players: [red, blue, green]
player:
  gold: {default: 0}
actions:
  call:
    effects:
      - let: {as: who, value: "@PICK@"}
      - emit: {event: picked, fields: {who: who}, narrate: true}
    ends_turn: true
flow:
  phases:
    - name: main
      actions: [call]
end:
  round_limit: 1
narration:
  picked: "{who} is picked"
"""


@pytest.mark.parametrize(("pick", "said"), [
    ("highest(in_hand(), by: it.gold)", "red is picked"),
    ("lowest(opponents(), by: 0)", "blue is picked"),
    ("find(players(), where: it == 2)", "green is picked"),
    ("players()[1]", "blue is picked"),
    ("sorted(in_hand(), descending: true)[0]", "green is picked"),
    ("filter(opponents(), where: it != 1)[0]", "green is picked"),
    ("highest([0, 2, 1], by: it)", "2 is picked"),
])
def test_a_player_picked_from_a_list_of_players_is_named(pick: str, said: str) -> None:
    """A player taken from `players()`, `opponents()` or `in_hand()` — by `highest`,
    `lowest`, `find` or an index, of the list or of a `filter` or `sorted` copy — reads as
    its name in narration, not as its seat number; a number from a list of numbers stays one."""
    game = compile_text(PICKED.replace("@PICK@", pick))
    state = game.new_state(0)
    told = step(game, state, game.parse_action(state, "call"))
    assert said in told.events, told


SEND = """\
game: send
players: [red, blue]
board: {size: [3, 1]}
entities:
  scout:
    actions: [send]
actions:
  send:
    effects:
      - choose: {as: dest, from: "[(1, 0), (2, 0)]", prompt: "send {actor} of {player} to"}
      - move: {to: dest}
    ends_turn: true
flow:
  phases: [{name: p, actions: [send]}]
end:
  round_limit: 1
setup:
  entities:
    - {type: scout, owner: red, at: [0, 0]}
"""


def test_a_choice_is_asked_with_its_placeholders_filled_and_told_by_its_question() -> None:
    """A `choose` prompt fills `{actor}`, `{player}` and named values as an action's text
    does (it was printed as written), and the choice is told by the question it answered
    (`send scout #1 of red to (2,0)`), not as `choose dest=(2,0)`."""
    game = compile_text(SEND)
    state = game.apply(game.new_state(0), game.parse_action(game.new_state(0), "send #1"))
    assert state.decision is not None
    assert state.decision.prompt == "send scout #1 of red to"
    action = game.parse_action(state, "choose dest=(2,0)")
    told = step(game, state, action)
    assert told.line == "send scout #1 of red to (2,0)"


def test_the_result_line_gives_the_scores_of_a_game_that_keeps_one() -> None:
    """A game with a `score` says each player's beside its result (the ranks come from it;
    a win by a condition left them unsaid); a game without one does not."""
    outpost = stratagem.load("outpost")
    done = stratagem.play(outpost, ["random", "random"], seed=1).state
    assert done.outcome is not None
    line = result_line(outpost, done)
    scores = ", ".join(f"{outpost.players[p]} {v:g}"
                       for p, v in enumerate(done.outcome.scores))
    assert f"(scores: {scores}; {len(done.history)} decisions)" in line
    ttt = stratagem.load("tic_tac_toe")
    assert "scores" not in result_line(ttt, stratagem.play(ttt, ["random", "random"]).state)


OUT = """\
game: silent_out
players: [ann, bob, cid]
player:
  chips: {default: 1, min: 0}
actions:
  bet:
    text: "{player} bets everything"
    when: "player.chips > 0 and seat_number(player) == 0"
    effects: [{set: {what: player.chips, to: 0}}]
    ends_turn: true
  wait:
    text: "{player} waits"
    when: "seat_number(player) != 0"
    ends_turn: true
flow:
  phases: [{name: turns, actions: [bet, wait]}]
end:
  lose:
    "{player} has no chips": "player.chips == 0"
  round_limit: 3
"""


def test_a_player_put_out_while_the_game_goes_on_is_told() -> None:
    """Ann bets her last chip and a lose rule puts her out: the move's account says so
    (the others play on, so no result tells it yet)."""
    game = compile_text(OUT)
    before = game.new_state(1)
    bet = game.parse_action(before, "bet")
    after = game.apply(before, bet)
    assert not after.players[0].alive and after.outcome is None
    step = tell(game, before, 0, bet, after)
    assert step.events[-1] == "ann is out of the game"
    nxt = game.apply(after, after.decision.actions[0])
    assert "is out" not in " ".join(tell(game, after, 1, after.decision.actions[0], nxt).events)
