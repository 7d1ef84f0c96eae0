"""Print the `random` effect that rolls four d6 as one chance node of 126 sorted results.

Four separate `roll` effects make 1296 combinations; above about 500 the search agents
read the real dice to come (FINDINGS.md, finding 1), and `game.outcomes` runs the rest of
the action 1296 times. One `random` effect over the 126 sorted results, each weighted by
the number of orders it can come in, is the same distribution in one node.

    python3 gen_dice.py > /tmp/dice.yaml   # then paste it into pushluck.yaml's `throw`
"""
import itertools
from collections import Counter

counts = Counter(tuple(sorted(d)) for d in itertools.product(range(1, 7), repeat=4))
print("      - random:")
print("          options:")
for dice, weight in sorted(counts.items()):
    sets = ", ".join(f"{{set: {{what: game.d{i + 1}, to: {v}}}}}" for i, v in enumerate(dice))
    print(f"            - {{weight: {weight}, do: [{sets}]}}")
