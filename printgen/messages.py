"""The printed words of the kit frame (cover sheet, labels), in English, Japanese, Italian.

Component names and game words come from the catalogs in ``games/``; this table holds only
what printgen itself prints. Every language has every key (a test checks it), and
:func:`text` refuses an unknown language or key with a clear message.
"""

from __future__ import annotations

from printgen.errors import PrintError

LANGUAGES = ("en", "ja", "it")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "ha_boards": "personal boards",
        "ha_pieces": "player pieces (chiefs, subordinates, huts)",
        "ha_cards": "hunting-ground cards",
        "ha_chips": "rock chips",
        "ha_tokens": "food and coin tokens, start player marker",
        "ha_caves": "Caves",
        "ha_subordinates": "Subordinates",
        "ha_huts": "Huts",
        "ha_vp_track": "VP track (end at {n})",
        "ha_build_cost": "Hut cost",
        "ha_start": "Start player",
        "ha_copy": "copy",
        "dl_charts": "dog charts",
        "dl_cards": "dog cards (13 per dog)",
        "dl_dens": "den cards",
        "dl_markers": "bones, trash, pee and hunger markers, dog pawns, catcher van",
        "dl_newspapers": "newspapers (address on the back)",
        "dl_hunger": "Hunger",
        "dl_bladder": "Bladder",
        "dl_carry": "Carrying (max {n})",
        "dl_ap": "{n} action points a turn",
        "dl_buried": "Buried bones",
        "dl_trash": "Trash can",
        "dl_restaurant": "Restaurant",
        "dl_newspaper": "Newspaper",
        "dl_fight": "Fight",
        "dl_catcher": "Catcher",
        "dl_pound": "Pound",
        "dl_reshuffle": "Shuffle all 13 cards and draw again",
        "dl_den": "Den",
        "dl_address": "Deliver to",
        "dl_city": "city board (poster of {tiles} tiles, glued)",
        "city_title": "The Campfire city",
        "city_size": "assembled {w:.1f} × {h:.1f} cm",
        "city_office": "Newspaper office",
        "city_pound": "Pound",
        "city_pound_chart": "Turns in the pound",
        "city_pound_draw": "draw {n}",
        "city_pound_free": "free",
        "city_newspapers_here": "newspapers, face down",
        "city_trash_supply": "trash markers",
        "city_bone_supply": "bones",
        "city_van_start": "van start",
        "city_glue": "glue here · tile {tile} goes on top, its edge on the black line",
        "city_assembly": "City board: {tiles} tiles. Cut each tile on its corner marks, lay "
        "it on its neighbour's grey strip (edge on the black line, grid lines "
        "on the marks) and glue. Assembled: {w:.1f} × {h:.1f} cm.",
        "rules_component": "rules summary and {n} player aids (one per seat)",
        "rules_title": "{game}: rules summary",
        "aid_title": "Player aid",
        "rules_icons": "Icons",
        "also_need": "You also need: {items}.",
        "need_game": "{game}: {items}",
        "need_separator": "; ",
        "need_bison": "a cup to draw the tiles from, face down",
        "need_lion-square": "4 paper clips (one per herd card)",
        "need_hunting-age": "a cup to mix the rock chips in",
        "need_dogs-life": "one six-sided die (d6) for the catcher's van and a glue stick "
        "for the city board",
        "lg_bison": "bison (prairie)",
        "lg_salmon": "salmon (river)",
        "lg_turkey": "turkey (mountain)",
        "lg_hunter": "hunter",
        "lg_tent": "tent (prairie or mountain)",
        "lg_canoe": "canoe (river)",
        "lg_diamond": "one hunter's worth of size in a tent or canoe",
        "lg_totem": "totem: the start tiles' corner, the start player",
        "lg_paw": "herd card: your gazelles, 20 at the start",
        "lg_bear": "bear",
        "lg_mammoth": "mammoth",
        "lg_grape": "grape",
        "lg_green_grain": "green grain",
        "lg_yellow_grain": "yellow grain",
        "lg_coins": "stone coin (money, not food)",
        "lg_vp": "victory point",
        "lg_any_food": "any food of your choice (never coins)",
        "lg_basic_food": "bear, grape or green grain, your choice",
        "lg_non_grape": "any food but grape",
        "lg_chief": "chief",
        "lg_subordinate": "subordinate",
        "lg_hut": "hut",
        "lg_cave": "open cave: stores one food",
        "lg_dog": "your dog (pawn, chart and cards)",
        "lg_bone": "bone",
        "lg_food": "one day of food: hunger +1, never above 4",
        "lg_newspaper": "newspaper (its address on the back)",
        "lg_address": "delivery address 1–12",
        "lg_trash": "trash can (rummage it)",
        "lg_lamppost": "lamppost (pee on it)",
        "lg_fountain": "fountain (drink)",
        "lg_pee": "pee marker",
        "lg_fang": "fang: the dog with more fangs wins the fight",
        "lg_run": "running dog: you escape",
        "lg_net": "net or cage: you are caught",
        "lg_van": "the catcher's van",
        "lg_cage": "the pound",
        "lg_arrow": "entrance arrow: the only way into a building",
        "rules_bison": "# Goal\n"
        "Lead your hunters to the richest hunting grounds. The most "
        "food (bison + salmon + turkeys) at the end wins.\n"
        "# Setup\n"
        "- Each player: a board, 3 food markers at 10 on the bison, "
        "salmon and turkey tracks, 4 hunters in your supply (4 more "
        "wait in the market), a size-1 and a size-2 tent, a size-1 and "
        "a size-2 canoe (the others are in the market), 4 action "
        "markers.\n"
        "- Lay hunters, tents and canoes side by side, never stacked, "
        "their square code face up: the phone reads the board from a "
        "photo.\n"
        "- Lay the start tiles S1–S3 around one corner and stand the "
        "totem there.\n"
        "- Shuffle the 18 other tiles face down; remove 6 (2 players), "
        "3 (3 players) or 2 (4 players) unseen. You play 6, 5 or 4 "
        "rounds. The youngest player starts.\n"
        "# A round\n"
        "- From the start player, clockwise, everyone draws one tile "
        "and looks at it, keeping it hidden from the others until "
        "placing it. In turn order each player takes "
        "one action at a time until all have taken 4; each of the 6 "
        "actions at most once per round (cover it with an action "
        "marker). Placing your tile is one of your 4 actions, every "
        "round.\n"
        "- Place your tile: touching a placed tile along an edge, at "
        "most 3 tiles from the totem (the start tiles count 1); "
        "terrain need not match. Put 0–5 hunters from your supply on "
        "one of its spaces.\n"
        "- Tent or canoe: build a size-n tent (prairie or mountain) or "
        "canoe (river) on a space where you have n hunters, or enlarge "
        "one by n; the hunters go back to your supply.\n"
        "- Gather: up to 5 hunters from your supply onto one space you "
        "occupy.\n"
        "- Move up to 5 hunters 1 space each, or (the other action) "
        "1–3 spaces each.\n"
        "- Every action costs by the hunters it uses: 0 → gain 1 "
        "animal of your choice; 1 → 0; 2 → 2; 3 → 4; 4 → 7; 5 → 10 "
        "animals, paid from any of your stocks.\n"
        "- Moving within a tile: prairie↔river and mountain↔river 1, "
        "prairie↔mountain 2. Across a tile edge: land to land 1. River "
        "to river only where two rivers meet at a corner. You may pass "
        "other players' pieces but never stop on them.\n"
        "- A space holds one player's pieces: any hunters, plus at "
        "most one tent (land) or one canoe (river).\n"
        "- Market, any time on your turn: a hunter costs 1 bison + 1 "
        "salmon + 1 turkey; a size-n tent or canoe n of each animal. "
        "Exchange 3 of one animal for 1 of another at any time.\n"
        "# Scoring, after every round\n"
        "- A region is all the joined spaces of one terrain: land "
        "joins across an edge with the same terrain on both sides; "
        "rivers join where they meet at a corner. Its animals are "
        "those on its spaces.\n"
        "- Score the prairies (bison), then the mountains (turkeys), "
        "then the rivers (salmon). In each region, list each player's "
        "tent or canoe sizes, largest first, and compare them item by "
        "item (a longer list wins a tie); only identical lists compare "
        "hunters.\n"
        "- Alone in 1st place: all the region's animals. Alone in 2nd: "
        "half, rounded down. Everyone else present: the animals on the "
        "spaces they occupy. A tie for 1st: each gets half, rounded "
        "down, and there is no 2nd. A tie for 2nd: each tied player "
        "gets their own spaces' animals.\n"
        "- No stock goes above 15: exchange 3 for 1 or buy at the "
        "market at once; what still does not fit is lost. Then the "
        "totem passes left.\n"
        "# End\n"
        "In the last round, after the actions, set every stock to 0, "
        "then score the board once more. The highest total wins; on a "
        "tie the larger smallest stock wins; still tied, you share the "
        "win.",
        "aid_bison": "# A round\n"
        "1. Draw a tile, kept hidden. Take 4 actions, one at a time in turn order, "
        "each action once. Place your tile every round.\n"
        "2. Cost by hunters used: 0 → +1 animal; 1 → 0; 2 → 2; 3 → 4; "
        "4 → 7; 5 → 10.\n"
        "3. Market: hunter = 1 of each animal; size-n tent or canoe = "
        "n of each. Exchange 3 : 1.\n"
        "4. Score prairie, mountain, river: 1st all, 2nd half (down), "
        "others their own spaces. Stocks max 15.\n"
        "5. Last round: stocks to 0, then score.",
        "rules_lion-square": "# Goal\n"
        "Lions and hyenas gather at the water hole; push them onto the "
        "other herds. Each player keeps a herd card (1–20) with a "
        "paper clip at 20, hidden from the others. The game ends when "
        "any herd is at 0 or less, or after round 3: the largest herd "
        "wins (equal herds share the win). If every herd is at 0 or "
        "less, the lions win and nobody else.\n"
        "# Setup\n"
        "Shuffle the 30 carnivore cards face down; put the 2 gazelles "
        "aside. The fastest runner starts.\n"
        "# A round\n"
        "- Deal 8 cards each (3 players) or 7 (4 players). Shuffle the "
        "leftover cards with the 2 gazelles: this is the square deck.\n"
        "- Pass three times: everyone chooses a card of their most "
        "common colour (any number) and passes it to the left, all at "
        "once.\n"
        "- The start player lays one card in the centre, each side "
        "facing one player (with 3 players one side faces nobody). "
        "Then, clockwise from the start player's left, each player "
        "lays one card.\n"
        "- A card goes next to a card in the square (not diagonally), "
        "the same way up, never beyond 3 × 3; only a colour already in "
        "the square; cards of the same colour must touch.\n"
        "- A gazelle ignores the colour rules, and you play again.\n"
        "- If you cannot play: take all the cards of one row or column "
        "(face down in front of you: a penalty). Only if you took "
        "exactly 3, draw one card from the square deck. Then lay any "
        "card next to the square: only this card may bring a new "
        "colour.\n"
        "- The round ends when the square holds 9 cards, or at the "
        "start of a turn of a player with no cards.\n"
        "# Losses\n"
        "Each player adds up and moves the clip down by: the number on "
        "the card nearest to them in each line running away from them "
        "(an empty line adds 0, a gazelle 0); half the penalty cards "
        "they took, rounded up; 1 for each gazelle still in their "
        "hand.\n"
        "The player after the one who laid the last card starts the "
        "next round.",
        "aid_lion-square": "# A round\n"
        "1. Deal 8 (3 players) or 7 (4 players). Pass 3 times to the "
        "left: a card of your most common colour.\n"
        "2. Lay a card next to the square, inside 3 × 3, a colour "
        "already there; one colour touches itself. Gazelle: any "
        "colour, play again.\n"
        "3. Cannot play: take a row or column; exactly 3 taken: draw "
        "1; lay any card.\n"
        "4. Losses: nearest card in each line away from you + half "
        "your taken cards (up) + gazelles in hand.",
        "rules_hunting-age": "# Goal\n"
        "Lead your tribe through the age of hunting: widen your caves, "
        "add subordinates, build huts. The most victory points (VP) "
        "wins.\n"
        "# Setup\n"
        "- Lay out the 4 basic hunting grounds and 3 (3 players) or 4 "
        "(4–5 players) new-land cards, each on a random side.\n"
        "- Each player: a personal board with its 4 rock chips "
        "shuffled face down on the closed caves in groups 1, 2, 1 from "
        "the left; 4 subordinates and 5 huts on their spaces; 2 chiefs "
        "and 1 subordinate in hand; a subordinate at 0 on the VP "
        "track. Food and coins stay in the supply: they are limited; "
        "unused rock chips go back in the box.\n"
        "- The player born longest ago (the oldest) takes the start "
        "player marker; if that cannot be settled, play rock-paper-"
        "scissors.\n"
        "# Before the first turn\n"
        "Counter-clockwise, from the player on the start player's "
        "right, each player places one chief without subordinates, as "
        "in a hunt, and takes that space's harvest. Then the start "
        "player takes the first turn; turns go clockwise.\n"
        "# Your turn\n"
        "1. Hunt. Either place a chief, with any of your subordinates "
        "behind it, on a card's hunting spaces from the left (chief in "
        "front), pushing the pieces there to the right, never beyond "
        "the last space; or take back one of your chiefs with the "
        "subordinates behind it (the pieces behind slide left). Either "
        "way, take the harvest of the chief's space and of each of "
        "your huts on that card.\n"
        "2. Develop (optional, one). Create a cave: pay 2 bears + 1 "
        "grape, then flip the next rock chips (1, then 2, then 1) and "
        "take their rewards. Add a subordinate: pay 2 green grain + 1 "
        "grape; it joins your hand. Build a hut on a free build space: "
        "pay the card's build cost; one hut per space. Each "
        "development also pays the extra cost printed above the piece "
        "it takes, and uncovers the VP under it.\n"
        "3. Store: one food per open cave; coins need no cave. Surplus "
        "food goes back to the supply.\n"
        "# Harvests\n"
        "Gain the goods shown; an arrow converts (pay the left side "
        "for the right side, ×n up to n times). A copy icon performs "
        "another chief's space (huts not included) or another hut's "
        "harvest.\n"
        "# End\n"
        "When a player has built all 5 huts or reaches 10 VP on the "
        "track, play on until the player on the start player's right "
        "has played: everyone has the same number of turns. Score the "
        "VP under each of your huts (a hut on an end-game card scores "
        "that card's rule instead), the VP uncovered on your board and "
        "your VP track. Tie: more developments wins, then more food in "
        "your caves; then the win is shared.",
        "aid_hunting-age": "# Your turn\n"
        "1. Hunt: place a chief (+ subordinates behind it) from the "
        "left, pushing right; or take back a chief and those behind "
        "it. Harvest its space and your huts on that card.\n"
        "2. Develop one (optional): cave (2 bears + 1 grape, flip "
        "chips), subordinate (2 green grain + 1 grape), hut (build "
        "cost), + the extra cost above it.\n"
        "3. Store one food per open cave.\n"
        "Before turn 1: from the start player's right, counter-"
        "clockwise, each places a chief alone and harvests.\n"
        "End: 5 huts or 10 VP; finish the round.",
        "rules_dogs-life": "# Goal\n"
        "You are a stray dog. Be the first to bury 4 bones in your den "
        "(the group may choose another number). Timed game: when time "
        "is up, the most buried bones wins.\n"
        "# Setup\n"
        "- Each player: a dog chart taken at random, its pawn, its 8 pee markers and "
        "its 13 cards, shuffled face down. Hunger marker at 4; one pee "
        "marker in the first bladder space.\n"
        "- Deal the den cards at random and put your pawn on your "
        "den.\n"
        "- Newspapers face down on the newspaper office; trash markers "
        "and bones beside the board; the van on its start square by "
        "the pound. A lady playing starts, else the youngest player; play "
        "goes clockwise.\n"
        "# Your turn\n"
        "1. Hunger: move the marker down one. If it was already at 0, "
        "your dog starves: it goes to the pound's first space, what it "
        "carried stays where it stood, and your turn ends.\n"
        "2. Actions: spend your action points (AP), 1 each; unspent AP "
        "are lost. A dog carries at most 2 items (bones, newspapers).\n"
        "- Move one square, never diagonally. Entering or leaving a "
        "building or den costs 1 AP; go in only by its arrows (out by "
        "any arrow). Never enter the pound or a rival's den. You may "
        "pass other dogs and the van but not stop on their square.\n"
        "- A rival's pee on a lamppost: stepping there ends your "
        "actions (you sniff it).\n"
        "- Rummage a trash can without a marker: draw a card, read the "
        "trash can row, then put a trash marker on the can.\n"
        "- Beg at a restaurant (once per restaurant per turn): draw, "
        "read the restaurant row.\n"
        "- Food moves the hunger marker up (never above 4). A bone "
        "goes on a free carrying space, else it is lost.\n"
        "- Drop or pick up a bone or a newspaper. Bury bones in your "
        "own den: 1 AP each; buried bones are safe forever.\n"
        "- Drink at a fountain: fill both bladder spaces from your pee "
        "markers (not when both are full). Pee on a lamppost: move a "
        "marker from your bladder onto it; a rival's marker there goes "
        "back to its owner.\n"
        "- Bark at the newspaper office: take a random newspaper, its "
        "address hidden. On that address's square, deliver it: draw, "
        "read the newspaper row for your reward; the newspaper goes "
        "back to the office.\n"
        "- Fight a dog on a next square (into or out of a building "
        "only from its arrow square): both draw, read the fangs; more "
        "fangs wins, a tie does nothing. The loser goes to the pound "
        "and drops what it carried. A winning attacker may step onto "
        "that square (1 AP) and pick items up (1 AP each); a losing "
        "attacker's turn ends.\n"
        "- Reshuffle card: shuffle all 13 cards and draw again.\n"
        "3. Catcher: roll the die and move the van exactly that many "
        "road squares, never back the way it came; at a crossing you "
        "choose. A dog on the square where it stops goes to the pound, "
        "dropping its items. A dog next to it (in a building: only "
        "when the van is on its arrow square) draws: a running dog "
        "escapes, a net means the pound. A dog in its den is always "
        "safe. If your dog is in the pound, skip this step.\n"
        "# The pound\n"
        "A dog in the pound does not get hungry. On its turn it draws "
        "1 card (1st turn), 2 (2nd), 3 (3rd); a running dog on any of "
        "them frees it, else it moves on a space. On the 4th turn it "
        "is free. A freed dog sets its hunger to 2, leaves the pound "
        "by its arrow and acts at once.\n"
        "# Trash day\n"
        "When the last trash marker is placed, remove all the others "
        "from the board.",
        "aid_dogs-life": "# Your turn\n"
        "1. Hunger −1 (already 0: to the pound).\n"
        "2. AP, 1 each: move, rummage, beg (once per restaurant), drop "
        "/ pick up, bury, drink, pee, take or deliver a newspaper, "
        "fight. Carry 2 items.\n"
        "3. Roll the die, van moves exactly that far, never back. On "
        "it: pound. Next to it: draw to escape. Den: safe.\n"
        "Pound: draw 1, 2, 3; 4th turn free, hunger 2.",
        "bi_tiles": "terrain tiles (S1–S3, B01–B18)",
        "bi_boards": "player boards",
        "bi_structures": "tents and canoes",
        "bi_markers": "hunters, food and action markers, totem",
        "bi_stickers": "photo marker stickers for a retail box (3 per tile)",
        "bi_place_tile": "Place your tile + hunters",
        "bi_tent": "Build / enlarge a tent",
        "bi_canoe": "Build / enlarge a canoe",
        "bi_gather": "Gather hunters",
        "bi_move_1": "Move hunters 1 space",
        "bi_move_3": "Move hunters 1–3 spaces",
        "bi_cost": "Hunters used → animals paid",
        "bi_gain_one": "1 animal of your choice",
        "bi_market": "Market",
        "bi_hunter_price": "1 hunter = 1 of each",
        "bi_structure_price": "size n = n of each",
        "bi_exchange": "exchange {rate} : 1",
        "bi_actions": "Actions: 4 per round, each once",
        "game_bison": "Bison",
        "game_lion-square": "Lion Square",
        "game_hunting-age": "Age of Hunting",
        "game_dogs-life": "A Dog's Life",
        "ls_cards": "cards (30 carnivores, 2 gazelles)",
        "ls_herds": "herd cards",
        "ls_herd": "Herd",
        "ls_herd_note": "Clip at 20. Keep it hidden.",
        "scan_seat": "Scan: your seat",
        "scan_join": "Scan: join the table",
        "ha_open_cave": "open",
        "kit_title": "{game} — print-and-play kit",
        "what_to_print": "What to print",
        "how_to_print": "How to print",
        "print_scale": 'Print at 100 % ("Actual size"). Never "Fit to page" or "Shrink".',
        "print_paper": "Paper: {paper}. Cardstock (200–300 g/m²) for boards, cards and tokens.",
        "duplex_long": "Pages 1–{last}: print double-sided, flipping on the LONG edge.",
        "duplex_short": "Pages 1–{last}: print double-sided, flipping on the SHORT edge.",
        "duplex_first": "Print pages 1–4 first and check both duplex tests (this page and page 3).",
        "duplex_fold": "Single-sided. Fold the two-sided sheets on the dashed line, glue, "
        "then cut.",
        "ink_saver_note": "Ink-saver edition: light grey fills.",
        "cut_note": "Cards, tiles and boards: cut on the lines the corner marks point to; the "
        "colour past them is bleed. Tokens: cut along the printed lines, each "
        "cut frees two rows.",
        "calibration": "Check the scale",
        "calibration_note": "Measure the rulers: 100 mm and 4 in exactly.",
        "duplex_test": "Duplex test",
        "duplex_test_note": "Hold the page against a light: the cross on the back must cover "
        "this one.",
        "duplex_test_back": "Back of the duplex test",
        "join_table": "Join the table",
        "join_note": "Scan with a phone to open this table in the companion.",
        "pages": "pages {first}–{last}",
        "page": "page {first}",
        "two_sided": "two-sided",
        "two_sided_fold": "two-sided: fold and glue",
        "back": "back",
        "seat": "Seat {n}",
        "seat_named": "{name} · Seat {n}",
        "simplex_rest": "Pages {first}–{last}: print single-sided (no blank backs needed).",
        "back_offset": "Backs shifted by {x} mm across and {y} mm up (back offset).",
        "duplex_test_landscape": "Duplex test, landscape sheets",
        "offset_how": "Most card sheets are landscape: check this test too. If the crosses are "
        "apart, read the offset on the back and print again with that back offset.",
        "offset_read": "Where does the black cross of the front show through? Read X on the lower "
        "scale and Y on the right one (mm): that is the back offset (X,Y).",
    },
    "ja": {
        "ha_boards": "個人ボード",
        "ha_pieces": "プレイヤー用コマ（族長・部下・小屋）",
        "ha_cards": "狩場カード",
        "ha_chips": "岩チップ",
        "ha_tokens": "食料コマ・石貨チップ、スタートプレイヤーマーカー",
        "ha_caves": "洞穴",
        "ha_subordinates": "部下",
        "ha_huts": "小屋",
        "ha_vp_track": "勝利点トラック（{n}で終了）",
        "ha_build_cost": "建築コスト",
        "ha_start": "スタートプレイヤー",
        "ha_copy": "コピー",
        "dl_charts": "ドッグチャート",
        "dl_cards": "ドッグカード（各犬13枚）",
        "dl_dens": "ねぐらカード",
        "dl_markers": "骨・ゴミ漁り・おしっこ・はらぺこマーカー、ドッグコマ、収容車",
        "dl_newspapers": "新聞マーカー（裏に配達先）",
        "dl_hunger": "はらぺこ",
        "dl_bladder": "膀胱",
        "dl_carry": "運んでいる物（{n}つまで）",
        "dl_ap": "1手番にアクションポイント{n}",
        "dl_buried": "埋めた骨",
        "dl_trash": "ゴミ箱",
        "dl_restaurant": "レストラン",
        "dl_newspaper": "新聞",
        "dl_fight": "喧嘩",
        "dl_catcher": "捕獲者からの逃亡",
        "dl_pound": "収容所からの脱出",
        "dl_reshuffle": "ドッグカード13枚を切り直して、もう1枚引く",
        "dl_den": "ねぐら",
        "dl_address": "配達先",
        "dl_city": "ゲームボード（街：{tiles}枚を貼り合わせ）",
        "city_title": "Campfireの街",
        "city_size": "貼り合わせると{w:.1f} × {h:.1f} cm",
        "city_office": "新聞屋",
        "city_pound": "収容所",
        "city_pound_chart": "収容所チャート",
        "city_pound_draw": "{n}枚めくる",
        "city_pound_free": "脱出",
        "city_newspapers_here": "新聞マーカー（伏せて）",
        "city_trash_supply": "ゴミ漁りマーカー",
        "city_bone_supply": "骨マーカー",
        "city_van_start": "収容車スタート",
        "city_glue": "のりしろ・{tile}をこの上に重ね、端を黒線に合わせる",
        "city_assembly": "ゲームボード（街）：{tiles}枚。各紙を角のトンボで切り、隣の紙の灰色の"
        "のりしろに重ねて（端を黒線に、マス目の線を合わせ印に合わせて）"
        "貼ります。完成サイズ：{w:.1f} × {h:.1f} cm。",
        "rules_component": "ルール要約とプレイヤーエイド{n}枚（各席に1枚）",
        "rules_title": "{game}：ルール要約",
        "aid_title": "早見表",
        "rules_icons": "アイコン",
        "also_need": "ほかに用意するもの：{items}。",
        "need_game": "{game}：{items}",
        "need_separator": "／",
        "need_bison": "タイルを伏せて引くためのカップ",
        "need_lion-square": "クリップ4個（群れカード1枚に1個）",
        "need_hunting-age": "岩チップを混ぜるためのカップ",
        "need_dogs-life": "収容車を動かす6面ダイス1個と、ゲームボード（街）を貼り合わせる"
        "スティックのり",
        "lg_bison": "バイソン（草原）",
        "lg_salmon": "魚（川）",
        "lg_turkey": "七面鳥（山）",
        "lg_hunter": "ハンター",
        "lg_tent": "テント（草原か山）",
        "lg_canoe": "カヌー（川）",
        "lg_diamond": "テント・カヌーの中のハンター1人分",
        "lg_totem": "トーテムポール：スタートタイルの角、スタートプレイヤー",
        "lg_paw": "群れカード：自分のガゼル、最初は20頭",
        "lg_bear": "くま",
        "lg_mammoth": "マンモス",
        "lg_grape": "ぶどう",
        "lg_green_grain": "穀物（緑）",
        "lg_yellow_grain": "穀物（黄）",
        "lg_coins": "石貨（お金。食料ではない）",
        "lg_vp": "勝利点",
        "lg_any_food": "好きな食料コマ（石貨は不可）",
        "lg_basic_food": "くま・ぶどう・穀物（緑）から好きなもの",
        "lg_non_grape": "ぶどう以外の食料コマ",
        "lg_chief": "族長",
        "lg_subordinate": "部下",
        "lg_hut": "小屋",
        "lg_cave": "開いている洞穴：食料コマを1つ置ける",
        "lg_dog": "自分の犬（ドッグコマ・チャート・カード）",
        "lg_bone": "骨",
        "lg_food": "1日分の食料：はらぺこ+1（4まで）",
        "lg_newspaper": "新聞（裏に配達先の住所）",
        "lg_address": "配達先の住所1〜12",
        "lg_trash": "ゴミ箱（漁る）",
        "lg_lamppost": "街灯（おしっこをかける）",
        "lg_fountain": "泉（水を飲む）",
        "lg_pee": "おしっこマーカー",
        "lg_fang": "牙：牙の数の多い犬が喧嘩に勝つ",
        "lg_run": "走っている犬：逃げられる",
        "lg_net": "網・檻の中の犬：捕まる",
        "lg_van": "収容車",
        "lg_cage": "収容所",
        "lg_arrow": "入口の矢印：建物にはここからしか入れない",
        "rules_bison": "# ゲームの目的\n"
        "ハンターを率いて豊かな狩場を確保します。ゲーム終了時に動物（バ"
        "イソン・魚・七面鳥）の合計が最も多いプレイヤーが勝者です。\n"
        "# ゲームの準備\n"
        "- 各プレイヤー：個人ボード1枚。食料マーカー3個を動物トラック（"
        "バイソン・魚・七面鳥）の10に置きます。ハンター4個を手元のスト"
        "ックに（残り4個は市場に）、1人用と2人用のテントを1個ずつ、1人"
        "用と2人用のカヌーを1個ずつ（残りは市場に）、行動マーカー4個。"
        "\n"
        "- ハンター駒・テント・カヌーは重ねずに横に並べ、四角いコードを上"
        "に向けて置きます（スマートフォンが写真から盤面を読み取ります）。\n"
        "- スタートタイルS1〜S3を1つの角のまわりに並べ、その角にトーテ"
        "ムポールを立てます。\n"
        "- 残り18枚のタイルを裏向きによく混ぜ、2人なら6枚、3人なら3枚、"
        "4人なら2枚を見ずに取り除きます。ラウンド数は6、5、4です。最も"
        "若いプレイヤーから始めます。\n"
        "# ラウンドの流れ\n"
        "- スタートプレイヤーから順に、全員がタイルを1枚引き、表を見ます"
        "（他の人には見せません）。手番順に1人1つずつ行動を行い、全"
        "員が4つ行うまで続けます。6種類の行動はそれぞれ1ラウンドに1回ま"
        "で（行動マーカーで覆います）。タイルの配置は毎ラウンド必ず行う"
        "4つの行動の1つです。\n"
        "- タイルを置く：置かれているタイルに辺で接するように、トーテム"
        "ポールから3枚以内（スタートタイルを1と数える）に置きます。地形"
        "は合わなくてもかまいません。手元のハンター0〜5個をそのタイルの"
        "1つの土地に乗せます。\n"
        "- テント・カヌー：n個のハンターがいる土地にn人用のテント（草原"
        "か山）かカヌー（川）を設置するか、n人分拡張します。ハンターは"
        "手元に戻ります。\n"
        "- ハンターを集める：手元のハンターを5個まで、自分のコマがある"
        "土地1つに置きます。\n"
        "- 移動：ハンターを5個まで土地1つ分ずつ移動、またはもう一方の行"
        "動で1〜3つ分ずつ移動します。\n"
        "- 行動のコストは使うハンターの数で決まります：0個 → "
        "好きな動物を1つ得る、1個 → 0、2個 → 2、3個 → 4、4個 → 7、5個 "
        "→ 10。どのストックから払ってもかまいません。\n"
        "- タイル内の移動：草原⇔川・山⇔川は1、草原⇔山は2。隣のタイルへ"
        "：土地から土地へ辺を越えて1。川から川へは、川が角で出会う所だ"
        "け。他のプレイヤーのコマは通過できますが、止まれません。\n"
        "- 1つの土地には1人のプレイヤーのコマだけ：ハンター何個でも、そ"
        "れにテント（土地）かカヌー（川）を1個まで。\n"
        "- 市場（自分の手番ならいつでも）：ハンター1個＝バイソン・魚・"
        "七面鳥を1つずつ。n人用のテント・カヌー＝各動物n個。いつでも同"
        "じ動物3つを別の動物1つと交換できます。\n"
        "# 集計（毎ラウンドの終わり）\n"
        "- 地域：同じ地形がつながった土地の集まり。土地は辺の両側が同じ"
        "地形ならつながり、川は角で出会う所でつながります。地域の動物は"
        "、その土地に描かれた動物の合計です。\n"
        "- 草原（バイソン）、山（七面鳥）、川（魚）の順に集計します。各"
        "地域で各プレイヤーのテント・カヌーの大きさを大きい順に並べ、1"
        "つずつ比べます（同じなら数の多い方が上）。まったく同じときだけ"
        "ハンターの数で比べます。\n"
        "- 単独1位：地域の動物すべて。単独2位：半分（切り捨て）。そのほ"
        "かの参加者：自分のコマがある土地の動物。1位が同数：それぞれ半"
        "分（切り捨て）で2位はなし。2位が同数：それぞれ自分の土地の動物"
        "。\n"
        "- ストックは15を超えられません。超えるときはただちに3対1で交換"
        "するか市場で購入し、それでも入らない分は失われます。その後、ト"
        "ーテムポールを左隣に渡します。\n"
        "# ゲームの終了\n"
        "最終ラウンドでは行動の後、すべてのストックを0にしてから、もう"
        "一度ボードを集計します。合計が最も多いプレイヤーの勝ち。同点な"
        "ら最も少ないストックが多い方の勝ち。それでも同点なら勝利を分け"
        "合います。",
        "aid_bison": "# ラウンド\n"
        "1. タイルを1枚引き、他の人には見せない。手番順に1つずつ、4つの行動（同じ行動は1回"
        "まで）。タイルの配置は毎ラウンド必ず。\n"
        "2. コスト（使うハンター）：0 → 動物+1、1 → 0、2 → 2、3 → 4、4 "
        "→ 7、5 → 10。\n"
        "3. 市場：ハンター＝各動物1つ。n人用テント・カヌー＝各動物n個。"
        "3対1で交換。\n"
        "4. 集計は草原・山・川の順：1位すべて、2位半分（切り捨て）、ほ"
        "かは自分の土地の分。ストックは15まで。\n"
        "5. 最終ラウンド：ストックを0にしてから集計。",
        "rules_lion-square": "# ゲームの目的\n"
        "サヴァンナの水場に肉食獣が集まります。肉食獣たちを他の群れに押"
        "し付けましょう。各プレイヤーは群れカード（1〜20）を持ち、クリ"
        "ップを20に挟みます。群れカードは他の人に見せません。誰かの群れ"
        "が0以下になるか、3ラウンド終了時にゲームが終わり、群れが最も多"
        "いプレイヤーの勝ちです（同数なら共に勝者）。全員の群れが0以下"
        "なら、ライオンの勝ちで、プレイヤーの勝者はいません。\n"
        "# ゲームの準備\n"
        "肉食獣カード30枚をよく混ぜて山札にし、ガゼルカード2枚は横によ"
        "けておきます。逃げ足の最も早い人がスタートプレイヤーです。\n"
        "# ラウンドの流れ\n"
        "- 3人なら8枚ずつ、4人なら7枚ずつ配ります。余ったカードとガゼル"
        "カード2枚を一緒に混ぜ、スクエア山札にします。\n"
        "- 手札の調整を3回：全員が「もっとも多い色のカード」を1枚選び（"
        "数字はどれでも）、同時に左隣へ渡します。\n"
        "- スタートプレイヤーがカードを1枚、四方の辺がそれぞれのプレイ"
        "ヤーを向くように中央に置きます（3人なら1辺は誰も向きません）。"
        "その後、スタートプレイヤーの左隣から時計回りに、1枚ずつ場に出"
        "します。\n"
        "- 場のカードに上下左右に隣接させ、向きを合わせて出します。縦横"
        "3列まで。場にある色のカードしか出せず、同じ色のカードは必ず隣"
        "接させます。\n"
        "- ガゼルカード：色のルールを無視して出せ、もう1度手番を行いま"
        "す。\n"
        "- 出せない時：場の1列（縦か横）のカードをすべて取り、自分の前"
        "に裏向きに置きます（マイナス点）。3枚取った時のみスクエア山札"
        "から1枚引きます。最後に好きな1枚を場のカードに隣接して出します"
        "。この時だけ新しい色を出せます。\n"
        "- 場のカードが9枚並んだら、または手番の最初に手札がなければ、"
        "ラウンド終了です。\n"
        "# 群れの被害\n"
        "各自、次の合計だけ群れカードのクリップを下げます：自分の側から"
        "見て、奥へ向かう各列の一番手前のカードの数字（空の列は0、ガゼ"
        "ルは0）、取ったカードの枚数の半分（切り上げ）、手札に残ったガ"
        "ゼルカードの枚数。\n"
        "最後にカードを出した次のプレイヤーが、次のラウンドのスタートプ"
        "レイヤーです。",
        "aid_lion-square": "# ラウンド\n"
        "1. 3人は8枚、4人は7枚。左隣へ3回渡す：最も多い色のカード。\n"
        "2. 場に隣接、縦横3列まで、場にある色、同じ色は隣接。ガゼル：色"
        "は自由、もう1度。\n"
        "3. 出せない：1列を取る。3枚なら1枚引く。好きな1枚を出す。\n"
        "4. 被害：各列の一番手前の数字＋取ったカードの半分（切り上げ）"
        "＋手札のガゼル。",
        "rules_hunting-age": "# ゲームの目的\n"
        "部族長として狩猟の時代を生き抜きます。洞穴を広げ、部下を増やし"
        "、狩場に小屋を建てましょう。勝利点の最も多いプレイヤーが勝者で"
        "す。\n"
        "# ゲームの準備\n"
        "- 基本の狩場カード4枚と、3人なら3枚、4〜5人なら4枚の新天地カー"
        "ドを、それぞれランダムな面で並べます。\n"
        "- 各プレイヤー：個人ボード1枚。岩チップ4枚を裏向きに混ぜ、閉じ"
        "た洞穴に左から1・2・1枚ずつ置きます。部下4個と小屋5個をボード"
        "の所定の位置に、族長2個と部下1個を手元に置き、部下1個を勝利点"
        "トラックの0に置きます。食料コマと石貨はストックに（数に限りが"
        "あります）。使用しなかった岩チップは箱に戻します。\n"
        "- もっとも古い時代に生まれた人がスタートプレイヤーマーカーを受"
        "け取ります。決まらない場合は、じゃんけん等で決めます。\n"
        "# スタート狩猟アクション\n"
        "ゲーム開始前に、スタートプレイヤーの右隣のプレイヤーから反時計"
        "回りに、各プレイヤーが族長コマ1個を部下コマ無しで狩りアクショ"
        "ンのように配置し、そのスペースの収穫を得ます。その後、スタート"
        "プレイヤーから時計回りに手番を行います。\n"
        "# 手番\n"
        "1. 狩猟：族長1個を（後ろに好きな数の自分の部下を連れて）狩場カ"
        "ードの狩猟スペースに左から置きます。族長が先頭で、置かれている"
        "コマは右へ押し出されますが、最後のスペースより先には出せません"
        "。または、自分の族長1個とその後ろの部下を回収します（後ろのコ"
        "マは左へ詰めます）。どちらの場合も、族長のいるスペースと、その"
        "カード上の自分の小屋すべての収穫を得ます。\n"
        "2. 発展（任意、1つ）：洞穴作成：くま2＋ぶどう1を払い、次の岩チ"
        "ップ（1枚・2枚・1枚の順）を裏返して報酬を得ます。部下の追加："
        "穀物（緑）2＋ぶどう1を払い、部下を手元に加えます。小屋の建築："
        "空いている建築スペースにカードの建築コストを払って建てます（1"
        "スペースに1軒）。どの発展も、取るコマの上に書かれた追加コスト"
        "も払い、その下の勝利点が見えるようになります。\n"
        "3. 保管：開いている洞穴1つに食料コマ1つ。石貨は洞穴がなくても"
        "持てます。余った食料はストックに戻します。\n"
        "# 収穫\n"
        "描かれた物を得ます。矢印は変換（左を払って右を得る。×nならn回"
        "まで）。コピーのアイコンは、他の族長のいるスペース（小屋は含ま"
        "ない）か、他の小屋の収穫を行います。\n"
        "# ゲームの終了\n"
        "誰かが小屋を5軒すべて建てるか、勝利点トラックが10以上になった"
        "ら、スタートプレイヤーの右隣のプレイヤーまで手番を行い、全員の"
        "手番数をそろえます。得点：自分の小屋の下の勝利点（終了時得点の"
        "カードの小屋はそのカードの条件で）、個人ボードで見えている勝利"
        "点、勝利点トラック。同点なら発展の多い方、次に洞穴の食料の多い"
        "方。それでも同点なら勝利を分け合います。",
        "aid_hunting-age": "# 手番\n"
        "1. 狩猟：族長（＋後ろに部下）を左から置き、右へ押す。または族"
        "長と後ろの部下を回収。そのスペースとカード上の自分の小屋を収穫"
        "。\n"
        "2. 発展1つ（任意）：洞穴（くま2＋ぶどう1、岩チップを裏返す）、"
        "部下（穀物（緑）2＋ぶどう1）、小屋（建築コスト）。＋上の追加コ"
        "スト。\n"
        "3. 保管：開いている洞穴1つに食料1つ。\n"
        "開始前：スタートプレイヤーの右隣から反時計回りに、族長1個だけ"
        "を置いて収穫。\n"
        "終了：小屋5軒か10勝利点。手番数をそろえる。",
        "rules_dogs-life": "# ゲームの目的\n"
        "君は野良犬だ！街で一番早く、ねぐらに4本の骨を埋めた犬が勝者で"
        "す（骨の数は変えてもかまいません）。時間制のヴァリアント：タイ"
        "ムアップの時点で、埋めた骨が最も多い犬の勝ち。\n"
        "# ゲームの準備\n"
        "- 各プレイヤー：ランダムに取ったドッグチャート、ドッグコマ、同じ色のおしっこマ"
        "ーカー8個、その犬のカード13枚（よく混ぜて裏向きの山に）。はら"
        "ぺこマーカーを4に、おしっこマーカー1個を膀胱スペースの始めの所"
        "に置きます。\n"
        "- ねぐらカードをランダムに配り、ドッグコマを自分のねぐらに置き"
        "ます。\n"
        "- 新聞マーカーを伏せて新聞屋に、ゴミ漁りマーカーと骨マーカーを"
        "ボードの脇に、収容車を収容所の横の道（スタートのマス）に置きま"
        "す。レディーがプレーしているなら彼女から、そうでなければ最も若"
        "いプレイヤーから時計回りに手番を行います。\n"
        "# 手番\n"
        "1. はらぺこ：マーカーを1つ下げます。手番の始めにすでに0なら、"
        "犬は飢えます：収容所の最初のマスへ。運んでいた物はその場に残し"
        "、手番は終わりです。\n"
        "2. アクション：1つにつき1 APを使います。使わなかったAPは持ち越"
        "せません。犬が運べる物は2つまで（骨・新聞）。\n"
        "- 移動：斜めではない隣のマスへ1マス。建物・ねぐらには入るのと"
        "出るのに1 APずつ。入るのは矢印からだけ（出るのはどの矢印からで"
        "も）。収容所とライバルのねぐらには入れません。他の犬や収容車の"
        "マスは通過できますが、止まれません。\n"
        "- ライバルのおしっこがかかった街灯のマスに入ると、街灯を嗅いで"
        "アクションフェイズは終わります。\n"
        "- ゴミ箱漁り：ゴミ漁りマーカーのないゴミ箱で、カードを1枚めく"
        "って「ゴミ箱」を見ます。その後、ゴミ箱にゴミ漁りマーカーを置き"
        "ます。\n"
        "- えさを請う：レストランで（同じレストランでは手番に1回）、カ"
        "ードをめくって「レストラン」を見ます。\n"
        "- えさを見つけたら、はらぺこマーカーを上げます（4まで）。骨は"
        "空いている運搬スペースへ。空きがなければ何も得られません。\n"
        "- 骨や新聞を落とす・拾う。自分のねぐらで骨を埋める：1本につき1"
        " AP。埋めた骨は完璧に安全です。\n"
        "- 泉で水を飲む：膀胱スペース2つをおしっこマーカーで満たします"
        "（2つとも埋まっている時は不可）。街灯におしっこをかける：膀胱"
        "のマーカー1個を街灯に置きます。ライバルのマーカーは持ち主に戻"
        "ります。\n"
        "- 新聞屋で吠える：新聞をランダムに1枚、住所を伏せたまま受け取"
        "ります。その住所のマスで新聞を届け、カードをめくって「新聞」を"
        "見てごほうびを得ます。新聞は新聞屋に戻します。\n"
        "- 喧嘩：隣接するマスの犬を攻撃します（建物の中と外の間は矢印の"
        "マスからだけ）。お互いにカードをめくって牙の数を比べ、多い方の"
        "勝ち。同数なら何も起こりません。負けた犬は収容所へ行き、運んで"
        "いた物はその場に残ります。攻撃側が勝てば1 "
        "APでそのマスに移動し、1つにつき1 "
        "APで品物を拾えます。攻撃側が負ければ手番は終わりです。\n"
        "- シャッフルドッグカード：13枚すべてを切り直して、もう1枚めく"
        "ります。\n"
        "3. 収容車：ダイスを振り、出た目と同じ数だけ道のマスを進めます"
        "。来た方向へは戻れず、交差点では動かすプレイヤーが方向を選びま"
        "す。止まったマスの犬は収容所へ（運んでいた物はその場に）。隣の"
        "マスの犬（建物の中なら矢印のマスに止まった時だけ）はカードをめ"
        "くり、走っている犬なら逃げられ、網なら収容所へ。ねぐらの犬は常"
        "に安全です。自分の犬が収容所にいるプレイヤーは収容車を動かしま"
        "せん。\n"
        "# 収容所\n"
        "収容所の犬は飢えません。手番には1回目は1枚、2回目は2枚、3回目"
        "は3枚めくり、どれかに走っている犬が描かれていれば脱出、なけれ"
        "ば次のマスへ進みます。4回目は自動的に脱出です。脱出した犬はは"
        "らぺこマーカーを2にし、収容所の矢印から出て、すぐにアクション"
        "を行います。\n"
        "# ゴミの日\n"
        "最後のゴミ漁りマーカーを置いたら、そのマーカー以外のゴミ漁りマ"
        "ーカーをすべてボードから取り除きます。",
        "aid_dogs-life": "# 手番\n"
        "1. はらぺこ−1（すでに0なら収容所へ）。\n"
        "2. AP 1ずつ：移動、ゴミ箱漁り、えさを請う（各レストラン1回）、"
        "落とす・拾う、骨を埋める、水を飲む、おしっこ、新聞をもらう・届"
        "ける、喧嘩。運べるのは2つ。\n"
        "3. ダイスを振り、収容車をちょうどその数だけ進める（戻れない）"
        "。止まったマス：収容所へ。隣：カードで逃亡判定。ねぐら：安全。"
        "\n"
        "収容所：1・2・3枚めくる。4回目に脱出、はらぺこ2。",
        "bi_tiles": "タイル（S1〜S3、B01〜B18）",
        "bi_boards": "個人ボード",
        "bi_structures": "テントとカヌー",
        "bi_markers": "ハンターのコマ、食料マーカー、行動マーカー、トーテムポール",
        "bi_stickers": "市販版用の写真マーカーシール（タイル1枚に3枚）",
        "bi_place_tile": "タイルを置いてハンターを乗せる",
        "bi_tent": "テントの設置・拡張",
        "bi_canoe": "カヌーの設置・拡張",
        "bi_gather": "ハンターを集める",
        "bi_move_1": "ハンターを土地1つ分移動する",
        "bi_move_3": "ハンターを土地1～3つ分移動する",
        "bi_cost": "ハンターの個数 → 必要な動物の数",
        "bi_gain_one": "好きな動物を1つ得る",
        "bi_market": "市場",
        "bi_hunter_price": "ハンター1個 = 各動物1つ",
        "bi_structure_price": "n人用 = 各動物n個",
        "bi_exchange": "{rate}対1で交換",
        "bi_actions": "行動：1ラウンドに4つ、同じ行動は1回まで",
        "game_bison": "バイソン",
        "game_lion-square": "らいおんスクエア",
        "game_hunting-age": "狩猟の時代",
        "game_dogs-life": "犬の生活",
        "ls_cards": "カード（肉食獣30枚・ガゼル2枚）",
        "ls_herds": "群れカード",
        "ls_herd": "群れ",
        "ls_herd_note": "クリップは20から。他の人に見せません。",
        "scan_seat": "読み取って自分の席へ",
        "scan_join": "読み取ってテーブルに参加",
        "ha_open_cave": "開いている洞穴",
        "kit_title": "{game} — プリント＆プレイ キット",
        "what_to_print": "印刷するもの",
        "how_to_print": "印刷のしかた",
        "print_scale": "倍率100％（「実際のサイズ」）で印刷してください。"
        "「ページに合わせる」や「縮小」は使わないでください。",
        "print_paper": "用紙：{paper}。ボード・カード・タイルは厚紙（200〜300 g/m²）が"
        "おすすめです。",
        "duplex_long": "1〜{last}ページ：両面印刷（長辺とじ：長い辺で裏返す）。",
        "duplex_short": "1〜{last}ページ：両面印刷（短辺とじ：短い辺で裏返す）。",
        "duplex_first": "まず1〜4ページだけを印刷し、両面テスト（このページと3ページ）で位置を"
        "確かめてください。",
        "duplex_fold": "片面印刷。両面の部品は点線で折って貼り合わせてから切ります。",
        "ink_saver_note": "インク節約版：塗りは薄いグレーです。",
        "cut_note": "カード・タイル・ボードは角のトンボが示す線で切ってください。その外側の色は"
        "塗り足しです。コマは印刷された線に沿って切ります（1回で2列が分かれます）。",
        "calibration": "倍率の確認",
        "calibration_note": "定規を測ってください：ちょうど100 mmと4 inです。",
        "duplex_test": "両面の位置合わせ",
        "duplex_test_note": "光にかざすと、裏の十字がこの十字に重なるはずです。",
        "duplex_test_back": "両面テストの裏",
        "join_table": "テーブルに参加",
        "join_note": "スマホで読み取ると、このテーブルが Campfire で開きます。",
        "pages": "{first}〜{last}ページ",
        "page": "{first}ページ",
        "two_sided": "両面印刷",
        "two_sided_fold": "両面：折って貼る",
        "back": "裏",
        "seat": "{n}番席",
        "seat_named": "{name}・{n}番席",
        "simplex_rest": "{first}〜{last}ページ：片面印刷（白紙の裏ページは不要）。",
        "back_offset": "裏面を横に{x} mm、上に{y} mmずらしています（裏面オフセット）。",
        "duplex_test_landscape": "両面の位置合わせ（横向きの用紙）",
        "offset_how": "カードの用紙の多くは横向きです。こちらのテストも確かめてください。"
        "十字がずれていたら、裏の目盛りでずれを読み、その裏面オフセットで"
        "印刷し直します。",
        "offset_read": "表の黒い十字はどこに透けて見えますか。下の目盛りでX、右の目盛りで"
        "Y（mm）を読みます。それが裏面オフセット（X,Y）です。",
    },
    "it": {
        "ha_boards": "plance personali",
        "ha_pieces": "pezzi dei giocatori (capi, gregari, capanne)",
        "ha_cards": "carte terreno di caccia",
        "ha_chips": "tessere roccia",
        "ha_tokens": "pezzi di cibo, monete, segnalino del primo giocatore",
        "ha_caves": "Caverne",
        "ha_subordinates": "Gregari",
        "ha_huts": "Capanne",
        "ha_vp_track": "Tracciato PV: la partita finisce a {n}",
        "ha_build_cost": "Costo di costruzione",
        "ha_start": "Primo giocatore",
        "ha_copy": "copia",
        "dl_charts": "schede dei cani",
        "dl_cards": "carte cane (13 per cane)",
        "dl_dens": "carte cuccia",
        "dl_markers": "segnalini osso, spazzatura, pipì e fame, pedine dei cani, furgone",
        "dl_newspapers": "giornali (indirizzo sul retro)",
        "dl_hunger": "Fame",
        "dl_bladder": "Vescica",
        "dl_carry": "Trasportati (al massimo {n})",
        "dl_ap": "{n} punti azione a turno",
        "dl_buried": "Ossa sepolte",
        "dl_trash": "Bidone",
        "dl_restaurant": "Ristorante",
        "dl_newspaper": "Giornale",
        "dl_fight": "Lotta",
        "dl_catcher": "Accalappiacani",
        "dl_pound": "Canile",
        "dl_reshuffle": "Rimescola tutte le 13 carte e pesca di nuovo",
        "dl_den": "Cuccia",
        "dl_address": "Indirizzo",
        "dl_city": "tabellone della città (poster di {tiles} fogli da incollare)",
        "city_title": "La città di Campfire",
        "city_size": "montato {w:.1f} × {h:.1f} cm",
        "city_office": "Edicola dei giornali",
        "city_pound": "Canile",
        "city_pound_chart": "Turni al canile",
        "city_pound_draw": "pesca {n}",
        "city_pound_free": "libero",
        "city_newspapers_here": "giornali, coperti",
        "city_trash_supply": "segnalini spazzatura",
        "city_bone_supply": "ossa",
        "city_van_start": "partenza furgone",
        "city_glue": "incolla qui · il foglio {tile} va sopra, col bordo sulla linea nera",
        "city_assembly": "Tabellone della città: {tiles} fogli. Ritaglia ogni foglio sui segni "
        "agli angoli, appoggialo sulla striscia grigia del vicino (bordo sulla "
        "linea nera, linee della griglia sui segni) e incolla. Montato: "
        "{w:.1f} × {h:.1f} cm.",
        "rules_component": "riassunto delle regole e {n} schede riassuntive (una per posto)",
        "rules_title": "{game}: riassunto delle regole",
        "aid_title": "Scheda riassuntiva",
        "rules_icons": "Icone",
        "also_need": "Ti servono anche: {items}.",
        "need_game": "{game}: {items}",
        "need_separator": "; ",
        "need_bison": "una tazza da cui pescare le tessere coperte",
        "need_lion-square": "4 fermagli (uno per carta branco)",
        "need_hunting-age": "una tazza in cui mescolare le tessere roccia",
        "need_dogs-life": "un dado a sei facce (d6) per il furgone dell'accalappiacani e "
        "una colla stick per il tabellone della città",
        "lg_bison": "bisonte (prateria)",
        "lg_salmon": "salmone (fiume)",
        "lg_turkey": "tacchino (montagna)",
        "lg_hunter": "cacciatore",
        "lg_tent": "tenda (prateria o montagna)",
        "lg_canoe": "canoa (fiume)",
        "lg_diamond": "un cacciatore dentro una tenda o una canoa",
        "lg_totem": "Totem: l'angolo delle tessere iniziali, il primo giocatore",
        "lg_paw": "carta branco: le tue gazzelle, 20 all'inizio",
        "lg_bear": "orso",
        "lg_mammoth": "mammut",
        "lg_grape": "uva",
        "lg_green_grain": "cereale verde",
        "lg_yellow_grain": "cereale giallo",
        "lg_coins": "moneta di pietra (denaro, non cibo)",
        "lg_vp": "punto vittoria (PV)",
        "lg_any_food": "un cibo a scelta (mai monete)",
        "lg_basic_food": "orso, uva o cereale verde, a scelta",
        "lg_non_grape": "un cibo che non sia uva",
        "lg_chief": "capo",
        "lg_subordinate": "gregario",
        "lg_hut": "capanna",
        "lg_cave": "caverna aperta: conserva un cibo",
        "lg_dog": "il tuo cane (pedina, scheda e carte)",
        "lg_bone": "osso",
        "lg_food": "un giorno di cibo: fame +1, mai oltre 4",
        "lg_newspaper": "giornale (l'indirizzo sul retro)",
        "lg_address": "indirizzo di consegna 1–12",
        "lg_trash": "bidone (da frugare)",
        "lg_lamppost": "lampione (per la pipì)",
        "lg_fountain": "fontana (per bere)",
        "lg_pee": "segnalino pipì",
        "lg_fang": "zanna: vince la lotta il cane con più zanne",
        "lg_run": "cane che corre: scappi",
        "lg_net": "rete o gabbia: sei catturato",
        "lg_van": "il furgone dell'accalappiacani",
        "lg_cage": "il canile",
        "lg_arrow": "freccia d'ingresso: l'unico modo per entrare in un edificio",
        "rules_bison": "# Scopo\n"
        "Guida i tuoi cacciatori verso i territori più ricchi. Vince "
        "chi ha più cibo (bisonti + salmoni + tacchini) alla fine.\n"
        "# Preparazione\n"
        "- Ogni giocatore: una plancia, 3 segnalini cibo sul 10 dei "
        "tracciati bisonte, salmone e tacchino, 4 cacciatori nella "
        "riserva (altri 4 attendono al mercato), una tenda da 1 e una "
        "da 2, una canoa da 1 e una da 2 (le altre sono al mercato), 4 "
        "segnalini azione.\n"
        "- Metti cacciatori, tende e canoe uno accanto all'altro, mai "
        "impilati, con il codice quadrato in alto: il telefono legge il "
        "tabellone da una foto.\n"
        "- Disponi le tessere iniziali S1–S3 attorno a un angolo e "
        "metti lì il Totem.\n"
        "- Mescola coperte le altre 18 tessere e scartane, senza "
        "guardarle, 6 (2 giocatori), 3 (3 giocatori) o 2 (4 "
        "giocatori). Si giocano 6, 5 o 4 round. Inizia il giocatore "
        "più giovane.\n"
        "# Un round\n"
        "- Dal giocatore iniziale, in senso orario, ognuno pesca una "
        "tessera e la esamina tenendola nascosta agli altri giocatori. "
        "In ordine di turno ogni giocatore "
        "svolge un'azione alla volta finché tutti ne hanno svolte 4; "
        "ognuna delle 6 azioni al massimo una volta per round (coprila "
        "con un segnalino azione). Piazzare la tessera è una delle tue "
        "4 azioni, ogni round.\n"
        "- Piazzare la tessera: a contatto con una tessera già "
        "piazzata lungo un lato, al massimo a 3 tessere dal Totem (le "
        "tessere iniziali contano 1); il terreno può non combaciare. "
        "Metti 0–5 cacciatori della riserva su uno dei suoi spazi.\n"
        "- Tenda o canoa: costruisci una tenda (prateria o montagna) o "
        "una canoa (fiume) da n dove hai n cacciatori, o ingrandiscila "
        "di n; i cacciatori tornano nella riserva.\n"
        "- Riunire: fino a 5 cacciatori dalla riserva su uno spazio "
        "che occupi.\n"
        "- Muovi fino a 5 cacciatori di 1 spazio ciascuno, oppure "
        "(l'altra azione) da 1 a 3 spazi ciascuno.\n"
        "- Ogni azione costa secondo i cacciatori usati: 0 → guadagni "
        "1 animale a scelta; 1 → 0; 2 → 2; 3 → 4; 4 → 7; 5 → 10 "
        "animali, pagati da qualsiasi scorta.\n"
        "- Movimento in una tessera: prateria↔fiume e montagna↔fiume "
        "1, prateria↔montagna 2. Oltre un lato: da terra a terra 1. Da "
        "fiume a fiume solo dove due fiumi si incontrano in un angolo. "
        "Puoi attraversare i pezzi altrui ma non fermarti su di essi.\n"
        "- Uno spazio contiene i pezzi di un solo giocatore: "
        "cacciatori a piacere, più al massimo una tenda (terra) o una "
        "canoa (fiume).\n"
        "- Mercato, in qualsiasi momento del tuo turno: un cacciatore "
        "costa 1 bisonte + 1 salmone + 1 tacchino; una tenda o canoa "
        "da n costa n di ogni animale. In qualsiasi momento scambia 3 "
        "di un animale per 1 di un altro.\n"
        "# Punteggio, dopo ogni round\n"
        "- Una regione è l'insieme degli spazi collegati di un "
        "terreno: la terra si collega lungo un lato con lo stesso "
        "terreno sui due lati; i fiumi si collegano dove si incontrano "
        "in un angolo. I suoi animali sono quelli dei suoi spazi.\n"
        "- Conta le praterie (bisonti), poi le montagne (tacchini), "
        "poi i fiumi (salmoni). In ogni regione elenca le misure delle "
        "tende o canoe di ogni giocatore, dalla più grande, e "
        "confrontale una a una (a parità vince l'elenco più lungo); "
        "solo elenchi identici confrontano i cacciatori.\n"
        "- Primo da solo: tutti gli animali della regione. Secondo da "
        "solo: la metà, per difetto. Gli altri presenti: gli animali "
        "degli spazi che occupano. Parità per il primo posto: ciascuno "
        "la metà per difetto, e non c'è secondo. Parità per il "
        "secondo: ognuno gli animali dei propri spazi.\n"
        "- Nessuna scorta supera 15: scambia 3 per 1 o compra al "
        "mercato subito; ciò che ancora non entra è perso. Poi il "
        "Totem passa a sinistra.\n"
        "# Fine\n"
        "Nell'ultimo round, dopo le azioni, porta ogni scorta a 0, poi "
        "conta il tabellone ancora una volta. Vince il totale più "
        "alto; a parità vince chi ha la scorta minore più grande; se "
        "c'è ancora parità, la vittoria è condivisa.",
        "aid_bison": "# Un round\n"
        "1. Pesca una tessera e tienila nascosta. 4 azioni, una alla volta in ordine di "
        "turno, ognuna una volta. Piazza la tessera ogni round.\n"
        "2. Costo per cacciatori usati: 0 → +1 animale; 1 → 0; 2 → 2; "
        "3 → 4; 4 → 7; 5 → 10.\n"
        "3. Mercato: cacciatore = 1 di ogni animale; tenda o canoa da "
        "n = n di ogni animale. Scambio 3 : 1.\n"
        "4. Conta prateria, montagna, fiume: 1° tutto, 2° metà (per "
        "difetto), gli altri i propri spazi. Scorte al massimo 15.\n"
        "5. Ultimo round: scorte a 0, poi conta.",
        "rules_lion-square": "# Scopo\n"
        "Leoni e iene si radunano alla pozza d'acqua: spingili verso "
        "gli altri branchi. Ogni giocatore tiene una carta branco "
        "(1–20) con un fermaglio sul 20, nascosta agli altri. La "
        "partita finisce quando un branco scende a 0 o meno, o dopo il "
        "3° round: vince il branco più grande (a parità si vince "
        "insieme). Se tutti i branchi sono a 0 o meno, vincono i leoni "
        "e nessun giocatore.\n"
        "# Preparazione\n"
        "Mescola coperte le 30 carte carnivoro; metti da parte le 2 "
        "gazzelle. Inizia il corridore più veloce.\n"
        "# Un round\n"
        "- Distribuisci 8 carte a testa (3 giocatori) o 7 (4 "
        "giocatori). Mescola le carte avanzate con le 2 gazzelle: è il "
        "mazzo della piazza.\n"
        "- Passa tre volte: tutti scelgono una carta del proprio "
        "colore più numeroso (numero qualsiasi) e la passano a "
        "sinistra, contemporaneamente.\n"
        "- Il primo giocatore mette una carta al centro, ogni lato "
        "rivolto verso un giocatore (in 3 un lato non guarda nessuno). "
        "Poi, in senso orario dalla sinistra del primo giocatore, "
        "ognuno gioca una carta.\n"
        "- Una carta va accanto a una carta della piazza (non in "
        "diagonale), con lo stesso verso, mai oltre 3 × 3; solo un "
        "colore già presente; le carte dello stesso colore devono "
        "toccarsi.\n"
        "- Una gazzella ignora le regole del colore, e giochi di "
        "nuovo.\n"
        "- Se non puoi giocare: prendi tutte le carte di una riga o "
        "colonna (coperte davanti a te: penalità). Solo se ne hai "
        "prese esattamente 3, pesca una carta dal mazzo della piazza. "
        "Poi gioca una carta qualsiasi accanto alla piazza: solo "
        "questa può portare un colore nuovo.\n"
        "- Il round finisce quando la piazza ha 9 carte, o all'inizio "
        "del turno di un giocatore senza carte.\n"
        "# Perdite\n"
        "Ogni giocatore somma e abbassa il fermaglio di: il numero "
        "della carta più vicina a sé in ogni fila che si allontana da "
        "lui (fila vuota 0, gazzella 0); metà delle carte di penalità "
        "prese, per eccesso; 1 per ogni gazzella rimasta in mano.\n"
        "Il giocatore dopo quello che ha giocato l'ultima carta inizia "
        "il round seguente.",
        "aid_lion-square": "# Un round\n"
        "1. 8 carte (3 giocatori) o 7 (4 giocatori). Passa 3 volte a "
        "sinistra: una carta del tuo colore più numeroso.\n"
        "2. Gioca accanto alla piazza, entro 3 × 3, un colore già "
        "presente; lo stesso colore si tocca. Gazzella: colore libero, "
        "giochi ancora.\n"
        "3. Non puoi giocare: prendi una riga o colonna; prese "
        "esattamente 3: pesca 1; gioca una carta qualsiasi.\n"
        "4. Perdite: carta più vicina in ogni fila + metà delle carte "
        "prese (per eccesso) + gazzelle in mano.",
        "rules_hunting-age": "# Scopo\n"
        "Guida la tua tribù nell'età della caccia: allarga le caverne, "
        "aggiungi gregari, costruisci capanne. Vince chi ha più punti "
        "vittoria (PV).\n"
        "# Preparazione\n"
        "- Disponi i 4 terreni di caccia base e 3 (3 giocatori) o 4 "
        "(4–5 giocatori) carte «nuova terra», ognuna su un lato a "
        "caso.\n"
        "- Ogni giocatore: una plancia personale con le sue 4 tessere "
        "roccia mescolate coperte sulle caverne chiuse, a gruppi 1, 2, "
        "1 da sinistra; 4 gregari e 5 capanne sui loro spazi; 2 capi e "
        "1 gregario in mano; un gregario sullo 0 del tracciato PV. "
        "Cibo e monete restano nella riserva: sono limitati; le "
        "tessere roccia non usate tornano nella scatola.\n"
        "- Chi è nato nell'epoca più antica (il più anziano) prende il "
        "segnalino primo giocatore; se non si decide, a morra cinese.\n"
        "# Prima del primo turno\n"
        "In senso antiorario, a partire dal giocatore alla destra del "
        "primo giocatore, ognuno piazza un capo senza gregari, come in "
        "una caccia, e prende il raccolto di quello spazio. Poi il "
        "primo giocatore gioca il primo turno; si procede in senso "
        "orario.\n"
        "# Il tuo turno\n"
        "1. Caccia. Metti un capo, con i gregari che vuoi dietro di "
        "lui, sugli spazi di caccia di una carta da sinistra (il capo "
        "davanti), spingendo a destra i pezzi già presenti, mai oltre "
        "l'ultimo spazio; oppure riprendi un tuo capo con i gregari "
        "dietro di lui (i pezzi dietro scorrono a sinistra). In "
        "entrambi i casi prendi il raccolto dello spazio del capo e di "
        "ogni tua capanna su quella carta.\n"
        "2. Sviluppo (facoltativo, uno). Crea una caverna: paga 2 orsi "
        "+ 1 uva, poi gira le tessere roccia seguenti (1, poi 2, poi "
        "1) e prendi le ricompense. Aggiungi un gregario: paga 2 "
        "cereali verdi + 1 uva; va nella tua mano. Costruisci una "
        "capanna su uno spazio libero: paga il costo di costruzione "
        "della carta; una capanna per spazio. Ogni sviluppo paga anche "
        "il costo extra stampato sopra il pezzo che prende e scopre i "
        "PV sotto di esso.\n"
        "3. Conserva: un cibo per caverna aperta; le monete non "
        "servono caverne. Il cibo in più torna nella riserva.\n"
        "# Raccolti\n"
        "Prendi ciò che è raffigurato; una freccia converte (paghi il "
        "lato sinistro per il destro, ×n fino a n volte). L'icona "
        "«copia» esegue lo spazio di un altro capo (capanne escluse) o "
        "il raccolto di un'altra capanna.\n"
        "# Fine\n"
        "Quando un giocatore ha costruito tutte e 5 le capanne o "
        "arriva a 10 PV sul tracciato, si gioca fino al giocatore alla "
        "destra del primo giocatore: tutti fanno lo stesso numero di "
        "turni. Conta i PV sotto ogni tua capanna (una capanna su una "
        "carta di fine partita conta invece la regola della carta), i "
        "PV scoperti sulla plancia e il tracciato PV. Parità: vince "
        "chi ha più sviluppi, poi chi ha più cibo nelle caverne; "
        "altrimenti la vittoria è condivisa.",
        "aid_hunting-age": "# Il tuo turno\n"
        "1. Caccia: metti un capo (+ gregari dietro) da sinistra, "
        "spingendo a destra; o riprendi un capo e chi gli sta dietro. "
        "Raccogli il suo spazio e le tue capanne su quella carta.\n"
        "2. Uno sviluppo (facoltativo): caverna (2 orsi + 1 uva, gira "
        "le tessere), gregario (2 cereali verdi + 1 uva), capanna "
        "(costo di costruzione), + il costo extra sopra.\n"
        "3. Conserva un cibo per caverna aperta.\n"
        "Prima del turno 1: dalla destra del primo giocatore, in senso "
        "antiorario, ognuno piazza un capo da solo e raccoglie.\n"
        "Fine: 5 capanne o 10 PV; si completa il giro.",
        "rules_dogs-life": "# Scopo\n"
        "Sei un cane randagio. Sii il primo a seppellire 4 ossa nella "
        "tua cuccia (il gruppo può sceglierne un altro numero). "
        "Partita a tempo: allo scadere vince chi ha più ossa sepolte.\n"
        "# Preparazione\n"
        "- Ogni giocatore: una scheda del cane presa a caso, la sua pedina, i suoi "
        "8 segnalini pipì e le sue 13 carte, mescolate coperte. "
        "Segnalino fame sul 4; un segnalino pipì nel primo spazio "
        "della vescica.\n"
        "- Distribuisci a caso le carte cuccia e metti la tua pedina "
        "sulla tua cuccia.\n"
        "- I giornali coperti sull'edicola; segnalini spazzatura e "
        "ossa accanto al tabellone; il furgone sulla sua casella di "
        "partenza vicino al canile. Inizia una signora, se gioca, "
        "altrimenti il giocatore più giovane; si gioca in senso orario.\n"
        "# Il tuo turno\n"
        "1. Fame: abbassa il segnalino di uno. Se era già a 0, il tuo "
        "cane muore di fame: va nel primo spazio del canile, ciò che "
        "portava resta dov'era e il turno finisce.\n"
        "2. Azioni: spendi i punti azione (PA), 1 ciascuna; quelli non "
        "spesi si perdono. Un cane porta al massimo 2 oggetti (ossa, "
        "giornali).\n"
        "- Muovi di una casella, mai in diagonale. Entrare o uscire da "
        "un edificio o una cuccia costa 1 PA; si entra solo dalle sue "
        "frecce (si esce da qualsiasi freccia). Mai nel canile o nella "
        "cuccia di un rivale. Puoi passare altri cani e il furgone ma "
        "non fermarti sulla loro casella.\n"
        "- La pipì di un rivale su un lampione: entrarci chiude le tue "
        "azioni (lo annusi).\n"
        "- Fruga un bidone senza segnalino: pesca una carta, leggi la "
        "riga del bidone, poi metti un segnalino spazzatura sul "
        "bidone.\n"
        "- Mendica a un ristorante (una volta per ristorante per "
        "turno): pesca, leggi la riga del ristorante.\n"
        "- Il cibo alza il segnalino fame (mai oltre 4). Un osso va in "
        "uno spazio di trasporto libero, altrimenti è perso.\n"
        "- Lascia o raccogli un osso o un giornale. Seppellisci ossa "
        "nella tua cuccia: 1 PA ciascuno; le ossa sepolte sono al "
        "sicuro per sempre.\n"
        "- Bevi a una fontana: riempi i due spazi della vescica con i "
        "tuoi segnalini pipì (non se sono già pieni). Fai pipì su un "
        "lampione: sposta un segnalino dalla vescica al lampione; il "
        "segnalino di un rivale lì torna al suo proprietario.\n"
        "- Abbaia all'edicola: prendi un giornale a caso, con "
        "l'indirizzo nascosto. Sulla casella di quell'indirizzo "
        "consegnalo: pesca, leggi la riga del giornale per la "
        "ricompensa; il giornale torna all'edicola.\n"
        "- Lotta con un cane in una casella accanto (dentro o fuori da "
        "un edificio solo dalla casella della sua freccia): pescate "
        "entrambi e contate le zanne; vince chi ne ha di più, la "
        "parità non fa nulla. Chi perde va al canile e lascia ciò che "
        "portava. Un attaccante vincitore può entrare in quella "
        "casella (1 PA) e raccogliere oggetti (1 PA ciascuno); se "
        "l'attaccante perde, il suo turno finisce.\n"
        "- Carta «rimescola»: rimescola tutte le 13 carte e pesca di "
        "nuovo.\n"
        "3. Accalappiacani: tira il dado e muovi il furgone di "
        "esattamente tante caselle di strada, mai indietro da dove è "
        "venuto; agli incroci scegli tu. Un cane sulla casella dove si "
        "ferma va al canile, lasciando i suoi oggetti. Un cane accanto "
        "(in un edificio: solo se il furgone è sulla casella della "
        "freccia) pesca: un cane che corre scappa, la rete vuol dire "
        "canile. Un cane nella sua cuccia è sempre al sicuro. Se il "
        "tuo cane è al canile, salta questo passo.\n"
        "# Il canile\n"
        "Un cane al canile non ha fame. Nel suo turno pesca 1 carta "
        "(1° turno), 2 (2°), 3 (3°); un cane che corre su una "
        "qualsiasi lo libera, altrimenti avanza di uno spazio. Al 4° "
        "turno è libero. Un cane liberato porta la fame a 2, esce dal "
        "canile dalla sua freccia e agisce subito.\n"
        "# Giorno della spazzatura\n"
        "Quando si piazza l'ultimo segnalino spazzatura, togli tutti "
        "gli altri dal tabellone.",
        "aid_dogs-life": "# Il tuo turno\n"
        "1. Fame −1 (già a 0: al canile).\n"
        "2. PA, 1 ciascuna: muovi, fruga, mendica (una volta per "
        "ristorante), lascia / raccogli, seppellisci, bevi, pipì, "
        "prendi o consegna un giornale, lotta. Porti 2 oggetti.\n"
        "3. Tira il dado, il furgone avanza esattamente tanto, mai "
        "indietro. Sopra: canile. Accanto: pesca per scappare. Cuccia: "
        "al sicuro.\n"
        "Canile: pesca 1, 2, 3; al 4° turno libero, fame 2.",
        "bi_tiles": "tessere terreno (S1–S3, B01–B18)",
        "bi_boards": "plance dei giocatori",
        "bi_structures": "tende e canoe",
        "bi_markers": "cacciatori, segnalini cibo e azione, totem",
        "bi_stickers": "adesivi con i codici per la foto, per la scatola in commercio "
        "(3 per tessera)",
        "bi_place_tile": "Piazzare la tessera e i cacciatori",
        "bi_tent": "Costruire o ingrandire una tenda",
        "bi_canoe": "Costruire o ingrandire una canoa",
        "bi_gather": "Riunire cacciatori",
        "bi_move_1": "Muovere cacciatori di 1 spazio",
        "bi_move_3": "Muovere cacciatori da 1 a 3 spazi",
        "bi_cost": "Cacciatori → costo in animali",
        "bi_gain_one": "guadagni 1 animale a scelta",
        "bi_market": "Mercato",
        "bi_hunter_price": "1 cacciatore = 1 di ogni animale",
        "bi_structure_price": "n rombi = n di ogni animale",
        "bi_exchange": "Scambia {rate} per 1",
        "bi_actions": "Azioni: 4 per round, ognuna una volta",
        "game_bison": "Bison",
        "game_lion-square": "Lion Square",
        "game_hunting-age": "L'età della caccia",
        "game_dogs-life": "Vita da cani",
        "ls_cards": "carte (30 carnivori, 2 gazzelle)",
        "ls_herds": "carte branco",
        "ls_herd": "Branco",
        "ls_herd_note": "Fermaglio sul 20. Tienilo nascosto.",
        "scan_seat": "Inquadra: il tuo posto",
        "scan_join": "Inquadra: entra nel tavolo",
        "ha_open_cave": "aperta",
        "kit_title": "{game} — kit print-and-play",
        "what_to_print": "Cosa stampare",
        "how_to_print": "Come stampare",
        "print_scale": "Stampa al 100 % («Dimensioni effettive»). Mai «Adatta alla pagina» "
        "o «Riduci».",
        "print_paper": "Carta: {paper}. Cartoncino (200–300 g/m²) per plance, carte e segnalini.",
        "duplex_long": "Pagine 1–{last}: stampa fronte-retro, capovolgendo sul lato LUNGO.",
        "duplex_short": "Pagine 1–{last}: stampa fronte-retro, capovolgendo sul lato CORTO.",
        "duplex_first": "Stampa prima le pagine 1–4 e controlla le due prove fronte-retro "
        "(questa pagina e la pagina 3).",
        "duplex_fold": "Solo fronte. Piega i fogli fronte-retro sulla linea tratteggiata, "
        "incolla, poi ritaglia.",
        "ink_saver_note": "Edizione risparmio inchiostro: riempimenti grigio chiaro.",
        "cut_note": "Carte, tessere e plance: taglia sulle linee indicate dai segni agli "
        "angoli; il colore oltre è abbondanza. Segnalini: taglia lungo le linee "
        "stampate, ogni taglio separa due file.",
        "calibration": "Verifica la scala",
        "calibration_note": "Misura i righelli: esattamente 100 mm e 4 in.",
        "duplex_test": "Prova fronte-retro",
        "duplex_test_note": "Guarda il foglio controluce: la croce sul retro deve coprire questa.",
        "duplex_test_back": "Retro della prova fronte-retro",
        "join_table": "Entra nel tavolo",
        "join_note": "Inquadra con il telefono per aprire questo tavolo in Campfire.",
        "pages": "pagine {first}–{last}",
        "page": "pagina {first}",
        "two_sided": "fronte-retro",
        "two_sided_fold": "fronte-retro: piega e incolla",
        "back": "retro",
        "seat": "Posto {n}",
        "seat_named": "{name} · Posto {n}",
        "simplex_rest": "Pagine {first}–{last}: stampa solo fronte (niente retro bianchi).",
        "back_offset": "Retri spostati di {x} mm in orizzontale e {y} mm in alto (scostamento del "
        "retro).",
        "duplex_test_landscape": "Prova fronte-retro, fogli orizzontali",
        "offset_how": "Quasi tutti i fogli di carte sono orizzontali: controlla anche questa "
        "prova. Se le croci non coincidono, leggi lo scostamento sul retro e "
        "ristampa con quello scostamento del retro.",
        "offset_read": "Dove traspare la croce nera del fronte? Leggi X sulla scala in basso e Y "
        "su quella a destra (mm): è lo scostamento del retro (X,Y).",
    },
}


def check_language(lang: str) -> str:
    """Return ``lang`` or raise ``PrintError`` naming the supported languages."""
    if lang not in MESSAGES:
        raise PrintError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return lang


def text(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang``, formatted with ``params``."""
    table = MESSAGES[check_language(lang)]
    if key not in table:
        raise PrintError(f"no printed message {key!r}")
    template = table[key]
    return template.format(**params) if params else template
