"""What the per-game translation tests share: the games they play (seeded random
playouts, games of bots), what those games make a player read in English (log lines,
refusals), and the checks that a line is worded in Polish and Hungarian and that a board
drawn in those languages shows no key and no English phrase.

Each game's test makes one :class:`Wording` of its catalogue (its domain, which is also
the game's name), its near misses of the notation and, where the notation has words,
how to tell an action's notation (the same in every language) from a phrase.
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import pytest

from towerplay import games
from towerplay.arena import play_match
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.i18n import Translator, catalogue, translator

LANGS = ("pl", "hu")
"""The languages every line and board is checked in."""

Pick = Callable[[list[Any], random.Random], Any]
"""How a random playout picks its move: from the legal actions, with the game's rng."""


def seats(state: State[Any]) -> list[int | None]:
    """A spectator and every seat."""
    return [None, *range(state.players)]


def visible(board: str) -> list[str]:
    """Every text a person sees or hears on a board: texts, titles, aria-labels."""
    root = ET.fromstring(board)
    return [t for e in root.iter() for t in (e.text, e.get("aria-label")) if t]


def every_text(provoked: Callable[[int], tuple[frozenset[str], ...]],
               count: int) -> set[str]:
    """Every text ``provoked`` gives for the games ``0`` to ``count - 1``."""
    return set().union(*(set().union(*provoked(game)) for game in range(count)))


@cache
def catalogue_keys(domain: str) -> frozenset[str]:
    """See :meth:`Wording.keys`."""
    english = catalogue(domain, "en")
    return frozenset(english) | {k.rsplit(".", 1)[0] for k in english}


@cache
def any_of(texts: frozenset[str]) -> re.Pattern[str]:
    """A pattern finding any of ``texts`` within a text (none: a pattern that never does)."""
    longest_first = sorted(texts, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, longest_first)) or "(?!)")


class Wording:
    """The checks of one game's catalogue ``domain`` (the game's name too)."""

    def __init__(self, domain: str, near_misses: Iterable[str] = (),
                 notation: Callable[[str], object] = lambda _: False) -> None:
        self.domain = domain
        self.near_misses = tuple(near_misses)
        """Almost-right action texts: their notation errors are refusals to word."""
        self.notation = notation
        """Whether a text is an action's notation (not an English phrase)."""
        self._phrases: dict[str, frozenset[str]] = {}
        self._passed: dict[str, set[str]] = {}
        """The texts :meth:`check_texts` found right, per language."""

    # ------------------------------------------------------------- games
    def random_game(self, options: dict[str, Any], players: int, seed: int,
                    pick: Pick | None = None) -> list[State[Any]]:
        """Every position of a seeded random playout (copies), the end included; ``pick``
        chooses the move where the playout is not uniform."""
        state = games.load(self.domain, **options).start(players=players, seed=seed)
        rng = random.Random(seed)
        found = [state.copy()]
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(pick(legal, rng) if pick else rng.choice(legal))
            found.append(state.copy())
        return found

    def match_game(self, options: dict[str, Any], specs: Sequence[str],
                   seed: int) -> list[State[Any]]:
        """Every position of a match of the bots ``specs`` (copies): the start and the
        position after each move."""
        game = games.load(self.domain, **options)
        found = [game.start(players=len(specs), seed=seed)]
        play_match(game, specs, seed, on_move=lambda state, _: found.append(state.copy()))
        return found

    def greedy_game(self, options: dict[str, Any], players: int,
                    seed: int) -> list[State[Any]]:
        """Every position of a game of greedy bots (and one random seat)."""
        return self.match_game(options, ["random"] + ["greedy"] * (players - 1), seed)

    # ---------------------------------------------------------- refusals
    def refusals(self, state: State[Any]) -> list[str]:
        """What the server sends back now for every action of the action space that is
        not legal and for every near miss (the notation's error, or the reason a near miss
        that reads as an action is refused). The near misses that read as actions come
        first, then the action space, then the notation's errors: a dict built from the
        list (where the last of a kind wins) picks the same reason of each kind as it
        would without the first part."""
        legal = set(state.legal_actions())
        space = [reason for action in state.game.action_space if action not in legal
                 and (reason := state.check(action)) is not None]
        read, errors = [], []
        for text in self.near_misses:
            try:
                action = state.game.parse_action(state, text)
            except IllegalAction as error:
                errors.append(str(error))
            else:
                if (reason := state.check(action)) is not None:
                    read.append(reason)
        return [*read, *space, *errors]

    # ----------------------------------------------------------- wording
    def english_phrases(self, lang: str) -> frozenset[str]:
        """The English catalogue's phrases of two words or more (the parts between
        fields and quoted notation, the notation aside) that ``lang`` words differently."""
        if lang not in self._phrases:
            english, other = catalogue(self.domain, "en"), catalogue(self.domain, lang)
            found = set()
            for key, text in english.items():
                for chunk in re.split(r"\{\w+\}|'[^']*'", text):
                    chunk = chunk.strip(" ,;:·()?—.")
                    if len(re.findall(r"[A-Za-z]{2,}", chunk)) >= 2 and chunk not in \
                            other.get(key, "") and not self.notation(chunk):
                        found.add(chunk)
            self._phrases[lang] = frozenset(found)
        return self._phrases[lang]

    # ------------------------------------------------------------ boards
    def keys(self) -> frozenset[str]:
        """Every key of the catalogue and what comes before its last dot (a plural
        form's key, a group of keys)."""
        return catalogue_keys(self.domain)

    def check_board(self, board: str, lang: str) -> None:
        """No key, no template, no English phrase in any text of ``board``."""
        self.check_texts(visible(board), lang)

    def check_texts(self, texts: Iterable[str], lang: str) -> None:
        """No key, no template, no English phrase in any of ``texts`` (each text checked
        once per language: the boards of a game repeat most of their texts)."""
        keys = self.keys()
        named = any_of(frozenset(k for k in keys if "_" in k))  # no word: not even within
        phrases = any_of(self.english_phrases(lang))
        passed = self._passed.setdefault(lang, set())
        for text in set(texts) - passed:
            assert "term." not in text, (lang, text)
            assert text not in keys and not named.search(text), (lang, text)
            assert not phrases.search(text), (lang, text, phrases.search(text))
            passed.add(text)

    def check_boards(self, positions: Sequence[State[Any]], every: int,
                     draw: Callable[..., str], lang: str,
                     shows: Callable[[State[Any], str, Translator], bool],
                     check: Callable[[str, str], None] | None = None) -> None:
        """``check`` (:meth:`check_board` unless given) the boards of the start, every
        ``every``-th position and the end, for every seat and a spectator, drawn in
        ``lang``; ``shows(state, board, tr)`` tells whether a board shows what it must."""
        tr = translator(self.domain, lang)  # shared: boards keep what they draw per translator
        for state in [*positions[::every], positions[-1]]:
            for seat in seats(state):
                board = draw(state.view(seat, log=False, legal=True), tr)  # (boards draw no log)
                (check or self.check_board)(board, lang)
                assert shows(state, board, tr), (lang, seat, len(state.history))

    def assert_checks_bite(self, english_board: str) -> None:
        """The checks fail on an English board (they are not vacuous)."""
        for lang in LANGS:
            with pytest.raises(AssertionError):
                self.check_board(english_board, lang)
            assert self.english_phrases(lang)
