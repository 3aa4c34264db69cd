"""What a game's printgen module is given to draw its components: the kit's language, its
style and the table's links (the seat QR codes on player boards) and players' names."""

from __future__ import annotations

from dataclasses import dataclass

from printgen import fonts
from printgen.errors import MissingGlyphError
from printgen.messages import text
from printgen.style import Style


@dataclass(frozen=True, slots=True)
class Context:
    """What a game module needs to draw its components."""

    lang: str
    style: Style
    table_url: str | None = None
    seat_urls: tuple[str, ...] = ()
    #: The table's players' names in seat order (a kit printed for a table), else empty.
    seat_names: tuple[str, ...] = ()

    def t(self, key: str, **params: object) -> str:
        """A printgen message in the kit's language."""
        return text(self.lang, key, **params)

    def seat_url(self, seat: int) -> str | None:
        """The URL for seat ``seat`` (0-based), else the table URL, else None."""
        if seat < len(self.seat_urls):
            return self.seat_urls[seat]
        return self.table_url

    def seat_code(self, seat: int) -> tuple[str, str] | None:
        """What a seat's board QR code encodes and the caption under it, or None.

        The caption tells the truth: "your seat" only for a seat URL; a board that falls
        back to the table URL says "join the table" (the companion then asks for the seat).
        """
        if seat < len(self.seat_urls):
            return self.seat_urls[seat], self.t("scan_seat")
        if self.table_url is not None:
            return self.table_url, self.t("scan_join")
        return None

    def seat_name(self, seat: int) -> str | None:
        """The name of the player at seat ``seat`` (0-based) when the kit is printed for a
        table, else None (the piece keeps its generic label). A name the kit's font cannot
        draw (an emoji) is None too: the kit still prints, with the generic label."""
        if seat >= len(self.seat_names) or not self.seat_names[seat].strip():
            return None
        try:
            return fonts.check(self.seat_names[seat].strip())
        except MissingGlyphError:
            return None
