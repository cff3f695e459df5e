"""The docs' gallery (docs/gallery.md) from the browser tests' screenshots.

``tests/server/test_browser_axe.py`` saves the first screen of every page it checks
(lobby, table at a turn and at the end, replay, review, rules, scoring pad) at desktop
and phone size, as ``test-artifacts/gallery/GAME-LANG-PAGE-SIZE.png``: every game in
Polish and Hungarian with ``TOWERPLAY_GALLERY=1`` (the suite checks each game in one).
This script makes each a small PNG in docs/gallery/ (scaled down, 64 colours: the whole
gallery stays a few MB) and writes the page::

    TOWERPLAY_GALLERY=1 .venv/bin/python -m pytest tests/server/test_browser_axe.py -k any_page
    .venv/bin/python scripts/gallery.py
"""
from __future__ import annotations

import argparse
import re
from collections import defaultdict
from pathlib import Path

from PIL import Image
from rich.progress import track

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-artifacts" / "gallery"
DOCS = ROOT / "docs"
WIDTH = {"desktop": 480, "phone": 180}
"""The gallery's width of a screenshot, by size (its height keeps the proportions)."""
COLOURS = 64
NAME = re.compile(r"(?P<game>[a-z_]+)-(?P<lang>[a-z]{2})-(?P<page>[a-z]+)-(?P<size>desktop|phone)")
PAGES = ("lobby", "table", "end", "replay", "review", "rules", "pad")
LANGUAGES = {"pl": "Polski", "hu": "Magyar"}
INTRO = """# Gallery

What the web app looks like, in Polish and Hungarian, on a desktop (1280 x 800) and a
phone (390 x 844): the first screen of every page the accessibility tests check
(`tests/server/test_browser_axe.py`, where axe-core finds no serious or critical fault on
any of them). Made from the tests' screenshots by `scripts/gallery.py`; click a picture
for its full size.
"""


def small(source: Path, target: Path, width: int) -> None:
    """``source`` scaled to ``width`` pixels wide in a 64-colour palette, at ``target``."""
    with Image.open(source) as image:
        height = round(image.height * width / image.width)
        scaled = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    scaled.quantize(COLOURS, dither=Image.Dither.NONE).save(target, optimize=True)


def collect(shots: Path, docs: Path) -> dict[tuple[str, str], dict[str, dict[str, str]]]:
    """Every screenshot in ``shots`` made small in ``docs``/gallery/ (the folder's old
    pictures removed): their paths relative to ``docs``, by (game, language), page and
    size."""
    folder = docs / "gallery"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    found: dict[tuple[str, str], dict[str, dict[str, str]]] = defaultdict(dict)
    for shot in track(sorted(shots.glob("*.png")), description="gallery"):
        named = NAME.fullmatch(shot.stem)
        if named is None:
            continue
        small(shot, folder / shot.name, WIDTH[named["size"]])
        found[named["game"], named["lang"]].setdefault(named["page"], {})[named["size"]] = (
            f"gallery/{shot.name}")
    return found


def page_text(found: dict[tuple[str, str], dict[str, dict[str, str]]],
              titles: dict[str, str]) -> str:
    """The gallery page: a section per game, a table per language (a row per page, a
    column per size).

    >>> print(page_text({("castle", "pl"): {"pad": {"phone": "gallery/x.png"}}},
    ...                 {"castle": "Castle"}))  # doctest: +ELLIPSIS
    # Gallery
    ...
    ## Castle
    <BLANKLINE>
    ### Polski
    <BLANKLINE>
    | page | desktop | phone |
    |---|---|---|
    | pad |  | [![castle, Polski, pad, phone](gallery/x.png)](gallery/x.png) |
    <BLANKLINE>
    """
    parts = [INTRO]
    for game in sorted({game for game, _ in found}, key=lambda g: titles.get(g, g)):
        parts.append(f"## {titles.get(game, game)}\n")
        for lang, language in LANGUAGES.items():
            pages = found.get((game, lang))
            if not pages:
                continue
            parts += [f"### {language}\n", "| page | desktop | phone |", "|---|---|---|"]
            for page in [p for p in PAGES if p in pages]:
                cells = [picture(pages[page].get(size), f"{game}, {language}, {page}, {size}")
                         for size in WIDTH]
                parts.append(f"| {page} | {' | '.join(cells)} |")
            parts.append("")
    return "\n".join(parts)


def picture(path: str | None, alt: str) -> str:
    """A table cell's picture, a link to itself (empty where there is none)."""
    return f"[![{alt}]({path})]({path})" if path else ""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=Path, default=SHOTS,
                        help="the tests' screenshots (default: test-artifacts/gallery)")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder")
    args = parser.parse_args(argv)
    from towerplay import games

    titles = {name: games.game_class(name).title for name in games.names()}
    found = collect(args.shots, args.docs)
    if not found:
        parser.error(f"no screenshots in {args.shots}: run the browser tests first")
    (args.docs / "gallery.md").write_text(page_text(found, titles), encoding="utf-8")
    size = sum(p.stat().st_size for p in (args.docs / "gallery").glob("*.png"))
    print(f"{args.docs / 'gallery.md'}: {sum(len(p) for p in found.values())} pages' "
          f"pictures, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
