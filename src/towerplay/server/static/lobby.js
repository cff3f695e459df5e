// The lobby: a new table (game, players, options, seats, clock), its links, and uploads.
import { $, esc, friends, getJSON, LANG, pages, seatName, showError, t, tOr } from "/static/common.js";
import { watchUploads } from "/static/uploads.js";

/** The seat kinds the lobby offers, by protocol id (the server's SEAT_KINDS). */
const SEAT_KINDS = ["human", "easy", "medium", "hard", "expert", "random", "greedy", "learned"];

/** A seat row's spec: its kind's id, or the bot spec typed for "other bot". */
function seatSpec(row) {
  const kind = row.querySelector("select").value;
  return kind === "spec" ? row.querySelector("input").value.trim() : kind;
}

const Lobby = {
  games: [],

  async start() {
    try {
      this.games = await getJSON("/api/games");
    } catch (problem) {
      showError(t("cannot_load_games", { message: problem.message }));
      return;
    }
    $("game").innerHTML = this.games.map((g) =>
      `<option value="${esc(g.id)}">${esc(g.title)}</option>`).join("");
    $("rules").innerHTML = this.games.map((g) =>
      `<li><a href="/rules/${esc(g.id)}?lang=${LANG}">${esc(g.title)}</a></li>`).join("");
    this.tiles();
    $("game").addEventListener("change", () => this.pickGame());
    $("players").addEventListener("change", () => this.seats());
    this.clockBots();
    $("clock-mode").addEventListener("change", () => this.clockDetails());
    this.clockDetails();
    $("new-table").addEventListener("submit", (event) => {
      event.preventDefault();
      this.create();
    });
    this.pickGame();
    watchUploads();
    friends.lobby();
  },

  game() {
    return this.games.find((g) => g.id === $("game").value);
  },

  /** A tile per game above the form (its title, player counts and components drawn as
   * on the table: a picture, hidden from screen readers, so that the tile's name is its
   * title and player counts); a tile chooses its game, as the game list below does. */
  tiles() {
    const range = (g) => ({ min: g.min_players, max: g.max_players });
    $("game-tiles").insertAdjacentHTML("beforeend", this.games.map((g) =>
      `<button type="button" class="game-tile" data-game="${esc(g.id)}" aria-pressed="false">`
      + `<span class="tile-title">${esc(g.title)}</span>`
      + `<span class="tile-players">${esc(t("players_range", range(g)))}</span>`
      + `<span class="tile-picture" aria-hidden="true"></span></button>`).join(""));
    for (const tile of document.querySelectorAll(".game-tile")) {
      tile.addEventListener("click", () => {
        $("game").value = tile.dataset.game;
        this.pickGame();
      });
    }
    getJSON("/api/games/pictures").then((pictures) => {  // (drawn by the server's boards)
      for (const tile of document.querySelectorAll(".game-tile")) {
        tile.querySelector(".tile-picture").innerHTML = pictures[tile.dataset.game] || "";
      }
    }).catch(() => {});  // the tiles work without their pictures
  },

  pickGame() {
    const game = this.game();
    for (const tile of document.querySelectorAll(".game-tile")) {
      tile.setAttribute("aria-pressed", String(tile.dataset.game === game.id));
    }
    $("rules-link").href = `/rules/${game.id}?lang=${LANG}`;
    $("rules-link").textContent = t("title_rules", { title: game.title });
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    const preferred = counts.includes(3) ? 3 : game.min_players;
    $("players").innerHTML = counts.map((n) =>
      `<option${n === preferred ? " selected" : ""}>${n}</option>`).join("");
    this.options(game);
    this.seats();
  },

  /** The options form from the JSON schema: enums as selects, booleans as checkboxes,
   * integers as number inputs, anything else as text. */
  options({ options: schema, id: game, seat_options: seats = [], max_players: most }) {
    const box = $("options");
    const fields = Object.entries(schema.properties || {});
    box.innerHTML = `<legend>${esc(t("options"))}</legend>` +
      (fields.length ? "" : `<p>${esc(t("no_options"))}</p>`);
    for (const [name, raw] of fields) {
      const prop = resolve(schema, raw);
      const key = `${game}.${name}`;  // the options catalogue: label, .help, .<value>
      const label = document.createElement("label");
      const help = tOr(`${key}.help`, prop.description || "");
      label.title = help;
      label.append(`${tOr(key, name.replace(/_/g, " "))} `);
      label.append(seats.includes(name) ? seatInput(name, most) : optionInput(name, prop, key));
      if (help) {
        const small = document.createElement("small");
        small.textContent = help;
        label.append(small);
      }
      box.append(label);
    }
  },

  /** A clock's seconds and bot show only once a clock is chosen. */
  clockDetails() {
    $("clock-details").hidden = !$("clock-mode").value;
  },

  /** The bots that may move for a player out of time, by their names in the page's
   * language (the protocol's ids as values; "medium" first chosen). */
  clockBots() {
    $("clock-bot").innerHTML = SEAT_KINDS.filter((kind) => kind !== "human").map((kind) =>
      `<option value="${kind}"${kind === "medium" ? " selected" : ""}>`
      + `${esc(t(`web.kind.${kind}`))}</option>`).join("");
  },

  /** A choice list per seat: the kinds by their names in the page's language (the
   * protocol's ids as values), and "other bot", which shows a field for any bot spec. */
  seats() {
    const n = Number($("players").value);
    const old = [...document.querySelectorAll("#seats label")].map(seatSpec);
    const rows = [];
    for (let s = 0; s < n; s++) {
      const value = old[s] || (s === 0 ? "human" : "greedy");
      const known = SEAT_KINDS.includes(value);
      const choices = [...SEAT_KINDS, "spec"].map((kind) => `<option value="${kind}"`
        + `${(known ? kind === value : kind === "spec") ? " selected" : ""}>`
        + `${esc(this.kindName(kind))}</option>`).join("");
      rows.push(`<label>${esc(seatName(s))} <select name="seat"
        aria-label="${esc(t("seat_input_label", { n: s + 1 }))}">${choices}</select>
        <input name="seat-spec" list="bot-specs" value="${known ? "" : esc(value)}"
        aria-label="${esc(t("web.kind.spec"))}"${known ? " hidden" : ""}></label>`);
    }
    $("seats").innerHTML = `<legend>${esc(t("seats"))}</legend>` + rows.join("");
    for (const select of document.querySelectorAll("#seats select")) {
      select.addEventListener("change", () => {
        select.nextElementSibling.hidden = select.value !== "spec";
      });
    }
  },

  /** A seat kind's name; a level's with its rating in this game (docs/bots.md: the
   * levels' ladder at 2 players), so the levels read as steps. */
  kindName(kind) {
    const rating = (this.game().levels || {})[kind];
    const name = t(`web.kind.${kind}`);
    return rating ? `${name} (${t("level_rating", { rating: rating.mu.toFixed(1) })})` : name;
  },

  request() {
    const game = this.game();
    const options = {};
    for (const input of document.querySelectorAll("#options [data-option]")) {
      const prop = resolve(game.options, game.options.properties[input.dataset.option]);
      if (input.type !== "checkbox" && input.value.trim() === "") continue;  // the default
      let value = input.value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number" || input.dataset.seat) value = Number(input.value);
      if (value !== prop.default) options[input.dataset.option] = value;
    }
    const seats = [...document.querySelectorAll("#seats label")].map(seatSpec);
    return { game: game.id, players: seats.length, options, seats, hints: $("hints").checked,
             ...($("chat") ? { chat: $("chat").value } : {}),
             ...($("clock-mode")?.value ? { clock: { mode: $("clock-mode").value,
               seconds: Number($("clock-seconds").value),
               bot: $("clock-bot").value || "medium" } } : {}) };
  },

  async create() {
    showError(null);
    let table;
    try {
      table = await getJSON("/api/tables", {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(this.request()),
      });
    } catch (problem) {
      showError(problem.message);
      return;
    }
    $("table-id").textContent = table.table;
    const links = table.seats.filter((s) => s.kind === "human").map((s) =>
      linkItem(seatName(s.seat), s.url, `seat-${s.seat}`));
    links.push(linkItem(t("spectators"), table.spectate, "spectate"));
    $("links").innerHTML = links.join("");
    const first = table.seats.find((s) => s.kind === "human");
    $("take-seat").hidden = !first;
    $("take-seat").href = first ? first.url : table.spectate;
    $("created").hidden = false;
  },
};

/** A schema property with its $ref and Optional (anyOf with null) resolved. */
function resolve(schema, prop) {
  let found = prop || {};
  if (found.$ref) {
    const name = found.$ref.split("/").pop();
    found = { ...(schema.$defs || {})[name], ...found };
  }
  if (found.anyOf) {
    const real = found.anyOf.find((p) => p.type !== "null") || {};
    found = { ...resolve(schema, real), ...found };
  }
  return found;
}

/** An option naming a seat: the seats as people count them, from 1 (the protocol's
 * values count from 0), or none chosen: drawn at random. */
function seatInput(name, most) {
  const input = document.createElement("select");
  input.append(new Option(t("option_seat_random"), ""));
  for (let seat = 0; seat < most; seat++) input.append(new Option(seatName(seat), String(seat)));
  input.dataset.option = name;
  input.dataset.seat = "yes";
  input.name = name;
  return input;
}

function optionInput(name, prop, key) {
  let input;
  if (Array.isArray(prop.enum)) {
    input = document.createElement("select");
    for (const value of prop.enum) {
      const option = new Option(tOr(`${key}.${value}`, String(value)), String(value), false,
                                value === prop.default);
      input.append(option);
    }
  } else if (prop.type === "boolean") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = prop.default === true;
  } else if (prop.type === "integer" || prop.type === "number") {
    input = document.createElement("input");
    input.type = "number";
    if (prop.type === "integer") input.step = "1";
    for (const [key, attr] of [["minimum", "min"], ["maximum", "max"]]) {
      if (prop[key] !== undefined) input[attr] = prop[key];
    }
    if (prop.exclusiveMinimum !== undefined) input.min = prop.exclusiveMinimum + 1;
    if (prop.default !== undefined) input.value = prop.default;
  } else {
    input = document.createElement("input");
    input.value = prop.default ?? "";
  }
  input.dataset.option = name;
  input.name = name;
  return input;
}

function linkItem(label, url, id) {
  const full = new URL(url, location.href).href;
  return `<li><span class="who">${esc(label)}</span>
    <a id="link-${esc(id)}" href="${esc(full)}">${esc(full)}</a>
    <button type="button" class="copy" data-copy="${esc(full)}">${esc(t("copy"))}</button></li>`;
}

pages.lobby = Lobby;
