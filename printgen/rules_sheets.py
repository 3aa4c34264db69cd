"""The rules in the kit: a rules summary and a player aid per game, with an icon legend.

The words are each game's own (``printgen.plug.Kit``'s ``rules`` and ``aid``, in its
``printgen.games.<package>`` module), written from the rule
decisions (B…, L…, H…, D…) and the rulebooks, in a small markup:

``# Heading``
    a section title;
``- text``
    a bullet;
``1. text``
    a numbered step (hanging indent, like a bullet);
any other line
    a paragraph.

Glossary
--------
rules summary
    Every rule a group needs to play with the printed kit alone, set in two columns on
    as many ``RULES`` pages as it takes, ending with the icon legend.
player aid
    One card per seat (``AID`` mm): the turn in short and the icon legend.
legend
    The icons printed on the game's pieces, each with what it stands for
    (the kit's ``legend``; the icons are :mod:`printgen.icons`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from games import registry
from printgen import words
from printgen.errors import PrintError
from printgen.icons import icon
from printgen.layout import Component, Piece
from printgen.linebreak import PT, wrap_lines
from printgen.messages import game_title
from printgen.pen import MIN_LABEL_PT, Pen
from printgen.plug import Kit

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]

RULES = (186.0, 250.0)  # mm: fits the printable area of A4 and Letter, portrait
AID = (88.0, 120.0)  # mm: four to a sheet
MARGIN = 7.0
GUTTER = 6.0
BODY_PT = 8.5
HEADING_PT = 10.5
LEADING = 1.28
INDENT = 3.4  # mm: the hanging indent of bullets and steps
ICON_ROW = {"rules": 5.8, "aid": 4.9}  # mm: the height of a legend row (icon + air)


@dataclass(frozen=True, slots=True)
class Block:
    """One unit of the flow: a heading, a paragraph, a bullet/step, or a legend row."""

    kind: str  # "heading" | "para" | "item" | "legend"
    text: str
    mark: str = ""  # "•" or "1." for items; the icon name for legend rows


def parse(markup: str) -> list[Block]:
    """The markup of a rules message as blocks (see the module docstring)."""
    blocks: list[Block] = []
    for raw in markup.split("\n"):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("# "):
            blocks.append(Block("heading", line[2:].strip()))
        elif line.startswith("- "):
            blocks.append(Block("item", line[2:].strip(), "•"))
        elif len(line) > 2 and line[0].isdigit() and line[1] in ".．":
            blocks.append(Block("item", line[2:].strip(), line[:2]))
        else:
            blocks.append(Block("para", line))
    return blocks


@dataclass(frozen=True, slots=True)
class Line:
    """A laid-out line: where (column box coordinates) and what to draw."""

    kind: str
    text: str
    x: float  # from the column's left edge, mm
    size: float  # pt
    height: float  # mm taken
    mark: str = ""
    first: bool = True  # the first line of its block (bullets, icons)
    icon: float = 0.0  # mm: the legend icon's size


def lay_out(
    blocks: Sequence[Block],
    width: float,
    body: float,
    icon_row: float = ICON_ROW["rules"],
    legend_columns: int = 1,
) -> list[Line]:
    """Break every block into lines for a column ``width`` mm wide at ``body`` pt; a
    legend row is at least ``icon_row`` mm tall. With ``legend_columns=2`` the legend
    runs in two columns side by side (a line of the right column takes no height: it is
    drawn level with the left column's line that follows it)."""
    if legend_columns == 2:
        prose = [b for b in blocks if b.kind != "legend"]
        legend = [b for b in blocks if b.kind == "legend"]
        lines = lay_out(prose, width, body, icon_row)
        half = (width - 2.0) / 2
        count = (len(legend) + 1) // 2
        for left, right in zip(legend[:count], [*legend[count:], None], strict=False):
            a = lay_out([left], half, body, icon_row)
            b = lay_out([right], half, body, icon_row) if right else []
            for k in range(max(len(a), len(b))):
                height = max(a[k].height if k < len(a) else 0, b[k].height if k < len(b) else 0)
                if k < len(b):
                    lines.append(replace(b[k], x=b[k].x + half + 2.0, height=0.0))
                if k < len(a):
                    lines.append(replace(a[k], height=height))
                else:
                    lines.append(Line("legend", "", 0.0, body, height, "", False))
        return lines
    lines = []
    step = body * PT * LEADING
    for block in blocks:
        if block.kind == "heading":
            size = body * HEADING_PT / BODY_PT
            for k, words in enumerate(wrap_lines(block.text, size * PT, width)):
                lines.append(
                    Line(
                        "heading",
                        words,
                        0,
                        size,
                        size * PT * 1.25 + (3.4 if k == 0 else 0),
                        first=k == 0,
                    )
                )
            continue
        indent = INDENT if block.kind == "item" else 0.0
        if block.kind == "legend":
            indent = 6.4
        rows = wrap_lines(block.text, body * PT, width - indent)
        for k, words in enumerate(rows):
            extra = 0.9 if k == len(rows) - 1 else 0.0  # air after a block
            height = step + extra
            if block.kind == "legend" and k == 0:
                height = max(height, icon_row)
            lines.append(
                Line(
                    block.kind,
                    words,
                    indent,
                    body,
                    height,
                    block.mark,
                    k == 0,
                    min(icon_row - 0.7, 5.2),
                )
            )
    return lines


def paginate(lines: Sequence[Line], columns: Sequence[float]) -> list[list[Line]]:
    """Fill columns of the given heights in order; a heading never ends a column."""
    filled: list[list[Line]] = [[] for _ in columns]
    k, used = 0, 0.0
    for index, line in enumerate(lines):
        need = line.height
        if line.kind == "heading" and index + 1 < len(lines):
            need += lines[index + 1].height  # keep with the next line
        while used + need > columns[k] + 1e-6 and filled[k]:
            k, used = k + 1, 0.0
            if k == len(columns):
                raise PrintError("the rules do not fit their pages")
        filled[k].append(line)
        used += line.height
    return filled


def _draw_lines(pen: Pen, x: float, top: float, lines: Sequence[Line]) -> None:
    y = top
    for line in lines:
        size_mm = line.size * PT
        baseline = y - size_mm * 0.9 - (2.4 if line.kind == "heading" and line.first else 0)
        if line.kind == "heading":
            pen.text(x, baseline, line.text, line.size, color="night")
            if line.first:
                pen.line(x, baseline - 1.4, x + 20, baseline - 1.4, color="gold", width=0.6)
        elif line.kind == "legend":
            if line.first and line.mark:
                icon(
                    pen,
                    line.mark,
                    x + line.x - 6.4,
                    baseline + size_mm * 0.35 - line.icon / 2,
                    line.icon,
                )
            pen.text(x + line.x, baseline, line.text, line.size)
        else:
            if line.first and line.mark:
                pen.text(
                    x + (0.6 if line.mark == "•" else 0),
                    baseline,
                    line.mark,
                    line.size,
                    color="muted",
                )
            pen.text(x + line.x, baseline, line.text, line.size)
        y -= line.height


def _blocks(kit: Kit, t: Text, key: str, markers: bool = True) -> list[Block]:
    text = t(kit.rules if key == "rules" else kit.aid)
    marker_lines = {t(line) for line in kit.marker_lines}  # lines of ``text``, translated
    if not markers:  # a kit without photo markers says nothing of them (issue 37)
        text = "\n".join(line for line in text.split("\n") if line not in marker_lines)
    blocks = parse(text)
    blocks.append(Block("heading", t(words.RULES_ICONS)))
    blocks += [Block("legend", t(label), name) for name, label in kit.legend]
    return blocks


def _rules_pages(game: str, kit: Kit, title: str, t: Text, markers: bool = True) -> list[Piece]:
    w, h = RULES
    column = (w - 2 * MARGIN - GUTTER) / 2
    head = 16.0
    lines = lay_out(_blocks(kit, t, "rules", markers), column, BODY_PT)
    body = h - 2 * MARGIN - 6  # room for the page number
    heights = [body - head, body - head] + [body] * 8
    columns = [c for c in paginate(lines, heights) if c]
    pages = [columns[k : k + 2] for k in range(0, len(columns), 2)]
    pieces = []
    for number, page in enumerate(pages, 1):

        def front(pen: Pen, page: list[list[Line]] = page, number: int = number) -> None:
            pen.rect(0, 0, w, h, fill="paper")
            top = h - MARGIN
            if number == 1:
                pen.rect(0, h - head - 2, w, head + 2, fill="night")
                pen.text(
                    MARGIN,
                    h - 12,
                    t(words.RULES_TITLE, game=title),
                    15,
                    color="paper",
                    max_width=w - 2 * MARGIN,
                )
                top -= head
            for k, lines_ in enumerate(page):
                _draw_lines(pen, MARGIN + k * (column + GUTTER), top, lines_)
            pen.text(
                w / 2,
                MARGIN - 3,
                f"{title} · {number}/{len(pages)}",
                MIN_LABEL_PT,
                color="muted",
                align="center",
            )

        pieces.append(Piece(f"rules-{game}-{number}", w, h, front))
    return pieces


def _aid(game: str, kit: Kit, title: str, seat: int, t: Text) -> Piece:
    w, h = AID
    head = 11.0
    width = w - 2 * 4.0
    for body in (7.5, 7.25, 7.0, 6.75, MIN_LABEL_PT):
        lines = lay_out(_blocks(kit, t, "aid"), width, body, ICON_ROW["aid"], legend_columns=2)
        if sum(line.height for line in lines) <= h - head - 4 - 4:
            break
    else:
        raise PrintError(f"the player aid of {game} does not fit on its card")

    def front(pen: Pen) -> None:
        pen.rect(-3, -3, w + 6, h + 6, fill="cream")
        pen.rect(-3, h - head, w + 6, head + 3, fill="night")
        pen.text(4, h - 7.4, title, 10, color="paper", max_width=w - 34)
        pen.text(
            w - 4, h - 7.4, t(words.AID_TITLE), 7.5, color="paper", align="right", max_width=28
        )
        _draw_lines(pen, 4, h - head - 2.5, lines)

    return Piece(f"aid-{game}-{seat}", w, h, front)


def components(game: str, kit: Kit, context: Context) -> list[Component]:
    """The rules summary and the player aids of ``game`` (its ``kit``'s words): one
    component, so the cover lists them on one line. One aid per seat: the game's most
    players (its ``Rules.seats``), or the table's seats and spares (issue 37)."""
    t = context.t
    title = game_title(context.lang, game)
    rules = registry.get(game).rules()
    most = rules.seats[1] if rules.seats is not None else len(rules.colours)
    aids = tuple(_aid(game, kit, title, seat, t) for seat in range(1, context.seat_count(most) + 1))
    return [
        Component(
            f"{game}.rules",
            t(words.RULES_COMPONENT, n=len(aids)),
            (*_rules_pages(game, kit, title, t, context.markers), *aids),
        )
    ]


def also_need(kits: Mapping[str, Kit], context: Context) -> str:
    """The cover's "you also need" line: each game's own list (game id -> its kit)."""
    t = context.t
    if len(kits) == 1:
        return t(words.ALSO_NEED, items=t(next(iter(kits.values())).needs))
    return t(
        words.ALSO_NEED,
        items=t(words.NEED_SEPARATOR).join(
            t(words.NEED_GAME, game=game_title(context.lang, g), items=t(kit.needs))
            for g, kit in kits.items()
        ),
    )
