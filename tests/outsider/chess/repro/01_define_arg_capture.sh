#!/bin/sh
# Expected: game: r_effect_let 101, r_let_name 101, r_other_name 101, r_same_name 101
cd "$(dirname "$0")"
stratagem validate 01_define_arg_capture.yaml
stratagem new 01_define_arg_capture.yaml --out /tmp/01_capture.json --force | sed -n 2p
