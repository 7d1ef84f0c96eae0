"""Play chosen moves on the test scenarios through the Python API and check what they do."""
from pathlib import Path

import stratagem

RULES = str(Path(__file__).with_name("chess.yaml"))
failures = 0


def check(label, ok, detail=""):
    global failures
    failures += not ok
    print(f"{'ok  ' if ok else 'FAIL'} {label} {detail}")


def play(scenario, *moves):
    game = stratagem.load(RULES, scenario) if scenario else stratagem.load(RULES)
    state = game.new_state(seed=0)
    for m in moves:
        state = game.apply(state, game.parse_action(state, m))
    return game, state


def piece(state, square):
    x, y = "abcdefgh".index(square[0]), 8 - int(square[1])
    for e in state.entities.values():
        if tuple(e.pos) == (x, y):
            return f"{e.owner}:{e.type}"
    return None


# en passant: black d7-d5, white e5xd6 removes the pawn on d5
g, s = play("en_passant", "move #2 to=d5")
acts = [str(a) for a in g.legal_actions(s)]
check("e.p. offered after d7-d5", "move #3 to=(3,2)" in acts, acts)
g, s = play("en_passant", "move #2 to=d5", "move #3 to=d6")
check("e.p. capture removes d5", piece(s, "d5") is None and piece(s, "d6") == "0:pawn", (piece(s, "d5"), piece(s, "d6")))
g, s = play("en_passant", "move #2 to=d5", "move #4 to=d1", "move #1 to=e7")
g2 = [str(a) for a in g.legal_actions(s)]
check("e.p. only on the very next move", "move #3 to=(3,2)" not in g2, g2)

# castling: both the king and the rook move; afterwards no castling again
g, s = play("castle_b1_attacked", "castle #4 to=g1")
check("O-O puts K on g1, R on f1", piece(s, "g1") == "0:king" and piece(s, "f1") == "0:rook", (piece(s, "g1"), piece(s, "f1")))
g, s = play("castle_b1_attacked", "castle #4 to=c1")
check("O-O-O puts K on c1, R on d1", piece(s, "c1") == "0:king" and piece(s, "d1") == "0:rook", (piece(s, "c1"), piece(s, "d1")))
g, s = play("castle_b1_attacked", "move #4 to=f1", "move #2 to=d8", "move #4 to=e1", "move #2 to=e8")
check("king moved and back: no castling", not any(str(a).startswith("castle") for a in g.legal_actions(s)))
g, s = play("castle_b1_attacked", "move #5 to=h2", "move #2 to=d8", "move #5 to=h1", "move #2 to=e8")
cs = sorted(str(a) for a in g.legal_actions(s) if str(a).startswith("castle"))
check("h-rook moved and back: only O-O-O", cs == ["castle #4 to=(2,7)"], cs)
for sc, want in [("castle_through_check", ["castle #4 to=(2,7)"]), ("castle_into_check", ["castle #4 to=(2,7)"]),
                 ("castle_out_of_check", []), ("castle_rook_moved", ["castle #3 to=(6,7)"]),
                 ("castle_b1_attacked", ["castle #4 to=(2,7)", "castle #4 to=(6,7)"])]:
    g, s = play(sc)
    cs = sorted(str(a) for a in g.legal_actions(s) if str(a).startswith("castle"))
    check(f"{sc}: castlings {want}", cs == want, cs)

# promotion: to the chosen piece, also by capture
for p in ["queen", "rook", "bishop", "knight"]:
    g, s = play("promotion", f"promote #3 to=a8 piece={p}")
    check(f"a8={p}", piece(s, "a8") == f"0:{p}", piece(s, "a8"))
g, s = play("promotion", "promote #3 to=b8 piece=knight")
check("axb8=N captures", piece(s, "b8") == "0:knight" and piece(s, "a7") is None, piece(s, "b8"))
g, s = play("promotion")
check("no plain move to the last rank", not any(str(a).startswith("move #3") for a in g.legal_actions(s)))

# mate in one, stalemate in one
g, s = play("mate_in_one", "move #5 to=a8")
check("Ra8 mates", s.outcome is not None and s.outcome.reason == "black is checkmated", s.outcome)
g, s = play("stalemate_in_one", "move #2 to=g6")
check("Qg6 stalemates", s.outcome is not None and s.outcome.reason == "stalemate", s.outcome)
g, s = play("stalemate_in_one", "move #2 to=g7")
check("Qg7+ is check, not mate (king takes)", s.outcome is None and [str(a) for a in g.legal_actions(s)] == ["move #1 to=(6,1)"],
      [str(a) for a in g.legal_actions(s)])

# fifty-move rule: the 100th quiet half-move draws, a pawn move or capture resets
g, s = play("fifty_moves", "move #3 to=d1")
check("100th quiet half-move draws", s.outcome is not None and s.outcome.reason == "fifty-move rule", s.outcome)

# threefold repetition
g, s = play("repetition", "move #2 to=a2", "move #1 to=e7", "move #2 to=a1", "move #1 to=e8",
            "move #2 to=a2", "move #1 to=e7", "move #2 to=a1")
check("not yet after two repetitions", s.outcome is None, s.outcome)
g, s = play("repetition", "move #2 to=a2", "move #1 to=e7", "move #2 to=a1", "move #1 to=e8",
            "move #2 to=a2", "move #1 to=e7", "move #2 to=a1", "move #1 to=e8")
check("third occurrence draws", s.outcome is not None and s.outcome.reason == "threefold repetition", s.outcome)

# pinned e.p.
g, s = play("en_passant_pinned")
check("pinned e.p. not offered", "move #2 to=(2,2)" not in [str(a) for a in g.legal_actions(s)])

print("failures:", failures)
