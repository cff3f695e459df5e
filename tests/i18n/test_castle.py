"""Budowa Zamku in Polish and Hungarian: every log line any seat or a spectator sees and
every refusal the game gives has a template in the castle catalogue, and the boards
drawn in those languages show no key and no English phrase.

Games: seeded random playouts and greedy-bot games of 2, 3 and 4 players under every
value of every option (``first_player`` as 0 and 1; ``cards`` aside: a composition changes
numbers, not words).
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

import pytest

from tests.games.castle.near_misses import NEAR_MISSES
from towerplay import games
from towerplay.arena import play_match
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.games.castle.board import draw
from towerplay.games.castle.cards import REMOVE
from towerplay.i18n import Translator, catalogue

LANGS = ("pl", "hu")
OPTIONS: list[dict[str, Any]] = [
    {},
    {"variant": "characters"},
    {"memory": "open", "end": "table_empty"},
    {"variant": "characters", "memory": "open", "wizard_tile_gap": True},
    {"variant": "characters", "pair_cards": True, "first_player": 1},
    {"variant": "characters", "end": "table_empty", "first_player": 0},
    {"max_turns": 12},  # the turn cap ends the game
]
GAMES = [(options, players, seed) for i, options in enumerate(OPTIONS)
         for players in (2, 3, 4) for seed in (i, 100 + i)]
PLURAL = (".one", ".few", ".many", ".other")
OVER = "is not legal: the game is over"
"""The kernel's refusal once a game is over (the table refuses first: code ``over``)."""


def random_game(options: dict[str, Any], players: int, seed: int,
                decline: bool = False) -> Iterator[State[Any]]:
    """Every position of a seeded random playout (copies), the end included; with
    ``decline``, the players decline the Wizard whenever they may ('remove')."""
    state = games.load("castle", **options).start(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        yield state.copy()
        legal = state.legal_actions()
        state.apply(REMOVE if decline and REMOVE in legal else rng.choice(legal))
    yield state


def greedy_game(options: dict[str, Any], players: int, seed: int) -> list[State[Any]]:
    """Every position of a game of greedy bots (and one random seat)."""
    game = games.load("castle", **options)
    found = [game.start(players=players, seed=seed)]
    play_match(game, ["random"] + ["greedy"] * (players - 1), seed,
               on_move=lambda state, _: found.append(state.copy()))
    return found


def log_lines(state: State[Any]) -> set[str]:
    """Every line any seat or a spectator sees of the game so far."""
    return {line for index in range(len(state.history))
            for seat in [None, *range(state.players)]
            if (line := state.log_line(index, seat)) is not None}


def refusals(state: State[Any]) -> set[str]:
    """The reason of every action of the action space that is not legal now, and the
    notation errors of almost-right texts."""
    legal = set(state.legal_actions())
    found = {reason for action in state.game.action_space if action not in legal
             and (reason := state.check(action)) is not None}
    for text in NEAR_MISSES:
        try:
            state.game.parse_action(state, text)
        except IllegalAction as error:
            found.add(str(error))
    return found


def assert_worded(lines: Iterable[str]) -> None:
    """Each line has a template in Polish and Hungarian, and its translation differs."""
    for lang in LANGS:
        tr = Translator("castle", lang)
        for line in lines:
            assert tr.untranslated(line) == [], (lang, line)
            assert tr.line(line) != line, (lang, line)


@cache
def provoked(game: int) -> tuple[frozenset[str], frozenset[str]]:
    """The log lines and the refusals (the kernel's "game over" aside) of ``GAMES[game]``
    played at random, at random declining the Wizard, and by greedy bots: refusals at
    every third position."""
    lines: set[str] = set()
    reasons: set[str] = set()
    positions = [*random_game(*GAMES[game]), *random_game(*GAMES[game], decline=True),
                 *greedy_game(*GAMES[game])]
    for step, state in enumerate(positions):
        if step % 3 == 0 or state.is_over:
            reasons |= {r for r in refusals(state) if not r.endswith(OVER)}
        lines |= log_lines(state)
    return frozenset(lines), frozenset(reasons)


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_line_and_refusal_has_a_template(game: int) -> None:
    lines, reasons = provoked(game)
    assert lines and reasons
    assert_worded(lines | reasons)


def test_every_template_is_met() -> None:
    """The games above provoke every line template of the catalogue (so each is tested),
    the notation's "must be text" aside: only a direct call can provoke that one."""
    tr = Translator("castle", "pl")
    met = {found[0] for game in range(len(GAMES)) for text in set().union(*provoked(game))
           if (found := tr._match(text))}  # noqa: SLF001 (which template it is)
    english = catalogue("castle", "en")
    assert {k for k in english if k.startswith("line.")} - met == {"line.not_text"}
    with pytest.raises(IllegalAction) as raised:
        games.load("castle").parse_notation(17)  # type: ignore[arg-type]
    assert_worded({str(raised.value)})


def test_lines_in_polish_and_hungarian() -> None:
    pl, hu = Translator("castle", "pl"), Translator("castle", "hu")
    assert pl.line("reveal c4: 23 → returned") == "odkrywa c4: 23 → karta wraca zakryta"
    assert hu.line("wizard 17") == "Varázsló: a kártya beillesztése 17 után"
    state = games.load("castle").start(players=2, seed=1)
    state.apply("reveal a1")
    reason = state.check(games.load("castle").parse_notation("reveal a2"))
    assert reason is not None and reason.endswith("decide 'build' or 'return'")
    card = state.view(None)["revealed"]["card"]
    assert pl.line(reason) == (f"Ruch 'reveal a2' jest niedozwolony: karta {card} jest już "
                               "odkryta na polu a1 (jedna karta na turę); wybierz 'build' "
                               "lub 'return'")
    assert Translator("castle", "en").line(reason) == reason


# ----------------------------------------------------------------- boards
def visible(board: str) -> list[str]:
    """Every text a person sees or hears on a board: texts, titles, aria-labels."""
    root = ET.fromstring(board)
    return [t for e in root.iter() for t in (e.text, e.get("aria-label")) if t]


@cache
def english_phrases(lang: str) -> set[str]:
    """The English catalogue's phrases of two words or more (the parts between fields)
    that the language words differently."""
    english, other = catalogue("castle", "en"), catalogue("castle", lang)
    found = set()
    for key, text in english.items():
        if key.startswith("line."):
            continue
        for chunk in re.split(r"\{\w+\}", text):
            chunk = chunk.strip(" ,:·()?")
            words = re.findall(r"[A-Za-z]{2,}", chunk)
            if len(words) >= 2 and chunk not in other.get(key, ""):
                found.add(chunk)
    return found


def check_board(board: str, lang: str) -> None:
    """No key, no template, no English phrase in any text of ``board``."""
    english = catalogue("castle", "en")
    keys = set(english) | {k.rsplit(".", 1)[0] for k in english if k.endswith(PLURAL)}
    for text in visible(board):
        assert "term." not in text and "line." not in text, (lang, text)
        assert text not in keys, (lang, text)
        assert not any(phrase in text for phrase in english_phrases(lang)), (lang, text)


@pytest.mark.parametrize(("options", "players", "seed"), GAMES[::3])
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(
        options: dict[str, Any], players: int, seed: int, lang: str) -> None:
    """The start, every 10th position (a card revealed, or not) and the end, for every
    seat and a spectator."""
    positions = list(random_game(options, players, seed))
    tr = Translator("castle", lang)
    for state in [*positions[::10], positions[-1]]:
        for seat in [None, *range(players)]:
            board = draw(state.view(seat), tr)
            check_board(board, lang)
            assert f">{tr('castles')}<" in board


def test_the_checks_catch_english_and_keys() -> None:
    """The board checks above fail on an English board (they are not vacuous)."""
    state = games.load("castle", variant="characters").start(players=2, seed=3)
    with pytest.raises(AssertionError):
        check_board(draw(state.view(0)), "pl")
    assert english_phrases("pl") and english_phrases("hu")
