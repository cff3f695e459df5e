// towerplay's pages: the lobby, the table (one websocket) and the replay.
// No build step and nothing from outside the server. Boards come from the server as
// HTML/SVG drawn from this seat's view; pieces with data-action send that action.

import { showClock } from "/static/clock.js";

const $ = (id) => document.getElementById(id);

/** Text as HTML-safe text. */
function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

/** Show (or, with null, hide) the page's error line. */
function showError(message) {
  const line = $("error");
  line.hidden = !message;
  line.textContent = message || "";
}

/** A fetch of JSON that throws the server's error message on failure. */
async function getJSON(url, init) {
  const headers = { "Accept-Language": LANG, ...(init?.headers || {}) };
  const answer = await fetch(url, { ...init, headers });
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    throw new Error(body.code ? refusalText(body) : `${answer.status} ${answer.statusText}`);
  }
  return body;
}

/** What friends.js adds to the pages (issue #30): the seats' names, and hooks it sets. */
const friends = { names: [], message() {}, drawn() {}, titled() {}, lobby() {} };

/** A seat as people count them: from 1 (the protocol's seats count from 0). */
function seatName(seat) {
  return t("seat", { n: seat + 1 });
}

/** A bot by its spec (the protocol's id: "medium", "ismcts:seconds=1") as people read it:
 * its kind's name (the lobby's seat kinds), then the spec's options as typed (as the
 * server's i18n.bot_name words it). */
function botName(spec) {
  const [kind, ...rest] = String(spec).split(":");
  const key = `web.kind.${kind}`;
  const name = key in TEXTS ? t(key) : kind;
  return rest.length ? t("web.bot_options", { name, options: rest.join(":") }) : name;
}

/** A seat's name where its person gave one (text: shown with textContent or esc). */
function seatLabel(seat, seats, mine) {
  const name = friends.names[seat];
  if (name) return seat === mine ? `${name} ${t("you")}` : name;
  const bot = seats && seats[seat] && seats[seat].kind === "bot";
  const spec = bot ? ` (${botName(seats[seat].spec)})` : "";
  return `${seatName(seat)} ${seat === mine ? t("you") : spec}`.trim();
}

// ------------------------------------------------------------------ languages
// The rulebooks' languages. The texts are the server's catalogues (gettext files,
// towerplay/locale), fetched once per page; boards, log lines and refusals come from
// the server already worded in the page's language.
const LANGUAGES = { en: "English", pl: "polski", hu: "magyar" };
let TEXTS = {};

/** The language: the one chosen with the switch, else the browser's first we have. */
function pickLanguage() {
  const saved = localStorage.getItem("towerplay-lang");
  if (saved && saved in LANGUAGES) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

let LANG = pickLanguage();

/** Loads the page's texts (``domains``: the catalogues it needs besides ``web``). */
async function loadTexts(domains = []) {
  const query = ["web", ...domains].join(",");
  const answer = await fetch(`/api/i18n/${LANG}?domains=${query}`);
  TEXTS = (await answer.json()).texts;
}

/** The text ``key`` in the page's language, {name} filled from ``params``; with
 * ``params.count``, the plural form ``key.one``/``key.few``/… the language needs. */
function t(key, params = {}) {
  if (typeof params.count === "number") {
    const form = `${key}.${new Intl.PluralRules(LANG).select(params.count)}`;
    key = form in TEXTS ? form : `${key}.other` in TEXTS ? `${key}.other` : key;
  }
  const text = TEXTS[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
}

/** The text ``key`` if a catalogue has it, else ``fallback``. */
function tOr(key, fallback) {
  return key in TEXTS ? t(key) : fallback;
}

/** Words every [data-i18n] element and adds the language switch to the header. */
function translatePage() {
  document.documentElement.lang = LANG;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  if ($("lang")) return;
  const label = document.createElement("label");
  label.className = "lang";
  label.append(`${t("language")} `);
  const select = document.createElement("select");
  select.id = "lang";
  for (const [code, name] of Object.entries(LANGUAGES)) {
    select.append(new Option(name, code, false, code === LANG));
  }
  select.addEventListener("change", () => {
    localStorage.setItem("towerplay-lang", select.value);
    location.reload();
  });
  label.append(select);
  document.querySelector("header").prepend(label);
}

/** A refusal from the server, worded in the page's language. */
function refusalText(error) {
  return t(error.code in TEXTS ? error.code : "bad_message", { message: error.message });
}

// ------------------------------------------------------------------ the lobby
/** The seat kinds the lobby offers, by protocol id (the server's SEAT_KINDS). */
const SEAT_KINDS = ["human", "easy", "medium", "hard", "expert", "random", "greedy"];

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
    $("game").addEventListener("change", () => this.pickGame());
    $("players").addEventListener("change", () => this.seats());
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

  pickGame() {
    const game = this.game();
    $("rules-link").href = `/rules/${game.id}?lang=${LANG}`;
    $("rules-link").textContent = t("title_rules", { title: game.title });
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    const preferred = counts.includes(3) ? 3 : game.min_players;
    $("players").innerHTML = counts.map((n) =>
      `<option${n === preferred ? " selected" : ""}>${n}</option>`).join("");
    this.options(game.options, game.id);
    this.seats();
  },

  /** The options form from the JSON schema: enums as selects, booleans as checkboxes,
   * integers as number inputs, anything else as text. */
  options(schema, game) {
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
      label.append(optionInput(name, prop, key));
      if (help) {
        const small = document.createElement("small");
        small.textContent = help;
        label.append(small);
      }
      box.append(label);
    }
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
        + `${esc(t(`web.kind.${kind}`))}</option>`).join("");
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

  request() {
    const game = this.game();
    const options = {};
    for (const input of document.querySelectorAll("#options [data-option]")) {
      const prop = resolve(game.options, game.options.properties[input.dataset.option]);
      if (input.type !== "checkbox" && input.value.trim() === "") continue;  // the default
      let value = input.value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number") value = Number(input.value);
      if (value !== prop.default) options[input.dataset.option] = value;
    }
    const seats = [...document.querySelectorAll("#seats label")].map(seatSpec);
    return { game: game.id, players: seats.length, options, seats, hints: $("hints").checked,
             ...($("chat") ? { chat: $("chat").value } : {}),
             ...($("clock-mode")?.value ? { clock: { mode: $("clock-mode").value,
               seconds: Number($("clock-seconds").value),
               bot: $("clock-bot").value.trim() || "medium" } } : {}) };
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

async function copyText(button) {
  try {
    await navigator.clipboard.writeText(button.dataset.copy);
  } catch {
    const field = document.createElement("textarea");  // clipboard API needs https
    field.value = button.dataset.copy;
    document.body.append(field);
    field.select();
    document.execCommand("copy");
    field.remove();
  }
  button.textContent = t("copied");
  setTimeout(() => { button.textContent = t("copy"); }, 1500);
}

// ------------------------------------------------------------------ the table
const TablePage = {
  id: decodeURIComponent(location.pathname.split("/").pop()),
  token: new URLSearchParams(location.search).get("token"),
  socket: null,
  version: null,
  seat: null,
  seats: null,
  pending: false,
  fresh: true,
  retry: 0,
  stopped: false,
  hints: false,

  start() {
    $("board").addEventListener("click", (event) => this.pick(event));
    $("hints").addEventListener("click", (event) => this.pick(event));
    $("hint-button").addEventListener("click", () => this.askHint());
    getJSON(`/api/tables/${encodeURIComponent(this.id)}/hint`).then((answer) => {
      this.hints = answer.hints;
      this.clearHints();
    }).catch(() => {});
    $("board").addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.pick(event);
    });
    $("actions").addEventListener("click", (event) => this.pick(event));
    Promise.all([getJSON(`/api/tables/${encodeURIComponent(this.id)}`), getJSON("/api/games")])
      .then(([summary, list]) => {
        this.seats = summary.seats;
        const game = list.find((g) => g.id === summary.game);
        $("game-title").textContent = game ? game.title : summary.game;
        document.title = `towerplay — ${$("game-title").textContent}`;
        friends.titled();
      }).catch(() => {});  // the websocket reports what is wrong
    this.connect();
  },

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const token = this.token ? `&token=${encodeURIComponent(this.token)}` : "";
    const query = `?lang=${LANG}${token}&people=1`;
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.id)}${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.fresh = true;
      this.status("connected");
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4403 || event.code === 4404) {
        this.stopped = true;
        this.status("closed");
        return;
      }
      this.reconnect();
    };
  },

  /** Reconnect with backoff (0.5 s doubling to 10 s): the same link gives the same seat. */
  reconnect() {
    if (this.stopped) return;
    const delay = Math.min(10000, 500 * 2 ** this.retry);
    this.retry += 1;
    this.status("disconnected", { s: Math.round(delay / 100) / 10 });
    setTimeout(() => this.connect(), delay);
  },

  status(state, params = {}) {
    $("connection").textContent = t(state, params);
    document.body.dataset.connection = state;
  },

  send(action) {
    if (this.pending || !this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    this.pending = true;
    showError(null);
    this.socket.send(JSON.stringify({ type: "act", version: this.version, action }));
  },

  pick(event) {
    const piece = event.target.closest("[data-action]");
    if (!piece) return;
    event.preventDefault();
    this.send(piece.dataset.action);
  },

  receive(message) {
    if (message.type === "error") {
      this.pending = false;
      showError(refusalText(message));
      if (message.code === "stale") this.socket.send(JSON.stringify({ type: "view" }));
      return;
    }
    if (message.type !== "view") {
      friends.message(message);
      return;
    }
    this.pending = false;
    this.version = message.version;
    this.seat = message.seat;
    this.draw(message);
  },

  draw(message) {
    const view = message.view;
    $("who").textContent = this.seat === null ? t("watching") : t("you_are", { n: this.seat + 1 });
    $("board").innerHTML = message.board;
    $("turn").textContent = turnText(view, this.seat, this.seats);
    const legal = view.legal || [];
    $("actions-box").hidden = legal.length === 0;
    $("actions").innerHTML = legal.map((a) =>
      `<button type="button" data-action="${esc(a)}">${esc((message.labels || {})[a] || a)}</button>`).join("");
    this.clearHints();
    this.events(message.events || []);
    this.end(view);
    document.body.dataset.version = String(message.version);
    document.body.dataset.toMove = legal.length ? "me" : (view.is_over ? "over" : "other");
    this.last = message;
    showClock($("clock"), message.clock, (seat) => seatLabel(seat, this.seats, this.seat), t);
    friends.drawn(message);
  },

  /** Words every seat's label anew (a person named their seat). */
  relabel() {
    for (const who of document.querySelectorAll(".who[data-seat]")) {
      who.textContent = seatLabel(Number(who.dataset.seat), this.seats, this.seat);
    }
    if (!this.last) return;
    $("turn").textContent = turnText(this.last.view, this.seat, this.seats);
    this.end(this.last.view);
  },

  /** New log lines: all go to the history (newest first); the others' moves since this
   * seat's last move also to "since your last move", newest first too, every one shown
   * whole (the moves that ended the game are the first a phone shows). A fresh
   * connection resends the moves since that last move, so both lists start over then. */
  events(events) {
    const list = $("events");
    const recent = $("recent");
    if (this.fresh) {
      list.replaceChildren();
      recent.replaceChildren();
      this.fresh = false;
    }
    for (const event of events) {
      const item = document.createElement("li");
      const who = document.createElement("span");
      who.className = "who";
      who.dataset.seat = String(event.mover);
      who.textContent = seatLabel(event.mover, this.seats, this.seat);
      item.append(who, `: ${event.line}`);
      list.prepend(item);
      if (event.mover === this.seat) {
        recent.replaceChildren();
      } else {
        recent.prepend(item.cloneNode(true));
      }
    }
    $("recent-box").hidden = this.seat === null || recent.children.length === 0;
    while (list.children.length > 200) list.lastChild.remove();
  },

  /** Hides the last hint; the button shows at this seat's turn where hints are on. */
  clearHints() {
    const mine = this.hints && this.token && document.querySelector("#actions [data-action]");
    $("hint-box").hidden = !mine;
    $("hint-button").disabled = false;
    $("hint-state").textContent = "";
    $("hint-note").hidden = true;
    $("hints").replaceChildren();
  },

  /** Asks the server's search for each legal move's win chance (a few seconds); an
   * answer for a version the table has left is dropped. */
  async askHint() {
    const version = this.version;
    $("hint-button").disabled = true;
    $("hint-state").textContent = t("hint_thinking");
    let answer;
    try {
      answer = await getJSON(`/api/tables/${encodeURIComponent(this.id)}/hint`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ token: this.token, version }),
      });
    } catch (problem) {
      if (version !== this.version) return;
      this.clearHints();
      showError(problem.message);
      return;
    }
    if (answer.version !== this.version) return;
    $("hint-state").textContent = "";
    $("hint-button").disabled = false;
    $("hint-note").hidden = false;
    $("hints").innerHTML = answer.hints.map((hint, place) => {
      const best = place === 0 ? ` <strong class="best-mark">★ ${esc(t("hint_best"))}</strong>` : "";
      // win is null where there was one choice only (nothing was searched)
      const chance = hint.win === null ? "" : `<meter min="0" max="1" value="${hint.win}"></meter> `
        + `<span class="win">${Math.round(hint.win * 100)}%</span>`;
      return `<li${place === 0 ? ' class="best"' : ""}><button type="button" data-action="${esc(hint.action)}">`
        + `${esc(hint.label)}</button> ${chance}${best}</li>`;
    }).join("");
  },

  end(view) {
    $("end").hidden = !view.is_over;
    if (!view.is_over) return;
    $("breakdown").innerHTML = scoreSheet(view, this.seat, this.seats);
    const winners = (view.winners || []).map((w) => seatLabel(w, this.seats, this.seat));
    $("winners").textContent = t("won_by", { names: winners.join(t("and")) || t("nobody") });
    $("record-link").href = `/api/tables/${encodeURIComponent(this.id)}/record`;
    $("replay-link").href = `/replay/${encodeURIComponent(this.id)}`;
  },
};

function turnText(view, seat, seats) {
  if (view.is_over) return t("game_over");
  if (view.legal && view.legal.length) return t("your_move_now");
  return t("to_move", { who: seatLabel(view.to_move, seats, seat) });
}

/** The end's score sheet: per seat its [label, points] rows and total. */
function scoreSheet(view, seat, seats) {
  const scores = view.scores || view.score || [];
  const sheets = scores.map((total, s) => {
    const rows = (view.breakdown && view.breakdown[s]) || [];
    const body = rows.map(([label, points]) =>
      `<tr><td>${esc(label)}</td><td class="num">${esc(points)}</td></tr>`).join("");
    return `<table class="score" data-seat="${s}"><caption>${esc(seatLabel(s, seats, seat))}</caption>
      <tbody>${body}</tbody><tfoot><tr><th>${esc(t("total"))}</th>
      <th class="num total" data-seat="${s}">${esc(total)}</th></tr></tfoot></table>`;
  });
  return `<div class="scores">${sheets.join("")}</div>`;
}

// ------------------------------------------------------------------ the replay
const Replay = {
  id: decodeURIComponent(location.pathname.split("/").pop()),
  upload: location.pathname.startsWith("/replay/upload/"),
  at: 0,
  target: 0,
  total: 0,
  titles: null,

  /** The API of what is replayed: a finished table or an uploaded record file. */
  api() {
    return `/api/${this.upload ? "uploads" : "tables"}/${encodeURIComponent(this.id)}`;
  },

  start() {
    // Steps count from the position asked for last, so quick presses add up.
    const moves = { first: () => 0, back: () => this.target - 1,
                    forward: () => this.target + 1, last: () => this.total };
    for (const [id, to] of Object.entries(moves)) {
      $(id).addEventListener("click", () => this.show(to()));
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight") this.show(this.target + 1);
      if (event.key === "ArrowLeft") this.show(this.target - 1);
    });
    $("moves").addEventListener("click", (event) => {
      const item = event.target.closest("[data-at]");
      if (item) this.show(Number(item.dataset.at));
    });
    $("record-link").href = `${this.api()}/record`;
    $("record-link").parentElement.hidden = this.upload;  // its owner has the file
    watchUploads();
    getJSON("/api/games").then((list) => {
      this.titles = list;
      this.title();
    }).catch(() => {});
    this.show(0);
    this.listMoves();
    if (this.upload) $("review").hidden = true;
    else Review.start();
  },

  /** The game's title in the header (its id until the titles arrive). */
  title() {
    const game = (this.titles || []).find((g) => g.id === this.game);
    $("game-title").textContent = game ? game.title : this.game || "";
    document.title = t("title.replay_game", { game: $("game-title").textContent });
  },

  /** The move list: the start, then every move's line; a click jumps there. */
  async listMoves() {
    let listed;
    try {
      listed = await getJSON(`${this.api()}/moves`);
    } catch {
      return;  // the position's own request reports what is wrong
    }
    const items = [`<li data-at="0"><button type="button">${esc(t("the_start"))}</button></li>`];
    for (const move of listed.moves) {
      items.push(`<li data-at="${move.at}"><button type="button">`
        + `${esc(seatName(move.mover))}: ${esc(move.line ?? t("hidden"))}</button></li>`);
    }
    $("moves").innerHTML = items.join("");
    this.mark(this.at);
  },

  /** Highlights the move list's entry of position ``at`` and scrolls the list (only
   * the list, never the page) to show it. */
  mark(at) {
    const list = $("moves");
    for (const old of list.querySelectorAll("[aria-current]")) old.removeAttribute("aria-current");
    const item = list.querySelector(`[data-at="${at}"]`);
    if (!item) return;
    item.setAttribute("aria-current", "step");
    const top = item.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  },

  /** Ask for the position after ``at`` actions; only the latest answer is drawn. */
  async show(at) {
    if (at < 0 || (this.total && at > this.total)) return;
    this.target = at;
    let step;
    try {
      step = await getJSON(`${this.api()}/replay?at=${at}`);
    } catch (problem) {
      if (at === this.target) showError(problem.message);
      return;
    }
    if (at !== this.target) return;
    showError(null);
    this.at = step.at;
    this.total = step.total;
    this.game = step.view.game;
    this.title();
    $("board").innerHTML = step.board;
    $("position").textContent = t("move_of", { k: step.at, n: step.total });
    friends.names = step.names || [];
    $("move").textContent = step.at
      ? `${seatLabel(step.mover, null, null)}: ${step.line ?? t("hidden")}` : t("the_start");
    $("back").disabled = $("first").disabled = step.at === 0;
    $("forward").disabled = $("last").disabled = step.at === step.total;
    this.mark(step.at);
    document.body.dataset.at = String(step.at);
  },
};

// ------------------------------------------------------------------ uploaded records
/** Sends a chosen record file to the server, which checks it as ``towerplay replay``
 * does; a good one opens its replay, a bad one's reason shows under the form. */
async function uploadRecord(file) {
  const line = $("upload-error");
  line.hidden = true;
  $("upload-state").textContent = t("uploading");
  try {
    const made = await getJSON("/api/uploads", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: file,
    });
    location.assign(made.replay);
  } catch (problem) {
    line.textContent = problem.message;
    line.hidden = false;
  } finally {
    $("upload-state").textContent = "";
  }
}

/** Fills the page's #upload-box with the upload form (the lobby's and the replay's). */
function watchUploads() {
  $("upload-box").innerHTML = `<h2>${esc(t("upload_title"))}</h2>
    <p>${esc(t("upload_help"))}</p>
    <label class="button upload-pick"><span>${esc(t("upload_choose"))}</span>
      <input type="file" id="upload-file" accept=".json,application/json"></label>
    <span id="upload-state" aria-live="polite"></span>
    <p id="upload-error" class="error" role="alert" hidden></p>`;
  $("upload-file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = "";  // the same file chosen again is sent again
    if (file) uploadRecord(file);
  });
}

// ------------------------------------------------------------------ the review (#21)
const MARKS = {  // shape AND colour per mark, with a text label
  inaccuracy: { glyph: "·", colour: "#b8860b", size: 28 },
  mistake: { glyph: "▼", colour: "#e06000", size: 14 },
  blunder: { glyph: "✖", colour: "#c00000", size: 14 },
};
const SEAT_COLOURS = ["#1f6fb4", "#2a9d3a", "#8e44ad", "#555"];

const Review = {
  url: () => `/api/tables/${encodeURIComponent(Replay.id)}/review`,

  start() {
    $("review-start").addEventListener("click", () => this.request());
    this.poll();
  },

  /** Start a review (the server runs it in its bot pool), then wait for it. */
  async request() {
    $("review-start").disabled = true;
    try {
      await getJSON(this.url(), { method: "POST" });
    } catch (problem) {
      showError(problem.message);
    }
    this.poll();
  },

  /** Ask how the review stands every second until it is done. */
  async poll() {
    let answer;
    try {
      answer = await getJSON(this.url());
    } catch (problem) {
      $("review").hidden = true;  // not a finished table: nothing to review
      return;
    }
    const again = answer.state === "none" || answer.state === "failed";
    $("review-start").style.display = again ? "" : "none";  // CSS shows [hidden] buttons
    $("review-start").disabled = false;
    const words = {queued: t("review_queued", {ahead: answer.ahead}), running: t("reviewing"),
                   failed: t("review_failed")};
    $("review-state").textContent = words[answer.state] || "";
    if (answer.state === "queued" || answer.state === "running") setTimeout(() => this.poll(), 1000);
    if (answer.state === "done") this.draw(answer.review);
  },

  /** The win-chance graph (SVG) and the three costliest decisions. */
  draw(review) {
    const W = 600, H = 200, pad = 24;
    const last = Math.max(1, Replay.total, ...review.decisions.map((d) => d.index + 1));
    const x = (i) => pad + (i / last) * (W - 2 * pad);
    const y = (p) => H - pad - p * (H - 2 * pad);
    const parts = [`<line x1="${pad}" y1="${y(0.5)}" x2="${W - pad}" y2="${y(0.5)}" class="mid"/>`,
                   `<text x="2" y="${y(1) + 4}">100%</text><text x="2" y="${y(0) + 4}">0%</text>`];
    for (const seat of review.seats) {
      const mine = review.decisions.filter((d) => d.seat === seat);
      const points = mine.map((d) => `${x(d.index).toFixed(1)},${y(d.best_chance).toFixed(1)}`);
      parts.push(`<polyline fill="none" stroke="${SEAT_COLOURS[seat % 4]}" stroke-width="2" `
                 + `points="${points.join(" ")}"><title>${esc(seatName(seat))}</title></polyline>`);
    }
    for (const d of review.decisions.filter((d) => d.mark)) {
      const m = MARKS[d.mark];
      const label = t("mark_label", { mark: t(`mark.${d.mark}`), k: d.index + 1,
        seat: seatName(d.seat), played: d.played_label ?? d.played, best: d.best_label ?? d.best,
        points: Math.round(d.loss * 100) });
      parts.push(`<text class="mark" data-at="${d.index + 1}" x="${x(d.index)}" `
                 + `y="${y(d.best_chance) + m.size / 3}" fill="${m.colour}" data-size="${m.size}" `
                 + `text-anchor="middle" role="button" aria-label="${esc(label)}">${m.glyph}`
                 + `<title>${esc(label)}</title></text>`);
    }
    const lines = review.seats.map((seat) =>  // which line is which seat
      `<span data-colour="${SEAT_COLOURS[seat % 4]}">— ${esc(seatName(seat))}</span>`);
    const legend = lines.concat(Object.entries(MARKS).map(([name, m]) =>
      `<span data-colour="${m.colour}">${m.glyph} ${esc(t(`mark.${name}`))}</span>`)).join(" ");
    $("review-graph").innerHTML = `<svg viewBox="0 0 ${W} ${H}" class="review-graph" `
      + `role="img" aria-label="${esc(t("win_chance_graph"))}">${parts.join("")}</svg>`
      + `<p class="review-legend">${legend}</p>`;
    $("review-graph").querySelectorAll("[data-colour]").forEach((span) => {
      span.style.color = span.dataset.colour;  // not a style attribute: the CSP refuses those
    });
    $("review-graph").querySelectorAll("[data-size]").forEach((mark) => {
      mark.style.fontSize = `${mark.dataset.size}px`;
    });
    $("review-graph").querySelectorAll("[data-at]").forEach((mark) =>
      mark.addEventListener("click", () => Replay.show(Number(mark.dataset.at))));
    const worst = review.decisions.filter((d) => d.loss > 0)
      .sort((a, b) => b.loss - a.loss || a.index - b.index).slice(0, 3);
    // the catalogue's words are ours (trusted); every value is escaped
    $("review-costliest").innerHTML = worst.map((d) => `<li>${t("costliest", {
      move: `<a href="#" data-at="${d.index + 1}">${esc(t("move_n", { k: d.index + 1 }))}</a>`,
      seat: esc(seatName(d.seat)), played: esc(d.played_label ?? d.played),
      best: esc(d.best_label ?? d.best), points: Math.round(d.loss * 100) })}</li>`).join("");
    $("review-costliest").querySelectorAll("[data-at]").forEach((link) =>
      link.addEventListener("click", (event) => {
        event.preventDefault();
        Replay.show(Number(link.dataset.at));
      }));
  },
};

// ------------------------------------------------------------------ start
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (button) copyText(button);
});
// Other page modules import this one and add themselves here before the texts arrive;
// <body data-domains="score,castle"> names the catalogues a page needs besides ``web``.
export const pages = { lobby: Lobby, table: TablePage, replay: Replay };
const domains = (document.body.dataset.domains || "").split(",").filter(Boolean);
// friends.js (issue #30) hooks into the pages: loaded before they start, whichever
// arrives first, the texts or the module
Promise.all([loadTexts(domains).catch(() => {}),
             import("/static/friends.js").catch(() => {})]).finally(() => {
  translatePage();
  pages[document.body.dataset.page]?.start();
});

export { $, esc, getJSON, showError, t, LANG, friends, seatLabel, botName, refusalText };
