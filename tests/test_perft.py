"""Perft: leaf counts of the game tree from named positions, pinned by tables in ``tests/perft/``.

Each table (``tests/perft/<game>.txt``) was computed with OpenSpiel's own game, an
independent implementation; its header defines the count precisely. Stratagem's
counts must match them exactly, and with pyspiel installed the tables are
re-derived from OpenSpiel so that they cannot drift from their oracle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem.engine import Action, Game, State
from stratagem.engine.actions import parse_action

TABLES = Path(__file__).resolve().parent / "perft"
GAMES = ("tic_tac_toe", "connect_four")


@dataclass(frozen=True)
class Entry:
    """One line of a perft table."""

    game: str
    name: str
    moves: tuple[str, ...]
    depth: int
    leaves: int
    line: int

    @property
    def id(self) -> str:
        return f"{self.game}:{self.name}"


def read_table(game: str) -> list[Entry]:
    """The entries of ``tests/perft/<game>.txt``: ``name | moves | depth | leaves`` per line."""
    entries = []
    path = TABLES / f"{game}.txt"
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        fields = [f.strip() for f in text.split("|")]
        if len(fields) != 4:
            raise ValueError(f"{path}:{number}: expected 4 fields separated by '|', "
                             f"got {len(fields)}")
        name, moves, depth, leaves = fields
        entries.append(Entry(game, name, tuple(m.strip() for m in moves.split(";") if m.strip()),
                             int(depth), int(leaves), number))
    return entries


ENTRIES = [entry for game in GAMES for entry in read_table(game)]


def perft(game: Game, state: State, depth: int) -> int:
    """Leaves of the tree below ``state``: 1 at depth 0 or at the game's end, else the sum."""
    if depth == 0 or state.decision is None:
        return 1
    return sum(perft(game, game.apply(state, action), depth - 1)
               for action in game.legal_actions(state))


def position(game: Game, moves: tuple[str, ...]) -> State:
    """The state after ``moves`` (action texts) from the initial state."""
    state = game.new_state(seed=0)
    for text in moves:
        state = game.apply(state, game.parse_action(state, text))
    return state


# ------------------------------------------------------------------ the tables
def test_tables_are_well_formed() -> None:
    """Every table has unique names, the initial position at depths 1 to 4, and positive counts."""
    for game in GAMES:
        entries = read_table(game)
        names = [e.name for e in entries]
        assert len(names) == len(set(names)), game
        start_depths = {e.depth for e in entries if not e.moves}
        assert {1, 2, 3, 4} <= start_depths, game
        assert all(e.depth >= 1 and e.leaves >= 1 for e in entries), game


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_stratagem_matches_perft_table(entry: Entry) -> None:
    """From each named position, Stratagem's game tree has the table's number of leaves."""
    game = stratagem.load(entry.game)
    state = position(game, entry.moves)
    assert state.decision is not None, f"{entry.id} is already over"
    assert perft(game, state, entry.depth) == entry.leaves


def test_perft_counts_finished_games_as_leaves() -> None:
    """A position one move from a win has as many depth-2 leaves as moves, plus replies to the rest."""
    game = stratagem.load("tic_tac_toe")
    state = position(game, ("place cell=(0,0)", "place cell=(0,1)",
                            "place cell=(1,0)", "place cell=(1,1)"))
    winning = game.parse_action(state, "place cell=(2,0)")
    after = game.apply(state, winning)
    assert after.decision is None and after.outcome is not None
    others = [a for a in game.legal_actions(state) if a != winning]
    assert perft(game, state, 2) == 1 + sum(len(game.legal_actions(game.apply(state, a)))
                                            for a in others)


# ------------------------------------------------------------------ the oracle
def _openspiel_id(game: str) -> Callable[[Action], int]:
    if game == "tic_tac_toe":
        def ttt(action: Action) -> int:
            col, row = action.target("cell")
            return int(row) * 3 + int(col)
        return ttt

    def c4(action: Action) -> int:
        return int(action.target("column"))
    return c4


def _openspiel_perft(state: Any, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    return sum(_openspiel_perft(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
def test_table_agrees_with_openspiel(entry: Entry) -> None:
    """Each count in the tables is what OpenSpiel's own game gives for the same position."""
    pyspiel = pytest.importorskip("pyspiel")
    to_id = _openspiel_id(entry.game)
    state = pyspiel.load_game(entry.game).new_initial_state()
    for text in entry.moves:
        action_id = to_id(parse_action(text))
        assert not state.is_terminal() and action_id in state.legal_actions(), (entry.id, text)
        state.apply_action(action_id)
    assert _openspiel_perft(state, entry.depth) == entry.leaves
