"""Bison's round flow: rounds by player count, action markers, turn order, the totem.

Glossary
--------
round
    A season of the Italian rulebook. 2 players play 6 rounds, 3 play 5, 4 play 4; before
    the game 6, 3 or 2 of the 18 terrain tiles are removed unseen (B4). Each round: the
    totem passes on, everyone draws a tile, everyone takes 4 actions, the board is scored.
seat
    A player's index in the table's player list. The list is in clockwise seating order,
    so "the player to the left" (JP 左隣, IT "alla sinistra") is the next seat, wrapping.
totem / start player
    The seat that takes the first action of the round. The youngest player starts; the
    totem passes one seat clockwise at the start of every later round (B4).
action
    One of the six ``Action`` values printed on the player board. Each player takes 4 of
    the 6 per round, each at most once (B6).
action marker
    Marks an action as taken by that player this round; markers are cleared at round end.
turn order
    One action at a time, clockwise from the start player: everyone's 1st action, then
    everyone's 2nd, and so on (B6). The next seat to act is therefore the first seat,
    clockwise from the start player, among those who have taken the fewest actions and
    still have one left. Deriving it from the markers (not from a stored pointer) keeps it
    right even after the table overrode the order once.
gain marker
    The marker of an action taken without hunters (B6: one animal gained, nothing else).
    Which of the free actions it counts for changes nothing but which stay free, so it is
    the app's bookkeeping, not the player's choice (B6b): when the same player later takes
    that action with hunters, the gain's marker moves to another free action (there is
    always one: 4 of 6). ``gains`` keeps, per seat, which markers are such gains; ``held``
    are the others, the ones no later action may take. So a player may record an action
    without hunters before the photo of the round (a photo cannot show it) without
    guessing which marker the photo's actions will need.
mandatory tile
    Every player must place the tile drawn this round (B6). This module reminds and then
    refuses: ``tile_due`` is true while a player has not placed their tile (the app shows
    a reminder), and a player whose *last* action of the round is still open may only
    take ``place_tile``, so no one can end their 4 actions without placing their tile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from games import fields
from games.errors import N_, RuleError, Term
from games.table import player_count

from .components import MAX_PLAYERS, MIN_PLAYERS

ROUNDS_BY_PLAYERS = {2: 6, 3: 5, 4: 4}  # B4
REMOVED_TILES_BY_PLAYERS = {2: 6, 3: 3, 4: 2}  # B4
ACTIONS_PER_ROUND = 4  # B6: 4 of the 6 actions


class Action(StrEnum):
    """The six actions of the player board (B6), by their event ids."""

    PLACE_TILE = "place_tile"  # place the drawn tile, put 0–5 hunters on one of its spaces
    TENT = "tent"  # build or enlarge a tent (several, in variants 1 and 2)
    CANOE = "canoe"  # build or enlarge a canoe (several, in variants 1 and 2)
    GATHER = "gather"  # up to 5 hunters from anywhere to one space holding your hunter
    MOVE_1 = "move_1"  # up to 5 hunters one space each
    MOVE_3 = "move_3"  # up to 5 hunters one to three spaces each


ACTION_LABELS: dict[Action, str] = {
    Action.PLACE_TILE: N_("place your tile and hunters"),
    Action.TENT: N_("build or enlarge a tent"),
    Action.CANOE: N_("build or enlarge a canoe"),
    Action.GATHER: N_("gather hunters"),
    Action.MOVE_1: N_("move hunters 1 space each"),
    Action.MOVE_3: N_("move hunters 1 to 3 spaces each"),
}


def takes_marker(event: Mapping[str, object]) -> bool:
    """Whether a table event takes one of its player's action markers (B6): placing the
    round's tile (``play``) and the other five actions (``action``); moves of the market,
    exchanges and corrections take none."""
    return event.get("type") in ("play", "action")


def check_player_count(players: int) -> int:
    """Return ``players`` if Bison can be played with that many (2–4), else refuse."""
    refusal = N_("Bison is played by {low} to {high} players, not {count}")
    return player_count(players, MIN_PLAYERS, MAX_PLAYERS, refusal)


def rounds_for(players: int) -> int:
    """The number of rounds for ``players`` players (B4)."""
    return ROUNDS_BY_PLAYERS[check_player_count(players)]


def removed_tiles_for(players: int) -> int:
    """How many of the 18 tiles are removed unseen before the game (B4)."""
    return REMOVED_TILES_BY_PLAYERS[check_player_count(players)]


def check_action(action: object) -> Action:
    """Return the ``Action`` named by ``action``, else refuse."""
    try:
        return Action(action)  # type: ignore[arg-type]
    except ValueError:
        raise RuleError(
            N_("unknown action {action!r}; expected one of: {names}"),
            action=action,
            names=", ".join(a.value for a in Action),
        ) from None


@dataclass(frozen=True, slots=True)
class Rounds:
    """Where the game stands: the round, the totem, each seat's markers in taking order."""

    players: int
    round: int
    start_seat: int
    markers: tuple[tuple[Action, ...], ...]
    finished: bool = False
    #: Per seat, the markers among ``markers`` taken without hunters (see the glossary);
    #: empty while nobody has taken one this round.
    gains: tuple[tuple[Action, ...], ...] = ()

    @classmethod
    def start(cls, players: int, start_seat: int = 0) -> Rounds:
        """Round 1 with the totem at ``start_seat`` (the youngest player, B4)."""
        check_player_count(players)
        fields.whole_number(start_seat, "start_seat", 0, players - 1)
        return cls(players, 1, start_seat, ((),) * players)

    @property
    def rounds(self) -> int:
        """The number of rounds this game lasts."""
        return rounds_for(self.players)

    def clockwise(self) -> tuple[int, ...]:
        """The seats in turn order, the start player first."""
        return tuple((self.start_seat + step) % self.players for step in range(self.players))

    def actions_left(self, seat: int) -> int:
        return ACTIONS_PER_ROUND - len(self.markers[seat])

    def gains_of(self, seat: int) -> tuple[Action, ...]:
        """The markers ``seat`` took without hunters this round (B6b: they may move)."""
        return self.gains[seat] if self.gains else ()

    def held(self, seat: int) -> tuple[Action, ...]:
        """The markers ``seat`` took with hunters (or the tile) this round: no later
        action may take them (B6). A gain's marker is not held (B6b)."""
        gains = list(self.gains_of(seat))
        held = []
        for action in self.markers[seat]:
            if action in gains:
                gains.remove(action)
            else:
                held.append(action)
        return tuple(held)

    def available(self, seat: int) -> tuple[Action, ...]:
        """The actions ``seat`` may still choose this round: not marked yet, or marked by
        a gain without hunters whose marker would move (B6b)."""
        return self._open(seat, self.held(seat))

    def unmarked(self, seat: int) -> tuple[Action, ...]:
        """The actions with no marker of ``seat`` yet: what a gain without hunters counts
        for (it never moves another gain's marker)."""
        return self._open(seat, self.markers[seat])

    def _open(self, seat: int, taken: Sequence[Action]) -> tuple[Action, ...]:
        """The actions not in ``taken`` while ``seat`` has one left; the tile alone when
        it is due and one action is left (B6)."""
        if self.tile_due(seat) and self.actions_left(seat) == 1:
            return (Action.PLACE_TILE,)
        if self.actions_left(seat) == 0:
            return ()
        return tuple(action for action in Action if action not in taken)

    def tile_due(self, seat: int) -> bool:
        """True while ``seat`` has not placed this round's tile (the reminder)."""
        return not self.finished and Action.PLACE_TILE not in self.markers[seat]

    @property
    def next_seat(self) -> int | None:
        """Whose action is next, in turn order; ``None`` when everyone took 4 actions."""
        if self.finished:
            return None
        waiting = [seat for seat in self.clockwise() if self.actions_left(seat) > 0]
        if not waiting:
            return None
        fewest = min(len(self.markers[seat]) for seat in waiting)
        return next(seat for seat in waiting if len(self.markers[seat]) == fewest)

    @property
    def round_complete(self) -> bool:
        """True when every player has taken their 4 actions."""
        return all(self.actions_left(seat) == 0 for seat in range(self.players))

    def check_seat(self, seat: object) -> int:
        return fields.seat(seat, self.players)

    def check_take(
        self, seat: int, action: object, *, override: bool = False, names: Sequence[str] = ()
    ) -> Action:
        """Refuse ``seat`` taking ``action`` now; return the action when allowed (with
        hunters: a gain's marker moves for it, B6b).

        ``override`` lets the table take an action out of turn order (the table is the
        authority); it never lifts the other rules. ``names`` (one per seat) lets messages
        name players instead of seats.
        """
        seat = self.check_seat(seat)
        action = check_action(action)
        if self.finished:
            raise RuleError(N_("the game is over; no more actions can be taken"))
        if self.actions_left(seat) == 0:
            raise RuleError(
                N_("you have already taken all {count} actions this round"),
                count=ACTIONS_PER_ROUND,
            )
        if action in self.held(seat):
            raise _taken_already(action)
        if not override and seat != self.next_seat:
            raise RuleError(
                N_("it is not your turn: {player} takes the next action"),
                player=_name(names, self.next_seat),
            )
        if (
            action is not Action.PLACE_TILE
            and self.tile_due(seat)
            and (self.actions_left(seat) == 1)
        ):
            raise RuleError(N_("you must place your tile this round, and this is your last action"))
        return action

    def take(
        self,
        seat: int,
        action: object,
        *,
        override: bool = False,
        names: Sequence[str] = (),
        gain: bool = False,
    ) -> Rounds:
        """Mark ``action`` as taken by ``seat`` (see ``check_take`` for the refusals);
        ``gain``: taken without hunters, its marker free to move (B6b). When ``action``
        carries a gain's marker already, that marker moves to the first action still
        unmarked (never the tile: it is mandatory)."""
        action = self.check_take(seat, action, override=override, names=names)
        if gain and action in self.markers[seat]:
            raise _taken_already(action)  # a gain moves no other gain's marker
        mine, gains = list(self.markers[seat]), list(self.gains_of(seat))
        if action in mine:  # a gain's marker (check_take refused a held one): it moves
            spare = next(a for a in Action if a not in mine and a is not Action.PLACE_TILE)
            mine[mine.index(action)] = spare
            gains[gains.index(action)] = spare
        mine.append(action)
        if gain and action is not Action.PLACE_TILE:
            gains.append(action)
        markers = list(self.markers)
        markers[seat] = tuple(mine)
        every: list[tuple[Action, ...]] = list(self.gains) if self.gains else [()] * self.players
        every[seat] = tuple(gains)
        return replace(self, markers=tuple(markers), gains=tuple(every))

    def end_round(self, *, override: bool = False, names: Sequence[str] = ()) -> Rounds:
        """Score-and-clear: markers removed, totem one seat clockwise; the game ends after
        the last round (B4).

        Refused while someone still has actions left, unless the table overrides.
        """
        if self.finished:
            raise RuleError(N_("the game is over; there is no round to end"))
        if not override and not self.round_complete:
            waiting = next(s for s in self.clockwise() if self.actions_left(s) > 0)
            raise RuleError(
                N_("the round is not over: {player} still has {left} of {count} actions to take"),
                player=_name(names, waiting),
                left=self.actions_left(waiting),
                count=ACTIONS_PER_ROUND,
            )
        cleared = ((),) * self.players
        if self.round >= self.rounds:
            return replace(self, markers=cleared, gains=(), finished=True)
        return replace(
            self,
            round=self.round + 1,
            start_seat=(self.start_seat + 1) % self.players,
            markers=cleared,
            gains=(),
        )


def _taken_already(action: Action) -> RuleError:
    return RuleError(
        N_("you have already taken “{action}” this round; each action once per round"),
        action=Term(ACTION_LABELS[action]),
    )


def _name(names: Sequence[str], seat: int | None) -> str:
    """A player's name for a message, or "seat N" when the caller gave no names."""
    if seat is None:
        return "nobody"
    return names[seat] if seat < len(names) else f"seat {seat}"
