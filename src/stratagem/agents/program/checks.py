"""Static checks of a program: the flaws a program's author wants to hear about.

Compiling already rejects names the game does not have (actions, phases, sides,
parameters, functions, memory slots, states). ``check_program`` then looks at the
program as a whole, and reports, each with ``file:line:column``:

- states that cannot be reached from the start state;
- states with no way out (no trigger leading elsewhere), in a program of several
  states, unless the state says ``final: true``;
- rules that can never match: an action the phase never offers or no unit of the
  game can take, a condition that is always false, or a rule behind an earlier one
  that always takes the same actions first;
- triggers shadowed by an earlier trigger of the same state that always fires first.
"""

from __future__ import annotations

from ...engine import Game
from ...rules.errors import Problem
from .spec import ANY, Program, Rule


def _always_false(rule: Rule) -> str:
    for what, e in (("`if`", rule.when), ("`actor`", rule.actor), ("`where`", rule.where)):
        if e is not None and e.const and not e.value:
            return what
    return ""


def _unfiltered(rule: Rule) -> bool:
    return (rule.when is None and rule.actor is None and rule.where is None
            and rule.order is None)


def _offered(game: Game, phase: str) -> set[str] | None:
    """Action types a phase offers (``None``: any, for rules that apply in every phase)."""
    if phase == ANY:
        return None
    for p in game.phases:
        if p.name == phase:
            return {a for step in p.steps for a in step.actions}
    return None


def _takeable(game: Game) -> set[str]:
    """Action types somebody can take: player actions, and entity actions some type has."""
    out = {name for name, a in game.action_types.items() if a.source != "entity"}
    for t in game.entity_types.values():
        out.update(t.actions)
    return out


def _never(game: Game, rule: Rule, phase: str, takeable: set[str]) -> str:
    offered = _offered(game, phase)
    types = [t for t in rule.types if t != ANY and t in game.action_types]
    if ANY in rule.types or len(types) < len(rule.types):
        return ""  # reactions, pass and choose come whenever the game asks
    if all(t not in takeable for t in types):
        return f"no unit of {game.name} can take `{', '.join(types)}`"
    if offered is not None and all(t not in offered for t in types):
        return f"phase `{phase}` never offers `{', '.join(types)}`"
    return ""


def check_program(program: Program, game: Game) -> list[Problem]:
    """Every flaw found in ``program`` (an empty list for a clean program)."""
    problems: list[Problem] = []
    states = program.states
    seen = {program.start}
    todo = [program.start]
    while todo:
        here = states.get(todo.pop())
        if here is None:
            continue
        for t in here.triggers:
            if t.go not in seen:
                seen.add(t.go)
                todo.append(t.go)
    for name, st in states.items():
        if name not in seen:
            problems.append(Problem(st.loc, f"state `{name}` cannot be reached from the start "
                                    f"state `{program.start}`", "no trigger leads to it"))
        if len(states) > 1 and not st.final and not any(t.go != name for t in st.triggers):
            problems.append(Problem(st.loc, f"state `{name}` has no way out",
                                    "add a trigger to another state, or `final: true` if "
                                    "the program should stay there"))
        for i, t in enumerate(st.triggers):
            for earlier in st.triggers[:i]:
                first = earlier.test.const and earlier.test.value and (
                    earlier.always or not t.always)
                same = earlier.test.text.strip() == t.test.text.strip() and (
                    earlier.always or not t.always)
                if first or same:
                    problems.append(Problem(
                        t.loc, f"trigger {t.number} of `{name}` never fires: trigger "
                        f"{earlier.number} {'always fires' if first else 'has the same test'}"
                        " before it"))
                    break
            if t.test.const and not t.test.value:
                problems.append(Problem(t.loc, f"trigger {t.number} of `{name}` never fires: "
                                        "its test is always false"))
        takeable = _takeable(game)
        for phase, rules in st.phases.items():
            for i, rule in enumerate(rules):
                where = f"rule {rule.number} of `{name}`" + (
                    f" (phase {phase})" if phase != ANY else "")
                false = _always_false(rule)
                if false:
                    problems.append(Problem(rule.loc, f"{where} never matches: its {false} "
                                            "is always false"))
                    continue
                why = _never(game, rule, phase, takeable)
                if why:
                    problems.append(Problem(rule.loc, f"{where} never matches: {why}"))
                    continue
                for before in rules[:i]:
                    covers = ANY in before.types or set(rule.types) <= set(before.types)
                    if covers and _unfiltered(before) and not _always_false(before):
                        problems.append(Problem(
                            rule.loc, f"{where} never acts: rule {before.number} takes "
                            "the same actions first, whenever there are any"))
                        break
    return problems
