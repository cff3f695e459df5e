// towerplay's pages: the lobby, the table and the replay (and the scoring pads, whose
// score.js imports this module). No build step and nothing from outside the server.
// This module starts a page: the page's texts, its module (which adds itself to
// ``pages``) and friends.js (names, chat, my games) first, then ``pages[<body
// data-page>].start()``.
import { loadTexts, pages, t, translatePage } from "/static/common.js";

export * from "/static/common.js";

const PAGE_MODULES = { lobby: "/static/lobby.js", table: "/static/table.js",
                       replay: "/static/replay.js" };
const page = document.body.dataset.page;
// <body data-domains="score"> names the catalogues a page needs besides ``web``
const domains = (document.body.dataset.domains || "").split(",").filter(Boolean);
// friends.js wraps the page's start: it comes after the page's module
const modules = (page in PAGE_MODULES ? import(PAGE_MODULES[page]) : Promise.resolve())
  .then(() => import("/static/friends.js").catch(() => {}));
Promise.all([loadTexts(domains).catch(() => {}), modules]).finally(() => {
  translatePage();
  pages[page]?.start();
});

/** Copies a ``button.copy``'s ``data-copy`` (a link) and says so on the button for a
 * moment: the lobby's seat links, the table page's link for a new person. */
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

document.addEventListener("click", (event) => {
  const button = event.target.closest("button.copy");
  if (button) copyText(button);
});
