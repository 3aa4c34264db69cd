"""Age of Hunting (狩猟の時代, A.I.Lab.遊): rules core and the Campfire edition's catalog.

Modules, each with its glossary: ``components`` (food, supply limits, coins, rock chips),
``board`` (the personal board: costs and uncovered VP, H1), ``cards`` (the 28 faces of the
14 hunting-ground cards, H1), ``tribe`` (one player's state, the supply), ``development``
(costs, paying, rock chips, H1), ``storage`` (the end-of-turn cave check), ``scoring``
(end trigger and final count, H2), ``setup`` (layout, start player, opening order),
``contract`` (``campfire score hunting-age``) and ``table`` (the companion's event fold).
Rule ids (H1, H2) refer to ``docs/rules/hunting-age.md``.
"""
