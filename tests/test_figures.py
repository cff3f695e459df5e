"""Every figure README.md and docs/ publish from a results file is recomputed from that file
(``benchmarks/figures.py``): its page shows it word for word and names the file."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


FIGURES = load_script(ROOT / "benchmarks" / "figures.py")
ALL = FIGURES.figures()


@pytest.mark.parametrize("figure", ALL, ids=[f"{f.page}: {f.name}" for f in ALL])
def test_a_page_shows_each_figure_as_its_results_file_gives_it(figure: Any) -> None:
    page = (ROOT / figure.page).read_text(encoding="utf-8")
    for file in figure.files:
        assert (ROOT / file).is_file(), f"{file} is not in the repository"
        assert file in page, f"{figure.page} does not name {file}"
    text = figure.text()
    assert text in page, f"{figure.page} does not show, word for word:\n{text}"


def test_the_sign_test_and_the_pairing_of_games() -> None:
    assert FIGURES.sign_test(21, 8) == pytest.approx(0.0241, abs=1e-4)
    assert FIGURES.sign_test(0, 0) == 1.0
    before = [{"game": "castle", "players": 2, "seed": s, "seat": t, "win": w, "score": 5.0,
               "others": 4.0} for s, t, w in [(1, 0, 0.0), (1, 1, 1.0), (2, 0, 0.5)]]
    after = [{**row, "win": 1.0, "score": 7.0} for row in before[:2]]  # one deal fewer
    pair = FIGURES.paired(before, after)
    assert (pair["games"], pair["better"], pair["worse"]) == (2, 1, 0)
    assert (pair["before"], pair["after"]) == (1.0, 2.0)
    assert (pair["margin_before"], pair["margin_after"]) == (1.0, 3.0)
    # the changes +1 and 0: a mean of 50 points, 1.96 standard errors (50 points) about it
    assert pair["difference"] == (50.0, -48.0, 148.0)
    assert all(math.isnan(value) for value in FIGURES.difference([1.0]))  # one game: none


def test_the_lobbys_level_ratings_are_the_ladders() -> None:
    """src/towerplay/bots/level_ratings.json, which the lobby shows, is what
    ``levels_ladder.py --publish`` writes from the results files it names."""
    from towerplay import bots

    shipped = json.loads((ROOT / "src/towerplay/bots" / bots.RATINGS_FILE).read_text())
    assert tuple(shipped["sources"]) == FIGURES.LEVEL_FILES
    ladder = FIGURES.script("levels_ladder")
    report = ladder.summary(ladder.read_lines([ROOT / file for file in shipped["sources"]]))
    assert ladder.ratings_file(report, shipped["sources"]) == shipped
    assert report["ordered"], "a level does not beat the one below in 60% of 100+ games"


def test_the_fair_matchs_sentence_names_each_budgets_games_and_a_missing_side(
        tmp_path: Path) -> None:
    """README's sentence says which games each budget pools, and says so when the greedy
    baseline has not played a budget (not a rate of nothing)."""
    source = ROOT / FIGURES.OPENSPIEL / "reused_1000.jsonl"
    lines = [json.loads(text) for text in source.read_text(encoding="utf-8").splitlines()]
    ours = [line for line in lines if line["side"] == "ismcts"]
    only_ours = tmp_path / "ours.jsonl"
    only_ours.write_text("".join(json.dumps(line) + "\n" for line in ours), encoding="utf-8")
    wins = sum(line["share"] for line in ours)
    sentence = FIGURES.openspiel_sentence(only_ours)
    assert sentence.startswith(f"at 1,000 iterations (Blueprints) ours won {wins:g} of "
                               f"{len(ours)}: ")
    assert sentence.endswith("greedy not played yet")
    assert "greedy 1 of" not in sentence
    assert "# copied from" in FIGURES.openspiel_commands(source)
