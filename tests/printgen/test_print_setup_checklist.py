"""Each rules summary lets a group that never saw the box set up and play (issue 24, item 3):
a checklist per game names the setup steps of its seed (/work/shared/seeds), each with the
words the summary must say in en, ja and it."""

from __future__ import annotations

import pytest

from printgen.kit import kit_of
from printgen.messages import text

# game -> (the seed's setup step, the words for it in en, ja, it)
CHECKLIST: dict[str, list[tuple[str, tuple[str, str, str]]]] = {
    "bison": [  # seeds 000 (準備, タイルを引く) and 004 (Preparazione, 4.2)
        ("a board each", ("a board", "個人ボード1枚", "una plancia")),
        ("food markers at 10", ("at 10 on the bison", "の10に置きます", "sul 10")),
        (
            "hunters, tents, canoes at hand",
            ("4 hunters in your supply", "ハンター4個", "4 cacciatori"),
        ),
        ("the rest is the market", ("market", "市場", "mercato")),
        ("4 action markers", ("4 action markers", "行動マーカー4個", "4 segnalini azione")),
        ("start tiles around the totem", ("start tiles S1–S3", "スタートタイルS1〜S3", "S1–S3")),
        (
            "remove 6 / 3 / 2 tiles unseen",
            ("remove 6 (2 players)", "2人なら6枚", "6 (2 giocatori)"),
        ),
        ("the youngest starts", ("youngest player starts", "最も若いプレイヤー", "più giovane")),
        (
            "the drawn tile is kept hidden",
            ("hidden from the others", "他の人には見せません", "nascosta"),
        ),
    ],
    "lion-square": [  # seed 001
        ("herd card, clip at 20, hidden", ("paper clip at 20", "クリップを20", "fermaglio sul 20")),
        ("shuffle the 30 carnivore cards", ("30 carnivore cards", "肉食獣カード30枚", "30 carte")),
        ("gazelles aside", ("2 gazelles aside", "ガゼルカード2枚は横に", "2 gazzelle")),
        (
            "the fastest runner starts",
            ("fastest runner starts", "逃げ足の最も早い人", "più veloce"),
        ),
        ("deal 8 / 7", ("Deal 8 cards each", "3人なら8枚ずつ", "8 carte a testa")),
        ("the square deck", ("square deck", "スクエア山札", "mazzo della piazza")),
        ("pass three times", ("Pass three times", "3回", "tre volte")),
        ("first card in the centre", ("in the centre", "中央に置きます", "al centro")),
    ],
    "hunting-age": [  # seed 002 (ゲームの準備, スタートプレイヤーの決定, スタート狩猟アクション)
        (
            "hunting grounds 4 + 3 / 4",
            ("4 basic hunting grounds", "基本の狩場カード4枚", "4 terreni"),
        ),
        ("rock chips 1, 2, 1", ("groups 1, 2, 1", "1・2・1枚", "gruppi 1, 2, 1")),
        ("subordinates and huts on the board", ("5 huts", "小屋5個", "5 capanne")),
        ("2 chiefs and 1 subordinate in hand", ("2 chiefs", "族長2個", "2 capi")),
        ("a subordinate at 0 on the VP track", ("at 0 on the VP", "勝利点トラックの0", "sullo 0")),
        (
            "the stock; unused chips to the box",
            ("back in the box", "箱に戻します", "nella scatola"),
        ),
        (
            "the start player: born longest ago",
            ("born longest ago", "もっとも古い時代", "più antica"),
        ),
        (
            "the opening placement, counter-clockwise from the start player's right",
            (
                "Counter-clockwise, from the player on the start player's",
                "右隣のプレイヤーから反時計",
                "antiorario",
            ),
        ),
        (
            "one chief without subordinates",
            ("one chief without subordinates", "部下コマ無し", "senza gregari"),
        ),
        (
            "take that space's harvest",
            ("takes that space's harvest", "収穫を得ます", "raccolto di quello spazio"),
        ),
        (
            "then the start player begins",
            ("start player takes the first turn", "スタートプレイヤーから時計回り", "primo turno"),
        ),
    ],
    "dogs-life": [  # seed 003 (ゲームの準備 1–6 and the shared pieces)
        (
            "a dog chart at random",
            ("chart taken at random", "ランダムに取ったドッグチャート", "presa a caso"),
        ),
        ("pee markers of its colour", ("8 pee markers", "おしっこマーカー8個", "8 segnalini pipì")),
        ("hunger marker at 4", ("Hunger marker at 4", "はらぺこマーカーを4", "fame sul 4")),
        (
            "a pee marker in the first bladder space",
            ("first bladder space", "膀胱スペースの始め", "primo spazio della vescica"),
        ),
        (
            "a random den; the pawn on it",
            ("den cards at random", "ねぐらカードをランダム", "cuccia"),
        ),
        ("the dog's 13 cards shuffled", ("13 cards", "カード13枚", "13 carte")),
        (
            "newspapers face down on the office",
            ("Newspapers face down", "新聞マーカーを伏せて", "giornali coperti"),
        ),
        (
            "bones beside the board",
            ("bones beside the board", "骨マーカーをボードの脇", "ossa accanto"),
        ),
        ("the van by the pound", ("the van on its start square", "収容車", "furgone")),
        ("a lady, else the youngest, starts", ("A lady playing starts", "レディー", "una signora")),
    ],
}


@pytest.mark.parametrize("game", list(CHECKLIST))
@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_the_rules_summary_names_every_setup_step_of_the_seed(game, lang):
    summary = text(lang, kit_of(game).rules)
    index = ("en", "ja", "it").index(lang)
    missing = [step for step, words in CHECKLIST[game] if words[index] not in summary]
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_the_player_aids_recall_the_opening_placement_and_the_hidden_tile(lang):
    hunting, bison = text(lang, kit_of("hunting-age").aid), text(lang, kit_of("bison").aid)
    assert {"en": "counter-clockwise", "ja": "反時計回り", "it": "antiorario"}[lang] in hunting
    assert {"en": "kept hidden", "ja": "見せない", "it": "nascosta"}[lang] in bison
