"""The Bison scoring page at a real table (issue 26): each over-15 case is one line that
opens on demand, the final scoring offers only what the rules allow there (B8, B9, B10)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bison_panel import FOUR, base, over_15_for_everyone
from companion_testkit import text

#: A phone screen holds about this many lines; the scoring page of a 4-player round with
#: an over-15 case for every player must fit in a few screens.
MOST_LINES = 40
MOST_CONTROLS = 12


def shown_lines(body: str) -> list[str]:
    """What a player sees before opening anything: the page with every closed
    ``<details>`` cut down to its summary, one entry per line-making element."""
    body = re.sub(
        r"<details(?![^>]*\bopen\b)[^>]*>\s*(<summary.*?</summary>).*?</details>",
        r"\1",
        body,
        flags=re.S,
    )
    main = body[body.index("<main") :]
    return re.findall(r"<(?:summary|li|p|tr|h2|button|label)\b", main)


def shown_controls(body: str) -> list[str]:
    """The controls a player can tap before opening anything (closed ``<details>`` cut)."""
    body = re.sub(r"<details(?![^>]*\bopen\b)[^>]*>\s*<summary.*?</details>", "", body, flags=re.S)
    main = body[body.index("<main") :]
    return re.findall(r'<(?:button|select|input(?![^>]*type="hidden"))\b', main)


@pytest.fixture
def table(make_table: Any, client: Any) -> Any:
    table = make_table("bison", FOUR)
    over_15_for_everyone(client, table.id)
    return table


def test_every_over_15_case_is_one_line(client: Any, table: Any) -> None:  # B8
    page = client.get(f"{base(table.id)}/score")
    body = page.get_data(as_text=True)
    cases = re.findall(r"<details[^>]*data-overflow[^>]*>\s*<summary>(.*?)</summary>", body, re.S)
    assert len(cases) == 4
    lines = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", c)).strip() for c in cases]
    # Yui 15 + 7 bison: two exchanges keep all but the 2 each costs (B8).
    # Yui 15 + 7 bison: one exchange into each other stock keeps the most food (B8).
    assert lines[0] == (
        "Yui: +7 bison → proposal: exchange 3 bison → 1 salmon; exchange 3 bison → 1 turkey; "
        "loses 5 · change…"
    ), lines
    # Ren 14 + 3: an exchange would keep no more food and no larger smallest stock.
    assert lines[1] == "Ren: +3 bison → proposal: nothing; loses 2 · change…"
    assert len(shown_lines(body)) <= MOST_LINES, len(shown_lines(body))
    assert len(shown_controls(body)) <= MOST_CONTROLS, shown_controls(body)
    # The choices are still there (closed <details> works without JS) and still confirm.
    assert 'name="o.0.' in body


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ja", ["Yui：バイソン7頭獲得 → 提案：", "損失5 · 変更…"]),
        ("it", ["Yui: +7 bisonti → proposta: scambia bisonte ×3 → ", "perdita: 5 · cambia…"]),
    ],
)
def test_the_one_line_in_japanese_and_italian(
    client: Any, table: Any, lang: str, words: list[str]
) -> None:
    shown = text(client.get(f"{base(table.id)}/score?lang={lang}"))
    for said in words:
        assert said in shown, shown


def test_the_final_scoring_offers_no_market_and_nothing_to_preview(
    client: Any, make_table: Any, app: Any
) -> None:  # B10
    table = make_table("bison", 2)
    for _round in range(5):
        assert client.post(f"{base(table.id)}/score", data={"override": "on"}).status_code == 303
    page = client.get(f"{base(table.id)}/score")
    assert "Final scoring" in text(page)
    body = page.get_data(as_text=True)
    assert ".buy" not in body and "Show the result of these choices" not in body


def test_the_over_15_lines_agree_with_the_table_above_them(client: Any, table: Any) -> None:
    """Issue 32: an over-15 line says the round's gain of its animal, as the table's
    "(+N)" does, and the table's "lost" is what the lines lose (thrown away and the 2 of
    each 3-for-1 exchange, B8): never "loses 2" beside "lost 0"."""
    body = client.get(f"{base(table.id)}/score").get_data(as_text=True)
    for row in re.findall(r'<tr data-after="(\d+)">(.*?)</tr>', body, re.S):
        seat, cells = int(row[0]), row[1]
        lost = int(re.findall(r'<td class="num">(\d+)</td>', cells)[-1])
        cases = re.findall(rf'data-overflow="{seat}-\d+">\s*<summary>(.*?)</summary>', body, re.S)
        said = sum(int(n) for case in cases for n in re.findall(r'data-lost="(\d+)"', case))
        assert lost == said, (seat, lost, said)
        for case in cases:
            gained = re.search(r": \+(\d+) ", re.sub(r"<[^>]+>", " ", case))
            assert gained and f"(+{gained[1]})" in cells, (case, cells)
