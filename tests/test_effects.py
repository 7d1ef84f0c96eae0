"""Each effect's observable behaviour, pinned with small purpose-made games.

Most tests build a one-action game with ``harness``: the action ``go`` runs
the effects under test, and the test looks at the state after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest

from stratagem.engine import CHANCE, Action, Ctx, Game, Pos, State, Status, dice
from stratagem.engine.effects import (
    AddStatus,
    CancelEvent,
    Choose,
    Damage,
    DrawCard,
    Effect,
    Emit,
    ForEach,
    Heal,
    If,
    Kill,
    ModifyParam,
    ModifyPlayerParam,
    Move,
    MoveCard,
    Perform,
    Remember,
    Remove,
    RemoveStatus,
    Roll,
    SetEventField,
    SetParam,
    SetPlayerParam,
    SetVar,
    Spawn,
    UseStatus,
    WeightedChoice,
)
from stratagem.engine.spec import (
    ActionType,
    Board,
    EntityType,
    ParamSpec,
    Phase,
    Placement,
    Reaction,
    StatusType,
    Step,
    TargetSpec,
    Trigger,
    ZoneSpec,
)

UNIT = EntityType("unit", params=(ParamSpec("hp", 10, 0, 10), ParamSpec("power", 5, 0, 9),
                                  ParamSpec("free", 0)))
CARD = EntityType("card", params=(ParamSpec("value", 0),))
BOARD = Board(4, 4, ("floor",) * 16, {"floor": {}})


# ------------------------------------------------------------------ helpers
def note(tag: str | Callable[[Ctx], Any]) -> Remember:
    """An effect that appends ``tag`` (a value, or one computed from the context) to the log."""
    def value(c: Ctx) -> tuple[Any, ...]:
        item = tag(c) if callable(tag) else tag
        return (*c.state.memory.get("log", ()), item)
    return Remember("log", value)


def log(s: State) -> tuple[Any, ...]:
    """The recorded log of a state."""
    return tuple(s.memory.get("log", ()))


def harness(effects: Sequence[Effect], *, players: Sequence[str] = ("a",),
            action_types: Iterable[ActionType] = (), offered: Sequence[str] = (),
            **kw: Any) -> Game:
    """A game on a 4x4 board whose action ``go`` runs ``effects`` (other actions by name)."""
    kw.setdefault("entity_types", [UNIT, CARD])
    return Game(
        "fx", tuple(players), board=BOARD,
        action_types=[ActionType("go", effects=tuple(effects)), *action_types],
        phases=[Phase("p", (Step("s", ("go", *offered)),))],
        **kw,
    )


def go(game: Game, s: State | None = None, **kw: Any) -> State:
    """The state after the action ``go`` from ``s`` (or from a fresh state)."""
    s = game.new_state(**kw) if s is None else s
    return game.apply(s, Action("go"))


def roll(game: Game, s: State, value: int) -> State:
    """Resolve a pending chance decision with ``value``."""
    assert s.decision is not None and s.decision.kind == "chance"
    return game.apply(s, Action("roll", None, (("value", value),)))


def remember_event(event: str, *fields: str) -> Trigger:
    """A trigger logging ``(event, field values…)`` whenever ``event`` is done."""
    return Trigger(f"log_{event}", event,
                   (note(lambda c: (event, *(c.ev[f] for f in fields))),))


# ---------------------------------------------------------------- parameters
@pytest.mark.parametrize(("effect", "expected"), [
    (SetParam(1, "power", 4), 4),
    (SetParam(1, "power", 20), 9),
    (SetParam(1, "power", -3), 0),
    (ModifyParam(1, "power", 3), 8),
    (ModifyParam(1, "power", 7), 9),
    (ModifyParam(1, "power", -8), 0),
    (ModifyParam(1, "power", lambda c: -2), 3),
], ids=["set", "set-above-max", "set-below-min", "add", "add-past-max", "sub-past-min",
        "computed-delta"])
def test_entity_param_effects_clamp_to_declared_bounds(effect: Effect, expected: int) -> None:
    """SetParam and ModifyParam hold an entity parameter within its ParamSpec min and max."""
    game = harness([effect], placements=[Placement("unit", 0, (0, 0))])
    assert go(game).entities[1]["power"] == expected


def test_unbounded_param_is_not_clamped() -> None:
    """A ParamSpec without min or max takes any value it is set or modified to."""
    game = harness([SetParam(1, "free", 1000), ModifyParam(1, "free", -5000)],
                   placements=[Placement("unit", 0, (0, 0))])
    assert go(game).entities[1]["free"] == -4000


@pytest.mark.parametrize(("effect", "expected"), [
    (SetPlayerParam(0, "gold", 50), 20),
    (SetPlayerParam(0, "gold", -1), 0),
    (ModifyPlayerParam(0, "gold", 4), 7),
    (ModifyPlayerParam(lambda c: c.player, "gold", 100), 20),
    (ModifyPlayerParam(0, "gold", -10), 0),
], ids=["set-above-max", "set-below-min", "add", "add-past-max", "sub-past-min"])
def test_player_param_effects_clamp_to_declared_bounds(effect: Effect, expected: int) -> None:
    """SetPlayerParam and ModifyPlayerParam hold a player parameter within its bounds."""
    game = harness([effect], player_params=[ParamSpec("gold", 3, 0, 20)])
    s = game.new_state()
    assert s.players[0].params["gold"] == 3
    assert go(game, s).players[0].params["gold"] == expected


# --------------------------------------------------------- spawn and remove
def test_spawn_binds_the_new_id_places_it_and_clamps_its_params() -> None:
    """Spawn creates an entity of the acting player at the position, binds its id, clamps overrides."""
    game = harness([
        Spawn("unit", pos=(2, 3), params={"power": 42}, bind="new"),
        Remember("spawned", lambda c: c.vars["new"]),
        SetParam(lambda c: c.vars["new"], "hp", 3),
    ], players=("a", "b"), placements=[Placement("unit", 1, (0, 0))])
    s = go(game)
    new = s.memory["spawned"]
    assert new == 2
    e = s.entities[new]
    assert (e.type, e.owner, e.pos) == ("unit", 0, Pos(2, 3))
    assert e["power"] == 9 and e["hp"] == 3
    assert s.at[Pos(2, 3)] == new and s.occupant(Pos(2, 3)) is e


def test_spawn_with_owner_and_zone_puts_the_entity_in_that_players_zone() -> None:
    """Spawn with owner= and zone= puts a card in that player's zone, off the board."""
    game = harness([Spawn("card", owner=1, zone="hand", bind="c"),
                    Remember("c", lambda c: c.vars["c"])],
                   players=("a", "b"), zones=[ZoneSpec("hand")])
    s = go(game)
    card = s.entities[s.memory["c"]]
    assert card.owner == 1 and card.zone == "hand" and card.pos is None
    assert s.zone(1, "hand") == (card.id,) and s.zone(0, "hand") == ()


def test_remove_takes_an_entity_out_without_a_died_event() -> None:
    """Remove deletes the entity and frees its cell, and no 'died' trigger fires."""
    game = harness([Remove(1)], placements=[Placement("unit", 0, (1, 1))],
                   triggers=[remember_event("died", "entity")])
    s = go(game)
    assert 1 not in s.entities and Pos(1, 1) not in s.at
    assert log(s) == ()


def test_kill_emits_died_with_its_fields_and_removes_the_entity() -> None:
    """Kill sends a 'died' event (entity, type, owner, at) and the entity is gone afterwards."""
    game = harness([Kill(1)], players=("a", "b"), placements=[Placement("unit", 1, (1, 2))],
                   triggers=[remember_event("died", "entity", "type", "owner", "at")])
    s = go(game)
    assert log(s) == (("died", 1, "unit", 1, Pos(1, 2)),)
    assert 1 not in s.entities and Pos(1, 2) not in s.at


# -------------------------------------------------------------------- moving
def test_move_emits_moved_and_places_the_entity() -> None:
    """Move puts the entity at its destination and a 'moved' trigger sees mover, from and to."""
    game = harness([Move(1, Pos(3, 2))], placements=[Placement("unit", 0, (0, 0))],
                   triggers=[remember_event("moved", "mover", "from", "to")])
    s = go(game)
    assert s.entities[1].pos == Pos(3, 2)
    assert s.at == {Pos(3, 2): 1}
    assert log(s) == (("moved", 1, Pos(0, 0), Pos(3, 2)),)


def guarded_move_game() -> Game:
    """Player a's unit moves; player b's guard may block the pending move (CancelEvent)."""
    guard = EntityType("guard", reactions=("block",))
    block = Reaction("block", "moved", "pending",
                     when=lambda c: c.is_enemy(c.ev["mover"]),
                     effects=(note("blocked"), CancelEvent()))
    return harness([Move(1, Pos(1, 0))], players=("a", "b"),
                   entity_types=[UNIT, guard], reactions=[block],
                   placements=[Placement("unit", 0, (0, 0)), Placement("guard", 1, (3, 3))],
                   triggers=[remember_event("moved", "mover", "to")])


def test_a_pending_move_offers_a_reaction_and_cancel_event_stops_it() -> None:
    """A reaction that cancels the pending 'moved' event keeps the mover in place, and no 'moved' trigger fires."""
    game = guarded_move_game()
    s = go(game)
    d = s.decision
    assert d is not None and d.kind == "reaction" and d.player == 1
    assert {str(a) for a in d.actions} == {"block #2", "pass"}
    assert s.entities[1].pos == Pos(0, 0), "the move waits for the reaction"
    blocked = game.apply(s, game.parse_action(s, "block #2"))
    assert blocked.entities[1].pos == Pos(0, 0)
    assert log(blocked) == ("blocked",)
    assert blocked.decision is not None and blocked.decision.kind == "action"
    passed = game.apply(s, game.parse_action(s, "pass"))
    assert passed.entities[1].pos == Pos(1, 0)
    assert log(passed) == (("moved", 1, Pos(1, 0)),)


# ------------------------------------------------------------ damage, healing
def test_damage_lowers_hp_through_a_damaged_event() -> None:
    """Damage subtracts its amount from hp, and a 'damaged' trigger sees target, amount and source."""
    game = harness([Damage(1, 4, source=7)], placements=[Placement("unit", 0, (0, 0))],
                   triggers=[remember_event("damaged", "target", "amount", "source")])
    s = go(game)
    assert s.entities[1]["hp"] == 6
    assert log(s) == (("damaged", 1, 4, 7),)


def test_damage_to_zero_hp_emits_died_and_removes_the_entity() -> None:
    """Damage that takes hp to 0 sends 'died' (after 'damaged') and takes the entity off the board."""
    game = harness([Damage(1, 10)], placements=[Placement("unit", 0, (2, 2))],
                   triggers=[remember_event("damaged", "target", "amount"),
                             remember_event("died", "entity", "at")])
    s = go(game)
    assert 1 not in s.entities and s.at == {}
    assert log(s) == (("died", 1, Pos(2, 2)), ("damaged", 1, 10))


def test_overkill_damage_clamps_and_kills() -> None:
    """Damage beyond the remaining hp still kills exactly once."""
    game = harness([Damage(1, 25)], placements=[Placement("unit", 0, (2, 2))],
                   triggers=[remember_event("died", "entity")])
    s = go(game)
    assert 1 not in s.entities
    assert log(s) == (("died", 1),)


def test_heal_restores_hp_and_clamps_at_max() -> None:
    """Heal adds to hp but never past the parameter's maximum."""
    game = harness([Heal(1, 3)], placements=[Placement("unit", 0, (0, 0), params={"hp": 4})])
    s = go(game)
    assert s.entities[1]["hp"] == 7
    s = go(game, s)
    assert s.entities[1]["hp"] == 10
    s = go(game, s)
    assert s.entities[1]["hp"] == 10


# ------------------------------------------------------------------ statuses
def status_game(statuses: Sequence[StatusType], **kw: Any) -> Game:
    """One player, one unit; each round one action: 'bless' (AddStatus haste) or 'wait'."""
    return Game(
        "statuses", ("a",), board=BOARD, entity_types=[UNIT],
        placements=[Placement("unit", 0, (0, 0))],
        statuses=statuses,
        action_types=[ActionType("bless", effects=(AddStatus(1, "haste", **kw),)),
                      ActionType("wait")],
        phases=[Phase("p", (Step("s", ("bless", "wait"), max_actions=1),))],
        round_limit=6,
    )


def test_status_duration_ticks_down_at_round_end_and_expires() -> None:
    """A status lasting 2 rounds loses one at each round's end and is gone after the second."""
    game = status_game([StatusType("haste", duration=2)])
    s = game.apply(game.new_state(), Action("bless"))
    assert s.round == 2
    assert s.entities[1].statuses == (Status("haste", 1, None),)
    s = game.apply(s, Action("wait"))
    assert s.round == 3
    assert s.entities[1].statuses == ()
    assert not s.entities[1].has_status("haste")


def test_add_status_duration_overrides_the_status_default() -> None:
    """AddStatus(duration=1) on a 3-round status expires at the end of the round it was added."""
    game = status_game([StatusType("haste", duration=3)], duration=1)
    s = game.apply(game.new_state(), Action("bless"))
    assert s.round == 2 and s.entities[1].statuses == ()


def test_add_status_duration_expires_even_when_the_status_type_has_none() -> None:
    """A duration given by AddStatus expires at round end even if the StatusType sets no duration."""
    game = status_game([StatusType("haste")], duration=1)
    s = game.apply(game.new_state(), Action("bless"))
    assert s.round == 2
    assert s.entities[1].statuses == ()


def test_use_status_spends_usages_and_removes_the_status_at_zero() -> None:
    """UseStatus takes one usage off; the status disappears when its last usage is spent."""
    game = harness([UseStatus(1, "charged"), UseStatus(1, "forever")],
                   statuses=[StatusType("charged", usages=2), StatusType("forever")],
                   entity_types=[EntityType("unit", statuses=("charged", "forever"))],
                   placements=[Placement("unit", 0, (0, 0))])
    s = game.new_state()
    assert s.entities[1].statuses == (Status("charged", None, 2), Status("forever", None, None))
    s = go(game, s)
    assert s.entities[1].statuses == (Status("charged", None, 1), Status("forever", None, None))
    s = go(game, s)
    assert s.entities[1].statuses == (Status("forever", None, None),)


def test_add_status_replaces_and_remove_status_removes() -> None:
    """AddStatus replaces a status of the same name (new usages); RemoveStatus takes it off."""
    game = harness([AddStatus(1, "charged", usages=lambda c: 5)],
                   action_types=[ActionType("strip", effects=(RemoveStatus(1, "charged"),))],
                   offered=("strip",),
                   statuses=[StatusType("charged", usages=2)],
                   entity_types=[EntityType("unit", statuses=("charged",))],
                   placements=[Placement("unit", 0, (0, 0))])
    s = go(game)
    assert s.entities[1].statuses == (Status("charged", None, 5),)
    s = game.apply(s, Action("strip"))
    assert s.entities[1].statuses == ()


def shield_game() -> Game:
    """Unit #1 carries a 2-use shield that absorbs 3 of each pending damage; #2 has none."""
    absorb = Reaction(
        "shield_absorb", "damaged", "pending",
        when=lambda c: c.ev["target"] == c.actor,
        effects=(SetEventField("amount", lambda c: max(0, c.ev["amount"] - 3)),
                 UseStatus(lambda c: c.actor, "shield")),
        automatic=True)
    hit = ActionType("hit", targets=(
        TargetSpec("who", lambda c: sorted(c.state.entities), kind="entity"),
        TargetSpec("amount", lambda c: (2, 5))),
        effects=(Damage(lambda c: c.targets["who"], lambda c: c.targets["amount"]),))
    return Game(
        "shield", ("a",), board=BOARD, entity_types=[UNIT],
        statuses=[StatusType("shield", usages=2, reactions=(absorb,))],
        setup=(AddStatus(1, "shield"),),
        placements=[Placement("unit", 0, (0, 0)), Placement("unit", 0, (1, 0))],
        action_types=[hit],
        phases=[Phase("p", (Step("s", ("hit",)),))],
        triggers=[remember_event("damaged", "target", "amount")],
    )


def test_status_hook_modifies_pending_damage_like_a_shield() -> None:
    """A status's automatic reaction lowers pending 'damaged' amounts via SetEventField and spends its usages."""
    game = shield_game()
    s = game.new_state()

    def hit(s: State, who: int, amount: int) -> State:
        return game.apply(s, Action("hit", None, (("who", who), ("amount", amount))))

    s = hit(s, 1, 5)
    assert s.entities[1]["hp"] == 8
    assert s.entities[1].statuses == (Status("shield", None, 1),)
    s = hit(s, 2, 5)   # the unshielded unit takes it all
    assert s.entities[2]["hp"] == 5
    s = hit(s, 1, 2)   # absorbed entirely; the last usage is spent
    assert s.entities[1]["hp"] == 8
    assert s.entities[1].statuses == ()
    s = hit(s, 1, 5)
    assert s.entities[1]["hp"] == 3
    assert log(s) == (("damaged", 1, 2), ("damaged", 2, 5), ("damaged", 1, 0),
                      ("damaged", 1, 5))


# -------------------------------------------------------------------- chance
def test_roll_in_explicit_chance_mode_surfaces_a_chance_decision_weighted_like_the_dice() -> None:
    """With explicit chance, Roll stops at a 'chance' decision whose options and weights are the dice's."""
    game = harness([Roll("r", dice(2, 6)), Remember("rolled", lambda c: c.vars["r"])])
    s = go(game, explicit_chance=True)
    d = s.decision
    assert d is not None and d.kind == "chance" and d.player == CHANCE
    assert [a.target("value") for a in d.actions] == list(range(2, 13))
    assert d.weights == (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    assert d.probabilities[5] == pytest.approx(6 / 36)
    assert sum(d.probabilities) == pytest.approx(1.0)
    assert "rolled" not in s.memory
    after = roll(game, s, 7)
    assert after.memory["rolled"] == 7
    assert after.decision is not None and after.decision.kind == "action"


def test_roll_in_sampled_mode_draws_from_the_state_rng() -> None:
    """Without explicit chance, Roll binds a possible value drawn from the seeded RNG (same seed, same value)."""
    game = harness([Roll("r", dice(1, 6)), Remember("rolled", lambda c: c.vars["r"])])
    values = [go(game, seed=seed).memory["rolled"] for seed in range(30)]
    assert set(values) <= set(range(1, 7)) and len(set(values)) > 1
    assert values == [go(game, seed=seed).memory["rolled"] for seed in range(30)]


def weighted_game() -> Game:
    """'go' takes branch a with weight 1, branch b with weight 3."""
    return harness([WeightedChoice("w", ((1, (Remember("branch", "a"),)),
                                         (3, (Remember("branch", "b"),))))])


def test_weighted_choice_is_a_chance_node_with_the_given_weights() -> None:
    """WeightedChoice surfaces a chance decision over its branches with probabilities by weight, and runs the chosen one."""
    game = weighted_game()
    s = go(game, explicit_chance=True)
    d = s.decision
    assert d is not None and d.kind == "chance"
    assert [a.target("value") for a in d.actions] == [0, 1]
    assert d.probabilities == (0.25, 0.75)
    assert roll(game, s, 0).memory["branch"] == "a"
    assert roll(game, s, 1).memory["branch"] == "b"


def test_weighted_choice_outcomes_are_exact() -> None:
    """game.outcomes enumerates a WeightedChoice exactly: branch a with 1/4, b with 3/4."""
    game = weighted_game()
    s = game.new_state()
    dist = {st.memory["branch"]: p for p, st in game.outcomes(s, Action("go"))}
    assert dist == {"a": pytest.approx(0.25), "b": pytest.approx(0.75)}


def test_weighted_choice_sampling_follows_the_weights() -> None:
    """Sampled over many seeds, a 1:3 WeightedChoice picks its second branch about three times as often."""
    game = weighted_game()
    picks = [go(game, seed=seed).memory["branch"] for seed in range(400)]
    share = Fraction(picks.count("b"), len(picks))
    assert Fraction(65, 100) < share < Fraction(85, 100)


# ------------------------------------------------------------- control flow
def test_for_each_runs_the_body_once_per_item_in_order() -> None:
    """ForEach runs its whole body for each item, in the items' order, with the item bound."""
    game = harness([ForEach("x", (3, 1, 2), (note(lambda c: ("a", c.vars["x"])),
                                             note(lambda c: ("b", c.vars["x"]))))])
    assert log(go(game)) == (("a", 3), ("b", 3), ("a", 1), ("b", 1), ("a", 2), ("b", 2))


def test_for_each_over_nothing_runs_nothing() -> None:
    """ForEach over an empty collection runs its body zero times and the effects after it still run."""
    game = harness([ForEach("x", lambda c: [], (note("body"),)), note("after")])
    assert log(go(game)) == ("after",)


@pytest.mark.parametrize(("flag", "expected"), [(True, "then"), (False, "else")])
def test_if_runs_then_or_otherwise(flag: bool, expected: str) -> None:
    """If runs its then-branch when the test holds and its otherwise-branch when it does not."""
    game = harness([If(lambda c: flag, then=(note("then"),), otherwise=(note("else"),)),
                    note("after")])
    assert log(go(game)) == (expected, "after")


def test_set_var_binds_a_value_for_the_rest_of_the_block() -> None:
    """SetVar binds a name that later effects of the same block read."""
    game = harness([SetVar("x", lambda c: 4), Remember("double", lambda c: c.vars["x"] * 2)])
    assert go(game).memory["double"] == 8


def test_remember_writes_state_memory_with_computed_key_and_value() -> None:
    """Remember stores a value under a key (both may be computed) in state.memory."""
    game = harness([Remember(lambda c: f"seen_by_{c.player}", lambda c: 40 + 2),
                    Remember("plain", "text")])
    s0 = game.new_state()
    s = go(game, s0)
    assert s.memory == {"seen_by_0": 42, "plain": "text"}
    assert s0.memory == {}


def test_perform_runs_another_action_types_effects_with_given_targets() -> None:
    """Perform runs the named action type's effects with the actor and targets it is given."""
    strike = ActionType("strike", "entity", effects=(
        ModifyParam(lambda c: c.targets["target"], "hp", lambda c: -c.me["power"]),))
    game = harness([Perform("strike", actor=1, targets={"target": 2}),
                    Perform("strike", actor=1, targets={"target": lambda c: 2})],
                   action_types=[strike],
                   placements=[Placement("unit", 0, (0, 0), params={"power": 3}),
                               Placement("unit", 0, (1, 0))])
    s = go(game)
    assert s.entities[2]["hp"] == 4
    assert s.entities[1]["hp"] == 10


def test_emit_sends_an_event_whose_fields_triggers_see_and_runs_its_body() -> None:
    """Emit evaluates its fields, runs its body, then fires the event's triggers."""
    game = harness([Emit("ping", {"n": lambda c: 7, "who": "me"}, body=(note("body"),))],
                   triggers=[remember_event("ping", "n", "who")])
    assert log(go(game)) == ("body", ("ping", 7, "me"))


def test_emit_with_a_failing_valid_test_skips_body_and_triggers() -> None:
    """An emitted event whose valid test fails after its pending stage neither runs its body nor fires triggers."""
    game = harness([Emit("ping", {"n": 1}, body=(note("body"),), valid=lambda c: False),
                    note("after")],
                   triggers=[remember_event("ping", "n")])
    assert log(go(game)) == ("after",)


# ------------------------------------------------------- mid-effect choices
def choose_game() -> Game:
    """Player a's 'go' asks player b to pick 3, 5 or 7, then records the pick."""
    return harness([note("before"),
                    Choose("pick", (3, 5, 7), player=1, prompt="pick a number"),
                    Remember("picked", lambda c: c.vars["pick"]),
                    note(lambda c: ("picked", c.vars["pick"], c.player))],
                   players=("a", "b"))


def test_choose_mid_effect_asks_the_named_player_and_binds_the_value() -> None:
    """Choose stops resolution at an 'action' decision for the named player; the chosen value is bound and resolution resumes."""
    game = choose_game()
    s = go(game)
    d = s.decision
    assert d is not None and d.kind == "action" and d.player == 1
    assert [a.target("pick") for a in d.actions] == [3, 5, 7]
    assert {a.type for a in d.actions} == {"choose"}
    assert d.prompt == "pick a number"
    assert log(s) == ("before",) and "picked" not in s.memory
    s = game.apply(s, Action("choose", None, (("pick", 5),)))
    assert s.memory["picked"] == 5
    assert log(s) == ("before", ("picked", 5, 0))
    assert s.decision is not None and s.decision.kind == "action" and s.decision.player == 0
    assert {a.type for a in s.decision.actions} == {"go"}


def test_a_state_paused_at_a_choice_serializes_and_resumes_identically() -> None:
    """A state waiting mid-effect for a choice round-trips through serialize and resumes the same way."""
    game = choose_game()
    s = go(game)
    back = game.deserialize(game.serialize(s))
    assert back == s
    pick = Action("choose", None, (("pick", 7),))
    assert game.serialize(game.apply(back, pick)) == game.serialize(game.apply(s, pick))


def test_choose_with_one_option_binds_it_without_a_decision() -> None:
    """Choose with a single option binds it at once instead of asking."""
    game = harness([Choose("pick", lambda c: (9,)), Remember("picked", lambda c: c.vars["pick"])])
    s = go(game)
    assert s.memory["picked"] == 9
    assert s.decision is not None and {a.type for a in s.decision.actions} == {"go"}


# --------------------------------------------------------------------- cards
def card_game(effects: Sequence[Effect], cards: int = 3) -> Game:
    """Player a holds ``cards`` cards (ids 1…) in a deck; zones deck, hand, discard."""
    return harness(effects, zones=[ZoneSpec("deck", "hidden"), ZoneSpec("hand", "owner"),
                                   ZoneSpec("discard")],
                   placements=[Placement("card", 0, zone="deck", params={"value": v})
                               for v in range(1, cards + 1)])


def test_move_card_moves_between_zones_on_top_or_at_the_bottom() -> None:
    """MoveCard takes a card out of its zone and adds it on top (end) of another, or at the bottom."""
    game = card_game([MoveCard(2, "hand"), MoveCard(3, "hand"), MoveCard(1, "hand", bottom=True),
                      MoveCard(3, "discard")])
    s0 = game.new_state()
    assert s0.zone(0, "deck") == (1, 2, 3)
    s = go(game, s0)
    assert s.zone(0, "deck") == ()
    assert s.zone(0, "hand") == (1, 2)
    assert s.zone(0, "discard") == (3,)
    assert [s.entities[i].zone for i in (1, 2, 3)] == ["hand", "hand", "discard"]


def test_move_card_takes_a_board_entity_off_the_board() -> None:
    """MoveCard of an entity on the board frees its cell and puts it in the zone."""
    game = harness([MoveCard(1, "hand")], zones=[ZoneSpec("hand")],
                   placements=[Placement("unit", 0, (2, 1))])
    s = go(game)
    assert s.entities[1].pos is None and s.entities[1].zone == "hand"
    assert s.at == {} and s.zone(0, "hand") == (1,)


def test_draw_card_is_a_uniform_chance_node_over_the_zone() -> None:
    """DrawCard surfaces a chance decision with one equal-weight option per card, and moves the drawn card."""
    game = card_game([DrawCard(0, "deck", "hand")])
    s = go(game, explicit_chance=True)
    d = s.decision
    assert d is not None and d.kind == "chance"
    assert [a.target("value") for a in d.actions] == [0, 1, 2]
    assert d.weights == (1, 1, 1)
    s = roll(game, s, 1)
    assert s.zone(0, "deck") == (1, 3) and s.zone(0, "hand") == (2,)
    assert s.entities[2].zone == "hand"


def test_draw_card_binds_the_drawn_card_for_later_effects() -> None:
    """DrawCard(bind='drawn') makes the drawn card's id available to the effects after it."""
    game = card_game([DrawCard(0, "deck", "hand", bind="drawn"),
                      Remember("drawn", lambda c: c.vars.get("drawn", "unbound"))])
    s = roll(game, go(game, explicit_chance=True), 1)
    assert s.memory["drawn"] == 2


def test_draw_card_sampled_moves_one_card() -> None:
    """A sampled DrawCard moves exactly one card from the source zone to the target zone."""
    game = card_game([DrawCard(lambda c: c.player, "deck", "hand")])
    s = go(game, seed=3)
    hand, deck = s.zone(0, "hand"), s.zone(0, "deck")
    assert len(hand) == 1 and len(deck) == 2
    assert sorted(hand + deck) == [1, 2, 3]


def test_draw_card_from_an_empty_zone_does_nothing() -> None:
    """DrawCard from an empty zone moves nothing and asks no chance decision."""
    game = card_game([DrawCard(0, "deck", "hand"), note("after")], cards=0)
    s = go(game, explicit_chance=True)
    assert s.decision is not None and s.decision.kind == "action"
    assert s.zone(0, "hand") == () and log(s) == ("after",)
