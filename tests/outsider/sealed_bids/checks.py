"""Checks of Sealed Bids: that the game plays by its rules, and that a bid laid face down
stays secret until every player has bid.

Run from anywhere: `python checks.py` (about a minute; `--quick` for a shorter run;
`--rules OTHER.yaml` checks a variant of the rules instead).
Only the Python API and the command line that the docs describe are used:
`stratagem.load`, `game.new_state`, `legal_actions`, `apply`, `state.view`,
`game.determinize`, `game.serialize`, `stratagem.agent`, `stratagem.play`, the
OpenSpiel and PettingZoo bridges, and the `stratagem` command.

Exit status 0 when every check passes, 1 otherwise.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import stratagem
from stratagem.agents import Budget
from stratagem.engine import Rng

HERE = Path(__file__).resolve().parent
RULES = HERE / "sealed_bids.yaml"
if "--rules" in sys.argv:  # a variant of the rules, to see that the checks catch a leak
    RULES = Path(sys.argv[sys.argv.index("--rules") + 1]).resolve()
SCENARIOS = {"two": 2, "three": 3, "four": 4, "five": 5}
QUICK = "--quick" in sys.argv

failures: list[str] = []
passed = 0


def check(ok: bool, what: str) -> None:
    global passed
    if ok:
        passed += 1
    else:
        failures.append(what)
        print("FAIL:", what)


def card_of(action) -> int:
    # a card target is a `Ref`, an int whose str is `#N`: keep the plain number
    return int(dict(action.targets)["card"])


def value(state, card: int) -> int:
    return state.entity(card)["value"]


def games():
    return {name: stratagem.load(str(RULES), scenario=name) for name in SCENARIOS}


# ---------------------------------------------------------------------------------------
# 1. The rules: an independent referee in Python scores every game the same way.
# ---------------------------------------------------------------------------------------

def referee(bids_by_round, prizes_by_round, players):
    """Scores from the bids and the prize turned up each round, by the rules in README.md."""
    score = [0] * players
    pot: list[int] = []
    for bids, prize in zip(bids_by_round, prizes_by_round):
        pot.append(prize)
        counts = Counter(bids)
        unique = [p for p in range(players) if counts[bids[p]] == 1]
        if not unique:
            continue  # the pot carries over
        pick = max if prize > 0 else min
        winner = pick(unique, key=lambda p: bids[p])
        score[winner] += sum(pot)
        pot = []
    return score


def check_rules(game, n: int, seeds) -> None:
    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        bids_by_round, prizes = [], []
        current: dict[int, int] = {}
        while state.outcome is None:
            decision = state.decision
            assert decision.kind == "action", decision
            if not current:
                # the prize turned up this round is the newest card of the pot
                pot = state.zone(0, "pot")
                prizes.append(value(state, pot[-1]))
            options = game.legal_actions(state)
            action = options[rng.below(len(options))]
            current[decision.player] = value(state, card_of(action))
            state = game.apply(state, action)
            if len(current) == n:
                bids_by_round.append([current[p] for p in range(n)])
                current = {}
        expected = referee(bids_by_round, prizes, n)
        got = [int(s) for s in state.outcome.scores]
        check(got == expected, f"{game.scenario} seed {seed}: scores {got}, the referee says {expected}")
        check(len(bids_by_round) == 15, f"{game.scenario} seed {seed}: {len(bids_by_round)} rounds, not 15")
        for p in range(n):
            spent = sorted(value(state, c) for c in state.zone(p, "spent"))
            check(spent == list(range(1, 16)), f"{game.scenario} seed {seed}: seat {p} spent {spent}")


# ---------------------------------------------------------------------------------------
# 2. Secrecy at every decision: options, views, determinize, serialized views.
# ---------------------------------------------------------------------------------------

def check_secrecy_playout(game, n: int, seed: int, worlds: int = 3) -> Counter:
    """Plays a game at random; at each bid after the first of a round, checks what the
    player to bid may learn of the bids already laid. Returns the faces determinize dealt
    to the earlier bids, keyed by (true face, dealt face)."""
    dealt: Counter = Counter()
    state = game.new_state(seed=seed)
    rng = Rng(seed + 1000)
    while state.outcome is None:
        me = state.decision.player
        sealed = {q: state.zone(q, "sealed") for q in range(n) if q != me and state.zone(q, "sealed")}
        # the options are the cards of my own hand, whatever the others bid
        options = game.legal_actions(state)
        check(sorted(card_of(a) for a in options) == sorted(state.zone(me, "hand")),
              f"seed {seed}: {me}'s options are not exactly their hand")
        view = state.view(me)
        text = game.serialize(view)
        entities = {row[0]: row for row in json.loads(text)["entities"]}
        for q, cards in sealed.items():
            for c in cards:
                seen = view.entity(c)
                check(seen.type == "?" and not dict(seen.params),
                      f"seed {seed}: {game.players[me]}'s view shows {game.players[q]}'s sealed bid #{c}")
                row = entities[c]
                check(row[1] == "?" and row[4] == {},
                      f"seed {seed}: the serialized view of {game.players[me]} holds bid #{c}: {row}")
        # a world the AI may imagine is one the player cannot tell from the real one
        for k in range(worlds if sealed else 0):
            world = game.determinize(view, seed * 100 + k)
            check(game.serialize(world.view(me)) == text,
                  f"seed {seed}: a determinized world looks different to {game.players[me]}")
            check(game.legal_actions(world) == options,
                  f"seed {seed}: a determinized world offers {game.players[me]} other options")
            for q, cards in sealed.items():
                for c in cards:
                    dealt[(value(state, c), value(world, c))] += 1
        state = game.apply(state, options[rng.below(len(options))])
    return dealt


def check_determinize_spread(game) -> None:
    """Ann's bid, to Bob's AI, is any card Ann still holds, whatever Ann really bid."""
    for real_pick in ("lowest", "highest"):
        state = game.new_state(seed=21)
        hand = state.zone(0, "hand")
        pick = (min if real_pick == "lowest" else max)(hand, key=lambda c: value(state, c))
        state = game.apply(state, game.parse_action(state, f"bid card=#{pick}"))
        view = state.view(1)
        faces = Counter(value(game.determinize(view, s), pick) for s in range(600))
        mean = sum(v * k for v, k in faces.items()) / 600
        check(set(faces) == set(range(1, 16)),
              f"Ann bid her {real_pick} card: Bob's worlds give it only {sorted(faces)}")
        check(6.5 < mean < 9.5,
              f"Ann bid her {real_pick} card: Bob's worlds average {mean:.2f}, not about 8")
        check(max(faces.values()) < 3 * min(faces.values()),
              f"Ann bid her {real_pick} card: Bob's worlds are far from uniform: {sorted(faces.items())}")


def check_ids_tell_nothing(game) -> None:
    """The first card listed in a hand (the option an id-reading program would see first)
    holds any face: a card's id and place say nothing of its face."""
    faces = Counter()
    for seed in range(300):
        state = game.new_state(seed=seed)
        first = game.legal_actions(state)[0]
        faces[value(state, card_of(first))] += 1
    check(set(faces) == set(range(1, 16)) and max(faces.values()) < 45,
          f"the first option's card has faces {sorted(faces.items())}")


# ---------------------------------------------------------------------------------------
# 3. AI agents: the same seeded agent, given worlds that differ only in the earlier bid,
#    decides the same, and says the same.
# ---------------------------------------------------------------------------------------

def check_agents(game) -> None:
    state = game.new_state(seed=5)
    state = game.apply(state, game.legal_actions(state)[2])  # ann bids
    ann_card = state.zone(0, "sealed")[0]
    view = state.view(1)
    worlds = []
    for s in range(40):
        world = game.determinize(view, s)
        if all(value(world, ann_card) != value(w, ann_card) for w in worlds):
            worlds.append(world)
        if len(worlds) == 3:
            break
    check(len(worlds) == 3, "could not deal three worlds with different bids for Ann")
    # the real state against the imagined worlds, each seen by Bob
    truths = [state] + worlds
    for code in ("mcts:iterations=150", "osla:samples=4", "random", "skilled"):
        choices = []
        for truth in truths:
            bot = stratagem.agent(code, game, seed=7, budget=Budget(calls=3000))
            seen = truth.view(1)
            choices.append(bot.choose(seen, seen.decision))
        first = choices[0]
        check(all(c.action == first.action for c in choices),
              f"{code}: Bob's choice depends on Ann's bid: {[str(c.action) for c in choices]}")
        check(all(c.rationale == first.rationale for c in choices),
              f"{code}: Bob's public reason depends on Ann's bid")
        check(all(c.private == first.private for c in choices),
              f"{code}: Bob's private reason depends on Ann's bid")


def check_public_reasons(game) -> None:
    """In a played match, the reason every seat reads never names a card."""
    result = stratagem.play(game, ["mcts:iterations=60", "osla:samples=2", "random"], seed=3)
    reasons = set()
    for entry in result.rationales:
        reasons.add(str(entry))
    check(not any("#" in r or "value" in r for r in reasons),
          f"a public reason names a card: {sorted(reasons)[:3]}")


# ---------------------------------------------------------------------------------------
# 4. The command line: `show --as`, `move`, and a person seated after an AI.
# ---------------------------------------------------------------------------------------

def run(*args: str, stdin: str | None = None, cwd: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["stratagem", *args], input=stdin, capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def check_cli(game) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        new = run("new", str(RULES), "--scenario", "three", "--seed", "5", "--out", "g.json", cwd=tmp)
        check(new.returncode == 0, f"new: {new.stderr}")
        state = game.new_state(seed=5)
        action = game.legal_actions(state)[4]
        card = card_of(action)
        secret = f"#{card} (value {value(state, card)})"
        moved = run("move", "g.json", str(action), cwd=tmp)
        check(moved.returncode == 0, f"move: {moved.stderr}")
        for who in ("bob", "cid"):
            shown = run("show", "g.json", "--as", who, cwd=tmp)
            check(shown.returncode == 0, f"show --as {who}: {shown.stderr}")
            check(not re.search(rf"#{card}\b", shown.stdout),
                  f"show --as {who} names Ann's sealed card {secret}")
            check("sealed: 1 hidden" in shown.stdout,
                  f"show --as {who} does not show Ann's bid as one hidden card")
        # the umpire's view shows it: the check above is not vacuous
        umpire = run("show", "g.json", cwd=tmp)
        check(secret in " ".join(umpire.stdout.split()), f"show without --as does not show Ann's bid {secret} (check is vacuous)")

    # Bob is a person, seated after Ann (an AI): what is printed before Bob's first prompt
    out = run("play", str(RULES), "--scenario", "two", "--seed", "5", "--agents", "mcts:iterations=50,human",
              stdin="quit\n").stdout
    before = out.split("bob>")[0]
    state = game.new_state(seed=5)
    check("ann bid" not in before, "Ann's bid is told before Bob has bid")
    check(before.count("(value") == 16,  # Bob's 15 cards and the prize in the pot
          f"Bob's screen shows {before.count('(value')} card faces, not 16 (his hand and the prize)")


# ---------------------------------------------------------------------------------------
# 5. The bridges: OpenSpiel and PettingZoo give Bob nothing of Ann's bid.
# ---------------------------------------------------------------------------------------

def check_openspiel() -> None:
    try:
        import numpy as np
        import pyspiel
        from stratagem.interop import openspiel_game
    except ImportError as missing:
        print("skipped OpenSpiel:", missing)
        return
    spiel = openspiel_game.load_game(str(RULES), scenario="two")
    check(spiel.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION,
          "OpenSpiel game is not of imperfect information")

    def start():
        s = spiel.new_initial_state()
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        return s

    base = start()
    native = openspiel_game.native_state(base)
    options = list(base.legal_actions())
    # two of Ann's options whose cards differ in face
    faces = [value(native, card_of(a)) for a in native.decision.actions]
    low, high = faces.index(min(faces)), faces.index(max(faces))
    after = []
    for i in (low, high):
        s = base.clone()
        s.apply_action(options[i])
        after.append(s)
    a, b = after
    check(a.current_player() == 1 and list(a.legal_actions()) == list(b.legal_actions()),
          "OpenSpiel: Bob's legal ids depend on Ann's bid")
    # the strings name Ann's cards by id (which card id lies in `sealed`); ids are dealt
    # random faces, so compare them with the ids taken out
    def masked(text):
        return sorted(re.sub(r"#[0-9]+", "#", text).split(", "))

    check(masked(a.observation_string(1)) == masked(b.observation_string(1)),
          "OpenSpiel: Bob's observation string depends on Ann's bid")
    check(np.array_equal(a.observation_tensor(1), b.observation_tensor(1)),
          "OpenSpiel: Bob's observation tensor depends on Ann's bid")
    # information-set resampling keeps Bob's information and changes Ann's bid
    ann_card = openspiel_game.native_state(a).zone(0, "sealed")[0]
    seen_faces = set()
    for k in range(30):
        r = a.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
        check(r.information_state_string(1) == a.information_state_string(1),
              "OpenSpiel: a resampled state changes Bob's information state")
        check(np.array_equal(r.information_state_tensor(1), a.information_state_tensor(1)),
              "OpenSpiel: a resampled state changes Bob's information-state tensor")
        seen_faces.add(value(openspiel_game.native_state(r), ann_card))
    check(len(seen_faces) > 3, f"OpenSpiel: resampling deals Ann's bid only {sorted(seen_faces)}")


def check_pettingzoo() -> None:
    try:
        import numpy as np
        from stratagem.interop.pettingzoo_env import aec_env
    except ImportError as missing:
        print("skipped PettingZoo:", missing)
        return
    obs = []
    for pick in (0, 7):
        env = aec_env(str(RULES), scenario="two")
        env.reset(seed=3)
        env.step(pick)  # ann's bid: her option `pick`
        env.agent_selection  # noqa: B018
        o = env.observe("player_1")
        obs.append(o)
    check(np.array_equal(obs[0]["observation"], obs[1]["observation"]),
          "PettingZoo: Bob's observation depends on Ann's bid")
    check(np.array_equal(obs[0]["action_mask"], obs[1]["action_mask"]),
          "PettingZoo: Bob's action mask depends on Ann's bid")


def main() -> int:
    all_games = games()
    seeds = range(3) if QUICK else range(8)
    for name, n in SCENARIOS.items():
        game = all_games[name]
        check_rules(game, n, seeds)
        dealt = Counter()
        for seed in (seeds if n < 5 else range(2)):
            dealt += check_secrecy_playout(game, n, seed, worlds=2 if QUICK else 3)
        # the worlds gave the earlier bids many faces, not the true one
        matches = sum(k for (true, got), k in dealt.items() if true == got)
        total = sum(dealt.values())
        check(total > 0 and matches < total / 4,
              f"{name}: determinize dealt the true bid in {matches} of {total} worlds")
        print(f"{name}: rules and secrecy checked ({total} imagined bids, {matches} equal to the truth)")
    three = all_games["three"]
    check_determinize_spread(three)
    check_ids_tell_nothing(three)
    check_agents(three)
    check_public_reasons(three)
    print("determinize, ids and agents checked")
    check_cli(three)
    print("command line checked")
    check_openspiel()
    check_pettingzoo()
    print("bridges checked")
    print(f"{passed} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
