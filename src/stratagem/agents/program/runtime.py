"""Running a program: the programmed opponent is an agent like any other.

At the start of its side's turn the runtime walks the current state's triggers in
order; the first that holds moves the program to its state, running the old state's
``exit`` steps and then the new state's ``enter`` steps. Triggers marked ``when:
always`` are also checked before every decision, which is how a program changes
state in the middle of a phase when something it did changed the picture. Then, at
each decision, the state's rules for the current phase are tried in order against
the *legal* actions: the first rule with a match acts, its tie-break ladder picking
one action. Nothing is planned ahead, so nothing goes stale: every decision is
decided afresh from the state as it is. When no rule matches, the fallback acts and
the trace says so.

Every choice carries a rationale in the words of the program card (state, trigger,
rule number, the tie-break that decided), and ``trace`` keeps one ``TraceStep`` per
decision for coverage and evaluation.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import Action, Ctx, Decision, EventFrame, Game, Rng, State, StratagemError, distance
from ..base import Agent, Budget, Choice
from .model import ANY, Expr, Prefer, Program, ProgramState, Rule, Step
from .spec import bundled_programs
from .spec import load_program as _load_program


class ProgramSeatError(StratagemError):
    """A program written for one side, seated on another."""


def answering(view: State, decision: Decision) -> bool:
    """Whether ``decision`` is a choice (a rules' `choose`) asked of a player in the middle
    of another player's action: a retreat chosen by the defender of an attack. A program
    answers it from its state's reactions first, as the card's how-to says."""
    stack = view.stack
    top = stack[-1] if stack else None
    if getattr(top, "kind", None) != "choose" or not hasattr(top, "options"):
        return False
    for frame in reversed(stack[:-1]):
        ctx = getattr(frame, "ctx", None)
        if isinstance(ctx, Ctx):
            return ctx.player != decision.player
    return False


@dataclass(frozen=True)
class TraceStep:
    """What the program did at one decision."""

    round: int
    state: str
    trigger: str
    """``"calm → angry (trigger 2)"`` when a trigger fired before this decision, else ``""``."""
    rule: str
    """The number of the rule that acted (``"fallback"`` when none matched)."""
    decided_by: str
    """The tie-break that left one action (``"only match"`` when the rule matched one)."""
    candidates: int
    action: str
    fallback: bool


def _distance(a: Any, b: Any, state: State) -> float:
    def pos(x: Any) -> Any:
        if isinstance(x, int) and not isinstance(x, bool) and state.has_entity(x):
            return state.entity(x).pos
        return x
    pa, pb = pos(a), pos(b)
    if pa is None or pb is None:
        return float("inf")
    return float(distance(pa, pb, state.game.board.metric))


class ProgramAgent(Agent):
    """A programmed opponent: a state machine of ordered rules over the legal actions."""

    code = "program"
    description = ("a programmed opponent (a state machine from a program file): "
                   "program:NAME or program:path/to/file.yaml")

    def __init__(self, game: Game, seed: int = 0, *, file: str = "",
                 budget: Budget | None = None, seconds: float | None = None,
                 iterations: int | None = None, calls: int | None = None,
                 program: Program | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        if program is None:
            if not file:
                raise ValueError("name the program: program:NAME (bundled: "
                                 f"{', '.join(bundled_programs(game.name)) or 'none'}) or "
                                 "program:path/to/file.yaml")
            program = resolve_program(file, game)
        self.program = program
        self.code = f"program:{file or program.name}"
        self.seats = None if program.side is None else (program.side,)
        self.reset(seed)

    def reset(self, seed: int) -> None:
        """Back to the start state with empty memory and an empty trace, for a new game."""
        super().reset(seed)
        self.rng = Rng(seed)
        self.current = self.program.start
        self.memory: dict[str, Any] = dict.fromkeys(self.program.memory)
        self.trace: list[TraceStep] = []
        self._turn: int | None = None
        self._fired = ""
        self.pending: list[Rule] = []
        """Acting enter and exit steps not yet taken this turn, tried first."""
        self.me = self.program.side or 0

    # ------------------------------------------------------------ state machine
    def _run(self, steps: tuple[Step, ...], ctx: Ctx) -> None:
        for step in steps:
            if step.rule is not None:
                self.pending.append(step.rule)
            elif step.slot:
                self.memory[step.slot] = None if step.value is None else step.value.fn(ctx)

    def check_triggers(self, view: State, decision: Decision) -> None:
        """Walk the current state's triggers (all at a new turn, else the `always` ones);
        the first that holds moves the program, running exit then enter steps."""
        new_turn = decision.kind == "action" and view.flow.turn != self._turn
        if new_turn:
            self._turn = view.flow.turn
            self.pending = []
        state = self.program.states[self.current]
        ctx = Ctx(view, self.me, vars=self.memory)
        for t in state.triggers:
            if (new_turn or t.always) and t.test.fn(ctx):
                self._run(state.exit, ctx)
                self.current = t.go
                after = self.program.states[t.go]
                self._run(after.enter, Ctx(view, self.me, vars=self.memory))
                self._fired = f"{state.name} → {t.go} (trigger {t.number})"
                return

    # ------------------------------------------------------------ rules
    def action_ctx(self, view: State, action: Action) -> Ctx:
        """What the expressions of a rule see for one candidate action."""
        return Ctx(view, self.me, action.actor, dict(action.targets), self.memory,
                   _answered(view) if action.type in view.game.reactions else None)

    def matches(self, rule: Rule, view: State, actions: tuple[Action, ...]) -> list[Action]:
        """The legal actions ``rule`` would choose among (empty: it does not match)."""
        base = Ctx(view, self.me, vars=self.memory)
        if rule.when is not None and not rule.when.fn(base):
            return []
        found = [a for a in actions if ANY in rule.types or a.type in rule.types]
        if rule.actor is not None:
            found = [a for a in found if a.actor is not None
                     and rule.actor.fn(Ctx(view, self.me, a.actor, None, self.memory))]
        if rule.where is not None:
            found = [a for a in found if rule.where.fn(self.action_ctx(view, a))]
        if rule.order is not None:
            rank = {v.fn(base): i for i, v in reversed(list(enumerate(rule.order.values)))}
            keyed: list[tuple[int, Action]] = []
            for a in found:
                k = rank.get(rule.order.of.fn(self.action_ctx(view, a)))
                if k is not None:
                    keyed.append((k, a))
            if not keyed:
                return []
            best = min(k for k, _ in keyed)
            found = [a for k, a in keyed if k == best]
        return found

    def _key(self, p: Prefer, view: State, action: Action) -> float:
        ctx = self.action_ctx(view, action)
        if p.kind == "remembered":
            want = self.memory.get(p.slot)
            hit = want is not None and (action.actor == want
                                        or any(v == want for _, v in action.targets))
            return 1.0 if hit else 0.0
        assert p.expr is not None
        value = p.expr.fn(ctx)
        if p.kind in ("nearest", "farthest"):
            d = _distance(action.actor, value, view)
            return -d if p.kind == "nearest" else (d if d != float("inf") else float("-inf"))
        if value is None:
            return float("-inf")
        number = float(value)
        return number if p.kind == "most" else -number

    def pick(self, rule: Rule, view: State, found: list[Action]) -> tuple[Action, str, str]:
        """Walk the tie-break ladder: the action, the step that left it alone (the trace's
        ``decided_by``), and the ladder in words, each step that narrowed the choice with
        the number it chose among ("least distance(to, foe) among 10, then random among
        4")."""
        if len(found) == 1:
            return found[0], "only match", "only match"
        left = found
        said: list[str] = []
        for p in rule.prefer:
            if p.kind == "random":
                break
            keys = [self._key(p, view, a) for a in left]
            best = max(keys)
            kept = [a for a, k in zip(left, keys, strict=True) if k == best]
            if len(kept) < len(left):
                said.append(f"{describe_prefer(p)} among {len(left)}")
            left = kept
            if len(left) == 1:
                return left[0], describe_prefer(p), ", then ".join(said)
        said.append(f"random among {len(left)}")
        return left[self.rng.below(len(left))], "random", ", then ".join(said)

    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        side = self.program.side
        if side is not None and decision.player != side:
            raise ProgramSeatError(
                f"program {self.program.name} plays {self.program.side_name}, but was asked "
                f"to decide for {view.game.players[decision.player]}")
        self.me = decision.player
        self._fired = ""
        self.check_triggers(view, decision)
        state = self.program.states[self.current]
        phase, step = where_in_flow(view)
        for rule in list(self.pending):
            found = self.matches(rule, view, decision.actions)
            if found:
                self.pending.remove(rule)
                action, how, said = self.pick(rule, view, found)
                return self._done(view, state, rule, action, how, len(found), False, said)
        for rule in state.rules_for(phase, step, decision.kind == "reaction",
                                    answering(view, decision)):
            found = self.matches(rule, view, decision.actions)
            if found:
                action, how, said = self.pick(rule, view, found)
                return self._done(view, state, rule, action, how, len(found), False, said)
        fb = self.program.fallback
        if fb is not None:
            found = self.matches(fb, view, decision.actions)
            if found:
                action, how, said = self.pick(fb, view, found)
                return self._done(view, state, fb, action, how, len(found), True, said)
        if self.program.fallback_random or fb is not None:
            action = decision.actions[self.rng.below(len(decision.actions))]
            return self._done(view, state, None, action, "random", len(decision.actions), True)
        return self._done(view, state, None, decision.actions[0], "first legal",
                          len(decision.actions), True)

    def _done(self, view: State, state: ProgramState, rule: Rule | None, action: Action,
              how: str, candidates: int, fallback: bool, said: str = "") -> Choice:
        if rule is not None:
            ctx = self.action_ctx(view, action)
            for slot, expr in rule.remember:
                self.memory[slot] = expr.fn(ctx)
        number = "fallback" if fallback else (rule.label if rule else "?")
        self.trace.append(TraceStep(view.flow.round, state.name, self._fired, number, how,
                                    candidates, str(action), fallback))
        parts = [f"state {state.name}"]
        if self._fired:
            parts.append(f"trigger {self._fired}")
        if fallback:
            parts.append("no rule matched: fallback" + (f" ({rule.say})" if rule and rule.say
                                                         else ""))
        elif rule is not None:
            parts.append(f"rule {rule.label}" + (f" ({rule.say})" if rule.say else ""))
        parts.append(said or (how if candidates == 1 else f"{how} among {candidates}"))
        return Choice(action, " · ".join(parts))


def where_in_flow(view: State) -> tuple[str, str]:
    """The names of the phase and the step the game stands in (``any`` and ``""`` for a
    game without phases)."""
    phases = view.game.phases
    if not phases:
        return ANY, ""
    phase = phases[min(view.flow.phase, len(phases) - 1)]
    steps = phase.steps
    step = steps[view.flow.step].name if 0 <= view.flow.step < len(steps) else ""
    return phase.name, step


def _answered(view: State) -> int | None:
    """The id of the event a reaction decision answers: the innermost one on the stack."""
    for frame in reversed(view.stack):
        if isinstance(frame, EventFrame):
            return frame.id
    return None


def describe_prefer(p: Prefer) -> str:
    """A tie-break in words, as the trace and the card say it."""
    text = p.expr.text if isinstance(p.expr, Expr) else ""
    return {"most": f"most {text}", "least": f"least {text}",
            "nearest": f"nearest {text}", "farthest": f"farthest {text}",
            "remembered": f"remembered {p.slot}", "random": "random"}[p.kind]


def resolve_program(name: str, game: Game) -> Program:
    """A bundled program of ``game`` by name, or a program file by path."""
    bundled = bundled_programs(game.name)
    if name in bundled:
        return _load_program(bundled[name], game)
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.exists():
            raise ValueError(f"no program file at '{name}'")
        return _load_program(path, game)
    known = ", ".join(bundled) or "none"
    raise ValueError(f"no program '{name}' for {game.name} (bundled: {known})")
