"""Blueprint cards: the layout notation, validation, and the deck (package data or a file).

A layout is three row tokens, top to bottom, each two characters (column 1, column 2): a
digit is the target height of the cell, ``X`` a hatched cell. In memory a layout is a tuple
of six heights, row by row, 0 meaning hatched.

>>> parse_blueprint("X1 31 1X")
(0, 1, 3, 1, 1, 0)
>>> blueprint_text((0, 1, 3, 1, 1, 0))
'X1 31 1X'
>>> len(default_deck()), default_deck()[15]
(24, ('BP16', (0, 1, 3, 1, 1, 0)))
"""
from __future__ import annotations

import json
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import PurePath
from typing import Any

from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event, Param, Term
from towerplay.core.files import read_text_limited
from towerplay.games.blueprints.dice import CELLS, NEIGHBOURS

Layout = tuple[int, ...]
Deck = tuple[tuple[str, Layout], ...]
DIE_COUNT = 6
"""Every card needs exactly six dice (rules §15)."""
PROVISIONAL_NOTE = ("PROVISIONAL: the 24 default blueprints are placeholder layouts from the "
                    "rules spec §15, not the real cards")


def parse_blueprint(text: str) -> Layout:
    """The six heights of a layout like ``X1 31 1X``; InvalidOptions naming the problem."""
    if not isinstance(text, str):
        raise refused("blueprint_text", got=repr(text))
    tokens = text.upper().split()
    if len(tokens) != 3 or any(len(t) != 2 for t in tokens):
        raise refused("blueprint_rows", got=repr(text))
    heights = []
    for ch in "".join(tokens):
        if ch == "X":
            heights.append(0)
        elif ch in "123456":
            heights.append(int(ch))
        else:
            raise refused("blueprint_cell", blueprint=repr(text), got=repr(ch))
    layout = tuple(heights)
    if sum(layout) != DIE_COUNT:
        raise refused("blueprint_sum", blueprint=repr(text), dice=DIE_COUNT,
                      got=sum(layout))
    if not _connected(layout):
        raise refused("blueprint_connected", blueprint=repr(text))
    return layout


def refused(key: str, /, **params: Param) -> InvalidOptions:
    """A refusal of a blueprint or a deck, ``blueprints.card_<key>`` (worded by the
    catalogues in the reader's language)."""
    return InvalidOptions(Event.of(f"blueprints.card_{key}", **params))


def blueprint_text(layout: Layout) -> str:
    """The notation of a layout (inverse of :func:`parse_blueprint`)."""
    chars = ["X" if h == 0 else str(h) for h in layout]
    return " ".join("".join(chars[r * 2:r * 2 + 2]) for r in range(CELLS // 2))


def _connected(layout: Layout) -> bool:
    usable = {c for c in range(CELLS) if layout[c]}
    if not usable:
        return False
    seen, todo = set(), [min(usable)]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        todo += [n for n in NEIGHBOURS[cell] if n in usable]
    return seen == usable


def _deck_from_rows(rows: object, where: Param) -> Deck:
    if not isinstance(rows, list) or not rows:
        raise refused("deck_empty", where=where)
    deck = []
    for index, row in enumerate(rows, 1):
        if isinstance(row, str):
            name, text = f"card{index}", row
        elif (isinstance(row, list) and len(row) == 2
              and all(isinstance(x, str) for x in row)):
            name, text = row
        else:
            raise refused("deck_row", where=where, index=index, got=repr(row)[:80])
        try:
            layout = parse_blueprint(text)
        except InvalidOptions as error:
            raise refused("deck_card", where=where, index=index,
                          problem=error.event) from None
        deck.append((name, layout))
    return _checked(tuple(deck), where)


def _checked(deck: Deck, where: Param) -> Deck:
    if len(deck) < 4:
        raise refused("deck_small", where=where, got=len(deck))
    seen: dict[Layout, str] = {}
    for name, layout in deck:
        if layout in seen:
            raise refused("deck_repeat", where=where, name=name,
                          blueprint=blueprint_text(layout), first=seen[layout])
        seen[layout] = name
    return deck


@lru_cache(maxsize=1)
def default_deck() -> Deck:
    """The provisional 24-card deck shipped as package data (see blueprints.toml)."""
    package = resources.files("towerplay.games.blueprints")
    text = package.joinpath("blueprints.toml").read_text("utf-8")
    return _deck_from_rows(tomllib.loads(text)["cards"], "blueprints.toml")


def deck_file_data(path: str | PurePath) -> dict[str, Any]:
    """The data of a deck file, as the ``blueprints`` option holds it: ``{"cards": [...]}``.

    A ``.toml`` file is parsed as TOML (it needs a ``cards`` list); any other file holds one
    layout per line (``#`` comments; an optional name first). The deck is checked here, so
    a bad file is refused naming it."""
    text = read_text_limited(path, what="blueprint_deck")
    where = Event.of("blueprints.card_deck_file", path=str(path))
    if PurePath(path).suffix.lower() == ".toml":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:  # (the parser's own words)
            raise InvalidOptions(Event.of("core.file_not_toml", what=Term("blueprint_deck"),
                                          path=str(path), detail=str(error))) from None
    else:
        rows: list[object] = []
        for line in text.splitlines():
            words = line.split("#", 1)[0].split()
            if words:
                rows.append([words[0], " ".join(words[1:])] if len(words) == 4
                            else " ".join(words))
        data = {"cards": rows}
    deck_from_data(data, where)
    return data


def deck_option(value: Any) -> Any:
    """The ``blueprints`` option's validator: a path becomes its file's data, so a record
    carries the deck and replays anywhere; data and ``None`` pass through."""
    if isinstance(value, (str, PurePath)):
        return deck_file_data(value)
    return value


DECK = Term("blueprint_deck")
"""A deck named by no file (the option's data)."""


def deck_from_data(data: object, where: Param = DECK) -> Deck:
    """The deck held by a ``{"cards": [...]}`` mapping (the option's data), checked;
    ``where`` names it in a refusal."""
    if not isinstance(data, dict) or "cards" not in data:
        raise refused("deck_no_cards", where=where)
    try:
        key = json.dumps(data["cards"])
    except (TypeError, ValueError):
        raise refused("deck_pairs", where=where) from None
    return _deck_cached(key, where)


@lru_cache(maxsize=16)
def _deck_cached(cards: str, where: Param) -> Deck:
    """Parse a deck once per content (games are loaded again and again by simulations)."""
    return _deck_from_rows(json.loads(cards), where)


def load_deck(path: str) -> Deck:
    """A user's deck from a file (see :func:`deck_file_data`)."""
    return deck_from_data(deck_file_data(path), f"blueprint deck {path}")
