"""Alluvium's AI players.

This first version plays every level with uniformly random legal actions; the
heuristic (easy, normal) and search (hard) players replace it next.
"""

from reclaimdesk.core.agents import RandomAgent


def make_agent(level: str, seed: int):
    agent = RandomAgent(seed)
    agent.level = level
    return agent
