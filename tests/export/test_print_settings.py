"""What every file of ``sheets/`` tells the printer and the reader: print at actual
size, long-edge duplex where pages have backs (else single-sided), the file's
language, and the app's release date as its creation date."""

from __future__ import annotations

import re

import pytest

from reclaimdesk import RELEASE_DATE
from reclaimdesk.export.kit import kit_files


def entry(pdf: bytes, key: bytes) -> bytes:
    found = re.search(rb"/" + key + rb"\s*(/\w+|\([^)]*\))", pdf)
    assert found, key
    return found.group(1)


@pytest.mark.parametrize("item", kit_files(), ids=lambda f: f.name)
def test_every_file_sets_scaling_duplex_language_and_date(item):
    pdf = item.build()
    assert entry(pdf, b"PrintScaling") == b"/None"
    assert entry(pdf, b"Lang") == f"({item.lang})".encode()
    date = "D:" + RELEASE_DATE.replace("-", "") + "000000Z"
    assert entry(pdf, b"CreationDate") == entry(pdf, b"ModDate") == f"({date})".encode()
    duplex = entry(pdf, b"Duplex")
    # the kit has pieces with backs to line up, and this file prints them back to back (not folded)
    backs = item.kit.offer.back_offset and not item.options.fold_over
    assert duplex == (b"/DuplexFlipLongEdge" if backs else b"/Simplex"), (item.name, duplex)


def test_the_creation_date_does_not_follow_the_clock(monkeypatch):
    """Two builds on different days give the same bytes (the date is the release's)."""
    import time

    item = kit_files()[0]
    first = item.build()
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 400 * 86400)
    monkeypatch.setattr(time, "localtime", lambda *a: time.gmtime(real() + 400 * 86400))
    assert item.build() == first
