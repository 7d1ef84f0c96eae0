"""Line of sight on a square board: a line that passes exactly between two squares (the
edge or corner of a wall square) is drawn to each side and passes if either is clear, so
sight is the same both ways (the crawl writer's finding 10: from (0,0) past a wall at
(1,1), (2,1) was not seen, while from (2,1) the unit at (0,0) was)."""

from __future__ import annotations

import random
from pathlib import Path

from stratagem.engine import Pos
from stratagem.engine.geometry import line, line_of_sight, square_line
from stratagem.rules import compile_text

LOS = (Path(__file__).parent / "outsider" / "crawl" / "repro"
       / "08_square_line_of_sight_edge.yaml").read_text(encoding="utf-8")


def test_sight_past_a_wall_corner_is_the_same_both_ways() -> None:
    state = compile_text(LOS).new_state(0)
    eye = Pos(0, 0)
    seen = {Pos(x, y) for y in range(4) for x in range(5) if line_of_sight(state, eye, Pos(x, y))}
    assert Pos(2, 1) in seen and Pos(4, 2) in seen  # along the wall square's edge
    assert Pos(2, 2) not in seen and Pos(3, 3) not in seen  # straight through the wall
    for y in range(4):
        for x in range(5):
            assert line_of_sight(state, eye, Pos(x, y)) == line_of_sight(state, Pos(x, y), eye)


def test_a_line_with_no_tie_is_bresenhams_and_every_line_is_the_same_from_either_end() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        a = (rng.randrange(15), rng.randrange(15))
        b = (rng.randrange(15), rng.randrange(15))
        up, tie = square_line(a, b, 1)
        down, _ = square_line(a, b, -1)
        if not tie:
            assert up == down == list(line(a, b))
        assert sorted(up) == sorted(square_line(b, a, 1)[0])
        assert sorted(down) == sorted(square_line(b, a, -1)[0])
        assert len(up) == max(abs(a[0] - b[0]), abs(a[1] - b[1])) + 1
