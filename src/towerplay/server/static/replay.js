// The replay of a finished table or an uploaded record, step by step, and its review.
import { $, esc, friends, getJSON, pages, seatLabel, showError, t }
  from "/static/common.js";
import { morph } from "/static/morph.js";
import { watchUploads } from "/static/uploads.js";

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
    friends.names = listed.names || friends.names;  // named as the board names them
    for (const move of listed.moves) {
      items.push(`<li data-at="${move.at}"><button type="button">`
        + `${esc(seatLabel(move.mover, null, null))}: ${esc(move.line ?? t("hidden"))}</button></li>`);
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

  /** Ask for the position after ``at`` actions; only the latest answer is drawn. Reached
   * other than by a step forward (a jump, a step back), the board is drawn at the move
   * before it first, so that what is marked changed is the last move, as a step shows. */
  async show(at) {
    if (at < 0 || (this.total && at > this.total)) return;
    this.target = at;
    const jumped = at > 0 && this.at !== at - 1;
    let step, before;
    try {
      [step, before] = await Promise.all([getJSON(`${this.api()}/replay?at=${at}`),
        jumped ? getJSON(`${this.api()}/replay?at=${at - 1}`) : null]);
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
    if (before) morph($("board"), before.board);
    morph($("board"), step.board);  // in place, as the table does: transitions run
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

// ------------------------------------------------------------------ the review (#21)
const MARKS = {  // shape AND colour per mark, with a text label; colours that read
                 // on the page (contrast at least 4.5:1, axe-core's color-contrast)
  inaccuracy: { glyph: "·", colour: "#8a6508", size: 28 },
  mistake: { glyph: "▼", colour: "#b34700", size: 14 },
  blunder: { glyph: "✖", colour: "#c00000", size: 14 },
};
const SEAT_COLOURS = ["#1f6fb4", "#237a2f", "#8e44ad", "#555"];

/** The review graph's axis of moves, its line at ``base``: a tick and number at move 1
 * and every ``step``-th move (at most nine numbers, ``step`` 1, 2 or 5 times a power of
 * ten), the axis's name centred at (``nameX``, ``nameY``). */
function moveAxis(last, x, base, nameX, nameY) {
  const step = [1, 2, 5].flatMap((f) => [1, 10, 100, 1000].map((p) => f * p))
    .sort((a, b) => a - b).find((s) => last / s <= 8) ?? Math.ceil(last / 8);
  const moves = [1];
  for (let k = step; k <= last; k += step) if (k > 1) moves.push(k);
  const ticks = moves.map((k) => `<line x1="${x(k - 1)}" y1="${base}" x2="${x(k - 1)}" `
    + `y2="${base + 4}"/><text x="${x(k - 1)}" y="${base + 16}" text-anchor="middle">${k}</text>`);
  return `<g class="axis" data-step="${step}"><line x1="${x(0)}" y1="${base}" x2="${x(last - 1)}" `
    + `y2="${base}"/>${ticks.join("")}<text class="axis-name" x="${nameX}" y="${nameY}" `
    + `text-anchor="middle">${esc(t("review_moves_axis"))}</text></g>`;
}

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
    // left: room for "100%" however large a phone's style makes it; below: the moves' axis
    const W = 600, H = 220, pad = 24, left = 60, below = 44;
    const last = Math.max(1, Replay.total, ...review.decisions.map((d) => d.index + 1));
    const x = (i) => left + (i / last) * (W - left - pad);
    const y = (p) => H - below - p * (H - pad - below);
    const parts = [`<line x1="${left}" y1="${y(0.5)}" x2="${W - pad}" y2="${y(0.5)}" class="mid"/>`,
                   `<text x="2" y="${y(1) + 4}">100%</text><text x="2" y="${y(0) + 4}">0%</text>`,
                   moveAxis(last, x, y(0), W / 2, H - 4)];
    for (const seat of review.seats) {
      const mine = review.decisions.filter((d) => d.seat === seat);
      const points = mine.map((d) => `${x(d.index).toFixed(1)},${y(d.best_chance).toFixed(1)}`);
      parts.push(`<polyline fill="none" stroke="${SEAT_COLOURS[seat % 4]}" stroke-width="2" `
                 + `points="${points.join(" ")}"><title>${esc(seatLabel(seat, null, null))}</title></polyline>`);
    }
    const marked = review.decisions.filter((d) => d.mark);
    for (const d of marked) {
      const m = MARKS[d.mark];
      const label = t("mark_label", { mark: t(`mark.${d.mark}`), k: d.index + 1,
        seat: seatLabel(d.seat, null, null), played: d.played_label ?? d.played, best: d.best_label ?? d.best,
        points: Math.round(d.loss * 100) });
      parts.push(`<text class="mark" data-at="${d.index + 1}" x="${x(d.index)}" `
                 + `y="${y(d.best_chance) + m.size / 3}" fill="${m.colour}" data-size="${m.size}" `
                 + `text-anchor="middle" role="button" aria-label="${esc(label)}">${m.glyph}`
                 + `<title>${esc(label)}</title></text>`);
    }
    const lines = review.seats.map((seat) =>  // which line is which seat
      `<span data-colour="${SEAT_COLOURS[seat % 4]}">— ${esc(seatLabel(seat, null, null))}</span>`);
    const shown = new Set(marked.map((d) => d.mark));  // the kinds of mark the graph has
    const legend = lines.concat(Object.entries(MARKS).filter(([name]) => shown.has(name))
      .map(([name, m]) => `<span class="mark-key" data-mark="${name}" data-colour="${m.colour}">`
        + `${m.glyph} ${esc(t(`mark.${name}`))}</span>`)).join(" ");
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
      seat: esc(seatLabel(d.seat, null, null)), played: esc(d.played_label ?? d.played),
      best: esc(d.best_label ?? d.best), points: Math.round(d.loss * 100) })}</li>`).join("");
    $("review-costliest").querySelectorAll("[data-at]").forEach((link) =>
      link.addEventListener("click", (event) => {
        event.preventDefault();
        Replay.show(Number(link.dataset.at));
      }));
  },
};

pages.replay = Replay;
