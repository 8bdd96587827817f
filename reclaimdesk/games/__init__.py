"""The games. Each sub-package registers itself with :mod:`reclaimdesk.core.game`."""
