"""Optional targets, cooldowns, `spawned` and `action_done`, hands with knock-outs and
action queues, each from a small rules file (issue 16)."""

from __future__ import annotations

import pytest

from rules_helpers import act, build, options, problems
from stratagem.engine import parse_action
from stratagem.engine.cooldowns import cooldown_left
from stratagem.engine.hands import hand_number, knocked_out
from stratagem.engine.queue import queued

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
    assert cooldown_left(s, "heal", 1, None) == 2
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
