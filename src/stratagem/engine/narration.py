"""Words and pictures of a game: event sentences, action and reaction sentences, the
board as text and the flow position in words.

The ``Game`` methods of the same names (``narrate``, ``describe_action``,
``describe_reaction``, ``render``, ``describe_flow``) call these; the narration of a
played game in the arena, the CLI and the web page is built from them. Nothing here
changes a state or the game.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .actions import Action, Pos, Ref
from .context import Ctx
from .errors import RuleError
from .failures import RULE_FAILURES, rule_failed
from .frames import EventFrame
from .private_views import as_seen
from .turns import IN_STEP, START

if TYPE_CHECKING:
    from .game import Game
    from .state import State


ONLY_OPTION = "only option"
"""The event the engine tells of a mid-effect choice with one option, taken without a
decision (its fields: ``who``, ``prompt``, ``value``); a name no rules event can have."""

ENGINE_SENTENCES = {"walk_halted": "{mover} halts at {at}: {by} is in the way",
                    ONLY_OPTION: "{who} {prompt} {value} (the only option)"}
"""The words for events the engine tells whether or not the rules narrate them
(``Game.narrated``), when the rules give none of their own."""


def narrate(game: Game, state: State, name: str, fields: dict[str, Any]) -> str:
    """A sentence for a narrated event: the game's narration for it, else the engine's
    sentence for it, else its fields."""
    fn = game.narration.get(name)
    if fn is not None:
        return fn(state, fields)
    own = ENGINE_SENTENCES.get(name)
    if own is not None:
        said = fill(own, {k: NO_ONE if v is None else label(state, Ref(v) if type(v) is int
                                                           and k in ("mover", "by") else v)
                          for k, v in fields.items()})
        if said is not None:
            return said
    parts = ", ".join(field_words(game, state, name, fields))
    return f"{name.replace('_', ' ')}: {parts}" if parts else name.replace("_", " ")


YES_NO = {"hit": ("hits", "misses"), "melee": ("in melee", "at range"),
          "critical": ("a critical hit", "not critical"), "cancelled": ("cancelled", "")}
"""How a true or false event field reads, for the usual names; any other ``flag`` reads
``flag`` or ``no flag``."""


def field_words(game: Game, state: State, event: str, fields: dict[str, Any]) -> list[str]:
    """An event's fields in a player's words: a unit by type and number (``goblin #2``),
    a player by name, a square as ``(x,y)``, a true or false field as a word (``hits``,
    ``misses``) — never a bare id or ``True``."""
    kinds = {**game.events.get(event, {}), **game.event_kinds.get(event, {})}
    out: list[str] = []
    for k, v in fields.items():
        said = k.replace("_", " ")
        kind = kinds.get(k)
        if isinstance(v, bool):
            yes, no = YES_NO.get(k, (said, f"no {said}"))
            if (v and yes) or (not v and no):
                out.append(yes if v else no)
        elif kind == "player" and type(v) is int and 0 <= v < len(game.players):
            out.append(f"{said} {game.players[v]}")
        elif isinstance(v, Ref) or (kind == "entity" and type(v) is int):
            e = state.entities_.get(int(v))
            out.append(f"{said} {words(e.type)} #{int(v)}" if e is not None
                         else f"{said} #{int(v)}")
        elif isinstance(v, Pos):
            out.append(f"{said} {game.board.place_name(v) or f'({v.x},{v.y})'}")
        elif v is None:
            out.append(f"{said} none")
        elif type(v) in (tuple, list):  # a list (the faces of dice kept die by die),
            out.append(f"{said} [{_list_words(game, state, v)}]")  # bracketed among fields
        else:
            out.append(f"{said} {words(str(v))}")
    return out


def _list_words(game: Game, state: State, items: Any) -> str:
    """A list's items as a sentence says them: ``6, 5, 5, 2``; a unit by type and number,
    a square as ``(x,y)``; nothing for an empty one."""
    said = []
    for v in items:
        if isinstance(v, Ref):
            e = state.entities_.get(int(v))
            said.append(f"{words(e.type)} #{int(v)}" if e is not None else f"#{int(v)}")
        elif isinstance(v, Pos):
            said.append(game.board.place_name(v) or f"({v.x},{v.y})")
        else:
            said.append(words(_said(v)))
    return ", ".join(said)


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{(\w+)\}")


def fill(text: str, fields: dict[str, Any]) -> str | None:
    """``text`` with each ``{name}`` replaced by ``fields[name]`` (``{{`` and ``}}`` for
    braces); ``None`` when it names a field there is not, or has a stray brace. Never
    ``str.format``: a text is data, and reaches no attribute."""
    names = [m.group(1) for m in _PLACEHOLDER.finditer(text) if m.group(1) is not None]
    rest = _PLACEHOLDER.sub("", text)
    if not all(n in fields for n in names) or "{" in rest or "}" in rest:
        return None
    return _PLACEHOLDER.sub(lambda m: "{" if m.group(0) == "{{" else
                            "}" if m.group(0) == "}}" else _said(fields[m.group(1)]), text)


def _said(value: Any) -> str:
    """A value filled into a sentence: a whole number without a decimal point (``8 / 2``
    is "4"), true or false as the rules write them, a list of plain values as ``6, 5, 2``,
    anything else as it reads."""
    if isinstance(value, bool):  # as the rules write it, not Python's `True`
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if type(value) in (tuple, list) and all(
            type(v) in (int, float, str) for v in value):
        return ", ".join(_said(v) for v in value) or "none"
    return str(value)


def label(state: State, value: Any) -> Any:
    """A value in a player's words: an entity id as its type and number (``storm blade #2``),
    a name such as a card type or a die face with spaces for underscores (``energy draught``);
    other values as they are."""
    if isinstance(value, Ref) and value in state.entities_:
        return f"{words(state.entities_[value].type)} #{int(value)}"
    if isinstance(value, str):
        return words(value)
    if isinstance(value, Pos):  # a named place by its name (`board: places:`)
        return state.game.board.place_name(value) or value
    return value


def words(name: str) -> str:
    """A rules name read as words: ``spiced_skewer`` is "spiced skewer"."""
    return name.replace("_", " ")


NO_ONE = "no one"
"""How an action's text names a target played for nothing."""


def describe_action(game: Game, state: State, player: int, action: Action,
                    values: bool = True) -> str:
    """A sentence for an action, from its type's ``text`` template when it has one;
    ``values`` false says its ``text_values`` as ``?`` (a move told without its secret:
    they would be worked out from it)."""
    at = game.action_types.get(action.type)
    who = game.players[player] if 0 <= player < len(game.players) else "chance"
    for_nothing = any(v is None for _, v in action.targets)
    if at is not None and (at.text or (for_nothing and at.text_none)):
        fields: dict[str, Any] = {"player": who, "actor": label(state, action.actor)}
        players = {t.name for t in at.targets if t.kind == "player"}
        for k, v in action.targets:  # a player target by its name, not its seat
            fields[k] = (NO_ONE if v is None else
                         game.players[v] if k in players and type(v) is int
                         and 0 <= v < len(game.players) else label(state, v))
        text = at.text_none or at.text if for_nothing else at.text
        if not values:  # told without its secret: nor what would be worked out from it
            fields.update((name, "?") for name, _ in at.text_values)
        elif at.text_values and 0 <= player < len(game.players):
            _text_values(game, state, player, action, at.text_values, text, fields)
        filled = fill(text, fields)  # a placeholder it cannot fill: the plain words below
        if filled is not None:
            return filled
    if action.type == "choose" and at is None and len(action.targets) == 1:
        # A value chosen mid-effect: told by the question it answered (`retreat to (6,1)`).
        d = state.decision
        asked = d.prompt if d is not None and d.prompt else "chooses"
        if asked.startswith("choose "):
            asked = "chooses " + asked[len("choose "):]
        return f"{asked} {label(state, action.targets[0][1])}"
    if for_nothing and at is not None:  # played for nothing, and the rules give no words
        what = (f"{words(state.entities_[action.actor].type)} #{int(action.actor)}"
                if action.actor is not None and action.actor in state.entities_ else who)
        return f"{what} {action.type}, with no one to target"
    players = {t.name for t in at.targets if t.kind == "player"} if at is not None else set()
    rest = " ".join(f"{k}={game.players[v]}" if k in players and type(v) is int
                    and 0 <= v < len(game.players) else f"{k}={label(state, v)}"
                    if isinstance(v, Pos) else f"{k}={v}"
                    for k, v in action.targets)  # a player target by its name, not its seat
    if action.actor is not None and action.actor in state.entities_:
        e = state.entities_[action.actor]
        verb = words(action.type)  # `end_turn` read as words: "rifles #1 end turn"
        return f"{words(e.type)} #{int(action.actor)} {verb}" + (f" {rest}" if rest else "")
    if players:
        return action.type + (f" {rest}" if rest else "")
    return str(action)


def _text_values(game: Game, state: State, player: int, action: Action,
                 values: tuple[tuple[str, Any], ...], text: str, fields: dict[str, Any]
                 ) -> None:
    """The values of an action's ``text_values`` that ``text`` names, worked out for this
    option (its player, actor and targets, in ``state``) into ``fields``; a value that
    fails is reported at the action's place in the rules (``failures.rule_failed``)."""
    at = game.action_types[action.type]  # noqa: F841  (read by rule_failed: the action)
    ctx = Ctx(state, player, action.actor, dict(action.targets))
    try:
        for name, fn in values:
            if "{" + name + "}" in text:
                fields[name] = fn(ctx)
    except RuleError as exc:  # a rule's own refusal (no item 6 in a list of 2)
        if exc.located:
            raise
        raise rule_failed(game, exc) from None
    except RULE_FAILURES as exc:
        raise rule_failed(game, exc) from None


def describe_reaction(game: Game, state: State) -> str:
    """A sentence for a reaction decision: who may react, and to what, told by the
    event's narration (``fighter #1 may react before goblin #2 moves (3,1) → (4,0)``).
    Any other decision gives its prompt."""
    d = state.decision
    if d is None:
        return ""
    frame = next((f for f in reversed(state.stack) if type(f) is EventFrame), None)
    if d.kind != "reaction" or frame is None:
        return d.prompt
    who = (label(state, Ref(d.actor)) if d.actor is not None else game.players[d.player])
    if frame.name in game.narration:
        what = narrate(game, state, frame.name, dict(frame.fields))
    else:
        fields = ", ".join(field_words(game, state, frame.name, dict(frame.fields)))
        what = f"'{frame.name.replace('_', ' ')}'" + (f" ({fields})" if fields else "")
    when = "before" if frame.stage == "pending" else "after"
    return f"{who} may react {when} {what}"


def render(game: Game, state: State) -> str:
    """The board as text: one symbol per tile, entities over tiles. In a game of two players
    whose sides share a kind of unit (Hex's stones, two armies of warriors), a letter is
    written in capitals for the first player's units and in small letters for the second's,
    as chess notation writes white and black."""
    b = game.board
    if not b.width or not b.height:
        return ""
    owners: dict[str, set[Any]] = {}  # the kinds both sides field, at the set-up or now
    if len(game.players) == 2:
        for pl in game.placements:
            if pl.pos is not None:
                owners.setdefault(pl.type, set()).add(pl.owner)
        for unit in state.iter_entities():
            if unit.pos is not None:
                owners.setdefault(unit.type, set()).add(unit.owner)
    rows = []
    for y in range(b.height):
        cells = []
        for x in range(b.width):
            e = state.occupant(Pos(x, y))
            if e is None:
                cells.append(".")
            else:
                et = game.entity_types[e.type]
                symbol = et.symbol or e.type[0]
                if len(owners.get(e.type, ())) > 1 and e.owner in (0, 1):
                    symbol = symbol.upper() if e.owner == 0 else symbol.lower()
                cells.append(symbol)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def describe_flow(game: Game, state: State) -> str:
    """Round, phase and step of a state, in words."""
    f = state.flow
    if f.mode == START:
        return "setup"
    phase = game.phases[f.phase]
    where = f"{game.display.round} {f.round}, {phase_words(game, f.phase, f.repeats)}"
    if f.mode == IN_STEP and len(phase.steps) > 1:
        where += f"/{phase.steps[f.step].name}"
    return where


def phase_words(game: Game, phase: int, repeats: int = 0) -> str:
    """A phase by name, as a heading says it; a phase that repeats with the number of this
    run in the round (``activation 3``: ``repeats`` runs came before it)."""
    phases = game.phases
    if not 0 <= phase < len(phases):
        return "?"
    if phases[phase].repeat is None:
        return phases[phase].name
    return f"{phases[phase].name} {repeats + 1}"


def card_words(game: Game, card: Any, state: State | None = None) -> str:
    """A card in a list of cards: its type and id, and the parameters the rules'
    `display: show` names, when it names some of this card's (``flood card #46 (col 2,
    row 3)``: a card's face told by its numbers); with ``state``, as its viewer sees them
    (a private value the view withholds reads ``?``)."""
    said = f"{card.type.replace('_', ' ')} #{int(card.id)}"
    if game.display.show is None:
        return said
    params = card.params if state is None else as_seen(state, card.params, card.owner,
                                                       card.type)
    shown = game.display.shown(params)
    if not shown:
        return said
    return said + " (" + ", ".join(f"{k.replace('_', ' ')} {_said(params[k])}"
                                   for k in shown) + ")"
