"""Running games between agents: single matches, replays, and tournaments.

``play`` and ``replay_game`` run one game; ``arena.tournament``, ``arena.runner``,
``arena.store``, ``arena.stats`` and ``arena.report`` make up ``stratagem arena``.
"""

from .match import MatchResult, Replay, TimeLimit, play, replay_game, rules_origin

__all__ = ["MatchResult", "Replay", "TimeLimit", "play", "replay_game", "rules_origin"]
