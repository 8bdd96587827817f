"""The Japanese catalogues follow the house style (/work/shared/JAPANESE.md, copied in
docs/japanese-style.md): each rule the style guide states as a "never" is a check
here, over every ``msgstr`` of ``reclaimdesk/locale/ja/LC_MESSAGES/*.po`` and the
Japanese rules pages (italics only).

A check lists every message that breaks it (domain, msgid, msgstr), so a failure
says what to rewrite. The rules themselves are tested on examples at the end, so a
check that quietly matches nothing would fail too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "reclaimdesk" / "locale" / "ja" / "LC_MESSAGES"

# kana, kanji and the full-width forms (punctuation, letters) that Japanese text is made of
JA = "\u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
JA_CHAR = f"[{JA}]"
COUNTERS = ("点", "個", "枚", "人", "手", "回", "マス", "ラウンド", "番", "件", "秒", "分", "時間", "日",
            "ヶ月", "か月", "年", "列", "行", "ヘクス", "色", "組", "ページ", "つ", "通り", "倍", "%", "％", "位",
            "本", "区画", "戦", "勝", "敗", "ゲーム", "周", "段", "種類", "mm", "ミリ")


class Message:
    def __init__(self, domain: str, context: str | None, ids: list[str], strings: list[str]):
        self.domain, self.context, self.ids, self.strings = domain, context, ids, strings

    @property
    def msgid(self) -> str:
        return self.ids[0]

    def __repr__(self) -> str:
        return f"{self.domain}: {self.msgid!r} -> {' | '.join(self.strings)!r}"


def messages(folder: Path = LOCALE) -> list[Message]:
    found = []
    for po in sorted(folder.glob("*.po")):
        with po.open("rb") as fh:
            for msg in read_po(fh, locale="ja"):
                if not msg.id:
                    continue
                ids = [msg.id] if isinstance(msg.id, str) else list(msg.id)
                strings = [msg.string] if isinstance(msg.string, str) else list(msg.string)
                strings = [s for s in strings if s]
                if strings:
                    found.append(Message(po.stem, msg.context, ids, strings))
    return found


# --- the rules: each takes one Japanese text (and its message) and yields what is wrong ---------
def ascii_colon(text: str, msg: Message) -> Iterator[str]:
    """A colon after Japanese text is the full-width ："""
    for m in re.finditer(f"{JA_CHAR}[ \t]*:", text):
        yield m.group()
    if re.search(JA_CHAR, text):
        # a {field} then ": " inside Japanese (not the "{prog}: " / "{file}: " prefix of a
        # command-line message, which stays as Unix tools write it)
        for m in re.finditer(r"\{(\w+)\}: ", text):
            if not (m.start() == 0 and m.group(1) in ("prog", "file")):
                yield m.group()


def ascii_punctuation(text: str, msg: Message) -> Iterator[str]:
    """After Japanese text: （）！？、 rather than ( ) ! ? , (a menu's accelerator (&F) and a
    file filter's (*.json) stay ASCII: Qt reads them)."""
    kept = re.sub(r"\(&\w\)|\([^()]*\*[^()]*\)", "", text)
    for m in re.finditer(f"{JA_CHAR} ?[(!?,]|{JA_CHAR}\\)|\\({JA_CHAR}[^()]*\\)", kept):
        yield m.group()


def three_dots(text: str, msg: Message) -> Iterator[str]:
    """An ellipsis is …, never ..."""
    if "..." in text:
        yield "..."


def wave_dash(text: str, msg: Message) -> Iterator[str]:
    """Ranges take ～ (U+FF5E), never 〜 (U+301C)."""
    if "〜" in text:
        yield "〜"


# a number: digits that are not part of a Latin token (d3, r01, FILE-2), or a {field}
_NUMBER = r"(?:(?<![A-Za-z0-9_.\-])\d+(?:\.\d+)?(?![A-Za-z])|\{[a-z_0-9]*(?::[^}]*)?\})"
_COUNTER = "(?:" + "|".join(re.escape(c) for c in COUNTERS) + ")"
_SPACE = "[ \u3000\u00a0](?![ ])"  # one space: two or more line up the columns of a table


def spaced_number(text: str, msg: Message) -> Iterator[str]:
    """No space between Japanese and a number, nor between a number and its counter:
    あと82点, 3マス."""
    for m in re.finditer(f"{_NUMBER}{_SPACE}{_COUNTER}", text):
        yield m.group()
    for m in re.finditer(f"{JA_CHAR}{_SPACE}{_NUMBER}", text):
        yield m.group()
    for m in re.finditer(f"{_NUMBER}{_SPACE}(?=[{JA}])", text):
        # "{n} 点" is counted above; here a number then a space before a word (42 を)
        follow = text[m.end():m.end() + 1]
        if follow not in "（「【・…":
            yield m.group() + follow


def spaced_separator(text: str, msg: Message) -> Iterator[str]:
    """Japanese text is not cut up with " - " (use ：, （）, or a sentence)."""
    for m in re.finditer(f"{JA_CHAR}[ ]+[-–—][ ]+|[-–—][ ]+{JA_CHAR}", text):
        yield m.group()
    if re.search(JA_CHAR, text):
        for m in re.finditer(r"\}[ ]+[-–—][ ]+\{", text):  # {name} - {map}マップ
            yield m.group()


# the glossary's "not" column: (forbidden pattern, unless the text matches, where)
GLOSSARY: list[tuple[str, str | None, str]] = [
    ("棋譜", None, "記録"),
    ("ヴァリアント", None, "バリアント"),
    ("変種ルール", None, "バリアント"),
    ("ホットシート", None, "1台で交代して遊ぶ"),
    ("ホット・シート", None, "1台で交代して遊ぶ"),
    ("CPU", None, "コンピューター"),
    ("地図", None, "マップ"),
    ("ベストスコア", None, "自己ベスト"),
    ("(?<!パ)ターン", None, "手番"),
    ("クレーム", None, "クレイム・コントロール"),
    ("リクラメーションウォーズ", None, "リクラメーション・ウォーズ"),
    ("ザリクラメーション", None, "ザ・リクラメーション"),
]


def glossary(text: str, msg: Message) -> Iterator[str]:
    """The glossary's "not" column (JAPANESE.md)."""
    for word, _unless, use in GLOSSARY:
        if re.search(word, text):
            yield f"{word.replace('(?<!パ)', '')} (use {use})"
    for m in re.finditer(r"AI", text):
        if not text.startswith("のレベル", m.end()):
            yield "AI (コンピューター; AI only in 「AIのレベル」)"
    for m in re.finditer("スコア", text):
        if not text.startswith("アタック", m.end()):
            yield "スコア (得点; スコア only in スコアアタック)"
    if "取り消" in text and re.search(r"\bundo|\btake(s|n)? back|\bundone|\bUndo", " ".join(msg.ids)):
        yield "取り消し for undo (元に戻す)"
    if re.search(r"hot[ -]?seat|at (one|this) computer|taking turns at", " ".join(msg.ids), re.I) \
            and "1台で交代して遊" not in text:
        yield "hot seat not said as 1台で交代して遊ぶ"


ALLUVIUM_NOT = [("長方形", "四角形"), ("描", "記入"), ("仮想色", "仮想プレイヤー"),
                ("アクションA", "行動A"), ("アクションB", "行動B"), ("アクション", "行動")]


def alluvium_terms(text: str, msg: Message) -> Iterator[str]:
    """Alluvium says what its rule book says."""
    if msg.domain != "alluvium":
        return
    for word, use in ALLUVIUM_NOT:
        if word in text:
            yield f"{word} (the book says {use})"


ITALICS = re.compile(rf"<(i|em)\b[^>]*>[^<]*[{JA}][^<]*</\1>|(?<![*\w(])\*[^*\s()][^*]*[{JA}][^*]*[^*\s()]\*(?!\*)"
                     rf"|font-style:\s*italic")


def italics(text: str, msg: Message | None) -> Iterator[str]:
    """Emphasis with bold or 「」, never italics (Japanese has no italic)."""
    for m in ITALICS.finditer(text):
        yield m.group()[:40]


RULES: dict[str, Callable[[str, Message], Iterator[str]]] = {
    "ascii_colon": ascii_colon,
    "ascii_punctuation": ascii_punctuation,
    "three_dots": three_dots,
    "wave_dash": wave_dash,
    "spaced_number": spaced_number,
    "spaced_separator": spaced_separator,
    "glossary": glossary,
    "alluvium_terms": alluvium_terms,
    "italics": italics,
}


def breaches(rule: Callable[[str, Message], Iterator[str]], found: list[Message]) -> list[str]:
    out = []
    for msg in found:
        for text in msg.strings:
            if rule is not italics:  # the words as shown: <b>42</b> 点 is "42 点"
                text = re.sub(r"<[^>]+>", "", text)
            hits = list(rule(text, msg))
            if hits:
                out.append(f"{msg!r}  [{', '.join(dict.fromkeys(hits))}]")
    return out


@pytest.fixture(scope="module")
def catalogue() -> list[Message]:
    return messages()


@pytest.mark.parametrize("name", list(RULES))
def test_catalogue_follows_the_house_style(name, catalogue):
    wrong = breaches(RULES[name], catalogue)
    assert wrong == [], f"{len(wrong)} Japanese messages break '{name}' ({RULES[name].__doc__.strip()}):\n" + \
        "\n".join(wrong)


def test_rules_pages_have_no_italics():
    wrong = []
    for page in sorted((ROOT / "reclaimdesk" / "ui").glob("*/rules/ja.*")):
        for hit in italics(page.read_text(encoding="utf-8"), None):
            wrong.append(f"{page.relative_to(ROOT)}: {hit}")
    assert wrong == [], "\n".join(wrong)


def rules_pages() -> list[tuple[Path, str]]:
    """Each game's Japanese rules page as the text a player reads (tags, and a
    Markdown list's leading "- ", taken out)."""
    import html

    pages = []
    for page in sorted((ROOT / "reclaimdesk" / "ui").glob("*/rules/ja.*")):
        text = page.read_text(encoding="utf-8")
        text = re.sub(r"^[ \t]*[-*] ", "", text, flags=re.M) if page.suffix == ".md" else text
        pages.append((page, html.unescape(re.sub(r"<[^>]+>", "", text))))
    return pages


@pytest.mark.parametrize("name", [n for n in RULES if n != "italics"])
def test_rules_pages_follow_the_house_style(name):
    """The players' rules pages (not in the catalogues) keep the same rules; a
    page counts as its game's domain (Alluvium's book words)."""
    wrong = []
    for page, text in rules_pages():
        msg = Message(page.parent.parent.name, None, ["(rules page)"], [text])
        hits = list(RULES[name](text, msg))
        if hits:
            wrong.append(f"{page.relative_to(ROOT)}: {sorted(set(hits))}")
    assert wrong == [], "\n".join(wrong)


def test_one_msgid_reads_one_way_across_domains(catalogue):
    """The catalogues are merged at run time: the same English (and context) must
    read the same in every domain, or which one shows depends on file order."""
    seen: dict[tuple, Message] = {}
    clashes = []
    for msg in catalogue:
        key = (msg.context, msg.msgid)
        if key in seen and seen[key].strings != msg.strings:
            clashes.append(f"{seen[key]!r}\n   vs {msg!r}")
        seen.setdefault(key, msg)
    assert clashes == [], "\n".join(clashes)


def test_desu_masu_in_sentences(catalogue):
    """Every sentence a player reads ends politely: no plain だ／である／した。 endings."""
    # past, だ, ない, and the plain present (…す, …る, …く) as opposed to ました, でした, ます, です, しょう
    plain = re.compile(r"(?:(?<!まし)(?<!でし)た|だ|ない|(?<![まで])す|(?<!ょ)う|[くぐむぶぬつる])[。！]")
    wrong = [repr(m) for m in catalogue for s in m.strings if plain.search(s)]
    assert wrong == [], f"{len(wrong)} messages:\n" + "\n".join(wrong)


# --- the checks themselves, on made-up messages -----------------------------------------------
def _hits(rule, text, domain="app", msgid="x"):
    return list(rule(text, Message(domain, None, [msgid], [text])))


@pytest.mark.parametrize("rule, bad, good", [
    (ascii_colon, "得点: 42", "得点：42"),
    (ascii_colon, "ラウンド:", "{n:d}ラウンド"),
    (ascii_colon, "ラウンド{round}: {action}", "{prog}: {message}（--help を参照）"),
    (ascii_punctuation, "本当に終了しますか?", "本当に終了しますか？"),
    (ascii_punctuation, "桜(緑)に渡す", "桜（緑）に渡す"),
    (ascii_punctuation, "閉じる (Esc)", "ファイル(&F)"),
    (ascii_punctuation, "閉じる (Esc)", "ゲームの記録 (*.json)"),
    (three_dots, "読み込み中...", "読み込み中…"),
    (wave_dash, "1〜6人", "1～6人"),
    (spaced_number, "あと 82 点", "あと82点"),
    (spaced_number, "あと {points} 点です", "あと{points}点です"),
    (spaced_number, "42 を消しました", "42を消しました"),
    (spaced_number, "あと 82 点", "c3-d3 の青のマーカーは d3 にも届きます"),
    (spaced_number, "{players} 人", "{id} {name} {players}人  {summary}"),
    (spaced_separator, "マップ - 川", "マップ：川"),
    (glossary, "棋譜を開く", "記録を開く"),
    (glossary, "ヴァリアント", "バリアント"),
    (glossary, "CPUの手番", "コンピューターの手番"),
    (glossary, "AIの手番", "AIのレベル"),
    (glossary, "ベストスコア", "スコアアタック"),
    (glossary, "地図", "マップ"),
    (glossary, "クレームコントロール", "クレイム・コントロール"),
    (glossary, "あなたのターン", "この形のパターン"),
    (italics, "<i>開拓カード</i>", "<b>開拓カード</b>"),
    (italics, "*開拓カード*", "記録 (*.json);;すべてのファイル (*)"),
])
def test_each_rule_catches_what_it_should(rule, bad, good):
    assert _hits(rule, bad), bad
    assert not _hits(rule, good), good


def test_glossary_reads_the_english_for_undo_and_hot_seat():
    assert _hits(glossary, "取り消し", msgid="&Undo")
    assert not _hits(glossary, "取り消し", msgid="Cancel")
    assert _hits(glossary, "ホットシートで遊ぶ", msgid="Hot seat")
    assert _hits(glossary, "交代で遊ぶ", msgid="Hot seat")
    assert not _hits(glossary, "1台で交代して遊ぶ", msgid="Hot seat")


def test_alluvium_terms_only_in_alluvium():
    assert _hits(alluvium_terms, "長方形を描く", domain="alluvium")
    assert not _hits(alluvium_terms, "四角形を記入", domain="alluvium")
    assert not _hits(alluvium_terms, "描く", domain="reclaim")
