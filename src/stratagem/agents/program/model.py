"""The data of a compiled program: its expressions, rules, triggers, steps and states,
with the keys and kinds its file format allows. Read by the compiler (``spec``), the
runner, the card and the checks; built only by the compiler."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine import Ctx
from ...rules.errors import Loc

Test = Callable[[Ctx], Any]

MEMORY_TYPES = ("entity", "player", "pos", "number", "bool", "str", "any")
RESERVED = frozenset({"player", "actor", "it", "event", "none", "true", "false", "round"})
HEADER = ("program", "game", "side", "author", "version", "description")
TOP_KEYS = (*HEADER, "memory", "define", "words", "start", "blocks", "states", "fallback")
RULE_KEYS = ("do", "if", "actor", "where", "order", "prefer", "remember", "say", "why",
             "section", "use")
STATE_KEYS = ("note", "description", "triggers", "enter", "exit", "steps", "reactions",
              "phases", "rules", "final")
TRIGGER_KEYS = ("if", "go", "say", "why", "when")
REACTIONS = "reactions"
"""The part of a state answering reaction decisions (``reactions:``)."""
PREFER_KINDS = ("most", "least", "nearest", "farthest", "remembered", "random")
ANY = "any"
"""``do: any`` matches every legal action."""
KIND_TYPES = {"position": "pos", "entity": "entity", "card": "entity", "player": "player",
              "number": "number", "entity_type": "str", "value": "any"}


@dataclass(frozen=True)
class Expr:
    """A compiled expression with its source text and place (for cards and traces)."""

    text: str
    fn: Test
    loc: Loc
    const: bool = False
    value: Any = None


@dataclass(frozen=True)
class Define:
    """A named expression of the program (``define:``): any later expression may use the
    name, which reads its value at that moment."""

    name: str
    expr: Expr
    say: str = ""
    why: str = ""


@dataclass(frozen=True)
class Prefer:
    """One step of a tie-break ladder: ``most``/``least`` of an expression, ``nearest``/
    ``farthest`` from the actor, the ``remembered`` slot's value, or ``random``."""

    kind: str
    expr: Expr | None = None
    slot: str = ""
    loc: Loc | None = None
    say: str = ""
    """The tie-break in words, for the card (``{most: <expr>, say: <words>}``)."""


@dataclass(frozen=True)
class Order:
    """An allocation order: only actions whose ``of`` value is listed, earliest first."""

    of: Expr
    values: tuple[Expr, ...]
    """Expressions (usually constants: an action name, a unit type, ``(1, 1)``)."""


@dataclass(frozen=True)
class Rule:
    """One numbered step: which legal actions it takes and how it picks among them."""

    number: str
    """Its place in its list, ``"3"``, or ``"3.2"`` for the second rule of a block used
    as step 3."""
    types: tuple[str, ...]
    loc: Loc
    when: Expr | None = None
    actor: Expr | None = None
    where: Expr | None = None
    order: Order | None = None
    prefer: tuple[Prefer, ...] = ()
    remember: tuple[tuple[str, Expr], ...] = ()
    say: str = ""
    block: str = ""
    why: str = ""
    """The reasoning behind the step, printed as a footnote on the card."""
    section: str = ""
    """A heading the card prints above the step (Movement, Shooting, Melee, …)."""
    part: str = ""
    """The part of its state the rule belongs to: a step of the game's flow
    (``orders``), ``reactions``, ``enter``/``exit``, or ``""`` for ``rules`` and
    ``phases`` (numbered as before)."""

    @property
    def label(self) -> str:
        """The rule's number, with its part when it has one (``"orders 3"``)."""
        return f"{self.part} {self.number}" if self.part else self.number


@dataclass(frozen=True)
class Trigger:
    """A numbered transition: when ``test`` holds, the program moves to ``go``."""

    number: int
    test: Expr
    go: str
    loc: Loc
    go_loc: Loc
    say: str = ""
    always: bool = False
    why: str = ""
    """Checked before every decision, not only at the start of the side's turn."""


@dataclass(frozen=True)
class Step:
    """An enter or exit step: set or clear a memory slot, a note for the player, or a
    game action to take (``rule``: tried first at the side's next decisions this turn,
    until it acts)."""

    slot: str = ""
    value: Expr | None = None
    say: str = ""
    loc: Loc | None = None
    rule: Rule | None = None


@dataclass(frozen=True)
class ProgramState:
    """A state of the program."""

    name: str
    loc: Loc
    description: str = ""
    triggers: tuple[Trigger, ...] = ()
    enter: tuple[Step, ...] = ()
    exit: tuple[Step, ...] = ()
    phases: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    """Rules per phase name; ``"any"`` holds the rules for every phase, tried after the
    phase's own."""
    final: bool = False
    """Declared to have no way out on purpose (the check then does not report it)."""
    note: str = ""
    """What the state's test means at the table, printed before its description."""
    steps: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    """Rules per step of the game's flow (``orders``, ``activation``), tried first at an
    action decision in that step."""
    reactions: tuple[Rule, ...] = ()
    """Rules tried first when the game asks the side to react (the enemy's turn, a
    volley, a melee)."""

    def rules_for(self, phase: str, step: str = "", reaction: bool = False,
                  answering: bool = False) -> tuple[Rule, ...]:
        """The rules tried at a decision in ``phase`` (and its ``step``), in order: the
        step's own (or, for a reaction, the reactions; for a choice asked in the middle of
        another side's action, ``answering``, the reactions and then the step's), the
        phase's, then ``rules``."""
        first = self.reactions if reaction else (
            self.reactions + self.steps.get(step, ()) if answering else self.steps.get(step, ()))
        return first + self.phases.get(phase, ()) + (
            self.phases.get(ANY, ()) if phase != ANY else ())

    def parts(self) -> list[tuple[str, tuple[Rule, ...]]]:
        """Every list of rules with its key, in the card's order: the steps, the
        reactions, the phases, then ``any`` (the rules for every phase)."""
        out = list(self.steps.items())
        if self.reactions:
            out.append((REACTIONS, self.reactions))
        out += [(k, v) for k, v in self.phases.items() if k != ANY]
        if ANY in self.phases:
            out.append((ANY, self.phases[ANY]))
        return out

    def all_rules(self) -> list[Rule]:
        """Every rule of the state (the acting enter and exit steps included)."""
        acting = [s.rule for s in (*self.exit, *self.enter) if s.rule is not None]
        return acting + [r for _, rules in self.parts() for r in rules]


@dataclass(frozen=True)
class Program:
    """A compiled program, for one game and one side."""

    name: str
    game: str
    side: int | None
    """The player the program plays (``None``: either side, from ``side: any``)."""
    side_name: str
    file: str
    author: str = ""
    version: str = ""
    description: str = ""
    memory: dict[str, str] = field(default_factory=dict)
    start: str = ""
    states: dict[str, ProgramState] = field(default_factory=dict)
    blocks: dict[str, tuple[Rule, ...]] = field(default_factory=dict)
    fallback: Rule | None = None
    """The rule that acts when no rule of the state matches (``None``: a random legal
    action)."""
    fallback_random: bool = True
    locs: dict[str, Loc] = field(default_factory=dict)
    """Places of header keys and blocks, for checks."""
    defines: dict[str, Define] = field(default_factory=dict)
    """Named conditions and amounts (``define:``), in the order written."""
    words: dict[str, str] = field(default_factory=dict)
    """The card's words for raw values: an action or type name, or ``param=value``
    (``cls=2: Zoomorphic Warriors``)."""
    memory_say: dict[str, str] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    """The game's players, by name: a sentence of the card that begins with one keeps its
    capital ("If Blue has been pushed back")."""
    """What each memory slot holds, in words."""
