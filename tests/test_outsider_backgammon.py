"""Backgammon written from the docs alone (tests/outsider/backgammon/): at every decision
of a random game its legal plays are those of a plain backgammon move generator written
beside it by the same outsider — as many dice used as can be, the larger die when only
one can — and a turn skipped had no play. Its writer checked 25 games so
(4,099 decisions); the suite plays one."""

from __future__ import annotations

import random
from pathlib import Path

import stratagem
from stratagem.engine import State

RULES = Path(__file__).parent / "outsider" / "backgammon" / "backgammon.yaml"
Points = dict[int, int]


def _board(s: State, p: int) -> tuple[Points, Points]:
    """Checkers by point as player ``p`` counts them (25 is the bar, 0 borne off)."""
    mine: Points = {}
    theirs: Points = {}
    for e in s.entities.values():
        assert e.pos is not None
        q = e.pos.x if p == 0 else 25 - e.pos.x
        side = mine if e.owner == p else theirs
        side[q] = side.get(q, 0) + 1
    return mine, theirs


def _moves(mine: Points, theirs: Points, d: int) -> list[tuple[int, int]]:
    """Each (from, to) one die ``d`` plays: off the bar first; bearing off once home."""
    srcs = [25] if mine.get(25, 0) else [q for q, n in mine.items() if n]
    home = all(q <= 6 for q, n in mine.items() if n)
    top = max([q for q, n in mine.items() if n], default=0)
    out = []
    for q in srcs:
        t = q - d
        if t >= 1:
            if theirs.get(t, 0) < 2:
                out.append((q, t))
        elif home and (q == d or (d > q and top == q)):
            out.append((q, 0))
    return out


def _played(mine: Points, theirs: Points, q: int, t: int) -> tuple[Points, Points]:
    m, th = dict(mine), dict(theirs)
    m[q] -= 1
    if t >= 1:
        m[t] = m.get(t, 0) + 1
        if th.get(t, 0) == 1:
            th[t] = 0
    return m, th


def _most(mine: Points, theirs: Points, dice: list[int]) -> int:
    """The most dice that can be played from here."""
    best = 0
    for d in set(dice):
        rest = list(dice)
        rest.remove(d)
        for q, t in _moves(mine, theirs, d):
            best = max(best, 1 + _most(*_played(mine, theirs, q, t), rest))
            if best == len(dice):
                return best
    return best


def _expected(s: State) -> set[tuple[int, int]]:
    """The legal (point, die) plays of the player to decide."""
    assert s.decision is not None
    p = s.decision.player
    c = s.counters
    dice = [k for k in range(1, 7) for _ in range(c.get(f"state:left[{k}]", 0))]
    mine, theirs = _board(s, p)
    most = _most(mine, theirs, dice)
    plays = set()
    for d in set(dice):
        rest = list(dice)
        rest.remove(d)
        for q, t in _moves(mine, theirs, d):
            if 1 + _most(*_played(mine, theirs, q, t), rest) == most:
                plays.add((q if p == 0 else 25 - q, d))
    hi, lo = c.get("state:hi"), c.get("state:lo")
    if most == 1 and hi != lo and len(dice) == 2 and any(d == hi for _, d in plays):
        plays = {play for play in plays if play[1] == hi}
    return plays


def test_every_play_offered_is_a_legal_backgammon_play() -> None:
    game = stratagem.load(RULES)
    s = game.new_state(seed=3)
    pick = random.Random(3)
    decisions = skipped = 0
    while not s.is_over:
        offered = {(dict(a.targets)["point"], dict(a.targets)["die"])
                   for a in game.legal_actions(s)}
        assert offered == _expected(s), (decisions, s.counters)
        decisions += 1
        s = game.apply(s, pick.choice(game.legal_actions(s)))
        rolled = [dict(f) for name, f in s.history[-1].events if name == "rolled"]
        for ev in rolled[:-1] if not s.is_over else rolled:  # turns passed without a play
            dice = [ev["hi"]] * 4 if ev["hi"] == ev["lo"] else [ev["hi"], ev["lo"]]
            assert _most(*_board(s, ev["who"]), dice) == 0
            skipped += 1
    assert decisions > 50 and s.outcome is not None and s.outcome.winners
