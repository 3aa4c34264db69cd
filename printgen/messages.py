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
        "bi_tiles": "terrain tiles (S1–S3, B01–B18)",
        "bi_boards": "player boards",
        "bi_structures": "tents and canoes",
        "bi_markers": "hunters, food and action markers, totem",
        "bi_place_tile": "Place your tile + hunters",
        "bi_tent": "Build / enlarge a tent",
        "bi_canoe": "Build / enlarge a canoe",
        "bi_gather": "Gather hunters",
        "bi_move_1": "Move hunters 1 space",
        "bi_move_3": "Move hunters 1–3 spaces",
        "bi_cost": "Hunters used → animals paid",
        "bi_gain_one": "+1 of your choice",
        "bi_market": "Market",
        "bi_hunter_price": "1 hunter = 1 of each",
        "bi_structure_price": "size n = n of each",
        "bi_exchange": "exchange {rate} : 1",
        "bi_actions": "Actions: 4 per round, each once",
        "bi_start": "start",
        "game_bison": "Bison",
        "game_lion-square": "Lion Square",
        "game_hunting-age": "Age of Hunting",
        "game_dogs-life": "A Dog's Life",
        "ls_cards": "cards (30 carnivores, 2 gazelles)",
        "ls_herds": "herd cards",
        "ls_herd": "Herd",
        "ls_herd_note": "Clip at 20. Keep it hidden.",
        "scan_seat": "Scan: your seat",
        "kit_title": "{game} — print-and-play kit",
        "what_to_print": "What to print",
        "how_to_print": "How to print",
        "print_scale": "Print at 100 % (\"Actual size\"). Never \"Fit to page\" or \"Shrink\".",
        "print_paper": "Paper: {paper}. Cardstock (200–300 g/m²) for boards, cards and tokens.",
        "duplex_long": "Two-sided pages: print double-sided, flip on the LONG edge.",
        "duplex_short": "Two-sided pages: print double-sided, flip on the SHORT edge.",
        "duplex_fold": "Single-sided. Fold the two-sided sheets on the dashed line, glue, "
                       "then cut.",
        "ink_saver_note": "Ink-saver edition: light grey fills.",
        "cut_note": "Cut on the trim lines the corner marks point to; the colour past them is "
                    "bleed.",
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
        "back": "back",
        "seat": "Seat {n}",
        "fold_here": "fold",
        "sheet_footer": "{game} · {component} · {n}/{total}",
        "copies": "×{n}",
    },
    "ja": {
        "bi_tiles": "地形タイル（S1〜S3、B01〜B18）",
        "bi_boards": "個人ボード",
        "bi_structures": "テントとカヌー",
        "bi_markers": "ハンター・食料マーカー・アクションマーカー・トーテム",
        "bi_place_tile": "タイルとハンターを置く",
        "bi_tent": "テントを建てる・大きくする",
        "bi_canoe": "カヌーを造る・大きくする",
        "bi_gather": "ハンターを集める",
        "bi_move_1": "ハンターを1マス移動",
        "bi_move_3": "ハンターを1〜3マス移動",
        "bi_cost": "使うハンター → 支払う動物",
        "bi_gain_one": "好きな動物+1",
        "bi_market": "市場",
        "bi_hunter_price": "ハンター1 = 各1",
        "bi_structure_price": "大きさn = 各n",
        "bi_exchange": "交換 {rate}：1",
        "bi_actions": "アクション：1ラウンドに4つ、各1回",
        "bi_start": "開始",
        "game_bison": "バイソン",
        "game_lion-square": "らいおんスクエア",
        "game_hunting-age": "狩猟の時代",
        "game_dogs-life": "犬の生活",
        "ls_cards": "カード（肉食獣30枚・ガゼル2枚）",
        "ls_herds": "群れカード",
        "ls_herd": "群れ",
        "ls_herd_note": "クリップは20から。人に見せないこと。",
        "scan_seat": "読み取り：あなたの席",
        "kit_title": "{game} — プリント＆プレイ キット",
        "what_to_print": "印刷するもの",
        "how_to_print": "印刷のしかた",
        "print_scale": "倍率100％（「実際のサイズ」）で印刷してください。"
                       "「用紙に合わせる」「縮小」は使わないでください。",
        "print_paper": "用紙：{paper}。ボード・カード・タイルは厚紙（200〜300 g/m²）が"
                       "おすすめです。",
        "duplex_long": "両面のページ：両面印刷、長辺とじ（長い辺で裏返す）。",
        "duplex_short": "両面のページ：両面印刷、短辺とじ（短い辺で裏返す）。",
        "duplex_fold": "片面印刷。両面の部品は点線で折って貼り合わせてから切ります。",
        "ink_saver_note": "インク節約版：塗りは薄いグレーです。",
        "cut_note": "角のトンボが示す線で切ってください。その外側の色は塗り足しです。",
        "calibration": "倍率の確認",
        "calibration_note": "定規を測ってください：ちょうど100 mmと4 inです。",
        "duplex_test": "両面の位置合わせ",
        "duplex_test_note": "光にかざすと、裏の十字がこの十字に重なるはずです。",
        "duplex_test_back": "両面テストの裏",
        "join_table": "テーブルに参加",
        "join_note": "スマートフォンで読み取ると、コンパニオンでこのテーブルが開きます。",
        "pages": "{first}〜{last}ページ",
        "page": "{first}ページ",
        "two_sided": "両面",
        "back": "裏",
        "seat": "{n}番席",
        "fold_here": "山折り",
        "sheet_footer": "{game} · {component} · {n}/{total}",
        "copies": "×{n}",
    },
    "it": {
        "bi_tiles": "tessere terreno (S1–S3, B01–B18)",
        "bi_boards": "plance giocatore",
        "bi_structures": "tende e canoe",
        "bi_markers": "cacciatori, segnalini cibo e azione, totem",
        "bi_place_tile": "Piazza tessera + cacciatori",
        "bi_tent": "Costruisci / ingrandisci tenda",
        "bi_canoe": "Costruisci / ingrandisci canoa",
        "bi_gather": "Raduna cacciatori",
        "bi_move_1": "Muovi cacciatori di 1",
        "bi_move_3": "Muovi cacciatori di 1–3",
        "bi_cost": "Cacciatori usati → animali pagati",
        "bi_gain_one": "+1 a scelta",
        "bi_market": "Mercato",
        "bi_hunter_price": "1 cacciatore = 1 di ogni",
        "bi_structure_price": "misura n = n di ogni",
        "bi_exchange": "scambio {rate} : 1",
        "bi_actions": "Azioni: 4 per round, ognuna una volta",
        "bi_start": "inizio",
        "game_bison": "Bison",
        "game_lion-square": "Lion Square",
        "game_hunting-age": "L'età della caccia",
        "game_dogs-life": "Vita da cani",
        "ls_cards": "carte (30 carnivori, 2 gazzelle)",
        "ls_herds": "carte mandria",
        "ls_herd": "Mandria",
        "ls_herd_note": "Fermaglio su 20. Tienila nascosta.",
        "scan_seat": "Inquadra: il tuo posto",
        "kit_title": "{game} — kit print-and-play",
        "what_to_print": "Cosa stampare",
        "how_to_print": "Come stampare",
        "print_scale": "Stampa al 100 % (\"Dimensioni effettive\"). Mai \"Adatta alla pagina\" "
                       "o \"Riduci\".",
        "print_paper": "Carta: {paper}. Cartoncino (200–300 g/m²) per plance, carte e "
                       "segnalini.",
        "duplex_long": "Pagine fronte-retro: stampa fronte-retro, capovolgi sul lato LUNGO.",
        "duplex_short": "Pagine fronte-retro: stampa fronte-retro, capovolgi sul lato CORTO.",
        "duplex_fold": "Solo fronte. Piega i fogli fronte-retro sulla linea tratteggiata, "
                       "incolla, poi ritaglia.",
        "ink_saver_note": "Edizione risparmio inchiostro: riempimenti grigio chiaro.",
        "cut_note": "Taglia sulle linee indicate dai segni agli angoli; il colore oltre è "
                    "abbondanza.",
        "calibration": "Verifica la scala",
        "calibration_note": "Misura i righelli: esattamente 100 mm e 4 in.",
        "duplex_test": "Prova fronte-retro",
        "duplex_test_note": "Guarda il foglio controluce: la croce sul retro deve coprire "
                            "questa.",
        "duplex_test_back": "Retro della prova fronte-retro",
        "join_table": "Unisciti al tavolo",
        "join_note": "Inquadra con il telefono per aprire questo tavolo nel companion.",
        "pages": "pagine {first}–{last}",
        "page": "pagina {first}",
        "two_sided": "fronte-retro",
        "back": "retro",
        "seat": "Posto {n}",
        "fold_here": "piega",
        "sheet_footer": "{game} · {component} · {n}/{total}",
        "copies": "×{n}",
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
