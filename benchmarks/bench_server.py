"""Web server load: scripted websocket clients on loopback play N concurrent tables of a
game (``--game``, 5 Towers by default; two scripted people and one greedy bot each; their
boards come as patches, as the table page asks) against one of three setups:

- ``sqlite``: one ``towerplay serve`` on SQLite (its bots in-process);
- ``pg1``: one ``towerplay serve --no-bot-worker`` and one ``towerplay worker`` on a
  throwaway PostgreSQL cluster;
- ``pg2``: two such servers and one worker behind nginx (round robin, no sticky sessions;
  installed with apt-get if missing), so a table's seats often sit on different servers;
- ``pg2-table``: the same with nginx routing by table (a consistent hash of the table id
  in the path), so a table's seats sit on one server (not run by default).

    .venv/bin/python benchmarks/bench_server.py --tables 200 --tables 50 --seconds 30
    .venv/bin/python benchmarks/bench_server.py --setup sqlite --tables 200 --profile prof/
    .venv/bin/python benchmarks/bench_server.py --setup sqlite --game skytopia --json

Reports, per setup and table count: accepted actions per second (people and bots), the
round trip of a person's action (from sending ``act`` to receiving the view of the next
version: median, p99), the 1-minute load average at the start and end of the run, and the
machine's core count, the CPU milliseconds per accepted action of each part (servers,
worker, nginx, PostgreSQL: a figure that a busy machine distorts less than actions/s), and
seats that heard nothing for ``--stall`` seconds (``missed``: the database holds a version
the seat never heard), and the servers' garbage collector pauses during the play, by
generation (from their ``/metrics``: how many, milliseconds in all, how many over 10, 25
and 50 ms). People think ``--think`` seconds on average before each action (0:
at once, which only measures the server saturated). Every server and worker is a
``python -m towerplay`` subprocess in its own process group, killed at the end (Ctrl-C
too), with per-address limits raised (``serve --limits``, hidden: the clients share one
address); the clients run here, in one asyncio loop, on the same machine.
``--profile DIR``: py-spy (``pip install py-spy``) samples the first server of each run,
whichever thread holds the GIL, into ``DIR/SETUP-TABLES.txt`` (collapsed stacks), and the
top functions by share of the samples are printed.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import typer
import websockets
from server_setups import group_cpu_seconds, postgres, setup

SETUPS = ("sqlite", "pg1", "pg2", "pg2-table")


class Stats:
    """Round trips of people's actions and the tables' final versions."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.versions: dict[str, int] = {}
        self.first: dict[str, int] = {}
        self.errors: Counter[str] = Counter()
        self.stalled: list[dict[str, Any]] = []


async def person(base: str, table: str, seat: int, token: str, seed: int, stats: Stats,
                 stop: float, think: float, stall: float) -> None:
    """A scripted person: a random legal action after thinking about ``think`` seconds
    (uniform between half and one and a half times that; 0: at once). Hearing nothing
    for ``stall`` seconds, it notes the table as stalled and leaves."""
    rng, sent_at, sent_version, seen = random.Random(seed), 0.0, -1, -1
    url = f"ws{base.removeprefix('http')}/ws/tables/{table}?token={token}&patch=1"
    async with websockets.connect(url, max_size=None, open_timeout=120) as ws:
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), stall))
            except TimeoutError:
                stats.stalled.append({"table": table, "seat": seat, "seen": seen,
                                      "acted": sent_version >= 0})
                return
            if time.monotonic() > stop:  # the run is over: not counted
                return
            if message["type"] == "error":
                stats.errors[message.get("code", "?")] += 1
                continue
            version = seen = message["version"]
            stats.first.setdefault(table, version)
            stats.versions[table] = max(stats.versions.get(table, 0), version)
            if sent_version >= 0 and version > sent_version:
                stats.round_trips.append(time.perf_counter() - sent_at)
                sent_version = -1
            view = message["view"]
            if view["is_over"]:
                return
            if "legal" in view and sent_version < 0:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                sent_at, sent_version = time.perf_counter(), version
                await ws.send(json.dumps({"type": "act", "version": version,
                                          "action": rng.choice(view["legal"])}))


async def create_tables(base: str, tables: int, game: str) -> list[dict[str, Any]]:
    """The tables' creation answers (each: two people and a greedy bot)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        return [(await http.post("/api/tables", json={
            "game": game, "seats": ["human", "human", "greedy"]})).json()
            for _ in range(tables)]


async def play(base: str, made: list[dict[str, Any]], seconds: float, think: float,
               stall: float) -> tuple[Stats, float]:
    """Every person of the tables ``made`` plays for ``seconds``."""
    stats = Stats()
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(person(base, m["table"], s["seat"], s["token"], i * 7 + s["seat"],
                                  stats, stop, think, stall)
                           for i, m in enumerate(made) for s in m["seats"]
                           if s["kind"] == "human"))
    return stats, min(seconds, time.monotonic() - start)  # stalled seats wait past it


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def profiler(pid: int, seconds: float, out: Path) -> subprocess.Popen[bytes] | None:
    """py-spy sampling ``pid`` for ``seconds`` into collapsed stacks: the thread holding
    the GIL (whichever it is), i.e. where the process's Python time goes."""
    # (beside this Python too: the dev extra installs it into the venv, active or not)
    spy = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if spy is None:
        raise SystemExit("--profile needs py-spy (pip install py-spy)")
    return subprocess.Popen([spy, "record", "--pid", str(pid), "--duration",
                             str(max(1, int(seconds))), "--rate", "100", "--format", "raw",
                             "--output", str(out), "--nonblocking", "--gil"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def frame_name(frame: str) -> str:
    """``function (path:line)`` without the line and the path's folders up to the package."""
    name, _, where = frame.partition(" (")
    path = where.rsplit(":", 1)[0]
    for marker in ("site-packages/", "towerplay/", "lib/python3"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{name} ({path})"


def top_functions(stacks: Path, count: int = 15) -> dict[str, list[tuple[str, float]]]:
    """The functions with the largest shares of the samples: as the innermost frame (self)
    and anywhere on the stack (total), in percent of all non-idle samples."""
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    samples = 0
    for line in stacks.read_text().splitlines():
        stack, _, weight = line.rpartition(" ")
        frames = [frame_name(f) for f in stack.split(";")[1:]]  # [0]: the thread
        if not frames or not weight.isdigit():
            continue
        samples += int(weight)
        own[frames[-1]] += int(weight)
        for name in set(frames):
            total[name] += int(weight)
    share = 100 / max(1, samples)
    return {"self": [(n, round(c * share, 1)) for n, c in own.most_common(count)],
            "total": [(n, round(c * share, 1)) for n, c in total.most_common(count * 3)
                      if "towerplay" in n or "(server/" in n or "(core/" in n][:count]}


PAUSE_BOUNDS = ("0.01", "0.025", "0.05")
"""The pause lengths (s) the report counts the pauses over (histogram buckets of
``towerplay_gc_pause_seconds``)."""


def collector_pauses(server: str) -> dict[str, dict[str, float]]:
    """A server's garbage collector pauses so far, by generation (its ``/metrics``):
    ``count``, ``sum`` (s) and the count within each bucket (``le`` bound as text)."""
    from prometheus_client.parser import text_string_to_metric_families

    text = httpx.get(f"{server}/metrics", timeout=30).text
    found: dict[str, dict[str, float]] = {}
    for family in text_string_to_metric_families(text):
        if family.name != "towerplay_gc_pause_seconds":
            continue
        for sample in family.samples:
            kept = found.setdefault(sample.labels["generation"], {})
            field = sample.name.rpartition("_")[2]  # bucket, count, sum (created: not kept)
            if field == "bucket":
                kept[sample.labels["le"]] = sample.value
            elif field in ("count", "sum"):
                kept[field] = sample.value
    return found


def pauses_during(before: list[dict[str, dict[str, float]]],
                  after: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """The pauses of the servers' collectors between two readings, by generation, all the
    servers together: how many, their milliseconds in all, and how many took longer than
    each of :data:`PAUSE_BOUNDS`.

    >>> pauses_during([{"0": {"count": 1, "sum": 0.01, "0.01": 1, "0.025": 1, "0.05": 1}}],
    ...               [{"0": {"count": 3, "sum": 0.05, "0.01": 2, "0.025": 3, "0.05": 3}}])
    {'0': {'count': 2, 'ms': 40.0, 'over_10ms': 1, 'over_25ms': 0, 'over_50ms': 0}}
    """
    report: dict[str, dict[str, float]] = {}
    for then, now in zip(before, after, strict=True):
        for generation, figures in now.items():
            old = then.get(generation, {})
            grew = {field: value - old.get(field, 0.0) for field, value in figures.items()}
            row = report.setdefault(generation, {"count": 0, "ms": 0.0} | {
                over(bound): 0 for bound in PAUSE_BOUNDS})
            row["count"] += int(grew["count"])
            row["ms"] = round(row["ms"] + 1000 * grew["sum"], 1)
            for bound in PAUSE_BOUNDS:
                row[over(bound)] += int(grew["count"] - grew[bound])
    return report


def over(bound: str) -> str:
    """A report's name for the pauses longer than ``bound`` seconds: ``over_25ms``."""
    return f"over_{float(bound) * 1000:g}ms"


def stored_state(url: str, table: str) -> dict[str, Any]:
    """A table's stored version and bot queue, read from the database itself."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as db:
            row = db.execute(text("SELECT version, bot_queue FROM tables WHERE id = :id"),
                             {"id": table}).one()
    finally:
        engine.dispose()
    return {"stored": row[0], "bot_queue": row[1]}


def one_run(kind: str, tables: int, seconds: float, think: float, stall: float,
            cluster: tuple[str, int] | None, home: Path, profile: Path | None,
            game: str = "five_towers") -> dict[str, Any]:
    """Start the setup, play, stop it: the run's figures."""
    name = f"{kind}-{tables}-{int(time.time())}"
    with setup(kind, name, cluster[0] if cluster else None, home) as running:
        base, pids, url = running.base, running.pids, running.url
        if cluster and kind != "sqlite":
            pids = {**pids, "postgres": [cluster[1]]}
        made = asyncio.run(create_tables(base, tables, game))
        spy = None
        if profile:
            profile.mkdir(parents=True, exist_ok=True)
            stacks = profile / f"{kind}-{tables}.txt"
            spy = profiler(pids["serve"][0], seconds, stacks)
        load_start = os.getloadavg()[0]
        cpu_start = {part: group_cpu_seconds(ids) for part, ids in pids.items()}
        pauses_start = [collector_pauses(server) for server in running.servers]
        stats, elapsed = asyncio.run(play(base, made, seconds, think, stall))
        pauses = pauses_during(pauses_start,
                               [collector_pauses(server) for server in running.servers])
        stalled = [{**seat, **stored_state(url, seat["table"])} for seat in stats.stalled]
        for log in home.glob(f"{name}-*/*.log") if stalled else ():
            print(f"--- {log.name} (stalled seats):\n{log.read_text()[-3000:]}", file=sys.stderr)
        cpu = {part: group_cpu_seconds(ids) - cpu_start[part] for part, ids in pids.items()}
        load_end = os.getloadavg()[0]
        if spy is not None:
            spy.wait(60)
    trips = [t * 1000 for t in stats.round_trips]
    actions = sum(v - stats.first.get(t, 0) for t, v in stats.versions.items())
    report: dict[str, Any] = {
        "setup": kind, "game": game, "tables": tables, "think_s": think,
        "seconds": round(elapsed, 1),
        "actions_per_second": round(actions / elapsed, 1),
        "human_actions": len(trips), "errors": dict(stats.errors),
        # missed: the database has a version the seat never heard (a lost update);
        # else a quiet seat waited on someone who had left at the end of the run
        "missed_seats": sum(seat["stored"] > seat["seen"] for seat in stalled),
        "quiet_seats": sum(seat["stored"] <= seat["seen"] for seat in stalled),
        # quiet, with a bot due at the end: a bot that did not move for --stall seconds
        "quiet_bot_due": sum(seat["stored"] <= seat["seen"] and seat["bot_queue"] is not None
                             for seat in stalled),
        "missed_examples": [seat for seat in stalled if seat["stored"] > seat["seen"]][:5],
        "round_trip_ms_median": round(statistics.median(trips), 2) if trips else None,
        "round_trip_ms_p99": round(percentile(trips, 0.99), 2) if trips else None,
        "load_1m_start": round(load_start, 2), "load_1m_end": round(load_end, 2),
        "cpus": os.cpu_count(),
        "cpu_ms_per_action": {part: round(1000 * used / max(1, actions), 2)
                              for part, used in cpu.items()},
        "cpu_share": {part: round(used / elapsed, 2) for part, used in cpu.items()},
        "gc_pauses": pauses}
    if profile and stacks.exists():
        report["profile"] = top_functions(stacks)
    return report


def main(setups: list[str] = typer.Option(list(SETUPS[:3]), "--setup", help="sqlite, pg1, "
                                          "pg2 or pg2-table (repeatable; default: the "
                                          "first three)"),
         tables: list[int] = typer.Option([200], "--tables", help="concurrent tables "
                                          "(repeatable: one run each)"),
         seconds: float = typer.Option(60.0, help="stop the clients after this long"),
         think: float = typer.Option(1.0, help="a person's mean thinking time in seconds "
                                     "(0: act at once, which saturates the server)"),
         stall: float = typer.Option(60.0, help="a seat hearing nothing this long counts "
                                     "as stalled (and stops playing)"),
         profile: Path | None = typer.Option(None, help="folder for py-spy profiles of "
                                             "each run's first server"),
         game: str = typer.Option("five_towers", help="the game the tables play"),
         as_json: bool = typer.Option(False, "--json")) -> None:
    """Run the load on each setup and print actions/s and the people's round trips."""
    unknown = sorted(set(setups) - set(SETUPS))
    if unknown:
        raise typer.BadParameter(f"--setup must be one of {', '.join(SETUPS)} (got "
                                 f"{', '.join(unknown)})")
    from towerplay import games

    if game not in games.names():
        raise typer.BadParameter(f"--game must be one of {', '.join(games.names())} (got "
                                 f"{game})")
    signal.signal(signal.SIGTERM, stop_on_term)  # SIGTERM too kills the setup's processes
    home = Path(tempfile.mkdtemp(prefix="towerplay-bench-"))
    reports = []
    try:
        with postgres() if set(setups) - {"sqlite"} else _no_cluster() as cluster:
            for kind in setups:
                for count in tables:
                    report = one_run(kind, count, seconds, think, stall, cluster, home,
                                     profile, game)
                    reports.append(report)
                    show(report, as_json)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def stop_on_term(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class _no_cluster:  # noqa: N801  (a context manager standing in for postgres())
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def show(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report), flush=True)
        return
    for key, value in report.items():
        if key == "profile":
            for part, rows in value.items():
                print(f"{'profile, ' + part:>22}:")
                for function, share in rows:
                    print(f"{share:>27.1f}%  {function}")
        else:
            print(f"{key:>22}: {value}")
    print(flush=True)


PARTS = ("serve", "worker", "nginx", "postgres")
"""The parts whose CPU a report counts, in docs/deploy.md's column order."""


def table_rows(reports: list[dict[str, Any]], code: str) -> list[str]:
    """docs/deploy.md's rows of ``reports`` (``--json`` lines) of the code ``code``: setup,
    tables, actions/s, round trips, load, CPU ms per action of each part (– where none)."""
    return [f"| {code} | {r['setup']} | {r['tables']} | {load_cells(r)} "
            f"| {r['load_1m_start']:.1f} → {r['load_1m_end']:.1f} | {cpu_cell(r)} "
            f"| {r['missed_seats']} |" for r in reports]


def load_cells(report: dict[str, Any]) -> str:
    """A row's actions/s and round trips (median / p99, ms)."""
    return (f"{report['actions_per_second']:.1f} "
            f"| {report['round_trip_ms_median']:,.0f} / {report['round_trip_ms_p99']:,.0f}")


def cpu_cell(report: dict[str, Any]) -> str:
    """A row's CPU ms per action of each part of :data:`PARTS` (– where none)."""
    cpu = report["cpu_ms_per_action"]
    return " / ".join(f"{cpu[part]:.2f}" if part in cpu else "–" for part in PARTS)


def pause_rows(reports: list[dict[str, Any]], code: str) -> list[str]:
    """docs/deploy.md's rows of the garbage collector's pauses in ``reports`` of the code
    ``code``: per generation (youngest first), how many, their milliseconds in all, and
    how many took over 10 and over 25 ms."""
    rows = []
    for r in reports:
        cells = " | ".join(f"{g['count']} / {g['ms']:.0f} / {g['over_10ms']} / {g['over_25ms']}"
                           for g in (r["gc_pauses"][k] for k in ("0", "1", "2")))
        rows.append(f"| {code} | {r['setup']} | {cells} | {r['round_trip_ms_p99']:,.0f} |")
    return rows


def game_rows(reports: list[dict[str, Any]], code: str) -> list[str]:
    """docs/deploy.md's rows of runs of several games: game, setup, tables, actions/s,
    round trips, CPU ms per action of each part, and the servers' share of a core."""
    return [f"| {code} | {r['game']} | {r['setup']} | {r['tables']} | {load_cells(r)} "
            f"| {cpu_cell(r)} | {r['cpu_share']['serve']:.2f} |" for r in reports]


def cpu_medians(reports: list[dict[str, Any]]) -> dict[str, float]:
    """Per setup, the median over runs of the CPU ms per action of all its parts together."""
    by_setup: dict[str, list[float]] = {}
    for r in reports:
        by_setup.setdefault(r["setup"], []).append(sum(r["cpu_ms_per_action"].values()))
    return {setup: round(statistics.median(values), 2) for setup, values in by_setup.items()}


if __name__ == "__main__":
    typer.run(main)
