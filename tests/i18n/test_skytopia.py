"""Skytopia in Polish and Hungarian: every log line any seat or a spectator sees, every
refusal the game gives, every legal action (the page's buttons word them as log lines)
and every source of the final score has a template or a term in the skytopia catalogue,
and the boards drawn in those languages show no key and no English phrase.

Games: seeded random playouts and greedy-bot games of 2, 3 and 4 players under every
value of every option (``components`` aside: a file of one's own words its cards itself).
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest

from tests.games.skytopia.near_misses import NEAR_MISSES
from towerplay import games
from towerplay.arena import play_match
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.games.skytopia.actions import parse
from towerplay.games.skytopia.board import draw
from towerplay.i18n import Translator, catalogue

LANGS = ("pl", "hu")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"abilities": "draft", "sides": "choose", "preliminary_turn": True},
    {"sides": "b", "market_size": 2},
    {"abilities": "draft", "tiebreak_coins": "total", "market_size": 1},
    {"sides": "choose", "market_size": 3},
    {"preliminary_turn": True, "sides": "b", "market_size": 4},
]
GAMES = [(options, players, seed) for i, options in enumerate(OPTIONS)
         for players in (2, 3, 4) if options.get("market_size", 0) <= players
         for seed in (i, 100 + i)]
PLURAL = (".one", ".few", ".many", ".other")
REFUSALS_EVERY = 8
"""Refusals are asked at every 8th position, the second (a tile drafted) and the last."""
SHAPE = re.compile(r"^'[^']*'|\b[bgrp][1-4]\b|\d+")
"""What varies among refusals of one kind: the action named, cards, numbers (a refusal
per shape is checked: the action space has over 2,000 actions)."""


def random_game(options: dict[str, Any], players: int, seed: int) -> list[State[Any]]:
    """Every position of a seeded random playout (copies), the end included."""
    state = games.load("skytopia", **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    found = [state.copy()]
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.copy())
    return found


def greedy_game(options: dict[str, Any], players: int, seed: int) -> list[State[Any]]:
    """Every position of a game of greedy bots (and one random seat)."""
    game = games.load("skytopia", **options)
    found = [game.start(players=players, seed=seed)]
    play_match(game, ["random"] + ["greedy"] * (players - 1), seed,
               on_move=lambda state, _: found.append(state.copy()))
    return found


def log_lines(state: State[Any]) -> set[str]:
    """Every line any seat or a spectator sees of the game so far, and the sources of
    its score (the page's score sheet words them as lines too)."""
    sources = {label for rows in state.view(None).get("breakdown") or [] for label, _ in rows}
    return sources | {line for index in range(len(state.history))
                      for seat in [None, *range(state.players)]
                      if (line := state.log_line(index, seat)) is not None}


def refusals(state: State[Any]) -> dict[str, str]:
    """The reason of every action of the action space that is not legal now, and the
    notation errors of almost-right texts: one of each shape, by shape."""
    legal = set(state.legal_actions())
    found = [reason for action in state.game.action_space if action not in legal
             and (reason := state.check(action)) is not None]
    for text in NEAR_MISSES:
        try:
            state.game.parse_action(state, text)
        except IllegalAction as error:
            found.append(str(error))
    return {SHAPE.sub("#", reason): reason for reason in found}


@cache
def provoked(game: int) -> tuple[frozenset[str], frozenset[str]]:
    """The log lines, the legal actions and the refusals of ``GAMES[game]`` played at
    random and by greedy bots."""
    lines: set[str] = set()
    reasons: dict[str, str] = {}
    for positions in (random_game(*GAMES[game]), greedy_game(*GAMES[game])):
        for state in positions[1:2] + positions[::REFUSALS_EVERY] + positions[-1:]:
            reasons |= refusals(state)
        lines |= log_lines(positions[-1])
        lines |= {str(action) for state in positions for action in state.legal_actions()}
    return frozenset(lines), frozenset(reasons.values())


@cache
def english_phrases(lang: str) -> frozenset[str]:
    """The English catalogue's phrases of two words or more (the parts between fields)
    that ``lang`` words differently; the notation (``tower red``, quoted ``'place
    <card>:<value>'``) aside."""
    english, other = catalogue("skytopia", "en"), catalogue("skytopia", lang)
    found = set()
    for key, text in english.items():
        for chunk in re.split(r"\{\w+\}|'[^']*'", text):
            chunk = chunk.strip(" ,;:·()?—")
            if len(re.findall(r"[A-Za-z]{2,}", chunk)) >= 2 and chunk not in other.get(
                    key, "") and not notation(chunk):
                found.add(chunk)
    return frozenset(found)


def notation(text: str) -> bool:
    """Whether ``text`` is an action's notation (the same in every language)."""
    try:
        parse(text)
    except IllegalAction:
        return False
    return True


def assert_worded(lines: Iterable[str]) -> None:
    """Each line has a template in Polish and Hungarian, and its translation keeps no
    English phrase (a card name, an expectation: each field that is a term is worded)."""
    for lang in LANGS:
        tr = Translator("skytopia", lang)
        for line in lines:
            assert tr.untranslated(line) == [], (lang, line)
            worded = tr.line(line)
            assert not [p for p in english_phrases(lang) if p in worded], (lang, worded)


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_line_and_refusal_has_a_template(game: int) -> None:
    lines, reasons = provoked(game)
    assert lines and reasons
    assert_worded(lines | reasons)


def test_every_template_is_met() -> None:
    """The games above provoke every line template of the catalogue (so each is tested),
    but two the shipped cards never give: 'row purple' (the only card that activates its
    row is purple itself) and a placement refused for want of a golem (placements are
    asked only while one is on the board)."""
    tr = Translator("skytopia", "pl")
    met = {found[0] for game in range(len(GAMES)) for text in set().union(*provoked(game))
           for part in text.split(" · ") if (found := tr._match(part))}  # noqa: SLF001
    english = catalogue("skytopia", "en")
    assert {k for k in english if k.startswith("line.") and not k.endswith(PLURAL)} - met \
        == {"line.row_purple", "line.refused_no_golem"}


def test_lines_in_polish_and_hungarian() -> None:
    pl, hu = Translator("skytopia", "pl"), Translator("skytopia", "hu")
    assert pl.line("place g1:5") == "stawia Golema na g1 z wartością 5"
    assert pl.line("turn r2:4 2") == "obraca Golema z r2 (wartość 4) o 2 kroki"
    assert pl.line("use — BLU-05 Gain 3 PP (E4) · a deck is empty: round 7 is the last") \
        == "używa efektu — BLU-05 Otrzymujesz 3 PP (E4) · talia jest pusta: runda 7 będzie " \
           "ostatnia"
    assert hu.line("tower gold") == "aktiválja az arany Tornyát"
    assert hu.line("coins (12 // 5)") == "érmék (12 // 5)"
    assert pl.line("Mechanics' Guild") == "Gildia Mechaników"
    state = games.load("skytopia").start(players=2, seed=1)
    reason = state.check(games.load("skytopia").parse_notation("tower red"))
    assert reason == ("'tower red' is refused: that is not what is asked now; assign a "
                      "golem: 'place <card>:<value>'")
    assert pl.line(reason) == ("'tower red' — nie o to teraz chodzi; przypisz Golema do "
                               "pracy: 'place <karta>:<wartość>'")
    assert Translator("skytopia", "en").line(reason) == reason


# ----------------------------------------------------------------- boards
def visible(board: str) -> list[str]:
    """Every text a person sees or hears on a board: texts, titles, aria-labels."""
    root = ET.fromstring(board)
    return [t for e in root.iter() for t in (e.text, e.get("aria-label")) if t]


def check_board(board: str, lang: str) -> None:
    """No key, no template, no English phrase in any text of ``board``."""
    english = catalogue("skytopia", "en")
    keys = set(english) | {k.rsplit(".", 1)[0] for k in english if k.endswith(PLURAL)}
    for text in visible(board):
        assert "term." not in text and "line." not in text, (lang, text)
        assert text not in keys, (lang, text)
        assert not [p for p in english_phrases(lang) if p in text], (lang, text)


@pytest.mark.parametrize(("options", "players", "seed"), GAMES[::2])
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(
        options: dict[str, Any], players: int, seed: int, lang: str) -> None:
    """The start, every 15th position and the end, for every seat and a spectator."""
    positions = random_game(options, players, seed)
    tr = Translator("skytopia", lang)
    for state in [*positions[::15], positions[-1]]:
        for seat in [None, *range(players)]:
            board = draw(state.view(seat), tr)
            check_board(board, lang)
            assert tr("market_panel") in board


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on English (they are not vacuous)."""
    state = games.load("skytopia").start(players=2, seed=3)
    with pytest.raises(AssertionError):
        check_board(draw(state.view(0)), "pl")
    with pytest.raises(AssertionError):
        assert_worded(["use — BLU-05 Gain 3 coins, twice"])  # a card no term names
    assert english_phrases("pl") and english_phrases("hu")
