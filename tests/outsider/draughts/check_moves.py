# Independent check of the legal moves: plays random games (all scenarios) and compares
# every decision's options with a hand-written English-draughts move generator.
# Usage: python3 check_moves.py 70
import random, stratagem, sys
import os
P=os.path.join(os.path.dirname(os.path.abspath(__file__)), 'draughts.yaml')
games={}
def G(sc):
    if sc not in games: games[sc]=stratagem.load(P, scenario=sc)
    return games[sc]
DIRS = {0: [(1,1),(-1,1)], 1: [(1,-1),(-1,-1)]}
ALL = [(1,1),(-1,1),(1,-1),(-1,-1)]
def board(s):
    return {e.pos: e for e in s.entities.values()}
def expected(s, p):
    b = board(s); chain = s.players[p].params['chain']
    jumps, steps = [], []
    for pos, e in b.items():
        if e.owner != p: continue
        ds = ALL if e.type == 'king' else DIRS[p]
        for dx, dy in ds:
            a = (pos[0]+dx, pos[1]+dy); c = (pos[0]+2*dx, pos[1]+2*dy)
            if 0 <= a[0] < 8 and 0 <= a[1] < 8 and a not in b:
                steps.append((e.id, a))
            if 0 <= c[0] < 8 and 0 <= c[1] < 8 and c not in b and a in b and b[a].owner != p:
                jumps.append((e.id, c))
    if chain:
        return {f"jump #{i} to=({x},{y})" for i,(x,y) in jumps if i == chain}
    if jumps:
        return {f"jump #{i} to=({x},{y})" for i,(x,y) in jumps}
    return {f"step #{i} to=({x},{y})" for i,(x,y) in steps}
scen = [None, 'forced_capture', 'double_jump', 'crowning', 'blocked', 'kings', 'kings_only']
rng = random.Random(7); checked = 0; results = {}
for g in range(int(sys.argv[1])):
    sc = scen[g % len(scen)]
    game = G(sc); s = game.new_state(seed=g)
    while not s.is_over:
        p = s.decision.player
        got = {str(a) for a in game.legal_actions(s)}
        exp = expected(s, p)
        assert got == exp, (g, sc, s.round, p, sorted(got), sorted(exp))
        assert exp, "decision with no moves"
        a = rng.choice(game.legal_actions(s)); txt = str(a)
        before = board(s); n = s.apply if False else None
        t = game.apply(s, a); checked += 1
        kind, rest = txt.split(' ', 1); pid = int(rest.split()[0][1:])
        dest = eval(rest.split('=')[1])
        src = before and next(pos for pos, e in before.items() if e.id == pid)
        after = board(t)
        mover = after.get(dest)
        assert mover is not None and mover.owner == p
        far = 7 if p == 0 else 0
        crowned = before[src].type == 'man' and dest[1] == far
        assert mover.type == ('king' if crowned or before[src].type == 'king' else 'man')
        if kind == 'jump':
            mid = ((src[0]+dest[0])//2, (src[1]+dest[1])//2)
            assert mid not in after and len(after) == len(before) - 1
        else:
            assert len(after) == len(before)
        s = t
        if t.is_over: continue
        more = kind == 'jump' and not crowned and any(
            (dest[0]+2*dx, dest[1]+2*dy) not in after and 0 <= dest[0]+2*dx < 8 and 0 <= dest[1]+2*dy < 8
            and (dest[0]+dx, dest[1]+dy) in after and after[(dest[0]+dx, dest[1]+dy)].owner != p
            for dx, dy in (ALL if mover.type == 'king' else DIRS[p]))
        if more:
            assert t.decision.player == p and t.players[p].params['chain'] == mover.id, (g, txt)
        else:
            assert t.decision.player != p, (g, txt)
            assert t.players[p].params['chain'] == 0
    o = s.outcome
    # a game over by 'cannot move' must really have the loser stuck
    if 'cannot move' in o.reason:
        loser = 0 if o.reason.startswith('black') else 1
        assert not expected(s, loser), o
    results[o.reason] = results.get(o.reason, 0) + 1
print(checked, 'decisions checked;', results)
