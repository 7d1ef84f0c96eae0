"""Running games between agents: the referee, single matches, replays, and tournaments.

``Match`` is the referee (one game, decision by decision); ``play`` runs one to its
end and ``replay_game`` re-runs a recorded one; ``arena.narration`` tells a game in
words; ``arena.tournament``, ``arena.runner``, ``arena.store``, ``arena.stats``,
``arena.head_to_head``, ``arena.balance`` (over ``arena.distinct`` and ``arena.inference``),
``arena.measures`` and ``arena.report`` make up ``stratagem arena``.
"""

from .match import HUMAN, Match, MatchResult, TimeLimit, play
from .replay import Replay, replay_game, replay_meta, rules_origin, state_hash

__all__ = ["HUMAN", "Match", "MatchResult", "Replay", "TimeLimit", "play", "replay_game",
           "replay_meta", "rules_origin", "state_hash"]
