// The Dark Cave's card art: every card as a small graph of fields (docs/rules.md, "Fields and
// steps") drawn from a board cell (its card, turn, sides and fields) or a shape's name; where each
// field lies on the card (side fields near their side, middle fields along their tunnel, the
// tunnel field between the curves, the exit behind the entry), the special symbols, the pieces on
// their fields and the webs on the edges. No DOM here: markup only.

import { CH, CW, base, goalBack } from "./cards.js";
import { escapeText } from "./board-art.js";

const ORDER = "NESW";
const MID = { N: [CW / 2, 0], E: [CW, CH / 2], S: [CW / 2, CH], W: [0, CH / 2] };
const CENTRE = [CW / 2, CH / 2];
/** Where a side field lies on a card. */
export const SIDE_SPOT = { N: [CW / 2, 12], E: [CW - 10, CH / 2], S: [CW / 2, CH - 12], W: [10, CH / 2] };
/** The clans' colours (public: the back of every clan card). */
export const CLAN_COLOURS = { yellow: "#f2c230", blue: "#3d7fe0" };
const CREATURE_COLOURS = { rat: "#9a9aa2", wyrm: "#5fae4a", goblin: "#b06a3a" };

/** A "NES"-like text turned `turn` quarter turns clockwise (letters kept in N, E, S, W order). */
export function rotateSides(sides, turn = 0) {
  const moved = [...(sides || "")].map((c) => {
    const i = ORDER.indexOf(c.toUpperCase());
    if (i < 0) return c;
    const to = ORDER[(i + turn) % 4];
    return c === c.toUpperCase() ? to : to.toLowerCase();
  });
  return moved.sort((a, b) => ORDER.indexOf(a.toUpperCase()) - ORDER.indexOf(b.toUpperCase())).join("");
}

/**
 * A card or shape name read: its group (0: start or goal), what is special on it, its open sides
 * as the name gives them and the side of a group II special field (a lower-case letter).
 */
export function parseShape(name) {
  const text = String(name ?? "");
  if (text === "start") return { group: 0, special: "ladder", sides: "NESW", mark: null };
  if (text.startsWith("goal-")) {
    const [, kind, letters] = text.split("-");
    return { group: 0, special: kind, sides: letters ?? "NESW", mark: null };
  }
  const [deck, ...rest] = text.split("-");
  const group = deck.length;
  const pattern = rest.pop() ?? "";
  if (pattern === "bridge" || pattern === "tunnel") return { group, special: pattern, sides: "NESW", mark: null };
  const mark = [...pattern].find((c) => c !== c.toUpperCase());
  return { group, special: rest[0] ?? null, sides: pattern.toUpperCase(), mark: mark ? mark.toUpperCase() : null };
}

/** Whether a hand card is a path card (deck I, II or III). */
export const isPathCard = (card) => /^I{1,3}-/.test(String(card ?? ""));

/** A path shape turned 180°: "II-hole-nS" -> "II-hole-Ns" (a bridge or the tunnel looks the same). */
export function turnedShape(shape) {
  if (!isPathCard(shape)) return shape;
  const parts = shape.split("-");
  const pattern = parts.pop();
  if (pattern === "bridge" || pattern === "tunnel") return shape;
  return [...parts, rotateSides(pattern, 2)].join("-");
}

/**
 * A shape's name as a board cell lying unturned: its sides, tunnel groups and fields (a group II
 * special field first, as the engine numbers the printed card).
 */
export function shapeCell(name) {
  const shape = parseShape(name);
  const sides = [...shape.sides];
  let fields;
  if (shape.group <= 1) fields = shape.special === "exit" ? [shape.sides, ""] : [shape.sides];
  else {
    fields = shape.mark ? [shape.mark, ...sides.filter((s) => s !== shape.mark)] : sides;
    if (shape.group === 3) fields = [...fields, ...Array(shape.special === "tunnel" ? 3 : shape.special === "bridge" ? 2 : 1).fill("")];
  }
  const links = shape.special === "bridge" ? ["NS", "EW"] : [shape.sides];
  return { card: name, turn: 0, sides: shape.sides, links, fields, face: "up" };
}

function middleSpot(joins, bridgeIndex) {
  if (bridgeIndex != null) return bridgeIndex === 0 ? [CW / 2, CH / 2 - 11] : [CW / 2, CH / 2 + 11];
  const sides = [...(joins || "")];
  if (sides.length === 2 && !["NS", "EW"].includes(sides.join(""))) {
    const [a, b] = sides.map((s) => MID[s]);
    return [(a[0] + b[0] + CENTRE[0]) / 3, (a[1] + b[1] + CENTRE[1]) / 3];
  }
  return [...CENTRE];
}

/**
 * The fields of a face-up cell, by number: {n, sides, spot: [x, y] on the card, joins (the sides a
 * middle field joins), special (hole, ladder, eagle, bridge, tunnel, exit or null)}.
 */
export function cellFields(cell) {
  const shape = parseShape(cell.card);
  const list = cell.fields ?? cell.links ?? [cell.sides];
  const turn = cell.turn ?? 0;
  let middle = 0;
  const out = list.map((sides, n) => {
    const field = { n, sides, spot: null, joins: sides, special: null };
    if (sides) {
      field.spot = sides.length === 1 && shape.group >= 2 ? [...SIDE_SPOT[sides]] : [...CENTRE];
      if (shape.special === "exit") field.spot = [CW / 2, CH / 2 - 10];
      return field;
    }
    if (shape.group === 0) {
      field.spot = [CW / 2, CH / 2 + 18];
      field.special = "exit";
      return field;
    }
    const k = middle++;
    if (shape.special === "tunnel") {
      field.joins = k < 2 ? rotateSides(["NE", "SW"][k], turn) : "";
      field.spot = k < 2 ? middleSpot(field.joins) : [...CENTRE];
    } else if (shape.special === "bridge") {
      field.joins = ["NS", "EW"][k] ?? "";
      field.spot = middleSpot(field.joins, k);
    } else {
      field.joins = cell.sides;
      field.spot = middleSpot(cell.sides);
    }
    return field;
  });
  const middles = out.filter((f) => !f.sides && f.special !== "exit");
  const kind = shape.special;
  if (kind === "bridge") {
    for (const f of out) if (f.sides === "N" || f.sides === "S") f.special = "bridge";
    if (middles[0]) middles[0].special = "bridge";
  } else if (kind === "tunnel") {
    middles[middles.length - 1].special = "tunnel";
  } else if (kind && kind !== "exit") {
    (shape.group === 3 ? middles[0] : out[0]).special = kind;
  }
  return out;
}

/** Where field `n` of a cell lies on its card ([x, y]; the centre if the cell has no such field). */
export function fieldSpot(cell, n) {
  return cellFields(cell)[n]?.spot ?? [...CENTRE];
}

/** Where a web on side `side` of a card lies (the middle of that edge). */
export function edgeSpot(side) {
  const [x, y] = MID[side] ?? MID.E;
  return [x, y];
}

function strokes(paths, under = false) {
  if (!paths.length) return "";
  const d = paths.map((pts) => `M${pts.map((p) => p.map((v) => v.toFixed(1)).join(" ")).join(" L")}`).join(" ");
  const light = under ? "#b89a66" : "#e9c98f";
  return (
    `<path d="${d}" fill="none" stroke="#2a1b10" stroke-width="17" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${light}" stroke-width="11" stroke-linejoin="round"/>`
  );
}

/** The tunnels of a cell as polylines: [{points, under, planks}] (a bridge's N-S tunnel over its E-W one). */
export function tunnelLines(cell, fields = cellFields(cell)) {
  const shape = parseShape(cell.card);
  const open = [...(cell.sides || "")];
  const lines = [];
  if (shape.group <= 1) {
    for (const s of open) lines.push({ points: [MID[s], CENTRE], under: false });
  } else if (shape.group === 2) {
    for (const group of cell.links ?? [cell.sides]) {
      const sides = [...group].filter((s) => open.includes(s));
      const bridge = shape.special === "bridge";
      const under = bridge && group === "EW";
      if (sides.length === 1) lines.push({ points: [MID[sides[0]], SIDE_SPOT[sides[0]]], under });
      else if (sides.length === 2 && ["NS", "EW"].includes(sides.join(""))) lines.push({ points: [MID[sides[0]], MID[sides[1]]], under, planks: bridge && !under });
      else for (const s of sides) lines.push({ points: [MID[s], CENTRE], under });
    }
  } else {
    for (const f of fields) {
      if (f.sides || f.special === "tunnel") continue;
      const under = shape.special === "bridge" && f.joins === "EW";
      const planks = shape.special === "bridge" && f.joins === "NS";
      for (const s of [...f.joins].filter((c) => open.includes(c))) lines.push({ points: [MID[s], f.spot], under, planks });
    }
  }
  return lines.sort((a, b) => Number(b.under) - Number(a.under));
}

function plankMarks(lines) {
  let out = "";
  for (const line of lines.filter((l) => l.planks)) {
    const [[x1, y1], [x2, y2]] = line.points;
    const steps = Math.max(2, Math.round(Math.hypot(x2 - x1, y2 - y1) / 7));
    for (let i = 1; i < steps; i += 1) {
      const [x, y] = [x1 + ((x2 - x1) * i) / steps, y1 + ((y2 - y1) * i) / steps];
      out += `<line x1="${(x - 7).toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + 7).toFixed(1)}" y2="${y.toFixed(1)}"/>`;
    }
  }
  return out ? `<g class="planks" stroke="#7a4a1c" stroke-width="2.5">${out}</g>` : "";
}

/** A special symbol at (x, y): dark hole, ladder, gold eagle, tunnel, exit (a bridge is its planks). */
export function specialMarkup(kind, x, y) {
  const at = `transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"`;
  if (kind === "hole") return `<g class="sym-hole" ${at}><ellipse rx="10" ry="7" fill="#050505" stroke="#5b4630" stroke-width="1.5"/></g>`;
  if (kind === "ladder") {
    return `<g class="sym-ladder" ${at} stroke="#6b3e14" stroke-width="2"><line x1="-5" y1="-10" x2="-5" y2="10"/><line x1="5" y1="-10" x2="5" y2="10"/><line x1="-5" y1="-5" x2="5" y2="-5"/><line x1="-5" y1="0" x2="5" y2="0"/><line x1="-5" y1="5" x2="5" y2="5"/></g>`;
  }
  if (kind === "eagle") return `<g class="sym-eagle" ${at}><path d="M-11 -1 Q-5 -8 0 -2 Q5 -8 11 -1 Q5 -3 0 4 Q-5 -3 -11 -1Z" fill="#c9a34a" stroke="#5b4110" stroke-width="1"/></g>`;
  if (kind === "tunnel") return `<g class="sym-tunnel" ${at}><circle r="8" fill="#111" stroke="#e9c98f" stroke-width="1.5" stroke-dasharray="3 2"/></g>`;
  if (kind === "exit") {
    return `<g class="sym-exit" ${at}><rect x="-8" y="-10" width="16" height="20" rx="7" fill="#fff3b0" stroke="#7a5a00" stroke-width="1.5"/><path d="M0 5 L0 -5 M-4 -1 L0 -5 L4 -1" stroke="#7a5a00" stroke-width="2" fill="none"/></g>`;
  }
  return "";
}

/** A face-up cell's card: rock, its tunnels, the special symbols and a spot for every field. */
export function cellArt(cell, seed = 1) {
  const fields = cellFields(cell);
  const shape = parseShape(cell.card);
  const fill = shape.group === 0 ? (cell.card === "start" ? "#3e5d5a" : "#4a3e5e") : ["#5d4530", "#574028", "#4d3823"][shape.group - 1];
  const lines = tunnelLines(cell, fields);
  let out = base(fill, seed);
  out += strokes(lines.filter((l) => l.under).map((l) => l.points), true);
  out += strokes(lines.filter((l) => !l.under).map((l) => l.points));
  out += plankMarks(lines);
  const middles = fields.filter((f) => !f.sides && f.special !== "exit" && f.special !== "tunnel");
  const tunnel = fields.find((f) => f.special === "tunnel");
  if (tunnel) {
    const d = middles.map((m) => `M${m.spot.join(" ")} L${tunnel.spot.join(" ")}`).join(" ");
    out += `<path d="${d}" stroke="#1a120b" stroke-width="6" stroke-dasharray="3 3" fill="none"/>`;
  }
  for (const f of fields) if (f.special && f.special !== "bridge") out += specialMarkup(f.special, ...f.spot);
  for (const f of fields) {
    out += `<circle class="field-spot" data-n="${f.n}" cx="${f.spot[0].toFixed(1)}" cy="${f.spot[1].toFixed(1)}" r="4.5" fill="#f7e7c4" fill-opacity="${f.special ? 0.15 : 0.6}" stroke="#2a1b10" stroke-width="1"/>`;
  }
  return out + deckMark(shape.group ?? 0);
}

/** A card's deck (group I, II or III) in its top left corner, as that many upright strokes: a mark
 * drawn, not words (the card's name says "deck III", so no visible text is left out of it). */
export function deckMark(group) {
  let out = "";
  for (let i = 0; i < group; i += 1) out += `<rect class="deck-mark" x="${5 + i * 3}" y="4" width="1.8" height="7" fill="#f3e6cc" opacity=".7"/>`;
  return out;
}

/** A face-down goal: its back; a goal the viewer looked at names what it is. */
export function goalBackArt(cell, seed = 1, name = "") {
  return goalBack(seed) + (cell.card ? `<text x="${CW / 2}" y="${CH - 8}" text-anchor="middle" font-size="8" font-weight="700" fill="#c8a24a">${escapeText(name || cell.card)}</text>` : "");
}

const ACTION_ICONS = {
  info: `<circle cx="-3" cy="-3" r="8" fill="#cfe6f5" fill-opacity=".4" stroke="#f3e6cc" stroke-width="3"/><line x1="3" y1="3" x2="11" y2="11" stroke="#f3e6cc" stroke-width="4" stroke-linecap="round"/>`,
  rockfall: `<g fill="#8d8f96" stroke="#2a2b30" stroke-width="1.5"><polygon points="-12,4 -4,-6 6,-2 5,9 -8,10"/><polygon points="4,-8 12,-4 11,5 4,3"/><polygon points="-6,-12 1,-14 3,-8 -4,-7"/></g>`,
  swap: `<g fill="none" stroke="#f3e6cc" stroke-width="3" stroke-linecap="round"><path d="M-10 -5 H9 M4 -10 L9 -5 L4 0"/><path d="M10 6 H-9 M-4 1 L-9 6 L-4 11"/></g>`,
  web: "",
  boots: `<path d="M-6 -13 H4 V3 L12 5 Q14 12 8 12 H-6 Z" fill="#8a5a2b" stroke="#2a1b10" stroke-width="1.5"/>`,
  axe: `<g stroke="#2a1b10" stroke-width="1.5"><rect x="-2" y="-13" width="4" height="27" fill="#8a5a2b"/><path d="M2 -12 Q14 -10 13 2 Q8 -3 2 -2 Z" fill="#c9ccd2"/><path d="M-2 -12 Q-14 -10 -13 2 Q-8 -3 -2 -2 Z" fill="#c9ccd2"/></g>`,
};

/** An action card's sign, centred at the origin (a creature card shows its creature). */
export function actionIcon(card) {
  if (card === "web") return webMarkup("", null, 1.3);
  if (card in CREATURE_COLOURS) return `<g transform="scale(1.7)">${creatureIcon(card)}</g>`;
  return ACTION_ICONS[card] ?? `<text y="6" text-anchor="middle" font-size="18" fill="#f3e6cc">?</text>`;
}

/** A hand card: a path card as it lies (by its shape's name), an action card with its sign. */
export function cardArt(card, seed = 3, label = "") {
  if (isPathCard(card) || card === "start" || String(card).startsWith("goal-")) return cellArt(shapeCell(card), seed);
  const text = escapeText(label || card);
  return (
    base("#3b3040", seed) +
    `<g transform="translate(${CW / 2} ${CH / 2 - 6})">${actionIcon(card)}</g>` +
    `<text x="${CW / 2}" y="${CH - 10}" text-anchor="middle" font-size="${text.length > 14 ? 5.5 : text.length > 9 ? 6.5 : 9}" font-weight="700" fill="#f3e6cc">${text}</text>`
  );
}

/** A creature's icon, centred at the origin. */
export function creatureIcon(kind) {
  const colour = CREATURE_COLOURS[kind] ?? "#888";
  if (kind === "rat") {
    return `<g class="creature-rat"><path d="M6 2 Q12 6 10 10" stroke="#5a5a60" stroke-width="1.5" fill="none"/><ellipse rx="7" ry="5" fill="${colour}" stroke="#1a120b" stroke-width="1.5"/><circle cx="-5" cy="-4" r="2.5" fill="${colour}" stroke="#1a120b"/><circle cx="-5" cy="-1" r="1" fill="#111"/></g>`;
  }
  if (kind === "wyrm") {
    return `<g class="creature-wyrm"><path d="M-9 4 Q-5 -6 0 0 Q5 6 9 -4" stroke="#1a120b" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M-9 4 Q-5 -6 0 0 Q5 6 9 -4" stroke="${colour}" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="9" cy="-4" r="1" fill="#111"/></g>`;
  }
  return `<g class="creature-goblin"><path d="M-9 -6 L-5 -2 M9 -6 L5 -2" stroke="#1a120b" stroke-width="3"/><circle r="6.5" fill="${colour}" stroke="#1a120b" stroke-width="1.5"/><circle cx="-2.5" cy="-1" r="1.2" fill="#ff4"/><circle cx="2.5" cy="-1" r="1.2" fill="#ff4"/></g>`;
}

/** A dwarf in its clan's colour with its seat's initial; a lying dwarf is drawn lying. */
export function dwarfIcon(clan, initial, lying = false) {
  const colour = CLAN_COLOURS[clan] ?? "#d9d2c5";
  const text = escapeText(String(initial || "?").slice(0, 1).toUpperCase());
  const body = lying
    ? `<ellipse rx="10" ry="5.5" fill="${colour}" stroke="#1a120b" stroke-width="1.5"/>`
    : `<circle r="7.5" fill="${colour}" stroke="#1a120b" stroke-width="1.5"/>`;
  return `<g class="dwarf${lying ? " lying" : ""}">${body}<text y="3" text-anchor="middle" font-size="${lying ? 7 : 9}" font-weight="700" fill="#1a120b">${text}</text></g>`;
}

/** A piece of eagle gold. */
export const GOLD_ICON = `<polygon class="gold-piece" points="-5,2 -2,-4 4,-3 6,2 0,5" fill="#ffd23f" stroke="#7a5a00" stroke-width="1.2"/>`;

/**
 * The pieces of a view's board grouped by field: [{x, y, field, pieces}], each piece with its
 * offset on the field (several dwarfs and creatures side by side; gold below them).
 */
export function piecesByField(pieces) {
  const groups = new Map();
  for (const piece of pieces || []) {
    const spot = `${piece.x},${piece.y}.${piece.field ?? 0}`;
    if (!groups.has(spot)) groups.set(spot, { x: piece.x, y: piece.y, field: piece.field ?? 0, pieces: [] });
    groups.get(spot).pieces.push(piece);
  }
  for (const group of groups.values()) {
    const standing = group.pieces.filter((p) => p.kind !== "gold");
    const step = standing.length > 3 ? 9 : 13;
    standing.forEach((p, i) => (p.dx = (i - (standing.length - 1) / 2) * step));
    for (const p of group.pieces) if (p.kind === "gold") p.dx = 0;
  }
  return [...groups.values()];
}

/** A web on side `side` of a card's box (at the origin if no side), showing its number (2 or 1). */
export function webMarkup(side, shows, scale = 1) {
  const [x, y] = side ? edgeSpot(side) : [0, 0];
  let spokes = "";
  for (let a = 0; a < 6; a += 1) {
    const r = (a * Math.PI) / 3;
    spokes += `<line x2="${(9 * Math.cos(r)).toFixed(1)}" y2="${(9 * Math.sin(r)).toFixed(1)}"/>`;
  }
  return (
    `<g class="web" transform="translate(${x} ${y}) scale(${scale})"><circle r="9" fill="#e8e8f0" fill-opacity=".85" stroke="#1a120b" stroke-width="1.2"/>` +
    `<g stroke="#6a6a7a" stroke-width=".8">${spokes}</g><circle r="4.5" fill="none" stroke="#6a6a7a" stroke-width=".8"/>` +
    (shows ? `<text y="3.5" text-anchor="middle" font-size="10" font-weight="800" fill="#1a120b">${escapeText(shows)}</text>` : "") +
    "</g>"
  );
}
