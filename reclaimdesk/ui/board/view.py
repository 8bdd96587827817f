"""The board view every game table uses: shows a scene scaled to fit the window
(or the part of it given as ``fit``), with no scroll bars, frame or zoom. The
games' views subclass it and turn the mouse and the keyboard into ids."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QResizeEvent
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView, QWidget


class FitBoardView(QGraphicsView):
    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None, interactive: bool = True,
                 fit: tuple[float, float, float, float] | None = None,
                 minimum: tuple[int, int] = (320, 240), save_painter_state: bool = True) -> None:
        super().__init__(scene, parent)
        self.fit_area = QRectF(*fit) if fit is not None else None
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        if not save_painter_state:
            self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setBackgroundBrush(scene.backgroundBrush())
        self.interactive = interactive
        self.setMouseTracking(interactive)
        self.viewport().setMouseTracking(interactive)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if interactive else Qt.FocusPolicy.NoFocus)
        self.setMinimumSize(*minimum)

    # --- fitting -------------------------------------------------------------------
    def fit(self) -> None:
        """Scale the table (or the part given as ``fit``) to fill the view."""
        self.fitInView(self.fit_area if self.fit_area is not None else self.sceneRect(),
                       Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit()

    # --- no menus, no scrolling, no double actions ----------------------------------
    def mouseDoubleClickEvent(self, event) -> None:
        event.accept()  # a quick second click is just a click, never a double action

    def contextMenuEvent(self, event) -> None:
        event.accept()

    def wheelEvent(self, event) -> None:
        event.accept()
