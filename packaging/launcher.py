"""Entry point of the frozen (PyInstaller) ReclaimDesk: the ``reclaimdesk``
command line, which opens the desktop app when called without a sub-command.

``multiprocessing.freeze_support()`` comes first: a process the app spawns (the
Reclaim solver's second process) starts this same executable, which must then run
that process's work and nothing of the app."""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from reclaimdesk.cli import main

    sys.exit(main())
