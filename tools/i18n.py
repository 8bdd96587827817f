"""The translation catalogues: extract, update, compile and check.

    python tools/i18n.py update    # scan the sources; add new messages to every .po
    python tools/i18n.py compile   # write the .mo next to every .po
    python tools/i18n.py check     # list messages with no translation (exit 1 if any)

Messages are the strings passed to ``_``, ``N_``, ``ngettext`` and ``pgettext``
(see :mod:`reclaimdesk.core.i18n`). Each source file's messages go to one domain:
the game package it belongs to (``reclaimdesk/games/<pkg>/``, ``reclaimdesk/ui/<pkg>/``,
``reclaimdesk/export/<pkg>*.py``, where ``<pkg>`` is a package in ``reclaimdesk/games``),
otherwise ``app``. Needs Babel (in the ``test`` extra).
"""

from __future__ import annotations

import io
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "reclaimdesk"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = ("ja",)


def game_packages() -> list[str]:
    return sorted(p.name for p in (PACKAGE / "games").iterdir()
                  if p.is_dir() and (p / "__init__.py").exists())


def domain_of(path: Path, games: list[str]) -> str:
    rel = path.relative_to(PACKAGE).parts
    if len(rel) >= 2 and rel[0] in ("games", "ui") and rel[1] in games:
        return rel[1]
    if len(rel) == 2 and rel[0] == "export":
        for pkg in games:
            if rel[1].startswith(pkg + "_") or rel[1] == pkg + ".py":
                return pkg
    return "app"


def sources() -> list[Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    return [p for p in files if "locale" not in p.parts]


def extract() -> dict[str, "object"]:
    """Domain -> Babel Catalog of the messages the sources use."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract as babel_extract

    games = game_packages()
    catalogs: dict[str, Catalog] = defaultdict(lambda: Catalog(project="ReclaimDesk", charset="utf-8"))
    for path in sources():
        domain = domain_of(path, games)
        with path.open("rb") as fh:
            for lineno, message, comments, context in babel_extract(
                "python", fh, keywords=KEYWORDS, comment_tags=("Translators:",)
            ):
                catalogs[domain].add(message, locations=[(str(path.relative_to(ROOT)), lineno)],
                                     auto_comments=comments, context=context)
    return dict(catalogs)


def po_path(lang: str, domain: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, lang: str):
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def update() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    templates = extract()
    for lang in TRANSLATED:
        folder = LOCALE / lang / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        for domain, template in templates.items():
            path = po_path(lang, domain)
            cat = read(path, lang) if path.exists() else Catalog(locale=lang, project="ReclaimDesk", charset="utf-8")
            created = cat.creation_date
            cat.update(template, no_fuzzy_matching=True)
            # Stable files: no dates or line numbers that change at every run, so
            # that two branches adding messages merge without needless conflicts.
            cat.creation_date = created
            buf = io.BytesIO()
            write_po(buf, cat, width=100, omit_header=False, sort_output=True, ignore_obsolete=True,
                     include_previous=False, include_lineno=False)
            data = buf.getvalue()
            if path.exists() and path.read_bytes() == data:
                continue
            path.write_bytes(data)
            print(f"{path.relative_to(ROOT)}: {len(cat)} messages")


def compiled(path: Path, lang: str) -> bytes:
    """The .mo bytes of a catalogue. Babel writes its own version into the header
    ("Generated-By"); the bytes take the one the .po names instead, so that a newer
    Babel in a fresh install compiles the same file (the test compares bytes)."""
    import re

    from babel.messages import catalog as babel_catalog
    from babel.messages.mofile import write_mo

    named = re.search(r'^"Generated-By: Babel ([^\\"]+)\\n"$', path.read_text(encoding="utf-8"), re.M)
    buf = io.BytesIO()
    running = babel_catalog.VERSION
    try:
        if named:
            babel_catalog.VERSION = named.group(1)
        write_mo(buf, read(path, lang), use_fuzzy=False)
    finally:
        babel_catalog.VERSION = running
    return buf.getvalue()


def compile_all() -> None:
    for lang in TRANSLATED:
        for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            po.with_suffix(".mo").write_bytes(compiled(po, lang))
            print(f"{po.with_suffix('.mo').relative_to(ROOT)}")


def missing() -> list[str]:
    """'lang domain: msgid' for every used message with no translation."""
    out = []
    templates = extract()
    for lang in TRANSLATED:
        merged: dict[tuple, object] = {}
        for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
            for msg in read(po, lang):
                if msg.id and not msg.fuzzy and (all(msg.string) if isinstance(msg.string, tuple) else msg.string):
                    merged[(msg.context, msg.id if isinstance(msg.id, str) else msg.id[0])] = msg
        for domain, template in templates.items():
            for msg in template:
                if not msg.id:
                    continue
                key = (msg.context, msg.id if isinstance(msg.id, str) else msg.id[0])
                if key not in merged:
                    where = msg.locations[0] if msg.locations else ("?", 0)
                    out.append(f"{lang} {domain} {where[0]}:{where[1]}: {key[1]!r}")
    return out


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "update":
        update()
    elif cmd == "compile":
        compile_all()
    elif cmd == "check":
        gaps = missing()
        for line in gaps:
            print(line)
        print(f"{len(gaps)} messages without a translation")
        return 1 if gaps else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
