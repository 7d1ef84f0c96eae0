"""Running games between agents: single matches and replays."""

from .match import MatchResult, Replay, play, replay_game

__all__ = ["MatchResult", "Replay", "play", "replay_game"]
