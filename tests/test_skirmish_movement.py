"""Skirmish: movement. On its turn a creature may move up to its speed, in as many
moves as it likes, paying each square's cost; Dash adds its speed again. Entering a
square next to an enemy ends a move there (the creature may then move on)."""

from __future__ import annotations

from skirmish_helpers import act, arena, at, end_turn, options, start
from stratagem.engine import Pos


def moves(state) -> set[Pos]:
    """The squares the acting creature may move to now."""
    return {a.targets[0][1] for a in state.decision.actions if a.type == "move"}


def lone_fighter(board: str = "duel", at_: tuple[int, int] = (0, 0),
                 goblin: tuple[int, int] = (7, 4)):
    game = arena(("fighter", "heroes", at_), ("goblin", "monsters", goblin), board=board)
    return game, start(game, [15, 1])


def test_a_creature_moves_in_increments_up_to_its_speed() -> None:
    """Six squares of movement may be spent as 2 then 4; then no move is offered."""
    game, s = lone_fighter()
    assert s.entity(1)["movement"] == 6
    assert moves(s) == {Pos(x, y) for x in range(7) for y in range(5)} - {Pos(0, 0)}
    s = act(game, s, "move #1 to=(2,0)")
    assert at(s, 1) == Pos(2, 0) and s.entity(1)["movement"] == 4
    assert moves(s) == {Pos(x, y) for x in range(8) for y in range(5)
                        if max(abs(x - 2), y) <= 4} - {Pos(2, 0)}
    s = act(game, s, "move #1 to=(6,2)")
    assert s.entity(1)["movement"] == 0
    assert moves(s) == set() and "end_turn #1" in options(s)


def test_movement_comes_back_at_the_start_of_each_turn() -> None:
    """Movement left over is lost at the end of the turn; the next turn starts with the speed."""
    game, s = lone_fighter()
    s = act(game, s, "move #1 to=(0,3)")
    assert s.entity(1)["movement"] == 3
    s = end_turn(game, end_turn(game, s))
    assert s.entity(1)["movement"] == 6


def test_dash_adds_the_speed_to_the_movement_left_and_uses_the_action() -> None:
    """After a Dash the fighter has 6 more squares to move, and no action left to attack with."""
    game, s = lone_fighter()
    s = act(game, s, "move #1 to=(4,0)")
    s = act(game, s, "dash #1")
    assert s.entity(1)["movement"] == 2 + 6
    assert {a.type for a in s.decision.actions} == {"move", "end_turn"}


def test_brush_costs_two_and_trees_cannot_be_entered() -> None:
    """On the ambush board a square of brush costs 2 to enter; trees and rocks cannot be entered."""
    game, s = lone_fighter("ambush", (3, 1), (10, 8))
    assert Pos(1, 2) not in moves(s) and Pos(6, 0) not in moves(s), "trees"
    s = act(game, s, "move #1 to=(2,1)")
    assert s.entity(1)["movement"] == 4
    s = act(game, s, "move #1 to=(3,0)")
    assert s.entity(1)["movement"] == 2
    assert Pos(5, 0) in moves(s), "two squares of open ground"
    assert Pos(1, 0) not in moves(s), "brush (2) and then ground (1) is one too many"
    s = act(game, s, "move #1 to=(2,0)")
    assert s.entity(1)["movement"] == 0


def test_occupied_squares_cannot_be_entered_or_crossed() -> None:
    """A creature blocks its square: a fighter boxed in by its allies has nowhere to go."""
    game = arena(("fighter", "heroes", (0, 0)), ("rogue", "heroes", (1, 0)),
                 ("rogue", "heroes", (0, 1)), ("rogue", "heroes", (1, 1)),
                 ("goblin", "monsters", (7, 4)))
    s = start(game, [20, 1, 1, 1, 1])
    assert s.decision.actor == 1 and moves(s) == set()


def test_entering_an_enemys_reach_ends_a_move_there() -> None:
    """Squares next to the goblin can be reached, but no move passes through them."""
    game, s = lone_fighter(at_=(0, 2), goblin=(4, 2))
    reach = {Pos(x, y) for x in (3, 4, 5) for y in (1, 2, 3)} - {Pos(4, 2)}
    assert {Pos(3, 1), Pos(3, 2), Pos(3, 3)} <= moves(s)
    assert Pos(5, 2) not in moves(s), "it would take 7 squares to go around the reach"
    assert Pos(6, 2) not in moves(s)
    s = act(game, s, "move #1 to=(3,2)")
    assert at(s, 1) == Pos(3, 2) and s.entity(1)["movement"] == 3
    assert reach & moves(s), "from inside the reach the fighter may move on"


def test_a_move_around_an_enemys_reach_costs_the_way_around() -> None:
    """From (2,2) to (6,2) past a goblin at (4,2) is four squares as the crow flies, six around."""
    game, s = lone_fighter(at_=(2, 2), goblin=(4, 2))
    assert Pos(6, 2) in moves(s)
    s = act(game, s, "move #1 to=(6,2)")
    assert s.entity(1)["movement"] == 0
