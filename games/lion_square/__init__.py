"""Lion Square (らいおんスクエア): rules core and the Campfire edition's deck.

Modules, each with its own glossary:

``square``    the 3×3 square and what each side sees of it (rows N→S, columns W→E)
``rules``     round losses (L2), deal sizes, next start player and game end (L3)
``catalog``   the edition's 30 carnivore cards and 2 gazelles (L1), names as msgids
``simulate``  random rounds played by the rules, used to balance the catalog
``contract``  ``campfire score lion-square`` (docs/contracts.md)
``table``     the companion's event fold (herds, rounds, the square editor)

Rule ids (L1–L3) refer to ``rules/lion-square.md`` of the shared design documents.
"""
