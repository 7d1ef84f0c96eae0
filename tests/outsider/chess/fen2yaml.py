"""Turn a FEN into a Stratagem scenario block for chess.yaml (prints YAML).

Board coordinates: x = file (a=0 .. h=7), y = 0 at the top = rank 8, so a1 is (0,7).
Usage: python fen2yaml.py NAME "FEN" ["description"]
"""
import sys

TYPES = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}


def placements(fen: str):
    board, stm, castling, ep, *rest = fen.split() + ["-", "0"]
    out = []
    for y, row in enumerate(board.split("/")):
        x = 0
        for ch in row:
            if ch.isdigit():
                x += int(ch)
                continue
            owner = "white" if ch.isupper() else "black"
            t = TYPES[ch.lower()]
            params = {}
            if t in ("king", "rook"):
                params["moved"] = 1
                if t == "king" and (x, y) == (4, 7) and owner == "white" and set("KQ") & set(castling):
                    params["moved"] = 0
                if t == "king" and (x, y) == (4, 0) and owner == "black" and set("kq") & set(castling):
                    params["moved"] = 0
                corner = {(7, 7, "white"): "K", (0, 7, "white"): "Q", (7, 0, "black"): "k", (0, 0, "black"): "q"}
                if t == "rook" and corner.get((x, y, owner), "?") in castling:
                    params["moved"] = 0
            out.append((t, owner, x, y, params))
            x += 1
    state = {"stm": 0 if stm == "w" else 1}
    if ep != "-":
        state["ep_x"] = "abcdefgh".index(ep[0])
        state["ep_y"] = 8 - int(ep[1])
    half = int(rest[0]) if rest and rest[0].isdigit() else 0
    if half:
        state["halfmove"] = half
    return out, state


def block(name: str, fen: str, desc: str = "") -> str:
    out, state = placements(fen)
    lines = [f"  {name}:", f"    description: \"{desc or fen}\""]
    lines.append("    state: {" + ", ".join(f"{k}: {v}" for k, v in state.items()) + "}")
    lines.append("    entities:")
    for t, owner, x, y, params in out:
        p = ", params: {moved: %d}" % params["moved"] if params else ""
        lines.append(f"      - {{type: {t}, owner: {owner}, at: [{x}, {y}]{p}}}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(block(*sys.argv[1:]))
