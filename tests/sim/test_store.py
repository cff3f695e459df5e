"""Row files: JSON lines, CSV and Parquet; torn lines; another run's file refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from towerplay.core import InvalidOptions
from towerplay.sim import store
from towerplay.sim.plan import Plan, SimJob, parse_sweep
from towerplay.sim.runner import run
from towerplay.sim.store import drop_torn_line, read_rows


def plan(games: int = 6) -> Plan:
    return Plan.build("castle", players=2, bots=["greedy", "random"], games=games,
                      options=parse_sweep("castle", ["variant=base,characters"]), seed=4)


def test_the_three_formats_hold_the_same_rows(tmp_path: Path) -> None:
    found = {}
    for suffix in ("jsonl", "csv", "parquet"):
        out = tmp_path / f"rows.{suffix}"
        outcome = run(plan(), out)
        assert outcome.played == outcome.rows == 12
        found[suffix] = read_rows(out)
        assert not (tmp_path / f"rows.{suffix}.partial.jsonl").exists()
    assert found["jsonl"] == found["parquet"]
    assert found["csv"] == found["jsonl"]  # CSV cells read back as the numbers they spell
    assert [r["index"] for r in found["jsonl"]] == list(range(12))
    assert {r["sweep"] for r in found["jsonl"]} == {"variant=base", "variant=characters"}
    assert isinstance(found["parquet"][0]["score_0"], int)


def test_a_torn_last_line_is_dropped_and_replayed(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    run(plan(), out)
    whole = out.read_bytes()
    lines = whole.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:5]) + lines[5][:17])  # killed while writing row 6
    assert read_rows(out) == read_rows(out)[:5] and len(read_rows(out)) == 5
    outcome = run(plan(), out)
    assert outcome.dropped_torn_line and outcome.played == 7 and outcome.resumed == 5
    assert out.read_bytes() == whole
    assert not drop_torn_line(out)


def test_parquet_resumes_from_its_journal(tmp_path: Path) -> None:
    out = tmp_path / "rows.parquet"
    reference = tmp_path / "reference.jsonl"
    run(plan(), reference)
    journal = tmp_path / "rows.parquet.partial.jsonl"
    journal.write_bytes(b"".join(reference.read_bytes().splitlines(keepends=True)[:4]))
    outcome = run(plan(), out)
    assert outcome.resumed == 4 and outcome.played == 8
    assert read_rows(out) == read_rows(reference) and not journal.exists()
    more = run(plan(games=8), out)  # more games later: the finished ones are kept
    assert more.resumed == 12 and more.played == 4


def test_another_runs_file_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    run(plan(), out)
    before = out.read_bytes()
    other = Plan.build("castle", players=2, bots=["greedy", "random"], games=6, seed=5)
    with pytest.raises(InvalidOptions, match="another run"):
        run(other, out)
    assert out.read_bytes() == before
    with pytest.raises(InvalidOptions, match="--out must end in"):
        run(other, tmp_path / "rows.txt")
    (tmp_path / "junk.jsonl").write_text('{"no": "index"}\n')
    with pytest.raises(InvalidOptions, match="without a game index"):
        run(other, tmp_path / "junk.jsonl")


def test_parquet_is_written_in_row_groups_with_one_type_a_column(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parquet = pytest.importorskip("pyarrow.parquet")
    monkeypatch.setattr(store, "ROW_GROUP", 2)
    rows = [{"index": i, "score_0": 6 if i < 3 else 6.5, "note": None if i else "x"}
            for i in range(5)]
    out = tmp_path / "rows.parquet"
    assert store.write_parquet(out, lambda: iter(rows)) == 5
    assert parquet.ParquetFile(out).metadata.num_row_groups == 3
    assert [r["score_0"] for r in read_rows(out)] == [6.0, 6.0, 6.0, 6.5, 6.5]
    assert [r["note"] for r in read_rows(out)] == ["x", None, None, None, None]


def test_a_game_that_raises_is_counted_and_replayed(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from towerplay.sim import runner
    from towerplay.sim.play import play_row as real

    def broken(job: SimJob) -> dict[str, object]:
        if job.index == 2:
            raise RuntimeError("the engine broke")
        return real(job)
    monkeypatch.setattr(runner, "play_row", broken)
    out = tmp_path / "rows.jsonl"
    outcome = run(plan(), out)
    failed = [(f.index, f.error) for f in outcome.failures]
    assert failed == [(2, "RuntimeError: the engine broke")]
    assert outcome.played == 11
    assert [r["index"] for r in read_rows(out)] == [0, 1, *range(3, 12)]
    assert "1 failed (game 2: RuntimeError: the engine broke)" in runner.describe(outcome, out)
    monkeypatch.setattr(runner, "play_row", real)
    again = run(plan(), out)
    assert again.played == 1 and not again.failures
    assert sorted(r["index"] for r in read_rows(out)) == list(range(12))
