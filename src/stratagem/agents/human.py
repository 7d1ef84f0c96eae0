"""A person at the terminal (``human``): the state, then the action one part at a time.

At each decision the agent prints what its player may see (where the game is, the board,
the units, every player's parameters, the cards the player may see) and asks for the
action through an ``ActionBuilder``: first the action's type, then its actor, then each
target, every step a numbered list of the legal values. A step with one possible value is
filled in without asking. At any prompt one may type

- a number from the list, or the value itself as the list shows it;
- a whole action in its text form (``move #1 to=(2,0)``), checked by ``game.parse_action``:
  an illegal one is refused with the rule it breaks;
- ``undo`` to take back the player's last decision and every decision since:
  ``choose`` raises ``UndoDecision`` for the driver (``stratagem play``) to rewind;
- ``back`` to undo the last choice, ``list`` for every legal action in full, ``show`` for
  the state again, ``random`` to let the computer pick, ``help`` or ``?``;
- ``quit`` to leave: ``choose`` raises ``QuitGame``, which the caller turns into a clean
  exit (``stratagem play`` prints one line and exits with status 0). The end of the input
  does the same.

Nothing typed makes it fail: every other line is answered with a hint and the question
again. Reactions (``pass`` included), choices asked in the middle of an effect and, when a
driver hands one over, explicit chance decisions (with each outcome's probability) go
through the same dialogue. The input and output streams are injectable; by default the
agent reads ``sys.stdin`` and writes ``sys.stdout`` as they are when it asks.

One module because it is one conversation: what a line typed means (a number, a value, an
action's text, a command) depends on the step the dialogue is at and on how it showed the
choices, so the prompt, the reading of answers and the words for the view stay together.
"""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from typing import Any, TextIO

from ..engine import (
    CHANCE,
    MASKED,
    Action,
    ActionBuilder,
    ActionParseError,
    Decision,
    Game,
    IllegalActionError,
    Pos,
    Ref,
    Rng,
    State,
    StratagemError,
    as_seen,
    card_words,
    carried,
    fill,
    is_knocked_out,
    label,
    params_words,
    plural,
)
from .base import Agent, Budget, Choice

STEP_NAMES = {"type": "action", "actor": "unit"}
"""How the builder's slots are named in the prompt (targets keep their own names)."""

ZONE_LIMIT = 20
"""At most this many cards of a zone are named (a hand of thirteen, whole); the rest are
counted."""

HELP = """\
Answer with the number of a choice, or the choice as the list shows it, or a whole action
in its text form (as `list` prints it). Commands:
  back      undo the last choice (of this action)
  undo      take back your last decision and the replies since (in `stratagem play`)
  list      every legal action, in full
  show      the state again
  random    let the computer pick one of the legal options
  help, ?   this help
  quit      leave the game (it ends without a result)"""

_NUMBER = re.compile(r"[0-9]+")
"""A choice number: plain ASCII digits (a number too long to be an index is no choice)."""

_INDEX_DIGITS = 9
"""A number of more digits than this is out of range whatever the list."""


class QuitGame(Exception):
    """The person at the terminal left the game (``quit``, or the input ended)."""

    def __init__(self, player: int, reason: str, decisions: int) -> None:
        super().__init__(f"{reason} after {plural(decisions, 'decision')}")
        self.player = player
        self.reason = reason
        self.decisions = decisions


class UndoDecision(Exception):
    """The person at the terminal asked to take back their last decision (``undo``)."""

    def __init__(self, player: int) -> None:
        super().__init__(f"player {player} takes back their last decision")
        self.player = player


class HumanAgent(Agent):
    """Asks a person for each decision, step by step, on text streams."""

    code = "human"
    game: Game
    """A game compiled from rules: the dialogue shows its board, units and reactions."""
    description = ("you, at the terminal: the state, then the action a part at a time from "
                   "numbered lists, or typed whole")

    def __init__(self, game: Game, seed: int = 0, *, budget: Budget | None = None,
                 seconds: float | None = None, iterations: int | None = None,
                 calls: int | None = None, stdin: TextIO | None = None,
                 stdout: TextIO | None = None) -> None:
        super().__init__(game, seed, budget=budget, seconds=seconds, iterations=iterations,
                         calls=calls)
        for name, stream, method in (("stdin", stdin, "readline"), ("stdout", stdout, "write")):
            if stream is not None and not callable(getattr(stream, method, None)):
                raise ValueError(f"{self.code}: {name} must be a text stream")
        self.stdin = stdin
        self.stdout = stdout
        self.rng = Rng(seed)
        self.can_undo = False
        self.no_undo = "undo is not offered here; `back` undoes the last choice"  # its refusal
        """Whether the driver takes back decisions (``UndoDecision``); ``stratagem play`` does."""
        self.tells_forced = True
        """Whether a decision with one option is announced as it is taken; off where a
        narrator tells every move in its place (``stratagem play``)."""
        self.asks_forced = False
        """Whether a decision with one option is asked all the same (``play --ask-always``),
        so that input written ahead meets one prompt per decision whatever the dice leave."""

    def reset(self, seed: int) -> None:
        super().reset(seed)
        self.rng = Rng(seed)

    # ------------------------------------------------------------------ streams
    def say(self, text: str = "") -> None:
        """Write a line (or lines) to the output and flush it."""
        out = self.stdout if self.stdout is not None else sys.stdout
        out.write(text + "\n")
        out.flush()

    def ask(self, prompt: str) -> str | None:
        """One line of input, without its line end; ``None`` at the end of the input."""
        out = self.stdout if self.stdout is not None else sys.stdout
        out.write(prompt)
        out.flush()
        source = self.stdin if self.stdin is not None else sys.stdin
        try:
            line = source.readline()
        except (UnicodeDecodeError, ValueError, OSError):
            return ""  # unreadable bytes, or a closed stream: treated as an empty answer
        if not line:
            return None
        return line.rstrip("\r\n")

    # ------------------------------------------------------------------ the dialogue
    def choose(self, view: State, decision: Decision, budget: Budget | None = None) -> Choice:
        who = self._who(decision.player)
        if len(decision.actions) == 1:
            only = decision.actions[0]
            if self.asks_forced:
                return self._confirm(view, decision, only)
            if self.tells_forced:
                self.say(f"{who}: the only option, {only}, is taken")
            return Choice(only, "the only option")
        self.show(view, decision)
        undo: list[ActionBuilder] = []
        builder = _fill(ActionBuilder(view))
        shown = False
        while True:
            if builder.is_complete():
                action = builder.build()
                return Choice(action, "chosen at the terminal")
            choices = builder.choices()
            numbered = dict(zip(self.numbers(view, builder, choices), choices, strict=True))
            if not shown:
                self._offer(view, decision, builder, choices, bool(undo))
                shown = True
            text, word = self._line(view, decision)
            if not text:
                self.say(f"type a number {_span(numbered, 'from')}, an action, or ? for help")
            elif word in ("quit", "exit"):
                raise QuitGame(decision.player, "quit", len(view.history))
            elif word in ("help", "?"):
                self.say(self.help_text(view, decision, builder))
            elif word == "undo":
                if self.can_undo:
                    raise UndoDecision(decision.player)
                self.say(self.no_undo)
            elif word == "back":
                if undo:
                    builder = undo.pop()
                    shown = False
                else:
                    self.say("nothing to undo: this is the first choice")
            elif word == "list":
                for a in builder.candidates:
                    self.say(f"  {a}{worded(view, decision.player, a)}")
            elif word == "show":
                self.show(view, decision)
                shown = False
            elif word == "random":
                action = self._random(decision, builder)
                self.say(f"picked at random: {action}")
                return Choice(action, "picked at random at the player's request")
            elif _NUMBER.fullmatch(text):
                n = int(text) if len(text) <= _INDEX_DIGITS else 0
                if n in numbered:
                    undo.append(builder)
                    builder = _fill(builder.choose(numbered[n]))
                    shown = False
                else:
                    self.say(f"no such choice: pick {_span(numbered, 'pick')}")
            else:
                picked = _match(text, choices, view)
                if picked is not None:
                    undo.append(builder)
                    builder = _fill(builder.choose(picked))
                    shown = False
                    continue
                typed = self._parse(view, decision, text, tuple(numbered), builder)
                if typed is not None:
                    return Choice(typed, "typed at the terminal")

    def _line(self, view: State, decision: Decision) -> tuple[str, str]:
        """The next line typed at the decider's prompt, stripped, and it in small letters;
        the end of the input leaves the game (``QuitGame``)."""
        line = self.ask(f"{self._who(decision.player)}> ")
        if line is None:
            self.say()
            raise QuitGame(decision.player, "end of input", len(view.history))
        text = line.strip()
        return text, text.lower()

    def _confirm(self, view: State, decision: Decision, only: Action) -> Choice:
        """Ask for a decision with one option: Enter, `1`, `random` or its text takes it."""
        self.show(view, decision)
        self.say(f"the only option:\n  1. {only}")
        while True:
            text, word = self._line(view, decision)
            if word in ("", "1", "random"):
                return Choice(only, "the only option, taken at the terminal")
            if word in ("quit", "exit"):
                raise QuitGame(decision.player, "quit", len(view.history))
            if word == "undo":
                if self.can_undo:
                    raise UndoDecision(decision.player)
                self.say(self.no_undo)
                continue
            if word in ("help", "?"):
                self.say(self.help_text(view, decision, ActionBuilder(view)))
                continue
            if word == "show":
                self.show(view, decision)
                continue
            try:
                typed = self.game.parse_action(view, text)
            except (StratagemError, ValueError, RecursionError):
                typed = None
            if typed == only:
                return Choice(only, "the only option, taken at the terminal")
            self.say(f"{only} is the only option: press Enter (or type 1) to take it")

    def _parse(self, view: State, decision: Decision, text: str, numbers: tuple[int, ...],
               builder: ActionBuilder | None = None) -> Action | None:
        """The legal action a typed text names; ``None``, with the reason said, otherwise."""
        try:
            action = self.game.parse_action(view, text)
        except IllegalActionError as exc:
            self.say(f"{exc.action} is not legal: {exc.condition}")
            return None
        except (StratagemError, ValueError, RecursionError) as exc:
            # a value alone (a square already taken) is answered as its whole action would be
            if not (isinstance(exc, ActionParseError) and builder is not None
                    and self._not_offered(view, builder, text)):
                self.say(f"not understood ({exc}); type a number {_span(numbers, 'from')}, "
                         "or ? for help")
            return None
        if action not in decision:  # a view may offer what the decision does not
            self.say(f"not one of the options now: {action}")
            return None
        return action

    def _not_offered(self, view: State, builder: ActionBuilder, text: str) -> bool:
        """Whether ``text`` reads as a value of the target asked for now that is not among its
        choices (a square already taken): if so, say why, as the whole action's text would
        be answered."""
        step, prefix = builder.step, _partial(builder)
        if step in ("type", "actor", "done") or not prefix:
            return False
        try:
            self.game.parse_action(view, f"{prefix} {step}={text}")
        except IllegalActionError as exc:
            self.say(f"{text} is not a choice for {step} now: {exc.condition}")
            return True
        except (StratagemError, ValueError, RecursionError):
            return False
        return False

    def _random(self, decision: Decision, builder: ActionBuilder) -> Action:
        """A random legal option consistent with the choices made (by weight for chance)."""
        pool = builder.candidates
        if decision.player == CHANCE and decision.weights is not None:
            weight = dict(zip(decision.actions, decision.weights, strict=True))
            return pool[self.rng.pick_weighted(tuple(weight[a] for a in pool))]
        return pool[self.rng.below(len(pool))]

    # ------------------------------------------------------------------ hooks
    def numbers(self, view: State, builder: ActionBuilder,
                choices: tuple[Any, ...]) -> tuple[int, ...]:
        """The number each choice of a step is listed and typed by (distinct, not negative):
        here its place in the list, from 1. A table at the terminal may number by
        something that does not shift as options come and go."""
        return tuple(range(1, len(choices) + 1))

    def reaction_text(self, view: State, builder: ActionBuilder) -> str:
        """The line that asks a reaction: who may react, and to what."""
        return self.game.describe_reaction(view)

    def help_text(self, view: State, decision: Decision, builder: ActionBuilder) -> str:
        """What ``help`` or ``?`` prints."""
        return HELP

    # ------------------------------------------------------------------ what is shown
    def _who(self, player: int) -> str:
        return "chance" if player == CHANCE else self.game.players[player]

    def show(self, view: State, decision: Decision) -> None:
        """Print what the deciding player may see of the state."""
        game = self.game
        self.say(f"--- {self._who(decision.player)} to decide — {game.describe_flow(view)} ---")
        for line in describe_view(game, view):
            self.say(line)

    def _target_prompt(self, view: State, decision: Decision, builder: ActionBuilder,
                       step: str) -> str:
        """How target ``step`` is asked for: its `prompt` from the rules, with `{player}`,
        `{actor}` and the targets chosen before it filled in; else its name."""
        made = dict(builder.chosen)
        kind = made.get("type")
        at = self.game.action_types.get(kind) if isinstance(kind, str) else None
        spec = next((s for s in at.targets if s.name == step), None) if at else None
        if spec is None or not spec.prompt:
            return step
        fields = {k: label(view, v) for k, v in made.items() if k not in ("type", "actor")}
        fields["player"] = self._who(decision.player)
        if made.get("actor") is not None:
            fields["actor"] = label(view, made["actor"])
        return fill(spec.prompt, fields) or spec.prompt

    def _offer(self, view: State, decision: Decision, builder: ActionBuilder,
               choices: tuple[Any, ...], chosen: bool) -> None:
        """Print the question for the builder's next step and its numbered choices; once
        something has been chosen, what the action holds so far."""
        step = builder.step
        made = _partial(builder) if chosen else ""
        label = STEP_NAMES.get(step)
        label = f"the {label}" if label else self._target_prompt(view, decision, builder, step)
        if decision.kind == "reaction":
            # Who may react, and to what, in the game's own words.
            self.say(self.reaction_text(view, builder))
            if step == "type":
                label = "your reaction, or pass"
        else:
            head = ("choose the outcome of the chance event" if decision.kind == "chance"
                    else "your move" + _acting(view, decision))
            # An action decision's prompt names the flow's step, shown above; a choice asked
            # in the middle of an effect (something is on the stack) has a question of its own.
            prompt = decision.prompt if decision.kind != "action" or view.stack else ""
            self.say(f"{head}: {prompt}" if prompt else head)
        self.say(f"choose {label}" + (f" (so far: {made})" if made else "") + ":")
        odds = _odds(decision) if decision.player == CHANCE else {}
        numbers = self.numbers(view, builder, choices)
        width = len(str(max(numbers, default=0)))
        # A part that names a player (a card's victim) reads by the player's name.
        names = self.game.players if step not in ("type", "actor") and any(
            t.name == step and t.kind == "player"
            for at in self.game.action_types.values() for t in at.targets) else ()
        for i, value in zip(numbers, choices, strict=True):
            nxt = _fill(builder.choose(value))
            player = (names[value] if type(value) is int and 0 <= value < len(names)
                      else None)
            said = player if player is not None else _label(view, value)
            text = str(nxt.build()) if nxt.is_complete() else said + " …"
            if odds and nxt.is_complete():
                text += f"  ({odds[nxt.build()]})"
            elif nxt.is_complete() and (sentence := worded(view, decision.player, nxt.build())):
                text += sentence  # the action's own words, with the values they work out
            elif nxt.is_complete() and (isinstance(value, Ref) or player is not None):
                text += f"  [{said}]"
            elif nxt.is_complete():  # its only choices filled in: name the cards and units
                said_too = named(view, nxt.build()) if view.game.board.places else ""
                listed = [_label(view, v) for _, v in nxt.build().targets if isinstance(v, Ref)]
                if said_too:  # a map's places too (the actor then is named as well)
                    text += said_too
                elif listed:
                    text += f"  [{', '.join(listed)}]"
            self.say(f"  {i:>{width}}  {text}")


def _span(numbers: Any, word: str) -> str:
    """The numbers one may type, in words: ``from 1 to 4`` (``1..4`` after ``pick``) when
    they run on, else ``listed``."""
    nums = sorted(numbers)
    if nums and nums == list(range(nums[0], nums[-1] + 1)):
        return f"from {nums[0]} to {nums[-1]}" if word == "from" else f"{nums[0]}..{nums[-1]}"
    return "listed" if word == "from" else "one of the numbers listed"


def _fill(builder: ActionBuilder) -> ActionBuilder:
    """The builder with every step that has a single possible value filled in."""
    while not builder.is_complete():
        choices = builder.choices()
        if len(choices) != 1:
            break
        builder = builder.choose(choices[0])
    return builder


def _match(text: str, choices: tuple[Any, ...], view: State | None = None) -> Any:
    """The choice whose written form is ``text`` (any case), or ``None``: a card or unit
    may also be typed by its type (``spice``: the first such among the choices), a square
    by its place's name (``rome``)."""
    folded = text.casefold()
    for value in choices:
        if folded == _plain(value).casefold():
            return value
    if view is None:
        return None
    ents = view.entities
    board = view.game.board
    for value in choices:
        if isinstance(value, Ref) and value in ents and ents[value].type != MASKED \
                and folded in (ents[value].type.casefold(),
                               ents[value].type.replace("_", " ").casefold()):
            return value
        if isinstance(value, Pos) and board.places and folded == board.place_name(value).casefold():
            return value
    return None


def _partial(builder: ActionBuilder) -> str:
    """The choices made so far, as the start of the action's text."""
    pool = builder.candidates
    if not pool or len(pool) == 1:
        return ""
    first = pool[0]
    same = [first.type]
    if not all(a.type == first.type for a in pool):
        return ""
    if first.actor is not None and all(a.actor == first.actor for a in pool):
        same.append(f"#{int(first.actor)}")
    for i, (name, value) in enumerate(first.targets):
        if all(len(a.targets) > i and a.targets[i] == (name, value) for a in pool):
            same.append(f"{name}={_plain(value)}")
        else:
            break
    return " ".join(same)


def _odds(decision: Decision) -> dict[Action, str]:
    """Each chance option's probability, as a fraction."""
    weights = decision.weights or (1,) * len(decision.actions)
    total = sum(weights)
    return {a: str(Fraction(w, total)) for a, w in zip(decision.actions, weights, strict=True)}


def _plain(value: Any) -> str:
    """A value as the action text writes it."""
    if isinstance(value, Ref):
        return f"#{int(value)}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "-"
    return str(value)


def _label(view: State, value: Any) -> str:
    """A value for a person: an entity with its type, anything else as written."""
    if isinstance(value, Ref) and value in view.entities:
        e = view.entities[value]
        if e.zone is not None and e.type != MASKED:  # a card: with what `display: show` names
            return card_words(view.game, e, view)
        return f"{e.type} #{int(value)}"
    return _plain(value)


def named(view: State, action: Action) -> str:
    """The cards, units and places an action names, for a person (``  [nine clubs #52]``,
    ``  [legion #1, rome]``): what its ids and squares stand for in ``view``; nothing when
    it names none the view shows."""
    ids = [v for _, v in action.targets if isinstance(v, Ref) and v in view.entities]
    if action.actor is not None and action.actor in view.entities:
        ids.insert(0, Ref(action.actor))
    said = [_label(view, v) for v in ids]
    board = view.game.board
    said += [name for _, v in action.targets if isinstance(v, Pos)
             and (name := board.place_name(v))]  # a place of a map by its name
    return f"  [{', '.join(said)}]" if said else ""


def worded(view: State, player: int, action: Action) -> str:
    """The sentence of an option whose action type works out values for its text
    (``text_values``: the odds of an attack before it is rolled), for a person
    (``  [armour #12 leads an attack on infantry #16 at 3:1]``); nothing for any other."""
    at = view.game.action_types.get(action.type)
    if at is None or not at.text_values:
        return ""
    return f"  [{view.game.describe_action(view, player, action)}]"


def _acting(view: State, decision: Decision) -> str:
    """The one unit every option of a decision acts with (a unit's turn under initiative),
    as the prompt names it: ", archer #2 at (4,2)"; nothing when the options have several
    actors or none."""
    actors = {a.actor for a in decision.actions}
    if len(actors) != 1:
        return ""
    (actor,) = actors
    unit = view.entities.get(actor) if actor is not None else None
    if unit is None:
        return ""
    place = view.game.board.place_name(unit.pos) if unit.pos is not None else ""
    at = "" if unit.pos is None else f" at {place + ' ' if place else ''}{_plain(unit.pos)}"
    return f", {_label(view, actor)}{at}"


def describe_view(game: Game, view: State, board: bool = True) -> list[str]:
    """Lines that show what a view holds: board (unless ``board`` is false: a caller that
    draws it itself), units, players' parameters and cards, the table's zones."""
    lines: list[str] = []
    drawn = game.render(view) if board else ""
    if drawn:
        lines.extend("  " + row for row in drawn.splitlines())
    units = sorted((e for e in view.entities.values() if e.pos is not None), key=lambda e: e.id)
    for e in units:
        owner = "" if e.owner is None else f" ({game.players[e.owner]})"
        seen = as_seen(view, e.params, e.owner, e.type)  # a private value reads "?"
        params = params_words(((k, seen[k]) for k in game.display.shown(seen)),
                              game.spawn_protos.get(e.type, ({}, ()))[0], _plain)
        status = ", ".join(s.name for s in e.statuses)
        items = carried(view, e.id)
        load = "carries " + ", ".join(items) if items else ""
        extra = "".join(f"; {x}" for x in (params, status, load) if x)
        place = game.board.place_name(e.pos) if e.pos is not None else ""  # a map's place
        at = f"{place} {_plain(e.pos)}" if place else _plain(e.pos)
        lines.append(f"  {e.type} #{int(e.id)}{owner} at {at}{extra}")
    for p, (name, player) in enumerate(zip(game.players, view.players, strict=True)):
        seen = as_seen(view, player.params, p)
        params = params_words(((k, seen[k]) for k in game.display.shown_of_player(seen)),
                              game.player_defaults, _plain)
        you = " (you)" if view.viewer == p else ""
        out = (" — out of the game" if not player.alive
               else " — out of this hand" if is_knocked_out(view, p) else "")
        zones = [(zone, ids) for zone, ids in player.zones.items() if ids]
        if params or out:
            lines.append(f"  {name}{you}: {params}{out}")
        elif zones:  # whose the zones are, though the player has nothing else to show
            lines.append(f"  {name}{you}:")
        for zone, ids in zones:
            lines.append(f"    {zone}: {_zone(view, ids)}")
    for zone, ids in view.cards.table.items():  # shared zones: a deck, a discard pile
        lines.append(f"  table {zone}: {_zone(view, ids) if ids else 'empty'}")
    lines.extend("  " + line for line in written_places(game, view))
    return lines


def written_places(game: Game, view: State) -> list[str]:
    """The game-state parameters (`state:`) and the tile parameters that play has written,
    a line for the game and one per tile (who holds a region, a bridge's damage): every one
    `display: hide` does not name (`show` is said of units and cards)."""
    shown = game.display.shown_of_player
    state: list[tuple[str, Any]] = []
    tiles: dict[tuple[int, int], list[tuple[str, Any]]] = {}
    for key, value in view.counters.items():
        if key.startswith("state:"):
            state.append((key[6:], value))
        elif key.startswith("tile:"):
            _, xy, name = key.split(":", 2)
            x, y = (int(v) for v in xy.split(","))
            tiles.setdefault((x, y), []).append((name, value))
    out = []
    names = shown([k for k, _ in state])
    if names:
        out.append("game: " + ", ".join(f"{k} {_plain(v)}" for k, v in sorted(state)
                                          if k in names))
    width = game.board.width
    for x, y in sorted(tiles, key=lambda p: (p[1], p[0])):
        kept = [(k, v) for k, v in sorted(tiles[(x, y)]) if k in shown([k])]
        if kept:
            kind = view.tiles[y * width + x]
            place = game.board.place_name((x, y))
            out.append(f"{place + ' ' if place else 'tile '}({x},{y}) {kind}: "
                       + ", ".join(f"{k} {_plain(v)}" for k, v in kept))
    return out


def _zone(view: State, ids: tuple[int, ...]) -> str:
    """A zone's cards by type and id; cards the view withholds are only counted."""
    known = [card_words(view.game, view.entities[i], view) for i in ids
             if i in view.entities and view.entities[i].type != MASKED]
    hidden = len(ids) - len(known)
    shown = known[:ZONE_LIMIT]
    more = len(known) - len(shown)
    parts = [", ".join(shown)] if shown else []
    if more:
        parts.append(f"{more} more")
    if hidden:
        parts.append(f"{hidden} hidden")
    return "; ".join(parts)


__all__ = ["HumanAgent", "QuitGame", "UndoDecision", "describe_view", "named", "worded",
           "written_places"]
