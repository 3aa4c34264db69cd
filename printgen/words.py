"""The words the print kit prints itself, as English msgids (cover sheet, labels, rules
sheets, player aids).

Their Japanese and Italian live in the gettext catalogs beside the app's
(``translations/<lang>/LC_MESSAGES/messages.po``, one domain); :func:`printgen.messages.text`
translates them. A name here is the word's job; game names are the registry's titles. Words the
kit prints differently from the app (a board's "Pound" is not the app's escape track) carry the
msgctxt ``printed``.
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
LG_BISON: Message = N_("bison (prairie)")
LG_SALMON: Message = N_("salmon (river)")
LG_TURKEY: Message = N_("turkey (mountain)")
LG_HUNTER: Message = N_("hunter")
LG_TENT: Message = N_("tent (prairie or mountain)")
LG_CANOE: Message = N_("canoe (river)")
LG_DIAMOND: Message = N_("one hunter's worth of size in a tent or canoe")
LG_TOTEM: Message = N_("totem: the start tiles' corner, the start player")
LG_PAW: Message = N_("herd card: your gazelles, 20 at the start")
LG_BEAR: Message = N_("bear")
LG_MAMMOTH: Message = N_("mammoth")
LG_GRAPE: Message = N_("grape")
LG_GREEN_GRAIN: Message = pgettext("printed", "green grain")
LG_YELLOW_GRAIN: Message = pgettext("printed", "yellow grain")
LG_COINS: Message = N_("stone coin (money, not food)")
LG_VP: Message = N_("victory point")
LG_ANY_FOOD: Message = N_("any food of your choice (never coins)")
LG_BASIC_FOOD: Message = N_("bear, grape or green grain, your choice")
LG_NON_GRAPE: Message = pgettext("printed", "any food but grape")
LG_CHIEF: Message = N_("chief")
LG_SUBORDINATE: Message = pgettext("printed", "subordinate")
LG_HUT: Message = pgettext("printed", "hut")
LG_CAVE: Message = N_("open cave: stores one food")
LG_DOG: Message = N_("your dog (pawn, chart and cards)")
LG_BONE: Message = N_("bone")
LG_FOOD: Message = N_("one day of food: hunger +1, never above 4")
LG_NEWSPAPER: Message = N_("newspaper (its address on the back)")
LG_ADDRESS: Message = N_("delivery address 1–12")
LG_TRASH: Message = N_("trash can (rummage it)")
LG_LAMPPOST: Message = N_("lamppost (pee on it)")
LG_FOUNTAIN: Message = N_("fountain (drink)")
LG_PEE: Message = N_("pee marker")
LG_FANG: Message = N_("fang: the dog with more fangs wins the fight")
LG_RUN: Message = N_("running dog: you escape")
LG_NET: Message = N_("net or cage: you are caught")
LG_VAN: Message = N_("the catcher's van")
LG_CAGE: Message = N_("the pound")
LG_ARROW: Message = N_("entrance arrow: the only way into a building")
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

NEEDS: dict[str, Message] = {
    "bison": N_("a cup to draw the tiles from, face down"),
    "lion-square": N_("4 paper clips (one per herd card)"),
    "hunting-age": N_("a cup to mix the rock chips in"),
    "dogs-life": N_(
        "one six-sided die (d6) for the catcher's van and a glue stick for the city board"
    ),
}

# The Bison rules' line about the photo markers, word for word as in RULES["bison"] (in
# each language): a kit printed --no-markers leaves it out (issue 37).
BI_MARKER_RULE: Message = N_(
    "- Lay hunters, tents and canoes side by side, never stacked, their square code face "
    "up: the phone reads the board from a photo."
)

RULES: dict[str, Message] = {
    "bison": N_(
        "# Goal\n"
        "Lead your hunters to the richest hunting grounds. The most food (bison + salmon + "
        "turkeys) at the end wins.\n"
        "# Setup\n"
        "- Each player: a board, 3 food markers at 10 on the bison, salmon and turkey tracks, "
        "4 hunters in your supply (4 more wait in the market), a size-1 and a size-2 tent, a "
        "size-1 and a size-2 canoe (the others are in the market), 4 action markers.\n"
        "- Lay hunters, tents and canoes side by side, never stacked, their square code face "
        "up: the phone reads the board from a photo.\n"
        "- Lay the start tiles S1–S3 around one corner and stand the totem there.\n"
        "- Shuffle the 18 other tiles face down; remove 6 (2 players), 3 (3 players) or 2 (4 "
        "players) unseen. You play 6, 5 or 4 rounds. The youngest player starts.\n"
        "# A round\n"
        "- From the start player, clockwise, everyone draws one tile and looks at it, keeping "
        "it hidden from the others until placing it. In turn order each player takes one "
        "action at a time until all have taken 4; each of the 6 actions at most once per round "
        "(cover it with an action marker). Placing your tile is one of your 4 actions, every "
        "round.\n"
        "- Place your tile: touching a placed tile along an edge, at most 3 tiles from the "
        "totem (the start tiles count 1); terrain need not match. Put 0–5 hunters from your "
        "supply on one of its spaces.\n"
        "- Tent or canoe: build a size-n tent (prairie or mountain) or canoe (river) on a "
        "space where you have n hunters, or enlarge one by n; the hunters go back to your "
        "supply.\n"
        "- Gather: up to 5 hunters from your supply onto one space you occupy.\n"
        "- Move up to 5 hunters 1 space each, or (the other action) 1–3 spaces each.\n"
        "- Every action costs by the hunters it uses: 0 → gain 1 animal of your choice; 1 → 0; "
        "2 → 2; 3 → 4; 4 → 7; 5 → 10 animals, paid from any of your stocks.\n"
        "- Moving within a tile: prairie↔river and mountain↔river 1, prairie↔mountain 2. "
        "Across a tile edge: land to land 1. River to river only where two rivers meet at a "
        "corner. You may pass other players' pieces but never stop on them.\n"
        "- A space holds one player's pieces: any hunters, plus at most one tent (land) or one "
        "canoe (river).\n"
        "- Market, any time on your turn: a hunter costs 1 bison + 1 salmon + 1 turkey; a "
        "size-n tent or canoe n of each animal. Exchange 3 of one animal for 1 of another at "
        "any time.\n"
        "# Scoring, after every round\n"
        "- A region is all the joined spaces of one terrain: land joins across an edge with "
        "the same terrain on both sides; rivers join where they meet at a corner. Its animals "
        "are those on its spaces.\n"
        "- Score the prairies (bison), then the mountains (turkeys), then the rivers (salmon). "
        "In each region, list each player's tent or canoe sizes, largest first, and compare "
        "them item by item (a longer list wins a tie); only identical lists compare hunters.\n"
        "- Alone in 1st place: all the region's animals. Alone in 2nd: half, rounded down. "
        "Everyone else present: the animals on the spaces they occupy. A tie for 1st: each "
        "gets half, rounded down, and there is no 2nd. A tie for 2nd: each tied player gets "
        "their own spaces' animals.\n"
        "- No stock goes above 15: exchange 3 for 1 or buy at the market at once; what still "
        "does not fit is lost. Then the totem passes left.\n"
        "# End\n"
        "In the last round, after the actions, set every stock to 0, then score the board once "
        "more. The highest total wins; on a tie the larger smallest stock wins; still tied, "
        "you share the win."
    ),
    "lion-square": N_(
        "# Goal\n"
        "Lions and hyenas gather at the water hole; push them onto the other herds. Each "
        "player keeps a herd card (1–20) with a paper clip at 20, hidden from the others. The "
        "game ends when any herd is at 0 or less, or after round 3: the largest herd wins "
        "(equal herds share the win). If every herd is at 0 or less, the lions win and nobody "
        "else.\n"
        "# Setup\n"
        "Shuffle the 30 carnivore cards face down; put the 2 gazelles aside. The fastest "
        "runner starts.\n"
        "# A round\n"
        "- Deal 8 cards each (3 players) or 7 (4 players). Shuffle the leftover cards with the "
        "2 gazelles: this is the square deck.\n"
        "- Pass three times: everyone chooses a card of their most common colour (any number) "
        "and passes it to the left, all at once.\n"
        "- The start player lays one card in the centre, each side facing one player (with 3 "
        "players one side faces nobody). Then, clockwise from the start player's left, each "
        "player lays one card.\n"
        "- A card goes next to a card in the square (not diagonally), the same way up, never "
        "beyond 3 × 3; only a colour already in the square; cards of the same colour must "
        "touch.\n"
        "- A gazelle ignores the colour rules, and you play again.\n"
        "- If you cannot play: take all the cards of one row or column (face down in front of "
        "you: a penalty). Only if you took exactly 3, draw one card from the square deck. Then "
        "lay any card next to the square: only this card may bring a new colour.\n"
        "- The round ends when the square holds 9 cards, or at the start of a turn of a player "
        "with no cards.\n"
        "# Losses\n"
        "Each player adds up and moves the clip down by: the number on the card nearest to "
        "them in each line running away from them (an empty line adds 0, a gazelle 0); half "
        "the penalty cards they took, rounded up; 1 for each gazelle still in their hand.\n"
        "The player after the one who laid the last card starts the next round."
    ),
    "hunting-age": N_(
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
    ),
    "dogs-life": N_(
        "# Goal\n"
        "You are a stray dog. Be the first to bury 4 bones in your den (the group may choose "
        "another number). Timed game: when time is up, the most buried bones wins.\n"
        "# Setup\n"
        "- Each player: a dog chart taken at random, its pawn, its 8 pee markers and its 13 "
        "cards, shuffled face down. Hunger marker at 4; one pee marker in the first bladder "
        "space.\n"
        "- Deal the den cards at random and put your pawn on your den.\n"
        "- Newspapers face down on the newspaper office; trash markers and bones beside the "
        "board; the van on its start square by the pound. A lady playing starts, else the "
        "youngest player; play goes clockwise.\n"
        "# Your turn\n"
        "1. Hunger: move the marker down one. If it was already at 0, your dog starves: it "
        "goes to the pound's first space, what it carried stays where it stood, and your turn "
        "ends.\n"
        "2. Actions: spend your action points (AP), 1 each; unspent AP are lost. A dog carries "
        "at most 2 items (bones, newspapers).\n"
        "- Move one square, never diagonally. Entering or leaving a building or den costs 1 "
        "AP; go in only by its arrows (out by any arrow). Never enter the pound or a rival's "
        "den. You may pass other dogs and the van but not stop on their square.\n"
        "- A rival's pee on a lamppost: stepping there ends your actions (you sniff it).\n"
        "- Rummage a trash can without a marker: draw a card, read the trash can row, then put "
        "a trash marker on the can.\n"
        "- Beg at a restaurant (once per restaurant per turn): draw, read the restaurant row.\n"
        "- Food moves the hunger marker up (never above 4). A bone goes on a free carrying "
        "space, else it is lost.\n"
        "- Drop or pick up a bone or a newspaper. Bury bones in your own den: 1 AP each; "
        "buried bones are safe forever.\n"
        "- Drink at a fountain: fill both bladder spaces from your pee markers (not when both "
        "are full). Pee on a lamppost: move a marker from your bladder onto it; a rival's "
        "marker there goes back to its owner.\n"
        "- Bark at the newspaper office: take a random newspaper, its address hidden. On that "
        "address's square, deliver it: draw, read the newspaper row for your reward; the "
        "newspaper goes back to the office.\n"
        "- Fight a dog on a next square (into or out of a building only from its arrow "
        "square): both draw, read the fangs; more fangs wins, a tie does nothing. The loser "
        "goes to the pound and drops what it carried. A winning attacker may step onto that "
        "square (1 AP) and pick items up (1 AP each); a losing attacker's turn ends.\n"
        "- Reshuffle card: shuffle all 13 cards and draw again.\n"
        "3. Catcher: roll the die and move the van exactly that many road squares, never back "
        "the way it came; at a crossing you choose. A dog on the square where it stops goes to "
        "the pound, dropping its items. A dog next to it (in a building: only when the van is "
        "on its arrow square) draws: a running dog escapes, a net means the pound. A dog in "
        "its den is always safe. If your dog is in the pound, skip this step.\n"
        "# The pound\n"
        "A dog in the pound does not get hungry. On its turn it draws 1 card (1st turn), 2 "
        "(2nd), 3 (3rd); a running dog on any of them frees it, else it moves on a space. On "
        "the 4th turn it is free. A freed dog sets its hunger to 2, leaves the pound by its "
        "arrow and acts at once.\n"
        "# Trash day\n"
        "When the last trash marker is placed, remove all the others from the board."
    ),
}

AIDS: dict[str, Message] = {
    "bison": N_(
        "# A round\n"
        "1. Draw a tile, kept hidden. Take 4 actions, one at a time in turn order, each action "
        "once. Place your tile every round.\n"
        "2. Cost by hunters used: 0 → +1 animal; 1 → 0; 2 → 2; 3 → 4; 4 → 7; 5 → 10.\n"
        "3. Market: hunter = 1 of each animal; size-n tent or canoe = n of each. Exchange 3 : "
        "1.\n"
        "4. Score prairie, mountain, river: 1st all, 2nd half (down), others their own spaces. "
        "Stocks max 15.\n"
        "5. Last round: stocks to 0, then score."
    ),
    "lion-square": N_(
        "# A round\n"
        "1. Deal 8 (3 players) or 7 (4 players). Pass 3 times to the left: a card of your most "
        "common colour.\n"
        "2. Lay a card next to the square, inside 3 × 3, a colour already there; one colour "
        "touches itself. Gazelle: any colour, play again.\n"
        "3. Cannot play: take a row or column; exactly 3 taken: draw 1; lay any card.\n"
        "4. Losses: nearest card in each line away from you + half your taken cards (up) + "
        "gazelles in hand."
    ),
    "hunting-age": N_(
        "# Your turn\n"
        "1. Hunt: place a chief (+ subordinates behind it) from the left, pushing right; or "
        "take back a chief and those behind it. Harvest its space and your huts on that card.\n"
        "2. Develop one (optional): cave (2 bears + 1 grape, flip chips), subordinate (2 green "
        "grain + 1 grape), hut (build cost), + the extra cost above it.\n"
        "3. Store one food per open cave.\n"
        "Before turn 1: from the start player's right, counter-clockwise, each places a chief "
        "alone and harvests.\n"
        "End: 5 huts or 10 VP; finish the round."
    ),
    "dogs-life": N_(
        "# Your turn\n"
        "1. Hunger −1 (already 0: to the pound).\n"
        "2. AP, 1 each: move, rummage, beg (once per restaurant), drop / pick up, bury, drink, "
        "pee, take or deliver a newspaper, fight. Carry 2 items.\n"
        "3. Roll the die, van moves exactly that far, never back. On it: pound. Next to it: "
        "draw to escape. Den: safe.\n"
        "Pound: draw 1, 2, 3; 4th turn free, hunger 2."
    ),
}

DUPLEX: dict[str, Message] = {
    "long": N_("Pages 1–{last}: print double-sided, flipping on the LONG edge."),
    "short": N_("Pages 1–{last}: print double-sided, flipping on the SHORT edge."),
    "fold": N_("Single-sided. Fold the two-sided sheets on the dashed line, glue, then cut."),
}

# The six actions on a Bison board, by ``games.bison.rounds.Action`` value.
ACTIONS: dict[str, Message] = {
    "place_tile": N_("Place your tile + hunters"),
    "tent": N_("Build / enlarge a tent"),
    "canoe": N_("Build / enlarge a canoe"),
    "gather": N_("Gather hunters"),
    "move_1": N_("Move hunters 1 space"),
    "move_3": N_("Move hunters 1–3 spaces"),
}

# The sections of a dog card (A Dog's Life), by ``SECTION_ICONS`` key.
SECTIONS: dict[str, Message] = {
    "trash": pgettext("printed", "Trash can"),
    "restaurant": DL_RESTAURANT,
    "newspaper": N_("Newspaper"),
    "fight": N_("Fight"),
    "catcher": N_("Catcher"),
    "pound": N_("Pound"),
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
