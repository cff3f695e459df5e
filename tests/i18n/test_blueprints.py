"""Blueprints in Polish and Hungarian: every log line any seat (or a spectator) sees and
every refusal the game gives has a template in the ``blueprints`` catalogue, every legal
action an ``action.*`` template (the button's imperative, unlike the log line), and its
board speaks the language with no key and no English phrase left.

The games: seeded random and greedy-bot games of 2, 3 and 4 players in each of the game's
variants (together they hold every value of its options)."""
from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import pytest

from tests.games.blueprints.near_misses import NEAR_MISSES
from tests.i18n.wording import LANGS, Wording, seats
from towerplay import games
from towerplay.games.blueprints.board import draw
from towerplay.games.blueprints.game import Blueprints
from towerplay.i18n import ACTION, Translator, match

DOMAIN = "blueprints"
SAMPLE = 7
"""Refusals are provoked at every 7th position (each a full sweep of the action space)."""
GAMES = [(variant, players, specs)
         for variant in range(len(Blueprints.variants)) for players in (2, 3, 4)
         for specs in (["random"] * players, ["greedy"] + ["random"] * (players - 1))]
WORDING = Wording(DOMAIN, [*NEAR_MISSES, "hello", "take", "place r9c9"])


class Played(NamedTuple):
    """What one game showed: the English log lines (each move's as it was made) and
    refusals, and views to draw."""

    lines: set[str]
    refusals: set[str]
    views: list[dict[str, Any]]
    actions: set[str]


@cache
def play(variant: int, players: int, specs: tuple[str, ...]) -> Played:
    """One game (seeded by its place in :data:`GAMES`), looked at move by move: every
    seat's and a spectator's line for each move; at every 7th move and the end, the
    reason of every action not legal then; the views at the start, half way through and
    at the end; the notation of every legal action of every position."""
    seed = GAMES.index((variant, players, list(specs)))
    positions = WORDING.match_game(Blueprints.variants[variant], specs, seed)
    half = positions[0].game.max_game_length(players) // 2
    moves = positions[1:]
    return Played(
        {line for state in moves for seat in seats(state)
         if (line := state.log_line(len(state.history) - 1, seat)) is not None},
        {reason for state in moves if (len(state.history) - 1) % SAMPLE == 0
         or state.is_over for reason in WORDING.refusals(state)},
        [state.view(seat) for state in positions
         if state is positions[0] or len(state.history) == half or state.is_over
         for seat in seats(state)],
        {str(action) for state in positions for action in state.legal_actions()})


def all_played() -> list[Played]:
    return [play(variant, players, tuple(specs)) for variant, players, specs in GAMES]


@pytest.mark.parametrize("lang", LANGS)
def test_every_log_line_has_a_template(lang: str) -> None:
    lines = set().union(*(p.lines for p in all_played()))
    assert {"builds (hidden)", "remove"} <= lines and len(lines) > 50
    WORDING.assert_worded(sorted(lines), langs=[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_has_a_template(lang: str) -> None:
    reasons = set().union(*(p.refusals for p in all_played()))
    for kind in ("the game is over", "must take", "must place", "must discard",
                 "there is no", "is hatched", "cannot go on", "fits on your",
                 "fits nowhere on", "cannot read", "a die is", "a cell is"):
        assert any(kind in reason for reason in reasons), kind
    WORDING.assert_worded(sorted(reasons), langs=[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_every_legal_action_has_an_imperative_label(lang: str) -> None:
    """Every legal action of every position of the games is matched by an ``action.*``
    template, and its button reads otherwise than its notation and its log line (which
    tells in the third person what a seat did)."""
    notations = set().union(*(p.actions for p in all_played()))
    assert {"remove", "take G5", "discard R3", "place r2c1"} <= notations
    tr = Translator(DOMAIN, lang)
    for text in sorted(notations):
        assert match(DOMAIN, text, ACTION) is not None, text
        label = tr.action(text)
        assert label not in (text, tr.line(text)), (lang, text, label)


def test_action_labels_in_polish_and_hungarian() -> None:
    pl, hu = Translator(DOMAIN, "pl"), Translator(DOMAIN, "hu")
    assert pl.action("take W3") == "weź drewnianą kość o wartości 3"
    assert pl.action("discard R1") == "odrzuć kość z recyklingu o wartości 1"
    assert pl.action("place r2c1") == "połóż kość na polu r2c1"
    assert pl.action("remove") == "usuń wziętą kość (nigdzie nie pasuje)"
    assert hu.action("take G5") == "vegyél el egy 5 értékű üvegkockát"
    assert hu.action("discard S6") == "dobj el egy 6 értékű kőkockát"
    assert hu.action("place r3c2") == "rakd le a kockát az r3c2 mezőre"
    assert hu.action("remove") == "távolítsd el a sehová sem férő kockát"
    assert Translator(DOMAIN, "en").action("take G5") == "take G5"


def test_a_refusal_reads_naturally() -> None:
    state = games.load(DOMAIN).start(players=2, seed=4)
    reason = state.check(state.game.parse_notation("remove"))
    assert reason is not None
    assert Translator(DOMAIN, "pl").line(reason).startswith(
        "Ruch 'remove' jest teraz niedozwolony: miejsce 1 musi wziąć kość z puli")
    assert Translator(DOMAIN, "hu").line(reason).startswith(
        "Most nem szabályos lépés ('remove'): 1. hely: vegyen el egy kockát")


@pytest.mark.parametrize("lang", LANGS)
def test_boards_speak_the_language(lang: str) -> None:
    tr = Translator(DOMAIN, lang)
    for played in all_played():
        for view in played.views:
            WORDING.check_board(draw(view, tr), lang)


def test_the_polish_board_uses_the_rulebooks_words() -> None:
    views = [v for p in all_played() for v in p.views if v["is_over"] and v["seat"] == 0]
    board = draw(views[0], Translator(DOMAIN, "pl"))
    for words in ("Pożądane Materiały", "Pula (", "Twój Projekt", "Gracze",
                  "Wynik końcowy (PZ)", "Trofeum", "od dołu do góry"):
        assert words in board, words


def test_the_checks_catch_english_and_keys() -> None:
    """The checks above fail on an English board and on an untranslated line (they are
    not vacuous)."""
    WORDING.assert_checks_bite(draw(games.load(DOMAIN).start(players=2, seed=4).view(0)))
