"""The ``Game``: compiled, immutable rules, and the forward model over states.

A ``Game`` is frozen once built: assigning to it is an error. What changes while it is
played — the count of forward-model calls and the caches of actions and prompts — lives
in ``game.runtime``, a ``GameRuntime`` that says it is mutable.

The methods are thin: the work is done by the modules below (``runtime`` resolves,
``options`` lists and explains, ``outcomes`` enumerates, ``views``, ``serialize`` and
``narration``). One module because the constructor indexes the rules once, for the hot
paths, in one place (``_index``): it runs a little over 500 lines for that.

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

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from . import narration as _narration
from . import rng as _rng
from .actions import Action, Pos, parse_action
from .changes import spawn
from .checks import definition_problems
from .context import Ctx
from .display import NO_HINTS, Display
from .effect import Effect
from .effects import Choose
from .endings import count_position
from .errors import GameDefinitionError, IllegalActionError, StratagemError, ViewPlayedError
from .fastpath import quick_action_type, quick_lazy_flow, quick_playout
from .flow_hooks import extra_blocks, hooks_of, is_straight
from .fog import Fog, as_fog
from .hands import Hand
from .info import SIZES, GameInfo, GameRuntime
from .knowledge import NO_CARDS, Cards, is_table, is_tracked, start_piles, unlink_placed
from .options import explain
from .outcomes import outcomes, sampled
from .phases import is_quick
from .runtime import RULE_FAILURES, Resolver, kept_turns, record, rule_failed
from .serialize import dumps, loads
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
from .state import CHANCE, Entity, FlowPos, PlayerDraft, Record, State, Status
from .strategy import NO_STRATEGY, Strategy
from .turns import START
from .views import determinize, make_view

_UNLIMITED = float("inf")
_VIEW_SEED = 0x5EED_0F_D1CE
"""Mixed with the number of decisions taken to seed the generator of an open game's view
(``Game.view``): the same on every run, and nothing of the game's own dice."""
"""No limit on a playout's steps or calls."""

SET_UP = Action("set_up")
"""The action a set-up's record names (``Game.opening_record``): no one chose it."""


class Game:
    """Compiled rules: static parts in, a forward model out. Frozen once built."""

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
        start_values: dict[str, Any] | None = None,
        private_known: dict[tuple[str | None, str], Any] | None = None,
        score: Callable[[Ctx], Any] | None = None,
        tiebreak: Callable[[Ctx], Any] | None = None,
        guide: Callable[[Ctx], Any] | None = None,
        repetition: tuple[int, frozenset[str]] | None = None,
        narrated: Iterable[str] = (),
        narration: dict[str, Callable[[State, dict[str, Any]], str]] | None = None,
        show_rolls: bool = True,
        rules_scope: Any = None,
        visibility: Fog | Callable[[State, int, Entity], bool] | None = None,
        chance: bool | None = None,
        hidden: bool | None = None,
        description: str = "",
        scenario: str = "",
        sizes: dict[str, int] | None = None,
        observation: dict[str, Any] | None = None,
        events: dict[str, dict[str, str]] | None = None,
        sources: dict[int, tuple[Any, str]] | None = None,
        scenarios: Iterable[str] = (),
        rules_file: str | None = None,
        rules_digest: str | None = None,
        display: Display | None = None,
        strategy: Strategy | None = None,
        hand: Hand | None = None,
        event_kinds: dict[str, dict[str, str]] | None = None,
        teams: Iterable[Iterable[int]] = (),
    ) -> None:
        self.runtime = GameRuntime()
        """Counters and caches written during play (``GameRuntime``)."""
        self.name = name
        self.sources = dict(sources or {})
        """Where each effect and action type was written, by ``id``: the object itself
        (held, so its id stays its own) and text such as ``race.yaml:8:9: effect `let```
        (from a rules file; empty for a game built in Python). A rule that fails names its
        effect's place, or the action whose options it was listing
        (``failures.rule_failed``)."""
        self.events = {k: dict(v) for k, v in (events or {}).items()}
        """Each event's fields and their expression types (from a rules file; empty for a
        game built in Python): what ``event.FIELD`` may name where an event is answered."""
        self.event_kinds = {k: dict(v) for k, v in (event_kinds or {}).items()}
        """For narration only: the event fields that every ``emit`` fills with an entity
        or a player (``{"attacked": {"attacker": "entity"}}``), so they are told by name
        where ``events`` can only say ``any``. The rules never read it."""
        self.players = tuple(players)
        self.teams: tuple[tuple[int, ...], ...] = tuple(
            t for t in (tuple(p for p in team if 0 <= p < len(self.players)) for team in teams)
            if t)
        """Sides of several players (``teams:`` of a rules file, by seat): they win and lose
        together, `enemy` and `ally` are said of sides, and they share their sight under a
        fog that names no teams of its own. Empty: each player is a side."""
        self.sides: tuple[int, ...] | None = None
        """Each seat's side, when the game has teams (a seat no team names is a side of its
        own); ``None`` otherwise, so that a game without teams pays nothing for them."""
        if self.teams:
            side = list(range(len(self.players)))
            for team in self.teams:
                for p in team:
                    side[p] = team[0]
            self.sides = tuple(side)
        self.against_the_game = len(self.players) == 1 or (
            self.sides is not None and len(set(self.sides)) == 1)
        """Whether every player is on one side, playing against the game itself: a solitaire
        game, or a cooperative one (one team of everyone). They win and lose together, and
        holding out to the end is a win (``engine.endings``)."""
        self.display = display or NO_HINTS
        """How the game is drawn for people (the rules' ``display:`` hints, with defaults)."""
        self.description = description
        self.scenario = scenario
        """The scenario this game was built for (``""`` when the rules have only one set-up)."""
        self.scenarios: tuple[str, ...] = tuple(scenarios)
        """The named scenarios of the rules this game was compiled from (empty when there
        is one set-up, or for a game built in Python); see ``set_origin``."""
        self.seated: dict[str, tuple[str, ...]] = {}
        """The players at each set-up's table, by scenario name (``""``: the set-up played
        when none is named): a scenario may seat fewer than the rules name (its
        ``players:``). Empty for a game built in Python; see ``set_origin``."""
        self.rules_file: str | None = rules_file
        """The rules file this game was compiled from, as a resolved path (``None`` for a
        game built otherwise). The engine never reads it; tools record it so that a saved
        state or a replay can find its rules again; see ``set_origin``."""
        self.rules_digest: str | None = rules_digest
        """A fingerprint of the rules, recorded in saved states and replays so they are not
        opened under other rules: set by the rules loader (``set_origin``), else made from
        the game's parts on first use (``serialize.rules_digest``)."""
        self.phases = tuple(phases)
        self.fog = as_fog(visibility)
        if self.teams and self.fog is not None and not self.fog.teams:
            self.fog.teams = self.teams  # a side shares its sight
        """Fog of war (``engine.fog.Fog``, from the rules' ``visibility:`` section or given
        in Python): what each side sees and remembers; ``None`` when all see the board."""
        if self.fog is not None:  # options never name a unit its player does not see
            action_types = self.fog.hide_targets(action_types)
        self.action_types = {a.name: a for a in action_types}
        self.private_targets = {a.name: frozenset(t.name for t in a.targets if t.private)
                                for a in self.action_types.values()
                                if any(t.private for t in a.targets)}
        """The targets of each action type that only its actor is told (``TargetSpec.private``)."""
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
        self.start_values = dict(start_values or {})
        """Game-state parameters a scenario starts at other values than their defaults
        (``state:`` of a scenario), by counter key (``state:NAME``): written into a new
        state before its set-up's effects run."""
        self.score = score
        self.tiebreak = tiebreak
        self.guide = guide
        """Each player's standing for the search agents' value function alone (`end:
        guide`): it decides no result and no result prints it."""
        self.repetition = repetition
        """`end: repetition:`: the game is drawn when one position comes up this many
        times, its position read without these parameters (``endings.count_position``)."""
        """A second number for each player that ranks players of equal score (leftover
        resources): `end: tiebreak:`."""
        self.narrated = frozenset(narrated) | frozenset(narration or {})
        if self.fog is not None and self.fog.sighted_moves:
            # A walk that runs into a hidden unit stops short of where its action said:
            # the log tells it, or it would leave the walker at the place it chose.
            self.narrated |= {"walk_halted"}
        self.narration = dict(narration or {})
        self.show_rolls = show_rolls
        self.rules_scope = rules_scope
        """What the expressions of the game's rules file may name (``rules.Parts.scope``),
        for programs written for it; none for a game built in Python."""
        """Whether an account of a played game shows each step's raw dice; false when the
        narration says in words what the dice did."""
        self.visibility = visibility
        reactions = tuple(reactions)
        self.strategy = strategy or NO_STRATEGY
        """Buff types, technologies, items and multi-turn actions (``engine.strategy``)."""
        self.triggers = (*self.strategy.triggers(), *triggers)
        problems = definition_problems(self, reactions)
        if problems:
            raise GameDefinitionError(f"game '{self.name}': " + "; ".join(problems))
        self._index(reactions, hand)
        secret = frozenset(e.name for b in self.blocks for e in b
                           if type(e) is Choose and e.private)
        if secret:  # a `choose: {private: true}` is told to its chooser alone, by its name
            self.private_targets["choose"] = self.private_targets.get("choose",
                                                                      frozenset()) | secret
        self.hooks = hooks_of(self, hand)
        """The hands, knock-outs, turn counts and queues the flow handles for this game."""
        self.quick_turns = is_quick(self)
        quick = quick_action_type(self) if self.fog is None else None  # fog: resolver only
        self.quick_action = quick.name if quick is not None else None
        """The action type resolved in one go (``fastpath.quick_action``), if the game has one."""
        self.quick_lazy_flow = quick is not None and quick_lazy_flow(self, quick)
        self.private_params = {et.name: tuple(p for p in et.params if p.private)
                               for et in self.entity_types.values()
                               if any(p.private for p in et.params)}
        """Each entity type's private parameters (``ParamSpec.private``), for the types
        that have any."""
        self.private_player_params = tuple(p for p in self.player_params if p.private)
        """The players' private parameters."""
        self.private_known = dict(private_known or {})
        """What every player knows of a private parameter's value: a test of its holder
        (``it``) by (entity type, or ``None`` for a player's, name); ``determinize``
        imagines only values that pass it."""
        if hidden is None:
            hidden = self.fog is not None or any(z.visibility != "public" for z in self.zones) \
                or bool(self.private_params or self.private_player_params)
        declared = dict(sizes or {})
        if set(declared) - set(SIZES) or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 1
                for v in declared.values()):
            raise GameDefinitionError(f"game '{name}': sizes are positive integers named "
                                      f"{', '.join(SIZES)}; got {declared}")
        if chance is None:  # whether any effect the game can run may roll
            chance = any(e.rolls for b in self.blocks for e in b)
        self.info = GameInfo(len(self.players), chance, hidden, max_rounds=round_limit,
                             max_options=declared.get("max_options"),
                             max_chance_options=declared.get("max_chance_options"),
                             max_length=declared.get("max_length"),
                             **_observation(name, observation))
        self._frozen = True

    # ------------------------------------------------------------ frozen
    def __setattr__(self, name: str, value: Any) -> None:
        if "_frozen" in self.__dict__:
            raise AttributeError(
                f"a Game is frozen once built: cannot set '{name}' (counters and caches of "
                "play live in game.runtime; a loader records where a game came from with "
                "set_origin)")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Game is frozen once built: cannot delete '{name}'")

    @property
    def calls(self) -> int:
        """Forward-model calls so far (``GameRuntime.calls``): agents budget by it."""
        return self.runtime.calls

    def set_origin(self, rules_file: str | None, scenarios: Iterable[str] = (),
                   digest: str | None = None,
                   seated: Mapping[str, tuple[str, ...]] | None = None) -> None:
        """Record the rules file a game was compiled from, the scenarios those rules name
        (and those that seat fewer players, with how many) and the fingerprint of those
        rules — once, by the loader that compiled it, before the game is handed out."""
        if self.rules_file is not None or self.scenarios or self.rules_digest is not None:
            raise AttributeError(f"game '{self.name}': its origin is already recorded")
        object.__setattr__(self, "rules_file", rules_file)
        object.__setattr__(self, "scenarios", tuple(scenarios))
        object.__setattr__(self, "seated", dict(seated or {}))
        object.__setattr__(self, "rules_digest", digest)

    def patch(self, **changes: Any) -> None:
        """Replace compiled parts of a built game in place. Only for tests that compare
        one of the engine's shortcuts with the long way round (``straight_blocks``,
        ``quick_action``, ``action_types``…); the engine and the loaders never call it.
        Each name must be an attribute the game already has."""
        unknown = sorted(k for k in changes if k not in self.__dict__ or k.startswith("_"))
        if unknown:
            raise AttributeError(f"a Game has no part named {', '.join(unknown)} to patch")
        for k, v in changes.items():
            object.__setattr__(self, k, v)

    # ------------------------------------------------------------ building
    def _index(self, reactions: tuple[Reaction, ...], hand: Hand | None = None) -> None:
        self.param_specs = {(et.name, p.name): p for et in self.entity_types.values()
                            for p in et.params}
        self.player_param_specs = {p.name: p for p in self.player_params}
        # What a freshly spawned entity of each type starts with: parameter defaults
        # (copied per entity) and starting statuses (immutable, shared).
        self.player_defaults = {p.name: p.default for p in self.player_params}
        """Each player parameter's value before any effect writes it."""
        self.spawn_protos = {
            et.name: ({p.name: p.default for p in et.params},
                      tuple(Status(n, self.statuses[n].duration, self.statuses[n].usages)
                            for n in et.statuses))
            for et in self.entity_types.values()}
        # Steps offering one player action with one unconditional target (a column, a
        # cell): their options are that target's candidates (flow.generate's fast path).
        # A target with conditions (`where`) is not one: its candidates are tested.
        self.single_target: dict[tuple[str, ...], ActionType] = {
            st.actions: at for ph in self.phases for st in ph.steps if len(st.actions) == 1
            and (at := self.action_types[st.actions[0]]).source == "player"
            and not at.conditions and len(at.targets) == 1 and not at.targets[0].conditions
            and not at.targets[0].optional and not at.play_without_target}
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
        roots += self.strategy.blocks()
        for root in roots:
            self._register(root)
        for block in extra_blocks(hand, self.blocks):  # after the rules' own: ids stay put
            self._register(block)
        self.teaches = any(e.teaches for b in self.blocks for e in b)
        """Whether an effect changes who knows a card: the game tracks card knowledge."""
        # Blocks that can never push, wait or emit run straight through (runtime._step_block);
        # a spawn does not when its `spawned` event is listened to (flow_hooks.is_straight).
        announce = "spawned" in self.listened or "spawned" in self.narrated
        self.announce_spawn = announce
        """Whether a spawn emits ``spawned`` (something listens to it or narrates it)."""
        self.straight_blocks = frozenset(id(b) for b in self.blocks
                                         if b and all(is_straight(e, announce) for e in b))

    def _register(self, block: tuple[Effect, ...]) -> None:
        if id(block) in self.block_ids:
            return
        self.block_ids[id(block)] = len(self.blocks)
        self.blocks.append(block)
        for effect in block:
            for inner in effect.blocks():
                self._register(inner)

    def __repr__(self) -> str:
        return f"<Game {self.name}: {len(self.players)} players>"

    # ------------------------------------------------------------- states
    def new_state(self, seed: int = 0, *, explicit_chance: bool = False) -> State:
        """The starting position, advanced to the first decision.

        ``explicit_chance`` surfaces every roll as a chance decision instead of
        sampling it from the state's generator.
        """
        return self._start(seed, explicit_chance)[0]

    def opening(self, seed: int = 0, *, explicit_chance: bool = False
                ) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
        """The narrated events of the set-up that ``new_state`` resolves before the first
        decision (the first hand dealt, a card turned up), as a record keeps events: no
        decision records them, so a narration tells them first (``stratagem play``)."""
        return self._start(seed, explicit_chance)[1].events

    def opening_record(self, seed: int = 0, *, explicit_chance: bool = False) -> Record:
        """What the set-up resolved before the first decision, as a record of the log keeps
        a move: its rolls (``picked`` says which drew a card) and narrated events, with a
        turn marked where the first turn began when something followed in it (the
        first player's own dice): an account tells the set-up's dice with it."""
        return self._start(seed, explicit_chance)[1]

    def _start(self, seed: int, explicit_chance: bool) -> tuple[State, Record]:
        if not isinstance(seed, int):
            raise TypeError(f"new_state takes an integer seed, not {type(seed).__name__} "
                            f"{seed!r}")
        s = State.__new__(State)
        s.game = self
        s.entities_ = {}
        s.at_ = {}
        s.stacks_ = {}
        s.tiles = self.board.tiles
        s.players = tuple(
            PlayerDraft({p.name: p.default for p in self.player_params},  # sealed by _end
                        {z.name: () for z in self.zones if not z.table}) for _ in self.players)
        s.flow = FlowPos(mode=START)
        s.stack = []
        s.rng = _rng.seed_state(seed)
        s.memory_ = {}
        s.counters_ = dict(self.start_values)
        s.log = None
        s.decision = None
        s.outcome = None
        s.explicit = explicit_chance
        s.next_id = 1
        s.viewer = None
        s.cards = Cards({z.name: () for z in self.zones if z.table}) \
            if is_tracked(self) else NO_CARDS
        s.memo = None
        s._hash = None
        s._own = -1  # every container is new, this state's own: _end seals them all
        s._own_entities = set()
        s._views = None
        r = Resolver(s)
        for pl in self.placements:
            pos = Pos(*pl.pos) if pl.pos is not None else None
            if pos is not None and pos in s.at_ and not self.board.stacking:
                raise GameDefinitionError(f"two entities placed at {pos}")
            if pl.zone is not None and pl.owner is None and not is_table(self, pl.zone):
                raise GameDefinitionError(f"a {pl.type} in zone {pl.zone} needs an owner")
            spawn(r, pl.type, pl.owner, pos, pl.params, pl.zone)
        if is_tracked(self):  # the set-up is public: each player's piles (engine.piles)
            r.draws += unlink_placed(s)  # ids that say nothing of the faces they were placed with
            start_piles(s)
        r.run()
        if self.repetition is not None:
            count_position(r)
        return s._end(), Record(CHANCE, SET_UP, tuple(r.rolls), tuple(r.events), r.draws,
                                r.picked, kept_turns(r))

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
        if state.viewer is not None:
            raise _a_view("apply", state)
        if check and (d is None or (action not in d.actions if len(d.actions) <= 16
                                    else action not in d)):
            if not isinstance(action, Action):
                raise _not_an_action("apply", action)
            raise IllegalActionError(action, explain(state, action))
        assert d is not None
        self.runtime.calls += 1
        s = state._begin()
        r = Resolver(s, tuple(rolls) if rolls is not None else None)
        r.run(action)
        if self.repetition is not None:
            count_position(r)
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
        if state.viewer is not None:
            raise _a_view("playout", state)
        s = state._begin()
        steps = 0
        last_step = _UNLIMITED if max_steps is None else max_steps
        last_call = _UNLIMITED if max_calls is None else max_calls
        mix = _rng.mix
        runtime = self.runtime
        r = Resolver(s, None)
        quick_type = self.action_types[self.quick_action] if self.quick_action else None
        counted = self.repetition is not None  # each position counted: no quick path
        if counted:
            quick_type = None
        try:
            while d is not None:
                if steps >= last_step or runtime.calls >= last_call:
                    break
                if quick_type is not None and d.kind == "action" and not s.stack:
                    played = quick_playout(r, quick_type, d, rng,
                                           min(last_step - steps, last_call - runtime.calls))
                    steps += played
                    runtime.calls += played
                    d = s.decision
                    continue
                actions = d.actions
                weights = d.weights
                if weights is not None:
                    action = actions[rng.pick_weighted(weights)]
                else:  # rng.below, written out: this is the hot loop of every rollout
                    rng.state = z = (rng.state + _rng.GOLDEN) & _rng.MASK
                    action = actions[(mix(z) * len(actions)) >> 64]
                runtime.calls += 1
                s.decision = None
                r.again().run(action)
                if counted:
                    count_position(r)
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
        roll first; results that are the same (``sameness.is_same_result``:
        equal but for the dice, which of identical cards is which and the
        order of a zone no one sees) are one, their probabilities summed, at
        the first one's place. With ``limit``, an action with more outcomes than that
        raises ``TooManyOutcomesError`` as soon as the count is known to exceed
        it (the rolls are explored level by level, so the error comes early).
        Past ``game.runtime.deadline`` (an agent's time budget running out) the enumeration
        stops and one sampled result comes back, with probability 1, rolled from a future
        of its own (``sample_outcomes``).
        """
        if not isinstance(action, Action):
            raise _not_an_action("outcomes", action)
        if state.viewer is not None:
            raise _a_view("outcomes", state)
        if not self.is_legal(state, action):
            raise IllegalActionError(action, explain(state, action))
        return outcomes(self, state, action, limit)

    def sample_outcomes(self, state: State, action: Action, n: int = 16
                        ) -> list[tuple[float, State]]:
        """``n`` sampled results of ``action``, each with probability ``1 / n`` (the same
        results merged, as in ``outcomes``), each rolled from a future of its own: the
        state reseeded from its generator, never the dice the state itself would roll. A
        search values an action of too many outcomes to list by them
        (``agents.outcomes_or_sample``)."""
        if not isinstance(action, Action):
            raise _not_an_action("sample_outcomes", action)
        if not self.is_legal(state, action):
            raise IllegalActionError(action, explain(state, action))
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"sample_outcomes takes a number of samples of 1 or more, not {n!r}")
        return sampled(self, state, action, n)

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action with this text form (``IllegalActionError`` if not legal)."""
        action = parse_action(text)
        d = state.decision
        if d is not None and action not in d:
            action = self._players_named(action)
        if d is None or action not in d:
            raise IllegalActionError(action, explain(state, action))
        for a in d.actions:  # the stored value, with entity ids as Ref
            if a == action:
                return a
        return action

    def _players_named(self, action: Action) -> Action:
        """``action`` with each player target written by the player's name (``victim=east``)
        turned into the seat the engine keeps (``victim=1``), and each square written as
        the name of a place of the board (``to=rome``) into its position."""
        at = self.action_types.get(action.type)
        kinds = {t.name for t in at.targets if t.kind == "player"} if at is not None else ()
        places = {n.casefold(): p for n, p in self.board.places}  # typed in any case
        if not kinds and not places:
            return action
        return action._replace(targets=tuple(
            (k, self.players.index(v) if k in kinds and type(v) is str and v in self.players
             else places[v.casefold()] if type(v) is str and v.casefold() in places else v)
            for k, v in action.targets))

    # ------------------------------------------------------------- views
    def view(self, state: State, player: int) -> State:
        """What ``player`` may see of ``state``."""
        if not 0 <= player < len(self.players):
            raise ValueError(f"{self.name} has no player {player} (players 0 to "
                             f"{len(self.players) - 1})")
        if state.viewer == player:
            return state
        if not self.info.hidden:
            if not self.info.chance or state.viewer is not None:
                return state
            # Open, but with dice: the state's generator holds the dice to come, which
            # no player may read. The view's is seeded from what everyone knows (how many
            # decisions were taken): searching it rolls dice, not the game's own.
            return self.reseed(state, _rng.mix(len(state.history) + _VIEW_SEED) >> 1)
        return make_view(state, player)

    def determinize(self, view: State, rng: _rng.Rng | int) -> State:
        """A full state consistent with ``view``, hidden parts sampled with ``rng``.

        ``rng`` is an ``Rng`` (advanced by one draw) or an integer seed.
        """
        if view.viewer is None:
            return view
        if not isinstance(rng, _rng.Rng | int):
            raise TypeError(f"determinize takes an Rng or an integer seed, not "
                            f"{type(rng).__name__} {rng!r}")
        seed = rng.fork() if isinstance(rng, _rng.Rng) else rng
        return determinize(view, seed)

    # ------------------------------------------------------ serialization
    def serialize(self, state: State) -> str:
        """A versioned JSON text of the state; ``deserialize`` reads it back."""
        return dumps(state)

    def deserialize(self, text: str) -> State:
        """The state a ``serialize`` text describes (``SerializationError`` if malformed);
        its decision is computed by the rules, never read from the text
        (``serialize.loads`` also replays its moves, for files from other hands)."""
        return loads(self, text)

    def reseed(self, state: State, seed: int) -> State:
        """The same state with a different future for its dice (for search)."""
        s = state._begin()
        s.rng = _rng.seed_state(seed)
        s.decision = state.decision
        return s._end()

    # ---------------------------------------------------------- narration
    # Thin methods over ``engine.narration``, where the words are made.
    def narrate(self, state: State, name: str, fields: dict[str, Any]) -> str:
        """A sentence for a narrated event."""
        return _narration.narrate(self, state, name, fields)

    def describe_action(self, state: State, player: int, action: Action,
                        values: bool = True) -> str:
        """A sentence for an action, from its type's ``text`` template when it has one
        (``values`` false: without its ``text_values``)."""
        return _narration.describe_action(self, state, player, action, values)

    def describe_reaction(self, state: State) -> str:
        """A sentence for a reaction decision: who may react, and to what."""
        return _narration.describe_reaction(self, state)

    def render(self, state: State) -> str:
        """The board as text: one symbol per tile, entities over tiles."""
        return _narration.render(self, state)

    def describe_flow(self, state: State) -> str:
        """Round, phase and step of a state, in words."""
        return _narration.describe_flow(self, state)


__all__ = ["SIZES", "Game", "GameInfo", "GameRuntime"]


def _not_an_action(method: str, value: object) -> TypeError:
    return TypeError(f"{method} takes an Action, not {type(value).__name__} {value!r}; "
                     "game.parse_action(state, text) reads an action's text form")


def _a_view(method: str, state: State) -> ViewPlayedError:
    return ViewPlayedError(f"{method} was given player {state.viewer}'s view of the game, "
                           "which withholds what that player may not see; play on the full "
                           "state, or on game.determinize(view, seed)")


def _observation(name: str, observation: dict[str, Any] | None) -> dict[str, Any]:
    """The ``GameInfo`` fields of a declared observation: ``{cell: N, params: [...]}``."""
    if not observation:
        return {}
    cell = observation.get("cell")
    params = observation.get("params")
    if set(observation) - {"cell", "params"} or (cell is not None and (
            isinstance(cell, bool) or not isinstance(cell, int) or cell < 1)) or (
            params is not None and not all(isinstance(p, str) for p in params)):
        raise GameDefinitionError(f"game '{name}': an observation declares `cell` (a whole "
                                  f"number of at least 1) and `params` (names); got "
                                  f"{observation}")
    return {"observation_cell": cell,
            "observation_params": None if params is None else tuple(params)}
