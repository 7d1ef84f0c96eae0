"""The ``Game``: compiled, immutable rules, and the forward model over states.

    game.new_state(seed=7)                      advanced to the first decision
    game.legal_actions(state)                   the options of state.decision
    game.is_legal(state, action)                the same rules, one action
    game.apply(state, action)                   a new state (IllegalActionError)
    game.outcomes(state, action)                [(probability, state)], exact
    game.parse_action(state, text)              text form -> legal Action
    game.serialize(state) / game.deserialize(text)
    game.view(state, player) / game.determinize(view, seed)
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import rng as _rng
from .actions import Action, Pos, Ref, parse_action
from .context import Ctx
from .effects import Effect, spawn
from .errors import GameDefinitionError, IllegalActionError, StratagemError, TooManyOutcomesError
from .flow import IN_STEP, START, explain, quick_playout
from .runtime import RULE_FAILURES, EventFrame, Resolver, record, rule_failed
from .spec import (
    ActionType,
    Board,
    EndRule,
    EntityType,
    ParamSpec,
    Phase,
    Placement,
    Reaction,
    StatusType,
    Trigger,
    ZoneSpec,
)
from .state import Entity, FlowPos, PlayerState, State, Status


@dataclass(frozen=True)
class GameInfo:
    """The game's shape as data; agents check it when they are constructed.

    ``chance``: whether dice or random draws occur; ``hidden``: whether some
    information is withheld from some player; ``dynamics``: "sequential".
    The sizes a game may declare (``None`` when it does not): ``max_options``,
    the most options of any player decision; ``max_chance_options``, of any
    chance decision (with chance surfaced); ``max_length``, the most decisions
    in a game, chance ones included. Bridges that number actions read them.
    """

    players: int
    chance: bool
    hidden: bool
    dynamics: str = "sequential"
    max_rounds: int | None = None
    max_options: int | None = None
    max_chance_options: int | None = None
    max_length: int | None = None


_UNLIMITED = float("inf")
"""No limit on a playout's steps or calls."""

SIZES = ("max_options", "max_chance_options", "max_length")
"""The sizes a game may declare (``GameInfo``)."""


class Game:
    """Compiled rules: static parts in, a forward model out."""

    def __init__(
        self,
        name: str,
        players: Sequence[str],
        *,
        phases: Sequence[Phase],
        action_types: Iterable[ActionType] = (),
        entity_types: Iterable[EntityType] = (),
        board: Board | None = None,
        placements: Iterable[Placement] = (),
        reactions: Iterable[Reaction] = (),
        triggers: Iterable[Trigger] = (),
        statuses: Iterable[StatusType] = (),
        player_params: Iterable[ParamSpec] = (),
        zones: Iterable[ZoneSpec] = (),
        end_rules: Iterable[EndRule] = (),
        setup: tuple[Effect, ...] = (),
        round_limit: int | None = None,
        score: Callable[[Ctx], Any] | None = None,
        narrated: Iterable[str] = (),
        narration: dict[str, Callable[[State, dict[str, Any]], str]] | None = None,
        show_rolls: bool = True,
        visibility: Callable[[State, int, Entity], bool] | None = None,
        chance: bool | None = None,
        description: str = "",
        scenario: str = "",
        sizes: dict[str, int] | None = None,
        events: dict[str, dict[str, str]] | None = None,
        sources: dict[int, tuple[Effect, str]] | None = None,
    ) -> None:
        self.name = name
        self.sources = dict(sources or {})
        """Where each effect was written, by ``id`` of the effect: the effect itself (held,
        so its id stays its own) and text such as ``race.yaml:8:9: effect `let``` (from a
        rules file; empty for a game built in Python). A rule that fails names its
        effect's place (``runtime.rule_failed``)."""
        self.events = {k: dict(v) for k, v in (events or {}).items()}
        """Each event's fields and their expression types (from a rules file; empty for a
        game built in Python): what ``event.FIELD`` may name where an event is answered."""
        self.players = tuple(players)
        self.description = description
        self.scenario = scenario
        """The scenario this game was built for (``""`` when the rules have only one set-up)."""
        self.scenarios: tuple[str, ...] = ()
        """The named scenarios of the rules this game was compiled from (set by the rules
        loader; empty when there is one set-up, or for a game built in Python)."""
        self.rules_file: str | None = None
        """The rules file this game was compiled from, as a resolved path: set by the rules
        loader (``None`` for a game built otherwise). The engine never reads it; tools record
        it so that a saved state or a replay can find its rules again."""
        self.rules_digest: str | None = None
        """A fingerprint of the rules, recorded in saved states and replays so they are not
        opened under other rules: set by the rules loader, else made from the game's parts
        on first use (``serialize.rules_digest``)."""
        self.calls = 0
        """Forward-model calls so far: each ``apply`` and each state ``outcomes`` builds.
        Agents budget by it, so a search's size compares across machines."""
        self.deadline: float | None = None
        """A ``time.perf_counter()`` past which ``outcomes`` stops enumerating and gives one
        sampled result: set by an agent for the length of a decision with a time budget."""
        self.action_cache: dict[tuple[Any, ...], tuple[Action, ...]] = {}
        """Actions built for recurring candidate lists (see ``flow._enumerate``)."""
        self.prompts: dict[tuple[int, int | None, int, int], str] = {}
        """The prompts of action decisions made so far (see ``flow._prompt``)."""
        self.phases = tuple(phases)
        self.action_types = {a.name: a for a in action_types}
        self.entity_types = {e.name: e for e in entity_types}
        self.board = board or Board()
        self.placements = tuple(placements)
        self.statuses = {s.name: s for s in statuses}
        self.player_params = tuple(player_params)
        self.zones = tuple(zones)
        self.end_rules = tuple(end_rules)
        self.end_by_active = any(r.who == "active" for r in self.end_rules)
        self.draws_only = all(r.kind == "draw" for r in self.end_rules)
        self.setup = setup
        self.round_limit = round_limit
        self.score = score
        self.narrated = frozenset(narrated) | frozenset(narration or {})
        self.narration = dict(narration or {})
        self.show_rolls = show_rolls
        """Whether an account of a played game shows each step's raw dice; false when the
        narration says in words what the dice did."""
        self.visibility = visibility
        reactions = tuple(reactions)
        self.triggers = tuple(triggers)
        self._check(reactions)
        self._index(reactions)
        from .flow import is_quick, quick_action_type, quick_lazy_flow
        self.quick_turns = is_quick(self)
        quick = quick_action_type(self)
        self.quick_action = quick.name if quick is not None else None
        """The action type resolved in one go (``flow.quick_action``), if the game has one."""
        self.quick_lazy_flow = quick is not None and quick_lazy_flow(self, quick)
        hidden = visibility is not None or any(z.visibility != "public" for z in self.zones)
        declared = dict(sizes or {})
        if set(declared) - set(SIZES) or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 1
                for v in declared.values()):
            raise GameDefinitionError(f"game '{name}': sizes are positive integers named "
                                      f"{', '.join(SIZES)}; got {declared}")
        self.info = GameInfo(len(self.players), self._has_chance() if chance is None else chance,
                             hidden, max_rounds=round_limit,
                             max_options=declared.get("max_options"),
                             max_chance_options=declared.get("max_chance_options"),
                             max_length=declared.get("max_length"))

    # ------------------------------------------------------------ building
    def _check(self, reactions: tuple[Reaction, ...]) -> None:
        problems: list[str] = []
        if not self.players:
            problems.append("a game needs at least one player")
        if not self.phases:
            problems.append("a game needs at least one phase")
        for ph in self.phases:
            if not ph.steps:
                problems.append(f"phase '{ph.name}' has no steps")
            for st in ph.steps:
                problems.extend(f"phase '{ph.name}' step '{st.name}' offers unknown action "
                                f"'{a}'" for a in st.actions if a not in self.action_types)
            if ph.order.kind not in ("players", "player", "initiative", "alternate"):
                problems.append(f"phase '{ph.name}' has unknown turn order '{ph.order.kind}'")
        known_reactions = {r.name for r in reactions}
        for et in self.entity_types.values():
            problems.extend(f"entity type '{et.name}' lists unknown action '{a}'"
                            for a in et.actions if a not in self.action_types)
            problems.extend(f"entity type '{et.name}' lists unknown reaction '{r}'"
                            for r in et.reactions if r not in known_reactions)
            problems.extend(f"entity type '{et.name}' starts with unknown status '{s}'"
                            for s in et.statuses if s not in self.statuses)
            problems.extend(f"parameter '{et.name}.{p.name}' has min > max" for p in et.params
                            if p.min is not None and p.max is not None and p.min > p.max)
        for pl in self.placements:
            if pl.type not in self.entity_types:
                problems.append(f"placement of unknown entity type '{pl.type}'")
            elif pl.pos is not None and not self.board.contains(pl.pos):
                problems.append(f"placement of {pl.type} at {pl.pos} is off the board")
        names = [r.name for r in reactions] + [h.name for s in self.statuses.values()
                                               for h in s.reactions]
        dupes = sorted({n for n in names if names.count(n) > 1})
        problems.extend(f"reaction name '{n}' is used twice" for n in dupes)
        clash = sorted(set(names) & (set(self.action_types) | {"pass", "roll", "choose"}))
        problems.extend(f"reaction '{n}' has the name of an action" for n in clash)
        problems.extend(f"action '{n}' has a name the engine keeps for its own options "
                        "(roll, choose)" for n in sorted(self.action_types)
                        if n in ("roll", "choose"))
        if problems:
            raise GameDefinitionError(f"game '{self.name}': " + "; ".join(problems))

    def _index(self, reactions: tuple[Reaction, ...]) -> None:
        self.param_specs = {(et.name, p.name): p for et in self.entity_types.values()
                            for p in et.params}
        self.player_param_specs = {p.name: p for p in self.player_params}
        # What a freshly spawned entity of each type starts with: parameter defaults
        # (copied per entity) and starting statuses (immutable, shared).
        self.spawn_protos = {
            et.name: ({p.name: p.default for p in et.params},
                      tuple(Status(n, self.statuses[n].duration, self.statuses[n].usages)
                            for n in et.statuses))
            for et in self.entity_types.values()}
        # Steps offering one player action with one unconditional target (a column, a
        # cell): their options are that target's candidates (flow.generate's fast path).
        self.single_target: dict[tuple[str, ...], ActionType] = {
            st.actions: at for ph in self.phases for st in ph.steps if len(st.actions) == 1
            and (at := self.action_types[st.actions[0]]).source == "player"
            and not at.conditions and len(at.targets) == 1}
        self.type_actions = {et.name: frozenset(et.actions) for et in self.entity_types.values()}
        actors_of: dict[str, set[str]] = {}
        for et in self.entity_types.values():
            for a in et.actions:
                actors_of.setdefault(a, set()).add(et.name)
        self.actors_of = {a: frozenset(t) for a, t in actors_of.items()}
        self.reactions = {r.name: r for r in reactions}
        for st in self.statuses.values():
            for h in st.reactions:
                self.reactions[h.name] = h
        by_type: dict[tuple[str, str], dict[str, list[Reaction]]] = {}
        for et in self.entity_types.values():
            for rn in et.reactions:
                r = self.reactions[rn]
                by_type.setdefault((r.event, r.stage), {}).setdefault(et.name, []).append(r)
        self.reactions_by_type = {k: {t: tuple(rs) for t, rs in v.items()}
                                  for k, v in by_type.items()}
        hooks: dict[tuple[str, str], dict[str, list[Reaction]]] = {}
        for st in self.statuses.values():
            for h in st.reactions:
                hooks.setdefault((h.event, h.stage), {}).setdefault(st.name, []).append(h)
        self.status_hooks = {k: {t: tuple(rs) for t, rs in v.items()} for k, v in hooks.items()}
        players: dict[tuple[str, str], list[Reaction]] = {}
        game_level: dict[tuple[str, str], list[Reaction]] = {}
        for r in reactions:
            if r.source == "player":
                players.setdefault((r.event, r.stage), []).append(r)
            elif r.source == "game":
                game_level.setdefault((r.event, r.stage), []).append(r)
        for t in self.triggers:
            trig = Reaction(f"trigger:{t.name}", t.event, "done", t.when, t.effects,
                            automatic=True, source="game")
            self.reactions[trig.name] = trig
            game_level.setdefault((t.event, "done"), []).append(trig)
        self.player_reactions = {k: tuple(v) for k, v in players.items()}
        self.game_reactions = {k: tuple(v) for k, v in game_level.items()}
        self.listened = frozenset(k[0] for k in (*self.reactions_by_type, *self.status_hooks,
                                                 *self.player_reactions, *self.game_reactions))
        # Every effect tuple that can sit on the stack, by a stable number.
        self.blocks: list[tuple[Effect, ...]] = []
        self.block_ids: dict[int, int] = {}
        roots: list[tuple[Effect, ...]] = [self.setup]
        roots += [a.effects for a in self.action_types.values()]
        roots += [r.effects for r in self.reactions.values()]
        for ph in self.phases:
            roots += [ph.on_start, ph.on_end]
            for step in ph.steps:
                roots += [step.on_start, step.on_end]
        for root in roots:
            self._register(root)
        # Blocks that can never push, wait or emit run straight through (runtime._step_block).
        self.straight_blocks = frozenset(id(b) for b in self.blocks
                                         if b and all(e.straight() for e in b))

    def _register(self, block: tuple[Effect, ...]) -> None:
        if id(block) in self.block_ids:
            return
        self.block_ids[id(block)] = len(self.blocks)
        self.blocks.append(block)
        for effect in block:
            for inner in effect.blocks():
                self._register(inner)

    def _has_chance(self) -> bool:
        from .effects import DrawCard, Roll, WeightedChoice
        return any(isinstance(e, Roll | WeightedChoice | DrawCard)
                   for b in self.blocks for e in b)

    def __repr__(self) -> str:
        return f"<Game {self.name}: {len(self.players)} players>"

    # ------------------------------------------------------------- states
    def new_state(self, seed: int = 0, *, explicit_chance: bool = False) -> State:
        """The starting position, advanced to the first decision.

        ``explicit_chance`` surfaces every roll as a chance decision instead of
        sampling it from the state's generator.
        """
        if not isinstance(seed, int):
            raise TypeError(f"new_state takes an integer seed, not {type(seed).__name__} "
                            f"{seed!r}")
        s = State.__new__(State)
        s.game = self
        s.entities = {}
        s.at = {}
        s.tiles = self.board.tiles
        s.players = tuple(
            PlayerState({p.name: p.default for p in self.player_params},
                        {z.name: () for z in self.zones}) for _ in self.players)
        s.flow = FlowPos(mode=START)
        s.stack = []
        s.rng = _rng.seed_state(seed)
        s.memory = {}
        s.counters = {}
        s.log = None
        s.decision = None
        s.outcome = None
        s.explicit = explicit_chance
        s.next_id = 1
        s.viewer = None
        s._hash = None
        s._own = -1  # every container is new, this state's own: _end seals them all
        s._own_entities = set()
        r = Resolver(s)
        for pl in self.placements:
            pos = Pos(*pl.pos) if pl.pos is not None else None
            if pos is not None and pos in s.at:
                raise GameDefinitionError(f"two entities placed at {pos}")
            if pl.zone is not None and pl.owner is None:
                raise GameDefinitionError(f"a {pl.type} in zone {pl.zone} needs an owner")
            spawn(r, pl.type, pl.owner, pos, pl.params, pl.zone)
        r.run()
        return s._end()

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every option of the state's decision (empty when the game is over)."""
        try:
            d = state.decision
        except AttributeError:
            raise TypeError(f"legal_actions takes a State, not {type(state).__name__}") \
                from None
        return () if d is None else d.actions

    def is_legal(self, state: State, action: Action) -> bool:
        """Whether ``action`` may be applied to ``state``."""
        d = state.decision
        return d is not None and action in d

    def why_illegal(self, state: State, action: Action) -> str | None:
        """``None`` if legal, else the rule the action breaks."""
        if self.is_legal(state, action):
            return None
        return explain(state, action)

    def apply(self, state: State, action: Action, *, rolls: Sequence[int] | None = None,
              check: bool = True) -> State:
        """The state after ``action``; ``state`` itself is never changed.

        ``rolls`` replays recorded dice instead of drawing them. ``check=False``
        skips the legality test (for search over actions known to be legal).
        """
        d = state.decision
        if check and (d is None or (action not in d.actions if len(d.actions) <= 16
                                    else action not in d)):
            if not isinstance(action, Action):
                raise _not_an_action("apply", action)
            raise IllegalActionError(action, explain(state, action))
        assert d is not None
        self.calls += 1
        s = state._begin()
        r = Resolver(s, tuple(rolls) if rolls is not None else None)
        r.run(action)
        if r.forced:
            raise IllegalActionError(action, f"{len(r.forced)} recorded rolls were not used")
        record(r, d.player, action)
        return s._end()

    def playout(self, state: State, rng: _rng.Rng, max_steps: int | None = None,
                max_calls: int | None = None) -> State:
        """Play on from ``state`` with uniformly random options (chance options by their
        weights) until the game ends, ``max_steps`` decisions were taken, or ``calls``
        reaches ``max_calls``; the state reached.

        The rollout of search: each decision costs what ``apply`` costs without keeping
        the states in between, since the playout works on one private copy. The moves
        it makes are not added to the returned state's history. ``state`` is unchanged.
        """
        d = state.decision
        s = state._begin()
        steps = 0
        last_step = _UNLIMITED if max_steps is None else max_steps
        last_call = _UNLIMITED if max_calls is None else max_calls
        below = rng.below
        mix = _rng.mix
        r = Resolver(s, None)
        quick_type = self.action_types[self.quick_action] if self.quick_action else None
        try:
            while d is not None:
                if steps >= last_step or self.calls >= last_call:
                    break
                if quick_type is not None and d.kind == "action" and not s.stack:
                    played = quick_playout(r, quick_type, d, rng,
                                           min(last_step - steps, last_call - self.calls))
                    steps += played
                    self.calls += played
                    d = s.decision
                    continue
                actions = d.actions
                weights = d.weights
                if weights is not None:
                    roll = below(sum(weights))
                    i = 0
                    while roll >= weights[i]:
                        roll -= weights[i]
                        i += 1
                    action = actions[i]
                else:  # rng.below, written out: this is the hot loop of every rollout
                    rng.state = z = (rng.state + _rng.GOLDEN) & _rng.MASK
                    action = actions[(mix(z) * len(actions)) >> 64]
                self.calls += 1
                s.decision = None
                r.again().run(action)
                d = s.decision
                steps += 1
        except StratagemError:
            raise
        except RULE_FAILURES as exc:
            raise rule_failed(self, exc) from exc
        if d is not None:
            s.decision = d
        return s._end()

    def outcomes(self, state: State, action: Action, *,
                 limit: int | None = None) -> list[tuple[float, State]]:
        """The exact distribution of states ``action`` leads to.

        Every combination of rolls is enumerated; each result is exactly the
        state that ``apply`` gives when the dice fall that way. Probabilities
        sum to 1. Results come in the order of the rolls' values, the first
        roll first. With ``limit``, an action with more outcomes than that
        raises ``TooManyOutcomesError`` as soon as the count is known to exceed
        it (the rolls are explored level by level, so the error comes early).
        Past ``game.deadline`` (an agent's time budget running out) the enumeration
        stops and one sampled result comes back, with probability 1.
        """
        if not isinstance(action, Action):
            raise _not_an_action("outcomes", action)
        if not self.is_legal(state, action):
            raise IllegalActionError(action, explain(state, action))
        results: list[tuple[tuple[int, ...], float, State]] = []
        todo: deque[tuple[tuple[int, ...], tuple[int, ...], float]] = deque([((), (), 1.0)])
        deadline = self.deadline
        while todo:
            if deadline is not None and time.perf_counter() >= deadline:
                return [(1.0, self.apply(state, action, check=False))]  # out of time
            prefix, order, p = todo.popleft()
            branch = _probe(self, state, action, prefix)
            if isinstance(branch, State):
                results.append((order, p, branch))
                continue
            values, weights = branch
            total = sum(weights)
            todo.extend(((*prefix, v), (*order, i), p * w / total)
                        for i, (v, w) in enumerate(zip(values, weights, strict=True)))
            if limit is not None and len(results) + len(todo) > limit:
                raise TooManyOutcomesError(
                    f"{action} has more than {limit} outcomes in {self.name}")
        results.sort(key=lambda r: r[0])
        return [(p, s) for _, p, s in results]

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action with this text form (``IllegalActionError`` if not legal)."""
        action = parse_action(text)
        d = state.decision
        if d is None or action not in d:
            raise IllegalActionError(action, explain(state, action))
        for a in d.actions:  # the stored value, with entity ids as Ref
            if a == action:
                return a
        return action

    # ------------------------------------------------------------- views
    def view(self, state: State, player: int) -> State:
        """What ``player`` may see of ``state``."""
        if not 0 <= player < len(self.players):
            raise ValueError(f"{self.name} has no player {player} (players 0 to "
                             f"{len(self.players) - 1})")
        if not self.info.hidden or state.viewer == player:
            return state
        from .views import make_view
        return make_view(state, player)

    def determinize(self, view: State, rng: _rng.Rng | int) -> State:
        """A full state consistent with ``view``, hidden parts sampled with ``rng``.

        ``rng`` is an ``Rng`` (advanced by one draw) or an integer seed.
        """
        if view.viewer is None:
            return view
        from .views import determinize
        if not isinstance(rng, _rng.Rng | int):
            raise TypeError(f"determinize takes an Rng or an integer seed, not "
                            f"{type(rng).__name__} {rng!r}")
        seed = rng.fork() if isinstance(rng, _rng.Rng) else rng
        return determinize(view, seed)

    # ------------------------------------------------------ serialization
    def serialize(self, state: State) -> str:
        """A versioned JSON text of the state; ``deserialize`` reads it back."""
        from .serialize import dumps
        return dumps(state)

    def deserialize(self, text: str) -> State:
        """The state a ``serialize`` text describes (``SerializationError`` if malformed);
        its decision is computed by the rules, never read from the text
        (``serialize.loads`` also replays its moves, for files from other hands)."""
        from .serialize import loads
        return loads(self, text)

    def reseed(self, state: State, seed: int) -> State:
        """The same state with a different future for its dice (for search)."""
        s = state._begin()
        s.rng = _rng.seed_state(seed)
        s.decision = state.decision
        return s._end()

    # ---------------------------------------------------------- narration
    def narrate(self, state: State, name: str, fields: dict[str, Any]) -> str:
        """A sentence for a narrated event."""
        fn = self.narration.get(name)
        if fn is not None:
            return fn(state, fields)
        parts = ", ".join(f"{k}={v}" for k, v in fields.items())
        return f"{name}: {parts}"

    def describe_action(self, state: State, player: int, action: Action) -> str:
        """A sentence for an action, from its type's ``text`` template when it has one."""
        at = self.action_types.get(action.type)
        who = self.players[player] if 0 <= player < len(self.players) else "chance"
        if at is not None and at.text:
            fields: dict[str, Any] = {"player": who, "actor": self._label(state, action.actor)}
            fields.update({k: self._label(state, v) for k, v in action.targets})
            try:
                return at.text.format(**fields)
            except (KeyError, IndexError, ValueError):
                pass
        if action.actor is not None and action.actor in state.entities:
            e = state.entities[action.actor]
            rest = " ".join(f"{k}={v}" for k, v in action.targets)
            return f"{e.type} #{int(action.actor)} {action.type}" + (f" {rest}" if rest else "")
        return str(action)

    def describe_reaction(self, state: State) -> str:
        """A sentence for a reaction decision: who may react, and to what, told by the
        event's narration (``fighter #1 may react before goblin #2 moves (3,1) → (4,0)``).
        Any other decision gives its prompt."""
        d = state.decision
        if d is None:
            return ""
        frame = next((f for f in reversed(state.stack) if type(f) is EventFrame), None)
        if d.kind != "reaction" or frame is None:
            return d.prompt
        who = (self._label(state, Ref(d.actor)) if d.actor is not None
               else self.players[d.player])
        if frame.name in self.narration:
            what = self.narrate(state, frame.name, dict(frame.fields))
        else:
            fields = ", ".join(f"{k} {self._label(state, v)}" for k, v in frame.fields.items())
            what = f"'{frame.name}'" + (f" ({fields})" if fields else "")
        when = "before" if frame.stage == "pending" else "after"
        return f"{who} may react {when} {what}"

    def _label(self, state: State, value: Any) -> Any:
        if isinstance(value, Ref) and value in state.entities:
            return f"{state.entities[value].type} #{int(value)}"
        return value

    def render(self, state: State) -> str:
        """The board as text: one symbol per tile, entities over tiles."""
        b = self.board
        if not b.width or not b.height:
            return ""
        rows = []
        for y in range(b.height):
            cells = []
            for x in range(b.width):
                e = state.occupant(Pos(x, y))
                if e is None:
                    cells.append(".")
                else:
                    et = self.entity_types[e.type]
                    cells.append(et.symbol or e.type[0])
            rows.append(" ".join(cells))
        return "\n".join(rows)

    def describe_flow(self, state: State) -> str:
        """Round, phase and step of a state, in words."""
        f = state.flow
        if f.mode == START:
            return "setup"
        phase = self.phases[f.phase]
        where = f"round {f.round}, {phase.name}"
        if f.mode == IN_STEP and len(phase.steps) > 1:
            where += f"/{phase.steps[f.step].name}"
        return where


class _NeedRoll(Exception):
    def __init__(self, values: tuple[int, ...], weights: tuple[int, ...]) -> None:
        self.values = values
        self.weights = weights


def _probe(game: Game, state: State, action: Action,
           prefix: tuple[int, ...]) -> State | tuple[tuple[int, ...], tuple[int, ...]]:
    """Apply with the rolls in ``prefix``; the distribution of the next roll if more are needed."""
    game.calls += 1
    s = state._begin()
    s.explicit = False
    r = _ProbeResolver(s, prefix)
    try:
        r.run(action)
    except _NeedRoll as need:
        return need.values, need.weights
    record(r, state.decision.player if state.decision else 0, action)
    s.explicit = state.explicit
    return s._end()


class _ProbeResolver(Resolver):
    __slots__ = ()

    def _draw(self, dist: Any) -> int:
        if not self.forced:
            raise _NeedRoll(dist.values, dist.weights)
        return super()._draw(dist)

    def roll(self, name: str, dist: Any, label: str = "") -> None:
        self.bind(name, self._draw(dist))


__all__ = ["SIZES", "Game", "GameInfo"]


def _not_an_action(method: str, value: object) -> TypeError:
    return TypeError(f"{method} takes an Action, not {type(value).__name__} {value!r}; "
                     "game.parse_action(state, text) reads an action's text form")
