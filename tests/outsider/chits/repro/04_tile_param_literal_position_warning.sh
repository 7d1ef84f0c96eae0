#!/bin/sh
# 04: a false warning from `validate` on a tile parameter set at a literal position.
# Expected: no warning: (1,0) is a town in the layout, and towns declare `ctrl`.
# Seen:     "warning: ...:20:19: `set` of `ctrl` on a tile of type `clear` writes nothing:
#           that type has no parameter `ctrl` ..." — and the game then shows
#           "tile (1,0) town: ctrl 1", so the write did land. (In chits.yaml: three such
#           warnings, one per town set in `setup: effects`.)
cd "$(dirname "$0")"
stratagem validate 04_tile_param_literal_position_warning.yaml
stratagem new 04_tile_param_literal_position_warning.yaml --seed 1 --out /tmp/repro04.json --force | grep 'tile (1,0)'
