"""The pages' ``t()`` words a text as the server does: Hungarian's *a*/*az* decided by
the word filled in (no "a(z)" on any page), the same as :class:`towerplay.i18n.Translator`
(issue #43). Runs common.js itself under Node."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from towerplay.i18n import Translator, catalogue

STATIC = Path(__file__).resolve().parents[2] / "src" / "towerplay" / "server" / "static"
RUN = """
globalThis.localStorage = {getItem: () => "hu", setItem() {}};
globalThis.navigator = {languages: ["hu"]};
const [texts, cases] = JSON.parse(process.argv[3]);
globalThis.fetch = async () => ({json: async () => ({texts})});
const page = await import(process.argv[2]);
await page.loadTexts();
console.log(JSON.stringify(cases.map(([key, params]) => page.t(key, params))));
"""
VALUES = (1, 2, 5, 10, 11, 100, "alma", "körte", "'ismcts'")


def cases() -> list[tuple[str, str, dict[str, object]]]:
    """Every Hungarian page text with an article to decide, filled with each value."""
    found = []
    for domain in ("web", "score"):
        for key, text in catalogue(domain, "hu").items():
            if "a(z)" in text.lower():
                fields = re.findall(r"\{(\w+)\}", text)
                found += [(domain, key, dict.fromkeys(fields, value)) for value in VALUES]
    return found


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_pages_decide_hungarian_articles_as_the_server(tmp_path: Path) -> None:
    module = tmp_path / "common.mjs"  # (Node reads an ES module by its suffix)
    module.write_text((STATIC / "common.js").read_text())
    script = tmp_path / "run.mjs"
    script.write_text(RUN)
    found = cases()
    texts = {**catalogue("score", "hu"), **catalogue("web", "hu")}
    done = subprocess.run(["node", str(script), module.as_uri(), json.dumps(
        [texts, [(key, params) for _, key, params in found]])], capture_output=True,
        text=True, timeout=120, check=True)
    pages = json.loads(done.stdout)
    assert len(pages) == len(found) > 50
    for (domain, key, params), page in zip(found, pages, strict=True):
        assert "a(z)" not in page.lower(), (key, page)
        assert page == Translator(domain, "hu")(key, **params), key
    hand = [page for (_, key, params), page in zip(found, pages, strict=True)
            if key == "cli.to_move" and params["n"] in (1, 2)]
    assert hand == ["az 1. hely lép", "a 2. hely lép"]
