"""The desktop app (PySide6): the only package that imports Qt.

- :mod:`reclaimdesk.ui.app`: the application, the main window, menus and the
  start page (``run_app``).
- :mod:`reclaimdesk.ui.common`: where data, settings and icons live.
- :mod:`reclaimdesk.ui.reclaim`: Reclaim's table (scene, items, view,
  controller, panels, end screen).
- :mod:`reclaimdesk.ui.claim_control`, :mod:`reclaimdesk.ui.the_reclamation`: the
  two-player boards, built the same way.
- :mod:`reclaimdesk.ui.export_dialog`: File > Export PDF with a page preview.
- :mod:`reclaimdesk.ui.workers`: AI work off the GUI thread.
- :mod:`reclaimdesk.ui.scores`: the personal-best table (SQLite).
- :mod:`reclaimdesk.ui.autosave`: the autosaved record and resuming it.
"""
