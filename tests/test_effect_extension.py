"""A new effect kind needs its own definition and nothing else.

The kind below is defined here, in a test module: it declares its traits, its rules
key, its arguments and its documentation on its class and registers itself with
``@register_effect``. A rules file loaded with ``stratagem.load(path)`` then lists it
like a built-in effect — no table, compiler, serializer or engine list is touched.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest

import stratagem
from stratagem.engine import Ctx
from stratagem.engine.effects import (
    Effect,
    evaluate,
    player_of,
    register_effect,
    set_player_param,
    unregister_effect,
)
from stratagem.engine.runtime import Resolver
from stratagem.rules import RulesError
from stratagem.rules.effect_table import EFFECT_TABLE

RULES = """\
game: tithe
players: [red, blue]
player:
  gold: 10
actions:
  tax:
    effects:
      - tithe: {giver: "opponents()[0]", amount: 3}
    ends_turn: true
flow:
  phases:
    - name: play
      actions: [tax]
end:
  round_limit: 2
"""


@dataclass(frozen=True, slots=True)
class Tithe(Effect):
    """Move gold from one player to another (the acting player by default)."""

    rules_key = "tithe"
    rules_args: ClassVar[Mapping[str, str]] = {
        "giver": "player", "taker": "player", "amount": "number"}
    rules_required = ("giver", "amount")
    rules_doc = "Move `amount` gold from `giver` to `taker` (the acting player by default)."
    rules_example = "tithe: {giver: \"opponents()[0]\", amount: 3}"

    giver: Any
    amount: Any
    taker: Any = None

    def run(self, r: Resolver, ctx: Ctx) -> None:
        giver, taker = player_of(self.giver, ctx), player_of(self.taker, ctx)
        amount = evaluate(self.amount, ctx)
        players = r.s.players
        set_player_param(r, giver, "gold", players[giver].params["gold"] - amount)
        set_player_param(r, taker, "gold", players[taker].params["gold"] + amount)


@pytest.fixture
def tithe() -> Iterator[type[Tithe]]:
    """The kind registered for one test, and taken out after it (so the generated
    reference of the other tests stays the bundled one)."""
    register_effect(Tithe)
    try:
        yield Tithe
    finally:
        unregister_effect(Tithe)


def _rules(tmp_path: Path, text: str = RULES) -> Path:
    path = tmp_path / "tithe.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_registered_effect_is_listed_by_its_key_in_a_rules_file(
        tithe: type[Tithe], tmp_path: Path) -> None:
    """The rules file names the new effect; playing its action runs it."""
    game = stratagem.load(str(_rules(tmp_path)))
    state = game.new_state(0)
    state = game.apply(state, game.parse_action(state, "tax"))
    assert [p.params["gold"] for p in state.players] == [13, 7]
    state = game.apply(state, game.parse_action(state, "tax"))
    assert [p.params["gold"] for p in state.players] == [10, 10]


def test_the_engine_derives_what_it_needs_from_the_declared_traits(
        tithe: type[Tithe], tmp_path: Path) -> None:
    """No trait is declared, so the kind runs straight and brings no chance; a state
    part-way through the game saves and reads back."""
    game = stratagem.load(str(_rules(tmp_path)))
    assert tithe.runs_straight() and not game.info.chance
    assert id(game.action_types["tax"].effects) in game.straight_blocks
    state = game.new_state(0)
    state = game.apply(state, game.parse_action(state, "tax"))
    assert game.deserialize(game.serialize(state)) == state


def test_the_generated_reference_documents_it(tithe: type[Tithe]) -> None:
    """The rules reference lists the kind with the keys and text it declares."""
    entry = EFFECT_TABLE["tithe"]
    assert entry.keys == ("giver", "taker", "amount")
    assert entry.required == ("giver", "amount")
    assert entry.doc.startswith("Move `amount` gold") and entry.example.startswith("tithe:")


def test_its_arguments_are_checked_with_located_messages(
        tithe: type[Tithe], tmp_path: Path) -> None:
    """A missing required argument and an argument of the wrong kind are reported at
    their place in the file, as for a built-in effect."""
    text = RULES.replace('{giver: "opponents()[0]", amount: 3}', '{amount: "red"}')
    with pytest.raises(RulesError) as caught:
        stratagem.load(str(_rules(tmp_path, text)))
    message = str(caught.value)
    assert "tithe.yaml:8:" in message and "giver" in message


def test_without_registration_the_key_is_unknown(tmp_path: Path) -> None:
    """Only a registered kind is known to the rules; taking it out forgets it."""
    register_effect(Tithe)
    unregister_effect(Tithe)
    with pytest.raises(RulesError, match="unknown effect `tithe`"):
        stratagem.load(str(_rules(tmp_path)))


def test_a_key_is_one_kinds_own(tithe: type[Tithe]) -> None:
    """A second kind cannot take a key already registered."""

    @dataclass(frozen=True, slots=True)
    class Other(Effect):
        rules_key = "tithe"

    with pytest.raises(ValueError, match="'tithe' is Tithe's"):
        register_effect(Other)
