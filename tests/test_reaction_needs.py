"""A reaction that depends on a hidden card (`needs:`) opens its window on its public
condition alone, so whether it opens tells the other players nothing; a `when` that reads
a hidden zone is warned about."""

from __future__ import annotations

import pytest

import stratagem
from rules_helpers import build
from stratagem.arena.narration import tell
from stratagem.engine import Game, State
from stratagem.rules import check_rules
from stratagem.rules.errors import RulesError

AMBUSH = """\
game: ambush
players: [red, blue]
board: {size: [2, 1]}
entities:
  army:
    params: {strength: {default: 3, min: 0}}
    actions: [attack]
  ambush: {}
  dud: {}
zones:
  deck: {owner: table, visibility: nobody}
  hand: owner
define:
  has_card(p, kind): "any(zone(p, 'hand'), where: it.type == kind)"
actions:
  attack:
    targets: {target: {entity: enemy}}
    effects:
      - emit: {event: battle, fields: {defender: target, extra: 0},
               do: [{modify: {what: target.strength, by: "-1 + event.extra"}}]}
    ends_turn: true
reactions:
  play_ambush:
    source: player
    on: battle
@REACTION@
    effects: [{set_event: {field: extra, to: 1}}]
flow:
  phases: [{name: turns, actions: [attack]}]
end: {round_limit: 2}
setup:
  entities:
    - {type: army, owner: red, at: [0, 0]}
    - {type: army, owner: blue, at: [1, 0]}
    - {type: ambush, zone: deck}
    - {type: ambush, zone: deck}
    - {type: dud, zone: deck}
    - {type: dud, zone: deck}
  effects:
    - for_each: {as: p, in: "players()", do: [{draw: {player: p, from: deck, to: hand}}]}
"""

NEEDS = ('    when: "event.defender.owner == player"\n'
         '    needs: "has_card(player, \'ambush\')"')
TELLS = '    when: "event.defender.owner == player and has_card(player, \'ambush\')"'


def _game(reaction: str) -> Game:
    return build(AMBUSH.replace("@REACTION@", reaction), "ambush.yaml")


def _attacked(game: Game, blue_holds: str) -> State:
    """The state after red attacks, blue holding ``blue_holds``."""
    for seed in range(40):
        s = game.new_state(seed=seed)
        if [s.entity(c).type for c in s.zone(1, "hand")] == [blue_holds]:
            return game.apply(s, game.legal_actions(s)[0])
    raise AssertionError(f"no seed deals blue {blue_holds}")


def test_the_window_opens_whatever_the_hidden_hand_holds() -> None:
    """Red's view of the decision after its attack is the same whether blue holds the
    ambush or not: a reaction window for blue either way."""
    game = _game(NEEDS)
    held, dud = _attacked(game, "ambush"), _attacked(game, "dud")
    for s in (held, dud):
        d = s.view(0).decision
        assert d is not None and (d.kind, d.player, d.prompt) == (
            "reaction", 1, "P1 may react to pending 'battle'")
    assert [str(a) for a in held.decision.actions] == ["play_ambush", "pass"]
    assert [str(a) for a in dud.decision.actions] == ["pass"]


def test_the_reaction_is_refused_without_what_it_needs() -> None:
    game = _game(NEEDS)
    dud = _attacked(game, "dud")
    with pytest.raises(stratagem.IllegalActionError):
        game.apply(dud, game.parse_action(dud, "play_ambush"))
    held = _attacked(game, "ambush")
    held = game.apply(held, game.parse_action(held, "play_ambush"))
    (army,) = [e for e in held.entities.values() if e.type == "army" and e.owner == 1]
    assert army.params["strength"] == 3  # the ambush took the loss away


def test_a_world_dealt_from_the_attackers_view_keeps_the_window() -> None:
    """`determinize` from red's view deals blue either card, and the battle still waits for
    blue's answer in every world (with a `when` that read the hand it was dropped)."""
    game = _game(NEEDS)
    view = _attacked(game, "dud").view(0)
    dealt = set()
    for seed in range(30):
        world = game.determinize(view, seed)
        assert world.decision is not None and world.decision.kind == "reaction"
        dealt.add(world.entity(world.zone(1, "hand")[0]).type)
    assert dealt == {"ambush", "dud"}


def test_a_pass_is_told_alike_whatever_was_held() -> None:
    game = _game(NEEDS)
    lines = set()
    for card in ("ambush", "dud"):
        before = _attacked(game, card)
        pass_ = game.parse_action(before, "pass")
        lines.add(tell(game, before, 1, pass_, game.apply(before, pass_)).line)
    assert len(lines) == 1 and "does not react" in lines.pop()


def test_a_when_that_reads_a_hidden_hand_is_warned_about(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ambush.yaml"
    path.write_text(AMBUSH.replace("@REACTION@", TELLS), encoding="utf-8")
    _, warnings = check_rules(path)
    (w,) = [str(p) for p in warnings if "play_ambush" in str(p)]
    assert "`when` reads the zone `hand`, which the other players do not see" in w
    assert "ambush.yaml:26:11" in w
    assert "`needs:`" in w
    path.write_text(AMBUSH.replace("@REACTION@", NEEDS), encoding="utf-8")
    assert not [p for p in check_rules(path)[1] if "play_ambush" in str(p)]


def test_needs_is_refused_on_a_reaction_that_fires_by_itself() -> None:
    with pytest.raises(RulesError, match="`needs` is for a reaction a player may choose"):
        _game(NEEDS + "\n    automatic: true")


def test_a_when_that_counts_a_hidden_hand_is_not_warned_about(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """How many cards a hand holds is public (every view shows a zone's size): a `when`
    that reads only that tells nothing."""
    path = tmp_path / "ambush.yaml"
    counted = '    when: "event.defender.owner == player and count(zone(player, \'hand\')) > 0"'
    path.write_text(AMBUSH.replace("@REACTION@", counted), encoding="utf-8")
    assert not [p for p in check_rules(path)[1] if "play_ambush" in str(p)]
    both = counted[:-1] + ' and has_card(player, \'ambush\')"'
    path.write_text(AMBUSH.replace("@REACTION@", both), encoding="utf-8")
    assert [p for p in check_rules(path)[1] if "play_ambush" in str(p)]
