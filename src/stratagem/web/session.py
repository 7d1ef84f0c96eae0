"""A game being played on the web page: human seats answer from the page, the rest by agent.

``Session`` holds one game between seats, each either ``human`` or an agent's roster
code. After every move it lets chance and the agents play on until a human must
decide or the game is over, so the page only ever waits for a person.
``snapshot`` is what the page draws, as plain JSON values, taken from the view of
the human at the table: in a game with hidden information, the hands of the other
seats stay hidden, and chance outcomes are told only where nothing is hidden.
"""

from __future__ import annotations

from typing import Any

from ..agents import Agent, make_agent
from ..arena import HUMAN, Match, Replay
from ..arena.narration import Step, as_told, result_line, tell, who
from ..engine import Action, Game, Pos, Ref, State, StratagemError

MAX_AUTOMATIC = 100_000
"""Decisions agents and chance may make in a row before the session gives up."""


class SessionError(StratagemError, ValueError):
    """A request the session cannot carry out (it changes nothing)."""


def plain(value: Any) -> Any:
    """A target or parameter value as JSON: a position as ``[x, y]``, an entity as its id."""
    if isinstance(value, Pos):
        return [value.x, value.y]
    if isinstance(value, Ref):
        return int(value)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


class Session:
    """One game between ``codes`` (one per seat: ``human`` or a roster code), from ``seed``."""

    def __init__(self, game: Game, codes: list[str], seed: int = 0) -> None:
        if len(codes) != len(game.players):
            raise SessionError(f"{game.name} has {len(game.players)} players "
                               f"({', '.join(game.players)}); {len(codes)} seats were given")
        self.game = game
        self.codes = list(codes)
        self.humans = tuple(p for p, code in enumerate(codes) if code == HUMAN)
        for code in codes:  # a bad agent code is refused before any game starts
            if code != HUMAN:
                make_agent(code, game)
        self.start(seed)

    # ---------------------------------------------------------------- playing
    def start(self, seed: int) -> None:
        """A new game from ``seed``, played on to the first human decision."""
        self.seed = seed
        self.steps: list[Step] = []
        self.match = Match(self.game, [None if code == HUMAN else code for code in self.codes],
                           seed, on_step=self._told)
        self.advance()

    @property
    def state(self) -> State:
        """The game's state now (as the referee holds it)."""
        state: State = self.match.state
        return state

    @state.setter
    def state(self, state: State) -> None:
        self.match.state = state

    @property
    def agents(self) -> list[Agent | None]:
        """Each seat's agent; ``None`` for a human seat."""
        return self.match.agents

    @property
    def rationales(self) -> list[str]:
        """Why each decision so far was taken (empty for a person's)."""
        return self.match.rationales

    def waiting_for(self) -> int | None:
        """The human seat whose decision the game waits for, if any."""
        return self.match.waiting_for()

    def act(self, text: str) -> Action:
        """Play the waiting human's action given in its text form, then let the others play.

        A text that does not parse, or names an action that is not legal now, raises
        ``StratagemError`` with the reason, and nothing changes.
        """
        if self.waiting_for() is None:
            raise SessionError("no one at the page is to decide now")
        action = self.game.parse_action(self.state, text.strip())
        self.match.act(action)
        self.advance()
        return action

    def advance(self) -> None:
        """Let chance and the agents decide until a human must, or the game ends."""
        self.match.advance(MAX_AUTOMATIC)

    def _told(self, before: State, player: int, action: Action, rationale: str,
              after: State) -> None:
        self.steps.append(tell(self.game, before, player, action, after))

    # ---------------------------------------------------------------- showing
    def viewer(self) -> int | None:
        """Whose eyes the page sees through: the human deciding now, else the first human
        seat; ``None`` (everything shown) when no human plays."""
        waiting = self.waiting_for()
        if waiting is not None:
            return waiting
        return self.humans[0] if self.humans else None

    def replay(self) -> Replay:
        """The game so far as a replay (``stratagem replay`` checks and narrates it)."""
        return self.match.replay()

    def snapshot(self) -> dict[str, Any]:
        """Everything the page draws, as JSON values, from the viewer's side of the table."""
        game = self.game
        viewer = self.viewer()
        view = self.state if viewer is None else game.view(self.state, viewer)
        secret = viewer is not None and game.info.hidden
        board = None
        if game.board.width and game.board.height:
            board = {"width": game.board.width, "height": game.board.height,
                     "tiles": list(view.tiles)}
        entities = [{
            "id": e.id, "type": e.type, "owner": e.owner,
            "symbol": game.entity_types[e.type].symbol or e.type[0],
            "pos": plain(e.pos), "zone": e.zone, "params": {k: plain(v) for k, v in
                                                            e.params.items()},
            "statuses": [{"name": s.name, "duration": s.duration, "usages": s.usages}
                         for s in e.statuses],
        } for e in view.iter_entities()]
        players = [{"name": game.players[p], "seat": self.codes[p], "alive": pl.alive,
                    "params": {k: plain(v) for k, v in pl.params.items()},
                    "zones": {z: len(ids) for z, ids in pl.zones.items()}}
                   for p, pl in enumerate(view.players)]
        log = [{"where": s.where, "who": s.who, "line": s.line, "rolls": list(s.rolls),
                "events": list(s.events), "why": why}
               for s, why in zip((as_told(s, secret) for s in self.steps), self.rationales,
                                 strict=True)]
        return {"game": game.name, "scenario": game.scenario, "seed": self.seed,
                "players": players, "viewer": viewer, "flow": game.describe_flow(view),
                "board": board, "entities": entities, "decision": self._decision(view),
                "log": log, "outcome": self._outcome()}

    def _decision(self, view: State) -> dict[str, Any] | None:
        d = self.state.decision
        if d is None:
            return None
        mine = self.waiting_for() is not None
        options = []
        if mine:
            for action in d.actions:
                cells = [plain(v) for _, v in action.targets if isinstance(v, Pos)]
                cells += self._lines(action)
                refs = [int(v) for _, v in action.targets if isinstance(v, Ref)]
                actor = view.entities.get(action.actor) if action.actor is not None else None
                if actor is not None and actor.pos is not None:
                    cells.insert(0, plain(actor.pos))
                options.append({
                    "text": str(action),
                    "label": self.game.describe_action(self.state, d.player, action),
                    "actor": action.actor, "cells": cells, "entities": refs})
        return {"player": d.player, "who": who(self.game, d.player), "kind": d.kind,
                "prompt": self.game.describe_reaction(self.state) if mine else d.prompt,
                "yours": mine, "options": options}

    def _lines(self, action: Action) -> list[list[int]]:
        """The squares of the board lines an action's ``on_board`` targets name (every
        square of connect four's column), so a click on any of them finds the action."""
        at = self.game.action_types.get(action.type)
        lines = {t.name: t.on_board for t in at.targets if t.on_board} if at else {}
        if not lines:
            return []
        board = self.game.board
        out: list[list[int]] = []
        for name, value in action.targets:
            line = lines.get(name)
            if line is None or not isinstance(value, int):
                continue
            if line == "column" and 0 <= value < board.width:
                out += [[value, y] for y in range(board.height)]
            elif line == "row" and 0 <= value < board.height:
                out += [[x, value] for x in range(board.width)]
        return out

    def _outcome(self) -> dict[str, Any] | None:
        o = self.state.outcome
        if o is None:
            return None
        return {"winners": [self.game.players[p] for p in o.winners], "reason": o.reason,
                "draw": o.is_draw, "text": result_line(self.game, self.state)}


__all__ = ["HUMAN", "Session", "SessionError", "plain"]
