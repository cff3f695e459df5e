"""Draw the README's picture of a board: a 5 Towers game between three greedy bots, stopped
mid-game at the first seat's bid, drawn by the web app's own renderer
(:func:`towerplay.server.boards.draw`) from that seat's view, as the browser shows it.

The web board is one ``<div>`` of SVG panels that the page's stylesheet lays out side by
side; this script puts the same panels into one SVG file (two columns, each panel on a white
card), so the picture needs no stylesheet. Run it again after a change to the board:

    PYTHONPATH=src .venv/bin/python docs/board_picture.py     # writes docs/images/board.svg
"""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from towerplay import bots, games
from towerplay.server.boards import draw

SVG = "http://www.w3.org/2000/svg"
GAME, PLAYERS, SEED = "five_towers", 3, 42
SEAT = 0
"""The seat whose view is drawn (the picture stops when it is to bid)."""
MIN_ACTIONS = 80
"""Play at least this many actions first: towers built, a discard pile, a few rounds gone."""
GAP, COLUMNS = 12, 2
OUT = Path(__file__).parent / "images" / "board.svg"


def mid_game_view() -> dict[str, object]:
    """Seat ``SEAT``'s view at its first bid after ``MIN_ACTIONS`` actions of greedy play."""
    state = games.load(GAME).start(players=PLAYERS, seed=SEED)
    players = [bots.load("greedy", seed=seat) for seat in range(PLAYERS)]
    played = 0
    while not state.is_over:
        bidding = any(str(a).startswith("bid") for a in state.legal_actions())
        if played >= MIN_ACTIONS and state.to_move == SEAT and bidding:
            return dict(state.view(SEAT))
        state.apply(players[state.to_move].act(state))
        played += 1
    raise RuntimeError("the game ended before the position the picture shows")


def panels(board_html: str) -> list[ET.Element]:
    """The board's SVG panels (the web board is a ``<div>`` of them, or one SVG)."""
    root = ET.fromstring(board_html)
    if root.tag == f"{{{SVG}}}svg":
        return [root]
    found = [child for child in root if child.tag == f"{{{SVG}}}svg"]
    if not found:
        raise RuntimeError("the board drew no SVG panel")
    return found


def size(panel: ET.Element) -> tuple[float, float]:
    """A panel's width and height, from its ``viewBox``."""
    _, _, width, height = (float(n) for n in panel.attrib["viewBox"].split())
    return width, height


def compose(parts: list[ET.Element]) -> ET.Element:
    """The panels in ``COLUMNS`` columns, each into the shortest column so far (as the page's
    flex layout wraps them), on white rounded cards over a light background."""
    widest = max(size(p)[0] for p in parts)
    heights = [float(GAP)] * COLUMNS
    placed: list[tuple[ET.Element, float, float]] = []
    for part in parts:
        column = heights.index(min(heights))
        x = GAP + column * (widest + GAP)
        placed.append((part, x, heights[column]))
        heights[column] += size(part)[1] + GAP
    width, height = GAP + COLUMNS * (widest + GAP), max(heights)
    out = ET.Element(f"{{{SVG}}}svg", {"viewBox": f"0 0 {width:g} {height:g}",
                                       "width": f"{width:g}", "height": f"{height:g}",
                                       "role": "img", "aria-label": "a 5 Towers board"})
    ET.SubElement(out, f"{{{SVG}}}rect", {"width": "100%", "height": "100%", "fill": "#eef0f3"})
    for part, x, y in placed:
        w, h = size(part)
        ET.SubElement(out, f"{{{SVG}}}rect", {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}",
                                             "height": f"{h:g}", "rx": "8", "fill": "#fff"})
        part.attrib.update({"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}",
                            "height": f"{h:g}"})
        out.append(part)
    return out


def main(argv: list[str]) -> int:
    """Write the picture to ``argv[0]`` (default ``docs/images/board.svg``)."""
    path = Path(argv[0]) if argv else OUT
    ET.register_namespace("", SVG)
    picture = compose(panels(draw(mid_game_view(), "en")))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(ET.tostring(picture, encoding="unicode") + "\n", encoding="utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
