"""The Bison table's fold, one module per job (``games.bison.fold`` is its face, the one the
registry lists): ``state`` (the state between two events, the settings), ``fields`` (an
event's fields read), ``board`` (the board mirror: tiles and pieces), ``play`` (actions
recorded from the board), ``actions`` (the six actions, the round flow), ``market`` (buy,
exchange), ``scoring`` (the mirror scored), ``turn`` (whose turn), ``history`` (an event
in words). The rules they apply are ``games.bison``'s modules one floor up."""
