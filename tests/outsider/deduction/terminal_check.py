"""Leak check of the terminal account: `stratagem play ... --agents random,...,human`
with the human's answers piped in ("random" at every prompt). Everything printed
before the final table (which shows every hand once the game is over) is checked:

- a card named in another player's hand on the human's table must be one the human
  was shown: of the three cards of a suggestion of the human's that this player answered;
- the case file may be named only after the human's own wrong accusation;
- a narration line may name a card only when it is the human's own choice, or the
  card shown to the human.

usage: python terminal_check.py SEEDS... (each seed is played with 3 and with 4 players)
"""
import re, subprocess, sys

CARD = re.compile(r"\b([a-z]+) #(\d+)")


def check(seed, scenario, agents, human):
    cmd = ["stratagem", "play", "deduction.yaml", "--scenario", scenario, "--agents", agents,
           "--seed", str(seed)]
    out = subprocess.run(cmd, input="random\n" * 40 + "quit\n", capture_output=True, text=True,
                         timeout=60).stdout
    lines = out.splitlines()
    end = next((i for i, l in enumerate(lines) if l.startswith("Result:")), len(lines))
    j = end - 1  # walk back over the final table
    while j > 0 and (re.match(r"^[A-Z]", lines[j]) or re.match(r"^  [a-z]+: ", lines[j])):
        j -= 1
    allowed, accused, section, problems = {}, False, None, []
    known_ids = set()  # card ids the human has legitimately been shown a face of
    last_suggestion = None
    for line in lines[: j + 1]:
        m = re.match(rf"^  {human} suggests (\w+) with the (\w+) in the (\w+)", line)
        if m:
            last_suggestion = set(m.groups())
            continue
        m = re.match(rf"^      · (\w+) shows {human} a card", line)
        if m and last_suggestion:
            allowed.setdefault(m.group(1), set()).update(last_suggestion)
            continue
        if re.match(rf"^  {human} accuses", line):
            accused = True
        m = re.match(r"^([A-Z][a-z]+)( \(you\))?( — out of this hand)?$", line)
        if m:
            section = m.group(1).lower()
            continue
        if line == "Table":
            section = "table"
            continue
        cards = CARD.findall(line)
        if not cards or re.match(r"^  +\d+  ", line):  # none, or the human's own options
            continue
        if line.startswith("  hand:") and section == human:
            known_ids.update(cid for _, cid in cards)
        elif line.startswith("  hand:") and section:
            for kind, cid in cards:
                if kind not in allowed.get(section, set()):
                    problems.append(f"{section}'s {kind} #{cid} named: {line.strip()}")
                else:
                    known_ids.add(cid)
        elif line.startswith("  case:") and not accused:
            problems.append(f"case named: {line.strip()}")
        elif re.match(rf"^  \w+ show {human} one of ", line) and last_suggestion \
                and all(kind in last_suggestion for kind, _ in cards):
            known_ids.update(cid for _, cid in cards)  # the card shown to the human
        elif all(cid in known_ids for _, cid in cards):
            pass  # a card the human already knows (a pick that stood for another card)
        elif not line.startswith("  hand:") and not line.startswith("  case:") \
                and not line.startswith(f"  {human} "):
            problems.append(f"narration names a card: {line.strip()}")
    shown = sum(len(v) for v in allowed.values())
    print(f"seed {seed}, {scenario} players, human {human}: {len(lines)} lines,"
          f" suggestions answered to the human: {len(allowed)} players,"
          f" {'accused' if accused else 'did not accuse'};"
          f" {len(problems)} problem(s)")
    for p in problems:
        print("   LEAK:", p)
    return problems


bad = []
for seed in map(int, sys.argv[1:] or ["1", "2", "3"]):
    bad += check(seed, "three", "random,random,human", "cid")
    bad += check(seed, "four", "random,random,random,human", "dee")
print("no leak found" if not bad else f"{len(bad)} LEAKS")
