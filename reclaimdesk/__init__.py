"""ReclaimDesk: five reclamation tabletop games to play on screen and print on paper."""

__version__ = "0.1.0"
