"""``GET /metrics``: the process's figures for Prometheus (prometheus-client's text
format): request latency by route, the tables in memory, the connected clients, the
thinking slots in use and the requests waiting for one, by kind, and the garbage
collector's pauses by generation.

Each app has a registry of its own (several apps may run in one process, as in the tests).
The figures are the process's: behind a balancer each ``towerplay serve`` is scraped on its
own address. They name no table, token or client: nothing a player should not see, yet an
operator's page, to keep off the public side of the proxy (docs/deploy.md).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial

from fastapi import FastAPI, Request
from fastapi.responses import Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Receive, Scope, Send

from towerplay.server import collector
from towerplay.server.collector import BUCKETS, GENERATIONS
from towerplay.server.thinking import Kind, Thinking

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""The request latency histogram's buckets, in seconds."""


class Metrics:
    """One app's figures."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.latency = Histogram("towerplay_request_seconds",
                                 "Time to answer an HTTP request, by route and method",
                                 ["route", "method"], buckets=LATENCY_BUCKETS,
                                 registry=self.registry)
        self.tables = Gauge("towerplay_tables_in_memory",
                            "Tables this process holds in memory", registry=self.registry)
        self.clients = Gauge("towerplay_clients", "Connected websocket clients",
                             registry=self.registry)
        self.slots = Gauge("towerplay_thinking_slots",
                           "Thinking processes of this process's worker", ["state"],
                           registry=self.registry)
        self.waiting = Gauge("towerplay_thinking_waiting",
                             "Requests waiting for a thinking process, by kind", ["kind"],
                             registry=self.registry)
        self.stopped = Gauge("towerplay_searches_stopped",
                             "Searches of tables of bots alone stopped early for people "
                             "(since the start)", registry=self.registry)
        self.registry.register(GcPauses(collector.pauses()))

    def watch(self, tables: Callable[[], int], clients: Callable[[], int],
              thinking: Thinking | None) -> None:
        """Read the live figures when scraped."""
        self.tables.set_function(lambda: float(tables()))
        self.clients.set_function(lambda: float(clients()))
        if thinking is None:
            return
        self.slots.labels("in_use").set_function(
            lambda: float(thinking.slots - thinking.free))
        self.slots.labels("total").set_function(lambda: float(thinking.slots))
        self.stopped.set_function(lambda: float(thinking.stopped))
        for kind in Kind:
            name = kind.name.lower()
            self.waiting.labels(name).set_function(partial(waiting, thinking, name))

    def text(self) -> bytes:
        return generate_latest(self.registry)


class GcPauses(Collector):
    """The garbage collector's pauses (:class:`.collector.Pauses`) as a histogram and the
    longest, by generation."""

    def __init__(self, pauses: collector.Pauses) -> None:
        self.pauses = pauses

    def collect(self) -> Iterator[Metric]:
        pauses = self.pauses
        histogram = HistogramMetricFamily(
            "towerplay_gc_pause_seconds", "Pauses of Python's garbage collector in this "
            "process, by generation (0: the youngest)", labels=["generation"])
        longest = GaugeMetricFamily("towerplay_gc_longest_pause_seconds",
                                    "The longest pause of the garbage collector, by "
                                    "generation", labels=["generation"])
        for generation in range(GENERATIONS):
            label = [str(generation)]
            buckets = [(str(bound), float(count)) for bound, count
                       in zip(BUCKETS, pauses.within[generation], strict=True)]
            histogram.add_metric(label, [*buckets, ("+Inf", float(pauses.count[generation]))],
                                 pauses.seconds[generation])
            longest.add_metric(label, pauses.longest[generation])
        yield histogram
        yield longest


def waiting(thinking: Thinking, kind: str) -> float:
    return float(thinking.waiting_by_kind()[kind])


class Timed:
    """ASGI middleware: every HTTP request's time, by its route's path template (never
    the path itself: table ids and tokens stay out of the figures)."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app, self.metrics = app, metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            self.metrics.latency.labels(route, scope.get("method", "")).observe(
                time.perf_counter() - started)


def install(app: FastAPI, metrics: Metrics) -> None:
    """Add ``GET /metrics`` and the request timer to ``app``."""
    app.state.metrics = metrics
    app.add_middleware(Timed, metrics=metrics)

    @app.get("/metrics", include_in_schema=False)
    async def scrape(request: Request) -> Response:
        return Response(metrics.text(), media_type=CONTENT_TYPE_LATEST)
