#!/bin/sh
# 08: two wording slips on a printed card.
# Expected: docs/programs.md: "A step with no `say:` reads as its action ("End the turn")",
#           and raw values are put in words through `words:` — so "Shove the blue pawn.";
#           and the trigger's `say:` as written ("If Blue has been pushed ...").
# Seen:     "- **1.** Take Shove the blue pawn." (the glossary entry prefixed with "Take",
#           capital kept), and "If blue has been pushed three squares away: go to **rest**."
#           (the side's name lowercased). In blue_ai_card.md: "Take End the activation." and
#           "If blue has lost three steps or more".
cd "$(dirname "$0")"
stratagem render-program 08_card_wording_program.yaml --game 02_single_option_choose_silent.yaml | grep -E '^\- \*\*1\.\*\*'
