"""Head-to-head table of an arena results file: python pairs.py results/arena_small.sqlite"""
import collections
import json
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
names = json.loads(dict(db.execute("select name, value from meta"))["tournament"])["agents"]
wins = collections.Counter()
games = collections.Counter()
for seats, winners in db.execute("select seats, winners from games"):
    seats, winners = json.loads(seats), json.loads(winners)
    pair = tuple(sorted(seats))
    games[pair] += 1
    for w in winners:
        wins[(pair, seats[w])] += 1
print("| pairing | games | wins A | wins B |")
print("|---|---|---|---|")
for pair, n in sorted(games.items()):
    a, b = pair
    na, nb = names[a], names[b]
    print(f"| {na} vs {nb} | {n} | {wins[(pair, a)]} | {wins[(pair, b)]} |")
