"""A rule that fails with a Python error, reported at its place in the rules file.

A faulty rule (a value of the wrong kind reaching a query, an index off a list) raises one
of ``RULE_FAILURES`` while it resolves; ``rule_failed`` turns it into one ``RuleError``
naming the effect, or the action whose options were being listed, where it was written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import RuleError
from .frames import Block
from .spec import TargetSpec

if TYPE_CHECKING:
    from .game import Game
    from .state import State


RULE_FAILURES = (ArithmeticError, LookupError, TypeError, ValueError, AttributeError,
                 RecursionError)
"""The Python errors a faulty rule can raise while it resolves (see ``Resolver.run``)."""


def rule_failed(game: Game, exc: BaseException) -> RuleError:
    """The error reported for a rule that failed with a Python error: at the place the
    failing effect was written, when the game knows it (``Game.sources``).

    The effect is found after the fact, in the traceback (the innermost frame running an
    effect's ``run``), so effects pay nothing for it while they succeed.
    """
    where = f"{game.name}:"
    if game.sources:
        tb = exc.__traceback__
        while tb is not None:
            frame = tb.tb_frame
            if frame.f_code.co_name in ("run", "run_straight"):
                effect = frame.f_locals.get("self")
                source = game.sources.get(id(effect))
                if source is not None and source[0] is effect:
                    where = f"{source[1]}:"
            elif any(k in frame.f_locals for k in ("rule", "score", "o")):
                # an end rule, the score or a turn order's first player being worked out
                for key in ("rule", "score", "o"):
                    part = frame.f_locals.get(key)
                    source = game.sources.get(id(part)) if part is not None else None
                    if source is not None and source[0] is part:
                        where = f"{source[1]}:"
            elif "at" in frame.f_locals:  # listing an action's options: its conditions
                at = frame.f_locals["at"]
                source = game.sources.get(id(at))
                if source is not None and source[0] is at:
                    spec = frame.f_locals.get("spec")
                    where = (f"{source[1]}, target `{spec.name}`:"
                             if isinstance(spec, TargetSpec) else f"{source[1]}:")
            tb = tb.tb_next
    # A ValueError is the engine's own sentence (an effect refusing a value); any other
    # kind is Python's, and its name says what went wrong (an index off a list...).
    kind = "" if type(exc) in (ValueError, RuleError) else f"{type(exc).__name__}: "
    named = getattr(game.rules_scope, "player_names", ())
    seated = ""
    if len(named) > len(game.players) and isinstance(exc, LookupError):
        # A scenario seats fewer players than the rules name: the likely cause.
        seated = (f" (this set-up seats {', '.join(game.players)}, not "
                  f"{', '.join(named[len(game.players):])}: a rule that names a player not "
                  "seated fails in play)")
    failed = RuleError(f"{where} a rule failed while resolving: {kind}{exc}{seated}")
    failed.located = True
    return failed




def where_stuck(s: State) -> str:
    """Where a resolution that does not settle goes round: the effect on top of the stack
    (by its line, when the rules gave one), else the flow's round, phase and step."""
    g = s.game
    for frame in reversed(s.stack):
        if type(frame) is Block and frame.pc < len(frame.effects):
            where = g.sources.get(id(frame.effects[frame.pc]))
            if where is not None:
                return f"at {where[1]}"
    f = s.flow
    if not g.phases or not 0 <= f.phase < len(g.phases):
        return "before the first round"
    phase = g.phases[f.phase]
    step = (f" step `{phase.steps[f.step].name}`," if len(phase.steps) > 1
            and 0 <= f.step < len(phase.steps) else "")
    return (f"in round {f.round}, phase `{phase.name}`,{step} with no decision offered "
            "(a turn handed round for ever?)")


__all__ = ["RULE_FAILURES", "rule_failed", "where_stuck"]
