"""The balance report: its figures against values computed directly from small rows files
(per-game against per-seat statistics, turn order against seat, seats and labels counted),
one histogram bin per whole number, Holm's correction and paired sweeps, the games'
declared and translated statistics, the JSON document and the self-contained page."""
from __future__ import annotations

import html
import json
import math
import re
from collections import Counter
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from typer.testing import CliRunner

from towerplay import games, i18n
from towerplay.cli import app
from towerplay.sim.analysis import (
    analyse,
    column_descriptions,
    declarations,
    document,
    file_metadata,
    histogram,
    rate,
    statistics_of,
    sweeps,
)
from towerplay.sim.plan import Plan, parse_sweep
from towerplay.sim.play import play_row
from towerplay.sim.report import figures, render_html, set_section, sweep_table, write_report
from towerplay.sim.runner import run
from towerplay.sim.significance import holm, paired, unpaired
from towerplay.sim.store import read_rows, write_rows

from tests.i18n.english import page_problems

GAMES = tuple(games.BUILT_IN)  # the games that ship with towerplay


def castle_rows(games_: int = 60, players: int = 3) -> list[dict[str, Any]]:
    """Castle rows made up so every figure can be computed by hand: the first player
    (rotating over the seats) always wins; per-game ``ca_returned`` is the sum of the
    per-seat ``ca_returned_N``; the king goes to the seat after the first player, or to
    nobody every fifth game."""
    rows = []
    for i in range(games_):
        first = i % players
        per_seat = [(i + 2 * seat) % 7 for seat in range(players)]
        row: dict[str, Any] = {"game": "castle", "index": i, "seed": 100 + i, "sweep": "",
                               "options": "{}", "players": players, "first": first,
                               "winners": str(first), "length": 20 + i % 44}
        for seat in range(players):
            row.update({f"bot_{seat}": "greedy", f"score_{seat}": int(seat == first),
                        f"rank_{seat}": 1 if seat == first else 2,
                        f"ca_returned_{seat}": per_seat[seat]})
        row["ca_returned"] = sum(per_seat)
        row["ca_king_holder"] = -1 if i % 5 == 4 else (first + 1) % players
        rows.append(row)
    return rows


@pytest.fixture(scope="module")
def sky_rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    out = tmp_path_factory.mktemp("sky") / "rows.jsonl"
    plan = Plan.build("skytopia", players=2, bots=["random"], games=12,
                      options=parse_sweep("skytopia", ["sides=a,b"]), seed=2)
    run(plan, out)
    return read_rows(out)


# ----------------------------------------------------------------- the figures by hand
def test_per_game_and_per_seat_statistics_are_kept_apart() -> None:
    rows = castle_rows()
    stats = analyse(rows)[0]["stats"]
    game, seat = stats["per_game"]["ca_returned"], stats["per_seat"]["ca_returned_N"]
    per_game = [r["ca_returned"] for r in rows]
    per_seat = [r[f"ca_returned_{s}"] for r in rows for s in range(3)]
    assert game["mean"] == pytest.approx(sum(per_game) / len(per_game)) and game["n"] == 60
    assert seat["mean"] == pytest.approx(sum(per_seat) / len(per_seat)) and seat["n"] == 180
    assert game["mean"] == pytest.approx(3 * seat["mean"])  # a game's total, a seat's part
    assert (game["name"], seat["name"]) == ("cards put back (game)", "cards put back (player)")
    assert "ca_returned" not in stats["per_seat"] and "ca_returned_N" not in stats["per_game"]


def test_first_player_advantage_is_by_turn_order_not_seat() -> None:
    group = analyse(castle_rows())[0]
    assert [c["position"] for c in group["by_turn_order"]] == [1, 2, 3]
    first, second = group["by_turn_order"][0], group["by_turn_order"][1]
    assert (first["rate"], first["wins"], second["rate"]) == (1.0, 60, 0.0)
    assert first["beyond_noise"] and first["p_holm"] < 0.05
    # the winning seat rotates, so by seat number every seat wins a third: within noise
    assert [c["rate"] for c in group["by_seat"]] == pytest.approx([1 / 3] * 3)
    assert not any(c["beyond_noise"] for c in group["by_seat"])
    assert [c["seat"] for c in group["by_seat"]] == [1, 2, 3]


def test_turn_order_spans_player_counts_from_several_files(tmp_path: Path) -> None:
    two, three = tmp_path / "c2.jsonl", tmp_path / "c3.csv"
    write_rows(two, castle_rows(40, players=2))
    write_rows(three, castle_rows(60, players=3))
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["report", str(two), str(three), "--json", str(out),
                                      "--html", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    cells = json.loads(out.read_text())["by_turn_order"]
    assert [(c["players"], c["position"]) for c in cells] == [(2, 1), (2, 2), (3, 1), (3, 2),
                                                               (3, 3)]
    assert [c["games"] for c in cells] == [40, 40, 60, 60, 60]
    assert cells[0]["expected"] == 0.5 and cells[2]["expected"] == pytest.approx(1 / 3)
    assert "2, 3 players" in (tmp_path / "r.html").read_text()


def test_files_of_separate_runs_are_set_apart_by_their_options() -> None:
    base = castle_rows(30)
    other = [{**r, "options": '{"variant": "characters"}', "seed": r["seed"] + 1000}
             for r in base]
    groups = analyse([*[{**r, "options": '{"variant": "base"}'} for r in base], *other])
    assert [g["label"] for g in groups] == ["3 players, variant=base",
                                            "3 players, variant=characters"]
    sweep = document([*base, *other])["sweeps"][0]
    assert not sweep["paired"]  # other deals: Welch's test, not a paired one
    assert all(not t["paired"] for line in sweep["lines"] for t in line["tests"])


def test_a_seat_statistic_is_counted_by_seat_and_turn_order_never_averaged() -> None:
    rows = castle_rows()
    king = analyse(rows)[0]["stats"]["per_game"]["ca_king_holder"]
    assert king["kind"] == "seat" and "mean" not in king
    by_seat = Counter(str(r["ca_king_holder"] + 1) if r["ca_king_holder"] >= 0 else "none"
                      for r in rows)
    assert king["by_seat"] == {k: by_seat[k] for k in ("1", "2", "3", "none")}
    assert king["by_turn_order"] == {"1": 0, "2": 48, "3": 0, "none": 12}
    page, _ = render_html(rows)
    table = re.search(r"<th>holder of the king</th>.*?</table>", page, re.S)
    assert table and "by place in the turn order" in table.group(0)


def test_a_label_statistic_is_counted_with_win_rates_by_label(sky_rows: list[dict]) -> None:
    groups = analyse(sky_rows)
    ability = groups[1]["stats"]["per_seat"]["sky_ability_N"]
    part = [r for r in sky_rows if r["sweep"] == "sides=b"]
    assert ability["kind"] == "categorical" and "mean" not in ability
    assert ability["counts"] == dict(sorted(Counter(
        r[f"sky_ability_{s}"] for r in part for s in range(2)).items()))
    assert all(name.endswith("b") for name in ability["counts"])
    assert sum(r["games"] for r in ability["win_rate"].values()) == 24  # two seats a game
    assert all("p_holm" in r for r in ability["win_rate"].values())


# ----------------------------------------------------------------- histograms
def test_whole_numbers_get_one_bin_per_value() -> None:
    values = [20 + i % 44 for i in range(60)] + [21]
    found = histogram(values)
    assert found["edges"] == [v - 0.5 for v in range(20, 65)]
    assert found["counts"] == [Counter(values)[v] for v in range(20, 64)]
    assert histogram([0.5, 1.25, 3.0])["edges"][0] == 0.5  # other numbers: automatic bins


def test_the_length_plot_draws_the_counts_per_value() -> None:
    rows = castle_rows()
    drawn = {name: figure for name, _caption, figure in figures(analyse(rows))}
    step = drawn["lengths"].axes[0].patches[0]
    counts = Counter(r["length"] for r in rows)
    assert list(step.get_data().values) == [counts[v] for v in range(20, 64)]
    # the legend stands beside the plot, not over its bars
    assert drawn["lengths"].legends and not drawn["lengths"].axes[0].get_legend()


# ----------------------------------------------------------------- tests of significance
def test_holm_on_a_known_example() -> None:
    # Holm (1979) as in Wikipedia's example: p = .01, .04, .03, .005 at alpha .05
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])  # never above 1, kept monotone


def test_sweeps_on_the_same_deals_are_paired() -> None:
    base = castle_rows()
    longer = [{**r, "sweep": "x=2", "length": r["length"] + 1} for r in base]
    sweep = document([*[{**r, "sweep": "x=1"} for r in base], *longer])["sweeps"][0]
    assert sweep["paired"] and sweep["sets"] == ["x=1", "x=2"]
    length = next(line for line in sweep["lines"] if line["id"] == "length")
    test = length["tests"][0]
    assert test["difference"] == 1 and test["beyond_noise"]  # one more action every game
    # the same one-action shift over deals this spread is invisible to an unpaired test
    lengths = [float(r["length"]) for r in base]
    assert unpaired(lengths, [v + 1 for v in lengths])["p"] > 0.5
    assert paired([1, 2, 3, 4], [2, 3, 4, 5])["p"] == 0.0
    ids = [line["id"] for line in sweep["lines"]]
    assert "ca_returned" in ids and "ca_returned_N" in ids  # apart in the sweep too


def test_win_rates_carry_effects_and_detectable_differences() -> None:
    r = rate(52, 100, expected=0.5)
    assert r["within_noise"] and r["effect"] == pytest.approx(0.02)
    assert rate(30, 100, expected=0.5)["within_noise"] is False
    cell = analyse(castle_rows(30, players=2))[0]["by_turn_order"][0]
    # two cells in the table: 80% power at the strictest Holm threshold, .05 / 2
    z = NormalDist().inv_cdf(1 - 0.05 / 4) + NormalDist().inv_cdf(0.8)
    assert cell["detectable"] == pytest.approx(z * (0.25 / 30) ** 0.5)


def test_shared_wins_count_as_fractions() -> None:
    rows = [{"index": i, "game": "castle", "sweep": "", "players": 2, "first": 0,
             "bot_0": "a", "bot_1": "a", "score_0": 1, "score_1": 1, "rank_0": 1, "rank_1": 1,
             "winners": "0 1", "length": 5} for i in range(10)]
    seat = analyse(rows)[0]["by_seat"][0]
    assert seat["wins"] == 5 and seat["rate"] == 0.5
    assert seat["ci"][0] < 0.5 < seat["ci"][1]


# ----------------------------------------------------------------- declarations and names
@pytest.mark.parametrize("game", GAMES)
def test_every_column_is_declared_and_named_in_every_language(game: str) -> None:
    for players in (2, 4):
        row = play_row(Plan.build(game, players=players, bots=["random"], games=1).jobs[0])
        found = statistics_of([row])
        assert all(s.definition != "not declared by the game" for s in found), game
        assert set(column_descriptions(game, players)) == set(row)
    stats, ratios = declarations(game)
    assert len({s.id for s in stats}) == len(stats)
    for item in (*stats, *ratios):
        key = f"{game}.{item.id}"
        assert i18n.catalogue("stats", "en")[key] == item.name
        assert i18n.catalogue("stats", "en")[f"{key}.help"] == item.definition
        for lang in ("pl", "hu"):
            assert {key, f"{key}.help"} <= set(i18n.catalogue("stats", lang)), (lang, key)


def test_names_follow_the_language() -> None:
    stats = analyse(castle_rows(), lang="pl")[0]["stats"]
    assert stats["per_seat"]["ca_returned_N"]["name"] == "odłożone karty (gracz)"
    assert stats["per_game"]["ca_king_holder"]["definition"].startswith("gracz, którego")


def test_an_undeclared_column_is_shown_by_its_id_never_merged() -> None:
    rows = [{**r, "x_total": 5, **{f"x_{s}": s for s in range(3)}} for r in castle_rows(9)]
    stats = analyse(rows)[0]["stats"]
    assert stats["per_seat"]["x_N"]["mean"] == 1 and stats["per_game"]["x_total"]["mean"] == 5


def test_file_metadata_carries_command_seed_version_and_columns() -> None:
    meta = file_metadata("castle", 3, "towerplay sim castle --seed 4", 4)
    assert meta["towerplay.seed"] == "4" and meta["towerplay.version"]
    assert meta["towerplay.command"] == "towerplay sim castle --seed 4"
    columns = json.loads(meta["towerplay.columns"])
    assert columns["ca_returned"].startswith("cards put back (game)")
    assert "seat 2" in columns["ca_returned_2"] and "first" in columns
    assert all(isinstance(v, str) for v in meta.values())


# ----------------------------------------------------------------- the JSON and the page
def test_the_json_document_has_the_documented_shape(tmp_path: Path) -> None:
    rows = castle_rows()
    path = tmp_path / "rows.jsonl"
    write_rows(path, rows)
    result = CliRunner().invoke(app, ["report", str(path), "--json", "-"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output, parse_constant=lambda c: pytest.fail(c))  # no NaN
    assert {"format", "game", "sources", "language", "games", "by_turn_order", "groups",
            "sweeps"} == set(doc)
    assert doc["format"] == "towerplay-report/1" and doc["games"] == 60
    assert set(doc["by_turn_order"][0]) == {
        "players", "sweep", "position", "games", "wins", "rate", "ci", "expected", "effect",
        "p", "within_noise", "p_holm", "beyond_noise", "detectable"}
    group = doc["groups"][0]
    assert {"per_game", "per_seat", "ratios"} == set(group["stats"])
    returned = group["stats"]["per_seat"]["ca_returned_N"]
    assert {"id", "key", "name", "definition", "scope", "kind", "columns", "mean", "sd",
            "half", "n", "min", "max", "histogram", "by_turn_order"} == set(returned)
    # every key the document uses is in docs/report.md
    doc_text = (Path(__file__).parents[2] / "docs" / "report.md").read_text()
    for key in [*doc, *doc["by_turn_order"][0], *group, *returned]:
        assert f"`{key}`" in doc_text, key


def test_score_margins_by_hand() -> None:
    rows = castle_rows(60, players=3)
    # the second seat after the first scores 1 too in every third game: a shared lead
    for row in rows[::3]:
        row[f"score_{(row['first'] + 1) % 3}"] = 1
    groups = analyse([*rows, *castle_rows(30, players=2)])
    three = groups[1]["margins"] if groups[1]["players"] == 3 else groups[0]["margins"]
    leads = [0.0 if i % 3 == 0 else 1.0 for i in range(60)]
    assert three["lead"]["mean"] == pytest.approx(sum(leads) / 60)
    assert three["lead"]["histogram"]["counts"] == [20, 40]  # one bin per whole number
    # first player's score 1, the others' mean 0.5 or 0: differences 0.5 and 1
    diffs = [0.5 if i % 3 == 0 else 1.0 for i in range(60)]
    first = three["first_player"]
    assert first["mean"] == pytest.approx(sum(diffs) / 60) == first["difference"]
    assert first["p"] == pytest.approx(paired([0.0] * 60, diffs)["p"])
    assert first["effect_size"] == pytest.approx(first["mean"] / first["sd"])
    # two groups: Holm over both, the resolution judged at 0.05 / 2
    assert first["p_holm"] <= min(1.0, 2 * first["p"]) and first["beyond_noise"]
    assert first["detectable"] == pytest.approx(
        (NormalDist().inv_cdf(1 - 0.0125) + NormalDist().inv_cdf(0.8)) * first["sd"]
        / math.sqrt(60))


def test_report_refuses_mixed_games_in_one_line(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    write_rows(a, castle_rows(6))
    write_rows(b, [{**r, "game": "skytopia"} for r in castle_rows(6)])
    result = CliRunner().invoke(app, ["report", str(a), str(b), "--json", "-"])
    assert result.exit_code == 2 and "several games" in result.output
    assert result.output.count("\n") == 1


@pytest.mark.parametrize("args, words", [
    (["--lang", "de", "--json", "-"], "--lang must be one of en, pl, hu"),
    ([], "say what to write"),
])
def test_report_refuses_bad_options_in_one_line(args: list[str], words: str,
                                                tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    write_rows(path, castle_rows(6))
    result = CliRunner().invoke(app, ["report", str(path), *args])
    assert result.exit_code == 2 and words in result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output


@pytest.mark.slow
def test_skytopia_report_is_self_contained(sky_rows: list[dict], tmp_path: Path) -> None:
    # one render (its plots are slow): the page written and a PNG file for each plot in it
    written = write_report(sky_rows, tmp_path / "r.html", tmp_path / "png", source="rows.jsonl")
    assert written[0] == tmp_path / "r.html"
    page = written[0].read_text(encoding="utf-8")
    pngs = [p for p in written if p.suffix == ".png"]
    assert page.count("<svg") == len(pngs) == len(written) - 1 >= 6 + 20  # the game's own too
    assert "http" not in page
    assert not re.search(r"(src|href)=\"(?!#)", page)  # only links inside the page
    assert "Ability tile and side" in page and "24 games" in page
    assert "2 players, sides=a (n=12)" in page and "2 players, sides=b (n=12)" in page
    assert "paired t-test on the same deals" in page
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)


def test_plots_can_be_written_as_svg_files(tmp_path: Path) -> None:
    svgs = write_report(castle_rows(9), None, tmp_path / "svg", plot_format="svg")
    assert svgs and all(p.suffix == ".svg" for p in svgs)
    assert all(p.read_text().lstrip().startswith("<?xml") for p in svgs)


def test_a_game_unknown_here_still_reports() -> None:
    rows = [{**r, "game": "nosuchgame"} for r in castle_rows(9)]
    assert "nosuchgame" not in games.names()
    stats = analyse(rows)[0]["stats"]
    assert stats["per_seat"]["ca_returned_N"]["name"] == "ca_returned"  # its raw id


# ----------------------------------------------------------------- the page's language
SWEPT = "first_player=1"
"""The swept option of :func:`sweep_rows`: an option id, which stays as the user wrote it."""


def sweep_rows() -> list[dict[str, Any]]:
    """Two small option sets of castle at 3 players on the same deals: a sweep table."""
    return castle_rows(9) + [{**r, "sweep": SWEPT, "options": '{"first_player": 1}'}
                             for r in castle_rows(9)]


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """The page of :func:`sweep_rows` in each language (rendered once: plots are slow)."""
    return {lang: render_html(sweep_rows(), source="rows_1.jsonl", lang=lang)[0]
            for lang in i18n.LANGUAGES}


ENGLISH = ("Balance report — ", "Win rate by turn order", "Win rate by seat",
           "Bots, scores and lengths", "Sweep at 3 players: 2 option sets side by side",
           "The game's statistics", "Tables", "Win rates count a shared win as a fraction",
           "paired t-test on the same deals", "p-values corrected with Holm", "noise</span>",
           "detectable (±, 80% power, Holm over 6 cells)", "place →", "seat →",
           "first player's win rate", "game length (actions)", "statistic (per player)",
           "by place in the turn order", "mean score", "OpenSkill μ ± σ", "options: <code>",
           "3 players, first_player=1 — 9 games", "18 games, 3 players",
           # the plots (inline SVG: their text is text)
           "place in the turn order (1 = first player)", "win rate (dashes: even share)",
           "win rate by bot (95% CI)", "(each player)", "(n=9)", "values)")


def test_english_pages_keep_their_words(pages: dict[str, str]) -> None:
    page = html.unescape(pages["en"])
    assert [words for words in ENGLISH if words not in page] == []
    assert "<html lang=en>" in page


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_a_page_speaks_its_language_in_text_and_plots(pages: dict[str, str],
                                                      lang: str) -> None:
    page = pages[lang]
    assert f"<html lang={lang}>" in page and "rows_1.jsonl" in page
    plots = "".join(re.findall(r"<svg.*?</svg>", page, flags=re.DOTALL))
    for key in ("report.y_rate", "report.x_turn_order", "report.t_bot_rate", "report.count"):
        assert html.escape(i18n.Translator("stats", lang)(key)) in plots, key
    # what stays as written: the swept option id (file names and bot specs sit in <code>
    # or are words of no language: greedy)
    found = page_problems(page.replace(SWEPT, "swept"), lang)
    assert found == [], found[:10]
    assert not [words for words in ENGLISH if words in html.unescape(page) and words not in
                ("OpenSkill μ ± σ", "(n=9)", "noise</span>", "place →", "seat →")]


def test_the_page_check_would_see_english() -> None:
    """The checker above fails on the page as it was (English headings, English plots)."""
    tr = i18n.Translator("stats", "pl")
    english = [f"<h2>{i18n.Translator('stats', 'en')('report.h_bots')}</h2>",
               f"<svg><text>{i18n.Translator('stats', 'en')('report.x_turn_order')}</text></svg>"]
    assert all(page_problems(text, "pl") for text in english)
    assert page_problems(f"<h2>{tr('report.h_bots')}</h2>", "pl") == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_every_kind_of_table_speaks_its_language(sky_rows: list[dict], lang: str) -> None:
    """Skytopia's tables (yes/no, label and ratio statistics, a sweep of sides) without
    their plots, which the page test above already reads in one game."""
    tables = ("".join(set_section(group, lang) for group in analyse(sky_rows, lang))
              + "".join(sweep_table(sweep, lang) for sweep in sweeps(sky_rows, lang)))
    english = ("".join(set_section(group) for group in analyse(sky_rows))
               + "".join(sweep_table(sweep) for sweep in sweeps(sky_rows)))
    assert "rate (95% CI)" in english and "win rate by" in english  # there to be worded
    assert "rate (95% CI)" not in tables and "within noise" not in tables
    assert page_problems(tables, lang) == []
