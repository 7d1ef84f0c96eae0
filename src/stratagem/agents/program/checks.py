"""Static checks of a program: the flaws a program's author wants to hear about.

Compiling already rejects names the game does not have (actions, phases, sides,
parameters, functions, memory slots, states). ``check_program`` then looks at the
program as a whole, and reports, each with ``file:line:column``:

- states that cannot be reached from the start state;
- states with no way out (no trigger leading elsewhere), in a program of several
  states, unless the state says ``final: true``;
- rules that can never match: an action the phase (or step) never offers or no unit
  of the game can take, a condition that is always false, or a rule behind an earlier
  one that always takes the same actions first;
- conditions that are constant: a literal, an expression that reads nothing of the
  game, or a comparison of a parameter with a bound it can never cross
  (``player.long_range >= 0``) — always true, it says nothing, always false, the rule
  or trigger never acts;
- triggers shadowed by an earlier trigger of the same state that always fires first.

``sample_constants`` goes further, by playing: the conditions that kept one value in
every position of a few games (a hint, not proof, so it is reported apart).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

from ...engine import Ctx, Game, Rng
from ...rules.errors import Problem
from .model import ANY, REACTIONS, Expr, Program, Rule
from .runtime import ProgramAgent, where_in_flow

_WORDS = frozenset({"true", "false", "none", "and", "or", "not", "in", "if", "else"})
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_BOUND = re.compile(r"^\s*(\w+)\.(\w+)\s*(>=|<=|>|<|==|!=)\s*(-?\d+(?:\.\d+)?)\s*$")
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne}


def _bounds(game: Game, param: str) -> tuple[float, float] | None:
    """The widest bounds ``param`` has in the game (``None``: not a bounded parameter)."""
    lows: list[float] = []
    highs: list[float] = []
    specs = [p for t in game.entity_types.values() for p in t.params] + list(game.player_params)
    for p in specs:
        if p.name != param:
            continue
        low = getattr(p, "min", None)
        high = getattr(p, "max", None)
        lows.append(float("-inf") if low is None else float(low))
        highs.append(float("inf") if high is None else float(high))
    if not lows:
        return None
    return min(lows), max(highs)


def constant_value(expr: Expr, game: Game) -> tuple[bool, Any]:
    """Whether ``expr`` has one value whatever the game's state, and that value."""
    if expr.const:
        return True, expr.value
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "", expr.text)
    if not [n for n in _NAME.findall(text) if n not in _WORDS]:
        try:
            return True, expr.fn(Ctx(game.new_state(seed=0), 0))
        except Exception:  # a constant that cannot be worked out is no finding
            return False, None
    m = _BOUND.match(expr.text)
    if m is not None:
        bounds = _bounds(game, m[2])
        if bounds is not None:
            op, value = _OPS[m[3]], float(m[4])
            low, high = bounds
            if low == high:
                return True, op(low, value)
            at_low, at_high = op(low, value), op(high, value)
            # Monotone comparisons over an interval: the same at both ends means the
            # same everywhere (== and != only when the value lies outside it).
            if m[3] in ("==", "!=") and low <= value <= high:
                return False, None
            if at_low == at_high:
                return True, at_low
    return False, None


def _constant(rule: Rule, game: Game) -> tuple[str, bool]:
    """The first condition of ``rule`` that is constant, and its value."""
    for what, e in (("`if`", rule.when), ("`actor`", rule.actor), ("`where`", rule.where)):
        if e is not None:
            fixed, value = constant_value(e, game)
            if fixed:
                return what, bool(value)
    return "", False


def _always_false(rule: Rule, game: Game | None = None) -> str:
    for what, e in (("`if`", rule.when), ("`actor`", rule.actor), ("`where`", rule.where)):
        if e is None:
            continue
        fixed, value = constant_value(e, game) if game is not None else (e.const, e.value)
        if fixed and not value:
            return what
    return ""


def _unfiltered(rule: Rule) -> bool:
    return (rule.when is None and rule.actor is None and rule.where is None
            and rule.order is None)


def _offered(game: Game, phase: str) -> set[str] | None:
    """Action types a phase or a step offers (``None``: any, for rules that apply in
    every phase, and for reactions)."""
    if phase in (ANY, REACTIONS):
        return None
    for p in game.phases:
        if p.name == phase:
            return {a for step in p.steps for a in step.actions}
    steps = [set(st.actions) for p in game.phases for st in p.steps if st.name == phase]
    return set().union(*steps) if steps else None


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
            fixed, value = constant_value(t.test, game)
            if fixed and not value:
                problems.append(Problem(t.loc, f"trigger {t.number} of `{name}` never fires: "
                                        "its test is always false"))
            elif fixed and not t.test.const and i < len(st.triggers) - 1:
                problems.append(Problem(t.loc, f"trigger {t.number} of `{name}`: its test "
                                        "is always true, so the triggers after it never "
                                        "fire", "write no `if:` if that is meant"))
        takeable = _takeable(game)
        for phase, rules in st.parts():
            for i, rule in enumerate(rules):
                where = f"rule {rule.label} of `{name}`" + (
                    f" (phase {phase})" if phase not in (ANY, REACTIONS)
                    and phase not in st.steps else "")
                false = _always_false(rule, game)
                if false:
                    problems.append(Problem(rule.loc, f"{where} never matches: its {false} "
                                            "is always false"))
                    continue
                what, value = _constant(rule, game)
                if what and value:
                    problems.append(Problem(rule.loc, f"{where}: its {what} is always true",
                                            "drop it, or say what was meant"))
                why = _never(game, rule, phase, takeable)
                if why:
                    problems.append(Problem(rule.loc, f"{where} never matches: {why}"))
                    continue
                for before in rules[:i]:
                    covers = ANY in before.types or set(rule.types) <= set(before.types)
                    if covers and _unfiltered(before) and not _always_false(before, game):
                        problems.append(Problem(
                            rule.loc, f"{where} never acts: rule {before.label} takes "
                            "the same actions first, whenever there are any"))
                        break
    return problems


def sample_constants(program: Program, game: Game, *, games: int = 3, seed: int = 0,
                     max_decisions: int = 4000) -> list[Problem]:
    """Conditions that kept one value in every position where they were tried, over
    ``games`` games of the program against random moves (a hint for the author: a
    condition that never changes says nothing, or never lets its rule act)."""
    seen: dict[int, tuple[str, Expr, set[bool]]] = {}
    rng = Rng(seed)
    for _ in range(games):
        agent = ProgramAgent(game, seed=rng.fork(), program=program)
        state = game.new_state(seed=rng.fork())
        pick = Rng(rng.fork())
        for _ in range(max_decisions):
            d = state.decision
            if d is None:
                break
            mine = program.side is None or d.player == program.side
            if mine and d.kind != "chance":
                action = agent.choose(state, d).action
                here = program.states[agent.current]
                phase, step = where_in_flow(state)
                _observe(agent, here.name, here.rules_for(phase, step, d.kind == "reaction"),
                         state, d.actions, seen)
            else:
                action = d.actions[pick.below(len(d.actions))]
            state = game.apply(state, action)
    out = []
    for where, e, values in seen.values():
        if len(values) == 1:
            value = "true" if next(iter(values)) else "false"
            out.append(Problem(e.loc, f"{where} was always {value} where it was tried, "
                               f"in {games} sampled game{'s' * (games != 1)}",
                               "a hint from play, not a proof"))
    return out


def _observe(agent: ProgramAgent, state: str, rules: tuple[Rule, ...], view: Any,
             actions: tuple[Any, ...], seen: dict[int, tuple[str, Expr, set[bool]]]) -> None:
    base = Ctx(view, agent.me, vars=agent.memory)
    for rule in rules:
        if rule.when is not None:
            key = id(rule.when)
            seen.setdefault(key, (f"the `if` of rule {rule.label} of `{state}`", rule.when,
                                  set()))[2].add(bool(rule.when.fn(base)))
            if not rule.when.fn(base):
                continue
        typed = [a for a in actions if ANY in rule.types or a.type in rule.types]
        for what, e in (("actor", rule.actor), ("where", rule.where)):
            if e is None or not typed:
                continue
            entry = seen.setdefault(id(e), (f"the `{what}` of rule {rule.label} of `{state}`",
                                            e, set()))
            for a in typed[:40]:
                ctx = (Ctx(view, agent.me, a.actor, None, agent.memory) if what == "actor"
                       else agent.action_ctx(view, a))
                if what == "actor" and a.actor is None:
                    continue
                entry[2].add(bool(e.fn(ctx)))
        if agent.matches(rule, view, actions):
            return
