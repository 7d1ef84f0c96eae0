"""Step 3a: Stratagem games inside OpenSpiel (docs/interop.md)."""
import time
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, ismcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from stratagem.interop import openspiel_game

# the docs' pig example
game = openspiel_game.load_game("pig")
state = game.new_initial_state()
state.apply_action(0)
print("pig:", state.is_chance_node(), state.chance_outcomes()[:2])
pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
openspiel_game.register(["pig"])
print("registered:", pyspiel.load_game("stratagem_pig(seed=3)"))

# OpenSpiel's MCTSBot on Stratagem's tic-tac-toe, one game against itself
ttt = openspiel_game.load_game("tic_tac_toe")
print("ttt:", ttt.num_distinct_actions(), ttt.max_game_length(), ttt.get_type().chance_mode)
ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
bots = [mcts.MCTSBot(ttt, 2.0, 100, ev, random_state=np.random.RandomState(i)) for i in (1, 2)]
t0 = time.perf_counter()
ret = evaluate_bots(ttt.new_initial_state(), bots, np.random.RandomState(3))
print(f"MCTSBot vs MCTSBot on stratagem tic_tac_toe: returns {ret} in {time.perf_counter()-t0:.1f}s")

# observation tensor and serialization on skirmish (a chance game with reactions)
sk = openspiel_game.load_game("skirmish")
s = sk.new_initial_state()
while s.is_chance_node():
    s.apply_action(s.chance_outcomes()[0][0])
print("skirmish obs size:", len(s.observation_tensor(0)), "actions:", len(s.legal_actions()),
      s.action_to_string(s.legal_actions()[0]))
again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(sk, s))[1]
print("serialize roundtrip:", str(again) == str(s))

# the docs' ISMCTS example on high_card
hc = openspiel_game.load_game("high_card")
st = hc.new_initial_state()
while st.is_chance_node():
    st.apply_action(st.chance_outcomes()[0][0])
bot = ismcts.ISMCTSBot(hc, ev, 2.0, 20, random_state=np.random.RandomState(1))
print("ISMCTS on high_card:", st.action_to_string(bot.step(st)))
