// Skytopia scoring pad: the rules of `towerplay score skytopia`, ported once.
//
// Pure functions, no page: each player's city tallied as cli.py's tally_city() and
// scoring.py's final_tally() do (the same checks, the same refusals), the Guild Masters
// read from the shipped component file (GET /score/skytopia/data.json), and the winner
// by the game's tie-breaks (state.py's ranking(): fewer Tower cards, then more coins).
// tests/server/test_score_pads_more.py runs these in chromium against the Python.
import { Refusal, bestOf } from "/static/score.js";

export const COLOURS = ["blue", "gold", "red", "purple"];
const GOLEMS = 5;  // each player's golem dice (effects.py)
const NUMBERS = ["track", "labs", "coins", "golems"];
const STACKS = [1, 2, 3];

/** A refusal of this pad (`skytopia.refusal.<reason>`). */
const refuse = (reason, params = {}, seat = null) =>
  new Refusal(`skytopia.refusal.${reason}`, params, seat);
const colourText = (colour) => ({ key: `skytopia.colour.${colour}` });
const fieldText = (name) => ({ key: `skytopia.${name}` });

// ------------------------------------------------------------------ the components
/** What scoring needs of a component file (components.py's compile_components()):
 * the Guild Masters, the Tower cards per colour, the crest kinds, the Laboratories. */
export function components(data) {
  const cards = [...(data.tower_cards || []),
                 ...COLOURS.map((colour) => (data.foundations || {})[colour] || {})];
  const endgame = (card) => (card.effect || [])
    .reduce((sum, step) => sum + (step.op === "endgame_pp" ? step.n : 0), 0);
  const index = (colour) => COLOURS.indexOf(colour);
  return {
    guilds: (data.guild_masters || []).map((g) => ({
      ident: g.id, stack: g.stack, kind: g.scoring.kind,
      colours: (g.scoring.colours || []).map(index),
      tower: g.scoring.tower ? index(g.scoring.tower) : -1,
      pp: g.scoring.pp ?? g.scoring.pp_per_card ?? 0,
      n: g.scoring.n || 0, height: g.scoring.height || 0,
      includeFoundations: g.include_foundations ?? true,
    })),
    deck: Object.fromEntries(COLOURS.map((colour) => [colour,
      (data.tower_cards || []).filter((card) => card.colour === colour).length])),
    crestKinds: new Set(cards.map((card) => card.crest).filter(Boolean)).size,
    labPP: Math.max(0, ...cards.map(endgame)),
    labCards: cards.filter((card) => endgame(card) > 0).length,
    provisional: Boolean(data.provisional),
  };
}

/** PP one Guild Master gives a city (scoring.py's guild_points()). */
export function guildPoints(guild, cards, crestTypes) {
  const heights = cards.map((n) => n + (guild.includeFoundations ? 1 : 0));
  switch (guild.kind) {
    case "pairs": return Math.min(...guild.colours.map((c) => heights[c])) * guild.pp;
    case "tallest_tower": return Math.max(...heights) * guild.pp;
    case "shortest_tower": return Math.min(...heights) * guild.pp;
    case "nth_tallest": return [...heights].sort((a, b) => b - a)[guild.n - 1] * guild.pp;
    case "towers_at_least": return heights.filter((h) => h >= guild.height).length * guild.pp;
    case "crest_types": return crestTypes[guild.tower] * guild.pp;
    case "cards_in_tower": return heights[guild.tower] * guild.pp;
    default: throw new Error(`unknown Guild Master scoring ${guild.kind}`);
  }
}

// ------------------------------------------------------------------ one city
/** A whole number as Python's int() reads one from text (`" 7"`, `"+3"`, `"1_0"`);
 * null if it is not one. */
function whole(text) {
  const t = String(text).trim();
  return /^[+-]?\d+(_\d+)*$/.test(t) ? Number(t.replace(/_/g, "")) : null;
}

/** The Guild Masters in play by id (guild_index() and tally_city()'s checks). */
export function guildsInPlay(comp, idents) {
  const indices = idents.map((ident) => {
    const found = comp.guilds.findIndex((g) => g.ident === ident.trim().toLowerCase());
    if (found < 0) throw refuse("guild", { guild: ident });
    return found;
  });
  if (new Set(indices).size !== indices.length) throw refuse("guild_twice");
  const stacks = indices.map((i) => comp.guilds[i].stack);
  if (new Set(stacks).size !== stacks.length) throw refuse("guild_stack");
  return indices;
}

/** `colour: N` for each colour typed (_pairs()): blank is not given; N whole, low..high. */
function pairs(fields, prefix, reason, high, low = {}) {
  const out = {};
  for (const colour of COLOURS) {
    const text = fields[`${prefix}${colour}`] ?? "";
    if (!text.trim()) continue;
    const n = whole(text);
    if (n === null) throw refuse(`${reason}_whole`, { colour: colourText(colour), text });
    const least = low[colour] ?? 0;
    if (n < least || n > high[colour]) {
      throw refuse(`${reason}_range`, { colour: colourText(colour), n, low: least,
                                        high: high[colour] });
    }
    out[colour] = n;
  }
  return out;
}

/** One city's final score by part (tally_city() and final_tally()): `fields` are the
 * texts typed (track, blue…purple, crests_blue…, labs, coins, golems; blank: 0 or not
 * given), `indices` the Guild Masters in play. */
export function tallyCity(comp, indices, fields) {
  const n = {};
  for (const name of NUMBERS) {
    const text = fields[name] ?? "";
    n[name] = text.trim() ? whole(text) : 0;
    if (n[name] === null) throw refuse("whole", { field: fieldText(name), text });
  }
  for (const name of NUMBERS) {
    if (n[name] < 0) throw refuse("negative", { field: fieldText(name), n: n[name] });
  }
  if (n.golems > GOLEMS) throw refuse("golems", { n: n.golems, max: GOLEMS });
  const guilds = indices.map((i) => comp.guilds[i]);
  const cards = pairs(fields, "", "tower", comp.deck);
  // every card and Foundation shows a crest: a Tower has its Foundation's kind and up
  // to one more per card
  const byColour = (value) => Object.fromEntries(COLOURS.map((c) => [c, value(c)]));
  const upper = byColour((c) => Math.min(comp.crestKinds, (cards[c] || 0) + 1));
  const crests = pairs(fields, "crests_", "crests", upper, byColour(() => 1));
  COLOURS.forEach((colour, i) => {
    if (!cards[colour]) crests[colour] ??= 1;  // a bare Foundation: its one crest
    if (!(colour in crests) && guilds.some((g) => g.kind === "crest_types" && g.tower === i)) {
      throw refuse("crests_needed", { colour: colourText(colour) });
    }
  });
  const purple = cards.purple || 0;
  if (n.labs > Math.min(purple, comp.labCards)) {
    throw refuse("labs", { n: n.labs, purple, max: comp.labCards });
  }
  const counts = COLOURS.map((c) => cards[c] || 0);
  const kinds = COLOURS.map((c) => crests[c] || 0);
  const perGuild = guilds.map((g) => [g.ident, guildPoints(g, counts, kinds)]);
  const parts = { track: n.track, guilds: Object.fromEntries(perGuild),
                  laboratories: n.labs * comp.labPP, coins: Math.floor(n.coins / 5),
                  golems: n.golems };
  parts.total = parts.track + Object.values(parts.guilds).reduce((a, b) => a + b, 0)
    + parts.laboratories + parts.coins + parts.golems;
  return { ...parts, cards: counts.reduce((a, b) => a + b, 0), coinsHeld: n.coins, labs: n.labs };
}

// ------------------------------------------------------------------ the table
/** The ranking key of a city: PP, then fewer Tower cards, then more coins (all of them,
 * or only those left after 5 became a PP). */
export const rankKey = (city, tiebreakCoins) =>
  [city.total, -city.cards, tiebreakCoins === "total" ? city.coinsHeld : city.coinsHeld % 5];


function rows(city) {
  return [
    { key: "skytopia.row.track", params: {}, points: city.track },
    ...Object.entries(city.guilds).map(([ident, points]) =>
      ({ key: "skytopia.row.guild", params: { guild: { key: `skytopia.guild.${ident}` } },
         points })),
    { key: "skytopia.row.labs", params: { count: city.labs }, points: city.laboratories },
    { key: "skytopia.row.coins", params: { coins: city.coinsHeld }, points: city.coins },
    { key: "skytopia.row.golems", params: { count: city.golems }, points: city.golems },
  ];
}

/** The whole table, as the shell's interface asks (see static/score.js). */
function score(input, data) {
  const comp = components(data);
  const tiebreakCoins = input.options.tiebreak_coins === "total" ? "total" : "mod5";
  const indices = guildsInPlay(comp, STACKS.map((s) => input.options[`guild_${s}`] || "")
    .filter((ident) => ident.trim()));
  const cities = input.seats.map((fields, seat) => {
    try {
      return tallyCity(comp, indices, fields);
    } catch (problem) {
      if (problem instanceof Refusal) problem.seat = seat;
      throw problem;
    }
  });
  const { winners, decidedBy } = bestOf(cities.map((city) => rankKey(city, tiebreakCoins)));
  const why = ["pp", "cards", `coins_${tiebreakCoins}`][decidedBy] ?? "shared";
  const notes = [...(indices.length < STACKS.length ? ["guilds"] : []),
                 ...(comp.provisional ? ["provisional"] : [])]
    .map((note) => ({ key: `skytopia.note.${note}`, params: {} }));
  return { seats: cities.map((city) => ({ total: city.total, rows: rows(city) })),
           winners, reason: { key: `skytopia.reason.${why}`, params: {} }, notes };
}

/** The shipped Guild Masters by stack (the choices; the test checks them against the
 * component file, which score() reads). */
const GUILDS = {
  1: ["mechanics", "alchemists", "navigators", "jewellers"],
  2: ["builders", "masons", "architects", "engineers"],
  3: ["merchants", "heralds", "armourers", "mystics"],
};

export default {
  players: [2, 4],
  help: "skytopia.help",
  options: [
    ...STACKS.map((stack) => ({
      name: `guild_${stack}`, key: `skytopia.guild_${stack}`,
      choices: [["", "skytopia.guild.none"],
                ...GUILDS[stack].map((ident) => [ident, `skytopia.guild.${ident}`])] })),
    { name: "tiebreak_coins", key: "skytopia.tiebreak_coins",
      choices: [["mod5", "skytopia.tiebreak.mod5"], ["total", "skytopia.tiebreak.total"]] },
  ],
  fields: [
    { name: "track", key: "skytopia.track", numeric: true },
    ...COLOURS.map((colour) => ({ name: colour, key: `skytopia.tower.${colour}`, numeric: true,
                                  hint: "skytopia.tower_hint", long_hint: true })),
    ...COLOURS.map((colour) => ({ name: `crests_${colour}`, key: `skytopia.crests.${colour}`,
                                  numeric: true, hint: "skytopia.crests_hint",
                                  long_hint: true })),
    { name: "labs", key: "skytopia.labs", numeric: true },
    { name: "coins", key: "skytopia.coins", numeric: true },
    { name: "golems", key: "skytopia.golems", numeric: true },
  ],
  score,
};
