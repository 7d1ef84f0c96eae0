"""What every command shares: the two consoles, the finite-seconds option type, plural
words, the one-line failure, and the narrator of a game as it is played."""

from __future__ import annotations

import math
import sys
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from ..arena.narration import Step, as_told, hidden_from, opening_lines, rolls_text, tell, unseen
from ..engine import CHANCE, Action, Game, State, plural

out = Console(highlight=False, soft_wrap=True, emoji=False)  # "bogus:1234:" is no emoji
err = Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


class Seconds(click.FloatRange):
    """A number of seconds above 0: finite (click's ranges let nan and inf through)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(min=0, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number of seconds", param, ctx)
        return number


n = plural
"""``count`` and ``word``, plural unless one: ``1 state``, ``3 states``."""


def fail(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}")
    sys.exit(2)


def tell_opening(game: Game, seed: int) -> str:
    """What was narrated before the first move (a deal, a prize turned up, what the first
    round said as it began), each under its heading; the last heading printed is returned
    (a ``Narrator``'s ``where``, so the first move is not given it again)."""
    where = ""
    for where, told in opening_lines(game, seed):
        out.print(f"[bold]{escape(where)}[/]")
        for sentence in told:
            out.print(f"  [dim]·[/] {escape(sentence)}")
    return where


class Narrator:
    """Prints a readable account of a game as it is played."""

    def __init__(self, game: Game, board: bool = False, secret: bool = False) -> None:
        self.game = game
        self.board = board
        self.secret = secret
        """A person plays a game that hides things: the raw dice and draws are not told
        (as on the web page), the sentences are."""
        self.where = ""
        self.width = max(len(p) for p in game.players)
        self.seer: int | None = None
        """The one person's seat in a game with fog of war: another side's moves that
        their side did not watch are told to them only as moves (``narration.hidden_from``)."""
        self.reader: int | None = None
        """The seat of the person the account is told to in a game that hides things (the
        one person at the table, or who holds the screen at a hot seat): another player's
        private targets and face-down cards are told to them as withheld (``tell``)."""
        self.states: dict[int, State] = {}
        """The states around the move being told (by decisions before them), from the
        last decision a player took: whether the seer watched it is judged on them."""
        self.hidden = False
        """Whether the step told last was told only as a move (``hidden_from``)."""
        self.turns: tuple[Step, ...] = ()
        """The turns the move told last handed on, still to be told (``tell_turns``)."""

    def tell_turns(self) -> None:
        """The turns the last move handed on, each with what followed as it began: the
        dice a player rolls as their turn begins are told as theirs."""
        for turn in self.turns:
            self.heading(turn.where)
            said = rolls_text(turn.rolls) if turn.rolls else turn.line
            if said:  # a round or phase begun is told by its heading and sentences alone
                out.print(f"  [cyan]{turn.who.ljust(self.width)}[/] {said}")
            # a player's turn's sentences under its line; a round's under its heading
            pad = " " * (self.width + 3) if turn.who else "  "
            for sentence in turn.events:
                out.print(f"{pad}[dim]·[/] {sentence}")
        self.turns = ()

    def heading(self, where: str) -> None:
        """A heading per round and phase, printed when it changes (the steps of a turn,
        draw then play, are told under one)."""
        where = where.split("/", 1)[0]
        if where != self.where:
            out.print(f"[bold]{where}[/]")
            self.where = where

    def rewound(self, decisions: int) -> None:
        """The game was taken back to ``decisions`` decisions (undo): the next step is told
        under a heading of its own."""
        self.where = ""

    def __call__(self, before: State, player: int, action: Action, rationale: str,
                 after: State) -> None:
        self.tell_move(before, player, action, after)
        self.tell_turns()

    def tell_move(self, before: State, player: int, action: Action, after: State,
                  notes: tuple[str, ...] = ()) -> None:
        """The move, ``notes`` under its line (its reason: rich markup), then what followed
        it in its own turn (the turns it handed on are kept for ``tell_turns``)."""
        g = self.game
        step = as_told(tell(g, before, player, action, after, self.reader), self.secret)
        n = len(after.history) - 1
        if player != CHANCE:
            self.states = {}
        self.states[n], self.states[n + 1] = before, after
        self.hidden = hidden_from(g, self.seer, after.history, n, self.states)
        if self.hidden:
            step = unseen(step, g, self.seer)
        # A heading per round and phase: the steps of a turn (draw, then play) are told
        # under it, not each under a heading of its own.
        self.heading(step.where)
        rolls = f"  [dim]({rolls_text(step.rolls)})[/]" if step.rolls else ""
        out.print(f"  [cyan]{step.who.ljust(self.width)}[/] {step.line}{rolls}")
        pad = " " * (self.width + 3)
        for note in notes:
            out.print(f"{pad}{note}")
        for sentence in step.events:
            out.print(f"{pad}[dim]·[/] {sentence}")
        self.turns = step.then
        if self.board and g.board.width:
            for row in g.render(after).splitlines():
                out.print(f"{pad}{row}")
