"""The rules pages people read: Markdown tables as tables, the command line's notation
only in its own part, and a worked example board drawn from a real game's public view."""
from __future__ import annotations

import re

import pytest

from towerplay import games
from towerplay.core.svg import CAPTION
from towerplay.games.summaries import rules_text
from towerplay.i18n import LANGUAGES, Translator
from towerplay.server.boards import draw
from towerplay.server.examples import example_position, greedy_game
from towerplay.server.pages import rules_page, split_reference

GAMES = ("five_towers", "castle", "blueprints", "skytopia")
PAGES = [(game, lang) for game in GAMES for lang in LANGUAGES]


def page(game: str, lang: str) -> str:
    return bytes(rules_page(game, lang).body).decode()


def markdown_tables(text: str) -> int:
    """The Markdown tables in ``text``: their delimiter rows (``|---|---|``)."""
    return len(re.findall(r"^\|(?: *:?-+:? *\|)+ *$", text, flags=re.MULTILINE))


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_every_markdown_table_is_a_table(game: str, lang: str) -> None:
    html = page(game, lang)
    tables = markdown_tables(rules_text(game, lang))
    assert tables > 0 and html.count("<table>") == tables
    assert "|---" not in html and "| --- |" not in html


@pytest.mark.parametrize(("game", "lang"), PAGES)
def test_notation_only_in_the_command_lines_part(game: str, lang: str) -> None:
    heading = f"## {Translator('web', lang)('rules_command_line')}"
    prose, reference = split_reference(rules_text(game, lang), heading)
    assert reference, f"{game} ({lang}) has no part headed {heading!r}"
    assert re.findall(r"`[^`\n]+`", prose) == []
    html = page(game, lang)
    before = html[:html.index(f"<h2>{heading[3:]}</h2>")]
    assert "<code>" not in before


@pytest.mark.parametrize("game", GAMES)
def test_the_example_board_is_a_real_games_public_view(game: str) -> None:
    example = example_position(game)
    replayed = greedy_game(game, example.players, stop=example.moves)
    assert example.view == replayed.view(None) and not replayed.is_over
    assert example.moves == example.length // 2
    html = page(game, "pl")
    figure = re.search(r'<figure class="rules-example">(.*?)<figcaption>(.*?)</figcaption>',
                       html, flags=re.DOTALL)
    assert figure is not None
    assert figure.group(1) == draw(example.view, "pl") and "<svg" in figure.group(1)
    assert f"rozegrane ruchy: {example.moves} z {example.length}" in figure.group(2)
    assert games.game_class(game).min_players <= example.players


def test_the_examples_caption_follows_each_languages_plural() -> None:
    tr = {lang: Translator("web", lang) for lang in LANGUAGES}
    assert "1 bot at" in tr["en"]("rules_example", count=1, moves=5, length=10)
    assert "3 boty na" in tr["pl"]("rules_example", count=3, moves=5, length=10)
    assert "5 botów na" in tr["pl"]("rules_example", count=5, moves=5, length=10)
    assert "4 közepes szintű bot," in tr["hu"]("rules_example", count=4, moves=5, length=10)


KIT = {"five_towers": 'class="stack"', "castle": 'class="piece"', "blueprints": 'class="die"',
       "skytopia": "<path"}
"""What each game's pictures must hold: a tower, cards, dice, a golem (the kit's pieces)."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["pl", "hu"])
def test_the_components_are_pictured_by_the_boards_kit(game: str, lang: str) -> None:
    """Before the example, the rules page pictures the game's components, drawn by the
    board's own kit, each captioned and titled in the reader's language (issue #43)."""
    html = page(game, lang)
    found = re.search(r'<h2>([^<]+)</h2><figure class="rules-components">(.*?)</figure>', html,
                      flags=re.DOTALL)
    assert found is not None
    assert found.group(1) == Translator("web", lang)("rules_components_title")
    assert html.index("rules-components") < html.index("rules-example")
    pictures = found.group(2)
    assert pictures.startswith("<svg") and KIT[game] in pictures
    titles = re.findall(r"<title>([^<]+)</title>", pictures)
    english = re.findall(r"<title>([^<]+)</title>", page(game, "en"))
    assert len(titles) >= 3 and not set(titles) & set(english), titles
    captions = " ".join(re.findall(r'fill="#333">([^<]+)</text>', pictures))
    captioned = [title for title in titles if title in captions]
    assert len(captioned) >= 3, titles  # the pieces are captioned under their pictures too
    # readable on a 390 px phone (the 380-wide panel shows at about 1:1): 12 units, a long
    # word shrunk a little to fit its room, never below 9
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"[^>]*fill="#333"',
                                                pictures)]
    assert sizes and max(sizes) == CAPTION == 12 and min(sizes) >= 9, sizes
