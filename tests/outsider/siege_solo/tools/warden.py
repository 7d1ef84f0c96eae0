"""A plain rule-of-thumb defender for Hold the Pass, used only to measure difficulty.

Run from this folder: `stratagem arena siege_solo.yaml --agents python:tools.warden.Warden`
(needs this folder on PYTHONPATH). It is a measuring stick, not part of the game:
  1. an army two spaces out with no fort in front, and two actions left: build a fort there;
  2. otherwise attack the army nearest the capital (ties: the likeliest push-back),
     its odds worked out from strength, terrain and heroes;
  3. otherwise rest (morale below 5), else end the turn.
"""
from stratagem.agents import Agent, Choice


# the terrain modifier of each space, by army and distance from the capital (the layout)
MOD = {
    "orcs": {1: 1, 2: 0, 3: -1, 4: 1, 5: 1},
    "raiders": {1: 1, 2: 0, 3: 0, 4: -1, 5: 0, 6: 0},
    "corsairs": {1: 0, 2: 0, 3: -1, 4: -1},
    "undead": {1: 0, 2: -1, 3: -1, 4: -1, 5: -1},
}


class Warden(Agent):
    code = "warden"
    description = "builds forts in front of close armies, attacks the nearest army"
    handles_hidden = True  # reads only the public board; plays forward on determinized states

    def __init__(self, game, seed=0, **budget):
        super().__init__(game, seed, **budget)
        self.seed = seed

    def choose(self, view, decision, budget=None):
        acts = list(decision.actions)
        armies = {e.id: e for e in view.entities.values() if e.type in ("orcs", "raiders", "corsairs", "undead")}
        me = view.players[decision.player].params

        def target(a):
            t = dict(a.targets).get("army")
            return armies.get(getattr(t, "id", t))

        builds = [a for a in acts if a.type == "build" and target(a) is not None and target(a).params["dist"] <= 2]
        if builds:
            pick = min(builds, key=lambda a: target(a).params["dist"])
            return Choice(pick, "a fort in front of the closest army")
        attacks = [a for a in acts if a.type == "attack" and target(a) is not None]
        if attacks and me["morale"] >= 1:
            heroes = view.value("heroes")

            def odds(a):
                army = target(a)
                need = army.params["strength"] - MOD[army.type][army.params["dist"]] - heroes
                return min(1.0, max(0.0, (7 - need) / 6))

            scored = [(target(a).params["dist"], -odds(a), i, a) for i, a in enumerate(attacks)]
            scored.sort(key=lambda x: x[:3])
            dist, neg, _, pick = scored[0]
            if me["morale"] >= 2 or dist <= 2:
                return Choice(pick, f"attack the nearest army ({-neg:.0%} to push it back)")
        for a in acts:
            if a.type == "rest":
                return Choice(a, "rest the troops")
        for a in acts:
            if a.type == "hold":
                return Choice(a, "nothing worth doing")
        return Choice(acts[0], "the only option")
