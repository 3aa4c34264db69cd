"""Age of Hunting (狩猟の時代): personal boards, 14 double-sided hunting-ground cards, rock
chips, food and coin tokens, the start player marker.

Everything printed comes from ``games.hunting_age`` (H1: the Campfire edition's numbers):
development costs and uncovered VP (``board``), the 28 card faces (``cards``), rock-chip
backs and counts, supply limits and coin chips (``components``), the end trigger
(``tribe.END_TRACK``). Icons stand for goods, so a face reads the same in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.errors import N_
from games.hunting_age import board, cards, setup, tribe
from games.hunting_age import components as parts
from printgen import fonts, words
from printgen.icons import icon, player_mark, player_tag
from printgen.layout import BLEED, Art, Component, Piece
from printgen.linebreak import PT
from printgen.messages import Message, game_title, pgettext
from printgen.pen import MIN_ID_PT, MIN_LABEL_PT, Pen
from printgen.plug import Kit
from printgen.style import text_on

if TYPE_CHECKING:
    from printgen.context import Context

Goods = dict[str, int] | tuple[tuple[str, int], ...]  # good → how many
GAME = "hunting-age"
BOARD = (190.0, 100.0)
CARD = (127.0, 89.0)
CELL = 19.0  # a development space on the personal board
CELL_PITCH = 20.0
CHIP = 18.0  # a rock chip covers one cave space (and its VP) with a little to spare
TOKEN = 15.0
COLOURS = setup.PLAYER_COLOURS
TRACK_LAST = 2 * tribe.END_TRACK  # the track goes on past the end trigger
# Player pieces per colour (seed, コンポーネント: 族長 2, 部下 6, 小屋 5): 6 subordinates are
# 4 waiting on the board, 1 in hand and 1 marking the VP track.
PIECES = {
    "chief": tribe.CHIEFS,
    "subordinate": board.LIMITS["subordinate"] + tribe.SUBORDINATES_IN_HAND_AT_START + 1,
    "hut": board.LIMITS["hut"],
}
PIECE_ICONS = {"chief": "chief", "subordinate": "hunter", "hut": "hut"}


def _bleed(pen: Pen, w: float, h: float, color: str) -> None:
    pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill=color)


def _goods(pen: Pen, goods: Goods, x: float, y: float, size: float) -> float:
    """Draw ``n × icon`` for each good from (x, y); return the x after the last one."""
    for good, count in dict(goods).items():
        if count > 1:
            pen.text(x, y + size * 0.3, str(count), size * 2.0)
            x += size * 0.55
        icon(pen, good, x, y, size)
        x += size + 0.8
    return x


def _goods_width(goods: Goods, size: float) -> float:
    """How far :func:`_goods` advances for ``goods`` at ``size``."""
    return sum((size * 0.55 if count > 1 else 0.0) + size + 0.8 for count in dict(goods).values())


def _harvest(
    pen: Pen, harvest: cards.Harvest, x: float, y: float, size: float, lang: str, width: float
) -> None:
    """A harvest area: its icons left to right, one icon group per line."""
    for item in harvest:
        if item.family == "gain":
            _goods(pen, item.gives, x, y, size)
        elif item.family == "convert":
            # Shrunk to the space's width when "pay → get ×n" is wider (N02a's "×2").
            times = f"×{item.times}" if item.times > 1 else ""
            needed = (
                _goods_width(item.pays, size)
                + size * 0.7
                + _goods_width(item.gives, size)
                + fonts.width(times, size * 1.6 * PT)
            )
            with pen.at(x, y, scale=min(1.0, width / needed)):
                after = _goods(pen, item.pays, 0, 0, size)
                pen.text(after, size * 0.3, "→", size * 2.0)
                after = _goods(pen, item.gives, after + size * 0.7, 0, size)
                if times:
                    pen.text(after, size * 0.3, times, size * 1.6)
        elif item.family == "special":
            kind = "chief" if item.special == "copy_chief" else "hut"
            pen.circle(x + size / 2, y + size / 2, size * 0.62, stroke="line", width=0.3)
            icon(pen, kind, x, y, size)
            pen.text(x + size * 1.3, y + size * 0.3, pen_text(lang, words.HA_COPY), size * 1.5)
        else:
            # An end-game card's scoring rule fills the space under the hut.
            pen.block(
                x,
                y + size - 18,
                width,
                18,
                pen_text(lang, cards.END_GAME_CARDS[item.end_game]),
                7.5,
                MIN_LABEL_PT,
                align="left",
                max_lines=4,
            )
        y -= size + 1.5


def pen_text(lang: str, key: Message, **params: object) -> str:
    from printgen.messages import text

    return text(lang, key, **params)


def _cost(pen: Pen, cost: parts.Cost, x: float, y: float, size: float) -> float:
    return _goods(pen, cost.as_dict(), x, y, size)


def _face(face: cards.Face, lang: str) -> Art:
    def draw(pen: Pen) -> None:
        w, h = CARD
        _bleed(pen, w, h, "sand" if face.basic else "#e4ecd6")
        pen.rect(
            -BLEED,
            h - 12,
            w + 2 * BLEED,
            12 + BLEED,
            fill="mountain_dark" if face.basic else "prairie_dark",
        )
        pen.text(5, h - 8.5, pen_text(lang, face.name), 11, color="paper", max_width=w - 30)
        pen.text(w - 5, h - 8.5, face.id, 7, color="paper", align="right")
        # Hunting spaces: chief in front, filled from the left.
        count = len(face.hunting)
        cell = (w - 10) / count
        for k, harvest in enumerate(face.hunting):
            x = 5 + k * cell
            pen.rect(x, 42, cell - 1.5, 32, fill="cream", stroke="line", width=0.25, radius=1.5)
            pen.text(x + 2, 70, str(k + 1), 6, color="muted")
            _harvest(pen, harvest, x + 1.5, 60, 5.0, lang, cell - 4)
        # Build spaces: the hut's VP (or end-game icon) and its own harvest.
        bcell = (w - 45) / max(len(face.build), 1)
        for k, space in enumerate(face.build):
            x = 40 + k * bcell
            pen.rect(
                x, 4, bcell - 1.5, 34, fill="paper", stroke="mountain_dark", width=0.4, radius=1.5
            )
            icon(pen, "hut", x + 1.5, 28, 7)
            if space.vp is not None:
                icon(pen, "vp", x + bcell - 12, 27.5, 8)
                pen.text(x + bcell - 8, 29.5, str(space.vp), 10, align="center")
                _harvest(pen, space.harvest, x + 2, 18, 5.0, lang, bcell - 5)
            else:
                _harvest(pen, space.harvest, x + 2, 22, 3.2, lang, bcell - 5)
        pen.text(5, 33, pen_text(lang, words.HA_BUILD_COST), 6.5, color="muted", max_width=32)
        pen.rect(5, 14, 32, 16, fill="paper", stroke="line", width=0.3, radius=1.5)
        _cost(pen, face.build_cost, 6.5, 18, 6)

    return draw


def _card(card_id: str, lang: str) -> Piece:
    a, b = cards.FACES_BY_ID[card_id + "a"], cards.FACES_BY_ID[card_id + "b"]
    return Piece(card_id, *CARD, _face(a, lang), _face(b, lang))


def _board(colour: str, code: tuple[str, str] | None, seat_label: str, lang: str) -> Piece:
    """A personal board: three development rows, the VP track, the seat's QR code.

    The cave row starts with the open caves (storage from the start, one food each) and
    goes on with the closed caves under their rock chips (1-2-1); every cell is as large
    as a rock chip, which covers the cell's VP until the cave is created (H1, H2).
    """

    def t(key: Message, **params: object) -> str:
        return pen_text(lang, key, **params)

    def front(pen: Pen) -> None:
        w, h = BOARD
        _bleed(pen, w, h, "sand")
        pen.rect(-BLEED, h - 11, w + 2 * BLEED, 11 + BLEED, fill=colour)
        pen.text(5, h - 8, game_title(lang, GAME), 11, color=text_on(colour))
        player_tag(pen, colour, seat_label, w - 5, h - 9, 7)
        rows = (
            ("cave", words.HA_CAVES, "cave"),
            ("subordinate", words.HA_SUBORDINATES, "hunter"),
            ("hut", words.HA_HUTS, "hut"),
        )
        for r, (kind, label, art) in enumerate(rows):
            y = h - 32 - r * 21
            pen.text(5, y + 15, t(label), 7, color="muted", max_width=26)
            base = board.BASE_COSTS.get(kind)
            if base is not None:
                _cost(pen, base, 5, y + 3, 5)
            else:
                icon(pen, "hut", 5, y + 3, 5)
            first = 34.0
            if kind == "cave":  # the open caves: storage from the first turn
                for k in range(board.OPEN_CAVES_AT_START):
                    x = first + k * CELL_PITCH
                    pen.rect(x, y, CELL, CELL, fill="paper", stroke="line", width=0.25, radius=1.5)
                    icon(pen, "cave", x + CELL / 2 - 3.5, y + 7, 7)
                    pen.text(
                        x + CELL / 2,
                        y + 2.2,
                        t(words.HA_OPEN_CAVE),
                        MIN_LABEL_PT,
                        color="muted",
                        align="center",
                        max_width=CELL - 2,
                    )
                first += board.OPEN_CAVES_AT_START * CELL_PITCH
            for k, (extra, vp_value) in enumerate(
                zip(board.EXTRA_STEPS[kind], board.UNCOVERED_VP[kind], strict=True)
            ):
                x = first + k * CELL_PITCH
                pen.rect(x, y, CELL, CELL, fill="cream", stroke="line", width=0.25, radius=1.5)
                # The extra cost printed above the piece (cumulative, H1).
                if extra.as_dict():
                    pen.text(x + 1, y + 15.5, "+", 7)
                    _cost(pen, extra, x + 3.5, y + 14, 3.6)
                icon(pen, art, x + 6, y + 5, 7)
                if vp_value:
                    icon(pen, "vp", x + 12.5, y + 0.8, 5.5)
                    pen.text(x + 15.25, y + 2.3, str(vp_value), 6, align="center")
                if kind == "cave":  # how many rock chips lie on this cave (1-2-1)
                    group = parts.ROCK_CHIP_GROUPS[k]
                    pen.text(x + 1.2, y + 1.2, "▲" * group, MIN_ID_PT, color="muted")
        # VP track along the bottom, on past the end trigger.
        pen.text(5, 18.2, t(words.HA_VP_TRACK, n=tribe.END_TRACK), 7, color="muted", max_width=60)
        pitch = (w - 10) / (TRACK_LAST + 1)
        for n in range(TRACK_LAST + 1):
            x = 5 + n * pitch
            pen.rect(
                x,
                4,
                pitch - 0.6,
                12,
                fill="gold" if n == tribe.END_TRACK else "cream",
                stroke="line",
                width=0.2,
            )
            pen.text(x + (pitch - 0.6) / 2, 8.6, str(n), 7, align="center")
        pen.seat_code(w - 30, 57, 26, code)

    return Piece(f"board-{colour}", *BOARD, front)


def _chip(index: int, chip: parts.RockChip) -> Piece:
    def front(pen: Pen) -> None:
        _bleed(pen, CHIP, CHIP, "#8d8578")
        k = CHIP / 20  # the rock's outline is drawn for a 20 mm chip
        pen.polygon(
            [
                (3 * k, 4 * k),
                (8 * k, 2 * k),
                (16 * k, 3.5 * k),
                (18 * k, 10 * k),
                (15 * k, 17 * k),
                (7 * k, 18 * k),
                (2 * k, 12 * k),
            ],
            fill="#a59d90",
            stroke="#5e584f",
            width=0.4,
        )

    def back(pen: Pen) -> None:
        # The amount as a number beside one icon: "1 ★" reads at a glance where a lone
        # star did not say how many VP it is worth.
        _bleed(pen, CHIP, CHIP, "cream")
        size = 9.0
        pen.text(CHIP / 2 - 1.6, CHIP / 2 - 2.6, str(chip.amount), 16, align="right")
        icon(pen, chip.good, CHIP / 2 - 1.0, CHIP / 2 - size / 2, size)

    return Piece(f"rock-{index:02d}-{chip.back}", CHIP, CHIP, front, back)


def _piece(colour: str, kind: str, n: int) -> Piece:
    """A player piece: the colour, the owner's shape and what it is (chief, subordinate,
    hut), so a board reads the same in grey."""

    def front(pen: Pen) -> None:
        _bleed(pen, TOKEN, TOKEN, colour)
        pen.circle(TOKEN / 2, TOKEN / 2, TOKEN / 2 - 1.2, fill="cream")
        if kind == "chief":  # a ring tells the chiefs from the subordinates, also in grey
            pen.circle(TOKEN / 2, TOKEN / 2, TOKEN / 2 - 2.0, stroke="text", width=0.5)
        icon(pen, PIECE_ICONS[kind], 3, 2.6, 8.4)
        player_mark(pen, colour, TOKEN - 4.6, TOKEN - 4.6, 4.0)

    return Piece(f"{kind}-{colour}-{n}", TOKEN, TOKEN, front)


def _token(piece_id: str, name: str, label: str = "") -> Piece:
    def front(pen: Pen) -> None:
        _bleed(pen, TOKEN, TOKEN, "cream")
        icon(pen, name, 2.5, 2.5, TOKEN - 5)
        if label:
            pen.circle(TOKEN - 3.5, 3.5, 3, fill="paper", stroke="line", width=0.3)
            pen.text(TOKEN - 3.5, 2.1, label, 8, align="center")

    return Piece(piece_id, TOKEN, TOKEN, front)


def components(context: Context) -> list[Component]:
    t, lang = context.t, context.lang
    colours = context.colours(COLOURS)  # the table's seats' colours (issue 24)
    seats = [context.seat_of(colour, n) for n, colour in enumerate(colours)]
    boards = tuple(
        _board(colour, context.seat_code(seat), context.seat_label(seat), lang)
        for seat, colour in zip(seats, colours, strict=True)
    )
    card_ids = cards.BASIC_CARDS + cards.NEW_LAND_CARDS
    hunting = tuple(_card(card_id, lang) for card_id in card_ids)
    chips: list[Piece] = []
    for back, count in parts.ROCK_CHIP_COUNTS.items():
        for _ in range(count):
            chips.append(_chip(len(chips) + 1, parts.ROCK_CHIPS[back]))
    tokens: list[Piece] = []
    for good, limit in parts.SUPPLY_LIMITS:
        tokens += [_token(f"{good}-{n + 1:02d}", good) for n in range(limit)]
    for value, count in parts.COIN_CHIPS:
        tokens += [_token(f"coin{value}-{n + 1:02d}", "coins", str(value)) for n in range(count)]

    def start(pen: Pen) -> None:
        _bleed(pen, 40, 25, "gold")
        # The label runs the token's full width under the chief: one line in every language.
        icon(pen, "chief", 13.5, 9.2, 13)
        pen.block(2, 1.8, 36, 7, t(words.HA_START), 8.5, MIN_LABEL_PT, max_lines=2)

    tokens.append(Piece("start-player", 40.0, 25.0, start))
    pieces = tuple(
        _piece(colour, kind, n + 1)
        for colour in colours
        for kind, count in PIECES.items()
        for n in range(count)
    )
    return [
        Component("hunting-age.boards", t(words.HA_BOARDS), boards),
        Component("hunting-age.pieces", t(words.HA_PIECES), pieces),
        Component("hunting-age.cards", t(words.HA_CARDS), hunting),
        Component("hunting-age.chips", t(words.HA_CHIPS), tuple(chips)),
        Component("hunting-age.tokens", t(words.HA_TOKENS), tuple(tokens)),
    ]


# What else to get, for the cover's "You also need".
NEEDS: Message = N_("a cup to mix the rock chips in")

# (icon, word) for the legend, in the order a player meets them.
LEGEND: tuple[tuple[str, Message], ...] = (
    ("bear", N_("bear")),
    ("mammoth", N_("mammoth")),
    ("grape", N_("grape")),
    ("green_grain", pgettext("printed", "green grain")),
    ("yellow_grain", pgettext("printed", "yellow grain")),
    ("coins", N_("stone coin (money, not food)")),
    ("vp", N_("victory point")),
    ("any_food", N_("any food of your choice (never coins)")),
    ("basic_food", N_("bear, grape or green grain, your choice")),
    ("non_grape", pgettext("printed", "any food but grape")),
    ("chief", N_("chief")),
    ("hunter", pgettext("printed", "subordinate")),
    ("hut", pgettext("printed", "hut")),
    ("cave", N_("open cave: stores one food")),
)

RULES: Message = N_(
    "# Goal\n"
    "Lead your tribe through the age of hunting: widen your caves, add subordinates, build "
    "huts. The most victory points (VP) wins.\n"
    "# Setup\n"
    "- Lay out the 4 basic hunting grounds and 3 (3 players) or 4 (4–5 players) new-land "
    "cards, each on a random side.\n"
    "- Each player: a personal board with its 4 rock chips shuffled face down on the "
    "closed caves in groups 1, 2, 1 from the left; 4 subordinates and 5 huts on their "
    "spaces; 2 chiefs and 1 subordinate in hand; a subordinate at 0 on the VP track. Food "
    "and coins stay in the supply: they are limited; unused rock chips go back in the box.\n"
    "- The player born longest ago (the oldest) takes the start player marker; if that "
    "cannot be settled, play rock-paper-scissors.\n"
    "# Before the first turn\n"
    "Counter-clockwise, from the player on the start player's right, each player places "
    "one chief without subordinates, as in a hunt, and takes that space's harvest. Then "
    "the start player takes the first turn; turns go clockwise.\n"
    "# Your turn\n"
    "1. Hunt. Either place a chief, with any of your subordinates behind it, on a card's "
    "hunting spaces from the left (chief in front), pushing the pieces there to the right, "
    "never beyond the last space; or take back one of your chiefs with the subordinates "
    "behind it (the pieces behind slide left). Either way, take the harvest of the chief's "
    "space and of each of your huts on that card.\n"
    "2. Develop (optional, one). Create a cave: pay 2 bears + 1 grape, then flip the next "
    "rock chips (1, then 2, then 1) and take their rewards. Add a subordinate: pay 2 green "
    "grain + 1 grape; it joins your hand. Build a hut on a free build space: pay the "
    "card's build cost; one hut per space. Each development also pays the extra cost "
    "printed above the piece it takes, and uncovers the VP under it.\n"
    "3. Store: one food per open cave; coins need no cave. Surplus food goes back to the "
    "supply.\n"
    "# Harvests\n"
    "Gain the goods shown; an arrow converts (pay the left side for the right side, ×n up "
    "to n times). A copy icon performs another chief's space (huts not included) or "
    "another hut's harvest.\n"
    "# End\n"
    "When a player has built all 5 huts or reaches 10 VP on the track, play on until the "
    "player on the start player's right has played: everyone has the same number of turns. "
    "Score the VP under each of your huts (a hut on an end-game card scores that card's "
    "rule instead), the VP uncovered on your board and your VP track. Tie: more "
    "developments wins, then more food in your caves; then the win is shared."
)

AID: Message = N_(
    "# Your turn\n"
    "1. Hunt: place a chief (+ subordinates behind it) from the left, pushing right; or "
    "take back a chief and those behind it. Harvest its space and your huts on that card.\n"
    "2. Develop one (optional): cave (2 bears + 1 grape, flip chips), subordinate (2 green "
    "grain + 1 grape), hut (build cost), + the extra cost above it.\n"
    "3. Store one food per open cave.\n"
    "Before turn 1: from the start player's right, counter-clockwise, each places a chief "
    "alone and harvests.\n"
    "End: 5 huts or 10 VP; finish the round."
)

#: printgen's side of the game's plug: its ``Game`` in games.registry.GAMES names it (``kit=``).
KIT = Kit(components, RULES, AID, NEEDS, LEGEND)
