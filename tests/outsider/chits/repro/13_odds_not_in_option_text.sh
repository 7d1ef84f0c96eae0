#!/bin/sh
# 13 (capability missing): odds shown before committing to an attack. Seen: "the placeholder
# `{odds}` of the action's text is not the player, the actor or a target". In chits.yaml the
# human sees "attack #12 target=#16" and must add up the strengths by hand; the odds are told
# only after the roll, by the narrated `combat` event.
cd "$(dirname "$0")"
stratagem validate 13_odds_not_in_option_text.yaml
