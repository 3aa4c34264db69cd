"""Japanese on a button breaks by phrase, never inside a word (issue 34).

A browser breaks Japanese between any two characters: a narrow button reads 逃|げられる,
裏向|き, おね|だり. The ``phrased`` template filter cuts a Japanese text into the print kit's
BudouX phrases (:func:`printgen.linebreak.phrases`, the one segmenter of the project) and
marks each phrase edge with ``<wbr>`` inside a ``<span class="phrases">``; app.css gives that
span ``word-break: keep-all``, so a line ends only at a phrase edge (or a space), and
``overflow-wrap: anywhere`` still cuts a single phrase wider than the button.

Text without Japanese or of one phrase, and markup that already holds tags, is returned
as it is.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from printgen.linebreak import phrases

#: Kana and ideographs: the scripts a browser breaks anywhere.
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def phrased(text: object) -> Markup:
    """``text`` (a string or safe markup) with ``<wbr>`` at its Japanese phrase edges."""
    if isinstance(text, Markup):
        if "<" in text:
            return text  # already markup of its own: its tags must not be cut
        plain = text.unescape()
    else:
        plain = str(text)
    parts = phrases(plain) if _JAPANESE.search(plain) else ()
    if len(parts) < 2:
        return escape(plain)  # one phrase, or no Japanese: nothing to mark
    inner = Markup("<wbr>").join(escape(part) for part in parts)
    return Markup('<span class="phrases">') + inner + Markup("</span>")
