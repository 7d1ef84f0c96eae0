"""Outcomes: win, loss, draw, round limit, elimination ranks and returns.

The games here are purpose-made: players hold ``pts`` and ``out`` parameters;
``score`` gives the acting player a point, ``knock`` sets another player's
``out`` flag, and end rules read those parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratagem.engine import Action, Ctx, Game, Outcome, Rng, State
from stratagem.engine.effects import ForEach, ModifyPlayerParam, Remember, SetPlayerParam
from stratagem.engine.spec import ActionType, EndRule, ParamSpec, Phase, Step, TargetSpec
from stratagem.games.python import duel, high_card, tic_tac_toe


def pts(c: Ctx, p: int | None = None) -> Any:
    """A player's points (the context's player by default)."""
    return c.state.players[c.player if p is None else p].params["pts"]


def is_out(c: Ctx) -> bool:
    """Whether the context's player has been knocked out."""
    return bool(c.state.players[c.player].params["out"])


def arena(players: int, end_rules: Sequence[EndRule], *, score: Callable[[Ctx], Any] | None = None,
          round_limit: int | None = 50) -> Game:
    """A game of ``players`` taking one action a turn: score, knock one out, knock several out, or wait."""
    n = players

    def living(c: Ctx) -> list[int]:
        return [p for p in range(n) if c.state.players[p].alive]

    def groups(c: Ctx) -> list[tuple[int, ...]]:
        alive = living(c)
        return [(a, b) for i, a in enumerate(alive) for b in alive[i + 1:]]

    return Game(
        "arena", tuple(f"p{i}" for i in range(n)),
        player_params=[ParamSpec("pts", 0), ParamSpec("out", 0, 0, 1)],
        action_types=[
            ActionType("score", effects=(ModifyPlayerParam(lambda c: c.player, "pts", 1),)),
            ActionType("gift", targets=(TargetSpec("who", living),),
                       effects=(ModifyPlayerParam(lambda c: c.targets["who"], "pts", 1),)),
            ActionType("knock", targets=(TargetSpec("who", living),),
                       effects=(SetPlayerParam(lambda c: c.targets["who"], "out", 1),)),
            ActionType("knock_all", targets=(TargetSpec("who", groups),),
                       effects=(ForEach("p", lambda c: c.targets["who"],
                                        (SetPlayerParam(lambda c: c.vars["p"], "out", 1),)),)),
            ActionType("wait", effects=(Remember("waited", 1),)),
        ],
        phases=[Phase("p", (Step("s", ("score", "gift", "knock", "knock_all", "wait"),
                                 max_actions=1),))],
        end_rules=end_rules,
        score=score,
        round_limit=round_limit,
    )


KNOCKED_OUT = EndRule("lose", is_out, "knocked out")


def do(game: Game, s: State, name: str, who: Any = None) -> State:
    """Apply action ``name`` (with target ``who`` when given)."""
    targets = () if who is None else (("who", who),)
    return game.apply(s, Action(name, None, targets))


def check_outcome(o: Outcome) -> None:
    """Structural facts every outcome satisfies."""
    r = o.returns
    assert len(r) == len(o.ranks) == len(o.scores)
    assert all(-1.0 <= x <= 1.0 for x in r)
    assert all(rk >= 1 for rk in o.ranks) and min(o.ranks) == 1
    assert set(o.winners) <= {p for p, rk in enumerate(o.ranks) if rk == 1}
    if max(o.ranks) > 1:
        assert all(r[p] == 1.0 for p, rk in enumerate(o.ranks) if rk == 1)
        assert all(r[p] == -1.0 for p, rk in enumerate(o.ranks) if rk == max(o.ranks))
    else:
        assert r == tuple(0.0 for _ in r)


# -------------------------------------------------------- win, loss, draw
def test_win_rule_ends_the_game_with_that_player_first() -> None:
    """A 'win' rule that holds for a player ends the game: that player ranks 1, the other 2."""
    game = arena(2, [EndRule("win", lambda c: pts(c) >= 2, "two points")])
    s = game.new_state()
    s = do(game, s, "score")   # p0: 1
    s = do(game, s, "wait")    # p1
    assert s.outcome is None
    s = do(game, s, "score")   # p0: 2
    o = s.outcome
    assert o is not None and s.decision is None
    assert o.winners == (0,) and o.ranks == (1, 2) and o.reason == "two points"
    assert o.scores == (1.0, -1.0) and o.returns == (1.0, -1.0) and not o.is_draw
    check_outcome(o)


def test_lose_rule_with_two_players_makes_the_other_the_winner() -> None:
    """A 'lose' rule eliminating one of two players ends the game with the other as winner."""
    game = arena(2, [KNOCKED_OUT])
    s = do(game, game.new_state(), "knock", 0)   # p0 knocks itself out
    o = s.outcome
    assert o is not None
    assert o.winners == (1,) and o.ranks == (2, 1) and o.reason == "p0: knocked out"
    assert o.returns == (-1.0, 1.0)
    assert not s.players[0].alive and s.players[1].alive


def test_an_end_reason_names_the_player_it_held_for() -> None:
    """`{player}` in a win or lose reason becomes that player's name, so the result says whose
    units are gone; a lose reason that names no one follows the loser's name."""
    won = arena(2, [EndRule("win", lambda c: pts(c) >= 1, "{player} scored first")])
    o = do(won, won.new_state(), "score").outcome
    assert o is not None and o.winners == (0,) and o.reason == "p0 scored first"
    lost = arena(2, [EndRule("lose", is_out, "{player} was knocked out")])
    o = do(lost, lost.new_state(), "knock", 1).outcome
    assert o is not None and o.winners == (0,) and o.reason == "p1 was knocked out"
    plain = arena(2, [KNOCKED_OUT])
    o = do(plain, plain.new_state(), "knock", 1).outcome
    assert o is not None and o.reason == "p1: knocked out"


def test_draw_rule_ends_the_game_with_everyone_first() -> None:
    """A 'draw' rule ends the game with no winner, every player ranked 1 and returns 0."""
    game = arena(2, [EndRule("draw", lambda c: pts(c, 0) + pts(c, 1) >= 2, "two points in all")])
    s = do(game, game.new_state(), "score")
    s = do(game, s, "score")
    o = s.outcome
    assert o is not None
    assert o.winners == () and o.ranks == (1, 1) and o.is_draw
    assert o.scores == (0.0, 0.0) and o.returns == (0.0, 0.0)
    assert o.reason == "two points in all"


def test_round_limit_without_score_is_a_draw_naming_the_limit() -> None:
    """Reaching the round limit in a game without a score is a draw whose reason names the limit."""
    game = arena(2, [], round_limit=2)
    s = game.new_state()
    for _ in range(4):
        s = do(game, s, "wait")
    o = s.outcome
    assert o is not None and s.decision is None
    assert o.winners == () and o.ranks == (1, 1) and o.is_draw
    assert "round limit" in o.reason and "2" in o.reason


def test_round_limit_with_score_ranks_by_score_and_shares_ties() -> None:
    """At the round limit players rank by score, equal scores sharing a rank; scores are the game's scores."""
    game = arena(3, [], score=pts, round_limit=1)
    s = do(game, game.new_state(), "score")      # p0: 1
    s = do(game, s, "gift", 0)                    # p0: 2
    s = do(game, s, "score")                      # p2: 1
    o = s.outcome
    assert o is not None and "round limit" in o.reason
    assert o.ranks == (1, 3, 2) and o.winners == (0,)
    assert o.scores == (2.0, 0.0, 1.0) and o.returns == (1.0, -1.0, 0.0)
    game = arena(3, [], score=pts, round_limit=1)
    s = do(game, game.new_state(), "score")
    s = do(game, s, "score")
    s = do(game, s, "wait")
    o = s.outcome
    assert o is not None and o.ranks == (1, 1, 3) and o.winners == (0, 1)
    check_outcome(o)


def test_active_rule_checks_only_the_player_whose_turn_it_is() -> None:
    """A rule with who='active' ignores a player who meets it on another's turn and applies on that player's own turn."""
    each = arena(2, [EndRule("win", lambda c: pts(c) >= 1, "a point")])
    s = do(each, each.new_state(), "gift", 1)      # p0 gives p1 a point
    assert s.outcome is not None and s.outcome.winners == (1,)
    active = arena(2, [EndRule("win", lambda c: pts(c) >= 1, "a point", who="active")])
    s = do(active, active.new_state(), "gift", 1)
    assert s.outcome is None
    s = do(active, s, "wait")                       # p1's own turn
    assert s.outcome is not None and s.outcome.winners == (1,)


# ------------------------------------------------------------- elimination
def test_elimination_with_three_players_continues_and_ranks_by_elimination_order() -> None:
    """With three players the first elimination does not end the game; the eliminated player is skipped; ranks follow elimination."""
    game = arena(3, [KNOCKED_OUT])
    s = do(game, game.new_state(), "knock", 1)     # p0 knocks out p1
    assert s.outcome is None and not s.players[1].alive
    assert s.decision is not None and s.decision.player == 2, "p1's turn is skipped"
    s = do(game, s, "wait")                          # p2
    assert s.decision is not None and s.decision.player == 0
    s = do(game, s, "wait")                          # p0
    assert s.decision is not None and s.decision.player == 2
    s = do(game, s, "knock", 0)                      # p2 knocks out p0
    o = s.outcome
    assert o is not None and s.decision is None
    assert o.winners == (2,) and o.ranks == (2, 3, 1)
    assert o.returns == (0.0, -1.0, 1.0)
    check_outcome(o)


def test_elimination_with_four_players_ranks_last_standing_first() -> None:
    """With four players: last standing ranks 1, last eliminated 2, then 3, first eliminated 4."""
    game = arena(4, [KNOCKED_OUT])
    s = do(game, game.new_state(), "knock", 2)   # p0
    assert s.decision is not None and s.decision.player == 1
    s = do(game, s, "knock", 0)                   # p1
    assert s.decision is not None and s.decision.player == 3
    s = do(game, s, "knock", 3)                   # p3 knocks itself out
    o = s.outcome
    assert o is not None
    assert o.winners == (1,) and o.ranks == (3, 1, 4, 2)
    assert o.returns == pytest.approx((-1 / 3, 1.0, -1.0, 1 / 3))
    check_outcome(o)


@given(st.sampled_from(list(permutations(range(4)))))
@settings(max_examples=24, deadline=None)
def test_elimination_ranks_reverse_the_elimination_order(order: tuple[int, ...]) -> None:
    """For any order of eliminations among four players, ranks are the reverse of that order and returns fall from 1 to -1."""
    game = arena(4, [KNOCKED_OUT])
    s = game.new_state()
    for victim in order[:3]:
        assert s.outcome is None
        s = do(game, s, "knock", victim)
    o = s.outcome
    assert o is not None
    expected = [0] * 4
    expected[order[3]] = 1
    for rank, p in enumerate(reversed(order[:3]), start=2):
        expected[p] = rank
    assert o.ranks == tuple(expected) and o.winners == (order[3],)
    assert o.returns == pytest.approx(tuple(1 - 2 * (rk - 1) / 3 for rk in expected))
    check_outcome(o)


def test_a_win_with_an_eliminated_player_ranks_survivors_above_the_eliminated() -> None:
    """When a player wins after an elimination, other survivors rank 2 and the eliminated rank below them."""
    game = arena(3, [KNOCKED_OUT, EndRule("win", lambda c: pts(c) >= 1, "a point")])
    s = do(game, game.new_state(), "knock", 2)   # p0 knocks out p2
    s = do(game, s, "score")                      # p1 wins
    o = s.outcome
    assert o is not None and o.winners == (1,) and o.reason == "a point"
    assert o.ranks == (2, 1, 3) and o.returns == (0.0, 1.0, -1.0)


def test_eliminated_players_rank_below_all_scores_at_the_round_limit() -> None:
    """At the round limit an eliminated player ranks below every survivor whatever its score."""
    game = arena(3, [KNOCKED_OUT], score=pts, round_limit=1)
    s = do(game, game.new_state(), "gift", 2)   # p0 gives p2 a point
    s = do(game, s, "knock", 2)                  # p1 knocks out p2
    o = s.outcome
    assert o is not None and "round limit" in o.reason
    assert o.ranks[:2] == (1, 1) and o.ranks[2] > 1 and o.winners == (0, 1)
    assert o.scores == (0.0, 0.0, 1.0) and o.returns == (1.0, 1.0, -1.0)


def test_simultaneous_elimination_shares_a_rank() -> None:
    """Players eliminated by the same action share one rank."""
    game = arena(3, [KNOCKED_OUT])
    s = do(game, game.new_state(), "knock_all", (1, 2))
    o = s.outcome
    assert o is not None and o.winners == (0,)
    assert o.ranks == (1, 2, 2)
    assert o.returns == (1.0, -1.0, -1.0)


def test_everyone_eliminated_at_once_is_a_draw() -> None:
    """When the last players are eliminated by one action, they share first place and nobody wins."""
    game = arena(2, [KNOCKED_OUT])
    s = do(game, game.new_state(), "knock_all", (0, 1))
    o = s.outcome
    assert o is not None and o.winners == ()
    assert o.ranks == (1, 1) and o.is_draw and o.returns == (0.0, 0.0)


def test_end_rules_are_checked_after_an_action_without_effects() -> None:
    """End conditions are checked after every resolved action, even one whose type has no effects."""
    game = Game(
        "effectless", ("a", "b"),
        action_types=[ActionType("noop")],
        phases=[Phase("p", (Step("s", ("noop",), max_actions=1),))],
        end_rules=[EndRule("win", lambda c: c.state.flow.turn >= 3 and c.player == 0,
                           "held out until turn 3")],
        round_limit=10,
    )
    s = game.new_state()
    for _ in range(4):
        if s.outcome is not None:
            break
        s = game.apply(s, Action("noop"))
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.reason == "held out until turn 3"


# --------------------------------------------------- outcome iff no decision
def playout(game: Game, seed: int, explicit: bool = False, limit: int = 2_000) -> State:
    """A random playout; checks at every state that outcome is set exactly when decision is None."""
    rng = Rng(seed)
    s = game.new_state(seed=seed, explicit_chance=explicit)
    for _ in range(limit):
        assert (s.outcome is not None) == (s.decision is None)
        if s.decision is None:
            return s
        assert len(s.decision.actions) >= 1
        assert game.legal_actions(s) == s.decision.actions
        action = rng.choice(s.decision.actions)
        assert isinstance(action, Action)
        s = game.apply(s, action)
    raise AssertionError("the playout did not end")


GAMES: dict[str, Callable[[], Game]] = {
    "arena3": lambda: arena(3, [KNOCKED_OUT, EndRule("win", lambda c: pts(c) >= 3, "3 points")],
                            score=pts, round_limit=6),
    "arena4": lambda: arena(4, [KNOCKED_OUT], round_limit=5),
    "tic_tac_toe": tic_tac_toe.build,
    "high_card": high_card.build,
    "duel": duel.build,
}


@pytest.mark.parametrize("name", sorted(GAMES))
@given(seed=st.integers(0, 2**31), explicit=st.booleans())
@settings(max_examples=8, deadline=None)
def test_outcome_is_set_exactly_when_there_is_no_decision(name: str, seed: int,
                                                           explicit: bool) -> None:
    """In random playouts state.outcome is set iff state.decision is None, and the final returns lie in [-1, 1]."""
    final = playout(GAMES[name](), seed, explicit)
    assert final.outcome is not None
    check_outcome(final.outcome)
