"""The end of a game: end rules checked after each resolved action, and the outcome.

``check_end`` tests the game's end rules (wins, losses, draws) whenever the stack has
emptied after something ran; ``finish`` ends a game at once (the ``win`` and
``draw_game`` effects); ``end_by_score`` ends it when the round limit is reached. Each
builds the ``Outcome``: winners, competition ranks, scores and the reason in words. In a
game of one side (solitaire, or cooperative: one team of everyone) the players win and
lose together against the game: a loss of any of them ends it lost by all
(``lose_together``).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from .context import Ctx
from .spec import PLAYER_FIELD
from .state import Outcome
from .turns import BEGIN_STEP, END_STEP, IN_STEP, turn_taker

if TYPE_CHECKING:
    from .game import Game
    from .runtime import Resolver
    from .state import State


def check_end(r: Resolver) -> bool:
    """Apply the end conditions; True when the game is over."""
    s = r.s
    g = s.game
    if not g.end_rules:
        return False
    # Where the options memo is kept (the options listed next seal the state anyway),
    # the state is sealed now: sealed, its entities are what the entity index reads
    # (counting a side's units), and the options read the same index after.
    if s.memo is not None:
        s._seal_own()
    if g.draws_only:  # the first draw rule that holds ends the game (connect four's full board)
        anyone = r.anyone
        for rule in g.end_rules:
            if rule.test(anyone):
                end_game(r, (), rule.reason, draw=True)
                return True
        return False
    wins: list[tuple[int, str]] = []
    losses: list[tuple[int, str]] = []
    f = s.flow
    active = (turn_taker(s)[0] if g.end_by_active and f.mode in (BEGIN_STEP, IN_STEP, END_STEP)
              else None)
    draw_reason: str | None = None
    nobody: Ctx | None = None
    for rule in g.end_rules:
        if rule.kind == "draw":
            if draw_reason is None:
                if nobody is None:
                    nobody = r.anyone
                if rule.test(nobody):
                    draw_reason = rule.reason
            continue
        if rule.who == "active" and active is not None:
            if s.players[active].alive and rule.test(Ctx(s, active)):
                (wins if rule.kind == "win" else losses).append((active, rule.reason))
            continue
        for p, pl in enumerate(s.players):
            if pl.alive and rule.test(Ctx(s, p)):
                (wins if rule.kind == "win" else losses).append((p, rule.reason))
    if wins:
        end_game(r, tuple(sorted({p for p, _ in wins})), said_of(g, "win", wins))
        return True
    if losses:
        if g.against_the_game:  # one side: a loss is everyone's
            first = losses[0][1]  # said of the game, unless it names the player
            lose_together(r, said_of(g, "lose", losses) if PLAYER_FIELD in first else first)
            return True
        lost = tuple(sorted({p for p, _ in losses}))
        for p in lost:
            s._w_player(p).alive = False
        s.flow = s.flow._replace(eliminated=(*s.flow.eliminated, lost))
        alive = tuple(p for p, pl in enumerate(s.players) if pl.alive)
        if (_one_side(g, alive) and len(s.players) > 1) or not alive:
            end_game(r, alive, said_of(g, "lose", losses), draw=not alive)
            return True
    if draw_reason is not None:  # a win or loss in the same check takes precedence
        end_game(r, (), draw_reason, draw=True)
        return True
    return False


def said(g: Game, kind: str, player: int, reason: str) -> str:
    """The reason an end rule gives, about ``player``: ``{player}`` in it becomes the player's
    name; a ``lose`` reason that does not name the player follows "NAME: ", so the result
    never leaves a reader guessing whose units are gone."""
    name = g.players[player]
    if PLAYER_FIELD in reason:
        return reason.replace(PLAYER_FIELD, name)
    return f"{name}: {reason}" if kind == "lose" else reason


STUCK = "{player} has no move"
"""The reason of a result that a player with no legal action gave (``Step.stuck``)."""


def stuck(r: Resolver, player: int, how: str) -> None:
    """``player`` has no legal action as a step begins, in a step that says what follows:
    ``lose`` puts them out (the last player standing wins), ``draw`` ends the game drawn."""
    reason = STUCK.replace(PLAYER_FIELD, r.game.players[player])
    if how == "draw":
        end_game(r, (), reason, draw=True)
        return
    eliminate(r, player, reason)


def eliminate(r: Resolver, player: int, reason: str) -> bool:
    """Put ``player`` out of the game, as a ``lose`` rule does; when at most one player is
    left standing the game ends (with ``reason``). Whether it ended."""
    s = r.s
    if not s.players[player].alive:
        return False
    if r.game.against_the_game:  # one side: a loss is everyone's
        lose_together(r, reason)
        return True
    s._w_player(player).alive = False
    s.flow = s.flow._replace(eliminated=(*s.flow.eliminated, (player,)))
    alive = tuple(p for p, pl in enumerate(s.players) if pl.alive)
    if _one_side(r.game, alive):
        end_game(r, alive, reason, draw=not alive)
        return True
    return False


def lose_together(r: Resolver, reason: str) -> None:
    """End a game of one side lost: every player out, no winner, every player ranked
    below first (``Outcome.lost_together``: the game itself won)."""
    s = r.s
    n = len(s.players)
    for p in range(n):
        if s.players[p].alive:
            s._w_player(p).alive = False
    s.outcome = _outcome(s.game, s, (), (2,) * n, reason)
    s.decision = None


def _one_side(g: Game, alive: tuple[int, ...]) -> bool:
    """Whether the players still in are at most one side: one player, or one team."""
    if g.sides is None or len(alive) <= 1:
        return len(alive) <= 1
    return len({g.sides[p] for p in alive}) == 1


def _whole_sides(g: Game, groups: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Groups of players, best first, as groups of whole sides: a side is placed where its
    best member is (a team wins, draws and loses together); sides first met in one group
    share its place."""
    sides = g.sides
    if sides is None:
        return groups
    placed: set[int] = set()
    out = []
    for group in groups:
        here = {sides[p] for p in group} - placed
        placed |= here
        members = tuple(p for p in range(len(sides)) if sides[p] in here)
        if members:
            out.append(members)
    return out


def said_of(g: Game, kind: str, held: list[tuple[int, str]]) -> str:
    """The reason of a result that end rules gave several players at once (``(player,
    reason)`` in the rules' order): the first rule's, said of each player it held for
    when it names the player (``ann has the most points and cid has the most points``)."""
    first = held[0][1]
    players = sorted({p for p, reason in held if reason == first})
    if PLAYER_FIELD not in first or len(players) == 1:
        return said(g, kind, players[0], first)
    each = [said(g, kind, p, first) for p in players]
    return ", ".join(each[:-1]) + " and " + each[-1]


def _ranks(groups: list[tuple[int, ...]], n: int) -> tuple[int, ...]:
    """Competition ranks ("1224") from groups of players, best group first."""
    ranks = [0] * n
    placed = 0
    for group in groups:
        for p in group:
            ranks[p] = placed + 1
        placed += len(group)
    return tuple(ranks)


def finish(r: Resolver, winners: tuple[int, ...], reason: str, draw: bool = False) -> None:
    """End the game now (for effects that declare a result); the stack is abandoned."""
    end_game(r, winners, reason, draw)
    r.s.stack.clear()


def end_game(r: Resolver, winners: tuple[int, ...], reason: str, draw: bool = False) -> None:
    """End the game: ``winners`` first, then the others standing (by score, highest first,
    when the game keeps one), then the eliminated (the last eliminated first). A draw puts
    everyone standing first together; when no one is standing, the players eliminated last
    share first place."""
    s = r.s
    n = len(s.players)
    batches = list(s.flow.eliminated)
    alive = tuple(p for p in range(n) if s.players[p].alive)
    if not draw and n > 1 and len(winners) == n and not s.game.against_the_game:
        draw = True  # rivals who all win at once: a draw (only one side wins together)
    if draw:
        top = alive if alive else (batches.pop() if batches else tuple(range(n)))
        groups = [top]
    else:
        groups = [winners, *_by_score(s, [p for p in alive if p not in winners])]
    groups += [b for b in reversed(batches)]
    groups = _whole_sides(s.game, [gr for gr in groups if gr])
    ranks = _ranks(groups, n)
    if not draw and s.game.sides is not None:  # a team wins together
        winners = tuple(p for p in range(n) if ranks[p] == 1)
    s.outcome = _outcome(s.game, s, () if draw else winners, ranks, reason)
    s.decision = None


def end_by_score(r: Resolver, reason: str) -> None:
    """End the game at the round limit (or by `end_game`): players standing ranked by score
    (all first together when the game keeps none), then the eliminated, the last eliminated
    first. Rivals all first together draw; a game played together against the game itself
    (a solitaire or a cooperative game) that reaches its end without a loss is won by all:
    they held out."""
    s = r.s
    g = s.game
    n = len(s.players)
    alive = [p for p in range(n) if s.players[p].alive]
    groups = _by_score(s, alive)
    groups += list(reversed(s.flow.eliminated))
    ranks = _ranks(_whole_sides(g, [gr for gr in groups if gr]), n)
    winners = tuple(p for p in range(n) if ranks[p] == 1)
    won = winners if len(winners) < n or g.against_the_game else ()
    s.outcome = _outcome(g, s, won, ranks, reason)
    s.decision = None


def _by_score(s: State, players: list[int]) -> list[tuple[int, ...]]:
    """``players`` in groups of equal score, highest first (one group when the game keeps
    no score)."""
    score = s.game.score
    if score is None:
        return [tuple(players)]
    tiebreak = s.game.tiebreak
    def both(p: int) -> tuple[Any, Any]:  # the score, then what breaks its ties
        ctx = Ctx(s, p)
        return score(ctx), tiebreak(ctx) if tiebreak is not None else 0
    scores = {p: both(p) for p in players}
    sides = s.game.sides
    if sides is not None:  # a team's score is the sum of its players' (all of them)
        own = {q: scores[q] if q in scores else both(q) for q in range(len(sides))}
        scores = {p: (sum(v[0] for q, v in own.items() if sides[q] == sides[p]),
                      sum(v[1] for q, v in own.items() if sides[q] == sides[p]))
                  for p in players}
    return [tuple(p for p in players if scores[p] == v)
            for v in sorted(set(scores.values()), reverse=True)]


def _outcome(g: Game, s: State, winners: tuple[int, ...], ranks: tuple[int, ...],
             reason: str) -> Outcome:
    if g.score is not None:
        scores = tuple(float(g.score(Ctx(s, p))) for p in range(len(ranks)))
    else:  # win 1, loss -1, draw 0, and between by place (a side that won together: 1 each)
        scores = Outcome(winners, ranks, (), reason).returns
    return Outcome(winners, ranks, scores, reason)



REPEATED = "the same position came up {times} times"
"""The reason of a draw by repetition (`end: repetition:`)."""


def position_key(s: State, ignore: frozenset[str]) -> str:
    """What makes a position the same position, as a short stable digest: every entity's
    type, owner, square, zone, parameters and statuses (not its id: a piece is a piece),
    the tiles, each player's parameters and standing, the game's `state:` and tile
    parameters (each without the names in ``ignore``: a move clock), and who decides."""
    def kept(name: str) -> bool:  # (a keyed parameter by its name or one key)
        return name not in ignore and name.partition("[")[0] not in ignore

    ents = sorted(repr((e.type, e.owner, e.pos, e.zone, sorted(
        (k, v) for k, v in e.params_.items() if kept(k)), e.statuses))
        for e in s.entities_.values())
    players = [(pl.alive, sorted((k, v) for k, v in pl.params.items() if kept(k)))
               for pl in s.players]
    written = sorted((k, v) for k, v in s.counters_.items()
                     if k.startswith(("state:", "tile:")) and kept(k.rpartition(":")[2]))
    d = s.decision
    text = repr((ents, s.tiles, players, written, None if d is None else d.player))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def count_position(r: Resolver) -> None:
    """Count the position a player is now to decide in (`end: repetition:`): the game is
    drawn when it has come up the declared number of times. Kept in the state's counters
    under ``rep:DIGEST``; only a player's action decision counts (not a roll, a reaction)."""
    s = r.s
    g = s.game
    d = s.decision
    if g.repetition is None or s.outcome is not None or d is None or d.kind != "action":
        return
    times, ignore = g.repetition
    key = "rep:" + position_key(s, ignore)
    count = s.counters_.get(key, 0) + 1
    s._w_counters()[key] = count
    if count >= times:
        end_game(r, (), REPEATED.replace("{times}", str(times)), draw=True)
