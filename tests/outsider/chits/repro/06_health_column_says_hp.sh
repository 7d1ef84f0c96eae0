#!/bin/sh
# 06: the terminal's unit table heads the `display: health` column "hp" whatever it is.
# Expected: the column named after the parameter (`steps`), as the rules sheet and
#           `show` name it ("steps 1").
# Seen:     "    unit          at      hp" / "Ir  infantry #1  (0,0)  1/2".
cd "$(dirname "$0")"
stratagem play 06_health_column_says_hp.yaml --agents random,random --seed 1 | grep -E 'unit|infantry #'
stratagem new 06_health_column_says_hp.yaml --seed 1 --out /tmp/repro06.json --force | grep 'infantry #'
