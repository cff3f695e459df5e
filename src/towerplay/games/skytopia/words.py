"""Skytopia's terms with many values, worded for people: a Market card's place (``g1``,
the gold column's first row) in the log and on the action buttons.

>>> from towerplay.i18n import Translator
>>> term("g1", Translator("skytopia", "hu")), Translator("skytopia", "pl").term("g1")
('arany, 1. sor', '„złota 1”')
>>> Translator("skytopia", "en").term("g1")   # (English keeps the notation)
'g1'
>>> term("gold", Translator("skytopia", "pl")) is None   # (not a place: the catalogue's)
True
"""
from __future__ import annotations

import re

from towerplay.games.skytopia.components import COLOURS, LETTERS
from towerplay.i18n import LANGUAGES, Translator

PLACE = re.compile(f"([{LETTERS}])([1-9])")
"""A Market card's place in the notation: its column's letter and its row (1: by the deck)."""
COLUMN = dict(zip(LETTERS, COLOURS, strict=True))
"""Each column's colour by its letter (``b``: blue)."""


def term(word: str, tr: Translator) -> str | None:
    """``word`` worded by the catalogue's ``slot_term`` if it is a Market card's place,
    else ``None``. English keeps the notation: its buttons show the notation itself."""
    found = PLACE.fullmatch(word)
    if found is None:
        return None
    if tr.lang == LANGUAGES[0]:
        return word
    letter, row = found.groups()
    return tr("slot_term", colour=tr.term(COLUMN[letter]), row=row)
