"""The app's language in Qt: which one is in force, Qt's own translations, the
Japanese font and the Options > Language menu.

Every word of ReclaimDesk comes from the gettext catalogues of
:mod:`reclaimdesk.core.i18n`; this module only does what needs Qt:

* at start, the language is the one given on the command line (``--lang ja``), else
  the one chosen in Options > Language (the ``options/language`` setting), else the
  system's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``);
* Qt's own standard dialogs (file dialogs, message-box buttons) are translated
  with the ``qtbase_<lang>.qm`` files PySide6 ships in its translations folder;
* a proportional Japanese face is chosen only when Japanese is in force or about
  to be shown (the Language menu names 日本語): the system's own (Yu Gothic UI or
  Meiryo on Windows, Hiragino on macOS, Noto Sans CJK JP on Linux), else the
  bundled IPA P Gothic (``resources/fonts/ipagp.ttf``), registered then, so an
  English start pays nothing. It comes after the UI font, which keeps Latin text
  (names, seeds, ReclaimDesk), and gives the characters that font lacks (kana
  and kanji): Japanese renders on a machine that has no CJK font at all.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from reclaimdesk.core import i18n
from reclaimdesk.core.data import resource_path
from reclaimdesk.core.i18n import N_, _
from reclaimdesk.ui.preload import JAPANESE_FONT_FILE, SYSTEM_JAPANESE_FAMILIES

from PySide6.QtCore import QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu

LANGUAGE_KEY = "options/language"
"""The setting that remembers Options > Language: ``system``, ``en`` or ``ja``."""
SYSTEM = "system"
CHOICES: tuple[tuple[str, str], ...] = ((SYSTEM, N_("System")), *i18n.LANGUAGES.items())
"""Options > Language: "System" (translated), then each language in its own name."""
QT_CATALOGUES = ("qtbase",)
"""Qt's own catalogues installed for a language (standard dialogs and buttons)."""
QT_GAPS: dict[tuple[str, str], str] = {
    ("QFileDialog", "&Look in:"): N_("&Look in:"),
    ("QFileDialog", "Files of &type:"): N_("Files of &type:"),
    ("QFileDialog", "File &name:"): N_("File &name:"),
}
"""Qt's own words that its shipped catalogue lacks (Qt 6's file dialog labels have
an accelerator its ``qtbase_ja.qm`` does not know) or writes against the house style,
given from the app's catalogue by :class:`QtGaps`."""
# JAPANESE_FONT_FILE (the bundled IPA P Gothic) and SYSTEM_JAPANESE_FAMILIES (the
# proportional Japanese faces a system may have, in the order preferred) are
# ui.preload's: at a Japanese start with none of those faces, the preload thread
# registers the bundled face with fontconfig, else it is registered here
# (see _register_japanese_font)

_translators: list[QTranslator] = []
_locale_set = False
_japanese_family: str | None = None
_font_before: Any = None
"""The UI font before IPA Gothic was added to it (None while it is not)."""


# --- the choice -------------------------------------------------------------------
def saved_choice(settings: Any) -> str:
    """The choice remembered in ``settings`` (``system`` when none or unknown)."""
    value = str(settings.value(LANGUAGE_KEY, SYSTEM) or SYSTEM)
    return value if value == SYSTEM or value in i18n.LANGUAGES else SYSTEM


def save_choice(settings: Any, choice: str) -> None:
    settings.setValue(LANGUAGE_KEY, choice if choice in i18n.LANGUAGES else SYSTEM)


def lang_argument(argv: Sequence[str]) -> str | None:
    """The value of ``--lang X`` or ``--lang=X`` in the app's arguments, if any.

    >>> lang_argument(["game.json", "--lang=ja"]), lang_argument(["--lang", "en"]), lang_argument([])
    ('ja', 'en', None)
    """
    for i, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


class QtGaps(QTranslator):
    """The words of :data:`QT_GAPS` from the app's catalogue; Qt asks the other
    translators (its own ``qtbase``) for everything else."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,  # type: ignore[override]
                  n: int = -1) -> str | None:
        message = QT_GAPS.get((context, source))
        if message is None:
            return None  # a null string: not here, Qt asks the next translator
        text = _(message)
        return text if text != message else None

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


# --- switching ----------------------------------------------------------------------
def apply_language(choice: str | None, app: Any = None) -> str:
    """Make ``choice`` (``system``, ``en``, ``ja``) the language of every later
    word, install Qt's catalogues for it and, for Japanese, the font. Returns the
    language now in force. An unknown choice raises ``ValueError``."""
    code = i18n.set_language(choice)
    app = app or QApplication.instance()
    if app is not None:
        i18n.set_glue(True)  # screens: a number stays on the line of its counter
        install_qt_translations(app, code)
        if code == "ja":
            use_japanese_font()
        else:
            leave_japanese_font()
    return code


def start_language(settings: Any, argv: Sequence[str] = (), app: Any = None) -> str:
    """The language at the app's start: ``--lang`` in ``argv``, else the saved
    choice, else the system's. A bad ``--lang`` falls back to the saved choice."""
    given = lang_argument(argv)
    if given:
        try:
            return apply_language(given, app)
        except ValueError:
            pass
    return apply_language(saved_choice(settings), app)


def qt_translations_folder() -> str:
    """Where PySide6 keeps Qt's ``.qm`` files: the wheel's ``Qt/translations`` beside
    the package, where its ``qt.conf`` points Qt (``QLibraryInfo``, whose Python
    enums cost a Japanese start ~1M instructions, asked only when that folder is
    not there: a frozen build, a system Qt)."""
    import PySide6

    folder = os.path.join(os.path.dirname(PySide6.__file__), "Qt", "translations")
    if os.path.isfile(os.path.join(folder, "qtbase_ja.qm")):
        return folder
    from PySide6.QtCore import QLibraryInfo

    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def install_qt_translations(app: Any, code: str) -> list[str]:
    """Replace Qt's catalogues by those of ``code`` (none for English); returns
    the names of the catalogues installed."""
    for translator in _translators:
        app.removeTranslator(translator)
    _translators.clear()
    global _locale_set
    if code != i18n.DEFAULT_LANGUAGE or _locale_set:
        # Qt's own dates, numbers and week days (the file dialog's columns) follow the
        # language (not touched at an English start: QLocale's enums cost it time)
        from PySide6.QtCore import QLocale

        QLocale.setDefault(QLocale("ja_JP") if code == "ja" else QLocale("en_US"))
        _locale_set = True
    if code == i18n.DEFAULT_LANGUAGE:
        return []
    folder = qt_translations_folder()
    installed = []
    for name in QT_CATALOGUES:
        translator = QTranslator(app)
        if translator.load(f"{name}_{code}", folder):
            app.installTranslator(translator)
            _translators.append(translator)
            installed.append(name)
    gaps = QtGaps(app)  # installed last, so asked first
    app.installTranslator(gaps)
    _translators.append(gaps)
    installed.append("gaps")
    return installed


# --- the Japanese font --------------------------------------------------------------
def system_japanese_family(available: Sequence[str]) -> str | None:
    """The first of :data:`SYSTEM_JAPANESE_FAMILIES` among ``available`` (the
    families Qt knows), else None.

    >>> system_japanese_family(["DejaVu Sans", "Noto Sans CJK JP", "Meiryo"])
    'Meiryo'
    >>> system_japanese_family(["DejaVu Sans"]) is None
    True
    """
    known = set(available)
    return next((name for name in SYSTEM_JAPANESE_FAMILIES if name in known), None)


def use_japanese_font(app_font: bool = True) -> str | None:
    """Give kana and kanji a proportional Japanese face (once): the system's own
    where it has one (:data:`SYSTEM_JAPANESE_FAMILIES`), else the bundled IPA P
    Gothic, registered now. With ``app_font`` (Japanese in force) the face joins the
    application font after the UI font, so Latin text keeps the UI font and the
    Japanese face only fills in what it lacks; registered only (the Language menu
    naming 日本語 in English), the UI font is left alone. Returns the Japanese family
    (None if no system face and the file cannot be read: Qt then falls back to
    whatever the system has)."""
    global _japanese_family
    if _japanese_family is None:
        _japanese_family = _register_japanese_font()
    if app_font and _japanese_family is not None:
        _extend_app_font(_japanese_family)
    return _japanese_family


def leave_japanese_font() -> None:
    """Give the UI its own font back (a language without Japanese now in force)."""
    global _font_before
    app = QApplication.instance()
    if _font_before is not None and app is not None:
        from PySide6.QtGui import QFont

        for name in _font_before.families() or [_font_before.family()]:
            QFont.removeSubstitutions(name)
        app.setFont(_font_before)
    _font_before = None


def _register_japanese_font() -> str | None:
    """The system's Japanese family, or the bundled face registered with Qt (a
    missing or damaged file is said once and gives None)."""
    # imported here: making the font classes' Python enums costs an English start ~2 ms
    from PySide6.QtGui import QFontDatabase

    family = system_japanese_family(QFontDatabase.families())
    if family is not None:
        return family
    path = resource_path("fonts", JAPANESE_FONT_FILE)
    font_id = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        # missing or damaged: said once (the window shows it), and Qt uses the system's fonts
        i18n.report_problem(_("The Japanese font {file} could not be loaded (missing or damaged); "
                              "Japanese text uses the system's fonts instead.").format(file=path))
        return None
    return families[0]


def _extend_app_font(family: str) -> None:
    """Qt falls back along a font's list of families, glyph by glyph: the UI font's
    face first (Latin letters, digits), the Japanese face for what it lacks. A
    generic name ("Sans Serif", resolved by the system) is given the Latin face
    first, then the Japanese one: were the Japanese face its only substitute, every
    label would take it, Latin text too. The font before is kept for
    :func:`leave_japanese_font`."""
    global _font_before
    from PySide6.QtGui import QFont, QFontInfo

    app = QApplication.instance()
    if app is None:
        return
    font = app.font()
    listed = [name for name in (list(font.families()) or [font.family()]) if name != family]
    # the face the UI font resolves to now ("Sans Serif" is no family: in a list,
    # Qt would pass over it to the Japanese face)
    latin = QFontInfo(font).family() if listed else QFont().defaultFamily()
    if latin == family:
        latin = QFont().defaultFamily()
    wanted = list(dict.fromkeys([latin, *listed, family]))
    if list(font.families()) != wanted:
        if _font_before is None:
            _font_before = QFont(font)
        font.setFamilies(wanted)
        app.setFont(font)
    for name in dict.fromkeys([*listed, latin]):
        QFont.insertSubstitutions(name, [latin, family] if name != latin else [family])


def japanese_family() -> str | None:
    """IPA Gothic's family name once registered, else None."""
    return _japanese_family


# --- Options > Language ---------------------------------------------------------------
def add_language_menu(parent: QMenu, settings: Any, on_change: Callable[[str], None]) -> QMenu:
    """Options > Language: System, English, 日本語 (each language in its own words),
    the saved choice checked; picking one calls ``on_change(choice)``."""
    menu = parent.addMenu(_("&Language"))
    menu.setObjectName("languageMenu")
    group = QActionGroup(menu)
    group.setExclusive(True)
    current = saved_choice(settings)
    for value, label in CHOICES:
        action = QAction(_(label) if value == SYSTEM else label, menu, checkable=True)
        action.setData(value)
        action.setChecked(value == current)
        if value == SYSTEM:
            action.setStatusTip(_("Follow the language of the system ({language})").format(
                language=i18n.LANGUAGES[i18n.system_language()]))
        group.addAction(action)
        menu.addAction(action)
    # the menu names 日本語 in Japanese: have the font before it shows
    menu.aboutToShow.connect(lambda: use_japanese_font(app_font=False))  # the UI font stays as it is
    group.triggered.connect(lambda action: on_change(str(action.data())))
    return menu
