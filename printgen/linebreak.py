"""Line breaking for printed text in English, Italian and Japanese (kinsoku shori).

Glossary:
- *break opportunity*: a place between two characters where a line may end. Latin text
  breaks only at spaces; Japanese breaks between any two characters, and between Japanese
  and an adjacent Latin word or number (JIS X 4051), so "Campfire" or "100" inside a
  Japanese sentence stays whole.
- *kinsoku* (禁則): characters that may not start a line (closing brackets, 。、, small
  kana, ー, ！？ …) or may not end one (opening brackets, 「（ …). A break next to them is
  no opportunity, so the character travels with its neighbour (oikomi/oidashi).
- *unit*: a run of text between two break opportunities, laid out as a whole.
- *phrase* (文節): what BudouX (Google's kept segmenter, ``budoux``) finds in a Japanese
  sentence: "単独2位の", "カード13枚を", "ゴミ漁りマーカーを". A book sets Japanese by
  phrase; it never breaks inside a word or between a number and its counter.
- *level*: how freely Japanese may break, tried in order. ``phrases``: only after 。、・！？：.
  ``words``: between BudouX phrases. ``kana``: where the script changes (kanji, hiragana,
  katakana, other). ``chars``: between any two characters. A unit too wide for the line at
  one level is cut at the next; kinsoku holds at every level, and so does a number with
  its counter ("2位", "1つ", "3対1", "13枚").

The kinsoku tables are ReportLab's (``reportlab.lib.textsplit``), completed with what they
lack. ReportLab's own splitter (``wordSplit`` / ``dumbSplit``, also behind
``Paragraph(wordWrap='CJK')``) is not used: it cuts a Latin word that started in the first
half of the line ("Campfir|e", "1|00％"), ignores the cannot-end table ("（" ends a line)
and lets only one cannot-start character hang past the margin ("、|」"). The greedy
filling here never breaks at a forbidden place, and only a single unit wider than the line
can overflow it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import budoux
from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START

from printgen import fonts
from printgen.errors import PrintError

PT = 25.4 / 72  # one point in millimetres

# ReportLab's tables plus: full-width ！？，．：； and closing 〉》〙〗｝, the small kana
# ゕゖ and ㇰ–ㇿ, the closing quotes and guillemets of Latin text and a percent sign ("100 %"
# in Italian). Wave dashes join a range ("1～3", "S1〜S3"): they may neither start nor end a
# line, so the range stays on one line.
CANNOT_START = frozenset(ALL_CANNOT_START) | frozenset(
    "！？，．：；〉》〙〗｝”’»›%〜～ゕゖ)]}" + "".join(map(chr, range(0x31F0, 0x3200)))
)
# ASCII brackets too: a Japanese text may use them ("穀物(黄)"), and "(" must not end a line.
CANNOT_END = frozenset(ALL_CANNOT_END) | frozenset("〈《〘〖｛“‘«‹〜～([{")

# Scripts without spaces between words: CJK punctuation, kana, ideographs, full-width forms.
# Where a Japanese phrase ends: a label breaks there first ("クリップは20から。/他の人に…").
PHRASE_ENDS = frozenset("。、・！？：")
LEVELS = ("phrases", "words", "kana", "chars")

_CJK = re.compile(r"[\u3000-\u30ff\u31f0-\u31ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _is_cjk(char: str) -> bool:
    return _CJK.match(char) is not None


def _is_katakana(char: str) -> bool:
    return "\u30a1" <= char <= "\u30fa" or char == "ー"


def _script(char: str) -> str:
    """Which of Japanese's scripts ``char`` is written in: a word changes script at most
    at its ends ("ゴミ漁り|マーカー"), so a line cut there keeps words whole."""
    if _is_katakana(char):
        return "katakana"
    if "\u3041" <= char <= "\u309f":
        return "hiragana"
    if "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" or char == "々":
        return "kanji"
    return "other"


@functools.cache
def _parser() -> budoux.Parser:
    return budoux.load_default_japanese_parser()


def _annotation(phrase: str) -> bool:
    """A short bracketed note that belongs to the word before it: "(黄)" in "穀物(黄)"."""
    return len(phrase) <= 5 and phrase[0] in "(（" and phrase[-1] in ")）"


@functools.lru_cache(maxsize=4096)
def phrases(text: str) -> tuple[str, ...]:
    """``text`` cut into BudouX phrases; a one-character phrase ("分" after "3つ") and a
    short bracketed note ("(黄)") stay with the phrase before them."""
    out: list[str] = []
    for phrase in _parser().parse(text):
        if out and (len(phrase.strip()) == 1 or _annotation(phrase)):
            out[-1] += phrase
        else:
            out.append(phrase)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def phrase_breaks(text: str) -> frozenset[int]:
    """The indexes of ``text`` where a phrase (:func:`phrases`) starts (0 excluded)."""
    breaks, at = set(), 0
    for phrase in phrases(text):
        at += len(phrase)
        breaks.add(at)
    return frozenset(breaks - {0, len(text)})


def _counted(text: str, i: int) -> bool:
    """Whether ``text[i - 1]`` and ``text[i]`` belong to one number with its counter: a
    digit and the character after it ("2位", "1つ", "13枚", "3対"), or a one-character
    joiner between two numbers ("対1" in "3対1")."""
    before, after = text[i - 1], text[i]
    if before.isdigit() and not after.isspace():
        return True
    return after.isdigit() and i >= 2 and text[i - 2].isdigit() and _is_cjk(before)


# "N → M" (a cost, an exchange: "3 → 4", "2個 → 2") reads as one thing: never split.
_ARROW_PAIR = re.compile(r"(\S+) ?→ ?(?=\S)")


@functools.lru_cache(maxsize=4096)
def arrow_joins(text: str) -> frozenset[int]:
    """The indexes of ``text`` where no line may end because an "N → M" pair would split
    there: between N and the arrow, and between the arrow and M (issue 37)."""
    return frozenset(i for m in _ARROW_PAIR.finditer(text) for i in range(m.end(1), m.end() + 1))


def _may_break(text: str, i: int, level: str = "chars") -> bool:
    """Whether a line may end between ``text[i - 1]`` and ``text[i]`` at ``level`` (see the
    glossary): Latin text breaks at spaces at every level; never inside "N → M"."""
    if "→" in text and i in arrow_joins(text):
        return False
    before, after = text[i - 1], text[i]
    if after.isspace():
        return False  # break after the spaces: they end the line and are dropped
    if before.isspace():
        last = text[:i].rstrip()[-1:]
        return after not in CANNOT_START and last not in CANNOT_END
    if not (_is_cjk(before) or _is_cjk(after)):
        return False  # inside a Latin word or number
    if after in CANNOT_START or before in CANNOT_END or _counted(text, i):
        return False
    if level == "phrases":
        return before in PHRASE_ENDS
    if level == "words":
        return before in PHRASE_ENDS or i in phrase_breaks(text)
    if level == "kana":  # where the script changes: 土地|1～3つ, 漁|りマーカー stays whole
        return _script(before) != _script(after)
    return True


def units(text: str, level: str = "chars") -> list[str]:
    """``text`` cut at every break opportunity of ``level`` (trailing spaces stay with their
    unit)."""
    pieces: list[str] = []
    start = 0
    for i in range(1, len(text)):
        if _may_break(text, i, level):
            pieces.append(text[start:i])
            start = i
    if text:
        pieces.append(text[start:])
    return pieces


def _units_within(text: str, size_mm: float, width: float, levels: tuple[str, ...]) -> list[str]:
    """Units of ``text`` at ``levels[0]``; one wider than ``width`` is cut at the next."""
    out: list[str] = []
    for unit in units(text, levels[0]):
        if len(levels) > 1 and fonts.width(unit.rstrip(), size_mm) > width:
            out += _units_within(unit, size_mm, width, levels[1:])
        else:
            out.append(unit)
    return out


def wrap_lines(text: str, size_mm: float, width: float, *, phrases: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` mm at font size ``size_mm``.

    Greedy: each line takes as many units as fit, Japanese words whole where they fit on a
    line (:data:`LEVELS`). A newline forces a break. A Latin word wider than ``width``
    gets a line of its own (it is never cut). No widow: a last line of one unit takes the
    unit before it along when that fits ("Move hunters / 1 space", "テントの設置・/拡張"
    rather than "…拡/張"). ``phrases``: Japanese breaks only after 。、・！？：.
    """
    levels = ("phrases",) if phrases else LEVELS[1:]
    lines: list[str] = []
    for paragraph in text.split("\n"):
        rows: list[list[str]] = []
        for unit in _units_within(paragraph.strip(), size_mm, width, levels):
            if rows and fonts.width(("".join(rows[-1]) + unit).rstrip(), size_mm) <= width:
                rows[-1].append(unit)
            else:
                rows.append([unit])
        if len(rows) >= 2 and len(rows[-1]) == 1 and len(rows[-2]) >= 2:
            widow = rows[-2][-1] + rows[-1][0]
            if fonts.width(widow.rstrip(), size_mm) <= width:
                rows[-1].insert(0, rows[-2].pop())
        lines.extend("".join(row).rstrip() for row in rows if "".join(row).strip())
    return lines


def fit(
    text: str,
    width: float,
    height: float,
    size: float,
    min_size: float,
    *,
    max_lines: int = 3,
    leading: float = 1.15,
    measure: Callable[[str, float], float] = fonts.width,
) -> tuple[float, list[str]]:
    """The largest size (pt, from ``size`` down to ``min_size`` in ¼ pt steps) at which
    ``text`` wraps into at most ``max_lines`` lines inside ``width`` × ``height`` mm.
    At each size, breaking Japanese only at phrase ends is tried before breaking anywhere.

    Returns ``(size, lines)``. Raises ``PrintError`` naming the text when even
    ``min_size`` does not fit: the layout (or the translation) must change, a smaller
    size would be unreadable at the table.
    """
    steps = round((size - min_size) * 4)
    for step in range(steps + 1):
        pt = size - step / 4
        size_mm = pt * PT
        for phrases in (True, False):
            lines = wrap_lines(text, size_mm, width, phrases=phrases)
            block = size_mm * (1 + leading * (len(lines) - 1))
            if (
                len(lines) <= max_lines
                and block <= height
                and all(measure(line, size_mm) <= width for line in lines)
            ):
                return pt, lines
    raise PrintError(
        f"the text {text!r} does not fit in {width:.1f} × {height:.1f} mm "
        f"on {max_lines} lines at {min_size} pt"
    )
