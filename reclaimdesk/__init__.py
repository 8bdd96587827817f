"""ReclaimDesk: five reclamation tabletop games to play on screen and print on paper."""

__version__ = "0.1.0"
RELEASE_DATE = "2026-11-23"
"""The date of this version (printed on the kits: fixed, so the same input gives the same PDF)."""
