"""Builders shared by the Elemental Duel tests (``tests/test_elemental_duel_*.py``).

Every test plays the bundled rules (``games/elemental_duel``) from a position it
sets out itself: the characters of each side (with parameter overrides such as
``hp`` or ``aura``), each player's eight dice, hand and deck. With eight dice
set out the roll phase rolls none, and with a hand and an empty deck no card is
drawn, so a test starts at a known position; ``start`` then passes the re-roll
of both players and returns the first decision of the action phase (red's).

Ids follow the order of the placements, from 1: red's characters, blue's, then
red's dice, blue's dice, red's hand, blue's hand, red's deck, blue's deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from play_helpers import act, build_placed, events, hp, named, roll  # noqa: F401 (re-exported)
from stratagem.engine import Game, State
from stratagem.engine.spec import Placement
from stratagem.games import rules_path
from stratagem.rules import Parts, compile_rules

RED, BLUE = 0, 1
RED_TEAM = ("ember_knight", "tide_caller", "storm_blade")
BLUE_TEAM = ("frost_archer", "spark_mage", "flame_warden")
EIGHT_OMNI = ("omni",) * 8
FACES = ("cryo", "electro", "hydro", "omni", "pyro")
"""The die faces, in the order payments name them."""

Char = str | tuple[str, dict[str, Any]]


@cache
def _parts() -> Parts:
    path = rules_path("elemental_duel")
    assert path is not None
    return compile_rules(path.parent)


def _char(c: Char) -> tuple[str, dict[str, Any]]:
    return (c, {}) if isinstance(c, str) else c


def duel(red: Sequence[Char] = RED_TEAM, blue: Sequence[Char] = BLUE_TEAM,
         red_dice: Sequence[str] = EIGHT_OMNI, blue_dice: Sequence[str] = EIGHT_OMNI,
         red_hand: Sequence[str] = (), blue_hand: Sequence[str] = (),
         red_deck: Sequence[str] = (), blue_deck: Sequence[str] = ()) -> Game:
    """The bundled rules starting from this position."""
    parts = _parts()
    placements: list[Placement] = []
    for side, chars in ((RED, red), (BLUE, blue)):
        row = 1 if side == RED else 0
        for x, c in enumerate(chars):
            kind, params = _char(c)
            placements.append(Placement(kind, side, (x, row), params=dict(params)))
    for zone, red_cards, blue_cards in (("dice", red_dice, blue_dice),
                                        ("hand", red_hand, blue_hand),
                                        ("deck", red_deck, blue_deck)):
        for side, cards in ((RED, red_cards), (BLUE, blue_cards)):
            placements.extend(Placement(card, side, zone=zone) for card in cards)
    return build_placed(parts, placements)


def start(game: Game, seed: int = 0) -> State:
    """The game in explicit-chance mode, past both re-rolls: red to act in the action phase."""
    s = game.new_state(seed, explicit_chance=True)
    s = act(game, s, "reroll")
    s = act(game, s, "reroll")
    assert s.decision is not None and s.decision.kind == "action", s.decision
    assert game.describe_flow(s) == "round 1, action", game.describe_flow(s)
    return s


def options(state: State, kind: str | None = None) -> list[str]:
    """The text forms of the options of the state's decision (of one action type if given)."""
    d = state.decision
    assert d is not None, "the game is over"
    return [str(a) for a in d.actions if kind is None or a.type == kind]


def dice(state: State, player: int) -> list[str]:
    """The faces of a player's dice, sorted."""
    return sorted(state.entity(d).type for d in state.zone(player, "dice"))


def hand(state: State, player: int) -> list[str]:
    """The cards of a player's hand, sorted by name."""
    return sorted(state.entity(c).type for c in state.zone(player, "hand"))


def active(state: State, player: int) -> int:
    """The id of a player's active character."""
    ids = [e.id for e in state.iter_entities(owner=player) if e.has_status("active")]
    assert len(ids) == 1, ids
    return ids[0]


def statuses(state: State, eid: int) -> dict[str, int | None]:
    """A character's statuses with their usages left."""
    return {s.name: s.usages for s in state.entity(eid).statuses}


def next_round(game: Game, state: State, face: int = 5) -> State:
    """From the action phase, both players end the round (the one to act first); then every
    die of the next round's roll shows ``face`` (5: omni) and both keep their dice."""
    s = state
    while game.describe_flow(s).endswith("action"):
        s = act(game, s, "end_round")
    while s.decision is not None and s.decision.kind == "chance":
        s = roll(game, s, face)
    if s.decision is not None and game.describe_flow(s).endswith("roll"):
        s = act(game, act(game, s, "reroll"), "reroll")
    return s
