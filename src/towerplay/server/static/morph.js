// A board arrives whole (HTML/SVG drawn by the server); the page patches the one it shows
// in place, so a piece that stays keeps its element: a changed colour or place runs the
// style sheet's transitions (none under prefers-reduced-motion), and what changed since the
// last board is marked "changed" (the last move, highlighted).

/** The key that pairs an old node with a new one: its data-key, else none. */
function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

/** Whether ``old`` can become ``fresh`` in place: same kind and tag, same key. */
function sameKind(old, fresh) {
  return old.nodeType === fresh.nodeType && old.nodeName === fresh.nodeName
    && keyOf(old) === keyOf(fresh);
}

/** Attributes that say what a click does, not what a piece is: a piece that merely became
 * clickable (the reader's turn came) is no move. */
const QUIET = new Set(["class", "data-action", "role", "tabindex", "aria-label"]);

/** Copies ``fresh``'s attributes onto ``old``; whether any that tell the piece differed.
 * A piece that stays in its row (``data-row``: a display or a pool that closes up when
 * one leaves, a market whose cards slide down) and only changes its place there slid: no
 * move of its own. */
function syncAttributes(old, fresh) {
  const row = fresh.getAttribute("data-row");
  const slid = row !== null && old.getAttribute("data-row") === row;
  let changed = false;
  for (const { name, value } of [...fresh.attributes]) {
    if (old.getAttribute(name) !== value) {
      old.setAttribute(name, value);
      changed = changed || !(QUIET.has(name) || (slid && name === "transform"));
    }
  }
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name)) {
      old.removeAttribute(name);
      changed = changed || !QUIET.has(name);
    }
  }
  return changed;
}

/** Turns ``old`` into ``fresh`` (same kind); whether anything in it changed. */
function patch(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue === fresh.nodeValue) return false;
    old.nodeValue = fresh.nodeValue;
    return true;
  }
  const changed = syncAttributes(old, fresh) | patchChildren(old, fresh);
  if (changed && keyOf(old) !== null) old.classList.add("changed");
  return Boolean(changed);
}

/** Patches ``old``'s children into ``fresh``'s: keyed ones by key, the others by place. */
function patchChildren(old, fresh) {
  const keyed = new Map();
  for (const child of old.childNodes) {
    if (keyOf(child) !== null) keyed.set(keyOf(child), child);
  }
  let changed = false;
  let at = old.firstChild;
  for (const wanted of [...fresh.childNodes]) {
    const key = keyOf(wanted);
    let match = key !== null ? keyed.get(key) : at;
    if (match && !sameKind(match, wanted)) match = null;
    if (match) {
      keyed.delete(key);
      if (match !== at) old.insertBefore(match, at);
      const moved = patch(match, wanted);
      changed = (moved && match.nodeName !== "title") || changed;  // a tooltip is no move
      at = match.nextSibling;
    } else {
      const added = document.importNode(wanted, true);
      if (added.nodeType === Node.ELEMENT_NODE && key !== null) added.classList.add("changed");
      old.insertBefore(added, at);
      changed = true;
    }
  }
  while (at) {  // what the new board no longer has
    const next = at.nextSibling;
    old.removeChild(at);
    at = next;
    changed = true;
  }
  return changed;
}

/** Shows ``html`` in ``box``, patching what is there; marks what changed. */
export function morph(box, html) {
  for (const marked of box.querySelectorAll(".changed")) marked.classList.remove("changed");
  const template = document.createElement("template");
  template.innerHTML = html;
  if (!box.firstChild) {
    box.appendChild(template.content);
    return;
  }
  patchChildren(box, template.content);
}

/** Where a board is cut into pieces for its patches (the server's patches.CUT). */
const CUT = "<text ";

/** The board a patch (``?patch=1``: items ``[a, b]``, the old board's pieces a..b-1, or
 * new text) makes of the ``old`` one: towerplay.server.patches.patched, here. */
export function patched(old, items) {
  const olds = old.split(CUT);
  const pieces = [];
  for (const item of items) {
    pieces.push(...(typeof item === "string" ? item.split(CUT) : olds.slice(item[0], item[1])));
  }
  return pieces.join(CUT);
}
