// Blueprints scoring pad: the rules of `towerplay score blueprints`, ported once.
//
// Pure functions, no page: a building scored on its blueprint (scoring.py, cards.py:
// the same notation, the same refusals), a round's Awards and Prizes with the §9
// tie-breaks (rounds.py), and the game's winner from the Award and Prize cards of the
// rounds entered so far (§12, state.py). tests/server/test_score_pads_more.py runs
// these in chromium against the Python over many generated inputs.
//
// The pad covers the whole game: a person at a real table types each round's
// blueprints and buildings as the round ends, and sees every building's points, who
// takes which Award and Prize, who starts the next round, and the winner so far by
// the Award and Prize cards (§12). Buildings use the CLI's notation.
import { Refusal, bestOf, compareKeys as compare } from "/static/score.js";

const MATERIALS = "WRSG";
const [WOOD, RECYCLED, STONE, GLASS] = [0, 1, 2, 3];
const COLS = 2;
const CELLS = 6;
const DIE_COUNT = 6;
const BONUS = 6;
const RECYCLED_POINTS = [0, 2, 5, 10, 15, 20, 30];
const STONE_POINTS = [2, 3, 5, 8, 8, 8];
export const PRIZES = ["skyscraper", "integrity", "geometer", "materials"];
export const PARTS = ["bonus", "wood", "recycled", "stone", "glass"];
/** The Award cards of a round, best building first, by player count (§7). */
export const AWARDS = { 2: ["silver"], 3: ["gold", "silver"], 4: ["gold", "silver", "bronze"] };
const VP = { gold: 3, silver: 2, bronze: 1, ...Object.fromEntries(PRIZES.map((p) => [p, 2])) };
export const ROUNDS = 3;

/** The orthogonal neighbours of each cell of the 3×2 grid (cells row by row). */
const NEIGHBOURS = Array.from({ length: CELLS }, (_, cell) => {
  const [r, c] = [Math.floor(cell / COLS), cell % COLS];
  return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
    .filter(([r2, c2]) => r2 >= 0 && r2 < 3 && c2 >= 0 && c2 < COLS)
    .map(([r2, c2]) => r2 * COLS + c2);
});
const cellText = (cell) => `r${Math.floor(cell / COLS) + 1}c${(cell % COLS) + 1}`;
// A die is (value - 1) * 4 + material, as in dice.py: `die >> 2` its value index.
const dieText = (die) => MATERIALS[die & 3] + ((die >> 2) + 1);

/** A refusal of this pad (`blueprints.refusal.<reason>`). */
const refuse = (reason, params = {}, seat = null) =>
  new Refusal(`blueprints.refusal.${reason}`, params, seat);

/** Python's str.split(): words between runs of whitespace. */
const words = (text) => text.split(/\s+/).filter(Boolean);

// ------------------------------------------------------------------ notation
/** The six heights of a blueprint like `X1 31 1X` (0: hatched). */
export function parseBlueprint(text) {
  const tokens = words(String(text).toUpperCase());
  if (tokens.length !== 3 || tokens.some((t) => [...t].length !== 2)) {  // code points
    throw refuse("blueprint_rows", { text });
  }
  const layout = [...tokens.join("")].map((ch) => {
    if (ch === "X") return 0;
    if ("123456".includes(ch)) return Number(ch);
    throw refuse("blueprint_cell", { text, ch });
  });
  const sum = layout.reduce((a, b) => a + b, 0);
  if (sum !== DIE_COUNT) throw refuse("blueprint_sum", { text, sum });
  if (!connected(layout)) throw refuse("blueprint_connected", { text });
  return layout;
}

function connected(layout) {
  const usable = layout.flatMap((h, cell) => (h ? [cell] : []));
  const seen = new Set();
  const todo = usable.slice(0, 1);
  while (todo.length) {
    const cell = todo.pop();
    if (seen.has(cell)) continue;
    seen.add(cell);
    todo.push(...NEIGHBOURS[cell].filter((n) => layout[n]));
  }
  return usable.length > 0 && seen.size === usable.length;
}

/** A die written as material letter and value (`W3`, `g5`). */
function parseDie(text, cell) {
  const t = [...text.trim().toUpperCase()];
  if (t.length !== 2 || !MATERIALS.includes(t[0]) || !"123456".includes(t[1])) {
    throw refuse("building_die", { cell: cellText(cell), die: text.trim() });
  }
  return (Number(t[1]) - 1) * 4 + MATERIALS.indexOf(t[0]);
}

/** The six stacks of a building written row by row (`. , W3 / G5+R5+S6 , W4 / R1 , .`),
 * each stack its dice bottom to top. */
export function parseBuilding(text) {
  const rows = String(text).split("/");
  if (rows.length !== 3) throw refuse("building_rows", { text });
  return rows.flatMap((row, r) => {
    const cells = row.split(",");
    if (cells.length !== 2) throw refuse("building_row", { row: r + 1, text: row.trim() });
    return cells.map((cell, c) => {
      const written = cell.trim();
      return written === "." || written === ""
        ? [] : written.split("+").map((part) => parseDie(part, r * COLS + c));
    });
  });
}

/** Refuses a building that cannot arise in play (check_building). */
function checkBuilding(building, layout) {
  const dice = building.flat();
  if (dice.length > DIE_COUNT) throw refuse("building_dice", { n: dice.length });
  building.forEach((stack, cell) => {
    if (stack.length && !layout[cell]) throw refuse("building_hatched", { cell: cellText(cell) });
    for (let level = 1; level < stack.length; level++) {
      if (stack[level] >> 2 < stack[level - 1] >> 2) {
        throw refuse("building_order", { cell: cellText(cell), upper: dieText(stack[level]),
                                              lower: dieText(stack[level - 1]) });
      }
    }
  });
  for (let material = 0; material < 4; material++) {  // unreachable with 6 dice; kept as in Python
    if (dice.filter((d) => (d & 3) === material).length > 8) {
      throw refuse("building_material", { material: MATERIALS[material] });
    }
  }
}

// ------------------------------------------------------------------ one building
/** 2 per face-adjacent die (beside it on its level, right above or below) per wood die. */
function woodPoints(building, woodOnly) {
  let total = 0;
  building.forEach((stack, cell) => stack.forEach((die, level) => {
    if ((die & 3) !== WOOD) return;
    const near = [stack[level - 1], stack[level + 1],
                  ...NEIGHBOURS[cell].map((n) => building[n][level])]
      .filter((d) => d !== undefined);
    total += 2 * (woodOnly ? near.filter((d) => (d & 3) === WOOD).length : near.length);
  }));
  return total;
}

/** The round points by part, the dice per colour and how far each Prize qualifies. */
function facts(building, layout, woodOnly) {
  const colours = [0, 0, 0, 0];
  const values = [0, 0, 0, 0, 0, 0];
  let stone = 0, glass = 0;
  building.forEach((stack) => stack.forEach((die, level) => {
    colours[die & 3] += 1;
    values[die >> 2] += 1;
    if ((die & 3) === STONE) stone += STONE_POINTS[level];
    if ((die & 3) === GLASS) glass += (die >> 2) + 1;
  }));
  const parts = {
    bonus: building.every((stack, cell) => stack.length === layout[cell]) ? BONUS : 0,
    wood: woodPoints(building, woodOnly),
    recycled: RECYCLED_POINTS[Math.min(colours[RECYCLED], 6)], stone, glass,
  };
  parts.total = PARTS.reduce((sum, part) => sum + parts[part], 0);
  const tallest = Math.max(...building.map((stack) => stack.length));
  const same = Math.max(...values), most = Math.max(...colours);
  const magnitudes = [tallest >= 5 ? tallest : 0, same >= 4 ? same : 0,
                      values.every(Boolean) ? 6 : 0, most >= 5 ? most : 0];
  return { parts, colours, magnitudes };
}

/** One building on its blueprint, as `towerplay score blueprints --json` gives it. */
export function scoreBuilding(blueprint, building, woodOnly = false) {
  const layout = parseBlueprint(blueprint);
  const stacks = parseBuilding(building);
  checkBuilding(stacks, layout);
  const found = facts(stacks, layout, woodOnly);
  return { ...found.parts, prizes: PRIZES.filter((_, i) => found.magnitudes[i]),
           colours: found.colours, magnitudes: found.magnitudes };
}

// ------------------------------------------------------------------ a round
/** Seats ranked best building first: points, then the In-Demand colours' dice, then the
 * later turn in the round (§9); Awards to the first places, each Prize to the best of
 * its qualifiers; the lowest building (ranked last) starts the next round.
 * `round`: `{number, demand: ["G", "S"], first, seats: [{blueprint, building}, …]}`. */
export function scoreRound(round, players, options = {}) {
  const seats = round.seats.map(({ blueprint, building }, seat) => {
    try {
      return scoreBuilding(blueprint, building, options.woodOnlyCountsWood);
    } catch (problem) {
      if (problem instanceof Refusal) problem.seat = seat;
      throw problem;
    }
  });
  const demand = round.demand.map((m) => [...MATERIALS].indexOf(String(m ?? "").toUpperCase()));
  if (demand.some((m) => m < 0) || demand[0] === demand[1]) throw refuse("demand");
  const first = Number(round.first);
  if (!(Number.isInteger(first) && first >= 0 && first < players)) throw refuse("first");
  const key = (s, magnitude) => [magnitude, seats[s].colours[demand[0]],
                                 seats[s].colours[demand[1]], (s - first + players) % players];
  const order = [...seats.keys()];
  const ranking = [...order].sort((a, b) =>
    compare(key(b, seats[b].total), key(a, seats[a].total)));
  const awards = Object.fromEntries(AWARDS[players].map((award, place) => [ranking[place], award]));
  const prizes = {};
  PRIZES.forEach((prize, index) => {
    const strength = (s) => (options.prizeCompareMagnitude ? seats[s].magnitudes[index] : 0);
    const entrants = order.filter((s) => seats[s].magnitudes[index]);
    if (entrants.length) {
      prizes[prize] = entrants.reduce((best, s) =>
        (compare(key(s, strength(s)), key(best, strength(best))) > 0 ? s : best));
    }
  });
  return { number: round.number, seats, ranking, awards, prizes,
           nextFirst: ranking[players - 1] };
}

/** The cards a seat won in a round: its Award, then its Prizes. */
const wonIn = (round, seat) => [
  ...(seat in round.awards ? [round.awards[seat]] : []),
  ...PRIZES.filter((prize) => round.prizes[prize] === seat)];

/** §12: VP, then Prizes won, then Gold, Silver, Bronze Awards; equal keys share. */
export function gameKey(cards) {
  const count = (card) => cards.filter((c) => c === card).length;
  return [cards.reduce((sum, card) => sum + VP[card], 0),
          cards.filter((card) => PRIZES.includes(card)).length,
          count("gold"), count("silver"), count("bronze")];
}

// ------------------------------------------------------------------ the pad
const NUMBERS = [1, 2, 3];
const MATERIAL_CHOICES = [...MATERIALS].map((m) => [m, `blueprints.material.${m}`]);
const SEAT_CHOICES = [0, 1, 2, 3].map((seat) => [String(seat), `blueprints.first.${seat}`]);
const TIEBREAKS = ["vp", "prizes", "gold", "silver", "bronze"];

/** The rounds typed so far (any of their fields filled), as scoreRound() takes them;
 * a round's first player "rules" is the lowest building of the round before. */
function typedRounds(input) {
  const rounds = [];
  for (const n of NUMBERS) {
    const seats = input.seats.map((fields) => ({ blueprint: fields[`r${n}_blueprint`] ?? "",
                                                 building: fields[`r${n}_building`] ?? "" }));
    if (seats.every((s) => !s.blueprint.trim() && !s.building.trim())) continue;
    const option = (name) => input.options[`r${n}_${name}`];
    rounds.push({ number: n, demand: [option("demand1"), option("demand2")],
                  first: option("first") ?? "0", seats });
  }
  return rounds;
}

/** The rows of a seat: each round's Award (or none) with its building, then its Prizes. */
function rowsOf(rounds, seat) {
  return rounds.flatMap((round) => {
    const building = round.seats[seat];
    const award = round.awards[seat];
    const params = { round: round.number, place: round.ranking.indexOf(seat) + 1,
                     ...Object.fromEntries([...PARTS, "total"].map((p) => [p, building[p]])) };
    return [
      award ? { key: "blueprints.row.award",
                params: { ...params, award: { key: `blueprints.award.${award}` } },
                points: VP[award] }
        : { key: "blueprints.row.no_award", params, points: 0 },
      ...PRIZES.filter((prize) => round.prizes[prize] === seat).map((prize) => (
        { key: "blueprints.row.prize",
          params: { round: round.number, prize: { key: `blueprints.prize.${prize}` } },
          points: VP[prize] })),
    ];
  });
}

/** The whole table, as the shell's interface asks (see static/score.js). */
function score(input, data = {}) {
  const players = Number(input.players);
  const options = { woodOnlyCountsWood: Boolean(input.options.wood_only),
                    prizeCompareMagnitude: Boolean(input.options.prize_magnitude) };
  const typed = typedRounds(input);
  if (!typed.length) throw refuse("no_round");
  const rounds = [];
  for (const round of typed) {
    if (round.first === "rules") {
      const before = rounds.find((r) => r.number === round.number - 1);
      if (!before) throw refuse("first_rules", { round: round.number });
      round.first = before.nextFirst;
    }
    try {
      rounds.push(scoreRound(round, players, options));
    } catch (problem) {
      if (problem instanceof Refusal) problem.params = { ...problem.params, round: round.number };
      throw problem;
    }
  }
  const cards = Array.from({ length: players }, (_, seat) =>
    rounds.flatMap((round) => wonIn(round, seat)));
  const keys = cards.map(gameKey);
  const { winners, decidedBy } = bestOf(keys);
  const notes = rounds.filter((round) => round.number < ROUNDS).map((round) => (
    { key: "blueprints.note.next_first",
      params: { round: round.number + 1, player: { seat: round.nextFirst } } }));
  notes.push({ key: "blueprints.note.counted",
               params: { rounds: rounds.map((r) => r.number).join(", "), count: rounds.length } });
  return { seats: keys.map((key, seat) => ({ total: key[0], rows: rowsOf(rounds, seat) })),
           winners, notes,
           reason: { key: `blueprints.reason.${TIEBREAKS[decidedBy] ?? "shared"}`, params: {} } };
}

export default {
  players: [2, 4],
  help: "blueprints.help",
  options: [
    ...NUMBERS.flatMap((n) => [
      { name: `r${n}_demand1`, key: `blueprints.r${n}_demand1`,
        choices: [["", "blueprints.material.unset"], ...MATERIAL_CHOICES] },
      { name: `r${n}_demand2`, key: `blueprints.r${n}_demand2`,
        choices: [["", "blueprints.material.unset"], ...MATERIAL_CHOICES] },
      { name: `r${n}_first`, key: `blueprints.r${n}_first`,
        choices: n === 1 ? SEAT_CHOICES : [["rules", "blueprints.first.rules"], ...SEAT_CHOICES] },
    ]),
    { name: "wood_only", key: "blueprints.wood_only" },
    { name: "prize_magnitude", key: "blueprints.prize_magnitude" },
  ],
  fields: NUMBERS.flatMap((n) => [
    { name: `r${n}_blueprint`, key: `blueprints.r${n}_blueprint`,
      hint: "blueprints.blueprint_hint", notation: true },
    { name: `r${n}_building`, key: `blueprints.r${n}_building`, hint: "blueprints.building_hint",
      notation: true },
  ]),
  score,
};
