"""Legal options: every action a player may take at an action decision, and why not.

``generate`` lists the legal actions of a step's action types for the turn-taker (the
one code that validates: ``Game.is_legal`` is membership in what it lists);
``explain`` says which rule an action that is not among them breaks. ``single_target``
is the shortcut for the common step of one action with one unconditional target (a
column, a cell), whose actions are built once per candidate list and reused;
``prompt`` is the text of an action decision.

This module is the home of option generation on its own, so that it can be made
incremental without touching the phase machine or the resolver.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, Ref
from .context import Ctx
from .geometry import closed
from .live import live_entities
from .near import near_cells, near_entities
from .option_memo import OptionMemo
from .turns import IN_STEP, turn_taker

if TYPE_CHECKING:
    from .game import Game
    from .spec import ActionType
    from .state import State

_new_tuple = tuple.__new__
ACTION_CACHE_SIZE = 4096
"""Candidate lists whose actions a game keeps (``GameRuntime.action_cache``), and prompts;
each is cleared when full."""
KEEP_OPTIONS: bool | None = None
"""Whether ``generate`` keeps options from state to state (``OptionMemo``): ``True``
always, ``False`` never, ``None`` (the default) where it pays (``worth_keeping``).
``tests/test_options_incremental.py`` and ``benchmarks/bench_options.py`` set it."""
ENTITY_KINDS = frozenset({"entity", "card"})
"""Target kinds whose values are entity ids (they travel as ``Ref``)."""
_MINE = object()
"""The key of a player's entities on the board in a generation's scratch table."""
_SHARED = object()
"""The key of a target list shared by every actor in a generation's scratch table."""


def prompt(g: Game, player: int, actor: int | None, phase: int, step: int) -> str:
    """The prompt of an action decision: who decides, in which phase and step.

    The same few texts come back at every turn, so each is made once per game."""
    key = (player, actor, phase, step)
    prompts = g.runtime.prompts
    text = prompts.get(key)
    if text is None:
        who = f"#{actor}" if actor is not None else g.players[player]
        ph = g.phases[phase]
        text = f"{who}: {ph.name}/{ph.steps[step].name}"
        if len(prompts) >= ACTION_CACHE_SIZE:
            prompts.clear()
        prompts[key] = text
    return text


def generate(s: State, player: int, actor: int | None,
             type_names: tuple[str, ...]) -> list[Action] | tuple[Action, ...]:
    """Every legal action of the given types for ``player`` (and ``actor``).

    Where the state's line keeps a memo of options (``OptionMemo``), each actor's options
    whose inputs did not change since are taken from it, not worked out again; the list is
    the same, in the same order, either way (``generate_afresh``)."""
    g = s.game
    at = g.single_target.get(type_names)
    if at is not None:
        return single_target(at, Ctx(s, player, None, {}))
    if s.viewer is not None or g.fog is not None or KEEP_OPTIONS is False or (
            KEEP_OPTIONS is None and not worth_keeping(g, actor, type_names)):
        return generate_afresh(s, player, actor, type_names)  # a view, or fog: afresh
    # The memo keeps the containers as they are now, so they are sealed first (a later
    # write copies them again); sealed, they are also what the rules' entity index reads.
    s._seal_own()
    memo = OptionMemo(s, player)
    out = _listed(s, player, actor, type_names, memo)
    s.memo = memo
    return out


def worth_keeping(g: Game, actor: int | None, type_names: tuple[str, ...]) -> bool:
    """Whether the memo pays for itself at a step offering ``type_names``: measured
    (``benchmarks/README.md``, *Option generation, second round*), it does where every
    unit of a side may act at each decision and some of their targets look around them
    only (``ActionType.reach``: most survive a move elsewhere), and not where one unit
    acts at a time (a turn in initiative order, or a selected unit: ``ActionType.pin``),
    since what that unit's targets read changes with each of its actions."""
    if actor is not None:
        return False
    types = g.action_types
    reach = False
    for name in type_names:
        at = types[name]
        if at.pin is not None:
            return False
        reach = reach or at.reach is not None
    return reach


def generate_afresh(s: State, player: int, actor: int | None,
                    type_names: tuple[str, ...]) -> list[Action]:
    """``generate`` without a memo: every option worked out from the state alone."""
    fog = s.game.fog
    if fog is None:
        return _listed(s, player, actor, type_names, None)
    with fog.listing():  # the board as the side sees it, made once for the whole list
        return _listed(s, player, actor, type_names, None)


def _listed(s: State, player: int, actor: int | None, type_names: tuple[str, ...],
            memo: OptionMemo | None) -> list[Action]:
    """The options of each action type in turn; with a ``memo``, targets it kept are taken
    from it and the ones worked out are put in it (the conditions are tested afresh)."""
    g = s.game
    out: list[Action] = []
    pinned: dict[Any, Any] = {}
    for name in type_names:
        at = g.action_types[name]
        if at.source != "player":
            _entity_actions(s, player, actor, at, out, pinned, memo)
            continue
        ctx = Ctx(s, player, None, {})
        if at.conditions and not _conditions_hold(at, ctx):
            continue
        if memo is None or at.target_reads is None or not at.targets:
            _one(at, ctx, out)
            continue
        made = memo.get(at, player, None)
        if made is None:
            found: list[Action] = []
            _one(at, ctx, found)
            made = memo.put(at, ctx, found)
        out.extend(made)
    return out


def _one(at: ActionType, ctx: Ctx, out: list[Action], listed: list[Any] | None = None) -> None:
    """The actions of ``at`` for the context's actor (or player), its conditions held;
    ``listed``: the first target's candidates when already listed (``_shared``)."""
    if at.play_without_target:
        _or_for_nothing(at, ctx, out, listed)
    else:
        _enumerate(at, ctx, 0, [], out, listed)


def _shared(at: ActionType, ctx: Ctx, scratch: dict[Any, Any]) -> list[Any] | None:
    """The candidates of ``at``'s one target, listed once per generation for all actors,
    when they are the same for all (an entity list with constant arguments, ``deps.Reach``
    ``"near"``); ``None`` for other types."""
    reach = at.reach
    if reach is None or reach.kind != "near":
        return None
    key = (_SHARED, at.name, ctx.player)
    listed: list[Any] | None = scratch.get(key)
    if listed is None:
        listed = scratch[key] = [v if v is None or type(v) is Ref else Ref(v)
                                 for v in at.targets[0].candidates(ctx)]
    return listed


def _entity_actions(s: State, player: int, actor: int | None, at: ActionType,
                    out: list[Action], pinned: dict[Any, Any],
                    memo: OptionMemo | None) -> None:
    """The legal actions of one entity action type, added to ``out``, actors in id order.

    The conditions that do not read the actor are tested once for all of them; where a
    condition names the one entity that can act (``ActionType.pin``), only it is tried.
    ``pinned`` is the generation's scratch table: the entity each pin named, for the other
    types sharing it, and the player's entities (``_actors``).
    """
    if memo is not None and (at.target_reads is None or not at.targets):
        memo = None  # options without targets cost no more to test than to look up
    # One context serves every actor in turn (its ``actor`` set for each): nothing keeps a
    # context past the test or the listing it is used for, and a listing leaves its
    # targets as it found them.
    ctx = Ctx(s, player, None, {})
    if not at.conditions:
        for eid in _actors(s, player, actor, at, pinned):
            ctx.actor = eid
            if memo is None:
                _one(at, ctx, out, _shared(at, ctx, pinned))
                continue
            made = memo.get(at, player, eid)
            if made is None:
                found: list[Action] = []
                _one(at, ctx, found, _shared(at, ctx, pinned))
                made = memo.put(at, ctx, found)
            out.extend(made)
        return
    pin = at.pin
    if actor is None and pin is not None:
        if pin in pinned:
            e = pinned[pin]
        else:
            try:
                e = s.entities_.get(pin(Ctx(s, player, None, {})))
            except TypeError:  # an unhashable value names no entity
                e = None
            pinned[pin] = e
        if e is None or e.owner != player or e.zone is not None \
                or e.type not in s.game.actors_of.get(at.name, ()):
            return
        eids: list[int] = [Ref(e.id)]
    else:
        eids = _actors(s, player, actor, at, pinned)
        if not eids:
            return
    if at.free_tests:
        for test in at.free_tests:
            if not test(ctx):
                return
    tests = at.actor_tests
    entries = None if memo is None else memo.entries
    name = at.name
    made = None
    for eid in eids:
        if entries is not None:
            made = entries.get((name, player, eid))
            if made is not None and not made:
                continue  # no targets: nothing to offer, whatever the conditions say
        ctx.actor = eid
        for test in tests:
            if not test(ctx):
                break
        else:
            if entries is None:
                _one(at, ctx, out, _shared(at, ctx, pinned))
                continue
            if made is None:
                found = []
                _one(at, ctx, found, _shared(at, ctx, pinned))
                made = memo.put(at, ctx, found)  # type: ignore[union-attr]
            out.extend(made)


def _actors(s: State, player: int, actor: int | None, at: ActionType,
            scratch: dict[Any, Any]) -> list[int]:
    """The entities that may take ``at`` for ``player`` (or just ``actor``), in id order.

    The player's entities on the board are listed once per generation (``scratch``, shared
    by the action types of one step), each type keeping those of its kinds."""
    g = s.game
    if actor is not None:
        e = s.entities_.get(actor)
        ok = e is not None and at.name in g.type_actions.get(e.type, ())
        return [Ref(actor)] if ok else []
    types = g.actors_of.get(at.name, frozenset())
    key = (_MINE, player)
    mine = scratch.get(key)
    if mine is None:
        ents = s.entities_
        live = live_entities(s)
        mine = scratch[key] = (
            [(ref, kind) for ref, owner, kind in live if owner == player] if live is not None
            else [(Ref(eid), e.type) for eid in sorted(ents)
                  if (e := ents[eid]).owner == player and e.zone is None])
    return [ref for ref, kind in mine if kind in types]


def _conditions_hold(at: ActionType, ctx: Ctx) -> bool:
    return all(c.test(ctx) for c in at.conditions)


def _or_for_nothing(at: ActionType, ctx: Ctx, out: list[Action],
                    listed: list[Any] | None = None) -> None:
    """The actions of ``at`` for one actor; when there is none, the action played for
    nothing (``ActionType.play_without_target``): every target ``None``."""
    n = len(out)
    _enumerate(at, ctx, 0, [], out, listed)
    if len(out) == n:
        out.append(_new_tuple(Action, (at.name, ctx.actor,
                                       tuple((t.name, None) for t in at.targets))))


def _enumerate(at: ActionType, ctx: Ctx, i: int, bound: list[tuple[str, Any]],
               out: list[Action], listed: list[Any] | None = None) -> None:
    targets = at.targets
    if i == len(targets):
        out.append(_new_tuple(Action, (at.name, ctx.actor, tuple(bound))))
        return
    spec = targets[i]
    name = spec.name
    conds = spec.conditions
    aname = at.name
    actor = ctx.actor
    if listed is not None and i == 0:  # entity ids, as Ref, listed for every actor
        candidates: Any = listed
        if spec.near is not None and candidates:
            candidates = near_entities(ctx, spec.near, candidates)
    elif spec.kind in ENTITY_KINDS:  # entity ids always travel as Ref, so texts read "#7"
        candidates = [v if v is None or type(v) is Ref else Ref(v)
                      for v in spec.candidates(ctx)]
        if spec.near is not None and candidates:
            candidates = near_entities(ctx, spec.near, candidates)
    else:
        candidates = spec.candidates(ctx)
        if spec.near is not None and candidates:  # positions
            candidates = near_cells(ctx, spec.near, candidates)
    if spec.optional:
        _optional(at, ctx, i, bound, out, candidates)
        return
    if i == 0 and len(targets) == 1 and not conds:  # the common case, without per-value work
        out.extend(single_target(at, ctx, candidates))
        return
    last = i == len(targets) - 1
    bag = ctx.targets
    tests = [c.test for c in conds]
    one = tests[0] if len(tests) == 1 else None
    for value in candidates:
        bag[name] = value
        if one is not None:
            if not one(ctx):
                continue
        elif tests and not all(t(ctx) for t in tests):
            continue
        bound.append((name, value))
        if last:
            out.append(_new_tuple(Action, (aname, actor, tuple(bound))))
        else:
            _enumerate(at, ctx, i + 1, bound, out)
        bound.pop()
    bag.pop(name, None)


def _optional(at: ActionType, ctx: Ctx, i: int, bound: list[tuple[str, Any]],
              out: list[Action], candidates: Any) -> None:
    """An optional target (``TargetSpec.optional``): each valid value, or ``None`` when no
    value is valid (its conditions are not tested for ``None``)."""
    spec = at.targets[i]
    name = spec.name
    tests = [c.test for c in spec.conditions]
    bag = ctx.targets
    last = i == len(at.targets) - 1
    valid = []
    for value in candidates:
        bag[name] = value
        if all(t(ctx) for t in tests):
            valid.append(value)
    for value in valid or [None]:
        bag[name] = value
        bound.append((name, value))
        if last:
            out.append(_new_tuple(Action, (at.name, ctx.actor, tuple(bound))))
        else:
            _enumerate(at, ctx, i + 1, bound, out)
        bound.pop()
    bag.pop(name, None)


def single_target(at: ActionType, ctx: Ctx, candidates: Any = None) -> tuple[Action, ...]:
    """The actions of a type with one unconditional target, one per candidate.

    The same candidates come back state after state (the free columns, the empty
    cells), so their actions are built once per candidate list and reused.
    """
    spec = at.targets[0]
    if candidates is None:
        candidates = spec.candidates(ctx)
        if spec.kind in ENTITY_KINDS:
            candidates = [v if v is None or type(v) is Ref else Ref(v) for v in candidates]
    aname, actor, name = at.name, ctx.actor, spec.name
    key = (aname, actor, tuple(candidates))
    cache = ctx.game.runtime.action_cache
    try:
        made = cache.get(key)
    except TypeError:  # an unhashable candidate: no caching
        return tuple([_new_tuple(Action, (aname, actor, ((name, v),))) for v in key[2]])
    if made is None:
        # A list not seen before is mostly values seen before (a unit's walk after a step
        # shares most squares with the last one): each value's action is kept as well.
        by_value = ctx.game.runtime.value_actions
        one = by_value.get((aname, actor, name))
        if one is None or len(one) >= ACTION_CACHE_SIZE:
            if len(by_value) >= ACTION_CACHE_SIZE:
                by_value.clear()
            one = by_value[(aname, actor, name)] = {}
        get = one.get
        listed: list[Action] = []
        for v in key[2]:
            a = get(v)
            if a is None:
                a = one[v] = _new_tuple(Action, (aname, actor, ((name, v),)))
            listed.append(a)
        made = tuple(listed)
        if len(cache) >= ACTION_CACHE_SIZE:
            cache.clear()
        cache[key] = made
    return made


def explain(s: State, action: Action) -> str:
    """Why ``action`` is not legal in ``s``: the first rule it breaks."""
    g = s.game
    d = s.decision
    if d is None:
        return "the game is over"
    if d.kind != "action" or (s.stack and action.type == "choose"):
        shown = ", ".join(str(a) for a in d.actions[:8])
        more = f", … ({len(d.actions)} in all)" if len(d.actions) > 8 else ""
        return f"the state waits for a {d.kind} decision; the options are: {shown}{more}"
    if action.type == "choose" or action.type not in g.action_types:
        known = ", ".join(sorted({a.type for a in d.actions}))
        return f"unknown action '{action.type}' here (offered: {known})"
    f = s.flow
    if f.mode != IN_STEP:
        return "the state waits for a choice, not an action"
    step = g.phases[f.phase].steps[f.step]
    if action.type not in step.actions:
        return (f"'{action.type}' is not offered in step '{step.name}' "
                f"(offered: {', '.join(step.actions)})")
    at = g.action_types[action.type]
    player, turn_actor = turn_taker(s)
    if player is None:
        return "no one may act now"
    if at.source == "player":
        if action.actor is not None:
            return f"'{at.name}' is a player action and takes no actor"
        ctx = Ctx(s, player, None, {})
    else:
        if action.actor is None:
            return f"'{at.name}' needs an acting entity (#id)"
        e = s.entities_.get(action.actor)
        if e is None:
            return f"actor #{int(action.actor)} is not in the game"
        if e.owner != player:
            return f"actor #{int(action.actor)} does not belong to {g.players[player]}"
        if turn_actor is not None and action.actor != turn_actor:
            return f"it is #{int(turn_actor)}'s turn, not #{int(action.actor)}'s"
        if action.type not in g.type_actions.get(e.type, ()):
            return f"a {e.type} cannot {action.type}"
        ctx = Ctx(s, player, action.actor, {})
    for c in at.conditions:
        if not c.test(ctx):
            return f"condition failed: {c.label}"
    given = dict(action.targets)
    names = [t.name for t in at.targets]
    extra = [k for k in given if k not in names]
    if extra:
        return f"'{at.name}' has no target '{extra[0]}' (targets: {', '.join(names) or 'none'})"
    if [k for k, _ in action.targets] != names[: len(action.targets)]:
        return f"targets must be given in order: {', '.join(names)}"
    for spec in at.targets:
        if spec.name not in given:
            return f"target '{spec.name}' is missing"
        value = given[spec.name]
        if value is None and (spec.optional or at.play_without_target):
            return (f"target {spec.name} may be none only when no {spec.kind} is a valid "
                    "choice (the action is then played for nothing)")
        if value not in list(spec.candidates(ctx)):
            among = f": it is not among `{spec.source}`" if spec.source else ""
            return (f"target {spec.name}={value} is not a possible {spec.kind}{among}"
                    + (closed(s, value, None if action.actor is None
                              else s.entities_.get(action.actor))
                       if spec.kind == "position" else ""))
        ctx.targets[spec.name] = value
        for c in spec.conditions:
            if not c.test(ctx):
                return f"target {spec.name}={value}: condition failed: {c.label}"
    return "not offered in this state"
