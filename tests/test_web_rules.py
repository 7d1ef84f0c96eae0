"""The web page's Rules: the rules sheet of the game at the table (`GET
/api/games/ID/rules`) and of a game the lobby offers (`GET /api/rules?game=&scenario=`),
shown in a dialog — the README rendered from Markdown (raw HTML escaped, nothing fetched),
the order of play, units, actions, reactions, terrain, sides, fog and how the game ends.
Tried in the browser as a player would: opened from the table and from the lobby, read at
phone width, closed with Escape."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stratagem.web.rules_view import readme_html
from test_web import Live
from test_web_browser import CHROMIUM, PHONE, Tab, browser, live  # noqa: F401 (fixtures)

in_browser = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason="Debian's chromium drives the browser tests")


def test_a_readme_is_rendered_without_raw_html_scripts_links_that_run_or_images() -> None:
    html = readme_html(
        "# Siege\n\n<script>alert(1)</script> <b onclick=x>bold</b>\n\n"
        "[run](javascript:alert(1)) [ok](https://example.org) ![map](http://x.test/m.png)\n"
        "the [rules file](rules.yaml) and [*its* map](maps/a.md#top)\n\n"
        "| die | hits |\n|---|---|\n| 6 | 2 |\n")
    assert "<h1>Siege</h1>" in html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<b" not in html and "&lt;b onclick=x&gt;" in html
    assert 'href="javascript' not in html
    assert '<a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a>' \
        in html
    assert "the rules file and <em>its</em> map" in html  # files beside it: their text
    assert "<img" not in html and "[map]" in html
    assert "<table>" in html and "<td>6</td>" in html
    assert readme_html("  \n") == ""


def test_the_table_and_the_lobby_answer_with_the_rules_sheet() -> None:
    server = Live()
    try:
        snap = server.open("court_letters", ["human", "random"], 1)
        status, view = server.call("GET", f"/api/games/{snap['id']}/rules")
        assert status == 200 and view["title"] == "court_letters"
        assert view["turns"] == [{
            "phase": "play: each player takes a turn in seat order: north then south",
            "steps": ["draw: draw; until count(zone(player, 'hand')) >= 2 or "
                      "count(zone(player, 'deck')) == 0",
                      "play: guard, priest, baron, handmaid, prince, princess (one action)"]}]
        assert {"name": "guard", "description": "… plays a Guard: does … hold card …?"} \
            in view["actions"]
        assert view["ending"][0] == {"what": "win", "when": "north or south: three tokens"}
        assert "<h1>" in view["readme"] or "<h2>" in view["readme"]

        status, view = server.call("GET", "/api/rules?game=skirmish&scenario=ambush")
        assert status == 200 and view["scenario"] == "ambush"
        assert view["turns"][0]["phase"].startswith("combat: each unit takes a turn")

        for query, said in (("game=chess", "game is one of"),
                            ("game=skirmish&scenario=siege", "skirmish has no scenario 'siege'"),
                            ("", "game is one of")):
            status, answer = server.call("GET", "/api/rules?" + query)
            assert status == 400 and said in answer["error"], answer
            assert "\n" not in answer["error"]
        status, answer = server.call("GET", "/api/games/nothere/rules")
        assert status == 404
    finally:
        server.stop()


@in_browser
def test_a_player_reads_the_rules_at_the_table_and_closes_them(
        live: Live, browser: Any) -> None:  # noqa: F811 (fixtures)
    snap = live.open("skirmish", ["human", "random"], 3)
    tab = Tab(browser, f"{live.url}/?game={snap['id']}")
    try:
        page = tab.page
        assert not page.locator("#rules").is_visible()
        page.locator("#rules-open").click()
        page.wait_for_selector("#rules[open]")
        assert page.locator("#rules-title").inner_text() == "skirmish: the rules"
        body = page.locator("#rules-body").inner_text()
        for part in ("Order of play (each round)", "combat: each unit takes a turn",
                     "Actions", "How it ends"):
            assert part in body, part
        assert page.locator("#rules-body .readme h1, #rules-body .readme h2").count() > 0
        assert page.evaluate("() => document.activeElement.id") == "rules-close"
        page.keyboard.press("Escape")
        page.wait_for_selector("#rules:not([open])", state="attached")
        # the table is still there to play on
        assert page.locator("#options button:not([disabled])").count() > 0
        assert tab.errors == []
    finally:
        tab.close()


@in_browser
def test_the_lobby_shows_the_chosen_games_rules_and_they_fit_a_phone(
        live: Live, browser: Any) -> None:  # noqa: F811 (fixtures)
    tab = Tab(browser, live.url + "/?lobby=1", PHONE, settle=False)
    try:
        page = tab.page
        page.wait_for_function("() => document.querySelectorAll('#l-game option').length")
        page.select_option("#l-game", "flower_war")
        page.locator("#l-rules").click()
        page.wait_for_selector("#rules[open]")
        assert page.locator("#rules-title").inner_text() == "flower_war: the rules"
        assert "Scenario: battle" in page.locator("#rules-body").inner_text()
        # read at 390 px: nothing wider than the dialog but the README's own tables
        wide = page.evaluate("""() => {
            const box = document.querySelector('#rules').getBoundingClientRect();
            return [...document.querySelectorAll('#rules-body > *')]
              .filter((n) => n.getBoundingClientRect().right > box.right + 1)
              .map((n) => n.tagName);
        }""")
        assert wide == []
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator("#rules-close").click()
        page.wait_for_selector("#rules:not([open])", state="attached")
        assert tab.errors == []
    finally:
        tab.close()
