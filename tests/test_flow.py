"""The flow machine: rounds, phases, turns and steps, pinned with small purpose-made games.

Each game here records what happens into ``state.memory["log"]`` (a tuple of
strings) through ``Remember`` effects run by triggers, hooks and actions, so a
test can compare the exact sequence of events and hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rules_helpers import build
from stratagem.engine import Ctx, Game, State, runtime
from stratagem.engine.effects import (
    EndPhase,
    EndTurn,
    Kill,
    ModifyPlayerParam,
    Remember,
)
from stratagem.engine.spec import (
    ActionType,
    Condition,
    EndRule,
    EntityType,
    Order,
    ParamSpec,
    Phase,
    Placement,
    Step,
    TargetSpec,
    Trigger,
)

FLOW_EVENTS = ("round_started", "phase_started", "turn_started", "turn_ended",
               "phase_ended", "round_ended")


# ------------------------------------------------------------------ helpers
def note(tag: str | Callable[[Ctx], str]) -> Remember:
    """An effect that appends ``tag`` (text, or text computed from the context) to the log."""
    def value(c: Ctx) -> tuple[str, ...]:
        text = tag(c) if callable(tag) else tag
        return (*c.state.memory.get("log", ()), text)
    return Remember("log", value)


def log(s: State) -> tuple[str, ...]:
    """The recorded log of a state."""
    return tuple(s.memory.get("log", ()))


def phase_name(c: Ctx) -> str:
    """The name of the phase the flow stands in."""
    return c.state.game.phases[c.state.flow.phase].name


def event_note(event: str) -> Callable[[Ctx], str]:
    """The log text for a flow event, with its identifying field."""
    def text(c: Ctx) -> str:
        ev = c.ev
        if event.startswith("round"):
            return f"{event}:{ev['round']}"
        if event.startswith("phase"):
            return f"{event}:{ev['phase']}"
        who = ev["actor"] if ev["actor"] is not None else ev["player"]
        return f"{event}:{who}"
    return text


def flow_triggers(events: Sequence[str] = FLOW_EVENTS) -> list[Trigger]:
    """One trigger per flow event, each noting the event in the log."""
    return [Trigger(f"note_{e}", e, (note(event_note(e)),)) for e in events]


def act(name: str, **kw: Any) -> ActionType:
    """A player action that notes ``name:player`` in the log."""
    effects = (note(lambda c: f"{name}:{c.player}"), *kw.pop("effects", ()))
    return ActionType(name, effects=effects, **kw)


def where(s: State) -> tuple[int, str, str]:
    """Round, phase name and step name of a state waiting for an action."""
    f = s.flow
    phase = s.game.phases[f.phase]
    return f.round, phase.name, phase.steps[f.step].name


def offered(s: State) -> set[str]:
    """The action types the state's decision offers."""
    assert s.decision is not None
    return {a.type for a in s.decision.actions}


def do(game: Game, s: State, name: str, **targets: Any) -> State:
    """Apply the legal action of type ``name`` (with those targets, if given)."""
    assert s.decision is not None, "the game is over"
    for a in s.decision.actions:
        if a.type == name and all(a.target(k) == v for k, v in targets.items()):
            return game.apply(s, a)
    raise AssertionError(f"no legal {name} {targets} among {s.decision.actions}")


def play_first(game: Game, s: State, limit: int = 500) -> list[State]:
    """Play the first legal action until the game ends; every state reached, checked."""
    seen = [s]
    for _ in range(limit):
        assert (s.decision is None) == (s.outcome is not None)
        if s.decision is None:
            return seen
        assert len(s.decision.actions) >= 1, "a decision must offer at least one option"
        s = game.apply(s, s.decision.actions[0])
        seen.append(s)
    raise AssertionError("the game did not end")


# ------------------------------------------------------ event and hook order
def test_flow_events_nest_round_phase_turn_in_order_over_two_phases() -> None:
    """round_started, phase_started, turn_started … turn_ended, phase_ended, round_ended nest properly over two phases and two rounds."""
    game = Game(
        "nesting", ("a", "b"),
        action_types=[act("go")],
        phases=[Phase("first", (Step("s", ("go",), max_actions=1),)),
                Phase("second", (Step("s", ("go",), max_actions=1),))],
        triggers=flow_triggers(),
        round_limit=2,
    )
    s = play_first(game, game.new_state())[-1]
    one_phase = ("turn_started:0", "go:0", "turn_ended:0",
                 "turn_started:1", "go:1", "turn_ended:1")
    expected: tuple[str, ...] = ()
    for rnd in (1, 2):
        expected += (f"round_started:{rnd}",
                     "phase_started:first", *one_phase, "phase_ended:first",
                     "phase_started:second", *one_phase, "phase_ended:second",
                     f"round_ended:{rnd}")
    assert log(s) == expected
    assert s.outcome is not None and "round limit" in s.outcome.reason


def test_phase_and_step_start_hooks_follow_their_started_events() -> None:
    """phase on_start runs after phase_started; step on_start after turn_started; step on_end before turn_ended."""
    game = Game(
        "hooks", ("a",),
        action_types=[act("go")],
        phases=[Phase("ph", (Step("st", ("go",), max_actions=1,
                                  on_start=(note("step.on_start"),),
                                  on_end=(note("step.on_end"),)),),
                      on_start=(note("phase.on_start"),))],
        triggers=flow_triggers(("phase_started", "turn_started", "turn_ended")),
        round_limit=1,
    )
    s = play_first(game, game.new_state())[-1]
    assert log(s) == ("phase_started:ph", "phase.on_start", "turn_started:0", "step.on_start",
                      "go:0", "step.on_end", "turn_ended:0")


def test_phase_on_end_runs_before_phase_ended() -> None:
    """A phase's on_end effects have run by the time phase_ended triggers fire (as a step's on_end precedes turn_ended)."""
    game = Game(
        "end_hooks", ("a",),
        action_types=[act("go")],
        phases=[Phase("ph", (Step("st", ("go",), max_actions=1, on_end=(note("step.on_end"),)),),
                      on_end=(note("phase.on_end"),))],
        triggers=flow_triggers(("turn_ended", "phase_ended")),
        round_limit=1,
    )
    s = play_first(game, game.new_state())[-1]
    assert log(s) == ("go:0", "step.on_end", "turn_ended:0", "phase.on_end", "phase_ended:ph")


def test_hooks_of_two_steps_run_in_step_order_within_each_turn() -> None:
    """Each step's on_start and on_end bracket that step's actions, step by step, turn by turn."""
    game = Game(
        "step_hooks", ("a", "b"),
        action_types=[act("draw"), act("play")],
        phases=[Phase("turns", (
            Step("draw", ("draw",), max_actions=1,
                 on_start=(note("draw.start"),), on_end=(note("draw.end"),)),
            Step("play", ("play",), max_actions=1,
                 on_start=(note("play.start"),), on_end=(note("play.end"),)),
        ))],
        round_limit=1,
    )
    s = play_first(game, game.new_state())[-1]
    turn = ("draw.start", "draw:{p}", "draw.end", "play.start", "play:{p}", "play.end")
    assert log(s) == tuple(t.format(p=p) for p in (0, 1) for t in turn)


# ------------------------------------------------------------ steps in a turn
def two_step_game() -> Game:
    """Each turn: a draw step (one draw), then a main step (play any number, then done)."""
    return Game(
        "two_steps", ("a", "b"),
        action_types=[act("draw"), act("play"), act("done", ends_turn=True)],
        phases=[Phase("turns", (Step("draw", ("draw",), max_actions=1),
                                Step("main", ("play", "done"))))],
        round_limit=3,
    )


def test_two_steps_within_a_turn_each_offer_their_own_actions() -> None:
    """A turn runs its steps in order, each offering only its own action types."""
    game = two_step_game()
    s = game.new_state()
    assert where(s) == (1, "turns", "draw") and offered(s) == {"draw"}
    assert s.decision is not None and s.decision.player == 0
    s = do(game, s, "draw")
    assert where(s) == (1, "turns", "main") and offered(s) == {"play", "done"}
    s = do(game, s, "play")
    s = do(game, s, "play")
    assert where(s) == (1, "turns", "main") and s.decision is not None
    assert s.decision.player == 0
    s = do(game, s, "done")
    assert where(s) == (1, "turns", "draw") and offered(s) == {"draw"}
    assert s.decision is not None and s.decision.player == 1
    assert log(s) == ("draw:0", "play:0", "play:0", "done:0")


def test_step_max_actions_ends_the_step_after_that_many_actions() -> None:
    """A step with max_actions=2 gives the turn-taker exactly two actions, then moves on."""
    game = Game(
        "max_actions", ("a", "b"),
        action_types=[act("tick")],
        phases=[Phase("p", (Step("s", ("tick",), max_actions=2),))],
        round_limit=1,
    )
    states = play_first(game, game.new_state())
    deciders = [st.decision.player for st in states if st.decision is not None]
    assert deciders == [0, 0, 1, 1]
    assert log(states[-1]) == ("tick:0", "tick:0", "tick:1", "tick:1")


def test_ends_turn_action_skips_the_remaining_steps_of_the_turn() -> None:
    """An ends_turn action in the first step ends the whole turn: the next step is never entered."""
    game = Game(
        "ends_turn", ("a", "b"),
        action_types=[act("work"), act("quit", ends_turn=True), act("extra")],
        phases=[Phase("p", (
            Step("one", ("work", "quit"), on_end=(note("one.end"),)),
            Step("two", ("extra",), max_actions=1, on_start=(note("two.start"),)),
        ))],
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "work")
    s = do(game, s, "quit")
    assert s.decision is not None and s.decision.player == 1
    assert where(s) == (1, "p", "one")
    assert log(s) == ("work:0", "quit:0", "one.end")


def test_end_turn_effect_ends_the_turn_like_an_ends_turn_action() -> None:
    """An action whose effects include EndTurn() ends the turn even though its type is not ends_turn."""
    game = Game(
        "end_turn_effect", ("a", "b"),
        action_types=[act("rest", effects=(EndTurn(),)), act("work")],
        phases=[Phase("p", (Step("one", ("rest", "work")),
                            Step("two", ("work",), max_actions=1)))],
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "work")
    assert s.decision is not None and s.decision.player == 0 and where(s)[2] == "one"
    s = do(game, s, "rest")
    assert s.decision is not None and s.decision.player == 1
    assert where(s) == (1, "p", "one")
    assert log(s) == ("work:0", "rest:0")


def test_step_end_when_ends_the_step_once_it_holds() -> None:
    """Step.end_when is checked before each action: once the player's counter reaches 2, the next step begins."""
    game = Game(
        "step_end_when", ("a", "b"),
        player_params=[ParamSpec("n", 0)],
        action_types=[act("inc", effects=(ModifyPlayerParam(lambda c: c.player, "n", 1),)),
                      act("finish")],
        phases=[Phase("p", (
            Step("count", ("inc",),
                 end_when=lambda c: c.state.players[c.player].params["n"] >= 2),
            Step("last", ("finish",), max_actions=1)))],
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "inc")
    assert where(s)[2] == "count"
    s = do(game, s, "inc")
    assert where(s)[2] == "last" and s.decision is not None and s.decision.player == 0
    s = do(game, s, "finish")
    assert where(s)[2] == "count" and s.decision is not None and s.decision.player == 1
    assert s.players[0].params["n"] == 2


def test_phase_end_when_ends_the_phase_for_everyone() -> None:
    """Phase.end_when ends the phase as soon as it holds: later turn-takers get no turn in it."""
    game = Game(
        "phase_end_when", ("a", "b", "c"),
        player_params=[ParamSpec("n", 0)],
        action_types=[act("inc", effects=(ModifyPlayerParam(lambda c: c.player, "n", 1),)),
                      act("after")],
        phases=[Phase("race", (Step("s", ("inc",), max_actions=2),),
                      end_when=lambda c: sum(p.params["n"] for p in c.state.players) >= 3),
                Phase("next", (Step("s", ("after",), max_actions=1),))],
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "inc")
    s = do(game, s, "inc")
    s = do(game, s, "inc")  # player b's first action: the total reaches 3
    assert where(s) == (1, "next", "s")
    assert s.decision is not None and s.decision.player == 0
    assert [p.params["n"] for p in s.players] == [2, 1, 0]


def test_end_phase_effect_ends_the_phase_at_once() -> None:
    """An action with EndPhase() ends its phase: no one else acts in it and the next phase begins."""
    game = Game(
        "end_phase_effect", ("a", "b"),
        action_types=[act("close", effects=(EndPhase(),)), act("go")],
        phases=[Phase("one", (Step("s", ("close", "go"), max_actions=1),)),
                Phase("two", (Step("s", ("go",), max_actions=1),))],
        triggers=flow_triggers(("phase_started", "phase_ended")),
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "close")
    assert where(s) == (1, "two", "s")
    assert s.decision is not None and s.decision.player == 0
    assert log(s) == ("phase_started:one", "close:0", "phase_ended:one", "phase_started:two")


def test_a_turn_cut_short_by_the_phase_ending_still_ends() -> None:
    """Every turn_started is matched by a turn_ended (and the step's on_end runs) even when Phase.end_when cuts the turn short."""
    game = Game(
        "cut_short", ("a", "b"),
        player_params=[ParamSpec("n", 0)],
        action_types=[act("inc", effects=(ModifyPlayerParam(lambda c: c.player, "n", 1),))],
        phases=[Phase("race", (Step("s", ("inc",), max_actions=3, on_end=(note("s.end"),)),),
                      end_when=lambda c: c.state.players[0].params["n"] >= 1)],
        triggers=flow_triggers(("turn_started", "turn_ended", "phase_ended")),
        round_limit=1,
    )
    s = play_first(game, game.new_state())[-1]
    assert log(s) == ("turn_started:0", "inc:0", "s.end", "turn_ended:0", "phase_ended:race")


# ---------------------------------------------------------------- turn orders
def order_game(order: Order, players: int = 3, rounds: int = 3) -> Game:
    """Each player in the order takes one 'go' per round."""
    return Game(
        "orders", tuple(f"p{i}" for i in range(players)),
        action_types=[act("go")],
        phases=[Phase("p", (Step("s", ("go",), max_actions=1),), order=order)],
        round_limit=rounds,
    )


def turn_sequence(game: Game) -> list[tuple[int, int]]:
    """(round, player) of every action decision in a full playout."""
    return [(st.round, st.decision.player) for st in play_first(game, game.new_state())
            if st.decision is not None]


def test_players_order_starts_from_first() -> None:
    """Order('players', first=1) gives turns 1, 2, 0 in every round."""
    assert turn_sequence(order_game(Order("players", first=1), rounds=2)) == [
        (1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]


def test_players_order_rotate_moves_the_first_player_on_each_round() -> None:
    """Order('players', rotate=True) starts round r with player (first + r - 1) mod n."""
    assert turn_sequence(order_game(Order("players", rotate=True))) == [
        (1, 0), (1, 1), (1, 2), (2, 1), (2, 2), (2, 0), (3, 2), (3, 0), (3, 1)]
    assert turn_sequence(order_game(Order("players", first=2, rotate=True), rounds=2)) == [
        (1, 2), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)]


def test_player_order_gives_turns_only_to_that_player() -> None:
    """Order('player', first=1) gives a turn to player 1 alone, every round."""
    assert turn_sequence(order_game(Order("player", first=1))) == [(1, 1), (2, 1), (3, 1)]


def initiative_game(inits: Sequence[int], owners: Sequence[int]) -> Game:
    """Units with an 'init' parameter taking turns in initiative order; 'slay' kills a unit."""
    def others(c: Ctx) -> list[int]:
        return [e for e in sorted(c.state.entities) if e != c.actor]
    return Game(
        "initiative", ("a", "b"),
        entity_types=[EntityType("unit", params=(ParamSpec("init", 0),),
                                 actions=("go", "slay", "fall"))],
        placements=[Placement("unit", o, params={"init": i})
                    for i, o in zip(inits, owners, strict=True)],
        action_types=[
            ActionType("go", "entity", effects=(note(lambda c: f"go:#{int(c.actor)}"),)),
            ActionType("slay", "entity", targets=(TargetSpec("victim", others, kind="entity"),),
                       effects=(Kill(lambda c: c.targets["victim"]),)),
            ActionType("fall", "entity", effects=(Kill(lambda c: c.actor),)),
        ],
        phases=[Phase("p", (Step("s", ("go", "slay", "fall"), max_actions=2),),
                      order=Order("initiative", key=lambda c, e: e["init"]))],
        triggers=flow_triggers(("turn_started",)),
        round_limit=2,
    )


def test_initiative_orders_entities_by_key_descending_ties_by_lower_id() -> None:
    """Entities act by 'init' descending, equal keys by lower id; each turn is its owner's decision with the entity as actor."""
    game = initiative_game([5, 9, 5, 7], [0, 1, 0, 1])
    s = game.new_state()
    seen: list[tuple[int, int | None]] = []
    while s.decision is not None and s.round == 1:
        d = s.decision
        assert {a.actor for a in d.actions} == {d.actor}
        seen.append((d.player, d.actor))
        s = do(game, s, "go")
        s = do(game, s, "go")
    assert seen == [(1, 2), (1, 4), (0, 1), (0, 3)]
    assert log(s)[:3] == ("turn_started:2", "go:#2", "go:#2")


def test_initiative_skips_the_turn_of_an_entity_that_died() -> None:
    """An entity killed before its turn in the round gets no turn, this round or later."""
    game = initiative_game([5, 9, 7], [0, 1, 0])
    s = game.new_state()
    assert s.decision is not None and s.decision.actor == 2
    s = do(game, s, "slay", victim=3)       # #2 kills #3, who would act next
    s = do(game, s, "go")
    assert s.decision is not None and s.decision.actor == 1
    s = do(game, s, "go")
    s = do(game, s, "go")
    assert s.round == 2 and s.decision is not None and s.decision.actor == 2
    assert [t for t in log(s) if t.startswith("turn_started")] == [
        "turn_started:2", "turn_started:1", "turn_started:2"]


def test_initiative_turn_ends_when_the_acting_entity_falls() -> None:
    """An entity that dies during its own turn loses the rest of that turn; the next entity acts."""
    game = initiative_game([9, 5], [0, 1])
    s = game.new_state()
    s = do(game, s, "fall")          # max_actions=2, but #1 is gone after one
    assert 1 not in s.entities
    assert s.decision is not None and s.decision.actor == 2 and s.decision.player == 1


def alternate_game(first: int = 0, max_actions: int | None = 1) -> Game:
    """Players alternate single 'bid' actions until both pass; then player 0 acts in 'after'."""
    return Game(
        "alternate", ("a", "b"),
        action_types=[act("bid"), act("pass", passes=True), act("after")],
        phases=[Phase("bidding", (Step("s", ("bid", "pass"), max_actions=max_actions),),
                      order=Order("alternate", first=first)),
                Phase("resolve", (Step("s", ("after",), max_actions=1),),
                      order=Order("player"))],
        round_limit=1,
    )


def test_alternate_order_runs_until_every_player_has_passed() -> None:
    """Players alternate single actions; one who passed is skipped; the phase ends when all have passed."""
    game = alternate_game()
    s = game.new_state()
    script = [(0, "bid"), (1, "bid"), (0, "pass"), (1, "bid"), (1, "bid"), (1, "pass")]
    for player, name in script:
        assert where(s)[1] == "bidding"
        assert s.decision is not None and s.decision.player == player
        s = do(game, s, name)
    assert where(s)[1] == "resolve" and s.decision is not None and s.decision.player == 0
    assert log(s) == ("bid:0", "bid:1", "pass:0", "bid:1", "bid:1", "pass:1")


def test_alternate_order_starts_with_first() -> None:
    """Order('alternate', first=1) gives player 1 the first action."""
    game = alternate_game(first=1)
    s = game.new_state()
    assert s.decision is not None and s.decision.player == 1
    s = do(game, s, "bid")
    assert s.decision is not None and s.decision.player == 0


def test_alternate_order_gives_one_action_per_turn_by_itself() -> None:
    """In an 'alternate' phase a turn is one action even when the step sets no max_actions."""
    game = alternate_game(max_actions=None)
    s = game.new_state()
    s = do(game, s, "bid")
    assert s.decision is not None and s.decision.player == 1


# ------------------------------------------------------------- skipped steps
def test_a_step_with_no_legal_actions_is_skipped_and_decisions_are_never_empty() -> None:
    """A step whose actions are all illegal never surfaces a decision; every decision offers options."""
    game = Game(
        "skip", ("a", "b"),
        action_types=[act("pay", conditions=(Condition("has gold", lambda c: False),)),
                      act("go")],
        phases=[Phase("p", (Step("upkeep", ("pay",), on_start=(note("upkeep.start"),),
                                 on_end=(note("upkeep.end"),)),
                            Step("main", ("go",), max_actions=1)))],
        round_limit=2,
    )
    states = play_first(game, game.new_state())
    for st in states[:-1]:
        assert where(st)[2] == "main" and offered(st) == {"go"}
    assert len(states) == 5
    turn = ("upkeep.start", "upkeep.end", "go:{p}")
    assert log(states[-1]) == tuple(t.format(p=p) for _ in range(2) for p in (0, 1) for t in turn)


# ------------------------------------------------------- round limit, scores
def test_round_limit_ends_the_game_after_that_many_rounds() -> None:
    """round_limit=2 ends the game once two full rounds are played; the reason names the round limit."""
    game = order_game(Order("players"), players=2, rounds=2)
    states = play_first(game, game.new_state())
    final = states[-1]
    assert len(states) == 5 and final.round == 2
    assert final.outcome is not None
    assert "round limit" in final.outcome.reason and "2" in final.outcome.reason
    assert final.outcome.ranks == (1, 1) and final.outcome.winners == ()


def score_game(points: tuple[int, int]) -> Game:
    """Each player gains their fixed number of points per turn; ranked by points at round 3."""
    return Game(
        "scored", ("a", "b"),
        player_params=[ParamSpec("pts", 0)],
        action_types=[act("score", effects=(
            ModifyPlayerParam(lambda c: c.player, "pts", lambda c: points[c.player]),))],
        phases=[Phase("p", (Step("s", ("score",), max_actions=1),))],
        round_limit=3,
        score=lambda c: c.state.players[c.player].params["pts"],
    )


def test_score_ranks_players_at_the_round_limit() -> None:
    """With score=, the round limit ranks players by score: the higher score wins."""
    game = score_game((1, 2))
    final = play_first(game, game.new_state())[-1]
    o = final.outcome
    assert o is not None and "round limit" in o.reason
    assert o.winners == (1,) and o.ranks == (2, 1)
    assert o.scores == (3.0, 6.0)
    assert o.returns == (-1.0, 1.0)


def test_equal_scores_at_the_round_limit_are_a_draw() -> None:
    """Equal scores at the round limit share first place and nobody wins."""
    game = score_game((2, 2))
    o = play_first(game, game.new_state())[-1].outcome
    assert o is not None
    assert o.winners == () and o.ranks == (1, 1) and o.is_draw
    assert o.returns == (0.0, 0.0)


def test_round_number_counts_up_across_rounds() -> None:
    """state.round is 1 in the first round and grows by one per round."""
    game = order_game(Order("players"), players=2, rounds=3)
    rounds = [st.round for st in play_first(game, game.new_state())[:-1]]
    assert rounds == [1, 1, 2, 2, 3, 3]


def test_alternate_order_ends_when_every_living_player_has_passed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An eliminated player does not keep an 'alternate' phase open: it ends when the living players have passed."""
    monkeypatch.setattr(runtime, "MAX_STEPS", 50_000, raising=False)  # fail fast, not in 3 s
    game = Game(
        "alternate_elimination", ("a", "b", "c"),
        player_params=[ParamSpec("out", 0)],
        action_types=[act("knock_out_c", effects=(ModifyPlayerParam(2, "out", 1),)),
                      act("pass", passes=True), act("after")],
        phases=[Phase("bidding", (Step("s", ("knock_out_c", "pass"), max_actions=1),),
                      order=Order("alternate")),
                Phase("resolve", (Step("s", ("after",), max_actions=1),), order=Order("player"))],
        end_rules=[EndRule("lose", lambda c: c.state.players[c.player].params["out"] > 0,
                           "knocked out")],
        round_limit=1,
    )
    s = game.new_state()
    s = do(game, s, "knock_out_c")
    assert not s.players[2].alive and s.outcome is None
    s = do(game, s, "pass")   # player b
    s = do(game, s, "pass")   # player a
    assert where(s)[1] == "resolve" and s.decision is not None and s.decision.player == 0


def test_a_win_ranks_the_others_by_score() -> None:
    """A game won by a condition before its round limit still ranks the players who did
    not win by the game's `score`, highest first, ties together (they all shared second
    place, so an arena's ratings could not tell a close second from a distant last)."""
    game = build("""\
game: race
players: [a, b, c, d]
player:
  vp: {default: 0}
actions:
  gain:
    effects:
      - modify: {what: player.vp, by: "1 if player == a else (5 if player == d else 3)"}
    ends_turn: true
flow:
  phases: [{name: p, actions: [gain]}]
end:
  win:
    "{player} reaches 5": "player.vp >= 5"
  score: "player.vp"
  round_limit: 9
""", "race.yaml")
    state = game.new_state(0)
    while state.outcome is None:
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.outcome.winners == (3,)
    assert state.outcome.ranks == (4, 2, 2, 1)
