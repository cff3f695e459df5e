"""``towerplay report``: a balance report (HTML page, PNG or SVG plots, JSON numbers) from
simulation rows — one file or several, any player counts."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import typer

from towerplay.cli.app import app, console, friendly, language, require
from towerplay.core.errors import InvalidOptions
from towerplay.core.events import Event
from towerplay.i18n import LANGUAGES, translator
from towerplay.sim.runner import rows_of
from towerplay.sim.store import OutputError


@app.command()
@friendly
def report(
    rows_files: list[Path] = typer.Argument(..., metavar="FILE...", help="rows written by "
                                            "`towerplay sim` (.jsonl, .csv or .parquet); "
                                            "several files are reported together"),
    html_out: Path = typer.Option(None, "--html", help="write a self-contained HTML page"),
    png: Path = typer.Option(None, "--png", help="write each plot as a PNG into this folder"),
    svg: Path = typer.Option(None, "--svg", help="write each plot as an SVG into this folder"),
    json_out: str = typer.Option(None, "--json", help="write the numbers as JSON to this "
                                 "file ('-': standard output); shape in docs/report.md"),
    lang: str = typer.Option(None, "--lang", help="language of the statistics' names: "
                             + ", ".join(LANGUAGES)),
) -> None:
    """Win rates by turn order, seat and bot (95% intervals, Holm-corrected tests), OpenSkill
    ratings, score and length distributions, the game's own statistics, sweeps side by
    side with paired tests."""
    if lang is not None and lang not in LANGUAGES:
        raise InvalidOptions(Event.of("cli.lang_choice", known=", ".join(LANGUAGES),
                                      got=repr(lang)))
    lang = language(lang)
    if html_out is None and png is None and svg is None and json_out is None:
        raise InvalidOptions(Event.of("cli.report_what"))
    require("sim", "towerplay report", "matplotlib", "scipy", lang=lang)
    rows = read_all(rows_files)
    sources = [str(path) for path in rows_files]
    if json_out is not None:
        from towerplay.sim.analysis import document

        text = json.dumps(_finite(document(rows, sources, lang)), indent=1,
                          ensure_ascii=False)
        if json_out == "-":
            typer.echo(text)
        else:
            try:
                Path(json_out).write_text(text + "\n", encoding="utf-8")
            except OSError as error:
                raise OutputError.of(Path(json_out), error) from None
            console.print(translator("web", lang)("cli.wrote", path=json_out),
                          highlight=False, soft_wrap=True, markup=False)
    from towerplay.sim.report import write_report

    written = []
    try:
        if html_out is not None or png is not None:
            written += write_report(rows, html_out, png, ", ".join(sources), lang)
        if svg is not None:
            written += write_report(rows, None, svg, ", ".join(sources), lang,
                                    plot_format="svg")
    except OSError as error:  # a read-only folder, a full disk, a path through a file
        raise OutputError.of(html_out or png or svg, error) from None
    for path in written:
        console.print(translator("web", lang)("cli.wrote", path=str(path)), highlight=False,
                      soft_wrap=True, markup=False)


def read_all(paths: list[Path]) -> list[dict[str, Any]]:
    """The rows of every file, refused in one line if a file holds none or the files
    hold different games (any player counts and option sets mix)."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        found = rows_of(path)
        if not found:
            raise InvalidOptions(Event.of("cli.rows_empty", path=str(path)))
        rows += found
    games = sorted({str(row.get("game")) for row in rows})
    if len(games) > 1:
        raise InvalidOptions(Event.of("cli.rows_several_games", games=", ".join(games)))
    return rows


def _finite(value: Any) -> Any:
    """JSON has no NaN or infinity: they become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value
