"""Check Dice Sheet's scoring against a plain Python tally.

Plays random games through the Python API (README.md, *Drive the forward model
from Python*). Before every `score` action it reads the player's five dice from the
state, works out the box's points in plain Python, and after the game compares each
box written and each player's total (upper bonus included) with the engine's.
Also checks the reroll: the dice kept must still be there after it.
"""
import sys
from collections import Counter

import stratagem
from stratagem.engine.rng import Rng

UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]
LOWER = ["three_kind", "four_kind", "full_house", "small_straight",
         "large_straight", "five_kind", "chance"]


def points(dice, box):
    c = Counter(dice)
    s = set(dice)
    if box in UPPER:
        f = UPPER.index(box) + 1
        return f * c[f]
    if box == "chance":
        return sum(dice)
    if box == "three_kind":
        return sum(dice) if max(c.values()) >= 3 else 0
    if box == "four_kind":
        return sum(dice) if max(c.values()) >= 4 else 0
    if box == "full_house":
        return 25 if sorted(c.values()) == [2, 3] else 0
    if box == "small_straight":
        return 30 if any(set(r) <= s for r in ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6])) else 0
    if box == "large_straight":
        return 40 if s in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}) else 0
    if box == "five_kind":
        return 50 if max(c.values()) == 5 else 0
    raise ValueError(box)


def dice_of(state, p):
    params = state.players[p].params
    return [params.get(f"dice[{i}]", 1) for i in range(5)]   # a key left at its default may be absent


def total(sheet):
    upper = sum(sheet.get(b, 0) for b in UPPER)
    return sum(sheet.values()) + (35 if upper >= 63 else 0)


def play_one(game, seed, bias):
    """bias: the chance of scoring rather than rerolling, so that games reach the bonus sometimes."""
    state = game.new_state(seed=seed)
    rng = Rng(seed + 1000)
    sheets = {p: {} for p in range(len(state.players))}
    checked = 0
    while state.outcome is None:
        d = state.decision
        p = d.player
        actions = list(game.legal_actions(state))
        scores = [a for a in actions if a.type == "score"]
        rerolls = [a for a in actions if a.type == "reroll"]
        dice = dice_of(state, p)
        if rerolls and rng.below(100) >= bias:
            # keep the most common face (as a person would), else at random
            best_face = max(set(dice), key=lambda f: (dice.count(f), f))
            want = [a for a in rerolls
                    if all((dict(a.targets)[f"k{i}"] == "keep") == (dice[i] == best_face) for i in range(5))]
            a = want[0] if want else rerolls[rng.below(len(rerolls))]
            kept = sorted(dice[i] for i in range(5) if dict(a.targets)[f"k{i}"] == "keep")
            state = game.apply(state, a)
            after = dice_of(state, p)
            assert not (Counter(kept) - Counter(after)), (kept, after)
            assert after == sorted(after, reverse=True), after
            continue
        # score: the box worth most by the Python tally (ties: first), sometimes at random
        by_py = {dict(a.targets)["box"]: points(dice, dict(a.targets)["box"]) for a in scores}
        face = max(set(dice), key=lambda f: (dice.count(f), f))
        upper_box = [a for a in scores if dict(a.targets)["box"] == UPPER[face - 1]]
        if upper_box and dice.count(face) >= 3:
            a = upper_box[0]          # aim at the upper bonus, as a person would
        elif rng.below(4) == 0:
            a = scores[rng.below(len(scores))]
        else:
            a = max(scores, key=lambda a: by_py[dict(a.targets)["box"]])
        box = dict(a.targets)["box"]
        sheets[p][box] = by_py[box]
        state = game.apply(state, a)
        written = state.players[p].params.get(f"sheet[{box}]", -1)
        assert written == by_py[box], (seed, p, dice, box, written, by_py[box])
        checked += 1
    py_totals = tuple(float(total(sheets[p])) for p in sorted(sheets))
    eng = tuple(float(x) for x in state.outcome.scores)
    assert py_totals == eng, (seed, py_totals, eng)
    bonus = sum(1 for p in sheets if sum(sheets[p].get(b, 0) for b in UPPER) >= 63)
    return checked, py_totals, bonus, state.outcome


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    boxes = bonuses = 0
    for scen in ("solo", "two", "three", "four"):
        game = stratagem.load("dice_sheet.yaml", scen)
        for seed in range(n // 4):
            c, totals, b, outcome = play_one(game, seed, bias=30)
            boxes += c
            bonuses += b
        print(scen, "last:", totals, outcome.winners, outcome.ranks, outcome.reason)
    print(f"ok: {boxes} boxes written, all equal to the Python tally; {bonuses} upper bonuses; totals equal")
