// towerplay's pages: the lobby, the table (one websocket) and the replay.
// No build step and nothing from outside the server. Boards come from the server as
// HTML/SVG drawn from this seat's view; pieces with data-action send that action.

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
  const answer = await fetch(url, init);
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(body.message || `${answer.status} ${answer.statusText}`);
  return body;
}

function seatLabel(seat, seats, mine) {
  const spec = seats && seats[seat] && seats[seat].kind === "bot" ? ` (${seats[seat].spec})` : "";
  return seat === mine ? `Seat ${seat} (you)` : `Seat ${seat}${spec}`;
}

// ------------------------------------------------------------------ the lobby
const Lobby = {
  games: [],

  async start() {
    try {
      this.games = await getJSON("/api/games");
    } catch (problem) {
      showError(`Cannot load the games: ${problem.message}`);
      return;
    }
    $("game").innerHTML = this.games.map((g) =>
      `<option value="${esc(g.id)}">${esc(g.title)}</option>`).join("");
    $("rules").innerHTML = this.games.map((g) =>
      `<li><a href="/rules/${esc(g.id)}">${esc(g.title)}</a></li>`).join("");
    $("game").addEventListener("change", () => this.pickGame());
    $("players").addEventListener("change", () => this.seats());
    $("new-table").addEventListener("submit", (event) => {
      event.preventDefault();
      this.create();
    });
    this.pickGame();
  },

  game() {
    return this.games.find((g) => g.id === $("game").value);
  },

  pickGame() {
    const game = this.game();
    $("rules-link").href = `/rules/${game.id}`;
    $("rules-link").textContent = `${game.title}: rules`;
    const counts = [];
    for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
    const preferred = counts.includes(3) ? 3 : game.min_players;
    $("players").innerHTML = counts.map((n) =>
      `<option${n === preferred ? " selected" : ""}>${n}</option>`).join("");
    this.options(game.options);
    this.seats();
  },

  /** The options form from the JSON schema: enums as selects, booleans as checkboxes,
   * integers as number inputs, anything else as text. */
  options(schema) {
    const box = $("options");
    const fields = Object.entries(schema.properties || {});
    box.innerHTML = "<legend>Options</legend>" + (fields.length ? "" : "<p>No options.</p>");
    for (const [name, raw] of fields) {
      const prop = resolve(schema, raw);
      const label = document.createElement("label");
      label.title = prop.description || "";
      label.append(`${name.replace(/_/g, " ")} `);
      label.append(optionInput(name, prop));
      if (prop.description) {
        const help = document.createElement("small");
        help.textContent = prop.description;
        label.append(help);
      }
      box.append(label);
    }
  },

  seats() {
    const n = Number($("players").value);
    const old = [...document.querySelectorAll("#seats input")].map((i) => i.value);
    const rows = [];
    for (let s = 0; s < n; s++) {
      const value = old[s] || (s === 0 ? "human" : "greedy");
      rows.push(`<label>Seat ${s} <input name="seat" list="bot-specs" value="${esc(value)}"
        aria-label="seat ${s}: human or a bot (random, greedy, ismcts:seconds=1)" required></label>`);
    }
    $("seats").innerHTML = "<legend>Seats: human or a bot</legend>" + rows.join("");
  },

  request() {
    const game = this.game();
    const options = {};
    for (const input of document.querySelectorAll("#options [data-option]")) {
      const prop = resolve(game.options, game.options.properties[input.dataset.option]);
      let value = input.value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number") value = Number(input.value);
      if (value !== prop.default) options[input.dataset.option] = value;
    }
    const seats = [...document.querySelectorAll("#seats input")].map((i) => i.value.trim());
    return { game: game.id, players: seats.length, options, seats };
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
      linkItem(`Seat ${s.seat}`, s.url, `seat-${s.seat}`));
    links.push(linkItem("Spectators", table.spectate, "spectate"));
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

function optionInput(name, prop) {
  let input;
  if (Array.isArray(prop.enum)) {
    input = document.createElement("select");
    for (const value of prop.enum) {
      const option = new Option(String(value), String(value), false, value === prop.default);
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
    <button type="button" class="copy" data-copy="${esc(full)}">copy</button></li>`;
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
  button.textContent = "copied";
  setTimeout(() => { button.textContent = "copy"; }, 1500);
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
  retry: 0,
  stopped: false,

  start() {
    $("board").addEventListener("click", (event) => this.pick(event));
    $("board").addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.pick(event);
    });
    $("actions").addEventListener("click", (event) => this.pick(event));
    getJSON(`/api/tables/${encodeURIComponent(this.id)}`).then((summary) => {
      this.seats = summary.seats;
      $("game-title").textContent = summary.game;
    }).catch(() => {});
    this.connect();
  },

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.id)}${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
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
    this.status(`disconnected — reconnecting in ${Math.round(delay / 100) / 10} s`);
    setTimeout(() => this.connect(), delay);
  },

  status(text) {
    $("connection").textContent = text;
    document.body.dataset.connection = text.split(" ")[0];
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
      showError(message.message);
      if (message.code === "stale") this.socket.send(JSON.stringify({ type: "view" }));
      return;
    }
    if (message.type !== "view") return;
    this.pending = false;
    this.version = message.version;
    this.seat = message.seat;
    this.draw(message);
  },

  draw(message) {
    const view = message.view;
    $("who").textContent = this.seat === null ? "watching" : `you are seat ${this.seat}`;
    $("board").innerHTML = message.board;
    $("turn").textContent = turnText(view, this.seat, this.seats);
    const legal = view.legal || [];
    $("actions-box").hidden = legal.length === 0;
    $("actions").innerHTML = legal.map((a) =>
      `<button type="button" data-action="${esc(a)}">${esc(a)}</button>`).join("");
    this.events(message.events || []);
    this.end(view);
    document.body.dataset.version = String(message.version);
    document.body.dataset.toMove = legal.length ? "me" : (view.is_over ? "over" : "other");
  },

  events(events) {
    const list = $("events");
    for (const event of events) {
      const item = document.createElement("li");
      item.textContent = `${seatLabel(event.mover, this.seats, this.seat)}: ${event.line}`;
      list.prepend(item);
    }
    while (list.children.length > 200) list.lastChild.remove();
  },

  end(view) {
    $("end").hidden = !view.is_over;
    if (!view.is_over) return;
    $("breakdown").innerHTML = scoreSheet(view, this.seat, this.seats);
    const winners = (view.winners || []).map((w) => seatLabel(w, this.seats, this.seat));
    $("winners").textContent = `Won by ${winners.join(" and ") || "nobody"}`;
    $("record-link").href = `/api/tables/${encodeURIComponent(this.id)}/record`;
    $("replay-link").href = `/replay/${encodeURIComponent(this.id)}`;
  },
};

function turnText(view, seat, seats) {
  if (view.is_over) return "Game over.";
  if (view.legal && view.legal.length) return "Your move.";
  return `${seatLabel(view.to_move, seats, seat)} to move…`;
}

/** The end's score sheet: per seat its [label, points] rows and total. */
function scoreSheet(view, seat, seats) {
  const scores = view.scores || view.score || [];
  const sheets = scores.map((total, s) => {
    const rows = (view.breakdown && view.breakdown[s]) || [];
    const body = rows.map(([label, points]) =>
      `<tr><td>${esc(label)}</td><td class="num">${esc(points)}</td></tr>`).join("");
    return `<table class="score" data-seat="${s}"><caption>${esc(seatLabel(s, seats, seat))}</caption>
      <tbody>${body}</tbody><tfoot><tr><th>total</th>
      <th class="num total" data-seat="${s}">${esc(total)}</th></tr></tfoot></table>`;
  });
  return `<div class="scores">${sheets.join("")}</div>`;
}

// ------------------------------------------------------------------ the replay
const Replay = {
  id: decodeURIComponent(location.pathname.split("/").pop()),
  at: 0,
  total: 0,

  start() {
    const moves = { first: () => 0, back: () => this.at - 1, forward: () => this.at + 1,
                    last: () => this.total };
    for (const [id, to] of Object.entries(moves)) {
      $(id).addEventListener("click", () => this.show(to()));
    }
    document.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight") this.show(this.at + 1);
      if (event.key === "ArrowLeft") this.show(this.at - 1);
    });
    $("record-link").href = `/api/tables/${encodeURIComponent(this.id)}/record`;
    this.show(0);
  },

  async show(at) {
    if (at < 0 || (this.total && at > this.total)) return;
    let step;
    try {
      step = await getJSON(`/api/tables/${encodeURIComponent(this.id)}/replay?at=${at}`);
    } catch (problem) {
      showError(problem.message);
      return;
    }
    showError(null);
    this.at = step.at;
    this.total = step.total;
    $("game-title").textContent = step.view.game;
    $("board").innerHTML = step.board;
    $("position").textContent = `move ${step.at} of ${step.total}`;
    $("move").textContent = step.at ? `Seat ${step.mover}: ${step.line ?? "(hidden)"}` : "The start.";
    $("back").disabled = $("first").disabled = step.at === 0;
    $("forward").disabled = $("last").disabled = step.at === step.total;
    document.body.dataset.at = String(step.at);
  },
};

// ------------------------------------------------------------------ start
document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (button) copyText(button);
});
const pages = { lobby: Lobby, table: TablePage, replay: Replay };
pages[document.body.dataset.page]?.start();
