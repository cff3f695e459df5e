"""Castle's cards and 5 Towers' towers are the kit's pieces (issue #43): every card a
``piece`` with a tooltip in the reader's language, keyed so that the page marks the last
move, and castle's characters drawn as icons named in words, never as letters."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from towerplay.core.views import View
from towerplay.server.boards import draw

from tests.games.boards import SVG, positions

GAMES = {"five_towers": {}, "castle": {"variant": "characters", "memory": "open"}}
LANGS = ("pl", "hu")


def views(game: str) -> Iterator[View]:
    """The mover's views of a seeded three-seat game, every few moves, and the end."""
    for state in positions(game, GAMES[game], 3, seed=5, every=6):
        yield state.view(0)


def tooltips(board: str) -> list[str]:
    """Each card piece's tooltip: its own ``<title>``, else its nearest titled group's."""
    root = ET.fromstring(board)
    parent = {child: up for up in root.iter() for child in up}
    found = []
    for element in root.iter(f"{SVG}g"):
        if "piece" not in (element.get("class") or "").split():
            continue
        holder: ET.Element | None = element
        while holder is not None and holder.find(f"{SVG}title") is None:
            holder = parent.get(holder)
        title = None if holder is None else holder.find(f"{SVG}title")
        found.append("" if title is None else title.text or "")
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_a_kit_piece_with_a_tooltip_in_the_readers_language(game: str,
                                                                          lang: str) -> None:
    seen = 0
    for view in views(game):
        english, translated = tooltips(draw(view, "en")), tooltips(draw(view, lang))
        assert len(english) == len(translated)
        assert all(translated), (game, lang)
        assert [t for t, e in zip(translated, english, strict=True) if t == e] == []
        seen += len(translated)
    assert seen > 50  # towers, the display, castles and the table: their cards


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_on_the_board_carry_stable_keys(game: str) -> None:
    """A card keeps its key from one board to the next (the page patches it in place and
    marks what is new: the last move)."""
    before: set[str] = set()
    kept = 0
    for view in views(game):
        keys = set(re.findall(r'data-key="([^"]+)"', draw(view, "pl")))
        assert keys, game
        kept += len(keys & before)
        before = keys
    assert kept > 0


EVERY_GAME = {"five_towers": {}, "castle": {"variant": "characters"}, "blueprints": {},
              "skytopia": {}}


def placed(board: str) -> dict[str, tuple[str | None, str]]:
    """Each keyed piece of a board: its row (``data-row``) and where it stands (its
    ``transform`` and the first coordinates drawn in it)."""
    found = {}
    for element in ET.fromstring(board).iter():
        key = element.get("data-key")
        if key is None:
            continue
        first = next((e for e in element.iter() if "x" in e.attrib or "cx" in e.attrib), None)
        corner = None if first is None else (first.get("x", first.get("cx")),
                                             first.get("y", first.get("cy")))
        found[key] = (element.get("data-row"), repr((element.get("transform"), corner)))
    return found


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_a_piece_drawn_elsewhere_slides_along_its_row_or_moves_to_another(game: str) -> None:
    """The page marks each keyed piece that changed as the last move, unless it only slid
    along its row (``data-row``: static/morph.js). So a piece drawn elsewhere on a seat's
    next board, because a neighbour left or the layout around it grew, must stand in a
    row on one board at least (the same row on both: it slid; not: it moved, as a card
    taken from 5 Towers' display to the hand, or placed from the hand on a tower).
    Skytopia's Market cards and golems were in none, and were marked as moved whenever
    the placements drawn on the cards above made those taller."""
    moved = 0
    for seat in (0, 1):
        before: dict[str, tuple[str | None, str]] = {}
        for state in positions(game, EVERY_GAME[game], 2, seed=7):
            board = placed(draw(state.view(seat, log=False, legal=True), "en"))
            for key, (row, where) in board.items():
                old = before.get(key)
                if old is not None and old[1] != where:
                    assert (row, old[0]) != (None, None), (key, old, (row, where))
                    moved += 1
            before = board
    assert moved, "no piece changed its place: the test saw nothing"


def golem_drawn(golem: ET.Element) -> str:
    """What a drawn golem shows: its owner's colour and its value."""
    body = golem.find(f"{SVG}path")
    return f"{'' if body is None else body.get('fill')} {golem.findtext(f'{SVG}text')}"


def test_a_skytopia_golems_key_names_the_same_golem_while_it_stays() -> None:
    """A golem keeps its key while it stands on its card: one leaving the card ahead of
    it left the next golem its key (keyed by place on the card), so the page marked the
    golem that stayed as moved. Its key now names its card, owner and value."""
    kept = 0
    for seat in (0, 1):
        before: dict[str, str] = {}
        for state in positions("skytopia", {}, 3, seed=7):
            root = ET.fromstring(draw(state.view(seat, log=False, legal=True), "en"))
            golems = {e.get("data-key") or "": golem_drawn(e) for e in root.iter(f"{SVG}g")
                      if (e.get("data-key") or "").startswith("golem-")}
            for key, caption in golems.items():
                if key in before:
                    assert before[key] == caption, key  # the same value, the same golem
                    kept += 1
            before = {key: caption for key, caption in golems.items()}
    assert kept > 0


def test_five_towers_towers_are_stacks_of_named_cards() -> None:
    view = next(v for v in views("five_towers") if any(v["towers"][0].values()))
    board = ET.fromstring(draw(view, "pl"))
    stacks = [g for g in board.iter(f"{SVG}g") if g.get("class") == "stack"]
    assert len(stacks) == 5 * 3  # five towers a seat
    cards = [title.text or "" for g in stacks for title in g.iter(f"{SVG}title")]
    suit, values = next((s, v) for s, v in view["towers"][0].items() if v)
    assert any(re.match(rf"\w+ {values[0]}, 1\. karta od dołu", c) for c in cards), cards


HUNGARIAN = {"king": "király", "queen": "királynő", "wizard": "varázsló", "knight": "lovag",
             "princess": "hercegnő"}


def test_castle_characters_are_icons_named_in_words_never_letters() -> None:
    view = next(v for v in views("castle") if any(
        v["figures"].get(str(c)) for castle in v["castles"] for c in castle[1:]))
    root = ET.fromstring(draw(view, "hu"))
    texts = [e.text or "" for e in root.iter(f"{SVG}text")]
    assert not [t for t in texts if re.fullmatch(r"[KQWkp]+", t)]
    checked = 0
    for p, castle in enumerate(view["castles"]):
        for card in castle[1:]:
            names = view["figures"].get(str(card), [])
            piece = root.find(f".//{SVG}g[@data-key='castle-{p}-{card}']")
            assert piece is not None
            tip = piece.findtext(f"{SVG}title") or ""
            assert all(HUNGARIAN[name] in tip for name in names), tip
            assert len(piece.findall(f"{SVG}path")) >= len(names) + 1  # wall and icons
            checked += len(names)
    assert checked
