"""Step 3c: PettingZoo AEC random loop and the Gymnasium env (docs/interop.md)."""
import os, time
import gymnasium
from stratagem.interop.pettingzoo_env import aec_env, parallel_env
from stratagem.interop.gymnasium_env import register_env

HERE = os.path.dirname(os.path.abspath(__file__))

for name in ("skirmish", os.path.join(HERE, "race.yaml")):
    env = aec_env(name, render_mode="ansi")
    env.reset(seed=42)
    t0, steps = time.perf_counter(), 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(
            obs["action_mask"])
        env.step(action)
        steps += 1
    print(f"AEC {os.path.basename(name)}: {steps} steps in {time.perf_counter()-t0:.2f}s,"
          f" rewards {env.rewards}, parallelizable={env.metadata.get('is_parallelizable')}")

penv = parallel_env("tic_tac_toe")
obs, infos = penv.reset(seed=1)
print("parallel agents:", penv.agents, {a: o["action_mask"].sum() for a, o in obs.items()})

env = gymnasium.make(register_env(), game="connect_four", opponent="mcts:iterations=50")
obs, info = env.reset(seed=7)
total, done = 0.0, False
while not done:
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
    total += reward
    done = terminated or truncated
print("gym connect_four vs mcts, leftmost-legal policy: return", total, "| obs", obs.shape)
