"""Saved states and replays edited at random — a field, an option list, a roll, a hash —
come back as the very same game or as one clear error: never an illegal action accepted,
never a traceback. ``STRATAGEM_FUZZ_CASES`` sets how many edits each test tries (a
few dozen by default, so the suite stays quick; thousands for a long run)."""

from __future__ import annotations

import copy
import json
import os
from typing import Any

import pytest

import stratagem
from stratagem.arena import Replay, replay_game
from stratagem.engine import Rng, State, StratagemError
from stratagem.engine.serialize import loads

CASES = int(os.environ.get("STRATAGEM_FUZZ_CASES", "40"))
GAMES = ["pig", "skirmish", "tic_tac_toe", "elemental_duel"]


def _played(name: str, seed: int, moves: int) -> State:
    game = stratagem.load(name)
    state = game.new_state(seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.decision is None:
            break
        state = game.apply(state, state.decision.actions[rng.below(len(state.decision.actions))])
    return state


def _junk(rng: Rng, like: Any) -> Any:
    """A value to put in place of ``like``: a near miss as often as nonsense."""
    pick = rng.below(8)
    if isinstance(like, bool):
        return not like
    if isinstance(like, int) and pick < 5:
        return like + (1 if rng.below(2) else -1) * (1 + rng.below(6))
    if isinstance(like, str) and pick < 4:
        return like[::-1] if rng.below(2) else like + " x"
    return [None, 0, -1, 10**30, "", "move #1 to=(0,0)", [], {}][pick]


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for k, v in items:
        out.append((*at, k))
        out.extend(_paths(v, (*at, k)))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        doc = doc[k]
    doc[path[-1]] = value


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _forge_state(rng: Rng, doc: dict[str, Any], legal: list[str]) -> str:
    """One random edit of a saved state's JSON; its kind is returned."""
    kind = rng.below(5)
    if kind == 0 and doc.get("decision"):  # an option added to the list
        mover = legal[rng.below(len(legal))].split()
        forged = " ".join([mover[0], *mover[1:2], f"to=({rng.below(9)},{rng.below(9)})"])
        doc["decision"]["actions"].append(forged)
        return "option"
    if kind == 1:  # a roll in the log
        rolled = [r for r in doc["log"] if r[2]]
        if rolled:
            r = rolled[rng.below(len(rolled))]
            i = rng.below(len(r[2]))
            r[2][i] = r[2][i] + 1 + rng.below(5)
            return "roll"
    if kind == 2:
        doc["rules_hash"] = "0" * 16
        return "hash"
    paths = _paths(doc)
    path = paths[rng.below(len(paths))]
    _set(doc, path, _junk(rng, _get(doc, path)))
    return "field"


@pytest.mark.parametrize("name", GAMES)
def test_edited_saved_states_are_the_same_game_or_one_error(name: str):
    """Each random edit of a saved state loads as the original or is one SerializationError
    line; a forged option is never legal unless the rules offer it anyway."""
    game = stratagem.load(name)
    outcomes = {"same": 0, "refused": 0}
    for case in range(CASES):
        rng = Rng(case)
        state = _played(name, case, 1 + rng.below(12))
        legal = [str(a) for a in game.legal_actions(state)] or ["pass"]
        doc = json.loads(game.serialize(state))
        forged = copy.deepcopy(doc)
        kind = _forge_state(rng, forged, legal)
        try:
            loaded = loads(game, json.dumps(forged), check_history=True)
        except StratagemError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400, (kind, str(exc))
            outcomes["refused"] += 1
            continue
        if not game.info.chance:
            # The generator, and whether chance is surfaced, make no difference to a game
            # without chance: the same game, whatever they say.
            mine, theirs = json.loads(game.serialize(loaded)), json.loads(game.serialize(state))
            for key in ("rng", "explicit"):
                mine.pop(key), theirs.pop(key)
            assert mine == theirs, (case, kind)
        else:
            assert loaded == state, (case, kind)
        assert [str(a) for a in game.legal_actions(loaded)] == [
            str(a) for a in game.legal_actions(state)]
        outcomes["same"] += 1
    assert outcomes["refused"] > 0 and sum(outcomes.values()) == CASES


@pytest.mark.parametrize("name", ["pig", "skirmish"])
def test_edited_replays_replay_the_same_game_or_are_one_error(name: str):
    """Each random edit of a replay (a roll, an action, a player, the seed, a hash, the
    outcome) replays to the original final state or is one clear error."""
    game = stratagem.load(name)
    refused = 0
    for case in range(CASES):
        rng = Rng(1000 + case)
        result = stratagem.play(game, ["random", "random"], seed=case)
        doc = json.loads(result.replay.to_json())
        kind = rng.below(4)
        if kind == 0:
            rolled = [r for r in doc["records"] if r[2]]
            if rolled:
                r = rolled[rng.below(len(rolled))]
                r[2][0] = r[2][0] + 1 + rng.below(5)
        elif kind == 1:
            doc["seed"] = doc["seed"] + 1 + rng.below(100)
        elif kind == 2:
            doc["final_hash"] = doc["final_hash"][::-1]
        else:
            paths = _paths(doc)
            path = paths[rng.below(len(paths))]
            _set(doc, path, _junk(rng, _get(doc, path)))
        try:
            rep = Replay.from_json(json.dumps(doc))
            end = replay_game(game, rep)
        except StratagemError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 400, str(exc)
            refused += 1
            continue
        assert end == result.state and end.outcome == result.outcome, (case, kind)
    assert refused > 0
