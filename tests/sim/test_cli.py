"""`towerplay sim` and `towerplay report` from the command line: a short run, and bad
arguments refused in one line with status 2 before any progress bar."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from towerplay.cli import app


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_sim_then_report(tmp_path: Path) -> None:
    out = tmp_path / "castle.csv"
    code, output = invoke("sim", "castle", "--players", "2", "--bots", "greedy,random",
                          "--games", "6", "-o", "memory=open,hidden", "--out", str(out))
    assert code == 0, output
    assert "12 games in" in output and "12 played now" in output and "games/s" in output
    code, output = invoke("sim", "castle", "--players", "2", "--bots", "greedy,random",
                          "--games", "6", "-o", "memory=open,hidden", "--out", str(out))
    assert code == 0 and "0 played now; 12 found done" in output
    page = tmp_path / "report.html"
    code, output = invoke("report", str(out), "--html", str(page))
    assert code == 0, output
    assert "<svg" in page.read_text() and "memory=hidden" in page.read_text()


@pytest.mark.parametrize("args, words", [
    (["sim", "chess", "--bots", "random"], "unknown game"),
    (["sim", "castle", "--bots", "random,wizard"], "unknown bot"),
    (["sim", "castle", "--bots", "random", "--players", "9"], "2 to 4 players"),
    (["sim", "castle", "--bots", "random", "-o", "memory=open,shut"], "memory"),
    (["sim", "castle", "--bots", "random", "-o", "memory"], "name=value"),
    (["sim", "castle", "--bots", "random", "--games", "0"], "--games"),
    (["sim", "castle", "--bots", "random", "--workers", "0"], "--workers"),
    (["sim", "castle", "--bots", "random", "--backend", "spark"], "--backend"),
    (["sim", "castle", "--bots", "random", "--address", "x:1"], "--backend ray"),
    (["sim", "castle", "--bots", "random", "--out", "rows.txt"], "--out must end in"),
])
def test_sim_refuses_bad_arguments(args: list[str], words: str, tmp_path: Path) -> None:
    if "--out" not in args:
        args = [*args, "--out", str(tmp_path / "rows.jsonl")]
    code, output = invoke(*args)
    assert code == 2 and words in output
    assert output.count("\n") == 1 and "Traceback" not in output and "games/s" not in output
    assert not (tmp_path / "rows.jsonl").exists()


def test_report_refuses_bad_files(tmp_path: Path) -> None:
    code, output = invoke("report", str(tmp_path / "none.jsonl"), "--html", "r.html")
    assert code == 2 and "no such file" in output
    junk = tmp_path / "junk.csv"
    junk.write_bytes(b"\xff\xfe\x00garbage")
    code, output = invoke("report", str(junk), "--html", str(tmp_path / "r.html"))
    assert code == 2 and output.count("\n") == 1
    code, output = invoke("report", str(junk))
    assert code == 2 and "--html" in output


def test_a_parquet_file_carries_its_command_seed_version_and_columns(tmp_path: Path) -> None:
    import json
    import platform

    import pyarrow.parquet as pq

    from towerplay import __version__

    out = tmp_path / "castle.parquet"
    code, output = invoke("sim", "castle", "--players", "2", "--bots", "greedy,random",
                          "--games", "4", "--seed", "7", "--out", str(out))
    assert code == 0, output
    meta = {k.decode(): v.decode() for k, v in pq.read_schema(out).metadata.items()
            if k.startswith(b"towerplay.")}
    assert meta["towerplay.seed"] == "7" and meta["towerplay.version"] == __version__
    assert meta["towerplay.game"] == "castle" and "--seed" in meta["towerplay.command"]
    ran_on = json.loads(meta["towerplay.versions"])
    assert ran_on["towerplay"] == __version__ and ran_on["python"] == platform.python_version()
    columns = json.loads(meta["towerplay.columns"])
    assert {"seed", "first", "winners"} <= set(columns)
    assert all(isinstance(text, str) and text for text in columns.values())
