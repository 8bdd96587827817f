"""No user text bypasses the catalogue: a scan of the sources (their syntax trees)
for string literals handed straight to what shows text to a user:

* Qt: ``setText``, ``setWindowTitle``, ``setToolTip``, ... and the constructors of
  labels, buttons, actions, menus and message boxes (anywhere in ``reclaimdesk/ui``);
* the print kits: the text drawn on a page (``page.text(x, y, TEXT)``, reportlab's
  ``drawString`` and ``Paragraph``, the kits' title and paragraph helpers) in
  ``reclaimdesk/export``;
* the command line: ``print()`` and the error lines of ``reclaimdesk/cli.py``.

Text passes when it goes through ``_``, ``N_``, ``ngettext`` or ``pgettext``, or has
no words at all: symbols, numbers, notation (``f"r{n}"``, ``"×{count}"``), empty and
format-only strings. Literal words anywhere else fail, naming file and line.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "reclaimdesk"

TRANSLATORS = {"_", "N_", "ngettext", "pgettext"}
QT_TEXT_METHODS = {
    "setText", "setWindowTitle", "setToolTip", "setStatusTip", "setWhatsThis", "showMessage",
    "setPlaceholderText", "addMenu", "addAction", "setHeaderLabels", "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels", "setTitle", "setLabelText", "setInformativeText", "setDetailedText",
    "addTab", "insertTab", "setTabText", "setTabToolTip", "addItem", "addItems", "insertItem", "setPrefix",
    "setSuffix", "setSpecialValueText", "setButtonText", "setAccessibleName", "setHtml", "setMarkdown",
    "setPlainText", "addButton", "setNameFilter", "setWindowIconText", "drawText", "setItemText",
    "addSimpleText", "addText", "getOpenFileName", "getSaveFileName", "getExistingDirectory",
}
QT_TEXT_CONSTRUCTORS = {
    "QLabel", "QPushButton", "QAction", "QCheckBox", "QRadioButton", "QGroupBox", "QToolButton", "QMenu",
    "QMessageBox", "QCommandLinkButton", "QDockWidget", "QGraphicsSimpleTextItem", "QGraphicsTextItem",
}
QT_MESSAGE_FUNCTIONS = {"information", "warning", "critical", "question", "about"}
"""QMessageBox's static functions: (parent, title, text, ...)."""
EXPORT_TEXT_CALLS = {"drawString": 2, "drawCentredString": 2, "drawRightString": 2, "Paragraph": 0,
                     "text": 2, "draw_title": 2, "draw_title_bar": 2, "draw_footer": 2, "_heading": 2,
                     "_paragraph": 4, "draw_also_need": 3, "add_blank_page": 2}
"""Kit calls and the index of their first text argument (every later string counts too)."""
CLI_TEXT_CALLS = {"print", "_err", "write", "error"}

WORD = re.compile(r"[A-Za-z]{2,}")
PROPER_NAMES = {"ReclaimDesk"}
"""Literal text that is a name, the same in every language (the app's)."""

ALLOWED_FILES: dict[str, str] = {
    # A file may sit here only while its strings are being converted; the test
    # fails once the file is clean, so that its entry is removed and stays out.
}


def _literal_text(node: ast.AST) -> str | None:
    """The literal words of a string expression (f-string fields removed), or
    None when the expression is not a literal (a name, a call...)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.sub(r"\{[^{}]*\}", " ", node.value)
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        parts = [_literal_text(node.left), _literal_text(node.right) if isinstance(node.op, ast.Add) else None]
        found = [p for p in parts if p is not None]
        return " ".join(found) if found else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return _literal_text(node.func.value)
    if isinstance(node, ast.IfExp):
        parts = [_literal_text(node.body), _literal_text(node.orelse)]
        found = [p for p in parts if p is not None]
        return " ".join(found) if found else None
    return None


def _is_translated(node: ast.AST) -> bool:
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
            "format", "upper", "lower", "strip", "capitalize"):
        node = node.func.value
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TRANSLATORS


def _user_text(node: ast.AST) -> str | None:
    """The words of ``node`` when it is literal user text that bypasses the catalogue."""
    if _is_translated(node):
        return None
    text = _literal_text(node)
    if text is not None and text.strip() in PROPER_NAMES:
        return None
    if text is None or not WORD.search(re.sub(r"<[^>]*>|&\w+;", " ", text)):
        return None  # no words: symbols, numbers, notation, markup only
    return text


def _call_name(call: ast.Call) -> str:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return ""


def _texts_of(call: ast.Call, first: int = 0) -> list[ast.AST]:
    args = list(call.args[first:])
    args += [k.value for k in call.keywords if k.arg in ("text", "title", "label", "tip", "message", "note",
                                                        "subtitle", "heading")]
    return args


def violations(path: Path) -> list[str]:
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
    in_ui = rel.startswith("reclaimdesk/ui/")
    in_export = rel.startswith("reclaimdesk/export/")
    in_cli = rel == "reclaimdesk/cli.py"
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        candidates: list[ast.AST] = []
        if in_ui:
            if name in QT_TEXT_METHODS or name in QT_TEXT_CONSTRUCTORS:
                candidates = _texts_of(node)
            elif name in QT_MESSAGE_FUNCTIONS and isinstance(node.func, ast.Attribute) \
                    and getattr(node.func.value, "id", "") == "QMessageBox":
                candidates = _texts_of(node, 1)
        if in_export and name in EXPORT_TEXT_CALLS:
            candidates = _texts_of(node, EXPORT_TEXT_CALLS[name])
        if in_cli and name in CLI_TEXT_CALLS:
            candidates = _texts_of(node)
        for arg in candidates:
            text = _user_text(arg)
            if text is not None:
                found.append(f"{rel}:{node.lineno}: {name}({text.strip()[:60]!r})")
    return found


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "locale" not in p.parts)


def test_no_literal_user_text_bypasses_the_catalogue():
    problems = []
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED_FILES:
            continue
        problems += violations(path)
    assert problems == [], ("wrap these in _() (or mark module constants with N_() and translate "
                            "where shown):\n" + "\n".join(problems[:60]))


def test_allow_list_only_holds_files_still_being_converted():
    clean = [rel for rel in ALLOWED_FILES if not (ROOT / rel).exists() or not violations(ROOT / rel)]
    assert clean == [], f"these files are converted now: remove them from ALLOWED_FILES: {clean}"


def test_the_scan_finds_what_it_should():
    """The scan itself: literal words are caught, translated or wordless text is not."""
    sample = '''
label = QLabel("Score so far")
label.setText(_("Score so far"))
label.setToolTip(f"{n} points")
label.setText(f"\\u00d7{n}")
box.setWindowTitle(_("{game} - {app}").format(game=g, app=a))
menu.addAction("&Quit")
menu.addAction(N_("Undo"))
button = QPushButton("")
QMessageBox.warning(self, "Could not save", text)
'''
    tree = ast.parse(sample)
    caught = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and (_call_name(node) in QT_TEXT_METHODS | QT_TEXT_CONSTRUCTORS
                                           or _call_name(node) in QT_MESSAGE_FUNCTIONS):
            first = 1 if _call_name(node) in QT_MESSAGE_FUNCTIONS else 0
            caught += [node.lineno for a in _texts_of(node, first) if _user_text(a) is not None]
    assert sorted(caught) == [2, 4, 7, 10]
