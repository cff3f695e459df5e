"""The shared SVG pieces of the web boards (towerplay.core.svg)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from towerplay.core import svg

NS = "{http://www.w3.org/2000/svg}"


def test_panel_is_an_svg_root_with_a_viewbox_and_an_escaped_label() -> None:
    root = ET.fromstring(svg.panel("toy", 120.0, svg.text(1, 2, "a<b"), 'x "&" y'))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == "0 0 380 120"
    assert root.get("aria-label") == 'x "&" y'
    assert "board-panel" in (root.get("class") or "").split()
    assert root.find(f"{NS}text").text == "a<b"  # type: ignore[union-attr]


def test_clickable_is_a_labelled_keyboard_button_and_escapes_its_action() -> None:
    piece = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">'
                          f'{svg.clickable("say <hi>", "a & b", "")}</svg>')[0]
    assert piece.get("data-action") == "say <hi>"
    assert (piece.get("role"), piece.get("tabindex")) == ("button", "0")
    assert piece.get("aria-label") == "a & b"
    assert piece.find(f"{NS}title").text == "a & b"  # type: ignore[union-attr]


def test_a_piece_without_action_is_not_clickable() -> None:
    assert "data-action" not in svg.clickable(None, "just a card", "<rect/>")
    idle = svg.button(0, 0, 40, "no", None, "nothing to do")
    assert "role=" not in idle and 'fill="#e4e4e4"' in idle


def test_panels_carry_the_style_sheets_classes_and_keep_their_order() -> None:
    board = svg.panels("toy", "toy", ["<svg id='1'/>", "<svg id='2'/>"])
    root = ET.fromstring(board)
    assert root.get("class") == "toy-board board-panels"
    assert [p.get("id") for p in root] == ["1", "2"]


def test_numbers_print_without_a_useless_fraction() -> None:
    assert svg.text(3.0, 4.5, "x").startswith('<text x="3" y="4.5"')
    assert svg.lines(0, 0, "one two three", 7)[0] == 2 * 14


def test_button_centres_its_caption() -> None:
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">'
                         f'{svg.button(10, 20, 60, "go", "go", "go on")}</svg>')
    rect, text = root[0].find(f"{NS}rect"), root[0].find(f"{NS}text")
    assert rect is not None and text is not None
    assert float(text.get("x") or 0) == 10 + 60 / 2
    assert 20 < float(text.get("y") or 0) < 20 + float(rect.get("height") or 0)
