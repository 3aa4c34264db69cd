"""The game words A Dog's Life puts into its sentences, as translatable ``Term``s.

A refusal such as "Fifi is in the pound and cannot {action}" is one template for every
action; the action itself is a ``Term`` (``games.errors``), so the companion translates it
together with the sentence instead of leaving an English verb in a Japanese or Italian one.

Glossary
--------
action
    What a dog spends action points on (or tries to do from the pound), written as a verb
    phrase that completes both "… cannot {action}" and "… needed to {action}": translators
    give the infinitive in Italian and the dictionary form (…する) in Japanese.
counter name
    The player's word for a generic ``adjust`` counter (``hunger``, ``bladder``,
    ``bones``), for "{counter} would be 5; …" and the history line of a correction. The
    counter *ids* stay English: they are the API's field values.

Dog names are not terms: they are catalog data (``catalog.DOGS``) whose English names are
msgids; messages carry the English name in a ``dog`` parameter (see ``catalog.localized``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from games.errors import N_, Term

# --- actions ---------------------------------------------------------------------------------

MOVE: Final = Term(N_("move"))
EAT: Final = Term(N_("eat"))
DRINK: Final = Term(N_("drink"))
PEE: Final = Term(N_("pee"))
PICK_UP: Final = Term(N_("pick up an item"))
DROP: Final = Term(N_("drop an item"))
DELIVER: Final = Term(N_("deliver a newspaper"))
BURY: Final = Term(N_("bury bones"))
RUMMAGE: Final = Term(N_("rummage a trash can"))
BEG: Final = Term(N_("beg at a restaurant"))
FIGHT: Final = Term(N_("fight"))
MEET_CATCHER: Final = Term(N_("meet the catcher"))

ACTIONS: Final = (
    MOVE,
    EAT,
    DRINK,
    PEE,
    PICK_UP,
    DROP,
    DELIVER,
    BURY,
    RUMMAGE,
    BEG,
    FIGHT,
    MEET_CATCHER,
)

# --- counter names ---------------------------------------------------------------------------

COUNTER_NAMES: Final[Mapping[str, Term]] = MappingProxyType(
    {
        "hunger": Term(N_("hunger")),
        "bladder": Term(N_("bladder")),
        "bones": Term(N_("buried bones")),
    }
)
