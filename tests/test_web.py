"""The web page: a session plays agents around the human seats, the server answers the page,
bad requests change nothing, hidden cards stay hidden, and the page's script draws a snapshot."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import stratagem
from stratagem.arena import Replay, replay_game
from stratagem.engine import Rng, StratagemError
from stratagem.web import GameServer, Session, SessionError
from stratagem.web.server import MAX_BODY, page
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
@pytest.fixture()
def server() -> Iterator[GameServer]:
    srv = GameServer(_human_vs_random(), port=0)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _get(srv: GameServer, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(srv.url + path.lstrip("/"), timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _post(srv: GameServer, path: str, body: bytes) -> tuple[int, Any]:
    request = urllib.request.Request(srv.url + path.lstrip("/"), data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_page_and_the_state_are_served(server: GameServer) -> None:
    status, html = _get(server, "/")
    assert status == 200 and b"<script>" in html and b"/api/action" in html
    status, body = _get(server, "/api/state")
    assert status == 200 and json.loads(body)["game"] == "tic_tac_toe"
    status, body = _get(server, "/nowhere")
    assert status == 404 and "no such page" in json.loads(body)["error"]
    status, body = _get(server, "/api/state?t=123")  # a cache-busting query is ignored
    assert status == 200 and json.loads(body)["game"] == "tic_tac_toe"
    status, snap = _post(server, "/api/new?x=1", b"{}")
    assert status == 200 and snap["seed"] == 1


def test_a_move_over_http_is_played_and_answered(server: GameServer) -> None:
    status, snap = _post(server, "/api/action", json.dumps({"action": "place cell=(0,0)"}).encode())
    assert status == 200 and [step["who"] for step in snap["log"]] == ["x", "o"]


@pytest.mark.parametrize(("body", "needle"), [
    (b'{"action": "place cell=(7,7)"}', "not a possible position"),
    (b'{"action": 3}', '{"action"'),
    (b"{not json", "not JSON"),
    (b"[1, 2]", "JSON object"),
    (b" " * (MAX_BODY + 1), "larger than"),
])
def test_a_bad_request_is_one_message_and_changes_nothing(server: GameServer, body: bytes,
                                                         needle: str) -> None:
    before = server.session.game.serialize(server.session.state)
    status, answer = _post(server, "/api/action", body)
    assert status == 400 and needle in answer["error"] and "\n" not in answer["error"]
    assert server.session.game.serialize(server.session.state) == before
    assert _post(server, "/api/else", b"{}")[0] == 404


def test_a_new_game_and_the_replay_file(server: GameServer) -> None:
    _post(server, "/api/action", b'{"action": "place cell=(2,2)"}')
    status, snap = _post(server, "/api/new", b'{"seed": 11}')
    assert status == 200 and snap["seed"] == 11 and snap["log"] == []
    status, answer = _post(server, "/api/new", b'{"seed": "eleven"}')
    assert status == 400 and "whole number" in answer["error"]
    _post(server, "/api/action", b'{"action": "place cell=(2,2)"}')
    status, body = _get(server, "/api/replay")
    replay = Replay.from_json(body.decode())
    assert status == 200 and replay.seed == 11 and replay.records[0][1] == "place cell=(2,2)"


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


# ------------------------------------------------------------------ the page's script
FAKE_DOM = r"""
// Just enough of a browser for the page's script: elements, events and fetch.
class Element {
  constructor(tag) { this.tag = tag; this.children = []; this.listeners = {};
    this.style = {}; this.hidden = false; this.value = ""; this.textContent = "";
    this.className = ""; this.title = "";
    const classes = new Set();
    this.classList = { add: (c) => classes.add(c), has: (c) => classes.has(c) }; }
  append(...nodes) { this.children.push(...nodes); }
  replaceChildren() { this.children = []; }
  addEventListener(kind, fn) { this.listeners[kind] = fn; }
  fire(kind) { return this.listeners[kind]({ preventDefault() {} }); }
}
const byId = {};
globalThis.document = {
  title: "",
  getElementById(id) { return byId[id] || (byId[id] = new Element("#" + id)); },
  createElement(tag) { return new Element(tag); },
};
const snapshot = JSON.parse(process.argv[2]);
const sent = [];
globalThis.fetch = async (path, init) => {
  sent.push([init.method, path, init.body || null]);
  return { ok: true, status: 200, json: async () => snapshot };
};
const script = require("fs").readFileSync(process.argv[3], "utf8");
eval(script);
setTimeout(async () => {
  const board = byId["board"], options = byId["options"];
  const cells = board.children.length;
  const pieces = board.children.filter((c) => c.children.length).length;
  const labels = options.children.map((b) => b.textContent);
  options.children[0].fire("click");
  // click a cell: the options narrow to those that touch it
  board.children[Number(process.argv[4])].fire("click");
  const narrowed = options.children.filter((b) => b.tag === "button").length;
  // double-click it: the one option that involves it is played
  board.children[Number(process.argv[4])].fire("dblclick");
  await new Promise((r) => setTimeout(r, 0));
  console.log(JSON.stringify({ cells, pieces, labels, narrowed, sent,
    title: byId["title"].textContent, turn: byId["turn"].textContent,
    log: byId["log"].children.map((c) => c.textContent) }));
}, 0);
"""


def _run_page(tmp_path: Path, snap: dict[str, Any], square: list[int]) -> dict[str, Any]:
    """Run the page's script on ``snap`` in node: it clicks the first option, then clicks
    and double-clicks ``square``; what it drew and sent."""
    html = page().decode()
    script = html[html.index("<script>") + len("<script>"):html.index("</script>")]
    (tmp_path / "page.js").write_text(script)
    (tmp_path / "dom.js").write_text(FAKE_DOM)
    x, y = square
    done = subprocess.run(["node", str(tmp_path / "dom.js"), json.dumps(snap),
                           str(tmp_path / "page.js"), str(y * snap["board"]["width"] + x)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    drawn: dict[str, Any] = json.loads(done.stdout)
    return drawn


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_the_page_script_draws_a_snapshot_and_sends_moves(tmp_path: Path) -> None:
    session = _human_vs_random("tic_tac_toe", 1)
    session.act("place cell=(1,1)")
    snap = session.snapshot()
    last = snap["decision"]["options"][-1]
    drawn = _run_page(tmp_path, snap, last["cells"][0])
    board = snap["board"]
    assert drawn["cells"] == board["width"] * board["height"]
    assert drawn["pieces"] == sum(1 for e in snap["entities"] if e["pos"] is not None) == 2
    assert drawn["labels"] == [o["label"] for o in snap["decision"]["options"]]
    assert drawn["sent"][0] == ["GET", "/api/state", None]
    first = snap["decision"]["options"][0]["text"]
    method, path, body = drawn["sent"][1]
    assert (method, path, json.loads(body)) == ("POST", "/api/action", {"action": first})
    assert drawn["narrowed"] == 1  # the clicked square: only marking it touches it
    method, path, body = drawn["sent"][2]  # double-clicked: that mark is played
    assert (method, path, json.loads(body)) == ("POST", "/api/action", {"action": last["text"]})
    assert drawn["title"] == "tic_tac_toe" and drawn["turn"].startswith("Your move")
    assert drawn["log"][:2] == ["round 1, play", "x marks (1,1)"]


def test_a_column_is_picked_by_any_square_of_it() -> None:
    """Connect four's drop names a column (`on_board: column`): each option covers every
    square of its column, so a click anywhere in the column finds it."""
    snap = _human_vs_random("connect_four").snapshot()
    options = snap["decision"]["options"]
    assert [o["text"] for o in options] == [f"drop column={x}" for x in range(7)]
    for x, option in enumerate(options):
        assert sorted(option["cells"]) == [[x, y] for y in range(6)]


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the page's script")
def test_a_double_click_on_a_column_drops_into_it(tmp_path: Path) -> None:
    snap = _human_vs_random("connect_four").snapshot()
    drawn = _run_page(tmp_path, snap, [4, 0])  # the top square of column 4
    assert drawn["narrowed"] == 1
    assert json.loads(drawn["sent"][2][2]) == {"action": "drop column=4"}


def test_an_agent_that_breaks_is_one_line_on_the_page(server: GameServer,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault inside an agent answers 500 with one line instead of dropping the
    connection (and a traceback on the server's terminal)."""
    agent = server.session.agents[1]
    assert agent is not None

    def broken(*_: object) -> None:
        raise RuntimeError("the agent broke")

    monkeypatch.setattr(agent, "choose", broken)
    status, answer = _post(server, "/api/action", b'{"action": "place cell=(0,0)"}')
    assert status == 500 and answer["error"] == "the server failed: RuntimeError: the agent broke"


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
