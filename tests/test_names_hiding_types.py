"""A name bound with `as:` spelt like an entity type (the push-your-luck writer's finding):
`validate` warns where it is bound and then read as a type, `spawn: {type: NAME}` still means the type, and a
spawn whose `type` works out to no entity type fails with a sentence, not `KeyError`."""

from __future__ import annotations

import pytest

from rules_helpers import act, build
from stratagem.engine.errors import RuleError
from stratagem.rules import check_rules

RULES = """\
game: shadow
players: [red, blue]
board: {size: [3, 3]}
entities:
  runner: {params: {col: 0}}
actions:
  place:
    effects:
      - let: {as: LETNAME, value: "find(entities(type: 'runner'), where: it.col == 1)"}
      - if:
          test: "is_none(LETNAME)"
          then: [{spawn: {type: SPAWNED, at: "(1, 1)", params: {col: 1}}}]
    ends_turn: true
flow:
  phases:
    - name: turns
      actions: [place]
end:
  round_limit: 2
"""


def test_a_let_named_like_a_type_and_then_read_as_a_type_is_warned_of(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "shadow.yaml"
    read_as_type = RULES.replace('"is_none(LETNAME)"', '"count(entities(type: runner)) == 0"')
    path.write_text(read_as_type.replace("LETNAME", "runner").replace("SPAWNED", "runner"))
    said = [str(w) for w in check_rules(path)[1]]
    assert any(w.startswith(f"{path}:9:19: `runner` is also an entity type") and
               "(read as a type at 11:17)" in w for w in said), said
    for quiet in (read_as_type.replace("LETNAME", "found"),  # another name
                  RULES.replace("LETNAME", "runner")):        # never read as a type
        path.write_text(quiet.replace("SPAWNED", "runner"))
        assert not [w for w in check_rules(path)[1] if "also an entity type" in str(w)]


def test_spawn_of_a_bare_type_name_means_the_type_even_under_a_let_of_that_name() -> None:
    game = build(RULES.replace("LETNAME", "runner").replace("SPAWNED", "runner"))
    s = act(game, game.new_state(seed=1), "place")
    assert [e.type for e in s.entities.values()] == ["runner"]
    s = act(game, s, "place")  # found now: nothing more is spawned
    assert len(s.entities) == 1


def test_a_text_bound_by_let_still_names_the_type_to_spawn() -> None:
    rules = RULES.replace("LETNAME", "found").replace(
        "      - if:", "      - let: {as: kind, value: \"'runner'\"}\n      - if:").replace(
        "SPAWNED", "kind")
    game = build(rules)
    s = act(game, game.new_state(seed=1), "place")
    assert [e.type for e in s.entities.values()] == ["runner"]


def test_a_spawn_whose_type_is_no_entity_type_says_so() -> None:
    rules = RULES.replace("LETNAME", "found").replace(
        "      - if:", "      - let: {as: kind, value: \"'rnner'\"}\n      - if:").replace(
        "SPAWNED", "kind")
    game = build(rules)
    with pytest.raises(RuleError) as e:
        act(game, game.new_state(seed=1), "place")
    assert "spawn: `type` came out as 'rnner', which is no entity type" in str(e.value)
    assert "KeyError" not in str(e.value)
