"""The resolver: runs the resolution stack of a state until someone must decide.

The stack is part of the state; its frames (``Block``, ``EventFrame``, ``Await``) are
described in ``engine.frames``. ``Resolver.run`` delivers the option chosen at a
decision, then ``resolve`` steps the top frame until the stack is empty, checks the
end conditions (``engine.endings``) and moves the phase machine on
(``engine.phases``), until a decision is needed or the game is over. Because
everything it needs is in the state, resolution can stop at any frame for a decision
and resume after it. Effects call back into the resolver (``push``, ``bind``,
``roll``, ``choose``, ``emit``) while they run.

One module because it is one loop: the resolver's stepping of each kind of frame, the
calls effects make back into it and the record of a move it writes share the state
being resolved and the move's rolls and told events, which a split would pass around;
so it runs past 500 lines, the rolls of a pool kept die by die (``draw_pool``) with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import rng as _rng
from .actions import Action, Ref, Value
from .context import Ctx
from .dice import Distribution, Pool
from .endings import check_end
from .errors import IllegalActionError, RuleError, RunawayError, StratagemError
from .failures import RULE_FAILURES, rule_failed, where_stuck
from .fastpath import quick_action
from .frames import Await, Block, Candidate, EventFrame, event_fields
from .knowledge import FACES, shown_faces
from .narration import ONLY_OPTION
from .phases import advance, take_action
from .state import CHANCE, DRAW_ROLL, Decision, Record, State, TurnMark

if TYPE_CHECKING:
    from .effect import Effect
    from .spec import Reaction

MAX_STEPS = 1_000_000
"""Frames stepped in one ``apply`` before a rule is declared runaway."""
MAX_CHAIN = 64
"""Events pending inside one another (a reaction chain) before it is runaway."""
MAX_FIRINGS = 20_000
"""Automatic reactions and triggers fired in one ``apply`` before it is runaway."""

PASS = Action("pass")
"""Declining to react."""

_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot paths)

__all__ = ["MAX_CHAIN", "MAX_FIRINGS", "MAX_STEPS", "PASS", "RULE_FAILURES", "Await", "Block",
           "Candidate", "EventFrame", "Resolver", "event_fields", "record", "rule_failed"]


class Resolver:
    """Runs one transaction's resolution. Used only inside ``Game.apply`` and friends."""

    __slots__ = ("_anyone", "dirty", "draws", "events", "firings", "forced", "game", "picked",
                 "rolls", "s", "start_round", "steps", "turns")

    def __init__(self, s: State, forced: tuple[int, ...] | None = None) -> None:
        self.s = s
        self.game = s.game
        self.rolls: list[int] = []
        self.draws = 0
        """Steps of the generator taken beyond the rolls (``Record.draws``)."""
        self.picked = 0
        """Which of the rolls picked a card (``Record.picked``)."""
        self.events: list[tuple[str, tuple[tuple[str, Value], ...]]] = []
        self.turns: list[TurnMark] = []
        """Each turn, round and phase begun while resolving: (events, rolls so far, the
        turn's player or ``None``, round, phase): what follows one belongs to it
        (``Record.turns``)."""
        self.forced = list(forced) if forced is not None else None
        self.steps = 0
        self.firings = 0
        self.dirty = False
        self.start_round = s.flow.round
        self._anyone: Ctx | None = None

    @property
    def anyone(self) -> Ctx:
        """A context over the state with no player (end rules, game-level tests); made
        once per resolver, as its state stays the same object."""
        ctx = self._anyone
        if ctx is None:
            ctx = self._anyone = Ctx(self.s, None)
        return ctx

    def again(self) -> Resolver:
        """This resolver, ready to resolve the next decision of its state (a playout
        resolves every action on one working state)."""
        self.steps = 0
        self.firings = 0
        self.dirty = False
        self.start_round = self.s.flow.round
        if self.rolls:
            self.rolls = []
            self.picked = 0
        if self.events:
            self.events = []
        if self.turns:
            self.turns = []
        return self

    # ------------------------------------------------------------- main loop
    def run(self, action: Action | None = None) -> None:
        """Deliver ``action`` (the option chosen at the state's decision, if any), then
        resolve until a decision is set or the game is over.

        A rule that fails with a Python error (a value of the wrong kind reaching a
        query, an index off a list) becomes one ``RuleError`` naming the game.
        """
        try:
            if action is not None:
                if self.s.stack:
                    self.take(action)
                elif action.type == self.game.quick_action:
                    quick_action(self, action, self.game.action_types[action.type])
                else:  # an action decision: the common case, without take's checks
                    take_action(self, action)
                    s = self.s
                    if s.stack:
                        self.dirty = True
                    elif s.outcome is None and not check_end(self):
                        # Its effects ran straight through (phases.take_action): check the
                        # end and move the flow on here, as resolve would, without its loop.
                        advance(self)
            self.resolve()
            fog = self.game.fog
            if fog is not None:  # what each player sees after the action, remembered
                fog.remember(self.s)
        except RuleError as exc:  # a rule's own refusal (`crt` has no key 5): given its place
            if exc.located:
                raise
            raise rule_failed(self.game, exc) from exc
        except StratagemError:
            raise
        except RULE_FAILURES as exc:
            raise rule_failed(self.game, exc) from exc

    def resolve(self) -> None:
        """Step the stack and the phase machine until a decision is set or the game is over."""
        s = self.s
        stack = s.stack
        while s.decision is None and s.outcome is None:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise RunawayError(f"{self.game.name}: resolution did not settle after "
                                   f"{MAX_STEPS} steps (a rule loops without end), "
                                   f"{where_stuck(s)}")
            if stack:
                self.dirty = True
                top = stack[-1]
                kind = type(top)
                if kind is Block:
                    self._step_block(top)
                elif kind is EventFrame:
                    self._step_event(top)
                else:
                    self._ask(top)
            else:
                if self.dirty:
                    self.dirty = False
                    if check_end(self):
                        return
                advance(self)

    def _step_block(self, b: Block) -> None:
        stack = self.s.stack
        effects = b.effects
        i = b.pc
        if i >= len(effects):
            stack.pop()
            return
        if i == 0 and id(effects) in self.game.straight_blocks:
            # Nothing in the block can push, wait or emit: run it in one go.
            stack.pop()
            s = self.s
            ctx = b.ctx if b.ctx.state is s else b.ctx.on(s)
            for effect in effects:
                ctx = effect.run_straight(self, ctx)
                if s.outcome is not None:
                    return
            return
        stack[-1] = _new(Block, (effects, i + 1, b.ctx))
        effects[i].run(self, b.ctx.on(self.s) if b.ctx.state is not self.s else b.ctx)

    # ---------------------------------------------------------- for effects
    def push(self, effects: tuple[Effect, ...], ctx: Ctx) -> None:
        """Run ``effects`` next, before anything already on the stack."""
        if effects:
            stack = self.s.stack
            if len(stack) > 10_000:
                raise RunawayError(f"{self.game.name}: the resolution stack grew past 10000 "
                                   "frames (a rule pushes effects without end)")
            stack.append(_new(Block, (effects, 0, ctx)))

    def bind(self, name: str, value: Value, outer: int = 0) -> None:
        """Bind ``name`` for the rest of the running block (``outer`` blocks further out)."""
        stack = self.s.stack
        f = stack[-1] if stack else None
        if not outer and type(f) is Block:  # the running block itself: the usual case
            ctx = f.ctx
            stack[-1] = _new(Block, (f.effects, f.pc, Ctx(
                ctx.state, ctx.player, ctx.actor, ctx.targets, {**ctx.vars, name: value},
                ctx.event)))
            return
        for i in range(len(stack) - 1, -1, -1):
            f = stack[i]
            if type(f) is Block:
                if outer:
                    outer -= 1
                    continue
                stack[i] = Block(f.effects, f.pc, f.ctx.bind(name, value))
                return
        raise RuntimeError("bind outside a block")

    def roll(self, name: str, dist: Distribution, label: str = "") -> None:
        """Roll ``dist`` into ``name``: sampled, replayed, or surfaced as a chance decision.
        A pool kept die by die (``dice.Pool``) binds the tuple of its faces."""
        s = self.s
        pool = dist if type(dist) is Pool else None
        if s.explicit:  # surfaced even when replaying: the chance option is its own record
            s.stack.append(Await("roll", name, pool.faces if pool is not None else dist.values,
                                 dist.weights, CHANCE, label or dist.label or name))
            return
        if pool is not None:
            self.bind(name, self.draw_pool(pool))
            return
        self.rolled(name, self.draw_roll(dist))

    def draw_pool(self, pool: Pool) -> tuple[int, ...]:
        """The faces of a roll of ``pool``, highest first: the next ``pool.count``
        recorded dice when replaying, else one roll drawn from the state's generator
        (which advances one step either way). Each die is recorded."""
        s = self.s
        if self.forced is not None:
            n = pool.count
            if len(self.forced) < n:
                raise IllegalActionError("(replay)", "the recorded rolls ran out")
            faces = tuple(self.forced[:n])
            del self.forced[:n]
            if faces not in pool.index:
                raise IllegalActionError("(replay)", f"recorded rolls {list(faces)} are not a "
                                         f"roll of {pool.label}, highest first")
        else:
            faces = pool.faces[pool.pick(_rng.draw(s.rng, pool.total))]
        s.rng = _rng.next_state(s.rng)
        self.rolls.extend(faces)
        return faces

    def rolled(self, name: str, value: int) -> None:
        """Bind the roll just drawn (the last of ``rolls``) to ``name``, marked as a card's
        pick when it is a draw's (``Record.picked``)."""
        if name == DRAW_ROLL:
            self.picked |= 1 << (len(self.rolls) - 1)
        self.bind(name, value)

    def draw_roll(self, dist: Distribution) -> int:
        """The value of a roll of ``dist``: the next recorded one when replaying, else drawn
        from the state's generator (which advances one step either way)."""
        s = self.s
        if self.forced is not None:
            if not self.forced:
                raise IllegalActionError("(replay)", "the recorded rolls ran out")
            value = self.forced.pop(0)
            if value not in dist.values:
                raise IllegalActionError("(replay)", f"recorded roll {value} is not a possible "
                                         f"outcome of {dist.label or 'the roll'}")
        else:
            value = dist.pick(_rng.draw(s.rng, dist.total))
        s.rng = _rng.next_state(s.rng)
        self.rolls.append(value)
        return value

    def choose(self, name: str, player: int, options: tuple[Value, ...], prompt: str,
               private: bool = False) -> None:
        """Ask ``player`` to pick one of ``options`` mid-effect, bound as ``name``; a
        ``private`` choice is asked even with one option."""
        if not options:
            raise RunawayError(f"{self.game.name}: a choice ({prompt}) has no options")
        if len(options) == 1 and not private:
            self.bind(name, options[0])
            if not self.game.info.hidden:  # told, as a choice of two would be (unless the
                g = self.game              # one option could name a hidden card)
                who = g.players[player] if 0 <= player < len(g.players) else "chance"
                self.events.append((ONLY_OPTION, (("who", who), ("prompt", prompt),
                                                  ("value", options[0]))))
            return
        self.s.stack.append(Await("choose", name, options, None, player, prompt))

    def emit(self, name: str, fields: dict[str, Value], ctx: Ctx,
             body: tuple[Effect, ...] = (), valid: Any = None) -> None:
        """Send an event through its pending stage, body and done stage."""
        g = self.game
        stack = self.s.stack
        if name not in g.listened and name not in g.narrated:
            # Nobody can react, modify or narrate: run the body as is (the fast path).
            if body:
                eid = len(stack)
                stack.append(EventFrame(eid, name, fields, "done", (), 0, False, ctx, (), None))
                own = Ctx(self.s, ctx.player, ctx.actor, ctx.targets, ctx.vars, eid)
                if valid is None or valid(own):
                    self.push(body, own)
                else:
                    stack.pop()
            return
        depth = sum(1 for f in stack if type(f) is EventFrame)
        if depth >= MAX_CHAIN:
            raise RunawayError(f"{g.name}: events nested {MAX_CHAIN} deep while resolving "
                               f"'{name}' (a reaction chain or trigger cascade without end)")
        stack.append(EventFrame(len(stack), name, fields, "pending", None, 0, False, ctx, body,
                                valid))

    def set_event_field(self, eid: int, field: str, value: Value) -> None:
        """Change a field of a pending event."""
        stack = self.s.stack
        for i in range(len(stack) - 1, -1, -1):
            f = stack[i]
            if type(f) is EventFrame and f.id == eid:
                fields = dict(f.fields)
                fields[field] = value
                stack[i] = f._replace(fields=fields)
                return
        raise KeyError(f"event {eid} is no longer pending")

    def cancel_event(self, eid: int) -> None:
        """Cancel a pending event: its body never runs."""
        stack = self.s.stack
        for i in range(len(stack) - 1, -1, -1):
            f = stack[i]
            if type(f) is EventFrame and f.id == eid:
                stack[i] = f._replace(cancelled=True)
                return
        raise KeyError(f"event {eid} is no longer pending")

    def decide(self, decision: Decision) -> None:
        """Stop resolution: ``decision`` is what the state now waits for."""
        self.s.decision = decision

    # --------------------------------------------------------------- events
    def _candidates(self, name: str, stage: str) -> tuple[Candidate, ...]:
        s = self.s
        g = self.game
        auto: list[Candidate] = []
        optional: list[Candidate] = []
        by_type = g.reactions_by_type.get((name, stage))
        status_hooks = g.status_hooks.get((name, stage))
        if by_type or status_hooks:
            for eid in sorted(s.entities_):
                e = s.entities_[eid]
                if by_type:
                    rs = by_type.get(e.type)
                    if rs:
                        opt = tuple(r for r in rs if not r.automatic)
                        auto.extend(Candidate(e.owner, eid, (r,), True) for r in rs if r.automatic)
                        if opt:
                            optional.append(Candidate(e.owner, eid, opt, False))
                if status_hooks and e.statuses:
                    for st in e.statuses:
                        auto.extend(Candidate(e.owner, eid, (r,), True)
                                    for r in status_hooks.get(st.name, ()))
        for r in g.player_reactions.get((name, stage), ()):
            bucket = auto if r.automatic else optional
            bucket.extend(Candidate(p, None, (r,), r.automatic)
                          for p, pl in enumerate(s.players) if pl.alive)
        auto.extend(Candidate(None, None, (r,), True)
                    for r in g.game_reactions.get((name, stage), ()))
        return tuple(auto) + tuple(optional)

    def _limit_key(self, r: Reaction, c: Candidate) -> str:
        who = f"#{c.entity}" if c.entity is not None else f"P{c.player}"
        return f"limit:{r.limit_group or r.name}@{who}"

    def _limit_ok(self, r: Reaction, c: Candidate) -> bool:
        if r.limit is None:
            return True
        per, count = r.limit
        used = self.s.counters_.get(self._limit_key(r, c))
        if used is None:
            return True
        stamp, n = used
        return bool(stamp != self._stamp(per) or n < count)

    def _use_limit(self, r: Reaction, c: Candidate) -> None:
        if r.limit is None:
            return
        per, _ = r.limit
        key = self._limit_key(r, c)
        stamp = self._stamp(per)
        used = self.s.counters_.get(key)
        n = used[1] + 1 if used is not None and used[0] == stamp else 1
        self._w_counters()[key] = (stamp, n)

    def _w_counters(self) -> dict[str, Any]:
        return self.s._w_counters()

    def _stamp(self, per: str) -> int:
        flow = self.s.flow
        if per == "round":
            return flow.round
        if per == "turn":
            return flow.turn
        return 0

    def _reactor_ctx(self, f: EventFrame, c: Candidate) -> Ctx:
        return Ctx(self.s, c.player, c.entity, {}, {}, f.id)

    def _step_event(self, f: EventFrame) -> None:
        s = self.s
        stack = s.stack
        if f.cands is None:
            f = f._replace(cands=self._candidates(f.name, f.stage), idx=0)
            stack[-1] = f
        cands = f.cands
        assert cands is not None
        idx = f.idx
        while idx < len(cands):
            c = cands[idx]
            idx += 1
            if c.entity is not None and c.entity not in s.entities_:
                continue  # the reactor is gone
            if c.player is not None and not s.players[c.player].alive:
                continue
            ctx = self._reactor_ctx(f, c)
            if c.automatic:
                r = c.reactions[0]
                if (r.when is None or r.when(ctx)) and self._limit_ok(r, c):
                    self.firings += 1
                    if self.firings > MAX_FIRINGS:
                        raise RunawayError(
                            f"{self.game.name}: more than {MAX_FIRINGS} reactions and triggers "
                            f"fired in one action (a cascade without end, last: '{r.name}' "
                            f"on '{f.name}')")
                    self._use_limit(r, c)
                    stack[-1] = f._replace(idx=idx)
                    self.push(r.effects, ctx)
                    return
                continue
            windows = tuple(r for r in c.reactions
                            if (r.when is None or r.when(ctx)) and self._limit_ok(r, c))
            if windows:
                assert c.player is not None
                stack[-1] = f._replace(idx=idx - 1)
                actor = None if c.entity is None else Ref(c.entity)
                # The window opens on `when`; a reaction that `needs` what only its reactor
                # knows is offered only when that holds (else the reactor may only pass).
                options = (*(Action(r.name, actor) for r in windows
                             if r.needs is None or r.needs(ctx)), PASS)
                who = f"#{c.entity}" if c.entity is not None else f"P{c.player}"
                self.decide(Decision("reaction", c.player, options,
                                     f"{who} may react to {f.stage} '{f.name}'", c.entity))
                return
        # Every candidate has had its say.
        if f.stage == "pending":
            c0 = f.ctx
            own = Ctx(s, c0.player, c0.actor, c0.targets, c0.vars, f.id)
            if f.cancelled or (f.valid is not None and not f.valid(own)):
                stack.pop()
                self._narrate(f.name + "_cancelled", f.fields)
                return
            stack[-1] = f._replace(stage="done", cands=None, idx=0)
            self._narrate(f.name, f.fields)  # the facts are settled; the change follows
            self.push(f.body, own)
            return
        stack.pop()

    def _narrate(self, name: str, fields: dict[str, Value]) -> None:
        if name in self.game.narrated:
            items = tuple(fields.items())
            if self.game.zones:  # the public cards it names, as they are now
                faces = shown_faces(self.s, items)
                if faces:
                    items += ((FACES, faces),)
            self.events.append((name, items))

    def _ask(self, a: Await) -> None:
        if a.kind == "roll":
            options = tuple(Action("roll", None, (("value", v),)) for v in a.options)
            self.decide(Decision("chance", CHANCE, options, a.prompt, None, a.weights))
        else:
            options = tuple(Action("choose", None, ((a.name, v),)) for v in a.options)
            self.decide(Decision("action", a.player, options, a.prompt))

    # ---------------------------------------------------------------- input
    def take(self, action: Action) -> None:
        """Deliver the chosen option of the decision the state was waiting for."""
        self.dirty = True  # whatever the option does, the end conditions are checked after it
        s = self.s
        stack = s.stack
        top = stack[-1] if stack else None
        if type(top) is Await:
            stack.pop()
            if top.kind == "roll":
                value = action.targets[0][1]
                s.rng = _rng.next_state(s.rng)  # keep the stream a sampled roll would leave
            else:
                value = action.targets[0][1]
            self.bind(top.name, value)
            return
        if type(top) is EventFrame:
            f = top
            assert f.cands is not None
            c = f.cands[f.idx]
            stack[-1] = f._replace(idx=f.idx + 1)
            if action.type == "pass":
                return
            for r in c.reactions:
                if r.name == action.type:
                    self._use_limit(r, c)
                    self.push(r.effects, self._reactor_ctx(f, c))
                    return
            raise AssertionError("reaction not among the candidate's")
        take_action(self, action)


def record(r: Resolver, player: int, action: Action) -> None:
    """Append the action, with the rolls and narrated events it produced, to the log."""
    s = r.s
    s.log = (s.log, _new(Record, (player, action, tuple(r.rolls), tuple(r.events), r.draws,
                                  r.picked, kept_turns(r))))


def kept_turns(r: Resolver) -> tuple[TurnMark, ...]:
    """The turns, rounds and phases begun while resolving that something followed in (a
    roll, a narrated event) before the next began or the resolution ended
    (``Record.turns``)."""
    marks = r.turns
    if not marks:
        return ()
    ends = [(m[0], m[1]) for m in marks[1:]] + [(len(r.events), len(r.rolls))]
    return tuple(m for m, (events, rolls) in zip(marks, ends, strict=True)
                 if events > m[0] or rolls > m[1])
