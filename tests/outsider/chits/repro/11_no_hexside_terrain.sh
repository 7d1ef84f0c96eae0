#!/bin/sh
# 11 (capability missing): terrain on hexsides. `board:` accepts no edge terrain; `tile_types`
# are per hex. Workaround in chits.yaml: river *hexes* (cost 3, armour 4) with two bridge hexes,
# and a unit standing in a river hex attacks at half (`att_of` in `define:`).
cd "$(dirname "$0")"
stratagem validate 11_no_hexside_terrain.yaml
