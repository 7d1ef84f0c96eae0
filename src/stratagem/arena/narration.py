"""A played game told in words: the one module where the layers above the engine narrate.

A step is where the game is, who did what, the dice, and what followed (``tell``);
the end is one sentence (``outcome_words``, ``result_line``). The CLI prints these
with colour, the web page shows them as lines of its log, the arena's replays check
against them: all tell a game the same way because all ask this module. The game
itself supplies the sentences of its own rules (``describe_action``, ``narrate``,
``describe_flow``); what is told beside a person at a table that hides things
(``as_told``) is decided here.
"""

from __future__ import annotations

from collections import ChainMap
from dataclasses import dataclass, replace
from typing import Any, cast

from ..engine import (
    CHANCE,
    FACES,
    Action,
    Entity,
    ForwardModel,
    Game,
    Outcome,
    Pos,
    Ref,
    State,
    phase_words,
    plural,
    told_record,
    words,
)


def who(game: ForwardModel[Any], player: int) -> str:
    """The name of a seat, or ``chance``."""
    return "chance" if player == CHANCE else game.players[player]


def beside(seat: str, line: str) -> str:
    """An action's line told beside its seat's name: an action whose `text` names its mover
    (`"{player} plays…"`) does not name it twice."""
    return line[len(seat) + 1:] if line.startswith(seat + " ") else line


class _Recent:
    """The state after a step that still shows the entities which left the game during it,
    so that a narration can name the creature that has just fallen, and shows the cards an
    event named with the faces they had then (``faces``: a shuffle later in the step may
    have dealt their ids others)."""

    __slots__ = ("_after", "entities", "entities_")

    def __init__(self, before: State, after: State, faces: dict[int, Entity] | None = None
                 ) -> None:
        self._after = after
        then = faces or {}
        self.entities = ChainMap(then, after.entities, before.entities)
        self.entities_ = ChainMap(then, after.entities_, before.entities_)  # the engine's name

    def __getattr__(self, name: str) -> Any:
        return getattr(self._after, name)


def narrated(game: Game, before: State, after: State, event: str, fields: Any) -> str:
    """The sentence for an event narrated in the step from ``before`` to ``after``: the
    public cards it names with the faces they had when it happened (``knowledge.FACES``)."""
    told = dict(fields)
    faces: dict[int, Entity] = {}
    for eid, type_, params in told.pop(FACES, ()):
        now = after.entities_.get(eid) or before.entities_.get(eid)
        if now is not None:
            faces[int(eid)] = Entity(now.id, type_, now.owner, now.pos, dict(params),
                                     now.statuses, now.zone)
    return game.narrate(cast(State, _Recent(before, after, faces)), event, told)


@dataclass(frozen=True)
class Step:
    """One decision of a game in words.

    ``where``: the flow before it (round, phase, whose turn); ``who``: the seat;
    ``line``: what it did; ``rolls``: the dice to show beside it (see ``tell``);
    ``events``: the sentences of what followed, in order.
    """

    where: str
    who: str
    line: str
    rolls: tuple[int, ...]
    events: tuple[str, ...]
    then: tuple[Step, ...] = ()
    """The turns that began while it resolved, each with what followed in it: the dice a
    player rolls as their turn begins are told as theirs (``Record.turns``), under the line
    ``TURN_BEGINS`` when no dice are shown."""


TURN_BEGINS = "begins the turn"
"""The line of a turn begun within another's move, when no dice are shown for it."""


def _parts(game: Game, before: Any, after: Any, rec: Any) -> list[tuple[Any, tuple[int, ...],
                                                                           tuple[str, ...]]]:
    """A record cut where turns, rounds and phases began (``Record.turns``): for each
    part, the mark (none for the move's own part), its dice (not the rolls that drew a
    card) and its sentences."""
    n_events, n_rolls = len(rec.events), len(rec.rolls)
    cuts = [(0, 0, None)] + [(min(max(e, 0), n_events), min(max(r, 0), n_rolls), mark)
                             for e, r, *mark in getattr(rec, "turns", ())]
    out = []
    for i, (e, r, mark) in enumerate(cuts):
        e_end, r_end = (cuts[i + 1][0], cuts[i + 1][1]) if i + 1 < len(cuts) \
            else (n_events, n_rolls)
        dice = tuple(rec.rolls[k] for k in range(r, max(r, r_end)) if not rec.picked >> k & 1)
        said = tuple(narrated(game, before, after, ev, fields)
                     for ev, fields in rec.events[e:max(e, e_end)])
        out.append((mark, dice, said))
    return out


def _turn_step(game: Game, mark: list[Any], dice: tuple[int, ...],
               said: tuple[str, ...]) -> Step:
    """A turn (or round, or phase) begun within another's move, as a step of its own;
    ``mark`` is (its player or None, round, phase index[, runs of the phase before])."""
    player, round_, phase, *runs = mark
    name = phase_words(game, phase, runs[0] if runs else 0)
    seat = (who(game, player) if type(player) is int and 0 <= player < len(game.players)
            else "")  # a round or phase: no one's
    return Step(f"{game.display.round} {round_}, {name}", seat, TURN_BEGINS if seat else "",
                dice if game.show_rolls else (), said)


def _unit(state: State, actor: Any) -> str:
    """A reacting unit as "type #id"."""
    e = state.entities.get(actor)
    return f"{words(e.type)} #{int(actor)}" if e is not None else f"#{int(actor)}"


SECRET = "?"
"""How a person is told a value of another player's move they may not know: a target the
action keeps private (a sealed bid), a field of its events that names it."""

A_CARD = "a card"
"""How a person is told a card target they cannot see (laid face down from a hand)."""


def _as_known(game: Game, viewer: int, rec: Any, after: State) -> Any:
    """Record ``rec`` of another player's move as ``viewer`` may know it just after it
    (``views.told_record``), each value withheld said as ``SECRET`` (or ``A_CARD``);
    ``rec`` itself when nothing is withheld."""
    told = told_record(game.view(after, viewer), rec)
    if told.action == rec.action and told.events == rec.events:
        return rec
    at = game.action_types.get(rec.action.type)
    cards = {s.name for s in at.targets if s.kind == "card"} if at is not None else set()
    targets = tuple((k, v if w is not None or v is None else A_CARD if k in cards else SECRET)
                    for (k, v), (_, w) in zip(rec.action.targets, told.action.targets,
                                              strict=True))
    events = tuple((name, tuple((k, v if w is not None or v is None else SECRET)
                                for (k, v), (_, w) in zip(fields, masked, strict=True)))
                   for (name, fields), (_, masked) in zip(rec.events, told.events,
                                                          strict=True))
    return rec._replace(action=rec.action._replace(targets=targets), events=events)


def tells_secrets(game: ForwardModel[Any]) -> bool:
    """Whether a move may hold what another player may not know (``tell``'s ``viewer``
    matters): a private target, or cards in zones."""
    return isinstance(game, Game) and bool(game.zones or game.private_targets)


def tell(game: Game, before: State, player: int, action: Action, after: State,
         viewer: int | None = None) -> Step:
    """The step from ``before`` to ``after``, where ``player`` chose ``action``; told to
    the person in seat ``viewer`` when one is given, as that seat may know it: another
    player's private target (a sealed bid) said as ``?``, a card the viewer cannot see
    (laid face down from a hidden hand) as "a card", and so in the sentences that follow,
    as the view's log withholds them (``views.told_record``). Its text's ``text_values``
    are then left out, since they would be worked out from the secret.

    The step's raw dice are shown unless the game says its narration tells them
    (``game.show_rolls`` false, ``show_rolls: false`` in a rules file): then sentences
    such as "rolls 4, misses" or "3 common, 1 rare" already say what the dice did, and
    the numbers beside them would tell it twice. A game that does not narrate its rolls
    (pig's throws) is told by its numbers."""
    rec = after.history[-1]
    whole = True
    if viewer is not None and player not in (viewer, CHANCE) and tells_secrets(game):
        rec = _as_known(game, viewer, rec, after)
        whole = rec is after.history[-1]
        action = rec.action
    d = before.decision
    if d is not None and d.kind == "reaction":
        if action.type == "pass" and any(r.needs is not None for r in game.reactions.values()):
            line = "does not react"  # which reactions were offered may tell a hidden card
        elif action.type == "pass":
            line = "declines: " + ", ".join(
                f"{words(a.type)} ({_unit(before, a.actor)})" if a.actor is not None
                else words(a.type) for a in d.actions if a.type != "pass")
        else:
            line = f"reacts: {words(action.type)}" + (f" ({_unit(before, action.actor)})"
                                               if action.actor is not None else "")
    else:
        line = game.describe_action(before, player, action, values=whole)
    seat = who(game, player)
    line = beside(seat, line)
    (_, dice, events), *turns = _parts(game, before, after, rec)
    if after.outcome is None:  # a player put out while the game goes on (the result says
        events += tuple(f"{who(game, p)} is out of the game"  # who is out at its end)
                        for p, (was, now) in enumerate(zip(before.players, after.players,
                                                           strict=True))
                        if was.alive and not now.alive)
    rolls = dice if game.show_rolls else ()  # a card drawn is told by its event
    return Step(game.describe_flow(before), seat, line, rolls, events,
                tuple(_turn_step(game, mark, d, said) for mark, d, said in turns))


def moved_to(before: State, action: Action, after: State) -> Any:
    """Where the actor of the step ``before`` → ``after`` went: its new square when it
    moved, the square its walk halted on when a hidden unit stopped it (the ``walk_halted``
    event, fog of war), else ``None``. A last-move mark shows this before the square the
    action named, which a walk stopped short never reached."""
    if action.actor is None:
        return None
    was, now = before.entities.get(action.actor), after.entities.get(action.actor)
    if was is None or now is None:
        return None
    if now.pos is not None and now.pos != was.pos:
        return now.pos
    for name, fields in after.history[-1].events if after.history else ():
        told = dict(fields)
        if name == "walk_halted" and told.get("mover") == action.actor:
            return told.get("at")
    return None


SET_UP_HEADING = "set-up"
"""The heading of what the set-up itself narrated, before the first round began."""


def opening_lines(game: ForwardModel[Any], seed: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """What was narrated before the first decision, under its headings: the set-up's own
    sentences (the first hand dealt, a trump turned up) under ``set-up``, then what the
    first round or phase said as it began (a trigger on ``round_started``, the first
    player's own dice) under that round's heading, ``round 1, play``, as later rounds are
    told. No step tells them (``Game.opening``)."""
    if not isinstance(game, Game):
        return ()
    start = game.new_state(seed)
    parts: list[tuple[str, list[str]]] = []
    for mark, dice, said in _parts(game, start, start, game.opening_record(seed)):
        shown = dice if game.show_rolls else ()
        if mark is None:
            lines = [*said, *([rolls_text(shown)] if shown else [])]
            where = SET_UP_HEADING
        else:  # the first player's own dice, rolled as the first turn began, are theirs
            turn = _turn_step(game, mark, shown, said)
            lines = [*([f"{turn.who} {rolls_text(shown)}".strip()] if shown else []), *said]
            where = turn.where.split("/", 1)[0]
        if not lines:
            continue
        if parts and parts[-1][0] == where:
            parts[-1][1].extend(lines)
        else:
            parts.append((where, lines))
    return tuple((where, tuple(lines)) for where, lines in parts)


def as_told(step: Step, secret: bool) -> Step:
    """The step as it is told beside a person at a table that hides things (``secret``):
    its sentences, but not the raw dice and draws, and of a chance decision only that
    chance decided. Otherwise the step itself."""
    if not secret:
        return step
    return replace(step, rolls=(), line="decides" if step.who == "chance" else step.line,
                   then=tuple(replace(t, rolls=()) for t in step.then if t.events))


UNSEEN = "moves, unseen"
"""How a move of another side is told to a person under fog of war."""


def hidden_from(game: ForwardModel[Any], viewer: int | None, history: Any, i: int,
                states: Any = None) -> bool:
    """Whether decision ``i`` of ``history`` is hidden from ``viewer`` by the game's fog:
    another side's move (team-mates share sight), or chance deciding for one, that the
    viewer's side did not watch. Given ``states`` (``states[j]``: the state before decision
    ``j``, a list or a mapping holding at least the states around the move and ``i``), a
    move is watched when every unit it names — its actor, its targets, the units its
    events name — is seen by the viewer's side before or after it, and every square it
    targets is in sight (``watched``); without them, every move of another side is hidden.
    A view's log keeps such a move as a bare "moved" (``fog_views``); the people's account
    does too."""
    k = other_side(game, viewer, history, i)
    if k is None or viewer is None:
        return False
    if states is None:
        return True
    return not all(watched(game, viewer, _state(states, j), history[j], _state(states, j + 1))
                   for j in range(k, i + 1))


def other_side(game: ForwardModel[Any], viewer: int | None, history: Any, i: int
               ) -> int | None:
    """The decision of another side that decision ``i`` belongs to under fog (``i``
    itself, or the move a chance decision follows), else ``None``: no fog, no viewer,
    or the viewer's own side's decision."""
    if viewer is None or getattr(game, "fog", None) is None or not 0 <= i < len(history):
        return None
    k = i
    while k > 0 and history[k].player == CHANCE:
        k -= 1
    p = history[k].player
    if p == CHANCE or p is None:
        return None
    return None if _same_side(game, p, viewer) else k


def _state(states: Any, j: int) -> State | None:
    if isinstance(states, dict):
        return states.get(j)
    return states[j] if 0 <= j < len(states) else None


def watched(game: Any, viewer: int, before: State | None, record: Any,
            after: State | None) -> bool:
    """Whether ``viewer``'s side saw the decision ``record`` taken from ``before`` to
    ``after``: each unit it names (actor, targets, the units its narrated events name)
    seen in one of the two states, each square it targets seen in one of them."""
    if before is None or after is None:
        return False
    fog = game.fog
    named: list[int] = []
    action = record.action
    if action.actor is not None:
        named.append(int(action.actor))
    squares: list[Any] = []
    for _, v in action.targets:
        if isinstance(v, Ref):
            named.append(int(v))
        elif isinstance(v, Pos):
            squares.append(v)
    for event, fields in record.events:
        kinds = {**game.events.get(event, {}), **game.event_kinds.get(event, {})}
        for k, v in fields:
            if isinstance(v, Ref) or (kinds.get(k) == "entity" and type(v) is int):
                named.append(int(v))
    for eid in named:
        seen = [fog.sees_entity(st, viewer, e) for st in (before, after)
                if (e := st.entities_.get(eid)) is not None]
        if not any(seen):
            return False
    return all(fog.sees_pos(before, viewer, q) or fog.sees_pos(after, viewer, q)
               for q in squares)


def unseen(step: Step, game: ForwardModel[Any] | None = None, viewer: int | None = None
           ) -> Step:
    """A step of another side as a person under fog may know it: that it moved. A turn it
    handed on to the ``viewer``'s side is told whole (their own dice); any other only as
    begun."""
    own = set() if game is None or viewer is None else {
        who(game, p) for p in range(len(game.players)) if _same_side(game, p, viewer)}
    return replace(step, line=UNSEEN, rolls=(), events=(),
                   then=tuple(t if t.who in own else replace(t, rolls=(), events=())
                              for t in step.then))


def _same_side(game: ForwardModel[Any], a: int, b: int) -> bool:
    """Whether players ``a`` and ``b`` are one side (one player, or team-mates)."""
    sides = getattr(game, "sides", None)
    return a == b if sides is None else sides[a] == sides[b]


def rolls_text(rolls: tuple[int, ...]) -> str:
    """The raw dice of a step: ``rolls 3, 5``."""
    return "rolls " + ", ".join(map(str, rolls))


def left_line(game: ForwardModel[Any], player: int, reason: str, decisions: int) -> str:
    """The sentence for a person who left a game before its end."""
    return (f"{who(game, player)} left the game ({reason}) after "
            f"{plural(decisions, 'decision')}: no result")


def outcome_words(game: ForwardModel[Any], outcome: Outcome | None) -> str:
    """An outcome in words: ``won by red — reached the goal``, ``draw — …``, ``no result``."""
    if outcome is None:
        return "no result"
    def seat(p: int) -> str:
        return game.players[p] if 0 <= p < len(game.players) else f"player {p}"
    def listed(seats: Any) -> str:  # "ann", "ann and bob", "ann, bob and cid"
        names = [seat(p) for p in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if outcome.is_draw:
        verdict = "draw"
    elif outcome.lost_together:  # a cooperative game (or solitaire) the game itself won
        verdict = "lost by " + listed(range(len(outcome.ranks)))
    elif outcome.winners:
        verdict = "won by " + listed(outcome.winners)
    else:
        verdict = "nobody won"
    return f"{verdict} — {outcome.reason}"


def result_line(game: ForwardModel[Any], state: Any) -> str:
    """The end of a game in one sentence (of one stopped before its end, that it stopped)."""
    if state.outcome is None:
        return (f"Stopped after {plural(len(state.history), 'decision')}: no result (the game "
                "was not over)")
    tail = plural(len(state.history), "decision")
    if getattr(game, "score", None) is not None and state.outcome.scores:
        # The game keeps a score: each player's, as the ranks were made from it.
        scores = ", ".join(f"{who(game, p)} {v:g}" for p, v in enumerate(state.outcome.scores))
        tail = f"scores: {scores}; {tail}"
    return f"Result: {outcome_words(game, state.outcome)} ({tail})"


__all__ = [
    "TURN_BEGINS",
    "UNSEEN",
    "Step",
    "as_told",
    "beside",
    "hidden_from",
    "left_line",
    "narrated",
    "opening_lines",
    "other_side",
    "outcome_words",
    "result_line",
    "rolls_text",
    "tell",
    "unseen",
    "watched",
    "who",
]
