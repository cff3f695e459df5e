"""Blueprints in Polish and Hungarian: every log line any seat (or a spectator) sees and
every refusal the game gives has a template in the ``blueprints`` catalogue, and its board
speaks the language with no key and no English phrase left.

The games: seeded random and greedy-bot games of 2, 3 and 4 players in each of the game's
variants (together they hold every value of its options)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from tests.games.blueprints.near_misses import NEAR_MISSES
from towerplay import games
from towerplay.arena.match import play_match
from towerplay.core import IllegalAction, State
from towerplay.games.blueprints.board import draw
from towerplay.games.blueprints.game import ACTIONS, Blueprints
from towerplay.i18n import Translator, catalogue

DOMAIN = "blueprints"
LANGS = ("pl", "hu")
SAMPLE = 7
"""Refusals are provoked at every 7th position (each a full sweep of the action space)."""
GAMES = [(variant, players, specs)
         for variant in range(len(Blueprints.variants)) for players in (2, 3, 4)
         for specs in (["random"] * players, ["greedy"] + ["random"] * (players - 1))]


class Played:
    """What one game showed: the English log lines and refusals, and views to draw."""

    def __init__(self) -> None:
        self.lines: set[str] = set()
        self.refusals: set[str] = set()
        self.views: list[dict[str, Any]] = []

    def look(self, state: State[Any]) -> None:
        """Every seat's and a spectator's line for the last move; now and then, the
        reason of every action not legal now, and the views half way through."""
        index = len(state.history) - 1
        for seat in [None, *range(state.players)]:
            line = state.log_line(index, seat)
            if line is not None:
                self.lines.add(line)
        if index % SAMPLE == 0 or state.is_over:
            self.refusals |= refusals(state)
        if index + 1 == state.game.max_game_length(state.players) // 2 or state.is_over:
            self.views += seat_views(state)


def refusals(state: State[Any]) -> set[str]:
    """Why each action of the action space that is not legal now is refused, and why
    each near miss of the notation is."""
    found = {reason for action in ACTIONS if (reason := state.check(action)) is not None}
    for text in [*NEAR_MISSES, "hello", "take", "place r9c9"]:
        try:
            reason = state.check(state.game.parse_action(state, text))
        except IllegalAction as error:
            reason = str(error)
        if reason is not None:
            found.add(reason)
    return found


def seat_views(state: State[Any]) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in [None, *range(state.players)]]


@cache
def play(variant: int, players: int, specs: tuple[str, ...]) -> Played:
    """One game (seeded by its place in :data:`GAMES`), looked at move by move."""
    game = games.load(DOMAIN, **Blueprints.variants[variant])
    seed = GAMES.index((variant, players, list(specs)))
    played = Played()
    played.views += seat_views(game.start(players=players, seed=seed))
    play_match(game, specs, seed, on_move=lambda state, _: played.look(state))
    return played


def all_played() -> list[Played]:
    return [play(variant, players, tuple(specs)) for variant, players, specs in GAMES]


@pytest.mark.parametrize("lang", LANGS)
def test_every_log_line_has_a_template(lang: str) -> None:
    tr = Translator(DOMAIN, lang)
    lines = set().union(*(p.lines for p in all_played()))
    assert {"builds (hidden)", "remove"} <= lines and len(lines) > 50
    for line in sorted(lines):
        assert tr.untranslated(line) == [], line
        assert tr.line(line) != line


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_a_template(lang: str) -> None:
    tr = Translator(DOMAIN, lang)
    reasons = set().union(*(p.refusals for p in all_played()))
    for kind in ("the game is over", "must take", "must place", "must discard",
                 "there is no", "is hatched", "cannot go on", "fits on your",
                 "fits nowhere on", "cannot read", "a die is", "a cell is"):
        assert any(kind in reason for reason in reasons), kind
    for reason in sorted(reasons):
        assert tr.untranslated(reason) == [], reason
        assert tr.line(reason) != reason


def test_a_refusal_reads_naturally() -> None:
    state = games.load(DOMAIN).start(players=2, seed=4)
    reason = state.check(state.game.parse_notation("remove"))
    assert reason is not None
    assert Translator(DOMAIN, "pl").line(reason).startswith(
        "Ruch 'remove' jest teraz niedozwolony: miejsce 1 musi wziąć kość z puli")
    assert Translator(DOMAIN, "hu").line(reason).startswith(
        "Most nem szabályos lépés ('remove'): 1. hely: vegyen el egy kockát")


def board_texts(board: str) -> list[str]:
    """Every text a person sees or hears on a board: texts, titles, aria-labels."""
    root = ET.fromstring(board)
    return ([e.text for e in root.iter() if e.text and e.text.strip()]
            + [e.get("aria-label", "") for e in root.iter() if e.get("aria-label")])


@cache
def english_phrases() -> frozenset[str]:
    """The fixed parts of the English texts that are more than a couple of words."""
    found = set()
    for text in catalogue(DOMAIN, "en").values():
        for part in re.split(r"\{\w+\}", text):
            if len(part.split()) >= 3:
                found.add(part.strip())
    return frozenset(found)


@pytest.mark.parametrize("lang", LANGS)
def test_boards_speak_the_language(lang: str) -> None:
    tr = Translator(DOMAIN, lang)
    keys = {k.rsplit(".", 1)[0] for k in catalogue(DOMAIN, "en")}
    for played in all_played():
        for view in played.views:
            for text in board_texts(draw(view, tr)):
                assert "term." not in text and "line." not in text, text
                assert text not in keys and not any(k in text for k in keys if "_" in k), text
                assert not [p for p in english_phrases() if p in text], text


def test_the_polish_board_uses_the_rulebooks_words() -> None:
    views = [v for p in all_played() for v in p.views if v["is_over"] and v["seat"] == 0]
    board = draw(views[0], Translator(DOMAIN, "pl"))
    for words in ("Pożądane Materiały", "Pula (", "Twój Projekt", "Gracze",
                  "Wynik końcowy (PZ)", "Trofeum", "od dołu do góry"):
        assert words in board, words
