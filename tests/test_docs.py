"""The documentation: README.md is a front page, docs/ a site that MkDocs builds strictly.

The link rule — no page links out of the repository:

- Outside code (fenced blocks and inline code spans), any URL with a scheme counts as a link
  (GitHub and most viewers make bare URLs clickable), so the only ones allowed lead to the
  reader's own machine: ``localhost``, ``127.0.0.1``, ``0.0.0.0`` (as in "open
  http://127.0.0.1:8000"). No PyPI, GitHub or other site, no ``mailto:``.
- Inside code a URL is an example typed into a command or a config file, not a link; it may
  still lead nowhere on the internet: its host is the reader's machine, a domain reserved
  for examples (``example.org``, ``.com``, ``.net`` and their subdomains, RFC 2606) or a
  placeholder without a dot (``postgresql://user@host/db``, nginx's upstream ``towerplay``).
- A relative link in README.md names a file of the repository; links between docs pages
  (and their anchors) are checked by the strict build.
- The built site links to and loads nothing from elsewhere either (mkdocs.yml turns the
  theme's highlight.js off and replaces its footer, whose credits link out).
"""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
MAX_README_LINES = 250
PLAY_COMMAND = ("python3 -m venv .venv && .venv/bin/pip install -q -e '.[web]' && "
                ".venv/bin/towerplay serve")
"""The README's first command: sets everything up and starts the web app."""

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "0.0.0.0"})
EXAMPLE_DOMAINS = ("example.org", "example.com", "example.net")
URL = re.compile(r"\b([a-z][a-z0-9+.-]*)://([^\s/?#'\"`<>()\[\];,*]*)", re.IGNORECASE)
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)[\s\S]+?\1")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)[^)]*\)|\bsrc=\"([^\"]+)\"")
HTML_TARGET = re.compile(r"\b(?:href|src)=\"([^\"]*)\"")


def pages() -> list[Path]:
    """Every Markdown file the documentation is made of."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def split_code(text: str) -> tuple[str, str]:
    """``text`` as (prose, code): fenced blocks and inline code spans go to code."""
    prose: list[str] = []
    code: list[str] = []
    fenced = False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        (code if fenced else prose).append(line)
    joined = "\n".join(prose)
    code += [m.group(0) for m in CODE_SPAN.finditer(joined)]
    return CODE_SPAN.sub(" ", joined), "\n".join(code)


def host_of(authority: str) -> str:
    """The host of a URL's authority (``user@host:port``), lower case."""
    return authority.rsplit("@", 1)[-1].split(":")[0].lower()


def example_or_placeholder(host: str) -> bool:
    return host in LOCAL_HOSTS or "." not in host and host != "" or any(
        host == domain or host.endswith("." + domain) for domain in EXAMPLE_DOMAINS)


def outside_links(text: str) -> list[str]:
    """The URLs of ``text`` that break the link rule (the module's docstring)."""
    prose, code = split_code(text)
    bad = [m.group(0) for m in URL.finditer(prose) if host_of(m.group(2)) not in LOCAL_HOSTS]
    bad += re.findall(r"mailto:\S+", prose)
    bad += [m.group(0) for m in URL.finditer(code)
            if not example_or_placeholder(host_of(m.group(2)))]
    return bad


def nav_pages(nav: Any) -> list[str]:
    """Every page path in an MkDocs ``nav`` (titled or not, sections nested)."""
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, list):
        return [page for item in nav for page in nav_pages(item)]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in nav_pages(value)]
    return []


def ci_test_command() -> str:
    """The command .ci/run runs: its last line."""
    return (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]


def test_the_site_builds_strictly_and_stays_in_the_repository(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file",
         str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'src="images/board.svg"' in home and 'href="web/"' in home  # the README, rewritten
    assert (site / "images" / "board.svg").is_file()
    leaving = {f"{page.relative_to(site)}: {url.group(0)}" for page in site.rglob("*.html")
               for target in HTML_TARGET.findall(page.read_text(encoding="utf-8"))
               if (url := URL.match(target)) and host_of(url.group(2)) not in LOCAL_HOSTS}
    assert not leaving, sorted(leaving)


def test_the_readme_is_a_front_page_that_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < MAX_README_LINES
    blocks = re.findall(r"^```bash\n(.*?)\n```", text, re.MULTILINE | re.DOTALL)
    play, test = blocks[0], blocks[1]
    assert play == PLAY_COMMAND
    assert test == ci_test_command()
    assert text.index(test) < text.index("\n## "), "the commands come before any section"
    assert "docs/images/board.svg" in text


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_link_leaves_the_repository(page: Path) -> None:
    assert outside_links(page.read_text(encoding="utf-8")) == []


def test_the_link_rule_catches_links_out() -> None:
    text = ("See [PyPI](https://pypi.org/project/mkdocs/) or <https://github.com/x/y>, write\n"
            "to mailto:someone@mail.org; `pip download https://files.example.net/x`\n"
            "```\ncurl https://raw.githubusercontent.com/x\nproxy_pass http://towerplay;\n```\n"
            "Open **http://127.0.0.1:8000**; `--allowed-origin https://games.example.org`,\n"
            "`postgresql://user@host/db`, but not http://example.org in prose.\n")
    assert outside_links(text) == [
        "https://pypi.org", "https://github.com", "http://example.org",
        "mailto:someone@mail.org;", "https://raw.githubusercontent.com"]


def test_the_readmes_relative_links_name_files_of_the_repository() -> None:
    text, _ = split_code(README.read_text(encoding="utf-8"))
    targets = [a or b for a, b in MARKDOWN_LINK.findall(text)]
    assert any(t.startswith("docs/") for t in targets)
    missing = [t for t in targets if not URL.match(t) and not t.startswith("#")
               and not (ROOT / t.split("#")[0]).exists()]
    assert missing == []


def test_every_page_is_in_the_nav() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = nav_pages(config["nav"])
    on_disk = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert "index.md" in listed and "index.md" not in on_disk  # the home page is the README
    assert sorted(set(listed) - {"index.md"}) == sorted(on_disk)
    assert len(listed) == len(set(listed))


def test_the_board_picture_is_drawn_again_by_its_script(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("board_picture", DOCS / "board_picture.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    out = tmp_path / "board.svg"
    assert script.main([str(out)]) == 0
    # the README's picture is today's board, not an older drawing of it
    assert out.read_bytes() == (DOCS / "images" / "board.svg").read_bytes(), \
        "docs/images/board.svg is out of date: run docs/board_picture.py"
    for picture in (out, DOCS / "images" / "board.svg"):
        root = ET.parse(picture).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert len(root.findall("{http://www.w3.org/2000/svg}svg")) >= 2  # table, seats
        assert "5 Towers" in ET.tostring(root, encoding="unicode")
