"""The scoring pads (issue #18) in chromium against a real ``towerplay serve``.

The pads score in JavaScript (each game's pad.js), ported from the Python that
``towerplay score <game>`` runs. Here both score the same generated tables (valid ones,
ties, the rules' edge cases, and impossible ones): the totals, breakdowns and winners
agree, and the pad refuses exactly what the CLI refuses, for the same reason. Then the
rulebooks' examples are typed into the pages in Polish, the pads are scored offline
from the service worker's copies, and screenshots go to ``test-artifacts/``.
"""
from __future__ import annotations

import io
import json
import random
import re
import tomllib
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import httpx
import pytest

from towerplay import i18n
from towerplay.core.errors import InvalidOptions
from towerplay.games.castle import cli as castle_cli
from towerplay.games.castle.cards import DATA_FILE
from towerplay.games.five_towers import cli as five_towers_cli
from towerplay.games.five_towers.cards import SUITS, copies_in_deck
from towerplay.games.five_towers.rules import can_place
from towerplay.server import scoring

from tests.server.browser import DESKTOP, TIMEOUT_MS, evaluate_json, screenshots
from tests.server.conftest import TIMEOUT

STATIC = Path(i18n.__file__).parent / "server" / "static"
CASES = 400
"""Generated tables per game (one batch each through the page)."""

SCORE_ALL = """async ([game, inputs]) => {
  const pad = (await import(`/score/${game}/pad.js`)).default;
  const data = await (await fetch(`/score/${game}/data.json`)).json();
  return inputs.map((input) => {
    try {
      return { result: pad.score(input, data) };
    } catch (problem) {
      if (!problem.key) throw problem;
      return { refusal: { key: problem.key, params: problem.params, seat: problem.seat } };
    }
  });
}"""


def score_in_page(page: Any, base: str, game: str, inputs: list[dict[str, Any]]) -> list[Any]:
    """Each input scored by the pad's ``score()`` in the browser."""
    page.goto(f"{base}/score/{game}")
    page.wait_for_selector("#pad-seats fieldset")
    answers: list[Any] = evaluate_json(page, SCORE_ALL, [game, inputs])
    return answers


def refusal_of(message: str, patterns: list[tuple[str, str]]) -> dict[str, Any]:
    """The pad's refusal that a CLI message stands for: its key, seat and params (the CLI
    counts seats from 1, as people do; the pad's refusals from 0)."""
    for pattern, key in patterns:
        found = re.fullmatch(pattern, message)
        if found:
            params = found.groupdict()
            seat = params.pop("seat", None)
            if "other" in params:
                params["other"] = str(int(params["other"]) - 1)
            return {"key": key, "seat": None if seat is None else int(seat) - 1,
                    "params": params}
    raise AssertionError(f"no pad refusal stands for the CLI's {message!r}")


def plain(value: Any) -> str:
    """A refusal param as text: a nested text ``{key}`` by the last part of its key."""
    return value["key"].rsplit(".", 1)[1] if isinstance(value, dict) else str(value)


def same_refusal(js: dict[str, Any], expected: dict[str, Any]) -> bool:
    return (js["key"] == expected["key"] and js["seat"] == expected["seat"]
            and all(plain(js["params"][name]) == value
                    for name, value in expected["params"].items()))


def compare(inputs: list[dict[str, Any]], answers: list[Any], python: Any,
            summary: Any, patterns: list[tuple[str, str]]) -> Counter[str]:
    """Every answer of the pad against Python's; how many were scored, tied, refused."""
    seen: Counter[str] = Counter()
    for case, answer in zip(inputs, answers, strict=True):
        try:
            expected = python(case)
        except InvalidOptions as problem:
            wanted = refusal_of(str(problem), patterns)
            assert "refusal" in answer, (case, str(problem), answer)
            assert same_refusal(answer["refusal"], wanted), (case, wanted, answer["refusal"])
            seen[f"refused {wanted['key']}"] += 1
            continue
        assert "result" in answer, (case, expected, answer)
        assert summary(answer["result"]) == expected, (case, answer["result"])
        seen["tie" if len(expected["winners"]) > 1 else "one winner"] += 1
    return seen


# ----------------------------------------------------------------- 5 Towers
FIVE_TOWERS_REFUSALS = [
    (r"seat (?P<seat>\d+): (?P<tower>\w+) tower: '(?P<word>.*)' is not a card value "
     r"\(0 to 15\)", "five_towers.not_value"),
    (r"seat (?P<seat>\d+): the (?P<tower>\w+) tower has no cards: .*", "five_towers.no_cards"),
    (r"seat (?P<seat>\d+): (?P<tower>\w+) tower [\d ]+: nothing may go on a 0 .*",
     "five_towers.on_top"),
    (r"seat (?P<seat>\d+): (?P<tower>\w+) tower [\d ]+: a (?P<above>\d+) cannot go on a "
     r"(?P<below>\d+) .*", "five_towers.cannot_place"),
    (r"seat (?P<seat>\d+): (?P<tower>\w+) tower [\d ]+: the (?P<deck>\d+)-card deck has only "
     r"(?P<copies>\d+) [a-z]+(?P<value>\d+)", "five_towers.copies"),
    (r"seat (?P<seat>\d+): '.*': write the tear-downs once, .*", "five_towers.torn"),
    (r"the towers hold (?P<held>\d+) (?P<tower>[a-z]+)(?P<value>\d+), but the (?P<deck>\d+)"
     r"-card deck has only (?P<copies>\d+)", "five_towers.table_copies"),
    (r"--torn: the towers' (?P<built>\d+) cards and (?P<torn>\d+) torn-down cards exceed "
     r"the (?P<deck>\d+)-card deck", "five_towers.deck_size"),
]


def five_towers_cli_text(fields: dict[str, str]) -> str:
    """One player's pad fields as the CLI's ``--player`` text."""
    parts = [f"{suit}: {fields[suit]}" for suit in SUITS if fields[suit].strip()]
    if fields["torn"].strip():
        parts.append(f"torn {fields['torn']}")
    return "; ".join(parts)


def five_towers_python(case: dict[str, Any]) -> dict[str, Any]:
    """``towerplay score five_towers --player … --json`` on the pad's input, summarised."""
    printed = io.StringIO()
    with redirect_stdout(printed):
        five_towers_cli._score_table([five_towers_cli_text(f) for f in case["seats"]], [],
                                     None, json_out=True)
    table = json.loads(printed.getvalue())
    return {"winners": table["winners"], "seats": [
        {"total": p["total"], "penalty": p["penalty"],
         "towers": {name: [row["points"], row["capped"]] for name, row in p["towers"].items()},
         "tallest": [p["tallest"], p["bonus"]] if p["tallest"] else None}
        for p in table["players"]]}


def five_towers_summary(result: dict[str, Any]) -> dict[str, Any]:
    """The pad's result in the shape of :func:`five_towers_python`'s."""
    seats = []
    for scored in result["seats"]:
        seat: dict[str, Any] = {"total": scored["total"], "penalty": 0, "towers": {},
                                "tallest": None}
        for row in scored["rows"]:
            kind = row["key"].removeprefix("five_towers.row.")
            if kind in ("tower", "capped"):
                suit = plain(row["params"]["tower"])
                seat["towers"][suit] = [row["points"], kind == "capped"]
            elif kind == "tallest":
                seat["tallest"] = [plain(row["params"]["tower"]), row["points"]]
            else:
                seat["penalty"] = row["points"]
        assert sum(row["points"] for row in scored["rows"]) == scored["total"]
        seats.append(seat)
    return {"winners": result["winners"], "seats": seats}


def legal_tower(rng: random.Random, suit: str, pool: Counter[tuple[str, int]] | None,
                stop: float) -> list[int]:
    """A tower built by the rules from the cards left in ``pool`` (any card if None),
    each card ending it with the chance ``stop``."""
    tower: list[int] = []
    top = 16
    while rng.random() > stop:
        fits = [v for v in range(16) if can_place(top, v) and (pool is None or pool[suit, v])]
        if not fits:
            break
        top = rng.choice(fits)
        tower.append(top)
        if pool is not None:
            pool[suit, top] -= 1
    return tower


def spaced(rng: random.Random, words: list[str]) -> str:
    """Words with the separators people type (spaces, commas, colons)."""
    text = words[0] if words else ""
    for word in words[1:]:
        text += rng.choice([" ", " ", "  ", ", ", ",", ":", " : "]) + word
    return rng.choice(["", " "]) + text + rng.choice(["", "", " "])


NOISE = ["16", "17", "x", "-1", "3.5", "007", "٣", ",", ":", "8a", "15", "0", "9", "8"]
TORN = ["-1", "2 3", "x", "40", "200", ":", "1,2", " 4 ", "0", "٣", "torn", "05"]


def five_towers_case(rng: random.Random) -> dict[str, Any]:
    """A table of 2–5 players: mostly towers dealt from the real deck, sometimes towers
    that ignore it (copies), noise, odd tear-downs."""
    players = rng.randint(2, 5)
    dealt = rng.random() < 0.85
    stop = rng.choice([0.12, 0.3, 0.6])  # short towers tie more often
    pool: Counter[tuple[str, int]] | None = Counter(
        {(s, v): copies_in_deck(players, v) for s in SUITS for v in range(16)}) if dealt else None
    seats = []
    for _ in range(players):
        fields = {}
        for suit in SUITS:
            roll = rng.random()
            if roll < 0.4:
                fields[suit] = rng.choice(["", "", " "])
            elif roll < 0.985:
                fields[suit] = spaced(rng, [str(v) for v in legal_tower(rng, suit, pool, stop)])
            else:
                fields[suit] = spaced(rng, rng.choices(NOISE, k=rng.randint(1, 4)))
        roll = rng.random()
        fields["torn"] = ("" if roll < 0.4 else str(rng.randint(0, 6)) if roll < 0.97
                          else rng.choice(TORN))
        seats.append(fields)
    return {"players": players, "options": {}, "seats": seats}


def empty_seats(players: int, **typed: str) -> list[dict[str, str]]:
    """Players with nothing typed, but ``seat<N>_<field>=text`` given."""
    seats = [dict.fromkeys([*SUITS, "torn"], "") for _ in range(players)]
    for name, text in typed.items():
        seat, field = name.removeprefix("seat").split("_", 1)
        seats[int(seat)][field] = text
    return seats


FIVE_TOWERS_EDGES = [
    empty_seats(2), empty_seats(5),  # nobody built anything: all tie on 0
    empty_seats(3, seat0_candy="15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0"),  # the tallest: 48
    empty_seats(2, seat0_candy="7 3 0", seat1_sand="9 6 4"),  # 6+3 = 9 both: shared win
    empty_seats(4, seat0_tree="12 8 12", seat1_tree="12 5"),  # two 12s in the 110-card deck
    empty_seats(2, seat0_tree="12 8 12"),  # … but one in the 80-card deck
    empty_seats(4, seat0_tree="8 8"),  # the 8 has no second copy
    empty_seats(2, seat0_scary="3 9 0", seat1_scrap="0"),  # a 9 on anything but a 0
    empty_seats(2, seat0_scary="0 9"), empty_seats(2, seat1_sand="5 7"),
    empty_seats(2, seat0_torn="79"), empty_seats(2, seat0_torn="80"),
    empty_seats(5, seat0_candy="1", seat0_torn="109"), empty_seats(5, seat4_torn="110"),
    empty_seats(3, seat1_candy="5 16"), empty_seats(3, seat2_torn="2 2"),
    empty_seats(2, seat0_torn="x", seat0_candy="5 7"),  # the tear-downs are read first
    empty_seats(2, seat0_candy=" , "), empty_seats(2, seat1_sand="15,12:9 0"),
]


def test_the_5_towers_pad_scores_as_the_cli(page: Any, web: Any) -> None:
    rng = random.Random(18)
    inputs = [{"players": len(s), "options": {}, "seats": s} for s in FIVE_TOWERS_EDGES]
    inputs += [five_towers_case(rng) for _ in range(CASES)]
    answers = score_in_page(page, web.base, "five_towers", inputs)
    seen = compare(inputs, answers, five_towers_python, five_towers_summary,
                   FIVE_TOWERS_REFUSALS)
    assert seen["one winner"] > 50 and seen["tie"] > 10, seen
    scored = [len(a["result"]["seats"]) for a in answers if "result" in a]
    assert set(scored) == {2, 3, 4, 5}
    assert {key for key in seen if key.startswith("refused")} == {
        f"refused {key}" for _, key in FIVE_TOWERS_REFUSALS}, seen


# ----------------------------------------------------------------- Budowa Zamku
CASTLE_REFUSALS = [
    (r"the castle of seat (?P<seat>\d+) \('.*'\) must list card numbers .*", "castle.numbers"),
    (r"impossible castles: the castle of seat (?P<seat>\d+): card (?P<card>\d+) is out of "
     r"range .*", "castle.out_of_range"),
    (r"impossible castles: the castle of seat (?P<seat>\d+) is not increasing: (?P<low>\d+) "
     r"then (?P<high>\d+)", "castle.not_increasing"),
    (r"impossible castles: card (?P<card>\d+) is in the castles of seat (?P<other>\d+) and "
     r"seat (?P<seat>\d+): .*", "castle.twice"),
    (r"impossible castles: the castle of seat (?P<seat>\d+) has (?P<count>\d+) elements; .*",
     "castle.too_long"),
    (r"impossible castles: only one castle can reach 10 elements: .*", "castle.two_full"),
]
CASTLE_REASONS = [
    (r"largest castle \((?P<count>\d+) elements\)", "castle.largest"),
    (r"tie on (?P<count>\d+) elements, broken by the highest card \((?P<card>\d+)\)",
     "castle.tie_highest"),
    (r"draw: only bare start tiles", "castle.draw_tiles"),
    (r"most points \((?P<count>\d+)\)", "castle.most_points"),
    (r"draw on (?P<count>\d+) points: .*", "castle.draw_points"),
    (r"tie on (?P<count>\d+) points, broken by the King", "castle.tie_king"),
    (r"tie on (?P<count>\d+) points, broken by the Queen", "castle.tie_queen"),
    (r"tie on (?P<count>\d+) points, broken by the Wizard", "castle.tie_wizard"),
]
PARTS = ("cards", "king", "queen", "knights", "princesses", "pairs")


def castle_python(case: dict[str, Any]) -> dict[str, Any]:
    """``towerplay score castle … --json`` on the pad's input, summarised."""
    options = case["options"]
    try:
        table = castle_cli.score_table([s["castle"] for s in case["seats"]], options["variant"],
                                       None, options["pair_cards"])
    except InvalidOptions as problem:  # the pad names the other castle's player, from 1
        message = re.sub(r"seat (\d+) and", lambda m: f"seat {int(m[1]) + 1} and", str(problem))
        raise InvalidOptions(message) from None
    reason = refusal_of(table["reason"], CASTLE_REASONS)
    characters = options["variant"] == "characters"
    return {"winners": table["winners"], "reason": [reason["key"], reason["params"]],
            "seats": [{"total": row["total"],
                       "parts": [row[p] for p in PARTS] if characters else [row["elements"] - 1]}
                      for row in table["seats"]]}


def castle_summary(result: dict[str, Any]) -> dict[str, Any]:
    """The pad's result in the shape of :func:`castle_python`'s."""
    reason = result["reason"]
    params = {name: str(value) for name, value in reason["params"].items()}
    seats = []
    for scored in result["seats"]:
        assert sum(row["points"] for row in scored["rows"]) == scored["total"]
        points = {row["key"].removeprefix("castle.row."): row["points"] for row in scored["rows"]}
        parts = [points[p] for p in PARTS] if "king" in points else [points["wall"]]
        seats.append({"total": scored["total"], "parts": parts})
    return {"winners": result["winners"], "reason": [reason["key"], params], "seats": seats}


CASTLE_NOISE = ["x", "-3", "٣", "0", "1", "47", "2.5", "0009", "46", "2"]


def castle_case(rng: random.Random) -> dict[str, Any]:
    """A table of 2–4 castles: mostly dealt from the 45 wall cards, sometimes with cards
    drawn freely (twice, out of order), noise, too long, or two full castles."""
    players = rng.randint(2, 4)
    cards = list(range(2, 47))
    rng.shuffle(cards)
    seats = []
    for _ in range(players):
        roll = rng.random()
        if roll < 0.8:
            size = (rng.choice([0, 1, 2, 3, 3, 4, 5, 6, 9]) if rng.random() < 0.9
                    else rng.randint(0, 11))
            castle = [str(c) for c in sorted(cards[:size])]
            del cards[:size]
        elif roll < 0.9:
            castle = [str(c) for c in rng.sample(range(2, 47), rng.randint(1, 5))]
        else:
            castle = rng.choices(CASTLE_NOISE, k=rng.randint(1, 4))
        if castle and rng.random() < 0.2:
            castle.insert(0, "1")
        separator = rng.choice([" ", " ", ", ", ",", "  "])
        seats.append({"castle": rng.choice(["", " "]) + separator.join(castle)})
    return {"players": players, "seats": seats,
            "options": {"variant": rng.choice(["base", "characters", "characters"]),
                        "pair_cards": rng.random() < 0.3}}


CASTLE_EDGES = [
    ("base", ["", ""]), ("base", ["", "", "", ""]),  # bare start tiles: a draw
    ("base", ["2 5 9", "3 8 20"]), ("base", ["30", "2 3", "4 46"]),  # the highest card
    ("characters", ["42", "3 4 6 7"]),  # 4 points each: the Queen wins
    ("characters", ["44", "2 3 4"]), ("characters", ["26 27", "2 3"]),  # the King; the Wizard
    ("characters", ["2 3", "4 6"]),  # nobody holds a figure: a draw
    ("characters", ["35", "5 8", "12 15 19"]),  # the knight-and-princess card
    ("base", ["2 3 4 5 6 7 8 9 10", "11 12 13 14 15 16 17 18 19"]),  # two full castles
    ("base", ["2 3 4 5 6 7 8 9 10 11", ""]), ("base", ["1 1", ""]), ("base", ["5 3", ""]),
    ("base", ["2 5", "5 9"]), ("base", ["x", "2 y"]), ("base", ["0009 12", "8"]),
]


def test_the_castle_pad_scores_as_the_cli(page: Any, web: Any) -> None:
    rng = random.Random(18)
    inputs = [{"players": len(castles), "seats": [{"castle": c} for c in castles],
               "options": {"variant": variant, "pair_cards": pairs}}
              for variant, castles in CASTLE_EDGES for pairs in (False, True)]
    inputs += [castle_case(rng) for _ in range(CASES)]
    answers = score_in_page(page, web.base, "castle", inputs)
    seen = compare(inputs, answers, castle_python, castle_summary, CASTLE_REFUSALS)
    assert seen["one winner"] > 50 and seen["tie"] > 5, seen
    reasons = {a["result"]["reason"]["key"] for a in answers if "result" in a}
    assert reasons == {key for _, key in CASTLE_REASONS}  # every tie-break was decisive
    assert {key for key in seen if key.startswith("refused")} == {
        f"refused {key}" for _, key in CASTLE_REFUSALS}, seen


# ----------------------------------------------------------------- the pages
def polish_pad(browser: Any, base: str, game: str) -> tuple[Any, Any]:
    """A Polish browser on the pad (the page picks the browser's language)."""
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL")
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    opened.goto(f"{base}/score/{game}")
    opened.wait_for_selector("#pad-seats fieldset")
    return context, opened


def type_into(page: Any, typed: dict[str, str]) -> None:
    """Types each text at the end of its input, key by key, as a person does."""
    for field, text in typed.items():
        page.locator(f"#{field}").press("End")
        page.locator(f"#{field}").press_sequentially(text)


def rows_of(page: Any, seat: int) -> list[list[str]]:
    """The breakdown shown for a seat: [label, points] rows, the total last."""
    cells = page.locator(f"table[data-seat='{seat}'] tr")
    return [cells.nth(i).locator("td, th").all_inner_texts() for i in range(cells.count())]


def test_the_5_towers_rulebook_examples_typed_in_polish(browser: Any, web: Any) -> None:
    # Polish rulebook: a capped tower of 6 cards is 12, with the tallest-tower bonus 6
    # and 2 torn-down cards -3; a capped 3-card tower is 6, an uncapped 4-card one 4. The
    # rules summary's example: candy 15 12 9 0 (8), sand 7 6 (2), bonus 4, -3: 11. Four
    # players, so that the 110-card deck has the second candy 0.
    context, pad = polish_pad(browser, web.base, "five_towers")
    try:
        pad.select_option("#players", "4")
        type_into(pad, {"seat-0-name": "Zuza", "seat-0-sand": "15 12 10 5 2 0",
                        "seat-0-torn": "2", "seat-1-name": "Antek", "seat-1-candy": "7 3 0",
                        "seat-1-tree": "9 6 4 1", "seat-2-candy": "15 12 9 0",
                        "seat-2-sand": "7 6", "seat-2-torn": "2"})
        assert rows_of(pad, 0) == [["Piaskowa wieża: 6 kart, z dachem ×2", "12"],
                                   ["Najwyższa wieża (Piaskowa wieża): +1 za kartę", "6"],
                                   ["2 usunięte karty (1+2)", "-3"], ["Razem", "15"]]
        assert rows_of(pad, 1) == [["Cukierkowa wieża: 3 karty, z dachem ×2", "6"],
                                   ["Roślinna wieża: 4 karty", "4"],
                                   ["Najwyższa wieża (Roślinna wieża): +1 za kartę", "4"],
                                   ["Razem", "14"]]
        assert rows_of(pad, 2)[-1] == ["Razem", "11"]
        assert pad.locator("#pad-refusal").is_hidden()
        assert pad.inner_text("#pad-winners") == "Wygrywa: Zuza — najwyższy wynik (15)"
        assert pad.inner_text("#pad-totals") == "Zuza 15 · Antek 14 · Gracz 3 11 · Gracz 4 0"
        assert pad.locator("table[data-seat='0'] caption").inner_text() == "★ Zuza"
        screenshots(pad, "score-five-towers")
        # a 7 on a 6 is refused, with the player's name and the rule, in Polish
        type_into(pad, {"seat-2-sand": " 7"})
        assert pad.inner_text("#pad-refusal").startswith(
            "Gracz 3: Piaskowa wieża: karty 7 nie można położyć na 6")
        assert pad.inner_text("#pad-winners") == ""
        screenshots(pad, "score-five-towers-refused")
    finally:
        context.close()


def test_the_castle_rulebook_examples_typed_in_polish(browser: Any, web: Any) -> None:
    # The rulebook's examples: Michał adds 32 after his 30; Zosia's castle ends with 41,
    # and her Wizard (26) let her put 23 between 17 and 26. Both have 6 elements: the
    # highest card (41) breaks the tie. In the character variant Michał's knights (12, 30),
    # princess (8) and their pair beat Zosia's knight (5).
    context, pad = polish_pad(browser, web.base, "castle")
    try:
        type_into(pad, {"seat-0-name": "Zosia", "seat-0-castle": "5 17 23 26 41",
                        "seat-1-name": "Michał", "seat-1-castle": "3 8 12 30 32"})
        assert rows_of(pad, 0) == [["Płytka startowa", "1"], ["Karty muru: 5", "5"],
                                   ["Razem", "6"]]
        assert pad.inner_text("#pad-winners") == (
            "Wygrywa: Zosia — remis w liczbie elementów (6), wygrywa najwyższa karta (41)")
        screenshots(pad, "score-castle")
        pad.select_option("#option-variant", "characters")
        assert rows_of(pad, 1) == [["Karty muru: 5", "5"], ["Król (3 pkt)", "0"],
                                   ["Królowa (3 pkt)", "0"], ["Rycerze: 2", "2"],
                                   ["Księżniczki: 1", "1"],
                                   ["Pary „rycerz i księżniczka”: 1", "1"], ["Razem", "9"]]
        assert rows_of(pad, 0)[-1] == ["Razem", "6"]
        assert pad.inner_text("#pad-winners") == "Wygrywa: Michał — najwięcej punktów (9)"
        assert "TYMCZASOWE" in pad.inner_text(".pad-note")
        table = castle_cli.score_table(["5 17 23 26 41", "3 8 12 30 32"], "characters")
        assert table["total"] == [6, 9] and table["winners"] == [1]
        screenshots(pad, "score-castle-characters")
    finally:
        context.close()


def test_a_pad_keeps_what_was_typed_until_cleared(page: Any, web: Any) -> None:
    page.goto(f"{web.base}/score/castle")
    page.wait_for_selector("#seat-1-castle")
    page.select_option("#players", "3")
    page.select_option("#option-variant", "characters")
    type_into(page, {"seat-0-name": "Ann", "seat-0-castle": "44", "seat-2-castle": "2 3 4 6"})
    shown = page.inner_text("#pad-live")
    assert shown.startswith("Winner: Ann — a tie on points (4), won by the King")
    page.reload()  # a phone put away, a page reloaded: nothing is lost
    page.wait_for_selector("#seat-2-castle")
    assert page.input_value("#seat-2-castle") == "2 3 4 6"
    assert page.input_value("#option-variant") == "characters"
    assert page.inner_text("#pad-live") == shown
    page.click("#pad-clear")
    assert page.input_value("#seat-0-name") == page.input_value("#seat-2-castle") == ""
    assert page.input_value("#players") == "3"
    assert page.inner_text("#pad-totals") == "Player 1 0 · Player 2 0 · Player 3 0"


def test_the_pads_work_offline_once_loaded(browser: Any, web: Any) -> None:
    context, pad = polish_pad(browser, web.base, "castle")
    try:
        kept = pad.evaluate("""async () => {
            await navigator.serviceWorker.ready;
            return (await (await caches.open("towerplay-score-1")).keys()).length;
        }""")
        assert kept >= 12
        context.set_offline(True)
        pad.reload()
        pad.wait_for_selector("#seat-1-castle")
        type_into(pad, {"seat-0-castle": "2 5 9", "seat-1-castle": "3 8"})
        assert pad.inner_text("#pad-winners").startswith("Wygrywa: Gracz 1 — największy zamek")
        pad.goto(f"{web.base}/score/five_towers")
        type_into(pad, {"seat-0-scary": "9 0"})
        assert pad.locator("table[data-seat='0']").get_attribute("data-total") == "6"
        pad.goto(f"{web.base}/score/")
        pad.wait_for_selector("#pads li")
        assert "Budowa Zamku" in pad.inner_text("#pads")
        screenshots(pad, "score-pads-offline")
    finally:
        context.close()


def test_the_pad_routes(web: Any) -> None:
    assert httpx.get(f"{web.base}/score", timeout=TIMEOUT).headers["location"] == "/score/"
    assert httpx.get(f"{web.base}/score/chess", timeout=TIMEOUT).status_code == 404
    listing = httpx.get(f"{web.base}/score/pads.json", timeout=TIMEOUT).json()
    assert {"five_towers", "castle"} <= {p["id"] for p in listing["pads"]}
    assert {"/score/castle", "/score/castle/pad.js", "/score/castle/data.json",
            "/api/i18n/pl?domains=web,score"} <= set(listing["files"])
    data = httpx.get(f"{web.base}/score/castle/data.json", timeout=TIMEOUT).json()
    assert data == tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    worker = httpx.get(f"{web.base}/score/sw.js", timeout=TIMEOUT)
    assert worker.headers["content-type"].startswith("text/javascript")
    lobby = httpx.get(f"{web.base}/", timeout=TIMEOUT).text
    assert 'href="/score/"' in lobby


@pytest.mark.parametrize("source", ["score.js", "score.html", "five_towers", "castle"])
def test_every_text_the_pads_use_is_in_the_catalogue(source: str) -> None:
    path = STATIC / source if "." in source else scoring.pad_module(source)
    text = path.read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:pad|five_towers|castle)\.[\w.]+)"', text))
    keys |= {f"five_towers.tower.{suit}" for suit in SUITS} if "five_towers" in source else set()
    keys |= {f"title.{game}" for game in scoring.pad_games()} if source == "score.js" else set()
    assert keys
    for lang in i18n.LANGUAGES:
        texts = {**i18n.catalogue("web", lang), **i18n.catalogue("score", lang)}
        missing = {k for k in keys if k not in texts and f"{k}.other" not in texts
                   and f"{k}.many" not in texts}
        assert not missing, (lang, missing)
