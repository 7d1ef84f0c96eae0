"""`faces(count, sides)`: a pool of dice kept die by die. `roll` names the list of its
faces, highest first; the account shows each die; its outcomes are the different rolls
(252 for five d6, not 7,776), exact, sampled, replayed and surfaced as chance decisions
alike; the size is bounded and the pool cannot be added to."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from conftest import check_bounds, check_state, play
from rules_helpers import build, problems
from stratagem.engine import IllegalActionError, Pool, RuleError, faces
from stratagem.engine.narration import fill

RULES = """\
game: pool
players: [me, you]
player:
  points: {default: 0, min: 0, max: 1000}
  dice: 5
actions:
  throw:
    effects:
      - roll: {as: got, dice: "DICE"}
      # ten a six, plus the best die; a pair of sixes or better doubles the best die
      - modify: {what: player.points, by: "count(filter(got, where: it == 6)) * 10 + got[0]"}
      - for_each:
          as: face
          in: got
          do:
            - if:
                test: "face == 1"
                then: [{modify: {what: player.points, by: 100}}]
      - emit: {event: thrown, fields: {best: "got[0]", dice: "count(got)"}, narrate: true}
    ends_turn: true
flow:
  phases:
    - name: p
      actions: [throw]
end:
  round_limit: 2
  score: "player.points"
"""


def _game(dice: str = "faces(5, 6)"):  # type: ignore[no-untyped-def]
    return build(RULES.replace("DICE", dice))


def _score(got: tuple[int, ...]) -> int:
    return got.count(6) * 10 + got[0] + 100 * got.count(1)


def test_the_pool_lists_each_roll_once_with_its_ways() -> None:
    pool = faces(5, 6)
    assert isinstance(pool, Pool) and len(pool.faces) == math.comb(10, 5) == 252
    assert pool.total == 6 ** 5
    assert all(list(f) == sorted(f, reverse=True) for f in pool.faces)
    ways = dict(zip(pool.faces, pool.weights, strict=True))
    assert ways[(6, 6, 6, 6, 6)] == 1 and ways[(6, 5, 4, 3, 2)] == 120
    assert ways[(6, 6, 1, 1, 1)] == 10
    assert faces(0, 6).faces == ((),)
    with pytest.raises(ValueError, match="324,632 different rolls, more than 100,000"):
        faces(30, 6)


def test_a_roll_names_the_faces_and_the_account_shows_each_die() -> None:
    game = _game()
    s = game.new_state(seed=7)
    after = game.apply(s, game.parse_action(s, "throw"))
    record = after.history[-1]
    got = record.rolls
    assert len(got) == 5 and list(got) == sorted(got, reverse=True)
    assert after.players[0].params["points"] == _score(got)
    assert dict(record.events[0][1])["best"] == got[0]
    # the record replays: the same faces give the same state
    again = game.apply(s, game.parse_action(s, "throw"), rolls=got)
    assert again == after


def test_the_outcomes_are_exact_over_the_different_rolls() -> None:
    game = _game()
    s = game.new_state(seed=1)
    throw = game.parse_action(s, "throw")
    outs = game.outcomes(s, throw)
    assert sum(p for p, _ in outs) == pytest.approx(1.0)
    pool = faces(5, 6)
    expect: dict[int, Fraction] = {}
    for f, w in zip(pool.faces, pool.weights, strict=True):
        expect[_score(f)] = expect.get(_score(f), Fraction(0)) + Fraction(w, pool.total)
    got = {int(a.players[0].params["points"]): p for p, a in outs}
    assert set(got) == set(expect)
    for points, p in got.items():
        assert p == pytest.approx(float(expect[points]))
    sampled = game.apply(s, throw)
    assert any(a.players == sampled.players for _, a in outs)
    with pytest.raises(Exception, match="more than 100 outcomes"):
        game.outcomes(s, throw, limit=100)  # 252 rolls: more than the limit


def test_explicit_chance_offers_each_roll_as_an_option() -> None:
    game = _game("faces(3, 4)")
    s = game.new_state(seed=2, explicit_chance=True)
    waiting = game.apply(s, game.parse_action(s, "throw"))
    d = waiting.decision
    assert d is not None and d.kind == "chance" and len(d.actions) == math.comb(6, 3)
    assert str(d.actions[0]) == "roll value=[4,4,4]"
    assert sum(d.weights or ()) == 4 ** 3
    assert game.deserialize(game.serialize(waiting)) == waiting
    pick = game.parse_action(waiting, "roll value=[4,2,1]")
    done = game.apply(waiting, pick)
    assert done.players[0].params["points"] == 4 + 100


def test_a_dynamic_pool_too_large_fails_in_play_with_its_place() -> None:
    game = _game("faces(player.dice * 6, 6)")
    s = game.new_state(seed=1)
    with pytest.raises(RuleError, match=r"rules.yaml:\d+:\d+: effect `roll`.*30d6 kept die"):
        game.apply(s, game.parse_action(s, "throw"))


@pytest.mark.parametrize(("dice", "said"), [
    ("faces(30, 6)", "30d6 kept die by die has 324,632 different rolls"),
    ("faces(2, 6) + 1", "dice kept die by die (`faces`) are a list once rolled"),
])
def test_a_pool_too_large_or_added_to_is_refused_at_load(dice: str, said: str) -> None:
    found = problems(RULES.replace("DICE", dice))
    assert len(found) == 1 and said in found[0], found


def test_recorded_dice_that_are_no_roll_of_the_pool_are_refused() -> None:
    game = _game()
    s = game.new_state(seed=1)
    throw = game.parse_action(s, "throw")
    with pytest.raises(IllegalActionError, match=r"recorded rolls \[1, 6, 6, 6, 6\] are not"):
        game.apply(s, throw, rolls=(1, 6, 6, 6, 6))  # not highest first
    with pytest.raises(IllegalActionError, match="the recorded rolls ran out"):
        game.apply(s, throw, rolls=(6, 6))


@pytest.mark.parametrize("explicit", [False, True])
def test_random_games_keep_the_invariants_and_replay(explicit: bool) -> None:
    """Whole games, sampled and with explicit chance: every state holds the engine's
    invariants, reads back from its saved text, and the game replays from its records."""
    game = _game("faces(player.dice, 6)")
    for seed in range(6):
        out = play(game, seed, [seed, 3, 1, 4, 1, 5, 9, 2, 6], explicit=explicit)
        for state in out.states:
            check_state(game, state)
            check_bounds(game, state)
            assert game.deserialize(game.serialize(state)) == state
        final = out.states[-1]
        assert final.outcome is not None
        replayed = game.new_state(seed, explicit_chance=explicit)
        for record in final.history:
            replayed = game.apply(replayed, record.action, rolls=record.rolls or None)
        assert replayed.players == final.players


def test_the_faces_are_told_as_dice_are() -> None:
    """A narrated field holding the faces is said as a list among the other fields, and a
    sentence the rules write reads them one after another."""
    game = _game()
    s = game.new_state(seed=1)
    assert game.narrate(s, "thrown", {"best": 6, "dice": (6, 5, 2)}) == \
        "thrown: best 6, dice [6, 5, 2]"
    assert fill("rolls {dice}", {"dice": (6, 5, 2)}) == "rolls 6, 5, 2"
    assert fill("rolls {dice}", {"dice": ()}) == "rolls none"
