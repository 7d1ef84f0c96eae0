"""The roster: agents registered by code, built from text like ``mcts:iterations=2000,c=1.4``.

Registration is explicit (a table in this module), never a side effect of import.
Arguments after the colon are the factory's keyword arguments; an argument the
agent does not take, or a value of the wrong kind, is an ``AgentSpecError``
that names the arguments it does take.
"""

from __future__ import annotations

import difflib
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import ForwardModel, GameInfo, StratagemError
from .base import Agent, Budget, GameShapeError, SearchAgent
from .expectimax import ExpectimaxAgent
from .external import CODE as EXTERNAL
from .external import load_agent_class
from .human import HumanAgent
from .levels import LEVELS
from .lookahead import GreedyTurnAgent, OSLAAgent
from .mcts import MCTSAgent
from .portfolio import PortfolioAgent
from .program.runtime import ProgramAgent
from .random_agent import RandomAgent
from .rhea import RHEAAgent
from .tactical import TacticalAgent


class AgentSpecError(StratagemError, ValueError):
    """An agent code that does not name a registered agent or has bad arguments."""


BUDGET_ARGUMENTS: dict[str, type] = {"seconds": float, "iterations": int, "calls": int}
"""The default budget, settable in a code: each a positive number (``mcts:calls=500``)."""

NOT_TEXT = frozenset({"budget"})
"""Arguments a code's text cannot set (a ``Budget`` is built from the three above)."""


@dataclass(frozen=True)
class AgentSpec:
    """A registered agent: code, one-line description, factory."""

    code: str
    description: str
    factory: Callable[..., Agent]
    positional: str | None = None
    """The argument a bare value after the colon sets (``program:goblins``), if any."""

    @property
    def default_budget(self) -> Budget | None:
        """What one decision spends when the code gives no budget (``None``: the agent
        spends nothing, or it is not a class the roster knows)."""
        budget = getattr(self.factory, "default_budget", None)
        return budget if isinstance(budget, Budget) and not budget.is_empty else None

    @property
    def arguments(self) -> dict[str, Any]:
        """The keyword arguments settable from a code's text, with their defaults."""
        return {name: p.default for name, p in _parameters(self.factory).items()
                if name not in NOT_TEXT and _plain(p)}


def _external(game: ForwardModel[Any], seed: int = 0, *, path: str = "") -> Agent:
    """Stands in the roster for ``python:PATH`` codes, which ``make_agent`` builds from
    the class itself."""
    raise AgentSpecError(f"{EXTERNAL}:PATH agents are built by make_agent")


ROSTER: dict[str, AgentSpec] = {
    spec.code: spec
    for spec in (
        AgentSpec("random", RandomAgent.description, RandomAgent),
        AgentSpec("osla", OSLAAgent.description, OSLAAgent),
        AgentSpec("greedy-turn", GreedyTurnAgent.description, GreedyTurnAgent),
        AgentSpec("expectimax", ExpectimaxAgent.description, ExpectimaxAgent),
        AgentSpec("mcts", MCTSAgent.description, MCTSAgent),
        AgentSpec("rhea", RHEAAgent.description, RHEAAgent),
        AgentSpec("portfolio", PortfolioAgent.description, PortfolioAgent),
        AgentSpec("tactical", TacticalAgent.description, TacticalAgent),
        AgentSpec("human", HumanAgent.description, HumanAgent),
        AgentSpec("program", ProgramAgent.description, ProgramAgent, positional="file"),
        AgentSpec(EXTERNAL, "an agent class of your own, by import path: "
                  "python:package.module.Class (then its own arguments)", _external,
                  positional="path"),
        *(AgentSpec(level.name, level.description, level) for level in LEVELS),
    )
}


def _parameters(factory: Callable[..., Agent]) -> dict[str, inspect.Parameter]:
    """The factory's keyword parameters, less the game and seed every agent takes."""
    return {name: p for name, p in inspect.signature(factory).parameters.items()
            if name not in ("self", "game", "seed")
            and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}


_PLAIN = frozenset({"int", "float", "str", "bool"})


def _plain(p: inspect.Parameter) -> bool:
    """Whether a code's text can give this parameter its value: its annotation admits a
    number, text or a truth value (``tactical``'s ``weights: str | Mapping``, a table's
    name or the table). A value function, an evaluator or a stream (``mcts``'s
    ``evaluator``, ``human``'s ``stdin``) is passed from Python."""
    ann = p.annotation
    if ann is inspect.Parameter.empty:
        return isinstance(p.default, bool | int | float | str | None)
    names = ann if isinstance(ann, str) else getattr(ann, "__name__", repr(ann))
    return bool({part.strip() for part in names.split("|")} & _PLAIN)


def code_text(value: Any) -> str:
    """An argument's value as a code writes it (``true``, ``1.4``, ``default``): what
    ``_arg`` reads back."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _arg(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for conv in (int, float):
        try:
            value = conv(text)
        except ValueError:
            continue
        # nan and inf read as floats, but no argument means them: they stay text, so an
        # argument that takes a number refuses them ("must be a number, got 'nan'").
        return value if math.isfinite(value) else text
    return text


def _budget_value(code: str, key: str, value: Any) -> float | int:
    whole = BUDGET_ARGUMENTS[key] is int
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            whole and not isinstance(value, int)) or not math.isfinite(value):
        raise AgentSpecError(f"agent '{code}': {key} must be {kind} above 0, got {value!r}")
    if value <= 0:
        raise AgentSpecError(f"agent '{code}': {key} must be {kind} above 0, got {value}")
    return value if whole else float(value)


def split_agent_codes(text: str) -> list[str]:
    """Agent codes from a comma-separated list, where codes may hold commas themselves.

    ``mcts:iterations=50,c=2,random`` is two codes: a part that reads ``key=value``
    belongs to the code before it. Empty parts are dropped.
    """
    codes: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        key, sep, _ = part.partition("=")
        if sep and codes and ":" in codes[-1] and key.strip().isidentifier():
            codes[-1] += "," + part
        else:
            codes.append(part)
    return codes


def parse_agent_code(code: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value,key=value`` into the name and its arguments."""
    name, _, rest = code.strip().partition(":")
    kwargs: dict[str, Any] = {}
    spec = ROSTER.get(name)
    for i, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, sep, value = part.partition("=")
        if i == 0 and spec is not None and spec.positional and (
                not sep or not key.isidentifier()):
            kwargs[spec.positional] = part  # program:goblins, program:my/file.yaml
            continue
        if not sep or not key.isidentifier():
            raise AgentSpecError(f"agent '{code}': expected key=value, got '{part}'")
        kwargs[key] = _arg(value)
    return name, kwargs


def _check_arguments(code: str, spec: AgentSpec, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The arguments, checked against the factory's and converted where a default says how."""
    params = _parameters(spec.factory)
    settable = ", ".join(sorted(spec.arguments)) or "none"
    open_ended = any(p.kind == p.VAR_KEYWORD  # an agent of your own with **kwargs
                     for p in inspect.signature(spec.factory).parameters.values())
    checked: dict[str, Any] = {}
    for key, value in kwargs.items():
        if key not in params and open_ended and key not in NOT_TEXT:
            checked[key] = _budget_value(code, key, value) if key in BUDGET_ARGUMENTS \
                else value
            continue
        if key not in params or key in NOT_TEXT:
            raise AgentSpecError(f"agent '{code}': {spec.code} has no argument '{key}' "
                                 f"(its arguments: {settable})")
        if not _plain(params[key]):
            raise AgentSpecError(f"agent '{code}': {key} is an object passed from Python, "
                                 f"not a value a code can give (its arguments: {settable})")
        if key in BUDGET_ARGUMENTS:
            checked[key] = _budget_value(code, key, value)
            continue
        default = params[key].default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise AgentSpecError(f"agent '{code}': {key} must be true or false, got {value!r}")
        if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        elif (isinstance(default, int | float) and not isinstance(default, bool)
              and not isinstance(value, type(default))):
            kind = "an integer" if isinstance(default, int) else "a number"
            raise AgentSpecError(f"agent '{code}': {key} must be {kind}, got {value!r}")
        checked[key] = value
    return checked


def alternatives(info: GameInfo) -> list[str]:
    """Codes of the registered search agents that can play a game of this shape."""
    return [code for code, spec in ROSTER.items()
            if isinstance(spec.factory, type) and issubclass(spec.factory, SearchAgent)
            and spec.factory.refusal(info) is None]


def make_agent(code: str, game: ForwardModel[Any], seed: int = 0, **extra: Any) -> Agent:
    """Build the agent a roster code names, for ``game`` (or, for ``python:PATH``, the
    ``Agent`` class at that import path: ``agents.external``)."""
    name, kwargs = parse_agent_code(code)
    if name not in ROSTER:
        known = ", ".join(sorted(ROSTER))
        close = difflib.get_close_matches(name, ROSTER, n=1, cutoff=0.6)
        guess = f"did you mean '{close[0]}'? " if close else ""
        raise AgentSpecError(f"unknown agent '{name}' ({guess}known: {known}, or "
                             f"{EXTERNAL}:package.module.Class for your own)")
    spec = ROSTER[name]
    if name == EXTERNAL:
        try:
            cls = load_agent_class(str(kwargs.pop("path", "")))
        except ValueError as exc:
            raise AgentSpecError(f"agent '{code}': {exc}") from None
        spec = AgentSpec(code, cls.description, cls)
    kwargs = _check_arguments(code, spec, kwargs)
    kwargs.update(extra)
    try:
        return spec.factory(game, seed=seed, **kwargs)
    except GameShapeError as exc:  # say which registered agents can play it instead
        others = alternatives(game.info)
        listed = ", ".join(others[:-1]) + f" or {others[-1]}" if len(others) > 1 else \
            "".join(others)
        raise GameShapeError(f"{exc}; use {listed}" if others else str(exc)) \
            from None
    except (TypeError, ValueError) as exc:
        if isinstance(exc, StratagemError):
            raise
        raise AgentSpecError(f"agent '{code}': {exc}") from None
