"""Random games of Sushi Draft at 2, 3 and 4 players: every round's points are checked
against an independent Python tally (sets, dumplings, wasabi, maki majorities and their
ties), and the final scores and winners against the pudding bonus and the tiebreak.
Usage: python scoring_check.py [GAMES_PER_SIZE]   (about 0.1 s CPU a game)"""
import pathlib, random, sys
from collections import Counter
import stratagem

RULES = str(pathlib.Path(__file__).with_name("drafting.yaml"))
ICONS = {"maki1": 1, "maki2": 2, "maki3": 3}
NIGIRI = {"egg": 1, "salmon": 2, "squid": 3}
SIZES = {"two": (2, 8), "three": (3, 7), "four": (4, 6)}
seen = Counter()


def round_points(picks):
    """picks: per player, the card types in the order they were turned up."""
    n = len(picks)
    makis = [sum(ICONS.get(t, 0) for t in seq) for seq in picks]
    top = max(makis)
    firsts = [i for i in range(n) if top > 0 and makis[i] == top]
    second = max([m for m in makis if m < top], default=0)
    seconds = [i for i in range(n) if len(firsts) == 1 and second > 0 and makis[i] == second]
    seen["maki tie for first"] += len(firsts) > 1
    seen["maki tie for second"] += len(seconds) > 1
    out = []
    for i, seq in enumerate(picks):
        s = 5 * (seq.count("tempura") // 2) + 10 * (seq.count("sashimi") // 3)
        s += [0, 1, 3, 6, 10, 15][min(seq.count("dumpling"), 5)]
        free_wasabi = 0
        for t in seq:
            if t == "wasabi":
                free_wasabi += 1
            elif t in NIGIRI:
                seen["nigiri on wasabi"] += free_wasabi > 0
                s += NIGIRI[t] * (3 if free_wasabi else 1)
                free_wasabi -= 1 if free_wasabi else 0
        s += (6 // len(firsts) if i in firsts else 0) + (3 // len(seconds) if i in seconds else 0)
        out.append(s)
    return out


def play(scenario, seed):
    n, hand = SIZES[scenario]
    game = stratagem.load(RULES, scenario)
    s = game.new_state(seed=seed)
    rng = random.Random(seed)
    picks, pending = [[] for _ in range(n)], {}
    while s.outcome is None:
        a = rng.choice(game.legal_actions(s))
        pending[s.decision.player] = s.entities[dict(a.targets)["card"]].type
        before = [s.players[i].params["points"] for i in range(n)]
        s = game.apply(s, a)
        if len(pending) == n:
            for i in range(n):
                picks[i].append(pending[i])
            pending = {}
            if len(picks[0]) == hand:
                got = [s.players[i].params["points"] - before[i] for i in range(n)]
                assert got == round_points(picks), (scenario, seed, picks, got)
                seen["rounds"] += 1
                picks = [[] for _ in range(n)]
    pud = [len(s.zone(p, "desserts")) for p in range(n)]
    most, fewest = max(pud), min(pud)
    final = []
    for p in range(n):
        bonus = 0
        if most != fewest:
            bonus += 6 // pud.count(most) if pud[p] == most else 0
            bonus -= 6 // pud.count(fewest) if (pud[p] == fewest and n > 2) else 0
        final.append(s.players[p].params["points"] + bonus)
    assert tuple(final) == tuple(s.outcome.scores), (scenario, seed, final, s.outcome)
    best = max(zip(final, pud))
    level = tuple(p for p in range(n) if (final[p], pud[p]) == best)
    # everyone level is a draw (no winners); otherwise the level players share the win
    assert s.outcome.winners == (() if len(level) == n else level), (scenario, seed, s.outcome)
    seen["games"] += 1


games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
for scenario in SIZES:
    for seed in range(games):
        play(scenario, seed)
print(dict(seen))
