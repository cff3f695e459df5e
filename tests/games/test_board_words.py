"""Every game's board speaks the reader's language in names, never codes (issue #43): no
piece of notation or data ident in a text, a tooltip or a label, no English word on a
Polish or Hungarian board, and a tooltip in the reader's language on every piece."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from towerplay import games
from towerplay.core.views import View
from towerplay.server.boards import draw

from tests.games.boards import SVG, pieces, positions

BOARDS = [g for g in games.names() if games.companion(g, "board") is not None]
LANGS = ("pl", "hu")
CODE = re.compile(
    r"\b[a-z]+\d+(?:[:c]\d+)?\b"        # b1, s2, r1c2, b1:3, sand7: slots, cells, owners
    r"|\b[A-Z]{2,3}-?\d{2}\b"           # BLU-04, BP06: card and blueprint idents
    r"|\b[WRSG][1-6]\b"                 # W3: a Blueprints die's notation
    r"|\(E\d+\)|\bT\d+[AB]?\b"          # effect numbers, ability tiles
    r"|\b(?=[X1-6 ]*X)[X1-6]{2} [X1-6]{2} [X1-6]{2}\b"  # a blueprint's code
    r"|\bNone\b")
COORDINATES = {"castle"}
"""Castle's table prints its cells' coordinates (a1 … e9) round its edge and in them, as a
chess board does: the rules name places that way."""
SHARED = {"skytopia", "blueprints", "budowa", "zamku", "pp", "vp", "golem", "element"}
"""Words the languages share as they are: titles (castle's is Polish everywhere),
abbreviations, words spelled alike."""


def words_of(board: str) -> Iterator[str]:
    """Every text a reader meets on a board: its texts, tooltips and labels."""
    root = ET.fromstring(board)
    for element in root.iter():
        if element.text and element.tag in (f"{SVG}text", f"{SVG}title"):
            yield element.text
        for name in ("aria-label",):
            if element.get(name):
                yield element.get(name) or ""


def boards(game: str, seed: int = 3) -> Iterator[tuple[View, int | None]]:
    """Views of some positions of a random two-seat game: the mover's and a spectator's."""
    for state in positions(game, {}, 2, seed, every=9):
        yield state.view(state.to_move), state.to_move
        yield state.view(None), None


def latin_words(texts: list[str]) -> set[str]:
    """The words of ``texts`` in lower case (letters only, three or more)."""
    return {w.lower() for t in texts for w in re.findall(r"[^\W\d_]{3,}", t)}


@pytest.mark.parametrize("game", BOARDS)
@pytest.mark.parametrize("lang", ("en", *LANGS))
def test_no_code_on_a_board(game: str, lang: str) -> None:
    for view, _ in boards(game):
        for text in words_of(draw(view, lang)):
            found = CODE.findall(text)
            if game in COORDINATES:
                found = [f for f in found if not re.fullmatch(r"[a-e][1-9]", f)]
            assert not found, (game, lang, text)


@pytest.mark.parametrize("game", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_english_word_on_a_polish_or_hungarian_board(game: str, lang: str) -> None:
    """A word of the English board (of the same view) that shows on the translated one
    is English left untranslated, unless both languages share it (names, numbers)."""
    for view, _ in boards(game):
        english = latin_words(list(words_of(draw(view, "en"))))
        translated = latin_words(list(words_of(draw(view, lang))))
        both = {w for w in english & translated if w not in SHARED}
        names = latin_words([str(n) for n in view.get("names") or [] if n])
        assert not both - names, (game, lang, sorted(both - names))


@pytest.mark.parametrize("game", BOARDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_clickable_piece_has_a_tooltip_in_the_readers_language(game: str,
                                                                    lang: str) -> None:
    for view, seat in boards(game):
        if seat is None:
            continue
        english = {p.get("data-action"): p.find(f"{SVG}title")
                   for p in pieces(draw(view, "en"))}
        for piece in pieces(draw(view, lang)):
            title = piece.find(f"{SVG}title")
            assert title is not None and title.text
            mine = english[piece.get("data-action")]
            assert mine is not None and title.text != mine.text, (game, lang, title.text)
