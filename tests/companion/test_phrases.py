"""The ``phrased`` filter (companion.phrases, issue 34): Japanese on a button breaks only
between BudouX phrases, never inside a word; other text and markup pass unchanged."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from markupsafe import Markup

from companion import create_app
from companion.phrases import phrased


def test_japanese_gets_a_break_at_each_phrase_edge_and_none_inside_a_word() -> None:
    out = phrased("逃げられる前に裏向きのカードをおねだりする")
    assert out.startswith('<span class="phrases">') and out.endswith("</span>")
    parts = re.sub(r"</?span[^>]*>", "", out).split("<wbr>")
    assert "".join(parts) == "逃げられる前に裏向きのカードをおねだりする"
    # the words the issue saw broken (逃|げられる, 裏向|き, おね|だり) stay whole
    for word in ("逃げられる", "裏向き", "おねだり"):
        assert any(word in part for part in parts), (word, parts)
    assert len(parts) > 1


def test_latin_text_and_a_single_phrase_are_escaped_and_left_without_breaks() -> None:
    assert phrased("Start <Ann>'s turn") == "Start &lt;Ann&gt;&#39;s turn"
    assert phrased("全体") == "全体"
    assert "<wbr>" not in phrased("Fine della partita")


def test_markup_with_tags_is_left_whole_and_escaped_text_is_not_escaped_twice() -> None:
    tagged = Markup("<strong>裏向き</strong>のカード")
    assert phrased(tagged) == tagged
    assert phrased(Markup("Ann &amp; Ben")) == "Ann &amp; Ben"


def test_the_filter_is_registered_for_the_templates() -> None:
    app = create_app({"SECRET_KEY": "x" * 32, "DATABASE_URL": "sqlite://"})
    with app.app_context():
        template = app.jinja_env.from_string("{{ label|phrased }}")
        assert "<wbr>" in template.render(label="裏向きのカードを引く")


def test_a_japanese_alert_breaks_by_phrase_and_an_english_one_is_left_alone(
    client: FlaskClient,
) -> None:
    """A refusal or an error's sentence is as narrow as a button on a 360-px phone: in
    Japanese it too breaks only at phrase edges (そのページ|やテーブルは|ありません)."""
    alert = re.compile(r'<div class="alert alert-error" role="alert">(.*?)</div>', re.S)
    ja = client.get("/nowhere", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    found = alert.search(ja)
    assert found is not None
    assert found.group(1).startswith('<span class="phrases">') and "<wbr>" in found.group(1)
    en = client.get("/nowhere", headers={"Accept-Language": "en"}).get_data(as_text=True)
    found = alert.search(en)
    assert found is not None and "<wbr>" not in found.group(1) and "no such page" in found.group(1)
