"""One module per game: ``title(lang) -> str`` and ``components(context) -> list[Component]``.

Each reads its data from the game's catalog in ``games/`` (rules live once, there) and adds
only what printing needs: sizes in millimetres and original geometric art.
"""
