"""A keyed parameter of many keys is said short on a player's (or a unit's) line: the keys
away from their default, then what the others hold, or `name all 0` while none has moved
(the push-your-luck writer's finding: 22 entries per player, zeros included)."""

from __future__ import annotations

from pathlib import Path

from rules_helpers import act, build
from stratagem.agents.human import describe_view
from stratagem.cli.board import players_text
from stratagem.engine.display import params_words

TRACKS = (Path(__file__).parent / "outsider" / "pushluck" / "repro"
          / "08_keyed_params_panel.yaml").read_text()


def _lines(game, state) -> list[str]:  # type: ignore[no-untyped-def]
    return [line.strip() for line in describe_view(game, state, board=False)]


def test_a_player_line_lists_only_the_keys_that_moved() -> None:
    game = build(TRACKS)
    s = game.new_state(seed=1)
    assert "red: climb all 0, runner all 0" in _lines(game, s)
    s = act(game, s, "step col=7")
    s = act(game, s, "step col=9")
    s = act(game, s, "step col=7")
    lines = _lines(game, s)
    assert "red: climb[7] 2 (others 0), runner all 0" in lines, lines
    assert "blue: climb[9] 1 (others 0), runner all 0" in lines, lines
    table = players_text(game, s)
    assert table is not None and "Red: climb[7] 2 (others 0), runner all 0" in table.plain


def test_few_keys_differing_defaults_and_plain_parameters_are_listed_as_before() -> None:
    say = str
    few = [("die[1]", 0), ("die[2]", 3)]
    assert params_words(few, {"die[1]": 0, "die[2]": 0}, say) == "die[1] 0, die[2] 3"
    many = [(f"m[{i}]", 0) for i in range(6)]
    uneven = {f"m[{i}]": i % 2 for i in range(6)}  # the unmoved keys hold two defaults
    at_them = [(k, v) for k, v in uneven.items()]
    assert params_words(at_them, uneven, say) == ", ".join(f"m[{i}] {i % 2}" for i in range(6))
    assert params_words([("gold", 3), *many], {f"m[{i}]": 0 for i in range(6)}, say) \
        == "gold 3, m all 0"
    moved = [(f"m[{i}]", 1) for i in range(6)]  # every key moved: each is said
    assert params_words(moved, {f"m[{i}]": 0 for i in range(6)}, say) \
        == ", ".join(f"m[{i}] 1" for i in range(6))


def test_the_web_page_is_sent_the_short_line_too() -> None:
    from stratagem.web import Session  # noqa: PLC0415 - the web extra's import, here only

    session = Session(build(TRACKS), ["human", "random"], 1)
    snap = session.snapshot()
    assert snap["players"][0]["said"] == "climb all 0 · runner all 0"
    session.act("step col=7")
    said = session.snapshot()["players"][0]["said"]
    assert said == "climb[7] 1 (others 0) · runner all 0", said
