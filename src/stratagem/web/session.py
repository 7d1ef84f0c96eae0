"""A game being played on the web page: human seats answer from the page, the rest by agent.

``Session`` holds one game between seats, each either ``human`` or an agent's roster
code. After every move it lets chance and the agents play on until a human must
decide or the game is over, so the page only ever waits for a person.
``snapshot`` is what the page draws, as plain JSON values, taken from the view of
the human at the table: in a game with hidden information, the hands of the other
seats stay hidden (a card the viewer cannot see is sent without its id, type or
parameters), chance outcomes are told only where nothing is hidden, and an agent's
reasons are shown to another seat only where they name nothing that seat cannot see
(``Choice.private`` only ever to the agent's own seat).

Every position has a version, the number of decisions taken to reach it; a move sent
against another version is refused (a stale second tab). ``states`` keeps every
position, so the page can step back through the game (``snapshot(at=n)``), and
``take_back`` returns to the human's previous decision in a casual game.

One module because the snapshot, the moves the page sends and the stepping back all
read one session's positions through one seat's view: split, each part would need the
others' notion of whose view a position is told in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import Agent, make_agent
from ..arena import HUMAN, Match, Replay
from ..arena.match import seating_for
from ..arena.narration import (
    Step,
    as_told,
    hidden_from,
    opening_lines,
    other_side,
    result_line,
    tell,
    tells_secrets,
    unseen,
    who,
)
from ..arena.seeding import seed_tells
from ..engine import (
    CHANCE,
    MASKED,
    Action,
    Entity,
    EventFrame,
    Game,
    Pos,
    Ref,
    State,
    StratagemError,
    as_seen,
    carried,
    field_words,
    params_words,
)
from .battle_board import battle_board_svg, is_box_zone
from .board_svg import Mark, board_svg, cards_svg, dice_svg, is_die, move_marks

MAX_AUTOMATIC = 100_000
"""Decisions agents and chance may make in a row before the session gives up."""


class SessionError(StratagemError, ValueError):
    """A request the session cannot carry out (it changes nothing)."""


class StalePositionError(SessionError):
    """A move sent against a position that is no longer the game's (another tab moved)."""


Record = tuple[int, str, tuple[int, ...], str, str]
"""One decision as a session keeps it: ``(player, action text, rolls, rationale, private)``."""

_REF = re.compile(r"#(\d+)")


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


def shown_params(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters players see (``display: show/hide``), as JSON values."""
    return {k.replace("_", " "): plain(params[k]) for k in game.display.shown(params)}


def _said_once(prompt: str) -> str:
    """A prompt for the page: a phase with no steps of its own is named once ("amber:
    trading", not "amber: trading/trading"; the saved state keeps the engine's text)."""
    head, sep, where = prompt.rpartition(": ")
    phase, slash, step = where.partition("/")
    return f"{head}{sep}{phase}" if slash and phase == step else prompt


class Session:
    """One game between ``codes`` (one per seat: ``human`` or a roster code), from ``seed``."""

    def __init__(self, game: Game, codes: list[str], seed: int = 0, *,
                 records: Sequence[Record] = (), advance: bool = True,
                 casual: bool = True, spectator: bool = False) -> None:
        if len(codes) != len(game.players):
            raise SessionError(f"{game.name} has {len(game.players)} players "
                               f"({', '.join(game.players)}); {len(codes)} seats were given"
                               + (f" (scenario `{fits}` seats {len(codes)})"
                                  if (fits := seating_for(game, len(codes))) else ""))
        self.game = game
        self.codes = list(codes)
        self.humans = tuple(p for p, code in enumerate(codes) if code == HUMAN)
        self.casual = casual
        """Whether a human may take a move back."""
        self.spectator = spectator
        """Whether the page shows everything (watching agents, or a replay) instead of
        seeing through a human seat's eyes."""
        self.on_change: Callable[[], None] | None = None
        """Called after every decision (the server tells the pages from it)."""
        for code in codes:  # a bad agent code is refused before any game starts
            if code != HUMAN:
                make_agent(code, game)
        self.start(seed, advance=advance and not records)
        if records:
            self.restore(records)
            if advance:
                self.advance()

    @property
    def shown_seed(self) -> int | None:
        """The seed, but none while a game of dice or hidden cards goes on (they follow)."""
        return None if seed_tells(self.game) and self.state.decision else self.seed

    # ---------------------------------------------------------------- playing
    def start(self, seed: int, *, advance: bool = True) -> None:
        """A new game from ``seed``, played on to the first human decision (unless
        ``advance`` is false: then the caller advances, as the server does off its loop)."""
        self.seed = seed
        self.steps: list[Step] = []
        self._told_to: dict[tuple[int, int], Step] = {}
        """Steps told to a seat that may not know all of them (``_step_for``)."""
        self.match = Match(self.game, [None if code == HUMAN else code for code in self.codes],
                           seed, on_step=self._told)
        self.states: list[State] = [self.match.state]
        self.opening = opening_lines(self.game, seed)  # the set-up's narration (a deal)
        if advance:
            self.advance()

    def restore(self, records: Sequence[Record]) -> None:
        """Play ``records`` (as ``records()`` gave them) from the start with their own rolls,
        so a game kept on disk is where it was; ``SessionError`` at the first that is not
        legal (the rules changed since it was kept)."""
        game = self.game
        for i, (player, text, rolls, rationale, private) in enumerate(records, 1):
            state = self.state
            if state.decision is None or state.decision.player != player:
                raise SessionError(f"kept move {i} ({text!r}) is not for player {player}")
            try:
                action = game.parse_action(state, text)
                after = game.apply(state, action, rolls=tuple(rolls))
            except StratagemError as exc:
                raise SessionError(f"kept move {i} ({text!r}) no longer plays: {exc}") from None
            self.match.state = after
            self.match.rationales.append(rationale)
            self.match.privates.append(private)
            self._told(state, player, action, rationale, after)

    def records(self) -> list[Record]:
        """Every decision so far with its rolls and reasons (what ``restore`` takes)."""
        return [(r.player, str(r.action), tuple(r.rolls), why, private)
                for r, why, private in zip(self.state.history, self.match.rationales,
                                           self.match.privates, strict=True)]

    @property
    def version(self) -> int:
        """The position's version: the number of decisions taken to reach it."""
        return len(self.state.history)

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

    def act(self, text: str, version: int | None = None, *, advance: bool = True) -> Action:
        """Play the waiting human's action given in its text form, then let the others play
        (unless ``advance`` is false).

        A text that does not parse, or names an action that is not legal now, raises
        ``StratagemError`` with the reason, and nothing changes; so does a ``version``
        that is not the position's (``StalePositionError``).
        """
        if version is not None and version != self.version:
            raise StalePositionError(
                f"this move was chosen at position {version}, but the game is at position "
                f"{self.version} now (another page moved): look again and choose anew")
        if self.waiting_for() is None:
            raise SessionError("no one at the page is to decide now")
        action = self.game.parse_action(self.state, text.strip())
        self.match.act(action)
        if advance:
            self.advance()
        return action

    def take_back(self) -> int:
        """Go back to the previous decision of a human at the page (their last move and
        the agents' answers are undone); returns the new version. ``SessionError`` when
        the game is not casual or no human has moved yet."""
        if not self.casual:
            raise SessionError("take-backs are off in this game")
        history = self.state.history
        for n in range(len(history) - 1, -1, -1):
            if history[n].player in self.humans:
                self.match.rewind(n)
                del self.steps[n:]
                del self.states[n + 1:]
                self._told_to = {k: v for k, v in self._told_to.items() if k[0] < n}
                return n
        raise SessionError("there is no move of yours to take back")

    def advance(self) -> None:
        """Let chance and the agents decide until a human must, or the game ends."""
        self.match.advance(MAX_AUTOMATIC)

    def _told(self, before: State, player: int, action: Action, rationale: str,
              after: State) -> None:
        self.steps.append(tell(self.game, before, player, action, after))
        self.states.append(after)
        if self.on_change is not None:
            self.on_change()

    # ---------------------------------------------------------------- showing
    def viewer(self) -> int | None:
        """Whose eyes the page sees through: the human deciding now, else the first human
        seat; ``None`` (everything shown) when no human plays, or for a spectator."""
        if self.spectator:
            return None
        waiting = self.waiting_for()
        if waiting is not None:
            return waiting
        return self.humans[0] if self.humans else None

    def replay(self) -> Replay:
        """The game so far as a replay (``stratagem replay`` checks and narrates it)."""
        return self.match.replay()

    def snapshot(self, at: int | None = None) -> dict[str, Any]:
        """Everything the page draws, as JSON values, from the viewer's side of the table:
        the position now, or after the first ``at`` decisions (stepping back through the
        game: then nothing may be played)."""
        game = self.game
        viewer = self.viewer()
        now = self.version
        n = now if at is None else at
        if not 0 <= n <= now:
            raise SessionError(f"there is no position {n}: the game has {now} decisions")
        state = self.states[n]
        view = state if viewer is None else game.view(state, viewer)
        secret = viewer is not None and game.info.hidden
        board = None
        if game.board.width and game.board.height:
            board = {"width": game.board.width, "height": game.board.height,
                     "tiles": list(view.tiles), "topology": game.board.topology}
        shown = game.display.shown
        entities = [{
            "id": e.id, "type": e.type, "owner": e.owner,
            "symbol": game.entity_types[e.type].symbol or e.type[0],
            "pos": plain(e.pos), "zone": e.zone,
            "params": {k: plain(v) for k, v in as_seen(view, e.params, e.owner, e.type).items()
                       if k in shown([k])},
            "statuses": [{"name": s.name, "duration": s.duration, "usages": s.usages}
                         for s in e.statuses],
            "carries": carried(view, e.id),
        } for e in view.iter_entities() if not _unseen(e)]
        # A card the viewer cannot see is sent as a back: its owner, nothing that names it.
        entities += [{"id": None, "type": None, "owner": e.owner, "symbol": "?", "pos": None,
                      "zone": "?", "params": {}, "statuses": [], "carries": []}
                     for e in sorted(view.iter_entities(), key=lambda e: e.owner or 0)
                     if _unseen(e)]
        players = [{"name": game.players[p], "seat": self.codes[p], "alive": pl.alive,
                    "colour": game.display.player(p, game.players[p]).colour,
                    "params": {k: plain(v) for k, v in as_seen(view, pl.params, p).items()
                               if k in game.display.shown_of_player([k])},
                    # the same, as the page says it (a keyed parameter of many keys short)
                    "said": params_words(((k.replace("_", " "), plain(v)) for k, v in
                                          as_seen(view, pl.params, p).items()
                                          if k in game.display.shown_of_player([k])),
                                         {k.replace("_", " "): plain(v)
                                          for k, v in game.player_defaults.items()},
                                         str, " · "),
                    "zones": {z: len(ids) for z, ids in pl.zones.items()}}
                   for p, pl in enumerate(view.players)]
        visible = {e.id for e in view.iter_entities() if not _unseen(e)}
        log = []
        history = state.history  # built afresh at each reading: read once
        for i in range(min(n, len(self.steps))):
            player = history[i].player
            told = as_told(self._step_for(i, viewer, player), secret)
            # Another side's move under fog: told only as a move unless the viewer's side
            # watched it, and its reason never (it may speak of what the viewer cannot see).
            if hidden_from(game, viewer, history, i, self.states):
                told = unseen(told, game, viewer)
            other = other_side(game, viewer, history, i) is not None
            log.append({"where": told.where, "who": told.who, "line": told.line,
                        "rolls": list(told.rolls), "events": list(told.events),
                        "why": "" if other else self._why(i, viewer, visible, player),
                        "n": i + 1, "player": player,
                        # the turns it handed on, each with the dice rolled as it began
                        "then": [{"where": t.where, "who": t.who, "line": t.line,
                                  "rolls": list(t.rolls), "events": list(t.events)}
                                 for t in told.then]})
        last = self._last(n, view, viewer)
        rolls: list[int] = next((list(t.rolls) for s in reversed(self.steps[:n])
                                 for t in (*reversed(s.then), s) if t.rolls and not secret),
                                [])  # the last dice thrown, a turn's own as it began too
        return {"game": game.name, "scenario": game.scenario, "seed": self.shown_seed,
                "version": now, "at": n, "casual": self.casual, "hidden": game.info.hidden,
                "players": players, "viewer": viewer, "flow": game.describe_flow(view),
                "board": board, "entities": entities,
                "opening": [{"where": w, "lines": list(ls)} for w, ls in self.opening],
                "decision": self._decision(view) if n == now else None,
                "log": log, "outcome": self._outcome() if n == now else None,
                "svg": board_svg(game, view, viewer, last=last),
                "zones": self._zones(view, viewer),
                "dice": dice_svg(rolls) if rolls else "",
                "last": [{"pos": list(m.pos), "colour": m.colour} for m in last]}

    def _step_for(self, i: int, viewer: int | None, player: int) -> Step:
        """Step ``i`` (``player``'s) as ``viewer`` may know it: another player's private
        target or face-down card withheld (``narration.tell``), told once per seat and
        kept."""
        step = self.steps[i]
        if viewer is None or player in (viewer, CHANCE) or not tells_secrets(self.game):
            return step
        key = (i, viewer)
        told = self._told_to.get(key)
        if told is None:
            after = self.states[i + 1]
            told = tell(self.game, self.states[i], player, after.history[i].action, after,
                        viewer)
            self._told_to[key] = told
        return told

    def _why(self, i: int, viewer: int | None, visible: set[int],
             player: int | None = None) -> str:
        """Decision ``i``'s reasons (``player``'s) as ``viewer`` may read them: everything
        for the deciding seat (its private part too) or when no one is at the page; for
        another seat only the shared rationale, and of it, in a game that hides things,
        only what names no thing the viewer cannot see."""
        why = self.match.rationales[i]
        private = self.match.privates[i]
        if player is None:
            player = self.state.history[i].player
        if viewer is None or viewer == player:
            return f"{why} — {private}" if why and private else why or private
        if not self.game.info.hidden or player == CHANCE:
            return why
        if all(int(ref) in visible for ref in _REF.findall(why)):
            return why
        head = why.split(";", 1)[0]
        hidden = any(int(ref) not in visible for ref in _REF.findall(head))
        return ("" if hidden else head + "; ") + "the rest names cards you cannot see"

    def _last(self, n: int, view: State, viewer: int | None = None) -> list[Mark]:
        """Each seat's last move before position ``n``, as outlined cells (not a move the
        viewer's fog hides)."""
        game = self.game
        marks: list[Mark] = []
        seen: set[int] = set()
        history = self.states[n].history
        for k in range(n - 1, -1, -1):
            player = history[k].player
            if player in seen or player == CHANCE or player is None:
                continue
            if hidden_from(game, viewer, history, k, self.states):
                seen.add(player)
                continue
            seen.add(player)
            marks += move_marks(game, self.states[k], player, history[k].action,
                                view.entities, self.states[k + 1])
            if len(seen) == len(game.players):
                break
        return marks

    def _zones(self, view: State, viewer: int | None) -> list[dict[str, Any]]:
        """Each player's zones as pictures: a hand fanned, a table face up, dice as dice,
        a deck or discard pile as its count; a card the viewer cannot see as its back."""
        game = self.game
        held = [(game.players[p], zone, ids) for p, pl in enumerate(view.players)
                for zone, ids in pl.zones.items()]
        held += [("the table", zone, ids) for zone, ids in view.cards.table.items()]
        return [self._zone(view, whose, zone, ids) for whose, zone, ids in held if ids]

    def _zone(self, view: State, whose: str, zone: str, ids: Sequence[int]) -> dict[str, Any]:
        """One zone as a picture (``whose``: its owner's name, or the table)."""
        game = self.game
        entry: dict[str, Any] = {"player": whose, "zone": zone, "count": len(ids), "svg": ""}
        known = [e for i in ids if i >= 0 and (e := view.entities.get(i)) is not None
                 and not _unseen(e)]
        if len(known) == len(ids) and is_box_zone(known):
            entry["svg"] = battle_board_svg(game, known, f"{whose}'s {zone}")
            return entry
        if zone in ("deck", "discard", "pile", "bag", "graveyard") and (
                zone == "deck" or len(known) < len(ids)):
            return entry
        if not known and len(ids) > FACE_DOWN_PILE:  # a face-down pile by any name: counted
            return entry
        if known and len(known) == len(ids) and all(is_die(game, e.type, zone) for e in known):
            entry["svg"] = dice_svg([game.display.entity(e.type).label for e in known], size=34)
            return entry
        cards: list[dict[str, Any]] = []
        for i in ids:
            e = view.entities.get(i) if i >= 0 else None
            if e is None or _unseen(e):
                cards.append({"name": None})
                continue
            params = shown_params(game, as_seen(view, e.params, e.owner, e.type))
            corner = params.pop("cost", None)
            if corner is None:  # a card's number (court letters) where it has no cost
                corner = params.pop("value", None)
            said = ", ".join(f"{k} {v}" for k, v in params.items())
            text = game.entity_types[e.type].description
            cards.append({"name": game.display.entity(e.type).label, "id": e.id, "cost": corner,
                          "text": f"{text} ({said})" if text and said else text or said})
        entry["svg"] = cards_svg(cards, fan=zone == "hand", title=f"{whose}'s {zone}")
        return entry

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
                    # in the viewer's own view: the values an action's text works out
                    # (`text_values`) read nothing the viewer may not see
                    "label": self.game.describe_action(view, d.player, action),
                    "actor": action.actor, "cells": cells, "entities": refs})
        return {"player": d.player, "who": who(self.game, d.player), "kind": d.kind,
                "prompt": _said_once(self._reaction_sentence() if mine else d.prompt),
                "yours": mine, "options": options}

    def _reaction_sentence(self) -> str:
        """The reaction prompt in words: the game's own narration of the event when it has
        one, else its fields said plainly (``a hit``, ``damage 8``, ``attacker goblin #2``)
        instead of their raw values (``hit True``): units by name, players by name, ``hits``."""
        state, game = self.state, self.game
        d = state.decision
        frame = next((f for f in reversed(state.stack) if type(f) is EventFrame), None)
        if d is None or d.kind != "reaction" or frame is None or frame.name in game.narration:
            return game.describe_reaction(state)

        def unit(ref: Ref) -> str:
            e = state.entities.get(int(ref))
            return f"{e.type.replace('_', ' ')} #{int(ref)}" if e else f"#{int(ref)}"

        words = field_words(game, state, frame.name, dict(frame.fields))
        who = unit(Ref(d.actor)) if d.actor is not None else game.players[d.player]
        when = "before it happens" if frame.stage == "pending" else "now that it happened"
        event = frame.name.replace("_", " ")
        return f"{who} may react {when}: {event}" + (" — " + ", ".join(words) if words else "")

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
        if (o := self.state.outcome) is None:
            return None
        return {"winners": [self.game.players[p] for p in o.winners], "reason": o.reason,
                "draw": o.is_draw, "text": result_line(self.game, self.state)}


FACE_DOWN_PILE = 8
"""More cards than this, none of them seen: a pile (a supply, a draw deck), told by its count
rather than drawn card by card."""


def _unseen(e: Entity) -> bool:
    """Whether a view withholds a card's face: moved out of sight (``zone`` ``?``, a game
    without card knowledge) or left in place without its type (``MASKED``, one with it)."""
    return e.zone == "?" or e.type == MASKED


__all__ = ["HUMAN", "Session", "SessionError", "plain"]

