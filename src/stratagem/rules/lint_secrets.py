"""The warnings of `validate` about a secret every view knows: an id written on a hidden
card, and a card of a face chosen at random spawned into a zone some players do not see;
and about a private parameter's value told anyway, by an event's field, by which enemy
targets a player is offered, or by the action target it was chosen as.

A view hides where a card is and which card is which, never which faces there are (see
*Zones* in docs/rules.md): the AIs read such a secret though a person's screen shows `?`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..engine import Game
from .core import Parts
from .errors import Problem
from .source import Node

_PARAM_WRITE = re.compile(r"^\s*[A-Za-z_]\w*\s*\.\s*(\w+)\s*$")
_AN_ID = re.compile(r"\.\s*id\b")


def card_secrets(parts: Parts, game: Game, root: Node) -> Iterator[Problem]:
    """Each `set`/`modify` of a parameter only cards have (types placed in a zone) to an
    id, in a game where some zone is hidden from some player: a hidden card's face — its type,
    parameters and statuses — is among the faces every view counts as unseen, so what is
    written on it is no secret of which face carries it (a card tied to a unit by the
    unit's id tells every player which unit holds which card)."""
    if all(z.visibility in ("public", "everyone") for z in game.zones):
        return
    unseen = {z.name for z in game.zones if z.visibility not in ("public", "everyone")}
    cards = {pl.type for pls in parts.placements.values() for pl in pls if pl.zone is not None}
    units = {name for name in game.entity_types if name not in cards}
    only_cards = {p.name for t in cards if t in game.entity_types
                  for p in game.entity_types[t].params}
    only_cards -= {p.name for t in units for p in game.entity_types[t].params}
    for n in _spawns_unprinted(root):
        spec = n.get("spawn")
        zone = spec.get("zone") if spec is not None and spec.is_map else None
        if zone is None or not isinstance(zone.value, str) or zone.value.strip(
                "'\" ") not in unseen:
            continue
        yield Problem(zone.loc, f"`spawn` puts a card into `{zone.value}`, which some "
                      "players do not see: its face (type and parameters) is still known to "
                      "their views — the AIs read it; only where it is, or which card is "
                      "which, is hidden",
                      "to keep a random face secret, `draw` it from a shared zone no one "
                      "sees (a bag); see *Zones* in docs/rules.md")
    for n in root.walk():
        if not n.is_map:
            continue
        for verb in ("set", "modify"):
            spec = n.get(verb)
            what = spec.get("what") if spec is not None and spec.is_map else None
            m = _PARAM_WRITE.match(what.value) if what is not None and isinstance(
                what.value, str) else None
            if spec is None or what is None or m is None or m.group(1) not in only_cards:
                continue
            value = spec.get("to") or spec.get("by") or spec.get("value")
            if value is None or not any(_AN_ID.search(x.value) for x in value.strings()):
                continue  # only an id ties the card to something the others can see
            yield Problem(what.loc, f"`{verb}` writes an id as `{m.group(1)}` on a card: a "
                          "card hidden from a player still counts, with its type and its "
                          "parameters, among the faces that player's view knows are unseen, "
                          "so the id tells which face is tied to what it names",
                          "to tie a hidden card to a unit, write the card's id on the unit "
                          "(`u.card = c.id`), not the unit on the card; see *Zones* in "
                          "docs/rules.md")


def _spawns_unprinted(root: Node) -> Iterator[Node]:
    """The `spawn` effects whose cards the rules do not print: any in play, and those of
    a set-up (its own or a scenario's) under a `random` or an `if` (a face chosen there)."""
    if not root.is_map:
        return
    stack: list[tuple[Node, bool]] = [
        (v, k not in ("setup", "scenarios")) for k, v in root.value.items()]
    while stack:
        n, unprinted = stack.pop()
        if n.is_list:
            stack.extend((v, unprinted) for v in n.value)
            continue
        if not n.is_map:
            continue
        spawn = n.get("spawn")
        if unprinted and spawn is not None and spawn.is_map:
            yield n
        chosen = unprinted or "random" in n.value or "if" in n.value
        stack.extend((v, chosen) for v in n.value.values())


def private_said(game: Game, root: Node) -> Iterator[Problem]:
    """Each event field (`emit: fields:`) that reads a private parameter with no `unless`:
    every player is told what the event says, so the value is no longer private (a private
    parameter with `unless` has a way to be revealed, and an event may tell it then)."""
    names = _secret_names(game) | {p.name for p in game.private_player_params if not p.unless}
    if not names:
        return
    for n in root.walk():
        emit = n.get("emit") if n.is_map else None
        fields = emit.get("fields") if emit is not None and emit.is_map else None
        if fields is None or not fields.is_map:
            continue
        for key, value in fields.value.items():
            read = next((m.group(1) for x in value.strings()
                         for m in _A_READ.finditer(x.value) if m.group(1) in names), None)
            if read is None:
                continue
            yield Problem(value.loc, f"the event field `{key}` reads `{read}`, a private "
                          "parameter: every player is told what an event says",
                          f"leave it out, or declare `private: {{unless: PARAM}}` on `{read}` "
                          "so that a public parameter says when it is revealed")


def _secret_names(game: Game) -> set[str]:
    """The entity types' private parameters that nothing reveals (no `unless`)."""
    return {p.name for specs in game.private_params.values() for p in specs if not p.unless}


_A_READ = re.compile(r"\.\s*([A-Za-z_]\w*)")


def private_in_options(game: Game, root: Node) -> Iterator[Problem]:
    """Each condition of an entity target that may be another side's unit (`entity: enemy`
    or `any`) reading that target's private parameter (one with no `unless`): the options a
    player is offered are worked out on the true state, so which targets there are would
    tell the value."""
    names = _secret_names(game)
    actions = root.get("actions") if root.is_map else None
    if not names or actions is None or not actions.is_map:
        return
    for spec in actions.value.values():
        targets = spec.get("targets") if spec.is_map else None
        for tname, t in (targets.value.items() if targets is not None and targets.is_map
                         else ()):
            side = t.get("entity") if t.is_map else None
            if side is None or side.value not in ("enemy", "any"):
                continue
            where = t.get("where")
            reads = re.compile(rf"\b{re.escape(tname)}\s*\.\s*([A-Za-z_]\w*)")
            for x in (where.strings() if where is not None else ()):
                read = next((m.group(1) for m in reads.finditer(x.value)
                             if m.group(1) in names), None)
                if read is not None:
                    yield Problem(x.loc, f"the target `{tname}` is offered by `{tname}.{read}`, "
                                  "a private parameter of another side's unit: which targets "
                                  "a player is offered tells its value",
                                  f"test `{read}` in the effects instead, or give it an "
                                  "`unless` that shows it first")
                    break


def private_target_said(game: Game, root: Node) -> Iterator[Problem]:
    """Each event field emitted by an action's effects that reads one of its `private: true`
    targets: every player is told what an event says."""
    actions = root.get("actions") if root.is_map else None
    for aname, spec in (actions.value.items() if actions is not None and actions.is_map
                        else ()):
        secret = game.private_targets.get(aname, frozenset())
        effects = spec.get("effects") if secret and spec.is_map else None
        for n in effects.walk() if effects is not None else ():
            emit = n.get("emit") if n.is_map else None
            fields = emit.get("fields") if emit is not None and emit.is_map else None
            for key, value in (fields.value.items() if fields is not None and fields.is_map
                               else ()):
                read = next((name for name in sorted(secret) for x in value.strings()
                             if re.search(rf"\b{re.escape(name)}\b", x.value)), None)
                if read is not None:
                    yield Problem(value.loc, f"the event field `{key}` reads `{read}`, a "
                                  f"private target of `{aname}`: every player is told what an "
                                  "event says", "leave it out, and tell the value when it is "
                                  "revealed")


def private_from_target(game: Game, root: Node) -> Iterator[Problem]:
    """Each action target that a `set` or `modify` writes into a private parameter (one with
    no `unless`) while the target itself is not `private: true`: every player's log tells
    an action with its targets, so the value chosen would be no secret."""
    names = _secret_names(game) | {p.name for p in game.private_player_params if not p.unless}
    actions = root.get("actions") if root.is_map else None
    if not names or actions is None or not actions.is_map:
        return
    for aname, spec in actions.value.items():
        targets = spec.get("targets") if spec.is_map else None
        if targets is None or not targets.is_map:
            continue
        at = game.action_types.get(aname)
        private = {t.name for t in at.targets if t.private} if at is not None else set()
        open_ = {tname: t for tname, t in targets.value.items() if tname not in private}
        told: set[str] = set()
        for n in (spec.get("effects") or Node(None, spec.loc)).walk():
            for verb in ("set", "modify"):
                eff = n.get(verb) if n.is_map else None
                what = eff.get("what") if eff is not None and eff.is_map else None
                m = _PARAM_WRITE.match(what.value) if what is not None and isinstance(
                    what.value, str) else None
                if eff is None or m is None or m.group(1) not in names:
                    continue
                value = eff.get("to") or eff.get("by") or eff.get("value")
                for tname, declared in open_.items():
                    if tname in told or value is None or not any(
                            re.search(rf"\b{re.escape(tname)}\b", x.value)
                            for x in value.strings()):
                        continue
                    told.add(tname)
                    yield Problem(declared.loc, f"the target `{tname}` of `{aname}` is "
                                  f"written into `{m.group(1)}`, a private parameter, but every "
                                  "player's log tells an action with its targets",
                                  "declare the target `private: true` (the others are told "
                                  f"that `{aname}` was played, not what was chosen)")


_QUOTED = re.compile(r"""['"](\w+)['"]""")


def hidden_card_said(game: Game, root: Node) -> Iterator[Problem]:
    """Each event field emitted by an action's effects that reads a parameter (or the type)
    of a card target that ends the action where some players cannot see it: moved by a
    `move_card` into a hidden zone (a bid laid face down), or taken from hidden zones and
    not moved. Every player is told what an event says, so the face would be no secret."""
    hidden = {z.name for z in game.zones if z.visibility not in ("public", "everyone")}
    actions = root.get("actions") if root.is_map else None
    if not hidden or actions is None or not actions.is_map:
        return
    faces = {p.name for et in game.entity_types.values() for p in et.params} | {"type"}
    for aname, spec in actions.value.items():
        targets = spec.get("targets") if spec.is_map else None
        effects = spec.get("effects") if spec.is_map else None
        if targets is None or not targets.is_map or effects is None:
            continue
        for tname, t in targets.value.items():
            kind = t.get("kind") if t.is_map else None
            if kind is None or kind.value != "card":
                continue
            ends_hidden = _card_ends_hidden(tname, t, effects, hidden)
            if ends_hidden is None:
                continue
            reads = re.compile(rf"\b{re.escape(tname)}\s*\.\s*([A-Za-z_]\w*)")
            for n in effects.walk():
                emit = n.get("emit") if n.is_map else None
                fields = emit.get("fields") if emit is not None and emit.is_map else None
                for key, value in (fields.value.items() if fields is not None and fields.is_map
                                   else ()):
                    read = next((m.group(1) for x in value.strings()
                                 for m in reads.finditer(x.value) if m.group(1) in faces), None)
                    if read is not None:
                        yield Problem(value.loc, f"the event field `{key}` reads "
                                      f"`{tname}.{read}`, the face of a card that `{aname}` "
                                      f"leaves in `{ends_hidden}`, which some players do not "
                                      "see: every player is told what an event says",
                                      "leave it out, and tell the face when the card is "
                                      "revealed (`reveal`, or moved where everyone sees it)")


def _card_ends_hidden(tname: str, target: Node, effects: Node, hidden: set[str]) -> str | None:
    """The hidden zone a card target is left in by its action's effects, if any: the last
    `move_card` of it names one, or nothing moves it and every zone its `from` names is
    hidden."""
    moved_to: str | None = None
    moved = False
    for n in effects.walk():
        spec = n.get("move_card") if n.is_map else None
        if spec is None or not spec.is_map:
            continue
        card = spec.get("card")
        if card is None or not isinstance(card.value, str) or card.value.strip() != tname:
            continue
        to = spec.get("to")
        moved = True
        moved_to = to.value.strip("'\" ") if to is not None and isinstance(to.value, str) else None
    if moved:
        return moved_to if moved_to in hidden else None
    source = target.get("from")
    names = [m.group(1) for x in (source.strings() if source is not None else ())
             for m in _QUOTED.finditer(x.value)]
    zones = [z for z in names if z in hidden or z in {"public", "everyone"}]
    return zones[0] if zones and all(z in hidden for z in zones) else None


__all__ = ["card_secrets", "hidden_card_said", "private_from_target", "private_in_options",
           "private_said", "private_target_said"]
