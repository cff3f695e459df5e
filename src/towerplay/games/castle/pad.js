// The Budowa Zamku scoring pad: `towerplay score castle "2 5 9" "3 8" [--variant
// characters] [--pair-cards]` ported (games/castle/cli.py parses and explains the win,
// scoring.py checks the castles and scores them). Each player types the wall cards of
// their castle from left to right; the character variant scores the figures on the
// cards by the shipped composition (characters.toml, the pad's data).
import { Refusal } from "/static/score.js";

const LOWEST = 2;
const HIGHEST = 46;
const GOAL = 10;  // elements (the start tile and 9 wall cards) that end the game
const TIE_BREAKS = ["king", "queen", "wizard"];  // the variant's tie-breaks, in order
const PARTS = ["cards", "king", "queen", "knights", "princesses", "pairs"];

/** "2 5 9" (or "1, 2, 5, 9") as the castle's numbers with the start tile 1 first. */
function parseCastle(text, seat) {
  const words = text.split(/[\s,]+/).filter(Boolean);
  if (!words.every((word) => /^[0-9]+$/.test(word))) {
    throw new Refusal("castle.numbers", { text }, seat);
  }
  const cards = words.map((word) => ({ number: Number(word), text: word.replace(/^0+(?=\d)/, "") }));
  return cards.length && cards[0].number === 1 ? cards : [{ number: 1, text: "1" }, ...cards];
}

/** Refuses castles that could not end a game (scoring.check_castles), in its order. */
function checkCastles(castles) {
  const owner = new Map();
  let full = 0;
  castles.forEach((castle, seat) => {
    const wall = castle.slice(1);
    const outside = wall.find((card) => card.number < LOWEST || card.number > HIGHEST);
    if (outside) throw new Refusal("castle.out_of_range", { card: outside.text }, seat);
    castle.slice(1).forEach((card, i) => {
      if (card.number <= castle[i].number) {
        throw new Refusal("castle.not_increasing", { low: castle[i].number, high: card.number }, seat);
      }
    });
    for (const card of wall) {
      if (owner.has(card.number)) {
        throw new Refusal("castle.twice", { card: card.number, other: owner.get(card.number) + 1 },
          seat);
      }
      owner.set(card.number, seat);
    }
    if (castle.length > GOAL) throw new Refusal("castle.too_long", { count: castle.length }, seat);
    full += castle.length === GOAL;
  });
  if (full > 1) throw new Refusal("castle.two_full", {});
}

/** Which figures each card shows, from the composition file (cards.characters_from_data). */
function figures(deck) {
  const shown = new Map();
  const add = (card, figure) => shown.set(card, [...(shown.get(card) || []), figure]);
  for (const figure of TIE_BREAKS) add(deck[figure], figure);
  for (const card of deck.knights || []) add(card, "knight");
  for (const card of deck.princesses || []) add(card, "princess");
  return shown;
}

/** The variant's points by part (scoring.points_breakdown); pairs are collected, or with
 * `pairCards` a card showing both figures is one pair card worth 1. */
function points(wall, shown, pairCards) {
  const on = wall.map((card) => shown.get(card) || []);
  const count = (test) => on.filter(test).length;
  const both = (f) => f.includes("knight") && f.includes("princess");
  const parts = { cards: wall.length, king: 3 * count((f) => f.includes("king")),
    queen: 3 * count((f) => f.includes("queen")) };
  if (pairCards) {
    parts.knights = count((f) => f.includes("knight") && !both(f));
    parts.princesses = count((f) => f.includes("princess") && !both(f));
    parts.pairs = count(both);
  } else {
    parts.knights = count((f) => f.includes("knight"));
    parts.princesses = count((f) => f.includes("princess"));
    parts.pairs = Math.min(parts.knights, parts.princesses);
  }
  return parts;
}

/** The seats whose ranking key (an array, compared element by element) is the highest. */
function bestOf(keys) {
  const compare = (a, b) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
    return 0;
  };
  const best = keys.reduce((top, key) => (compare(key, top) > 0 ? key : top));
  return keys.flatMap((key, seat) => (compare(key, best) === 0 ? [seat] : []));
}

/** The base game: most elements, then the highest last card; bare tiles draw. */
function base(castles) {
  const winners = bestOf(castles.map((c) => [c.length, c[c.length - 1]]));
  const sizes = castles.map((c) => c.length);
  const best = Math.max(...sizes);
  const tied = sizes.filter((size) => size === best).length > 1;
  const last = castles[winners[0]].at(-1);
  const reason = winners.length > 1 ? { key: "castle.draw_tiles", params: {} }
    : tied ? { key: "castle.tie_highest", params: { count: best, card: last } }
      : { key: "castle.largest", params: { count: best } };
  const seats = castles.map((castle) => ({ total: castle.length, rows: [
    { key: "castle.row.start", params: {}, points: 1 },
    { key: "castle.row.wall", params: { count: castle.length - 1 }, points: castle.length - 1 }] }));
  return { seats, winners, reason };
}

/** The character variant: most points, then the King, the Queen, the Wizard; else a draw. */
function characters(castles, deck, pairCards) {
  const shown = figures(deck);
  const holds = (castle, figure) => castle.slice(1).some((card) =>
    (shown.get(card) || []).includes(figure));
  const seats = castles.map((castle) => {
    const parts = points(castle.slice(1), shown, pairCards);
    return { total: PARTS.reduce((sum, part) => sum + parts[part], 0),
      rows: PARTS.map((part) => ({ key: `castle.row.${part}`,
        params: { count: part === "king" || part === "queen" ? parts[part] / 3 : parts[part] },
        points: parts[part] })) };
  });
  const winners = bestOf(castles.map((castle, seat) =>
    [seats[seat].total, ...TIE_BREAKS.map((figure) => holds(castle, figure))]));
  const best = seats[winners[0]].total;
  const tied = seats.filter((s) => s.total === best).length > 1;
  const breaker = TIE_BREAKS.find((figure) => holds(castles[winners[0]], figure));
  const reason = !tied ? { key: "castle.most_points", params: { count: best } }
    : winners.length > 1 ? { key: "castle.draw_points", params: { count: best } }
      : { key: `castle.tie_${breaker}`, params: { count: best } };
  const notes = deck.provisional ? [{ key: "castle.provisional", params: {} }] : [];
  return { seats, winners, reason, notes };
}

export default {
  players: [2, 4],
  help: "castle.help",
  options: [
    { name: "variant", key: "castle.variant",
      choices: [["base", "castle.variant.base"], ["characters", "castle.variant.characters"]] },
    { name: "pair_cards", key: "castle.pair_cards" },
  ],
  fields: [{ name: "castle", key: "castle.castle", hint: "castle.castle_hint" }],

  /** The castles' scores and the winners by the chosen variant's rules. */
  score(input, deck) {
    const parsed = input.seats.map((fields, seat) => parseCastle(fields.castle, seat));
    checkCastles(parsed);
    const castles = parsed.map((castle) => castle.map((card) => card.number));
    return input.options.variant === "characters"
      ? characters(castles, deck, input.options.pair_cards) : base(castles);
  },
};
