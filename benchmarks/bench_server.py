"""Web server load: scripted websocket clients on loopback play N concurrent 5 Towers
tables (two scripted people and one greedy bot each) against one server process.

    .venv/bin/python benchmarks/bench_server.py --tables 200               # SQLite
    .venv/bin/python benchmarks/bench_server.py --tables 200 --db-url postgresql://...

Reports accepted actions per second (people and bots) and the round trip of a person's
action: from sending ``act`` to receiving the view of the next version (median, p99).
People think ``--think`` seconds on average before each action (0: at once, which only
measures the server saturated: every round trip then includes the queue of every other
table's actions). The server runs in its own process with limits raised (the clients share one address);
the clients run here, in one asyncio loop, on the same machine.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import typer
import websockets

SERVER = """
import sys, uvicorn
from towerplay.server.app import create_app
from towerplay.server.limits import Limits, WS_MAX_BYTES
limits = Limits(tables_per_minute=100_000, actions_per_second=1000, actions_burst=1000)
uvicorn.run(create_app(sys.argv[1], limits=limits), host="127.0.0.1", port=int(sys.argv[2]),
            log_level="warning", ws_max_size=WS_MAX_BYTES, ws_per_message_deflate=False)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db_url: str, port: int) -> subprocess.Popen[bytes]:
    """The server in its own process, once it answers."""
    process = subprocess.Popen([sys.executable, "-c", SERVER, db_url, str(port)])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


class Stats:
    """Round trips of people's actions and the tables' final versions."""

    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.versions: dict[str, int] = {}
        self.errors = 0


async def person(port: int, table: str, token: str, seed: int, stats: Stats,
                 stop: float, think: float) -> None:
    """A scripted person: a random legal action after thinking about ``think`` seconds
    (uniform between half and one and a half times that; 0: at once)."""
    rng, sent_at, sent_version = random.Random(seed), 0.0, -1
    url = f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}"
    async with websockets.connect(url, max_size=None, open_timeout=120) as ws:
        while time.monotonic() < stop:
            message = json.loads(await asyncio.wait_for(ws.recv(), 120))
            if message["type"] == "error":
                stats.errors += 1
                continue
            version = message["version"]
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


async def run(port: int, tables: int, seconds: float, think: float) -> tuple[Stats, float]:
    stats = Stats()
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        made = [(await http.post("/api/tables", json={
            "game": "five_towers", "seats": ["human", "human", "greedy"]})).json()
            for _ in range(tables)]
    start = time.monotonic()
    stop = start + seconds
    await asyncio.gather(*(person(port, m["table"], s["token"], i * 7 + s["seat"], stats, stop,
                                  think)
                           for i, m in enumerate(made) for s in m["seats"]
                           if s["kind"] == "human"))
    return stats, time.monotonic() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(tables: int = typer.Option(200, help="concurrent tables"),
         seconds: float = typer.Option(60.0, help="stop the clients after this long"),
         think: float = typer.Option(1.0, help="a person's mean thinking time in seconds "
                                     "(0: act at once, which saturates the server)"),
         db_url: str = typer.Option("", help="database URL (default: a temporary SQLite "
                                    "file); postgresql://... for PostgreSQL"),
         as_json: bool = typer.Option(False, "--json")) -> None:
    """Run the load and print actions/s and the people's round trips."""
    folder = tempfile.mkdtemp(prefix="towerplay-bench-")
    url = db_url or f"sqlite:///{Path(folder) / 'bench.sqlite'}"
    port = free_port()
    server = start_server(url, port)
    try:
        stats, elapsed = asyncio.run(run(port, tables, seconds, think))
    finally:
        server.terminate()
        server.wait(30)
    trips = [t * 1000 for t in stats.round_trips]
    report: dict[str, Any] = {
        "database": url.split("://")[0], "tables": tables, "think_s": think, "seconds": round(elapsed, 1),
        "actions_per_second": round(sum(stats.versions.values()) / elapsed, 1),
        "human_actions": len(trips), "errors": stats.errors,
        "round_trip_ms_median": round(statistics.median(trips), 2) if trips else None,
        "round_trip_ms_p99": round(percentile(trips, 0.99), 2) if trips else None,
        "cpus": os.cpu_count()}
    print(json.dumps(report) if as_json else
          "\n".join(f"{key:>22}: {value}" for key, value in report.items()))


if __name__ == "__main__":
    typer.run(main)
