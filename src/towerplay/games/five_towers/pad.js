// The 5 Towers scoring pad: `towerplay score five_towers --player … --player …` ported
// (games/five_towers/cli.py parses and refuses, scoring.py scores, rules.py says which
// card may go on which). Each player types a tower per suit, bottom to top, and the
// cards they tore down. The checks run in the CLI's order, so the first refusal is the
// CLI's: seat by seat (tear-downs, then each tower in suit order), then the whole table.
import { Refusal } from "/static/score.js";

const SUITS = ["candy", "scary", "tree", "scrap", "sand"];
const EXTRA_VALUES = [0, 2, 5, 7, 10, 12];  // the 4–5 player deck has two of these per suit

/** A tower's name as a text (the row labels and refusals word it). */
const tower = (suit) => ({ key: `five_towers.tower.${suit}` });

/** How often one suit's `value` is in the deck of `players` (cards.copies_in_deck). */
const copies = (players, value) => (players >= 4 && EXTRA_VALUES.includes(value) ? 2 : 1);

const deckSize = (players) => (players >= 4 ? 110 : 80);

/** The building rule: strictly lower, anything on an 8, a 9 on anything but a 0. */
const canPlace = (below, above) => below !== 0 && (above < below || below === 8 || above === 9);

/** The CLI's words: Python's str.split() with ":" and "," (a tower) or ":" (tear-downs)
 * read as spaces. */
const words = (text, separators = /[\s,:]+/) => text.split(separators).filter(Boolean);

/** A tower's values, bottom to top (null when the field is empty), checked as the CLI. */
function parseTower(suit, text, players, seat) {
  if (!text.trim()) return null;
  const values = words(text).map((word) => {
    if (!/^[0-9]+$/.test(word) || Number(word) > 15) {
      throw new Refusal("five_towers.not_value", { tower: tower(suit), word }, seat);
    }
    return Number(word);
  });
  if (!values.length) throw new Refusal("five_towers.no_cards", { tower: tower(suit) }, seat);
  values.slice(1).forEach((above, i) => {
    const below = values[i];
    if (below === 0) throw new Refusal("five_towers.on_top", { tower: tower(suit) }, seat);
    if (!canPlace(below, above)) {
      throw new Refusal("five_towers.cannot_place", { tower: tower(suit), above, below }, seat);
    }
  });
  for (const [value, held] of tally(values)) {
    if (held > copies(players, value)) {
      throw new Refusal("five_towers.copies", { tower: tower(suit), value, held,
        deck: deckSize(players), copies: copies(players, value) }, seat);
    }
  }
  return values;
}

/** How often each value occurs, in order of first occurrence (Python's Counter). */
function tally(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) || 0) + 1);
  return counts;
}

/** The tear-downs: empty is 0, else one whole number ("torn N" in the CLI). */
function parseTorn(text, seat) {
  if (!text.trim()) return 0;
  const typed = words(text, /[\s:]+/);
  if (typed.length !== 1 || !/^[0-9]+$/.test(typed[0])) {
    throw new Refusal("five_towers.torn", { text: text.trim() }, seat);
  }
  return Number(typed[0]);
}

/** One player's towers (suit → values) and tear-downs. */
function parseSeat(fields, players, seat) {
  const torn = parseTorn(fields.torn, seat);
  const towers = {};
  for (const suit of SUITS) {
    const values = parseTower(suit, fields[suit], players, seat);
    if (values) towers[suit] = values;
  }
  return { towers, torn };
}

/** No card more often than the deck has it, no more cards than the deck (the table). */
function checkTable(seats, players) {
  for (const suit of [...SUITS].sort()) {  // the CLI names the first by suit name, value
    for (let value = 0; value < 16; value++) {
      const held = seats.reduce((n, { towers }) =>
        n + (towers[suit] || []).filter((v) => v === value).length, 0);
      if (held > copies(players, value)) {
        throw new Refusal("five_towers.table_copies", { tower: tower(suit), value, held,
          deck: deckSize(players), copies: copies(players, value) });
      }
    }
  }
  const built = seats.reduce((n, s) => n + Object.values(s.towers).flat().length, 0);
  const torn = seats.reduce((n, s) => n + s.torn, 0);
  if (built + torn > deckSize(players)) {
    throw new Refusal("five_towers.deck_size", { built, torn, deck: deckSize(players) });
  }
}

/** A player's rows (scoring.rows): each tower, the tallest one's bonus, the tear-downs. */
function breakdown({ towers, torn }) {
  const rows = [];
  let tallest = null;
  for (const [suit, values] of Object.entries(towers)) {
    const capped = values[values.length - 1] === 0;
    rows.push({ key: capped ? "five_towers.row.capped" : "five_towers.row.tower",
      params: { tower: tower(suit), count: values.length },
      points: values.length * (capped ? 2 : 1) });
    if (tallest === null || values.length > towers[tallest].length) tallest = suit;
  }
  if (tallest !== null) {
    rows.push({ key: "five_towers.row.tallest", params: { tower: tower(tallest) },
      points: towers[tallest].length });
  }
  if (torn) {
    const steps = torn <= 5 ? Array.from({ length: torn }, (_, i) => i + 1).join("+")
      : `1+2+…+${torn}`;
    rows.push({ key: "five_towers.row.torn", params: { count: torn, steps },
      points: -(torn * (torn + 1)) / 2 });
  }
  return { total: rows.reduce((sum, row) => sum + row.points, 0), rows };
}

export default {
  players: [2, 5],
  help: "five_towers.help",
  options: [],
  fields: [
    ...SUITS.map((suit) => ({ name: suit, key: `five_towers.tower.${suit}`,
      hint: "five_towers.tower_hint" })),
    { name: "torn", key: "five_towers.torn_field", hint: "five_towers.torn_hint", numeric: true },
  ],

  /** Every player's breakdown and the winners: the highest total; ties share the win. */
  score(input) {
    const seats = input.seats.map((fields, seat) => parseSeat(fields, input.players, seat));
    checkTable(seats, input.players);
    const scored = seats.map(breakdown);
    const best = Math.max(...scored.map((s) => s.total));
    const winners = scored.flatMap((s, seat) => (s.total === best ? [seat] : []));
    return { seats: scored, winners,
      reason: { key: winners.length > 1 ? "five_towers.tie" : "five_towers.wins",
        params: { total: best } } };
  },
};
