"""The web page: a session plays agents around the human seats, the server answers the page,
bad requests change nothing, hidden cards stay hidden, and the page's script draws a snapshot."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
import websockets

import stratagem
from stratagem.arena import Replay, replay_game
from stratagem.engine import Rng, StratagemError
from stratagem.web import GameStore, Session, SessionError, create_app
from stratagem.web import server as server_module
from stratagem.web.server import MAX_BODY
from test_cli import assert_one_line_error, run


def _human_vs_random(name: str = "tic_tac_toe", seed: int = 0) -> Session:
    game = stratagem.load(name)
    return Session(game, ["human"] + ["random"] * (len(game.players) - 1), seed)


# ------------------------------------------------------------------ the session
def test_a_human_move_is_answered_by_the_agents() -> None:
    session = _human_vs_random()
    snap = session.snapshot()
    assert snap["viewer"] == 0 and snap["decision"]["yours"] and not snap["log"]
    assert len(snap["decision"]["options"]) == 9
    session.act("place cell=(1,1)")
    snap = session.snapshot()
    assert [step["who"] for step in snap["log"]] == ["x", "o"]
    assert snap["log"][0]["line"] == "marks (1,1)"
    assert snap["log"][1]["why"]  # the agent's rationale travels with its move
    assert len(snap["decision"]["options"]) == 7


@pytest.mark.parametrize("text", ["place cell=(1,1)", "place cell=(9,9)", "fly away", "", "#"])
def test_a_refused_move_changes_nothing(text: str) -> None:
    session = _human_vs_random()
    session.act("place cell=(1,1)")
    before = session.game.serialize(session.state)
    steps = len(session.steps)
    with pytest.raises(StratagemError) as refused:
        session.act(text)
    assert str(refused.value).strip()
    assert session.game.serialize(session.state) == before and len(session.steps) == steps


def test_a_finished_game_takes_no_more_moves() -> None:
    session = _human_vs_random()
    rng = Rng(3)
    while session.state.decision is not None:
        options = session.snapshot()["decision"]["options"]
        session.act(options[rng.below(len(options))]["text"])
    snap = session.snapshot()
    assert snap["decision"] is None and snap["outcome"]["text"].startswith("Result: ")
    with pytest.raises(SessionError, match="no one at the page"):
        session.act("place cell=(0,0)")


def test_without_a_human_the_agents_play_it_out_and_everything_shows() -> None:
    session = Session(stratagem.load("pig"), ["random", "random"], 4)
    snap = session.snapshot()
    assert snap["outcome"] is not None and snap["viewer"] is None
    assert any(step["rolls"] for step in snap["log"])  # nothing hidden: the dice are told


def test_seats_are_checked_before_a_game_starts() -> None:
    game = stratagem.load("tic_tac_toe")
    with pytest.raises(SessionError, match="2 players"):
        Session(game, ["human"], 0)
    with pytest.raises(StratagemError, match="unknown agent"):
        Session(game, ["human", "grandmaster"], 0)


def test_hidden_cards_stay_hidden_and_chance_is_not_told() -> None:
    """High card from the first seat: the other hand is only question marks, the deals are
    not told, and the snapshot is the same for every deal consistent with what it sees."""
    session = _human_vs_random("high_card", 2)
    snap = session.snapshot()
    theirs = [e for e in snap["entities"] if e["owner"] == 1 and e["pos"] is None]
    mine = [e for e in snap["entities"] if e["owner"] == 0 and e["pos"] is None]
    assert theirs and all(e["zone"] == "?" for e in theirs)
    assert mine and any(e["zone"] != "?" for e in mine)
    assert all(step["line"] == "decides" and not step["rolls"]
               for step in snap["log"] if step["who"] == "chance")
    real = session.state
    differed = 0
    for seed in range(6):
        session.state = session.game.determinize(real.view(0), seed)
        differed += session.state != real
        other = session.snapshot()
        assert other["entities"] == snap["entities"] and other["players"] == snap["players"]
    assert differed, "no other deal was tried: the comparison tested nothing"


def test_the_game_so_far_replays_exactly() -> None:
    session = _human_vs_random("skirmish", 5)
    rng = Rng(8)
    for _ in range(6):
        if session.state.decision is None:
            break
        options = session.snapshot()["decision"]["options"]
        session.act(options[rng.below(len(options))]["text"])
    replay = Replay.from_json(session.replay().to_json())
    assert replay.agents == ("human", "random")
    assert replay_game(session.game, replay) == session.state


# ------------------------------------------------------------------ the server
class Live:
    """The application on uvicorn in a thread, on a free port of 127.0.0.1."""

    def __init__(self, store: GameStore | None = None, **options: Any) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.app = create_app(store, **options)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning",
                                                    lifespan="on"))
        self.thread = threading.Thread(target=self.server.run,
                                       kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"

    @property
    def games(self) -> dict[str, Any]:
        tables: dict[str, Any] = self.app.state.server.tables
        return tables

    def call(self, method: str, path: str, body: Any = None, *, raw: bytes | None = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                text = answer.read()
                status = answer.status
        except urllib.error.HTTPError as exc:
            text, status = exc.read(), exc.code
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def open(self, game: str, seats: list[str], seed: int = 0, **more: Any) -> dict[str, Any]:
        status, snap = self.call("POST", "/api/games", {"game": game, "seats": seats,
                                                        "seed": seed, **more})
        assert status == 200, snap
        return self.settled(snap["id"])

    def settled(self, id: str) -> dict[str, Any]:
        """The game's snapshot once its agents have stopped playing."""
        deadline = time.monotonic() + 60
        while True:
            status, snap = self.call("GET", f"/api/games/{id}")
            assert status == 200, snap
            if not snap["busy"]:
                return dict(snap)
            assert time.monotonic() < deadline, "the agents did not stop"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture()
def live() -> Iterator[Live]:
    server = Live()
    yield server
    server.stop()


def test_the_page_and_the_games_are_served(live: Live) -> None:
    """The page, the catalog, a new game and its snapshot; unknown paths are 404 in one line."""
    status, html = live.call("GET", "/")
    assert status == 200 and b"<script>" in html and b"/action" in html
    status, catalog = live.call("GET", "/api/catalog")
    assert status == 200 and "tic_tac_toe" in [g["name"] for g in catalog["games"]]
    assert "casual" in catalog["agents"]
    snap = live.open("tic_tac_toe", ["human", "random"])
    assert snap["game"] == "tic_tac_toe" and snap["version"] == 0 and snap["svg"].startswith("<svg")
    status, again = live.call("GET", f"/api/games/{snap['id']}?t=123")
    assert status == 200 and again["version"] == 0
    status, body = live.call("GET", "/nowhere")
    assert status == 404 and "no such page" in body["error"]
    status, body = live.call("GET", "/api/games/nosuch")
    assert status == 404 and "no game" in body["error"]


def test_a_move_over_http_is_played_and_answered(live: Live) -> None:
    snap = live.open("tic_tac_toe", ["human", "random"])
    status, after = live.call("POST", f"/api/games/{snap['id']}/action",
                              {"action": "place cell=(0,0)", "version": 0})
    assert status == 200 and after["version"] >= 1
    snap = live.settled(snap["id"])
    assert [step["who"] for step in snap["log"]] == ["x", "o"] and snap["version"] == 2


def test_a_move_against_an_older_position_is_refused(live: Live) -> None:
    """A second tab that still shows position 0 cannot play into position 2."""
    snap = live.open("tic_tac_toe", ["human", "random"])
    live.call("POST", f"/api/games/{snap['id']}/action", {"action": "place cell=(0,0)",
                                                          "version": 0})
    before = live.settled(snap["id"])
    status, answer = live.call("POST", f"/api/games/{snap['id']}/action",
                               {"action": "place cell=(2,2)", "version": 0})
    assert status == 409 and "position 0" in answer["error"] and "position 2" in answer["error"]
    assert live.settled(snap["id"])["version"] == before["version"]


@pytest.mark.parametrize(("body", "needle"), [
    (b'{"action": "place cell=(7,7)"}', "not a possible position"),
    (b'{"action": 3}', '{"action"'),
    (b"{not json", "not JSON"),
    (b"[1, 2]", "JSON object"),
    (b" " * (MAX_BODY + 1), "larger than"),
    (b'{"action": "place cell=(0,0)", "version": ' + b"9" * 5000 + b"}", "too many digits"),
    (b"[" * 20000 + b"]" * 20000, "nests deeper"),
    (b'{"a":' * 40 + b"1" + b"}" * 40, "nests deeper"),
    (b'{"action": "fly away"}', "fly away"),
    (b'{"action": "place cell=(0,0)", "version": -1}', "version"),
    (b'{"action": "place cell=(0,0)", "version": "two"}', "version"),
])
def test_a_bad_request_is_one_line_and_changes_nothing(live: Live, body: bytes,
                                                       needle: str) -> None:
    snap = live.open("tic_tac_toe", ["human", "random"])
    table = live.games[snap["id"]]
    before = table.game.serialize(table.session.state)
    status, answer = live.call("POST", f"/api/games/{snap['id']}/action", raw=body)
    assert status == 400 and needle in answer["error"] and "\n" not in answer["error"]
    assert table.game.serialize(table.session.state) == before


def test_another_host_or_another_sites_page_is_refused(live: Live) -> None:
    """A request naming another host (DNS rebinding), or sent by another site's page,
    is refused in one line; the page's own origin is let in."""
    status, answer = live.call("GET", "/api/games", headers={"Host": "evil.example"})
    assert status == 400 and "evil.example" in answer["error"]
    snap = live.open("tic_tac_toe", ["human", "random"])
    path = f"/api/games/{snap['id']}/action"
    status, answer = live.call("POST", path, {"action": "place cell=(0,0)", "version": 0},
                               headers={"Origin": "http://evil.example"})
    assert status == 403 and "evil.example" in answer["error"]
    assert live.settled(snap["id"])["version"] == 0
    status, _ = live.call("POST", path, {"action": "place cell=(0,0)", "version": 0},
                          headers={"Origin": live.url})
    assert status == 200


def test_a_stalled_body_is_cut_off(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that sends its headers and then stalls gets 400 after the time limit
    instead of holding the connection forever."""
    monkeypatch.setattr(server_module, "BODY_SECONDS", 0.5)
    snap = live.open("tic_tac_toe", ["human", "random"])
    port = int(live.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=20) as conn:
        conn.sendall(f"POST /api/games/{snap['id']}/action HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())
        started = time.monotonic()
        answer = ""
        while "}" not in answer.partition("\r\n\r\n")[2]:
            chunk = conn.recv(4096).decode()
            if not chunk:
                break
            answer += chunk
    assert answer.startswith("HTTP/1.1 400") and "did not arrive" in answer
    assert time.monotonic() - started < 15


def test_new_game_take_back_and_the_replay_file(live: Live) -> None:
    snap = live.open("tic_tac_toe", ["human", "random"])
    id = snap["id"]
    live.call("POST", f"/api/games/{id}/action", {"action": "place cell=(2,2)", "version": 0})
    snap = live.settled(id)
    status, back = live.call("POST", f"/api/games/{id}/undo", {"version": snap["version"]})
    assert status == 200 and back["version"] == 0 and back["decision"]["yours"]
    status, snap = live.call("POST", f"/api/games/{id}/new", {"seed": 11})
    assert status == 200 and snap["seed"] == 11 and snap["log"] == []
    status, answer = live.call("POST", f"/api/games/{id}/new", {"seed": "eleven"})
    assert status == 400 and "whole number" in answer["error"]
    live.call("POST", f"/api/games/{id}/action", {"action": "place cell=(2,2)", "version": 0})
    live.settled(id)
    status, text = live.call("GET", f"/api/games/{id}/replay")
    replay = Replay.from_json(json.dumps(text))
    assert status == 200 and replay.seed == 11 and replay.records[0][1] == "place cell=(2,2)"
    # the same file opens as a replay to step through, where nothing can be played
    status, opened = live.call("POST", "/api/replays", raw=json.dumps(text).encode())
    assert status == 200 and opened["readonly"] and opened["version"] == 2
    assert opened["decision"] is None or not opened["decision"]["options"]
    status, answer = live.call("POST", f"/api/games/{opened['id']}/action",
                               {"action": "place cell=(0,0)", "version": 2})
    assert status == 400 and "replay" in answer["error"]
    status, answer = live.call("POST", "/api/replays", raw=b'{"format": "nonsense"}')
    assert status == 400 and "replay" in answer["error"]


def test_take_backs_are_off_by_default_where_they_would_show_a_secret(live: Live) -> None:
    """A game of dice or hidden cards starts without take-backs unless asked (a take-back
    would show the draw to come); a game with neither starts with them, as at `play`."""
    status, catalog = live.call("GET", "/api/catalog")
    secret = {g["name"]: g["secret"] for g in catalog["games"]}
    assert secret["high_card"] and secret["pig"] and not secret["tic_tac_toe"]
    cards = live.open("high_card", ["human", "random"])
    assert not cards["casual"]
    status, answer = live.call("POST", f"/api/games/{cards['id']}/undo",
                               {"version": cards["version"]})
    assert status == 400 and "take-backs are off" in answer["error"]
    assert live.open("high_card", ["human", "random"], casual=True)["casual"]
    assert live.open("tic_tac_toe", ["human", "random"])["casual"]
    assert not live.open("tic_tac_toe", ["human", "random"], casual=False)["casual"]


def test_games_survive_a_restart_of_the_server(tmp_path: Path) -> None:
    """Two games at once, kept in SQLite: a new server on the same file has both, at the
    same positions with the same reasons, and plays on."""
    store = str(tmp_path / "games.sqlite")
    first = Live(GameStore(store))
    try:
        a = first.open("tic_tac_toe", ["human", "casual"], 3)
        first.call("POST", f"/api/games/{a['id']}/action", {"action": "place cell=(1,1)",
                                                            "version": 0})
        a = first.settled(a["id"])
        b = first.open("pig", ["human", "random"], 5)
    finally:
        first.stop()
    second = Live(GameStore(store))
    try:
        again = second.settled(a["id"])
        assert again["version"] == a["version"] == 2 and again["log"] == a["log"]
        assert again["svg"] == a["svg"] and second.settled(b["id"])["version"] == b["version"]
        status, _ = second.call("POST", f"/api/games/{a['id']}/action",
                                {"action": "place cell=(0,0)", "version": 2})
        assert status == 200 and second.settled(a["id"])["version"] == 4
    finally:
        second.stop()


def test_agents_play_in_the_background_and_pages_hear_it(live: Live) -> None:
    """Two agents at a chosen speed: the move answers at once, and a WebSocket hears the
    thinking tick and every decision as it is made."""
    snap = live.open("tic_tac_toe", ["human", "random"])
    got: list[dict[str, Any]] = []

    async def listen() -> None:
        url = live.url.replace("http", "ws") + f"/ws/games/{snap['id']}"
        async with websockets.connect(url, origin=live.url) as ws:  # type: ignore[arg-type]
            got.append(json.loads(await ws.recv()))
            live.games[snap["id"]].delay = 0.6
            await asyncio.to_thread(live.call, "POST", f"/api/games/{snap['id']}/action",
                                    {"action": "place cell=(1,1)", "version": 0})
            while not (got[-1]["type"] == "snapshot" and got[-1]["version"] == 2
                       and not got[-1]["busy"]):
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))

    asyncio.run(listen())
    kinds = [m["type"] for m in got]
    assert "thinking" in kinds and kinds[0] == "snapshot"
    assert got[-1]["version"] == 2 and not got[-1]["busy"]
    assert any(m["type"] == "snapshot" and m["busy"] for m in got)


class _FinishingTable(server_module.Table):
    """A table whose agents' worker finishes right after ``snapshot`` first looks at
    ``busy``: the worst moment for a page's answer to be put together."""

    looks = 0

    @property  # type: ignore[override]
    def busy(self) -> bool:
        self.looks += 1
        if self.looks == 1:
            return True
        # the worker's last steps: the position is played on, the picture let go of
        self.session.act(self.session.snapshot()["decision"]["options"][0]["text"])
        self.serial += 1
        self.cached = None
        return False

    @busy.setter
    def busy(self, value: bool) -> None:
        pass


def test_an_answer_never_calls_an_old_picture_finished() -> None:
    """A snapshot taken while the agents' worker finishes is either the worker's last
    picture, still busy, or the position as it now stands: never the old picture with
    ``busy`` false (a page waiting for the agents would take it for the end of their turn)."""
    table = _FinishingTable("t", _human_vs_random(), "tic_tac_toe")
    old = table.session.snapshot()
    table.cached, table.cached_serial = old, table.serial
    snap = table.snapshot()
    if snap["busy"]:
        assert snap["version"] == old["version"] and snap["serial"] == 0
    else:
        assert snap["version"] == table.session.version > old["version"]
        assert snap["decision"]["yours"]


def test_an_agent_that_breaks_is_one_line_on_the_page(live: Live,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault inside an agent is told on the page in one line; the server goes on."""
    snap = live.open("tic_tac_toe", ["human", "random"])
    agent = live.games[snap["id"]].session.agents[1]
    assert agent is not None

    def broken(*_: object) -> None:
        raise RuntimeError("the agent broke")

    monkeypatch.setattr(agent, "choose", broken)
    live.call("POST", f"/api/games/{snap['id']}/action", {"action": "place cell=(0,0)",
                                                          "version": 0})
    snap = live.settled(snap["id"])
    assert snap["error"] == "the server failed: RuntimeError: the agent broke"


# ------------------------------------------------------------------ the command
def test_serve_has_help_and_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    code, out, _ = run(capsys, "serve", "--help")
    assert code == 0 and "browser" in out and "--port" in out
    assert_one_line_error(*run(capsys, "serve", "no_such_game")[::2], "no_such_game")
    assert_one_line_error(*run(capsys, "serve", "pig", "--agents", "human,wizard")[::2],
                          "unknown agent")
    assert_one_line_error(*run(capsys, "serve", "pig", "--agents", "human")[::2], "2 players")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = str(taken.getsockname()[1])
        assert_one_line_error(*run(capsys, "serve", "pig", "--port", port)[::2],
                              "cannot listen", "--port")
    finally:
        taken.close()


def test_a_column_is_picked_by_any_square_of_it() -> None:
    """Connect four's drop names a column (`on_board: column`): each option covers every
    square of its column, so a click anywhere in the column finds it."""
    snap = _human_vs_random("connect_four").snapshot()
    options = snap["decision"]["options"]
    assert [o["text"] for o in options] == [f"drop column={x}" for x in range(7)]
    for x, option in enumerate(options):
        assert sorted(option["cells"]) == [[x, y] for y in range(6)]


def test_a_replay_from_the_page_of_a_rules_file_game_names_the_file(tmp_path: Path) -> None:
    rules = tmp_path / "tiny.yaml"
    rules.write_text((Path(stratagem.__file__).parent / "games" / "tic_tac_toe" /
                      "rules.yaml").read_text().replace("game: tic_tac_toe", "game: tiny"))
    session = Session(stratagem.load(str(rules)), ["human", "random"], 0)
    session.act("place cell=(0,0)")
    replay = session.replay()
    assert replay.game == "tiny" and replay.meta["rules"] == str(rules.resolve())


def test_a_reaction_is_asked_as_a_sentence() -> None:
    """The duel with both seats at the page: the first reaction window names the unit
    that may react and what it reacts to."""
    session = Session(stratagem.load("duel"), ["human", "human"], 4)
    rng = Rng(1)
    for _ in range(200):
        decision = session.snapshot()["decision"]
        assert decision is not None, "the game ended before any reaction"
        if decision["kind"] == "reaction":
            break
        options = decision["options"]
        session.act(options[rng.below(len(options))]["text"])
    assert decision["kind"] == "reaction"
    assert decision["prompt"].startswith("fighter #1 may react before goblin #2 moves")


def test_two_agents_are_watched_at_the_chosen_speed(live: Live) -> None:
    """With no person seated the page watches: everything shows, and the agents wait the
    chosen delay between moves, so a short game takes at least that long per move."""
    started = time.monotonic()
    snap = live.open("tic_tac_toe", ["random", "random"], 2, delay=0.2)
    took = time.monotonic() - started
    assert snap["outcome"] is not None and snap["viewer"] is None
    assert took >= 0.2 * (snap["version"] - 1)
    status, answer = live.call("POST", "/api/games", {"game": "pig", "seats": ["random"] * 2,
                                                      "delay": 99})
    assert status == 400 and "delay" in answer["error"]


def test_a_phase_with_no_steps_is_named_once_in_the_pages_prompt(tmp_path: Path) -> None:
    """Caravans' writer saw "amber: trading/trading": the page names such a phase once
    (the saved state keeps the engine's own text, so old files read back the same)."""
    game = stratagem.load(Path(__file__).parent / "outsider" / "caravans" / "caravans.yaml",
                          "two")
    session = Session(game, ["human", "random"], seed=0)
    assert session.state.decision.prompt == "amber: trading/trading"
    assert session.snapshot()["decision"]["prompt"] == "amber: trading"


def test_a_game_of_dice_keeps_its_seed_from_the_page_while_it_goes_on(
        live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pig's snapshot and the lobby's list name no seed until the game ends (the dice to
    come follow from it); tic-tac-toe's do. A game opened without a seed gets a new one."""
    monkeypatch.delenv("STRATAGEM_SEED", raising=False)
    pig = live.open("pig", ["human", "random"], seed=5)
    assert pig["seed"] is None and pig["outcome"] is None
    status, listed = live.call("GET", "/api/games")
    assert status == 200
    assert [g["seed"] for g in listed["games"] if g["id"] == pig["id"]] == [None]
    watched = live.open("pig", ["random", "random"], seed=5)
    ended = live.settled(watched["id"])
    assert ended["outcome"] is not None and ended["seed"] == 5
    status, first = live.call("POST", "/api/games", {"game": "tic_tac_toe",
                                                     "seats": ["human", "random"]})
    status2, second = live.call("POST", "/api/games", {"game": "tic_tac_toe",
                                                       "seats": ["human", "random"]})
    assert status == status2 == 200 and first["seed"] != second["seed"]
