"""Reclamation Wars' AI players (placeholder levels; see make_agent)."""

from reclaimdesk.core.agents import RandomAgent


def make_agent(level: str, seed: int):
    return RandomAgent(seed)
