"""The tactical agent's reasons in a player's words.

A reason is one or two sentences: what the agent does, in the game's own action texts, and
why, in the terms a player weighs: the chance to kill, the hit points a blow is expected to
take, what a strike back may cost, the gold it is worth, the objective a unit walks to. The
module's figures (every candidate's score, the calls spent) go to ``Choice.private``.

The chance to kill and the damage expected are those the planner found when it priced the
plan's last step by its exact outcomes (``Plan.deaths``, ``Plan.hp_loss``).
"""

from __future__ import annotations

from ...engine import Action, Game, State
from .currency import Currency
from .modules import Candidate
from .plans import Plan, step_kind

LIKELY = 0.995
"""A chance at least this high is told as "surely"."""

HALF = 0.5
"""A kill at least this likely is told as a kill; a less likely one as the damage expected,
with the chance to kill beside it."""

MENTION = 0.05
"""A chance of a death below this is not told."""


def describe(game: Game, state: State, player: int, action: Action) -> str:
    """An action in words: its type's text, or for a reaction "fighter #1 parry"."""
    if action.type not in game.action_types and action.actor in state.entities:
        e = state.entities[action.actor]
        rest = "".join(f" {k}={v}" for k, v in action.targets)
        return f"{e.type} #{int(action.actor)} {action.type.replace('_', ' ')}{rest}"
    return game.describe_action(state, player, action)


def unit_name(state: State, eid: int | None) -> str:
    """A unit as the game's texts name it (``goblin #4``)."""
    e = None if eid is None else state.entities.get(eid)
    if e is None:
        return "a unit" if eid is None else f"#{int(eid)}"
    return f"{e.type.replace('_', ' ')} #{int(e.id)}"


def capital(text: str) -> str:
    """``text`` with its first letter a capital."""
    return text[:1].upper() + text[1:]


def steps_told(game: Game, state: State, player: int, plan: Plan) -> str:
    """A plan's steps as the game tells them, joined by "then" (a bare *select* left out)."""
    words = [describe(game, state, player, a) for a in plan.steps
             if not (step_kind(a) == "bare" and a.type == "select")]
    if not words:
        words = [describe(game, state, player, plan.steps[-1])]
    return capital(", then ".join(words))


def _chance(p: float) -> str:
    return "surely" if p >= LIKELY else f"{100 * p:.0f}%"


def effects(state: State, player: int, plan: Plan) -> tuple[str, float]:
    """What the plan's last step is expected to do to the units it touches, in words (the
    hit points taken and the chance to kill; own losses as the cost of a strike back), and
    the chance that it wins the game at once: read from the step's price (``Plan.hp_loss``,
    ``Plan.deaths``, ``Plan.wins``), so telling it costs no forward-model call. The words are
    empty when the step touches no unit that has a worth."""
    said: list[str] = []
    costs: list[str] = []
    for eid in sorted(set(plan.deaths) | set(plan.hp_loss)):
        e = state.entities.get(eid)
        if e is None:
            continue
        name = unit_name(state, eid)
        own = e.owner == player
        dies, hp = plan.deaths.get(eid, 0.0), plan.hp_loss.get(eid, 0.0)
        if own:
            text = f"{name} dies {_chance(dies)}" if dies >= MENTION \
                else f"{name} may lose {hp:.1f} HP" if hp > 0.05 else ""
        elif dies >= HALF:
            text = f"kills {name} {_chance(dies)}"
        elif hp > 0.05:
            text = f"takes {hp:.1f} HP from {name}" \
                + (f", {_chance(dies)} to kill it" if dies >= MENTION else "")
        else:
            text = ""
        if text:
            (costs if own else said).append(text)
    text = ", ".join(said)
    if costs:
        text += (", " if text else "") + "at a cost: " + ", ".join(costs)
    return text, plan.wins


def gold(value: float) -> str:
    """A price in the game's gold, for a sentence."""
    return f"{value:.0f}" if abs(value) >= 10 else f"{value:.1f}"


def reason(game: Game, currency: Currency, state: State, player: int, module: str,
           found: list[Candidate], noise: float, win: float) -> str:
    """The reason for carrying out ``found[0]``, a plan proposed by ``module`` (``win`` is the
    price of a won game, which a score may hold a share of)."""
    best = found[0]
    plan = best.plan
    what = steps_told(game, state, player, plan)
    note = best.note
    why: list[str] = []
    if module == "tactical":
        told, wins = effects(state, player, plan)
        if told:
            why.append(told)
        if wins >= MENTION:
            why.append(f"wins the game {_chance(wins)}")
        elif win > 0 and best.score >= MENTION * win:
            why.append(f"a chance to win the game once the answers to it are in "
                       f"(about {100 * best.score / win:.0f}%)")
        else:
            why.append(f"worth {gold(best.score)} gold")
        if "combo with " in note:
            follow = note.split("combo with ", 1)[1].rsplit(" (", 1)[0]
            why[-1] += f", so that then {follow}"
    elif module == "consolidation":
        where = "where the enemy cannot reach it" if "out of reach" in note \
            else "where it is expected to lose less"
        why.append(f"it would likely be killed where it stands, so it steps back {where}")
    elif module == "strategic":
        closer = note.split(";")[0].strip()
        if closer.endswith(" closer") or " closer to " in closer:
            count, _, rest = closer.partition(" closer")
            points = "movement point" if count == "1" else "movement points"
            why.append(f"{count} {points} closer{rest}")
        else:
            why.append("the best way forward")
    elif module == "guard":
        square = note.split("blocks ", 1)[-1]
        tile = state.tile(plan.at).replace("_", " ") if plan.at is not None else "square"
        why.append(f"it stands on the {tile} at {square}, which an enemy could take next "
                   "turn and win")
    else:
        why.append(f"the best plan of the {module} module")
    text = f"{what}: {'; '.join(why)}."
    if "drawn at random" in note:
        text += f" Not its best plan: it plays on a whim {100 * noise:.0f}% of the time."
    return text


__all__ = ["capital", "describe", "effects", "gold", "reason", "steps_told", "unit_name"]
