"""The static assets the pages reference exist and are served (no 404 favicon or manifest),
and the vendored htmx matches the checksum recorded in companion/static/VENDORED.md."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "companion" / "static"


def test_every_asset_the_home_page_links_is_served(client):
    page = client.get("/").get_data(as_text=True)
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    # Linked under content-hashed names (companion.serving): app.css -> app.<10 hex>.css
    plain = {re.sub(r"\.[0-9a-f]{10}(\.[a-z]+)$", r"\1", link) for link in links}
    assert {
        "/static/app.css",
        "/static/app.js",
        "/static/htmx.min.js",
        "/static/manifest.webmanifest",
        "/static/icons/icon-192.png",
    } <= plain
    assert plain.isdisjoint(links)
    for link in links:
        assert client.get(link).status_code == 200, link


def test_manifest_icons_exist_and_are_served(client):
    response = client.get("/static/manifest.webmanifest")
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        assert client.get(f"/static/{icon['src']}").status_code == 200, icon["src"]
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes


def test_vendored_htmx_matches_the_recorded_checksum():
    recorded = re.search(
        r"`htmx\.min\.js`.*?`([0-9a-f]{64})`", (STATIC / "VENDORED.md").read_text(encoding="utf-8")
    )
    assert recorded is not None
    digest = hashlib.sha256((STATIC / "htmx.min.js").read_bytes()).hexdigest()
    assert digest == recorded.group(1)
