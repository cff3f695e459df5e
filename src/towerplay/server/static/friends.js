// The friends' table (issue #30): names, chat, "my games" and "your turn". It hooks into
// the pages (common.js's `friends` object) before their texts arrive. Names and chat lines
// are people's text: always set with textContent, never as HTML.
import { $, esc, getJSON, LANG, showError, t, friends, pages, seatLabel, botName } from "/static/common.js";

const GAMES_KEY = "towerplay-games";
const NAME_KEY = "towerplay-name";
const MAX_GAMES = 30;
/** How often the lobby's "my games" asks each table whose turn it is. */
const MY_GAMES_EVERY_MS = 4000;

// ------------------------------------------------------------------ my games
/** The tables this browser has seats at: [{table, token, seat, game, at}], newest first. */
function myGames() {
  try {
    const games = JSON.parse(localStorage.getItem(GAMES_KEY) || "[]");
    return Array.isArray(games) ? games : [];
  } catch {
    return [];
  }
}

function keepGames(games) {
  localStorage.setItem(GAMES_KEY, JSON.stringify(games.slice(0, MAX_GAMES)));
}

/** Remembers the seat this page plays (the token stays in this browser only), first in
 * the list; ``at`` is when this browser first opened it (what "my games" shows). */
function remember(table, token, seat, game) {
  const same = (g) => g.table === table && g.token === token;
  const first = myGames().find(same)?.at ?? Date.now();
  keepGames([{ table, token, seat, game, at: first }, ...myGames().filter((g) => !same(g))]);
}

/** The lobby's "my games": each remembered seat with whose turn it is. */
async function listMyGames() {
  const games = myGames();
  $("my-games-box").hidden = false;
  const list = $("my-games");
  if (!games.length) {
    list.innerHTML = `<li>${esc(t("my_games_none"))}</li>`;
    return;
  }
  const titles = await getJSON("/api/games").catch(() => []);
  const title = (id) => (titles.find((x) => x.id === id) || {}).title || id || "";
  list.replaceChildren(...games.map((g) => {
    const item = document.createElement("li");
    item.dataset.table = g.table;
    const link = document.createElement("a");
    link.href = `/tables/${encodeURIComponent(g.table)}?token=${encodeURIComponent(g.token)}`;
    // the game, the seat and when it was opened say which table it is; its id is a code
    link.textContent = [title(g.game), t("seat", { n: g.seat + 1 }), opened(g.at)]
      .filter(Boolean).join(" · ");
    link.title = g.table;
    const state = document.createElement("span");
    state.className = "my-game-state";
    const forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = t("my_games_forget");
    forget.addEventListener("click", () => {
      keepGames(myGames().filter((x) => !(x.table === g.table && x.token === g.token)));
      listMyGames();
    });
    item.append(link, " · ", state, " ", forget);
    describe(g, state);
    return item;
  }));
  watchMyGames();
}

/** When a remembered seat was first opened, in the page's language (``4 Dec, 17:30``). */
function opened(at) {
  if (typeof at !== "number") return "";
  return new Intl.DateTimeFormat(LANG, { day: "numeric", month: "short", hour: "2-digit",
                                         minute: "2-digit" }).format(new Date(at));
}

let watching = null;

/** Keeps "my games" up to date without a reload: each entry asks again every few
 * seconds while the page is in sight. */
function watchMyGames() {
  clearInterval(watching);
  watching = setInterval(() => {
    if (document.hidden) return;
    for (const game of myGames()) {
      const state = document.querySelector(`#my-games li[data-table="${CSS.escape(game.table)}"] .my-game-state`);
      if (state) describe(game, state);
    }
  }, MY_GAMES_EVERY_MS);
}

/** Whose turn it is at a remembered table (its seat's own view). */
async function describe(game, into) {
  let answer;
  try {
    answer = await getJSON(`/api/tables/${encodeURIComponent(game.table)}?token=${encodeURIComponent(game.token)}`);
  } catch (problem) {
    into.textContent = problem.message;
    return;
  }
  const view = answer.view;  // people count seats from 1
  const who = (answer.names || [])[view.to_move] || t("seat", { n: view.to_move + 1 });
  const mine = Boolean(view.legal && view.legal.length);
  into.parentElement.dataset.turn = view.is_over ? "over" : (mine ? "me" : "other");
  into.textContent = view.is_over ? t("my_games_over")
    : mine ? t("my_games_turn") : t("my_games_waiting", { who });
}

// ------------------------------------------------------------------ the table
const Table = {
  chat: "all",
  away: [],
  present: [],
  watchers: [],
  watcherName: null,
  named: false,
  renamable: false,
  turn: false,

  start() {
    const page = pages.table;
    friends.message = (message) => this.message(message);
    friends.drawn = (message) => this.drawn(message);
    friends.opened = () => {  // a spectator's name is its connection's: a new one hears it
      if (this.watcherName) this.send({ type: "name", name: this.watcherName });
    };
    friends.titled = () => {  // the seats' kinds arrived: the strip shows who is a person
      this.mark(this.turn);
      this.people();
    };
    $("chat-input").placeholder = t("chat_placeholder");
    $("rematch-button").addEventListener("click", () => this.send({ type: "rematch" }));
    $("rematch-link").addEventListener("click", (event) => {
      if (!this.seated()) return;  // a spectator watches the new table
      event.preventDefault();  // a person takes their own seat there: a token of their own
      this.send({ type: "rematch" });
    });
    $("people").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-hand-on]");
      if (!button) return;
      const bot = button.dataset.handOn === "bot" ? "medium" : null;
      this.send({ type: "hand_on", seat: Number(button.closest("li").dataset.seat), bot });
    });
    $("away-button").addEventListener("click", () => {
      const seat = pages.table.seat;
      this.send({ type: "away", bot: this.away[seat] ? null : "medium" });
    });
    $("name-input").value = localStorage.getItem(NAME_KEY) || "";
    $("name-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.send({ type: "name", name: $("name-input").value });
    });
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("chat-input").value;
      if (text.trim() && this.send({ type: "chat", text })) $("chat-input").value = "";
    });
    for (const id of ["turn-sound", "turn-notify"]) {
      $(id).checked = localStorage.getItem(`towerplay-${id}`) === "1";
      $(id).addEventListener("change", () => {
        localStorage.setItem(`towerplay-${id}`, $(id).checked ? "1" : "0");
        if (id === "turn-notify" && $(id).checked && "Notification" in window) {
          Notification.requestPermission().catch(() => {});
        }
      });
    }
    return page;
  },

  /** Whether this page plays a seat (a spectator's does not). */
  seated() {
    const seat = pages.table.seat;
    return seat !== null && seat !== undefined;
  },

  send(message) {
    const socket = pages.table.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    showError(null);
    socket.send(JSON.stringify(message));
    return true;
  },

  message(message) {
    if (message.type === "people") {
      friends.names = message.names;
      this.away = message.away || [];
      this.chat = message.chat;
      this.rematch = message.rematch;
      this.people();
      pages.table.relabel();
      this.chatBox();
    } else if (message.type === "named") {
      localStorage.setItem(NAME_KEY, message.name);
      if (message.seat === null) this.watcherName = message.name;
      this.named = true;
      $("name-box").hidden = true;
      $("name-input").value = message.name;
      this.chatBox();
    } else if (message.type === "chat") {
      this.lines(message.lines);
    } else if (message.type === "presence") {
      this.present = message.present;
      this.watching = message.watching;
      this.watchers = message.watchers || [];
      this.people();
    } else if (message.type === "handed_on") {
      this.handedOn(message);
    } else if (message.type === "rematched") {  // our new seat: its token is ours alone
      remember(message.table, message.token, message.seat, pages.table.last?.view.game);
      location.href = message.url;
    }
  },

  /** The seats strip above the board: each seat's name, whether its person has the
   * page open, whose turn it is, and how many watch. */
  people() {
    const page = pages.table;
    const view = page.last ? page.last.view : null;
    const over = Boolean(view && view.is_over);
    const seats = friends.names.map((_, seat) => {
      const item = document.createElement("li");
      item.dataset.seat = String(seat);
      if (view && !over && view.to_move === seat) item.className = "to-move";
      const person = page.seats && page.seats[seat] && page.seats[seat].kind === "human";
      if (person) item.append(this.dot(seat));
      const who = document.createElement("span");
      who.className = "who";
      who.dataset.seat = String(seat);
      who.textContent = seatLabel(seat, page.seats, page.seat);
      item.append(who);
      if (this.away[seat]) {
        item.classList.add("away");
        item.append(` (${t("away_mark", { bot: botName(this.away[seat]) })})`);
      }
      if (seat === page.seat && this.renamable) {  // one's own name, until one's first move
        who.tabIndex = 0;
        who.title = t("your_name");
        who.addEventListener("click", () => { $("name-box").hidden = false; });
      }
      if (person && !over && this.seated() && seat !== page.seat
          && (this.away[seat] || !this.present[seat])) item.append(...this.handOnButtons());
      return item;
    });
    const watching = document.createElement("li");
    watching.id = "watching";
    const count = t("watching_count", { count: this.watching || 0 });
    const named = this.watchers;  // the spectators who gave a name (for the chat)
    watching.textContent = named.length
      ? t("watching_named", { watching: count, names: named.join(", ") }) : count;
    $("people").replaceChildren(...seats, watching);
    const seated = this.seated();
    $("away-box").hidden = !seated || over;
    $("rematch-button").hidden = !seated || !over;
    $("rematch-ready").hidden = !this.rematch;
    if (this.rematch) $("rematch-link").href = `/tables/${encodeURIComponent(this.rematch)}`;
    if (seated) $("away-button").textContent = this.away[page.seat] ? t("take_back") : t("leave_seat");
    if (page.seat !== null && page.seat !== undefined && friends.names[page.seat]) {
      if (!this.named) $("name-box").hidden = true;
      this.named = true;
    }
  },

  /** A seat's presence dot: its person has the table open, or not (said in words too). */
  dot(seat) {
    const dot = document.createElement("span");
    const here = Boolean(this.present[seat]);
    dot.className = `presence ${here ? "here" : "gone"}`;
    dot.setAttribute("role", "img");
    dot.setAttribute("aria-label", t(here ? "presence_here" : "presence_gone"));
    dot.title = dot.getAttribute("aria-label");
    return dot;
  },

  /** The buttons that hand a seat nobody plays on: to a bot, or to a new person. */
  handOnButtons() {
    return [["bot", "hand_on_bot"], ["person", "hand_on_person"]].map(([to, key]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hand-on";
      button.dataset.handOn = to;
      button.textContent = t(key);
      return button;
    });
  },

  /** A seat was handed on at our asking: a new person's link is ours to pass on. */
  handedOn(message) {
    if (!message.url) return;
    $("invite-box").hidden = false;
    $("invite-seat").textContent = t("hand_on_invite", { n: message.seat + 1 });
    $("invite-link").value = $("invite-copy").dataset.copy =
      new URL(message.url, location.href).href;
  },

  /** A spectator may give a name for the chat, where spectators may chat: the others see
   * it beside its lines and among those who watch. */
  watcherBox() {
    // a spectator's name is for the chat alone: its box stands in the chat, above the
    // line it names (a seat's stands first in the side: the board names the seat by it)
    // (moved once: moving it again at each message would take a half-typed name's focus)
    if ($("name-box").parentElement !== $("chat-box")) {
      $("chat-box").insertBefore($("name-box"), $("chat-form"));
    }
    $("name-note").textContent = t("name_note_watching");
    $("name-box").hidden = Boolean(this.watcherName) || this.chat !== "all";
  },

  /** Who may write here: the chat box shows or says why not. */
  chatBox() {
    const page = pages.table;
    const mine = page.seat !== null && page.seat !== undefined;
    $("chat-box").hidden = this.chat === "off" && !$("chat-lines").children.length;
    const closed = this.chat === "off" || (this.chat === "seats" && !mine);
    $("chat-form").hidden = closed;
    $("chat-note").hidden = !closed;
    $("chat-note").textContent = this.chat === "off" ? t("chat_off") : t("chat_seats_only");
  },

  lines(lines) {
    const list = $("chat-lines");
    for (const line of lines) {
      if (list.querySelector(`[data-index="${Number(line.index)}"]`)) continue;
      const item = document.createElement("li");
      item.dataset.index = String(line.index);
      const who = document.createElement("strong");
      const seat = t("seat", { n: line.seat + 1 });  // people count seats from 1
      who.textContent = line.seat !== null ? line.name || seat
        : line.name ? `${line.name} (${t("spectator")})` : t("spectator");  // no seat's name
      item.append(who, `: ${line.text}`);
      list.append(item);
    }
    while (list.children.length > 200) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
    $("chat-box").hidden = this.chat === "off" && !list.children.length;
  },

  drawn(message) {
    const page = pages.table;
    if (page.token && page.seat !== null && !this.remembered) {
      this.remembered = true;
      remember(page.id, page.token, page.seat, message.view.game);
    }
    this.renamable = Boolean(message.renamable);  // never a spectator's, over, or after a move
    // a spectator has no turn to hear of, nor has anyone once the game is over
    $("turn-options").hidden = page.seat === null || Boolean(message.view.is_over);
    if (page.seat === null) this.watcherBox();
    else if (!this.renamable) $("name-box").hidden = true;
    else if (!this.named) $("name-box").hidden = false;
    this.people();
    const mine = Boolean((message.view.legal || []).length);
    if (mine && !this.turn) this.yourTurn();
    this.turn = mine;
    this.mark(mine);
  },

  /** The title and favicon say whose turn it is. */
  mark(mine) {
    const base = document.title.replace(/^▶ .*? — /, "");
    document.title = mine ? `▶ ${t("your_turn_title")} — ${base}` : base;
    let icon = document.querySelector("link[rel=icon]");
    if (!icon) {
      icon = document.createElement("link");
      icon.rel = "icon";
      document.head.append(icon);
    }
    const colour = mine ? "%23d33" : "%23888";
    icon.href = `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='${colour}'/></svg>`;
    document.body.dataset.yourTurn = mine ? "yes" : "no";
  },

  /** The move came to this seat: a sound and a notification if asked for (hidden tab). */
  yourTurn() {
    if ($("turn-sound").checked) beep();
    if ($("turn-notify").checked && document.hidden && "Notification" in window
        && Notification.permission === "granted") {
      new Notification(t("your_turn_title"), { body: $("game-title").textContent, tag: pages.table.id });
    }
  },
};

/** A short tone (no sound file: WebAudio). */
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
  } catch {
    // no audio here: the title and favicon still say it
  }
}

// ------------------------------------------------------------------ the replay
async function replayChat() {
  if (location.pathname.startsWith("/replay/upload/")) return;
  const id = decodeURIComponent(location.pathname.split("/").pop());
  try {
    const answer = await getJSON(`/api/tables/${encodeURIComponent(id)}/chat`);
    Table.chat = answer.chat;
    if (answer.lines.length) {
      $("chat-box").hidden = false;
      Table.lines(answer.lines);
    }
  } catch {
    // a replay without its chat is still a replay
  }
}

// ------------------------------------------------------------------ hooking in
const page = document.body.dataset.page;
if (page === "lobby") friends.lobby = () => listMyGames();
if (page === "table") {
  const table = pages.table;
  const start = table.start.bind(table);
  table.start = () => {
    Table.start();
    start();
  };
}
if (page === "replay") {
  const replay = pages.replay;
  const start = replay.start.bind(replay);
  replay.start = () => {
    start();
    replayChat();
  };
}
