"""Bison (Kramer & Kiesling): the rules core. Decisions B1–B11 are in rules/bison.md.

Modules, inside out:

- ``hexgrid``  — axial hex coordinates, directions, corners (B1)
- ``tiles``    — a tile's edge string, rotation, river corners, animals (B1)
- ``catalog``  — the 21 tiles of the Campfire print edition
- ``board``    — tiles and pieces on the table, placement (B4) and occupancy (B5)
- ``regions``  — joined spaces of one terrain (B2)
- ``scoring``  — region scoring with explanations (B9), final scoring and winner (B10)
- ``movement`` — the cheapest way for a hunter between two spaces (B3)
- ``economy``, ``rounds``, ``table`` — food stocks, actions, rounds, the companion fold
- ``overflow`` — B8 as amended: exchanges from the whole stock, market buys, the proposal
- ``table_play`` — an action with its board change in one event (B6), destinations (B3)
- ``table_turn`` — whose turn it is, the start player by name (B4, B6)
- ``taps``     — a retail tile described by taps, the tiles still in the bag (B1, B4)
- ``geometry`` — each space's polygon, marks and tap targets on a tile (B1)
- ``contract`` — ``campfire score bison`` (docs/contracts.md): JSON in, JSON out
"""
