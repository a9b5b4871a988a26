// Small DOM helpers. Every piece of text goes in with textContent: nothing a guest or the host
// sends is ever parsed as HTML.

/** Creates an element: el("button", { class: "big", text: "Ready", onclick: f }, [children]). */
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "data") for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Shows the address `link` in `node` with a line break allowed after each "/" but the scheme's,
 *  so an address too long for its line wraps before the room's code rather than inside it. */
export function address(node, link) {
  const parts = link.split(/(?<=\/)(?!\/)/);
  fill(node, parts.flatMap((part, index) => (index < parts.length - 1 ? [part, el("wbr")] : [part])));
}

/** Replaces all children of `node`. */
export function fill(node, children) {
  node.replaceChildren(...[].concat(children).filter((c) => c !== null && c !== undefined && c !== false));
}

/** "9.29" from 9299 milliseconds: two decimals, cut (not rounded) like a stopwatch, the same rule
 *  as the host's "Correct! 24 in 9.29 seconds." (TwentyFourView.seconds). */
export function stopwatch(ms) {
  const hundredths = Math.floor(Math.max(0, ms) / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** A player as screens show them: a bot's name with its level ("Ada · normal (bot)"); on the wire
 *  the name is only "Ada" and the level a field of its own (PlayerInfo, RoomScoreLine, RoomPlacement). */
export function label(p) {
  if (!p.bot || (!p.level && p.name.endsWith("(bot)"))) return p.name;
  return p.level ? `${p.name} · ${p.level} (bot)` : `${p.name} (bot)`;
}

/** How many characters a person sees in `text` (grapheme clusters: "🦄" is one, as the host counts). */
export function graphemes(text) {
  const segmenter = globalThis.Intl?.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  return segmenter ? [...segmenter.segment(String(text))].length : [...String(text)].length;
}

/** "12 s" from milliseconds, rounded up, never below 0 (PlayerLabel.seconds in Swift). */
export function seconds(ms) {
  return `${Math.max(0, Math.ceil(ms / 1000))} s`;
}

/** "Cy is reconnecting… 19 s": a held seat with `ms` of its grace left (PlayerLabel.reconnecting). */
export function awayText(name, ms) {
  return `${name} is reconnecting… ${seconds(ms)}`;
}

/** A team's line: its name and the live proposals, or how its moves are played, exactly as the
 *  terminal writes it (TeamMessage.line; TeamLineJSTests holds the two to the same text).
 *  `elapsedMs`: how long ago the `team` message came (its window counts down). */
export function teamLine(team, elapsedMs = 0) {
  if (!team.proposals.length) {
    if (team.moves === "direct") return `${team.name} — any member's move plays at once`;
    return `${team.name} — ${team.majority} agreeing proposal${team.majority === 1 ? "" : "s"} play${team.majority === 1 ? "s" : ""} a move`;
  }
  const list = team.proposals.map((p) => `${p.label} (${p.name})`).join(", ");
  const window = team.windowMs === undefined || team.windowMs === null ? "" : ` · ${seconds(team.windowMs - elapsedMs)}`;
  return `${team.name} — proposals: ${list}${window}`;
}

/** An SVG element (for boards and the QR code). */
export function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}
