#!/bin/sh
# Lists the dots the eye at (0,0) may "look" at (its targets need line_of_sight).
# Seen: only #7 (4,1) and #8 (3,1). Not seen: #2 (2,1) and #10 (4,2), whose lines graze the
# wall's edge; a reader of the docs cannot tell which way such a line goes on squares.
cd "$(dirname "$0")"
stratagem new 08_square_line_of_sight_edge.yaml --seed 0 --out /tmp/crawl_los.json --force | tail -3
