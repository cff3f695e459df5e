"""The docs' gallery (scripts/gallery.py): the browser tests' screenshots made small, a
page that shows every one, and the committed gallery complete and small."""
from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
gallery = load_script(ROOT / "scripts" / "gallery.py")
LINK = re.compile(r"\]\((gallery/[^)]+\.png)\)")


def test_screenshots_become_small_pictures_on_one_page(tmp_path: Path) -> None:
    shots, docs = tmp_path / "shots", tmp_path / "docs"
    shots.mkdir()
    Image.new("RGB", (1280, 800), "#2d6cdf").save(shots / "castle-pl-table-desktop.png")
    Image.new("RGB", (390, 844), "#fafaf7").save(shots / "castle-hu-pad-phone.png")
    Image.new("RGB", (10, 10)).save(shots / "board-castle-0.png")  # not the gallery's
    gallery.main(["--shots", str(shots), "--docs", str(docs)])
    made = sorted(p.name for p in (docs / "gallery").iterdir())
    assert made == ["castle-hu-pad-phone.png", "castle-pl-table-desktop.png"]
    with Image.open(docs / "gallery" / "castle-pl-table-desktop.png") as small:
        assert small.size == (480, 300) and small.mode == "P"
    with Image.open(docs / "gallery" / "castle-hu-pad-phone.png") as small:
        assert small.size == (180, 390)
    page = (docs / "gallery.md").read_text(encoding="utf-8")
    assert sorted(Path(link).name for link in set(LINK.findall(page))) == made
    assert "## Budowa Zamku" in page and "### Polski" in page and "### Magyar" in page


def test_the_committed_gallery_shows_every_picture_it_holds_and_stays_small() -> None:
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    linked = {Path(link).name for link in LINK.findall(page)}
    held = {p.name for p in (ROOT / "docs" / "gallery").glob("*.png")}
    assert linked == held and held
    games = {name.split("-")[0] for name in held}
    assert games == {"five_towers", "castle", "blueprints", "skytopia"}
    assert {name.split("-")[1] for name in held} == {"pl", "hu"}
    assert sum((ROOT / "docs" / "gallery" / name).stat().st_size for name in held) < 4e6
