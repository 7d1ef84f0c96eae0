"""A view of an opponent's hidden hand holds -1 placeholders, which leak into entity(),
the options and apply, each failing its own way instead of saying 'determinize first'."""
import stratagem

game = stratagem.load("high_card")
view = game.new_state(seed=5).view(0)
print("south's hand in north's view:", view.zone(1, "hand"))          # (-1, -1, -1)
try:
    view.entity(view.zone(1, "hand")[0])   # the tutorial's hands() helper does this
except Exception as e:
    print("view.entity:", type(e).__name__, e)                        # KeyError: -1
after = game.apply(view, game.legal_actions(view)[0])                 # accepted on a view
print("south's options there:", [str(a) for a in after.decision.actions])
try:
    game.apply(after, after.decision.actions[0])
except Exception as e:
    print("apply:", type(e).__name__, e)   # RuleError: card #-1 is no longer in the game
