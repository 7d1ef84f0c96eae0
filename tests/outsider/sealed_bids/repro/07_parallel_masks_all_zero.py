"""Sealed Bids is declared parallelizable (`metadata["is_parallelizable"]`), so PettingZoo's
`aec_to_parallel` makes it a simultaneous-move environment: every agent acts in every step.
But the observations it hands out give every agent except the first an all-zero action
mask, although each of them must act in the very next step. A learner that samples from
its mask has nothing to sample.

Run: python repro/07_parallel_masks_all_zero.py  (from the game's folder)
"""
from pathlib import Path

from pettingzoo.utils.conversions import aec_to_parallel
from stratagem.interop.pettingzoo_env import aec_env

RULES = str(Path(__file__).resolve().parent.parent / "sealed_bids.yaml")
aec = aec_env(RULES, scenario="three")
print("is_parallelizable:", aec.metadata.get("is_parallelizable"))
env = aec_to_parallel(aec)
obs, infos = env.reset(seed=3)
for step in range(3):
    masks = {agent: int(o["action_mask"].sum()) for agent, o in obs.items()}
    print(f"step {step}: legal ids per agent, by its mask: {masks} (every agent must act now)")
    actions = {}
    for agent, o in obs.items():
        mask = o["action_mask"]
        actions[agent] = env.action_space(agent).sample(mask) if mask.any() else 0
    obs, rewards, terms, truncs, infos = env.step(actions)
