"""Optional targets, cooldowns, `spawned` and `action_done`, hands with knock-outs and
action queues, each from a small rules file (issue 16)."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, options, problems
from stratagem.engine import RunawayError, parse_action
from stratagem.engine.cooldowns import cooldown_left
from stratagem.engine.hands import hand_number, knocked_out
from stratagem.engine.queue import queued
from stratagem.rules.docgen import generate

# ----------------------------------------------------------------- optional targets
TAG = """
game: tag
players: [red, blue, green]
player:
  safe: 0
  hits: {min: 0}
  idle: {min: 0}
actions:
  tag:
    text: "{player} tags {victim}"
    targets:
      victim: {player: opponent, optional: true, where: "victim.safe == 0"}
    effects:
      - if:
          test: "is_none(victim)"
          then: [{modify: {what: player.idle, by: 1}}]
          else: [{modify: {what: victim.hits, by: 1}}]
  shout:
    play_without_target: true
    text_without_target: "{player} shouts, with no one to hear"
    targets:
      who: {player: opponent, where: "who.safe == 0"}
    effects:
      - if: {test: "who == none", then: [{modify: {what: player.idle, by: 1}}]}
  hide:
    effects: [{set: {what: player.safe, to: 1}}]
flow:
  phases:
    - name: play
      actions: [tag, shout, hide]
      max_actions: 1
end:
  draw: {"nine hits": "sum(players(), of: it.hits) >= 9"}
"""


def test_an_optional_target_is_none_only_when_no_candidate_is_valid() -> None:
    """While some opponent may be tagged only they are offered; once every opponent hides,
    `tag` is still offered once, with the target none, and its effects see `is_none`."""
    g = build(TAG)
    s = g.new_state()
    assert "tag victim=1" in options(s) and "tag victim=2" in options(s)
    assert "tag victim=-" not in options(s)
    why = g.why_illegal(s, parse_action("tag victim=-"))
    assert why is not None and "may be none only when no player is a valid choice" in why
    s = act(g, s, "tag victim=1")      # red
    s = act(g, s, "hide")              # blue hides
    s = act(g, s, "hide")              # green hides
    assert "tag victim=-" in options(s) and "shout who=-" in options(s)
    assert not [o for o in options(s) if o.startswith("tag victim=") and o != "tag victim=-"]
    s2 = act(g, s, "tag victim=-")
    assert s2.players[0].params["idle"] == 1
    assert g.describe_action(s, 0, g.parse_action(s, "tag victim=-")) == "red tags no one"
    assert g.describe_action(s, 0, g.parse_action(s, "shout who=-")) == \
        "red shouts, with no one to hear"
    s3 = act(g, s, "shout who=-")
    assert s3.players[0].params["idle"] == 1


def test_play_without_target_is_offered_only_when_nothing_is_valid() -> None:
    """`play_without_target` adds the all-none action only when no target is valid."""
    g = build(TAG)
    s = g.new_state()
    assert "shout who=-" not in options(s)
    assert "shout who=1" in options(s)


def test_optional_and_its_flag_are_checked_at_load() -> None:
    """`optional` and `play_without_target` take true or false, with a located message."""
    bad = TAG.replace("optional: true", "optional: maybe")
    assert any("rules.yaml:" in p and "`optional` must be true or false" in p
               for p in problems(bad))
    bad = TAG.replace("play_without_target: true", "play_without_target: 3")
    assert any("`play_without_target` must be true or false" in p for p in problems(bad))


# --------------------------------------------------------------------- cooldowns
COOL_BOARD = """
game: cool
players: [red, blue]
board:
  layout: |
    . . .
player:
  score: {min: 0}
entities:
  healer: {params: {hp: 5}, actions: [heal, wait]}
actions:
  heal:
    cooldown: 2
    effects: [{modify: {what: player.score, by: 1}}]
  wait:
    effects: []
  bank:
    cooldown: {rounds: 1}
    when: "cooldown(player, 'bank') == 0"
    effects: [{modify: {what: player.score, by: 10}}]
flow:
  phases:
    - name: play
      actions: [heal, wait, bank]
      max_actions: 1
end:
  win: {"a hundred": "player.score >= 100"}
setup:
  entities:
      - {type: healer, owner: red, at: [0, 0]}
      - {type: healer, owner: red, at: [1, 0]}
      - {type: healer, owner: blue, at: [2, 0]}
"""


def test_a_cooldown_in_turns_is_kept_per_entity_and_read_by_expressions() -> None:
    """`cooldown: 2`: a healer that healed may heal again two of its player's turns later;
    the other healer is not held back; `cooldown(actor, 'heal')` counts down."""
    g = build(COOL_BOARD)
    s = g.new_state()
    assert "heal #1" in options(s) and "heal #2" in options(s)
    s = act(g, s, "heal #1")                          # red's turn 1
    assert cooldown_left(s, "heal", 1) == 2
    s = act(g, s, "wait #3")                          # blue
    assert "heal #1" not in options(s) and "heal #2" in options(s)   # red's turn 2
    why = g.why_illegal(s, parse_action("heal #1"))
    assert why is not None and "`heal` is cooling down" in why
    s = act(g, s, "wait #2")
    s = act(g, s, "wait #3")
    assert "heal #1" in options(s)                    # red's turn 3
    text = g.serialize(s)
    assert g.deserialize(text) == s


def test_a_cooldown_in_rounds_is_kept_per_player() -> None:
    """`cooldown: {rounds: 1}` on a player action: not again in the same round (the rule
    reads `cooldown(player, 'bank')`), again in the next."""
    g = build(COOL_BOARD.replace("max_actions: 1", "max_actions: 2"))
    s = g.new_state()
    s = act(g, s, "bank")
    assert "bank" not in options(s)
    s = act(g, s, "wait #1")
    assert "bank" in options(s)                       # blue's own cooldown is separate
    s = act(g, s, "bank")
    s = act(g, s, "wait #3")
    assert s.round == 2 and "bank" in options(s)


def test_a_bad_cooldown_is_a_located_error() -> None:
    """A cooldown that is not a whole number of turns or rounds is reported at its place."""
    found = problems(COOL_BOARD.replace("cooldown: 2", "cooldown: soon"))
    assert any("rules.yaml:" in p and "`cooldown` must be a whole number" in p
               for p in found), found
    found = problems(COOL_BOARD.replace("cooldown: {rounds: 1}", "cooldown: {days: 1}"))
    assert any("days" in p for p in found), found


# ------------------------------------------------------------------------ events
EVENTS = """
game: events
players: [red, blue]
board:
  layout: |
    . . . .
player:
  done: {min: 0}
  seen: {min: 0}
  last_hp: {min: 0}
entities:
  pawn: {params: {hp: 3}, actions: [step]}
actions:
  recruit:
    targets:
      cell: {kind: position, from: "cells(empty: true)"}
    effects:
      - spawn: {type: pawn, at: cell, params: {hp: 7}, as: p}
      - set: {what: player.last_hp, to: "p.hp + player.seen * 100"}
  step:
    effects: []
triggers:
  tally:
    on: action_done
    when: "event.action == 'recruit'"
    effects: [{modify: {what: event.player.done, by: 1}}]
  greet:
    on: spawned
    when: "event.type == 'pawn' and event.entity.hp == 7"
    effects: [{modify: {what: event.owner.seen, by: 1}}]
flow:
  phases:
    - name: play
      actions: [recruit, step]
      max_actions: 1
end:
  draw: {"full": "count_empty() == 0"}
"""


def test_spawned_is_answered_before_the_effects_after_the_spawn() -> None:
    """A `spawned` trigger sees the new entity's fields and runs before the next effect
    of the spawning list; `action_done` follows the whole action."""
    g = build(EVENTS)
    s = g.new_state()
    s = act(g, s, "recruit cell=(0,0)")
    red = s.players[0].params
    assert red["seen"] == 1 and red["done"] == 1
    assert red["last_hp"] == 107      # the trigger had run when `set` read player.seen
    s = act(g, s, "recruit cell=(1,0)")
    assert s.players[1].params["done"] == 1 and s.players[0].params["done"] == 1


def test_action_done_counts_every_action_of_its_kind() -> None:
    """`action_done` carries the action's name and actor: only recruits are tallied."""
    g = build(EVENTS)
    s = g.new_state()
    s = act(g, s, "recruit cell=(0,0)")
    s = act(g, s, "recruit cell=(1,0)")
    s = act(g, s, "step #1")
    assert s.players[0].params["done"] == 1 and s.players[1].params["done"] == 1


def test_new_events_are_built_in_and_documented() -> None:
    """Rules may name the two events without emitting them; the reference lists them."""
    text = generate()
    assert "`action_done`" in text and "`spawned`" in text and "OnAdvance" in text


# ------------------------------------------------------------------------- hands
LETTERS = """
game: letters
players: [a, b, c]
player:
  tokens: {min: 0}
  dealt: {min: 0}
actions:
  strike:
    targets:
      victim: {player: opponent, optional: true, where: "not knocked_out(victim)"}
    effects:
      - if: {test: "not is_none(victim)", then: [{knock_out: {player: victim}}]}
  fold:
    effects: [{knock_out: {player: player}}, {modify: {what: player.dealt, by: 0}}]
flow:
  hand:
    start: [{for_each: {as: p, in: "players()", do: [{modify: {what: p.dealt, by: 1}}]}}]
    end_when: "count(in_hand()) <= 1"
    end: [{for_each: {as: p, in: "in_hand()", do: [{modify: {what: p.tokens, by: 1}}]}}]
  phases:
    - name: play
      actions: [strike, fold]
      max_actions: 1
end:
  win: {"two tokens": "player.tokens >= 2"}
"""


def test_a_hand_starts_after_setup_and_ends_when_one_player_is_left() -> None:
    """The first hand is dealt at once; knocked-out players are skipped; when one is left
    the hand's `end` scores it, the next hand is dealt and everyone is back."""
    g = build(LETTERS)
    s = g.new_state()
    assert hand_number(s) == 1 and [p.params["dealt"] for p in s.players] == [1, 1, 1]
    s = act(g, s, "strike victim=1")                 # a knocks b out
    assert knocked_out(s) == (1,)
    assert s.decision is not None and s.decision.player == 2   # b's turn is skipped
    assert "strike victim=1" not in options(s)
    s = act(g, s, "strike victim=0")                 # c knocks a out: c wins the hand
    assert hand_number(s) == 2 and knocked_out(s) == ()
    assert [p.params["tokens"] for p in s.players] == [0, 0, 1]
    assert [p.params["dealt"] for p in s.players] == [2, 2, 2]
    assert all(p.alive for p in s.players) and s.outcome is None
    assert g.deserialize(g.serialize(s)) == s


def test_a_player_knocked_out_in_their_own_turn_ends_it_and_the_game_goes_on() -> None:
    """Folding knocks the player out of the hand and ends their turn; the game is won by
    hands, not by knock-outs."""
    g = build(LETTERS)
    s = g.new_state()
    s = act(g, s, "fold")                            # a folds
    assert s.decision is not None and s.decision.player == 1
    s = act(g, s, "fold")                            # b folds: c takes the hand
    assert hand_number(s) == 2 and s.players[2].params["tokens"] == 1
    while s.outcome is None:
        s = act(g, s, options(s)[0])
    assert s.outcome.winners and all(p.alive for p in s.players)


def test_a_hand_needs_end_when() -> None:
    """A hand without `end_when` is a located error."""
    bad = LETTERS.replace('    end_when: "count(in_hand()) <= 1"\n', "")
    assert any("rules.yaml:" in p and "end_when" in p for p in problems(bad))


def test_a_hand_that_never_stops_ending_is_a_runaway_error() -> None:
    """An `end_when` that holds as each new hand begins ends in a clear error, not a hang."""
    with pytest.raises(RunawayError, match="end_when"):
        build(LETTERS.replace('end_when: "count(in_hand()) <= 1"', 'end_when: "true"')
              .replace("player.tokens >= 2", "player.tokens < 0")).new_state()


# ------------------------------------------------------------------------- queues
QUEUE = """
game: queue
players: [red, blue]
board:
  layout: |
    . . .
player:
  gold: {min: 0}
entities:
  farmer: {params: {hp: 1}, actions: [plant, harvest, rest]}
actions:
  plant:
    effects:
      - enqueue: {action: harvest, when: {after: 2}}
  harvest:
    when: "actor.hp > 0"
    effects: [{modify: {what: player.gold, by: 5}}]
  rest:
    effects: []
  smite:
    targets:
      victim: {entity: enemy}
    effects: [{remove: {what: victim}}]
  wait:
    effects: []
flow:
  phases:
    - name: play
      actions: [plant, rest, smite, wait]
      max_actions: 1
end:
  win: {"rich": "player.gold >= 100"}
setup:
  entities:
    - {type: farmer, owner: red, at: [0, 0]}
    - {type: farmer, owner: blue, at: [2, 0]}
"""


def test_a_queued_action_runs_at_the_start_of_the_due_turn() -> None:
    """`enqueue ... when: {after: 2}` carries the action out as the player's second turn
    from now begins, once; the queue is saved with the state."""
    g = build(QUEUE)
    s = g.new_state()
    s = act(g, s, "plant #1")
    assert len(queued(s)) == 1
    assert g.deserialize(g.serialize(s)) == s
    s = act(g, s, "rest #2")
    assert s.players[0].params["gold"] == 0          # red's next turn: not yet
    s = act(g, s, "rest #1")
    s = act(g, s, "rest #2")
    assert s.players[0].params["gold"] == 5 and queued(s) == ()
    s = act(g, s, "rest #1")
    s = act(g, s, "rest #2")
    assert s.players[0].params["gold"] == 5


def test_a_queued_action_no_longer_legal_is_dropped() -> None:
    """When the actor is gone by the due turn, the queued action is dropped, no effect."""
    g = build(QUEUE)
    s = g.new_state()
    s = act(g, s, "plant #1")
    s = act(g, s, "smite victim=#1")
    while s.round < 4:
        s = act(g, s, "wait")
    assert s.players[0].params["gold"] == 0 and queued(s) == ()


def test_enqueue_is_checked_at_load() -> None:
    """An unknown action, an unknown target and a bad `when` are each located."""
    bad = QUEUE.replace("enqueue: {action: harvest,", "enqueue: {action: harvst,")
    assert any("unknown action `harvst`" in p for p in problems(bad))
    bad = QUEUE.replace("when: {after: 2}", "when: later")
    assert any("unknown `when`" in p and "rules.yaml:" in p for p in problems(bad))
    bad = QUEUE.replace("when: {after: 2}", "targets: {foe: 1}")
    assert any("`harvest` has no target `foe`" in p for p in problems(bad))
