// Card art, drawn as SVG from the card's name alone (no images).
// A path shape's name lists its open sides in N E S W order; a leading "x" marks a dead end.
// Every string built here holds only numbers and fixed colours: names of players never go in.

export const CW = 60; // card width in maze units
export const CH = 90; // card height

const SVGNS = "http://www.w3.org/2000/svg";
const MID = { N: [CW / 2, 0], E: [CW, CH / 2], S: [CW / 2, CH], W: [0, CH / 2] };
const FLIP = { N: "S", S: "N", E: "W", W: "E" };
const ORDER = "NESW";

/** Open sides of a shape name such as "NSW", "xES", "stone-ne:SW", "gold:NESW", "start". */
export function sidesOf(shape) {
  if (shape === "start") return ["N", "E", "S", "W"];
  const name = shape.includes(":") ? shape.split(":")[1] : shape;
  return [...name.replace(/^x/, "")].filter((c) => ORDER.includes(c));
}

export function isPathCard(card) {
  return /^x?N?E?S?W?$/.test(card) && card.replace("x", "").length > 0;
}

/** The shape a path card forms when turned 180°: "ES" -> "NW", "xS" -> "xN", "NS" -> "NS". */
export function turned(shape) {
  const dead = shape.startsWith("x");
  const sides = sidesOf(shape).map((s) => FLIP[s]);
  const name = [...ORDER].filter((s) => sides.includes(s)).join("");
  return (dead ? "x" : "") + name;
}

const parsed = new Map();

/** Parse trusted SVG markup (built in this module) into fresh nodes for an <svg> or <g> (cached). */
export function svgNodes(markup) {
  let nodes = parsed.get(markup);
  if (!nodes) {
    const doc = new DOMParser().parseFromString(`<svg xmlns="${SVGNS}">${markup}</svg>`, "image/svg+xml");
    nodes = [...doc.documentElement.childNodes].map((n) => document.importNode(n, true));
    if (parsed.size > 600) parsed.clear();
    parsed.set(markup, nodes);
  }
  return nodes.map((n) => n.cloneNode(true));
}

/** An <svg> icon of trusted `markup` in the view box `box`, hidden from screen readers. */
export function svgIcon(markup, box = "-13 -13 26 26", cls = "token") {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", box);
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  svg.append(...svgNodes(markup));
  return svg;
}

export function el(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function speckles(seed) {
  // A few dark spots so the rock does not look flat; positions depend only on seed.
  let out = "";
  let s = seed * 9301 + 49297;
  for (let i = 0; i < 7; i += 1) {
    s = (s * 9301 + 49297) % 233280;
    const x = 5 + (s % 50);
    s = (s * 9301 + 49297) % 233280;
    const y = 6 + (s % 78);
    out += `<circle cx="${x}" cy="${y}" r="${1 + (i % 3)}" fill="#000" opacity=".13"/>`;
  }
  return out;
}

export function base(fill, seed = 1, stroke = "#1d140d") {
  return (
    `<rect x="2" y="2.5" width="${CW - 3}" height="${CH - 2.5}" rx="6" fill="#000" opacity=".4"/>` +
    `<rect x="1" y="1" width="${CW - 2}" height="${CH - 2}" rx="6" fill="${fill}" stroke="${stroke}" stroke-width="2"/>` +
    speckles(seed)
  );
}

export function tunnel(sides, dead) {
  const [cx, cy] = [CW / 2, CH / 2];
  let dark = "";
  let light = "";
  for (const side of sides) {
    const [x, y] = MID[side];
    const ex = dead ? x + (cx - x) * 0.55 : cx;
    const ey = dead ? y + (cy - y) * 0.42 : cy;
    dark += `<line x1="${x}" y1="${y}" x2="${ex}" y2="${ey}"/>`;
    light += `<line x1="${x}" y1="${y}" x2="${ex}" y2="${ey}"/>`;
  }
  let out =
    `<g stroke="#2a1b10" stroke-width="22" stroke-linecap="${dead ? "round" : "butt"}">${dark}</g>` +
    `<g stroke="#e9c98f" stroke-width="15" stroke-linecap="${dead ? "round" : "butt"}">${light}</g>`;
  if (!dead && sides.length) {
    out += `<circle cx="${cx}" cy="${cy}" r="11" fill="#2a1b10"/><circle cx="${cx}" cy="${cy}" r="7.5" fill="#e9c98f"/>`;
  }
  if (dead) {
    // rubble where the tunnels stop
    out +=
      `<g fill="#8b8176" stroke="#2a1b10" stroke-width="1.5">` +
      `<polygon points="22,40 30,34 37,40 34,48 25,48"/>` +
      `<polygon points="33,47 41,44 44,52 37,56"/>` +
      `<polygon points="17,48 25,47 27,55 19,56"/></g>`;
  }
  return out;
}

const ICONS = {
  pickaxe:
    `<line x1="-11" y1="13" x2="9" y2="-9" stroke="#7a4a22" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M-12 -4 Q2 -18 17 -1" fill="none" stroke="#c9ced6" stroke-width="5" stroke-linecap="round"/>`,
  lantern:
    `<path d="M-6 -13 Q0 -20 6 -13" fill="none" stroke="#c9ced6" stroke-width="2.5"/>` +
    `<rect x="-9" y="-12" width="18" height="4" rx="1.5" fill="#8d939c"/>` +
    `<rect x="-7.5" y="-8" width="15" height="17" rx="3" fill="#ffd36b" stroke="#8d939c" stroke-width="2.5"/>` +
    `<path d="M0 -4 Q4 1 0 5 Q-4 1 0 -4 Z" fill="#e8731f"/>` +
    `<rect x="-9" y="9" width="18" height="4" rx="1.5" fill="#8d939c"/>`,
  cart:
    `<path d="M-15 -8 L15 -8 L11 7 L-11 7 Z" fill="#9a6a3a" stroke="#c9ced6" stroke-width="2"/>` +
    `<path d="M-10 -8 L-6 -13 L-1 -9 L4 -14 L9 -8 Z" fill="#d9b23a"/>` +
    `<circle cx="-7" cy="10" r="4" fill="#444" stroke="#c9ced6" stroke-width="2"/>` +
    `<circle cx="7" cy="10" r="4" fill="#444" stroke="#c9ced6" stroke-width="2"/>`,
};

/** A tool icon centred on (x, y), about 32 units wide; broken adds a red cross, repaired a green tick. */
export function toolIcon(tool, x, y, scale = 1, mark = "") {
  let out = `<g transform="translate(${x} ${y}) scale(${scale})">${ICONS[tool] || ""}`;
  if (mark === "broken") {
    out += `<g stroke="#e23b2e" stroke-width="4" stroke-linecap="round"><line x1="-14" y1="-14" x2="14" y2="14"/><line x1="14" y1="-14" x2="-14" y2="14"/></g>`;
  } else if (mark === "repair") {
    out += `<circle cx="11" cy="11" r="7" fill="#2f8f4e" stroke="#fff" stroke-width="1.5"/><path d="M7 11 L10 14 L15 8" fill="none" stroke="#fff" stroke-width="2.2"/>`;
  }
  return `${out}</g>`;
}

function rockfallIcon() {
  return (
    `<g fill="#9c948a" stroke="#2a1b10" stroke-width="1.5">` +
    `<polygon points="18,26 28,20 36,27 32,37 21,36"/><polygon points="34,40 44,37 47,47 38,51"/>` +
    `<polygon points="14,46 23,43 26,53 16,55"/><polygon points="24,58 36,55 40,66 29,70 22,66"/></g>` +
    `<g stroke="#e9c98f" stroke-width="2" stroke-linecap="round" opacity=".8">` +
    `<line x1="12" y1="12" x2="16" y2="20"/><line x1="42" y1="14" x2="40" y2="24"/><line x1="48" y1="28" x2="46" y2="34"/></g>`
  );
}

function mapIcon() {
  return (
    `<path d="M12 24 L24 20 L36 24 L48 20 L48 66 L36 70 L24 66 L12 70 Z" fill="#ead8a8" stroke="#6b4f2a" stroke-width="2"/>` +
    `<path d="M18 60 Q26 50 24 42 T34 32" fill="none" stroke="#8a5a2b" stroke-width="2" stroke-dasharray="3 3"/>` +
    `<g stroke="#c0392b" stroke-width="3" stroke-linecap="round"><line x1="34" y1="26" x2="42" y2="34"/><line x1="42" y1="26" x2="34" y2="34"/></g>`
  );
}

export function nuggets() {
  return (
    `<g stroke="#7a5a00" stroke-width="1.2" transform="translate(30 47) scale(1.45) translate(-30 -48)">` +
    `<polygon points="20,44 28,36 37,40 38,50 27,53" fill="#ffd23f"/>` +
    `<polygon points="33,50 42,45 46,54 39,60" fill="#f4b400"/>` +
    `<polygon points="15,52 23,50 25,59 17,60" fill="#ffe27a"/>` +
    `<g fill="#fff" opacity=".85" stroke="none"><circle cx="27" cy="41" r="1.6"/><circle cx="41" cy="49" r="1.2"/></g></g>`
  );
}

export function stones() {
  return (
    `<g fill="#7d7f86" stroke="#2a2b30" stroke-width="1.5">` +
    `<polygon points="21,42 30,37 38,43 34,52 24,51"/><polygon points="33,51 41,48 44,56 36,59"/></g>`
  );
}

export function goalBack(seed) {
  return (
    base("#2c3342", seed, "#10131a") +
    `<rect x="7" y="7" width="${CW - 14}" height="${CH - 14}" rx="4" fill="none" stroke="#c8a24a" stroke-width="1.5" opacity=".7"/>` +
    `<path d="M30 26 L40 45 L30 64 L20 45 Z" fill="none" stroke="#c8a24a" stroke-width="2"/>` +
    `<text x="30" y="51" text-anchor="middle" font-size="17" font-weight="700" fill="#c8a24a">?</text>`
  );
}

/**
 * Markup of one card face in a CW × CH box at the origin.
 * `card` is a maze shape ("NSW", "xES", "start", "gold:NESW", "stone-ne:SW"), a goal back ("goal"),
 * a hand card ("NES", "break-lantern", "repair-pickaxe-cart", "rockfall", "map").
 */
export function cardMarkup(card, seed = 1) {
  if (card === "goal") return goalBack(seed);
  if (card === "start") {
    return (
      base("#3e5d5a", seed, "#16302d") +
      tunnel(sidesOf("NESW"), false) +
      `<g stroke="#7a4a22" stroke-width="2.5"><line x1="24" y1="33" x2="24" y2="57"/><line x1="36" y1="33" x2="36" y2="57"/>` +
      `<line x1="24" y1="38" x2="36" y2="38"/><line x1="24" y1="45" x2="36" y2="45"/><line x1="24" y1="52" x2="36" y2="52"/></g>`
    );
  }
  if (card.startsWith("gold")) {
    return base("#6b5318", seed, "#2d2206") + tunnel(sidesOf(card.includes(":") ? card : "NESW"), false) + nuggets();
  }
  if (card.startsWith("stone")) {
    const shape = card.includes(":") ? card : card === "stone-ne" ? "x:NE" : "x:NW";
    return base("#4a4b52", seed, "#1b1c20") + tunnel(sidesOf(shape), false) + stones();
  }
  if (card === "rockfall") return base("#4c4a50", seed, "#1b1a1f") + rockfallIcon();
  if (card === "map") return base("#2f4b66", seed, "#122233") + mapIcon();
  if (card.startsWith("break-")) {
    return base("#6e2b26", seed, "#2b0f0c") + toolIcon(card.slice(6), CW / 2, CH / 2, 1.25, "broken");
  }
  if (card.startsWith("repair-")) {
    const tools = card.slice(7).split("-");
    const bg = base("#2d5b3b", seed, "#0f2616");
    if (tools.length === 1) return bg + toolIcon(tools[0], CW / 2, CH / 2, 1.25, "repair");
    return (
      bg +
      toolIcon(tools[0], CW / 2, CH / 2 - 19, 0.95, "repair") +
      `<text x="30" y="50" text-anchor="middle" font-size="10" fill="#d9f2df">/</text>` +
      toolIcon(tools[1], CW / 2, CH / 2 + 21, 0.95, "repair")
    );
  }
  const dead = card.startsWith("x");
  return base(dead ? "#584331" : "#5d4530", seed) + tunnel(sidesOf(card), dead);
}

/** A stand-alone <svg> of one card (hand cards, menus): an image named `label`, or without one hidden
 * from screen readers (the button or menu that holds it names the card). */
export function cardSvg(card, label) {
  const svg = el("svg", { viewBox: `0 0 ${CW} ${CH}`, class: "card-art", ...(label ? { role: "img" } : { "aria-hidden": "true" }) });
  svg.append(...svgNodes(cardMarkup(card, 3)));
  if (label) {
    const title = el("title");
    title.textContent = label;
    svg.prepend(title);
  }
  return svg;
}

/** The dwarf picture for a role: a gold-digger with a yellow helmet, a saboteur hooded and masked. */
/** A role's picture: an image named `label`, or without one hidden from screen readers (its name
 * is written beside it). */
export function rolePicture(role, label = null) {
  const sab = role === "saboteur";
  const markup =
    `<circle cx="32" cy="32" r="31" fill="${sab ? "#3a1f2b" : "#2f4a3a"}"/>` +
    `<ellipse cx="32" cy="35" rx="14" ry="13" fill="#f0c09a"/>` +
    `<path d="M16 38 Q18 60 32 60 Q46 60 48 38 Q40 46 32 44 Q24 46 16 38 Z" fill="${sab ? "#2b2b2b" : "#c9c2b8"}"/>` +
    `<ellipse cx="32" cy="43" rx="5" ry="3.5" fill="#e0a07a"/>` +
    (sab
      ? `<path d="M13 30 Q32 4 51 30 L51 26 Q32 -2 13 26 Z" fill="#151515"/>` +
        `<path d="M14 27 Q32 8 50 27 L50 31 L14 31 Z" fill="#1f1f1f"/>` +
        `<rect x="17" y="31" width="30" height="7" rx="3" fill="#111"/>` +
        `<circle cx="26" cy="34.5" r="2" fill="#ff4a3d"/><circle cx="38" cy="34.5" r="2" fill="#ff4a3d"/>`
      : `<path d="M14 28 Q32 2 50 28 Z" fill="#f2c12e" stroke="#a07a10" stroke-width="1.5"/>` +
        `<rect x="12" y="26" width="40" height="5" rx="2.5" fill="#d9a41f"/>` +
        `<circle cx="32" cy="17" r="4.5" fill="#fff7c2" stroke="#a07a10" stroke-width="1.5"/>` +
        `<circle cx="26" cy="35" r="2" fill="#2a1b10"/><circle cx="38" cy="35" r="2" fill="#2a1b10"/>`);
  const svg = el("svg", { viewBox: "0 0 64 64", class: "role-pic", ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" }) });
  svg.append(...svgNodes(markup));
  return svg;
}

/** A small tool icon as its own <svg> (player list), named `label`. */
export function toolSvg(tool, mark = "broken", label = "") {
  const svg = el("svg", { viewBox: "-18 -18 36 36", class: "tool-icon", role: "img", "aria-label": label });
  svg.append(...svgNodes(toolIcon(tool, 0, 0, 0.95, mark)));
  return svg;
}
