"""A phone step for the words: which words of the page are broken across two lines
("dimensio ne"). Latin-script words only (Japanese wraps between any two characters);
addresses (a table's link) may wrap anywhere."""

from __future__ import annotations

from typing import Any

_BROKEN = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const parent = node.parentElement;
    if (!parent || parent.closest("svg, script, style, [hidden], details:not([open])")) continue;
    if (node.data.includes("://")) continue;  // an address wraps where it must
    const words = /[A-Za-zÀ-ÖØ-öø-ÿ]{2,}/g;
    let match;
    while ((match = words.exec(node.data))) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.bottom)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


def broken_words(page: Any) -> list[str]:
    """The words on ``page`` that wrap inside themselves (each once per place)."""
    return list(page.evaluate(_BROKEN))
