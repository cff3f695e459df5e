"""The rules of Budowa Zamku: one position, its legal actions and their effects.

A turn is one ``reveal <pos>``; if the revealed card leaves a choice, the same seat then
decides ``build``, ``return``, ``wizard <n>`` or (declining the Wizard) ``remove``. A
card that leaves no choice is resolved by the reveal itself: put back if the mover cannot
build it, removed if it is lower than every castle's last card. The game ends on a castle of
10 elements, or once the last face-down card was revealed and resolved (option ``end``).

>>> from towerplay import games
>>> state = games.load("castle").start(players=2, seed=1)
>>> len(state.legal_actions()), str(state.legal_actions()[0])
(45, 'reveal a1')
"""
from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from towerplay.core.events import Event, Notation, Seat, Seq
from towerplay.core.rng import shuffle
from towerplay.core.state import State
from towerplay.games.castle.cards import (BUILD, GOAL, HIGHEST, LOWEST, POSITIONS, REMOVE,
                                          RETURN, REVEAL, WIZARD, Act, parse_position,
                                          position_name)
from towerplay.games.castle.scoring import (base_ranking, points, score_breakdown,
                                            variant_ranking)

if TYPE_CHECKING:
    from towerplay.games.castle.game import Castle

# a reveal record: (history index, seat, position, card, result, resolved automatically)
Reveal = tuple[int, int, int, int, str, bool]
RESULTS = ("revealed", "built", "inserted", "returned", "removed")
UNSEEN = "reveal ?"
"""The class of every reveal of a card whose number is not known (see ``action_class``)."""


class CastleState(State[Act]):
    """A position. Fields (plain data, copied by hand):

    ``grid[p]`` the card at position p (0: none left there); ``known[p]`` the card at p if
    it was revealed and put back (public from then on), else 0; ``down`` the positions
    still holding a card, ascending, and ``moves`` their reveal actions; ``pending`` the position of the card revealed and
    awaiting a decision, or -1; ``castles[s]`` seat s's elements from the start tile 1;
    ``removed`` the cards sent to the box; ``wizard_used[s]``; ``idle`` consecutive turns
    without a card built or removed (the stall guard); ``reveals`` one record per turn.
    """

    __slots__ = ("grid", "known", "down", "moves", "pending", "castles", "removed",
                 "wizard_used", "idle", "reveals")

    game: Castle

    def __init__(self, game: Castle, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.grid: list[int] = [0] * POSITIONS
        self.known: list[int] = [0] * POSITIONS
        self.down: list[int] = []
        self.moves: list[Act] = []  # REVEAL[p] for p in down: the pick-phase legal list
        self.pending = -1
        self.castles: list[list[int]] = [[1] for _ in range(players)]
        self.removed: list[int] = []
        self.wizard_used: list[bool] = [False] * players
        self.idle = 0
        self.reveals: list[Reveal] = []

    # ----------------------------------------------------------------- rules
    def wizard_gap(self, seat: int, card: int) -> int:
        """The castle card after which ``seat`` may insert ``card`` with the Wizard, or 0.

        Only in the character variant, once per game, for the holder of the Wizard card,
        and only between two wall cards of the castle (the gap after the start tile
        counts only with the option ``wizard_tile_gap``).
        """
        game = self.game
        if not game.wizard_card or self.wizard_used[seat]:
            return 0
        castle = self.castles[seat]
        if card > castle[-1] or game.wizard_card not in castle:
            return 0
        below = 0
        for element in castle:  # castles are short: a scan beats bisect's overhead
            if element > card:
                break
            below = element
        if below == 1 and not game.wizard_tile_gap:
            return 0
        return below

    def _legal_actions(self) -> list[Act]:
        pending = self.pending
        if pending < 0:
            return self.moves.copy()
        card = self.grid[pending]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        castle = self.castles[seat]
        legal = [BUILD] if card > castle[-1] else []
        gap = self.wizard_gap(seat, card)
        if gap:
            legal.append(WIZARD[gap])
        if card < min(c[-1] for c in self.castles):
            legal.append(REMOVE)  # declining the Wizard: the removal rule applies
        else:
            legal.append(RETURN)
        return legal

    def _apply(self, action: Act) -> None:
        verb = action.verb
        if verb == "reveal":
            self._reveal(action.arg)
            return
        pos = self.pending
        card = self.grid[pos]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        if verb == "build":
            self.castles[seat].append(card)
            self._take(pos, "built")
        elif verb == "return":
            self._resolve("returned", False)
            self._end_turn(False)
        elif verb == "remove":
            self.removed.append(card)
            self._take(pos, "removed")
        else:  # wizard
            castle = self.castles[seat]
            castle.insert(castle.index(action.arg) + 1, card)
            self.wizard_used[seat] = True
            self._take(pos, "inserted")

    def _reveal(self, pos: int) -> None:
        """Turn up the card at ``pos``; resolve it at once if it leaves no choice."""
        card = self.grid[pos]
        seat = self.to_move
        assert seat is not None  # (rules run only while the game goes on)
        self.pending = pos
        self.known[pos] = card
        self.reveals.append((len(self.history), seat, pos, card, "revealed", False))
        if card > self.castles[seat][-1] or self.wizard_gap(seat, card):
            return  # a choice: build or return, or the Wizard
        if card < min(castle[-1] for castle in self.castles):
            self.removed.append(card)
            self._take(pos, "removed", True)
        else:  # the mover cannot build it: back face down, seen by all
            self._resolve("returned", True)
            self._end_turn(False)

    def _resolve(self, result: str, automatic: bool) -> None:
        index, seat, pos, card, _, _ = self.reveals[-1]
        self.reveals[-1] = (index, seat, pos, card, result, automatic)
        self.pending = -1

    def _take(self, pos: int, result: str, automatic: bool = False) -> None:
        """The card at ``pos`` leaves the table (built, inserted or removed)."""
        self.grid[pos] = 0
        self.known[pos] = 0
        self.down.remove(pos)
        self.moves.remove(REVEAL[pos])
        self._resolve(result, automatic)
        self._end_turn(True)

    def _end_turn(self, progress: bool) -> None:
        """Pass the turn, or end the game: a castle of 10, the last card revealed (or an
        empty table, by the option ``end``), the stall guard or the turn cap."""
        self.idle = 0 if progress else self.idle + 1
        left = len(self.down)
        seat = self.to_move
        assert seat is not None
        # a put-back card is still down: one left means it was the last one revealed
        last_revealed = not progress and left == 1 and self.game.end_on_last_reveal
        if (len(self.castles[seat]) >= GOAL or not left or last_revealed
                or self.idle >= self.players * left
                or len(self.reveals) >= self.game.max_turns):
            self.to_move = None
        else:
            self.to_move = (seat + 1) % self.players

    # ----------------------------------------------------------------- refusals
    def _refusal(self, action: Act, legal: list[Act]) -> Event:
        """Why ``action`` is refused, in the game's terms, from public facts only (the
        revealed card, the castles, the character file)."""
        if self.to_move is None or not isinstance(action, Act):
            return self._kernel_refusal(action, legal)
        if self.pending < 0:
            why = self._why_not_now(action)
        else:
            why = self._why_not_for_card(action, legal)
        return Event.of("castle.not_legal", action=str(action), why=why)

    def _why_not_now(self, action: Act) -> Event:
        """A refusal before the turn's card is revealed."""
        if action.verb == "reveal":
            return Event.of("castle.empty", pos=position_name(action.arg), n=len(self.down))
        return Event.of("castle.not_revealed")

    def _why_not_for_card(self, action: Act, legal: list[Act]) -> Event:
        """A refusal while the revealed card awaits its player's decision."""
        card = self.grid[self.pending]
        last = self.castles[self.to_move or 0][-1]
        options = Seq(tuple(Event.of("castle.quoted", action=Notation(a)) for a in legal),
                      "or")
        verb = action.verb
        if verb == "reveal":
            return Event.of("castle.already", card=card, pos=position_name(self.pending),
                            options=options)
        if verb == "build":
            return Event.of("castle.too_low", card=card, last=last, options=options)
        if verb == "return":
            return Event.of("castle.leaves", card=card, options=options)
        if verb == "remove":
            low = min(range(self.players), key=lambda s: self.castles[s][-1])
            return Event.of("castle.stays", card=card, seat=Seat(low),
                            last=self.castles[low][-1], options=options)
        return self._why_no_wizard(action.arg, card)

    def _why_no_wizard(self, after: int, card: int) -> Event:
        """Why the Wizard cannot put ``card`` after castle card ``after``."""
        game, seat = self.game, self.to_move or 0
        castle = self.castles[seat]
        if not game.wizard_card:
            return Event.of("castle.no_wizard_variant")
        if game.wizard_card not in castle:
            return Event.of("castle.no_wizard", card=game.wizard_card)
        if self.wizard_used[seat]:
            return Event.of("castle.wizard_used")
        if card > castle[-1]:
            return Event.of("castle.wizard_fits", card=card)
        if after not in castle:
            return Event.of("castle.wizard_not_in_castle", after=after,
                            cards=Seq(tuple(castle), "space"))
        gap = self.wizard_gap(seat, card)
        assert gap  # a card awaiting a decision that cannot go at the end has a gap
        upper = castle[castle.index(gap) + 1]
        return Event.of("castle.wizard_gap", card=card, gap=gap, upper=upper,
                        fix=Notation(WIZARD[gap]))

    # ----------------------------------------------------------------- copies and guesses
    def _copy(self) -> CastleState:
        new = self._copy_base()
        new.grid = self.grid.copy()
        new.known = self.known.copy()
        new.down = self.down.copy()
        new.moves = self.moves.copy()
        new.pending = self.pending
        new.castles = [c.copy() for c in self.castles]
        new.removed = self.removed.copy()
        new.wizard_used = self.wizard_used.copy()
        new.idle = self.idle
        new.reveals = self.reveals.copy()
        return new

    def unknown_positions(self) -> list[int]:
        """Face-down positions whose card is not known (never seen, or forgotten)."""
        known = self.known
        return [p for p in self.down if not known[p] and p != self.pending]

    def _redeal(self, seat: int | None, rng: random.Random, recall: float) -> None:
        """Shuffle the cards nobody has seen among their positions. Everything else is
        public, so every seat knows the same. With ``recall`` < 1 under ``memory=hidden``
        each card seen and put back before the last round (older than the log shows) is
        forgotten with probability ``1 - recall`` (drawn afresh on every call): it joins
        the shuffled unknowns and its ``known`` entry and reveal records are blanked in
        the copy. Under ``memory=open`` the table shows every such card: none is
        forgotten."""
        unknown = self.unknown_positions()
        if recall < 1.0 and self.game.options.memory == "hidden":
            known = self.known
            shown = {r[2] for r in self.reveals[-self.players:]}  # the log still shows them
            forgotten = {p for p in self.down if known[p] and p != self.pending
                         and p not in shown and rng.random() >= recall}
            if forgotten:
                for p in forgotten:
                    known[p] = 0
                self.reveals = [(i, s, p, 0 if p in forgotten else c, r, a)
                                for i, s, p, c, r, a in self.reveals]
                unknown = sorted([*unknown, *forgotten])
        # sorted first, so the guess depends on the public multiset only, never on
        # where the true cards lie (a twin position gets the same guess)
        cards = sorted([self.grid[p] for p in unknown])
        shuffle(cards, rng)
        for p, card in zip(unknown, cards):
            self.grid[p] = card

    def _action_class(self, action: Act, seat: int) -> Hashable:
        """Revealing one card nobody knows is like revealing any other: one class
        (everything else about a position is public, so the class is every seat's)."""
        if action.verb == "reveal" and not self.known[action.arg]:
            return UNSEEN
        return action

    # ----------------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        game = self.game
        shown = game.options.memory == "open"
        grid, known, pending = self.grid, self.known, self.pending
        table: dict[str, int | str] = {}
        for p in self.down:
            if p == pending:
                table[position_name(p)] = grid[p]
            elif shown and known[p]:
                table[position_name(p)] = known[p]
            else:
                table[position_name(p)] = "?"
        view: dict[str, Any] = {
            "turn": self.turn_number(),  # the rulebook's turns, not the kernel's actions
            "variant": game.options.variant,
            "memory": game.options.memory,
            "end": game.options.end,
            "table": table,
            "face_down": len(self.down) - (pending >= 0),
            "revealed": ({"pos": position_name(pending), "card": grid[pending]}
                         if pending >= 0 else None),
            "castles": [c.copy() for c in self.castles],
            "elements": [len(c) for c in self.castles],
            "recent": [self._reveal_json(r) for r in self.reveals[-self.players:]],
            "idle_turns": self.idle,
            "stall_limit": self.players * len(self.down),
        }
        if shown:
            view["removed"] = sorted(self.removed)
        else:
            view["removed_count"] = len(self.removed)
        if game.wizard_card:
            deck = game.characters
            view["wizard_used"] = self.wizard_used.copy()
            view["points"] = [points(c, deck, game.pair_cards) for c in self.castles]
            visible = [c for castle in self.castles for c in castle[1:]]
            visible += [v for v in table.values() if isinstance(v, int)]
            view["figures"] = {str(c): deck.figures(c) for c in sorted(visible)
                               if deck.flags[c]}
            view["provisional"] = deck.provisional
        if self.to_move is None:
            view["breakdown"] = self.breakdown()
        return view

    def recall(self) -> dict[str, Any]:
        """What a seat that forgets nothing knows beyond its view under hidden memory (the
        same for every seat: every reveal is public): the table with every number seen
        and put back, and the removed cards. Under open memory the view shows them."""
        grid, known, pending = self.grid, self.known, self.pending
        table = {position_name(p): grid[p] if p == pending else known[p] or "?"
                 for p in self.down}
        return {"table": table, "removed": sorted(self.removed)}

    @staticmethod
    def _reveal_json(record: Reveal) -> dict[str, Any]:
        _, seat, pos, card, result, automatic = record
        return {"seat": seat, "pos": position_name(pos), "card": card, "result": result,
                "automatic": automatic}

    def _log_event(self, index: int, seat: int | None) -> Event:
        action = self.history[index]
        if action.verb != "reveal":
            if action.verb == "wizard":
                return Event.of("castle.wizard", n=action.arg)
            return Event.of(f"castle.{action.verb}")
        turn = bisect_left(self.reveals, index, key=lambda r: r[0])
        _, _, _, card, result, automatic = self.reveals[turn]
        pos = position_name(action.arg)
        end = f"_{result}" if automatic else ""  # resolved at once: returned or removed
        # hidden memory: a number is shown for the last round only (as at the table, where
        # it is seen until turned down again); older ones are left to the player's memory
        if card and (self.game.options.memory == "open"
                     or turn >= len(self.reveals) - self.players):
            return Event.of(f"castle.reveal_card{end}", pos=pos, card=card)
        return Event.of(f"castle.reveal{end}", pos=pos)

    # ----------------------------------------------------------------- JSON
    def _to_json(self) -> dict[str, Any]:
        return {
            "grid": self.grid.copy(),
            "known": self.known.copy(),
            "pending": position_name(self.pending) if self.pending >= 0 else None,
            "castles": [c.copy() for c in self.castles],
            "removed": self.removed.copy(),
            "wizard_used": self.wizard_used.copy(),
            "idle": self.idle,
            "reveals": [list(r) for r in self.reveals],
        }

    def _load_json(self, data: dict[str, Any]) -> None:
        """Restore and check a position; :class:`ValueError` (a BadRecord for the kernel)
        names the first inconsistency, so a loaded position can always be played on."""
        grid = [int(c) for c in data["grid"]]
        known = [int(c) for c in data["known"]]
        castles = [[int(c) for c in castle] for castle in data["castles"]]
        if len(grid) != POSITIONS or len(known) != POSITIONS:
            raise ValueError(f"grid and known must list {POSITIONS} positions")
        if len(castles) != self.players:
            raise ValueError("one castle per player expected")
        cards = [c for c in grid if c] + [c for castle in castles for c in castle[1:]]
        removed = [int(c) for c in data["removed"]]
        if sorted(cards + removed) != list(range(LOWEST, HIGHEST + 1)):
            raise ValueError("the cards on the table, in castles and removed must be "
                             f"{LOWEST}..{HIGHEST}, each once")
        if any(k and k != g for k, g in zip(known, grid)):
            raise ValueError("a known card differs from the card at its position")
        if any(castle[0] != 1 or castle != sorted(set(castle)) for castle in castles):
            raise ValueError("each castle must start with 1 and increase")
        self.grid, self.known, self.castles, self.removed = grid, known, castles, removed
        self.down = [p for p in range(POSITIONS) if grid[p]]
        self.moves = [REVEAL[p] for p in self.down]
        pending = data["pending"]
        self.pending = -1 if pending is None else parse_position(pending)
        card = grid[self.pending] if self.pending >= 0 else -1
        if card == 0 or card > 0 and known[self.pending] != card:
            raise ValueError("the pending position must hold its revealed (known) card")
        self.wizard_used = [bool(u) for u in data["wizard_used"]]
        if len(self.wizard_used) != self.players:
            raise ValueError("one wizard_used flag per player expected")
        self.idle = int(data["idle"])
        if self.idle < 0:
            raise ValueError("idle must be 0 or more")
        self._check_turns(castles)
        reveals = []
        for i, s, p, c, r, a in data["reveals"]:
            if r not in RESULTS:
                raise ValueError(f"unknown reveal result {r!r}")
            reveals.append((int(i), int(s), int(p), int(c), r, bool(a)))
        turns = [(i, self.movers[i], a.arg) for i, a in enumerate(self.history)
                 if a.verb == "reveal"]
        if [r[:3] for r in reveals] != turns or any(not 0 <= r[3] <= HIGHEST for r in reveals):
            raise ValueError("the reveal records do not match the reveals in the history")
        waiting = [r[1:3] for r in reveals[-1:] if r[4] == "revealed"]
        if waiting != ([(self.to_move, self.pending)] if self.pending >= 0 else []) or any(
                r[4] == "revealed" for r in reveals[:-1]):
            raise ValueError("only the pending card, revealed by the seat to move, may be "
                             "undecided")
        self.reveals = reveals

    def _check_turns(self, castles: list[list[int]]) -> None:
        """Raise :class:`ValueError` unless the seats and the end of the game make sense."""
        to_move, players = self.to_move, self.players
        if to_move is not None and (type(to_move) is not int or not 0 <= to_move < players):
            raise ValueError(f"to_move must be a seat 0..{players - 1} or null "
                             f"(got {to_move!r})")
        if len(self.movers) != len(self.history) or any(
                not 0 <= m < players for m in self.movers):
            raise ValueError(f"movers must give one seat 0..{players - 1} per history entry")
        if to_move is None:
            if self.pending >= 0:
                raise ValueError("a finished game has no card awaiting a decision")
        elif not self.down or any(len(c) >= GOAL for c in castles):
            raise ValueError("a game still running needs a face-down card and no castle "
                             f"of {GOAL} elements")

    # ----------------------------------------------------------------- results
    def scores(self) -> list[float]:
        """Elements per castle (base game) or points (character variant), as ints."""
        game = self.game
        if game.options.variant == "characters":
            return [points(c, game.characters, game.pair_cards) for c in self.castles]
        return [len(c) for c in self.castles]

    def breakdown(self) -> list[list[list[Any]]]:
        """Per seat, ``[label, points]`` pairs that add up to its score."""
        game = self.game
        deck = game.characters if game.options.variant == "characters" else None
        return [score_breakdown(c, deck, game.pair_cards) for c in self.castles]

    def turn_number(self) -> int:
        """The rulebook's turn (a reveal and what follows), from 1: the turn in progress,
        or the number of turns played once the game is over."""
        done = len(self.reveals)
        return done if self.pending >= 0 or self.to_move is None else done + 1

    def ranking(self) -> list[Any]:
        """Base game: elements, then the highest last card. Variant: points, then the
        King, the Queen, the Wizard."""
        game = self.game
        if game.options.variant == "characters":
            return [variant_ranking(c, game.characters, game.pair_cards) for c in self.castles]
        return [base_ranking(c) for c in self.castles]
