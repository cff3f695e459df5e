"""The Blueprints and Skytopia scoring pads (issue #18): their JavaScript scoring is the
Python's, and the rulebooks' worked examples typed into the page in Polish.

The pads' ``score()`` runs in chromium (on the pad page, as the page runs it) over many
generated tables, valid and invalid; each is scored by the Python too — Blueprints by
``towerplay score blueprints``'s ``score_building()`` and the engine's round scoring and
end of game, Skytopia by ``towerplay score skytopia``'s ``tally_city()`` and the engine's
ranking — and both must give the same totals, rows, winners, tie-break and notes, or
the same refusal (its key, whose input, which round).
"""
from __future__ import annotations

import random
import re
from types import SimpleNamespace
from typing import Any

from towerplay import i18n
from towerplay.core import InvalidOptions
from towerplay.games.blueprints.cards import blueprint_text, default_deck
from towerplay.games.blueprints.cli import score_building
from towerplay.games.blueprints.rounds import ROUNDS, VP
from towerplay.games.blueprints.scoring import PRIZES
from towerplay.games.skytopia.cli import tally_city
from towerplay.games.skytopia.components import COLOURS, load_components
from towerplay.games.skytopia.state import SkytopiaState

from tests.games.blueprints.util import score_round, start
from tests.server.browser import DESKTOP, evaluate_json, screenshots

CASES = 400
"""Generated tables per game (each a whole table: every seat, every round)."""
SCORE_ALL = """async ([game, tables]) => {
  const pad = (await import(`/score/${game}/pad.js`)).default;
  const data = await (await fetch(`/score/${game}/data.json`)).json();
  return tables.map((input) => {
    try {
      return pad.score(input, data);
    } catch (problem) {
      if (problem.key === undefined) throw problem;
      return { refusal: { key: problem.key, seat: problem.seat,
                          round: problem.params.round ?? null, params: problem.params } };
    }
  });
}"""


def score_in_page(page: Any, base: str, game: str, tables: list[dict]) -> list[dict]:
    """Each table scored by the pad's score(), in the pad's page."""
    page.goto(f"{base}/score/{game}")
    page.wait_for_selector("#pad:not([hidden])")
    return list(evaluate_json(page, SCORE_ALL, [game, tables]))


def texts_of(value: Any) -> list[dict]:
    """Every text ``{key, params}`` in a result (rows, params, reasons, notes, refusals)."""
    if isinstance(value, dict):
        found = [value] if isinstance(value.get("key"), str) else []
        return found + [t for v in value.values() for t in texts_of(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts_of(v)]
    return []


def assert_defined(keys: set[str]) -> None:
    """Each key (or its plural forms) is in the English score catalogue (the catalogue
    tests then find it in Polish and Hungarian)."""
    texts = i18n.catalogue("score", "en")
    missing = {k for k in keys if k not in texts and f"{k}.other" not in texts}
    assert not missing


def assert_worded(result: dict) -> dict:
    """Every text of the result is in the catalogue and gets every field its English
    template has; the result without the refusal's params (the Python has its own)."""
    texts = i18n.catalogue("score", "en")
    for text in texts_of(result):
        assert_defined({text["key"]})
        template = texts.get(text["key"]) or texts[f"{text['key']}.other"]
        assert set(re.findall(r"\{(\w+)\}", template)) <= set(text.get("params", {})), text
    if "refusal" in result:
        result["refusal"].pop("params")
    return result


def refusal(key: str, seat: int | None = None, round_: int | None = None) -> dict:
    return {"refusal": {"key": key, "seat": seat, "round": round_}}


def lead_reason(keys: list[Any], winners: list[int], names: list[str]) -> str:
    """The tie-break that sets the one winner apart from the best of the others."""
    if len(winners) > 1:
        return "shared"
    others = max(k for seat, k in enumerate(keys) if seat != winners[0])
    best = keys[winners[0]]
    return names[next(i for i, (a, b) in enumerate(zip(best, others, strict=True)) if a != b)]


# ------------------------------------------------------------------ Blueprints
LAYOUTS = [blueprint_text(layout) for _, layout in default_deck()]
BLUEPRINT_REFUSALS = [  # the Python's message -> the pad's refusal
    ("three row tokens", "blueprint_rows"), ("each cell is a height", "blueprint_cell"),
    ("must add up to", "blueprint_sum"), ("orthogonally connected", "blueprint_connected"),
    ("a building is three rows", "building_rows"), ("must have two cells", "building_row"),
    ("a die is a material letter", "building_die"), ("at most 6 dice", "building_dice"),
    ("is hatched", "building_hatched"), ("cannot stand on", "building_order"),
    ("there are only 8", "building_material")]


def blueprints_refusal(error: InvalidOptions) -> str:
    for words, reason in BLUEPRINT_REFUSALS:
        if words in str(error):
            return f"blueprints.refusal.{reason}"
    raise AssertionError(f"no pad refusal for {error}")


def random_building(rng: random.Random, blueprint: str) -> str:
    """A building on ``blueprint``: often exactly its heights (the bonus), else up to six
    dice anywhere usable, tall stacks included; values never fall up a stack; materials
    and values skewed now and then so the Prizes and the tie-breaks come up."""
    heights = [0 if ch == "X" else int(ch) for ch in blueprint.replace(" ", "")]
    usable = [c for c in range(6) if heights[c]]
    if rng.random() > 0.5:
        heights = [0] * 6
        for _ in range(rng.choice([1, 3, 5, 6, 6])):
            heights[rng.choice(usable[:1] if rng.random() < 0.3 else usable)] += 1
    materials = rng.choice(["W", "R", "S", "G", "WRSG", "WWWWWR", "RRRRRG", "SSSSSG", "WRSG"])
    values = rng.choice([[1, 2, 3, 4, 5, 6], [3, 3, 3, 3, 5, 6], [1, 2, 3], [4, 5, 6]])
    cells = []
    for height in heights:
        dice = sorted(rng.choice(values) for _ in range(height))
        cells.append("+".join(f"{rng.choice(materials)}{v}" for v in dice) or ".")
    return " / ".join(f"{cells[r * 2]} , {cells[r * 2 + 1]}" for r in range(3))


BAD_BLUEPRINTS = ["X1 31", "X1 31 1Y", "X1 32 1X", "11 X1 X1", "", "x1 31 1x ", "X11 31 1X",
                  "61 XX XX", "XX 6X XX", "X1 3 11X", "1X X1 22", "X1 31 1-",
                  "X1 31 1\U0001f600"]
BAD_CELLS = ["W5+W2", "Q3", "W7", "W", "g 4", "W3++W2", "+", "G1+G1+G1+G1+G1+G1+G1",
             "W\U0001f600"]
BAD_BUILDINGS = ["", ". , .", ". , . / . , . / . , . / .", ". . / . , . / . , .",
                 ". , . , . / . , . / . , ."]


def spoiled(rng: random.Random, blueprint: str, building: str) -> tuple[str, str]:
    """The same entry with one mistake a person could type (or a harmless variation)."""
    hatched = blueprint.replace(" ", "").find("X")
    cells = [part.strip() for row in building.split("/") for part in row.split(",")]
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(BAD_BLUEPRINTS), building
    if kind == 1:
        return blueprint, rng.choice(BAD_BUILDINGS)
    if kind == 2 and hatched >= 0:
        cells[hatched] = "W2"
    elif kind == 3:
        cells[rng.randrange(6)] = rng.choice(BAD_CELLS)
    elif kind == 4:
        cells[rng.randrange(6)] += "+S1+S1+S1+S1+S1+S1"
    else:
        cells[rng.randrange(6)] = rng.choice(["w1", " g6 ", ".", "", "S6+S6+S6+S6+S6"])
    return blueprint, " / ".join(f"{cells[r * 2]} , {cells[r * 2 + 1]}" for r in range(3))


def fixed_tables() -> list[dict]:
    """Two-player rounds with each listed mistake in the second seat's entry; a first
    player not at the table; one In-Demand colour twice; a Silver Award against a Prize
    (more Prizes win); a stone skyscraper; a shared victory (a Silver Award each)."""
    good = ("X1 31 1X", ". , W3 / G5+R5+S6 , W4 / R1 , .")
    entries = [(b, good[1]) for b in BAD_BLUEPRINTS] + [(good[0], b) for b in BAD_BUILDINGS]
    entries += [(good[0], f". , {cell} / G5 , W4 / R1 , .") for cell in BAD_CELLS]
    options = {"wood_only": False, "prize_magnitude": False, "r1_demand1": "W",
               "r1_demand2": "R", "r1_first": "0"}
    blank = {f"r{n}_{f}": "" for n in (2, 3) for f in ("blueprint", "building")}
    tables = [{"players": 2, "options": options, "seats": [
        {"r1_blueprint": good[0], "r1_building": good[1], **blank},
        {"r1_blueprint": blueprint, "r1_building": building, **blank}]}
        for blueprint, building in entries]
    both = {"r1_blueprint": good[0], "r1_building": good[1], **blank}
    tables.append({"players": 2, "options": {**options, "r1_first": "3"}, "seats": [both, both]})
    tables.append({"players": 2, "options": {**options, "r1_demand2": "W"}, "seats": [both, both]})
    geometer = {**both, "r1_blueprint": "11 11 11", "r1_building": "S1 , R2 / G3 , S4 / R5 , W6"}
    tables.append({"players": 2, "options": options, "seats": [both, geometer]})  # 2 VP each
    tower = {**both, "r1_building": ". , . / S1+S2+S3+S4+S5+S6 , . / . , ."}  # every floor
    tables.append({"players": 2, "options": options, "seats": [tower, geometer]})
    low = ("11 11 11", "G1 , . / . , . / . , .")
    rounds = {"r2_demand1": "S", "r2_demand2": "G", "r2_first": "rules", "r3_demand1": "",
              "r3_demand2": "", "r3_first": "rules"}
    tables.append({"players": 2, "options": {**options, **rounds}, "seats": [
        {"r1_blueprint": good[0], "r1_building": good[1], "r2_blueprint": low[0],
         "r2_building": low[1], "r3_blueprint": "", "r3_building": ""},
        {"r1_blueprint": low[0], "r1_building": low[1], "r2_blueprint": good[0],
         "r2_building": good[1], "r3_blueprint": "", "r3_building": ""}]})
    return tables


def random_blueprints_table(rng: random.Random) -> dict:
    """A whole pad: players, house rules, 1–3 rounds typed (first player by the rules or
    chosen, In-Demand colours), each seat's blueprint and building; sometimes a
    mistake, sometimes every seat the same building (the tie-breaks decide)."""
    players = rng.choice([2, 3, 4])
    options: dict[str, Any] = {"wood_only": rng.random() < 0.2,
                               "prize_magnitude": rng.random() < 0.3}
    seats: list[dict[str, str]] = [{} for _ in range(players)]
    rounds = rng.choice([1, 2, 3, 3])
    for n in range(1, ROUNDS + 1):
        options[f"r{n}_demand1"], options[f"r{n}_demand2"] = rng.sample("WRSG", 2)
        if rng.random() < 0.03:
            options[f"r{n}_demand2"] = rng.choice(["", options[f"r{n}_demand1"]])
        options[f"r{n}_first"] = (str(rng.randrange(4 if rng.random() < 0.1 else players))
                                  if n == 1 or rng.random() < 0.4 else "rules")
        same = rng.random() < 0.25
        entries = []
        for _ in range(players):
            blueprint = rng.choice(LAYOUTS)
            entry = (blueprint, random_building(rng, blueprint))
            entries.append(entries[0] if same and entries else entry)
        if rng.random() < 0.2:
            seat = rng.randrange(players)
            entries[seat] = spoiled(rng, *entries[seat])
        for seat, (blueprint, building) in enumerate(entries):
            seats[seat][f"r{n}_blueprint"] = blueprint if n <= rounds else ""
            seats[seat][f"r{n}_building"] = building if n <= rounds else ""
    return {"players": players, "options": options, "seats": seats}


def round_rows(n: int, result: dict, scored: list[dict]) -> list[list[dict]]:
    """Each seat's rows of round ``n`` as the engine scored it: its Award (or none)
    with its building's points, place and parts, then its Prizes."""
    rows: list[list[dict]] = [[] for _ in scored]
    for place, seat in enumerate(result["ranking"], 1):
        parts = {p: scored[seat][p] for p in ("bonus", "wood", "recycled", "stone", "glass",
                                              "total")}
        params = {"round": n, "place": place, **parts}
        award = result["awards"].get(str(seat))
        rows[seat].append(
            {"key": "blueprints.row.award", "points": VP[award],
             "params": {**params, "award": {"key": f"blueprints.award.{award}"}}}
            if award else {"key": "blueprints.row.no_award", "params": params, "points": 0})
    for prize in PRIZES:
        if prize in result["prizes"]:
            rows[result["prizes"][prize]].append(
                {"key": "blueprints.row.prize", "points": VP[prize],
                 "params": {"round": n, "prize": {"key": f"blueprints.prize.{prize}"}}})
    return rows


def blueprints_expected(table: dict) -> dict:
    """What the Python says of a table (rounds typed from the first on)."""
    players, options, seats = table["players"], table["options"], table["seats"]
    state = start(players, seed=1, wood_only_counts_wood=options["wood_only"],
                  prize_compare_magnitude=options["prize_magnitude"])
    rows: list[list[dict]] = [[] for _ in range(players)]
    notes = []
    typed = [n for n in range(1, ROUNDS + 1)  # a round is typed once any field of it is
             if any(s[f"r{n}_blueprint"].strip() or s[f"r{n}_building"].strip() for s in seats)]
    for n in typed:
        entries = [(s[f"r{n}_blueprint"], s[f"r{n}_building"]) for s in seats]
        scored = []
        for seat, (blueprint, building) in enumerate(entries):
            try:
                scored.append(score_building(blueprint, building, options["wood_only"]))
            except InvalidOptions as error:
                return refusal(blueprints_refusal(error), seat, n)
        demand = options[f"r{n}_demand1"] + options[f"r{n}_demand2"]
        chosen = options[f"r{n}_first"]
        first = state.first if chosen == "rules" else int(chosen)
        # what RoundResult.check() asks of a round: two In-Demand colours, a seat first
        if len(demand) != 2 or demand[0] == demand[1]:
            return refusal("blueprints.refusal.demand", None, n)
        if not 0 <= first < players:
            return refusal("blueprints.refusal.first", None, n)
        result = score_round(state, entries, demand=demand, first=first)
        for seat, seat_rows in enumerate(round_rows(n, result, scored)):
            rows[seat] += seat_rows
        if n < ROUNDS:
            notes.append({"key": "blueprints.note.next_first",
                          "params": {"round": n + 1, "player": {"seat": state.first}}})
    if not typed:
        return refusal("blueprints.refusal.no_round")
    notes.append({"key": "blueprints.note.counted",
                  "params": {"rounds": ", ".join(map(str, typed)), "count": len(typed)}})
    state.to_move = None  # over, as far as it was typed
    winners, keys = state.winners(), state.ranking()
    reason = lead_reason(keys, winners, ["vp", "prizes", "gold", "silver", "bronze"])
    return {"seats": [{"total": score, "rows": seat_rows}
                      for score, seat_rows in zip(state.scores(), rows, strict=True)],
            "winners": winners, "reason": {"key": f"blueprints.reason.{reason}", "params": {}},
            "notes": notes}


def sorted_rows(result: dict) -> dict:
    """Rows in one order per seat (the Python lists the Awards in ranking order)."""
    for seat in result.get("seats", []):
        seat["rows"].sort(key=lambda row: (row["params"]["round"], row["key"] ==
                                           "blueprints.row.prize", str(row["params"])))
    return result


def test_the_blueprints_pad_scores_as_the_python(page: Any, web: Any) -> None:
    rng = random.Random(18)
    tables = [random_blueprints_table(rng) for _ in range(CASES)] + fixed_tables()
    got = score_in_page(page, web.base, "blueprints", tables)
    kinds = set()
    for table, mine in zip(tables, got, strict=True):
        expected = blueprints_expected(table)
        assert sorted_rows(assert_worded(mine)) == sorted_rows(expected), table
        kinds.add(expected["refusal"]["key"] if "refusal" in expected
                  else expected["reason"]["key"])
    # the generator reaches every refusal a person can type and every tie-break
    assert {f"blueprints.refusal.{r}" for _, r in BLUEPRINT_REFUSALS[:-1]} <= kinds
    assert {"blueprints.refusal.demand", "blueprints.refusal.first", "blueprints.reason.vp",
            "blueprints.reason.prizes", "blueprints.reason.shared"} <= kinds, kinds


def test_blueprints_refusals_of_the_table_itself(page: Any, web: Any) -> None:
    """Nothing typed; a round chosen "by the rules" after a round not typed."""
    blank = {f"r{n}_{f}": "" for n in (1, 2, 3) for f in ("blueprint", "building")}
    second = {**blank, "r2_blueprint": "11 11 11", "r2_building": "G1 , G2 / . , . / . , ."}
    options = {"r2_demand1": "W", "r2_demand2": "R", "r2_first": "rules"}
    tables = [{"players": 2, "options": {}, "seats": [blank, blank]},
              {"players": 2, "options": options, "seats": [second, second]}]
    assert [assert_worded(r) for r in score_in_page(page, web.base, "blueprints", tables)] == [
        refusal("blueprints.refusal.no_round"), refusal("blueprints.refusal.first_rules", None, 2)]


# ------------------------------------------------------------------ Skytopia
COMP = load_components()
NUMBERS = ("track", "labs", "coins", "golems")
SKYTOPIA_REFUSALS = [
    ("cannot be negative", "negative"), ("only 5 golems", "golems"),
    ("unknown Guild Master", "guild"), ("given twice", "guild_twice"),
    ("same stack", "guild_stack"), ("--tower .*whole number", "tower_whole"),
    ("--tower .*impossible", "tower_range"), ("--crests .*whole number", "crests_whole"),
    ("--crests .*impossible", "crests_range"), ("--crests .* is needed", "crests_needed"),
    ("--labs", "labs")]


def skytopia_refusal(error: InvalidOptions) -> str:
    for pattern, reason in SKYTOPIA_REFUSALS:
        if re.search(pattern, str(error)):
            return f"skytopia.refusal.{reason}"
    raise AssertionError(f"no pad refusal for {error}")


MESSES = ["x", "2.5", "1e2", "-", " 4 ", "+3", "1_0", "--1", "3 4", "-2", "13", "0", "6", "7", ""]
"""What a person may type by mistake (or harmlessly differently) into a city's field."""


def random_city(rng: random.Random, messy: bool) -> dict[str, str]:
    """A city as a person types it: a possible one (blank for 0 or not given now and
    then), or at a messy table with a field or two mistyped."""
    cards = {colour: rng.choice([0, 0, 1, 2, 3, 4, 6]) for colour in COLOURS}
    city = {"track": str(rng.randint(0, 90)), "coins": str(rng.randint(0, 25)),
            "labs": str(rng.randint(0, min(cards["purple"], 3))),
            "golems": str(rng.randint(0, 5))}
    for colour, n in cards.items():
        city[colour] = "" if n == 0 and rng.random() < 0.5 else str(n)
        crests = rng.randint(1, min(len(COMP.crests), n + 1))
        city[f"crests_{colour}"] = str(crests) if rng.random() < 0.95 else ""
    for name in rng.sample(sorted(city), rng.choice([1, 2])) if messy else []:
        city[name] = rng.choice(MESSES)
    return city


def random_skytopia_table(rng: random.Random) -> dict:
    """A whole pad: players, the three Guild Masters (rarely fewer, unknown, or two of a
    stack), the coin tie-break, and each city; twin cities now and then (ties)."""
    stacks = [[g.ident for g in COMP.guilds if g.stack == s] for s in (1, 2, 3)]
    guilds = [rng.choice(stack) for stack in stacks]
    roll = rng.random()
    if roll < 0.05:
        guilds[rng.randrange(3)] = ""
    elif roll < 0.07:
        guilds[1] = rng.choice(["wizards", guilds[0], rng.choice(stacks[0])])
    options = {f"guild_{s + 1}": g for s, g in enumerate(guilds)}
    options["tiebreak_coins"] = rng.choice(["mod5", "total"])
    messy = rng.random() < 0.3
    seats: list[dict[str, str]] = []
    for _ in range(rng.choice([2, 3, 4])):
        if seats and rng.random() < 0.3:
            seats.append(dict(rng.choice(seats)))
            if rng.random() < 0.5:  # the same PP another way: a tie-break decides
                seats[-1]["coins"] = str(rng.randint(0, 14))
            continue
        seats.append(random_city(rng, messy))
    return {"players": len(seats), "options": options, "seats": seats}


def tie_tables() -> list[dict]:
    """Two cities of 17 PP: one has fewer Tower cards; one more coins left after
    converting; one fewer coins left but more coins in all (each coin tie-break)."""
    def city(track: int, coins: int, red: int = 0) -> dict[str, str]:
        blank = {name: "" for colour in COLOURS for name in (colour, f"crests_{colour}")}
        return {**blank, "track": str(track), "coins": str(coins), "red": str(red),
                "labs": "", "golems": "0"}
    guilds = {"guild_1": "mechanics", "guild_2": "builders", "guild_3": "merchants"}
    pairs = [(city(10, 0), city(9, 0, red=1), "mod5"), (city(10, 4), city(10, 3), "mod5"),
             (city(10, 4), city(9, 5), "total")]
    return [{"players": 2, "options": {**guilds, "tiebreak_coins": coins}, "seats": [a, b]}
            for a, b, coins in pairs]


def skytopia_expected(table: dict) -> dict:
    """What the Python says: the Guild Masters first (the whole table's input), then
    each city by tally_city() (its numbers read as the CLI's options are), then the
    engine's ranking and winners over these cities."""
    options = table["options"]
    guilds = [options[f"guild_{s}"] for s in (1, 2, 3) if options[f"guild_{s}"]]
    try:
        tally_city(COMP, 0, guilds, [], [], 0, 0, 0)
    except InvalidOptions as error:
        return refusal(skytopia_refusal(error))
    cities = []
    for seat, city in enumerate(table["seats"]):
        try:
            numbers = {name: int(city[name]) if city[name].strip() else 0 for name in NUMBERS}
        except ValueError:
            return refusal("skytopia.refusal.whole", seat)
        towers = [f"{c}={city[c]}" for c in COLOURS if city[c].strip()]
        crests = [f"{c}={city[f'crests_{c}']}" for c in COLOURS if city[f"crests_{c}"].strip()]
        try:
            cities.append((tally_city(COMP, guilds=guilds, towers=towers, crests=crests,
                                      **numbers), numbers))
        except InvalidOptions as error:
            return refusal(skytopia_refusal(error), seat)
    cards = [[int(city[c]) if city[c].strip() else 0 for c in COLOURS] for city in table["seats"]]
    end = SimpleNamespace(  # the end of a game as SkytopiaState's own scoring reads it
        players=len(cities), is_over=True, coins=[n["coins"] for _, n in cities],
        towers=[[0] * n for seat in cards for n in seat],
        game=SimpleNamespace(options=SimpleNamespace(tiebreak_coins=options["tiebreak_coins"])),
        tally=lambda seat: cities[seat][0])
    end.tiebreak_key = lambda seat: SkytopiaState.tiebreak_key(end, seat)  # type: ignore
    end.ranking = lambda: SkytopiaState.ranking(end)  # type: ignore
    keys = end.ranking()
    winners = SkytopiaState.winners(end)  # type: ignore[arg-type]
    reason = lead_reason(keys, winners, ["pp", "cards", f"coins_{options['tiebreak_coins']}"])
    return {"seats": [{"total": tally["total"], "rows": [
        {"key": "skytopia.row.track", "params": {}, "points": tally["track"]},
        *({"key": "skytopia.row.guild", "params": {"guild": {"key": f"skytopia.guild.{ident}"}},
           "points": points} for ident, points in tally["guilds"].items()),
        {"key": "skytopia.row.labs", "params": {"count": n["labs"]},
         "points": tally["laboratories"]},
        {"key": "skytopia.row.coins", "params": {"coins": n["coins"]}, "points": tally["coins"]},
        {"key": "skytopia.row.golems", "params": {"count": n["golems"]},
         "points": tally["golems"]}]} for tally, n in cities],
            "winners": winners, "reason": {"key": f"skytopia.reason.{reason}", "params": {}},
            "notes": [{"key": f"skytopia.note.{note}", "params": {}} for note, shown in
                      (("guilds", len(guilds) < 3), ("provisional", COMP.provisional)) if shown]}


def test_the_skytopia_pad_scores_as_the_python(page: Any, web: Any) -> None:
    rng = random.Random(18)
    tables = [random_skytopia_table(rng) for _ in range(CASES)] + tie_tables()
    for second in ("alchemists", "mechanics", "wizards"):  # of stack 1, twice, unknown
        tables.append({"players": 2, "options": {"guild_1": "mechanics", "guild_2": second,
                                                 "guild_3": "", "tiebreak_coins": "mod5"},
                       "seats": tables[-1]["seats"]})
    got = score_in_page(page, web.base, "skytopia", tables)
    kinds = set()
    for table, mine in zip(tables, got, strict=True):
        expected = skytopia_expected(table)
        assert assert_worded(mine) == expected, table
        kinds.add(expected["refusal"]["key"] if "refusal" in expected
                  else expected["reason"]["key"])
    assert {f"skytopia.refusal.{r}" for _, r in SKYTOPIA_REFUSALS} | {
        "skytopia.refusal.whole", "skytopia.reason.pp", "skytopia.reason.cards",
        "skytopia.reason.coins_mod5", "skytopia.reason.coins_total",
        "skytopia.reason.shared"} <= kinds, kinds


def test_the_pads_choices_and_labels(page: Any, web: Any) -> None:
    """Skytopia offers each stack's Guild Masters of the component file; every label,
    hint and choice of both pads is in the catalogue."""
    page.goto(f"{web.base}/score/skytopia")
    page.wait_for_selector("#pad:not([hidden])")
    pads = page.evaluate("""async () => Object.fromEntries(await Promise.all(
        ["blueprints", "skytopia"].map(async (game) =>
          [game, (await import(`/score/${game}/pad.js`)).default])))""")
    offered = {o["name"]: [value for value, _ in o["choices"]]
               for o in pads["skytopia"]["options"] if o["name"].startswith("guild_")}
    assert offered == {f"guild_{s}": ["", *(g.ident for g in COMP.guilds if g.stack == s)]
                       for s in (1, 2, 3)}
    for pad in pads.values():
        labels = {f[name] for f in pad["fields"] + pad["options"]
                  for name in ("key", "hint") if name in f}
        labels |= {key for o in pad["options"] for _, key in o.get("choices", [])}
        labels.add(pad["help"])
        assert_defined(labels)


# ------------------------------------------------------------------ typed in Polish
def polish_pad(browser: Any, base: str, game: str) -> Any:
    """The pad in a Polish browser (the pad picks the browser's language)."""
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL")
    opened = context.new_page()
    opened.goto(f"{base}/score/{game}")
    opened.wait_for_selector("#pad:not([hidden])")
    return opened


def type_seats(pad: Any, seats: list[dict[str, str]]) -> None:
    """Each player's name and fields, typed key by key as a person would."""
    pad.select_option("#players", str(len(seats)))
    for seat, fields in enumerate(seats):
        for name, text in fields.items():
            pad.locator(f"#seat-{seat}-{name}").press_sequentially(text)


def breakdown(pad: Any, seat: int) -> list[list[str]]:
    """A seat's breakdown as shown: [label, points] rows, the caption first."""
    table = pad.locator(f"#pad-breakdown table[data-seat='{seat}']")
    rows = table.locator("tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")
    return [[table.locator("caption").inner_text().strip()], *rows]


def test_blueprints_rulebook_examples_typed_in_polish(browser: Any, web: Any) -> None:
    """Round 1: the rules' 27-point building (X1 31 1X) takes the Gold Award; Anna and
    Bartek tie on 9 points and on green (the 1st In-Demand colour), and Bartek takes the
    Silver Award with one more black die (the rulebook's example, p. 5)."""
    pad = polish_pad(browser, web.base, "blueprints")
    for name, value in (("r1_demand1", "R"), ("r1_demand2", "S"), ("r1_first", "0")):
        pad.select_option(f"#option-{name}", value)
    type_seats(pad, [
        {"name": "Anna", "r1_blueprint": "11 11 11", "r1_building": "R2 , R2 / S3 , G2 / . , ."},
        {"name": "Bartek", "r1_blueprint": "11 11 11", "r1_building": "R2 , R2 / S1 , S1 / . , ."},
        {"name": "Celina", "r1_blueprint": "X1 31 1X",
         "r1_building": ". , W3 / G5+R5+S6 , W4 / R1 , ."}])
    assert pad.inner_text("#pad-winners") == (
        "Wygrywa: Celina — najwięcej punktów zwycięstwa")
    assert breakdown(pad, 2) == [
        ["★ Celina"],
        ["Runda 1: Złote Trofeum — budynek 27 pkt, 1. miejsce (premia 6, drewno 6, recykling 5, "
         "kamień 5, szkło 5)", "3"], ["Razem", "3"]]
    assert breakdown(pad, 1)[1] == [
        "Runda 1: Srebrne Trofeum — budynek 9 pkt, 2. miejsce (premia 0, drewno 0, recykling 5, "
        "kamień 4, szkło 0)", "2"]
    assert breakdown(pad, 0)[1][0].startswith("Runda 1: bez Trofeum — budynek 9 pkt, 3. miejsce")
    notes = pad.locator(".pad-note").all_inner_texts()
    assert notes[0].startswith("Rundę 2 zaczyna Anna (najsłabszy budynek")
    assert notes[-1] == "Policzono: rundę 1 z 3."
    screenshots(pad, "score-blueprints-pl")
    # a die on a hatched cell is refused, naming whose building and why
    pad.locator("#seat-2-r1_building").fill("W2 , . / G5+R5+S6 , W4 / R1 , .")
    assert pad.inner_text("#pad-refusal") == (
        "Celina: runda 1: pole r1c1 jest zakreskowane na tym Projekcie: nie można na nim budować")
    pad.context.close()


def test_skytopia_rulebook_example_typed_in_polish(browser: Any, web: Any) -> None:
    """Magda's city, the rulebook's example: 45 PP on the track, the Guilds of Mechanics
    (2 blue+gold pairs) 6, Builders (a Tower of 4 with its Foundation) 4, Merchants
    (2 crests in the gold Tower) 6, 1 Laboratory 5, 22 coins 4, 2 golems 2: 72 PP."""
    pad = polish_pad(browser, web.base, "skytopia")
    for stack, guild in enumerate(("mechanics", "builders", "merchants"), 1):
        pad.select_option(f"#option-guild_{stack}", guild)
    type_seats(pad, [
        {"name": "Magda", "track": "45", "blue": "1", "gold": "3", "purple": "1",
         "crests_gold": "2", "labs": "1", "coins": "22", "golems": "2"},
        {"name": "Jerzy", "track": "50", "red": "2", "coins": "7", "golems": "1"}])
    assert pad.inner_text("#pad-winners") == "Wygrywa: Magda — najwięcej Punktów Prestiżu"
    assert breakdown(pad, 0) == [
        ["★ Magda"], ["Tor Punktacji", "45"], ["Gildia Mechaników", "6"],
        ["Gildia Budowniczych", "4"], ["Gildia Kupców", "6"], ["Laboratoria (1 × 5)", "5"],
        ["Monety (22 ÷ 5)", "4"], ["Golemy na Rynku (2)", "2"], ["Razem", "72"]]
    assert breakdown(pad, 1)[-1] == ["Razem", "61"]
    screenshots(pad, "score-skytopia-pl")
    pad.locator("#seat-1-labs").press_sequentially("1")  # Jerzy has no purple card
    assert pad.inner_text("#pad-refusal") == (
        "Jerzy: Liczba Laboratoriów 1 jest niemożliwa: to karty fioletowe "
        "(Fioletowa Wieża ma 0; w grze jest ich 3)")
    pad.context.close()


def test_the_pads_work_offline_once_loaded(browser: Any, web: Any) -> None:
    """Once a pad pad was opened, both pads load and score with the network gone."""
    pad = polish_pad(browser, web.base, "blueprints")
    kept = """async () => { await navigator.serviceWorker.ready;
      const files = ["/score/blueprints/pad.js", "/score/blueprints/data.json",
                     "/score/skytopia/pad.js", "/score/skytopia/data.json"];
      return (await Promise.all(files.map((f) => caches.match(f)))).every(Boolean); }"""
    pad.wait_for_function(kept, polling=200)
    pad.context.set_offline(True)
    pad.reload()
    pad.wait_for_selector("#pad:not([hidden])")
    type_seats(pad, [{"r1_blueprint": "X1 31 1X", "r1_building": ". , W3 / G5+R5+S6 , W4 / R1 , ."},
                      {"r1_blueprint": "11 11 11", "r1_building": "G1 , . / . , . / . , ."}])
    pad.select_option("#option-r1_demand1", "W")
    pad.select_option("#option-r1_demand2", "G")
    assert pad.inner_text("#pad-winners") == (
        "Wygrywa: Gracz 1 — najwięcej punktów zwycięstwa")
    pad.goto(f"{web.base}/score/skytopia")
    pad.wait_for_selector("#pad:not([hidden])")
    type_seats(pad, [{"track": "45", "coins": "22"}, {"track": "40"}])
    assert pad.locator("table[data-seat='0']").get_attribute("data-total") == "49"
    pad.context.close()
