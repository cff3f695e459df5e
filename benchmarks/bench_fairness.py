"""Fair thinking under load (issue #45): how long a person's bot takes to answer while
other clients' tables of bots alone think long.

One ``towerplay serve`` on SQLite (its own worker, ``--workers`` thinking processes); the
clients send ``X-Forwarded-For`` (the server trusts 127.0.0.1 as its proxy here) so that
each heavy table comes from an address of its own pair: ``--heavy`` castle tables of four
``ismcts:seconds=10`` bots, two per address (the per-address cap). Then a person plays a
castle table against ``--bot`` (default ``ismcts:seconds=2``) from yet another address:
each of their moves is timed until the bot's answer is stored (the wall clock: this is
what a person waits for; a time budget thinks the same wall time on a busy machine).

    .venv/bin/python benchmarks/bench_fairness.py --heavy 4 --moves 8

Prints the answer times (median, max) and how many searches of the bots-only tables
stopped early for the person (the server's /metrics).
"""
from __future__ import annotations

import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import typer
from server_setups import serve

HEAVY = "ismcts:seconds=10"


def person_moves(base: str, bot: str, moves: int, seed: int) -> list[float]:
    """Seconds from each of the person's moves to the bot's answer."""
    rng = random.Random(seed)
    headers = {"X-Forwarded-For": "198.51.100.99"}
    waits: list[float] = []
    with httpx.Client(base_url=base, timeout=120, headers=headers) as http:
        made = http.post("/api/tables", json={"game": "castle", "seats": ["human", bot],
                                              "options": {"first_player": 0}}).json()
        table, token = made["table"], made["seats"][0]["token"]
        while len(waits) < moves:
            answer = http.get(f"/api/tables/{table}", params={"token": token}).json()
            if answer["view"]["is_over"]:
                break
            if "legal" not in answer["view"]:
                time.sleep(0.01)
                continue
            moved = http.post(f"/api/tables/{table}/actions", json={
                "token": token, "version": answer["version"],
                "action": rng.choice(answer["view"]["legal"])}).json()
            if moved["view"]["to_move"] != 1:
                continue  # the person moves again
            started = time.monotonic()
            while http.get(f"/api/tables/{table}",
                           params={"version": moved["version"]}).json()["version"] == \
                    moved["version"]:
                time.sleep(0.01)
            waits.append(time.monotonic() - started)
    return waits


def figure(base: str, name: str) -> float:
    """A figure of the server's /metrics."""
    for line in httpx.get(f"{base}/metrics").text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise SystemExit(f"/metrics has no {name}")


def busy(base: str, timeout: float = 120) -> None:
    """Wait until every thinking process of the server is taken."""
    deadline = time.monotonic() + timeout
    while figure(base, 'towerplay_thinking_slots{state="in_use"}') < \
            figure(base, 'towerplay_thinking_slots{state="total"}'):
        if time.monotonic() > deadline:
            raise SystemExit("the tables of bots alone never took every thinking process")
        time.sleep(0.1)


def main(heavy: int = typer.Option(4, help="tables of bots alone (two per address)"),
         moves: int = typer.Option(8, help="the person's moves answered by the bot"),
         bot: str = typer.Option("ismcts:seconds=2", help="the person's opponent"),
         workers: int = typer.Option(2, help="the server's thinking processes"),
         as_json: bool = typer.Option(False, "--json")) -> None:
    home = Path(tempfile.mkdtemp(prefix="towerplay-fair-"))
    try:
        url = f"sqlite:///{home / 'fair.sqlite'}"
        with serve(url, home, "serve", True, ["--workers", str(workers)]) as (base, _child):
            with httpx.Client(base_url=base, timeout=60) as http:
                for i in range(heavy):
                    made = http.post("/api/tables", headers={
                        "X-Forwarded-For": f"203.0.113.{i // 2}"},
                        json={"game": "castle", "seats": [HEAVY] * 4})
                    assert made.status_code == 201, made.text
            busy(base)  # the heavy tables' searches hold every thinking process
            waits = person_moves(base, bot, moves, seed=7)
            stopped = figure(base, "towerplay_searches_stopped")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    report = {"heavy_tables": heavy, "bot": bot, "workers": workers,
              "answers": len(waits), "wait_s_median": round(statistics.median(waits), 2),
              "wait_s_max": round(max(waits), 2), "waits_s": [round(w, 2) for w in waits],
              "searches_stopped_for_people": stopped}
    print(json.dumps(report) if as_json else "\n".join(f"{k:>28}: {v}"
                                                       for k, v in report.items()))


if __name__ == "__main__":
    typer.run(main)
