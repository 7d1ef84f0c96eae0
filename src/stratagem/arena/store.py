"""Tournament results in SQLite: one row per finished game, committed as it finishes.

A results file belongs to one tournament (its JSON and key are stored with it). A
tournament stopped at any point loses only the games still being played: every
finished game is already committed, and the ``games`` table's key forbids a game
twice. Resuming reads which games are done and plays the rest; resuming with more
games per line-up extends the file to the larger tournament. A file whose games were
dealt or seated otherwise than the schedule deals them now (written by a version of the
arena whose deals differed) is refused for resuming: it would mix two schedules.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .tournament import GameRow, Job, Tournament, TournamentError

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    idx INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    winners TEXT NOT NULL,
    ranks TEXT NOT NULL,
    scores TEXT NOT NULL,
    reason TEXT NOT NULL,
    decisions INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    seconds REAL NOT NULL,
    think TEXT NOT NULL,
    moves TEXT NOT NULL,
    slow TEXT NOT NULL,
    forfeit INTEGER,
    stats TEXT NOT NULL,
    replay TEXT NOT NULL
);
"""

FORMAT = "stratagem/arena-results/1"


class ResultStore:
    """The results file of one tournament."""

    def __init__(self, path: Path, tournament: Tournament, *, resume: bool,
                 jobs: Sequence[Job] | None = None) -> None:
        """Open (or start) the results file of ``tournament``.

        With ``resume`` and the tournament's schedule ``jobs``, a file holding the same
        tournament with fewer games per line-up is extended to this one: its games
        keep their keys (and so their seeds and results) and take their places in
        the larger schedule, as if the larger tournament had been played from the start.
        """
        self.path = path
        existed = path.exists() and path.stat().st_size > 0
        try:
            self.db = sqlite3.connect(path)
            self.db.executescript(SCHEMA)
            meta = dict(self.db.execute("SELECT name, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise TournamentError(f"{path}: not a Stratagem results file ({exc})") from None
        if existed and meta:
            if meta.get("format") != FORMAT:
                self.close()
                raise TournamentError(f"{path}: not a Stratagem results file")
            stored = meta.get("tournament", "{}")
            if stored != tournament.to_json():
                games = _games_if_only_size_differs(stored, tournament)
                smaller = games is not None and games < tournament.games
                if not smaller or not resume or jobs is None:
                    self.close()
                    hint = "choose another --db"
                    orders = _only_differs_in(stored, tournament, "seat_orders", "every")
                    measures = _only_differs_in(stored, tournament, "measures", [])
                    if orders is not None:
                        hint = (f"it was played with --seat-orders {orders}: pass that to "
                                f"continue it, or {hint}")
                    elif measures is not None:
                        given = " ".join(f"--measure '{m}'" for m in measures) or "no --measure"
                        hint = (f"it was played with {given}: give the same to continue "
                                f"it, or {hint}")
                    elif smaller:
                        hint = (f"pass --resume to extend it to {tournament.games} games "
                                f"per line-up, or {hint}")
                    elif games is not None:
                        hint = (f"it already has more games per line-up; {hint}, or ask "
                                "for at least as many")
                    raise TournamentError(
                        f"{path} holds the results of another tournament "
                        f"({_describe(stored)}); {hint}")
                self._extend(tournament, jobs)
            done = self.count()
            if done and not resume:
                self.close()
                raise TournamentError(
                    f"{path} already holds {done} finished games of this tournament; pass "
                    f"--resume to play the rest, or choose another --db")
            if done and jobs is not None:
                self._check_deals(jobs)
        else:
            with self.db:
                self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                    ("format", FORMAT), ("tournament", tournament.to_json()),
                    ("key", tournament.key)])

    def _extend(self, tournament: Tournament, jobs: Sequence[Job]) -> None:
        """Renumber the stored games to their places in ``jobs`` and record the larger
        tournament, in one transaction (an interrupted extension leaves the file as it was)."""
        keys = [k for (k,) in self.db.execute("SELECT key FROM games")]
        if hasattr(jobs, "index_of"):  # a lazy Schedule: places computed from the keys
            index = {k: jobs.index_of(k) for k in keys}
        else:
            index = {job.key: job.index for job in jobs}
        missing = [k for k in keys if index.get(k) is None]
        if missing:  # cannot happen for a tournament that differs only in size
            self.close()
            raise TournamentError(f"{self.path}: stored game {missing[0]} is not in the "
                                  "larger tournament's schedule")
        with self.db:  # negative first: the new numbers may collide with old ones
            self.db.execute("UPDATE games SET idx = -1 - idx")
            self.db.executemany("UPDATE games SET idx = ? WHERE key = ?",
                                [(index[k], k) for k in keys])
            self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                ("tournament", tournament.to_json()), ("key", tournament.key)])

    def _check_deals(self, jobs: Sequence[Job]) -> None:
        """Refuse a file whose stored games the schedule deals or seats otherwise now."""
        lookup = getattr(jobs, "index_of", None)
        table = None if lookup is not None else {job.key: job for job in jobs}
        for key, seats, seed in self.db.execute("SELECT key, seats, seed FROM games"):
            if table is not None:
                job = table.get(key)
            else:
                i = lookup(key)  # type: ignore[misc]
                job = None if i is None else jobs[i]
            if job is not None and job.seed == seed and list(job.seats) == json.loads(seats):
                continue
            self.close()
            now = ("is not in its schedule" if job is None else
                   f"is dealt seed {job.seed}, seats {list(job.seats)} now")
            raise TournamentError(
                f"{self.path}: its game {key} was played with seed {seed}, seats "
                f"{json.loads(seats)}, and {now}: the file was written by a version of the "
                "arena that dealt its games otherwise, and a tournament cannot be continued "
                "across that change (`stratagem report` still reads it; choose another --db "
                "to play the tournament afresh)")

    def count(self) -> int:
        """Finished games stored."""
        return int(self.db.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def done(self) -> set[str]:
        """Keys of the finished games."""
        return {k for (k,) in self.db.execute("SELECT key FROM games")}

    def add(self, row: GameRow) -> None:
        """Store one finished game and commit it."""
        with self.db:
            self.db.execute(
                "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (row.index, row.key, _j(row.seats), row.seed, _j(row.winners), _j(row.ranks),
                 _j(row.scores), row.reason, row.decisions, row.rounds, row.seconds,
                 _j(row.think), _j(row.moves), _j(row.slow), row.forfeit, _j(row.stats),
                 row.replay))

    def rows(self) -> list[GameRow]:
        """Every finished game, in schedule order."""
        return [GameRow(
            r[0], r[1], tuple(json.loads(r[2])), r[3], tuple(json.loads(r[4])),
            tuple(json.loads(r[5])), tuple(json.loads(r[6])), r[7], r[8], r[9], r[10],
            tuple(json.loads(r[11])), tuple(json.loads(r[12])), tuple(json.loads(r[13])),
            r[14], json.loads(r[15]), r[16])
            for r in self.db.execute("SELECT * FROM games ORDER BY idx")]

    def close(self) -> None:
        """Close the file."""
        self.db.close()


def _j(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _games_if_only_size_differs(stored: str, tournament: Tournament) -> int | None:
    """The games per line-up of the ``stored`` tournament when it is ``tournament`` but
    for that number (so one can be extended into the other), else ``None``."""
    try:
        doc = json.loads(stored)
        games = int(doc["games"])
    except (ValueError, KeyError, TypeError):
        return None
    mine = json.loads(tournament.to_json())
    return games if {**doc, "games": 0} == {**mine, "games": 0} else None


def _only_differs_in(stored: str, tournament: Tournament, key: str, default: Any) -> Any:
    """The ``stored`` tournament's ``key`` (``default`` when it has none) when it is
    ``tournament`` but for it (and, perhaps, its number of games); else ``None``."""
    try:
        doc = json.loads(stored)
        theirs = doc.pop(key, default)
        doc["games"] = 0
    except (ValueError, TypeError, AttributeError):
        return None
    mine = json.loads(tournament.to_json())
    ours = mine.pop(key, default)
    mine["games"] = 0
    return theirs if doc == mine and theirs != ours else None


def _describe(text: str) -> str:
    try:
        doc = json.loads(text)
        return f"{doc['game']}: {', '.join(doc['agents'])}, {doc['games']} games per line-up"
    except (ValueError, KeyError, TypeError):
        return "unreadable"


def read_results(path: Path) -> tuple[Tournament, list[GameRow]]:
    """The tournament and finished games a results file holds (for reports after the fact)."""
    if not path.exists():
        raise TournamentError(f"no results file at {path}")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        meta = dict(db.execute("SELECT name, value FROM meta").fetchall())
        db.close()
    except sqlite3.DatabaseError as exc:
        raise TournamentError(f"{path}: not a Stratagem results file ({exc})") from None
    if meta.get("format") != FORMAT:
        raise TournamentError(f"{path}: not a Stratagem results file")
    tournament = Tournament.from_json(meta["tournament"])
    store = ResultStore(path, tournament, resume=True)
    try:
        return tournament, store.rows()
    finally:
        store.close()
