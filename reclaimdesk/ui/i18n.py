"""The app's language in Qt: which one is in force, Qt's own translations, the
Japanese font and the Options > Language menu.

Every word of ReclaimDesk comes from the gettext catalogues of
:mod:`reclaimdesk.core.i18n`; this module only does what needs Qt:

* at start, the language is the one given on the command line (``--lang ja``), else
  the one chosen in Options > Language (the ``options/language`` setting), else the
  system's (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``);
* Qt's own standard dialogs (file dialogs, message-box buttons) are translated
  with the ``qtbase_<lang>.qm`` files PySide6 ships in its translations folder;
* the bundled IPA Gothic (``resources/fonts/ipag.ttf``) is registered with Qt
  only when Japanese is in force or about to be shown (the Language menu names
  日本語), so an English start does not pay for reading a 6 MB font, and it is
  made the fallback of the UI font for the characters it lacks (kana and
  kanji): Japanese renders on a machine that has no CJK font at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reclaimdesk.core import i18n
from reclaimdesk.core.data import resource_path
from reclaimdesk.core.i18n import N_, _

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
JAPANESE_FONT_FILE = "ipag.ttf"

_translators: list[QTranslator] = []
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


# --- switching ----------------------------------------------------------------------
def apply_language(choice: str | None, app: Any = None) -> str:
    """Make ``choice`` (``system``, ``en``, ``ja``) the language of every later
    word, install Qt's catalogues for it and, for Japanese, the font. Returns the
    language now in force. An unknown choice raises ``ValueError``."""
    code = i18n.set_language(choice)
    app = app or QApplication.instance()
    if app is not None:
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
    """Where PySide6 keeps Qt's ``.qm`` files."""
    from PySide6.QtCore import QLibraryInfo

    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def install_qt_translations(app: Any, code: str) -> list[str]:
    """Replace Qt's catalogues by those of ``code`` (none for English); returns
    the names of the catalogues installed."""
    for translator in _translators:
        app.removeTranslator(translator)
    _translators.clear()
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
    return installed


# --- the Japanese font --------------------------------------------------------------
def use_japanese_font(app_font: bool = True) -> str | None:
    """Register the bundled IPA Gothic with Qt (once) and, with ``app_font``
    (Japanese in force), make it the font that kana and kanji fall back to;
    returns its family name (None if the file cannot be read: Qt then falls back
    to whatever the system has). Registered only (the Language menu naming 日本語
    in English), it leaves the UI font alone."""
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
    # imported here: making the font classes' Python enums costs an English start ~2 ms
    from PySide6.QtGui import QFontDatabase

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
    """Qt falls back along a font's list of families, glyph by glyph: the UI font
    first, IPA Gothic for what it lacks; and a font asked for by name (a scene
    item's) has IPA Gothic as its substitute."""
    global _font_before
    from PySide6.QtGui import QFont

    app = QApplication.instance()
    if app is None:
        return
    font = app.font()
    listed = list(font.families()) or [font.family()]
    if family not in listed:
        _font_before = QFont(font)
        font.setFamilies([*listed, family])
        app.setFont(font)
    for name in dict.fromkeys([*listed, QFont().defaultFamily()]):
        if name != family:
            QFont.insertSubstitution(name, family)


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
