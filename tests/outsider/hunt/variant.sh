#!/bin/sh
# Usage: ./variant.sh OUT.yaml PARAM=VALUE [PARAM=VALUE ...]
# Writes a copy of hunt.yaml with the fox's or goose's parameter defaults changed
# (Stratagem has no command-line override for a rules number, so a sweep needs files).
out=$1; shift
cp "$(dirname "$0")/hunt.yaml" "$out"
for kv in "$@"; do
  k=${kv%%=*}; v=${kv#*=}
  grep -q "^      $k: " "$out" || { echo "no parameter $k" >&2; exit 2; }
  sed -i "s/^      $k: [0-9]*/      $k: $v/" "$out"
done
