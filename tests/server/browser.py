"""Helpers of the browser tests: Debian's chromium driven by Playwright, the real server
(``towerplay serve``) in a subprocess that a test may kill, and screenshots; a page in a
locale that fails the test on a script error (``localized_page``), a table created and
played in the lobby and on the board, a forged piece's refusal (``forged_refusal``) and
the end's scores and winners checked against the record replayed (``final_scores``).

Playwright's own browser download cannot be reached here, so the tests drive
``/usr/bin/chromium`` (Debian's, installed by ``scripts/system-packages.sh``).
"""
from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from towerplay.core.record import Record
from towerplay.i18n import Translator

from tests.system import chromium
from tests.waiting import PATIENCE, PATIENCE_MS, wait_for

LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
TIMEOUT_MS = PATIENCE_MS
MY_TURN = "() => ['me', 'over'].includes(document.body?.dataset.toMove)"
"""Predicates are functions: a bare expression would be eval'd, which the CSP forbids. The
body is ``null`` for a moment while a click opens another page."""
TOO_MANY = {"en": "too many", "pl": "za dużo wiadomości"}
"""The server's refusal of a message over its limit, by the page's language."""
TABLE_JS = Path(__file__).resolve().parents[2] / "src/towerplay/server/static/table.js"


def page_constant(name: str) -> int:
    """A number the table page's script sets (``const NAME = 123;``), for a test that skips
    the page's clock past it (Playwright's ``page.clock``) instead of waiting it out.

    >>> page_constant("ANSWER_WAIT_MS") > 0
    True
    """
    found = re.search(rf"^const {name} = (\d+);$", TABLE_JS.read_text(encoding="utf-8"), re.M)
    assert found, f"table.js sets no {name}"
    return int(found[1])


ANSWER_WAIT_MS = page_constant("ANSWER_WAIT_MS")
"""How long the table page waits for a move's answer before it says there is none."""
RECONNECT_MAX_MS = page_constant("RECONNECT_MAX_MS")
"""The table page's longest wait before it tries to reconnect."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServeProcess:
    """``towerplay serve --port PORT --db DB`` in a subprocess (killable, restartable)."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    def start(self) -> ServeProcess:
        command = [str(Path(sys.executable).parent / "towerplay"), "serve", "--port",
                   str(self.port), "--db", str(self.db), "--workers", "1"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        wait_for(self.answers, f"towerplay serve at {self.base} to answer", every=0.1)
        return self

    def answers(self) -> bool:
        """Whether the server answers (a server that ended fails the test with its log)."""
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"towerplay serve ended: {self.log.read_text()[-800:]}")
        try:
            return httpx.get(f"{self.base}/api/games", timeout=PATIENCE).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown at all, as a crash or a power cut."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Debian chromium under Playwright, for one test module: Playwright's sync
    API runs an event loop while it is open, which other modules' asyncio.run() refuses."""
    from playwright import sync_api

    path = chromium()
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(path), args=LAUNCH_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@contextmanager
def localized_page(browser: Any, locale: str = "en-US", *,
                   page_errors_fail: bool = True) -> Iterator[Any]:
    """A fresh desktop-sized page of a browser that asks for ``locale`` (downloads
    accepted); the test fails if a script on the page threw (a ``pageerror``).

    The page asks for reduced motion, so the board's transitions do not run: without a
    GPU each move's animation costs chromium a third of its drawing time. The tests of
    the motion itself ask for it again (``page.emulate_media(reduced_motion=...)``)."""
    context = browser.new_context(viewport=DESKTOP, locale=locale, accept_downloads=True,
                                  reduced_motion="reduce")
    try:
        opened = context.new_page()
        opened.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        blocked: list[str] = []  # what the server's Content-Security-Policy refused
        opened.on("pageerror", lambda error: errors.append(str(error)))
        opened.on("console", lambda message: blocked.append(message.text)
                  if "Content Security Policy" in message.text else None)
        yield opened
        assert not (page_errors_fail and errors), f"errors on the page: {errors}"
        assert not blocked, f"the page broke its Content-Security-Policy: {blocked}"
    finally:
        context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page (in English; its script errors are not checked)."""
    with localized_page(browser, page_errors_fail=False) as opened:
        yield opened


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """A real ``towerplay serve`` on a fresh SQLite file."""
    server = ServeProcess(tmp_path_factory.mktemp("web") / "web.sqlite").start()
    try:
        yield server
    finally:
        server.stop()


def evaluate_json(page: Any, function: str, argument: Any) -> Any:
    """``page.evaluate(function, argument)`` for large data: the argument goes in, and the
    answer comes back, as one JSON text each (Playwright's value-by-value serialization
    of thousands of scored tables takes seconds); ``undefined`` comes back as ``None``,
    as Playwright gives it."""
    text = page.evaluate(
        f"async (text) => JSON.stringify(await ({function})(JSON.parse(text)),"
        " (key, value) => value === undefined ? null : value)", json.dumps(argument))
    return json.loads(text)


def screenshots(page: Any, name: str) -> None:
    """Full-page screenshots at desktop size and 360 px wide: test-artifacts/NAME-*.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(page, ARTIFACTS / f"{name}-desktop.png")
    page.set_viewport_size(PHONE)
    screenshot(page, ARTIFACTS / f"{name}-360px.png")
    page.set_viewport_size(DESKTOP)


def screenshot(page: Any, path: Path, tries: int = 3, full_page: bool = True) -> None:
    """One full-page screenshot (or of the first screen only: ``full_page=False``), taken
    again when chromium does not draw it in time.

    A screenshot is a picture for people, not a check: on a loaded 2-core CI machine
    chromium once took over 30 s to draw one (the page's checks had all passed), so a
    picture still missing after ``tries`` waits is a warning, not a failed test."""
    from playwright.sync_api import TimeoutError as DrawnTooLate

    for attempt in range(1, tries + 1):
        try:
            page.screenshot(path=str(path), full_page=full_page, animations="disabled",
                            timeout=PATIENCE_MS * attempt)
            return
        except DrawnTooLate:
            path.unlink(missing_ok=True)
    warnings.warn(f"no screenshot {path.name}: chromium did not draw it in {tries} tries",
                  stacklevel=2)


def create_in_lobby(page: Any, base: str, game: str, seats: list[str]) -> dict[str, str]:
    """Create a table in the lobby; the links it shows, by id (``seat-0``, ``spectate``)."""
    page.goto(f"{base}/")
    page.wait_for_selector("#seats select")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for seat, spec in enumerate(seats):
        choose_seat(page, seat, spec)
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("#links a")
    return {links.nth(i).get_attribute("id").removeprefix("link-"):
            links.nth(i).get_attribute("href") for i in range(links.count())}


def choose_seat(page: Any, seat: int, spec: str) -> None:
    """Pick a seat's kind in the lobby's choice list, or "other bot" and type its spec."""
    row = f"#seats label:nth-of-type({seat + 1})"
    kinds = page.eval_on_selector(f"{row} select", "s => [...s.options].map(o => o.value)")
    page.select_option(f"{row} select", spec if spec in kinds else "spec")
    if spec not in kinds:
        page.fill(f"{row} input", spec)


def seated_in_lobby(page: Any, base: str, game: str, seats: list[str]) -> None:
    """Create a table in the lobby (its button worded in the page's language) and take
    the first seat by the lobby's button: this seat's turn, said in that language."""
    create_in_lobby(page, base, game, seats)
    said = Translator("web", page.get_attribute("html", "lang"))
    assert page.inner_text("#create") == said("create")
    page.click("#take-seat")
    wait_my_turn(page)
    assert page.inner_text("#turn") == said("your_move_now")


def wait_my_turn(page: Any) -> bool:
    """Wait until this seat is to move (True) or the game is over (False)."""
    page.wait_for_function(MY_TURN)
    return bool(page.evaluate("document.body.dataset.toMove") == "me")


def act(page: Any, piece: Any, keyboard: bool = False) -> str:
    """Click ``piece`` (or focus it and press Enter) and wait for the next view. A
    scripted player can outpace the server's message limit (10 a second): that refusal
    alone (in the page's language) is waited out and the move made again."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    version = page.evaluate("document.body.dataset.version")
    action = str(piece.get_attribute("data-action"))
    for _ in range(5):
        # the page drops a click while its socket reconnects (as a person sees it say so)
        page.wait_for_function("() => document.body.dataset.connection === 'connected'")
        if keyboard:
            piece.focus()
            page.keyboard.press("Enter")
        else:
            piece.click()
        try:
            page.wait_for_function(f"() => document.body.dataset.version !== {version!r} || "
                                   "!document.getElementById('error').hidden")
        except PlaywrightTimeout:  # no answer: the click went unheard; a person clicks again
            if page.evaluate("document.body.dataset.version") != version:
                return action
            continue
        if page.evaluate("document.body.dataset.version") != version:
            return action
        refusal = page.inner_text("#error")
        assert TOO_MANY[page.get_attribute("html", "lang")] in refusal, refusal
        page.wait_for_timeout(1000)
    raise AssertionError(f"{action!r} was refused or unanswered five times")


def click_board_to_the_end(page: Any, choose: Callable[[int, Any], Any]) -> int:
    """Play this seat to the game's end on the board's pieces (at least one each turn):
    the piece clicked is ``choose(moves made so far, the pieces)``. The moves made."""
    moves = 0
    while wait_my_turn(page):
        pieces = page.locator("#board [data-action]")
        assert pieces.count() >= 1
        act(page, choose(moves, pieces))
        moves += 1
    return moves


def played_on_the_board(page: Any, base: str, game: str, seats: list[str], *,
                        check: Callable[[Any], None], refused: Callable[[Any], None],
                        pick: Callable[[Any], Any], mid_at: Callable[[int, Any], bool],
                        least: int, end: Callable[[Any, str], Any]) -> None:
    """A whole game clicked on the board in the page's language: the table created in
    the lobby and its first seat taken (``seated_in_lobby``); ``check(page)`` at the
    start, mid-game and the end; ``refused(page)`` at the start; each turn the piece
    ``pick(pieces)``; mid-game is the first turn where ``mid_at(moves made, pieces)``;
    at least ``least`` moves; then ``end(page, base)``. Screenshots (``screenshots``)
    ``GAME-LANG-start``, ``-mid`` and ``-end``."""
    seated_in_lobby(page, base, game, seats)
    shots = f"{game}-{page.get_attribute('html', 'lang')}"
    check(page)
    refused(page)
    screenshots(page, f"{shots}-start")
    mid: list[int] = []

    def choose(moves: int, pieces: Any) -> Any:
        if not mid and mid_at(moves, pieces):
            check(page)
            screenshots(page, f"{shots}-mid")
            mid.append(moves)
        return pick(pieces)

    assert click_board_to_the_end(page, choose) >= least and mid
    check(page)
    end(page, base)
    screenshots(page, f"{shots}-end")


def forged_refusal(page: Any, action: str) -> str:
    """A forged piece of the board sends ``action``, which the server refuses: the
    refusal shown in the error line (the position stays; the piece is removed again)."""
    version = page.evaluate("document.body.dataset.version")
    page.evaluate("""(action) => {
        const forged = document.createElement("button");
        forged.id = "forged";
        forged.dataset.action = action;
        document.getElementById("board").append(forged);
    }""", action)
    page.click("#forged")
    page.wait_for_selector("#error:not([hidden])")
    shown = str(page.inner_text("#error"))
    assert page.evaluate("document.body.dataset.version") == version
    page.evaluate("document.getElementById('forged').remove()")
    return shown


def final_scores(page: Any, base: str, seat_label: Callable[[int], str]) -> Record:
    """At the game's end, the totals shown are the record's result and the engine's
    scores (the downloaded record replayed), and ``#winners`` (worded for one winner or
    several in the page's language) names, by ``seat_label`` (of the seat counted from
    1), exactly the engine's winners; the turn line says the game is over (in the page's
    language): the record."""
    page.wait_for_selector("#end:not([hidden])")
    href = page.get_attribute("#record-link", "href")
    record = Record.model_validate(httpx.get(f"{base}{href}", timeout=PATIENCE).json())
    state = record.replay()
    shown = [page.inner_text(f"th.total[data-seat='{s}']") for s in range(state.players)]
    assert shown == [str(score) for score in record.result["scores"]]  # type: ignore[index]
    assert [float(s) for s in shown] == [float(s) for s in state.scores()]
    winners = page.inner_text("#winners")
    said = Translator("web", page.get_attribute("html", "lang"))
    assert winners.startswith(said("won_by", count=max(len(state.winners()), 1), names="")), \
        winners
    for seat in range(state.players):  # people count seats from 1
        assert (seat_label(seat + 1) in winners) == (seat in state.winners())
    assert page.inner_text("#turn") == said("game_over")
    # the sheets in finishing order (the engine's, tie-breaks and all), the winners' starred
    sheets = page.eval_on_selector_all("#breakdown table.score", SHEETS)
    places = state.places()
    assert [seat for seat, _ in sheets] == sorted(range(state.players),
                                                  key=lambda s: (places[s], s)), sheets
    assert [seat for seat, starred in sheets if starred] == sorted(state.winners()), sheets
    return record


SHEETS = """(tables) => tables.map((table) => [Number(table.dataset.seat),
  table.querySelector('caption .star') !== null])"""
"""Each end's score sheet on the page, in order: its seat and whether it is starred."""
