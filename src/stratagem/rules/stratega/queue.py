"""Stratega's action queues (``EnqueueAction``), in the native format.

``EnqueueAction(source, Name)`` puts an action type on the queue of the source's player
(the player, or a unit's owner). While a player's queue is not empty, only the action
at its head is offered — to the unit that queued it, or to the player for a player
action — and taking it takes it off the queue. The native engine's own ``enqueue``
carries an action out by itself at a later turn, which is not the same thing, so the
queue is written out in the rules: each player has a ring of ``SIZE`` slots
(``queue[…]`` holds the action's number, ``queue_source[…]`` the unit's id or -1) and
two counters (``queue_head``, ``queue_tail``); every action's ``when`` lets it through
only when the queue is empty or it is at the head, and its effects take it off.

One difference: ``EndTurn`` stays on offer while another action is queued, so that a
player whose queued action has no legal target is never stuck (the action waits for
their next turn); an ``EndTurn`` also drops a queued action whose unit has left the
game, as Stratega drops it.
"""

from __future__ import annotations

from typing import Any

from .actions import END_TURN
from .context import Translation
from .functions import EFFECTS, Build, Fn, register
from .kept import kept
from .speech import Expr, Ref, SpeechError

SIZE = 8
"""How many actions a player's queue holds at once."""


def _enqueue(b: Build, a: list[Expr]) -> list[dict[str, Any]]:
    v = b.val(a[0])
    if v.kind == "player":
        player, source = v.text, "-1"
    elif v.kind == "entity":
        player, source = f"{v.text}.owner", f"{v.text}.id"
    else:
        raise SpeechError(a[0].at, "expected the player or the unit that will take the action")
    e = a[1]
    if isinstance(e, Ref) and len(e.parts) == 1 and e.parts[0][0] == END_TURN:
        name = END_TURN
    else:
        name = b.name(e, "action")
    queued = kept(b.hooks, "queued", list[str]())
    if name not in queued:
        queued.append(name)
    slot = f"{player}.queue_tail % {SIZE}"
    return [{"set": {"what": f"{player}.queue[{slot}]", "to": queued.index(name) + 1}},
            {"set": {"what": f"{player}.queue_source[{slot}]", "to": source}},
            {"modify": {"what": f"{player}.queue_tail", "by": 1}}]


def finish(t: Translation) -> None:
    """With ``EnqueueAction`` used: declare the queues and hold every action to them."""
    queued = kept(t.hooks, "queued", list[str]())
    acts = t.out.get("actions", {})
    if not queued or not acts:
        return
    keys = list(range(SIZE))
    player = t.out.setdefault("player", {})
    player["queue"] = {"keys": keys, "default": 0, "min": 0, "max": len(queued)}
    player["queue_source"] = {"keys": keys, "default": -1, "min": -1, "max": 10 ** 9}
    player["queue_head"] = {"default": 0, "min": 0, "max": 10 ** 12}
    player["queue_tail"] = {"default": 0, "min": 0, "max": 10 ** 12}
    t.origin(("player", "queue"), "EnqueueAction: each player's queue of actions",
             t.root.loc)
    head = f"player.queue_head % {SIZE}"
    empty = "player.queue_head == player.queue_tail"
    for name, spec in acts.items():
        idx = queued.index(name) + 1 if name in queued else None
        aborts = {f"Abort{c}" for c in kept(t.hooks, "continuous", dict[str, str]())}
        if name == END_TURN:
            gone = (f"not {empty} and player.queue_source[{head}] >= 0 and not "
                    f"any(entities(where: it.id == player.queue_source[{head}]))")
            drop = [{"if": {"test": gone,
                            "then": [{"modify": {"what": "player.queue_head", "by": 1}}]}}]
        else:
            drop = []
            if name in aborts:
                continue  # the abort of a continuous action is offered as Stratega does
        source = "actor.id" if spec.get("source") == "entity" else "-1"
        if idx is not None:
            at_head = (f"player.queue[{head}] == {idx} and "
                       f"player.queue_source[{head}] == {source}")
            if name != END_TURN:
                _when(spec, f"{empty} or ({at_head})")
            pop = [{"if": {"test": f"not {empty} and {at_head}",
                           "then": [{"modify": {"what": "player.queue_head", "by": 1}}]}}]
            spec["effects"] = pop + list(spec.get("effects", ()))
        elif name != END_TURN:
            _when(spec, empty)
        if drop:
            spec["effects"] = drop + list(spec.get("effects", ()))


def _when(spec: dict[str, Any], test: str) -> None:
    when = spec.get("when")
    if when is None:
        spec["when"] = [test]
    elif isinstance(when, list):
        when.append(test)
    else:
        spec["when"] = [when, test]


def install() -> None:
    """Fill in ``EnqueueAction``."""
    register(EFFECTS, "EnqueueAction", Fn(2, 2, _enqueue))


__all__ = ["SIZE", "finish", "install"]
