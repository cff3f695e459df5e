"""The toy game on a terminal, drawn from a seat's view only."""
from __future__ import annotations

from typing import Any

from towerplay.i18n import Translator


def draw(view: dict[str, Any], tr: Translator | None = None) -> str:
    """``total 7 (deck 9) — your hand: 2 5 9`` (the toy has no catalogue of its own:
    English, whatever ``tr``'s language)."""
    hand = view["hand"]
    mine = f" — your hand: {' '.join(map(str, hand))}" if hand is not None else ""
    return f"total {view['total']} (deck {view['deck']}){mine}"
