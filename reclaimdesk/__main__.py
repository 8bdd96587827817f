import sys

from reclaimdesk.cli import main

sys.exit(main())
