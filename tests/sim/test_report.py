"""The balance report: numbers (win rates with intervals, noise flags, ratings) and the
self-contained HTML page with inline SVG plots."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from towerplay.sim.analysis import analyse, compare, rate
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.report import render_html, write_report
from towerplay.sim.runner import run
from towerplay.sim.store import read_rows


@pytest.fixture(scope="module")
def sky_rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    out = tmp_path_factory.mktemp("sky") / "rows.jsonl"
    plan = Plan.build("skytopia", players=2, bots=["random"], games=12,
                      options=parse_sweep("skytopia", ["sides=a,b"]), seed=2)
    run(plan, out)
    return read_rows(out)


def test_first_player_advantage_is_measured_by_turn_order() -> None:
    # two seats; the first player (alternating between seats) always wins
    rows = [{"index": i, "game": "castle", "sweep": "", "players": 2, "first": i % 2,
             "bot_0": "a", "bot_1": "b", "score_0": 1, "score_1": 0, "rank_0": 1 + i % 2,
             "rank_1": 2 - i % 2, "winners": str(i % 2), "length": 5} for i in range(30)]
    group = analyse(rows)[0]
    assert group["by_position"][0]["rate"] == 1.0 and not group["by_position"][0]["within_noise"]
    assert group["by_seat"][0]["rate"] == 0.5 and group["by_seat"][0]["within_noise"]
    bots = {b["bot"]: b for b in group["bots"]}
    assert bots["a"]["games"] == 30 and bots["a"]["rate"] == 0.5
    page, _ = render_html(rows)  # a rate of 1 draws (its interval's rounding is no error)
    assert "100.0%" in page and "beyond noise" in page


def test_shared_wins_count_as_fractions_and_intervals_hold_the_rate() -> None:
    rows = [{"index": i, "game": "castle", "sweep": "", "players": 2, "first": 0,
             "bot_0": "a", "bot_1": "a", "score_0": 1, "score_1": 1, "rank_0": 1, "rank_1": 1,
             "winners": "0 1", "length": 5} for i in range(10)]
    seat = analyse(rows)[0]["by_seat"][0]
    assert seat["wins"] == 5 and seat["rate"] == 0.5
    assert seat["ci"][0] < 0.5 < seat["ci"][1]
    assert rate(30, 100, expected=0.5)["within_noise"] is False


def test_skytopia_report_is_self_contained(sky_rows: list[dict], tmp_path: Path) -> None:
    page, figures = render_html(sky_rows, source="rows.jsonl")
    assert page.count("<svg") == len(figures) >= 6
    assert "http" not in page and not re.search(r"(src|href)=\"(?!#)", page)  # only links inside
    assert "Ability tile and side" in page and "24 games" in page
    assert "sides=a (n=12)" in page and "sides=b (n=12)" in page  # the sweep side by side
    assert "within noise" in page
    groups = analyse(sky_rows)
    assert [g["games"] for g in groups] == [12, 12]
    abilities = groups[1]["stats"]["categories"]["Ability tile and side"]
    assert all(name.endswith("b") for name in abilities)
    assert sum(r["games"] for r in abilities.values()) == 24  # two seats a game
    assert compare(groups)[0]["what"] == "first player's win rate"
    written = write_report(sky_rows, tmp_path / "r.html", tmp_path / "png")
    pngs = [p for p in written if p.suffix == ".png"]
    assert len(pngs) == len(figures)
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
