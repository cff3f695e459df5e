"""Skytopia's terms with many values, worded for people: a Market card's place (``g1``,
the gold column's first row) in the log and on the action buttons.

>>> from towerplay.i18n import Translator
>>> term("g1", Translator("skytopia", "hu")), Translator("skytopia", "pl").term("g1")
('arany, 1. sor', '„złota 1”')
>>> Translator("skytopia", "en").term("g1")   # (the notation's English)
'g1'
>>> term("gold", Translator("skytopia", "pl")) is None   # (not a place: the catalogue's)
True
"""
from __future__ import annotations

import re

from towerplay.games.skytopia.components import COLOURS, LETTERS
from towerplay.i18n import LANGUAGES, SAID, Translator

PLACE = re.compile(f"([{LETTERS}])([1-9])")
"""A Market card's place in the notation: its column's letter and its row (1: by the deck)."""
COLUMN = dict(zip(LETTERS, COLOURS, strict=True))
"""Each column's colour by its letter (``b``: blue)."""
EFFECT_NUMBER = re.compile(r"\s*\(E\d+\)$")
"""The effect's number some card names end with (``Gain 2 PP (E4)``): data, not words."""


def term(word: str, tr: Translator) -> str | None:
    """``word`` worded by the catalogue's ``slot_term`` if it is a Market card's place
    (in any grammatical form: ``g1@said``); where people read English
    (:data:`~towerplay.i18n.SAID`), a card's name without its effect's number; else
    ``None``. English keeps the notation but where people read it.

    >>> term("g1@said", Translator("skytopia", "en"))
    'gold 1'
    >>> term("Gain 2 PP (E4)@said", Translator("skytopia", "en"))
    'Gain 2 PP'
    """
    place, _, form = word.partition("@")
    found = PLACE.fullmatch(place)
    english = tr.lang == LANGUAGES[0]
    if found is None:
        if english and form == SAID and EFFECT_NUMBER.search(place):
            return EFFECT_NUMBER.sub("", tr.term(place))
        return None
    if english and form != SAID:
        return place
    letter, row = found.groups()
    return tr("slot_term", colour=tr.term(COLUMN[letter]), row=row)
