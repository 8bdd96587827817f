"""Reclamation Wars' table in the desktop app."""
