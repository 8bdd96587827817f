"""The Qt-free, reportlab-free core shared by every game.

Nothing under ``reclaimdesk.core`` or ``reclaimdesk.games`` may import PySide6 or
reportlab; ``tests/test_layering.py`` enforces it.
"""
