import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read the app's English words: a machine set to another language
# (LANG=ja_JP.UTF-8) must not change what the command line prints in them. Tests of
# the Japanese texts ask for it (--lang ja, i18n.set_language("ja"), monkeypatch).
os.environ["LANGUAGE"] = "en"
