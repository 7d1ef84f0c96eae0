"""Check pushluck.yaml against an independent model of the rules.

Plays seeded random games through the forward model (stratagem.load, legal_actions,
apply) and, at every decision, compares the options the rules offer with the moves a
plain Python reading of the Can't Stop rules allows; checks busts, claims and wins.

    timeout 120 python3 check_rules.py [GAMES]
"""

import random
import sys
from pathlib import Path

import stratagem

HERE = Path(__file__).parent
COLS = range(2, 13)
LENGTH = {s: 13 - 2 * abs(s - 7) for s in COLS}


def pos(pp, s):
    t = pp[f"temp[{s}]"]
    return t if t > 0 else pp[f"perm[{s}]"]


def markers(pp):
    return sum(1 for s in COLS if pp[f"temp[{s}]"] > 0)


def one_ok(state, pp, s):
    return (state.value(f"claimed[{s}]") == 0 and pos(pp, s) < LENGTH[s]
            and (pp[f"temp[{s}]"] > 0 or markers(pp) < 3))


def both_ok(state, pp, x, y):
    if x == y:
        return one_ok(state, pp, x)
    new = (pp[f"temp[{x}]"] == 0) + (pp[f"temp[{y}]"] == 0)
    return one_ok(state, pp, x) and one_ok(state, pp, y) and new <= 3 - markers(pp)


def expected_moves(state, pp):
    d = [state.value(f"d{i}") for i in range(1, 5)]
    pairings = [(d[0] + d[1], d[2] + d[3]), (d[0] + d[2], d[1] + d[3]), (d[0] + d[3], d[1] + d[2])]
    moves = set()
    for x, y in pairings:
        if both_ok(state, pp, x, y):
            moves.add((min(x, y), max(x, y)))
        else:
            for s in (x, y):
                if one_ok(state, pp, s):
                    moves.add((s, 0))
    return moves


def check_board(state, seats):
    """The pieces on the board follow the numbers: a cube per kept climb, a runner per
    temporary marker (of the player whose turn it is), at the right step."""
    cubes, runners = {}, {}
    for e in state.entities.values():
        col, h = e.pos.x, 13 - e.pos.y
        assert dict(e.params)["col"] == col
        (cubes if e.type == "cube" else runners)[(e.owner, col) if e.type == "cube" else col] = h
    want_cubes = {}
    for p in range(seats):
        pp = dict(state.players[p].params)
        for s in COLS:
            claimed = state.value(f"claimed[{s}]")
            if pp[f"perm[{s}]"] > 0 and (claimed == 0 or claimed == p + 1):
                want_cubes[(p, s)] = pp[f"perm[{s}]"]
    assert cubes == want_cubes, (cubes, want_cubes)
    if state.decision is not None:
        pp = dict(state.players[state.decision.player].params)
        assert runners == {s: pp[f"temp[{s}]"] for s in COLS if pp[f"temp[{s}]"] > 0}, runners


def check(games):
    checked = {"advance": 0, "bust": 0, "claim": 0, "win": 0}
    for scenario, n in (("solo", 1), ("two", 2), ("three", 3), ("four", 4)):
        game = stratagem.load(str(HERE / "pushluck.yaml"), scenario)
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state(seed=seed)
            while state.decision is not None:
                p = state.decision.player
                pp = dict(state.players[p].params)
                options = game.legal_actions(state)
                kinds = {a.type for a in options}
                if pp["stage"] == 1:
                    got = {(dict(a.targets)["first"], dict(a.targets)["second"]) for a in options}
                    want = expected_moves(state, pp)
                    assert kinds == {"advance"}, (scenario, seed, options)
                    assert got == want, (scenario, seed, got, want)
                    checked["advance"] += 1
                elif pp["stage"] == 0:
                    assert kinds == {"throw"}, (scenario, seed, options)
                else:
                    assert kinds == {"throw", "stop"}, (scenario, seed, options)
                action = options[rng.randrange(len(options))]
                before = state
                state = game.apply(state, action)
                check_board(state, n)
                after = dict(state.players[p].params)
                if action.type == "throw" and after["turns"] == pp["turns"] + 1:
                    # a bust: the dice were rolled and nothing could climb
                    assert all(after[f"temp[{s}]"] == 0 for s in COLS)
                    checked["bust"] += 1
                if action.type == "stop":
                    for s in COLS:
                        if pp[f"temp[{s}]"] > 0:
                            assert after[f"perm[{s}]"] == pp[f"temp[{s}]"]
                            if pp[f"temp[{s}]"] >= LENGTH[s]:
                                assert state.value(f"claimed[{s}]") == p + 1
                                checked["claim"] += 1
                    claimed = sum(1 for s in COLS if state.value(f"claimed[{s}]") == p + 1)
                    assert claimed == after["won"]
            out = state.outcome
            if out.winners and n > 1:
                w = out.winners[0]
                assert sum(1 for s in COLS if state.value(f"claimed[{s}]") == w + 1) >= 3
                checked["win"] += 1
            del before
    return checked


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(check(games))
