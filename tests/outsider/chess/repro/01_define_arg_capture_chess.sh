#!/bin/sh
# The same capture in chess.yaml: give can_castle's king parameter the name that attacked()
# uses for its first parameter (a_k). can_castle then calls
#   attacked((a_k.x + s, a_k.y), foe(a_k.owner), ...)
# and `foe(a_k.owner)` is read with attacked's own a_k (a square, whose owner is none), so the
# king's own pieces are taken for the attackers and castling is never legal.
# Expected: kiwipete perft(1) = 48 both times. Seen: 48 with chess.yaml, 46 with the renamed copy.
cd "$(dirname "$0")/.."
sed 's/cc_k/a_k/g' chess.yaml > /tmp/01_chess_renamed.yaml
stratagem validate /tmp/01_chess_renamed.yaml | cut -c1-60
python - <<'PY'
import stratagem
for f in ["chess.yaml", "/tmp/01_chess_renamed.yaml"]:
    g = stratagem.load(f, "kiwipete")
    s = g.new_state(seed=0)
    acts = [str(a) for a in g.legal_actions(s)]
    print(f, "perft(1) =", len(acts), "castlings:", [a for a in acts if a.startswith("castle")])
PY
