#!/bin/sh
# Expected: ok (floor is the engine's own name for a plain tile; floor/door are two words).
# Seen: "tile type `floor` is not in `tile_types` — did you mean `door`?" and exit 1.
# Workaround: declare `floor: {cost: 1}` under tile_types.
cd "$(dirname "$0")"
stratagem validate 05_floor_taken_for_misspelt_door.yaml 2>&1; echo "exit status $?"
