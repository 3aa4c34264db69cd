"""A Dog's Life (犬の生活, Christophe Boelinger): rules core and the Campfire edition's catalog.

Modules: ``catalog`` (the six dogs and their 13-card decks, D1), ``deck`` (drawing with a
recorded random source, the reshuffle card, the catcher's die), ``dog`` (one dog's chart),
``game`` (the table: turns, the pound D2, trash day and the win D3), ``table`` (the
companion's event fold) and ``terms`` (the game words messages put into their sentences,
translatable). Decisions D1–D3: ``docs/rules/dogs-life.md``.
"""
