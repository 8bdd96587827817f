"""The catalogues of all domains are merged into one at run time, so an English
message used by two domains must read the same in both; where the meaning
differs the code has to tell them apart with ``pgettext``."""

from pathlib import Path

import pytest

pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

LOCALE = Path(__file__).resolve().parent.parent / "reclaimdesk" / "locale"


def test_a_message_reads_the_same_in_every_domain():
    for folder in sorted(LOCALE.glob("*/LC_MESSAGES")):
        seen: dict[tuple, tuple[str, object]] = {}
        clashes = []
        for po in sorted(folder.glob("*.po")):
            with po.open("rb") as fh:
                for msg in read_po(fh):
                    if not msg.id or not msg.string:
                        continue
                    key = (msg.context, msg.id if isinstance(msg.id, str) else msg.id[0])
                    if key in seen and seen[key][1] != msg.string:
                        clashes.append(f"{key[1]!r}: {seen[key][0]} {seen[key][1]!r} / {po.name} {msg.string!r}")
                    seen.setdefault(key, (po.name, msg.string))
        assert clashes == [], f"{folder}:\n" + "\n".join(clashes)
