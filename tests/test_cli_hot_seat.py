"""Two people at one terminal, in a game that hides things: the screen is cleared and
handed from one to the next, and each is told what happened since their last turn as
their own seat may know it (through a pseudo-terminal, as people play it). The terminal
told everything to everyone before: each hand was drawn under the other person's eyes,
and under fog every move of both sides was told in full."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from conftest import like_a_terminal

SRC = Path(__file__).parents[1] / "src"
FOG = Path(__file__).parent / "outsider" / "provinces" / "repro" / "fog_log_leak.yaml"
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
PASS = "only you can see the screen "


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(SRC), NO_COLOR="1", COLUMNS="120", TERM="xterm")
    return pexpect.spawn(sys.executable, ["-m", "stratagem.cli.main", "play", *args],
                         env=env, encoding="utf-8", timeout=90, preexec_fn=like_a_terminal)


def screens(child: pexpect.spawn, answers: int) -> list[str]:
    """Everything printed, cut where the screen was cleared: what each person saw."""
    printed = ""
    for _ in range(answers):
        which = child.expect([PASS, r"\w+> ", pexpect.EOF])
        printed += child.before + (child.after if which < 2 else "")
        if which == 2:
            break
        child.sendline("" if which == 0 else "random")
    child.close()
    return [ANSI.sub("", part) for part in printed.split(CLEAR)]


def test_a_card_game_hands_the_screen_over_and_hides_each_hand() -> None:
    shown = screens(spawn("court_letters", "--agents", "human,human", "--seed", "3"), 4)
    # The first screen is the title; then north's, then south's, each after a clear.
    assert len(shown) >= 3
    north, south = shown[1], shown[2]
    assert "── pass the screen to North ──" in north
    assert "North (you)" in north and "hand: priest #8, guard #7" in north
    assert "── pass the screen to South ──" in south and "South (you)" in south
    played = re.search(r"picked at random: (\w+)", north)
    assert played is not None
    kept = "guard #7" if played.group(1) == "priest" else "priest #8"
    assert kept not in south  # north's hand is not drawn on south's screen
    assert "since your last turn:" in south and "north plays a" in south


def test_under_fog_each_person_is_told_the_other_sides_unseen_moves_only_as_moves(
        tmp_path: Path) -> None:
    """West marches where east cannot see (sight 0): east is told only that west moved,
    and is marked its own last move; west is never told where east's scout went."""
    rules = tmp_path / "fog_hot_seat.yaml"
    rules.write_text(FOG.read_text().replace("actions: [wait, rest]", "actions: [march, rest]"))
    child = spawn(str(rules), "--agents", "human,human", "--seed", "3")
    printed = ""
    for answer in ("", "march #1 to=b", "rest", "", "march #2 to=d", ""):
        which = child.expect([PASS, r"\w+> ", pexpect.EOF])
        printed += child.before + (child.after if which < 2 else "")
        if which == 2:
            break
        child.sendline(answer)
    child.close()
    shown = [ANSI.sub("", part) for part in printed.split(CLEAR)]
    east = next(s for s in shown if "── pass the screen to East ──" in s)
    told = east.split("since your last turn:", 1)[1].split("East to decide", 1)[0]
    assert "west moves, unseen" in told and "marches to b" not in told
    assert "west rest" in told  # a move that names nothing east cannot see is told
    assert "east scout #2 marches to c" in told  # its own move, made while west looked
    # The last move marked for east is its own, not west's march.
    assert "last move: ( ) from d (6,0), [ ] to c (4,0)" in east
    west = shown[1]
    assert "east scout #2 marches" not in west and "east moves, unseen" in west


def test_the_end_of_the_input_at_the_hand_over_leaves_the_game() -> None:
    child = spawn("court_letters", "--agents", "human,human", "--seed", "3")
    child.expect(PASS)
    child.sendeof()
    child.expect(pexpect.EOF)
    assert "north left the game (end of input) after 1 decision: no result" \
        in ANSI.sub("", child.before)
