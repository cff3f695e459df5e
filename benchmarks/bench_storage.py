"""What storing a move costs on PostgreSQL, by the round trips it makes (``--check``s, each
one step further):

- ``ping``: SQLAlchemy's ``pool_pre_ping`` (a ``SELECT 1`` round trip at every checkout:
  the server's setting until 2026-12-04), then the move's statements and commit one by one;
- ``socket``: ``storage.sql.replace_if_closed`` instead of the ping (the driver's own state
  and a look at the socket, no round trip), the statements still one by one;
- ``pipeline``: the look, and the statements and commit sent in one pipeline (shipped).

    PYTHONPATH=src .venv/bin/python benchmarks/bench_storage.py [--moves 2000] [--rounds 3] \\
        [--out FILE.jsonl]

On a throwaway PostgreSQL cluster (tests/server/conftest.py's), each round stores
``--moves`` ordinary moves of one table through ``SQLStorage.actions.add`` (the server's
hot path: one insert, one update and one notification, committed) once with each check,
in a fresh database, the checks taking turns. Reported per stored move: this process's
CPU (what a server spends), PostgreSQL's CPU (its backends') and the wall time (one move
after another: the round trips). One JSON line per round and check, with the command and
versions.
"""
from __future__ import annotations

import json
import platform
import resource
import sys
import time
from contextlib import nullcontext
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import typer
from rich.progress import track
from server_setups import group_cpu_seconds, postgres
from sqlalchemy import event

from towerplay import __version__
from towerplay.server.storage import NewAction, SQLStorage, StoredTable, sql

CHECKS = ("ping", "socket", "pipeline")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def storage_with(check: str, url: str) -> SQLStorage:
    """A storage that stores moves as ``check`` says (``ping``: the pool's own pre-ping
    turned back on, the shipped look removed; ``ping`` and ``socket``: no pipeline)."""
    storage = SQLStorage(url)
    if check == "ping":
        event.remove(storage.engine, "checkout", sql.replace_if_closed)
        storage.engine.pool._pre_ping = True  # what create_engine(pool_pre_ping=True) sets
    if check != "pipeline":
        actions: Any = storage.actions
        actions._pipelined = lambda raw: nullcontext()
    return storage


def one_round(base: str, postmaster: int, check: str, moves: int, name: str) -> dict[str, Any]:
    import psycopg

    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    storage = storage_with(check, f"{base}/{name}")
    storage.tables.create(StoredTable(id="t", game="castle", rules_version="1", options={},
                                      seed=1, players=2, seats=["human", "human"],
                                      created=datetime.now(UTC)))
    storage.actions.add(NewAction("t", 0, "a", 0))  # (the pool's first connection)
    cpu, database, wall = own_cpu(), group_cpu_seconds([postmaster]), time.perf_counter()
    for index in range(1, moves + 1):
        storage.actions.add(NewAction("t", index, "a", index % 2))
    cpu, database, wall = (own_cpu() - cpu, group_cpu_seconds([postmaster]) - database,
                           time.perf_counter() - wall)
    storage.close()
    return {"check": check, "moves": moves, "cpu_ms_per_move": round(cpu / moves * 1e3, 4),
            "postgres_cpu_ms_per_move": round(database / moves * 1e3, 4),
            "wall_ms_per_move": round(wall / moves * 1e3, 4)}


def main(moves: int = typer.Option(2000, min=1), rounds: int = typer.Option(3, min=1),
         out: Path | None = typer.Option(None, help="append each round's JSON line here")
         ) -> None:
    command = "benchmarks/bench_storage.py " + " ".join(sys.argv[1:])
    versions = {"towerplay": __version__, "python": platform.python_version()}
    with postgres() as (base, postmaster):
        jobs = [(r, check) for r in range(rounds) for check in CHECKS]
        for r, check in track(jobs, description="storing moves"):
            line = {"round": r, **one_round(base, postmaster, check, moves, f"{check}{r}"),
                    "versions": versions, "command": command}
            print(json.dumps(line), flush=True)
            if out is not None:
                with out.open("a") as file:
                    file.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    typer.run(main)
