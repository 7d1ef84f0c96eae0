"""Games kept on disk: the web server's games in one SQLite file, so a restart loses nothing.

A game is kept as what it needs to be rebuilt: the rules it is played under (a bundled
name or a rules file, and a scenario), its seats, seed and options, and its records
(each decision with its rolls and reasons; ``Session.records``). ``GameStore.save`` is
called after every change; ``GameStore.games`` gives them all back at start-up.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from typing import Any

from .session import Record


@dataclass(frozen=True)
class Kept:
    """One kept game, as read back from the file."""

    id: str
    game: str
    scenario: str | None
    codes: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    records: tuple[Record, ...]


class GameStore:
    """The games of one server in the SQLite file ``path`` (``":memory:"``: none kept)."""

    def __init__(self, path: str = ":memory:") -> None:
        self.path = path
        self.lock = threading.Lock()
        self.closed = False
        self.db = sqlite3.connect(path, check_same_thread=False)
        with self.lock, self.db:
            self.db.execute("CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, "
                            "game TEXT NOT NULL, scenario TEXT, codes TEXT NOT NULL, "
                            "seed INTEGER NOT NULL, options TEXT NOT NULL, "
                            "records TEXT NOT NULL, created REAL DEFAULT (julianday('now')))")

    def save(self, kept: Kept) -> None:
        """Write ``kept`` (a new game, or the same id with more records); nothing once the
        store is closed (an agent that finishes its move as the server stops)."""
        with self.lock:
            if self.closed:
                return
            self._write(kept)

    def _write(self, kept: Kept) -> None:
        with self.db:
            self.db.execute(
                "INSERT INTO games (id, game, scenario, codes, seed, options, records) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "records = excluded.records, seed = excluded.seed",
                (kept.id, kept.game, kept.scenario, json.dumps(list(kept.codes)), kept.seed,
                 json.dumps(kept.options), json.dumps([list(r) for r in kept.records])))

    def games(self) -> list[Kept]:
        """Every kept game, oldest first."""
        with self.lock:
            rows = self.db.execute("SELECT id, game, scenario, codes, seed, options, records "
                                   "FROM games ORDER BY created, id").fetchall()
        return [Kept(row[0], row[1], row[2], tuple(json.loads(row[3])), int(row[4]),
                     dict(json.loads(row[5])),
                     tuple((int(p), str(a), tuple(int(x) for x in rolls), str(why), str(private))
                           for p, a, rolls, why, private in json.loads(row[6])))
                for row in rows]

    def close(self) -> None:
        """Close the file."""
        with self.lock:
            self.closed = True
            self.db.close()


__all__ = ["GameStore", "Kept"]
