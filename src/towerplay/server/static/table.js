// The table: one websocket; the board comes from the server as HTML/SVG drawn from this
// seat's view, and pieces with data-action send that action.
import { showClock } from "/static/clock.js";
import { morph, patched } from "/static/morph.js";
import { $, esc, friends, getJSON, LANG, pages, refusalText, seatLabel, showError, t }
  from "/static/common.js";

/** How long a sent move may wait for its answer before the page says so. */
const ANSWER_WAIT_MS = 8000;
/** The longest wait between two tries to reconnect (the waits double up to it). */
const RECONNECT_MAX_MS = 10000;
/** More moves than this on the board's pieces wait in a list that opens on demand. */
const FOLD_OVER = 8;

const TablePage = {
  id: decodeURIComponent(location.pathname.split("/").pop()),
  token: new URLSearchParams(location.search).get("token"),
  socket: null,
  version: null,
  seat: null,
  seats: null,
  pending: false,
  waiting: null,
  fresh: true,
  queued: [],
  latest: null,
  boardText: null,
  drawing: null,
  retry: 0,
  stopped: false,
  hints: false,
  listOpen: false,
  errorUntil: Infinity,

  start() {
    $("board").addEventListener("click", (event) => this.pick(event));
    $("hints").addEventListener("click", (event) => this.pick(event));
    $("hint-button").addEventListener("click", () => this.askHint());
    $("undo-button").addEventListener("click", () => this.undo());
    getJSON(`/api/tables/${encodeURIComponent(this.id)}/hint`).then((answer) => {
      this.hints = answer.hints;
      this.clearHints();
      document.body.dataset.hints = this.hints ? "on" : "off";  // (tests wait for it)
    }).catch(() => {});
    $("board").addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.pick(event);
    });
    $("actions").addEventListener("click", (event) => this.pick(event));
    // (a details element's toggle does not bubble: heard on the way down)
    $("actions").addEventListener("toggle", (event) => {
      if (event.target.id === "move-list") this.listOpen = event.target.open;
    }, true);
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
    // the version seen so far: whichever server answers, it answers no older one
    const known = this.version === null ? "" : `&version=${this.version}`;
    const query = `?lang=${LANG}${token}&people=1&patch=1${known}`;
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.id)}${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.fresh = true;
      this.queued = [];  // the new connection sends the moves since this seat's last again
      this.status("connected");
      friends.opened();
    };
    socket.onmessage = (event) => this.receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      this.answered();  // no answer comes on a closed socket; the next one sends a view
      if (event.code === 4403 || event.code === 4404) {
        this.stopped = true;
        this.status("closed");
        return;
      }
      this.reconnect();
    };
  },

  /** Reconnect with backoff (0.5 s doubling, at most RECONNECT_MAX_MS): the same link
   * gives the same seat. */
  reconnect() {
    if (this.stopped) return;
    const delay = Math.min(RECONNECT_MAX_MS, 500 * 2 ** this.retry);
    this.retry += 1;
    this.status("disconnected", { s: Math.round(delay / 100) / 10 });
    setTimeout(() => this.connect(), delay);
  },

  /** The connection's state; offline (or closed) dims and locks the board under a
   * banner, and a reconnect clears what was said while offline. */
  status(state, params = {}) {
    $("connection").textContent = t(state, params);
    document.body.dataset.connection = state;
    $("offline").hidden = state !== "disconnected";
    if (state === "connected") showError(null);
  },

  /** Sends a move. A click the page cannot send says so (never dropped unseen); one
   * while the last move awaits its answer waits with it. */
  send(action) {
    this.post({ type: "act", version: this.version, action });
  },

  /** Takes back this seat's last action (issue #43); a refusal says why. */
  undo() {
    this.post({ type: "undo", version: this.version });
  },

  post(body) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      showError(t("not_connected"));
      return;
    }
    if (this.pending) return;
    this.pending = true;
    showError(null);
    this.socket.send(JSON.stringify(body));
    this.waiting = setTimeout(() => this.unanswered(), ANSWER_WAIT_MS);
  },

  /** The move's answer (a view or a refusal) came, or cannot come any more. */
  answered() {
    this.pending = false;
    clearTimeout(this.waiting);
    this.waiting = null;
  },

  /** No answer in time: ask for the position afresh, so the board shows whether the move
   * arrived, and let the next click through. */
  unanswered() {
    this.answered();
    showError(t("no_answer"));
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "view" }));
    }
  },

  pick(event) {
    const piece = event.target.closest("[data-action]");
    if (!piece) return;
    event.preventDefault();
    this.send(piece.dataset.action);
  },

  receive(message) {
    if (message.type === "error") {
      this.answered();
      showError(refusalText(message));
      // a refusal holds until the table moves on (a stale one: past the view it asks for)
      this.errorUntil = message.code === "stale" ? Infinity : this.version;
      if (message.code === "stale") this.socket.send(JSON.stringify({ type: "view" }));
      return;
    }
    if (message.type !== "view") {
      friends.message(message);
      return;
    }
    this.answered();
    // each board after a connection's first comes as what changed since the last one
    if (message.board_patch) message.board = patched(this.boardText, message.board_patch);
    this.boardText = message.board;
    if (this.version !== null && message.version < this.version) return;  // never back
    if (message.version > this.errorUntil) showError(null);
    this.errorUntil = this.errorUntil === Infinity ? message.version : this.errorUntil;
    this.version = message.version;
    this.seat = message.seat;
    this.drawSoon(message);
  },

  /** Draws the latest view once the messages that came together are read: a burst of
   * bots' moves draws one board, not one per move (each move's log line still shows). */
  drawSoon(message) {
    this.queued.push(...(message.events || []));
    this.latest = message;
    if (this.drawing !== null) return;
    this.drawing = setTimeout(() => {
      const events = this.queued;
      this.drawing = null;
      this.queued = [];
      this.draw({ ...this.latest, events });
    }, 0);
  },

  draw(message) {
    const view = message.view;
    $("who").textContent = this.seat === null ? t("watching") : t("you_are", { n: this.seat + 1 });
    // a page opened afresh draws the seat's earlier board first: the last move is marked
    if (message.before && !$("board").firstChild) morph($("board"), message.before);
    morph($("board"), message.board);  // in place: transitions run
    $("turn").textContent = turnText(view, this.seat, this.seats);
    const legal = view.legal || [];
    $("actions-box").hidden = legal.length === 0;
    $("undo-box").hidden = !message.undo;  // one's own last action, nobody moved since
    this.drawMoves(legal, message.labels || {});
    this.clearHints();
    this.events(message.events || []);
    this.end(view);
    document.body.dataset.version = String(message.version);
    document.body.dataset.toMove = legal.length ? "me" : (view.is_over ? "over" : "other");
    this.last = message;
    showClock($("clock"), message.clock, (seat) => seatLabel(seat, this.seats, this.seat), t,
      this.seat);
    friends.drawn(message);
  },

  /** The move buttons (fillMoves), a keyboard user among them kept there: on the same
   * move's button if it is still one (the view was drawn again), else on the first of
   * the next moves; where there are none (the others' turn), on the first of the seat's
   * next moves, unless the user went elsewhere on the page meanwhile. */
  drawMoves(legal, labels) {
    const focused = document.activeElement;
    const inside = $("actions").contains(focused);
    const idle = !focused || focused === document.body;  // (a removed button's focus)
    this.fillMoves(legal, labels);
    if (!inside && !(this.movesFocus && idle)) {
      if (!idle) this.movesFocus = false;
      return;
    }
    const again = !inside ? null : focused.dataset.action === undefined ? "summary"
      : `[data-action="${CSS.escape(focused.dataset.action)}"]`;
    const target = (again && $("actions").querySelector(again))
      || $("actions").querySelector("button, summary");
    this.movesFocus = !target;  // none now: the focus waits for the seat's next moves
    target?.focus();
  },

  /** A button per legal move. Where the board offers more than FOLD_OVER of them as
   * pieces (a grid of face-down cards, a market's places), those wait in a list that opens
   * on demand, below a line that says to choose on the board: a phone would otherwise
   * scroll past dozens of buttons to reach the hint, the log and the chat. Once opened,
   * the list comes open at the next turns too, until closed. */
  fillMoves(legal, labels) {
    const button = (a) => `<button type="button" data-action="${esc(a)}">${esc(labels[a] || a)}</button>`;
    const pieces = $("board").querySelectorAll("[data-action]");
    const onBoard = new Set(Array.from(pieces, (piece) => piece.dataset.action));
    const folded = legal.filter((a) => onBoard.has(a));
    if (folded.length <= FOLD_OVER) {
      $("actions").innerHTML = legal.map(button).join("");
      return;
    }
    const open = this.listOpen ? " open" : "";
    $("actions").innerHTML = legal.filter((a) => !onBoard.has(a)).map(button).join("")
      + `<p class="hint-note">${esc(t("choose_on_board"))}</p>`
      + `<details id="move-list"${open}><summary>${esc(t("move_list", { n: folded.length }))}</summary>`
      + `${folded.map(button).join("")}</details>`;
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
    // win is null where there was one choice only, however many moves (face-down cards
    // are one to a seat that saw none of them): nothing was searched, nothing is best
    const weighed = answer.hints.some((hint) => hint.win !== null);
    $("hint-note").textContent = t(weighed ? "hint_note" : "hint_one_choice");
    $("hint-note").hidden = false;
    $("hints").innerHTML = answer.hints.map((hint, place) => {
      const best = place === 0 && weighed
        ? ` <strong class="best-mark">★ ${esc(t("hint_best"))}</strong>` : "";
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
    $("winners").textContent = t("won_by", {  // a shared win: "Wygrywają", "Nyertesek"
      count: Math.max(winners.length, 1), names: winners.join(t("and")) || t("nobody") });
    $("record-link").href = `/api/tables/${encodeURIComponent(this.id)}/record`;
    $("replay-link").href = `/replay/${encodeURIComponent(this.id)}`;
  },
};

function turnText(view, seat, seats) {
  if (view.is_over) return t("game_over");
  if (view.legal && view.legal.length) return t("your_move_now");
  return t("to_move", { who: seatLabel(view.to_move, seats, seat) });
}

/** The end's score sheets: per seat its [label, points] rows and total, in finishing
 * order (the game's tie-breaks decide it: ``view.places``, 0 first, ties share), each
 * winner's headed by a star. */
function scoreSheet(view, seat, seats) {
  const scores = view.scores || view.score || [];
  const places = view.places || scores.map((_, s) => s);
  const order = scores.map((_, s) => s).sort((a, b) => places[a] - places[b] || a - b);
  const sheets = order.map((s) => {
    const rows = (view.breakdown && view.breakdown[s]) || [];
    const body = rows.map(([label, points]) =>
      `<tr><td>${esc(label)}</td><td class="num">${esc(points)}</td></tr>`).join("");
    const star = (view.winners || []).includes(s) ? '<span class="star">★</span> ' : "";
    return `<table class="score" data-seat="${s}" data-place="${places[s]}"><caption>${star}${esc(seatLabel(s, seats, seat))}</caption>
      <tbody>${body}</tbody><tfoot><tr><th>${esc(t("total"))}</th>
      <th class="num total" data-seat="${s}">${esc(scores[s])}</th></tr></tfoot></table>`;
  });
  return `<div class="scores">${sheets.join("")}</div>`;
}

pages.table = TablePage;
