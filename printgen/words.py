"""The words the print kit prints itself, as English msgids (cover sheet, labels, rules
sheets, player aids).

Their Japanese and Italian live in the gettext catalogs beside the app's
(``translations/<lang>/LC_MESSAGES/messages.po``, one domain); :func:`printgen.messages.text`
translates them. A name here is the word's job; game names are the registry's titles; a
game's own rules summary, player aid, needs and legend are its kit's
(``printgen.plug.Kit``, in its ``printgen.games`` module). Words the kit prints differently
from the app (a board's "Pound" is not the app's escape track) carry the msgctxt
``printed``.
"""

from __future__ import annotations

from games.errors import N_
from printgen.messages import InContext, Message, pgettext

HA_BOARDS: Message = N_("personal boards")
HA_PIECES: Message = N_("player pieces (chiefs, subordinates, huts)")
HA_CARDS: Message = N_("hunting-ground cards")
HA_CHIPS: Message = N_("rock chips")
HA_TOKENS: Message = N_("food and coin tokens, start player marker")
HA_CAVES: Message = N_("Caves")
HA_SUBORDINATES: Message = N_("Subordinates")
HA_HUTS: Message = N_("Huts")
HA_VP_TRACK: Message = N_("VP track (end at {n})")
HA_BUILD_COST: Message = N_("Hut cost")
HA_START: Message = N_("Start player")
HA_COPY: Message = N_("copy")
DL_CHARTS: Message = N_("dog charts")
DL_CARDS: Message = N_("dog cards (13 per dog)")
DL_DENS: Message = N_("den cards")
DL_MARKERS: Message = N_("bones, trash, pee and hunger markers, dog pawns, catcher van")
DL_NEWSPAPERS: Message = N_("newspapers (address on the back)")
DL_HUNGER: Message = N_("Hunger")
DL_BLADDER: Message = N_("Bladder")
DL_CARRY: Message = N_("Carrying (max {n})")
DL_AP: Message = N_("{n} action points a turn")
DL_BURIED: Message = N_("Buried bones")
DL_RESTAURANT: Message = N_("Restaurant")
DL_RESHUFFLE: Message = N_("Shuffle all 13 cards and draw again")
DL_DEN: Message = N_("Den")
DL_ADDRESS: Message = N_("Deliver to")
DL_CITY: Message = N_("city board (poster of {tiles} tiles, glued)")
CITY_TITLE: Message = N_("The Campfire city")
CITY_SIZE: Message = N_("assembled {w:.1f} × {h:.1f} cm")
CITY_OFFICE: Message = N_("Newspaper office")
CITY_POUND: Message = pgettext("printed", "Pound")
CITY_POUND_CHART: Message = N_("Turns in the pound")
CITY_POUND_DRAW: Message = N_("draw {n}")
CITY_POUND_FREE: Message = pgettext("printed", "free")
CITY_NEWSPAPERS_HERE: Message = N_("newspapers, face down")
CITY_TRASH_SUPPLY: Message = N_("trash markers")
CITY_BONE_SUPPLY: Message = pgettext("printed", "bones")
CITY_VAN_START: Message = N_("van start")
CITY_GLUE: Message = N_("glue here · tile {tile} goes on top, its edge on the black line")
CITY_ASSEMBLY: Message = N_(
    "City board: {tiles} tiles. Cut each tile on its corner marks, lay it on its neighbour's "
    "grey strip (edge on the black line, grid lines on the marks) and glue. Assembled: {w:.1f} "
    "× {h:.1f} cm."
)
RULES_COMPONENT: Message = N_("rules summary and {n} player aids (one per seat)")
RULES_TITLE: Message = N_("{game}: rules summary")
AID_TITLE: Message = N_("Player aid")
RULES_ICONS: Message = N_("Icons")
ALSO_NEED: Message = N_("You also need: {items}.")
NEED_GAME: Message = N_("{game}: {items}")
NEED_SEPARATOR: Message = pgettext("printed", "; ")
BI_TILES: Message = N_("terrain tiles (S1–S3, B01–B18)")
BI_BOARDS: Message = N_("player boards")
BI_STRUCTURES: Message = N_("tents and canoes")
BI_MARKERS: Message = N_("hunters, food and action markers, totem")
BI_STICKERS: Message = N_("photo marker stickers for a retail box (3 per tile)")
BI_COST: Message = N_("Hunters used → animals paid")
BI_GAIN_ONE: Message = N_("1 animal of your choice")
BI_MARKET: Message = N_("Market")
BI_HUNTER_PRICE: Message = N_("1 hunter = 1 of each")
BI_STRUCTURE_PRICE: Message = N_("size n = n of each")
BI_EXCHANGE: Message = N_("exchange {rate} : 1")
BI_ACTIONS: Message = N_("Actions: 4 per round, each once")
LS_CARDS: Message = N_("cards (30 carnivores, 2 gazelles)")
LS_HERDS: Message = N_("herd cards")
LS_HERD: Message = N_("Herd")
LS_HERD_NOTE: Message = N_("Clip at 20. Keep it hidden.")
SCAN_SEAT: Message = N_("Scan: your seat")
SCAN_JOIN: Message = N_("Scan: join the table")
HA_OPEN_CAVE: Message = N_("open")
KIT_TITLE: Message = N_("{game} — print-and-play kit")
WHAT_TO_PRINT: Message = N_("What to print")
HOW_TO_PRINT: Message = N_("How to print")
PRINT_SCALE: Message = N_('Print at 100 % ("Actual size"). Never "Fit to page" or "Shrink".')
PRINT_PAPER: Message = N_("Paper: {paper}. Cardstock (200–300 g/m²) for boards, cards and tokens.")
DUPLEX_FIRST: Message = N_(
    "Print pages 1–4 first and check both duplex tests (this page and page 3)."
)
INK_SAVER_NOTE: Message = N_("Ink-saver edition: light grey fills.")
CUT_NOTE: Message = N_(
    "Cards, tiles and boards: cut on the lines the corner marks point to; the colour past them "
    "is bleed. Tokens: cut along the printed lines, each cut frees two rows."
)
CALIBRATION: Message = N_("Check the scale")
CALIBRATION_NOTE: Message = N_("Measure the rulers: 100 mm and 4 in exactly.")
DUPLEX_TEST: Message = N_("Duplex test")
DUPLEX_TEST_NOTE: Message = N_(
    "Hold the page against a light: the cross on the back must cover this one."
)
DUPLEX_TEST_BACK: Message = N_("Back of the duplex test")
JOIN_TABLE: Message = N_("Join the table")
JOIN_NOTE: Message = N_("Scan with a phone to open this table in the companion.")
PAGES: Message = N_("pages {first}–{last}")
PAGE: Message = N_("page {first}")
# A component on the cover's list with how many pieces it has (issue 37: check the count).
COUNTED: Message = N_("{title}: {n}")
TWO_SIDED: Message = N_("two-sided")
TWO_SIDED_FOLD: Message = N_("two-sided: fold and glue")
BACK: Message = N_("back")
SEAT: Message = N_("Seat {n}")
SEAT_NAMED: Message = N_("{name} · Seat {n}")
SIMPLEX_REST: Message = N_("Pages {first}–{last}: print single-sided (no blank backs needed).")
BACK_OFFSET: Message = N_("Backs shifted by {x} mm across and {y} mm up (back offset).")
DUPLEX_TEST_LANDSCAPE: Message = N_("Duplex test, landscape sheets")
OFFSET_HOW: Message = N_(
    "Most card sheets are landscape: check this test too. If the crosses are apart, read the "
    "offset on the back and print again with that back offset."
)
OFFSET_READ: Message = N_(
    "Where does the black cross of the front show through? Read X on the lower scale and Y on "
    "the right one (mm): that is the back offset (X,Y)."
)


DUPLEX: dict[str, Message] = {
    "long": N_("Pages 1–{last}: print double-sided, flipping on the LONG edge."),
    "short": N_("Pages 1–{last}: print double-sided, flipping on the SHORT edge."),
    "fold": N_("Single-sided. Fold the two-sided sheets on the dashed line, glue, then cut."),
}


def every() -> list[Message]:
    """Every word above, the tables' too (for the tests that hold each one to a rule)."""
    found: list[Message] = []
    for name, value in globals().items():
        if not name.isupper() or name.startswith("_"):
            continue
        if isinstance(value, dict):
            found += value.values()
        elif isinstance(value, str | InContext):
            found.append(value)
    return list(dict.fromkeys(found))
