/**
 * The scoring pads (issue #18): people playing on a real table type what each player
 * built and see the breakdown and the winner as they type. /score/ lists the pads,
 * /score/<game> is one (both this page); a service worker (/score/sw.js) keeps them for
 * offline use. The scoring runs here, ported from the game's own scoring (its
 * `towerplay score <game>`): the tests prove both agree, on the game's finished games.
 *
 * A game brings its pad: the module pad.js in its package (served as /score/<game>/pad.js);
 * its default export is
 *
 *   {
 *     players: [2, 5],            // the fewest and the most players
 *     help: "mygame.help",        // optional: how to fill the pad in (a catalogue key)
 *     options: [                  // table-wide settings (may be empty):
 *       { name: "variant", key: "mygame.variant",          // a select …
 *         choices: [["base", "mygame.variant.base"],
 *                   ["long", "mygame.variant.long"]] },
 *       { name: "bonus", key: "mygame.bonus" },            // … or, without choices, a checkbox
 *     ],
 *     fields: [                   // the inputs of each player, in order:
 *       { name: "towers", key: "mygame.towers",            // label (a catalogue key)
 *         hint: "mygame.towers_hint",                      // optional placeholder key
 *         numeric: true,                                   // optional: a phone's number pad
 *         notation: true,                                  // optional: a line of notation
 *                                                          //   (the whole row, monospace)
 *         long_hint: true },                               // optional: a smaller placeholder
 *     ],
 *     score(input, data) { … },   // pure: no page, no t()
 *   }
 *
 * score(input, data) gets
 *   input = { players: 3, options: { variant: "base", bonus: false },
 *             seats: [{ towers: "15 12 9 0", …every field's text as typed }, …] }
 *   data  = the game's shipped component file as JSON (GET /score/<game>/data.json,
 *           the Game class's component_file; {} if the game has none)
 * and returns
 *   { seats: [{ total: 12, rows: [{ key, params, points }, …] }, …],  // rows add up to total
 *     winners: [0],                                  // seat numbers, 0 first
 *     reason: { key, params },                       // why they win (the tie-break)
 *     notes: [{ key, params }] }                     // optional remarks
 * or throws `new Refusal(key, params, seat)` (exported here) exactly where the CLI refuses
 * the same input: `seat` (a number, or null for the whole table) names whose input it is.
 *
 * Texts are keys of the `score` catalogue: the general ones start `pad.` (the kernel's
 * locale/<lang>/LC_MESSAGES/score.po), a game's start `<game>.` (the score.po of the
 * game's own locale/). A param may itself be a text,
 * `{ key, params }`, worded before it is filled in (a suit's name in a row's label), or
 * `{ seat: 2 }`, that player's name as typed (who starts the next round, in a note).
 */
import { $, esc, getJSON, pages, showError, t } from "/static/app.js";

/** A refusal of the input: the catalogue key of its reason, its params, whose input. */
export class Refusal extends Error {
  constructor(key, params = {}, seat = null) {
    super(key);
    this.key = key;
    this.params = params;
    this.seat = seat;
  }
}

/** Two ranking keys (arrays of numbers) compared element by element, as Python compares
 * tuples: 1, 0 or -1. For the pads' score(). */
export function compareKeys(a, b) {
  const i = a.findIndex((x, j) => x !== b[j]);
  return i < 0 ? 0 : a[i] > b[i] ? 1 : -1;
}

/** The seats whose ranking key is the highest (they share the win), and for a lone
 * winner the index of the first key element that sets it apart from the best of the
 * others (which tie-break decided; null when the win is shared). For the pads' score(). */
export function bestOf(keys) {
  const best = keys.reduce((top, key) => (compareKeys(key, top) > 0 ? key : top));
  const winners = keys.flatMap((key, seat) => (compareKeys(key, best) === 0 ? [seat] : []));
  if (winners.length > 1 || winners.length === keys.length) return { winners, decidedBy: null };
  const next = keys.filter((_, seat) => seat !== winners[0])
    .reduce((top, key) => (compareKeys(key, top) > 0 ? key : top));
  return { winners, decidedBy: best.findIndex((x, i) => x !== next[i]) };
}

/** A text `{ key, params }` in the page's language, nested texts in params worded first. */
export function word(text) {
  const params = {};
  for (const [name, value] of Object.entries(text.params || {})) {
    params[name] = !value || typeof value !== "object" ? value
      : "seat" in value ? ScorePad.name(value.seat) : word(value);
  }
  return t(text.key, params);
}

const ScorePad = {
  game: "",
  pad: null,
  data: {},

  /** The list of pads, or a pad with its module and data; offline use from now on. */
  async start() {
    navigator.serviceWorker?.register("/score/sw.js").catch(() => {});
    this.game = decodeURIComponent(location.pathname.split("/")[2] || "");
    let listing;
    try {
      listing = await getJSON("/score/pads.json");
      if (this.game) await this.load();
    } catch (problem) {
      showError(t("pad.missing", { message: problem.message }));
      return;
    }
    if (!this.game) {
      this.list(listing.pads);
      return;
    }
    const title = padTitle(listing.pads.find((p) => p.id === this.game) || { id: this.game });
    $("pad-title").textContent = title;
    document.title = `${title} — ${t("pad.pads")}`;
    this.form();
  },

  /** The pad's module and its game's data. */
  async load() {
    const [module, data] = await Promise.all([
      import(`/score/${this.game}/pad.js`), getJSON(`/score/${this.game}/data.json`)]);
    this.pad = module.default;
    this.data = data;
  },

  /** The list of pads (/score/). */
  list(pads) {
    $("pads").innerHTML = pads.map((p) =>
      `<li><a href="${esc(p.url)}">${esc(padTitle(p))}</a></li>`).join("");
    $("pad-list").hidden = false;
  },

  /** The table's settings and the players' inputs, as last typed; any input scores again. */
  form() {
    const [min, max] = this.pad.players;
    const counts = [];
    for (let n = min; n <= max; n++) counts.push(`<option>${n}</option>`);
    $("players").innerHTML = counts.join("");
    $("pad-options").innerHTML = this.pad.options.map(optionHTML).join("");
    $("pad-help").textContent = this.pad.help ? t(this.pad.help) : "";
    const kept = this.kept();
    fill($("pad-table"), kept);
    if (!$("players").value) $("players").selectedIndex = 0;
    $("players").addEventListener("change", () => this.seats());
    $("pad").addEventListener("input", (event) => {
      if (event.target !== $("players")) this.update();  // its "change" redraws the seats
    });
    $("pad").addEventListener("submit", (event) => event.preventDefault());
    $("pad-clear").addEventListener("click", () => {
      fill($("pad-seats"), {}, "");
      this.update();
    });
    $("pad").hidden = false;
    this.seats(kept);
  },

  /** One fieldset per player (what was typed stays when the count changes). */
  seats(typed = typedIn($("pad"))) {
    const html = [];
    for (let seat = 0; seat < Number($("players").value); seat++) html.push(this.seatHTML(seat));
    $("pad-seats").innerHTML = html.join("");
    fill($("pad-seats"), typed, "");
    this.update();
  },

  /** What was last typed on this pad in this browser, by input id. */
  kept() {
    try {
      return JSON.parse(localStorage.getItem(`towerplay-score-${this.game}`)) || {};
    } catch {
      return {};
    }
  },

  /** A player's fieldset: their name (as the legend) and the pad's inputs. */
  seatHTML(seat) {
    const inputs = this.pad.fields.map((f) =>
      `<label${f.notation ? ' class="pad-wide"' : ""}><span>${esc(t(f.key))}</span> `
      + `<input id="seat-${seat}-${f.name}" `
      + `${f.numeric ? 'inputmode="numeric" ' : ""}${inputClass(f)}`
      + `placeholder="${esc(f.hint ? t(f.hint) : "")}"></label>`).join("");
    return `<fieldset class="pad-seat"><legend><input id="seat-${seat}-name" class="pad-name" `
      + `placeholder="${esc(t("pad.player", { n: seat + 1 }))}" aria-label="${esc(t("pad.name"))}"></legend>`
      + `${inputs}</fieldset>`;
  },

  /** The player's name as typed, else "Player N". */
  name(seat) {
    return $(`seat-${seat}-name`)?.value.trim() || t("pad.player", { n: seat + 1 });
  },

  /** What is typed, as `score()` takes it. */
  input() {
    const options = {};
    for (const option of this.pad.options) {
      const input = $(`option-${option.name}`);
      options[option.name] = option.choices ? input.value : input.checked;
    }
    const seats = [];
    for (let seat = 0; seat < Number($("players").value); seat++) {
      seats.push(Object.fromEntries(this.pad.fields.map((f) =>
        [f.name, $(`seat-${seat}-${f.name}`).value])));
    }
    return { players: seats.length, options, seats };
  },

  /** Scores what is typed: the breakdown and the winners, or why it cannot be. */
  update() {
    $("pad-result").hidden = $("pad-live").hidden = false;
    // kept, so that a reload or a phone put away loses nothing
    localStorage.setItem(`towerplay-score-${this.game}`, JSON.stringify(typedIn($("pad"))));
    try {
      const input = this.input();
      this.show(this.pad.score(input, this.data), blank(input));
    } catch (problem) {
      if (!(problem instanceof Refusal)) throw problem;
      this.refuse(problem);
    }
  },

  /** The refusal, with whose input it is; the last breakdown stays, faded. */
  refuse(refusal) {
    const who = refusal.seat === null ? "" : `${this.name(refusal.seat)}: `;
    $("pad-refusal").textContent = who + word(refusal);
    $("pad-refusal").hidden = false;
    $("pad-winners").textContent = $("pad-totals").textContent = "";
    $("pad-result").classList.add("refused");
    $("pad-result").dataset.winners = "";
  },

  /** The winners and why (none while nothing is typed), every total, each player's
   * breakdown. */
  show(result, empty = false) {
    if (empty) result = { ...result, winners: [] };
    $("pad-refusal").hidden = true;
    $("pad-result").classList.remove("refused");
    $("pad-result").dataset.winners = result.winners.join(",");
    const names = result.winners.map((seat) => this.name(seat)).join(", ");
    $("pad-winners").textContent = empty ? t("pad.empty")
      : `${t("pad.winners", { count: result.winners.length, names })} — ${word(result.reason)}`;
    $("pad-totals").textContent = result.seats.map((s, seat) => `${this.name(seat)} ${s.total}`)
      .join(" · ");
    $("pad-breakdown").innerHTML = result.seats.map((s, seat) =>
      this.seatTable(s, seat, result.winners.includes(seat))).join("")
      + (result.notes || []).map((note) => `<p class="pad-note">${esc(word(note))}</p>`).join("");
  },

  /** One player's breakdown as a table, the winners starred. */
  seatTable(score, seat, winner) {
    const rows = score.rows.map((row) =>
      `<tr><td>${esc(word(row))}</td><td class="num">${row.points}</td></tr>`).join("");
    return `<table class="score pad-score${winner ? " pad-winner" : ""}" data-seat="${seat}" `
      + `data-total="${score.total}"><caption>${winner ? "★ " : ""}${esc(this.name(seat))}`
      + `</caption>${rows}<tr class="pad-total"><th>${esc(t("pad.total"))}</th>`
      + `<th class="num">${score.total}</th></tr></table>`;
  },
};

/** The classes of a field's input, as its pad describes it. */
function inputClass(field) {
  const classes = [field.notation && "pad-notation", field.long_hint && "pad-long-hint"]
    .filter(Boolean);
  return classes.length ? `class="${classes.join(" ")}" ` : "";
}

/** Whether no player's input holds anything yet (the pad's own settings aside). */
function blank(input) {
  return input.seats.every((seat) => Object.values(seat).every((value) => !String(value).trim()));
}

/** Every input and select within ``element``: its value (checked, for a checkbox) by id. */
function typedIn(element) {
  return Object.fromEntries([...element.querySelectorAll("input, select")].map((input) =>
    [input.id, input.type === "checkbox" ? input.checked : input.value]));
}

/** Sets the inputs within ``element`` to ``typed`` (ids not in it to ``missing``, if given). */
function fill(element, typed, missing) {
  for (const input of element.querySelectorAll("input, select")) {
    const value = input.id in typed ? typed[input.id] : missing;
    if (value === undefined) continue;
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value;
  }
}

/** A pad's game by the name its rulebook in the page's language gives it (the web
 * catalogue's game titles, as the lobby shows them). */
function padTitle(pad) {
  const key = `title.${pad.id}`;
  return t(key) === key ? pad.title || pad.id : t(key);
}

/** A table-wide setting: a select with choices, else a checkbox. */
function optionHTML(option) {
  const id = `option-${option.name}`;
  if (!option.choices) {
    return `<label class="pad-check"><input type="checkbox" id="${id}"> ${esc(t(option.key))}</label>`;
  }
  const choices = option.choices.map(([value, key]) =>
    `<option value="${esc(value)}">${esc(t(key))}</option>`).join("");
  return `<label><span>${esc(t(option.key))}</span> <select id="${id}">${choices}</select></label>`;
}

pages.score = ScorePad;
