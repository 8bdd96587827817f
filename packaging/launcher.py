"""Entry point of the frozen (PyInstaller) ReclaimDesk: the ``reclaimdesk``
command line, which opens the desktop app when called without a sub-command."""

import sys

from reclaimdesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
