"""Small widgets the side panels and end screens of every game are built of: a
named label and a framed panel (styled as ``#panel`` by the app's style sheet)."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout


def label(text: str = "", name: str = "", wrap: bool = False) -> QLabel:
    widget = QLabel(text)
    if name:
        widget.setObjectName(name)
    widget.setWordWrap(wrap)
    return widget


def panel(margin_x: int = 12, margin_y: int = 10, spacing: int = 6) -> tuple[QFrame, QVBoxLayout]:
    """A framed ``#panel`` and its vertical layout."""
    frame = QFrame()
    frame.setObjectName("panel")
    layout = QVBoxLayout(frame)
    layout.setContentsMargins(margin_x, margin_y, margin_x, margin_y)
    layout.setSpacing(spacing)
    return frame, layout
