// What every page shares: the page's texts (the server's catalogues, in the page's
// language), HTML escaping, JSON requests, the error line, how seats are named, and the
// registry of pages (each page module adds itself; app.js starts the one this page is).

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
const friends = { names: [], message() {}, drawn() {}, titled() {}, opened() {}, lobby() {} };

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
  const template = TEXTS[key] ?? key;
  const text = template.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ""));
  return LANG === "hu" ? hungarianArticles(text) : text;
}

/** Each "a(z)" of a filled Hungarian text as the word after it needs it: "az" before a
 * vowel (and before numbers read with one: 1, 5, 1000…), else "a" (as the server's
 * ``i18n.hungarian_articles``). */
function hungarianArticles(text) {
  return text.replace(/(?<![\p{L}\p{N}_])([Aa])\(z\)( [^\p{L}\p{N}_\s]*)([\p{L}\p{N}_]+)/gu,
    (_, article, gap, word) => {
      const first = word[0].toLowerCase();
      const digits = word.length - word.replace(/^\d+/, "").length;
      const vowel = digits ? first === "5" || (first === "1" && digits % 3 === 1)
        : "aáeéiíoóöőuúüű".includes(first);
      return `${article}${vowel ? "z" : ""}${gap}${word}`;
    });
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

/** The pages by their ``<body data-page>``: each page's module adds itself here. */
const pages = {};

export { $, esc, getJSON, showError, t, tOr, LANG, TEXTS, LANGUAGES, friends, pages, seatName,
         seatLabel, botName, refusalText, loadTexts, translatePage };
