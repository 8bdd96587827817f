"""SHA-256 without loading :mod:`hashlib`.

``hashlib`` binds OpenSSL when first imported (about 4 ms of the app's start,
where the deck of the day's seed and the single-instance key need one digest).
CPython's own SHA-256 gives the same digest; ``hashlib`` is the fallback where
that module is missing.

>>> sha256(b"abc").hexdigest()[:16]
'ba7816bf8f01cfea'
"""

from __future__ import annotations

try:
    from _sha256 import sha256  # CPython up to 3.11
except ImportError:  # pragma: no cover - depends on the interpreter
    try:
        from _sha2 import sha256  # CPython 3.12 and later
    except ImportError:
        from hashlib import sha256

__all__ = ["sha256"]
