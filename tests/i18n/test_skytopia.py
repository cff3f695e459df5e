"""Skytopia in Polish and Hungarian: every log line any seat or a spectator sees, every
refusal the game gives, every legal action and every source of the final score has a
template or a term in the skytopia catalogue, every legal action an ``action.*`` template
(the button's imperative, unlike the log line), and the boards drawn in those languages
show no key and no English phrase.

Games: seeded random playouts and greedy-bot games of 2, 3 and 4 players under every
value of every option (``components`` aside: a file of one's own words its cards itself).
"""
from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from tests.games.skytopia.near_misses import NEAR_MISSES
from tests.i18n.wording import LANGS, Wording, every_text, log_lines
from towerplay import games
from towerplay.core import State
from towerplay.core.errors import IllegalAction
from towerplay.games.skytopia.actions import parse
from towerplay.games.skytopia.board import draw
from towerplay.i18n import ACTION, Translator, match

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
REFUSALS_EVERY = 8
"""Refusals are asked at every 8th position, the second (a tile drafted) and the last."""
SHAPE = re.compile(r"^'[^']*'|\b[bgrp][1-4]\b|\d+")
"""What varies among refusals of one kind: the action named, cards, numbers (a refusal
per shape is checked: the action space has over 2,000 actions)."""


def notation(text: str) -> bool:
    """Whether ``text`` is an action's notation (the same in every language)."""
    try:
        parse(text)
    except IllegalAction:
        return False
    return True


WORDING = Wording("skytopia", NEAR_MISSES, notation=notation)
"""English phrases are the catalogue's but the notation (``tower red``, quoted ``'place
<card>:<value>'``); a worded line keeps none (a card name, an expectation: each field
that is a term is worded)."""


def sources(state: State[Any]) -> set[str]:
    """The sources of the score (the page's score sheet words them as lines too)."""
    return {label for rows in state.view(None).get("breakdown") or [] for label, _ in rows}


def refusals(state: State[Any]) -> dict[str, str]:
    """The game's refusals now (see :meth:`Wording.refusals`): one of each shape, by
    shape."""
    return {SHAPE.sub("#", reason): reason for reason in WORDING.refusals(state)}


@cache
def played(game: int) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The log lines and the score's sources, the refusals, and the notations of the
    legal actions of every position of ``GAMES[game]`` played at random and by greedy
    bots."""
    lines: set[str] = set()
    reasons: dict[str, str] = {}
    notations: set[str] = set()
    for positions in (WORDING.random_game(*GAMES[game]), WORDING.greedy_game(*GAMES[game])):
        for state in positions[1:2] + positions[::REFUSALS_EVERY] + positions[-1:]:
            reasons |= refusals(state)
        lines |= log_lines(positions[-1]) | sources(positions[-1])
        notations |= {str(action) for state in positions for action in state.legal_actions()}
    return frozenset(lines), frozenset(reasons.values()), frozenset(notations)


def provoked(game: int) -> tuple[frozenset[str], frozenset[str]]:
    """The log lines, the score's sources, the legal actions and the refusals of
    ``GAMES[game]`` (see :func:`played`)."""
    lines, reasons, notations = played(game)
    return lines | notations, reasons


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_log_line_and_refusal_has_a_template(game: int) -> None:
    WORDING.assert_provoked(*provoked(game))


def test_every_template_is_met() -> None:
    """The games above provoke every line template of the catalogue (so each is tested),
    but two the shipped cards never give: 'row purple' (the only card that activates its
    row is purple itself) and a placement refused for want of a golem (placements are
    asked only while one is on the board)."""
    texts = every_text(provoked, len(GAMES))
    assert WORDING.unmet(texts) == {"line.row_purple", "line.refused_no_golem"}


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


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_every_legal_action_has_an_imperative_label(game: int) -> None:
    """Every legal action of every position of the games above is matched by an
    ``action.*`` template, and its button reads in Polish and Hungarian otherwise than
    its notation and its log line (which tells in the third person what a seat did)."""
    notations = played(game)[2]
    assert notations
    for text in notations:
        assert match("skytopia", text, ACTION) is not None, text
    for lang in LANGS:
        tr = Translator("skytopia", lang)
        for text in notations:
            label = tr.action(text)
            assert label not in (text, tr.line(text)), (lang, text, label)


def test_action_labels_in_polish_and_hungarian() -> None:
    pl, hu = Translator("skytopia", "pl"), Translator("skytopia", "hu")
    assert pl.action("place g1:5") == "postaw Golema na g1 z wartością 5"
    assert [pl.action(f"turn r2:4 {n}") for n in (1, 2)] == [
        "obróć Golema z r2 (wartość 4) o 1 krok", "obróć Golema z r2 (wartość 4) o 2 kroki"]
    assert pl.action("tower gold") == "aktywuj złotą Wieżę"
    assert pl.action("top red") == "aktywuj wierzchnią kartę czerwonej Wieży"
    assert pl.action("use") == "użyj efektu"
    assert hu.action("place g1:5") == "küldj gólemet ide: g1, érték: 5"
    assert hu.action("tower gold") == "aktiváld az arany Tornyodat"
    assert hu.action("take p3") == "vedd a városodba a kártyát innen: p3"
    assert hu.action("side a") == "válaszd a lapka A oldalát"
    assert Translator("skytopia", "en").action("turn r2:4 2") == "turn r2:4 2"


# ----------------------------------------------------------------- boards
@pytest.mark.parametrize(("options", "players", "seed"), GAMES[::2])
@pytest.mark.parametrize("lang", LANGS)
def test_boards_have_no_key_and_no_english(
        options: dict[str, Any], players: int, seed: int, lang: str) -> None:
    """The start, every 15th position and the end, for every seat and a spectator."""
    WORDING.check_boards(WORDING.random_game(options, players, seed), 15, draw, lang,
                         shows=lambda _, board, tr: tr("market_panel") in board)


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on English (they are not vacuous)."""
    state = games.load("skytopia").start(players=2, seed=3)
    WORDING.assert_checks_bite(draw(state.view(0)))
    with pytest.raises(AssertionError):
        WORDING.assert_worded(["use — BLU-05 Gain 3 coins, twice"])  # a card no term names
