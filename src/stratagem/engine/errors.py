"""Errors raised by the engine.

Every error Stratagem raises on purpose derives from ``StratagemError``; each
also derives from the built-in exception a Python user would reach for::

    StratagemError
    ├── IllegalActionError(ValueError)    an action the rules do not allow here
    ├── ActionParseError(ValueError)      action text that does not parse
    ├── SerializationError(ValueError)    a saved state or replay that is malformed
    │   └── RulesChangedError             ... or that was made under other rules
    ├── UnknownGameError(LookupError)     a game name that is not bundled
    ├── GameDefinitionError(ValueError)   a game built with inconsistent parts
    ├── RunawayError(RuntimeError)        a rule that never settles (cascade, loop)
    ├── TooManyOutcomesError(RuntimeError) an exact distribution larger than asked for
    └── RuleError(RuntimeError)           a rule that fails while the game is played

The command line prints ``str(error)`` of any of these as one line and exits
non-zero; it never shows a traceback for them.
"""

from __future__ import annotations


class StratagemError(Exception):
    """Base class of every error Stratagem raises on purpose."""


class IllegalActionError(StratagemError, ValueError):
    """An action that is not legal in the state it was applied to.

    ``condition`` names the rule that failed, so a player (or an agent author)
    can see why, for example ``"target: cell (1, 1) is not empty"``.
    """

    def __init__(self, action: object, condition: str) -> None:
        self.action = action
        self.condition = condition
        super().__init__(f"illegal action {action}: {condition}")

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[object, str]]:
        # Rebuilt from both arguments when it crosses a process boundary (arena workers).
        return (type(self), (self.action, self.condition))


class ActionParseError(StratagemError, ValueError):
    """Action text that does not parse into an action of the game."""


class SerializationError(StratagemError, ValueError):
    """A serialized state or replay that cannot be read back."""


class RulesChangedError(SerializationError):
    """A saved state or replay made under rules other than the ones it is opened with
    (their fingerprints differ); readers may be asked to open it anyway."""


class ViewPlayedError(StratagemError, ValueError):
    """A view (``state.view(player)``) given where play needs the full state: a view
    withholds what its player may not see, so play from it would be play of another game.
    Play on ``game.determinize(view, seed)``, a full state the viewer can believe in."""


class UnknownGameError(StratagemError, LookupError):
    """A game name that is neither bundled nor a path to a rules file."""


class GameDefinitionError(StratagemError, ValueError):
    """A game whose parts do not fit together (unknown names, bad bounds)."""


class RuleError(StratagemError, RuntimeError):
    """A rule that fails while the game is played (a value of the wrong kind, say).

    The state being changed is a copy, so the state it started from is intact.
    """

    located = False
    """Whether the message already names where the failing rule is written (set by
    ``failures.rule_failed``); one raised by an effect's own check is located on its way out."""


class RunawayError(StratagemError, RuntimeError):
    """A rule that does not settle: a reaction chain, trigger cascade or loop past its bound."""


class TooManyOutcomesError(StratagemError, RuntimeError):
    """``Game.outcomes`` was given a ``limit`` and the action has more outcomes than that.

    Eight dice rolled at once have 390,625 outcomes: a search that wants exact
    chance where it is cheap asks with a limit and samples (``Game.apply``) past it.
    """
