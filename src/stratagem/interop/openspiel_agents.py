"""OpenSpiel games played by Stratagem's agents, and Stratagem's agents as OpenSpiel bots.

    import pyspiel
    from stratagem.interop.openspiel_agents import SpielGame, StratagemBot

    game = SpielGame(pyspiel.load_game("connect_four"))   # a Stratagem forward model
    stratagem.play(game, ["mcts", "random"], seed=1)      # our arena, our agents

    bot = StratagemBot(pyspiel.load_game("connect_four"), "mcts:iterations=200", player=0)
    evaluate_bots(state, [bot, mcts_bot], rng)            # OpenSpiel's referee loop

``SpielGame`` is a Stratagem forward model (``engine.ForwardModel``) over an
OpenSpiel game, which it holds rather than being a ``Game``: its states
(``SpielState``) hold an OpenSpiel state, and every agent that plays through the
protocol plays it — MCTS, expectimax, one-step lookahead, random. The mapping:

- a player's move is the action ``play id=N`` (N the OpenSpiel action id); a
  chance node is a chance decision of options ``roll value=N`` weighted by its
  probabilities (held as exact integer weights where the probabilities are
  simple fractions, as dice and card deals are);
- the game's returns, once over, rank the players (higher return, better
  place), and ``Outcome.returns`` are those ranks on [-1, 1] — the same scale
  every Stratagem game gives its agents — with the raw returns as ``scores``;
- games with imperfect information give agents views: the options of other
  players are withheld, and ``determinize`` asks OpenSpiel to resample the
  hidden parts from the player's information state
  (``resample_from_infostate``, which some OpenSpiel games do not implement);
- games whose chance is sampled inside a move (``SAMPLED_STOCHASTIC``) and
  simultaneous-move games are refused: an agent must see each chance node.

``StratagemBot`` is a ``pyspiel.Bot`` that asks a Stratagem agent. Given a
state of a bridged Stratagem game (``interop.openspiel_game``) it plays on the
Stratagem state inside; given any other OpenSpiel state it plays through a
``SpielGame``. So on one game, OpenSpiel's ``MCTSBot`` and Stratagem's ``mcts``
can meet under OpenSpiel's ``evaluate_bots`` (``examples/mcts_vs_openspiel.py``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pyspiel

from ..agents import Agent, make_agent
from ..engine import (
    CHANCE,
    Action,
    Decision,
    ForwardModel,
    GameInfo,
    IllegalActionError,
    Outcome,
    Record,
    Rng,
    SerializationError,
)
from . import codec
from .openspiel_game import StratagemGame, native_state

LogNode = tuple[Any, Record] | None
"""A state's log: the previous node and the last decision's record (``None`` at the start)."""

MOVE = "play"
"""The action type of a player's move: ``play id=N``."""
ROLL = "roll"
"""The action type of a chance outcome: ``roll value=N``, as the engine names its own."""
NOT_AN_OPTION = "it is not one of the options of this state"


def _weights(probabilities: Sequence[float]) -> tuple[int, ...]:
    """Integer weights in the ratio of the probabilities: exact for simple fractions."""
    fractions = [Fraction(p).limit_denominator(1_000_000) for p in probabilities]
    scale = math.lcm(*(f.denominator for f in fractions))
    if scale <= 10**12 and all(f > 0 for f in fractions):
        return tuple(int(f * scale) for f in fractions)
    return tuple(max(1, round(p * 10**9)) for p in probabilities)


def _outcome(returns: Sequence[float]) -> Outcome:
    """Ranks from returns (higher is better, ties share a place); winners unless all tie."""
    ranks = tuple(1 + sum(1 for r in returns if r > mine) for mine in returns)
    n = len(ranks)
    winners = tuple(p for p in range(n) if ranks[p] == 1)
    return Outcome(winners if len(winners) < n else (), ranks, tuple(float(r) for r in returns),
                   "the game is over")


class SpielState:
    """A state of a ``SpielGame``: an OpenSpiel state (``spiel``, never changed), the
    decisions that led to it, and what it waits for."""

    __slots__ = ("decision", "game", "log", "outcome", "spiel", "viewer")

    def __init__(self, game: SpielGame, spiel: Any, log: LogNode = None,
                 viewer: int | None = None) -> None:
        self.game = game
        self.spiel = spiel
        self.log = log
        self.viewer = viewer
        self.outcome: Outcome | None = None
        self.decision: Decision | None
        if spiel.is_terminal():
            self.decision = None
            self.outcome = _outcome(spiel.returns())
        elif spiel.is_chance_node():
            ids, probabilities = zip(*spiel.chance_outcomes(), strict=True)
            self.decision = Decision("chance", CHANCE,
                                     tuple(Action(ROLL, None, (("value", int(a)),))
                                           for a in ids),
                                     weights=_weights(probabilities))
        else:
            player = spiel.current_player()
            actions = tuple(Action(MOVE, None, (("id", int(a)),))
                            for a in spiel.legal_actions(player))
            if viewer is not None and viewer != player:
                actions = ()  # a view withholds another player's options
            self.decision = Decision("action", player, actions)

    @property
    def history(self) -> tuple[Record, ...]:
        """The decisions from the start, oldest first."""
        out: list[Record] = []
        node = self.log
        while node is not None:
            node, rec = node
            out.append(rec)
        out.reverse()
        return tuple(out)

    def view(self, player: int) -> SpielState:
        """What ``player`` may see."""
        return self.game.view(self, player)

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.spiel.history()), self.viewer)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SpielState) and other.game is self.game
                and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        status = f"over: {self.outcome.ranks}" if self.outcome else repr(self.decision)
        return f"<SpielState {self.game.name} move {self.spiel.move_number()} {status}>"


class SpielGame:
    """An OpenSpiel game as a Stratagem forward model (``ForwardModel[SpielState]``): it
    holds the OpenSpiel game and answers the protocol from it."""

    def __init__(self, spiel_game: Any) -> None:
        kind = spiel_game.get_type()
        name = kind.short_name
        if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            raise ValueError(f"{name}: only sequential OpenSpiel games can be played by "
                             "Stratagem's agents")
        if kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC:
            raise ValueError(f"{name}: its chance is sampled inside moves; Stratagem's agents "
                             "need every chance node explicit")
        n = spiel_game.num_players()
        chance = kind.chance_mode != pyspiel.GameType.ChanceMode.DETERMINISTIC
        perfect = kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        self.spiel_game = spiel_game
        self.name: str = name
        self.description: str = kind.long_name
        self.players = tuple(f"player {p}" for p in range(n))
        self.info = GameInfo(n, chance, not perfect)
        self.calls = 0
        """Forward-model calls so far (each ``apply`` and each playout step)."""

    def __repr__(self) -> str:
        return f"<SpielGame {self.name}: {len(self.players)} players>"

    # ------------------------------------------------------------- states
    def wrap(self, spiel: Any, log: LogNode = None, viewer: int | None = None) -> SpielState:
        """The Stratagem state of an OpenSpiel state (which the result keeps: do not change it)."""
        return SpielState(self, spiel, log, viewer)

    def new_state(self, seed: int = 0) -> SpielState:
        """The OpenSpiel game's initial state (its chance is always explicit)."""
        return self.wrap(self.spiel_game.new_initial_state())

    def legal_actions(self, state: SpielState) -> tuple[Action, ...]:
        """Every option of the state's decision (empty when the game is over)."""
        return () if state.decision is None else state.decision.actions

    def is_legal(self, state: SpielState, action: Action) -> bool:
        """Whether ``action`` is one of the options of ``state``."""
        return state.decision is not None and action in state.decision

    def why_illegal(self, state: SpielState, action: Action) -> str | None:
        """``None`` if legal, else why not."""
        return None if self.is_legal(state, action) else NOT_AN_OPTION

    def apply(self, state: SpielState, action: Action, *, rolls: Sequence[int] | None = None,
              check: bool = True) -> SpielState:
        """The state after ``action`` (``play id=N`` or ``roll value=N``)."""
        d = state.decision
        if d is None or (check and action not in d.actions):
            raise IllegalActionError(action, NOT_AN_OPTION)
        self.calls += 1
        spiel = state.spiel.child(_id(action))
        return self.wrap(spiel, (state.log, Record(d.player, action)), state.viewer)

    def outcomes(self, state: SpielState, action: Action, *,
                 limit: int | None = None) -> list[tuple[float, SpielState]]:
        """One outcome (within any ``limit``): OpenSpiel's chance comes as chance decisions
        of its own."""
        return [(1.0, self.apply(state, action))]

    def playout(self, state: SpielState, rng: Rng, max_steps: int | None = None,
                max_calls: int | None = None) -> SpielState:
        """Play on with random options (chance by its probabilities) on one private copy."""
        spiel = state.spiel.clone()
        steps = 0
        while not spiel.is_terminal():
            if (max_steps is not None and steps >= max_steps) or (
                    max_calls is not None and self.calls >= max_calls):
                break
            if spiel.is_chance_node():
                ids, probabilities = zip(*spiel.chance_outcomes(), strict=True)
                weights = _weights(probabilities)
                spiel.apply_action(ids[rng.pick_weighted(weights)])
            else:
                legal = spiel.legal_actions()
                spiel.apply_action(legal[rng.below(len(legal))])
            self.calls += 1
            steps += 1
        return self.wrap(spiel, state.log, state.viewer)

    def reseed(self, state: SpielState, seed: int) -> SpielState:
        """The same state: OpenSpiel's chance is explicit, so there is no future to reseed."""
        return state

    def parse_action(self, state: SpielState, text: str) -> Action:
        """The legal action with this text form, or the one OpenSpiel names so."""
        d = state.decision
        if d is not None:
            for a in d.actions:
                if str(a) == text.strip() or self.describe_action(state, d.player, a) == text:
                    return a
        raise IllegalActionError(text, NOT_AN_OPTION)

    # ------------------------------------------------------------- views
    def view(self, state: SpielState, player: int) -> SpielState:
        """What ``player`` may see: the same state marked as theirs, others' options withheld."""
        if not self.info.hidden or state.viewer == player:
            return state
        return self.wrap(state.spiel, _redact(state.log, player), player)

    def determinize(self, view: SpielState, rng: Rng | int) -> SpielState:
        """A full state consistent with ``view``, resampled by OpenSpiel from the information
        state of the viewer."""
        if view.viewer is None:
            return view
        gen = Rng(rng.fork() if isinstance(rng, Rng) else rng)
        try:
            spiel = view.spiel.resample_from_infostate(view.viewer, gen.random)
        except pyspiel.SpielError as exc:
            raise ValueError(f"{self.name} cannot be determinized: OpenSpiel says {exc}") \
                from None
        return self.wrap(spiel, view.log)

    # ------------------------------------------------------ serialization
    def serialize(self, state: SpielState) -> str:
        """The moves from the start, with who made each, as JSON."""
        return json.dumps({"format": "stratagem/openspiel", "game": self.name,
                           "moves": [[r.player, _id(r.action)] for r in state.history]})

    def deserialize(self, text: str) -> SpielState:
        """Replay the moves of a ``serialize`` text from the initial state."""
        try:
            doc = json.loads(text)
            if doc.get("game") != self.name:
                raise ValueError(f"a state of '{doc.get('game')}', not '{self.name}'")
            state = self.new_state()
            for _player, action_id in doc["moves"]:
                d = state.decision
                if d is None:
                    raise ValueError("moves after the end of the game")
                kind = ROLL if d.player == CHANCE else MOVE
                key = "value" if kind == ROLL else "id"
                state = self.apply(state, Action(kind, None, ((key, int(action_id)),)))
        except (ValueError, KeyError, TypeError, IllegalActionError) as exc:
            raise SerializationError(f"malformed OpenSpiel state text: {exc}") from None
        return state

    # ---------------------------------------------------------- narration
    def describe_action(self, state: SpielState, player: int, action: Action) -> str:
        """OpenSpiel's own name for the action."""
        who = pyspiel.PlayerId.CHANCE if player == CHANCE else player
        return str(state.spiel.action_to_string(who, _id(action)))

    def render(self, state: SpielState) -> str:
        """OpenSpiel's text of the state."""
        return str(state.spiel)

    def describe_flow(self, state: SpielState) -> str:
        """The move number."""
        return f"move {state.spiel.move_number()}"


def _id(action: Action) -> int:
    return int(action.targets[0][1])


def _redact(log: LogNode, viewer: int) -> LogNode:
    """The log as ``viewer`` knows it: chance outcomes withheld."""
    records: list[Record] = []
    node = log
    while node is not None:
        node, rec = node
        records.append(rec)
    out: LogNode = None
    for rec in reversed(records):
        action = Action(ROLL, None, (("value", None),)) if rec.player == CHANCE else rec.action
        out = (out, Record(rec.player, action))
    return out


def spiel_state(game: SpielGame, spiel: Any) -> SpielState:
    """The Stratagem state of an OpenSpiel state of ``game``, its log rebuilt from the moves."""
    if spiel.get_game().get_type().short_name != game.name:
        raise ValueError(f"a state of {spiel.get_game()}, not of {game.name}")
    state = game.new_state()
    for player, action_id in ((pa.player, pa.action) for pa in spiel.full_history()):
        kind, key = (ROLL, "value") if player == pyspiel.PlayerId.CHANCE else (MOVE, "id")
        state = game.apply(state, Action(kind, None, ((key, int(action_id)),)), check=False)
    return state


class StratagemBot(pyspiel.Bot):  # type: ignore[misc]
    """A ``pyspiel.Bot`` that asks a Stratagem agent (a roster code or an ``Agent``), for a
    ``pyspiel.Game`` (bridged or OpenSpiel's own) or a ``SpielGame`` wrapping one."""

    def __init__(self, spiel_game: Any, agent: str | Agent, player: int,
                 seed: int = 0, **kwargs: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bridged = isinstance(spiel_game, StratagemGame)
        self.game: ForwardModel[Any] = (
            spiel_game.native if self.bridged
            else spiel_game if isinstance(spiel_game, SpielGame)  # wrapped already
            else SpielGame(spiel_game))
        self.agent = (make_agent(agent, self.game, seed=seed, **kwargs)
                      if isinstance(agent, str) else agent)
        self.player = player
        self.last = ""
        """The rationale of the agent's last choice."""

    def player_id(self) -> int:
        """The player this bot plays."""
        return self.player

    def restart_at(self, state: Any) -> None:
        """A new game begins: the agent forgets the last one."""
        self.agent.reset(self.agent.seed)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Other players' moves need no bookkeeping: the agent reads the state's log."""

    def provides_policy(self) -> bool:
        """The bot gives an action, not a policy."""
        return False

    def step(self, state: Any) -> int:
        """The agent's choice for the state, as an OpenSpiel action id."""
        native: Any
        if self.bridged:
            native = native_state(state)
        else:
            assert isinstance(self.game, SpielGame)
            native = spiel_state(self.game, state)
        d = native.decision
        if d is None or d.player != self.player:
            raise ValueError(f"the bot of player {self.player} was asked to move in a state "
                             f"where {d.player if d else 'nobody'} decides")
        view = self.game.view(native, self.player)
        assert view.decision is not None
        choice = self.agent.choose(view, view.decision)
        self.last = choice.rationale
        return codec.encode(native, choice.action) if self.bridged else _id(choice.action)


if TYPE_CHECKING:  # the type checker proves here that an OpenSpiel game is a forward model
    def _spiel(game: SpielGame) -> ForwardModel[SpielState]:
        return game


__all__ = ["MOVE", "ROLL", "SpielGame", "SpielState", "StratagemBot", "spiel_state"]
