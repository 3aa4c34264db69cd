"""Sheets, time and size of the print-and-play kits.

Run: ``.venv/bin/python bench/print_kit.py [--lang en|ja|it] [--repeat N]``.
Prints, per game and for the four-game kit, on A4 and Letter: pages, sheets of paper
(the pages printed double-sided count two to a sheet), the pages of the parts added to the
pieces (A Dog's Life's city poster, the rules summaries and player aids), the sheets of
fronts of A Dog's Life's 78 cards, then the render time (CPU seconds of this process, best
of ``--repeat``: the wall clock of a shared machine says more about its neighbours) and
the file size.

Goals: the four-game A4 kit on fewer sheets than its 86 pages before the butted layouts
(19 of them blank; pieces only, without the poster, rules and aids), the dog cards on at
most 9 A4 sheets of fronts, a full A4 kit in ≤ 2 s and ≤ 3 MB.
"""

from __future__ import annotations

import argparse
import re
import time

from printgen import fonts
from printgen.kit import (
    ALL,
    COVER_PAGES_DUPLEX,
    Context,
    components,
    games_with_kit,
    kit_components,
    render_kit,
)
from printgen.layout import PAPERS, plan
from printgen.style import Style

BEFORE_A4_PAGES = 86  # the four-game A4 kit before this layout (19 blank pages)
GOAL_SECONDS = 2.0
GOAL_BYTES = 3 * 1024 * 1024
GOAL_DOG_SHEETS = 9


def sheets(pdf: bytes, game: str, paper: str, lang: str) -> tuple[int, int]:
    """(pages, sheets of paper): the cover and the two-sided components come first and are
    printed double-sided, two pages to a sheet (printgen.kit.render_kit's order).

    Pages are counted in the PDF's own page objects (ReportLab writes them uncompressed), so
    the bench needs only the install of the README, not pypdf from the test extra."""
    pages = len(re.findall(rb"/Type /Page\b(?!s)", pdf))
    context = Context(lang, Style())
    duplex = COVER_PAGES_DUPLEX + sum(
        len(plan(component, paper, "long"))
        for name in (games_with_kit() if game == ALL else [game])
        for component in kit_components(name, context)
        if component.two_sided
    )
    return pages, (duplex + 1) // 2 + (pages - duplex)


def measure(game: str, lang: str, paper: str, repeat: int) -> tuple[float, bytes]:
    best, pdf = float("inf"), b""
    for _ in range(repeat):
        start = time.process_time()
        pdf = render_kit(
            game,
            paper=paper,
            lang=lang,
            table_url="https://campfire.example/t/X",
            seat_urls=[f"https://campfire.example/t/X/s/{n}" for n in range(1, 7)],
        )
        best = min(best, time.process_time() - start)
    return best, pdf


def dog_card_sheets(paper: str) -> int:
    (cards,) = [
        c for c in components("dogs-life", Context("en", Style())) if c.key == "dogs-life.cards"
    ]
    return sum(1 for sheet in plan(cards, paper, "long") if not sheet.is_back)


def added_pages(paper: str, lang: str) -> dict[str, int]:
    """Pages of the four-game kit's parts beyond the pieces (city poster, rules and aids)."""
    added: dict[str, int] = {}
    for game in games_with_kit():
        context = Context(lang, Style())
        own = {c.key for c in components(game, context)}
        for component in kit_components(game, context):
            if component.key not in own:
                kind = component.key.partition(".")[2]
                added[kind] = added.get(kind, 0) + len(plan(component, paper, "long"))
    return added


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    fonts.register()
    print(f"font load: {time.perf_counter() - start:.3f} s")
    print(f"{'kit':<12} {'paper':<7} {'pages':>6} {'sheets':>7} {'cpu s':>8} {'KiB':>6}")
    results = {}
    for paper in PAPERS:
        for game in [*games_with_kit(), ALL]:
            seconds, pdf = measure(game, args.lang, paper, args.repeat)
            pages, paper_sheets = sheets(pdf, game, paper, args.lang)
            results[game, paper] = (pages, paper_sheets, seconds, len(pdf))
            print(
                f"{game:<12} {paper:<7} {pages:6d} {paper_sheets:7d} {seconds:8.3f} "
                f"{len(pdf) / 1024:6.0f}"
            )
    pages, paper_sheets, seconds, size = results[ALL, "a4"]
    dogs = {paper: dog_card_sheets(paper) for paper in PAPERS}
    print(
        f"dog cards: {dogs['a4']} A4 / {dogs['letter']} Letter sheets of fronts "
        f"(goal ≤ {GOAL_DOG_SHEETS} on A4)"
    )
    added = added_pages("a4", args.lang)
    print(
        f"four-game A4 kit: {paper_sheets} sheets, {pages} pages "
        f"(before: {BEFORE_A4_PAGES} pages, pieces only); of its pages "
        + ", ".join(f"{n} {kind}" for kind, n in added.items())
    )
    ok = (
        paper_sheets < BEFORE_A4_PAGES
        and dogs["a4"] <= GOAL_DOG_SHEETS
        and seconds <= GOAL_SECONDS
        and size <= GOAL_BYTES
    )
    print(
        f"goals (fewer sheets, ≤ {GOAL_DOG_SHEETS} dog sheets, ≤ {GOAL_SECONDS} s, "
        f"≤ {GOAL_BYTES // 1024 // 1024} MB): {'ok' if ok else 'NOT MET'}"
    )


if __name__ == "__main__":
    main()
