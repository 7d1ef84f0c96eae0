#!/bin/sh
# validate: ok, no warning that the `let` named `runner` hides the entity type `runner`.
# play: "KeyError: None" from `spawn`; in the one-player scenario the message adds a hint
# about unseated players that is beside the point.
cd "$(dirname "$0")"
timeout 60 stratagem validate 02_let_shadows_entity_type.yaml; echo "validate rc=$?"
timeout 60 stratagem play 02_let_shadows_entity_type.yaml --seed 1 --quiet; echo "play rc=$?"
timeout 60 stratagem play 02_let_shadows_entity_type.yaml --scenario solo --seed 1 --quiet; echo "play solo rc=$?"
