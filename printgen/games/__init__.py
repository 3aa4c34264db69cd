"""One module per game, each ending in its ``KIT`` (``printgen.plug.Kit``: printgen's side
of the game's plug, named by its ``Game``'s ``kit=`` in ``games.registry.GAMES``):
``components(context) -> list[Component]``, its extras and its own words (rules summary,
player aid, what else to get, icon legend).

Each reads its data from the game's catalog in ``games/`` (rules live once, there) and adds
only what printing needs: sizes in millimetres and original geometric art.
"""
