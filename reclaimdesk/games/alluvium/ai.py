"""Alluvium's AI players (work in progress)."""

from reclaimdesk.core.agents import RandomAgent


def make_agent(level: str, seed: int):
    return RandomAgent(seed)
