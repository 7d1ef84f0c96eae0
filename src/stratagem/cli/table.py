"""The terminal as a game table: the person's seat, the narrator, the spinner.

- ``TableHuman`` is the ``human`` agent at `stratagem play`: the board drawn with rich
  (``board.draw``) at each of its decisions, choices numbered by something that does not
  shift as options come and go (a cell by its place on the board, a column by its
  number, a unit by its id, an action by its place in the rules), reactions asked as
  sentences ("Goblin #2's attack hits fighter #1 for 8. Fighter #1: parry?") and ``?``
  answered with the game's rules and what the options now mean.
- ``TableNarrator`` tells each decision, and under an agent's move its reason
  (``--explain``): ``Choice.rationale`` always, ``Choice.private`` only to the seat it
  belongs to — never to an opponent at the same table.
- ``think_aloud`` wraps an agent so that a spinner with the time spent (and the budget)
  turns while it thinks.
"""

from __future__ import annotations

import io
import re
import shutil
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from ..agents import HumanAgent, QuitGame
from ..agents.base import Budget, Choice, shared_reason
from ..agents.human import HELP
from ..arena import Match
from ..arena.narration import other_side
from ..engine import CHANCE, Action, ActionBuilder, Decision, EventFrame, Game, Pos, Ref, State
from ..games.sheet import rules_sheet
from .board import NO_MARKS, Marks, draw, last_move
from .console import Narrator, out

UNIT_FIELDS = frozenset({"attacker", "target", "mover", "entity", "unit", "actor", "source",
                         "defender", "reactor", "creature", "who"})
"""Event fields that hold a unit (an id written as a plain number is one too)."""

PASS_NUMBER = 0
"""A reaction's ``pass`` is choice 0."""


def stable_number(game: Game, value: Any) -> int | None:
    """The number a choice keeps whatever else is offered: a cell's place on the board
    (row by row, from 1), a whole number itself (connect four's column), a unit's id, an
    action's place in the rules (from 1), ``pass`` 0; ``None`` for anything else."""
    if isinstance(value, Ref):
        return int(value)
    if isinstance(value, Pos):
        b = game.board
        return value.y * b.width + value.x + 1 if b.contains(value) else None
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str):
        order = list(game.action_types) + [r for r in game.reactions
                                           if r not in game.action_types]
        if value in order:
            return order.index(value) + 1
        if value == "pass":
            return PASS_NUMBER
    return None


def label(state: State, value: Any) -> Any:
    """An entity as its type and number (``goblin #2``); any other value as it is."""
    if isinstance(value, Ref) and value in state.entities:
        return f"{state.entities[value].type} #{int(value)}"
    return value


def _words(name: str) -> str:
    return name.replace("_", " ")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def event_sentence(game: Game, state: State, frame: EventFrame) -> str:
    """An event as a sentence: the game's narration of it, else words built from its
    fields (an attack by its attacker, target, hit and damage; a move by its mover and
    squares), never a list of raw fields."""
    fields = dict(frame.fields)
    if frame.name in game.narration:
        return _capital(game.narrate(state, frame.name, fields))
    named = {k: label(state, Ref(v) if k in UNIT_FIELDS and type(v) is int else v)
             for k, v in fields.items()}
    if "attacker" in named and "target" in named:
        hit = fields.get("hit")
        verb = "hits" if hit else ("misses" if hit is not None else "strikes at")
        text = f"{named['attacker']}'s attack {verb} {named['target']}"
        damage = fields.get("damage")
        if hit and isinstance(damage, int | float) and damage:
            text += f" for {damage:g}"
        return _capital(text)
    if "mover" in named and "to" in named:
        going = "is about to move" if frame.stage == "pending" else "moves"
        src = f" from {named['from']}" if "from" in named else ""
        return _capital(f"{named['mover']} {going}{src} to {named['to']}")
    who = next((named[k] for k in ("entity", "unit", "actor", "source", "target")
                if k in named), None)
    rest = ", ".join(f"{_words(k)} {v}" for k, v in named.items() if named.get(k) != who)
    head = f"{who}: {_words(frame.name)}" if who is not None else _words(frame.name)
    return _capital(head + (f" ({rest})" if rest else ""))


def reaction_question(game: Game, view: State, builder: ActionBuilder) -> str:
    """A reaction decision as a sentence and a question: the event, then who may react
    and with what (``… Fighter #1: parry?``)."""
    d = view.decision
    frame = next((f for f in reversed(view.stack) if type(f) is EventFrame), None)
    if d is None or frame is None:
        return game.describe_reaction(view)
    offered = sorted({a.type for a in builder.candidates if a.type != "pass"},
                     key=lambda t: stable_number(game, t) or 0)
    reactor = (label(view, Ref(d.actor)) if d.actor is not None else game.players[d.player])
    asked = " or ".join(_words(t) for t in offered) or "react"
    return f"{event_sentence(game, view, frame)}. {_capital(str(reactor))}: {asked}?"


ONLY = "the only option"
"""The reason of a move with one option (as ``HumanAgent`` gives it)."""

_HEADING = re.compile(r"^#+\s*", re.MULTILINE)


def rules_text(game: Game) -> str:
    """The rules at hand, as plain text: the README's rules (its "Rules" section, or its
    opening), else the game's description."""
    sheet = rules_sheet(game)
    text = sheet.readme
    if not text:
        return f"{sheet.title}: {sheet.description}"
    parts = re.split(r"^## ", text, flags=re.MULTILINE)
    chosen = next((p for p in parts[1:] if p.lower().startswith("rules")), parts[0])
    return as_plain_text(_HEADING.sub("", chosen).strip())


def as_plain_text(markdown: str) -> str:
    """Markdown as the terminal reads it, without colour: emphasis dropped, lists
    numbered, tables drawn (as `stratagem rules` prints a README), at the terminal's
    width up to 100 columns."""
    from rich.markdown import Markdown  # noqa: PLC0415 - markdown-it loads only for a README

    width = min(shutil.get_terminal_size((100, 24)).columns, 100)
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False,
                      force_terminal=False, emoji=False)
    console.print(Markdown(markdown))
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()).strip()


class TableHuman(HumanAgent):
    """The ``human`` seat at a terminal table (see the module's docstring)."""

    def __init__(self, game: Game, seed: int = 0, **kwargs: Any) -> None:
        super().__init__(game, seed, **kwargs)
        self.marks: Marks = NO_MARKS
        """The last move, marked on the board (set by the narrator)."""
        self.table: TableNarrator | None = None
        """At a hot seat in a game that hides things: the narrator, which hands the
        screen from one person to the next (``TableNarrator.hand_over``)."""


    @classmethod
    def seat_for(cls, agent: HumanAgent) -> TableHuman:
        """A table seat that takes over ``agent``'s streams and random generator (so that
        its `random` picks stay those of the seed)."""
        seat = cls(agent.game, 0, stdin=agent.stdin, stdout=agent.stdout)
        seat.rng = agent.rng
        seat.can_undo = agent.can_undo
        seat.no_undo = agent.no_undo
        return seat

    def _console(self) -> Console:
        return out if self.stdout is None else Console(file=self.stdout, highlight=False,
                                                       soft_wrap=True, emoji=False)

    def show(self, view: State, decision: Decision) -> None:
        game = self.game
        if self.table is not None and self.table.holder != decision.player:
            self.table.hand_over(self, decision.player, len(view.history))
        who = "chance" if decision.player == CHANCE else game.display.player(
            decision.player, game.players[decision.player]).label
        console = self._console()
        console.print(f"[bold]── {escape(who)} to decide — {escape(game.describe_flow(view))} "
                      "──[/]")
        console.print(draw(game, view, self.marks))

    def numbers(self, view: State, builder: ActionBuilder,
                choices: tuple[Any, ...]) -> tuple[int, ...]:
        found = [stable_number(self.game, v) for v in choices]
        if None in found or len(set(found)) != len(found):
            return super().numbers(view, builder, choices)
        return tuple(n for n in found if n is not None)

    def reaction_text(self, view: State, builder: ActionBuilder) -> str:
        return reaction_question(self.game, view, builder)

    def help_text(self, view: State, decision: Decision, builder: ActionBuilder) -> str:
        game = self.game
        sheet = rules_sheet(game)
        meanings = dict(sheet.actions + sheet.reactions)
        lines = [f"== {game.name}: the rules ==", rules_text(game), ""]
        if sheet.terrain:
            lines += ["== terrain (cost to enter) =="]
            lines += [f"  {name}: {cost}" + (f" ({notes})" if notes else "")
                      for name, cost, notes in sheet.terrain]
            lines.append("")
        if sheet.sides:
            lines += ["== sides between cells (cost to cross) =="]
            lines += [f"  {name}: {cost}" + (f" ({notes})" if notes else "")
                      for name, cost, notes in sheet.sides]
            lines.append("")
        if sheet.fog:
            lines += ["== fog of war ==", *(f"  {line}" for line in sheet.fog), ""]
        if sheet.turns:
            lines += [f"== order of play (each {game.display.round}) ==",
                      *(f"  {line}" for line in sheet.turns), ""]
        lines.append("== your options now ==")
        for name in sorted({a.type for a in builder.candidates},
                           key=lambda t: stable_number(game, t) or 0):
            at = game.action_types.get(name)
            said = meanings.get(name) or re.sub(r"\{[^}]*\}", "…", at.text if at else "") or (
                "let the moment go" if name == "pass" else "")
            lines.append(f"  {name}" + (f": {said}" if said else ""))
        lines += ["", "== at the prompt ==", HELP,
                  "Numbers stay with their option: a cell keeps its number (row by row from "
                  "1), a unit its id, a column its own number."]
        return "\n".join(lines)


class Elapsed:
    """What the spinner says: who thinks, for how long, out of what budget."""

    def __init__(self, who: str, budget: Budget | None) -> None:
        self.who = who
        self.budget = budget
        self.started = time.perf_counter()

    def __rich__(self) -> RenderableType:
        took = time.perf_counter() - self.started
        b = self.budget
        of = ""
        if b is not None and b.seconds is not None:
            of = f" of {b.seconds:g} s"
        limits = [f"{v} {k}" for k, v in (("calls", b.calls), ("iterations", b.iterations))
                  if v is not None] if b is not None else []
        text = f"{self.who} is thinking… {took:.1f} s{of}"
        if limits:
            text += f" (budget {', '.join(limits)})"
        return Text(text)


def think_aloud(match: Match, seat: int, chosen: dict[int, Choice]) -> None:
    """Show a spinner while seat ``seat``'s agent thinks, and keep its last ``Choice`` in
    ``chosen`` (for the narrator's reason line)."""
    agent = match.agents[seat]
    if agent is None:
        return
    inner: Callable[..., Choice] = agent.choose
    name = f"{match.game.players[seat]} ({agent.code})"

    def choose(view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        with out.status(Elapsed(name, budget or agent.budget), spinner="dots"):
            choice = shared_reason(agent, inner(view, decision, budget))
        chosen[seat] = choice
        return choice

    setattr(agent, "choose", choose)  # noqa: B010 - wraps this one agent, not its class


class TableNarrator(Narrator):
    """The narrator of a game at the terminal table: each decision, its reason when
    ``explain``, the board drawn when ``board``, and the last move for the people's
    seats to mark."""

    def __init__(self, game: Game, humans: dict[int, TableHuman], chosen: dict[int, Choice],
                 *, board: bool = False, secret: bool = False, explain: bool = False) -> None:
        super().__init__(game, board=False, secret=secret)
        self.draw_board = board
        self.humans = humans
        for human in humans.values():  # a move with one option is told here, in its place
            human.tells_forced = False
        self.chosen = chosen
        self.explain = explain
        if len(humans) == 1 and game.fog is not None:  # one person, in fog: their view
            self.seer = next(iter(humans))
        if len(humans) == 1 and game.info.hidden:  # nor others' sealed bids, hidden cards
            self.reader = next(iter(humans))
        self.last: Marks = NO_MARKS
        """The last move told."""
        self.hot_seat = len(humans) > 1 and game.info.hidden
        """Two people or more at one screen, in a game that hides things: the screen is
        handed from one to the next, cleared between them, and each is told what
        happened since their last turn as their own seat may know it."""
        self.holder: int | None = None
        """At a hot seat: the seat of the person who has the screen (none before the first
        hand-over: nothing is told until someone has it)."""
        self.steps: list[tuple[int, State, int, Action, str, State]] = []
        """At a hot seat: every step, by the length of the history after it, to be told."""
        self.told: dict[int, int] = dict.fromkeys(humans, 0)
        """At a hot seat: how far into the history each person has been told."""
        if self.hot_seat:
            for human in humans.values():
                human.table = self

    def rewound(self, decisions: int) -> None:
        """The game was taken back to ``decisions`` decisions (undo): what was told of the
        steps taken back is forgotten."""
        super().rewound(decisions)
        self.steps = [step for step in self.steps if step[0] <= decisions]
        self.told = {seat: min(n, decisions) for seat, n in self.told.items()}
        self.last = NO_MARKS  # the move marked may be one taken back: none is marked
        for human in self.humans.values():
            human.marks = NO_MARKS

    def hand_over(self, human: TableHuman, seat: int, decisions: int) -> None:
        """Hand the screen to ``seat``: clear it, wait until that person alone looks,
        then tell them what happened since their last turn, as they may know it, with
        the last move they may see marked."""
        g = self.game
        name = g.display.player(seat, g.players[seat]).label
        if out.is_terminal:  # the screen and its scrollback: nothing of the last person's
            out.file.write("\x1b[H\x1b[2J\x1b[3J")
            out.file.flush()
        out.print(f"[bold]── pass the screen to {escape(name)} ──[/]")
        if human.ask(f"{name}: press Enter when only you can see the screen ") is None:
            human.say()
            raise QuitGame(seat, "end of input", decisions)
        self.holder = seat
        self.reader = seat
        if g.fog is not None:
            self.seer = seat
        news = [step for step in self.steps if step[0] > self.told.get(seat, 0)]
        if news:
            out.print("[dim]since your last turn:[/]")
            self.where = ""
        for _, before, player, action, rationale, after in news:
            Narrator.__call__(self, before, player, action, rationale, after)
            if g.board.width and not self.hidden:
                marks = last_move(g, before, action, after)
                if marks.went_to is not None:
                    human.marks = marks
        self.told[seat] = decisions

    def may_read_private(self, seat: int) -> bool:
        """Whether the table may read what only ``seat`` may: when nobody plays (everyone
        watching sees all), or when ``seat`` is the only person's own."""
        return not self.humans or set(self.humans) == {seat}

    def __call__(self, before: State, player: int, action: Action, rationale: str,
                 after: State) -> None:
        if self.hot_seat:
            n = len(after.history)
            self.steps.append((n, before, player, action, rationale, after))
            if self.holder is None:
                return  # nobody has the screen yet: told at the first hand-over
            self.told[self.holder] = n
        g = self.game
        # An agent's reason is never read to another side under fog, even of a move it
        # watched: the reason may speak of what that side does not see.
        other = other_side(g, self.seer, after.history, len(after.history) - 1) is not None
        notes: list[str] = []  # the reason, under the move's line and before what followed
        if player in self.humans and rationale == ONLY:
            notes.append("[dim italic]↳ the only option: taken without asking[/]")
        choice = self.chosen.pop(player, None)
        if self.explain and player != CHANCE and player not in self.humans and not other:
            reason = choice.rationale if choice is not None else rationale
            if reason:
                notes.append(f"[dim italic]↳ {escape(reason)}[/]")
            if choice is not None and choice.private and self.may_read_private(player):
                notes.append(f"[dim italic]↳ (seen by {escape(g.players[player])} only) "
                             f"{escape(choice.private)}[/]")
        self.tell_move(before, player, action, after, tuple(notes))
        hidden = self.hidden
        marks = last_move(g, before, action, after) if g.board.width else NO_MARKS
        if marks.went_to is None or hidden:
            marks = self.last  # ending a turn, passing, a move unseen: the last one stays
        self.last = marks
        for seat, human in self.humans.items():  # at a hot seat, only the one looking
            if not self.hot_seat or seat == self.holder:
                human.marks = marks
        self.tell_turns()  # the turns it handed on (their dice), after its reason
        if self.draw_board:  # the table (the board, the hands and piles) after each move
            shown = after
            if g.info.hidden and self.humans:  # a person at the table sees their own view
                if len(self.humans) != 1:
                    return  # hot seat: each person's own turn shows what they may see
                shown = g.view(after, next(iter(self.humans)))
            out.print(draw(g, shown, marks))


def seat_people(match: Match) -> dict[int, TableHuman]:
    """Put a ``TableHuman`` in every ``human`` seat of the match."""
    seats: dict[int, TableHuman] = {}
    for p, agent in enumerate(match.agents):
        if isinstance(agent, HumanAgent):
            seat = agent if isinstance(agent, TableHuman) else TableHuman.seat_for(agent)
            match.agents[p] = seat
            seats[p] = seat
    return seats


__all__ = ["TableHuman", "TableNarrator", "event_sentence", "reaction_question",
           "rules_text", "seat_people", "stable_number", "think_aloud"]
