"""Plays: every finished game kept, "Our plays" with stats per player, BG Stats links.

Glossary
--------
play
    A finished game as it ended (``store.Play``): game, start and end (first and last
    change), players in seat order with colour, score, rank and winner flag, the
    winners, the tie-break that decided, the start player, the variant. Kept by the
    change that finishes the game (``store.changed``: the commit hook, companion.commits).
result
    What a game's folded state says once it is over (``results.result``); None while
    it runs, so nothing a game hides is read before its end.
our plays
    The plays this phone held a seat at (its seat tokens, the session cookie), newest
    first, with the stats per player name (``stats``) and CSV/JSON exports (``export``).
folded name
    A player's name as stats join it: case and width folded, spaces trimmed
    ("Ann" = "ann " = "ＡＮＮ"), kana left alone (ゆき ≠ ユキ).
BG Stats link
    ``https://app.bgstatsapp.com/createPlay.html?data=<JSON>``: the play in BG Stats'
    import format (``bgstats``), opened on the phone.
"""
