"""Components of Budowa Zamku: the 5 × 9 table, the action values, the character deck.

Positions are numbered 0..44 row by row and named ``a1`` … ``e9`` (row letter, column).

>>> position_name(0), position_name(44), parse_position("c4")
('a1', 'e9', 21)
>>> str(REVEAL[21]), str(BUILD), str(WIZARD[17])
('reveal c4', 'build', 'wizard 17')
>>> deck = default_characters()
>>> deck.king, deck.queen, deck.wizard
(44, 42, 26)
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any, NamedTuple

from towerplay.core.errors import InvalidOptions, TowerplayError
from towerplay.core.events import Event, Param, Term
from towerplay.core.files import read_text_limited, toml_data

ROWS = "abcde"
COLUMNS = 9
POSITIONS = len(ROWS) * COLUMNS  # 45
LOWEST, HIGHEST = 2, 46  # the wall cards; the start tile is 1
GOAL = 10  # elements (start tile + 9 wall cards) that end the game

# a reveal record: (history index, seat, position, card, result, resolved automatically)
Reveal = tuple[int, int, int, int, str, bool]
RESULTS = ("revealed", "built", "inserted", "returned", "removed")

# character flags of a card
KING, QUEEN, WIZARD_FLAG, KNIGHT, PRINCESS = 1, 2, 4, 8, 16

DATA_FILE = Path(__file__).with_name("characters.toml")


def position_name(pos: int) -> str:
    """``a1`` … ``e9`` for 0..44."""
    return f"{ROWS[pos // COLUMNS]}{pos % COLUMNS + 1}"


def parse_position(text: str) -> int:
    """The index of a position name; :class:`ValueError` if it is not ``a1`` … ``e9``."""
    if len(text) != 2 or text[0] not in ROWS or not "1" <= text[1] <= "9":
        raise ValueError(text)
    return ROWS.index(text[0]) * COLUMNS + int(text[1]) - 1


class Act(NamedTuple):
    """One decision. ``verb`` is reveal/build/return/remove/wizard; ``arg`` a position
    (reveal) or the castle card the new card goes after (wizard), else 0."""

    verb: str
    arg: int = 0

    def __str__(self) -> str:
        if self.verb == "reveal":
            return f"reveal {position_name(self.arg)}"
        if self.verb == "wizard":
            return f"wizard {self.arg}"
        return self.verb


# every action that can ever be legal, built once (identity makes `in` checks fast)
REVEAL = tuple(Act("reveal", p) for p in range(POSITIONS))
BUILD = Act("build")
RETURN = Act("return")
REMOVE = Act("remove")
WIZARD = {n: Act("wizard", n) for n in range(1, HIGHEST)}  # after card 1 (tile) … 45
ALL_ACTIONS: tuple[Act, ...] = (*REVEAL, BUILD, *WIZARD.values(), RETURN, REMOVE)
"""The action space in dense-id order: a revealed card's choices (build, a Wizard gap,
then return or remove) come in id order, as OpenSpiel requires."""


# ----------------------------------------------------------------- the character deck
class Characters(NamedTuple):
    """Which wall cards show which characters (only the ``characters`` variant scores them).

    ``flags[n]`` is the bit set of card ``n`` (KING, QUEEN, WIZARD_FLAG, KNIGHT, PRINCESS).
    """

    king: int
    queen: int
    wizard: int
    knights: tuple[int, ...]
    princesses: tuple[int, ...]
    provisional: bool
    source: str
    flags: tuple[int, ...]

    def figures(self, card: int) -> list[str]:
        """The character names on a card.

        >>> default_characters().figures(35)
        ['knight', 'princess']
        """
        bits = self.flags[card] if 0 <= card < len(self.flags) else 0
        return [name for name, bit in FIGURE_BITS if bits & bit]


FIGURE_BITS = (("king", KING), ("queen", QUEEN), ("wizard", WIZARD_FLAG),
               ("knight", KNIGHT), ("princess", PRINCESS))
_SINGLE = ("king", "queen", "wizard")
_MANY = ("knights", "princesses")
_INFO = ("provisional", "note", "source")


def _card(value: Any, where: Param) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
        raise bad("card", where=where, low=LOWEST, high=HIGHEST, got=repr(value)[:40])
    return value


def characters_from_data(data: Any, source: str) -> Characters:
    """Validate parsed TOML/JSON data; :class:`ValueError` names the first problem.

    >>> characters_from_data({"king": 3, "queen": 4, "wizard": 5, "knights": [6],
    ...                       "princesses": [6, 7]}, "test").figures(6)
    ['knight', 'princess']
    >>> same = {"king": 3, "queen": 3, "wizard": 5}
    >>> characters_from_data(same, "test")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    towerplay.core.errors.InvalidOptions: king, queen and wizard must be three different cards
    (got 3, 3, 5)
    """
    if not isinstance(data, dict):
        raise bad("not_table", keys=", ".join(_SINGLE + _MANY))
    unknown = sorted(set(data) - set(_SINGLE) - set(_MANY) - set(_INFO))
    if unknown:
        raise bad("unknown_keys", count=len(unknown),
                  got=", ".join(repr(k)[:40] for k in unknown[:5]),
                  keys=", ".join(_SINGLE + _MANY + _INFO))
    for key in _SINGLE:
        if key not in data:
            raise bad("missing_key", key=repr(key), figure=Term(key))
    king, queen, wizard = (_card(data[k], repr(k)) for k in _SINGLE)
    if len({king, queen, wizard}) != 3:
        raise bad("single_same", king=king, queen=queen, wizard=wizard)
    lists = []
    for key in _MANY:
        values = data.get(key, [])
        if not isinstance(values, list):
            raise bad("not_list", key=repr(key), got=repr(values)[:40])
        cards = [_card(v, Event.of("castle.cards_each", key=repr(key))) for v in values]
        if len(set(cards)) != len(cards):
            raise bad("list_twice", key=repr(key), cards=str(sorted(cards)))
        for role, card in zip(_SINGLE, (king, queen, wizard), strict=True):
            if card in cards:  # the rulebook's single figures are cards of their own
                raise bad("also_single", card=card, figure=Term(role), key=repr(key))
        lists.append(tuple(sorted(cards)))
    provisional = data.get("provisional", False)
    if not isinstance(provisional, bool):
        raise bad("not_bool", key="'provisional'", got=repr(provisional)[:40])
    for key in ("note", "source"):
        if not isinstance(data.get(key, ""), str):  # records store the data as JSON
            raise bad("not_text", key=repr(key), got=repr(data[key])[:40])
    flags = [0] * (HIGHEST + 1)
    flags[king] |= KING
    flags[queen] |= QUEEN
    flags[wizard] |= WIZARD_FLAG
    for card in lists[0]:
        flags[card] |= KNIGHT
    for card in lists[1]:
        flags[card] |= PRINCESS
    return Characters(king, queen, wizard, lists[0], lists[1], provisional, source,
                      tuple(flags))


def read_cards_file(path: str | PurePath) -> Any:
    """The data of a character file: JSON or TOML by its suffix. A special, huge, binary
    or garbled file is refused in one line (:class:`InvalidOptions`)."""
    what = "castle_cards_file"  # term.castle_cards_file
    if "\x00" in str(path):  # open() would raise a bare ValueError
        raise InvalidOptions(Event.of("core.file_bad_name", what=Term(what),
                                      path=repr(str(path))))
    suffix = PurePath(path).suffix.lower()
    if suffix == ".toml":
        return toml_data(str(path), what=what)
    if suffix != ".json":
        raise InvalidOptions(Event.of("core.file_suffix", what=Term(what), path=str(path)))
    text = read_text_limited(path, what=what)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise InvalidOptions(Event.of("core.file_not_json", what=Term(what), path=str(path),
                                      detail=str(error))) from None


def load_characters(path: str | PurePath) -> Characters:
    """Read and check a character file (``.toml`` or ``.json``); :class:`InvalidOptions`
    naming the file and the problem if it is bad."""
    data = read_cards_file(path)
    try:
        return characters_from_data(data, str(path))
    except ValueError as error:
        raise in_file(path, error) from None


def bad(what: str, /, **params: Param) -> InvalidOptions:
    """A character composition's problem, ``castle.cards_<key>`` (an
    :class:`InvalidOptions`, so a :class:`ValueError`, worded by the catalogues)."""
    return InvalidOptions(Event.of(f"castle.cards_{what}", **params))


def in_file(path: str | PurePath, error: ValueError) -> InvalidOptions:
    """``error`` (a problem of the composition) as the refusal of the file at ``path``."""
    problem = error.event if isinstance(error, TowerplayError) else str(error)
    return InvalidOptions(Event.of("castle.cards_file", path=str(path), problem=problem))


@lru_cache(maxsize=16)
def _characters_cached(canonical: str) -> Characters:
    """One check per distinct composition (simulations load games again and again)."""
    data = json.loads(canonical)
    return characters_from_data(data, data.get("source", "cards option"))


def characters_from_option(data: Any) -> Characters:
    """The composition held by the ``cards`` option (a file's data); :class:`ValueError`
    names the first problem."""
    if not isinstance(data, dict):
        raise bad("not_table", keys=", ".join(_SINGLE + _MANY))
    try:
        canonical = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError, RecursionError):  # a TOML date, say: records store JSON
        raise bad("not_plain") from None
    return _characters_cached(canonical)


def cards_option(value: Any) -> Any:
    """The ``cards`` option's validator: a path becomes its file's data, checked, so a
    record carries the composition and replays anywhere; data is checked and passes
    through; ``None`` is the shipped file."""
    if isinstance(value, (str, PurePath)):
        data = read_cards_file(value)
        try:
            characters_from_option(data)
        except ValueError as error:
            raise in_file(value, error) from None
        return data
    if value is not None:
        characters_from_option(value)
    return value


@lru_cache(maxsize=1)
def default_characters() -> Characters:
    """The shipped (PROVISIONAL, invented) composition in ``characters.toml``."""
    return load_characters(DATA_FILE)
